"""Adjustments (調整): signed manual entries of points, kept by the owner and the secretaries."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.people import AdjustmentForm
from ..models.games import Adjustment
from ..page_tables.base import configure
from ..page_tables.manage import AdjustmentsTable, adjustment_rows
from ..services import people
from ..text.formatting import format_date, format_points
from ..web.permissions import club_for_secretary
from .confirmation import confirmation_page, confirmed
from .manage_people import bound, form_page, saved_from


def adjustments(request, slug):
    access = club_for_secretary(request, slug)
    adjustments = list(people.adjustments_of(access.club))
    table = AdjustmentsTable(adjustment_rows(adjustments))
    configure(request, table)  # the secretaries' page: sorted from the address, never a download
    return render(
        request,
        "league/manage/adjustments.html",
        {
            "access": access,
            "club": access.club,
            "adjustments": adjustments,
            "table": table,
        },
    )


def add_adjustment(request, slug):
    access = club_for_secretary(request, slug)
    form = AdjustmentForm(bound(request), club=access.club)
    adjustment = saved_from(request, form, lambda data: people.add_adjustment(access.club, request.user, **data))
    if adjustment is not None:
        messages.success(request, _("Adjustment for %(member)s saved.") % {"member": adjustment.member.name})
        return redirect("adjustments", slug=slug)
    return form_page(request, "league/manage/adjustment_form.html", access, form)


def delete_adjustment(request, slug, adjustment_id):
    """Deleting asks first (GET, or a POST without the confirmation); the activity page keeps what it was."""
    access = club_for_secretary(request, slug)
    adjustment = get_object_or_404(
        Adjustment.objects.select_related("member", "rule_set"), pk=adjustment_id, club=access.club
    )
    if not confirmed(request):
        return confirmation_page(
            request,
            access,
            title=_("Delete this adjustment?"),
            consequences=[
                _(
                    "The adjustment of %(points)s for %(member)s on %(date)s (%(reason)s) will be deleted: it leaves "
                    "the standings of %(rule_set)s."
                )
                % {
                    "points": format_points(adjustment.points),
                    "member": adjustment.member.name,
                    "date": format_date(adjustment.date),
                    "reason": adjustment.reason,
                    "rule_set": adjustment.rule_set.name,
                },
                _("The club's activity page keeps what it was and who deleted it; to undo, add it again."),
            ],
            button=_("Delete the adjustment"),
            cancel_url=reverse("adjustments", args=[slug]),
            section=(_("Adjustments"), "adjustments"),
        )
    people.delete_adjustment(adjustment, request.user)
    messages.success(request, _("Adjustment for %(member)s deleted.") % {"member": adjustment.member.name})
    return redirect("adjustments", slug=slug)
