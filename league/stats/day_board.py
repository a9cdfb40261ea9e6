"""The day board (当日ボード): what a screen in the club room shows on the day.

The round being played now, as drawn (each table's seats by wind, and whether
its game is in or a player reported it), the day's games newest first, and the day's standings
by the games' current points (``stats.day.settle_games``, as the meeting's page has them, closed or
not).  A fixed number of queries however many rounds, tables and games the day has.

A drawn table's result is the counted game entered for the same meeting,
round and table (``league/models/draws.py``): no foreign key links them.
"""

from dataclasses import dataclass

from django.db.models import Prefetch

from ..models.draws import SITTING_OUT, DrawnRound, DrawnSeat, ReportedResult
from ..models.games import WINDS, Game
from .day import settle_games


@dataclass
class DrawnPlace:
    """One seat of a drawn table: its wind (東 is the first dealer, 起家) and who sits there."""

    wind: str
    member: object


@dataclass
class DrawnTable:
    number: int
    seats: list  # DrawnPlaces in seat order
    game: Game | None = None  # the counted game entered for this round and table, once it is in
    reported: bool = False  # a player reported its result, which waits for the secretary

    @property
    def result_in(self):
        return self.game is not None


@dataclass
class BoardRound:
    number: int
    tables: list  # DrawnTables, by table number
    sitting_out: list  # Members (抜け番)
    drawn: int  # how many rounds the day has drawn

    @property
    def all_in(self):
        return all(table.result_in for table in self.tables)


@dataclass
class DayBoard:
    round: BoardRound | None  # None until a round is drawn
    games: list  # the day's counted games, the newest first
    day: object  # ``stats.day.DayMoney`` of the games now: its lines are the day's standings

    @property
    def standings(self):
        return [line for line in self.day.lines if line.games]

    @property
    def empty(self):
        return self.round is None and not self.games and not self.standings


def day_board(meeting):
    games = list(
        Game.objects.filter(meeting=meeting).counted().prefetch_related("seats__member").order_by("-created_at", "-id")
    )
    return DayBoard(round=current_round(meeting, games), games=games, day=settle_games(meeting))


def current_round(meeting, games):
    """The lowest drawn round with a table whose game is not in yet, else the last one drawn; None when none is.

    ``games``: the meeting's counted games (the board has them already, so this costs three queries).
    """
    rounds = list(
        DrawnRound.objects.filter(meeting=meeting)
        .in_order()
        .prefetch_related(
            Prefetch("seats", queryset=DrawnSeat.objects.select_related("member").order_by("table", "seat"))
        )
    )
    if not rounds:
        return None
    entered = {(game.round, game.table): game for game in games}
    reported = set(ReportedResult.objects.filter(meeting=meeting).pending().values_list("round", "table"))
    built = [_board_round(drawn, entered, reported, len(rounds)) for drawn in rounds]
    return next((board_round for board_round in built if not board_round.all_in), built[-1])


def _board_round(drawn, entered, reported, count):
    tables, sitting_out = {}, []
    for seat in drawn.seats.all():
        if seat.table == SITTING_OUT:
            sitting_out.append(seat.member)
            continue
        key = (drawn.number, seat.table)
        table = tables.setdefault(seat.table, DrawnTable(seat.table, [], entered.get(key), key in reported))
        table.seats.append(DrawnPlace(WINDS[seat.seat], seat.member))
    return BoardRound(drawn.number, [tables[number] for number in sorted(tables)], sitting_out, count)
