"""The layouts clubs keep their results in: each read into the same Table, so the plan never knows which it was."""

import datetime

import pytest
from django.utils import translation

from league.imports.columns import LayoutUnknown, find_columns
from league.imports.commit import commit
from league.imports.layouts.chat import looks_like_chat, read_chat
from league.imports.layouts.dates import fill_dates
from league.imports.plan import make_plan
from league.imports.reading import ReadingError, read_bytes, read_pasted
from league.models import Game, Meeting
from league.text.score_input import parse_score, scores_in_thousands

from .import_files import NAMES, delimited, plan_of, xlsx_bytes
from .layout_files import GAMES, club_workbook, cp932_csv, wide_workbook

TODAY = datetime.date(2026, 12, 1)


def seated(scores):
    """NAMES with ``scores``, as name, score, name, score … in seat order."""
    return [cell for name, score in zip(NAMES, scores, strict=True) for cell in (name, score)]


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def table_of(data, name="games.xlsx", players=4, saved=()):
    return find_columns(read_bytes(data, name), players, "四人打ち", saved=saved)


def plan_for(club, table):
    return make_plan(club, club.rule_sets.get(), table)


def games_of(plan):
    """What each planned game is: date, round, table, player names in seat order, scores."""
    return [(game.date, game.round, game.table, [p.name for p in game.players], game.scores) for game in plan.games]


EXPECTED = [(day, index, 1, list(NAMES), list(scores)) for index, (day, scores) in zip([1, 2, 1], GAMES, strict=True)]


def refusal(data, name="games.xlsx", players=4):
    with pytest.raises(ReadingError) as caught:
        table_of(data, name, players)
    return caught.value.message


# -- a workbook as a club keeps it -----------------------------------------------------------------------------


def test_a_club_workbook_with_title_merged_dates_formulas_and_totals_imports(club):
    table = table_of(club_workbook())
    assert table.header_row == 3
    plan = plan_for(club, table)
    assert not plan.problems, [p.message for p in plan.problems]
    assert games_of(plan) == EXPECTED  # 合計 row (row 7) checked and not a game; East's formula read as its value


def test_a_totals_row_that_disagrees_is_refused_naming_row_and_column(club):
    message = refusal(club_workbook(total=99000))
    assert message.startswith("Row 7, column F (点数2)")
    assert "99,000" in message and "99,300" in message


def test_a_cp932_csv_headed_name1_score1_with_a_date_once_per_day(club):
    rows = []
    for index, (day, scores) in enumerate(GAMES):
        shown = day.strftime("%Y/%m/%d") if index in (0, 2) else ""  # written once per day, blank below
        row = [shown]
        for name, score in zip(NAMES, scores, strict=True):
            row += [name, f"{score:,}"]  # thousands separators
        rows.append(row)
    data = cp932_csv(rows, ["日付", "氏名1", "得点1", "氏名2", "得点2", "氏名3", "得点3", "氏名4", "得点4"])
    table = table_of(data, "games.csv")
    assert table.label("round") == "Round"  # numbered in row order within each day, not in the file
    assert games_of(plan_for(club, table)) == EXPECTED


@pytest.mark.parametrize(
    "header",
    [
        ["日付", "卓", "東家", "点数", "南家", "点数", "西家", "点数", "北家", "点数"],
        ["日付", "卓", "東", "東家点数", "南", "南家点数", "西", "西家点数", "北", "北家点数"],
        ["日付", "卓", "名前", "点数", "名前", "点数", "名前", "点数", "名前", "点数"],
        ["Date", "Table", "Player 1", "Score 1", "Player 2", "Score 2", "Player 3", "Score 3", "Player 4", "Score 4"],
    ],
    ids=["winds then 点数", "winds and 東家点数", "bare 名前/点数", "english numbered"],
)
def test_seat_headers_people_use(club, header):
    rows = []
    for day, scores in GAMES:
        row = [day.isoformat(), 1]
        for name, score in zip(NAMES, scores, strict=True):
            row += [name, score]
        rows.append(row)
    plan = plan_for(club, table_of(xlsx_bytes(rows, header=header)))
    assert not plan.problems, [p.message for p in plan.problems]
    assert games_of(plan) == EXPECTED


