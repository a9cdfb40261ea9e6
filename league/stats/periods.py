"""Which games a page is about: the season in force, or the dates the visitor chose."""

from django.utils import timezone

from ..models import Season
from .standings import Period


def current_season(club, day=None):
    """The season covering ``day`` (today by default), else the latest that has started, else None."""
    day = day or timezone.localdate()
    seasons = Season.objects.filter(club=club)
    return seasons.covering(day).first() or seasons.filter(starts_on__lte=day).order_by("-starts_on").first()


def main_rule_set(club):
    """The rule set shown first: the one with the most games (ties: the first listed)."""
    from django.db.models import Count, Q

    return (club.rule_sets.annotate(played=Count("meetings__games", filter=Q(meetings__games__void=False)))
            .order_by("-played", "position", "id").first())


def season_period(rule_set, season):
    """The standings period of ``season`` for ``rule_set`` (the whole history when there is no season)."""
    if season is None:
        return Period(rule_set=rule_set)
    return Period(rule_set=rule_set, first_day=season.starts_on, last_day=season.ends_on,
                  min_games=season.min_games)
