"""The import preview's tables as page tables: the games in the file, the problems and the notes that name a
yakuman, read from the parsed page in Japanese and English; no sorting and no download."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.html import parse_html

from league.models import Member

from .day_total_files import day_workbook
from .import_files import NAMES, ROWS, game_row, import_url, xlsx_bytes
from .standings_html import classes, find_all, text_of
from .test_import_layouts import GAMES, GAMES_HEADER, seated
from .test_import_notes import HEADER_WITH_VENUE, NAKAJIMA_EAST, NOTE, noted_rows
from .test_meeting_tables import download_links, headings_of, rows_of, table_of

pytestmark = pytest.mark.django_db

GAMES_TABLE = "import-preview"
PROBLEMS_TABLE = "problems"
NOTES_TABLE = "phone-cards"  # the name-mapping table is one too, but comes after it
LONG_NOTE = "長い備考" * 30  # 120 characters: the status cell shows its first 80


def upload(client, club, data, *, rule_set=None, name="games.xlsx"):
    rule_set = rule_set or club.rule_sets.get(slug="main")
    response = client.post(import_url(club), {"rule_set": rule_set.pk, "file": SimpleUploadedFile(name, data)})
    assert response.status_code == 302
    return response["Location"]


def preview(client, location, language):
    response = client.get(location if language == "ja" else location.replace("/c/", "/en/c/", 1))
    assert response.status_code == 200
    return response


def words_of(node):
    """A node's texts, each element's apart: a seat's name, score and points (parse_html drops the spaces between
    them)."""
    if isinstance(node, str):
        return node.strip()
    return " ".join(part for part in (words_of(child) for child in node.children) if part)


def game_rows(response):
    body = find_all(table_of(response, GAMES_TABLE), lambda node: node.name == "tbody")[0]
    return [
        [words_of(cell) for cell in find_all(row, lambda node: node.name == "td")]
        for row in find_all(body, lambda node: node.name == "tr")
    ]


def row_ids(response, table_class):
    body = find_all(table_of(response, table_class), lambda node: node.name == "tbody")[0]
    return [dict(row.attributes).get("id") for row in find_all(body, lambda node: node.name == "tr")]


def links_in(response, table_class):
    anchors = find_all(table_of(response, table_class), lambda node: node.name == "a")
    return [dict(anchor.attributes)["href"] for anchor in anchors]


@pytest.fixture
def mixed(client, club, secretary):
    """Two good games, a row whose scores do not add up, and a row of names mapped: 東田 to a member, 新人さん
    as a new member, ゲストさん as a guest; that row has a long note."""
    client.force_login(secretary)
    rows = [
        *ROWS[:2],
        game_row(date="2026-12-05", scores=(52300, 31500, 18700, -3500)),
        game_row(date="2026-12-05", round=2, names=("東田", "新人さん", "ゲストさん", NAMES[3]), note=LONG_NOTE),
    ]
    location = upload(client, club, xlsx_bytes(rows))
    higashida = Member.objects.get(club=club, name="東田一郎")
    mapped = client.post(
        location,
        {"action": "map", "name_0": str(higashida.pk), "name_1": "new", "kana_1": "シンジン", "name_2": "guest"},
    )
    assert mapped.status_code == 302
    return location


def test_the_games_table_in_japanese(client, mixed):
    response = preview(client, mixed, "ja")
    assert headings_of(response, GAMES_TABLE) == ["行", "日付", "回戦", "卓", "東", "南", "西", "北", "状態"]
    rows = game_rows(response)
    assert rows[0] == [
        "2",
        "2026/11/21(土)",
        "1",
        "1",
        "東田一郎 52,300 → +71.0 (1)",
        "南野二郎 31,500 → +12.0 (2)",
        "西川三郎 18,700 → ▲21.0 (3)",
        "北村四郎 ▲2,500 → ▲62.0 (4)",
        "新規",
    ]
    assert rows[2] == [
        "4",
        "2026/12/05(土)",
        "1",
        "1",
        "東田一郎 52,300",
        "南野二郎 31,500",
        "西川三郎 18,700",
        "北村四郎 ▲3,500",
        "問題あり",
    ]
    assert rows[3][4:8] == [
        "東田 → 東田一郎 52,300 → +71.0 (1)",
        "新人さん 新規 31,500 → +12.0 (2)",
        "ゲストさん 新しいゲスト 18,700 → ▲21.0 (3)",
        "北村四郎 ▲2,500 → ▲62.0 (4)",
    ]
    assert rows[3][8] == f"新規 備考: {LONG_NOTE[:79]}…"
    assert row_ids(response, GAMES_TABLE) == ["row-2", "row-3", "row-4", "row-5"]
    assert links_in(response, GAMES_TABLE) == ["#problems"]  # the row with a problem: its status links there


def test_the_games_table_in_english(client, mixed):
    response = preview(client, mixed, "en")
    assert headings_of(response, GAMES_TABLE) == [
        "Row",
        "Date",
        "Round",
        "Table",
        "East",
        "South",
        "West",
        "North",
        "Status",
    ]
    rows = game_rows(response)
    assert rows[0] == [
        "2",
        "Sat 21 Nov 2026",
        "1",
        "1",
        "東田一郎 52,300 → +71.0 (1)",
        "南野二郎 31,500 → +12.0 (2)",
        "西川三郎 18,700 → −21.0 (3)",
        "北村四郎 −2,500 → −62.0 (4)",
        "new",
    ]
    assert rows[2][-1] == "problem"
    assert rows[3][5:7] == ["新人さん new 31,500 → +12.0 (2)", "ゲストさん new guest 18,700 → −21.0 (3)"]
    assert rows[3][8] == f"new Note: {LONG_NOTE[:79]}…"
    badges = find_all(table_of(response, GAMES_TABLE), lambda node: "badge" in classes(node))
    assert [text_of(badge) for badge in badges] == ["new", "new guest"]


def test_the_problems_link_to_their_rows(client, club, secretary):
    client.force_login(secretary)
    rows = [
        *ROWS,
        game_row(date="2026-12-05", scores=(52300, 31500, 18700, -3500)),
        game_row(date="2026-12-05", round=2, names=("東田一郎", "南野二郎", "西川三郎", "誰か")),
    ]
    location = upload(client, club, xlsx_bytes(rows))
    english, japanese = preview(client, location, "en"), preview(client, location, "ja")
    assert headings_of(english, PROBLEMS_TABLE) == ["Row", "Column", "Problem"]
    assert headings_of(japanese, PROBLEMS_TABLE) == ["行", "列", "問題"]
    problems = rows_of(english, PROBLEMS_TABLE)
    summed = "E (東家 点数) + G (南家 点数) + I (西家 点数) + K (北家 点数) + L (供託)"  # the scores that do not add up
    assert [problem[:2] for problem in problems] == [["5", summed], ["6", "J (北家)"]]
    assert "99000" in problems[0][2] and "100000" in problems[0][2]
    assert "誰か" in problems[1][2]
    assert [problem[:2] for problem in rows_of(japanese, PROBLEMS_TABLE)] == [["5", summed], ["6", "J (北家)"]]
    # Each problem's row number links to that row of the games' table, which links back to the problems.
    targets = links_in(english, PROBLEMS_TABLE)
    assert targets == ["#row-5", "#row-6"]
    assert {f"#{row_id}" for row_id in row_ids(english, GAMES_TABLE)} >= set(targets)
    page = parse_html(english.content.decode())
    assert find_all(page, lambda node: node.name == "section" and ("id", "problems") in node.attributes)


@pytest.mark.usefixtures("sanma")
def test_the_rule_set_column_only_when_the_file_has_one(client, club, secretary):
    client.force_login(secretary)
    game = seated(GAMES[0][1])
    rows = [["2026-11-21", 1, 1, *game, "ブー麻雀"], ["2026-11-21", 2, 1, *game, "四人打ち"]]
    named = upload(client, club, xlsx_bytes(rows, header=GAMES_HEADER))
    english, japanese = preview(client, named, "en"), preview(client, named, "ja")
    assert headings_of(english, GAMES_TABLE) == [
        "Row",
        "Date",
        "Round",
        "Table",
        "Rule set",
        "East",
        "South",
        "West",
        "North",
        "Status",
    ]
    assert headings_of(japanese, GAMES_TABLE)[4] == "ルール"
    # An unknown rule set is a problem on its row: the row shows none.
    assert [(row[4], row[-1]) for row in game_rows(english)] == [("—", "problem"), ("四人打ち", "new")]
    assert [(row[4], row[-1]) for row in game_rows(japanese)] == [("—", "問題あり"), ("四人打ち", "新規")]
    unnamed = upload(client, club, xlsx_bytes(ROWS))
    for language, heading in (("en", "Rule set"), ("ja", "ルール")):
        response = preview(client, unnamed, language)
        assert heading not in headings_of(response, GAMES_TABLE)
        assert len(game_rows(response)[0]) == len(headings_of(response, GAMES_TABLE)) == 9


@pytest.mark.usefixtures("sanma")
def test_a_three_player_file_has_three_seats(client, club, secretary):
    client.force_login(secretary)
    template = client.get(import_url(club, "import_template_csv") + "?rule_set=sanma").content
    location = upload(client, club, template, rule_set=club.rule_sets.get(slug="sanma"), name="sanma.csv")
    client.post(location, {"action": "map", **{f"name_{seat}": "new" for seat in range(3)}})
    english, japanese = preview(client, location, "en"), preview(client, location, "ja")
    assert headings_of(english, GAMES_TABLE) == ["Row", "Date", "Round", "Table", "East", "South", "West", "Status"]
    assert headings_of(japanese, GAMES_TABLE) == ["行", "日付", "回戦", "卓", "東", "南", "西", "状態"]
    for response in (english, japanese):
        assert all(len(row) == 8 for row in game_rows(response))


def test_a_day_total_shows_its_mark_and_no_place(client, club, secretary):
    client.force_login(secretary)
    location = upload(client, club, day_workbook(), name="days.xlsx")
    english, japanese = game_rows(preview(client, location, "en")), game_rows(preview(client, location, "ja"))
    assert english[0][2:5] == ["day total · 4 hanchan", "— points only", "東田一郎 — → +45.3"]
    assert japanese[0][2:5] == ["日計・4半荘", "— 点数なし", "東田一郎 — → +45.3"]
    assert all("(" not in cell for row in english + japanese for cell in row[4:8])  # a day total has no place


def noted_file():
    """Two games whose notes name a yakuman and 中島 (the second without its round), after one without a note."""
    without_round = game_row(
        date="2026-12-05", round="", names=NAKAJIMA_EAST, scores=(61000, 22000, 12000, 5000), busts="", note=NOTE
    )
    return xlsx_bytes([*noted_rows(), [*without_round, ""]], header=HEADER_WITH_VENUE)


def test_the_notes_that_name_a_yakuman(client, club, secretary):
    client.force_login(secretary)
    location = upload(client, club, noted_file())
    english, japanese = preview(client, location, "en"), preview(client, location, "ja")
    assert headings_of(english, NOTES_TABLE) == ["Row", "Date", "Note", "Yakuman", "Player named"]
    assert headings_of(japanese, NOTES_TABLE) == ["行", "日付", "備考", "役満", "書かれた人"]
    assert rows_of(english, NOTES_TABLE) == [
        ["3", "Sat 28 Nov 2026, round 1", NOTE, "大三元", "East 中島五郎"],
        ["4", "Sat 5 Dec 2026", NOTE, "大三元", "East 中島五郎"],
    ]
    assert rows_of(japanese, NOTES_TABLE) == [
        ["3", "2026/11/28(土), 1回戦", NOTE, "大三元", "東 中島五郎"],
        ["4", "2026/12/05(土)", NOTE, "大三元", "東 中島五郎"],
    ]
    assert links_in(english, NOTES_TABLE) == ["#row-3", "#row-4"]
    assert {"row-3", "row-4"} <= set(row_ids(english, GAMES_TABLE))
    cells = find_all(table_of(japanese, NOTES_TABLE), lambda node: node.name == "td")
    assert [dict(cell.attributes)["data-label"] for cell in cells] == ["行", "日付", "備考", "役満", "書かれた人"] * 2
    rows = find_all(table_of(japanese, NOTES_TABLE), lambda node: node.name == "tr" and "yakuman-note" in classes(node))
    assert len(rows) == 2


def test_the_preview_lists_so_many_rows_and_counts_the_rest(client, club, secretary, monkeypatch):
    monkeypatch.setattr("league.views.imports.SHOWN_GAMES", 2)
    monkeypatch.setattr("league.views.imports.SHOWN_PROBLEMS", 1)
    monkeypatch.setattr("league.views.imports.SHOWN_NOTES", 1)
    client.force_login(secretary)
    wrong = (52300, 31500, 18700, -3500)
    rows = [
        *ROWS,
        game_row(date="2026-12-05", scores=wrong),
        game_row(date="2026-12-05", round=2, scores=wrong),
        game_row(date="2026-12-12", note=NOTE),
        game_row(date="2026-12-12", round=2, note=NOTE),
    ]
    response = preview(client, upload(client, club, xlsx_bytes(rows)), "en")
    assert row_ids(response, GAMES_TABLE) == ["row-5", "row-6"]  # the rows with a problem come first
    assert len(rows_of(response, PROBLEMS_TABLE)) == 1
    assert [row[0] for row in rows_of(response, NOTES_TABLE)] == ["7"]
    text = " ".join(text_of(parse_html(response.content.decode())).split())
    assert "… and 1 more problem." in text and "… and 5 more rows, not listed here" in text


def test_the_tables_do_not_sort_or_download(client, mixed):
    response = preview(client, mixed, "en")
    for table_class in (GAMES_TABLE, PROBLEMS_TABLE):
        head = find_all(table_of(response, table_class), lambda node: node.name == "thead")[0]
        assert not find_all(head, lambda node: node.name == "a")
    assert not download_links(response)
    assert "Content-Disposition" not in client.get(mixed.replace("/c/", "/en/c/", 1), {"_export": "csv"})


def test_a_file_without_games_lists_its_problem_and_no_row(client, club, secretary):
    client.force_login(secretary)
    response = preview(client, upload(client, club, xlsx_bytes([])), "en")
    assert rows_of(response, PROBLEMS_TABLE) == [
        ["—", "—", "There are no games to import: no row below the header has anything in it."]
    ]
    assert not links_in(response, PROBLEMS_TABLE)  # a problem of the whole file has no row to link to
    assert game_rows(response) == [["No row to list: see the problems above."]]


# -- names no member has ---------------------------------------------------------------------------------------

NAMES_TABLE = "name-mapping"


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_names_no_member_has_with_their_rows_and_boxes(client, club, secretary, language):
    client.force_login(secretary)
    rows = [game_row(round=number, names=("東田一郎", "南野二郎", "西川三郎", "新人さん")) for number in range(1, 11)]
    location = upload(client, club, xlsx_bytes(rows))
    response = preview(client, location, language)
    assert headings_of(response, NAMES_TABLE) == (
        ["ファイル上の名前", "行", "誰か", "新しい会員の読み（かな）"]
        if language == "ja"
        else ["Name in the file", "Rows", "Who it is", "Reading (kana) of the new member"]
    )
    table = table_of(response, NAMES_TABLE)
    body = find_all(table, lambda node: node.name == "tbody")[0]
    (row,) = find_all(body, lambda node: node.name == "tr")
    cells = find_all(row, lambda node: node.name in ("th", "td"))
    assert text_of(cells[0]).strip() == "新人さん"
    assert text_of(cells[1]).strip() == "2, 3, 4, 5, 6, 7, 8, 9 …"  # the file's rows naming it: the first 8
    assert find_all(cells[2], lambda node: node.name == "select")  # who it is: a member, a new member, a guest
    assert find_all(cells[3], lambda node: node.name == "input")  # the new member's reading
    assert not find_all(find_all(table, lambda node: node.name == "thead")[0], lambda node: node.name == "a")
    bad = client.post(location, {"action": "map", "name_0": "999999", "kana_0": "し" * 81})
    assert bad.status_code == 400  # nothing mapped: the name's row shows both problems, each under its box
    cells = find_all(
        find_all(table_of(bad, NAMES_TABLE), lambda node: node.name == "tbody")[0], lambda node: node.name == "td"
    )

    def errors(cell):
        return find_all(cell, lambda node: node.name == "small" and "error" in classes(node))

    assert [len(errors(cell)) for cell in cells] == [0, 1, 1]