def test_by_place_the_first_is_east_and_places_come_from_the_scores(club):
    header = ["日付", "回戦", "1位", "1位点数", "2位", "2位点数", "3位", "3位点数", "4位", "4位点数"]
    row = ["2026-11-21", 1, NAMES[2], 41300, NAMES[0], 28000, NAMES[3], 18700, NAMES[1], 12000]
    table = table_of(xlsx_bytes([row], header=header))
    assert table.layout == "placed"
    plan = plan_for(club, table)
    [game] = plan.games
    assert [p.name for p in game.players] == [NAMES[2], NAMES[0], NAMES[3], NAMES[1]]
    assert [seat.place for seat in game.result] == [1, 2, 3, 4]


def test_scores_in_thousands_are_decided_for_the_whole_file(club):
    rows = [["2026-11-21", 1, NAMES[0], 41.3, NAMES[1], 28, NAMES[2], 18.7, NAMES[3], 12]]
    header = ["日付", "回戦", "東家", "東家 点数", "南家", "南家 点数", "西家", "西家 点数", "北家", "北家 点数"]
    table = table_of(xlsx_bytes(rows, header=header))
    assert table.scores_in_thousands
    assert plan_for(club, table).games[0].scores == [41300, 28000, 18700, 12000]


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["41.3", "28", "18.7", "12"], True),
        (["30", "30", "25", "15"], False),  # no decimal anywhere: not guessed (300 stays 300 points)
        (["41.3", "28000"], False),  # one score in full: full points
        (["▲5.2", "45.2", "30", "30"], True),
        ([], False),
    ],
)
def test_the_thousands_rule(texts, expected):
    assert scores_in_thousands(texts) is expected


def test_a_score_in_a_thousands_file():
    assert parse_score("41", in_thousands=True) == 41000
    assert parse_score("▲5.2", in_thousands=True) == -5200
    assert parse_score("41300", in_thousands=True) == 41300


def test_dates_without_a_year_take_the_fiscal_year_of_the_title(club):
    rows = [["11/21", 1, *seated(GAMES[0][1])], ["1/9", 1, *seated(GAMES[1][1])]]
    header = ["日付", "回戦", "名前1", "点数1", "名前2", "点数2", "名前3", "点数3", "名前4", "点数4"]
    text = "2026年度 風の会\n" + delimited(rows, header=header)
    table = find_columns(read_pasted(text), 4)
    plan = plan_for(club, table)
    assert [game.date for game in plan.games] == [datetime.date(2026, 11, 21), datetime.date(2027, 1, 9)]


def test_a_date_without_a_year_anywhere_is_refused_saying_so(club):
    rows = [["11/21", 1, *seated(GAMES[0][1])]]
    header = ["日付", "回戦", "名前1", "点数1", "名前2", "点数2", "名前3", "点数3", "名前4", "点数4"]
    plan = plan_for(club, find_columns(read_pasted(delimited(rows, header=header)), 4))
    [problem] = plan.problems
    assert (problem.row, problem.label) == (2, "A (日付)")
    assert "no year" in problem.message


def test_an_excel_serial_date_is_a_date(club):
    rows = [["46347", 1, *seated(GAMES[0][1])]]
    header = ["日付", "回戦", "名前1", "点数1", "名前2", "点数2", "名前3", "点数3", "名前4", "点数4"]
    plan = plan_for(club, find_columns(read_pasted(delimited(rows, header=header)), 4))
    assert plan.games[0].date == datetime.date(2026, 11, 21)


# -- the 集計表 -------------------------------------------------------------------------------------------------

