"""The standings tables declared with django-tables2 (league/page_tables/standings.py): sorting on the value,
ties, the two tables' own sorts, the projector's columns, the phone's detail columns, and the downloads.
The page's figures and its sort links: test_standings.py; its queries: test_standings_api.py."""

import datetime
from decimal import Decimal
from itertools import count

import pytest
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from league.models import Member, Season
from league.page_tables.base import configure
from league.page_tables.standings import LESS_READ, StandingsTable
from league.stats.standings import Line

from .standings_data import season_games, three_player_games
from .standings_html import standings_tables, url
from .test_page_tables import HOSTILE, csv_rows, xlsx_sheet
from .test_standings_api import QUERIES, more_games

D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
SIX, SEVEN = "六郷六郎", "七海七郎"
SEASON_ORDER = [EAST, SOUTH, NORTH, CENTRE, WEST]
ids = count(1)


def line(name: str, kana: str, rank: int | None, **figures) -> Line:
    return Line(member=Member(pk=next(ids), name=name, kana=kana), rank=rank, **figures)


def four_lines() -> list[Line]:
    """In ranking order: 東 +3.0 over 2 games · 南 ▲12.0 over 11 · 西 +0.5 over 2, no score · 北 ▲50.0 of
    adjustments only, no game (no average place, rate, best or worst)."""
    return [
        line(
            "東",
            "ひがし",
            1,
            games=2,
            game_points=30,
            places=[2, 0, 0, 0],
            best=450,
            worst=-120,
            chips=2,
            score_sum=80000,
            scored_games=2,
        ),
        line(
            "南",
            "みなみ",
            2,
            games=11,
            game_points=-120,
            places=[1, 5, 5, 0],
            best=30,
            worst=-300,
            chips=-3,
            score_sum=275000,
            scored_games=11,
        ),
        line("西", "にし", 3, games=2, game_points=5, places=[1, 1, 0, 0], best=100, worst=-50),
        line("北", "きた", 4, adjustments=-500, places=[0, 0, 0, 0]),
    ]


def sorted_names(query: dict, **options) -> list[str]:
    table = StandingsTable(four_lines(), **options)
    configure(RequestFactory().get("/", query), table)
    return [row.record.member.name for row in table.rows]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("points", ["北", "南", "西", "東"]),  # ▲50.0, ▲12.0, +0.5, +3.0: numbers, not "+0.5" < "+3.0" < "▲…"
        ("-points", ["東", "西", "南", "北"]),
        ("per_game", ["北", "南", "西", "東"]),  # none, ▲1.1, +0.3, +1.5 (Decimals)
        ("-top_rate", ["東", "西", "南", "北"]),  # 100.0%, 50.0%, 9.1%, none: not "9.1" > "50.0" as text
        ("top_rate", ["北", "南", "西", "東"]),  # no figure first
        ("average_place", ["北", "東", "西", "南"]),  # none, 1.00, 1.50, 2.36
        ("best", ["北", "南", "西", "東"]),  # none, +3.0, +10.0, +45.0
        ("-best", ["東", "西", "南", "北"]),
        ("worst", ["北", "南", "東", "西"]),  # none, ▲30.0, ▲12.0, ▲5.0
        ("average_score", ["西", "北", "南", "東"]),  # none for 西 and 北 (ranking order), 25,000, 40,000
        ("-average_score", ["東", "南", "西", "北"]),  # the ties keep the ranking order either way
        ("chips", ["南", "西", "北", "東"]),  # ▲3, ±0, ±0 (tied: ranking order), +2
        ("games", ["北", "東", "西", "南"]),  # 0, 2, 2 (tied), 11
        ("-games", ["南", "東", "西", "北"]),
        ("member", ["北", "西", "東", "南"]),  # by reading: きた, にし, ひがし, みなみ
        ("-rank", ["北", "西", "南", "東"]),
        ("place_2", ["東", "北", "西", "南"]),  # 0, 0 (tied: ranking order), 1, 5
        ("nothing", ["東", "南", "西", "北"]),  # an unknown column: the ranking
    ],
)
def test_every_kind_of_column_sorts_on_its_value(sort, expected):
    assert sorted_names({"sort": sort}) == expected


