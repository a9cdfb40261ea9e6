from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .clubs import Club
from .text import without_bidi

# A season choice meaning every game, whatever the season: the ``season`` a page's address or form gives for
# None (league/stats/periods.py reads it; links and the workbook's file name write it).
ALL_GAMES = "all"


class SeasonQuerySet(models.QuerySet):
    def covering(self, day):
        return self.filter(starts_on__lte=day, ends_on__gte=day)


class Season(models.Model):
    """A league season (シーズン): the dates its standings cover."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="seasons", verbose_name=_("club"))
    name = models.CharField(_("name"), max_length=60)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    min_games = models.PositiveIntegerField(
        _("games to be ranked"),
        default=0,
        help_text=_("Members with fewer games are listed apart, unranked."),
    )

    objects = SeasonQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["club", "-starts_on"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=F("starts_on")),
                name="season_ends_after_start",
                violation_error_message=_("The last day must not be before the first day."),
            ),
            models.UniqueConstraint(
                fields=["club", "name"],
                name="season_name_unique_in_club",
                violation_error_message=_("The club already has a season of this name."),
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = without_bidi(self.name)
        super().save(*args, **kwargs)
