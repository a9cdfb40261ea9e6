"""Adjustments (調整): signed manual entries of points, kept by the owner and the secretaries."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.people import AdjustmentForm
from ..models import Adjustment
from ..permissions import club_for_secretary
from ..services import people
from .manage_people import bound, form_page, saved_from


def adjustments(request, slug):
    access = club_for_secretary(request, slug)
    return render(request, "league/manage/adjustments.html", {
        "access": access, "club": access.club, "adjustments": people.adjustments_of(access.club),
    })


def add_adjustment(request, slug):
    access = club_for_secretary(request, slug)
    form = AdjustmentForm(bound(request), club=access.club)
    adjustment = saved_from(request, form, lambda data: people.add_adjustment(access.club, request.user, **data))
    if adjustment is not None:
        messages.success(request, _("Adjustment for %(member)s saved.") % {"member": adjustment.member.name})
        return redirect("adjustments", slug=slug)
    return form_page(request, "league/manage/adjustment_form.html", access, form)


@require_POST
def delete_adjustment(request, slug, adjustment_id):
    access = club_for_secretary(request, slug)
    adjustment = get_object_or_404(Adjustment.objects.select_related("member"), pk=adjustment_id, club=access.club)
    people.delete_adjustment(adjustment)
    messages.success(request, _("Adjustment for %(member)s deleted.") % {"member": adjustment.member.name})
    return redirect("adjustments", slug=slug)
