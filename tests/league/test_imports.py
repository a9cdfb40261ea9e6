"""Importing results: reading files and pasted rows into a plan, and every malformed input refused clearly."""

import datetime
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from league.exchange.layout import game_columns
from league.imports.columns import find_columns
from league.imports.commit import ImportRefused, commit
from league.imports.names import NewMember
from league.imports.plan import NEW, make_plan
from league.imports.reading import MAX_BYTES, MAX_ROWS, ReadingError, read_bytes, read_pasted, read_upload
from league.models import GameSeat, Member, RuleSet, RuleVersion

from .import_files import (
    HEADER_EN,
    HEADER_JA,
    NAMES,
    ROWS,
    TINY_PNG,
    counts,
    csv_bytes,
    delimited,
    docx_like,
    game_row,
    messages_of,
    pasted_plan,
    plan_of,
    xlsx_bytes,
    xml_bomb_xlsx,
    zip_bomb_xlsx,
)


@pytest.fixture(autouse=True)
def english():
    """The messages are checked in English (the catalogue's sources); one test checks them in Japanese."""
    with translation.override("en"):
        yield


def summary(plan):
    """What a plan says, independent of where its rows came from."""
    return [
        (
            game.row,
            game.date,
            game.round,
            game.table,
            [p.pk for p in game.players],
            game.scores,
            game.deposit,
            game.chips,
            game.busts,
            game.yakuman,
            game.chombo,
            [s.tenths["total"] for s in game.result],
            game.status,
        )
        for game in plan.games
    ]


# -- the same plan from every format ---------------------------------------------------------------------------

FORMATS = {
    "csv utf-8 with BOM": lambda: ("games.csv", csv_bytes(ROWS, "utf-8-sig")),
    "csv utf-8": lambda: ("games.csv", csv_bytes(ROWS, "utf-8")),
    "csv shift_jis": lambda: ("games.csv", csv_bytes(ROWS, "cp932")),
    "excel unicode text (utf-16, tabs)": lambda: (
        "games.txt",
        ("\ufeff" + delimited(ROWS, delimiter="\t")).encode("utf-16-le"),
    ),
    "csv with english headers": lambda: ("games.csv", csv_bytes(ROWS, header=HEADER_EN)),
    "games sheet after another sheet": lambda: ("season.xlsx", xlsx_bytes(ROWS, title="Games", before="順位表")),
}


@pytest.mark.parametrize("kind", FORMATS)
def test_every_format_gives_the_same_plan_as_the_workbook(club, kind):
    expected = summary(plan_of(club, xlsx_bytes(ROWS)))
    name, data = FORMATS[kind]()
    plan = plan_of(club, data, name)
    assert not plan.problems
    assert summary(plan) == expected
    assert [game.status for game in plan.games] == [NEW, NEW, NEW]


def test_pasted_rows_give_the_same_plan_with_or_without_their_header(club):
    expected = summary(plan_of(club, xlsx_bytes(ROWS)))
    assert summary(pasted_plan(club, delimited(ROWS, delimiter="\t"))) == expected
    without_header = pasted_plan(club, delimited(ROWS, header=None, delimiter="\t"))
    assert without_header.table.header_row is None
    # Without a header the rows are numbered from 1, so compare everything but the row number.
    assert [line[1:] for line in summary(without_header)] == [line[1:] for line in expected]


def test_the_plan_computes_each_game_by_the_rules_in_force(club):
    plan = plan_of(club, xlsx_bytes(ROWS))
    first = plan.games[0]
    assert first.date == datetime.date(2026, 11, 21)
    assert [p.name for p in first.players] == list(NAMES)
    # The entry form's example: 四捨五入, oka 20, uma 20-10, bust 10/10.
    assert [seat.tenths["total"] for seat in first.result] == [710, 120, -210, -620]
    assert plan.games[2].yakuman == [
        {"seat": 0, "name": "国士無双", "kind": "yakuman", "count": 1, "win": "ron", "from": 3}
    ]
    assert plan.games[2].chombo == [{"seat": 2}]
    assert all(sum(seat.tenths["total"] for seat in game.result) == 0 for game in plan.games)


def test_full_width_digits_triangle_minus_and_commas_are_read(club):
    row = game_row(round="２", table="１", scores=("５２，３００", "31,500", "18.7", "▲2,500"))
    game = pasted_plan(club, delimited([row], delimiter="\t")).games[0]
    assert not game.problems
    assert (game.round, game.table, game.scores) == (2, 1, [52300, 31500, 18700, -2500])


@pytest.mark.parametrize(
    "written",
    [
        "2026/11/21",
        "2026年11月21日",
        "R8.11.21",
        "令和8年11月21日",
        "２０２６－１１－２１",
        "2026/11/21(土)",
        datetime.date(2026, 11, 21),
        datetime.datetime(2026, 11, 21),
    ],
)
def test_dates_are_read_as_clubs_write_them(club, written):
    plan = plan_of(club, xlsx_bytes([game_row(date=written)]))
    assert plan.games[0].date == datetime.date(2026, 11, 21)
    assert not plan.problems


def test_names_match_by_reading_in_either_kana_and_despite_spaces_or_width(club):
    names = ("ひがしだいちろう", "ミナミノジロウ", "西川　三郎", "ＫＩＴＡ")
    Member.objects.filter(name="北村四郎").update(name="Kita")
    plan = plan_of(club, xlsx_bytes([game_row(names=names)]))
    assert not plan.problems
    assert [p.name for p in plan.games[0].players] == ["東田一郎", "南野二郎", "西川三郎", "Kita"]


def test_a_header_without_games_is_a_problem(club):
    plan = pasted_plan(club, delimited([], delimiter="\t"))
    assert plan.games == [] and plan.has_errors
    assert "no games" in plan.problems[0].message


def test_an_empty_table_is_table_1_and_unknown_columns_are_ignored(club):
    header = [*HEADER_JA, "東家 合計", "ルール"]
    rows = [[*game_row(table=""), "+71.0", "四人打ち"]]
    plan = plan_of(club, xlsx_bytes(rows, header=header))
    assert not plan.problems
    assert plan.games[0].table == 1


# -- unknown names ----------------------------------------------------------------------------------------------


def test_unknown_names_are_problems_until_mapped(club):
    plan = plan_of(club, xlsx_bytes([game_row(names=("東田", "南野二郎", "西川三郎", "新人さん"))]))
    assert [name.name for name in plan.unknown] == ["東田", "新人さん"]
    assert [m.name for m in plan.unknown[0].suggestions] == ["東田一郎"]
    assert [(row, label) for row, label, _ in messages_of(plan)] == [(2, "D (東家)"), (2, "J (北家)")]
    assert "東田" in plan.problems[0].message
    assert plan.games[0].result is not None  # the points are shown while the names are being mapped
    with pytest.raises(ImportRefused):
        commit(plan)
    assert counts() == (0, 0, 0, 0, 5)


def test_unknown_names_mapped_to_a_member_and_to_a_new_member_are_saved(club, secretary):
    data = xlsx_bytes([game_row(names=("東田", "南野二郎", "西川三郎", "新人さん"))])
    first = plan_of(club, data)
    mapping = {
        first.unknown[0].key: Member.objects.get(name="東田一郎"),
        first.unknown[1].key: NewMember("新人さん", "シンジン"),
    }
    plan = plan_of(club, data, mapping=mapping)
    assert not plan.problems
    done = commit(plan, mapping, secretary)
    assert (done.games, done.members, done.meetings) == (1, 1, 1)
    newcomer = Member.objects.get(name="新人さん")
    assert newcomer.kana == "しんじん"
    seats = GameSeat.objects.order_by("seat")
    assert [seat.member.name for seat in seats] == ["東田一郎", "南野二郎", "西川三郎", "新人さん"]


def test_two_names_mapped_to_the_same_member_are_refused(club):
    data = xlsx_bytes([game_row(names=("東田", "南野二郎", "西川三郎", "東田一郎"))])
    first = plan_of(club, data)
    plan = plan_of(club, data, mapping={first.unknown[0].key: Member.objects.get(name="東田一郎")})
    assert [(row, label) for row, label, _ in messages_of(plan)] == [(2, "J (北家)")]
    assert "already in another seat" in plan.problems[0].message


# -- malformed input: a clear message, nothing saved ------------------------------------------------------------


def refused(data, name="games.xlsx", players=4):
    with pytest.raises(ReadingError) as caught:
        find_columns(read_bytes(data, name), players, "四人打ち")
    return caught.value.message


def test_missing_columns_are_named(club):
    # Round and table may be missing, not these (and North needs a score or its points).
    header = [h for h in HEADER_JA if h not in ("北家 点数", "北家 ポイント", "日付")]
    rows = [[cell for cell, h in zip(game_row(), HEADER_JA, strict=True) if h in header]]
    message = refused(xlsx_bytes(rows, header=header))
    assert "North score" in message and "Date" in message and "(row 1)" in message
    assert "Table" not in message and "Round" not in message


def test_a_file_without_a_header_or_dates_is_refused(club):
    message = refused("名前,点数\n東田,41000\n".encode())
    assert "East player" in message  # it says which headers are expected


def test_a_four_player_file_for_three_player_rules_is_refused(club):
    message = refused(csv_bytes(ROWS), "games.csv", players=3)
    assert "北家" in message and "3" in message


def test_bad_numbers_are_named_by_row_and_column(club):
    rows = [game_row(scores=(52300, "三万", 18700, -2500)), game_row(round="x"), game_row(round=3, deposit="50")]
    plan = plan_of(club, xlsx_bytes(rows))
    found = messages_of(plan)
    assert [(row, label) for row, label, _ in found] == [(2, "G (南家 点数)"), (3, "B (回戦)"), (4, "L (供託)")]
    assert "三万" in found[0][2] and "x" in found[1][2] and "50" in found[2][2]
    assert plan.has_errors


