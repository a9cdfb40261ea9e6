"""The member page's figures of a span of a member's games in play order (a calendar month, or the days of a
period outside its whole months), as ``MemberMonthFigures`` stores them and the page adds them up: pure, no
database.

A game is as a meeting line keeps it (``MeetingLine.games_played``): ``[game id, round, table, seat, place,
total, opponents]``, the opponents ``[[member id, place, total], …]``.  The figures are what the page counted
game by game (``stats.member_games``): by seat, against each opponent, the highest and lowest running total
(the first game reaching it), and the pieces of the runs (連続) of each kind that join as the records' day pieces
do (``services.record_lines``): the run a span starts with, the one it ends with and the longest touching
neither end (the latest of equal ones).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# The runs the member page shows (``member_games.STREAK_KINDS``), in the order the pieces are stored.
KINDS = ("top", "not_last", "positive")
PIECE = ("start", "start_last", "end", "end_first", "inner", "inner_first", "inner_last")
SEAT_FIGURES = ("games", "place_sum", "tops", "lasts", "points")
SEATS = range(4)  # 東 南 西 北: a game has four seats at most
OPPONENT_FIGURES = ("games", "above", "below", "even", "points", "opponent_points")


def holds(kind: str, place: int, players: int, total: int) -> bool:
    """Whether a game continues a run of ``kind``: a top is 1st, a last the last place number (a split tie at the
    bottom is not last), a positive total above 0."""
    if kind == "top":
        return place == 1
    if kind == "not_last":
        return place != players
    return total > 0


def run_pieces(held: Sequence[bool], ids: Sequence[int]) -> tuple:
    """A span's piece of one kind (the values of ``PIECE``) from whether each of its games (``ids``, in play
    order) holds."""
    start = next((index for index, value in enumerate(held) if not value), len(held))
    if start == len(held):  # the whole span is one run
        return (start, ids[-1], start, ids[0], 0, None, None)
    end = next(index for index, value in enumerate(reversed(held)) if not value)
    inner, inner_first, inner_last, length = 0, None, None, 0
    for index in range(start, len(held) - end):
        length = length + 1 if held[index] else 0
        if length and length >= inner:
            inner, inner_first, inner_last = length, ids[index - length + 1], ids[index]
    return (
        start,
        ids[start - 1] if start else None,
        end,
        ids[len(ids) - end] if end else None,
        inner,
        inner_first,
        inner_last,
    )


@dataclass
class SpanFigures:
    """What a span of games adds up to (tenths for points); ``seats`` and ``opponents`` map a seat or an
    opponent's id to their figures (``SEAT_FIGURES``, ``OPPONENT_FIGURES``)."""

    games: int = 0
    points: int = 0
    first_game: int | None = None
    last_game: int | None = None
    high: int = 0  # the highest running total from the span's start, after its ``high_at``-th game
    high_at: int = 0
    low: int = 0
    low_at: int = 0
    runs: dict = field(default_factory=dict)  # kind → the values of PIECE
    seats: dict = field(default_factory=dict)
    opponents: dict = field(default_factory=dict)


def span_figures(games: Sequence[Sequence]) -> SpanFigures:
    """The figures of ``games`` (as the lines keep them, in play order; at least one)."""
    figures = SpanFigures(games=len(games), first_game=games[0][0], last_game=games[-1][0])
    running, held = 0, {kind: [] for kind in KINDS}
    for number, (_game, _round, _table, seat, place, total, met) in enumerate(games, start=1):
        players = len(met) + 1
        running += total
        if number == 1 or running > figures.high:
            figures.high, figures.high_at = running, number
        if number == 1 or running < figures.low:
            figures.low, figures.low_at = running, number
        for kind in KINDS:
            held[kind].append(holds(kind, place, players, total))
        row = figures.seats.get(seat)
        if row is None:
            row = figures.seats[seat] = [0] * len(SEAT_FIGURES)
        row[0] += 1
        row[1] += place
        row[2] += place == 1
        row[3] += place == players
        row[4] += total
        for opponent, opponent_place, opponent_total in met:
            against = figures.opponents.get(opponent)
            if against is None:
                against = figures.opponents[opponent] = [0] * len(OPPONENT_FIGURES)
            against[0] += 1
            against[1 if place < opponent_place else 2 if place > opponent_place else 3] += 1
            against[4] += total
            against[5] += opponent_total
    figures.points = running
    ids = [game[0] for game in games]
    figures.runs = {kind: run_pieces(held[kind], ids) for kind in KINDS}
    return figures


def _better(candidate: tuple, best: tuple) -> tuple:
    """The later of two runs when it is as long or longer (``streaks`` keeps the latest of equal runs)."""
    return candidate if candidate[0] and candidate[0] >= best[0] else best


def longest_and_current(spans: Iterable[tuple[int, int, int, Sequence]]) -> tuple[tuple, tuple]:
    """The longest run (the latest of equal ones) and the run still going at the end, each ``(length, first game,
    last game)``, of spans in play order, each ``(games, first game, last game, piece)``."""
    best = run = (0, None, None)  # run: the one still going at the end of the spans so far
    for games, first_game, last_game, piece in spans:
        start, start_last, end, end_first, inner, inner_first, inner_last = piece
        if start == games:
            run = (run[0] + games, run[1] if run[0] else first_game, last_game)
            continue
        if start:
            best = _better((run[0] + start, run[1] if run[0] else first_game, start_last), best)
        else:
            best = _better(run, best)
        best = _better((inner, inner_first, inner_last), best)
        run = (end, end_first, last_game) if end else (0, None, None)
    return _better(run, best), run
