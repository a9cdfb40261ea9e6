"""Season standings (成績表): one SQL aggregate over the stored month rows and meeting lines, one over day totals,
one over adjustments.

A meeting line (``MeetingLine``) is a member's figures for one meeting day,
kept equal to that day's counted seats by every write (docs/performance.md,
"Stored aggregates"), and a month row (``MemberMonthRecord``) the sum of a
member's lines of one month: the standings add up the period's whole months
and the lines of the days at its edges (``line_sums``) instead of every seat of
every game.

Day totals (日計, a day's points over N hanchan with the games unknown) add
their points and their hanchan to ``games``; every figure that needs places
or scores counts only the games that have them (``placed_games``).

Ranking order (documented in docs/standings.md): points (with adjustments)
highest first, then average place lowest, then more first places, then the
best single game, then the reading (kana; none last).  Members with fewer games than the
period's minimum are listed apart, unranked; so are guests (ゲスト), unless the
club ranks guests (``Club.rank_guests``).
"""

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.db.models import Aggregate, Case, Count, Max, Min, Q, QuerySet, Sum, Value, When, prefetch_related_objects
from django.utils import timezone

import scoring

from ..models.day_totals import DayTotalLine
from ..models.games import Adjustment, GameSeat
from ..models.meeting_lines import MeetingLine
from ..models.people import Member, reading_order
from ..models.record_lines import MemberMonthRecord

# A line's figures that add up over meeting days; the win points' counts (scoring.MARU_KINDS: マルA/B/C, ダブルマルA)
# only when shown.
SUMMED = ("games", "game_points", "busts", "chips", "chip_points", "shugi", "score_sum", "scored_games")
TENTH = Decimal("0.1")
HUNDREDTH = Decimal("0.01")


# A period's meeting lines summed by member (``line_sums``), read from what does not grow with the club's history.
#
# A period (a rule set, a first and a last day, either open) holds whole calendar
# months and, at its edges, parts of months.  The whole months are summed from
# the records' month rows (``MemberMonthRecord``, each the sum of a member's
# lines of that month, kept by the writers with the lines), the parts from the
# meeting lines of those days: over every season some 2,000 month rows and the
# lines of two months at most, not the 35,000 lines of 80,000 games.  A split day
# (the standings before a day and with it) cuts its month, which is then read by
# its lines too.  The sums are the lines' own: counts and sums added, the best the
# highest, the worst the lowest, the latest day played the latest.

# Figures not added up, each ``(from the lines, from the month rows)``; every other figure is a column of both, added.
OTHER_FIGURES = {
    "best": (Max("best"), Max("best")),
    "worst": (Min("worst"), Min("worst")),
    "last_played": (Max("meeting__date"), Max("last_played")),
    "days": (Count("pk"), Sum("days")),  # meeting days played: a line each
}


def first_of_next_month(day: datetime.date) -> datetime.date:
    return (day.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)


def line_sums(
    rule_set,
    first_day: datetime.date | None,
    last_day: datetime.date | None,
    figures: Sequence[str],
    split: datetime.date | None = None,
    more: Iterable[QuerySet] = (),
) -> QuerySet:
    """Rows ``{"member", "early", *figures}``: the meeting lines of ``rule_set`` from ``first_day`` to ``last_day``
    (both included, either open) summed by member, and with ``split`` by whether they fall before it (``early``;
    always True without it); a member may have a row from the month rows and one from the lines on each side
    (one query: a union).  ``more``: further rows of the lines' shape (``lines_summed``), added to the union."""
    whole_from = first_day if first_day is None or first_day.day == 1 else first_of_next_month(first_day)
    whole_until = None if last_day is None else (last_day + datetime.timedelta(days=1)).replace(day=1)
    cut = split.replace(day=1) if split and split.day != 1 else None
    months = MemberMonthRecord.objects.filter(rule_set=rule_set)
    edges = []  # the days of the months not wholly in the period, or cut by the split
    if whole_from:
        months = months.filter(month__gte=whole_from)
        edges.append(Q(meeting__date__lt=whole_from))
    if whole_until:
        months = months.filter(month__lt=whole_until)
        edges.append(Q(meeting__date__gte=whole_until))
    if cut:
        months = months.exclude(month=cut)
        edges.append(Q(meeting__date__gte=cut, meeting__date__lt=first_of_next_month(cut)))
    aggregates = {name: OTHER_FIGURES.get(name, (Sum(name), Sum(name)))[1] for name in figures}
    parts = [_grouped(months, "month", split, aggregates)]
    if edges:
        lines = MeetingLine.objects.for_rule_set(rule_set).between(first_day, last_day)
        parts.append(lines_summed(lines.filter(_any(edges)), figures, split))
    parts += more
    return parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]


