"""Recording, correcting, voiding and restoring games: one transaction each.

A form gathers an ``Entry`` and settles it once, with ``settle_game`` (``services.settling``), under the
rule version in force on the meeting's date; views pass that ``SettledGame`` to
``record_game`` or ``correct_game``, which save the game with all its seats at
once.  Nothing reaches the database that the engine has not settled, and no
game is settled twice on its way there.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models.games import Game, GameSeat, Yakuman
from ..models.text import clean_name
from . import entry_checks
from .guests import save_guest
from .locks import lock_game, lock_meeting
from .meeting_lines import refresh_meeting_lines
from .refusals import GameRefused, Refused
from .settling import build_rows, fill_game


def record_game(settled, user, checks=None):
    """Save a new game and its seats as ``settled``; returns the game. ``checks`` (services.entry_checks) says
    what the entry form was opened from and what its secretary confirmed."""
    entry = settled.entry
    try:
        with transaction.atomic():
            # Locked, so that a close in the same moment either comes first (and refuses this game)
            # or waits for it (and settles with it).
            _refuse_if_closed(lock_meeting(entry.meeting, GameRefused))
            entry_checks.check_entry(entry, checks)
            game = Game(meeting=entry.meeting, updated_by=user)
            store_settled(game, settled)
            # A new game changes its players' lines of the day only.
            refresh_meeting_lines([game.meeting_id], locked=True, members=[p.pk for p in settled.entry.members])
    except IntegrityError as error:
        raise GameRefused(_conflict(entry)) from error
    return game


def correct_game(game, settled, expected_revision, user, checks=None):
    """Save an edit of ``game`` made from ``expected_revision`` as ``settled``; a stale edit is refused."""
    entry = settled.entry
    try:
        with transaction.atomic():
            current = _lock(game, expected_revision, moving_to=entry.meeting.pk)
            _refuse_if_closed(current.meeting)
            _refuse_if_closed(lock_meeting(entry.meeting, GameRefused))  # locked by _lock already: as it is now
            entry_checks.check_entry(entry, checks, game=current)
            moved_from = current.meeting_id
            current.meeting = entry.meeting
            current.updated_by = user
            current.revision += 1  # the row is locked, so a plain increment is safe
            store_settled(current, settled)
            # Both days are locked (_lock) and open.
            refresh_meeting_lines([moved_from, current.meeting_id], locked=True)
    except IntegrityError as error:
        raise GameRefused(_conflict(entry, game.pk)) from error
    current.refresh_from_db()
    return current


def set_void(game, void, expected_revision, user):
    """Void a game (it stops counting) or restore it; both are kept in its history."""
    try:
        with transaction.atomic():
            current = _lock(game, expected_revision)
            _refuse_if_closed(current.meeting)
            current.void = void
            current.updated_by = user
            current.revision += 1  # the row is locked, so a plain increment is safe
            current.save()
            refresh_meeting_lines([current.meeting_id], locked=True)
    except IntegrityError as error:
        raise GameRefused(
            _("Another game now holds round %(round)s at table %(table)s; void or move it before restoring this one.")
            % {"round": game.round, "table": game.table}
        ) from error
    current.refresh_from_db()
    return current


def _lock(game, expected_revision, moving_to=None):
    # Locks the game's meeting (and the one it moves to), then the game (services/locks.py): the meetings'
    # stored lines are refreshed after.
    current = lock_game(game, also=[moving_to], refused=GameRefused)
    if current.revision != expected_revision:
        raise GameRefused(
            _(
                "Someone else saved this game while you were editing it. Its current values are shown below; "
                "check them and make your change again."
            ),
            current=current,
        )
    return current


def _refuse_if_closed(meeting):
    if meeting.closed:
        raise GameRefused(
            _("The meeting of %(date)s is closed. A secretary must reopen it first.") % {"date": meeting.date}
        )


def _conflict(entry, game_pk=None):
    # What the database refused: the table taken meanwhile, or else a seated person gone by the commit (a guest
    # merged into a member: the foreign keys are checked then, after the merge's lock).
    taken = Game.objects.filter(meeting=entry.meeting, round=entry.round, table=entry.table, void=False)
    if taken.exclude(pk=game_pk).exists():
        return _table_taken(entry)
    return _(
        "A player of this game was merged into another member or removed meanwhile. Nothing was saved: "
        "choose the players again."
    )


def _table_taken(entry):
    return _("Round %(round)s at table %(table)s already has a game in this meeting.") % {
        "round": entry.round,
        "table": entry.table,
    }


def seat_guests(entry):
    """Save the new guests (ゲスト) the entry seats, inside the caller's transaction (``services.guests.save_guest``).

    A guest whose name someone was given meanwhile (another secretary seating the same visitor) is seated as
    that person, so that a name is never in the club twice.
    """
    for seat, person in enumerate(entry.members):
        if person.pk is None:
            try:
                entry.members[seat] = save_guest(person)
            except Refused as refusal:
                raise GameRefused(
                    _("“%(name)s” was added to the club at the same moment. Save the game again.")
                    % {"name": clean_name(person.name)}
                ) from refusal


def store_settled(game, settled):
    """Save ``game`` as ``settled``, its seats and yakuman replaced (inside the caller's transaction)."""
    stored_before = game.pk is not None
    seat_guests(settled.entry)
    game.rule_version = settled.rule_version
    fill_game(game, settled.entry, settled.result)
    game.save()
    if stored_before:
        game.seats.all().delete()
        game.yakuman.all().delete()
    seats, yakuman = build_rows(game, settled.entry, settled.result)
    GameSeat.objects.bulk_create(seats)
    Yakuman.objects.bulk_create(yakuman)
