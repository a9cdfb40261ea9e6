"""A member's figures over a period that need every game (by seat, head-to-head, streaks, the highest and lowest
running total), added up from the member's stored months (``MemberMonthFigures``, ``MemberMonthOpponent``) and
counted from the games of the rest (``stats.month_figures``), in four queries whatever the history.

A month is read from its stored figures when the period holds all of it and the member has no day total (日計)
in it (a day total is an entry of the history between games); the days of the other months (the period's
first and last, when it starts or ends inside one) are counted from their lines' games, read with the lines
that number the history (``stats.member_history``).  The runs are joined month by month in play order, as the
records join their pieces (docs/performance.md, "The member page").
"""

import datetime
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Case, F, Q, Sum, TextField, Value, When

from ..models.games import Game
from ..models.member_months import MemberMonthFigures, MemberMonthOpponent
from .member_games import STREAK_KINDS, GameFigures, MeetingDay, Run, Streak, game_order
from .month_figures import KINDS, OPPONENT_FIGURES, PIECE, SEAT_FIGURES, SEATS, longest_and_current, span_figures
from .standings import meeting_lines_in

EARLIEST, LATEST = datetime.date(1, 1, 1), datetime.date(9999, 12, 31)
MONTH_COLUMNS = ("month", "games", "first_game", "last_game", "high", "high_at", "low", "low_at")
RUN_COLUMNS = tuple(f"{kind}_{part}" for kind in KINDS for part in PIECE)
SEAT_COLUMNS = tuple(f"seat_{seat}_{name}" for seat in SEATS for name in SEAT_FIGURES)


@dataclass
class PeriodFigures:
    days: list  # the member's lines of the period: (meeting id, date, games, Σ totals), in play order
    parsed: dict  # date → its games in play order (as the lines keep them), outside the stored months
    extremes: dict  # a stored month → (high, high_at, low, low_at)
    seats: dict = field(default_factory=dict)  # seat → the figures of SEAT_FIGURES
    opponents: dict = field(default_factory=dict)  # member id → the figures of OPPONENT_FIGURES
    streaks: list = field(default_factory=list)  # Streak, in STREAK_KINDS order


class RunGame:
    """A game at an end of a run, as the streaks show it (``Run.first``, ``Run.last``: ``.game``)."""

    __slots__ = ("game",)

    def __init__(self, game: GameFigures) -> None:
        self.game = game


def month_after(month: datetime.date) -> datetime.date:
    return (month + datetime.timedelta(days=31)).replace(day=1)


def whole_months(period) -> tuple[datetime.date, datetime.date]:
    """The first day of the period's first whole month and the day after its last whole month's end: the months
    ``first <= month < end`` lie wholly in the period (none when ``end <= first``)."""
    first = EARLIEST
    if period.first_day:
        first = period.first_day if period.first_day.day == 1 else month_after(period.first_day)
    end = LATEST
    if period.last_day:
        end = (period.last_day + datetime.timedelta(days=1)).replace(day=1)
    return first, end


def member_figures(member, period, day_lines: Iterable) -> PeriodFigures:
    """The figures of ``member`` over ``period``; ``day_lines`` are their day totals' lines of the period."""
    first, end = whole_months(period)
    with_day_totals = sorted({line.day_total.meeting.date.replace(day=1) for line in day_lines})
    outside = Q(meeting__date__lt=first) | Q(meeting__date__gte=end)
    for month in with_day_totals:
        outside |= Q(meeting__date__gte=month, meeting__date__lt=month_after(month))
    days, parsed = [], {}
    for meeting_id, date, games, points, played in (
        meeting_lines_in(period)
        .filter(member=member)
        .order_by("meeting__date", "meeting_id")
        .annotate(outside=Case(When(outside, then=F("games_played")), default=Value(""), output_field=TextField()))
        .values_list("meeting_id", "meeting__date", "games", "game_points", "outside")
    ):
        days.append((meeting_id, date, games, points))
        if played:
            parsed.setdefault(date, []).extend(sorted(json.loads(played), key=game_order))
    stored_months = {"member": member, "rule_set": period.rule_set, "month__gte": first, "month__lt": end}
    stored = list(
        MemberMonthFigures.objects.filter(**stored_months)
        .exclude(month__in=with_day_totals)
        .order_by("month")
        .values_list(*MONTH_COLUMNS, *RUN_COLUMNS, *SEAT_COLUMNS)
    )
    figures = PeriodFigures(days=days, parsed=parsed, extremes={row[0]: row[4:8] for row in stored})
    opponents = (
        MemberMonthOpponent.objects.filter(**stored_months)
        .exclude(month__in=with_day_totals)
        .values("opponent_id")
        .order_by()
        .annotate(*(Sum(name) for name in OPPONENT_FIGURES))
        .values_list("opponent_id", *(f"{name}__sum" for name in OPPONENT_FIGURES))
    )
    figures.opponents = {opponent: list(values) for opponent, *values in opponents}
    spans = [(row[0], row[1:4], _pieces(row[8:])) for row in stored]
    for seat in SEATS:
        at = 8 + len(RUN_COLUMNS) + seat * len(SEAT_FIGURES)
        figures.seats[seat] = [sum(row[at + index] for row in stored) for index in range(len(SEAT_FIGURES))]
    by_month = {}
    for date, games in parsed.items():
        by_month.setdefault(date.replace(day=1), []).extend(games)
    for month, games in by_month.items():
        span = span_figures(games)
        spans.append((month, (span.games, span.first_game, span.last_game), span.runs))
        for seat, values in span.seats.items():
            _add(figures.seats.setdefault(seat, [0] * len(SEAT_FIGURES)), values)
        for opponent, values in span.opponents.items():
            _add(figures.opponents.setdefault(opponent, [0] * len(OPPONENT_FIGURES)), values)
    spans.sort(key=lambda span: span[0])
    figures.streaks = streaks_of(spans)
    return figures


def _pieces(values: tuple) -> dict:
    return {kind: values[index * len(PIECE) : (index + 1) * len(PIECE)] for index, kind in enumerate(KINDS)}


def _add(into: list, values: Iterable[int]) -> None:
    for index, value in enumerate(values):
        into[index] += value


def streaks_of(spans: list) -> list:
    """The streaks of the spans in play order (each ``(month, (games, first game, last game), pieces by kind)``),
    their ends' games read in one query."""
    runs = {}
    for kind in STREAK_KINDS:
        runs[kind] = longest_and_current((*games, pieces[kind]) for _month, games, pieces in spans)
    ids = {game for longest, current in runs.values() for run in (longest, current) for game in run[1:] if game}
    games = {
        pk: RunGame(GameFigures(pk, MeetingDay(meeting_id, date), round_number, table))
        for pk, meeting_id, date, round_number, table in Game.objects.filter(pk__in=ids).values_list(
            "pk", "meeting_id", "meeting__date", "round", "table"
        )
    }

    def run(length, first, last):
        return Run(length=length, first=games[first], last=games[last]) if length else Run()

    return [Streak(kind, longest=run(*longest), current=run(*current)) for kind, (longest, current) in runs.items()]
