"""After an import: what it brought in (its own page), and undoing it in one step."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from ..forms.import_batches import UndoImportForm
from ..imports.summary import batch_summary
from ..imports.undo import undo_import
from ..models.imports import ImportBatch
from ..page_tables.base import configure
from ..page_tables.imports import ImportedMeetingsTable
from ..services.refusals import Refused
from ..web.permissions import club_for_secretary


@require_GET
def import_batch(request, slug, batch_id):
    """The seasons, meetings, games and members an import brought in, with the button to undo it."""
    access = club_for_secretary(request, slug)
    batch = _batch(access, batch_id)
    return _page(request, access, batch, UndoImportForm())


@require_POST
def undo_import_batch(request, slug, batch_id):
    access = club_for_secretary(request, slug)
    batch = _batch(access, batch_id)
    form = UndoImportForm(request.POST)
    if not form.is_valid():
        return _page(request, access, batch, form, status=400)
    try:
        undo_import(batch, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return _page(request, access, batch, form, status=409)
    messages.success(
        request, _("The import was undone: its games, and the meetings and members it created, were removed.")
    )
    return redirect("import_batch", slug=slug, batch_id=batch.pk)


def _batch(access, batch_id):
    return get_object_or_404(
        ImportBatch.objects.select_related("rule_set", "created_by", "undone_by"), pk=batch_id, club=access.club
    )


def _page(request, access, batch, form, status=200):
    summary = batch_summary(batch)
    table = ImportedMeetingsTable(summary.meetings, with_day_totals=bool(batch.day_totals))
    if download := configure(request, table):
        return download
    return render(
        request,
        "league/imports/batch.html",
        {
            "access": access,
            "club": access.club,
            "batch": batch,
            "summary": summary,
            "form": form,
            "meetings_table": table,
        },
        status=status,
    )
