"""The owner's pages for members, logins and roles, seasons; adjustments for owner and secretaries.

Pages are read in English (/en/...) so the assertions hold once the Japanese
catalogue translates the messages; one test checks the Japanese default.
"""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from league.models import Adjustment, Club, Invite, Member, Membership, Role, Season
from league.services.people import save_member
from league.services.refusals import Refused
from league.text.score_input import parse_points

from .test_roles import refusal

pytestmark = pytest.mark.django_db

User = get_user_model()
PASSWORD = "table-of-four-winds"
CONFIRMED = {"confirmed": "yes"}  # the confirmation page's button (league/views/confirmation.py)


def url(name, *args, language="en"):
    with translation.override(language):
        return reverse(name, args=args)


def as_(client, person):
    if person is not None:
        client.force_login(person)
    return client


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The people fixtures each hash a password; a fast hasher keeps this module quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def people(owner, secretary, member, outsider):
    return {"owner": owner, "secretary": secretary, "member": member, "outsider": outsider, "anonymous": None}


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club,
        name="2026 autumn",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 11, 30),
        min_games=10,
    )


@pytest.fixture
def adjustment(club, owner):
    return Adjustment.objects.create(
        club=club,
        rule_set=club.rule_sets.get(),
        member=club.members.get(name="東田一郎"),
        date=datetime.date(2026, 10, 1),
        points=-50,
        reason="late arrival",
        created_by=owner,
    )


def member_named(club, name):
    return club.members.get(name=name)


# -- who may do what -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "model"),
    [
        ("add_member", {"name": "新人", "kana": "しんじん", "active": "on"}, Member),
        ("make_invite", {"member": "", "role": "member"}, Invite),
        ("add_season", {"name": "S", "starts_on": "2027-01-01", "ends_on": "2027-03-31", "min_games": "0"}, Season),
        ("add_adjustment", {"date": "2026-10-01", "member": "", "points": "5", "reason": "r"}, Adjustment),
    ],
)
@pytest.mark.parametrize("who", ["owner", "secretary", "member", "outsider", "anonymous"])
def test_only_the_allowed_people_can_add(client, people, club, name, data, model, who):
    if name == "add_adjustment":
        data = {**data, "rule_set": club.rule_sets.get().pk, "member": member_named(club, "北村四郎").pk}
    if name == "make_invite":
        data = {**data, "member": member_named(club, "北村四郎").pk}
    before = model.objects.count()
    response = as_(client, people[who]).post(url(name, club.slug), data)
    if refusal(name, who) is None:
        assert response.status_code == 302
        assert model.objects.count() == before + 1
    else:
        assert response.status_code == refusal(name, who)
        assert model.objects.count() == before


@pytest.mark.parametrize("who", ["owner", "secretary", "member", "outsider", "anonymous"])
def test_only_the_owner_can_change_or_remove_a_login(client, people, club, member, who):
    membership = Membership.objects.get(user=member, club=club)
    changed = as_(client, people[who]).post(url("edit_login", club.slug, membership.pk), {"role": "secretary"})
    removed = client.post(url("remove_login", club.slug, membership.pk), CONFIRMED)
    if refusal("edit_login", who) is None:
        assert (changed.status_code, removed.status_code) == (302, 302)
        assert not Membership.objects.filter(pk=membership.pk).exists()
    else:
        assert changed.status_code == refusal("edit_login", who) == removed.status_code
        membership.refresh_from_db()
        assert membership.role == Role.MEMBER


@pytest.mark.parametrize("who", ["owner", "secretary", "member", "outsider", "anonymous"])
def test_owner_and_secretaries_may_delete_an_adjustment(client, people, club, adjustment, who):
    response = as_(client, people[who]).post(url("delete_adjustment", club.slug, adjustment.pk), CONFIRMED)
    if refusal("delete_adjustment", who) is None:
        assert response.status_code == 302
        assert not Adjustment.objects.filter(pk=adjustment.pk).exists()
    else:
        assert response.status_code == refusal("delete_adjustment", who)
        assert Adjustment.objects.filter(pk=adjustment.pk).exists()


