"""Accounts: changing one's password, the owner's one-time link, lockouts that always end, the client's address."""

import datetime
import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from janroku.client_address import client_address
from league.models import Club, Membership, Role
from league.services.accounts import LOCKOUT_LIFTED, PASSWORD_LINK_MADE

PASSWORD = "correct horse battery"  # tests/league/conftest.py gives every person this one


def logs_in(username, password, address="10.0.0.1"):
    response = Client(REMOTE_ADDR=address).post("/login/", {"username": username, "password": password})
    return response.status_code == 302


def fail(username, times, address="10.0.0.1"):
    for _ in range(times):
        assert not logs_in(username, "wrong password", address)


# -- a member's own password --------------------------------------------------------------------------------


def test_a_member_changes_their_own_password_from_the_header(client, club, member):
    client.force_login(member)
    assert 'href="/account/password/"' in client.get(f"/c/{club.slug}/").content.decode()
    page = client.get("/account/password/")
    assert page.status_code == 200 and "パスワードの変更" in page.content.decode()
    wrong = client.post(
        "/account/password/",
        {"old_password": "not it", "new_password1": "a new long secret 7", "new_password2": "a new long secret 7"},
    )
    assert wrong.status_code == 200 and not logs_in("member", "a new long secret 7")
    done = client.post(
        "/account/password/",
        {"old_password": PASSWORD, "new_password1": "a new long secret 7", "new_password2": "a new long secret 7"},
    )
    assert done.status_code == 302 and done["Location"] == "/account/password/changed/"
    assert logs_in("member", "a new long secret 7") and not logs_in("member", PASSWORD)


def test_changing_a_password_needs_a_login(client, db):
    assert client.get("/account/password/")["Location"].startswith("/login/")


# -- the owner's one-time link ------------------------------------------------------------------------------


def link_from(response):
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    return re.search(r'value="(http://testserver/account/set-password/[^"]+)"', response.content.decode()).group(1)


