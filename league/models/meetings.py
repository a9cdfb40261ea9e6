from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from ..text.formatting import format_date
from .clubs import Club, RuleSet
from .text import without_bidi


def held_between(queryset, meeting, first_day=None, last_day=None):
    """``queryset`` narrowed to what was played from ``first_day`` to ``last_day``, both included (either may be
    open); ``meeting`` is the lookup path from its rows to their Meeting (e.g. ``"game__meeting"``)."""
    if first_day:
        queryset = queryset.filter(**{f"{meeting}__date__gte": first_day})
    if last_day:
        queryset = queryset.filter(**{f"{meeting}__date__lte": last_day})
    return queryset


class MeetingQuerySet(models.QuerySet):
    def open(self):
        return self.filter(closed=False)

    def latest_first(self):
        return self.order_by("-date", "-id")


class Meeting(models.Model):
    """A club day (開催日): the games played, who came, and the day's money."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="meetings", verbose_name=_("club"))
    rule_set = models.ForeignKey(RuleSet, models.PROTECT, related_name="meetings", verbose_name=_("rule set"))
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=100, blank=True)
    venue_fee = models.PositiveIntegerField(_("venue fee (yen)"), default=0)
    rounds = models.PositiveSmallIntegerField(
        _("hanchan held"),
        null=True,
        blank=True,
        help_text=_("Leave empty to count the rounds entered."),
    )
    closed = models.BooleanField(_("closed"), default=False)
    settlement = models.JSONField(
        _("settlement at the close"),
        null=True,
        blank=True,
        help_text=_("The day's money as it was settled when the meeting was closed."),
    )
    # Whether the kept settlement still matches the games (``stats.settlements.drift``), stored by every writer
    # of what a closed day is settled from (``services.kept_money``); None when not known (the season's money
    # then checks it itself) or nothing is kept.  Derived, so not in the meeting's history.
    drifted = models.BooleanField(_("kept settlement no longer matches its games"), null=True, editable=False)
    # The kept settlement's totals (yen), copied from it with its lines (``KeptLine``) for the season's sums;
    # None when nothing is kept.
    kept_collected = models.IntegerField(_("fees collected, as kept"), null=True, editable=False)
    kept_venue = models.IntegerField(_("venue fee, as kept"), null=True, editable=False)
    kept_club = models.IntegerField(_("kept by the club, as kept"), null=True, editable=False)
    note = models.TextField(_("note"), blank=True)

    objects = MeetingQuerySet.as_manager()
    history = HistoricalRecords(excluded_fields=["drifted", "kept_collected", "kept_venue", "kept_club"])

    class Meta:
        ordering = ["club", "-date", "-id"]
        # A club's meetings latest first (its latest day with games, its next one, the entry's open meetings):
        # walked from the end, not every meeting of the club read and sorted.
        indexes = [models.Index(fields=["club", "date", "id"], name="meeting_club_date")]
        verbose_name = _("meeting")
        verbose_name_plural = _("meetings")

    def __str__(self):
        return f"{format_date(self.date)} {self.rule_set}"

    def save(self, *args, **kwargs):
        self.venue = without_bidi(self.venue)
        super().save(*args, **kwargs)


class SettlementQuerySet(models.QuerySet):
    def for_club(self, club):
        """Every settlement entry of the club's meetings, newest first, with the meeting and who acted."""
        return self.filter(meeting__club=club).select_related("meeting", "by").order_by("-at", "-id")

    def in_order(self):
        return self.order_by("at", "id")


class Settlement(models.Model):
    """One entry of a meeting's kept settlements (精算の記録): append-only, never edited.

    Closing a meeting, reopening it, re-settling it after its games changed and
    the first recording of a meeting closed before settlements were kept each add
    one entry: who, when, why, and (except a reopening) the day's money as then
    settled (``stats.day_money.record_of``).  ``Meeting.settlement`` is the one in
    force while the meeting stays closed: the record of its latest entry.
    """

    class Action(models.TextChoices):
        CLOSED = "closed", pgettext_lazy("settlement action", "closed")
        REOPENED = "reopened", pgettext_lazy("settlement action", "reopened")
        RESETTLED = "resettled", pgettext_lazy("settlement action", "re-settled")
        RECORDED = (
            "recorded",
            pgettext_lazy("settlement action", "recorded from its games when settlements began to be kept"),
        )

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="settlements", verbose_name=_("meeting"))
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("by")
    )
    at = models.DateTimeField(_("at"), default=timezone.now)
    reason = models.TextField(_("reason"), blank=True)
    record = models.JSONField(_("settlement"), null=True, blank=True)

    objects = SettlementQuerySet.as_manager()

    class Meta:
        ordering = ["meeting", "at", "id"]
        verbose_name = _("settlement entry")
        verbose_name_plural = _("settlement entries")

    def __str__(self):
        return f"{self.meeting} {self.get_action_display()}"