def test_several_sorts_take_the_first_then_the_next():
    assert sorted_names({"sort": ["-games", "points"]}) == ["南", "西", "東", "北"]  # 東 and 西 tied on games
    assert sorted_names({"sort": ["games", "-points"]}) == ["北", "東", "西", "南"]


def test_the_first_click_sorts_better_figures_first_and_the_next_turns_it_round():
    table = StandingsTable(four_lines())
    configure(RequestFactory().get("/"), table)
    first = {column.name: column.order_by_alias.next for column in table.columns}
    assert (first["points"], first["top_rate"], first["best"], first["games"]) == (
        "-points",
        "-top_rate",
        "-best",
        "-games",
    )
    assert (first["rank"], first["member"], first["average_place"]) == ("rank", "member", "average_place")
    table = StandingsTable(four_lines())
    configure(RequestFactory().get("/", {"sort": "-points"}), table)
    assert table.columns["points"].order_by_alias.next == "points"


def test_the_unranked_table_sorts_on_its_own():
    request = RequestFactory().get("/", {"sort": "points", "unranked-sort": "-games"})
    ranked, unranked = StandingsTable(four_lines()), StandingsTable(four_lines(), ranked=False)
    configure(request, ranked)
    configure(request, unranked)
    assert [row.record.member.name for row in ranked.rows] == ["北", "南", "西", "東"]
    assert [row.record.member.name for row in unranked.rows] == ["南", "東", "西", "北"]
    assert "rank" not in [column.name for column in unranked.columns]
    assert (unranked.prefix, unranked.title_id, unranked.export_name) == (
        "unranked-",
        "unranked-title",
        "standings-unranked",
    )


def test_the_projector_leaves_out_the_less_read_figures_and_their_sorts():
    table = StandingsTable(four_lines(), projector=True)
    configure(RequestFactory().get("/", {"sort": "worst"}), table)
    names = [column.name for column in table.columns]
    assert not set(LESS_READ) & set(names)
    assert names[:3] == ["rank", "member", "points"] and "best" in names and "bust_rate" in names
    assert [row.record.member.name for row in table.rows] == ["東", "南", "西", "北"]  # worst is not there to sort
    assert not table.has_detail_columns


def test_a_phone_keeps_in_sight_the_less_read_figure_the_table_is_sorted_by():
    table = StandingsTable(four_lines())
    configure(RequestFactory().get("/"), table)
    assert "detail-cell" in table.columns["worst"].attrs["th"]["class"]
    cells = {cell["column"]["css"] for cell in table.rows[0].record.cells}
    assert "col-worst detail-cell num" in cells and "col-points key-cell num" in cells
    table = StandingsTable(four_lines())
    configure(RequestFactory().get("/", {"sort": "worst"}), table)
    assert "detail-cell" not in table.columns["worst"].attrs["th"]["class"]
    assert "col-worst num" in {cell["column"]["css"] for cell in table.rows[0].record.cells}
    assert table.has_detail_columns  # the other less-read figures still wait


def test_columns_follow_the_rules_players_and_figures():
    lines = four_lines()
    names = [column.name for column in StandingsTable(lines, players=3).columns]
    assert "place_3" in names and "place_4" not in names and "place_4_rate" not in names
    assert "shugi" not in names and "adjustments" in names and "chips" in names  # nobody has shūgi
    assert not {name for name in names if "maru" in name}
    win_points = StandingsTable(lines, win_points=True)
    assert {"maru_a", "maru_b", "maru_c", "double_maru_a"} <= {column.name for column in win_points.columns}
    with translation.override("en"):
        assert str(win_points.columns["points"].header) == "Win points"
        assert str(StandingsTable(lines).columns["points"].header) == "Points"  # one table's heading only


