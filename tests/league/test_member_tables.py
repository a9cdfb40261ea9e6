"""The member page's tables declared with django-tables2 (league/page_tables/member.py): the history of games
(paged, the page in the address), the head-to-head (sorting on the values), the figures by seat and the yakuman;
their cells, sorting, paging and downloads in Japanese and English.

東田's five games of the 2026 season (tests/league/test_member_page.py), newest first: +130.0 1st, −50.0 4th,
−18.0 3rd, +15.0 2nd, +50.0 1st.
"""

import datetime
import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.html import parse_html
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.page_tables.member import HistoryTable

from .member_history import meeting_on, page_url, people, play
from .standings_html import classes, find_all, text_of
from .test_page_tables import HOSTILE, csv_rows, xlsx_sheet

pytestmark = pytest.mark.usefixtures("member_page_today", "japanese")


def _table(response, css_class):
    [table] = find_all(parse_html(response.content.decode()), lambda n: n.name == "table" and css_class in classes(n))
    return table


def rows_of(response, css_class) -> list[list[str]]:
    """The rows of the page's table of ``css_class`` as the text of their cells."""
    body = find_all(_table(response, css_class), lambda n: n.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda n: n.name in ("th", "td"))]
        for row in find_all(body, lambda n: n.name == "tr")
    ]


def headings_of(response, css_class) -> list[str]:
    head = find_all(_table(response, css_class), lambda n: n.name == "thead")[0]
    return [" ".join(text_of(cell).split()).rstrip(" ▲▼") for cell in find_all(head, lambda n: n.name == "th")]


def sort_links(response, css_class) -> list[str]:
    head = find_all(_table(response, css_class), lambda n: n.name == "thead")[0]
    return [" ".join(text_of(a).split()) for a in find_all(head, lambda n: n.name == "a")]


def links_of(response, css_class) -> list[str]:
    return [dict(a.attributes)["href"] for a in find_all(_table(response, css_class), lambda n: n.name == "a")]


# --- the history ------------------------------------------------------------------------------------------

# The history's columns in English, on the page and in its download alike.
HISTORY_HEADINGS = [
    "Date",
    "Total",
    "Place",
    "Score",
    "Game",
    "Seat",
    "Opponents",
    "Base",
    "Oka",
    "Uma",
    "Bust",
    "Chips",
    "Yakuman bonus",
    "Chombo",
]


def test_the_history_shows_each_games_cells(client, club, member, league):
    client.force_login(member)
    response = client.get("/en" + page_url(club, league["東田"]))
    assert headings_of(response, "member-games") == HISTORY_HEADINGS
    rows = rows_of(response, "member-games")
    assert [row[:5] for row in rows] == [
        ["Sun 14 Jun 2026", "+130.0", "1", "60,000", "Round 3 · table 1"],
        ["Sun 14 Jun 2026", "−50.0", "4", "10,000", "Round 2 · table 1"],
        ["Sun 14 Jun 2026", "−18.0", "3", "22,000", "Round 1 · table 1"],
        ["Sun 10 May 2026", "+15.0", "2", "35,000", "Round 2 · table 1"],
        ["Sun 10 May 2026", "+50.0", "1", "40,000", "Round 1 · table 1"],
    ]
    assert rows[1][5:] == [
        "East",
        "南野二郎,西川三郎,中島五郎",
        "−20.0",
        "±0.0",
        "−20.0",
        "±0.0",
        "−10.0(−2)",
        "±0.0",
        "±0.0",
    ]
    links = links_of(response, "member-games")
    games = league["games"]
    assert reverse("game_detail", args=[club.slug, games[3].pk]) in links
    assert reverse("meeting_detail", args=[club.slug, games[0].meeting_id]) in links
    opponent = reverse("member_page", args=[club.slug, league["中島"].pk])
    assert any(link.startswith(f"{opponent}?season=") for link in links)  # opponents linked, the period kept
    assert sort_links(response, "member-games") == ["Date", "Total", "Place"]  # what the meeting lines hold


