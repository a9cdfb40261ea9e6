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


ALL_GAMES = "all"  # a season choice meaning every game, whatever the season


def pick_season(club, seasons, chosen):
    """The season a choice names among ``seasons`` (its id as text), None for ALL_GAMES, else the current one.

    An id that is not among ``seasons`` raises StopIteration: forms check their choices first.
    """
    if chosen == ALL_GAMES:
        return None
    if chosen:
        return next(s for s in seasons if str(s.pk) == chosen)
    season = current_season(club)
    return next((s for s in seasons if season and s.pk == season.pk), None)


def pick_rule_set(club, rule_sets, chosen):
    """The rule set a choice names among ``rule_sets`` (its slug), else the main one.

    Returns the instance from ``rule_sets`` (prefetched versions included), so reading its rules costs no query.
    """
    if chosen:
        return next(r for r in rule_sets if r.slug == chosen)
    if len(rule_sets) <= 1:
        return rule_sets[0] if rule_sets else None
    main = main_rule_set(club)
    return next(r for r in rule_sets if r.pk == main.pk)