def test_another_clubs_objects_are_not_found(client, owner, club):
    other = Club.objects.create(slug="other", name="他の会")
    stranger = Member.objects.create(club=other, name="他人")
    season = Season.objects.create(
        club=other, name="S", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 2, 1)
    )
    login = Membership.objects.create(club=other, user=User.objects.create_user("far"), role=Role.MEMBER)
    as_(client, owner)
    assert client.get(url("edit_member", club.slug, stranger.pk)).status_code == 404
    assert client.get(url("edit_season", club.slug, season.pk)).status_code == 404
    assert client.get(url("edit_login", club.slug, login.pk)).status_code == 404
    assert client.post(url("remove_login", club.slug, login.pk)).status_code == 404
    assert Membership.objects.filter(pk=login.pk).exists()


def test_the_manage_page_links_to_every_people_page(client, owner, club):
    response = as_(client, owner).get(url("manage", club.slug))
    for name in ("manage_members", "manage_logins", "manage_seasons", "adjustments"):
        assertContains(response, f'href="{url(name, club.slug)}"')


def test_a_secretary_finds_the_adjustments_from_the_club_page(client, secretary, club):
    response = as_(client, secretary).get(url("club", club.slug))
    assertContains(response, f'href="{url("adjustments", club.slug)}"')
    assertNotContains(response, f'href="{url("manage", club.slug)}"')


# -- members -------------------------------------------------------------------------------------------------


def test_members_are_listed_in_kana_order_with_their_state(client, owner, club):
    Member.objects.create(club=club, name="安藤", kana="アンドウ", active=False)
    response = as_(client, owner).get(url("manage_members", club.slug))
    html = response.content.decode()
    names = ["安藤", "北村四郎", "中島五郎", "西川三郎", "東田一郎", "南野二郎"]
    assert [html.index(name) for name in names] == sorted(html.index(name) for name in names)
    andou = member_named(club, "安藤")
    assertContains(
        response, f'<th scope="row"><a href="{url("edit_member", club.slug, andou.pk)}">安藤</a></th>', html=True
    )
    assertContains(response, "<td>あんどう</td>", html=True)
    assertContains(response, '<td class="inline" data-label="Status">inactive</td>', html=True, count=1)
    assertContains(response, '<td class="inline" data-label="Status">active</td>', html=True, count=5)
    assertContains(response, '<div class="table-scroll">')


@pytest.mark.parametrize(
    ("search", "found"),
    [
        ("ヒガシ", ["東田一郎"]),
        ("ひがし", ["東田一郎"]),
        ("ﾋｶﾞｼ", ["東田一郎"]),
        ("西川", ["西川三郎"]),
        ("ろう", ["東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"]),
        ("zzz", []),
    ],
)
def test_the_member_search_matches_name_or_reading_in_either_kana(client, owner, club, search, found):
    response = as_(client, owner).get(url("manage_members", club.slug), {"q": search})
    assert response.status_code == 200
    for name in club.members.values_list("name", flat=True):
        if name in found:
            assertContains(response, f">{name}</a>")
        else:
            assertNotContains(response, f">{name}</a>")
    if not found:
        assertContains(response, "No member matches “zzz”.")


def test_the_member_list_takes_the_same_queries_for_many_members(client, owner, club):
    as_(client, owner)
    with CaptureQueriesContext(connection) as few:
        client.get(url("manage_members", club.slug))
    for i in range(10):
        Member.objects.create(
            club=club, name=f"会員{i}", kana=f"かいいん{i}", user=User.objects.create_user(f"player{i}")
        )
    with CaptureQueriesContext(connection) as many:
        client.get(url("manage_members", club.slug))
    assert len(many) == len(few)


