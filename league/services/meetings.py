"""Closing a day: attendance, venue fee, the settlement kept at the close; reopening and re-settling it.

Each close, reopening and re-settling adds a ``Settlement`` entry (who, when, why, the money), in the
same transaction as the meeting's change; ``Meeting.settlement`` is the record in force while closed.
"""

import hashlib

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models.meeting_people import Attendance
from ..models.meetings import Meeting, Settlement
from ..stats.day import record_of, settle_games
from ..stats.settlements import differences
from .kept_money import keep_meeting_money
from .locks import lock_meeting
from .refusals import Refused


def accounts_mark(meeting):
    """A short fingerprint of the day's accounts as saved now, to notice a save made meanwhile."""
    attendance = sorted(Attendance.objects.filter(meeting=meeting).values_list("member_id", "present_at_close"))
    text = f"{meeting.venue_fee}|{meeting.rounds}|{meeting.closed}|{attendance}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def save_accounts(meeting, venue_fee, rounds, attendance, expected_mark=None):
    """Record the day's venue fee, rounds and who came (``attendance``: member → stayed to the close).

    With ``expected_mark`` (from ``accounts_mark`` when the form was shown), a save
    made from accounts someone else has changed since is refused.
    """
    with transaction.atomic():
        current = lock_meeting(meeting)
        if current.closed:
            raise Refused(_("The meeting is closed. Reopen it to change its accounts."))
        if expected_mark is not None and expected_mark != accounts_mark(current):
            raise Refused(
                _(
                    "Someone else saved these accounts while you were working on them. The form "
                    "now shows your choices again: check them and save once more."
                )
            )
        current.venue_fee = venue_fee
        current.rounds = rounds
        current.save()
        kept = {a.member_id: a for a in Attendance.objects.filter(meeting=current)}
        for member, stayed in attendance.items():
            record = kept.pop(member.pk, None)
            if record is None:
                Attendance.objects.create(meeting=current, member=member, present_at_close=stayed)
            elif record.present_at_close != stayed:
                record.present_at_close = stayed
                record.save()
        for record in kept.values():
            record.delete()
    return current


def set_closed(meeting, closed, user=None, reason=""):
    """Close a meeting (its games lock and its money is kept as settled) or reopen it, saying why.

    Reopening without a reason is refused: the reason is kept with the meeting's settlements.
    """
    reason = (reason or "").strip()
    if not closed and not reason:
        raise Refused(_("Say why the meeting is reopened: the reason is kept with its settlements."), "reason")
    with transaction.atomic():
        current = lock_meeting(meeting)
        if not closed and not current.closed:
            raise Refused(_("This meeting is open: there is nothing to reopen."))
        if current.closed != closed:
            record = record_of(settle_games(current)) if closed else None
            current.settlement = record
            current.closed = closed
            _save(current, user, Settlement.Action.CLOSED if closed else Settlement.Action.REOPENED)
            Settlement.objects.create(
                meeting=current,
                action=Settlement.Action.CLOSED if closed else Settlement.Action.REOPENED,
                by=user,
                reason=reason,
                record=record,
            )
            keep_meeting_money([current.pk])
    return current


def resettle(meeting, user, reason):
    """Keep the closed meeting's money as its games settle now (after a rule correction changed them).

    The owner's explicit act: refused without a reason, on an open meeting, or when the kept settlement
    already matches the games.
    """
    reason = (reason or "").strip()
    if not reason:
        raise Refused(_("Say why the meeting is re-settled: the reason is kept with its settlements."), "reason")
    with transaction.atomic():
        current = lock_meeting(meeting)
        if not current.closed:
            raise Refused(_("The meeting is open: its money is settled from its games until it is closed."))
        record = record_of(settle_games(current))
        if current.settlement and not differences(current.settlement, record):
            raise Refused(_("The kept settlement already matches the meeting's games: nothing to re-settle."))
        current.settlement = record
        _save(current, user, Settlement.Action.RESETTLED)
        Settlement.objects.create(
            meeting=current, action=Settlement.Action.RESETTLED, by=user, reason=reason, record=record
        )
        keep_meeting_money([current.pk])
    return current


def _save(meeting, user, action):
    if user is not None:
        meeting._history_user = user
    meeting._change_reason = action  # the meeting's own history says which settlement entry came with it
    meeting.save()


def keep_closed_settlement(meeting, user=None, at=None):
    """Keep the settlement of a meeting created already closed (the demo's past days), as a close would."""
    with transaction.atomic():
        current = lock_meeting(meeting)
        record = record_of(settle_games(current))
        Meeting.objects.filter(pk=current.pk).update(settlement=record)  # its history's creation says closed
        Settlement.objects.create(
            meeting=current, action=Settlement.Action.CLOSED, by=user, at=at or timezone.now(), record=record
        )
        keep_meeting_money([current.pk])