def test_a_row_is_written_once_with_its_marks():
    with translation.override("ja"):
        rows = StandingsTable(four_lines(), viewer_id=None).rows
    south = rows[1].record
    cells = {cell["column"]["css"].split()[0]: (cell["text"], cell["minus"], cell["note"]) for cell in south.cells}
    assert south.marks == " podium podium-2" and not south.mine
    assert cells["col-points"] == ("▲12.0", True, "")
    assert (cells["col-top_rate"], cells["col-average_place"]) == (("9.1%", False, ""), ("2.36", False, ""))
    assert cells["col-average_score"] == ("25,000", False, "")  # every game has its score: no (11/11)
    north = {cell["column"]["css"].split()[0]: cell["text"] for cell in rows[3].record.cells}
    assert north["col-best"] == north["col-top_rate"] == north["col-average_place"] == "—"
    assert rows[3].record.marks == ""


def test_the_viewers_row_and_the_scored_games_note():
    lines = four_lines()
    lines[2].member.user_id = 7
    lines[2].scored_games, lines[2].score_sum = 1, 31000  # 西: one of his two games has its score
    west = StandingsTable(lines, viewer_id=7).rows[2].record
    assert west.mine and west.marks == " podium podium-3 me"
    cells = {cell["column"]["css"].split()[0]: (cell["text"], cell["note"]) for cell in west.cells}
    assert cells["col-average_score"] == ("31,000", "(1/2)") and cells["col-bust_rate"] == ("0.0%", "(1/2)")
    assert cells["col-best"] == ("+10.0", "")


# -- on the page ---------------------------------------------------------------------------------------


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def test_ties_on_the_page_keep_the_ranking_order(client, club, season, member):
    client.force_login(member)
    games = {row["member"]: int(row["games"]) for row in standings_tables(client.get(url(club)))["ranked"][1]}
    assert len(set(games.values())) < len(games)  # some members tie on games
    for sort, descending in (("games", False), ("-games", True)):
        rows = standings_tables(client.get(url(club, sort=sort)))["ranked"][1]
        # sorted() is stable, and so is reverse=True: equal games keep the ranking order both ways
        assert [row["member"] for row in rows] == sorted(SEASON_ORDER, key=games.get, reverse=descending)


def test_the_page_offers_each_tables_downloads(client, club, season, member):
    client.force_login(member)
    html = client.get(url(club, sort="-games")).content.decode()
    assert 'href="?sort=-games&amp;_export=csv"' in html
    assert 'href="?sort=-games&amp;_export=xlsx&amp;_table=unranked-"' in html
    projector = client.get(url(club, view="projector")).content.decode()
    assert "_export=" not in projector  # a screen for the room


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_standings_download_as_csv_with_the_pages_columns_and_numbers(client, club, season, member, language):
    Member.objects.filter(name=WEST).update(name=HOSTILE)
    client.force_login(member)
    page_headers, page_rows = standings_tables(client.get(url(club, language, sort="-games")))["ranked"]
    rows = csv_rows(client.get(url(club, language, sort="-games", _export="csv")))
    heading = {"ja": ["順位", "名前", "ポイント", "半荘数"], "en": ["Rank", "Name", "Points", "Games"]}[language]
    assert rows[0][:4] == heading and len(rows[0]) == len(page_headers)
    assert [row[1] for row in rows[1:]] == [
        "'" + HOSTILE if name == HOSTILE else name for name in (row["member"] for row in page_rows)
    ]
    by_name = {row[1]: dict(zip(page_headers, row, strict=True)) for row in rows[1:]}
    east = by_name[EAST]
    assert (east["rank"], east["points"], east["per_game"], east["average_place"]) == ("1", "88.0", "22.0", "1.50")
    assert (east["top_rate"], east["shugi"], east["worst"], east["average_score"]) == (
        "50.0",
        "-20.0",
        "-12.0",
        "32000",
    )
    assert by_name["'" + HOSTILE]["points"] == "-75.0"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_unranked_download_is_its_own_table_in_xlsx(client, club, season, member, language):
    Member.objects.filter(name=SEVEN).update(name=HOSTILE)
    client.force_login(member)
    response = client.get(url(club, language, **{"_export": "xlsx", "_table": "unranked-", "unranked-sort": "points"}))
    assert response["Content-Disposition"] == 'attachment; filename="standings-unranked.xlsx"'
    sheet = xlsx_sheet(response)
    rows = [list(row) for row in sheet.iter_rows()]
    headers = [cell.value for cell in rows[0]]
    assert headers[:2] == {"ja": ["名前", "ポイント"], "en": ["Name", "Points"]}[language]  # no rank
    names = [row[0] for row in rows[1:]]
    assert [cell.value for cell in names] == [HOSTILE, SIX]  # +3.0, then +5.0
    assert names[0].data_type == "s" and names[0].quotePrefix
    hostile = dict(zip(headers, [cell.value for cell in rows[1]], strict=True))
    points, per_game = headers[1], headers[3]
    assert hostile[points] == 3 and rows[1][1].data_type == "n"
    assert hostile[per_game] is None  # no game: an empty cell, not a dash
    six = [cell.value for cell in rows[2]]
    assert six[1] == 5 and isinstance(six[3], int | float)
    # Points and rates formatted as the season workbook formats them, in the page's language.
    minus = {"ja": '"▲"', "en": "-"}[language]
    assert rows[2][1].number_format == f'+0.0;{minus}0.0;"±"0.0' == rows[2][3].number_format
    rates = [cell for header, cell in zip(headers, rows[2], strict=True) if header in ("トップ率", "Top rate")]
    assert rates and rates[0].number_format == "0.0%" and 0 <= rates[0].value <= 1