def test_an_owner_adds_a_member_with_a_reading_in_katakana(client, owner, club):
    response = as_(client, owner).post(
        url("add_member", club.slug),
        {"name": " 佐藤　花子 ", "kana": "サトウハナコ", "active": "on", "user": ""},
        follow=True,
    )
    added = member_named(club, "佐藤 花子")
    assert added.kana == "さとうはなこ" and added.active and added.user is None
    assert added.history.count() == 1
    assert added.history.get().history_user == owner
    assertContains(response, "Member 佐藤 花子 added.")
    assertContains(response, ">佐藤 花子</a>")


def test_deactivating_a_member_keeps_their_results(client, owner, club, adjustment):
    higashida = adjustment.member
    as_(client, owner).post(
        url("edit_member", club.slug, higashida.pk), {"name": "東田一郎", "kana": "ひがしだいちろう", "user": ""}
    )
    higashida.refresh_from_db()
    assert not higashida.active
    assert higashida.adjustments.get() == adjustment
    assert higashida.history.count() == 2
    assert club.members.active().filter(pk=higashida.pk).count() == 0
    response = client.get(url("manage_members", club.slug))
    assertContains(response, ">東田一郎</a>")
    assertContains(response, '<td class="inline" data-label="Status">inactive</td>', html=True)


@pytest.mark.parametrize("name", ["北村四郎", " 北村四郎 ", "北村四郎\u3000"])
def test_a_member_name_already_in_the_club_is_refused(client, owner, club, name):
    response = as_(client, owner).post(url("add_member", club.slug), {"name": name, "kana": "", "active": "on"})
    assert response.status_code == 400
    assertContains(response, "The club already has a member called “北村四郎”.", status_code=400)
    assert club.members.filter(name="北村四郎").count() == 1


def test_a_name_differing_only_in_case_or_width_is_a_duplicate(client, owner, club):
    Member.objects.create(club=club, name="Tom")
    as_(client, owner)
    for name in ("tom", "ＴＯＭ"):
        response = client.post(url("add_member", club.slug), {"name": name, "active": "on"})
        assertContains(response, "The club already has a member called “Tom”.", status_code=400)
    assert club.members.count() == 6


def test_renaming_a_member_to_another_members_name_is_refused_but_keeping_ones_own_is_fine(client, owner, club):
    higashida = member_named(club, "東田一郎")
    as_(client, owner)
    response = client.post(url("edit_member", club.slug, higashida.pk), {"name": "南野二郎", "active": "on"})
    assertContains(response, "already has a member called “南野二郎”", status_code=400)
    assertContains(response, "<h1>東田一郎</h1>", html=True, status_code=400)
    response = client.post(
        url("edit_member", club.slug, higashida.pk), {"name": "東田一郎", "kana": "ヒガシダ", "active": "on"}
    )
    assert response.status_code == 302
    higashida.refresh_from_db()
    assert higashida.kana == "ひがしだ"


def test_the_same_name_may_be_used_in_another_club(client, owner, club):
    Member.objects.create(club=Club.objects.create(slug="b", name="B"), name="新人")
    response = as_(client, owner).post(url("add_member", club.slug), {"name": "新人", "active": "on"})
    assert response.status_code == 302


def test_the_service_refuses_a_duplicate_that_slipped_past_the_form(club):
    with pytest.raises(Refused) as refusal:
        save_member(club, Member(), name="東田一郎", kana="", active=True, user=None)
    assert refusal.value.field == "name"
    assert club.members.count() == 5


def test_a_member_is_linked_only_to_a_login_of_the_club(client, owner, secretary, outsider, club):
    nakajima = member_named(club, "中島五郎")
    as_(client, owner)
    form = client.get(url("edit_member", club.slug, nakajima.pk))
    assertContains(form, f'<option value="{secretary.pk}">secretary</option>', html=True)
    assertNotContains(form, ">outsider<")
    refused = client.post(
        url("edit_member", club.slug, nakajima.pk), {"name": "中島五郎", "active": "on", "user": outsider.pk}
    )
    assert refused.status_code == 400
    client.post(url("edit_member", club.slug, nakajima.pk), {"name": "中島五郎", "active": "on", "user": secretary.pk})
    nakajima.refresh_from_db()
    assert nakajima.user == secretary
    response = client.get(url("manage_members", club.slug))
    assertContains(response, '<td class="inline" data-label="Login">secretary</td>', html=True)
    twice = client.post(
        url("edit_member", club.slug, member_named(club, "北村四郎").pk),
        {"name": "北村四郎", "active": "on", "user": secretary.pk},
    )
    assertContains(twice, "The login secretary is already linked to 中島五郎.", status_code=400)


