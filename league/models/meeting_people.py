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

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("attendance")
        verbose_name_plural = _("attendance")
        constraints = [models.UniqueConstraint(fields=["meeting", "member"], name="attend_once")]

    def __str__(self):
        return f"{self.meeting} {self.member}"


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