def lines_summed(lines: QuerySet, figures: Sequence[str], split: datetime.date | None = None) -> QuerySet:
    """``lines`` (meeting lines) summed by member, as ``line_sums`` gives its rows."""
    return _grouped(
        lines, "meeting__date", split, {name: OTHER_FIGURES.get(name, (Sum(name), Sum(name)))[0] for name in figures}
    )


def by_member(rows: QuerySet, date: str, split: datetime.date | None) -> QuerySet:
    """``rows`` grouped by member, and by whether ``date`` falls before ``split`` (``early``; True without split)."""
    early = Case(When(**{f"{date}__lt": split}, then=Value(True)), default=Value(False)) if split else Value(True)
    return rows.annotate(early=early).values("member", "early")


def _grouped(rows: QuerySet, date: str, split: datetime.date | None, aggregates: dict[str, Aggregate]) -> QuerySet:
    return by_member(rows, date, split).annotate(**aggregates).order_by()


def _any(conditions: list[Q]) -> Q:
    found = conditions[0]
    for condition in conditions[1:]:
        found |= condition
    return found


@dataclass(frozen=True)
class Period:
    """What a standings table covers: one rule set of a club, between two days (either may be open)."""

    rule_set: object
    first_day: object = None
    last_day: object = None
    min_games: int = 0

    @property
    def club(self):
        return self.rule_set.club


@dataclass
class Line:
    """One member's row.  Points are integer tenths; rates are percentages as Decimals."""

    member: Member
    games: int = 0  # hanchan played: the games' seats, and the hanchan of day totals (日計)
    game_points: int = 0  # sum of the games' totals
    day_points: int = 0  # sum of the day totals' points
    day_total_games: int = 0  # hanchan known only from day totals: no place, no score
    adjustments: int = 0
    places: list = field(default_factory=list)  # count of 1st, 2nd, …
    busts: int = 0
    chips: int = 0
    chip_points: int = 0
    shugi: int = 0
    best: int | None = None
    worst: int | None = None
    score_sum: int = 0
    scored_games: int = 0  # games with raw scores: not points-only (点数なし); average score and busts count these
    maru: dict = field(default_factory=dict)  # win points: games topped as マルA/B/C and ダブルマルA
    last_played: object = None  # the day of the member's latest game in the period
    rank: int | None = None

    @property
    def points(self):
        return self.game_points + self.day_points + self.adjustments

    @property
    def placed_games(self):
        """Games with a place (not day totals): places, their rates and the average place count these."""
        return self.games - self.day_total_games

    @property
    def per_game(self):
        """Points per game, as a Decimal of points with one place."""
        if not self.games:
            return None
        return (Decimal(self.points) / self.games / 10).quantize(TENTH, ROUND_HALF_UP)

    @property
    def exact_average_place(self):
        """Σ place ÷ placed games as an exact fraction: what the ranking compares (not the rounded figure)."""
        if not self.placed_games:
            return None
        return Fraction(sum(place * count for place, count in enumerate(self.places, start=1)), self.placed_games)

    @property
    def average_place(self):
        exact = self.exact_average_place
        if exact is None:
            return None
        return (Decimal(exact.numerator) / exact.denominator).quantize(HUNDREDTH, ROUND_HALF_UP)

    def rate(self, count):
        """``count`` over the games with a place, in percent."""
        if not self.placed_games:
            return None
        return (Decimal(count) * 100 / self.placed_games).quantize(TENTH, ROUND_HALF_UP)

    @property
    def place_rates(self):
        return [self.rate(count) for count in self.places]

    @property
    def top_rate(self):
        return self.rate(self.places[0])

    @property
    def rentai_rate(self):
        """連対率: first or second."""
        return self.rate(self.places[0] + self.places[1])

    @property
    def last_avoid_rate(self):
        """ラス回避率: anything but last."""
        return self.rate(self.placed_games - self.places[-1])

    @property
    def points_only_games(self):
        """Games recorded only by their points (点数なし): they count everywhere except in the score figures."""
        return self.placed_games - self.scored_games

    @property
    def bust_rate(self):
        """Busts per game with scores: a points-only game cannot show a bust."""
        if not self.scored_games:
            return None
        return (Decimal(self.busts) * 100 / self.scored_games).quantize(TENTH, ROUND_HALF_UP)

    @property
    def average_score(self):
        """Average final score in tenbō over the games with scores, rounded to the nearest point."""
        if not self.scored_games:
            return None
        return int((Decimal(self.score_sum) / self.scored_games).quantize(Decimal(1), ROUND_HALF_UP))

    def sort_key(self):
        average = self.exact_average_place
        return (
            -self.points,
            average if average is not None else Fraction(99),
            -self.places[0],
            -(self.best if self.best is not None else -(10**9)),
            reading_order(self.member),
        )


