"""A game as typed, settled by the engine once, and the rows that store it: everything about a game that comes
before the transaction saving it (``services.games``) and needs no lock.

A form or an import row gathers an ``Entry`` (players and scores in seat order, or final points); the engine
settles it once (``settle_game``, or ``settle_in_force`` under the rule version in force on its meeting's day)
into a ``SettledGame``; ``game_columns``, ``seat_columns`` and ``yakuman_columns`` say what a settlement stores,
and ``fill_game`` and ``build_rows`` make them the game's row and its seat and yakuman rows, unsaved, for one
game (``services.games.store_settled``) or many bulk-created at once (the demo, the recompute; the importer
inserts the columns themselves); ``entry_from_game`` gives back the Entry a stored game was saved from.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import scoring
from scoring.points import json_points, tenths_from_points

from ..models.games import GameSeat, Yakuman
from .refusals import GameRefused


@dataclass
class Entry:
    """A game as the secretary entered it: players and scores in seat order.

    A points-only game (点数なし) carries ``points`` instead, each player's final points before chips in
    integer tenths, and ``scores`` is None; it has no busts (docs/scoring.md, "Points-only games").
    """

    meeting: object
    round: int
    table: int
    members: list
    scores: list | None
    deposit: int = 0
    chips: list = field(default_factory=list)
    busts: list = field(default_factory=list)  # engine format: {"seat", "by"}
    yakuman: list = field(default_factory=list)  # engine format, with "name"
    chombo: list = field(default_factory=list)  # engine format: {"seat"}
    ended_by_yakuman: int | None = None
    points: list | None = None  # tenths, for a points-only game
    # A points-only game from a sheet of final points (a 集計表, chat lines): its deposit and chombo were never
    # written down, so the engine allows the sums they could have made (docs/scoring.md).
    extras_unrecorded: bool = False

    @property
    def points_only(self):
        return self.points is not None

    def engine_game(self):
        return engine_game(self)

    def sheet(self):
        """What is kept on the game (and in its history): the entry with the players named."""
        return {"players": [m.pk for m in self.members], "names": [m.name for m in self.members], **self.engine_game()}


def seat_ending_the_game(settings, yakuman, ended=None):
    """The seat whose yakuman ended the game (ダブルマルA), for the engine's ``ended_by_yakuman``.

    Ruling (docs/scoring.md): in a win-points game (ブー麻雀) a yakuman always ends the game at once, so the
    first yakuman (not a counted one) ends it even when nobody said so; ``ended`` is what was said explicitly.
    """
    if ended is not None or settings["method"] != "win_points":
        return ended
    return next((event["seat"] for event in yakuman if event.get("kind", "yakuman") == "yakuman"), None)


def engine_game(game):
    """The game dict of docs/scoring.md for an Entry or a planned import row (anything with the same fields):
    for ``scoring.settle``, or ``scoring.settle_points`` when the game is points only."""
    seats = len(game.points if game.points_only else game.scores)
    data = {
        "deposit": game.deposit,
        "chips": list(game.chips) or [0] * seats,
        "yakuman": game.yakuman,
        "chombo": game.chombo,
    }
    if game.points_only:
        data["points"] = [json_points(tenths) for tenths in game.points]
    else:
        data["scores"] = list(game.scores)
        data["busts"] = game.busts
    if game.ended_by_yakuman is not None:
        data["ended_by_yakuman"] = game.ended_by_yakuman
    if game.points_only and game.extras_unrecorded:
        data["extras_unrecorded"] = True
    return data


@dataclass(frozen=True)
class SettledGame:
    """An entry with the engine's result for it under ``rule_version``: what saving a game stores."""

    entry: Entry
    rule_version: object
    result: scoring.Settlement


def settle_game(entry, rule_version):
    """Settle ``entry`` under ``rule_version`` (raises scoring.ScoringError, naming the bad part)."""
    return SettledGame(entry, rule_version, settle_entry(rule_version.rules, entry))


def settle_entry(rules, entry):
    """The engine's settlement of an Entry or a planned import row: by scores, or by points when points only."""
    settle = scoring.settle_points if entry.points_only else scoring.settle
    return settle(rules, engine_game(entry))


