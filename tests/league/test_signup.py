"""Sign-up (新規登録): a person makes their own login, within a limit per address and hour."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from league.models import Membership

from .account_pages import errors, hrefs, one, page, select, text

User = get_user_model()
PASSWORD = "a long table secret"


def signup_data(**changes):
    return {"username": "haruka", "email": "", "password1": PASSWORD, "password2": PASSWORD, **changes}


def test_a_person_signs_up_is_logged_in_and_is_offered_to_create_a_club(client, db):
    response = client.post("/en/signup/", signup_data(email="haruka@example.jp"))
    assert response.status_code == 302 and response["Location"] == "/en/signup/welcome/"
    user = User.objects.get(username="haruka")
    assert user.check_password(PASSWORD) and user.email == "haruka@example.jp"
    assert not user.is_staff and not user.is_superuser and not Membership.objects.filter(user=user).exists()
    welcome = page(client.get("/en/signup/welcome/"))
    assert text(one(welcome, "a", href="/en/clubs/new/")) == "Create a club"
    assert "invite link" in text(welcome)


def test_the_email_is_optional_but_must_be_an_address(client, db):
    assert client.post("/en/signup/", signup_data(username="no-mail")).status_code == 302
    refused = Client().post("/en/signup/", signup_data(username="bad-mail", email="not an address"))
    assert refused.status_code == 400 and errors(refused) == ["Enter a valid email address."]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"username": "Outsider"}, "A user with that username already exists."),
        ({"username": "ｏｕｔｓｉｄｅｒ"}, "A user with that username already exists."),  # full width is the same name
        (
            {"username": "two words"},
            "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.",
        ),
        (
            {"username": "=cmd"},
            "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.",
        ),
        ({"username": ""}, "This field is required."),
        ({"password1": "12345678", "password2": "12345678"}, "This password is entirely numeric."),
        (
            {"password1": "short", "password2": "short"},
            "This password is too short. It must contain at least 8 characters.",
        ),
        ({"password1": "haruka123", "password2": "haruka123"}, "The password is too similar to the username."),
        ({"password1": "password", "password2": "password"}, "This password is too common."),
        ({"password2": "something else"}, "The two password fields didn’t match."),
    ],
)
def test_a_taken_name_or_a_weak_or_mismatched_password_is_refused(client, outsider, changes, message):
    users = User.objects.count()
    response = client.post("/en/signup/", signup_data(**changes))
    assert response.status_code == 400
    assert message in errors(response)
    assert User.objects.count() == users and "_auth_user_id" not in client.session


def test_refusals_are_in_japanese_on_the_japanese_page(client, outsider):
    response = client.post("/signup/", signup_data(username="outsider", password2="違う"))
    assert response.status_code == 400
    said = errors(response)
    assert "同じユーザー名が既に登録済みです。" in said and "確認用パスワードが一致しません。" in said
    assert text(one(page(response), "h1")) == "新規登録"


def test_a_name_taken_meanwhile_is_refused_by_the_service(db):
    from league.services.refusals import Refused
    from league.services.signups import create_login

    create_login(username="haruka", password=PASSWORD)
    with pytest.raises(Refused) as refused:
        create_login(username="HARUKA", password=PASSWORD)
    assert refused.value.field == "username" and User.objects.count() == 1


# -- the limit per address ---------------------------------------------------------------------------------


def test_past_the_limit_an_address_is_refused_with_429_and_another_address_is_not(settings, db):
    settings.SIGNUP_LIMIT = 2
    for number in range(2):
        assert (
            Client(REMOTE_ADDR="10.0.0.1").post("/en/signup/", signup_data(username=f"person{number}")).status_code
            == 302
        )
    refused = Client(REMOTE_ADDR="10.0.0.1").post("/en/signup/", signup_data(username="person2"))
    assert refused.status_code == 429
    assert text(one(page(refused), "h1")) == "Too many sign-ups"
    assert "try again in an hour" in text(page(refused))
    assert not User.objects.filter(username="person2").exists()
    assert Client(REMOTE_ADDR="10.0.0.1").get("/signup/").status_code == 429  # the form is not even offered
    assert Client(REMOTE_ADDR="10.0.0.2").post("/en/signup/", signup_data(username="person2")).status_code == 302


def test_tries_are_counted_too_so_names_cannot_be_probed_without_end(settings, outsider):
    settings.SIGNUP_TRY_LIMIT = 3
    client = Client(REMOTE_ADDR="10.0.0.3")
    for name in ("outsider", "owner", "someone"):
        assert client.post("/en/signup/", signup_data(username=name, password2="x")).status_code == 400
    assert client.post("/en/signup/", signup_data(username="free-name")).status_code == 429


def test_behind_a_proxy_the_limit_counts_the_forwarded_address(settings, db):
    settings.SIGNUP_LIMIT, settings.TRUSTED_PROXIES = 1, 1
    first = Client(REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert first.post("/en/signup/", signup_data(username="one")).status_code == 302
    same = Client(REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="203.0.113.5")
    other = Client(REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="203.0.113.6")
    assert same.post("/en/signup/", signup_data(username="two")).status_code == 429
    assert other.post("/en/signup/", signup_data(username="two")).status_code == 302


# -- who may open the pages, and where they are linked ---------------------------------------------------------


@pytest.mark.parametrize("who", ["anonymous", "outsider", "member"])
def test_the_signup_pages_for_each_visitor(client, request, club, who):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    form = client.get("/en/signup/")
    welcome = client.get("/en/signup/welcome/")
    if who == "anonymous":
        assert form.status_code == 200 and one(page(form), "input", name="password2") is not None
        assert welcome.status_code == 302 and welcome["Location"].startswith("/en/login/")
    else:  # a logged-in person has a login already
        assert form.status_code == 302 and form["Location"] == "/en/signup/welcome/"
        assert welcome.status_code == 200
        clubs = [href for listed in select(one(page(welcome), "article"), "ul") for href in hrefs(listed)]
        assert clubs == (["/en/c/kaze/"] if who == "member" else [])


def test_the_header_and_the_login_page_link_to_signing_up(client, member):
    header = one(page(client.get("/")), "header")
    assert text(one(header, "a", href="/signup/")) == "新規登録"
    assert one(one(page(client.get("/en/login/")), "main"), "a", href="/en/signup/") is not None
    client.force_login(member)
    assert one(one(page(client.get("/")), "header"), "a", href="/signup/") is None
