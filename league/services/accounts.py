"""A login's access, as a club's owner manages it: a one-time link to set a new password, and lifting a lockout.

Members change their own password themselves (``account/password/``).  One who has forgotten it asks the
owner, who makes a link here: it sets a new password once (Django's password reset token: it stops working
when the password changes, or after PASSWORD_RESET_TIMEOUT), is shown to the owner to pass on, and is also
emailed when the site has an email server and the login an address.

An owner may make a link only for a login whose every club is one they own, and never for a site admin or
staff login: otherwise the owner of one club could take over a secretary or owner of another.  Their own
password they change like anyone.  The link carries who made it (signed, for that login only) and the same
rule is checked again each time it is used (``password_link_use_refusal``): once the login has joined a
club its maker does not own, or the maker no longer owns its club, or the login runs the site, the link
sets nothing.  A lockout (too many wrong passwords, django-axes) of a login of the club
may be lifted by its owner.  Both are kept in the membership's history, by whom and why (the change reasons
below), so the club's activity shows them.
"""

from collections import defaultdict
from datetime import timedelta

from axes.models import AccessAttempt
from axes.utils import reset as reset_attempts
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from ..models.people import Membership
from ..web.permissions import owned_clubs, owns_every_club
from .refusals import Refused

PASSWORD_LINK_MADE = "password link made"  # the change reasons in a membership's history
LOCKOUT_LIFTED = "lockout lifted"


def password_link_refusal(membership, by):
    """Why ``by`` may not make a password link for ``membership``'s login, or None when they may."""
    user = membership.user
    return _refusal(user, by, _clubs_of(user), owned_clubs(by))


def with_password_links(memberships, by):
    """``memberships`` (a list), each with ``may_get_link``: whether ``by`` may make a link for its login."""
    clubs = defaultdict(set)
    for user_id, club_id in Membership.objects.filter(user__in=[m.user_id for m in memberships]).values_list(
        "user_id", "club_id"
    ):
        clubs[user_id].add(club_id)
    owned = owned_clubs(by)
    for membership in memberships:
        membership.may_get_link = _refusal(membership.user, by, clubs[membership.user_id], owned) is None
    return memberships


def _clubs_of(user) -> set[int]:
    return set(Membership.objects.filter(user=user).values_list("club_id", flat=True))


def _refusal(user, by, clubs, owned):
    if user == by:
        return _("Change your own password from “Password” at the top of the page.")
    if user.is_superuser or user.is_staff:
        return _("This login runs the site: its password is changed by the site's administrator.")
    if owns_every_club(by, clubs, owned):
        return None
    return _(
        "This login also belongs to a club you do not own: ask the owner of that club, or the site's administrator."
    )


def make_password_link(membership, by, request):
    """A one-time link for ``membership``'s login to set a new password, and the address it was emailed to
    (empty when it was not).  Lifts the login's lockout, so the new password works at once."""
    refusal = password_link_refusal(membership, by)
    if refusal:
        raise Refused(refusal)
    user = membership.user
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "maker": _maker_signer(user).sign(str(by.pk)),
            "token": default_token_generator.make_token(user),
        },
    )
    link = request.build_absolute_uri(path)
    with transaction.atomic():
        _remember(membership, PASSWORD_LINK_MADE)
        reset_attempts(username=user.get_username())
    emailed_to = ""
    if settings.EMAIL_HOST and user.email:
        send_mail(
            _("Set a new password for Janroku"),
            _(
                "The owner of %(club)s made this link for your login %(username)s. Open it to set a new "
                "password; it works once, until %(until)s.\n\n%(link)s\n"
            )
            % {"club": membership.club.name, "username": user.get_username(), "link": link, "until": link_expiry()},
            None,
            [user.email],
        )
        emailed_to = user.email
    return link, emailed_to


def password_link_use_refusal(user: AbstractBaseUser, maker: str) -> str | None:
    """Why the link for ``user`` carrying ``maker`` (its signed maker, from the link's address) may not set a
    password now, or None when it may: the rule of making it, read again at this moment.  Whether the link is
    still good otherwise (used, expired) is the token's part, checked beside this."""
    try:
        maker_id = int(_maker_signer(user).unsign(maker))
    except (signing.BadSignature, ValueError):
        return _("This link no longer works: it has been used, or it is too old. Ask the club's owner for a new one.")
    if user.is_superuser or user.is_staff:
        return _("This login runs the site: its password is changed by the site's administrator.")
    by = get_user_model().objects.filter(pk=maker_id).first()
    if owns_every_club(by, _clubs_of(user)):
        return None
    return _(
        "The owner who made this link no longer runs every club of this login, so it no longer works. Ask "
        "the owner of your club for a new one."
    )


def _maker_signer(user) -> signing.Signer:
    """Signs who made a link, for ``user``'s links only (a maker taken from another login's link is refused)."""
    return signing.Signer(salt=f"janroku.password-link.maker:{user.pk}")


def link_expiry():
    return timezone.localtime(timezone.now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT))


def locked_out(usernames):
    """Which of ``usernames`` are locked out now: failures from any address within the cool-off reach the limit."""
    since = timezone.now() - timedelta(hours=settings.AXES_COOLOFF_TIME)
    return set(
        AccessAttempt.objects.filter(username__in=list(usernames), attempt_time__gte=since)
        .values("username")
        .annotate(failures=Sum("failures_since_start"))
        .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
        .values_list("username", flat=True)
    )


def lift_lockout(membership):
    """Forget the failed logins of ``membership``'s login, from every address; kept in its history."""
    with transaction.atomic():
        _remember(membership, LOCKOUT_LIFTED)
        return reset_attempts(username=membership.user.get_username())


def _remember(membership, reason):
    """A history record of the membership, unchanged, saying what was done (simple-history records who)."""
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    membership._change_reason = reason
    membership.save()
