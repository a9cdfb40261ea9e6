"""Invites (招待): the owner's one-time link for a member, used by a new login or an existing one, once.

Also: no page says whether a login name exists (the owner's add-a-login-by-name page is gone), and invites
show on the club's activity page.
"""

import datetime
import re
import threading

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation

from league.models import Invite, Member, Membership, Role
from league.services.invites import make_invite, use_invite, withdraw_invite
from league.services.refusals import Refused

from .account_pages import errors, hrefs, one, page, select, text

User = get_user_model()
PASSWORD = "a long table secret"


@pytest.fixture
def nakajima(club):
    return club.members.get(name="中島五郎")


@pytest.fixture
def invite(club, owner, nakajima):
    return make_invite(club, member=nakajima, role=Role.SECRETARY, by=owner)


def invite_url(invite, language="en"):
    return f"/{language}/invite/{invite.token}/" if language != "ja" else f"/invite/{invite.token}/"


def signup_data(**changes):
    return {"username": "goro", "email": "", "password1": PASSWORD, "password2": PASSWORD, **changes}


def message(response):
    return text(one(page(response), "p", "message-warning"))


# -- the owner makes it ------------------------------------------------------------------------------------------


def test_the_owner_makes_an_invite_and_gets_its_link_and_a_text_for_the_group(client, club, owner, nakajima):
    client.force_login(owner)
    response = client.post(f"/en/c/{club.slug}/manage/invites/add/", {"member": nakajima.pk, "role": "secretary"})
    invite = Invite.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/en/c/{club.slug}/manage/invites/{invite.pk}/"
    assert (invite.member, invite.role, invite.created_by, invite.usable) == (nakajima, Role.SECRETARY, owner, True)
    assert invite.expires_at - timezone.now() > datetime.timedelta(days=13)
    shown = client.get(response["Location"])
    assert shown["Cache-Control"] == "no-store"
    html = page(shown)
    link = f"http://testserver/en/invite/{invite.token}/"
    assert dict(one(html, "input", id="invite-link").attributes)["value"] == link
    chat = text(one(html, "textarea", id="invite-text"))
    assert chat.startswith("中島五郎: 風の会 keeps its results on Janroku.") and chat.endswith(link)
    assert text(one(html, "strong", "invite-state")).startswith("Waiting until")
    assert one(html, "form", action=f"/en/c/{club.slug}/manage/invites/{invite.pk}/withdraw/") is not None


def test_the_members_page_offers_an_invite_for_a_member_without_a_login(client, club, owner, member, nakajima):
    Member.objects.filter(club=club, name="東田一郎").update(user=member)
    client.force_login(owner)
    links = hrefs(page(client.get(f"/en/c/{club.slug}/manage/members/")))
    assert f"/en/c/{club.slug}/manage/invites/add/?member={nakajima.pk}" in links
    linked = club.members.get(name="東田一郎")
    assert f"/en/c/{club.slug}/manage/invites/add/?member={linked.pk}" not in links
    form = page(client.get(f"/en/c/{club.slug}/manage/invites/add/?member={nakajima.pk}"))
    chosen = one(form, "option", value=str(nakajima.pk))
    assert "selected" in dict(chosen.attributes)
    assert one(form, "option", value=str(linked.pk)) is None  # a member with a login is not offered


def test_an_invite_for_a_guest_or_a_member_with_a_login_is_refused_by_the_service(club, owner, member):
    guest = Member.objects.create(club=club, name="ビジター", guest=True)
    linked = club.members.get(name="東田一郎")
    linked.user = member
    linked.save()
    for person in (guest, linked):
        with pytest.raises(Refused):
            make_invite(club, member=person, role=Role.MEMBER, by=owner)
    assert not Invite.objects.exists()


# -- a person uses it ---------------------------------------------------------------------------------------------