def test_an_owner_gives_a_member_a_link_that_sets_a_password_once(client, club, owner, member):
    client.force_login(owner)
    membership = Membership.objects.get(user=member, club=club)
    logins = client.get(f"/c/{club.slug}/manage/logins/").content.decode()
    assert f"/manage/logins/{membership.pk}/password-link/" in logins
    link = link_from(client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/"))

    visitor = Client()
    form = visitor.get(link, follow=True)
    assert "member" in form.content.decode() and 'name="new_password1"' in form.content.decode()
    done = visitor.post(
        form.redirect_chain[-1][0], {"new_password1": "set by a link 42", "new_password2": "set by a link 42"}
    )
    assert done.status_code == 302 and done["Location"] == "/account/set-password/done/"
    assert logs_in("member", "set by a link 42")

    again = Client().get(link, follow=True).content.decode()
    assert 'name="new_password1"' not in again and "このリンクはもう使えません" in again

    record = membership.history.latest("history_date")  # the oldest is the membership's creation
    assert membership.history.filter(history_change_reason=PASSWORD_LINK_MADE, history_user=owner).exists()
    assert record.history_type == "~"


def test_the_link_is_emailed_when_the_site_sends_email(client, club, owner, member, settings, mailoutbox):
    member.email = "member@example.jp"
    member.save()
    membership = Membership.objects.get(user=member, club=club)
    client.force_login(owner)
    settings.EMAIL_HOST = ""
    link_from(client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/"))
    assert mailoutbox == []
    settings.EMAIL_HOST = "smtp.example.jp"
    response = client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/")
    link = link_from(response)
    assert "member@example.jp" in response.content.decode()
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["member@example.jp"] and link in mailoutbox[0].body


def test_no_link_for_a_login_of_a_club_the_owner_does_not_own(client, club, owner, secretary):
    other = Club.objects.create(slug="other", name="別の会")
    Membership.objects.create(user=secretary, club=other, role=Role.OWNER)
    membership = Membership.objects.get(user=secretary, club=club)
    client.force_login(owner)
    assert (
        f"/manage/logins/{membership.pk}/password-link/"
        not in client.get(f"/c/{club.slug}/manage/logins/").content.decode()
    )
    refused = client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/", follow=True)
    assert "set-password" not in refused.content.decode()
    assert "あなたがオーナーでない会" in refused.content.decode()
    assert not membership.history.filter(history_change_reason=PASSWORD_LINK_MADE).exists()


@pytest.mark.parametrize("whose", ["own", "site_admin"])
def test_no_link_for_ones_own_login_or_a_site_admin(client, club, owner, whose):
    target = owner
    if whose == "site_admin":
        target = get_user_model().objects.create_user("root", password=PASSWORD, is_staff=True)
        Membership.objects.create(user=target, club=club, role=Role.MEMBER)
    membership = Membership.objects.get(user=target, club=club)
    client.force_login(owner)
    refused = client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/", follow=True)
    assert "set-password" not in refused.content.decode()


# -- the link checked when used (issue 22) ------------------------------------------------------------------


def made_link(club, owner, person):
    client = Client()
    client.force_login(owner)
    membership = Membership.objects.get(user=person, club=club)
    return link_from(client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/password-link/"))


def refused_link(response, message):
    """The link's page as refused: the reason in the page's language, no form to set a password."""
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="new_password1"' not in html and message in html
    return html


def joins_another_club_as_secretary(person):
    other = Club.objects.create(slug="other", name="別の会")
    Membership.objects.create(user=person, club=other, role=Role.SECRETARY)


def test_a_link_is_refused_once_the_login_joined_a_club_its_maker_does_not_own(club, owner, secretary):
    link = made_link(club, owner, secretary)
    joins_another_club_as_secretary(secretary)
    refused_link(Client().get(link, follow=True), "このリンクを作ったオーナーが")
    assert logs_in("secretary", PASSWORD)


def test_a_link_opened_before_the_login_joined_another_club_sets_nothing_when_sent(club, owner, secretary):
    visitor = Client()
    form = visitor.get(made_link(club, owner, secretary), follow=True)
    assert 'name="new_password1"' in form.content.decode()
    joins_another_club_as_secretary(secretary)
    address = form.redirect_chain[-1][0]
    refused_link(visitor.get(address), "このリンクを作ったオーナーが")
    sent = visitor.post(address, {"new_password1": "taken over 4242", "new_password2": "taken over 4242"})
    refused_link(sent, "このリンクを作ったオーナーが")
    assert logs_in("secretary", PASSWORD) and not logs_in("secretary", "taken over 4242")


def test_a_link_whose_maker_no_longer_owns_the_club_is_refused(club, owner, member, django_user_model):
    link = made_link(club, owner, member)
    successor = django_user_model.objects.create_user("successor", password=PASSWORD)
    Membership.objects.create(user=successor, club=club, role=Role.OWNER)
    Membership.objects.filter(user=owner, club=club).update(role=Role.MEMBER)
    html = refused_link(
        Client().get(f"/en{link.removeprefix('http://testserver')}", follow=True),
        "The owner who made this link no longer runs every club of this login",
    )
    assert "Ask the owner of your club for a new one." in html
    assert logs_in("member", PASSWORD)


def test_a_link_for_a_login_that_left_the_club_is_refused(club, owner, member):
    link = made_link(club, owner, member)
    Membership.objects.filter(user=member, club=club).delete()
    refused_link(Client().get(link, follow=True), "このリンクを作ったオーナーが")


def test_a_link_for_a_login_that_now_runs_the_site_is_refused(club, owner, member):
    link = made_link(club, owner, member)
    member.is_staff = True
    member.save()
    refused_link(Client().get(link, follow=True), "サイト管理者")


def test_a_link_still_good_works_once_even_after_the_login_joined_another_of_its_makers_clubs(club, owner, member):
    link = made_link(club, owner, member)
    other = Club.objects.create(slug="other", name="別の会")
    Membership.objects.create(user=owner, club=other, role=Role.OWNER)
    Membership.objects.create(user=member, club=other, role=Role.SECRETARY)
    visitor = Client()
    form = visitor.get(link, follow=True)
    done = visitor.post(
        form.redirect_chain[-1][0], {"new_password1": "set by a link 42", "new_password2": "set by a link 42"}
    )
    assert done.status_code == 302 and logs_in("member", "set by a link 42")
    assert 'name="new_password1"' not in Client().get(link, follow=True).content.decode()


def test_the_maker_in_a_link_cannot_be_forged_or_moved_to_another_login(club, owner, member, secretary):
    path = made_link(club, owner, member).removeprefix("http://testserver")
    uid, maker, token = path.strip("/").split("/")[-3:]
    other_maker = made_link(club, owner, secretary).strip("/").split("/")[-2]  # the secretary's link's maker
    site_admin = get_user_model().objects.create_superuser("root", password=PASSWORD)
    forged = f"{site_admin.pk}:{maker.split(':', 1)[1]}"
    for other in (other_maker, forged, "", "7"):
        refused_link(
            Client().get(f"/account/set-password/{uid}/{other or '-'}/{token}/", follow=True),
            "このリンクはもう使えません",
        )
    assert 'name="new_password1"' in Client().get(path, follow=True).content.decode()


def test_a_link_made_before_links_carried_their_maker_says_it_no_longer_works(club, member):
    uid = urlsafe_base64_encode(force_bytes(member.pk))
    refused_link(
        Client().get(f"/account/set-password/{uid}/{default_token_generator.make_token(member)}/", follow=True),
        "このリンクはもう使えません",
    )


# -- lockouts ------------------------------------------------------------------------------------------------


def test_failures_for_one_login_from_many_addresses_lock_it(club, member, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        fail("member", 1, address=f"10.0.1.{n}")
    assert not logs_in("member", PASSWORD, address="10.0.2.1")


def test_failures_from_one_address_for_many_logins_lock_the_address(club, member, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        fail(f"guess{n}", 1, address="10.0.3.3")
    assert not logs_in("member", PASSWORD, address="10.0.3.3")
    assert logs_in("member", PASSWORD, address="10.0.3.4")


def test_a_lockout_ends_after_the_cool_off_and_failures_meanwhile_do_not_extend_it(club, member, settings):
    fail("member", settings.AXES_FAILURE_LIMIT)
    locked_at = AccessAttempt.objects.get(username="member").attempt_time
    fail("member", 5, address="10.0.4.4")  # an attacker keeps trying during the lockout
    assert not AccessAttempt.objects.filter(username="member").exclude(attempt_time=locked_at).exists()
    assert not logs_in("member", PASSWORD, address="10.0.5.5")
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - datetime.timedelta(hours=settings.AXES_COOLOFF_TIME, minutes=1)
    )
    assert logs_in("member", PASSWORD, address="10.0.5.5")


def test_an_owner_lets_a_locked_out_member_log_in_again(client, club, owner, member, settings):
    fail("member", settings.AXES_FAILURE_LIMIT)
    membership = Membership.objects.get(user=member, club=club)
    client.force_login(owner)
    logins = client.get(f"/c/{club.slug}/manage/logins/").content.decode()
    assert logins.count("ロック中") == 1 and f"/manage/logins/{membership.pk}/unlock/" in logins
    response = client.post(f"/c/{club.slug}/manage/logins/{membership.pk}/unlock/")
    assert response.status_code == 302
    assert logs_in("member", PASSWORD)
    assert membership.history.filter(history_change_reason=LOCKOUT_LIFTED, history_user=owner).exists()
    assert "ロック中" not in client.get(f"/c/{club.slug}/manage/logins/").content.decode()


# -- the client's address behind proxies -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.9", "192.0.2.1"),  # no proxy: a sent header is ignored
        (1, "", "192.0.2.1"),  # not through the proxy
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "198.51.100.7, 203.0.113.9", "203.0.113.9"),  # the client made up the first entry
        (2, "198.51.100.7, 203.0.113.9, 10.0.0.2", "203.0.113.9"),
        (1, "not-an-address", "192.0.2.1"),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_is_read_that_many_proxies_from_the_right(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected
