"""How the season workbook looks to an Excel user: the 集計表 (Tally) sheet, number formats of points and rates,
our own texts left alone, print settings on every sheet and the default font.  The sheets' contents against
the standings and the stored seats: test_exports.py; the XML against openpyxl: test_sheet_rows.py."""

import datetime
import io
import zipfile

import pytest
from defusedxml.ElementTree import fromstring
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, write_season_workbook
from league.exports.render import FONT_NAME
from league.models import GameSeat, RuleVersion
from league.services.meeting_lines import refresh_meeting_lines
from league.text.formatting import points_number_format
from league.text.rules_text import describe_rules

from .standings_data import THREE_PLAYER_RULES, boo_games, season_games, three_player_games

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE, SIXTH = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎", "六郷六郎"


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def written(choice, language="ja"):
    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(choice, out)
    out.seek(0)
    return out


def workbook(choice, language="ja"):
    return load_workbook(written(choice, language))


def values(row):
    return [cell.value for cell in row]


# -- the Tally sheet -------------------------------------------------------------------------------------


def test_the_tally_has_members_as_columns_in_standings_order_and_one_row_per_game(club, season):
    ws = workbook(ExportChoice.of_season(club, season))["集計表"]
    assert ws["A1"].value == "風の会 2026年度 四人打ち"  # the title row: the club, the season, the rule set
    # The standings' order (ranked, then unranked); 七海 has only an adjustment, no game: no column.
    assert values(ws[2]) == ["日付", "回戦", "卓", EAST, SOUTH, NORTH, CENTRE, WEST, SIXTH]
    games = [values(row) for row in ws.iter_rows(min_row=3, max_row=7)]
    assert games == [
        [datetime.datetime(2026, 5, 10), 1, 1, 55.0, 10.0, -45.0, None, -20.0, None],
        [datetime.datetime(2026, 5, 10), 2, 1, None, 61.0, -61.0, -15.0, 15.0, None],
        [datetime.datetime(2026, 6, 14), 1, 1, 10.0, -45.0, None, 50.0, -15.0, None],  # the void game: left out
        [datetime.datetime(2026, 6, 14), 2, 1, -12.0, None, 120.0, -48.0, -60.0, None],
        [datetime.datetime(2026, 7, 12), 1, 1, 35.0, -15.0, -25.0, None, None, 5.0],
    ]
    assert values(ws[8]) == ["合計", None, None, 88.0, 11.0, -11.0, -13.0, -80.0, 5.0]
    assert values(ws[9]) == ["半荘数", None, None, 4, 4, 4, 3, 4, 1]
    assert ws.max_row == 9


def test_the_tally_totals_are_the_standings_points_and_games(club, season, member, client):
    client.force_login(member)
    page = client.get(f"/c/{club.slug}/api/standings.json", {"season": season.pk, "rule_set": "main"}).json()
    lines = {line["member"]["name"]: line for line in page["ranked"] + page["unranked"]}
    ws = workbook(ExportChoice.of_season(club, season), "en")["Tally"]
    names, totals, counts = values(ws[2])[3:], values(ws[8])[3:], values(ws[9])[3:]
    assert values(ws[8])[0] == "Total" and values(ws[9])[0] == "Games"
    for name, total, count in zip(names, totals, counts, strict=True):
        line = lines[name]
        assert total == pytest.approx(line["points"] - line["adjustments"]), name  # the games' points alone
        assert count == line["games"], name
    assert totals[names.index(EAST)] == lines[EAST]["points"] == 88.0  # no adjustment in the season
    # Each column adds up to its total, and each game's row to zero (these rules are zero-sum).
    rows = [values(row)[3:] for row in ws.iter_rows(min_row=3, max_row=7)]
    for index, total in enumerate(totals):
        assert sum(row[index] or 0 for row in rows) == pytest.approx(total)
    assert all(sum(value or 0 for value in row) == pytest.approx(0) for row in rows)