@dataclass
class Standings:
    period: Period
    players: int
    win_points: bool
    ranked: list
    unranked: list

    @property
    def lines(self):
        return self.ranked + self.unranked

    @property
    def has_guests(self):
        """Whether a guest is in the table (the workbook then marks them in a column of its own)."""
        return any(line.member.guest for line in self.lines)

    @property
    def guests_apart(self):
        """Whether a guest is listed apart only for being a guest (the page then says why)."""
        return any(line.member.guest for line in self.unranked) and not self.period.club.rank_guests

    @property
    def games(self):
        """How many games the period holds (every game has one seat per player)."""
        return sum(line.games for line in self.lines) // self.players

    @property
    def points_only_games(self):
        """How many of the period's games were recorded only by their points (点数なし)."""
        return sum(line.points_only_games for line in self.lines) // self.players

    @property
    def day_total_games(self):
        """How many of the period's hanchan are known only from day totals (日計): a day total lists one table."""
        return sum(line.day_total_games for line in self.lines) // self.players

    @property
    def last_played(self):
        """The day of the latest game in the period, or None."""
        return max((line.last_played for line in self.lines if line.last_played), default=None)


def rule_versions(rule_set):
    """The rule set's versions, newest first, read once: prefetched onto ``rule_set`` when they were not."""
    prefetch_related_objects([rule_set], "versions")
    return sorted(rule_set.versions.all(), key=lambda version: version.effective_from, reverse=True)


def rule_settings(period):
    """The settings the period is shown by: those in force on its last day (today when open).

    A period no version governs yet takes the first version's (see ``RuleSet.settings_on``).
    """
    return period.rule_set.settings_on(period.last_day or timezone.localdate())


def seats_in(period):
    return GameSeat.objects.counted().for_rule_set(period.rule_set).between(period.first_day, period.last_day)


def meeting_lines_in(period):
    return MeetingLine.objects.for_rule_set(period.rule_set).between(period.first_day, period.last_day)


def day_lines_in(period):
    return DayTotalLine.objects.for_rule_set(period.rule_set).between(period.first_day, period.last_day)


def standings(period):
    """The standings of ``period``: at most five queries (four when the rule versions are prefetched)."""
    return _standings(period)[-1]


def standings_before_and_now(period, day):
    """The standings of ``period`` stopped the day before ``day``, and of the whole ``period``: what two calls of
    ``standings`` give, read in one pass (each row grouped by member and by which side of ``day`` it falls on).

    When the rules in force the day before show the standings otherwise (other
    players or method), the two are read apart.
    """
    before = replace(period, last_day=day - datetime.timedelta(days=1))
    settings, settings_before = rule_settings(period), rule_settings(before)
    if (settings["players"], settings["method"]) != (settings_before["players"], settings_before["method"]):
        return standings(before), standings(period)
    return _standings(period, split=day)


