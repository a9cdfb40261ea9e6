"""The season workbook and the results CSV: every sheet opened with openpyxl and checked cell by cell
against the standings JSON, the stored seats and the meetings' settlements; formula neutralisation;
the export_season command; a fixed number of queries; the benchmark's builder on 200 games.
The export pages and who may use them: test_export_pages.py."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import gettext, pgettext
from openpyxl import load_workbook

from benchmarks.export_season import build_season, export_timed
from league.exchange.layout import game_columns
from league.exports import ExportChoice, csv_chunks, results_sheet, write_season_workbook
from league.exports.cells import neutralise
from league.models import Game, GameSeat, Meeting, Member, RuleVersion
from league.services.meetings import set_closed
from league.stats.day import settle_day, settle_days
from league.text.rules_text import describe_rules

from .conftest import BAKUFU_RULES
from .standings_data import meeting_on, play, season_games, three_player_games
from .test_meeting_money import play_day

D = datetime.date
JAPANESE_POINTS = '+0.0;"▲"0.0;"±"0.0'
EAST, SOUTH, WEST, NORTH, CENTRE = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
SHEETS = [
    "Standings",
    "Printable standings",
    "Tally",
    "Awards",
    "Records",
    "Games",
    "Results",
    "Meetings",
    "Meeting money",
    "Members",
    "Rules",
]
WORKBOOK_SHEETS = [("workbook sheet", name) for name in SHEETS]


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


@pytest.fixture
def choice(club, season):
    return ExportChoice.of_season(club, season)


def workbook(choice, language="ja"):
    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(choice, out)
    out.seek(0)
    return load_workbook(out)


def header(ws):
    return [cell.value for cell in ws[1]]


def fraction(percent):
    """A rate the JSON gives in percent (37.1) as the fraction a percentage cell holds (0.371)."""
    return None if percent is None else float(Decimal(str(percent)) / 100)


def records(ws):
    """The sheet's rows as dicts by header."""
    rows = ws.iter_rows(values_only=True)
    keys = next(rows)
    return [dict(zip(keys, row, strict=True)) for row in rows]


def cells_of(ws, column_header):
    """The cells below a header, for their types and formats."""
    index = header(ws).index(column_header)
    return [row[index] for row in ws.iter_rows(min_row=2)]


# -- the workbook's shape ----------------------------------------------------------------------------


def test_every_sheet_in_order_with_a_frozen_header_and_an_autofilter(choice):
    book = workbook(choice, "en")
    assert book.sheetnames == SHEETS
    for ws in book.worksheets:
        if ws.title in ("Tally", "Printable standings"):
            continue  # a title row above the header (test_the_tally_sheet_is_tidy_too, test_printable_workbook.py)
        # The Standings' rank and name stay on screen (and on every printed page) as it scrolls right.
        assert ws.freeze_panes == ("C2" if ws.title == "Standings" else "A2"), ws.title
        last = ws.cell(row=1, column=ws.max_column).column_letter
        assert ws.auto_filter.ref == f"A1:{last}{ws.max_row}", ws.title
        assert all(cell.font.bold for cell in ws[1]), ws.title
        assert ws.column_dimensions["A"].width >= 6, ws.title


def test_the_sheet_names_are_in_the_users_language(choice):
    with translation.override("ja"):
        japanese = [pgettext(context, name) for context, name in WORKBOOK_SHEETS]
    assert workbook(choice, "ja").sheetnames == japanese


def test_headers_in_english(choice):
    book = workbook(choice, "en")
    assert header(book["Games"]) == [column.en for column in game_columns(4)] + [
        "East total",
        "South total",
        "West total",
        "North total",
        "Rule set",
        "Rules in force from",
        "Venue",
        "Game",
        "Points only",
    ]
    assert header(book["Standings"])[:10] == [
        "Rank",
        "Name",
        "Reading",
        "Games",
        "Points",
        "Game points",
        "Adjustments",
        "Per game",
        "Average place",
        "1st",
    ]
    assert header(book["Results"]) == [
        "Date",
        "Rule set",
        "Round",
        "Table",
        "Game",
        "Seat",
        "Name",
        "Score",
        "Chips",
        "Place",
        "Base",
        "Oka",
        "Uma",
        "Bust",
        "Chip points",
        "Shūgi",
        "Chombo",
        "Total",
        "Points only",
    ]


