"""The owner's two actions on a login's access (the logins page): a one-time password link, lifting a lockout.

The rules (whose password an owner may reset, what is kept in history) are in services/accounts.py.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models.people import Membership
from ..services import accounts
from ..services.refusals import Refused
from ..web.permissions import club_for_owner


def _membership(access, membership_id):
    return get_object_or_404(Membership.objects.select_related("user", "club"), pk=membership_id, club=access.club)


@require_POST
def password_link(request, slug, membership_id):
    """Make the link and show it once, to copy and pass on (it is not kept anywhere the owner could reopen)."""
    access = club_for_owner(request, slug)
    membership = _membership(access, membership_id)
    try:
        link, emailed_to = accounts.make_password_link(membership, request.user, request)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect("manage_logins", slug=slug)
    response = render(
        request,
        "league/manage/password_link.html",
        {
            "access": access,
            "club": access.club,
            "membership": membership,
            "link": link,
            "emailed_to": emailed_to,
            "until": accounts.link_expiry(),
        },
    )
    response["Cache-Control"] = "no-store"  # the link sets a password: no copy in a browser's cache
    return response


@require_POST
def lift_lockout(request, slug, membership_id):
    access = club_for_owner(request, slug)
    membership = _membership(access, membership_id)
    accounts.lift_lockout(membership)
    messages.success(request, _("%(username)s may log in again.") % {"username": membership.user.get_username()})
    return redirect("manage_logins", slug=slug)
