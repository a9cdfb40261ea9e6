"""A club's kept money month by month: the sums of its closed days' kept settlements of one calendar month.

The season's money adds up a season's whole months from these and only the days at its edges from the days' own
kept lines (``stats.money.season_money``): over every season of a long history some 80 month rows and 1,000
month lines instead of 1,600 days and their 64,000 kept lines.  Written again, from the days' kept lines
(``KeptLine``) and totals (``Meeting.kept_collected`` …), by every writer of those (``services.kept_money``);
rebuilt by ``manage.py recompute --commit``.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .people import Member


class KeptMonth(models.Model):
    """The kept totals of a club's closed days of one month: how many kept a settlement, and its yen added up."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="kept_months", verbose_name=_("club"))
    month = models.DateField(_("month"))  # its first day
    meetings = models.PositiveIntegerField(_("meetings"))
    collected = models.IntegerField(_("collected (yen)"))
    venue = models.IntegerField(_("venue (yen)"))
    kept_by_club = models.IntegerField(_("kept by the club (yen)"))

    class Meta:
        verbose_name = _("kept money month")
        verbose_name_plural = _("kept money months")
        constraints = [models.UniqueConstraint(fields=["club", "month"], name="kept_month_once")]

    def __str__(self):
        return f"{self.club} {self.month:%Y-%m}"


class KeptMonthLine(models.Model):
    """One person's kept lines of a club's closed days of one month, added up."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="kept_month_lines", verbose_name=_("club"))
    month = models.DateField(_("month"))  # its first day
    member = models.ForeignKey(Member, models.PROTECT, related_name="kept_month_lines", verbose_name=_("member"))
    meetings = models.PositiveIntegerField(_("meetings"))
    games = models.PositiveIntegerField(_("games"))
    fee = models.IntegerField(_("fee (yen)"))
    received = models.IntegerField(_("received (yen)"))

    class Meta:
        verbose_name = _("kept money month line")
        verbose_name_plural = _("kept money month lines")
        constraints = [models.UniqueConstraint(fields=["club", "month", "member"], name="kept_month_line_once")]

    def __str__(self):
        return f"{self.club} {self.month:%Y-%m} {self.member}"