MEMBERS = ["東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"]
WIDE_ROWS = [
    ["2026-11-21", 1, 1, 45.3, -12, None, -8.3, -25],
    [None, 2, 1, None, 20, 15.5, -10.5, -25],
]


def test_the_wide_sheet_is_read_as_points_only_rows():
    data = wide_workbook(WIDE_ROWS, MEMBERS, totals=[45.3, 8, 15.5, -18.8, -50], counts=[1, 2, 1, 2, 2])
    table = table_of(data)
    assert table.layout == "wide" and table.header_row == 3
    assert [cells for _number, cells in table.rows] == [
        {
            "date": "2026-11-21",
            "round": "1",
            "table": "1",
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
            "date": "2026-11-21",
            "round": "2",
            "table": "1",
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
    ]  # the totals rows are not games; the date is carried down; seats are the members' column order


@pytest.mark.parametrize(
    ("totals", "counts", "where"),
    [
        ([45.3, 8, 15.5, -18.8, -49], None, "Row 6, column H (中島五郎)"),
        (None, [1, 2, 1, 3, 2], "Row 6, column G (北村四郎)"),
    ],
)
def test_wide_totals_that_disagree_are_refused(totals, counts, where):
    message = refusal(wide_workbook(WIDE_ROWS, MEMBERS, totals=totals, counts=counts))
    assert message.startswith(where), message


@pytest.mark.parametrize(
    ("totals", "counts", "where", "what"),
    [
        (None, [1, "inf", 1, 2, 2], "Row 6, column E (南野二郎)", "is not a number of games"),
        (None, [1, 2.5, 1, 2, 2], "Row 6, column E (南野二郎)", "is not a number of games"),
        ([45.3, "▲", 15.5, -18.8, -50], None, "Row 6, column E (南野二郎)", "which is not a number"),
    ],
)
def test_an_unreadable_totals_cell_is_refused_naming_it(totals, counts, where, what):
    message = refusal(wide_workbook(WIDE_ROWS, MEMBERS, totals=totals, counts=counts))
    assert message.startswith(where) and what in message, message


def test_a_row_adding_up_several_games_without_a_count_column_is_refused_with_the_reason():
    rows = [["2026-11-21", None, None, 60.3, -12, 30, -28.3, -50]]
    message = refusal(wide_workbook(rows, MEMBERS))
    assert message.startswith("Row 4 (D (東田一郎), E (南野二郎)")
    assert "cannot be split into its games honestly" in message and "半荘数 (Games) column" in message


def test_a_wide_row_missing_a_player_is_refused():
    message = refusal(wide_workbook([["2026-11-21", 1, 1, 45.3, -12, None, -33.3, None]], MEMBERS))
    assert message.startswith("Row 4 has final points for 3 members") and "D (東田一郎)" in message


def test_an_unreadable_wide_cell_is_named():
    message = refusal(wide_workbook([["2026-11-21", 1, 1, 45.3, "十二", None, -8.3, -25]], MEMBERS))
    assert message.startswith("Row 4, column E (南野二郎)")


# -- chat lines ----------------------------------------------------------------------------------------------

CHAT = """お疲れさまでした！
2026/11/20 例会
1回戦 東田一郎 41300 南野二郎 28000 西川三郎 18700 北村四郎 12000
２回戦　東田一郎：１２０００　南野二郎：４１３００　西川三郎：２８０００　北村四郎：１８７００
11/27
1回戦 東田一郎 41,300 南野二郎 38,000 西川三郎 23,700 北村四郎 ▲3,000
"""


def test_chat_lines_are_games(club):
    assert looks_like_chat(CHAT)
    table = read_chat(CHAT, 4, TODAY)
    assert table.layout == "chat"
    plan = plan_for(club, table)
    assert games_of(plan) == [
        (datetime.date(2026, 11, 20), 1, 1, list(NAMES), [41300, 28000, 18700, 12000]),
        (datetime.date(2026, 11, 20), 2, 1, list(NAMES), [12000, 41300, 28000, 18700]),
        (datetime.date(2026, 11, 27), 1, 1, list(NAMES), [41300, 38000, 23700, -3000]),
    ]
    [problem] = plan.problems  # North below 0 and a bust pays points: written as on the entry form
    assert problem.row == 6


def test_chat_points_lines_are_points_only_rows():
    table = read_chat("12/1\n山田 +45.3 佐藤 ▲12.0 鈴木 ▲8.3 田中 ▲25.0\n山田:-5 佐藤:10 鈴木:-2 田中:-3\n", 4, TODAY)
    first, second = (cells for _number, cells in table.rows)
    assert (first["date"], first["round"], first["points_0"], first["points_1"], first["score_0"]) == (
        "2026-12-01",
        "1",
        "+45.3",
        "▲12.0",
        "",
    )
    assert (second["round"], second["points_2"]) == ("2", "-2")  # they add up to 0: points


def test_chat_names_may_have_a_space_in_them():
    table = read_chat(
        "11/20\n1回戦 福田 麻衣 41300 酒井 典子 28000 横山 悠斗 18700 金子 圭介 12000\n"
        "2回戦 福田 麻衣：+12.0 酒井 典子 +33.0 横山 悠斗 ▲20.0 金子 圭介 ▲25.0\n",
        4,
        TODAY,
    )
    first, second = (cells for _number, cells in table.rows)
    assert [first[f"player_{seat}"] for seat in range(4)] == ["福田 麻衣", "酒井 典子", "横山 悠斗", "金子 圭介"]
    assert (first["score_0"], second["player_0"], second["points_0"]) == ("41300", "福田 麻衣", "+12.0")


def test_chat_dates_without_a_year_are_the_latest_not_after_today():
    table = read_chat("12/20\n東 41300 南 28000 西 18700 北 12000\n", 4, TODAY)
    assert table.rows[0][1]["date"] == "2025-12-20"


def test_a_chat_line_with_too_many_players_is_refused():
    with pytest.raises(ReadingError) as caught:
        read_chat("11/20\n1回戦 a 1 b 2 c 3 d 4 e 5\n", 4, TODAY)
    assert caught.value.message.startswith("Line 2 names 5 players")


def test_spreadsheet_rows_are_not_chat():
    assert not looks_like_chat("日付,回戦,卓,東家,東家 点数\n2026-11-21,1,1,東田,41300\n")
    assert not looks_like_chat("2026-11-21\t1\t1\t東田\t41300\n")


# -- an unknown layout, and a layout kept for the club -------------------------------------------------------


def test_an_unknown_layout_offers_the_mapping_step():
    with pytest.raises(LayoutUnknown) as caught:
        table_of(xlsx_bytes([["x", "y"]], header=["何か", "別の何か"]))
    assert caught.value.sheet.rows[0][1] == ["何か", "別の何か"]


def test_a_kept_layout_reads_the_next_file_with_the_same_header(club):
    header = ["開催", "ゲーム", "A氏", "A点", "B氏", "B点", "C氏", "C点", "D氏", "D点"]
    rows = [["2026-11-21", 1, *seated(GAMES[0][1])]]
    data = xlsx_bytes(rows, header=header)
    with pytest.raises(LayoutUnknown):
        table_of(data)
    columns = {
        "date": 0,
        "round": 1,
        **{f"player_{s}": 2 + 2 * s for s in range(4)},
        **{f"score_{s}": 3 + 2 * s for s in range(4)},
    }
    kept = [{"header": ["開催", "ゲーム", "a氏", "a点", "b氏", "b点", "c氏", "c点", "d氏", "d点"], "columns": columns}]
    table = table_of(data, saved=kept)
    assert table.layout == "saved"
    assert games_of(plan_for(club, table)) == [EXPECTED[0]]


# -- rule sets named in the file --------------------------------------------------------------------------------

GAMES_HEADER = [
    "日付",
    "回戦",
    "卓",
    "東家",
    "東家 点数",
    "南家",
    "南家 点数",
    "西家",
    "西家 点数",
    "北家",
    "北家 点数",
    "ルール",
]


def test_each_game_is_imported_under_the_rule_set_its_row_names(club, sanma, secretary):
    rows = [
        ["2026-11-21", 1, 1, *seated(GAMES[0][1]), "四人打ち"],
        ["2026-11-21", 1, 1, NAMES[0], 50000, NAMES[1], 35000, NAMES[2], 20000, "", "", "sanma"],
    ]
    table = find_columns(read_bytes(xlsx_bytes(rows, header=GAMES_HEADER), "season.xlsx"), 3, "三人打ち")
    assert table.players == 4
    plan = make_plan(club, sanma, table)
    assert not plan.problems, [p.message for p in plan.problems]
    assert [(game.rule_set.slug, len(game.result)) for game in plan.games] == [("main", 4), ("sanma", 3)]
    commit(plan, user=secretary)
    assert sorted(Meeting.objects.values_list("rule_set__slug", flat=True)) == ["main", "sanma"]
    assert Game.objects.filter(meeting__rule_set=sanma).count() == 1


def test_an_unknown_or_empty_rule_set_is_a_problem_on_its_row(club, sanma):
    game = seated(GAMES[0][1])
    rows = [
        ["2026-11-21", 1, 1, *game, "ブー麻雀"],
        ["2026-11-21", 2, 1, *game, ""],
        ["2026-11-21", 3, 1, *game, "sanma"],
    ]
    plan = make_plan(club, club.rule_sets.get(slug="main"), table_of(xlsx_bytes(rows, header=GAMES_HEADER)))
    found = [(p.row, p.label) for p in plan.problems]
    assert found[:2] == [(2, "L (ルール)"), (3, "L (ルール)")]
    assert "ブー麻雀" in plan.problems[0].message and "三人打ち" in plan.problems[0].message
    assert (4, "J (北家)") in found  # a 3-player rule set: North must be empty


# -- the pages: chat in the paste box, the mapping step --------------------------------------------------------


def _post(client, club, **data):
    from .import_files import import_url

    return client.post(import_url(club), {"rule_set": club.rule_sets.get().pk, **data})


def test_chat_lines_pasted_on_the_page_are_previewed(client, club, secretary):
    client.force_login(secretary)
    response = _post(client, club, text=CHAT)
    assert response.status_code == 302 and response["Location"].endswith("/")
    preview = client.get(response["Location"])
    assert "chat lines" in preview.content.decode()


def test_an_unknown_layout_is_mapped_on_the_page_and_kept_for_the_next_file(client, club, secretary):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(secretary)
    header = ["開催", "ゲーム", "A氏", "A点", "B氏", "B点", "C氏", "C点", "D氏", "D点"]
    rows = [["2026-11-21", 1, *seated(GAMES[0][1])]]
    data = xlsx_bytes(rows, header=header)
    response = _post(client, club, file=SimpleUploadedFile("odd.xlsx", data))
    assert response.status_code == 302 and response["Location"].endswith("/columns/")
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="column_9"' in html and "A氏" in html and "not imported" in html
    assert 'value="1" selected' in html  # the header row guessed: row 1

    choice = {"header_row": "1", "column_0": "date", "column_1": "round", "remember": "on"}
    for seat in range(4):
        choice[f"column_{2 + 2 * seat}"] = f"player_{seat}"
    wrong = {**choice, "column_3": "player_0"}  # twice the same
    refused = client.post(response["Location"], wrong)
    assert refused.status_code == 400 and "choose each only once" in refused.content.decode()
    missing = client.post(response["Location"], choice)
    assert missing.status_code == 400 and "East score" in missing.content.decode()
    for seat in range(4):
        choice[f"column_{3 + 2 * seat}"] = f"score_{seat}"
    done = client.post(response["Location"], choice)
    assert done.status_code == 302 and not done["Location"].endswith("/columns/")
    assert "Read with the columns you named" in client.get(done["Location"]).content.decode()
    club.refresh_from_db()
    assert club.import_layouts[0]["header"][0] == "開催"

    again = _post(client, club, file=SimpleUploadedFile("odd.xlsx", data))
    assert again.status_code == 302 and not again["Location"].endswith("/columns/")
    assert "an earlier file with this header row" in client.get(again["Location"]).content.decode()


def test_a_totals_mismatch_in_an_upload_is_shown_on_the_page(client, club, secretary):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(secretary)
    response = _post(client, club, file=SimpleUploadedFile("club.xlsx", club_workbook(total=99000)))
    assert response.status_code == 400
    assert "Row 7, column F (点数2)" in response.content.decode()


@pytest.mark.parametrize(
    ("hint", "dates", "expected"),
    [
        (None, ["2024/12/20", "1/10"], ["2024/12/20", "2025-01-10"]),  # past December: the next year
        ((2024, 4), ["4/5", "2025/4/10", "5/1"], ["2024-04-05", "2025/4/10", "2025-05-01"]),  # a full date resets
    ],
)
def test_a_full_date_sets_the_year_of_the_short_dates_below_it(hint, dates, expected):
    """(Full dates are left as written: they are read with the rest of the row.)"""
    rows = [(number, {"date": date}) for number, date in enumerate(dates, start=2)]
    fill_dates(rows, hint)
    assert [cells["date"] for _number, cells in rows] == expected


def test_a_wide_sheets_rule_set_column_is_read_never_dropped(club):
    rows = [[*row[:3], "存在しないルール", *row[3:]] for row in WIDE_ROWS]
    data = wide_workbook(rows, MEMBERS, header_start=("日付", "回戦", "卓", "ルール"))
    plan = plan_of(club, data)
    assert plan.problems and all("存在しないルール" in problem.message for problem in plan.problems)
    assert not plan.new_games


def test_a_wide_rows_problem_names_that_rows_member_columns(club):
    rows = [["2026-11-21", 1, 1, 45.3, -12, None, -8.3, -24]]  # adds up to 1.0, not 0
    plan = plan_of(club, wide_workbook(rows, MEMBERS))
    [problem] = plan.problems
    assert problem.label == "D (東田一郎) + E (南野二郎) + G (北村四郎) + H (中島五郎)"


def test_the_columns_page_shows_the_first_rows_under_their_letters(client, club, secretary):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test.html import parse_html

    from .standings_html import find_all, text_of

    client.force_login(secretary)
    header = ["開催", "ゲーム", "A氏", "A点", "B氏", "B点", "C氏", "C点", "D氏", "D点"]
    markup = "<b>太郎</b>"
    rows = [["2026-11-21", 1, *seated(GAMES[0][1])], ["2026-11-21", 2, markup]]
    response = _post(client, club, file=SimpleUploadedFile("odd.xlsx", xlsx_bytes(rows, header=header)))
    page = client.get(response["Location"])
    table = find_all(parse_html(page.content.decode()), lambda node: node.name == "table")[0]
    head = find_all(table, lambda node: node.name == "thead")[0]
    assert [text_of(cell) for cell in find_all(head, lambda node: node.name == "th")] == ["Row", *"ABCDEFGHIJ"]
    body = find_all(table, lambda node: node.name == "tbody")[0]
    shown = [
        [text_of(cell) for cell in find_all(row, lambda node: node.name in ("th", "td"))]
        for row in find_all(body, lambda node: node.name == "tr")
    ]
    assert shown[0] == ["1", *header]
    assert shown[2][:4] == ["3", "2026-11-21", "2", markup]  # the file's text, escaped: never markup
    assert "_export=" not in page.content.decode()
