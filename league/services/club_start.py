"""A logged-in person creates a club (クラブを作る) and becomes its owner, in one transaction.

Who may is the operator's choice, ``CLUB_CREATION`` (docs/hosting.md, "Sign-up and new clubs"): ``open``
lets anyone logged in; ``approved`` only logins given the permission ``league.add_club`` in the admin, and
superusers.  The club starts private, with no rule set: its owner adds the first one next.
"""

import re

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from ..models.clubs import Club
from ..models.people import Membership, Role
from ..models.text import clean_name
from .refusals import Refused

OPEN, APPROVED = "open", "approved"
# An address name: lower-case letters, digits and hyphens, starting with a letter or digit.
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$")
SLUG_FALLBACK = "club"


def creation_refusal(user: AbstractBaseUser) -> str | None:
    """Why ``user`` may not create a club on this site, or None when they may."""
    if not user.is_authenticated:
        return _("Log in to create a club.")
    if settings.CLUB_CREATION == OPEN or user.is_superuser or user.has_perm("league.add_club"):
        return None
    return _(
        "On this site, new clubs are created by logins the site's operator has approved. Ask the operator "
        "to approve your login (they give it the permission to add clubs), or ask a club's owner for an "
        "invite link to join their club."
    )


def slug_is_free(slug: str) -> bool:
    return not Club.objects.filter(slug__iexact=slug).exists()


def suggested_slug(name: str, wanted: str = "") -> str:
    """A free address name close to ``wanted`` (or to the club's name): itself, else with -2, -3, … added."""
    base = slugify(clean_name(wanted or name)).strip("-_").replace("_", "-")[:44] or SLUG_FALLBACK
    if len(base) < 3:
        base = f"{SLUG_FALLBACK}-{base}" if base != SLUG_FALLBACK else base
    taken = set(Club.objects.filter(slug__istartswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def create_club(
    by: AbstractBaseUser, *, name: str, slug: str, description: str = "", venue: str = "", usual_venue_fee: int = 0
) -> Club:
    """The club, with ``by`` as its owner; refused when ``by`` may not create one or the address name is taken."""
    refusal = creation_refusal(by)
    if refusal:
        raise Refused(refusal)
    taken = _("The address name %(slug)s is taken: %(free)s is free.")
    with transaction.atomic():
        if not slug_is_free(slug):
            raise Refused(taken % {"slug": slug, "free": suggested_slug(name, slug)}, "slug")
        try:
            with transaction.atomic():
                club = Club.objects.create(
                    slug=slug, name=name, description=description, venue=venue, usual_venue_fee=usual_venue_fee
                )
        except IntegrityError as error:
            raise Refused(taken % {"slug": slug, "free": suggested_slug(name, slug)}, "slug") from error
        Membership.objects.create(club=club, user=by, role=Role.OWNER)
    return club
