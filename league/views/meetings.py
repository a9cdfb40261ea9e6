"""A meeting (開催日): its games by round and table; closing and reopening it."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models import Game, Meeting
from ..permissions import club_access, club_for_secretary
from ..services.meetings import set_closed


def meeting_detail(request, slug, meeting_id):
    access = club_access(request, slug)
    meeting = get_object_or_404(Meeting.objects.select_related("rule_set"), pk=meeting_id, club=access.club)
    games = Game.objects.filter(meeting=meeting).prefetch_related("seats__member").order_by("round", "table")
    return render(request, "league/meetings/detail.html",
                  {"access": access, "club": access.club, "meeting": meeting, "games": games})


@require_POST
def close_meeting(request, slug, meeting_id):
    return _set_closed(request, slug, meeting_id, True, _("Meeting closed. Its games are locked."))


@require_POST
def reopen_meeting(request, slug, meeting_id):
    return _set_closed(request, slug, meeting_id, False, _("Meeting reopened. Its games can be corrected."))


def _set_closed(request, slug, meeting_id, closed, done):
    access = club_for_secretary(request, slug)
    meeting = get_object_or_404(Meeting, pk=meeting_id, club=access.club)
    set_closed(meeting, closed)
    messages.success(request, done)
    return redirect("meeting_detail", slug=slug, meeting_id=meeting.pk)
