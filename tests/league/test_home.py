"""The home page lists the clubs with their next meeting and latest results, Japanese first; the rules page."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.formats import date_format

from league.models import Club, Meeting, Member, Membership, Role, RuleSet, RuleVersion
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20], "rounding": "half_up"}


def make_club(slug, name, versions=1):
    club = Club.objects.create(slug=slug, name=name, is_public=True)
    rule_set = RuleSet.objects.create(club=club, slug="a", name="四人打ち")
    for year in range(versions):
        RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2000 + year, 1, 1), rules=RULES)
    return club


@pytest.mark.django_db
def test_home_page_is_japanese_by_default_and_lists_clubs_with_their_rules_one_click_away(client):
    make_club("bakufu", "爆風の会")
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="ja"' in html
    assert "爆風の会" in html
    assert 'href="/c/bakufu/rules/"' in html
    assert "ウマ" not in html  # the rules are on the club's rules page, not a wall of tables here
    assert 'href="/en/"' in html


@pytest.mark.django_db
def test_the_rules_page_has_each_rule_set_in_words(client):
    make_club("bakufu", "爆風の会")
    html = client.get("/c/bakufu/rules/").content.decode()
    assert "四人打ち" in html
    assert "ウマ" in html and "四捨五入" in html
    assert "+20 / +10 / ▲10 / ▲20" in html
    assert "2000/01/01(土)" in html


@pytest.mark.django_db
def test_the_rules_page_in_english(client):
    make_club("bakufu", "爆風の会")
    html = client.get("/en/c/bakufu/rules/").content.decode()
    assert '<html lang="en"' in html
    assert "Uma" in html
    assert "+20 / +10 / −10 / −20" in html
    assert "round half up" in html
    assert "Sat 1 Jan 2000" in html


@pytest.mark.django_db
def test_home_page_in_english(client):
    make_club("bakufu", "爆風の会")
    html = client.get("/en/").content.decode()
    assert '<html lang="en"' in html
    assert "Clubs" in html and "Next meeting" in html and "Latest results" in html
    assert 'href="/en/c/bakufu/rules/"' in html
    assert 'href="/"' in html


@pytest.mark.django_db
def test_the_rules_page_shows_the_version_in_force_not_a_future_one(client):
    club = make_club("bakufu", "爆風の会")
    rule_set = club.rule_sets.get()
    RuleVersion.objects.create(
        rule_set=rule_set, effective_from=datetime.date(2999, 1, 1), rules={**RULES, "uma": [30, 10, -10, -30]}
    )
    html = client.get("/c/bakufu/rules/").content.decode()
    assert "+20 / +10 / ▲10 / ▲20" in html
    assert "+30 / +10" not in html


def played(club, day, scores_by_name, venue=""):
    """A meeting of ``club`` on ``day`` with one game: {name: score}, in seat order."""
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=day, venue=venue)
    members = [Member.objects.get_or_create(club=club, name=name)[0] for name in scores_by_name]
    record_game(
        settle_in_force(
            Entry(meeting=meeting, round=1, table=1, members=members, scores=list(scores_by_name.values()))
        ),
        None,
    )
    return meeting


@pytest.mark.django_db
def test_home_page_shows_each_clubs_next_meeting_and_latest_results(client):
    today = timezone.localdate()
    club = make_club("bakufu", "爆風の会")
    played(club, today - datetime.timedelta(days=14), {"東": 30000, "南": 30000, "西": 20000, "北": 20000})
    latest = played(
        club, today - datetime.timedelta(days=7), {"一郎": 45000, "二郎": 30000, "三郎": 15000, "四郎": 10000}
    )
    upcoming = Meeting.objects.create(
        club=club, rule_set=club.rule_sets.get(), date=today + datetime.timedelta(days=7), venue="雀荘 東"
    )
    make_club("quiet", "静かな会")
    html = client.get("/").content.decode()
    article = html[html.index('id="club-bakufu"') : html.index('id="club-quiet"')]
    assert date_format(upcoming.date) in article and "雀荘 東" in article
    assert f'href="/c/bakufu/meetings/{latest.pk}/"' in article and date_format(latest.date) in article
    top = article[article.index('class="day-top"') :]
    assert top.index("一郎") < top.index("二郎") < top.index("三郎")
    assert "四郎" not in top and "東" not in top  # the top three of the latest meeting only
    assert "+" in top and "▲" in top
    quiet = html[html.index('id="club-quiet"') :]
    assert ("未定" in quiet and "まだ対局がありません" in quiet) or "未定" in quiet


@pytest.mark.django_db
def test_home_page_query_count_does_not_grow_with_clubs(client):
    today = timezone.localdate()
    club = make_club("one", "一の会")
    played(club, today, {"東": 30000, "南": 30000, "西": 20000, "北": 20000})
    with CaptureQueriesContext(connection) as few:
        client.get("/")
    for i in range(6):
        club = make_club(f"club{i}", f"会{i}", versions=3)
        played(club, today - datetime.timedelta(days=i), {"東": 30000, "南": 30000, "西": 20000, "北": 20000})
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=today + datetime.timedelta(days=i))
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


@pytest.fixture
def second_club(owner):
    other = make_club("yama", "山の会")
    Membership.objects.create(user=owner, club=other, role=Role.MEMBER)
    return other


def test_a_login_with_one_club_lands_on_that_club(client, club, member):
    response = client.post("/login/", {"username": "member", "password": "correct horse battery"})
    assert response.status_code == 302
    assert client.get(response["Location"])["Location"] == "/c/kaze/"


def test_a_login_with_one_club_lands_on_it_in_english_too(client, club, member):
    response = client.post("/en/login/", {"username": "member", "password": "correct horse battery"})
    assert client.get(response["Location"])["Location"] == "/en/c/kaze/"


def test_a_login_with_several_clubs_lands_on_the_list_with_its_own_clubs_first(client, club, owner, second_club):
    Club.objects.create(slug="open", name="公開の会", is_public=True)
    response = client.post("/login/", {"username": "owner", "password": "correct horse battery"})
    assert client.get(response["Location"])["Location"] == "/"
    html = client.get("/").content.decode()
    own = html[html.index('id="your-clubs"') : html.index('id="other-clubs"')]
    assert "風の会" in own and "山の会" in own and "公開の会" not in own
    assert "公開の会" in html[html.index('id="other-clubs"') :]


def test_a_login_without_a_club_lands_on_the_list(client, club, outsider):
    response = client.post("/login/", {"username": "outsider", "password": "correct horse battery"})
    assert client.get(response["Location"])["Location"] == "/"


def test_next_still_wins_over_the_landing(client, club, member):
    response = client.post(
        "/login/?next=/c/kaze/standings/",
        {"username": "member", "password": "correct horse battery", "next": "/c/kaze/standings/"},
    )
    assert response["Location"] == "/c/kaze/standings/"


def test_the_landing_asks_a_visitor_to_log_in(client, db):
    assert client.get("/welcome/")["Location"].startswith("/login/")


def _clubs(count):
    return [make_club(f"club{number:03}", f"麻雀会{number:03}") for number in range(count)]


def _shown(response):
    return re.findall(r'<article class="club" id="club-([a-z0-9-]+)"', response.content.decode())


@pytest.mark.django_db
def test_the_clubs_come_a_page_at_a_time(client):
    _clubs(45)
    first = client.get("/")
    assert _shown(first) == [f"club{number:03}" for number in range(20)]
    assert "1 / 3ページ" in first.content.decode()
    assert _shown(client.get("/?page=3")) == [f"club{number:03}" for number in range(40, 45)]
    assert _shown(client.get("/?page=99")) == _shown(client.get("/?page=3"))  # past the end: the last page
    assert _shown(client.get("/?page=abc")) == _shown(first)


@pytest.mark.django_db
def test_a_members_own_clubs_lead_the_first_page_and_are_not_listed_again(client, django_user_model):
    clubs = _clubs(25)
    user = django_user_model.objects.create_user("someone", password="x")
    Membership.objects.create(user=user, club=clubs[24], role=Role.MEMBER)
    client.force_login(user)
    first = _shown(client.get("/"))
    assert first[0] == "club024" and first.count("club024") == 1 and len(first) == 21
    assert "club024" not in _shown(client.get("/?page=2"))


@pytest.mark.django_db
def test_a_club_is_found_by_part_of_its_name_or_address(client):
    _clubs(30)
    make_club("bakufu", "爆風の会")
    assert _shown(client.get("/", {"q": "爆風"})) == ["bakufu"]
    assert _shown(client.get("/", {"q": "BAKU"})) == ["bakufu"]
    found = client.get("/", {"q": "麻雀会"})
    assert len(_shown(found)) == 20 and 'href="?q=%E9%BA%BB%E9%9B%80%E4%BC%9A&amp;page=2"' in found.content.decode()
    missing = client.get("/en/", {"q": "<b>x</b>"}).content.decode()
    assert "No club matches “&lt;b&gt;x&lt;/b&gt;”." in missing  # what was typed, escaped


@pytest.mark.django_db
def test_the_home_page_reads_the_same_queries_for_25_clubs_or_60(client):
    counts = []
    for start, stop in ((0, 25), (25, 60)):
        for number in range(start, stop):
            club = make_club(f"club{number:03}", f"麻雀会{number:03}")
            Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=datetime.date(2026, 11, 21))
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
