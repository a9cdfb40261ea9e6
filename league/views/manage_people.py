"""The owner's pages for a club's people: members (会員), logins and roles, seasons (シーズン).

Each page loads the club through ``club_for_owner`` (404 for outsiders of a
private club, 403 for members without the role), validates a form, calls one
service, and redirects with a message.  Adjustments are in manage_adjustments.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..forms.member_list import MemberListForm
from ..forms.people import EditLoginForm, MakeMemberForm, MemberForm, MergeGuestForm, SeasonForm
from ..models.people import Member, Membership, Role
from ..models.seasons import Season
from ..page_tables.base import configure
from ..page_tables.manage import InvitesTable, LoginsTable, SeasonsTable, login_rows, season_rows
from ..page_tables.members_paste import PastedMembersTable
from ..page_tables.roster import GuestsTable, RosterTable, roster_rows
from ..services import accounts, invites, people
from ..services.refusals import Refused
from ..web.permissions import club_for_owner
from .confirmation import confirmation_page, confirmed


def saved_from(request, form, save):
    """On a POST with a valid form, ``save(cleaned_data)``; the saved object, or None with the errors on the form."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        return save(form.cleaned_data)
    except Refused as refusal:
        form.add_error(refusal.field, refusal.message)
        return None


def form_page(request, template, access, form, **context):
    """A form page: 400 when it comes back with errors, so scripts and tests see the refusal."""
    return render(
        request,
        template,
        {"access": access, "club": access.club, "form": form, **context},
        status=400 if form.is_bound else 200,
    )


def bound(request):
    return request.POST if request.method == "POST" else None


# -- members ----------------------------------------------------------------------------------------------


def manage_members(request, slug):
    access = club_for_owner(request, slug)
    search = request.GET.get("q", "").strip()
    found = people.members_of(access.club, search)
    members, guests = list(found.members()), list(found.guests())
    members_table, guests_table = RosterTable(roster_rows(members)), GuestsTable(guests)
    configure(request, members_table)  # the owner's page: sorted from the address, never a download
    configure(request, guests_table)
    return render(
        request,
        "league/manage/members.html",
        {
            "access": access,
            "club": access.club,
            "search": search,
            "members": members,
            "guests": guests,
            "members_table": members_table,
            "guests_table": guests_table,
        },
    )


def add_member(request, slug):
    access = club_for_owner(request, slug)
    return _member_page(request, access, Member(club=access.club))


def add_members(request, slug):
    """まとめて追加: a pasted list checked (確認) into a table of people and readings, then added (登録) at once."""
    access = club_for_owner(request, slug)
    form = MemberListForm(bound(request), club=access.club)
    added = None
    if request.POST.get("action") == "save":
        added = saved_from(request, form, lambda _data: people.add_members(access.club, form.new_members()))
    if added is not None:
        messages.success(
            request, ngettext("Added %(count)s member.", "Added %(count)s members.", len(added)) % {"count": len(added)}
        )
        return redirect("manage_members", slug=slug)
    checked = form.is_bound and form.is_valid()  # checking: a list without problems may be added
    return render(
        request,
        "league/manage/members_paste.html",
        {
            "access": access,
            "club": access.club,
            "form": form,
            "checked": checked,
            "people_table": PastedMembersTable(form.people),
        },
        status=400 if form.is_bound and not checked else 200,
    )


def edit_member(request, slug, member_id):
    access = club_for_owner(request, slug)
    return _member_page(request, access, get_object_or_404(Member, pk=member_id, club=access.club))


def _member_page(request, access, member):
    adding, heading = member.pk is None, member.name  # before the form puts what was typed on the member
    form = MemberForm(bound(request), instance=member, club=access.club)
    saved = saved_from(request, form, lambda data: people.save_member(access.club, member, **data))
    if saved is not None:
        done = _("Member %(name)s added.") if adding else _("Member %(name)s saved.")
        if adding and form.suggested:
            done = _(
                "Member %(name)s added, with the reading %(kana)s suggested from the name: if it is wrong, "
                "correct it on the member's page."
            )
        messages.success(request, done % {"name": saved.name, "kana": saved.kana})
        return redirect("manage_members", slug=access.club.slug)
    return form_page(
        request, "league/manage/member_form.html", access, form, member=member, adding=adding, heading=heading
    )


# -- guests: made a member, or merged into one --------------------------------------------------------------


def guest_to_member(request, slug, guest_id):
    """A guest's page: make them a member (this URL), or merge them into a member (``merge_guest``)."""
    access = club_for_owner(request, slug)
    guest = _guest(access, guest_id)
    form = MakeMemberForm(bound(request), club=access.club, guest=guest)
    saved = saved_from(request, form, lambda data: people.make_member(access.club, guest, **data))
    if saved is not None:
        messages.success(request, _("%(name)s is now a member, with every game they played.") % {"name": saved.name})
        return redirect("manage_members", slug=slug)
    return _guest_page(request, access, guest, form, MergeGuestForm(club=access.club))


def merge_guest(request, slug, guest_id):
    access = club_for_owner(request, slug)
    guest = _guest(access, guest_id)
    form = MergeGuestForm(bound(request), club=access.club)
    saved = saved_from(request, form, lambda data: people.merge_guest(access.club, guest, data["member"], request.user))
    if saved is not None:
        messages.success(
            request, _("The games of %(guest)s are now %(member)s's.") % {"guest": guest.name, "member": saved.name}
        )
        return redirect("manage_members", slug=slug)
    return _guest_page(request, access, guest, MakeMemberForm(club=access.club, guest=guest), form)