def test_a_cell_read_once_per_plan_is_still_a_problem_on_every_row_that_has_it(club):
    """The plan reads each distinct text once: the same bad score, date or count on two rows is two problems."""
    rows = [
        game_row(scores=(52300, "三万", 18700, -2500)),
        game_row(round=2, scores=(52300, "三万", 18700, -2500)),
        game_row(date="2026-13-01", round=3),
        game_row(date="2026-13-01", round=4, chips=("x", 0, 0, 0)),
        game_row(round=5, chips=("x", 0, 0, 0)),
    ]
    found = messages_of(plan_of(club, xlsx_bytes(rows)))
    assert [(row, label) for row, label, _ in found] == [
        (2, "G (南家 点数)"),
        (3, "G (南家 点数)"),
        (4, "A (日付)"),
        (5, "A (日付)"),
        (5, "M (東家 チップ)"),
        (6, "M (東家 チップ)"),
    ]
    assert found[0][2] == found[1][2] and found[2][2] == found[3][2] and found[4][2] == found[5][2]


def test_scores_that_do_not_add_up_are_refused_with_both_sums(club):
    plan = plan_of(club, xlsx_bytes([game_row(scores=(52300, 31500, 18700, -3500))]))
    [problem] = plan.problems
    assert "99000" in problem.message and "100000" in problem.message
    assert problem.label.startswith("E (東家 点数) + G (南家 点数)") and "供託" in problem.label


def test_the_engines_refusals_land_on_their_columns(club):
    rows = [
        game_row(busts=""),
        game_row(round=2, busts="北:北"),
        game_row(round=3, yakuman="東:国士無双:ロン"),
        game_row(round=4, chips=(1, 0, 0, 0)),
    ]
    found = messages_of(plan_of(club, xlsx_bytes(rows)))
    assert [(row, label) for row, label, _ in found] == [
        (2, "Q (飛び)"),
        (3, "Q (飛び)"),
        (4, "R (役満)"),
        (5, "M (東家 チップ) + N (南家 チップ) + O (西家 チップ) + P (北家 チップ)"),
    ]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read():
    huge = SimpleUploadedFile("huge.csv", b"0" * (MAX_BYTES + 1))
    with pytest.raises(ReadingError) as caught:
        read_upload(huge)
    assert "5 MB" in caught.value.message
    with pytest.raises(ReadingError):
        read_pasted("x" * (MAX_BYTES + 1))


def test_a_file_with_too_many_rows_is_refused():
    data = delimited([game_row(round=1)] * (MAX_ROWS + 1)).encode()
    assert len(data) < MAX_BYTES
    with pytest.raises(ReadingError) as caught:
        read_bytes(data, "long.csv")
    assert "20,000" in caught.value.message


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (random.Random(7).randbytes(4096), ["spreadsheet", "スプレッドシート"]),
        (TINY_PNG, ["spreadsheet", "スプレッドシート"]),
        (docx_like(), ["zip", "Word"]),
        (bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504), [".xls"]),
        (b"", ["empty", "空"]),
        ("東田,41000\n".encode("euc-jp"), ["UTF-8", "Shift_JIS"]),
    ],
    ids=["random bytes", "png", "docx", "xls", "empty", "euc-jp"],
)
def test_files_that_are_not_spreadsheets_are_refused_clearly(data, words):
    with pytest.raises(ReadingError) as caught:
        read_bytes(data, "upload.xlsx")
    assert any(word in caught.value.message for word in words), caught.value.message


def test_an_xml_bomb_inside_a_workbook_is_refused():
    import openpyxl

    assert openpyxl.DEFUSEDXML  # openpyxl parses workbooks with defusedxml
    with pytest.raises(ReadingError) as caught:
        read_bytes(xml_bomb_xlsx(), "bomb.xlsx")
    assert "XML" in caught.value.message


def test_a_zip_bomb_is_refused_before_it_is_unpacked():
    with pytest.raises(ReadingError) as caught:
        read_bytes(zip_bomb_xlsx(), "bomb.xlsx")
    assert "100 MB" in caught.value.message


def test_a_damaged_workbook_is_refused():
    data = xlsx_bytes(ROWS)
    with pytest.raises(ReadingError):
        read_bytes(data[: len(data) // 2], "cut.xlsx")


def test_a_three_player_rule_set_reads_three_seats(club):
    sanma = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち")
    RuleVersion.objects.create(
        rule_set=sanma,
        effective_from="2020-01-01",
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [20, 0, -20]},
    )
    header = [column.ja for column in game_columns(3)]
    row = ["2026-11-21", 1, 1, "東田一郎", 50000, "南野二郎", 35000, "西川三郎", 20000, "", "", "", "", "", "", ""]
    table = find_columns(read_bytes(delimited([row], header=header).encode(), "sanma.csv"), 3, "三人打ち")
    plan = make_plan(club, sanma, table)
    assert not plan.problems
    assert len(plan.games[0].result) == 3 and plan.games[0].scores == [50000, 35000, 20000]
