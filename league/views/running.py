"""Running standings (途中経過): rank movement at the latest meeting and points meeting by meeting."""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from ..models import RuleSet, Season
from ..permissions import club_access
from ..stats.periods import current_season, main_rule_set, season_period
from ..stats.running import running_standings as running_standings_of


def running_standings(request, slug):
    access = club_access(request, slug)
    club = access.club
    seasons = list(Season.objects.filter(club=club).order_by("-starts_on"))
    rule_sets = list(RuleSet.objects.filter(club=club).with_versions())
    season = _chosen(seasons, request.GET.get("season"), "pk", _("There is no such season in this club."))
    if season is None and not request.GET.get("season"):
        season = current_season(club)
    rule_set = _chosen(rule_sets, request.GET.get("rule_set"), "slug", _("There is no such rule set in this club."))
    if rule_set is None and rule_sets:
        main = main_rule_set(club)
        rule_set = next(r for r in rule_sets if r.pk == main.pk)
    running = running_standings_of(season_period(rule_set, season)) if rule_set else None
    return render(request, "league/running.html", {
        "access": access, "club": club, "nav": "running", "seasons": seasons, "season": season,
        "rule_sets": rule_sets, "rule_set": rule_set, "running": running,
    })


def _chosen(options, value, attribute, refusal):
    """The option whose ``attribute`` is ``value`` (as text); None when no value was given; 404 if none matches."""
    if not value:
        return None
    for option in options:
        if str(getattr(option, attribute)) == value:
            return option
    raise Http404(refusal)
