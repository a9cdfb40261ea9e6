"""Nothing dropped on import: the 備考 column kept as the game's note in every layout, shown on the game, its history,
the meeting's card and the workbook (and read back), a yakuman named in a note flagged in the preview, and the
columns not imported listed."""

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.html import parse_html
from django.urls import reverse
from django.utils import translation
from openpyxl.utils import get_column_letter

from league.exports import ExportChoice, write_season_workbook
from league.imports.columns import find_columns
from league.imports.commit import commit
from league.imports.layouts.chat import read_chat
from league.imports.layouts.mapping import mapped_table
from league.imports.notes import NOTE_LENGTH, yakuman_mention
from league.imports.reading import read_bytes, read_pasted
from league.models import Game
from league.presentation.history import game_history

from .import_files import HEADER_JA, NAMES, ROWS, game_row, import_url, plan_of, xlsx_bytes
from .layout_files import wide_workbook
from .standings_html import classes, find_all, text_of

NOTE = "役満 大三元（中島）"
NAKAJIMA_EAST = ("中島五郎", *NAMES[:3])
HEADER_WITH_VENUE = [*HEADER_JA, "場所"]
VENUE_LETTER = get_column_letter(len(HEADER_JA) + 1)


def noted_rows():
    """Two games of a Japanese sheet with a 備考 and a 場所 column: the second's note names a yakuman and 中島."""
    return [
        [*game_row(), "雀荘まつ"],
        [
            *game_row(date="2026-11-28", names=NAKAJIMA_EAST, scores=(61000, 22000, 12000, 5000), busts="", note=NOTE),
            "雀荘まつ",
        ],
    ]


def noted_file():
    return xlsx_bytes(noted_rows(), header=HEADER_WITH_VENUE)


def section(html, section_id):
    found = find_all(parse_html(html), lambda node: node.name == "section" and ("id", section_id) in node.attributes)
    return text_of(found[0]) if found else None


# -- the plan ---------------------------------------------------------------------------------------------------


def test_a_japanese_note_is_kept_and_its_yakuman_flagged(club, secretary):
    plan = plan_of(club, noted_file())
    assert not plan.problems
    first, second = plan.games
    assert (first.note, second.note) == ("", NOTE)
    assert plan.yakuman_notes == [second]
    assert second.yakuman_note.words == ("大三元",)
    assert [(str(wind), name) for wind, name in second.named_in_note()] == [("東", "中島五郎")]
    assert plan.table.ignored == [f"{VENUE_LETTER} (場所)"]
    commit(plan, user=secretary)
    saved = Game.objects.get(meeting__date=datetime.date(2026, 11, 28))
    assert saved.note == NOTE
    assert game_history(saved)[0]["note"] == NOTE  # the note as entered


def test_a_row_recording_its_yakuman_is_not_flagged(club):
    rows = [
        game_row(
            date="2026-11-28",
            names=NAKAJIMA_EAST,
            scores=(61000, 22000, 12000, 5000),
            busts="",
            yakuman="東:大三元:ツモ",
            note=NOTE,
        )
    ]
    plan = plan_of(club, xlsx_bytes(rows))
    assert not plan.problems and plan.games[0].note == NOTE and plan.yakuman_notes == []


def test_a_note_without_a_yakuman_is_kept_unflagged(club):
    plan = plan_of(club, xlsx_bytes([game_row(note="チップは現金精算")]))
    assert plan.games[0].note == "チップは現金精算" and plan.yakuman_notes == []


def test_a_note_too_long_is_a_problem_on_its_column(club):
    plan = plan_of(club, xlsx_bytes([game_row(note="あ" * (NOTE_LENGTH + 1))]))
    assert [problem.column for problem in plan.problems] == ["note"]


@pytest.mark.parametrize(
    ("note", "words", "seats"),
    [
        ("役満 大三元（中島）", ("大三元",), (0,)),
        ("東田さん 国士無双十三面待ち！", ("国士無双十三面待ち",), (1,)),
        ("役満（北村 四郎）", ("役満",), (3,)),
        ("数え役満", ("数え役満",), ()),
        ("大三元あがれず", ("大三元",), ()),
        ("飛び賞あり", None, None),
        ("役満 大三元（林）", ("大三元",), (2,)),  # a one-character surname, bracketed, of a name written apart
        ("林業の大三元", ("大三元",), ()),  # not bracketed: no one named
    ],
)
def test_what_a_note_says_of_a_yakuman(note, words, seats):
    names = [["中島五郎"], ["東田一郎"], ["林 二郎"], ["北村四郎"]]
    mention = yakuman_mention(note, names)
    if words is None:
        assert mention is None
    else:
        assert (mention.words, mention.seats) == (words, seats)


# -- the other layouts ------------------------------------------------------------------------------------------


def test_headers_people_write_over_their_notes(club):
    header = ["日付", "回戦", "名前1", "点数1", "名前2", "点数2", "名前3", "点数3", "名前4", "点数4", "メモ"]
    rows = [
        [
            "2026-11-21",
            1,
            *[cell for name, score in zip(NAMES, (52300, 31500, 18700, -2500), strict=True) for cell in (name, score)],
            NOTE,
        ]
    ]
    table = find_columns(read_bytes(xlsx_bytes(rows, header=header), "g.xlsx"), 4, "四人打ち")
    assert table.rows[0][1]["note"] == NOTE and table.ignored == []


