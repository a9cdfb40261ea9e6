"""A logged-in member's own card on the club's front page (あなたの成績): their latest games with place and
points, their rank and points in the current season, and the next meeting.

Two queries whatever the number of games: the rank and points are read from the standings the front page
already draws its leaders from (``stats.front.leaders``), never counted again.
"""

from dataclasses import dataclass, field

from django.db.models import Exists, F, OuterRef, Subquery
from django.utils import timezone

from ..models.games import GameSeat
from ..models.meeting_lines import MeetingLine
from ..models.meetings import Meeting
from ..text.formatting import place_label
from .front import Leaders

RECENT_GAMES = 5


@dataclass
class OwnCard:
    member_id: int
    leaders: Leaders | None  # the season and rule set the line is of (None: the club has no rules yet)
    line: object = None  # the member's standings Line in that season, or None before their first game in it
    ranked_count: int = 0  # how many are ranked, for "3rd of 12"
    seats: list = field(default_factory=list)  # the member's latest counted seats, newest first (game, meeting)
    # with ``place_text`` (1着, 1st)
    next_meeting: Meeting | None = None  # the first meeting from today on (today's included)


def own_card(club, member_id: int | None, leaders: Leaders | None, today=None) -> OwnCard | None:
    """The card of the member linked to the visitor's login (``ClubAccess.member_id``), None without one."""
    if member_id is None:
        return None
    today = today or timezone.localdate()
    card = OwnCard(member_id=member_id, leaders=leaders)
    if leaders is not None and leaders.table is not None:
        card.line = next((line for line in leaders.table.lines if line.member.pk == member_id), None)
        card.ranked_count = len(leaders.table.ranked)
    # The member's latest days of play, walked down the club's meetings newest first (a day has their line when
    # they played): sorting all their seats for the latest five grew with their history (32 ms for 8,451 games).
    latest_days = (
        Meeting.objects.filter(club=club)
        .filter(Exists(MeetingLine.objects.filter(meeting=OuterRef("pk"), member_id=member_id)))
        .order_by("-date", "-id")
        .values("pk")[:RECENT_GAMES]
    )
    card.seats = list(
        GameSeat.objects.counted()
        .filter(game__meeting__in=Subquery(latest_days))
        # ``+ 0``: found through those days' games, not through the index of the member's seats, all 8,451 of them.
        .alias(player=F("member_id") + 0)
        .filter(player=member_id)
        .select_related("game__meeting__rule_set")
        .defer("game__sheet", "game__meeting__settlement")  # the day's JSON: nothing of it is shown
        .order_by("-game__meeting__date", "-game__meeting_id", "-game__round", "-game__table")[:RECENT_GAMES]
    )
    for seat in card.seats:
        seat.place_text = place_label(seat.place)
    card.next_meeting = (
        Meeting.objects.filter(club=club, date__gte=today).select_related("rule_set").order_by("date", "id").first()
    )
    return card
