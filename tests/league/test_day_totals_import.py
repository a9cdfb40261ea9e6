"""Importing a 集計表 with one row per day and table (日計): read, refused where a count would be a guess, saved,
skipped the second time, in conflict with the day's games, listed on the import's page and undone."""

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from league.imports.columns import find_columns
from league.imports.commit import commit
from league.imports.names import NewMember
from league.imports.reading import ReadingError, read_bytes
from league.imports.undo import undo_import
from league.models import DayTotal, DayTotalLine, Game, Meeting, Member
from league.services.meetings import set_closed
from league.services.refusals import Refused

from .day_total_files import DAY_ROWS, MEMBERS, day_csv, day_workbook, import_days
from .import_files import messages_of, plan_of
from .layout_files import wide_workbook
from .test_points_only import scored_game

D = datetime.date


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def table_of(data, name="days.xlsx"):
    return find_columns(read_bytes(data, name), 4, "四人打ち")


def refusal(data, name="days.xlsx"):
    with pytest.raises(ReadingError) as caught:
        table_of(data, name)
    return caught.value.message


def lines_of(total):
    return sorted((line.member.name, line.points) for line in total.lines.select_related("member"))


# -- reading --------------------------------------------------------------------------------------------------


def test_a_day_sheet_is_read_as_day_rows_with_their_count():
    table = table_of(day_workbook())
    assert table.layout == "wide_days" and table.header_row == 3
    assert [cells for _number, cells in table.rows] == [
        {
            "date": "2026-11-21",
            "table": "1",
            "games": "4",
            "player_0": "東田一郎",
            "points_0": "45.3",
            "player_1": "南野二郎",
            "points_1": "-12",
            "player_2": "北村四郎",
            "points_2": "-8.3",
            "player_3": "中島五郎",
            "points_3": "-25",
            "seat_columns": "D (東田一郎)|E (南野二郎)|G (北村四郎)|H (中島五郎)",
        },
        {
            "date": "2026-11-28",
            "table": "1",
            "games": "3",
            "player_0": "南野二郎",
            "points_0": "20",
            "player_1": "西川三郎",
            "points_1": "15.5",
            "player_2": "北村四郎",
            "points_2": "-10.5",
            "player_3": "中島五郎",
            "points_3": "-25",
            "seat_columns": "E (南野二郎)|F (西川三郎)|G (北村四郎)|H (中島五郎)",
        },
    ]


def test_a_cp932_csv_with_one_row_per_day_is_planned_as_day_totals(club):
    plan = plan_of(club, day_csv(), name="days.csv")
    assert not plan.problems
    assert [
        (game.date, game.day_games, [p.name for p in game.players], game.points, game.status) for game in plan.games
    ] == [
        (D(2026, 11, 21), 4, ["東田一郎", "南野二郎", "北村四郎", "中島五郎"], [453, -120, -83, -250], "new"),
        (D(2026, 11, 28), 3, ["南野二郎", "西川三郎", "北村四郎", "中島五郎"], [200, 155, -105, -250], "new"),
    ]
    assert len(plan.new_day_totals) == 2 and plan.games[0].seats()[0]["total"] == 453


def test_a_row_with_more_members_than_a_table_is_refused_saying_why():
    rows = [["2026-11-21", 1, 8, 60.3, -12, 30, -28.3, -50]]
    message = refusal(day_workbook(rows, totals=None, counts=None))
    assert message.startswith(
        "Row 4 has a day's points for 5 members (D (東田一郎), E (南野二郎), F (西川三郎), "
        "G (北村四郎), H (中島五郎)), but one table has 4 players."
    )
    assert "the number of hanchan in C (半荘数) is not each member's" in message
    assert "one row per table, each with its own number of hanchan, or one row per hanchan" in message
    with translation.override("ja"):
        message = refusal(day_workbook(rows, totals=None, counts=None))
    assert message.startswith("4行目") and "C (半荘数)" in message and "卓ごとに1行" in message


def test_a_row_with_fewer_members_than_a_table_is_refused():
    rows = [["2026-11-21", 1, 4, 45.3, -12, None, -33.3, None]]
    message = refusal(day_workbook(rows, totals=None, counts=None))
    assert message.startswith("Row 4 has a day's points for 3 members (D (東田一郎), E (南野二郎), G (北村四郎))")
    with translation.override("ja"):
        assert refusal(day_workbook(rows, totals=None, counts=None)).startswith("4行目")


