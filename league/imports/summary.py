"""What an import brought in, for the page shown after it: seasons, meetings, games and members.

A fixed number of queries however many games the import saved: the meetings
with their imported games counted by SQL, the seasons those dates fall in,
the seasons it created (kept after an undo) and the members it created.
"""

from dataclasses import dataclass, field

from django.db.models import Count

from ..models.day_totals import DayTotal
from ..models.games import Game
from ..models.meetings import Meeting
from ..models.seasons import Season
from .seasons import CREATED_BY_IMPORT


@dataclass
class SeasonTouched:
    rule_set: object  # a file naming each row's rule set may touch several
    season: object  # None: the games that fall in no season of the club
    games: int
    day_totals: int = 0
    created: bool = False  # the import created the season


@dataclass
class MeetingTouched:
    meeting: object
    games: int  # games this import added to it
    created: bool  # the import created the meeting
    day_totals: int = 0  # day totals (日計) this import added to it


@dataclass
class BatchSummary:
    batch: object
    meetings: list = field(default_factory=list)
    seasons: list = field(default_factory=list)
    members: list = field(default_factory=list)
    seasons_created: list = field(default_factory=list)  # still there: an undo leaves them

    @property
    def meetings_created(self):
        return [touched for touched in self.meetings if touched.created]


def _counted_by_meeting(rows):
    """meeting id → how many of ``rows`` it holds."""
    return dict(rows.order_by().values("meeting_id").annotate(count=Count("pk")).values_list("meeting_id", "count"))


def batch_summary(batch):
    """The seasons, meetings and members of ``batch`` (after an undo: none, the counts stay on the batch)."""
    summary = BatchSummary(batch=batch)
    summary.seasons_created = seasons_created(batch)
    if batch.undone:
        return summary
    created = set(batch.created_meetings.values_list("pk", flat=True))
    # The batch's games and day totals counted by meeting from their own batch index, then their meetings: an OR
    # across two outer joins from the meetings made PostgreSQL read every game of the site.
    games = _counted_by_meeting(Game.objects.filter(import_batch=batch))
    days = _counted_by_meeting(DayTotal.objects.filter(import_batch=batch))
    meetings = (
        Meeting.objects.filter(pk__in=games.keys() | days.keys()).select_related("rule_set").order_by("date", "id")
    )
    summary.meetings = [
        MeetingTouched(meeting, games.get(meeting.pk, 0), meeting.pk in created, days.get(meeting.pk, 0))
        for meeting in meetings
    ]
    summary.members = list(batch.created_members.in_kana_order())
    if summary.meetings:
        first, last = summary.meetings[0].meeting.date, summary.meetings[-1].meeting.date
        seasons = list(
            Season.objects.filter(club=batch.club, starts_on__lte=last, ends_on__gte=first).order_by("starts_on")
        )
        counts = {}  # (rule set, season or None) → [games, day totals], in the order met
        for touched in summary.meetings:
            covering = [s for s in seasons if s.starts_on <= touched.meeting.date <= s.ends_on] or [None]
            for season in covering:
                count = counts.setdefault((touched.meeting.rule_set, season), [0, 0])
                count[0] += touched.games
                count[1] += touched.day_totals
        created_ids = {season.pk for season in summary.seasons_created}
        by_season = [
            SeasonTouched(rule_set, season, games, days, season is not None and season.pk in created_ids)
            for (rule_set, season), (games, days) in counts.items()
        ]
        summary.seasons = sorted(
            by_season,
            key=lambda t: (
                t.rule_set.position,
                t.rule_set.pk,
                t.season is None,
                t.season.starts_on if t.season else None,
            ),
        )
    return summary


def seasons_created(batch):
    """The seasons ``batch`` created that still exist (their history names the import that created them)."""
    made = Season.history.filter(history_type="+", history_change_reason=CREATED_BY_IMPORT.format(batch=batch.pk))
    return list(Season.objects.filter(club=batch.club, pk__in=made.values("id")).order_by("starts_on"))