def test_a_new_login_made_on_the_invite_page_joins_as_the_member_with_the_role(club, invite, nakajima):
    visitor = Client()
    html = page(visitor.get(invite_url(invite)))
    assert "You are invited to join 風の会 as" in text(html) and text(one(one(html, "main"), "strong")) == "中島五郎"
    assert one(html, "a", href=f"/en/login/?next=/en/invite/{invite.token}/") is not None
    response = visitor.post(invite_url(invite), signup_data())
    assert response.status_code == 302 and response["Location"] == f"/en/c/{club.slug}/"
    user = User.objects.get(username="goro")
    assert user.check_password(PASSWORD)
    assert Membership.objects.get(club=club, user=user).role == Role.SECRETARY
    nakajima.refresh_from_db()
    invite.refresh_from_db()
    assert nakajima.user == user and (invite.used_by, invite.usable) == (user, False)
    welcome = visitor.get(response["Location"])
    assert welcome.status_code == 200  # logged in, and the private club is theirs now
    assert "Welcome to 風の会: you are 中島五郎, as secretary." in text(page(welcome))


def test_a_refused_sign_up_on_the_invite_page_keeps_the_invite(club, invite, outsider):
    response = Client().post(invite_url(invite), signup_data(username="outsider", password2="x"))
    assert response.status_code == 400
    assert {"A user with that username already exists.", "The two password fields didn’t match."} <= set(
        errors(response)
    )
    invite.refresh_from_db()
    assert invite.usable and not Membership.objects.filter(club=club, role=Role.SECRETARY).exists()


def test_an_existing_login_in_another_browser_joins_with_its_own_password(club, invite, owner, outsider, nakajima):
    owners_browser, their_browser = Client(), Client()
    owners_browser.force_login(owner)
    assert their_browser.post(
        "/en/login/", {"username": "outsider", "password": "correct horse battery", "next": invite_url(invite)}
    )["Location"] == invite_url(invite)
    html = page(their_browser.get(invite_url(invite)))
    assert text(one(one(html, "main"), "button")) == "Join with this login"
    assert one(html, "input", name="password1") is None
    response = their_browser.post(invite_url(invite))
    assert response.status_code == 302 and response["Location"] == f"/en/c/{club.slug}/"
    assert Membership.objects.get(club=club, user=outsider).role == Role.SECRETARY
    nakajima.refresh_from_db()
    assert nakajima.user == outsider
    outsider.refresh_from_db()
    assert outsider.check_password("correct horse battery")
    invites = one(page(owners_browser.get(f"/en/c/{club.slug}/manage/logins/")), "section", id="invites")
    assert [text(row).startswith("中島五郎secretaryUsed by outsider on") for row in select(invites, "tr")] == [
        False,
        True,
    ]  # the heading, then the invite


def refused(response, status, said):
    assert response.status_code == status, response.status_code
    assert said in message(response)
    main = one(page(response), "main")
    assert one(main, "input", name="password1") is None and one(main, "button") is None


def test_an_invite_works_once(club, invite, outsider, secretary):
    first = Client()
    first.force_login(outsider)
    assert first.post(invite_url(invite)).status_code == 302
    second = Client()
    second.force_login(secretary)
    refused(second.get(invite_url(invite)), 410, "This invite has already been used.")
    refused(second.post(invite_url(invite)), 410, "This invite has already been used.")
    users = User.objects.count()
    refused(
        Client().post(invite_url(invite), signup_data(username="another")), 410, "This invite has already been used."
    )
    assert User.objects.count() == users  # a refused invite makes no login
    assert Membership.objects.filter(club=club, role=Role.SECRETARY).count() == 2  # the fixture's and outsider


def test_an_expired_invite_is_refused(club, invite, outsider):
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - datetime.timedelta(minutes=1))
    browser = Client()
    browser.force_login(outsider)
    refused(browser.post(invite_url(invite)), 410, "This invite expired on")
    assert not Membership.objects.filter(user=outsider).exists()


def test_a_withdrawn_invite_is_refused(client, club, invite, owner, outsider):
    client.force_login(owner)
    response = client.post(f"/en/c/{club.slug}/manage/invites/{invite.pk}/withdraw/")
    assert response.status_code == 302 and response["Location"] == f"/en/c/{club.slug}/manage/logins/"
    invite.refresh_from_db()
    assert invite.withdrawn_by == owner and not invite.usable
    assert "Withdrawn on" in text(page(client.get(f"/en/c/{club.slug}/manage/logins/")))
    again = client.post(f"/en/c/{club.slug}/manage/invites/{invite.pk}/withdraw/", follow=True)
    assert "there is nothing to withdraw" in text(page(again))
    refused(Client().get(invite_url(invite)), 410, "The club's owner withdrew this invite.")
    refused(Client().post(invite_url(invite), signup_data()), 410, "The club's owner withdrew this invite.")
    assert not User.objects.filter(username="goro").exists()


