"""Creating a club (クラブを作る): who may (the operator's CLUB_CREATION), what is checked, the owner it gets."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from league.models import Club, Membership, Role
from league.services.club_start import create_club, suggested_slug
from league.services.refusals import Refused

from .account_pages import errors, one, page, select, text

User = get_user_model()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def club_data(**changes):
    return {
        "name": "雀友会",
        "slug": "jan-yu",
        "description": "毎週土曜",
        "venue": "雀荘まつり",
        "usual_venue_fee": "３，０００円",
        "players": "3",
        **changes,
    }


def test_a_logged_in_person_creates_a_club_and_becomes_its_owner(client, outsider):
    client.force_login(outsider)
    response = client.post("/en/clubs/new/", club_data())
    assert response.status_code == 302
    assert response["Location"] == "/en/c/jan-yu/manage/rules/add/?players=3"  # the first rule set comes next
    club = Club.objects.get(slug="jan-yu")
    assert (club.name, club.description, club.venue, club.usual_venue_fee, club.is_public) == (
        "雀友会",
        "毎週土曜",
        "雀荘まつり",
        3000,
        False,
    )
    assert list(Membership.objects.filter(club=club).values_list("user", "role")) == [(outsider.pk, Role.OWNER)]
    followed = client.get(response["Location"])
    assert "雀友会 is created, and you are its owner." in text(page(followed))
    assert client.get("/en/c/jan-yu/manage/").status_code == 200  # the owner's pages are open to them


def test_four_players_go_to_the_rules_with_four(client, outsider):
    client.force_login(outsider)
    response = client.post("/en/clubs/new/", club_data(players="4", usual_venue_fee=""))
    assert response["Location"].endswith("?players=4")
    assert Club.objects.get(slug="jan-yu").usual_venue_fee == 0


def test_a_member_of_one_club_may_create_another(client, member, club):
    client.force_login(member)
    assert client.post("/en/clubs/new/", club_data()).status_code == 302
    assert set(Membership.objects.filter(user=member).values_list("club__slug", "role")) == {
        ("kaze", Role.MEMBER),
        ("jan-yu", Role.OWNER),
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"slug": "kaze"}, "The address name kaze is taken: kaze-2 is free."),
        ({"slug": "ＫＡＺＥ"}, "The address name kaze is taken: kaze-2 is free."),  # full width, capitals: the same
        (
            {"slug": "風"},
            "“風” cannot be an address name: use 3 to 50 lower-case letters, digits and hyphens, starting "
            "and ending with a letter or digit (e.g. club).",
        ),
        (
            {"slug": "ab"},
            "“ab” cannot be an address name: use 3 to 50 lower-case letters, digits and hyphens, "
            "starting and ending with a letter or digit (e.g. club-ab).",
        ),
        (
            {"slug": "=cmd"},
            "“=cmd” cannot be an address name: use 3 to 50 lower-case letters, digits and hyphens, "
            "starting and ending with a letter or digit (e.g. cmd).",
        ),
        ({"name": "  "}, "Type the club's name."),
        ({"usual_venue_fee": "三千"}, "“三千” is not a whole number."),
        ({"usual_venue_fee": "-500"}, "Type an amount of yen, 0 or more."),
        ({"players": "5"}, "Select a valid choice. 5 is not one of the available choices."),
    ],
)
def test_a_bad_or_taken_address_name_or_fee_is_refused_with_a_message(client, outsider, club, changes, message):
    client.force_login(outsider)
    response = client.post("/en/clubs/new/", club_data(**changes))
    assert response.status_code == 400
    assert message in errors(response)
    assert Club.objects.count() == 1 and not Membership.objects.filter(user=outsider).exists()


def test_an_empty_address_name_is_made_from_the_name(client, outsider, club):
    client.force_login(outsider)
    assert client.post("/en/clubs/new/", club_data(name="Kaze", slug="")).status_code == 302
    assert Club.objects.filter(name="Kaze").get().slug == "kaze-2"  # kaze is the fixture's
    assert client.post("/en/clubs/new/", club_data(name="雀の会", slug="")).status_code == 302
    assert Club.objects.get(name="雀の会").slug == "club"


def test_suggestions_are_free_and_valid(club):
    Club.objects.create(slug="kaze-2", name="二")
    assert suggested_slug("Kaze") == "kaze-3"
    assert suggested_slug("", "My Club!") == "my-club"
    assert suggested_slug("東京") == "club"


def test_the_service_refuses_an_address_name_taken_meanwhile(club, outsider):
    with pytest.raises(Refused) as refused:
        create_club(outsider, name="二つ目", slug="kaze")
    assert refused.value.field == "slug"
    assert Club.objects.count() == 1 and not Membership.objects.filter(user=outsider).exists()


def test_the_page_is_in_japanese_by_default(client, outsider):
    client.force_login(outsider)
    html = page(client.get("/clubs/new/"))
    assert text(one(html, "h1")) == "クラブを作る"
    assert "三人打ち（三麻）" in text(html)


# -- who may: the operator's setting -----------------------------------------------------------------------------


def test_a_visitor_not_logged_in_is_sent_to_log_in(client, db):
    response = client.get("/en/clubs/new/")
    assert response.status_code == 302 and response["Location"] == "/en/login/?next=/en/clubs/new/"
    assert client.post("/en/clubs/new/", club_data()).status_code == 302 and not Club.objects.exists()


@pytest.mark.parametrize("who", ["outsider", "member", "owner"])
def test_open_by_default_for_anyone_logged_in(client, request, settings, who):
    assert settings.CLUB_CREATION == "open"
    client.force_login(request.getfixturevalue(who))
    html = page(client.get("/en/clubs/new/"))
    assert one(html, "input", name="slug") is not None


def refused_page(response):
    assert response.status_code == 403
    html = page(response)
    assert one(html, "form") is None or one(html, "input", name="slug") is None
    return text(one(html, "p", "message-warning"))


@pytest.mark.parametrize("who", ["outsider", "member", "owner"])
def test_when_approved_only_a_plain_login_is_refused_and_told_why(client, request, settings, who):
    settings.CLUB_CREATION = "approved"
    person = request.getfixturevalue(who)
    client.force_login(person)
    assert "logins the site's operator has approved" in refused_page(client.get("/en/clubs/new/"))
    assert "logins the site's operator has approved" in refused_page(client.post("/en/clubs/new/", club_data()))
    assert not Club.objects.filter(slug="jan-yu").exists()
    welcome = page(client.get("/en/signup/welcome/"))
    assert one(welcome, "a", href="/en/clubs/new/") is None and "operator" in text(welcome)
    with pytest.raises(Refused):
        create_club(person, name="雀友会", slug="jan-yu")


def test_when_approved_a_login_with_the_permission_or_a_superuser_may(client, settings, outsider):
    settings.CLUB_CREATION = "approved"
    outsider.user_permissions.add(Permission.objects.get(codename="add_club", content_type__app_label="league"))
    outsider = User.objects.get(pk=outsider.pk)  # permissions are cached on the object
    client.force_login(outsider)
    assert client.post("/en/clubs/new/", club_data()).status_code == 302
    root = User.objects.create_superuser("root", "root@example.jp", "admin password")
    client.force_login(root)
    assert client.post("/en/clubs/new/", club_data(slug="root-club")).status_code == 302
    assert Membership.objects.get(club__slug="root-club").user == root


def test_the_home_page_offers_to_start_a_club(client, outsider):
    assert one(page(client.get("/en/")), "p", "start-a-club") is not None
    assert "/en/signup/" in [dict(a.attributes)["href"] for a in select(page(client.get("/en/")), "a")]
    client.force_login(outsider)
    start = one(page(client.get("/en/")), "p", "start-a-club")
    assert text(start) == "Create a club" and one(start, "a", href="/en/clubs/new/") is not None