def test_a_mapped_column_holds_the_note(club):
    sheet = read_pasted(
        "\t".join(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"])
        + "\n"
        + "\t".join(
            [
                "2026-11-21",
                "1",
                *[
                    str(cell)
                    for name, score in zip(NAMES, (52300, 31500, 18700, -2500), strict=True)
                    for cell in (name, score)
                ],
                NOTE,
            ]
        )
    )
    found = {
        "date": 0,
        "round": 1,
        "note": 10,
        **{f"player_{seat}": 2 + 2 * seat for seat in range(4)},
        **{f"score_{seat}": 3 + 2 * seat for seat in range(4)},
    }
    table = mapped_table(sheet, 4, 1, found)
    assert table.rows[0][1]["note"] == NOTE


def test_a_tally_sheet_keeps_its_note_column(club):
    data = wide_workbook(
        [["2026-11-21", 1, 1, 45.3, -12, None, -8.3, -25, NOTE]],
        ["東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎", "備考"],
    )
    table = find_columns(read_bytes(data, "tally.xlsx"), 4, "四人打ち")
    assert table.layout == "wide" and table.rows[0][1]["note"] == NOTE


@pytest.mark.parametrize(
    "line",
    [
        "1回戦 中島 61000 東田 22000 南野 12000 西川 5000 ※役満 大三元（中島）",
        "1回戦 中島 61000 東田 22000 南野 12000 西川 5000 （役満 大三元 中島）",
        "1回戦 中島 61000 東田 22000 南野 12000 西川 5000 備考:役満 大三元 中島",
    ],
)
def test_a_chat_line_keeps_its_note(line):
    table = read_chat(f"11/28\n{line}\n", 4, datetime.date(2026, 12, 1))
    cells = table.rows[0][1]
    assert cells["player_3"] == "西川" and cells["score_3"] == "5000"
    assert "大三元" in cells["note"] and "中島" in cells["note"]


# -- the pages --------------------------------------------------------------------------------------------------


def test_the_preview_lists_the_flagged_note_and_the_columns_not_imported_then_the_pages_show_it(
    client, club, secretary
):
    client.force_login(secretary)
    with translation.override("ja"):
        location = client.post(
            import_url(club), {"rule_set": club.rule_sets.get().pk, "file": SimpleUploadedFile("g.xlsx", noted_file())}
        )["Location"]
        preview = client.get(location)
    html = preview.content.decode()
    flagged = section(html, "yakuman-notes")
    assert NOTE in flagged and "大三元" in flagged and "中島五郎" in flagged
    assert "場所" in section(html, "not-imported")
    client.post(location, {"action": "commit", "fingerprint": preview.context["plan"].fingerprint})
    game = Game.objects.get(note=NOTE)
    detail = parse_html(client.get(reverse("game_detail", args=[club.slug, game.pk])).content.decode())
    assert [text_of(node).strip() for node in find_all(detail, lambda n: "game-note" in classes(n))] == [NOTE]
    history = client.get(reverse("game_history", args=[club.slug, game.pk])).content.decode()
    assert NOTE in text_of(parse_html(history))
    meeting = client.get(reverse("meeting_detail", args=[club.slug, game.meeting.pk])).content.decode()
    cards = find_all(parse_html(meeting), lambda n: "game-note" in classes(n))
    assert len(cards) == 1 and NOTE in text_of(cards[0])


def test_a_changed_note_is_in_the_history(club, secretary):
    commit(plan_of(club, noted_file()), user=secretary)
    game = Game.objects.get(note=NOTE)
    game.note = "役満 大三元（中島） 責任払いなし"
    game.save()
    with translation.override("en"):
        changes = game_history(game)[-1]["changes"]
    assert ("Note", NOTE, "役満 大三元（中島） 責任払いなし") in [
        (str(what), before, after) for what, before, after in changes
    ]


# -- the workbook: written and read back ------------------------------------------------------------------------


def test_the_games_sheet_writes_the_note_and_the_import_reads_it_back(club, secretary):
    commit(plan_of(club, xlsx_bytes([*ROWS[:2], noted_rows()[1][:-1]])), user=secretary)
    out = io.BytesIO()
    with translation.override("ja"):
        write_season_workbook(ExportChoice.of(club, list(club.rule_sets.all()), None), out)
        table = find_columns(read_bytes(out.getvalue(), "season.xlsx"), 4, "四人打ち")
    assert [cells.get("note", "") for _number, cells in table.rows] == ["", "", NOTE]
    plan = plan_of(club, out.getvalue(), name="season.xlsx")
    assert [game.note for game in plan.games] == ["", "", NOTE] and len(plan.already) == 3


def test_rows_without_a_header_list_the_columns_past_the_layout(club):
    rows = [[*game_row(note="メモ"), "", "雀荘まつ"]]
    text = "\n".join("\t".join(str(cell) for cell in row) for row in rows)
    table = find_columns(read_pasted(text), 4)
    assert table.rows[0][1]["note"] == "メモ"
    assert table.ignored == [get_column_letter(len(HEADER_JA) + 2)]