def test_the_tally_points_are_numbers_shown_signed_and_the_counts_plain(club, season):
    ws = workbook(ExportChoice.of_season(club, season))["集計表"]
    points = [cell for row in ws.iter_rows(min_row=3, max_row=8, min_col=4) for cell in row if cell.value is not None]
    assert points and all(cell.data_type == "n" and cell.number_format == '+0.0;"▲"0.0;"±"0.0' for cell in points)
    assert all(cell.number_format == "General" and cell.font.b for cell in ws[9][3:])
    assert ws["A3"].is_date and ws["B3"].data_type == "n"
    assert ws["D8"].font.b and ws["A8"].font.b  # the totals in bold


def test_the_tally_is_tidy_too(club, season):
    out = written(ExportChoice.of_season(club, season))
    ws = load_workbook(out)["集計表"]
    assert ws.freeze_panes == "D3"  # the header row, and the date, round and table columns
    assert ws.auto_filter.ref == "A2:I7"  # the games only: sorting them leaves the totals at the bottom
    assert filter_names(out)[2] == "'集計表'!$A$2:$I$7"
    assert ws.print_title_rows == "$2:$2"


def test_one_tally_per_rule_set_that_has_games(club, secretary, season):
    three_player_games(club, secretary)
    empty = club.rule_sets.create(slug="empty", name="空き", position=5)
    RuleVersion.objects.create(rule_set=empty, effective_from=D(2020, 1, 1), rules=THREE_PLAYER_RULES)  # no game
    book = workbook(ExportChoice.of_season(club, season))
    assert [name for name in book.sheetnames if name.startswith("集計表")] == ["集計表 四人打ち", "集計表 三人打ち"]
    ws = book["集計表 三人打ち"]
    assert ws["A1"].value == "風の会 2026年度 三人打ち"
    assert values(ws[2]) == ["日付", "回戦", "卓", "乙", "甲", "丙"]
    assert values(ws[5])[3:] == [45.0, 10.0, -55.0] and values(ws[6])[3:] == [2, 2, 2]


def test_a_win_points_rule_set_tallies_its_win_points(club, secretary, season):
    rule_set = boo_games(club, secretary)
    ws = workbook(ExportChoice.of_season(club, season, rule_set), "en")["Tally"]
    assert values(ws[2])[3:] == [NORTH, EAST, SOUTH, WEST]
    assert values(ws[7])[3:] == [12.0, 3.0, -5.0, -10.0]


def test_a_single_rule_set_without_games_still_has_its_tally(club, secretary, season):
    rule_set = three_player_games(club, secretary)
    GameSeat.objects.filter(game__meeting__rule_set=rule_set).delete()
    refresh_meeting_lines(rule_set.meetings.values_list("pk", flat=True))  # as any writer of seats does
    ws = workbook(ExportChoice.of_season(club, season, rule_set), "en")["Tally"]
    assert values(ws[2]) == ["Date", "Round", "Table"]
    assert [values(row) for row in ws.iter_rows(min_row=3)] == [["Total", None, None], ["Games", None, None]]


# -- number formats ----------------------------------------------------------------------------------------


def test_points_formats_in_each_language():
    assert points_number_format("ja") == '+0.0;"▲"0.0;"±"0.0'
    assert points_number_format("en") == '+0.0;-0.0;"±"0.0'


def test_points_and_rates_are_numbers_with_their_formats(club, season):
    book = workbook(ExportChoice.of_season(club, season), "en")
    standings = book["Standings"]
    heads = values(standings[1])
    east = next(row for row in standings.iter_rows(min_row=2) if row[heads.index("Name")].value == EAST)
    points = east[heads.index("Points")]
    assert (points.value, points.data_type, points.number_format) == (88.0, "n", '+0.0;-0.0;"±"0.0')
    for header in ("Top rate", "Top-two rate", "Last-avoid rate", "Bust rate"):
        rate = east[heads.index(header)]
        assert rate.data_type == "n" and rate.number_format == "0.0%", header
    assert east[heads.index("Top rate")].value == 0.5  # two tops in four games: shown as 50.0%
    assert east[heads.index("Top-two rate")].value == 1.0
    results = book["Results"]
    total = results.cell(row=2, column=values(results[1]).index("Total") + 1)
    assert total.number_format == '+0.0;-0.0;"±"0.0' and total.value == 55.0


# -- texts ---------------------------------------------------------------------------------------------------


