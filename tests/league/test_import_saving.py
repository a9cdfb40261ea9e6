"""Importing results: saving all or nothing and never twice, the round trip of a Games sheet, and the command."""

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from openpyxl import Workbook

from league.exchange.layout import busts_text, chombo_text, game_columns, yakuman_text
from league.imports import commit as commit_module
from league.imports.columns import find_columns
from league.imports.commit import ImportRefused, commit
from league.imports.names import NewMember
from league.imports.plan import ALREADY, NEW, make_plan
from league.imports.reading import read_pasted
from league.models import Club, Game, GameSeat, Meeting, Member, RuleSet, RuleVersion, Yakuman
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .conftest import BAKUFU_RULES, PLAYERS
from .import_files import NAMES, ROWS, counts, csv_bytes, game_row, messages_of, plan_of, xlsx_bytes, xml_bomb_xlsx


@pytest.fixture(autouse=True)
def english():
    """The messages are checked in English (the catalogue's sources); one test checks them in Japanese."""
    with translation.override("en"):
        yield


@pytest.fixture
def write(tmp_path):
    """Write bytes to a file for the command; returns its path."""

    def write(data, name="games.xlsx"):
        path = tmp_path / name
        path.write_bytes(data)
        return str(path)

    return write


# -- saving: all or nothing, and never twice ---------------------------------------------------------------------


def test_commit_saves_every_game_with_its_meetings(club, secretary):
    done = commit(plan_of(club, xlsx_bytes(ROWS)), user=secretary)
    assert (done.games, done.skipped, done.members, done.meetings) == (3, 0, 0, 2)
    game = Game.objects.get(meeting__date=datetime.date(2026, 11, 21), round=1)
    assert [s.total for s in game.seats.order_by("seat")] == [710, 120, -210, -620]
    assert game.history.count() == 1 and game.updated_by == secretary
    assert Yakuman.objects.get().member.name == "中島五郎"
    assert GameSeat.objects.get(game__round=2, seat=0).chips == 2


def test_an_imported_game_is_stored_as_the_same_game_entered_at_the_table(club, secretary):
    """Import and entry store a settlement through the same columns: every computed part matches."""
    commit(plan_of(club, xlsx_bytes([ROWS[1]])), user=secretary)
    imported = Game.objects.get()
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=imported.meeting.date)
    members = [Member.objects.get(name=name) for name in NAMES[1:] + NAMES[:1]]
    entered = record_game(
        settle_in_force(
            Entry(
                meeting=meeting,
                round=1,
                table=1,
                members=members,
                scores=[38000, 29000, 20000, 12000],
                deposit=1000,
                chips=[2, 0, -1, -1],
            )
        ),
        secretary,
    )
    assert (imported.floats, imported.double_maru_a, imported.sheet) == (
        entered.floats,
        entered.double_maru_a,
        entered.sheet,
    )
    assert imported.rule_version == entered.rule_version
    for old, new in zip(imported.seats.order_by("seat"), entered.seats.order_by("seat"), strict=True):
        assert (old.member, old.score, old.chips, old.settled_values()) == (
            new.member,
            new.score,
            new.chips,
            new.settled_values(),
        )
    assert imported.seats.get(seat=0).chip_points == 100  # 2 chips at 5 points: the engine's "chips" part


def test_importing_the_same_file_again_adds_nothing(club, secretary):
    data = xlsx_bytes(ROWS)
    commit(plan_of(club, data), user=secretary)
    before = counts()
    again = plan_of(club, data)
    assert not again.problems
    assert [game.status for game in again.games] == [ALREADY] * 3
    done = commit(again, user=secretary)
    assert (done.games, done.skipped) == (0, 3)
    assert counts() == before


def test_a_file_adding_games_to_a_day_uses_its_meeting(club, meeting, secretary):
    plan = plan_of(club, xlsx_bytes([game_row(date="2026-11-20")]))
    assert plan.games[0].meeting == meeting
    commit(plan, user=secretary)
    assert Meeting.objects.count() == 1 and Game.objects.get().meeting == meeting


def test_a_slot_holding_a_different_game_is_an_error(club, meeting, secretary):
    members = [Member.objects.get(name=name) for name in NAMES]
    entry = Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])
    record_game(settle_in_force(entry), secretary)
    plan = plan_of(club, xlsx_bytes([game_row(date="2026-11-20")]))
    [(row, label, message)] = messages_of(plan)
    assert (row, label) == (2, "B (回戦)") and "different game" in message


def test_a_row_repeating_another_row_is_an_error(club):
    plan = plan_of(club, xlsx_bytes([game_row(), game_row(scores=(40000, 30000, 20000, 10000), busts="")]))
    [(row, label, message)] = messages_of(plan)
    assert (row, label) == (3, "B (回戦)") and "Row 2" in message