def test_an_invite_stops_when_its_maker_no_longer_owns_the_club(club, invite, owner, secretary, outsider):
    """Checked when used (issue 22): the link speaks for its maker only while they own the club."""
    Membership.objects.filter(user=secretary).update(role=Role.OWNER)
    Membership.objects.filter(user=owner).update(role=Role.MEMBER)
    browser = Client()
    browser.force_login(outsider)
    refused(browser.post(invite_url(invite)), 410, "The person who made this invite no longer runs the club")
    Membership.objects.filter(user=owner).delete()
    refused(Client().post(invite_url(invite), signup_data()), 410, "no longer runs the club")
    assert not Membership.objects.filter(user=outsider).exists() and not User.objects.filter(username="goro").exists()


def test_an_invite_stops_when_its_makers_login_is_turned_off(club, invite, owner, outsider):
    """The rule a password link is held to too (league/web/permissions.py, owns_every_club): an active owner."""
    owner.is_active = False
    owner.save()
    browser = Client()
    browser.force_login(outsider)
    refused(browser.post(invite_url(invite)), 410, "no longer runs the club")
    assert not Membership.objects.filter(user=outsider).exists()


def test_a_member_linked_to_another_login_meanwhile_is_refused(club, invite, member, outsider, nakajima):
    nakajima.user = member
    nakajima.save()
    browser = Client()
    browser.force_login(outsider)
    refused(browser.post(invite_url(invite)), 410, "中島五郎 is already linked to another login.")
    with pytest.raises(Refused):
        use_invite(invite.token, outsider)
    assert not Membership.objects.filter(user=outsider).exists()


def test_a_login_already_in_the_club_is_refused(club, invite, member):
    browser = Client()
    browser.force_login(member)
    refused(browser.get(invite_url(invite)), 409, "Your login already belongs to 風の会.")
    refused(browser.post(invite_url(invite)), 409, "Your login already belongs to 風の会.")
    assert Membership.objects.get(user=member).role == Role.MEMBER
    invite.refresh_from_db()
    assert invite.usable


def test_an_unknown_token_is_not_found(client, db):
    assert client.get("/invite/nothing-like-it/").status_code == 404
    assert client.post("/invite/nothing-like-it/", signup_data()).status_code == 404


def test_the_invite_page_is_in_japanese_by_default(club, invite):
    html = page(Client().get(invite_url(invite, "ja")))
    assert text(one(html, "h1")) == "風の会への招待"
    assert "中島五郎さん（幹事）として招待されています" in text(html)


def test_signing_up_on_the_invite_page_counts_towards_the_limit(settings, club, invite):
    settings.SIGNUP_TRY_LIMIT = 2
    visitor = Client(REMOTE_ADDR="10.0.0.7")
    for _ in range(2):
        assert visitor.post(invite_url(invite), signup_data(password2="x")).status_code == 400
    assert visitor.get(invite_url(invite)).status_code == 429


@pytest.mark.parametrize("who", ["anonymous", "outsider", "member"])
def test_the_invite_page_for_each_visitor(client, request, club, invite, who):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.get(invite_url(invite))
    html = page(response)
    expected = {"anonymous": (200, "password1"), "outsider": (200, None), "member": (409, None)}[who]
    assert response.status_code == expected[0]
    assert (one(html, "input", name="password1") is not None) == (expected[1] is not None)


def test_withdrawing_is_checked_again_under_the_lock(club, invite, owner, outsider):
    use_invite(invite.token, outsider)
    with pytest.raises(Refused):
        withdraw_invite(invite, owner)


# -- no page says whether a login exists ----------------------------------------------------------------------------