def test_our_own_texts_are_written_as_they_are(club, season):
    book = workbook(ExportChoice.of_season(club, season), "ja")
    rules = book["ルール"]
    with translation.override("ja"):
        described = dict(describe_rules(club.rule_sets.get().version_on(D(2026, 5, 10)).settings))
    assert described["ウマ"] == "+20 / +10 / ▲10 / ▲20" and described["オカ"] == "+20"
    settings = {row[2].value: row[3] for row in rules.iter_rows(min_row=2)}
    for item in ("ウマ", "オカ"):  # no apostrophe and no quote prefix: ours, not typed
        assert settings[item].value == described[item] and not settings[item].quotePrefix, item


# -- print settings and the font -----------------------------------------------------------------------------


def filter_names(out):
    with zipfile.ZipFile(out) as parts:
        root = fromstring(parts.read("xl/workbook.xml"))
    return {
        int(name.get("localSheetId")): name.text
        for name in root.iter(f"{MAIN}definedName")
        if name.get("name") == "_xlnm._FilterDatabase"
    }


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_sheet_prints_on_a4_at_a_readable_size_with_its_header_on_every_page(club, secretary, season, language):
    three_player_games(club, secretary)
    book = workbook(ExportChoice.of_season(club, season), language)
    assert len(book.worksheets) == 13  # two Printable standings and two Tally sheets
    printable = ("印刷用成績表", "Printable standings")
    for ws in book.worksheets:
        setup = ws.page_setup
        assert setup.paperSize == 9, ws.title
        if ws.title.startswith(printable):  # portrait, one page wide, 40 rows a page (test_printable_workbook.py)
            assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("portrait", 1, 1), ws.title
        elif ws.sheet_properties.pageSetUpPr is not None and ws.sheet_properties.pageSetUpPr.fitToPage:
            # Narrow enough to fit the width without printing under 9 points.
            assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("landscape", 1, 0), ws.title
        else:  # too wide: 90 % (9.9 points), the columns naming a row repeated on every page
            assert (setup.orientation, setup.scale, setup.pageOrder) == ("landscape", 90, "downThenOver"), ws.title
        header_row = 2 if ws.title.startswith(("集計表", "Tally", *printable)) else 1
        assert ws.print_title_rows == f"${header_row}:${header_row}", ws.title
        assert ws.oddHeader.center.text == "風の会 2026年度", ws.title
        assert ws.oddHeader.right.text == "&A" and ws.oddFooter.center.text == "&P / &N", ws.title
    standings = book.worksheets[0]  # 32 columns: once fitted to the width, 3 to 4 points on paper
    assert standings.page_setup.scale == 90 and standings.print_title_cols == "$A:$C"  # rule set, rank, name
    rules = book.worksheets[-1]
    assert rules.sheet_properties.pageSetUpPr.fitToPage and rules.print_title_cols is None


def test_an_ampersand_in_the_clubs_name_is_printed_as_one(club, season):
    club.name = "R&D 麻雀部"
    club.save()
    ws = workbook(ExportChoice.of_season(club, season))["成績表"]
    assert ws.oddHeader.center.text == "R&&D 麻雀部 2026年度"  # && is Excel's code for one &


def test_the_default_font_shows_japanese_in_excel_on_windows_and_mac(club, season):
    book = workbook(ExportChoice.of_season(club, season))
    normal = next(style for style in book._named_styles if style.name == "Normal")
    assert normal.font.name == FONT_NAME == "游ゴシック" and normal.font.charset == 128
    assert book._fonts[0].name == FONT_NAME  # unstyled cells
    for ws in book.worksheets:
        for row in ws.iter_rows(max_row=4):
            assert all(cell.font.name == FONT_NAME for cell in row), ws.title
        assert ws.sheet_format.defaultRowHeight == 18.75


def test_a_rule_set_still_being_set_up_does_not_stop_the_export(club, season):
    club.rule_sets.create(slug="new", name="新ルール", position=5)  # no version yet, so no game
    book = workbook(ExportChoice.of_season(club, season), "en")
    assert [name for name in book.sheetnames if name.startswith("Tally")] == ["Tally 四人打ち"]
    assert {row[0].value for row in book["Rules"].iter_rows(min_row=2)} == {"四人打ち"}
