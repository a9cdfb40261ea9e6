"""Invites (招待): the owner makes, shows and withdraws them (club pages); a person uses one (``/invite/<token>/``).

The rules (who may use an invite, when, what it does) are in ``services/invites.py``.
"""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..forms.invites import InviteForm
from ..forms.signup import SignUpForm
from ..models.invites import Invite
from ..models.people import Member
from ..services import invites, signups
from ..services.refusals import Refused
from ..web.permissions import club_for_owner
from .accounts import log_in_new, too_many_signups

# -- the owner's pages --------------------------------------------------------------------------------------


def make_invite(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_for_owner(request, slug)
    initial = {}
    wanted = request.GET.get("member", "")
    if wanted.isdigit():
        initial["member"] = Member.objects.filter(club=access.club, pk=int(wanted)).values_list("pk", flat=True).first()
    form = InviteForm(request.POST if request.method == "POST" else None, club=access.club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            invite = invites.make_invite(access.club, by=request.user, **form.cleaned_data)
        except Refused as refusal:
            form.add_error(refusal.field, refusal.message)
        else:
            return redirect("invite_detail", slug=slug, invite_id=invite.pk)
    return render(
        request,
        "league/manage/invite_form.html",
        {"access": access, "club": access.club, "form": form},
        status=400 if form.is_bound else 200,
    )


def invite_detail(request: HttpRequest, slug: str, invite_id: int) -> HttpResponse:
    """The invite's link to copy, and a text for the club's group chat, while it waits; else what became of it."""
    access = club_for_owner(request, slug)
    invite = get_object_or_404(invites.invites_of(access.club), pk=invite_id)
    response = render(
        request,
        "league/manage/invite.html",
        {
            "access": access,
            "club": access.club,
            "invite": invite,
            "link": request.build_absolute_uri(reverse("use_invite", args=[invite.token])),
        },
    )
    response["Cache-Control"] = "no-store"  # the link lets someone in: no copy in a browser's cache
    return response


@require_POST
def withdraw_invite(request: HttpRequest, slug: str, invite_id: int) -> HttpResponse:
    access = club_for_owner(request, slug)
    invite = get_object_or_404(Invite.objects.select_related("member"), pk=invite_id, club=access.club)
    try:
        invites.withdraw_invite(invite, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            _("The invite for %(member)s is withdrawn: its link no longer works.") % {"member": invite.member.name},
        )
    return redirect("manage_logins", slug=slug)


# -- the invite's own page ------------------------------------------------------------------------------------


def use_invite(request: HttpRequest, token: str) -> HttpResponse:
    """Anyone with the link: a new login made here, or the visitor's own login, joins the club as the member."""
    try:
        invite = invites.usable_invite(token)
    except Invite.DoesNotExist:
        raise Http404 from None
    user = request.user if request.user.is_authenticated else None
    refusal = invites.invite_refusal(invite, user)
    form = None
    if refusal is None and user is None:
        if signups.over_limit(request):
            return too_many_signups(request)
        form = SignUpForm(request.POST if request.method == "POST" else None)
    if refusal is None and request.method == "POST":
        try:
            joined = _join(request, token, user, form)
        except Refused as refused:
            refusal = refused.message
            invite = invites.usable_invite(token)  # as it is now, for the status below
        else:
            if joined is not None:
                messages.success(
                    request,
                    _("Welcome to %(club)s: you are %(member)s, as %(role)s.")
                    % {"club": invite.club.name, "member": invite.member.name, "role": joined.get_role_display()},
                )
                return redirect("club", slug=invite.club.slug)
    status = 200
    if refusal is not None:
        status = 410 if invites.invite_refusal(invite) else 409  # gone for everyone, or only not for this login
    elif form is not None and form.is_bound:
        status = 400
    return render(
        request,
        "league/accounts/invite.html",
        {
            "invite": invite,
            "club": invite.club,
            "refusal": refusal,
            "form": form,
        },
        status=status,
    )


def _join(request: HttpRequest, token: str, user, form):
    """The membership made from the invite, or None when the sign-up form has errors to show."""
    if user is not None:
        return invites.use_invite(token, user)
    signups.count_try(request)
    if not form.is_valid():
        return None
    try:
        membership = invites.sign_up_with_invite(token, **form.login_data)
    except Refused as refused:
        if refused.field is None:
            raise
        form.add_error(refused.field, refused.message)
        return None
    signups.count_created(request)
    log_in_new(request, membership.user)
    return membership