def test_the_owner_can_no_longer_add_a_login_by_its_name(client, club, owner, outsider):
    with pytest.raises(NoReverseMatch):
        reverse("add_login", args=[club.slug])
    client.force_login(owner)
    assert client.get(f"/en/c/{club.slug}/manage/logins/add/").status_code == 404
    assert (
        client.post(
            f"/en/c/{club.slug}/manage/logins/add/", {"kind": "existing", "username": "outsider", "role": "member"}
        ).status_code
        == 404
    )
    form = page(client.get(f"/en/c/{club.slug}/manage/invites/add/"))
    assert {dict(field.attributes)["name"] for field in select(form, "select") + select(form, "input")} == {
        "csrfmiddlewaretoken",
        "member",
        "role",
    }
    for address in (
        f"/en/c/{club.slug}/manage/logins/",
        f"/en/c/{club.slug}/manage/members/",
        f"/en/c/{club.slug}/manage/invites/add/",
    ):
        assert "outsider" not in client.get(address).content.decode()
    assert not Membership.objects.filter(user=outsider).exists()


def test_the_logins_page_offers_invites_instead(client, club, owner):
    client.force_login(owner)
    links = hrefs(page(client.get(f"/en/c/{club.slug}/manage/logins/")))
    assert f"/en/c/{club.slug}/manage/invites/add/" in links
    assert f"/en/c/{club.slug}/manage/logins/add/" not in links


# -- the activity page -----------------------------------------------------------------------------------------------


def test_invites_made_used_and_withdrawn_are_on_the_activity_page(client, club, owner, outsider, nakajima):
    first = make_invite(club, member=nakajima, role=Role.MEMBER, by=owner)
    withdraw_invite(first, owner)
    second = make_invite(club, member=nakajima, role=Role.SECRETARY, by=owner)
    use_invite(second.token, outsider)
    client.force_login(owner)
    rows = [text(row) for row in select(page(client.get(f"/en/c/{club.slug}/manage/activity/")), "tr")]
    said = [row for row in rows if "Invite for" in row]
    assert [re.search(r"Invite for \S+ as \w+ \w+", row).group() for row in said] == [
        "Invite for 中島五郎 as secretary used",
        "Invite for 中島五郎 as secretary made",
        "Invite for 中島五郎 as member withdrawn",
        "Invite for 中島五郎 as member made",
    ]


def test_the_pages_outside_the_club_have_no_english_left_in_japanese(client, club, invite, outsider):
    from .test_japanese_pages import english_words

    pages = {"signup": client.get("/signup/"), "invite": client.get(invite_url(invite, "ja"))}
    client.force_login(outsider)
    pages.update(
        {
            "welcome": client.get("/signup/welcome/"),
            "create_club": client.get("/clubs/new/"),
            "invite, logged in": client.get(invite_url(invite, "ja")),
        }
    )
    typed = ("'outsider' in", "'kaze' in", "'no' in", "'kai' in")  # the login's name, an example address name
    assert {
        name: [word for word in english_words(response.content.decode()) if not word.startswith(typed)]
        for name, response in pages.items()
    } == {name: [] for name in pages}


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"),
    reason="real concurrent transactions: PostgreSQL",
)
def test_two_people_using_one_invite_at_the_same_moment_only_one_joins(club, invite, outsider, secretary):
    from django.db import connections

    other = User.objects.create_user("second", password=PASSWORD)
    start, results = threading.Barrier(2), {}

    def use(user):
        start.wait()
        try:
            with translation.override("en"):
                results[user.username] = use_invite(invite.token, user).role
        except Refused as refusal:
            results[user.username] = str(refusal.message)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=use, args=(user,)) for user in (outsider, other)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(str(result)[:30] for result in results.values()) == ["This invite has already been u", "secretary"]
    assert Membership.objects.filter(club=club, user__in=[outsider, other]).count() == 1


def test_the_history_says_who_joined(club, invite, nakajima):
    response = Client().post(invite_url(invite), signup_data())
    assert response.status_code == 302
    user = User.objects.get(username="goro")
    assert Membership.objects.get(user=user).history.get().history_user == user
    assert nakajima.history.latest().history_user == user
