"""Clubs and their rules: a club has rule sets, each with dated versions (``rule_versions.py``)."""

import unicodedata
from operator import attrgetter

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

import scoring

from .text import without_bidi


class AwardTitle(models.TextChoices):
    """The season titles (表彰) a club may give; what each counts is in docs/awards.md and ``stats.awards``."""

    CHAMPION = "points", _("Champion (most points)")
    TOP_RATE = "top_rate", _("Best top rate")
    RENTAI_RATE = "rentai_rate", _("Best top-two rate")
    LAST_AVOID_RATE = "last_avoid_rate", _("Best last-avoid rate")
    AVERAGE_PLACE = "average_place", _("Best average place")
    BEST_SCORE = "best_score", _("Highest score")
    BEST_POINTS = "best_points", _("Most points in one game")
    MOST_TOPS = "most_tops", _("Most tops")
    MOST_GAMES = "most_games", _("Most games")
    MOST_YAKUMAN = "most_yakuman", _("Most yakuman")
    ATTENDANCE = "attendance", _("Best attendance")
    MOST_IMPROVED = "most_improved", _("Most improved")


# Migration 0015 names this function as the field's default (a callable default is kept by its path): keep its
# name and place, and let it stay a one-line list of the titles.
def every_award_title():
    """A new club gives every title; the owner leaves out those it does not want."""
    return list(AwardTitle.values)


class ClubQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Public clubs and the clubs ``user`` belongs to (every club for the site admin)."""
        if user.is_superuser:
            return self
        if not user.is_authenticated:
            return self.filter(is_public=True)
        return self.filter(models.Q(is_public=True) | models.Q(memberships__user=user)).distinct()


class Club(models.Model):
    """A mahjong club (雀荘・サークル) keeping its league on the site."""

    slug = models.SlugField(_("address name"), unique=True, help_text=_("Used in the club's web address, e.g. bakufu."))
    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True)
    venue = models.CharField(
        _("usual venue"),
        max_length=100,
        blank=True,
        help_text=_("Where the club usually plays; a new meeting starts with it."),
    )
    usual_venue_fee = models.PositiveIntegerField(
        _("usual venue fee (yen)"),
        default=0,
        help_text=_("What the venue usually costs a day; a new meeting starts with it."),
    )
    is_public = models.BooleanField(
        _("public"),
        default=False,
        help_text=_("Anyone may read a public club's results without logging in."),
    )
    scores_in_hundreds = models.BooleanField(
        _("scores in hundreds"),
        default=False,
        help_text=_("Let secretaries type 413 for 41,300 (the last two zeros are implied)."),
    )
    rank_guests = models.BooleanField(
        _("rank guests"),
        default=False,
        help_text=_(
            "Rank guests (visitors who are not members) in the standings like members. Otherwise they "
            "are listed apart, without a rank."
        ),
    )
    players_report_results = models.BooleanField(
        _("players report their table's result"),
        default=False,
        help_text=_(
            "Let a member seated at a drawn table enter that table's result from their own phone. The "
            "secretary confirms or corrects it before it counts."
        ),
    )
    award_titles = models.JSONField(
        _("titles"),
        default=every_award_title,
        blank=True,
        help_text=_("The season titles (表彰) the club gives, shown on the awards page."),
    )
    award_min_games = models.PositiveSmallIntegerField(
        _("games for a rate title"),
        default=20,
        help_text=_(
            "Games with a place a member needs for the titles that compare rates or averages (top rate, "
            "top-two rate, last-avoid rate, average place)."
        ),
    )
    import_layouts = models.JSONField(
        _("import layouts"),
        default=list,
        blank=True,
        help_text=_(
            "The column layouts chosen when importing files, reused for the next file with the same header row."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ClubQuerySet.as_manager()
    # Who changed a setting and when; the import layouts are remembered choices, not settings.
    history = HistoricalRecords(excluded_fields=["import_layouts"])

    class Meta:
        ordering = ["slug"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = without_bidi(self.name)
        super().save(*args, **kwargs)


EFFECTIVE_FROM = attrgetter("effective_from")


def _in_force(versions, day):
    return max((version for version in versions if version.effective_from <= day), key=EFFECTIVE_FROM, default=None)


class RuleSetQuerySet(models.QuerySet):
    def in_use(self):
        """The rule sets still offered for new meetings (not retired)."""
        return self.filter(retired=False)

    def with_versions(self):
        """Each rule set with its versions read at once, newest first (``RuleVersion``'s own order)."""
        return self.prefetch_related("versions")

    def by_name_or_slug(self):
        """Each rule set under its name and its address name, as a file writes them: text → RuleSet.

        Keys are NFKC in lower case without spaces (``rule_set_key``); a name two rule sets share is left
        out, so that it is never taken for one of them (their address names still find them).
        """
        found, shared = {}, set()
        for rule_set in self:
            for key in {rule_set_key(rule_set.name), rule_set_key(rule_set.slug)}:
                if key in found and found[key] != rule_set:
                    shared.add(key)
                found[key] = rule_set
        return {key: rule_set for key, rule_set in found.items() if key not in shared}


def rule_set_key(text):
    """A rule set's name or address name as looked up: NFKC, lower case, no spaces."""
    return unicodedata.normalize("NFKC", str(text or "")).lower().replace(" ", "").replace("\u3000", "")


class RuleSet(models.Model):
    """One way the club plays, e.g. 四人打ち半荘戦 A or ブー麻雀 (ルール)."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="rule_sets", verbose_name=_("club"))
    slug = models.SlugField(_("address name"))
    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    retired = models.BooleanField(
        _("retired"),
        default=False,
        help_text=_("A retired rule set keeps its games and standings but is no longer offered for new meetings."),
    )

    objects = RuleSetQuerySet.as_manager()

    class Meta:
        ordering = ["club", "position", "id"]
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="rule_set_slug_unique_in_club")]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = without_bidi(self.name)
        super().save(*args, **kwargs)

    def version_on(self, day):
        """The version in force on ``day`` (その日のルール): the latest that took effect on or before it.

        This is the one answer to "which rules govern this day", for entry, correction,
        recomputation, import and the day's money alike.  Before the first version no rules
        are in force and the answer is None: no meeting can be started and no game entered
        or imported on such a day.  A version dated later never governs an earlier day.
        Reads the prefetched versions when there are some (see ``with_versions``).
        """
        return _in_force(self.versions.all(), day)

    def settings_on(self, day):
        """The settings a page shows for ``day``: those in force, else the rules the club will play.

        Only for the shape of a page (how many players, win points or not, the start), never
        to settle a game: a period or a meeting that no version governs (an empty season
        before the rules began) takes the first version's settings, and a rule set with no
        version yet the engine's starting rules (``scoring.STARTING_RULES``).
        """
        versions = list(self.versions.all())
        version = _in_force(versions, day) or min(versions, key=EFFECTIVE_FROM, default=None)
        return version.settings if version else scoring.validate_rules(scoring.STARTING_RULES)

    @property
    def current_version(self):
        return self.version_on(timezone.localdate())