def test_the_projectors_download_has_its_columns(client, club, season, member):
    client.force_login(member)
    rows = csv_rows(client.get(url(club, "en", view="projector", _export="csv")))
    assert "Average score" not in rows[0] and "Worst" not in rows[0] and "Best" in rows[0]


def test_a_three_player_download_has_three_places(client, club, member, secretary):
    three_player_games(club, secretary)
    client.force_login(member)
    rows = csv_rows(client.get(url(club, "en", rule_set="sannin", _export="csv")))
    assert "3rd" in rows[0] and "4th" not in rows[0]
    assert [row[1] for row in rows[1:]] == ["乙", "甲", "丙"]


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_a_download_answers_whoever_asks_as_the_page_does(client, club, season, member, outsider, export_format):
    for person in (None, outsider, member):
        client.logout()
        if person is not None:
            client.force_login(person)
        page = client.get(url(club))
        download = client.get(url(club, _export=export_format))
        assert download.status_code == page.status_code
        assert ("Content-Disposition" in download) == (page.status_code == 200)


def test_the_download_reads_no_more_than_the_page(client, club, member, secretary):
    """The page's own count is held by test_standings_api.py (QUERIES, unchanged by the tables)."""
    Season.objects.create(club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31))
    three_player_games(club, secretary)
    more_games(club, secretary, 12)
    client.force_login(member)
    with CaptureQueriesContext(connection) as page:
        assert client.get(url(club, sort="-worst")).status_code == 200
    with CaptureQueriesContext(connection) as download:
        assert client.get(url(club, sort="-worst", _export="xlsx", _table="unranked-")).status_code == 200
    assert len(page) == QUERIES and len(download) <= len(page)


def test_figures_are_numbers_in_a_download():
    table = StandingsTable(four_lines())
    with translation.override("en"):
        values = list(table.as_values())
    assert values[0][:3] == ["Rank", "Name", "Points"]
    names = [column.name for column in table.columns]
    east = dict(zip(names, values[1], strict=True))
    assert (east["member"], east["points"], east["best"], east["worst"]) == (
        "東",
        Decimal("3.0"),
        Decimal("45.0"),
        Decimal("-12.0"),
    )
    assert east["top_rate"] == Decimal("100.0") and east["average_place"] == Decimal("1.00")
    assert east["games"] == 2 and east["chips"] == 2 and east["average_score"] == 40000 and east["rank"] == 1
    north = dict(zip(names, values[4], strict=True))
    assert north["best"] is None and north["top_rate"] is None and north["points"] == Decimal("-50.0")