def test_headers_in_japanese(choice):
    book = workbook(choice, "ja")
    games, standings_ws, results = book["対局"], book["成績表"], book["個人成績"]
    assert header(games)[: len(game_columns(4))] == [column.ja for column in game_columns(4)]
    assert header(games)[:5] == ["日付", "回戦", "卓", "東家", "東家 点数"]
    assert header(games)[19:23] == ["東家 ポイント", "南家 ポイント", "西家 ポイント", "北家 ポイント"]
    assert header(games)[23] == "備考"
    assert header(games)[24:28] == ["東家 合計", "南家 合計", "西家 合計", "北家 合計"]
    assert header(standings_ws)[:5] == ["順位", "名前", "読み", "半荘数", "ポイント"]
    with translation.override("ja"):
        assert header(results)[:4] == [gettext("Date"), gettext("Rule set"), gettext("Round"), gettext("Table")]
    assert header(results)[:4] == ["日付", "ルール", "回戦", "卓"]
    assert [row["席"] for row in records(results)[:4]] == ["東", "南", "西", "北"]


# -- Standings -----------------------------------------------------------------------------------------


def test_standings_are_those_of_the_standings_json(client, member, club, season, choice):
    client.force_login(member)
    page = client.get(f"/c/{club.slug}/api/standings.json", {"season": season.pk, "rule_set": "main"}).json()
    rows = records(workbook(choice, "en")["Standings"])
    lines = page["ranked"] + page["unranked"]
    assert [row["Name"] for row in rows] == [line["member"]["name"] for line in lines]
    for row, line in zip(rows, lines, strict=True):
        assert row["Rank"] == line["rank"]
        assert row["Games"] == line["games"]
        assert row["Points"] == line["points"]
        assert row["Adjustments"] == line["adjustments"]
        assert row["Per game"] == line["per_game"]
        assert row["Average place"] == line["average_place"]
        assert [row["1st"], row["2nd"], row["3rd"], row["4th"]] == (line["places"] if line["games"] else [0] * 4)
        assert row["Top rate"] == fraction(line["top_rate"])  # the JSON's 37.1 (percent) is the cell's 0.371
        assert row["Top-two rate"] == fraction(line["rentai_rate"])
        assert row["Last-avoid rate"] == fraction(line["last_avoid_rate"])
        assert (row["Busts"], row["Bust rate"]) == (line["busts"], fraction(line["bust_rate"]))
        assert (row["Chips"], row["Chip points"], row["Shūgi"]) == (line["chips"], line["chip_points"], line["shugi"])
        assert (row["Best"], row["Worst"], row["Average score"]) == (line["best"], line["worst"], line["average_score"])
    assert [row["Name"] for row in rows[:5]] == [EAST, SOUTH, NORTH, CENTRE, WEST]
    assert rows[0]["Points"] == 88.0 and rows[4]["Points"] == -75.0 and rows[4]["Adjustments"] == 5.0
    assert [row["Rank"] for row in rows[5:]] == [None, None]  # 六 and 七: unranked, listed after


def test_numbers_are_number_cells_with_formats_and_dates_are_dates(choice):
    book = workbook(choice)
    standings_ws = book["成績表"]
    for cell in cells_of(standings_ws, "ポイント"):
        assert isinstance(cell.value, int | float) and cell.number_format == JAPANESE_POINTS
    assert all(isinstance(cell.value, int) for cell in cells_of(standings_ws, "半荘数"))
    results = book["個人成績"]
    for cell in cells_of(results, "日付"):
        assert isinstance(cell.value, datetime.datetime) and cell.is_date
    for cell in cells_of(results, "合計"):
        assert isinstance(cell.value, int | float) and cell.data_type == "n" and cell.number_format == JAPANESE_POINTS
    assert all(isinstance(cell.value, int) for cell in cells_of(results, "点数"))
    money = book[pgettext("workbook sheet", "Meeting money")]
    nets = cells_of(money, "差引")
    assert any(cell.value < 0 for cell in nets)  # a payment, shown ▲1,200 as the pages write it
    assert all(cell.number_format == '#,##0;"▲"#,##0' for cell in nets)
    games = book["対局"]
    assert [cell.value for cell in cells_of(games, "日付")][:2] == [datetime.datetime(2026, 5, 10)] * 2


