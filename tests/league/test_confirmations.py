"""Nothing is lost in one click: voiding a game, deleting an adjustment and removing a login each ask first.

The action's URL shows what will happen on a GET, and a POST without the confirmation's field (an old form,
a script, a double-submitted page) shows that page again instead of acting.
"""

import datetime

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from league.models import Adjustment, Game, Member, Membership
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .conftest import PLAYERS
from .test_manage_people import CONFIRMED, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(meeting, secretary):
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    return record_game(
        settle_in_force(Entry(meeting=meeting, round=2, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )


@pytest.fixture
def adjustment(club, owner):
    minamino = Member.objects.get(name="南野二郎")
    return Adjustment.objects.create(
        club=club,
        rule_set=club.rule_sets.get(),
        member=minamino,
        date=datetime.date(2026, 11, 1),
        points=-50,
        reason="late arrival",
    )


def test_the_secretary_is_told_what_voiding_a_game_does_before_it_is_done(client, secretary, club, game):
    client.force_login(secretary)
    detail = client.get(url("game_detail", club.slug, game.pk))
    assertContains(detail, f'href="{url("void_game", club.slug, game.pk)}"')
    assertNotContains(detail, f'action="{url("void_game", club.slug, game.pk)}"')
    page = client.get(url("void_game", club.slug, game.pk))
    assertContains(page, "Void this game?")
    assertContains(page, "Round 2 · table 1 of Fri 20 Nov 2026 (東田一郎, 南野二郎, 西川三郎, 北村四郎)")
    assertContains(page, "can be restored")
    assertContains(page, 'name="confirmed" value="yes"')
    assertContains(page, f'name="revision" value="{game.revision}"')
    game.refresh_from_db()
    assert not game.void


def test_a_void_posted_without_the_confirmation_asks_instead(client, secretary, club, game):
    client.force_login(secretary)
    response = client.post(url("void_game", club.slug, game.pk), {"revision": str(game.revision)})
    assert response.status_code == 200
    assertContains(response, "Void this game?")
    game.refresh_from_db()
    assert not game.void and Game.objects.counted().count() == 1


def test_the_confirmed_void_is_done_and_restore_stays_one_click(client, secretary, club, game):
    client.force_login(secretary)
    response = client.post(url("void_game", club.slug, game.pk), {"revision": "1", **CONFIRMED})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.void
    client.post(url("restore_game", club.slug, game.pk), {"revision": "2"})  # nothing is lost by restoring
    game.refresh_from_db()
    assert not game.void


def test_deleting_an_adjustment_asks_first(client, secretary, club, adjustment):
    client.force_login(secretary)
    page = client.get(url("delete_adjustment", club.slug, adjustment.pk))
    assertContains(page, "Delete this adjustment?")
    assertContains(page, "−5.0 for 南野二郎 on Sun 1 Nov 2026 (late arrival)")
    assert client.post(url("delete_adjustment", club.slug, adjustment.pk)).status_code == 200
    assert Adjustment.objects.filter(pk=adjustment.pk).exists()
    assert client.post(url("delete_adjustment", club.slug, adjustment.pk), CONFIRMED).status_code == 302
    assert not Adjustment.objects.exists()
    assert Adjustment.history.filter(history_type="-").get().history_user == secretary


def test_removing_a_login_asks_first_and_names_the_member_it_plays_as(client, owner, member, club):
    Member.objects.filter(name="西川三郎").update(user=member)
    membership = Membership.objects.get(user=member)
    client.force_login(owner)
    assertContains(
        client.get(url("edit_login", club.slug, membership.pk)),
        f'href="{url("remove_login", club.slug, membership.pk)}"',
    )
    page = client.get(url("remove_login", club.slug, membership.pk))
    assertContains(page, "Remove member from the club?")
    assertContains(page, "西川三郎 stays a member with every result")
    assert client.post(url("remove_login", club.slug, membership.pk)).status_code == 200
    assert Membership.objects.filter(pk=membership.pk).exists()
    assert client.post(url("remove_login", club.slug, membership.pk), CONFIRMED).status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert Membership.history.filter(history_type="-").get().history_user == owner


def test_the_confirmation_pages_read_in_japanese(client, owner, club, game, adjustment):
    client.force_login(owner)
    assertContains(client.get(url("void_game", club.slug, game.pk, language="ja")), "この半荘を無効にしますか")
    assertContains(
        client.get(url("delete_adjustment", club.slug, adjustment.pk, language="ja")), "この調整を削除しますか"
    )
