"""The tables declared with django-tables2 (league/page_tables): cells, sorting, paging and downloads."""

import csv
import io
from types import SimpleNamespace

import pytest
from django.test import RequestFactory
from django.test.html import parse_html
from openpyxl import load_workbook

from league.models import Member
from league.page_tables.base import PageTable, configure, key_column, name_column
from league.page_tables.members import MemberListTable
from league.text.formatting import format_points

from .conftest import game_post
from .standings_html import find_all, text_of
from .test_manage_people import url

pytestmark = pytest.mark.django_db

HOSTILE = '=HYPERLINK("https://example.com","見て")'


def body_rows(response) -> list[list[str]]:
    """The table's rows as the text of their cells (th and td), from the parsed page."""
    page = parse_html(response.content.decode())
    body = find_all(page, lambda node: node.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(body, lambda node: node.name == "tr")
    ]


def headings(response) -> list[str]:
    page = parse_html(response.content.decode())
    head = find_all(page, lambda node: node.name == "thead")[0]
    return [" ".join(text_of(cell).split()).rstrip(" ▲▼") for cell in find_all(head, lambda n: n.name == "th")]


def csv_rows(response) -> list[list[str]]:
    data = b"".join(response.streaming_content) if response.streaming else response.content
    assert data.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def xlsx_sheet(response):
    return load_workbook(io.BytesIO(response.content)).active


@pytest.fixture
def one_game(client, club, meeting, secretary):
    """東田, 南野, 西川 and 北村 play one game; 中島 none."""
    client.force_login(secretary)
    assert client.post(url("enter_game", club.slug, meeting.pk), game_post(bust_3="0")).status_code == 302
    client.logout()


# --- the member list ------------------------------------------------------------------------------------


def test_the_member_list_shows_names_readings_and_games_in_reading_order(client, club, member, one_game):
    client.force_login(member)
    response = client.get(url("member_list", club.slug))
    assert headings(response) == ["Name", "Games", "Reading"]
    assert body_rows(response) == [
        ["北村四郎", "1", "きたむらしろう"],
        ["中島五郎", "0", "なかじまごろう"],
        ["西川三郎", "1", "にしかわさぶろう"],
        ["東田一郎", "1", "ひがしだいちろう"],
        ["南野二郎", "1", "みなみのじろう"],
    ]
    page = parse_html(response.content.decode())
    name_cells = find_all(
        page,
        lambda node: (
            "name-cell" in dict(node.attributes).get("class", "").split() if hasattr(node, "attributes") else False
        ),
    )
    assert len(name_cells) == 6  # the heading and every row: the phone pattern's sticky name


def test_sorting_by_games_keeps_the_reading_order_for_ties(client, club, member, one_game):
    client.force_login(member)
    ascending = [row[0] for row in body_rows(client.get(url("member_list", club.slug), {"sort": "games"}))]
    assert ascending == ["中島五郎", "北村四郎", "西川三郎", "東田一郎", "南野二郎"]
    descending = [row[0] for row in body_rows(client.get(url("member_list", club.slug), {"sort": "-games"}))]
    assert descending == ["北村四郎", "西川三郎", "東田一郎", "南野二郎", "中島五郎"]
    by_name = [row[0] for row in body_rows(client.get(url("member_list", club.slug), {"sort": "-name"}))]
    assert by_name == ["南野二郎", "東田一郎", "西川三郎", "中島五郎", "北村四郎"]


def test_sorting_is_on_the_number_not_its_text(club):
    members = list(Member.objects.filter(club=club))
    for member, games in zip(members, [12, 3, 100, 3, 25], strict=True):
        member.games = games
    for position, member in enumerate(members):
        member.reading_order = position
    table = MemberListTable(members, this_season=False)
    configure(RequestFactory().get("/", {"sort": "games"}), table)
    assert [row.record.games for row in table.rows] == [3, 3, 12, 25, 100]
    assert [row.record.name for row in table.rows][:2] == [members[1].name, members[3].name]  # ties: given order


class PointsTable(PageTable):
    name = name_column("Name", orderable=False)
    points = key_column("Points", order_by=("tenths",))