# -- Games and Results -----------------------------------------------------------------------------


def test_results_are_the_stored_seats_without_the_void_game_or_those_outside_the_season(choice, season):
    rows = records(workbook(choice, "en")["Results"])
    stored = GameSeat.objects.counted().filter(game__meeting__date__gte=season.starts_on)
    assert len(rows) == stored.count() == 20  # G1–G4 and G7
    void = Game.objects.get(void=True)
    assert void.pk not in {row["Game"] for row in rows}
    seats = {(seat.game_id, seat.seat): seat for seat in stored.select_related("member", "game__meeting")}
    for row in rows:
        seat = seats[(row["Game"], ["East", "South", "West", "North"].index(row["Seat"]))]
        assert row["Date"].date() == seat.game.meeting.date
        assert (row["Name"], row["Score"], row["Chips"], row["Place"]) == (
            seat.member.name,
            seat.score,
            seat.chips,
            seat.place,
        )
        for part in ("Base", "Oka", "Uma", "Bust", "Chip points", "Shūgi", "Chombo", "Total"):
            field = {"Chip points": "chip_points", "Shūgi": "shugi"}.get(part, part.lower())
            assert row[part] == getattr(seat, field) / 10, part


def test_games_one_row_per_game_in_the_import_layout(choice):
    rows = records(workbook(choice, "en")["Games"])
    assert [(row["Date"].date(), row["Round"]) for row in rows] == [
        (D(2026, 5, 10), 1),
        (D(2026, 5, 10), 2),
        (D(2026, 6, 14), 1),
        (D(2026, 6, 14), 2),
        (D(2026, 7, 12), 1),
    ]
    first, busted, chips, yakuman, level = rows
    assert [first[f"{wind} player"] for wind in ("East", "South", "West", "North")] == [EAST, SOUTH, WEST, NORTH]
    assert [first[f"{wind} score"] for wind in ("East", "South", "West", "North")] == [45000, 30000, 20000, 5000]
    assert [first[f"{wind} total"] for wind in ("East", "South", "West", "North")] == [55.0, 10.0, -20.0, -45.0]
    assert busted["Busts"] == "北:東"  # North busted by the East seat (南野, who sat East in G2)
    assert [chips[f"{wind} chips"] for wind in ("East", "South", "West", "North")] == [2, 0, 0, -2]
    assert yakuman["Yakuman"] == "東:四暗刻:ツモ"
    assert first["Busts"] is None and first["Chombo"] is None and first["Deposit"] == 0
    assert level["Rule set"] == "四人打ち" and level["Rules in force from"] == datetime.datetime(2020, 1, 1)
    assert Game.objects.get(pk=level["Game"]).meeting.date == D(2026, 7, 12)


def test_a_three_player_rule_set_has_the_three_player_layout(club, secretary, season):
    rule_set = three_player_games(club, secretary)
    book = workbook(ExportChoice.of_season(club, season, rule_set), "ja")
    assert header(book["対局"])[: len(game_columns(3))] == [column.ja for column in game_columns(3)]
    assert "北家" not in header(book["対局"])
    assert len(records(book["対局"])) == 2