def _standings(period, split=None):
    """``(standings,)``, or with ``split`` (a day) ``(standings of the period stopped the day before, standings)``."""
    rule_versions(period.rule_set)  # read once for the settings of the period's last day and the day before
    settings = rule_settings(period)
    players = settings["players"]
    win_points = settings["method"] == "win_points"
    places = [f"place_{p}" for p in range(1, players + 1)]
    maru_counts = list(scoring.MARU_KINDS) if win_points else []
    rows = line_sums(
        period.rule_set,
        period.first_day,
        period.last_day,
        [*SUMMED, "best", "worst", "last_played", *places, *maru_counts],
        split,
    )
    adjustments = (
        _split(
            Adjustment.objects.filter(rule_set=period.rule_set).filter(
                **({"date__gte": period.first_day} if period.first_day else {}),
                **({"date__lte": period.last_day} if period.last_day else {}),
            ),
            "date",
            split,
        )
        .annotate(points=Sum("points"))
        .order_by()
    )
    days = (
        _split(day_lines_in(period), "day_total__meeting__date", split)
        .annotate(points=Sum("points"), games=Sum("day_total__games"), last_played=Max("day_total__meeting__date"))
        .order_by()
    )
    rows, adjustments, days = list(rows), list(adjustments), list(days)
    members = Member.objects.in_bulk({row["member"] for row in (*rows, *days, *adjustments)})
    # The rows before the day for the standings that stop the day before, then all of them.
    sides = [(replace(period, last_day=split - datetime.timedelta(days=1)), (True,))] if split else []
    sides.append((period, (True, False)))
    return tuple(
        _table(
            part,
            players,
            win_points,
            maru_counts,
            members,
            [row for row in rows if row["early"] in side],
            [row for row in days if row["early"] in side],
            [row for row in adjustments if row["early"] in side],
        )
        for part, side in sides
    )


_split = by_member  # the day totals and adjustments are grouped as the lines are


def _table(period, players, win_points, maru_keys, members, rows, days, adjustments):
    """The Standings from rows of aggregates (a member may have two of each: before and from a day)."""
    lines = {}

    def line_of(member_id):
        return lines.get(member_id) or lines.setdefault(
            member_id, Line(member=members[member_id], places=[0] * players, maru=dict.fromkeys(maru_keys, 0))
        )

    for row in rows:
        line = line_of(row["member"])
        line.games += row["games"]
        line.game_points += row["game_points"] or 0
        line.places = [count + row[f"place_{p}"] for p, count in enumerate(line.places, start=1)]
        line.busts += row["busts"]
        line.chips += row["chips"] or 0
        line.chip_points += row["chip_points"] or 0
        line.shugi += row["shugi"] or 0
        line.best = max(filter(lambda value: value is not None, (line.best, row["best"])), default=None)
        line.worst = min(filter(lambda value: value is not None, (line.worst, row["worst"])), default=None)
        line.score_sum += row["score_sum"] or 0
        line.scored_games += row["scored_games"]
        line.maru = {key: count + row[key] for key, count in line.maru.items()}
        line.last_played = max(filter(None, (line.last_played, row["last_played"])), default=None)
    for day in days:
        line = line_of(day["member"])
        hanchan = day["games"] or 0
        line.day_points += day["points"] or 0
        line.day_total_games += hanchan
        line.games += hanchan
        line.last_played = max(filter(None, (line.last_played, day["last_played"])), default=None)
    for adjustment in adjustments:
        line_of(adjustment["member"]).adjustments += adjustment["points"] or 0
    ordered = sorted(lines.values(), key=Line.sort_key)
    rank_guests = period.club.rank_guests
    ranked = [line for line in ordered if _ranks(line, period.min_games, rank_guests)]
    unranked = [line for line in ordered if not _ranks(line, period.min_games, rank_guests)]
    _number(ranked)
    return Standings(period=period, players=players, win_points=win_points, ranked=ranked, unranked=unranked)


def _ranks(line, min_games, rank_guests):
    """Whether ``line`` is ranked: enough games, and a member (or a guest in a club that ranks guests)."""
    return bool(line.games) and line.games >= min_games and (rank_guests or not line.member.guest)


def _number(ranked):
    """Competition ranking: members equal on every tie-break share a rank (1, 2, 2, 4)."""
    previous = None
    for position, line in enumerate(ranked, start=1):
        key = line.sort_key()[:4]
        line.rank = previous.rank if previous is not None and previous.sort_key()[:4] == key else position
        previous = line
