"""One member's record (個人成績) over a standings period: summary, games, streaks, yakuman, head-to-head.

Everything is read from the stored seats; nothing is recomputed.  The summary
is the member's own line of ``standings(period)``, so it always agrees with the
standings table (rank included).  The games, streaks, head-to-head and the
cumulative chart come from ONE query read as plain values: every seat of
every game the member played in the period; the member's day totals (日計)
from one more.  The history lists both in date order, and the running total
adds both; streaks and head-to-head need places and opponents, so they count
only the games.
The query count is the same for 3 games or 3,000.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Sum

from ..models import POINT_PARTS, DayTotalLine, GameSeat, Member, Yakuman
from ..models.games import WINDS
from .standings import Line, Period, day_lines_in, seats_in, standings


@dataclass
class GameLine:
    """One game of the member: their seat, the other seats, and the running total of their points."""

    number: int  # 1 for the member's first game or day total of the period (its place in the history)
    seat: "SeatFigures"  # the member's own seat
    opponents: list
    cumulative: int  # tenths: the sum of the member's totals (day totals too) up to and including this game
    is_day_total = False

    @property
    def game(self):
        return self.seat.game

    @property
    def date(self):
        return self.seat.game.meeting.date

    @property
    def total(self):
        return self.seat.total

    @property
    def players(self):
        return len(self.opponents) + 1

    @property
    def is_top(self):
        return self.seat.place == 1

    @property
    def is_last(self):
        """ラス: the last place number (as the standings count it: a split tie at the bottom is not last)."""
        return self.seat.place == self.players

    @property
    def is_positive(self):
        return self.seat.total > 0


@dataclass
class DayTotalEntry:
    """One day total (日計) of the member in the history: the day, its hanchan and the member's points."""

    number: int  # its place in the history, as GameLine's
    line: DayTotalLine
    cumulative: int  # tenths, as GameLine's
    is_day_total = True

    @property
    def day_total(self):
        return self.line.day_total

    @property
    def date(self):
        return self.line.day_total.meeting.date

    @property
    def total(self):
        return self.line.points


@dataclass
class Run:
    """A run of consecutive games (連続): how many, and the first and last of them."""

    length: int = 0
    first: GameLine | None = None
    last: GameLine | None = None


@dataclass
class Streak:
    """The longest and the current run of games meeting one condition."""

    kind: str  # "top" (トップ), "not_last" (ラス回避), "positive" (プラス)
    longest: Run
    current: Run


STREAK_KINDS = {
    "top": lambda line: line.is_top,
    "not_last": lambda line: not line.is_last,
    "positive": lambda line: line.is_positive,
}


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
    games: list  # GameLine, oldest first
    history: list = field(default_factory=list)  # GameLine and DayTotalEntry, oldest first
    streaks: list = field(default_factory=list)
    yakuman: list = field(default_factory=list)
    head_to_head: list = field(default_factory=list)
    ranked_out_of: int = 0  # how many members are ranked in the period

    @property
    def newest_first(self):
        """The history (games and day totals), newest first."""
        return self.history[::-1]

    @property
    def day_totals(self):
        return [entry for entry in self.history if entry.is_day_total]


def member_record(member, period):
    """Everything the member page and its JSON show, in seven queries whatever the number of games."""
    table = standings(period)  # four queries
    line = next((line for line in table.lines if line.member.pk == member.pk), None)
    if line is None:
        maru = dict.fromkeys(("maru_a", "maru_b", "maru_c", "double_maru_a"), 0) if table.win_points else {}
        line = Line(member=member, places=[0] * table.players, maru=maru)
    members = {line.member.pk: line.member for line in table.lines}  # everyone who played in the period
    games = games_of(member, period, members)  # one query
    history = in_date_order(games, day_lines_in(period).filter(member=member)  # one query
                            .select_related("day_total__meeting"))
    return MemberRecord(
        member=member, period=period, players=table.players, win_points=table.win_points, line=line,
        games=games, history=history, streaks=streaks(games), yakuman=yakuman_of(member, period),  # one query
        head_to_head=head_to_head(games), ranked_out_of=len(table.ranked),
    )


# What the member page and its JSON read of every seat of the member's games, and of each game.
SEAT_COLUMNS = ("game_id", "seat", "member_id", "score", "chips", "place", *POINT_PARTS)
GAME_COLUMNS = ("game__meeting_id", "game__meeting__date", "game__round", "game__table", "game__points_only")
MEMBER_GAME_ORDER = ("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id")


class MeetingDay:
    """The meeting of a game as the member's history shows it: its id and its day."""

    __slots__ = ("date", "pk")

    def __init__(self, pk, date):
        self.pk, self.date = pk, date


class GameFigures:
    """A game as the member's history shows it (read as plain values, not a Game: the history holds thousands)."""

    __slots__ = ("meeting", "pk", "points_only", "round", "table")

    def __init__(self, pk, meeting, round_number, table, points_only):
        self.pk, self.meeting, self.round, self.table, self.points_only = pk, meeting, round_number, table, points_only

    @property
    def meeting_id(self):
        return self.meeting.pk