def test_the_member_pages_render_in_japanese_by_default(client, owner, club):
    response = as_(client, owner).get(url("manage_members", club.slug, language="ja"))
    assert url("manage_members", club.slug, language="ja").startswith("/c/")
    assertContains(response, '<html lang="ja"')
    assertContains(response, ">東田一郎</a>")


# -- logins and roles ----------------------------------------------------------------------------------------


def test_the_logins_list_shows_each_login_its_role_and_member(client, owner, secretary, member, club):
    Member.objects.filter(club=club, name="南野二郎").update(user=member)
    response = as_(client, owner).get(url("manage_logins", club.slug))
    html = response.content.decode()
    assert html.index(">owner</a>") < html.index(">secretary</a>") < html.index(">member</a>")
    membership = Membership.objects.get(user=member)
    row = f'<th scope="row"><a href="{url("edit_login", club.slug, membership.pk)}">member</a></th>'
    cells = '<td class="inline" data-label="Role">member</td> <td class="inline" data-label="Member">南野二郎</td>'
    assert f"{row} {cells} <td>" in re.sub(r"\s+", " ", html)  # then its password actions
    assertNotContains(response, "outsider")


def test_the_logins_list_takes_the_same_queries_for_many_logins(client, owner, club):
    as_(client, owner)
    with CaptureQueriesContext(connection) as few:
        client.get(url("manage_logins", club.slug))
    for i in range(8):
        user = User.objects.create_user(f"login{i}")
        Membership.objects.create(club=club, user=user, role=Role.MEMBER)
        Member.objects.create(club=club, name=f"人{i}", user=user)
    with CaptureQueriesContext(connection) as many:
        client.get(url("manage_logins", club.slug))
    assert len(many) == len(few)


def test_an_owner_changes_a_role_and_the_linked_member(client, owner, member, club):
    membership = Membership.objects.get(user=member)
    kitamura, nakajima = member_named(club, "北村四郎"), member_named(club, "中島五郎")
    kitamura.user = member
    kitamura.save()
    as_(client, owner)
    form = client.get(url("edit_login", club.slug, membership.pk))
    assertContains(form, f'<option value="{kitamura.pk}" selected>北村四郎</option>', html=True)
    response = client.post(
        url("edit_login", club.slug, membership.pk), {"role": "secretary", "member": nakajima.pk}, follow=True
    )
    assertContains(response, "member is now secretary.")
    membership.refresh_from_db()
    kitamura.refresh_from_db()
    nakajima.refresh_from_db()
    assert membership.role == Role.SECRETARY
    assert membership.history.count() == 2
    assert (kitamura.user, nakajima.user) == (None, member)


def test_the_last_owner_cannot_demote_themselves(client, owner, club):
    membership = Membership.objects.get(user=owner)
    response = as_(client, owner).post(url("edit_login", club.slug, membership.pk), {"role": "member"})
    assertContains(response, "owner is the club&#x27;s last owner.", status_code=400)
    membership.refresh_from_db()
    assert membership.role == Role.OWNER


