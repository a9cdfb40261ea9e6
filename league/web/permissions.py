"""Who may see and do what in a club; every club view loads its club through here.

- anyone may read a public club; members of a private club may read it;
- money (meeting sheets, season money, exports) is for the club's own people, even in a public club;
- owners and secretaries enter and correct results;
- only owners manage members, logins, seasons and rules; the site admin counts as an owner everywhere;
- everyone else gets 404 for a private club, so its existence is not revealed,
  and 403 for a page of a club they can read but may not use.

Which of these each club page needs, by method, is the table in tests/league/test_roles.py,
checked there against every URL of league/urls.py for every kind of visitor.
"""

from django.core.exceptions import PermissionDenied
from django.db.models import Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404

from ..models.clubs import Club
from ..models.people import Member, Membership, Role

RUNNING = (Role.OWNER, Role.SECRETARY)


class ClubAccess:
    """A club as seen by one visitor: ``role`` is None for visitors without a membership; ``member_id`` is the
    club's member linked to the visitor's login (``Member.user``: their own page, マイページ), else None."""

    def __init__(self, club, role, member_id=None):
        self.club = club
        self.role = role
        self.member_id = member_id

    @property
    def can_enter_results(self):
        return self.role in RUNNING

    @property
    def can_see_money(self):
        """Who paid what is for the club's own people, even when its results are public."""
        return self.role is not None

    @property
    def can_manage(self):
        return self.role == Role.OWNER


def role_in(user, club):
    """(role, own member's id) of ``user`` in ``club``, (None, None) without a membership.  One query: the
    member linked to the login is read with the membership (a login is linked only to a club it belongs to)."""
    if not user.is_authenticated:
        return None, None
    own_member = Member.objects.filter(club=club, user=user).order_by("pk").values("pk")[:1]
    found = (
        Membership.objects.filter(user=user, club=club)
        .annotate(own_member=Subquery(own_member))
        .values_list("role", "own_member")
        .first()
    )
    return found or (None, None)


def club_access(request, slug):
    """The club for reading: 404 unless it is public or the visitor belongs to it."""
    club = get_object_or_404(Club, slug=slug)
    role, member_id = role_in(request.user, club)
    if role is None and not club.is_public and not request.user.is_superuser:
        raise Http404
    if role is None and request.user.is_superuser:
        role = Role.OWNER  # the site admin can run every club
    return ClubAccess(club, role, member_id)


def club_for_members(request, slug):
    """The club's own pages (money): any role in the club; public visitors get 403, outsiders of a private club 404."""
    access = club_access(request, slug)
    if not access.can_see_money:
        raise PermissionDenied
    return access


def club_for_secretary(request, slug):
    """The club for entering and correcting results (owner or secretary)."""
    access = club_access(request, slug)
    if not access.can_enter_results:
        raise PermissionDenied
    return access


def club_for_owner(request, slug):
    """The club for managing members, logins, seasons and rules (owner only)."""
    access = club_access(request, slug)
    if not access.can_manage:
        raise PermissionDenied
    return access


def owned_clubs(user) -> set[int]:
    """The ids of the clubs ``user`` owns."""
    return set(Membership.objects.filter(user=user, role=Role.OWNER).values_list("club_id", flat=True))


def owns_every_club(user, clubs: set[int], owned: set[int] | None = None) -> bool:
    """Whether ``user`` still runs each club of ``clubs`` (ids) as its owner: a site admin always, else an
    active login owning every one of them (and there is one).

    The one rule for what an owner's one-time link may do (an invite, a password link): the link acts for the
    owner who made it, so it is checked with this when it is made and again each time it is used.  ``owned``:
    the user's ``owned_clubs`` when the caller has read them already.
    """
    if user is None or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return bool(clubs) and clubs <= (owned_clubs(user) if owned is None else owned)
