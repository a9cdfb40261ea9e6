"""What the home page shows of each club: its next meeting and its latest results, in a fixed number of queries.

The home page lists every club a visitor may read; each club's rules are on its own rules page
(one click away), not here.
"""

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Subquery
from django.utils import timezone

from ..models.games import Game
from ..models.meeting_lines import MeetingLine
from ..models.meetings import Meeting
from ..models.people import Member
from .front import DayTotal, rank_totals

DAY_TOP = 3


@dataclass
class ClubSummary:
    club: object
    next_meeting: object = None  # the first meeting from today on (today's included), or None
    latest: object = None  # the latest meeting with a counted game, or None
    top: list = field(default_factory=list)  # that meeting's best DayTotals, at most DAY_TOP


def club_summaries(clubs, today=None):
    """A ``ClubSummary`` per club of ``clubs`` (a queryset), in its order.  Four queries however many clubs."""
    today = today or timezone.localdate()
    club_meetings = Meeting.objects.filter(club=OuterRef("pk"))
    has_games = Exists(Game.objects.counted().filter(meeting=OuterRef("pk")))
    clubs = list(
        clubs.annotate(
            next_meeting_id=Subquery(club_meetings.filter(date__gte=today).order_by("date", "id").values("pk")[:1]),
            latest_meeting_id=Subquery(club_meetings.filter(has_games).latest_first().values("pk")[:1]),
        )
    )
    wanted = {club.next_meeting_id for club in clubs} | {club.latest_meeting_id for club in clubs}
    meetings = Meeting.objects.filter(pk__in=wanted - {None}).select_related("rule_set").in_bulk()
    tops = _day_tops([club.latest_meeting_id for club in clubs if club.latest_meeting_id])
    return [
        ClubSummary(
            club=club,
            next_meeting=meetings.get(club.next_meeting_id),
            latest=meetings.get(club.latest_meeting_id),
            top=tops.get(club.latest_meeting_id, []),
        )
        for club in clubs
    ]


def _day_tops(meeting_ids):
    """The best players of each meeting's counted games, ranked as the meeting's page ranks them: read from the
    day's stored lines (a line per player of the day), not its seats.  Two queries."""
    rows = MeetingLine.objects.filter(meeting_id__in=meeting_ids).values_list(
        "meeting_id", "member_id", "games", "game_points", "place_1"
    )
    by_meeting = {}
    for row in rows:
        by_meeting.setdefault(row[0], []).append(row)
    members = Member.objects.in_bulk({row[1] for row in rows})
    tops = {}
    for meeting_id, meeting_rows in by_meeting.items():
        totals = [
            DayTotal(member=members[member_id], games=games, points=points, firsts=firsts)
            for _meeting, member_id, games, points, firsts in meeting_rows
        ]
        tops[meeting_id] = rank_totals(totals)[:DAY_TOP]
    return tops
