"""Who is here during a club day, as the attendance page lists them (docs/club_day.md)."""

from dataclasses import dataclass

from ..models.games import GameSeat
from ..models.meeting_people import Attendance
from ..models.people import Member


@dataclass
class DayPresence:
    here: list  # Members here now
    left: list  # Members who came and left
    not_here: list  # the club's active members (and the day's guests) not here
    played: set  # ids of those who played that day: they came, they cannot be marked as not here


def day_presence(meeting):
    """The meeting's people by presence, each list members first in reading order, then guests. Three queries."""
    records = dict(Attendance.objects.filter(meeting=meeting).values_list("member_id", "present_at_close"))
    people = (
        Member.objects.filter(club=meeting.club_id).filter(pk__in=list(records))
        | Member.objects.filter(club=meeting.club_id).members().active()
    )
    presence = DayPresence(
        here=[],
        left=[],
        not_here=[],
        played=set(GameSeat.objects.filter(game__meeting=meeting).values_list("member_id", flat=True)),
    )
    for person in people.members_first():
        if person.pk not in records:
            presence.not_here.append(person)
        else:
            (presence.here if records[person.pk] else presence.left).append(person)
    return presence