def _guest(access, guest_id):
    return get_object_or_404(Member, pk=guest_id, club=access.club, guest=True)


def _guest_page(request, access, guest, make_form, merge_form):
    return render(
        request,
        "league/manage/guest.html",
        {
            "access": access,
            "club": access.club,
            "guest": guest,
            "make_form": make_form,
            "merge_form": merge_form,
            "games": guest.seats.count(),
        },
        status=400 if make_form.is_bound or merge_form.is_bound else 200,
    )


# -- logins and roles -------------------------------------------------------------------------------------


INVITES_LISTED = 50  # the newest; older ones stay on the activity page


def manage_logins(request, slug):
    access = club_for_owner(request, slug)
    memberships = accounts.with_password_links(list(people.logins_of(access.club)), request.user)
    locked_out = accounts.locked_out(m.user.get_username() for m in memberships)
    listed = list(invites.invites_of(access.club)[:INVITES_LISTED])
    # The owner's page: neither table sorts (role order, newest first) nor downloads, so neither is configured.
    return render(
        request,
        "league/manage/logins.html",
        {
            "access": access,
            "club": access.club,
            "memberships": memberships,
            "locked_out": locked_out,
            "logins_table": LoginsTable(login_rows(memberships, request.user, locked_out)),
            "invites": listed,
            "invites_table": InvitesTable(listed),
        },
    )


def edit_login(request, slug, membership_id):
    access = club_for_owner(request, slug)
    membership = _membership(access, membership_id)
    form = EditLoginForm(bound(request), membership=membership)
    saved = saved_from(request, form, lambda data: people.change_login(membership, **data))
    if saved is not None:
        messages.success(
            request,
            _("%(username)s is now %(role)s.")
            % {"username": saved.user.get_username(), "role": saved.get_role_display()},
        )
        if saved.user == request.user and saved.role != Role.OWNER:
            return redirect("club", slug=slug)  # no longer allowed on the owner's pages
        return redirect("manage_logins", slug=slug)
    return form_page(request, "league/manage/login_form.html", access, form, membership=membership)


def remove_login(request, slug, membership_id):
    """Removing asks first (GET, or a POST without the confirmation): the login leaves this club only."""
    access = club_for_owner(request, slug)
    membership = _membership(access, membership_id)
    if not confirmed(request):
        username = membership.user.get_username()
        linked = ", ".join(Member.objects.filter(club=access.club, user=membership.user).values_list("name", flat=True))
        consequences = [
            _(
                "%(username)s (%(role)s) will no longer be able to open this club's pages as one of its "
                "people. The login itself stays, and so do its other clubs."
            )
            % {"username": username, "role": membership.get_role_display()}
        ]
        if linked:
            consequences.append(
                _("%(member)s stays a member with every result, no longer linked to the login.") % {"member": linked}
            )
        if membership.user == request.user:
            consequences.append(_("This is your own login: you will leave the club's management pages."))
        consequences.append(
            _("The club's activity page keeps who removed the login and when; to undo, make an invite for the member.")
        )
        return confirmation_page(
            request,
            access,
            title=_("Remove %(username)s from the club?") % {"username": username},
            consequences=consequences,
            button=_("Remove the login"),
            cancel_url=reverse("edit_login", args=[slug, membership.pk]),
            section=(_("Logins and roles"), "manage_logins"),
        )
    try:
        people.remove_login(membership, request.user)
    except Refused as refusal:
        messages.error(request, refusal.message)
        return redirect("edit_login", slug=slug, membership_id=membership.pk)
    messages.success(
        request, _("%(username)s no longer belongs to the club.") % {"username": membership.user.get_username()}
    )
    if membership.user == request.user:
        return redirect("home")
    return redirect("manage_logins", slug=slug)


def _membership(access, membership_id):
    return get_object_or_404(Membership.objects.select_related("user", "club"), pk=membership_id, club=access.club)


# -- seasons ----------------------------------------------------------------------------------------------


def manage_seasons(request, slug):
    access = club_for_owner(request, slug)
    seasons = list(Season.objects.filter(club=access.club))
    table = SeasonsTable(season_rows(seasons))
    configure(request, table)  # the owner's page: sorted from the address, never a download
    return render(
        request,
        "league/manage/seasons.html",
        {
            "access": access,
            "club": access.club,
            "seasons": seasons,
            "table": table,
        },
    )


def add_season(request, slug):
    access = club_for_owner(request, slug)
    return _season_page(request, access, Season(club=access.club))


def edit_season(request, slug, season_id):
    access = club_for_owner(request, slug)
    return _season_page(request, access, get_object_or_404(Season, pk=season_id, club=access.club))


def _season_page(request, access, season):
    adding, heading = season.pk is None, season.name  # before the form puts what was typed on the season
    form = SeasonForm(bound(request), instance=season, club=access.club)
    saved = saved_from(request, form, lambda data: people.save_season(access.club, season, **data))
    if saved is not None:
        done = _("Season %(name)s added.") if adding else _("Season %(name)s saved.")
        messages.success(request, done % {"name": saved.name})
        return redirect("manage_seasons", slug=access.club.slug)
    return form_page(
        request, "league/manage/season_form.html", access, form, season=season, adding=adding, heading=heading
    )
