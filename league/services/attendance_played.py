"""Keeping ``Attendance.played`` ("this person has a meeting line that day") equal to the day's lines.

The awards' attendance (皆勤, ``stats.awards``) counts the days someone came without playing from the attendance
rows with ``played`` false alone (a partial index holds just those), instead of looking for a line of every row of
the period.  Two kinds of write change it:

- a row written (``Attendance.save``: the attendance page, the accounts, a guest's row moved by a merge, the admin)
  reads the day's lines itself;
- the day's lines refreshed (``services.meeting_lines.refresh_meeting_lines``: every writer of seats, imports and
  their undo, a recompute, a merge) call ``lines_came_or_went`` with the (meeting, member) pairs whose line appeared or
  went, after every row lock it takes (the lock order's "attendance": docs/security.md), in its transaction;
  ``refresh_club_lines`` (``manage.py recompute --commit``) sets every row of the club again (``set_played``).

Migration 0029 filled it with its own copy of the statement.
"""

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, QuerySet

from ..models.meeting_lines import MeetingLine
from ..models.meeting_people import Attendance

# Meetings one statement names at most, as ``services.meeting_lines`` refreshes them: a bound IN list both take.
CHUNK = 500


def has_line() -> Exists:
    """Whether the attendance row (the outer query's) has a meeting line of its person that day."""
    return Exists(MeetingLine.objects.filter(meeting_id=OuterRef("meeting_id"), member_id=OuterRef("member_id")))


def set_played(rows: QuerySet) -> int:
    """Set ``played`` of the attendance ``rows`` from their days' lines: only the rows it changes are written (two
    UPDATEs); how many."""
    changed = rows.filter(played=False).filter(has_line()).update(played=True)
    return changed + rows.filter(played=True).exclude(has_line()).update(played=False)


def lines_came_or_went(pairs: Iterable[tuple[int, int]]) -> None:
    """After a refresh of lines: the (meeting, member) ``pairs`` whose line appeared or went.

    Their rows are set again from the lines (not flipped), found by the meetings and the members the pairs name
    (not pair by pair: an import's thousands stay a few statements); the other rows of those meetings and members
    agree already, so only the pairs' are written."""
    by_meeting: dict[int, set[int]] = {}
    for meeting, member in pairs:
        by_meeting.setdefault(meeting, set()).add(member)
    meetings = sorted(by_meeting)
    for start in range(0, len(meetings), CHUNK):
        chunk = meetings[start : start + CHUNK]
        members = sorted(set().union(*(by_meeting[meeting] for meeting in chunk)))
        set_played(Attendance.objects.filter(meeting_id__in=chunk, member_id__in=members))
