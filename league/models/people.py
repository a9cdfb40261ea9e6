"""The people of a club: members (who play) and memberships (who may log in and do what)."""

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models import Case, IntegerField, Value, When
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .clubs import Club
from .member_finder import MemberFinder, hiragana
from .text import clean_name, without_bidi

# The one order of people by reading (docs/readings.md): those with a reading by it, those without one after them
# (never before あ), then by name. An empty string is not NULL, so ``nulls_last`` cannot say this; a 0/1 column can,
# the same on SQLite and PostgreSQL. ``reading_order`` is the same order for people already read into Python.
NO_READING_LAST = Case(When(kana="", then=Value(1)), default=Value(0), output_field=IntegerField())
READING_ORDER = (NO_READING_LAST.asc(), "kana", "name")


def reading_order(member) -> tuple[bool, str, str]:
    """The sort key of a member in ``READING_ORDER``, for lists sorted in Python (ties in standings, money, records)."""
    return (not member.kana, member.kana, member.name)


class MemberQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)

    def members(self):
        """The club's members proper: guests (ゲスト) left out."""
        return self.filter(guest=False)

    def guests(self):
        return self.filter(guest=True)

    def members_first(self):
        """Members in reading order, then guests: a guest is never offered ahead of a member."""
        return self.order_by("guest", *READING_ORDER)

    def in_kana_order(self):
        """In reading order (``READING_ORDER``): people without a reading last."""
        return self.order_by(*READING_ORDER)

    def matching(self, text):
        """Members whose name or reading contains ``text`` (kana matches either script)."""
        text = unicodedata.normalize("NFKC", text).strip()
        return self.filter(models.Q(name__icontains=text) | models.Q(kana__icontains=hiragana(text)))

    def finder(self):
        """A MemberFinder over these members, read once: the member a typed name means (entry and imports)."""
        return MemberFinder(self)


class Member(models.Model):
    """A player of the club (会員), who may or may not have a login.

    A guest (ゲスト, ``guest=True``) is a visitor seated by name at entry or brought in by an import: a Member
    row, so that their games, history and figures work like anyone's, but listed apart from the members and
    from the ranking (``Club.rank_guests``) until the owner makes them a member (services.people).
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="members", verbose_name=_("club"))
    name = models.CharField(_("display name"), max_length=40)
    kana = models.CharField(
        _("reading (kana)"),
        max_length=80,
        blank=True,
        help_text=_("In hiragana or katakana; used to sort and to find the member."),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("login"),
    )
    active = models.BooleanField(
        _("active"), default=True, help_text=_("Inactive members keep their results but are not offered for new games.")
    )
    guest = models.BooleanField(
        _("guest"),
        default=False,
        help_text=_(
            "A visitor who is not a member (ゲスト): their games count, but they are listed apart from the "
            "ranking unless the club ranks guests."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = MemberQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = list(READING_ORDER)
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "club",
                name="member_name_unique_in_club",
                violation_error_message=_("The club already has a member of this name."),
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = clean_name(self.name)
        self.kana = hiragana(without_bidi(self.kana))
        super().save(*args, **kwargs)


class Role(models.TextChoices):
    OWNER = "owner", _("owner")
    SECRETARY = "secretary", _("secretary")
    MEMBER = "member", _("member")


class MembershipQuerySet(models.QuerySet):
    def running(self):
        """Owners and secretaries: those who enter and correct results."""
        return self.filter(role__in=[Role.OWNER, Role.SECRETARY])


class Membership(models.Model):
    """What a login may do in a club: owner (オーナー), secretary (幹事) or member (会員)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships", verbose_name=_("login")
    )
    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships", verbose_name=_("club"))
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)

    objects = MembershipQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club")]

    def __str__(self):
        return f"{self.user} · {self.club} · {self.get_role_display()}"