def test_a_row_without_its_count_is_refused_naming_the_column():
    rows = [DAY_ROWS[0], ["2026-11-28", 1, None, None, 20, 15.5, -10.5, -25]]
    message = refusal(day_workbook(rows, totals=None, counts=None))
    assert message.startswith("Row 5, column C (半荘数) is empty")
    with translation.override("ja"):
        assert refusal(day_workbook(rows, totals=None, counts=None)).startswith("5行目・C (半荘数)列が空です")


def test_a_count_without_points_is_refused():
    rows = [DAY_ROWS[0], ["2026-11-28", 1, 3, None, None, None, None, None]]
    assert refusal(day_workbook(rows, totals=None, counts=None)).startswith(
        "Row 5 has a number of hanchan in C (半荘数) but no member's points"
    )


def test_the_games_row_checks_each_members_hanchan_over_the_day_rows():
    message = refusal(day_workbook(counts=[4, 7, 3, 6, 7]))
    assert message.startswith("Row 7, column G (北村四郎): the games row says 6 games, but 7 games")
    message = refusal(day_workbook(totals=[45.3, 8, 15.5, -18.8, -49]))
    assert message.startswith("Row 6, column H (中島五郎): the totals row says")
    assert table_of(day_workbook()).rows  # the right totals pass


@pytest.mark.parametrize(("count", "what"), [(0, "from 1 to 99, not 0"), ("x", "is not a whole number")])
def test_an_unusable_count_is_a_problem_on_its_cell(club, count, what):
    rows = [["2026-11-21", 1, count, 45.3, -12, None, -8.3, -25]]
    plan = plan_of(club, day_workbook(rows, totals=None, counts=None))
    [(row, label, message)] = messages_of(plan)
    assert (row, label) == (4, "C (半荘数)") and what in message


def test_points_that_cannot_add_up_over_the_hanchan_are_refused_with_the_figure(club):
    rows = [["2026-11-21", 1, 4, 45.3, -12, None, -8.3, -24.9]]
    plan = plan_of(club, day_workbook(rows, totals=None, counts=None))
    [(row, label, message)] = messages_of(plan)
    assert row == 4 and label == "D (東田一郎) + E (南野二郎) + G (北村四郎) + H (中島五郎)"
    assert message == (
        "The points of these 4 hanchan add up to +0.1, but under these rules 4 hanchan must add up to ±0.0."
    )
    with translation.override("ja"):
        [(_row, _label, message)] = messages_of(plan_of(club, day_workbook(rows, totals=None, counts=None)))
    assert "4半荘" in message and "+0.1" in message


def test_without_a_count_column_each_row_is_still_one_hanchan(club):
    rows = [["2026-11-21", 1, 1, 45.3, -12, None, -8.3, -25]]
    plan = plan_of(club, wide_workbook(rows, MEMBERS))
    assert not plan.problems and plan.games[0].day_games is None and plan.games[0].points_only


# -- saving, importing again, undoing ---------------------------------------------------------------------------


def test_commit_saves_each_row_as_a_day_total_and_undo_removes_it(club, secretary):
    batch = import_days(club, secretary)
    assert (batch.games, batch.day_totals, batch.meetings, batch.skipped) == (0, 2, 2, 0)
    first, second = DayTotal.objects.in_meeting_order()
    assert (first.meeting.date, first.games, first.import_batch) == (D(2026, 11, 21), 4, batch)
    assert lines_of(first) == [("中島五郎", -250), ("北村四郎", -83), ("南野二郎", -120), ("東田一郎", 453)]
    assert second.games == 3 and not Game.objects.exists()
    again = plan_of(club, day_workbook())
    assert [game.status for game in again.games] == ["already", "already"] and not again.problems
    assert commit(again, user=secretary).day_totals == 0
    undo_import(batch, secretary)
    assert not DayTotal.objects.exists() and not DayTotalLine.objects.exists() and not Meeting.objects.exists()


def test_undo_is_refused_while_a_meeting_of_the_import_is_closed(club, secretary):
    batch = import_days(club, secretary)
    set_closed(Meeting.objects.get(date=D(2026, 11, 21)), True)
    with pytest.raises(Refused, match="closed"):
        undo_import(batch, secretary)
    assert DayTotal.objects.count() == 2


def test_a_member_created_by_the_import_stays_while_another_import_has_their_day_total(club, secretary):
    Member.objects.filter(name="中島五郎").delete()
    plan = plan_of(club, day_workbook())
    mapping = {name.key: NewMember(name=name.name) for name in plan.unknown}
    batch = commit(plan_of(club, day_workbook(), mapping=mapping), user=secretary)
    assert batch.members == 1
    rows = [["2026-12-05", 1, 2, 10, -10, 5, None, -5]]
    import_days(club, secretary, day_workbook(rows, totals=None, counts=None))
    with pytest.raises(Refused, match="中島五郎"):
        undo_import(batch, secretary)