def test_the_last_owner_cannot_remove_themselves(client, owner, club):
    membership = Membership.objects.get(user=owner)
    response = as_(client, owner).post(url("remove_login", club.slug, membership.pk), CONFIRMED, follow=True)
    assertContains(response, "the club&#x27;s last owner and cannot be removed")
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_with_a_second_owner_an_owner_may_step_down(client, owner, secretary, club):
    Membership.objects.filter(user=secretary).update(role=Role.OWNER)
    mine = Membership.objects.get(user=owner)
    response = as_(client, owner).post(url("edit_login", club.slug, mine.pk), {"role": "secretary"})
    assert response["Location"] == url("club", club.slug)
    mine.refresh_from_db()
    assert mine.role == Role.SECRETARY
    # Now the former secretary is the last owner, and is protected in turn.
    client.force_login(secretary)
    theirs = Membership.objects.get(user=secretary)
    assert client.post(url("edit_login", club.slug, theirs.pk), {"role": "member"}).status_code == 400


def test_an_owner_may_leave_when_another_owner_remains(client, owner, secretary, club):
    Membership.objects.filter(user=secretary).update(role=Role.OWNER)
    response = as_(client, owner).post(url("remove_login", club.slug, Membership.objects.get(user=owner).pk), CONFIRMED)
    assert response["Location"] == url("home")
    assert not Membership.objects.filter(user=owner, club=club).exists()


def test_removing_a_login_unlinks_its_member_and_keeps_the_login(client, owner, member, club, adjustment):
    higashida = adjustment.member
    higashida.user = member
    higashida.save()
    membership = Membership.objects.get(user=member)
    response = as_(client, owner).post(url("remove_login", club.slug, membership.pk), CONFIRMED, follow=True)
    assertContains(response, "member no longer belongs to the club.")
    assert User.objects.filter(pk=member.pk).exists()
    higashida.refresh_from_db()
    assert higashida.user is None and higashida.adjustments.count() == 1
    assert Membership.history.filter(id=membership.pk).count() == 2


# -- seasons -------------------------------------------------------------------------------------------------


def season_post(**changes):
    return {"name": "2027 spring", "starts_on": "2027-03-01", "ends_on": "2027-05-31", "min_games": "8", **changes}


def test_an_owner_adds_and_lists_seasons(client, owner, club, season):
    response = as_(client, owner).post(url("add_season", club.slug), season_post(), follow=True)
    added = Season.objects.get(club=club, name="2027 spring")
    assert (added.starts_on, added.ends_on, added.min_games) == (
        datetime.date(2027, 3, 1),
        datetime.date(2027, 5, 31),
        8,
    )
    assert added.history.count() == 1
    assertContains(response, "Season 2027 spring added.")
    html = response.content.decode()
    assert html.index("2027 spring</a>") < html.index("2026 autumn</a>")  # latest first
    assertContains(response, '<td class="num">8</td>', html=True)


def test_a_season_ending_before_it_starts_is_refused(client, owner, club):
    response = as_(client, owner).post(url("add_season", club.slug), season_post(ends_on="2027-02-28"))
    assertContains(response, "The last day comes before the first day (2027-03-01).", status_code=400)
    assertNotContains(response, "Constraint", status_code=400)
    assert not Season.objects.exists()


def test_editing_a_season_checks_the_dates_and_keeps_history(client, owner, club, season):
    as_(client, owner)
    bad = client.post(
        url("edit_season", club.slug, season.pk),
        season_post(name="2026 autumn", starts_on="2026-12-01", ends_on="2026-11-30"),
    )
    assertContains(bad, "The last day comes before the first day", count=1, status_code=400)
    assertNotContains(bad, "Constraint", status_code=400)
    good = client.post(
        url("edit_season", club.slug, season.pk),
        season_post(name="2026 autumn", starts_on="2026-09-01", ends_on="2026-12-31"),
    )
    assert good.status_code == 302
    season.refresh_from_db()
    assert season.ends_on == datetime.date(2026, 12, 31)
    assert season.history.count() == 2


@pytest.mark.parametrize("name", ["2026 autumn", "2026 Autumn", " 2026 autumn "])
def test_a_season_name_already_used_is_refused(client, owner, club, season, name):
    response = as_(client, owner).post(url("add_season", club.slug), season_post(name=name))
    assertContains(response, "The club already has a season called", status_code=400)
    assert Season.objects.count() == 1