def test_a_closed_meeting_is_not_added_to(club, meeting):
    meeting.closed = True
    meeting.save()
    [(row, label, message)] = messages_of(plan_of(club, xlsx_bytes([game_row(date="2026-11-20")])))
    assert (row, label) == (2, "A (日付)") and "closed" in message


def test_reimporting_a_game_voided_on_the_site_does_not_bring_it_back(club, secretary, meeting):
    members = [Member.objects.get(name=name) for name, _ in PLAYERS[:4]]
    game = record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])),
        secretary,
    )
    game.void = True
    game.save()
    text = (
        "日付\t回戦\t卓\t東家\t東家 点数\t南家\t南家 点数\t西家\t西家 点数\t北家\t北家 点数\n"
        + f"{meeting.date:%Y-%m-%d}\t1\t1\t"
        + "\t".join(f"{m.name}\t{s}" for m, s in zip(members, [40000, 30000, 20000, 10000], strict=True))
    )
    plan = make_plan(club, meeting.rule_set, find_columns(read_pasted(text), 4))
    assert not plan.problems
    commit(plan, user=secretary)
    assert Game.objects.count() == 1 and Game.objects.counted().count() == 0
    assert datetime.date(2026, 11, 20) == meeting.date


def test_problems_are_told_in_the_users_language(club, meeting):
    meeting.closed = True
    meeting.save()
    with translation.override("ja"):
        [problem] = plan_of(club, xlsx_bytes([game_row(date="2026-11-20")])).problems
    assert "締められています" in problem.message


def test_a_date_without_rules_in_force_is_an_error(club):
    [(row, label, message)] = messages_of(plan_of(club, xlsx_bytes([game_row(date="2019-12-31")])))
    assert (row, label) == (2, "A (日付)") and "rule version" in message


def test_an_error_on_the_last_row_saves_nothing(club, secretary):
    rows = [*ROWS, game_row(date="2026-12-05", names=(*NAMES[:3], "誰か"))]
    plan = plan_of(club, xlsx_bytes(rows))
    assert [game.status for game in plan.games] == [NEW, NEW, NEW, "error"]
    with pytest.raises(ImportRefused) as caught:
        commit(plan, user=secretary)
    assert "1" in caught.value.message
    assert counts() == (0, 0, 0, 0, 5)


def test_a_failure_while_saving_rolls_everything_back(club, secretary, monkeypatch):
    data = xlsx_bytes([*ROWS, game_row(date="2026-12-05", names=(*NAMES[:3], "新人さん"))])
    first = plan_of(club, data)
    mapping = {first.unknown[0].key: NewMember("新人さん")}
    real_seat_columns = commit_module.seat_columns
    calls = []

    def failing_on_the_last_game(entry, result):  # after the games were inserted
        calls.append(entry)
        if len(calls) == 4:
            raise RuntimeError("the disk is full")
        return real_seat_columns(entry, result)

    monkeypatch.setattr(commit_module, "seat_columns", failing_on_the_last_game)
    with pytest.raises(RuntimeError):
        commit(plan_of(club, data, mapping=mapping), mapping, secretary)
    assert counts() == (0, 0, 0, 0, 5)
    assert not Member.objects.filter(name="新人さん").exists()


def test_a_stale_preview_is_not_saved(club, secretary):
    plan = plan_of(club, xlsx_bytes(ROWS))
    seen = plan.fingerprint
    commit(plan_of(club, xlsx_bytes(ROWS[:1])), user=secretary)  # someone imports the first game meanwhile
    with pytest.raises(ImportRefused) as caught:
        commit(plan, user=secretary, expected=seen)
    assert "preview" in caught.value.message
    assert Game.objects.count() == 1


# -- the round trip: a Games sheet as the season workbook writes it ----------------------------------------------


