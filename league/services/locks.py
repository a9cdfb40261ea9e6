"""The one order in which every writer takes its row locks (docs/security.md, "Lock order").

    club → rule set → import batch → meeting → drawn round → drawn seat → reported result → game
         → membership → member → season → attendance, adjustment → invite → a member's page months
         → a club's kept money months

The last two are no rows: advisory locks per member (PostgreSQL; ``lock_member_months``) and per club
(``lock_kept_months``), taken when nothing else is left to lock, so that a writer holding one never waits for a
row.

Each kind by id, smallest first.  A writer may skip kinds but never goes back to an earlier one: two writers
then always wait for each other in the same direction, and PostgreSQL never has to break a deadlock (a 500).
A writer that learns which rows it needs only from later rows (a game's meeting, a guest's days) reads them
first without a lock, locks in this order, then checks what it read is still so.

A row that is gone by the time it is locked (a game an undone import removed, a meeting deleted) is refused
with a message in the user's language, never a DoesNotExist.  Inserts need no lock of their own: the row
they point to is checked when the transaction commits (deferred foreign keys), after every lock above.
"""

from collections.abc import Callable, Iterable

from django.db import connections, router
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

from ..models.games import Game
from ..models.meetings import Meeting
from ..models.people import Member
from .refusals import Refused


def lock_rows(queryset: QuerySet, ids: Iterable[int | None], no_key: bool = False) -> dict[int, Model]:
    """Lock the rows of ``ids`` in ``queryset`` in id order (only its own table's rows); returns those still there.

    ``no_key``: FOR NO KEY UPDATE, for a writer that changes what is kept about the rows, not the rows: it waits
    for the others' locks but not for the keys checked at another writer's commit."""
    wanted = sorted({pk for pk in ids if pk is not None})
    if not wanted:
        return {}
    rows = queryset.select_for_update(of=("self",), no_key=no_key).filter(pk__in=wanted).order_by("pk")
    return {row.pk: row for row in rows}


def lock_meetings(ids: Iterable[int | None]) -> dict[int, Meeting]:
    """Lock the meetings of ``ids`` (id order); those gone are left out."""
    return lock_rows(Meeting.objects.select_related("rule_set", "club"), ids)


def lock_meeting(meeting: Meeting | int, refused: Callable[[str], Refused] = Refused) -> Meeting:
    """Lock one meeting and return it as it is now; ``refused`` when it is gone."""
    pk = meeting if isinstance(meeting, int) else meeting.pk
    current = lock_meetings([pk]).get(pk)
    if current is None:
        raise refused(gone_meeting())
    return current


def lock_games(ids: Iterable[int | None]) -> dict[int, Game]:
    """Lock the games of ``ids`` (id order), after the caller locked their meetings; those gone are left out."""
    return lock_rows(Game.objects.all(), ids)


def lock_game(game: Game | int, also: Iterable[int | None] = (), refused: Callable[[str], Refused] = Refused) -> Game:
    """Lock a game's meeting (and the meetings of ``also``, a day it moves to), then the game; returns the game,
    its ``meeting`` the locked one.  ``refused`` when the game is gone (an import undone under the form)."""
    pk = game if isinstance(game, int) else game.pk
    meeting_id = Game.objects.filter(pk=pk).values_list("meeting_id", flat=True).first()
    if meeting_id is None:
        raise refused(gone_game())
    meetings = lock_meetings([meeting_id, *also])
    current = lock_games([pk]).get(pk)
    if current is None:
        raise refused(gone_game())
    if current.meeting_id not in meetings:
        # Moved to another day between the read and the lock (a correction): locking that day now would
        # break the order, and the form was made from what the game was before anyway.
        raise refused(_("This game was moved to another day meanwhile. Nothing was saved: check it and try again."))
    current.meeting = meetings[current.meeting_id]
    return current


def lock_members(ids: Iterable[int | None], club: int | None = None, no_key: bool = False) -> dict[int, Member]:
    """Lock the club's members of ``ids`` (id order); those gone are left out.  ``no_key``: as ``lock_rows``
    (the records' all-time lines, rebuilt by every writer of seats: ``services.record_lines``)."""
    members = Member.objects.all() if club is None else Member.objects.filter(club=club)
    return lock_rows(members, ids, no_key=no_key)


# The first key of the advisory locks of the member page's months (the second is the member's id).
MEMBER_MONTHS_LOCK = 2027


# The first key of the advisory locks of a club's kept money months (the second is the club's id).
KEPT_MONTHS_LOCK = 2028


def lock_member_months(ids: Iterable[int | None]) -> None:
    """Take the advisory locks of the members' page months (``services.member_months``), in id order, until the
    transaction ends: two writers counting one member's months count them one after the other.  A writer takes them
    last of all (after its rows); SQLite has one writer at a time already."""
    _advisory_locks(MEMBER_MONTHS_LOCK, ids)


def lock_kept_months(club_ids: Iterable[int | None]) -> None:
    """Take the advisory locks of the clubs' kept money months (``services.kept_money``), in id order, until the
    transaction ends: two writers adding up one club's months (closing two days of one month at once) add them up
    one after the other, the second from what the first committed.  Taken after every other lock."""
    _advisory_locks(KEPT_MONTHS_LOCK, club_ids)


def _advisory_locks(kind: int, ids: Iterable[int | None]) -> None:
    connection = connections[router.db_for_write(Member)]
    if connection.vendor != "postgresql":
        return
    wanted = sorted({pk for pk in ids if pk is not None})
    if not wanted:
        return
    # One statement for all of them: a save's four players took four round trips (eight, with a second call).  The
    # function scan of ``unnest`` yields the ids in the array's order, so they are still taken smallest first.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, id) FROM unnest(%s::integer[]) AS ids(id)", [kind, wanted])


def gone_game() -> str:
    return _(
        "This game no longer exists: it was removed meanwhile (an import undone, for instance). Nothing was saved."
    )


def gone_meeting() -> str:
    return _(
        "This meeting no longer exists: it was removed meanwhile (an import undone, for instance). Nothing was saved."
    )
