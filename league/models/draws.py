"""The seating draw (卓組・席決め) of a meeting, and results reported by a player at a drawn table.

A ``DrawnRound`` is one round (回戦) of the day as drawn: its seed (the draw is
reproducible from the seed and the attendance it was drawn for), who drew it
and when, and one ``DrawnSeat`` per person: the table (1, 2, …; 0 for sitting
out, 抜け番) and the seat (0 = 東, the first dealer 起家, then 南, 西, 北).  The
game entered for round ``number`` at table ``table`` is the table's result:
there is no foreign key, the meeting, round and table numbers are the link,
as they are on the entry page.

A ``ReportedResult`` is what a player at a drawn table typed for it.  It never
counts by itself: the secretary opens it in the entry form, where it is
confirmed (saved as the game) or corrected, or turns it down.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from .meetings import Meeting
from .people import Member

SITTING_OUT = 0  # the table number of a 抜け番
# The change reasons history keeps on a round and its seats (services.draws writes them, the activity reads them).
DRAWN = "drawn"
REDRAWN = "redrawn"
SWAPPED = "swapped by hand"


class DrawnRoundQuerySet(models.QuerySet):
    def in_order(self):
        return self.order_by("number")


class DrawnRound(models.Model):
    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="drawn_rounds", verbose_name=_("meeting"))
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("seed"))
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("drawn by")
    )
    drawn_at = models.DateTimeField(_("drawn at"), default=timezone.now)
    changed_by_hand = models.BooleanField(_("changed by hand"), default=False)

    objects = DrawnRoundQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting", "number"]
        verbose_name = _("drawn round")
        verbose_name_plural = _("drawn rounds")
        constraints = [
            models.UniqueConstraint(fields=["meeting", "number"], name="draw_round_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="draw_round_from_1"),
        ]

    def __str__(self):
        return _("%(meeting)s round %(number)s") % {"meeting": self.meeting, "number": self.number}


class DrawnSeat(models.Model):
    round = models.ForeignKey(DrawnRound, models.CASCADE, related_name="seats", verbose_name=_("round"))
    table = models.PositiveSmallIntegerField(_("table"))  # SITTING_OUT for a 抜け番
    seat = models.PositiveSmallIntegerField(_("seat"))  # 0 = 東 (起家) … 3 = 北
    member = models.ForeignKey(Member, models.PROTECT, related_name="drawn_seats", verbose_name=_("member"))

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "table", "seat"]
        verbose_name = _("drawn seat")
        verbose_name_plural = _("drawn seats")
        constraints = [
            models.UniqueConstraint(fields=["round", "member"], name="drawn_once_a_round"),
            models.UniqueConstraint(fields=["round", "table", "seat"], name="one_person_a_drawn_seat"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="drawn_seat_0_to_3"),
        ]

    def __str__(self):
        return f"{self.round} {self.table}-{self.seat} {self.member}"


class ReportedResultQuerySet(models.QuerySet):
    def pending(self):
        return self.filter(status=ReportedResult.Status.PENDING)


class ReportedResult(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("reported result", "waiting for the secretary")
        CONFIRMED = "confirmed", pgettext_lazy("reported result", "confirmed")
        TURNED_DOWN = "turned_down", pgettext_lazy("reported result", "turned down")

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="reported_results", verbose_name=_("meeting"))
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    # What the player typed, as the entry form's fields (names, scores, chips, deposit, …).
    sheet = models.JSONField(_("as reported"), default=dict)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.PENDING)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reported_at = models.DateTimeField(_("reported at"), default=timezone.now)
    game = models.ForeignKey(
        "Game", models.SET_NULL, null=True, blank=True, related_name="reports", verbose_name=_("game")
    )

    objects = ReportedResultQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["meeting", "round", "table", "-reported_at"]
        verbose_name = _("reported result")
        verbose_name_plural = _("reported results")

    def __str__(self):
        return _("%(meeting)s round %(round)s table %(table)s") % {
            "meeting": self.meeting,
            "round": self.round,
            "table": self.table,
        }
