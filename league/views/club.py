"""A club's own page: recent meetings and what the visitor may do."""

from django.shortcuts import render

from ..models import Meeting
from ..permissions import club_access


def club_page(request, slug):
    access = club_access(request, slug)
    meetings = Meeting.objects.filter(club=access.club).latest_first().select_related("rule_set")[:20]
    return render(request, "league/club.html", {"access": access, "club": access.club, "meetings": meetings})
