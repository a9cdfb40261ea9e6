"""The import's smaller fixes: import_results prints a points-only game's points and a day total without seats, and
counts a dry run as the real run; a huge CSV cell and UTF-16 text (with or without its BOM) are read or refused in
the user's language; a note naming a yakuman is listed by the command."""

import codecs
import csv
import io

import pytest
from django.core.management import call_command
from django.utils import translation

from league.imports.reading import ReadingError, read_bytes
from league.models import DayTotal, Game

from .day_total_files import day_workbook
from .import_files import HEADER_JA, NAMES, ROWS, delimited, game_row, plan_of, xlsx_bytes

POINTS_ONLY = game_row(scores=("", "", "", ""), busts="", points=("+71.0", "+12.0", "▲21.0", "▲62.0"))


@pytest.fixture
def write(tmp_path):
    def write(data, name="games.xlsx"):
        path = tmp_path / name
        path.write_bytes(data)
        return str(path)

    return write


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        call_command("import_results", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


# -- import_results --------------------------------------------------------------------------------------------


def test_a_points_only_game_is_printed_with_its_points(club, write):
    out, _err = run("kaze", write(xlsx_bytes([POINTS_ONLY])), "--dry-run")
    line = next(line for line in out.splitlines() if line.startswith("Row 2"))
    assert "None" not in line
    assert f"East {NAMES[0]} +71.0" in line and f"North {NAMES[3]} −62.0" in line


def test_a_day_total_is_printed_without_seats(club, write):
    out, _err = run("kaze", write(day_workbook(), "days.xlsx"), "--dry-run")
    line = next(line for line in out.splitlines() if line.startswith("Row 4"))
    assert "day total of 4 hanchan" in line
    assert not any(wind in line for wind in ("East", "South", "West", "North")) and "None" not in line
    assert "東田一郎 +45.3" in line


def test_a_dry_run_counts_as_the_real_run(club, write):
    path = write(day_workbook(), "days.xlsx")
    dry, _err = run("kaze", path, "--dry-run")
    assert "0 games would be imported" in dry and "2 day totals (日計) would be imported." in dry
    real, _err = run("kaze", path)
    assert "0 games imported" in real and "2 day totals (日計) imported." in real
    assert DayTotal.objects.count() == 2 and Game.objects.count() == 0


def test_a_dry_run_of_games_counts_as_the_real_run(club, write):
    games = write(xlsx_bytes(ROWS))
    assert "3 games would be imported" in run("kaze", games, "--dry-run")[0]
    assert "3 games imported" in run("kaze", games)[0]


def test_the_command_lists_a_note_naming_a_yakuman(club, write):
    row = game_row(
        names=("中島五郎", *NAMES[:3]), scores=(61000, 22000, 12000, 5000), busts="", note="役満 大三元（中島）"
    )
    out, _err = run("kaze", write(xlsx_bytes([[*row, "雀荘まつ"]], header=[*HEADER_JA, "場所"])))
    assert "Columns not imported:" in out and "(場所)" in out
    assert "役満 大三元（中島）" in out and "大三元" in out and "East 中島五郎" in out
    assert Game.objects.get().note == "役満 大三元（中島）"


# -- text files ------------------------------------------------------------------------------------------------


def test_a_huge_cell_is_refused_in_japanese_without_python_s_words():
    text = delimited(ROWS[:1]) + '2026-11-22,1,"' + "x" * (csv.field_size_limit() + 10) + "\n"
    with translation.override("ja"), pytest.raises(ReadingError) as caught:
        read_bytes(text.encode("utf-8"), "games.csv")
    message = caught.value.message
    assert "field" not in message and "limit" not in message
    assert "3" in message and "131,072" in message and "引用符" in message


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),  # Excel's "Unicode text"
        lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
        lambda text: text.encode("utf-16-le"),  # saved without its BOM
        lambda text: text.encode("utf-16-be"),
    ],
)
def test_utf16_text_is_read(club, encode):
    data = encode(delimited(ROWS, delimiter="\t"))
    plan = plan_of(club, data, name="games.txt")
    assert not plan.problems and len(plan.new_games) == 3
    assert plan.fingerprint == plan_of(club, xlsx_bytes(ROWS)).fingerprint


def test_utf16_cut_in_the_middle_is_refused_clearly():
    data = codecs.BOM_UTF16_LE + "\t".join(HEADER_JA).encode("utf-16-le") + b"\x00"
    with translation.override("en"), pytest.raises(ReadingError) as caught:
        read_bytes(data, "games.txt")
    assert "UTF-16" in caught.value.message