def test_a_day_total_where_the_member_already_has_games_that_day_is_a_problem(club, secretary):
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=D(2026, 11, 21))
    scored_game(meeting, secretary, [40000, 30000, 20000, 10000])
    plan = plan_of(club, day_workbook(totals=None, counts=None))
    assert [(row, label, message.split(" ")[0]) for row, label, message in messages_of(plan)] == [
        (4, "A (日付)", "東田一郎"),
        (4, "A (日付)", "南野二郎"),
        (4, "A (日付)", "北村四郎"),
    ]  # 中島五郎 did not play
    assert messages_of(plan)[0][2].startswith(
        "東田一郎 already has games saved on 2026-11-21: a day total would count that day twice"
    )


def test_a_different_day_total_saved_that_day_is_a_problem_and_games_on_a_day_total_too(club, secretary):
    import_days(club, secretary)
    changed = [["2026-11-21", 1, 4, 45.3, -12.1, None, -8.2, -25]]
    message = messages_of(plan_of(club, day_workbook(changed, totals=None, counts=None)))[0][2]
    assert message.startswith("東田一郎 already has a different day total saved on 2026-11-21. Undo the import")
    games = [["2026-11-21", 1, 1, 45.3, -12, None, -8.3, -25]]
    problems = messages_of(plan_of(club, wide_workbook(games, MEMBERS)))
    assert problems[0][2].startswith(
        "東田一郎 already has a day total saved on 2026-11-21: a game that day would count twice"
    )


def test_a_sheet_mixing_game_rows_and_day_rows_reads_each_and_refuses_a_day_counted_twice(club, secretary):
    rows = [
        ["2026-11-21", 1, 1, None, 45.3, -12, None, -8.3, -25],
        ["2026-11-28", None, 1, 3, None, 20, 15.5, -10.5, -25],
    ]
    data = wide_workbook(rows, MEMBERS, header_start=("日付", "回戦", "卓", "半荘数"))
    plan = plan_of(club, data)
    assert not plan.problems
    assert [(game.round, game.day_games) for game in plan.games] == [(1, None), (None, 3)]
    rows[1][0] = "2026-11-21"
    plan = plan_of(club, wide_workbook(rows, MEMBERS, header_start=("日付", "回戦", "卓", "半荘数")))
    assert messages_of(plan)[0][2].startswith(
        "南野二郎 also has a game on 2026-11-21 in row 4: the day would count twice"
    )


def test_a_closed_meeting_takes_no_day_total(club, secretary):
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=D(2026, 11, 21))
    set_closed(meeting, True)
    problems = messages_of(plan_of(club, day_workbook(totals=None, counts=None)))
    assert problems[0][2].startswith("The meeting of 2026-11-21 is closed")


# -- the import's page -----------------------------------------------------------------------------------------


def test_the_batch_page_lists_the_day_totals_and_offers_the_undo(client, club, secretary):
    batch = import_days(club, secretary)
    client.force_login(secretary)
    page = client.get(reverse("import_batch", kwargs={"slug": club.slug, "batch_id": batch.pk})).content.decode()
    assert "Day totals imported (日計)" in page and 'id="undo"' in page
    assert "Its day totals (日計) are removed with its games." in page
    assert "0 games · 2 day totals" in page  # the season line
    assert ">Day totals</a></th>" in page  # a heading of the meetings' table (it sorts)


def test_the_preview_marks_day_rows(client, club, secretary):
    client.force_login(secretary)
    response = client.post(
        reverse("import_results", kwargs={"slug": club.slug}),
        {"rule_set": club.rule_sets.get().pk, "file": SimpleUploadedFile("days.xlsx", day_workbook())},
        follow=True,
    )
    page = response.content.decode()
    assert "Read as a 集計表 with a 半荘数 column" in page
    assert "day total · 4 hanchan" in page and "Import 2 rows" in page
    assert "0 new games" in page and "2 new day totals" in page


def test_the_command_imports_day_totals_and_says_so(club, tmp_path):
    path = tmp_path / "days.xlsx"
    path.write_bytes(day_workbook())
    out = io.StringIO()
    call_command("import_results", "kaze", str(path), stdout=out, stderr=io.StringIO())
    assert "Row 4: 2026-11-21 day total of 4 hanchan" in out.getvalue()
    assert "2 day totals (日計) imported." in out.getvalue()
    assert DayTotal.objects.count() == 2
