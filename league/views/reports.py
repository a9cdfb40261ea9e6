"""Results reported by players: a seated player sends their table's result; a secretary turns one down.

Confirming a report is the entry page's work (``enter_game`` with ``report``), where the secretary sees
the report in the entry form and saves it as it is or corrected.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.report_entry import ReportForm
from ..models.draws import ReportedResult
from ..models.games import YAKUMAN_NAMES
from ..models.meetings import Meeting
from ..page_tables.entry_preview import preview_table
from ..services.refusals import Refused
from ..services.reports import ReportRefused, report_result, table_to_report, turn_down
from ..web.permissions import club_for_members, club_for_secretary
from .confirmation import confirmation_page, confirmed
from .game_form import game_form_for, render_preview


def _meeting(access, meeting_id):
    return get_object_or_404(Meeting.objects.select_related("rule_set", "club"), pk=meeting_id, club=access.club)


def _refused(request, access, meeting, refusal):
    return render(
        request,
        "league/reports/refused.html",
        {"access": access, "club": access.club, "meeting": meeting, "message": refusal.message},
        status=refusal.status,
    )


def report_table(request, slug, meeting_id, round_number, table):
    """A player's phone: their table's names fixed in their seats, the scores to type, sent to the secretary."""
    access = club_for_members(request, slug)
    meeting = _meeting(access, meeting_id)
    try:
        drawn = table_to_report(meeting, round_number, table, request.user)
    except ReportRefused as refusal:
        return _refused(request, access, meeting, refusal)
    form = game_form_for(
        meeting, request.POST if request.method == "POST" else None, form_class=ReportForm, drawn=drawn
    )
    if request.method == "POST" and form.is_valid() and request.POST.get("action") == "save":
        try:
            report_result(meeting, round_number, table, form.sheet(), request.user)
        except ReportRefused as refusal:
            return _refused(request, access, meeting, refusal)
        messages.success(
            request,
            _("Sent to the secretary: round %(round)s, table %(table)s. It counts once the secretary confirms it.")
            % {"round": round_number, "table": table},
        )
        return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)
    return render(
        request,
        "league/reports/report.html",
        {
            "access": access,
            "club": access.club,
            "meeting": meeting,
            "form": form,
            "drawn": drawn,
            "preview_table": preview_table(form),
            "yakuman_names": YAKUMAN_NAMES,
            "preview_url": reverse("preview_report", args=[slug, meeting.pk, round_number, table]),
        },
        status=400 if form.is_bound and not form.is_valid() else 200,
    )


@require_POST
def preview_report(request, slug, meeting_id, round_number, table):
    """The live preview of a player's report: the points the rules give, or why they cannot yet."""
    access = club_for_members(request, slug)
    meeting = _meeting(access, meeting_id)
    try:
        drawn = table_to_report(meeting, round_number, table, request.user)
    except ReportRefused as refusal:
        return _refused(request, access, meeting, refusal)
    form = game_form_for(meeting, request.POST, form_class=ReportForm, drawn=drawn)
    form.is_valid()
    return render_preview(request, form)


def turn_down_report(request, slug, meeting_id, report_id):
    """The secretary does not take a player's report (asked first: it cannot be confirmed afterwards)."""
    access = club_for_secretary(request, slug)
    meeting = _meeting(access, meeting_id)
    report = get_object_or_404(ReportedResult, pk=report_id, meeting=meeting)
    where = {"round": report.round, "table": report.table}
    if not confirmed(request):
        return confirmation_page(
            request,
            access,
            title=_("Turn down the report"),
            consequences=[
                _(
                    "The report of round %(round)s, table %(table)s will not count and can no longer be "
                    "confirmed; it stays in the meeting's history."
                )
                % where
            ],
            button=_("Turn it down"),
            cancel_url=reverse("meeting_detail", args=[slug, meeting.pk]),
        )
    try:
        turn_down(report)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Turned down: the report of round %(round)s, table %(table)s.") % where)
    return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)