def test_the_season_form_shows_dates_the_date_picker_understands(client, owner, club, season):
    response = as_(client, owner).get(url("edit_season", club.slug, season.pk, language="ja"))
    assertContains(response, 'value="2026-09-01"')


# -- adjustments ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "tenths"),
    [
        ("10", 100),
        ("+10", 100),
        ("2.5", 25),
        ("▲2.5", -25),
        ("-3", -30),
        ("−3.0", -30),
        ("ー1", -10),
        ("△0.5", -5),
        ("１２．５", 125),
        ("▲１２．５", -125),
        (" 7 点", 70),
        ("0.1", 1),
    ],
)
def test_points_are_read_as_tenths(typed, tenths):
    assert parse_points(typed) == tenths


@pytest.mark.parametrize("typed", ["2.55", "abc", "1..2", "1.", ".5", "--1", "1e3", "100000"])
def test_points_that_are_not_points_are_refused(typed):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        parse_points(typed)


def adjustment_post(club, **changes):
    return {
        "date": "2026-11-03",
        "rule_set": club.rule_sets.get().pk,
        "member": member_named(club, "西川三郎").pk,
        "points": "▲2.5",
        "reason": "chombo outside a game",
        **changes,
    }


def test_a_secretary_adds_an_adjustment_stored_in_tenths(client, secretary, club):
    response = as_(client, secretary).post(url("add_adjustment", club.slug), adjustment_post(club), follow=True)
    adjustment = Adjustment.objects.get()
    assert (adjustment.points, adjustment.member.name, adjustment.date) == (-25, "西川三郎", datetime.date(2026, 11, 3))
    assert adjustment.created_by == secretary and adjustment.club == club
    assert adjustment.history.count() == 1
    assertContains(response, "Adjustment for 西川三郎 saved.")
    assertContains(response, '<td class="num">−2.5</td>', html=True)
    assertContains(response, "<td>chombo outside a game</td>", html=True)
    japanese = client.get(url("adjustments", club.slug, language="ja"))
    assertContains(japanese, '<td class="num">▲2.5</td>', html=True)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"points": "2.55"}, "Points have at most one decimal: 2.5, not 2.55."),
        ({"points": "two"}, "“two” is not a number of points."),
        ({"points": "0"}, "An adjustment of zero points changes nothing."),
        ({"points": ""}, "This field is required."),
        ({"reason": "  "}, "Say why the points are adjusted."),
    ],
)
def test_a_bad_adjustment_is_refused_with_a_message(client, owner, club, changes, message):
    response = as_(client, owner).post(url("add_adjustment", club.slug), adjustment_post(club, **changes))
    assertContains(response, message, status_code=400)
    assert not Adjustment.objects.exists()


def test_an_adjustment_for_another_clubs_member_is_refused(client, owner, club):
    stranger = Member.objects.create(club=Club.objects.create(slug="b", name="B"), name="他人")
    response = as_(client, owner).post(url("add_adjustment", club.slug), adjustment_post(club, member=stranger.pk))
    assert response.status_code == 400
    assert not Adjustment.objects.exists()


def test_deleting_an_adjustment_keeps_its_history(client, secretary, club, adjustment):
    response = as_(client, secretary).post(url("delete_adjustment", club.slug, adjustment.pk), CONFIRMED, follow=True)
    assertContains(response, "Adjustment for 東田一郎 deleted.")
    assertContains(response, "No adjustments yet.")
    records = Adjustment.history.filter(id=adjustment.pk).order_by("history_date")
    assert [r.history_type for r in records] == ["+", "-"]
    assert records.last().history_user == secretary


def test_the_adjustments_list_shows_each_one(client, owner, club, adjustment):
    response = as_(client, owner).get(url("adjustments", club.slug))
    assertContains(response, '<th scope="row">東田一郎</th>', html=True)
    assertContains(response, '<td class="num">−5.0</td>', html=True)
    assertContains(response, "<td>late arrival</td>", html=True)
    assertContains(response, f'href="{url("delete_adjustment", club.slug, adjustment.pk)}"')