def test_points_sort_on_their_tenths_not_their_text(club):
    rows = [
        SimpleNamespace(name=name, tenths=tenths, points=format_points(tenths))
        for name, tenths in [("東田", 30), ("南野", -120), ("西川", 30), ("北村", -5), ("中島", 451)]
    ]
    table = PointsTable(rows)
    configure(RequestFactory().get("/", {"sort": "points"}), table)
    assert [row.record.tenths for row in table.rows] == [-120, -5, 30, 30, 451]  # "+3.0" < "▲12.0" as text
    assert [row.record.name for row in table.rows] == ["南野", "北村", "東田", "西川", "中島"]
    configure(RequestFactory().get("/", {"sort": "-points"}), table := PointsTable(rows))
    assert [row.record.name for row in table.rows] == ["中島", "東田", "西川", "北村", "南野"]  # ties: given order


def test_the_member_list_is_paged_with_the_page_in_the_address(client, club, member, monkeypatch):
    monkeypatch.setattr("league.views.members.MEMBERS_PER_PAGE", 2)
    client.force_login(member)
    second = client.get(url("member_list", club.slug), {"page": "2"})
    assert [row[0] for row in body_rows(second)] == ["西川三郎", "東田一郎"]
    assert "Page 2 of 3" in " ".join(second.content.decode().split())
    last = client.get(url("member_list", club.slug), {"page": "3", "sort": "-name"})
    assert [row[0] for row in body_rows(last)] == ["北村四郎"]


def test_the_member_list_downloads_as_csv_in_english_and_japanese(client, club, member, one_game):
    Member.objects.create(club=club, name=HOSTILE, kana="", active=False)
    client.force_login(member)
    english = csv_rows(client.get(url("member_list", club.slug), {"_export": "csv", "page": "2"}))
    assert english[0] == ["Name", "Games", "Reading"]
    assert english[1] == ["北村四郎", "1", "きたむらしろう"]
    assert len(english) == 1 + 6  # every member, not only the page asked for
    assert english[-1] == ["'" + HOSTILE + " (inactive)", "0", ""]
    japanese = csv_rows(client.get(url("member_list", club.slug, language="ja"), {"_export": "csv"}))
    assert japanese[0] == ["名前", "半荘数", "読み"]
    assert japanese[-1] == ["'" + HOSTILE + " (休会中)", "0", ""]


def test_the_member_list_downloads_as_xlsx_with_text_never_a_formula(client, club, member, one_game):
    Member.objects.create(club=club, name=HOSTILE, kana="")
    client.force_login(member)
    response = client.get(url("member_list", club.slug, language="ja"), {"_export": "xlsx", "sort": "-games"})
    assert response["Content-Disposition"] == 'attachment; filename="members.xlsx"'
    rows = list(xlsx_sheet(response).iter_rows())
    assert [cell.value for cell in rows[0]] == ["名前", "半荘数", "読み"]
    assert [cell.value for cell in rows[1]] == ["北村四郎", 1, "きたむらしろう"]
    assert xlsx_sheet(response).title == "members"
    hostile = rows[-1][0]
    assert hostile.value == HOSTILE and hostile.data_type == "s" and hostile.quotePrefix
    assert rows[-1][1].value == 0 and rows[-1][1].data_type == "n"
    english = xlsx_sheet(client.get(url("member_list", club.slug), {"_export": "xlsx"}))
    assert [cell.value for cell in next(english.iter_rows())] == ["Name", "Games", "Reading"]


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_a_download_answers_whoever_asks_as_the_page_does(client, club, member, outsider, export_format):
    address = url("member_list", club.slug)
    for person in (None, outsider, member):
        client.logout()
        if person is not None:
            client.force_login(person)
        page = client.get(address)
        download = client.get(address, {"_export": export_format})
        assert download.status_code == page.status_code
        assert ("Content-Disposition" in download) == (page.status_code == 200)


def test_the_member_list_offers_its_downloads(client, club, member):
    client.force_login(member)
    page = parse_html(client.get(url("member_list", club.slug), {"sort": "games"}).content.decode())
    links = [
        dict(a.attributes)["href"]
        for a in find_all(page, lambda node: node.name == "a")
        if "_export=" in dict(a.attributes).get("href", "")
    ]
    assert links == ["?sort=games&_export=csv", "?sort=games&_export=xlsx"]


# --- the activity page ----------------------------------------------------------------------------------


