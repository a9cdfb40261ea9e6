"""A rule set's versions: its rules and fees from a given date, checked by the engine.

Apart from ``clubs.py`` because checking a version needs the engine's refusals in words
(``text.rule_checks``): a club, a rule set, its people and its meetings need none of that.
"""

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

import scoring
from scoring.rules import rule_book

from ..text.formatting import format_date
from .clubs import RuleSet


class RuleVersion(models.Model):
    """The rules of a rule set from a given date (適用開始日), as docs/scoring.md's JSON.

    ``rules`` and ``fees`` hold what the club set explicitly; the engine fills in
    the defaults.  ``notes`` maps each setting written in ``rules`` (``uma``,
    ``bust``) or ``fees`` (``fees.per_game``) to the rule-book line it comes from.  Every save, fixture
    loading included, is checked by the engine (see league/signals.py).
    """

    rule_set = models.ForeignKey(RuleSet, models.CASCADE, related_name="versions", verbose_name=_("rule set"))
    effective_from = models.DateField(_("in force from"))
    rules = models.JSONField(_("rules"))
    fees = models.JSONField(_("meeting fees"), default=dict, blank=True)
    notes = models.JSONField(_("notes"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["rule_set", "-effective_from"]
        verbose_name = _("rule version")
        verbose_name_plural = _("rule versions")
        constraints = [
            models.UniqueConstraint(fields=["rule_set", "effective_from"], name="one_version_per_day"),
        ]

    def __str__(self):
        return f"{self.rule_set} ({format_date(self.effective_from)})"

    @cached_property
    def settings(self):
        """The rules with every default filled in (validated by the engine)."""
        return scoring.validate_rules(self.rules)

    @cached_property
    def rule_book(self):
        """The rules as the engine settles by them (``scoring.rules.RuleBook``), for settling many games under this
        version: passed to the engine in place of the rules, it is not looked up again for every game."""
        return rule_book(self.rules)

    @property
    def win_points(self):
        """Whether these rules give win points by place (ブー麻雀): the breakdown's base column is then 勝利点."""
        return self.settings["method"] == "win_points"

    @cached_property
    def fee_settings(self):
        return scoring.validate_fees(self.fees)

    def clean(self):
        from ..text.rule_checks import check_rule_version

        check_rule_version(self)
