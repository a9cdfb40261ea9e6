"""Closing a day: attendance, venue fee, the settlement kept at the close; reopening it."""

import hashlib

from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Attendance, Meeting
from ..refusals import Refused
from ..stats.day import record_of, settle_day


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
        current = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if current.closed:
            raise Refused(_("The meeting is closed. Reopen it to change its accounts."))
        if expected_mark is not None and expected_mark != accounts_mark(current):
            raise Refused(_("Someone else saved these accounts while you were working on them. The form "
                            "now shows your choices again: check them and save once more."))
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


def set_closed(meeting, closed):
    """Close a meeting (its games lock and its money is kept as settled) or reopen it."""
    with transaction.atomic():
        current = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if current.closed != closed:
            current.settlement = record_of(settle_day(current)) if closed else None
            current.closed = closed
            current.save()
    return current
