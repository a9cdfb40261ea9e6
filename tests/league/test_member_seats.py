"""A member's figures by seat (席順別成績: the seat they started the game in, 東 the starting dealer 起家), on the
member page and in its JSON.

東田's five games of the 2026 season (tests/league/test_member_page.py): 東 1st +50.0, 南 2nd +15.0,
西 3rd −18.0, 東 4th −50.0, 東 1st +130.0; never 北.
"""

import datetime

import pytest
from django.test.html import parse_html

from league.models import DayTotal, DayTotalLine, Meeting, Member, RuleSet, RuleVersion
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .member_history import SANMA_RULES, api_url, meeting_on, page_url, people, play
from .standings_html import classes, find_all, text_of

pytestmark = pytest.mark.usefixtures("member_page_today", "japanese")


def seat_rows(response):
    """The figures-by-seat table as its header texts and rows of cell texts."""
    [table] = find_all(parse_html(response.content.decode()), lambda n: n.name == "table" and "by-seat" in classes(n))
    headers = [
        text_of(th).strip()
        for th in find_all(find_all(table, lambda n: n.name == "thead")[0], lambda n: n.name == "th")
    ]
    body = find_all(table, lambda n: n.name == "tbody")[0]
    rows = [
        [text_of(cell).strip() for cell in find_all(row, lambda n: n.name in ("th", "td"))]
        for row in find_all(body, lambda n: n.name == "tr")
    ]
    return headers, rows


def test_the_page_shows_each_seat_in_japanese_and_english(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"]))
    assert '<h2 id="seats-title">座順別成績（東南西北）</h2>' in response.content.decode()
    headers, rows = seat_rows(response)
    assert headers == ["席", "平均順位", "半荘数", "トップ率", "ラス回避率", "平均ポイント"]
    assert rows == [
        ["東", "2.00", "3", "66.7%", "66.7%", "+43.3"],  # 1st, 4th, 1st: +50 −50 +130
        ["南", "2.00", "1", "0.0%", "100.0%", "+15.0"],
        ["西", "3.00", "1", "0.0%", "100.0%", "▲18.0"],
        ["北", "—", "0", "—", "—", "—"],
    ]
    headers, rows = seat_rows(client.get("/en" + page_url(club, league["東田"])))
    assert headers == ["Seat", "Average place", "Games", "Top rate", "Last-avoidance rate (ラス回避率)", "Per game"]
    assert [row[0] for row in rows] == ["East", "South", "West", "North"]
    assert rows[2][-1] == "−18.0"


def test_the_seat_is_the_key_column_layout_of_a_phone_table(client, club, member, league):
    client.force_login(member)
    html = client.get(page_url(club, league["東田"])).content.decode()
    [table] = find_all(parse_html(html), lambda n: n.name == "table" and "by-seat" in classes(n))
    assert "key-table" in classes(table)
    first = find_all(find_all(table, lambda n: n.name == "tbody")[0], lambda n: n.name == "tr")[0]
    cells = [cell for cell in first.children if not isinstance(cell, str)]
    assert "name-cell" in classes(cells[0]) and "key-cell" in classes(cells[1])


def test_the_json_gives_each_seat(client, club, member, league):
    client.force_login(member)
    data = client.get(api_url(club, league["東田"])).json()
    assert data["seats"] == [
        {
            "seat": 0,
            "wind": "east",
            "games": 3,
            "average_place": 2.0,
            "top_rate": 66.7,
            "last_avoid_rate": 66.7,
            "per_game": 43.3,
        },
        {
            "seat": 1,
            "wind": "south",
            "games": 1,
            "average_place": 2.0,
            "top_rate": 0.0,
            "last_avoid_rate": 100.0,
            "per_game": 15.0,
        },
        {
            "seat": 2,
            "wind": "west",
            "games": 1,
            "average_place": 3.0,
            "top_rate": 0.0,
            "last_avoid_rate": 100.0,
            "per_game": -18.0,
        },
        {
            "seat": 3,
            "wind": "north",
            "games": 0,
            "average_place": None,
            "top_rate": None,
            "last_avoid_rate": None,
            "per_game": None,
        },
    ]


def test_three_player_rules_have_three_seats_and_points_only_games_count_by_their_seat(
    client, club, member, secretary, season
):
    rule_set = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち", position=1)
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=SANMA_RULES)
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 6, 1), rule_set)
    play(secretary, meeting, 1, [p["東田"], p["南野"], p["西川"]], [50000, 35000, 20000])  # 東 1st
    play(secretary, meeting, 2, [p["南野"], p["西川"], p["東田"]], [60000, 30000, 15000])  # 西 3rd
    record_game(
        settle_in_force(
            Entry(
                meeting=meeting,
                round=3,
                table=1,
                members=[p["西川"], p["東田"], p["南野"]],
                scores=None,
                points=[-300, 500, -200],
            )
        ),
        secretary,
    )  # 南 1st, points only
    client.force_login(member)
    response = client.get(page_url(club, p["東田"], rule_set="sanma"))
    _headers, rows = seat_rows(response)
    assert [row[:3] for row in rows] == [["東", "1.00", "1"], ["南", "1.00", "1"], ["西", "3.00", "1"]]
    assert rows[1][-1] == "+50.0"
    data = client.get(api_url(club, p["東田"], rule_set="sanma")).json()
    assert [(seat["wind"], seat["games"], seat["last_avoid_rate"]) for seat in data["seats"]] == [
        ("east", 1, 100.0),
        ("south", 1, 100.0),
        ("west", 1, 0.0),
    ]


def test_day_totals_have_no_seat(client, club, member, league):
    meeting = Meeting.objects.get(club=club, date=datetime.date(2026, 6, 14))
    day_total = DayTotal.objects.create(meeting=meeting, games=3)
    DayTotalLine.objects.create(day_total=day_total, member=league["東田"], points=400)
    DayTotalLine.objects.create(day_total=day_total, member=league["北村"], points=-400)
    client.force_login(member)
    response = client.get(page_url(club, league["東田"]))
    assert response.context["record"].line.games == 8  # five games and three hanchan of the day total
    assert sum(seat.games for seat in response.context["record"].seats) == 5
    _headers, rows = seat_rows(response)
    assert rows[0][:3] == ["東", "2.00", "3"] and rows[0][-1] == "+43.3"


def test_no_table_without_games(client, club, member, league):
    client.force_login(member)
    newcomer = Member.objects.create(club=club, name="新人", kana="しんじん")
    html = client.get(page_url(club, newcomer)).content.decode()
    assert 'class="compact by-seat' not in html
