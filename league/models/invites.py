"""Invites (招待): a one-time link an owner passes on, letting a person log in as one of the club's members."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .people import Member, Role

# How long an invite link works, unless the owner withdraws it first.
INVITE_LIFETIME = timedelta(days=14)


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


def invite_expiry():
    return timezone.now() + INVITE_LIFETIME


class InviteQuerySet(models.QuerySet):
    def usable(self):
        """Invites not used, not withdrawn and not yet expired."""
        return self.filter(used_at=None, withdrawn_at=None, expires_at__gt=timezone.now())


class Invite(models.Model):
    """A one-time link that lets a person create a login, or attach their own, linked to ``member`` with ``role``.

    It is kept after use, withdrawal or expiry, so that the club's activity shows who invited whom and when.
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="invites", verbose_name=_("club"))
    member = models.ForeignKey(Member, models.CASCADE, related_name="invites", verbose_name=_("member"))
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    token = models.CharField(_("token"), max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+", verbose_name=_("made by")
    )
    created_at = models.DateTimeField(_("made"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("used by")
    )
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("withdrawn by"),
    )

    objects = InviteQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("invite")
        verbose_name_plural = _("invites")

    def __str__(self):
        return f"{self.club} · {self.member}"

    def save(self, *args, **kwargs):
        # Set here rather than as field defaults, so that the migration names no function of the app.
        if not self.token:
            self.token = new_invite_token()
        if self.expires_at is None:
            self.expires_at = invite_expiry()
        super().save(*args, **kwargs)

    @property
    def usable(self) -> bool:
        return self.used_at is None and self.withdrawn_at is None and self.expires_at > timezone.now()