def test_all_rule_sets_keep_their_standings_apart(club, secretary, season):
    three_player_games(club, secretary)
    book = workbook(ExportChoice.of_season(club, season), "en")
    rows = records(book["Standings"])
    assert header(book["Standings"])[0] == "Rule set"
    assert {row["Rule set"] for row in rows} == {"四人打ち", "三人打ち"}
    assert [row["Name"] for row in rows if row["Rule set"] == "三人打ち"] == ["乙", "甲", "丙"]
    games = records(book["Games"])
    assert len(games) == 7
    three = [row for row in games if row["Rule set"] == "三人打ち"]
    assert [row["North player"] for row in three] == [None, None]


# -- formulas are neutralised ----------------------------------------------------------------------


def test_neutralise():
    assert neutralise("=1+2") == "'=1+2"
    assert [neutralise(text) for text in ("+81", "-1", "@x", "\tx", "\rx", "＝1")] == [
        "'+81",
        "'-1",
        "'@x",
        "'\tx",
        "'\rx",
        "'＝1",
    ]
    assert neutralise("東田一郎") == "東田一郎" and neutralise("a=b") == "a=b" and neutralise("") == ""


HOSTILE = ['=HYPERLINK("http://example.com","x")', "+81", "@x", "-1"]


@pytest.fixture
def hostile_names(club, secretary, season):
    for name in HOSTILE:
        Member.objects.create(club=club, name=name, kana="あ")
    play(meeting_on(club, D(2026, 7, 12)), 2, HOSTILE, [40000, 30000, 20000, 10000], secretary)


def test_text_that_looks_like_a_formula_is_text_with_the_quote_prefix_style(choice, hostile_names):
    """Shown as typed (no apostrophe), and never evaluated by Excel, even when the cell is edited."""
    book = workbook(choice, "en")
    names = [cell for cell in cells_of(book["Results"], "Name") if cell.value in HOSTILE]
    assert [cell.value for cell in names] == HOSTILE
    assert all(cell.data_type == "s" and cell.quotePrefix for cell in names)
    assert not any(cell.quotePrefix for cell in cells_of(book["Results"], "Name") if cell.value not in HOSTILE)
    last_game = records(book["Games"])[-1]
    assert last_game["East player"] == HOSTILE[0] and last_game["South player"] == "+81"
    assert book["Games"].cell(row=book["Games"].max_row, column=4).quotePrefix
    assert last_game["North total"] == -40.0  # numbers stay numbers
    members = [cell for cell in cells_of(book["Members"], "Name") if cell.value in HOSTILE]
    assert len(members) == len(HOSTILE) and all(cell.quotePrefix for cell in members)
    tally = book["Tally"]
    hostile_headers = [cell for cell in tally[2] if cell.value in HOSTILE]
    assert len(hostile_headers) == len(HOSTILE) and all(cell.quotePrefix for cell in hostile_headers)


def test_the_csv_neutralises_too(choice, hostile_names):
    text = "".join(csv_chunks(results_sheet(choice)))
    names = {row[6] for row in csv.reader(io.StringIO(text.lstrip("\ufeff")))}
    assert {"'" + name for name in HOSTILE} <= names
    assert not names & set(HOSTILE)


# -- Meetings, Members, Rules ------------------------------------------------------------------------


def test_meetings_with_their_settlements(club, season, meeting, secretary):
    set_closed(play_day(meeting, secretary), True)
    meeting.refresh_from_db()
    money = settle_day(meeting)
    book = workbook(ExportChoice.of_season(club, season), "en")
    rows = {row["Date"].date(): row for row in records(book["Meetings"])}
    assert list(rows) == [D(2026, 5, 10), D(2026, 6, 14), D(2026, 7, 12), D(2026, 11, 20)]
    day = rows[D(2026, 11, 20)]
    assert (day["Hanchan held"], day["Games played"]) == (4, 4)
    assert (
        day["Fees collected"],
        day["Venue fee"],
        day["Surplus"],
        day["Paid to members"],
        day["Kept by the club"],
    ) == (5600, 5000, 600, 600, 0)
    assert day["Recipients"] == "北村四郎, 西川三郎, 南野二郎"
    with translation.override("en"):
        assert day["Explanation"] == money.explanation
    assert day["Closed"] is True and rows[D(2026, 6, 14)]["Closed"] is False
    assert rows[D(2026, 6, 14)]["Games played"] == 2  # the void game does not count
    assert all(cell.number_format == "#,##0" for cell in cells_of(book["Meetings"], "Fees collected"))
    people = [row for row in records(book["Meeting money"]) if row["Date"].date() == D(2026, 11, 20)]
    assert {row["Name"]: (row["Games"], row["Fee"], row["Received"], row["Net"]) for row in people} == {
        "北村四郎": (4, 1400, 200, -1200),
        "西川三郎": (4, 1400, 200, -1200),
        "南野二郎": (4, 1400, 200, -1200),
        "中島五郎": (3, 1050, 0, -1050),
        "東田一郎": (1, 350, 0, -350),
        "六郷六郎": (0, 0, 0, 0),
        "七海七郎": (0, 0, 0, 0),
    }  # they came (play_day marks everyone) but did not play


