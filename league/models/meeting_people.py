"""Each person of a meeting day: who came and whether they stayed for the closing accounts (``Attendance``), and
what each paid and received in the day's kept settlement (``KeptLine``).

Apart from ``meetings.py`` because each row points to a person as well as to the meeting: the meeting and its
kept settlements (``meetings.py``) point to the club only, and a module built on meetings need not read the
people's through them.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .meetings import Meeting
from .people import Member


class Attendance(models.Model):
    """Who came to a meeting, and whether they stayed for the closing accounts."""

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="attendance", verbose_name=_("meeting"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="attendance", verbose_name=_("member"))
    present_at_close = models.BooleanField(_("present at the close"), default=True)
    # Whether the person has a meeting line that day (played a counted game): the awards count the days people came
    # without playing from the few rows without one (an index of those alone), instead of looking for a line of
    # every row of the history.  Kept by every write of the row (``save``) and of the day's lines
    # (``services.attendance_played``); not an edit, so not in the row's history.
    played = models.BooleanField(_("played that day"), default=False, editable=False)

    history = HistoricalRecords(excluded_fields=["played"])

    class Meta:
        verbose_name = _("attendance")
        verbose_name_plural = _("attendance")
        constraints = [models.UniqueConstraint(fields=["meeting", "member"], name="attend_once")]
        # The rows without play alone, by person (the awards count them by person: read in this order, no sort).
        indexes = [
            models.Index(fields=["member", "meeting"], condition=models.Q(played=False), name="attendance_without_play")
        ]

    def __str__(self):
        return f"{self.meeting} {self.member}"

    def save(self, *args, **kwargs):
        # Whoever writes a row (the attendance page, the accounts, a merge moving a guest's row, the admin, to another
        # day or person too) stores what the day's lines say now: the site's writers hold the day's lock, under which
        # its lines do not change.  Rows made in bulk (the demo) come before their days' lines, whose refresh sets
        # them.  Asked of the day (its ``lines``): this module need not import the lines' own.
        fields = kwargs.get("update_fields")
        if fields is None or "played" in fields:
            self.played = Meeting.objects.filter(pk=self.meeting_id, lines__member_id=self.member_id).exists()
        super().save(*args, **kwargs)


class KeptLine(models.Model):
    """One person's money in a closed meeting's kept settlement (``Meeting.settlement``), in narrow columns.

    Copied from the record by every writer of ``Meeting.settlement`` (``services.kept_money``), so that the
    season's money adds up its closed days in SQL instead of decoding every record.
    """

    meeting = models.ForeignKey(Meeting, models.CASCADE, related_name="kept_lines", verbose_name=_("meeting"))
    member = models.ForeignKey(Member, models.PROTECT, related_name="kept_lines", verbose_name=_("member"))
    games = models.PositiveIntegerField(_("games"))
    fee = models.IntegerField(_("fee (yen)"))
    received = models.IntegerField(_("received (yen)"))

    class Meta:
        verbose_name = _("kept money line")
        verbose_name_plural = _("kept money lines")
        constraints = [models.UniqueConstraint(fields=["meeting", "member"], name="kept_line_once")]

    def __str__(self):
        return f"{self.meeting} {self.member}"