def test_the_history_is_paged_with_the_page_in_the_address(client, club, member, league, monkeypatch):
    monkeypatch.setattr(HistoryTable, "per_page", 2)
    client.force_login(member)
    first = client.get(page_url(club, league["東田"]))
    assert [row[1] for row in rows_of(first, "member-games")] == ["+130.0", "▲50.0"]
    assert '<a href="?page=2#history-title" rel="next">' in first.content.decode()  # back to the games, not the top
    second = client.get(page_url(club, league["東田"], page=2))
    assert [row[1] for row in rows_of(second, "member-games")] == ["▲18.0", "+15.0"]
    third = client.get(page_url(club, league["東田"], page=3))
    assert [row[1] for row in rows_of(third, "member-games")] == ["+50.0"]
    assert '<a href="?page=2#history-title" rel="prev">' in third.content.decode()
    assert '<small class="muted">(5)</small>' in third.content.decode()  # every game counted above the table
    beyond = client.get(page_url(club, league["東田"], page=9))
    assert [row[1] for row in rows_of(beyond, "member-games")] == ["+50.0"]  # the last page


def test_a_page_of_the_history_costs_the_same_queries_as_the_first(
    client, club, member, secretary, season, monkeypatch
):
    monkeypatch.setattr(HistoryTable, "per_page", 3)
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 5, 1))
    for n in range(1, 16):
        play(secretary, meeting, n, [p["東田"], p["南野"], p["西川"], p["北村"]], [40000, 30000, 20000, 10000])
    client.force_login(member)
    with CaptureQueriesContext(connection) as first:
        response = client.get(page_url(club, p["東田"]))
    assert [row[4] for row in rows_of(response, "member-games")] == ["15回戦 · 1卓", "14回戦 · 1卓", "13回戦 · 1卓"]
    with CaptureQueriesContext(connection) as fifth:
        response = client.get(page_url(club, p["東田"], page=5))
    assert [row[4] for row in rows_of(response, "member-games")] == ["3回戦 · 1卓", "2回戦 · 1卓", "1回戦 · 1卓"]
    assert len(first) == len(fifth)
    # The seats read in full are the page's games' only.
    [seats] = [query["sql"] for query in fifth.captured_queries if '"league_gameseat"."game_id" IN (' in query["sql"]]
    assert re.search(r'"league_gameseat"."game_id" IN \((\d+(, )?){3}\)', seats)


def test_the_history_sorts_on_the_total_not_its_text(client, club, member, league):
    client.force_login(member)
    ascending = client.get(page_url(club, league["東田"], sort="total"))
    assert [row[1] for row in rows_of(ascending, "member-games")] == ["▲50.0", "▲18.0", "+15.0", "+50.0", "+130.0"]
    descending = client.get(page_url(club, league["東田"], sort="-total"))
    assert [row[1] for row in rows_of(descending, "member-games")] == ["+130.0", "+50.0", "+15.0", "▲18.0", "▲50.0"]
    by_place = client.get(page_url(club, league["東田"], sort="place"))
    # Ties keep the history's order: the 1st places newest first.
    assert [row[1:3] for row in rows_of(by_place, "member-games")] == [
        ["+130.0", "1"],
        ["+50.0", "1"],
        ["+15.0", "2"],
        ["▲18.0", "3"],
        ["▲50.0", "4"],
    ]
    oldest_first = client.get(page_url(club, league["東田"], sort="date"))
    assert [row[1] for row in rows_of(oldest_first, "member-games")] == ["+50.0", "+15.0", "▲18.0", "▲50.0", "+130.0"]


