"""An import batch (取り込み): the games one import saved, and the members and meetings it created for them.

It is what the page after an import shows, and what undoing the import
removes, as one step, while nothing has been entered on top of it.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Club, RuleSet
from .meetings import Meeting
from .people import Member


class ImportBatchQuerySet(models.QuerySet):
    def latest_first(self):
        return self.order_by("-created_at", "-id")


class ImportBatch(models.Model):
    """One saved import: who brought which file in, when, and what it created; ``undone_at`` once it is undone."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="import_batches", verbose_name=_("club"))
    rule_set = models.ForeignKey(RuleSet, models.PROTECT, related_name="import_batches", verbose_name=_("rule set"))
    file_name = models.CharField(_("file"), max_length=255, blank=True)
    created_at = models.DateTimeField(_("imported"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("imported by"),
    )
    games = models.PositiveIntegerField(_("games imported"), default=0)
    skipped = models.PositiveIntegerField(_("games already saved"), default=0)
    day_totals = models.PositiveIntegerField(_("day totals imported"), default=0)
    # Counted when saved: the members and meetings themselves are gone once the import is undone.
    members = models.PositiveIntegerField(_("members created"), default=0)
    meetings = models.PositiveIntegerField(_("meetings created"), default=0)
    created_members = models.ManyToManyField(Member, blank=True, related_name="+", verbose_name=_("members created"))
    created_meetings = models.ManyToManyField(Meeting, blank=True, related_name="+", verbose_name=_("meetings created"))
    undone_at = models.DateTimeField(_("undone"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("undone by")
    )

    objects = ImportBatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.file_name}"

    @property
    def undone(self):
        return self.undone_at is not None
