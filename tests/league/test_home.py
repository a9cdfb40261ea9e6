"""The home page lists the clubs and their rule sets from the database, Japanese first."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Club, RuleSet, RuleVersion

RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20], "rounding": "half_up"}


def make_club(slug, name, versions=1):
    club = Club.objects.create(slug=slug, name=name, is_public=True)
    rule_set = RuleSet.objects.create(club=club, slug="a", name="四人打ち")
    for year in range(versions):
        RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2000 + year, 1, 1), rules=RULES)
    return club


@pytest.mark.django_db
def test_home_page_is_japanese_by_default_and_lists_clubs(client):
    make_club("bakufu", "爆風の会")
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="ja"' in html
    assert "爆風の会" in html
    assert "四人打ち" in html
    assert "ウマ" in html and "四捨五入" in html
    assert "+20 / +10 / ▲10 / ▲20" in html
    assert 'href="/en/"' in html


@pytest.mark.django_db
def test_home_page_in_english(client):
    make_club("bakufu", "爆風の会")
    html = client.get("/en/").content.decode()
    assert '<html lang="en"' in html
    assert "Clubs" in html and "Uma" in html
    assert "+20 / +10 / −10 / −20" in html
    assert "round half up" in html
    assert 'href="/"' in html


@pytest.mark.django_db
def test_home_page_shows_the_version_in_force_not_a_future_one(client):
    club = make_club("bakufu", "爆風の会")
    rule_set = club.rule_sets.get()
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2999, 1, 1),
                               rules={**RULES, "uma": [30, 10, -10, -30]})
    html = client.get("/").content.decode()
    assert "+20 / +10 / ▲10 / ▲20" in html
    assert "+30 / +10" not in html


@pytest.mark.django_db
def test_home_page_query_count_does_not_grow_with_clubs(client):
    make_club("one", "一の会")
    with CaptureQueriesContext(connection) as few:
        client.get("/")
    for i in range(6):
        make_club(f"club{i}", f"会{i}", versions=3)
    with CaptureQueriesContext(connection) as many:
        client.get("/")
    assert len(many) == len(few)


@pytest.mark.django_db
def test_home_page_with_no_clubs_says_so(client):
    assert "No clubs yet." in client.get("/en/").content.decode()


def test_the_home_page_lists_a_private_club_only_to_its_people(client, club, member, outsider):
    Club.objects.create(slug="open", name="公開の会", is_public=True)
    assert "風の会" not in client.get("/").content.decode()
    assert "公開の会" in client.get("/").content.decode()
    client.force_login(outsider)
    assert "風の会" not in client.get("/").content.decode()
    client.force_login(member)
    assert "風の会" in client.get("/").content.decode()