def test_the_history_downloads_every_game_in_english_and_japanese(client, club, member, league, monkeypatch):
    monkeypatch.setattr(HistoryTable, "per_page", 2)
    league["南野"].name = HOSTILE
    league["南野"].save()
    client.force_login(member)
    address = page_url(club, league["東田"])  # Japanese: reversed before an English page leaves English active
    english = csv_rows(client.get("/en" + address, {"_export": "csv", "page": "2"}))
    assert english[0] == HISTORY_HEADINGS  # the page's columns, in its order
    assert len(english) == 6  # every game, not the page
    assert english[2] == [
        "Sun 14 Jun 2026",
        "-50.0",
        "4",
        "10000",
        "Round 2 · table 1",
        "East",
        f"'{HOSTILE}, 西川三郎, 中島五郎",
        "-20.0",
        "0.0",
        "-20.0",
        "0.0",
        "-10.0",
        "0.0",
        "0.0",
    ]
    sheet = xlsx_sheet(client.get(address, {"_export": "xlsx", "sort": "total"}))
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:3] == ["日付", "合計", "着順"]
    assert [row[1] for row in rows[1:]] == [
        Decimal("-50"),
        Decimal("-18"),
        Decimal("15"),
        Decimal("50"),
        Decimal("130"),
    ]  # the page's order, as numbers
    hostile = next(cell for cell in sheet["G"] if cell.value and HOSTILE in cell.value)
    assert hostile.data_type == "s" and hostile.value.startswith(HOSTILE)  # text, never a formula


def test_the_history_download_answers_as_the_page_does(client, club, outsider, league):
    client.force_login(outsider)
    for export_format in ("csv", "xlsx"):
        address = page_url(club, league["東田"])
        assert client.get(address, {"_export": export_format}).status_code == client.get(address).status_code == 404


# --- the head-to-head -------------------------------------------------------------------------------------


def test_the_head_to_head_shows_a_row_per_opponent(client, club, member, league):
    client.force_login(member)
    response = client.get("/en" + page_url(club, league["東田"]))
    assert headings_of(response, "head-to-head") == [
        "Opponent",
        "東田一郎's points",
        "Above",
        "Below",
        "Games",
        "Same place",
        "Opponent's points",
    ]
    assert rows_of(response, "head-to-head") == [
        ["北村四郎", "+177.0", "3", "1", "4", "0", "−125.0"],
        ["西川三郎", "−3.0", "2", "2", "4", "0", "+35.0"],
        ["南野二郎", "+145.0", "2", "2", "4", "0", "+110.0"],
        ["中島五郎", "+62.0", "2", "1", "3", "0", "−147.0"],
    ]
    assert reverse("member_page", args=[club.slug, league["北村"].pk]) in links_of(response, "head-to-head")[-4]


def test_the_head_to_head_sorts_on_the_value_and_ties_keep_most_games_first(client, club, member, league):
    client.force_login(member)

    def names(**query):
        return [row[0][:2] for row in rows_of(client.get(page_url(club, league["東田"], **query)), "head-to-head")]

    assert names(**{"h2h-sort": "-points"}) == ["北村", "南野", "中島", "西川"]
    assert names(**{"h2h-sort": "points"}) == ["西川", "中島", "南野", "北村"]  # ▲3.0 below +62.0
    assert names(**{"h2h-sort": "-opponent_points"}) == ["南野", "西川", "北村", "中島"]
    assert names(**{"h2h-sort": "above"}) == ["西川", "南野", "中島", "北村"]
    assert names(**{"h2h-sort": "below"}) == ["北村", "中島", "西川", "南野"]
    assert names(**{"h2h-sort": "-games"}) == ["北村", "西川", "南野", "中島"]
    assert names(**{"h2h-sort": "opponent"}) == ["北村", "中島", "西川", "南野"]  # by reading
    # The history keeps its own order when the head-to-head is sorted.
    response = client.get(page_url(club, league["東田"], **{"h2h-sort": "-points"}))
    assert rows_of(response, "member-games")[0][1] == "+130.0"


def test_the_head_to_head_downloads_on_its_own(client, club, member, league):
    league["北村"].name = HOSTILE
    league["北村"].save()
    client.force_login(member)
    address = page_url(club, league["東田"])
    english = csv_rows(client.get("/en" + address, {"_export": "csv", "_table": "h2h-", "h2h-sort": "-points"}))
    assert english == [
        ["Opponent", "東田一郎's points", "Above", "Below", "Games", "Same place", "Opponent's points"],
        [f"'{HOSTILE}", "177.0", "3", "1", "4", "0", "-125.0"],
        ["南野二郎", "145.0", "2", "2", "4", "0", "110.0"],
        ["中島五郎", "62.0", "2", "1", "3", "0", "-147.0"],
        ["西川三郎", "-3.0", "2", "2", "4", "0", "35.0"],
    ]
    sheet = xlsx_sheet(client.get(address, {"_export": "xlsx", "_table": "h2h-"}))
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0] == ["相手", "東田一郎さんのポイント", "上位", "下位", "半荘数", "同順位", "相手のポイント"]
    assert rows[1] == [HOSTILE, Decimal("177"), 3, 1, 4, 0, Decimal("-125")]
    assert sheet["A2"].data_type == "s"


