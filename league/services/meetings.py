from django.db import transaction

from ..models import Meeting


def set_closed(meeting, closed):
    """Close a meeting (its games lock) or reopen it; both are kept in its history."""
    with transaction.atomic():
        current = Meeting.objects.select_for_update().get(pk=meeting.pk)
        if current.closed != closed:
            current.closed = closed
            current.save()
    return current