def test_settling_many_days_at_once_gives_what_each_day_gives(club, season, meeting, secretary):
    set_closed(play_day(meeting, secretary), True)
    meetings = Meeting.objects.filter(club=club).order_by("date")
    for day, money in settle_days(meetings):
        alone = settle_day(day)
        assert (money.collected, money.venue, money.surplus, money.club, money.rounds, money.kept) == (
            alone.collected,
            alone.venue,
            alone.surplus,
            alone.club,
            alone.rounds,
            alone.kept,
        )
        assert money.recipients == alone.recipients and money.explanation == alone.explanation
        assert [
            (line.member, line.places, line.points, line.money.fee, line.money.received, line.rank)
            for line in money.lines
        ] == [
            (line.member, line.places, line.points, line.money.fee, line.money.received, line.rank)
            for line in alone.lines
        ]


def test_members_with_their_games_in_the_period(club, choice):
    Member.objects.filter(name=CENTRE).update(active=False)
    rows = records(workbook(choice, "en")["Members"])
    assert [row["Name"] for row in rows] == list(
        Member.objects.filter(club=club).in_kana_order().values_list("name", flat=True)
    )
    by_name = {row["Name"]: row for row in rows}
    assert (by_name[EAST]["Games"], by_name[EAST]["Last played"]) == (4, datetime.datetime(2026, 7, 12))
    assert by_name["七海七郎"]["Games"] == 0 and by_name["七海七郎"]["Last played"] is None
    assert by_name[CENTRE]["Active"] is False and by_name[EAST]["Active"] is True


def test_rules_in_force_in_the_period_in_words(club, choice, season):
    rule_set = club.rule_sets.get()
    RuleVersion.objects.create(rule_set=rule_set, effective_from=D(2019, 1, 1), rules=BAKUFU_RULES)
    autumn = RuleVersion.objects.create(
        rule_set=rule_set, effective_from=D(2026, 9, 1), rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30]}
    )
    rows = records(workbook(ExportChoice.of_season(club, season), "en")["Rules"])
    assert sorted({row["In force from"].date() for row in rows}) == [D(2020, 1, 1), D(2026, 9, 1)]
    with translation.override("en"):
        described = describe_rules(autumn.settings)
    assert [(row["Item"], row["Setting"]) for row in rows if row["In force from"].date() == D(2026, 9, 1)] == [
        (label, text) for label, text in described
    ]  # the site's own texts are written as they are
    assert {row["Rule set"] for row in rows} == {"四人打ち"}


# -- CSV ---------------------------------------------------------------------------------------------


def test_the_results_csv_has_a_bom_crlf_lines_and_the_results_sheet(choice):
    with translation.override("en"):
        data = "".join(csv_chunks(results_sheet(choice))).encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf")
    text = data.decode("utf-8-sig")
    assert text.count("\r\n") == 21 and "\n" not in text.replace("\r\n", "")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == header(workbook(choice, "en")["Results"])
    assert rows[1][:3] == ["2026-05-10", "四人打ち", "1"]
    assert rows[1][6:] == [EAST, "45000", "0", "1", "15.0", "20.0", "20.0", "0.0", "0.0", "0.0", "0.0", "55.0", ""]


