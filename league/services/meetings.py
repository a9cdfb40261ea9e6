"""Closing a day: attendance, venue fee, the settlement kept at the close; reopening it."""

from django.db import transaction

from ..models import Attendance, Meeting
from ..stats.day import record_of, settle_day


def save_accounts(meeting, venue_fee, rounds, attendance):
    """Record the day's venue fee, rounds and who came (``attendance``: member → stayed to the close)."""
    with transaction.atomic():
        current = Meeting.objects.select_for_update().get(pk=meeting.pk)
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
