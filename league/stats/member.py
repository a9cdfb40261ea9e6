"""One member's record (個人成績) over a standings period: summary, games, streaks, seats, yakuman, head-to-head.

Everything is read from what the writers stored; nothing is recomputed.  The
summary is the member's own line of ``standings(period)``, so it always agrees
with the standings table (rank included).  The figures that need every game
(streaks, by seat, head-to-head, the chart's highest and lowest) add up the
member's stored months and count the days outside them
(``member_figures``); the history of games and day totals (日計) is numbered
from the member's lines read narrow, and a page of it reads its own days'
games only (``member_history``).  The history lists games and day totals in
date order, and the running total adds both; streaks, seats and head-to-head
need places, so they count only the games.  The opponents' names and the parts
of each total are read for the page of the history on screen only
(``MemberRecord.with_seats``).  The query count is the same for 3 games or 3,000.
"""

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Sum

import scoring

from ..models.day_totals import DayTotalLine
from ..models.games import WINDS, GameSeat, Yakuman
from ..models.people import Member, reading_order
from . import member_games
from .member_figures import member_figures
from .member_history import DayTotalEntry, HistoryView, MemberHistory
from .standings import HUNDREDTH, TENTH, Line, Period, day_lines_in, standings

__all__ = ["DayTotalEntry", "HeadToHead", "MemberRecord", "SeatRecord", "member_record", "members_with_games"]


@dataclass
class SeatRecord:
    """The member's games started in one seat (0 = 東, the starting dealer 起家): 席順別成績."""

    seat: int
    games: int = 0
    place_sum: int = 0
    tops: int = 0
    lasts: int = 0  # ラス, as ``GameLine.is_last`` counts it
    points: int = 0  # tenths: the totals of those games

    @property
    def wind(self):
        return WINDS[self.seat]

    @property
    def average_place(self):
        if not self.games:
            return None
        return (Decimal(self.place_sum) / self.games).quantize(HUNDREDTH, ROUND_HALF_UP)

    def _rate(self, count):
        if not self.games:
            return None
        return (Decimal(count) * 100 / self.games).quantize(TENTH, ROUND_HALF_UP)

    @property
    def top_rate(self):
        return self._rate(self.tops)

    @property
    def last_avoid_rate(self):
        """ラス回避率: anything but last."""
        return self._rate(self.games - self.lasts)

    @property
    def per_game(self):
        """Points per game, as a Decimal of points with one place (as ``Line.per_game``)."""
        if not self.games:
            return None
        return (Decimal(self.points) / self.games / 10).quantize(TENTH, ROUND_HALF_UP)


@dataclass
class HeadToHead:
    """The member against one opponent, over the games they sat at together (対戦成績)."""

    opponent: Member
    games: int = 0
    above: int = 0  # the member finished above the opponent
    below: int = 0
    even: int = 0  # the same place (a split tie)
    points: int = 0  # tenths: the member's totals in those games
    opponent_points: int = 0

    @property
    def difference(self):
        return self.points - self.opponent_points


@dataclass
class MemberRecord:
    member: Member
    period: Period
    players: int
    win_points: bool
    line: Line
    games: HistoryView  # GameLine, oldest first, made when read
    history: HistoryView  # GameLine and DayTotalEntry, oldest first, made when read
    streaks: list = field(default_factory=list)
    yakuman: list = field(default_factory=list)
    head_to_head: list = field(default_factory=list)
    seats: list = field(default_factory=list)  # SeatRecord, 東 first
    ranked_out_of: int = 0  # how many members are ranked in the period
    members: dict = field(default_factory=dict)  # id → Member of everyone who played in the period
    day_totals: list = field(default_factory=list)  # DayTotalEntry, oldest first

    @property
    def newest_first(self):
        """The history (games and day totals), newest first."""
        return self.history[::-1]

    def with_seats(self, lines):
        """``lines`` (a page of the history or of the games) with every seat of their games read: one query."""
        return member_games.with_seats(lines, self.member, self.members)


