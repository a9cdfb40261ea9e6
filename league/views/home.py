from django.shortcuts import render

from ..models import Club


def club_list(request):
    """The home page: every club with its rule sets and the version in force."""
    clubs = Club.objects.with_rule_sets()
    return render(request, "league/home.html", {"clubs": clubs})
