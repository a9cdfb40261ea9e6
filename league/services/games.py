"""Recording, correcting, voiding and restoring games: one transaction each.

Views call these with what a form gathered (an ``Entry``); every function
settles the game with the engine first, so nothing is saved that the engine
refused, and saves the game with all its seats at once.
"""

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import scoring

from ..models import Game, GameSeat, Meeting, Yakuman


class GameRefused(Exception):
    """A save that must not happen; ``message`` says why in the user's language."""

    def __init__(self, message, current=None):
        super().__init__(message)
        self.message = message
        self.current = current  # the game as it is now, for an edit conflict


@dataclass
class Entry:
    """A game as the secretary entered it: players and scores in seat order."""

    meeting: object
    round: int
    table: int
    members: list
    scores: list
    deposit: int = 0
    chips: list = field(default_factory=list)
    busts: list = field(default_factory=list)  # engine format: {"seat", "by"}
    yakuman: list = field(default_factory=list)  # engine format, with "name"
    chombo: list = field(default_factory=list)  # engine format: {"seat"}
    ended_by_yakuman: int | None = None

    def engine_game(self):
        game = {"scores": list(self.scores), "deposit": self.deposit,
                "chips": list(self.chips) or [0] * len(self.scores),
                "busts": self.busts, "yakuman": self.yakuman, "chombo": self.chombo}
        if self.ended_by_yakuman is not None:
            game["ended_by_yakuman"] = self.ended_by_yakuman
        return game

    def sheet(self):
        """What is kept on the game (and in its history): the entry with the players named."""
        return {"players": [m.pk for m in self.members], "names": [m.name for m in self.members],
                **self.engine_game()}


def rule_version_for(meeting):
    version = meeting.rule_set.version_on(meeting.date)
    if version is None:
        raise GameRefused(_("No rules of %(rule_set)s are in force on %(date)s. Add a rule version first.") % {
            "rule_set": meeting.rule_set, "date": meeting.date})
    return version


def settle_entry(entry):
    """The engine's result for ``entry`` under the rules in force that day (raises ScoringError)."""
    version = rule_version_for(entry.meeting)
    return version, scoring.settle(version.rules, entry.engine_game())


def record_game(entry, user):
    """Save a new game and its seats; returns the game."""
    version, result = settle_entry(entry)
    try:
        with transaction.atomic():
            # Locked, so that a close in the same moment either comes first (and refuses this game)
            # or waits for it (and settles with it).
            _refuse_if_closed(Meeting.objects.select_for_update().get(pk=entry.meeting.pk))
            game = Game(meeting=entry.meeting, rule_version=version, updated_by=user)
            fill_game(game, entry, result)
            game.save()
            _save_seats(game, entry, result)
    except IntegrityError as error:
        raise GameRefused(_table_taken(entry)) from error
    return game


def correct_game(game, entry, expected_version, user):
    """Save an edit of ``game`` made from ``expected_version``; a stale edit is refused."""
    version, result = settle_entry(entry)
    try:
        with transaction.atomic():
            current = _lock(game, expected_version)
            _refuse_if_closed(current.meeting)
            _refuse_if_closed(entry.meeting)
            current.meeting = entry.meeting
            current.rule_version = version
            current.updated_by = user
            current.version += 1  # the row is locked, so a plain increment is safe
            fill_game(current, entry, result)
            current.save()
            current.seats.all().delete()
            current.yakuman.all().delete()
            _save_seats(current, entry, result)
    except IntegrityError as error:
        raise GameRefused(_table_taken(entry)) from error
    current.refresh_from_db()
    return current


def recompute_game(game, user=None):
    """Settle ``game`` again from its sheet under the rule version in force; returns the result."""
    entry = entry_from_game(game)
    _, result = settle_entry(entry)
    return entry, result


def set_void(game, void, expected_version, user):
    """Void a game (it stops counting) or restore it; both are kept in its history."""
    try:
        with transaction.atomic():
            current = _lock(game, expected_version)
            _refuse_if_closed(current.meeting)
            current.void = void
            current.updated_by = user
            current.version += 1  # the row is locked, so a plain increment is safe
            current.save()
    except IntegrityError as error:
        raise GameRefused(_("Another game now holds round %(round)s at table %(table)s; "
                            "void or move it before restoring this one.") % {
            "round": game.round, "table": game.table}) from error
    current.refresh_from_db()
    return current


def entry_from_game(game):
    """The Entry a stored game was saved from (members by seat from its sheet)."""
    sheet = game.sheet
    # Reads prefetched seats when the caller loaded them (prefetch_related("seats__member")).
    seats = {seat.seat: seat.member for seat in game.seats.all()}
    members = [seats[i] for i in range(len(sheet["scores"]))]
    return Entry(
        meeting=game.meeting, round=game.round, table=game.table, members=members,
        scores=sheet["scores"], deposit=sheet.get("deposit", 0), chips=sheet.get("chips", []),
        busts=sheet.get("busts", []), yakuman=sheet.get("yakuman", []), chombo=sheet.get("chombo", []),
        ended_by_yakuman=sheet.get("ended_by_yakuman"),
    )


def _lock(game, expected_version):
    current = Game.objects.select_for_update().select_related("meeting").get(pk=game.pk)
    if current.version != expected_version:
        raise GameRefused(
            _("Someone else saved this game while you were editing it. Its current values are shown below; "
              "check them and make your change again."), current=current)
    return current


def _refuse_if_closed(meeting):
    if meeting.closed:
        raise GameRefused(_("The meeting of %(date)s is closed. A secretary must reopen it first.") % {
            "date": meeting.date})


def _table_taken(entry):
    return _("Round %(round)s at table %(table)s already has a game in this meeting.") % {
        "round": entry.round, "table": entry.table}


def build_rows(game, entry, result):
    """The unsaved GameSeat and Yakuman rows of ``game`` (for saving, or bulk-creating many games)."""
    chips = entry.chips or [0] * len(result)
    seats = [
        GameSeat(
            game=game, seat=seat.seat, member=entry.members[seat.seat], score=seat.score,
            chips=chips[seat.seat], place=seat.place,
            base=seat.tenths["base"], oka=seat.tenths["oka"], uma=seat.tenths["uma"],
            bust=seat.tenths["bust"], chip_points=seat.tenths["chips"], shugi=seat.tenths["shugi"],
            chombo=seat.tenths["chombo"], total=seat.tenths["total"],
        )
        for seat in result
    ]
    yakuman = [
        Yakuman(
            game=game, member=entry.members[event["seat"]], seat=event["seat"], name=event.get("name", ""),
            kind=event.get("kind", "yakuman"), win=event["win"], discarder_seat=event.get("from"),
            pao_seat=event.get("pao"), count=event.get("count", 1),
        )
        for event in entry.yakuman
    ]
    return seats, yakuman


def fill_game(game, entry, result):
    """Copy the entry and the table-wide results onto ``game`` (not saved)."""
    game.round = entry.round
    game.table = entry.table
    game.deposit = entry.deposit
    game.sheet = entry.sheet()
    game.floats = result.floats
    game.double_maru_a = result.double_maru_a


def _save_seats(game, entry, result):
    seats, yakuman = build_rows(game, entry, result)
    GameSeat.objects.bulk_create(seats)
    Yakuman.objects.bulk_create(yakuman)
