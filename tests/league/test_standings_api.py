"""Season standings: who may see the page and its JSON, the JSON itself, and a fixed number of queries."""

import datetime
import json

import pytest
from django.db import connection
from django.test.html import parse_html
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from league.models import Member, Season

from .standings_data import boo_games, meeting_on, member, play, season_games, three_player_games
from .standings_html import api_url, classes, find_all, text_of, url

D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
SIX, SEVEN = "六郷六郎", "七海七郎"
SEASON_ORDER = [EAST, SOUTH, NORTH, CENTRE, WEST]


@pytest.fixture(autouse=True)
def japanese():
    with translation.override("ja"):
        yield


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


# -- who may see it --------------------------------------------------------------------------------


@pytest.mark.parametrize(("who", "status"), [("member", 400), ("outsider", 404), (None, 404)])
def test_an_unknown_season_is_a_bad_request_only_for_those_who_may_read(
    client, request, club, season, member, outsider, who, status
):
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.get(api_url(club, season="999")).status_code == status


def test_the_visitors_own_line_is_marked(client, club, season, member):
    Member.objects.filter(name=SOUTH).update(user=member)
    client.force_login(member)
    html = client.get(url(club)).content.decode()
    marked = [tr for tr in find_all(parse_html(html), lambda n: n.name == "tr") if "me" in classes(tr)]
    assert len(marked) == 1 and SOUTH in text_of(marked[0])


# -- the JSON --------------------------------------------------------------------------------------


def api_client_json(client, club, **query):
    response = client.get(api_url(club, **query))
    assert response["Content-Type"] == "application/json"
    return json.loads(response.content)


def test_the_json_has_the_period_and_every_figure_as_numbers(client, club, season, member):
    client.force_login(member)
    response = client.get(api_url(club))
    assert response.status_code == 200
    assert '"points": 88.0' in response.content.decode()  # a JSON number with one decimal
    data = json.loads(response.content)
    rule_set = club.rule_sets.get(slug="main")
    assert data["club"] == {"slug": "kaze", "name": "風の会"}
    assert data["period"] == {
        "rule_set": {"id": rule_set.pk, "slug": "main", "name": "四人打ち"},
        "season": {
            "id": season.pk,
            "name": "2026年度",
            "first_day": "2026-04-01",
            "last_day": "2027-03-31",
            "min_games": 3,
        },
        "first_day": "2026-04-01",
        "last_day": "2027-03-31",
        "min_games": 3,
        "players": 4,
        "method": "oka_uma",
    }
    assert data["ranking_order"] == ["points", "average_place", "first_places", "best"]
    assert (data["games"], data["last_played"]) == (5, "2026-07-12")
    assert [line["member"]["name"] for line in data["ranked"]] == SEASON_ORDER
    assert data["ranked"][0] == {
        "rank": 1,
        "ranked": True,
        "member": {"id": member_id(EAST), "name": EAST, "kana": "ひがしだいちろう", "guest": False},
        "games": 4,
        "points": 88.0,
        "game_points": 88.0,
        "day_points": 0.0,
        "adjustments": 0.0,
        "per_game": 22.0,
        "placed_games": 4,
        "day_total_games": 0,
        "average_place": 1.5,
        "places": [2, 2, 0, 0],
        "place_rates": [50.0, 50.0, 0.0, 0.0],
        "top_rate": 50.0,
        "rentai_rate": 100.0,
        "last_avoid_rate": 100.0,
        "busts": 0,
        "bust_rate": 0.0,
        "best": 55.0,
        "worst": -12.0,
        "average_score": 32000,
        "scored_games": 4,
        "chips": 0,
        "chip_points": 0.0,
        "shugi": -20.0,
        "last_played": "2026-07-12",
    }
    west = data["ranked"][4]
    assert (west["points"], west["game_points"], west["adjustments"], west["per_game"]) == (-75.0, -80.0, 5.0, -18.8)
    assert [(line["member"]["name"], line["rank"], line["ranked"], line["games"]) for line in data["unranked"]] == [
        (SIX, None, False, 1),
        (SEVEN, None, False, 0),
    ]
    assert data["unranked"][1]["per_game"] is None


def member_id(name):
    return member(name).pk


def test_the_json_takes_the_same_filters(client, club, season, member, secretary):
    boo_games(club, secretary)
    client.force_login(member)
    june = api_client_json(client, club, **{"from": "2026-06-01", "to": "2026-06-30", "min_games": "0"})
    assert (june["period"]["first_day"], june["period"]["last_day"], june["games"]) == ("2026-06-01", "2026-06-30", 2)
    boo = api_client_json(client, club, rule_set="boo", season="all")
    assert boo["period"]["method"] == "win_points" and boo["period"]["season"] is None
    assert [(line["member"]["name"], line["points"], line["maru"]) for line in boo["ranked"]][:2] == [
        (NORTH, 12.0, {"maru_a": 0, "maru_b": 0, "maru_c": 0, "double_maru_a": 1}),
        (EAST, 3.0, {"maru_a": 1, "maru_b": 0, "maru_c": 0, "double_maru_a": 0}),
    ]


def test_a_club_without_rules_answers_an_empty_table(client, club, member):
    club.rule_sets.all().delete()
    client.force_login(member)
    data = api_client_json(client, club)
    assert (data["period"], data["ranked"], data["unranked"], data["games"]) == (None, [], [], 0)


def test_the_json_refuses_bad_filters_with_400_and_says_why(client, club, season, member):
    client.force_login(member)
    response = client.get(api_url(club, **{"from": "2026-13-01", "rule_set": "nope"}))
    assert response.status_code == 400
    errors = json.loads(response.content)["errors"]
    assert set(errors) == {"from", "rule_set"}
    assert errors["from"][0]["code"] == "invalid"


def test_the_page_links_to_its_json(client, club, season, member):
    client.force_login(member)
    html = client.get(url(club, season=season.pk)).content.decode()
    assert f"/c/kaze/api/standings.json?season={season.pk}&amp;rule_set=main&amp;min_games=3" in html


# -- a fixed number of queries -------------------------------------------------------------------


def more_games(club, user, count):
    names = [EAST, SOUTH, WEST, NORTH, CENTRE]
    for number in range(count):
        day = D(2026, 4, 5) + datetime.timedelta(days=7 * (number // 4))
        seated = [names[(number + k) % 5] for k in range(4)]
        play(meeting_on(club, day), number % 4 + 1, seated, [40000, 30000, 20000, 10000], user)


QUERIES = 13  # session, user, club, membership, seasons, rule sets, versions, current season, main rule set,
# standings: seats, day totals, adjustments, members


@pytest.mark.parametrize("games", [1, 40])
def test_the_page_and_the_json_read_a_fixed_number_of_queries(
    client, club, member, secretary, games, django_assert_num_queries
):
    Season.objects.create(club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31))
    three_player_games(club, secretary)
    more_games(club, secretary, games)
    client.force_login(member)
    with django_assert_num_queries(QUERIES):
        assert client.get(url(club, sort="-per_game")).status_code == 200
    with django_assert_num_queries(QUERIES):
        assert client.get(api_url(club)).status_code == 200
    with CaptureQueriesContext(connection) as chosen:
        client.get(url(club, season="all", rule_set="main", min_games="2"))
    assert len(chosen) <= QUERIES
