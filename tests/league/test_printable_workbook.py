"""The season workbook for paper: the Printable standings sheet (印刷用成績表), dates as Japanese clubs write
them (2026/04/04), and every sheet printed at a readable size, measured in the PDF LibreOffice prints."""

import datetime

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from league.exports import ExportChoice, write_season_workbook
from league.exports.render import PORTRAIT_ROWS
from tests.pdf_pages import A4_LANDSCAPE, A4_PORTRAIT, read_pdf, to_pdf_with_libreoffice

from .conftest import PLAYERS
from .printable_data import MEMBERS, forty_members
from .standings_data import THREE_PLAYER_RULES, season_games, three_player_games
from .test_workbook_look import workbook

D = datetime.date
READABLE = 9  # points: the smallest text a printed page may show


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def printable_name(language="ja"):
    """The sheet's name in ``language`` (印刷用成績表 in Japanese), from the catalogue."""
    with translation.override(language):
        return pgettext("workbook sheet", "Printable standings")


def rows(ws, first=1):
    return [[cell.value for cell in row] for row in ws.iter_rows(min_row=first)]


# -- the Printable standings sheet --------------------------------------------------------------------------


def test_the_printable_sheet_has_the_key_columns_only_in_japanese(club, season):
    ws = workbook(ExportChoice.of_season(club, season), "ja")[printable_name()]
    assert ws["A1"].value == "風の会 2026年度 四人打ち"
    # Chips and shūgi: someone has some (中 +2 chips, 北 a yakuman's shūgi); adjustments are in the points.
    assert rows(ws, 2) == [
        ["順位", "名前", "半荘数", "ポイント", "平均順位", "1着", "2着", "3着", "4着", "チップ", "祝儀"],
        [1, "東田一郎", 4, 88.0, 1.5, 2, 2, 0, 0, 0, -20.0],
        [2, "南野二郎", 4, 11.0, 2.5, 1, 1, 1, 1, -2, 0.0],
        [3, "北村四郎", 4, -11.0, 3.25, 1, 0, 0, 3, 0, 60.0],
        [4, "中島五郎", 3, -13.0, 2.33, 1, 0, 2, 0, 2, -20.0],
        [5, "西川三郎", 4, -75.0, 3.0, 0, 1, 2, 1, 0, -20.0],
        [None, "六郷六郎", 1, 5.0, 2.0, 0, 1, 0, 0, 0, 0.0],  # unranked: one game
        [None, "七海七郎", 0, 3.0, None, 0, 0, 0, 0, 0, 0.0],  # unranked: an adjustment only
    ]
    assert ws["D3"].number_format == '+0.0;"▲"0.0;"±"0.0' and ws["E3"].number_format == "0.00"
    setup = ws.page_setup
    assert (setup.orientation, setup.paperSize, setup.fitToWidth, setup.fitToHeight) == ("portrait", 9, 1, 1)
    assert ws.print_title_rows == "$2:$2"


def test_the_printable_sheet_in_english_and_for_each_rule_set(club, secretary, season):
    three_player_games(club, secretary)
    empty = club.rule_sets.create(slug="empty", name="空き", position=5)
    empty.versions.create(effective_from=D(2020, 1, 1), rules=THREE_PLAYER_RULES)  # no game: no sheet
    book = workbook(ExportChoice.of_season(club, season), "en")
    printable = [name for name in book.sheetnames if name.startswith("Printable standings")]
    assert printable == ["Printable standings 四人打ち", "Printable standings 三人打ち"]
    assert book.sheetnames.index(printable[0]) == 1  # after the Standings, before the Tally
    three = book["Printable standings 三人打ち"]
    # Three players: three place columns; no chips or shūgi in these games; two games, unranked (3 needed).
    assert rows(three, 2) == [
        ["Rank", "Name", "Games", "Points", "Average place", "1st", "2nd", "3rd"],
        [None, "乙", 2, 45.0, 1.5, 1, 1, 0],
        [None, "甲", 2, 10.0, 2.0, 1, 0, 1],
        [None, "丙", 2, -55.0, 2.5, 0, 1, 1],
    ]
    assert three["D3"].number_format == '+0.0;-0.0;"±"0.0'