# -- the command ---------------------------------------------------------------------------------------


def test_the_command_writes_the_workbook_of_a_season_by_name(club, season, tmp_path):
    out = tmp_path / "season.xlsx"
    call_command("export_season", club.slug, "2026年度", out=str(out), stdout=io.StringIO())
    book = load_workbook(out)
    assert header(book["対局"])[:3] == ["日付", "回戦", "卓"]
    assert len(records(book["対局"])) == 5


def test_the_command_by_id_in_english_with_the_csv(club, season, tmp_path):
    out, results = tmp_path / "season.xlsx", tmp_path / "results.csv"
    call_command(
        "export_season", club.slug, str(season.pk), out=str(out), csv=str(results), language="en", stdout=io.StringIO()
    )
    assert load_workbook(out).sheetnames == SHEETS
    data = results.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.decode("utf-8-sig").startswith("Date,Rule set,")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["kaze", "2030年度"], "2030年度"),
        (["kaze", "999999"], "999999"),
        (["nowhere", "2026年度"], "nowhere"),
    ],
)
def test_the_command_refuses_what_it_cannot_find(season, tmp_path, arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("export_season", *arguments, out=str(tmp_path / "x.xlsx"))
    assert not (tmp_path / "x.xlsx").exists()


def test_the_command_needs_somewhere_to_write(club, season):
    with pytest.raises(CommandError):
        call_command("export_season", club.slug, "2026年度")


# -- queries and the benchmark ------------------------------------------------------------------------


def _query_count(choice):
    with CaptureQueriesContext(connection) as queries:
        workbook(choice)
    return len(queries)


def test_the_workbook_takes_the_same_queries_however_many_games(
    club, season, meeting, secretary, django_assert_num_queries
):
    set_closed(play_day(meeting, secretary), True)
    small = _query_count(ExportChoice.of_season(club, season))
    assert small <= 45  # the Awards and Records sheets read about 20 of them (docs/exports.md)
    for day in (D(2026, 10, 3), D(2026, 10, 10), D(2026, 10, 17)):
        extra = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=day, venue_fee=3000)
        play_day(extra, secretary)
        if day.day != 17:
            set_closed(extra, True)
    Member.objects.create(club=club, name="八木八郎", kana="やぎはちろう")
    choice = ExportChoice.of_season(club, season)
    with django_assert_num_queries(small):
        workbook(choice)


def test_the_benchmark_builds_and_exports_a_small_season(club, tmp_path):
    season = build_season(club, 200, members=12, tables=2, rounds=4)
    figures = export_timed(club, season, tmp_path)
    assert figures["xlsx_seconds"] >= 0 and figures["csv_bytes"] > 0
    book = load_workbook(figures["workbook"], read_only=True)
    assert sum(1 for _ in book["対局"].iter_rows()) == 201
    assert sum(1 for _ in book["個人成績"].iter_rows()) == 801
    assert sum(1 for _ in book["集計表"].iter_rows()) == 1 + 1 + 200 + 2  # title, header, games, totals
    totals = [sum(row[24:28]) for row in book["対局"].iter_rows(min_row=2, values_only=True)]
    assert all(abs(total) < 1e-9 for total in totals)  # every game's totals sum to 0 under these rules


# -- the import reads it back ------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["ja", "en"])
def test_an_exported_workbook_imports_back_unchanged(club, season, hostile_names, language):
    """The Games sheet is the import layout: every game is found already saved, with no problem."""
    from league.imports.columns import find_columns
    from league.imports.plan import make_plan
    from league.imports.reading import read_bytes

    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(ExportChoice.of_season(club, season, club.rule_sets.get()), out)
    plan = make_plan(club, club.rule_sets.get(), find_columns(read_bytes(out.getvalue(), "season.xlsx"), 4))
    assert plan.problems == [] and plan.unknown == []
    assert [game.status for game in plan.games] == ["already"] * 6
    assert plan.games[-1].names == HOSTILE  # the leading ' is taken off again
