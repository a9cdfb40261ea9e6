"""A season's money for the club's own people."""

from django.shortcuts import render

from ..models import Season
from ..permissions import club_for_members
from ..stats.money import season_money
from ..stats.periods import current_season


def season_money_page(request, slug):
    access = club_for_members(request, slug)
    seasons = list(Season.objects.filter(club=access.club))
    chosen = next((s for s in seasons if str(s.pk) == request.GET.get("season")), None)
    season = chosen or current_season(access.club)
    money = season_money(access.club, season.starts_on if season else None, season.ends_on if season else None)
    return render(request, "league/money/season.html", {
        "access": access, "club": access.club, "season": season, "seasons": seasons, "money": money,
        "nav": "money",
    })
