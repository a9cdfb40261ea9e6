"""A member's figures for one meeting day (その日の成績), stored so that standings add up days, not seats.

One row per meeting and member with counted (not void) seats that day: the
sums and counts the standings read, aggregated from ``GameSeat`` when a write
changes the meeting's counted seats (``league.services.meeting_lines``, in the
same transaction).  The row holds only what the seats hold: which rule set and
date the meeting has are read from the meeting at read time, so moving or
re-dating a meeting needs nothing.  The busts follow the rule version each game
was saved under (a bust at 0 or not), as the seats' own ``bust`` points do.
``games_played`` lists the games themselves, compactly, for the member page
(``stats.member_games``).  Day totals (日計) and adjustments are not in here: they are few and read as
they are (docs/performance.md, "Stored aggregates").
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .line_figures import LineFigures
from .meetings import Meeting, held_between
from .people import Member

# The figures of a line, in the order they are aggregated and stored (``services.meeting_lines``).
SUMS = ("game_points", "chips", "chip_points", "shugi", "score_sum")
COUNTS = (
    "games",
    "place_1",
    "place_2",
    "place_3",
    "place_4",
    "busts",
    "scored_games",
    "maru_a",
    "maru_b",
    "maru_c",
    "double_maru_a",
)
FIGURES = (*COUNTS, *SUMS, "best", "worst")


class MeetingLineQuerySet(models.QuerySet):
    def for_rule_set(self, rule_set):
        return self.filter(meeting__rule_set=rule_set)

    def between(self, first_day=None, last_day=None):
        """Lines of meetings held from ``first_day`` to ``last_day``, both included (either may be open)."""
        return held_between(self, "meeting", first_day, last_day)


class MeetingLine(LineFigures):
    """What a member's counted games of one meeting add up to: counts, sums (tenths) and the best and worst."""

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="lines", verbose_name=_("meeting"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="meeting_lines", verbose_name=_("member"))
    games = models.PositiveIntegerField(_("games"))
    # The member's counted games of the day as JSON text, each [game id, round, table, seat, place, total,
    # opponents] with the opponents [[member id, place, total], …] in seat order: the member page reads a member's
    # games and head-to-head from these instead of joining thousands of seats (``stats.member_games``).  Text, not
    # a JSONField: PostgreSQL built and stored jsonb at twice the cost of text, and read it slower too.
    games_played = models.TextField(_("the games themselves"), default="[]")

    objects = MeetingLineQuerySet.as_manager()

    class Meta:
        verbose_name = _("meeting line")
        verbose_name_plural = _("meeting lines")
        constraints = [models.UniqueConstraint(fields=["meeting", "member"], name="one_line_per_meeting_and_member")]
        # The records' best games look for the best days first (``stats.records``).
        indexes = [models.Index(fields=["best"], name="meeting_line_best")]

    def __str__(self):
        return f"{self.meeting} · {self.member}"
