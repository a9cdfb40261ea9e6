from django.shortcuts import render

from ..models import Club


def club_list(request):
    """The home page: the clubs this visitor may read, with their rule sets and the version in force."""
    clubs = Club.objects.visible_to(request.user).with_rule_sets()
    return render(request, "league/home.html", {"clubs": clubs})