def settle_in_force(entry):
    """Settle ``entry`` under the version in force on its meeting's date (for a game settled again from its sheet).

    Raises GameRefused when no version is in force then, scoring.ScoringError when the engine refuses.
    """
    meeting = entry.meeting
    version = meeting.rule_set.version_on(meeting.date)
    if version is None:
        raise GameRefused(no_rules_in_force(meeting.rule_set, meeting.date))
    return settle_game(entry, version)


def no_rules_in_force(rule_set, day):
    """Why a game of ``rule_set`` on ``day`` cannot be settled: no version is in force then."""
    return _("No rules of %(rule_set)s are in force on %(date)s. Add a rule version first.") % {
        "rule_set": rule_set,
        "date": day,
    }


def entry_from_game(game, seats=None):
    """The Entry a stored game was saved from (members by seat from its sheet).

    ``seats`` maps each seat to its member when the caller read them already (a recomputation reads the seats
    of many games at once); otherwise the game's seats are read, or its prefetched ones
    (prefetch_related("seats__member")).
    """
    sheet = game.sheet
    if seats is None:
        seats = {seat.seat: seat.member for seat in game.seats.all()}
    points = sheet.get("points")
    members = [seats[i] for i in range(len(sheet["points"] if points is not None else sheet["scores"]))]
    return Entry(
        meeting=game.meeting,
        round=game.round,
        table=game.table,
        members=members,
        scores=sheet.get("scores"),
        deposit=sheet.get("deposit", 0),
        chips=sheet.get("chips", []),
        points=None if points is None else [tenths_from_points(value) for value in points],
        busts=sheet.get("busts", []),
        yakuman=sheet.get("yakuman", []),
        chombo=sheet.get("chombo", []),
        ended_by_yakuman=sheet.get("ended_by_yakuman"),
        extras_unrecorded=sheet.get("extras_unrecorded", False),
    )


# The one way a settlement is stored: ``game_columns`` (``fill_game`` onto the game), ``seat_columns`` (through
# GameSeat.settled_columns) and ``yakuman_columns``; ``build_rows`` makes them the unsaved rows of one game.  A single
# game is saved with ``services.games.store_settled``; the demo and the benchmark bulk-create many games with
# ``fill_game`` and ``build_rows``, the importer inserts the columns as they are (``services.bulk.insert_values``).


def game_columns(entry, result):
    """The game's own columns for ``entry`` settled as ``result`` (its table-wide part: ``floats``,
    ``double_maru_a``)."""
    return {
        "round": entry.round,
        "table": entry.table,
        "deposit": entry.deposit,
        "sheet": entry.sheet(),
        "points_only": entry.points_only,
        "floats": result.floats,
        "double_maru_a": result.double_maru_a,
    }


def seat_columns(entry, result):
    """Each seat's columns but its game, in seat order (``member`` the Member)."""
    chips = entry.chips or [0] * len(result)
    return [
        {
            "seat": seat.seat,
            "member": entry.members[seat.seat],
            "score": seat.score,
            "chips": chips[seat.seat],
            **GameSeat.settled_columns(seat),
        }
        for seat in result
    ]


def yakuman_columns(entry):
    """Each yakuman's columns but its game (``member`` the winner)."""
    return [
        {
            "member": entry.members[event["seat"]],
            "seat": event["seat"],
            "name": event.get("name", ""),
            "kind": event.get("kind", "yakuman"),
            "win": event["win"],
            "discarder_seat": event.get("from"),
            "pao_seat": event.get("pao"),
            "count": event.get("count", 1),
        }
        for event in entry.yakuman
    ]


def build_rows(game, entry, result):
    """The unsaved GameSeat and Yakuman rows of ``game`` (for saving, or bulk-creating many games)."""
    seats = [GameSeat(game=game, **columns) for columns in seat_columns(entry, result)]
    yakuman = [Yakuman(game=game, **columns) for columns in yakuman_columns(entry)]
    return seats, yakuman


def fill_game(game, entry, result):
    """Copy the entry and the table-wide results onto ``game`` (not saved)."""
    for name, value in game_columns(entry, result).items():
        setattr(game, name, value)
