"""Day totals (日計): a group of players' final points over N hanchan of one meeting day, the games unknown.

Some clubs' old books kept one 集計表 row per day and table: each player's
points for the day and how many hanchan they played (半荘数), never the games
themselves.  Splitting such a row into games would invent places and
averages, so it is kept as it was written: a ``DayTotal`` (the meeting, the
count of hanchan every player on it played) with one ``DayTotalLine`` per
player.  The points are final (oka, uma, chips, shūgi and chombo inside, as in
a points-only game).  Day totals count in points and games played; figures
that need places or scores leave them out (docs/standings.md, "Day totals").
They are only brought in by an import, which is their record: undoing the
import removes them.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring import MOST_DAY_GAMES

from ..text.formatting import format_points
from .meetings import Meeting, held_between
from .people import Member


class DayTotalQuerySet(models.QuerySet):
    def in_meeting_order(self):
        return self.order_by("meeting__date", "meeting_id", "id")

    def with_lines(self):
        """Each with its lines (highest points first) and their members: two queries however many."""
        return self.in_meeting_order().prefetch_related(
            models.Prefetch("lines", DayTotalLine.objects.select_related("member").order_by("-points", "id"))
        )


class DayTotal(models.Model):
    """One 集計表 row of a day: the players on it each played ``games`` hanchan together that day."""

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="day_totals", verbose_name=_("meeting"))
    games = models.PositiveSmallIntegerField(_("hanchan"))
    # The import that saved it; undoing the import removes it.
    import_batch = models.ForeignKey(
        "ImportBatch",
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="imported_day_totals",
        verbose_name=_("import"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = DayTotalQuerySet.as_manager()

    class Meta:
        ordering = ["meeting", "id"]
        verbose_name = _("day total")
        verbose_name_plural = _("day totals")
        constraints = [
            models.CheckConstraint(
                condition=Q(games__gte=1) & Q(games__lte=MOST_DAY_GAMES), name="day_total_games_1_to_99"
            ),
        ]

    def __str__(self):
        return _("%(date)s day total of %(games)s hanchan") % {"date": self.meeting.date, "games": self.games}


class DayTotalLineQuerySet(models.QuerySet):
    def for_rule_set(self, rule_set):
        return self.filter(day_total__meeting__rule_set=rule_set)

    def for_rule_sets(self, rule_sets):
        return self.filter(day_total__meeting__rule_set__in=rule_sets)

    def between(self, first_day=None, last_day=None):
        """Lines of day totals from ``first_day`` to ``last_day``, both included (either may be open)."""
        return held_between(self, "day_total__meeting", first_day, last_day)


class DayTotalLine(models.Model):
    """One player's final points (tenths) over the hanchan of a day total."""

    day_total = models.ForeignKey(DayTotal, models.CASCADE, related_name="lines", verbose_name=_("day total"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="day_total_lines", verbose_name=_("member"))
    points = models.IntegerField(_("points (tenths)"))

    objects = DayTotalLineQuerySet.as_manager()

    class Meta:
        ordering = ["day_total", "id"]
        verbose_name = _("day total line")
        verbose_name_plural = _("day total lines")
        constraints = [models.UniqueConstraint(fields=["day_total", "member"], name="one_line_per_member")]

    def __str__(self):
        return f"{self.day_total} · {self.member} {format_points(self.points)}"
