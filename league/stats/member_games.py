"""A member's games as the member page and its JSON read them: the member's games of a meeting day as stored on
their meeting line (``MeetingLine.games_played``), every seat of a page of games, and the runs in them
(``streaks``, the records' reference).

A busy member has thousands of games.  Joining their thousands of seats to
their games (and the opponents' seats to those, for the head-to-head) was most
of the page's time; each meeting line keeps the member's games of that day with
the opponents' places and totals, so a page of the history parses its own days'
lines (``stats.member_history``) and the figures over the period add up stored
months (``stats.member_figures``).  The opponents' names and the parts of a
total are shown only for the page of games on screen, so only that page's
seats are read in full (docs/performance.md): one query.
"""

from dataclasses import dataclass

from ..models.games import POINT_PARTS, WINDS, GameSeat

# Every column of a seat that a page of games shows (its parts, score and chips).
SEAT_COLUMNS = ("game_id", "seat", "member_id", "score", "chips", "place", *POINT_PARTS)


class MeetingDay:
    """The meeting of a game as the member's history shows it: its id and its day."""

    __slots__ = ("date", "pk")

    def __init__(self, pk, date):
        self.pk, self.date = pk, date


class GameFigures:
    """A game as the member's history shows it (read as plain values, not a Game: the history holds thousands).

    ``points_only`` is known for the games read in full only (``with_seats``): None before."""

    __slots__ = ("meeting", "pk", "points_only", "round", "table")

    def __init__(self, pk, meeting, round_number, table):
        self.pk, self.meeting, self.round, self.table, self.points_only = pk, meeting, round_number, table, None

    @property
    def meeting_id(self):
        return self.meeting.pk


class OwnSeat:
    """The member's seat in a game as every figure reads it: the seat (0 = 東, 起家), the place and the total."""

    __slots__ = ("place", "seat", "total")

    def __init__(self, seat, place, total):
        self.seat, self.place, self.total = seat, place, total

    @property
    def wind(self):
        return WINDS[self.seat]


class SeatFigures:
    """A seat of a game on the page, with the GameSeat attributes the history and JSON use, over its row of plain
    values (``SEAT_COLUMNS``)."""

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


class GameLine:
    """One game of the member: their seat, and the running total of their points.

    ``seat`` is the member's ``OwnSeat`` until ``with_seats`` reads the game in
    full (for a page of the history): then it is the whole ``SeatFigures`` and
    ``opponents`` the other seats, in seat order.  ``met`` is the opponents as
    the meeting line keeps them: ``[member id, place, total]`` each.
    """

    __slots__ = ("cumulative", "game", "met", "number", "opponents", "players", "seat")
    is_day_total = False

    def __init__(self, number, game, seat, met, cumulative):
        self.number, self.game, self.seat, self.met, self.cumulative = number, game, seat, met, cumulative
        self.players = len(met) + 1
        self.opponents = None

    @property
    def date(self):
        return self.game.meeting.date

    @property
    def total(self):
        return self.seat.total

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


def game_order(played):
    """A day's games in the order they were played, from a line's games (SQLite keeps them unordered)."""
    return played[1], played[2], played[0]  # round, table, game id


def with_seats(lines, member, members):
    """The game lines among ``lines`` (a page of the history) read in full: each one's ``seat`` becomes the
    member's whole seat and ``opponents`` the other seats.  One query (none when no game is among them).

    ``members`` maps the id of everyone who played in the period to their Member.
    """
    games = {line.game.pk: line for line in lines if not line.is_day_total}
    if not games:
        return lines
    tables = {}
    points_only = {}
    for *values, only in (
        GameSeat.objects.filter(game_id__in=games)
        .order_by("game_id", "seat")
        .values_list(*SEAT_COLUMNS, "game__points_only")
    ):
        tables.setdefault(values[0], []).append(values)
        points_only[values[0]] = only
    for game_id, line in games.items():
        line.game.points_only = points_only[game_id]
        seats = [SeatFigures(line.game, members[values[2]], values) for values in tables[game_id]]
        line.seat = next(seat for seat in seats if seat.member_id == member.pk)
        line.opponents = [seat for seat in seats if seat is not line.seat]
    return lines


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


def streaks(games):
    """For each kind, the longest run (the latest of equal ones) and the run still going at the last game."""
    result = []
    for kind, holds in STREAK_KINDS.items():
        # Counted, not built as Runs game by game: a busy member's thousands of games made one Run each per kind.
        longest, length, first = Run(), 0, None
        for line in games:
            if holds(line):
                if not length:
                    first = line
                length += 1
                if length >= longest.length:
                    longest = Run(length=length, first=first, last=line)
            else:
                length = 0
        current = Run(length=length, first=first, last=games[-1]) if length else Run()
        result.append(Streak(kind=kind, longest=longest, current=current))
    return result