def member_record(member, period):
    """Everything the member page and its JSON show but a page of games, in ten queries whatever the number of
    games: the games themselves are read for a page only (``MemberRecord.history``), the figures over the
    period added up from the member's stored months (``member_figures``)."""
    table = standings(period)  # four queries
    line = next((line for line in table.lines if line.member.pk == member.pk), None)
    if line is None:
        maru = dict.fromkeys(scoring.MARU_KINDS, 0) if table.win_points else {}
        line = Line(member=member, places=[0] * table.players, maru=maru)
    members = {line.member.pk: line.member for line in table.lines}  # everyone who played in the period
    day_lines = list(day_lines_in(period).filter(member=member).select_related("day_total__meeting"))  # one query
    figures = member_figures(member, period, day_lines)  # four queries
    history = MemberHistory(member, figures.days, day_lines, figures.extremes, figures.parsed)
    return MemberRecord(
        member=member,
        period=period,
        players=table.players,
        win_points=table.win_points,
        line=line,
        games=HistoryView(history, games_only=True),
        history=HistoryView(history),
        streaks=figures.streaks,
        yakuman=yakuman_of(member, period),  # one query
        head_to_head=head_to_head(figures.opponents, members),
        seats=by_seat(figures.seats, table.players),
        ranked_out_of=len(table.ranked),
        members=members,
        day_totals=history.day_totals(),
    )


def head_to_head(opponents, members):
    """Each opponent met (``HeadToHead``; ``opponents``: id → the figures of ``OPPONENT_FIGURES``), most games
    together first (then by reading)."""
    records = [HeadToHead(members[opponent], *figures) for opponent, figures in opponents.items()]
    return sorted(records, key=lambda r: (-r.games, reading_order(r.opponent), r.opponent.pk))


def by_seat(seats, players):
    """The member's games by the seat they started in, 東 first (``seats``: seat → the figures of
    ``SEAT_FIGURES``): a row for each seat of the rules (3 or 4), and for any other seat a game was played in (a
    period over rules of both sizes)."""
    return [SeatRecord(seat, *figures) for seat, figures in sorted(seats.items()) if seat < players or figures[0]]


YAKUMAN_SHOWN = (
    "name",
    "kind",
    "win",
    "count",
    "game__round",
    "game__table",
    "game__meeting__date",
)


def yakuman_of(member, period):
    """The member's yakuman in games that count in ``period``, newest first: one query."""
    yakuman = Yakuman.objects.counted().filter(member=member, game__meeting__rule_set=period.rule_set)
    if period.first_day:
        yakuman = yakuman.filter(game__meeting__date__gte=period.first_day)
    if period.last_day:
        yakuman = yakuman.filter(game__meeting__date__lte=period.last_day)
    # Only the fields the page and the JSON show: a whole meeting row carries its day's settlement (JSON), which
    # made this the member page's slowest query over every season at 80,000 games (docs/performance.md).
    return list(
        yakuman.select_related("game__meeting")
        .only(*YAKUMAN_SHOWN)
        .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table", "-id")
    )


def members_with_games(club, first_day=None, last_day=None):
    """The club's members in reading order, then its guests, each with ``games``: games that count between the two
    days (any rules), and the hanchan of their day totals (日計); three queries.

    The counts are grouped from the club's meetings down to their seats, each
    member's set on them here: counted member by member (a subquery, or a join
    grouped by member) the seats were read in the order of the members, not of
    the games, which took five times as long at 20,000 games (docs/performance.md).
    """
    seats = (
        GameSeat.objects.counted()
        .filter(game__meeting__club=club)
        .between(first_day, last_day)
        .values("member")
        .annotate(games=Count("id"))
        .order_by()
        .values_list("member", "games")
    )
    days = (
        DayTotalLine.objects.filter(day_total__meeting__club=club)
        .between(first_day, last_day)
        .values("member")
        .annotate(games=Sum("day_total__games"))
        .order_by()
        .values_list("member", "games")
    )
    games = dict(seats)
    for member_id, hanchan in days:
        games[member_id] = games.get(member_id, 0) + (hanchan or 0)
    members = list(Member.objects.filter(club=club).members_first())
    for member in members:
        member.games = games.get(member.pk, 0)
    return members
