"""Who sat at one table with whom, stored so that the draw reads a season's pairs without its seats (docs/draw.md).

A ``DayPair`` is one pair of members (``first`` the smaller id) and the counted games they shared a table in on
one meeting day; a ``SeasonPair`` the same summed over a season's days of one rule set (the draw spreads people
within the league they play).  Both are kept from the seats in the writer's transaction
(``league.services.day_pairs``, called by ``refresh_meeting_lines``): a day's pairs are counted again, and their
change is carried into the seasons covering the day, so that the draw's read does not grow with the history.
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .clubs import RuleSet
from .meetings import Meeting
from .people import Member
from .seasons import Season


class DayPair(models.Model):
    # Indexed by the unique constraint alone (meeting, first, second): each save rewrites a day's pairs, so no
    # index of their own for the people (a member deleted, which is rare, finds their pairs by a scan).
    meeting = models.ForeignKey(
        Meeting, models.CASCADE, related_name="pairs", verbose_name=_("meeting"), db_index=False
    )
    first = models.ForeignKey(Member, models.CASCADE, related_name="+", verbose_name=_("member"), db_index=False)
    second = models.ForeignKey(Member, models.CASCADE, related_name="+", verbose_name=_("member"), db_index=False)
    games = models.PositiveIntegerField(_("games"))

    class Meta:
        verbose_name = _("pair of the day")
        verbose_name_plural = _("pairs of the day")
        constraints = [
            models.UniqueConstraint(fields=["meeting", "first", "second"], name="day_pair_once"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="day_pair_in_order"),
        ]

    def __str__(self):
        return f"{self.meeting} {self.first_id}-{self.second_id} ×{self.games}"


class SeasonPair(models.Model):
    # Indexed by the unique constraint alone (season, rule set, first, second), as a day's pairs.
    season = models.ForeignKey(Season, models.CASCADE, related_name="pairs", verbose_name=_("season"), db_index=False)
    rule_set = models.ForeignKey(RuleSet, models.CASCADE, related_name="+", verbose_name=_("rule set"), db_index=False)
    first = models.ForeignKey(Member, models.CASCADE, related_name="+", verbose_name=_("member"), db_index=False)
    second = models.ForeignKey(Member, models.CASCADE, related_name="+", verbose_name=_("member"), db_index=False)
    games = models.PositiveIntegerField(_("games"))

    class Meta:
        verbose_name = _("pair of the season")
        verbose_name_plural = _("pairs of the season")
        constraints = [
            models.UniqueConstraint(fields=["season", "rule_set", "first", "second"], name="season_pair_once"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="season_pair_in_order"),
        ]

    def __str__(self):
        return f"{self.season} {self.first_id}-{self.second_id} ×{self.games}"