def test_forty_members_are_one_page_and_more_are_more(club, secretary):
    season = forty_members(club, secretary)
    ws = workbook(ExportChoice.of_season(club, season))[printable_name()]
    assert ws.max_row == 2 + MEMBERS and ws.page_setup.fitToHeight == 1
    for number in range(PORTRAIT_ROWS + 1, PORTRAIT_ROWS + 3):
        club.members.create(name=f"会員{number}", kana="")
    club.adjustments.create(
        rule_set=club.rule_sets.get(),
        member=club.members.get(name=f"会員{PORTRAIT_ROWS + 1}"),
        date=D(2026, 5, 1),
        points=10,
        reason="テスト",
    )
    ws = workbook(ExportChoice.of_season(club, season))[printable_name()]
    assert ws.max_row == 2 + MEMBERS + 1 and ws.page_setup.fitToHeight == 2  # 41 rows: two pages tall


# -- dates ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "date_format", "run_from"),
    [("ja", "yyyy/mm/dd", "2026/05/10から"), ("en", "yyyy-mm-dd", "from 2026-05-10")],
)
def test_every_date_is_a_date_cell_written_as_the_readers_write_a_day(club, season, language, date_format, run_from):
    book = workbook(ExportChoice.of_season(club, season), language)
    dates = [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row if cell.is_date]
    assert {cell.parent.title for cell in dates} >= {
        book.sheetnames[index] for index in (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    }
    assert {cell.number_format for cell in dates} == {date_format}
    # Dates inside the site's texts follow the cells: the first day of a run on the Records sheet.
    texts = [cell.value for row in book.worksheets[4].iter_rows() for cell in row if isinstance(cell.value, str)]
    assert run_from in texts


def test_chosen_dates_in_the_title_are_written_as_the_cells(club, season):
    choice = ExportChoice.of_season(club, season)
    choice = ExportChoice.of(club, choice.rule_sets, season, first_day=D(2026, 5, 1), last_day=D(2026, 6, 30))
    with translation.override("ja"):
        assert choice.title == "風の会 2026/05/01–2026/06/30"
    with translation.override("en"):
        assert choice.title == "風の会 2026-05-01–2026-06-30"
    assert choice.file_name("xlsx").startswith("kaze-2026-05-01_2026-06-30")  # a file name holds no slash


# -- printed: LibreOffice's PDF of the whole workbook, in Japanese and English ---------------------------------


def test_forty_members_print_readably_on_paper(club, secretary, tmp_path):
    season = forty_members(club, secretary)
    choice = ExportChoice.of_season(club, season)
    books = []
    for language in ("ja", "en"):
        path = tmp_path / f"season-{language}.xlsx"
        with translation.override(language):
            write_season_workbook(choice, path)
        books.append(path)
    for language, pdf in zip(("ja", "en"), to_pdf_with_libreoffice(*books), strict=True):
        pages = read_pdf(pdf)
        names = [player.name for player in club.members.exclude(name__in=[name for name, _kana in PLAYERS])]
        assert len(names) == MEMBERS
        # Every page of every sheet: nothing printed under 9 points (fitted, the Standings printed at 3).
        assert min(page.smallest for page in pages if page.texts) >= READABLE, language
        standings = [page for page in pages if _sheet_of(page) in ("成績表", "Standings")]
        printable = [page for page in pages if _sheet_of(page) == printable_name(language)]
        # The Printable standings: one A4 portrait page holds the 40 members.
        assert len(printable) == 1 and printable[0].size == A4_PORTRAIT, language
        assert all(name in printable[0].text for name in names), language
        assert printable[0].smallest >= 10, language
        # The Standings: landscape pages; the first holds the key columns, each later one the rank and name.
        assert len(standings) > 2 and {page.size for page in standings} == {A4_LANDSCAPE}, language
        keys = ("順位", "名前", "半荘数", "ポイント") if language == "ja" else ("Rank", "Name", "Games", "Points")
        assert all(key in standings[0].text for key in keys), language
        assert "青木一郎" in standings[0].text  # the first, on the first page with his figures
        for page in standings[1:]:
            assert keys[0] in page.text and keys[1] in page.text, language


def _sheet_of(page):
    if not page.texts:
        return None
    """The sheet a printed page is of: its page header's right-hand text (the sheet's name, ``&A``)."""
    top = max(piece.y for piece in page.texts)
    header = [piece for piece in page.texts if piece.y >= top - 1]
    return max(header, key=lambda piece: piece.x).text.strip()