def games_sheet(club):
    """The club's games as the season workbook's Games sheet: game_columns, the extras' texts, more columns after."""
    columns = game_columns(4)
    workbook = Workbook()
    workbook.active.title = "順位表"
    sheet = workbook.create_sheet("対局")
    sheet.append([c.ja for c in columns] + ["東家 合計", "南家 合計", "西家 合計", "北家 合計", "ルール"])
    for game in Game.objects.for_club(club).in_meeting_order().prefetch_related("seats__member"):
        seats = sorted(game.seats.all(), key=lambda s: s.seat)
        sheet_data = game.sheet
        values = {
            "date": game.meeting.date,
            "round": game.round,
            "table": game.table,
            "deposit": game.deposit,
            "busts": busts_text(sheet_data["busts"]),
            "yakuman": yakuman_text(sheet_data["yakuman"], sheet_data.get("ended_by_yakuman")),
            "chombo": chombo_text(sheet_data["chombo"]),
            "note": game.note,
        }
        for seat in seats:
            name = seat.member.name
            values[f"player_{seat.seat}"] = "'" + name if name.startswith(("=", "-")) else name  # neutralised
            values[f"score_{seat.seat}"] = seat.score
            values[f"chips_{seat.seat}"] = seat.chips
            values[f"points_{seat.seat}"] = None
        sheet.append(
            [values[c.key] for c in columns] + [s.total / 10 for s in seats] + [game.meeting.rule_set.name]
        )  # as the workbook writes it: the rule set's name
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def standings(club):
    return sorted(
        (
            seat.member.name,
            seat.game.meeting.date,
            seat.game.round,
            seat.seat,
            seat.score,
            seat.chips,
            seat.place,
            seat.total,
            seat.bust,
            seat.shugi,
            seat.chombo,
        )
        for seat in GameSeat.objects.filter(game__meeting__club=club).select_related("member", "game__meeting")
    )


def test_a_games_sheet_imports_back_into_an_empty_club_exactly(club, secretary, write):
    Member.objects.create(club=club, name="=イコール", kana="いこーる")
    # Written neutralised, as the season workbook writes text that a spreadsheet would take for a formula.
    commit(
        plan_of(club, xlsx_bytes([*ROWS, game_row(date="2026-12-05", names=(*NAMES[:3], "'=イコール"))])),
        user=secretary,
    )
    empty = Club.objects.create(slug="empty", name="空の会")
    rule_set = RuleSet.objects.create(club=empty, slug="main", name="四人打ち")
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES)
    call_command(
        "import_results",
        "empty",
        write(games_sheet(club)),
        "--create-members",
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    assert standings(empty) == standings(club)
    assert Game.objects.for_club(empty).count() == 4


# -- the command ---------------------------------------------------------------------------------------------------


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("import_results", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_the_command_dry_run_shows_the_games_and_saves_nothing(club, write):
    out, err = run("kaze", write(xlsx_bytes(ROWS)), "--dry-run")
    assert "+71.0" in out and "−62.0" in out  # the pages' points format
    assert err == ""
    assert counts() == (0, 0, 0, 0, 5)


def test_the_command_saves_and_a_second_run_skips(club, write):
    path = write(csv_bytes(ROWS, "cp932"), "games.csv")
    run("kaze", path)
    assert Game.objects.count() == 3
    out, _ = run("kaze", path)
    assert Game.objects.count() == 3
    assert out.count("(already saved: skipped)") == 3


def test_the_command_lists_every_problem_and_saves_nothing(club, write):
    rows = [
        *ROWS,
        game_row(date="2026-12-05", scores=(52300, 31500, 18700, -3500)),
        game_row(date="2026-12-05", round=2, names=(*NAMES[:3], "誰か")),
    ]
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_results", "kaze", write(xlsx_bytes(rows)), stdout=out, stderr=err)
    assert "2" in str(caught.value)
    problems = err.getvalue()
    assert "Row 5, column E (東家 点数) + G (南家 点数)" in problems and "Row 6, column J (北家)" in problems
    assert "99000" in problems and "誰か" in problems
    assert counts() == (0, 0, 0, 0, 5)


def test_the_command_creates_members_when_asked(club, write):
    path = write(xlsx_bytes([game_row(names=(*NAMES[:3], "新人さん"))]))
    with pytest.raises(CommandError):
        run("kaze", path)
    run("kaze", path, "--create-members")
    assert Member.objects.filter(name="新人さん").exists() and Game.objects.count() == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nowhere", "x.csv"], "nowhere"),
        (["kaze", "/nonexistent/games.csv"], "games.csv"),
        (["kaze", "x.csv", "--rule-set", "other"], "other"),
    ],
)
def test_the_command_refuses_clearly(club, args, words):
    with pytest.raises(CommandError) as caught:
        run(*args)
    assert words in str(caught.value)


def test_the_command_asks_which_rule_set_when_there_are_several(club, write):
    RuleSet.objects.create(club=club, slug="sanma", name="三人打ち")
    with pytest.raises(CommandError) as caught:
        run("kaze", write(xlsx_bytes(ROWS)))
    assert "main" in str(caught.value) and "sanma" in str(caught.value)


def test_the_command_refuses_a_file_that_is_not_a_spreadsheet(club, write):
    with pytest.raises(CommandError) as caught:
        run("kaze", write(xml_bomb_xlsx()))
    assert "XML" in str(caught.value)
    assert counts() == (0, 0, 0, 0, 5)
