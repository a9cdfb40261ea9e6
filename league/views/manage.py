"""The owner's pages."""

from django.shortcuts import render

from ..permissions import club_for_owner


def overview(request, slug):
    access = club_for_owner(request, slug)
    return render(request, "league/manage/overview.html", {"access": access, "club": access.club})
