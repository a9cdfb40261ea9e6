"""Who is here during a club day (出欠): arrivals, early leavers, a guest added by name. One transaction each.

An ``Attendance`` row means the person came; ``present_at_close`` says whether they are here now, which at
the close is whether they stayed for the closing accounts (the money's meaning, docs/money.md). A person
who played that day came: marking them absent is refused (mark them as left instead). Each tap saves one
person, so two secretaries marking people at once never undo each other's ticks; a repeated tap changes
nothing.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from ..models.games import GameSeat
from ..models.meeting_people import Attendance
from ..models.people import Member
from ..models.text import clean_name
from .guests import save_guest
from .locks import lock_meeting
from .refusals import Refused

HERE, LEFT, ABSENT = "here", "left", "absent"
PRESENCES = (HERE, LEFT, ABSENT)


def set_presence(meeting, member, presence, user=None):
    """Mark ``member`` here (arrived, or back), left (early), or absent (did not come) at ``meeting``."""
    if presence not in PRESENCES:
        raise Refused(_("Choose here, left or not here."))
    with transaction.atomic():
        current = _open_meeting(meeting)
        if member.club_id != current.club_id:
            raise Refused(_("This person is not of this club."))
        record = Attendance.objects.select_for_update().filter(meeting=current, member=member).first()
        if presence == ABSENT:
            if record is not None:
                if GameSeat.objects.filter(game__meeting=current, member=member).exists():
                    raise Refused(
                        _("%(name)s played today, so came: mark them as left instead.") % {"name": member.name}
                    )
                _with_user(record, user).delete()
            return None
        if record is None:
            record = Attendance(meeting=current, member=member)
        elif record.present_at_close == (presence == HERE):
            return record
        record.present_at_close = presence == HERE
        _with_user(record, user).save()
        return record


def add_guest(meeting, name, user=None):
    """Mark the person called ``name`` here, adding them to the club as a guest (ゲスト) when nobody has the name.

    Returns (the person, whether a guest was added).
    """
    name = clean_name(name or "")
    if not name:
        raise Refused(_("Type the guest's name."), "name")
    with transaction.atomic():
        current = _open_meeting(meeting)
        guest = Member(club=current.club, name=name, guest=True)
        person = save_guest(guest)
        set_presence(current, person, HERE, user)
    return person, person is guest


def _open_meeting(meeting):
    current = lock_meeting(meeting)
    if current.closed:
        raise Refused(_("The meeting is closed. Reopen it to change who is here."))
    return current


def _with_user(record, user):
    if user is not None:
        record._history_user = user
    return record