def test_the_activity_table_lists_who_did_what(client, club, owner, one_game):
    client.force_login(owner)
    response = client.get(url("club_activity", club.slug))
    assert headings(response) == ["When", "Done by", "What was done"]
    rows = body_rows(response)
    assert rows[0][1:] == ["secretary", "Round 1 · table 1 of Fri 20 Nov 2026: entered"]


def test_the_activity_downloads_in_both_languages(client, club, owner, secretary, one_game):
    Member.objects.filter(name="北村四郎").update(name=HOSTILE, user=secretary)  # the secretary plays as him
    client.force_login(owner)
    english = csv_rows(client.get(url("club_activity", club.slug), {"_export": "csv"}))
    assert english[0] == ["When", "Done by", "What was done"]
    entered = [row for row in english if row[2] == "Round 1 · table 1 of Fri 20 Nov 2026: entered"]
    assert [row[1] for row in entered] == ["'" + HOSTILE + " (secretary)"]
    japanese = xlsx_sheet(client.get(url("club_activity", club.slug, language="ja"), {"_export": "xlsx"}))
    rows = list(japanese.iter_rows())
    assert [cell.value for cell in rows[0]] == ["日時", "操作した人", "内容"]
    who = [row[1] for row in rows[1:] if row[1].value.startswith("=")]
    assert [(cell.value, cell.data_type, cell.quotePrefix) for cell in who] == [(HOSTILE + " (secretary)", "s", True)]
    assert all(cell.data_type == "s" for row in rows for cell in row if cell.value is not None)


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_activity_download_is_the_owners_only(client, club, secretary, member, outsider, export_format):
    address = url("club_activity", club.slug)
    for person in (secretary, member, outsider):
        client.force_login(person)
        assert client.get(address, {"_export": export_format}).status_code == client.get(address).status_code
        assert client.get(address).status_code in (403, 404)


# --- the records page -----------------------------------------------------------------------------------


@pytest.fixture
def seasons(club, secretary):
    from .awards_data import awards_season

    return awards_season(club, secretary)


