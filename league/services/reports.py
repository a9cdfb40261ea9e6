"""Results reported by a player at a drawn table (報告), and what the secretary does with them.

A report never counts: it is kept as typed (``ReportedResult.sheet``, the entry form's fields) until a
secretary confirms it, saving the game through ``record_game`` in the same transaction, or turns it down.
A second report for the same table is added beside the first, not written over it (docs/entry.md,
"Results reported by players"): the secretary sees the latest, and that there were two.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from ..models.draws import ReportedResult
from ..stats.drawn_tables import drawn_table, seated_members
from .games import GameRefused, record_game
from .locks import lock_meeting
from .refusals import Refused

NOT_ALLOWED = 403  # this person may not report this table
TOO_LATE = 409  # nobody may report it any more: the meeting is closed, or the game is entered


class ReportRefused(Refused):
    """A report that must not be taken; ``status`` is the page's HTTP status."""

    def __init__(self, message, status):
        super().__init__(message)
        self.status = status


def table_to_report(meeting, round_number, table, user):
    """The drawn table ``user`` may report, or ReportRefused saying why not."""
    where = {"round": round_number, "table": table}
    if not meeting.club.players_report_results:
        raise ReportRefused(
            _("This club does not take results from players: give the scores to the secretary."), NOT_ALLOWED
        )
    drawn = drawn_table(meeting, round_number, table)
    mine = set(seated_members(meeting.club, user).values_list("pk", flat=True))
    if drawn is None or not mine & {member.pk for member in drawn.members}:
        raise ReportRefused(
            _("You are not seated at round %(round)s, table %(table)s: only its players may report its result.")
            % where,
            NOT_ALLOWED,
        )
    if meeting.closed:
        raise ReportRefused(
            _("The meeting of %(date)s is closed: results are no longer taken.") % {"date": meeting.date}, TOO_LATE
        )
    if drawn.entered:
        raise ReportRefused(
            _("The game of round %(round)s, table %(table)s is already entered by the secretary.") % where, TOO_LATE
        )
    return drawn


def report_result(meeting, round_number, table, sheet, user):
    """Keep what a seated player typed for their table, checked again under the meeting's lock."""
    with transaction.atomic():
        meeting = lock_meeting(meeting, lambda message: ReportRefused(message, TOO_LATE))
        table_to_report(meeting, round_number, table, user)
        return ReportedResult.objects.create(
            meeting=meeting, round=round_number, table=table, sheet=sheet, reported_by=user
        )


def _pending(report):
    current = ReportedResult.objects.select_for_update().get(pk=report.pk)
    if current.status != ReportedResult.Status.PENDING:
        raise GameRefused(_("This report was already %(status)s.") % {"status": current.get_status_display()})
    return current


def confirm_report(report, settled, user, checks=None):
    """Save ``settled`` (the report as the secretary confirmed or corrected it) as the game, and mark the
    report confirmed with it; a table whose game was entered meanwhile is refused as any second game is."""
    with transaction.atomic():
        lock_meeting(report.meeting_id, GameRefused)  # the meeting before the report (services/locks.py)
        current = _pending(report)
        game = record_game(settled, user, checks)
        current.status = ReportedResult.Status.CONFIRMED
        current.game = game
        current.save()
    return game


def turn_down(report):
    """The secretary does not take the report (it stays, turned down, in the meeting's history)."""
    with transaction.atomic():
        current = _pending(report)
        current.status = ReportedResult.Status.TURNED_DOWN
        current.save()
    return current
