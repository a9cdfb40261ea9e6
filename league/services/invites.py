"""Invites (招待): the owner's one-time link that brings a person into the club as one of its members.

The owner makes an invite for a member not yet linked to a login, with the role they will have. Whoever
opens the link creates a login there, or attaches the one they have; using it creates the membership and
links the member to the login, once, in one transaction with the invite's row locked. Everything is
checked again at that moment (docs/security.md, "Invites"): an invite used, withdrawn or expired, a maker
who no longer owns the club, a member linked to another login since, a login already in the club.

Invites are kept after use (who used it, when), withdrawal and expiry, for the owner's list and the club's
activity.
"""

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models.clubs import Club
from ..models.invites import Invite
from ..models.people import Member, Membership
from ..text.formatting import format_date
from ..web.permissions import owns_every_club
from . import signups
from .locks import lock_members
from .refusals import Refused


def invites_of(club: Club):
    """The club's invites, newest first, with what their list shows."""
    return Invite.objects.filter(club=club).select_related("member", "created_by", "used_by", "withdrawn_by")


def invitable_members(club: Club):
    """The members an invite may be made for: not guests, not linked to a login yet."""
    return Member.objects.filter(club=club, user=None).members().in_kana_order()


def make_invite(club: Club, *, member: Member, role: str, by: AbstractBaseUser) -> Invite:
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk, club=club)
        if member.guest:
            raise Refused(_("%(member)s is a guest: make them a member first.") % {"member": member.name}, "member")
        if member.user_id is not None:
            raise Refused(_("%(member)s already has a login.") % {"member": member.name}, "member")
        return Invite.objects.create(club=club, member=member, role=role, created_by=by)


def withdraw_invite(invite: Invite, by: AbstractBaseUser) -> Invite:
    with transaction.atomic():
        current = Invite.objects.select_for_update().get(pk=invite.pk)
        if not current.usable:
            raise Refused(_("This invite is already used, withdrawn or expired: there is nothing to withdraw."))
        current.withdrawn_at, current.withdrawn_by = timezone.now(), by
        current.save(update_fields=["withdrawn_at", "withdrawn_by"])
    return current


def usable_invite(token: str) -> Invite:
    """The invite of ``token`` as its page shows it (Invite.DoesNotExist when there is none)."""
    return Invite.objects.select_related("club", "member", "used_by").get(token=token)


def invite_refusal(invite: Invite, user: AbstractBaseUser | None = None) -> str | None:
    """Why ``invite`` cannot be used now (by ``user``, when given), or None when it can."""
    return (
        _state_refusal(invite)
        or _maker_refusal(invite)
        or _member_refusal(invite, user)
        or (_login_refusal(invite, user) if user is not None else None)
    )


def use_invite(token: str, user: AbstractBaseUser) -> Membership:
    """Bring ``user`` into the invite's club as its member, with its role; the invite is then used up."""
    with transaction.atomic():
        return _use(_locked_invite(token), user)


def sign_up_with_invite(token: str, *, username: str, password: str, email: str = "") -> Membership:
    """A new login that uses the invite at once: both or neither (a refused invite creates no login)."""
    with transaction.atomic():
        invite = _locked_invite(token)
        refusal = _state_refusal(invite) or _maker_refusal(invite)
        if refusal:
            raise Refused(refusal)
        user = signups.create_login(username=username, password=password, email=email)
        return _use(invite, user)


def _locked_invite(token: str) -> Invite:
    # The member before the invite (the one lock order, services/locks.py): making an invite locks the member.
    lock_members(Invite.objects.filter(token=token).values_list("member_id", flat=True))
    return Invite.objects.select_for_update(of=("self",)).select_related("club", "member").get(token=token)


def _use(invite: Invite, user: AbstractBaseUser) -> Membership:
    member = invite.member
    refusal = invite_refusal(invite, user)
    if refusal:
        raise Refused(refusal)
    # The history says who did it: the person using the invite (not yet logged in when they sign up here).
    membership = Membership(club=invite.club, user=user, role=invite.role)
    membership._history_user = user
    membership.save()
    member.user = user
    member._history_user = user
    member.save()
    invite.used_at, invite.used_by = timezone.now(), user
    invite.save(update_fields=["used_at", "used_by"])
    return membership


def _state_refusal(invite: Invite) -> str | None:
    if invite.used_at is not None:
        return _("This invite has already been used. Ask the club's owner for a new one if you need it.")
    if invite.withdrawn_at is not None:
        return _("The club's owner withdrew this invite. Ask them for a new one if you need it.")
    if invite.expires_at <= timezone.now():
        return _("This invite expired on %(date)s. Ask the club's owner for a new one.") % {
            "date": format_date(timezone.localdate(invite.expires_at))
        }
    return None


def _maker_refusal(invite: Invite) -> str | None:
    """An invite speaks for the owner who made it: it stops when they no longer own the club."""
    if owns_every_club(invite.created_by, {invite.club_id}):  # the rule a password link is held to too
        return None
    return _(
        "The person who made this invite no longer runs the club, so it no longer works. Ask the club's "
        "owner for a new one."
    )


def _member_refusal(invite: Invite, user: AbstractBaseUser | None) -> str | None:
    linked = invite.member.user_id
    if linked is None or (user is not None and linked == user.pk):
        return None
    return _("%(member)s is already linked to another login. Ask the club's owner.") % {"member": invite.member.name}


def _login_refusal(invite: Invite, user: AbstractBaseUser) -> str | None:
    if Membership.objects.filter(club=invite.club_id, user=user).exists():
        return _("Your login already belongs to %(club)s.") % {"club": invite.club.name}
    return None
