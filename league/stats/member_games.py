"""A member's games as the member page and its JSON read them: the member's own seats, narrowly, for every
game; every seat of a page of games; the head-to-head grouped in SQL.

A busy member has thousands of games.  Reading every seat of all of them
(the opponents' too: four times the rows) to build figures that need only the
member's own place and total was most of the page's time; the opponents and
the parts of a total are shown only for the page of games on screen, so only
that page's seats are read in full (docs/performance.md).  Each query's count
is fixed: one for the games, one for the head-to-head, one for a page.
"""

from django.db.models import Count, F, Q, Sum

from ..models import POINT_PARTS, GameSeat
from ..models.games import WINDS
from .standings import rule_versions, seats_in

# The member's own seat and its game, for every game: what the figures, streaks, chart and per-seat table need.
OWN_COLUMNS = ("game_id", "seat", "place", "total", "game__rule_version_id", "game__meeting_id",
               "game__meeting__date", "game__round", "game__table", "game__points_only")
# Every column of a seat that a page of games shows (its parts, score and chips).
SEAT_COLUMNS = ("game_id", "seat", "member_id", "score", "chips", "place", *POINT_PARTS)
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
    ``opponents`` the other seats, in seat order.
    """

    __slots__ = ("cumulative", "game", "number", "opponents", "players", "seat")
    is_day_total = False

    def __init__(self, number, game, seat, players, cumulative):
        self.number, self.game, self.seat, self.players, self.cumulative = number, game, seat, players, cumulative
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


def games_of(member, period):
    """The member's games in ``period``, oldest first, each with their own seat only: one query.

    The number of players of each game is its rule version's (the rule set's
    versions are read once, by the standings before).
    """
    players = {version.pk: version.settings["players"] for version in rule_versions(period.rule_set)}
    rows = seats_in(period).filter(member=member).order_by(*MEMBER_GAME_ORDER).values_list(*OWN_COLUMNS)
    meetings, lines, cumulative = {}, [], 0
    for game_id, seat, place, total, version_id, meeting_id, date, round_number, table, points_only in rows:
        meeting = meetings.get(meeting_id) or meetings.setdefault(meeting_id, MeetingDay(meeting_id, date))
        cumulative += total
        lines.append(GameLine(len(lines) + 1, GameFigures(game_id, meeting, round_number, table, points_only),
                              OwnSeat(seat, place, total), players[version_id], cumulative))
    return lines


def with_seats(lines, member, members):
    """The game lines among ``lines`` (a page of the history) read in full: each one's ``seat`` becomes the
    member's whole seat and ``opponents`` the other seats.  One query (none when no game is among them).

    ``members`` maps the id of everyone who played in the period to their Member.
    """
    games = {line.game.pk: line for line in lines if not line.is_day_total}
    if not games:
        return lines
    tables = {}
    for values in GameSeat.objects.filter(game_id__in=games).order_by("game_id", "seat").values_list(*SEAT_COLUMNS):
        tables.setdefault(values[0], []).append(values)
    for game_id, line in games.items():
        seats = [SeatFigures(line.game, members[values[2]], values) for values in tables[game_id]]
        line.seat = next(seat for seat in seats if seat.member_id == member.pk)
        line.opponents = [seat for seat in seats if seat is not line.seat]
    return lines


def head_to_head_rows(member, period):
    """The member against each opponent over the games they sat at together, grouped in SQL: one query.

    Each row is ``(opponent id, games, above, below, even, the member's points, the opponent's points)``:
    the opponents' seats joined to the member's seat of the same game.
    """
    own = "game__seats__"  # after the filter below, this join is the member's own seat of the game
    return list(
        seats_in(period).filter(game__seats__member=member).exclude(member=member).values("member")
        .annotate(games=Count("id"), above=Count("id", filter=Q(**{f"{own}place__lt": F("place")})),
                  below=Count("id", filter=Q(**{f"{own}place__gt": F("place")})),
                  even=Count("id", filter=Q(**{f"{own}place": F("place")})),
                  points=Sum(f"{own}total"), opponent_points=Sum("total"))
        .order_by().values_list("member", "games", "above", "below", "even", "points", "opponent_points"))
