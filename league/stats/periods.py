"""Which games a page is about (対象期間): a season or every game, one rule set or all of them, between two days.

The one place that says what the defaults are (the season in force, the rule
set with the most games) and what "all games" means (open days, no minimum of
games).  The forms that read a visitor's choice (``league.forms.period_choice``)
and the season workbook (``league.exports.choice``) build on it.
"""

from dataclasses import dataclass

from django.db.models import Count
from django.utils import timezone

from ..models.games import Game
from ..models.seasons import ALL_GAMES, Season
from .standings import Period


def current_season(club, day=None):
    """The season covering ``day`` (today by default), else the latest that has started, else None."""
    day = day or timezone.localdate()
    seasons = Season.objects.filter(club=club)
    return seasons.covering(day).first() or seasons.filter(starts_on__lte=day).order_by("-starts_on").first()


def main_rule_set(club, rule_sets=None):
    """The rule set shown first: the one with the most games (ties: the first listed); ``rule_sets`` are the
    club's in their order when the caller has read them.

    A club of one rule set is not counted: counting a big club's 20,000 games took its front page 15 ms.  The
    games are counted by rule set id alone, not grouped by every column of the rule set.
    """
    if rule_sets is None:
        rule_sets = list(club.rule_sets.order_by("position", "id"))
    if len(rule_sets) <= 1:
        return rule_sets[0] if rule_sets else None
    played = dict(
        Game.objects.filter(meeting__rule_set__in=rule_sets, void=False)
        .values("meeting__rule_set")
        .annotate(games=Count("id"))
        .values_list("meeting__rule_set", "games")
        .order_by()
    )
    return max(rule_sets, key=lambda rule_set: played.get(rule_set.pk, 0))  # the first of equal ones


def season_days(season):
    """(first day, last day, games to be ranked) of ``season``; every game (None): open days and no minimum."""
    if season is None:
        return None, None, 0
    return season.starts_on, season.ends_on, season.min_games


def season_period(rule_set, season):
    """The standings period of ``season`` for ``rule_set`` (the whole history when there is no season)."""
    first_day, last_day, min_games = season_days(season)
    return Period(rule_set=rule_set, first_day=first_day, last_day=last_day, min_games=min_games)


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
    return main_rule_set(club, rule_sets)


@dataclass(frozen=True)
class PeriodChoice:
    """What a page covers: a season of a club (None: every game), its rule sets, and the days and minimum used.

    ``rule_sets`` holds the one rule set chosen (none when the club has no rule
    set yet), or every rule set of the club when ``all_rule_sets`` (the season
    workbook); they come with their versions prefetched.  ``first_day``,
    ``last_day`` and ``min_games`` are the season's unless the visitor replaced
    them; use ``of`` to fill them in.
    """

    club: object
    rule_sets: tuple
    season: object = None
    first_day: object = None
    last_day: object = None
    min_games: int = 0
    custom_dates: bool = False  # from/to replaced a season day
    all_rule_sets: bool = False

    @classmethod
    def of(cls, club, rule_sets, season, first_day=None, last_day=None, min_games=None, all_rule_sets=False):
        """The choice of ``season`` (None: every game); given days and minimum replace the season's own."""
        season_first, season_last, season_min = season_days(season)
        return cls(
            club=club,
            rule_sets=tuple(rule_sets),
            season=season,
            first_day=first_day or season_first,
            last_day=last_day or season_last,
            min_games=season_min if min_games is None else min_games,
            custom_dates=bool(first_day or last_day),
            all_rule_sets=all_rule_sets,
        )

    @property
    def rule_set(self):
        """The one rule set chosen; None when the club has none (or several are exported)."""
        return self.rule_sets[0] if len(self.rule_sets) == 1 else None

    @property
    def period(self):
        """The standings period of the rule set chosen; None when the club has no rule set yet."""
        return self._period(self.rule_set) if self.rule_set else None

    def periods(self):
        """One standings period per rule set: points of different rule sets are never added together."""
        return [self._period(rule_set) for rule_set in self.rule_sets]

    def _period(self, rule_set):
        return Period(rule_set=rule_set, first_day=self.first_day, last_day=self.last_day, min_games=self.min_games)

    def query(self):
        """The parameters that ask for exactly this choice (for links: the JSON, the downloads, another page)."""
        query = {
            "season": str(self.season.pk) if self.season else ALL_GAMES,
            "rule_set": self.rule_set.slug if self.rule_set and not self.all_rule_sets else "",
        }
        if self.custom_dates:
            query.update(
                {
                    "from": self.first_day.isoformat() if self.first_day else "",
                    "to": self.last_day.isoformat() if self.last_day else "",
                }
            )
        query["min_games"] = str(self.min_games)
        return query
