"""The site admin can use the admin for every model."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from league.services.games import record_game
from league.services.settling import settle_in_force

from .conftest import PLAYERS


@pytest.fixture
def site_admin(db):
    return get_user_model().objects.create_superuser("admin", "admin@example.jp", "a long admin password")


@pytest.fixture
def a_game(meeting, secretary):
    from league.models import Member
    from league.services.settling import Entry

    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    entry = Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])
    return record_game(settle_in_force(entry), secretary)


def test_every_league_model_has_a_changelist_and_a_change_page(client, site_admin, a_game):
    client.force_login(site_admin)
    for model in apps.get_app_config("league").get_models():
        if model.__name__.startswith("Historical"):
            continue
        name = model._meta.model_name
        assert client.get(f"/admin/league/{name}/").status_code == 200, name
        obj = model.objects.first()
        if obj is not None:
            assert client.get(f"/admin/league/{name}/{obj.pk}/change/").status_code == 200, name


def test_a_games_history_is_in_the_admin(client, site_admin, a_game):
    client.force_login(site_admin)
    assert client.get(f"/admin/league/game/{a_game.pk}/history/").status_code == 200


def test_club_people_cannot_open_the_admin(client, owner):
    client.force_login(owner)
    assert client.get("/admin/league/game/").status_code == 302