class SeatFigures:
    """A seat as the member's history shows it, with the GameSeat attributes it uses, over its row of plain values
    (``SEAT_COLUMNS``; a member's history holds thousands of seats)."""

    __slots__ = ("game", "member", "values")

    def __init__(self, game, member, values):
        self.game, self.member, self.values = game, member, values

    @property
    def wind(self):
        return WINDS[self.seat]


def _value(index):
    return property(lambda seat: seat.values[index])


for _index, _column in enumerate(SEAT_COLUMNS):
    setattr(SeatFigures, _column, _value(_index))


def games_of(member, period, members):
    """The member's games in ``period``, oldest first, each with every seat: one query.

    Rows are read as plain values, not model instances: a member can have
    thousands of games, and building a model per seat (and decoding each game's
    entered sheet) was most of the page's time (docs/performance.md).
    ``members`` maps the id of everyone who played in the period to their Member.
    """
    seats = (seats_in(period).filter(game__seats__member=member).order_by(*MEMBER_GAME_ORDER, "seat")
             .values_list(*SEAT_COLUMNS, *GAME_COLUMNS))
    width = len(SEAT_COLUMNS)
    meetings, lines, cumulative = {}, [], 0
    game, table = None, []
    for values in [*seats, None]:
        if game is not None and (values is None or values[0] != game.pk):  # the game before is complete
            own = next(seat for seat in table if seat.member_id == member.pk)
            cumulative += own.total
            lines.append(GameLine(number=len(lines) + 1, seat=own, cumulative=cumulative,
                                  opponents=[seat for seat in table if seat is not own]))
            game, table = None, []
        if values is None:
            break
        if game is None:
            meeting_id, date, round_number, table_number, points_only = values[width:]
            meeting = meetings.get(meeting_id) or meetings.setdefault(meeting_id, MeetingDay(meeting_id, date))
            game = GameFigures(values[0], meeting, round_number, table_number, points_only)
        table.append(SeatFigures(game, members[values[2]], values[:width]))
    return lines


def in_date_order(games, day_lines):
    """The games and the day totals in one list, oldest first (a day total after that day's games), numbered
    and with the running total of both."""
    days = sorted(day_lines, key=lambda line: (line.day_total.meeting.date, line.day_total.meeting_id,
                                               line.day_total_id))
    history, cumulative = [], 0
    queue = [(game.date, 0, index) for index, game in enumerate(games)]
    queue += [(line.day_total.meeting.date, 1, index) for index, line in enumerate(days)]
    for number, (_date, kind, index) in enumerate(sorted(queue), start=1):
        if kind:
            cumulative += days[index].points
            history.append(DayTotalEntry(number=number, line=days[index], cumulative=cumulative))
        else:
            game = games[index]
            cumulative += game.total
            game.number, game.cumulative = number, cumulative
            history.append(game)
    return history


def streaks(games):
    """For each kind, the longest run (the latest of equal ones) and the run still going at the last game."""
    result = []
    for kind, holds in STREAK_KINDS.items():
        longest, run = Run(), Run()
        for line in games:
            if holds(line):
                run = Run(length=run.length + 1, first=run.first or line, last=line)
                if run.length >= longest.length:
                    longest = run
            else:
                run = Run()
        result.append(Streak(kind=kind, longest=longest, current=run))
    return result


def head_to_head(games):
    """Each opponent met, most games together first (then by reading)."""
    records = {}
    for line in games:
        own = line.seat
        for seat in line.opponents:
            record = records.setdefault(seat.member_id, HeadToHead(opponent=seat.member))
            record.games += 1
            record.points += own.total
            record.opponent_points += seat.total
            if own.place < seat.place:
                record.above += 1
            elif own.place > seat.place:
                record.below += 1
            else:
                record.even += 1
    return sorted(records.values(), key=lambda r: (-r.games, r.opponent.kana, r.opponent.name))


def yakuman_of(member, period):
    """The member's yakuman in games that count in ``period``, newest first: one query."""
    yakuman = Yakuman.objects.counted().filter(member=member, game__meeting__rule_set=period.rule_set)
    if period.first_day:
        yakuman = yakuman.filter(game__meeting__date__gte=period.first_day)
    if period.last_day:
        yakuman = yakuman.filter(game__meeting__date__lte=period.last_day)
    return list(yakuman.select_related("game__meeting")
                .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table", "-id"))


def members_with_games(club, first_day=None, last_day=None):
    """The club's members in kana order, then its guests, each with ``games``: games that count between the two
    days (any rules), and the hanchan of their day totals (日計); three queries.

    The counts are grouped from the club's meetings down to their seats, each
    member's set on them here: counted member by member (a subquery, or a join
    grouped by member) the seats were read in the order of the members, not of
    the games, which took five times as long at 20,000 games (docs/performance.md).
    """
    seats = (GameSeat.objects.counted().filter(game__meeting__club=club).between(first_day, last_day)
             .values("member").annotate(games=Count("id")).order_by().values_list("member", "games"))
    days = (DayTotalLine.objects.filter(day_total__meeting__club=club).between(first_day, last_day).values("member")
            .annotate(games=Sum("day_total__games")).order_by().values_list("member", "games"))
    games = dict(seats)
    for member_id, hanchan in days:
        games[member_id] = games.get(member_id, 0) + (hanchan or 0)
    members = list(Member.objects.filter(club=club).members_first())
    for member in members:
        member.games = games.get(member.pk, 0)
    return members