def section_rows(response, heading_id: str) -> list[list[str]]:
    page = parse_html(response.content.decode())
    section = find_all(
        page, lambda node: node.name == "section" and dict(node.attributes).get("aria-labelledby") == heading_id
    )[0]
    body = find_all(section, lambda node: node.name == "tbody")[0]
    return [
        [" ".join(text_of(cell).split()) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(body, lambda node: node.name == "tr")
    ]


def test_the_records_tables_show_their_cells(client, club, member, seasons):
    from .awards_data import EAST, GUEST, NORTH, WEST

    client.force_login(member)
    response = client.get(url("records", club.slug))
    assert [row[:3] for row in section_rows(response, "best-points")[:3]] == [
        ["1", f"{GUEST}guest", "+125.0"],
        ["2", WEST, "+120.0"],
        ["3", EAST, "+110.0"],
    ]
    assert [row[:4] for row in section_rows(response, "yakuman-list")] == [
        [f"{GUEST}guest", "国士無双", "tsumo", "—"],
        [NORTH, "大三元", "ron", WEST],
        [EAST, "四暗刻", "tsumo", "—"],
    ]


def test_the_yakuman_list_sorts_by_day_and_pages_on_its_own(client, club, member, seasons, monkeypatch):
    from .awards_data import EAST, GUEST, NORTH

    monkeypatch.setattr("league.page_tables.records.YakumanTable.per_page", 2)
    client.force_login(member)
    first = client.get(url("records", club.slug))
    assert [row[0] for row in section_rows(first, "yakuman-list")] == [f"{GUEST}guest", NORTH]
    second = client.get(url("records", club.slug), {"yakuman-page": "2"})
    assert [row[0] for row in section_rows(second, "yakuman-list")] == [EAST]
    oldest_first = client.get(url("records", club.slug), {"yakuman-sort": "game"})
    assert [row[0] for row in section_rows(oldest_first, "yakuman-list")] == [EAST, NORTH]
    assert len(section_rows(oldest_first, "best-scores")) == 10  # the other tables are not paged


def test_each_records_table_downloads_on_its_own(client, club, member, seasons):
    from .awards_data import EAST, GUEST, NORTH, WEST

    client.force_login(member)
    yakuman = csv_rows(client.get(url("records", club.slug), {"_export": "csv", "_table": "yakuman-"}))
    assert yakuman[0] == ["Winner", "Yakuman", "Win", "Dealt in", "Game"]
    assert [row[:4] for row in yakuman[1:]] == [
        [f"{GUEST} (guest)", "国士無双", "tsumo", ""],
        [NORTH, "大三元", "ron", WEST],
        [EAST, "四暗刻", "tsumo", ""],
    ]
    points = xlsx_sheet(client.get(url("records", club.slug, language="ja"), {"_export": "xlsx", "_table": "points-"}))
    rows = [[cell.value for cell in row] for row in points.iter_rows()]
    assert rows[0] == ["順位", "会員", "ポイント", "対局"]
    assert rows[1] == [1, f"{GUEST}（ゲスト）", "+125.0", "2026/07/12(日) 1回戦"]


# --- an import's page -----------------------------------------------------------------------------------


def batch_address(club, batch, language="en") -> str:
    return url("import_batch", club.slug, batch.pk, language=language)


def test_the_imported_meetings_sort_by_day_and_by_games_and_page(client, club, secretary, imported, monkeypatch):
    client.force_login(secretary)
    address = batch_address(club, imported)
    assert [row[:2] for row in body_rows(client.get(address))] == [["Sat 21 Nov 2026", "2"], ["Sat 28 Nov 2026", "1"]]
    assert [row[:2] for row in body_rows(client.get(address, {"sort": "games"}))] == [
        ["Sat 28 Nov 2026", "1"],
        ["Sat 21 Nov 2026", "2"],
    ]
    newest_first = body_rows(client.get(address, {"sort": "-date"}))
    assert [row[0] for row in newest_first] == ["Sat 28 Nov 2026", "Sat 21 Nov 2026"]
    monkeypatch.setattr("league.page_tables.imports.ImportedMeetingsTable.per_page", 1)
    assert [row[0] for row in body_rows(client.get(address, {"page": "2"}))] == ["Sat 28 Nov 2026"]


def test_the_imported_meetings_download(client, club, secretary, imported):
    client.force_login(secretary)
    english = csv_rows(client.get(batch_address(club, imported), {"_export": "csv"}))
    assert english == [
        ["Date", "Games imported", "Meeting"],
        ["Sat 21 Nov 2026", "2", "created by the import"],
        ["Sat 28 Nov 2026", "1", "created by the import"],
    ]
    japanese = xlsx_sheet(client.get(batch_address(club, imported, "ja"), {"_export": "xlsx"}))
    rows = [[cell.value for cell in row] for row in japanese.iter_rows()]
    assert rows[1] == ["2026/11/21(土)", 2, "取り込みで作成"]


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_a_records_download_answers_as_its_page(client, club, outsider, export_format):
    address = url("records", club.slug)
    for person in (None, outsider):
        client.logout()
        if person is not None:
            client.force_login(person)
        page = client.get(address)
        assert page.status_code in (302, 403, 404)
        download = client.get(address, {"_export": export_format, "_table": "yakuman-"})
        assert (download.status_code, download.get("Location")) == (page.status_code, page.get("Location"))


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_an_imports_download_answers_as_its_page(client, club, member, outsider, imported, export_format):
    address = batch_address(club, imported)
    for person in (None, outsider, member):
        client.logout()
        if person is not None:
            client.force_login(person)
        page = client.get(address)
        assert page.status_code in (302, 403, 404)
        download = client.get(address, {"_export": export_format})
        assert (download.status_code, download.get("Location")) == (page.status_code, page.get("Location"))


def test_a_wrong_page_or_sort_in_the_address_still_shows_the_table(client, club, member, monkeypatch):
    monkeypatch.setattr("league.views.members.MEMBERS_PER_PAGE", 2)
    client.force_login(member)
    for query in (
        {"page": "x"},
        {"page": "99"},
        {"page": "０"},
        {"sort": "kana"},
        {"sort": "=1+1"},
        {"_export": "pdf"},
        {"_export": "csv", "_table": "nothing-"},
    ):
        response = client.get(url("member_list", club.slug), query)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html"), query
        assert len(body_rows(response)) in (1, 2), query