# --- the figures by seat and the yakuman ------------------------------------------------------------------


def test_the_figures_by_seat_download_as_numbers(client, club, member, league):
    client.force_login(member)
    address = page_url(club, league["東田"])
    english = csv_rows(client.get("/en" + address, {"_export": "csv", "_table": "seats-"}))
    assert english == [
        ["Seat", "Average place", "Games", "Top rate", "Last-avoidance rate (ラス回避率)", "Per game"],
        ["East", "2.00", "3", "66.7", "66.7", "43.3"],
        ["South", "2.00", "1", "0.0", "100.0", "15.0"],
        ["West", "3.00", "1", "0.0", "100.0", "-18.0"],
        ["North", "", "0", "", "", ""],
    ]
    sheet = xlsx_sheet(client.get(address, {"_export": "xlsx", "_table": "seats-"}))
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0] == ["席", "平均順位", "半荘数", "トップ率", "ラス回避率", "平均ポイント"]
    assert rows[1] == ["東", 2, 3, 0.667, 0.667, 43.3]  # numbers, never their texts; rates as fractions
    # Formatted as the season workbook formats them: rates as percentages, points signed, ▲ in Japanese.
    east = list(sheet.iter_rows())[1]
    assert [east[3].number_format, east[4].number_format] == ["0.0%", "0.0%"]
    assert east[5].number_format == '+0.0;"▲"0.0;"±"0.0'
    assert rows[4] == ["北", None, 0, None, None, None]
    response = client.get(address + "?seats-sort=-games")
    assert [row[0] for row in rows_of(response, "by-seat")] == ["東", "南", "西", "北"]  # seat order, always


def test_the_yakuman_list_shows_and_downloads(client, club, member, league):
    client.force_login(member)
    address = page_url(club, league["東田"])
    response = client.get("/en" + address)
    assert rows_of(response, "yakuman-list") == [["Sun 14 Jun 2026", "四暗刻", "tsumo", "Round 3 · table 1"]]
    assert reverse("game_detail", args=[club.slug, league["games"][4].pk]) in links_of(response, "yakuman-list")
    japanese = csv_rows(client.get(address, {"_export": "csv", "_table": "yakuman-"}))
    assert japanese == [["日付", "役満", "和了", "対局"], ["2026/06/14(日)", "四暗刻", "ツモ", "3回戦 · 1卓"]]


def test_each_table_offers_its_own_downloads(client, club, member, league):
    client.force_login(member)
    html = client.get(page_url(club, league["東田"], page=1)).content.decode()
    assert 'href="?_export=csv"' in html  # the history: a download holds every page
    for prefix in ("h2h-", "seats-", "yakuman-"):
        assert f'href="?page=1&amp;_export=csv&amp;_table={prefix}"' in html


def test_the_places_show_their_count_and_rate_and_download_as_numbers(client, club, member, league):
    client.force_login(member)
    address = page_url(club, league["東田"])
    response = client.get(address)
    assert headings_of(response, "places") == ["", "1着", "2着", "3着", "4着"]
    assert rows_of(response, "places") == [["回数", "2", "1", "1", "1"], ["率", "40.0%", "20.0%", "20.0%", "20.0%"]]
    english = csv_rows(client.get("/en" + address, {"_export": "csv", "_table": "places-"}))
    assert english == [
        ["", "1st", "2nd", "3rd", "4th"],
        ["Count", "2", "1", "1", "1"],
        ["Rate", "40.0", "20.0", "20.0", "20.0"],
    ]
    sheet = xlsx_sheet(client.get(address, {"_export": "xlsx", "_table": "places-"}))
    assert [[cell.value for cell in row] for row in sheet.iter_rows()][1:] == [
        ["回数", 2, 1, 1, 1],
        ["率", 40, 20, 20, 20],
    ]
