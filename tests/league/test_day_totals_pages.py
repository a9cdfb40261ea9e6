"""Day totals (日計) wherever results are read: standings (page, JSON, workbook), running standings, member pages,
the meeting page, and the workbook's 集計表 read back to the same standings."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.test.html import Element, parse_html
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, write_season_workbook
from league.models import DayTotal, Meeting, Member, Season
from league.stats.running import running_standings
from league.stats.standings import Period, standings

from .day_total_files import import_days
from .standings_html import classes, find_all, text_of
from .test_points_only import imported_again, scored_game, tally_alone

D = datetime.date


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def season(club, secretary):
    """One game played one by one on 11-14, then two days known only by their day totals (4 and 3 hanchan)."""
    season = Season.objects.create(
        club=club, name="2026年度", starts_on=D(2026, 4, 1), ends_on=D(2027, 3, 31), min_games=5
    )
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=D(2026, 11, 14))
    scored_game(meeting, secretary, [40000, 30000, 20000, 10000])  # +50, +10, -20, -40
    import_days(club, secretary)
    return season


def period(club, season=None):
    return Period(
        rule_set=club.rule_sets.get(),
        first_day=season and season.starts_on,
        last_day=season and season.ends_on,
        min_games=season.min_games if season else 0,
    )


def line_of(table, name):
    return next(line for line in table.lines if line.member.name == name)


def url(club, name, **kwargs):
    return reverse(name, kwargs={"slug": club.slug, **kwargs})


def test_standings_add_the_points_and_hanchan_and_take_places_from_the_games_only(club, season):
    table = standings(period(club, season))
    assert (table.games, table.day_total_games) == (8, 7)
    east = line_of(table, "東田一郎")
    assert (east.points, east.game_points, east.day_points, east.games, east.placed_games) == (953, 500, 453, 5, 1)
    assert (east.places, east.top_rate, east.average_place, east.per_game) == ([1, 0, 0, 0], 100, 1, Decimal("19.1"))
    assert (east.best, east.worst, east.scored_games, east.points_only_games) == (500, 500, 1, 0)
    north = line_of(table, "北村四郎")
    assert (north.points, north.games, north.last_avoid_rate) == (-588, 8, 0)
    centre = line_of(table, "中島五郎")  # only day totals: points and games, no place at all
    assert (centre.points, centre.games, centre.placed_games, centre.last_played) == (-500, 7, 0, D(2026, 11, 28))
    assert (centre.top_rate, centre.average_place, centre.best, centre.average_score) == (None, None, None, None)
    # 5 games to be ranked: day totals count, so 西川 (1 + 3) is the only one left out.
    assert [line.member.name for line in table.ranked] == ["東田一郎", "南野二郎", "中島五郎", "北村四郎"]
    assert [line.member.name for line in table.unranked] == ["西川三郎"]


def test_the_standings_page_and_json_say_how_many_hanchan_are_day_totals(client, club, member, season):
    client.force_login(member)
    page = client.get(url(club, "standings")).content.decode()
    assert "7 hanchan are known only from day totals (日計" in page
    data = client.get(url(club, "api_standings")).json()
    assert (data["games"], data["day_total_games"]) == (8, 7)
    centre = next(line for line in data["ranked"] if line["member"]["name"] == "中島五郎")
    assert {
        key: centre[key]
        for key in (
            "games",
            "placed_games",
            "day_total_games",
            "points",
            "game_points",
            "day_points",
            "top_rate",
            "average_place",
            "per_game",
        )
    } == {
        "games": 7,
        "placed_games": 0,
        "day_total_games": 7,
        "points": -50.0,
        "game_points": 0.0,
        "day_points": -50.0,
        "top_rate": None,
        "average_place": None,
        "per_game": -7.1,
    }
    with translation.override("ja"):
        page = client.get(url(club, "standings")).content.decode()
    assert "7半荘は日計" in page


def test_running_standings_take_a_days_points_on_its_meeting(club, season):
    running = running_standings(period(club, season))
    assert [column.date for column in running.columns] == [D(2026, 11, 14), D(2026, 11, 21), D(2026, 11, 28)]
    centre = next(line for line in running.lines if line.line.member.name == "中島五郎")
    assert [(cell.points, cell.day) if cell else None for cell in centre.cells] == [None, (-250, -250), (-500, -250)]
    # The latest meetings alone (the page's default in a long season): the earlier day totals counted in the first.
    for shown in (1, 2):
        latest = running_standings(period(club, season), shown)
        assert latest.columns == running.columns[-shown:] and latest.left_out == 3 - shown
        assert [entry.cells for entry in latest.lines] == [entry.cells[-shown:] for entry in running.lines]


def test_the_member_page_lists_day_totals_and_says_what_counts_them(client, club, member, season):
    client.force_login(member)
    centre = Member.objects.get(name="中島五郎")
    page = client.get(url(club, "member_page", member_id=centre.pk)).content.decode()
    assert page.count('<tr class="day-total">') == 2 and "day total (日計)" in page and "4 hanchan" in page
    assert "(7 from day totals, 日計)" in page and 'class="compact places"' not in page
    assert "not in places, streaks or head-to-head" in page
    east = Member.objects.get(name="東田一郎")
    page = client.get(url(club, "member_page", member_id=east.pk)).content.decode()
    assert "over the 1 of 5 games that have a place" in page and "over the 1 of 5 games that have scores" in page
    data = client.get(url(club, "api_member", member_id=east.pk)).json()
    assert [(entry["date"], entry["games"], entry["points"], entry["cumulative"]) for entry in data["day_totals"]] == [
        ("2026-11-21", 4, 45.3, 95.3)
    ]
    assert [game["cumulative"] for game in data["games"]] == [50.0]
    assert not any(opponent["opponent"]["name"] == "中島五郎" for opponent in data["head_to_head"])
    with translation.override("ja"):
        page = client.get(url(club, "member_page", member_id=east.pk)).content.decode()
    assert "（5半荘のうち着順のある1半荘で計算）" in page


def columns_of(row):
    """The cells of a table row, each repeated over the columns it spans."""
    cells = [cell for cell in row.children if isinstance(cell, Element) and cell.name in ("td", "th")]
    return [cell for cell in cells for _ in range(int(dict(cell.attributes).get("colspan", 1)))]


def test_a_day_totals_row_puts_its_points_under_total_and_leaves_out_what_a_phone_does(client, club, member, season):
    client.force_login(member)
    east = Member.objects.get(name="東田一郎")
    html = client.get(url(club, "member_page", member_id=east.pk)).content.decode()
    table = next(
        node
        for node in find_all(parse_html(html), lambda node: node.name == "table")
        if "member-games" in classes(node)
    )
    headers = columns_of(find_all(table, lambda node: node.name == "tr")[0])
    day_total = next(row for row in find_all(table, lambda node: node.name == "tr") if "day-total" in classes(row))
    cells = columns_of(day_total)
    assert len(cells) == len(headers) == 14
    for header, cell in zip(headers, cells, strict=True):
        if "detail-cell" in classes(header):  # a phone leaves the column out: the cell goes with it
            assert "detail-cell" in classes(cell) and not text_of(cell).strip()
        elif text_of(header).strip() == "Total":
            assert "key-cell" in classes(cell) and text_of(cell).strip() == "+45.3"
    assert "name-cell" in classes(cells[0]) and "day total (日計)" in text_of(cells[2])


def test_the_meeting_page_shows_the_days_totals(client, club, member, season):
    client.force_login(member)
    meeting = DayTotal.objects.get(meeting__date=D(2026, 11, 21)).meeting
    page = client.get(url(club, "meeting_detail", meeting_id=meeting.pk)).content.decode()
    assert 'aria-labelledby="day-totals-heading"' in page and "No games yet." not in page
    section = page[page.index('id="day-totals-heading"') :]
    assert [name in section for name in ("東田一郎", "南野二郎", "北村四郎", "中島五郎")] == [True] * 4
    assert section.count('<td class="num">4</td>') == 4 and "+45.3" in section
    with translation.override("ja"):
        page = client.get(url(club, "meeting_detail", meeting_id=meeting.pk)).content.decode()
    assert "この日は下の日計でだけ記録されています。" in page and ">半荘数</th>" in page and "▲25.0" in page


def test_the_workbooks_standings_say_how_many_hanchan_are_day_totals(club, season):
    out = io.BytesIO()
    with translation.override("en"):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    rows = load_workbook(io.BytesIO(out.getvalue()))["Standings"].iter_rows(values_only=True)
    header = next(rows)
    by_name = {row[header.index("Name")]: dict(zip(header, row, strict=True)) for row in rows}
    assert (
        by_name["中島五郎"]["Games"],
        by_name["中島五郎"]["Hanchan from day totals"],
        by_name["中島五郎"]["Day total points"],
        by_name["中島五郎"]["Points"],
    ) == (7, 7, -50, -50)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_tally_sheet_writes_day_totals_as_rows_and_reads_back_to_the_same_standings(
    club, secretary, season, language
):
    kept = tally_alone(club, season, language)
    sheet = load_workbook(io.BytesIO(kept.getvalue())).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    headers = ["日付", "回戦", "卓", "半荘数"] if language == "ja" else ["Date", "Round", "Table", "Games"]
    assert values[1][:4] == headers
    assert [row[1:4] for row in values[2:5]] == [[1, 1, None], [None, None, 4], [None, None, 3]]
    before, after = imported_again(club, secretary, kept)
    figures = [
        (line.member.name, line.points, line.games, line.placed_games, line.day_total_games, line.places, line.rank)
        for line in before.lines
    ]
    assert figures == [
        (line.member.name, line.points, line.games, line.placed_games, line.day_total_games, line.places, line.rank)
        for line in after.lines
    ]
    assert DayTotal.objects.count() == 2


def test_the_admin_reads_day_totals_and_their_lines(client, club, season, django_user_model):
    admin = django_user_model.objects.create_superuser("site-admin", password="correct horse battery")
    client.force_login(admin)
    total = DayTotal.objects.first()
    for path in (
        "daytotal",
        f"daytotal/{total.pk}/change",
        "daytotalline",
        f"daytotalline/{total.lines.first().pk}/change",
    ):
        assert client.get(f"/admin/league/{path}/").status_code == 200, path
    assert client.get("/admin/league/daytotal/add/").status_code == 403


def test_the_member_list_and_the_workbooks_members_count_day_totals_hanchan(client, club, member, season):
    client.force_login(member)
    response = client.get(url(club, "member_list"))
    games = {listed.name: listed.games for listed in response.context["members"]}
    assert (games["中島五郎"], games["東田一郎"], games["西川三郎"]) == (7, 5, 4)
    out = io.BytesIO()
    with translation.override("en"):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    rows = load_workbook(io.BytesIO(out.getvalue()))["Members"].iter_rows(values_only=True)
    header = next(rows)
    by_name = {row[0]: dict(zip(header, row, strict=True)) for row in rows}
    assert by_name["中島五郎"]["Games"] == 7 and by_name["中島五郎"]["Last played"].date() == D(2026, 11, 28)


@pytest.mark.parametrize("column", ["top_rate", "-average_place", "best", "-average_score", "place_1_rate"])
def test_the_standings_sort_by_a_figure_a_day_total_only_member_lacks(client, club, member, season, column):
    client.force_login(member)
    response = client.get(url(club, "standings"), {"sort": column})
    assert response.status_code == 200
    names = [row.record.member.name for row in response.context["table"].rows]
    assert sorted(names) == ["中島五郎", "北村四郎", "南野二郎", "東田一郎"]


def test_the_history_download_writes_a_day_total_as_its_day_points_and_hanchan(client, club, member, season):
    client.force_login(member)
    east = Member.objects.get(name="東田一郎")
    download = client.get(url(club, "member_page", member_id=east.pk), {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(download.content.decode("utf-8-sig"))))
    assert rows[1:] == [  # newest first: the day total after the game
        ["Sat 21 Nov 2026", "45.3", "", "", "day total (日計) 4 hanchan", *[""] * 9],  # no place, seat or parts
        [
            "Sat 14 Nov 2026",
            "50.0",
            "1",
            "40000",
            "Round 1 · table 1",
            "East",
            "南野二郎, 西川三郎, 北村四郎",
            "10.0",
            "20.0",
            "20.0",
            "0.0",
            "0.0",
            "0.0",
            "0.0",
        ],
    ]


def test_sorting_the_history_by_place_puts_a_day_total_first_and_last_the_other_way(client, club, member, season):
    client.force_login(member)
    east = Member.objects.get(name="東田一郎")

    def first_cells(sort):
        response = client.get(url(club, "member_page", member_id=east.pk), {"sort": sort})
        return [line.is_day_total for line in (row.record for row in response.context["history_table"].paginated_rows)]

    assert first_cells("place") == [True, False]  # a day total has no place
    assert first_cells("-place") == [False, True]
