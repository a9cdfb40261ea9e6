"""Points-only games (点数なし): entered by points, imported from points columns, counted like any game,
left out of the score figures (which say so), and marked wherever they appear, the workbook included."""

import datetime
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, write_season_workbook
from league.imports.commit import commit
from league.models import Game, GameSeat, Meeting, Member, Season
from league.services import recompute
from league.services.games import record_game
from league.services.settling import Entry, settle_game
from league.stats.standings import Period, standings

from .conftest import game_post
from .import_files import game_row, plan_of, xlsx_bytes

NAMES = ("東田一郎", "南野二郎", "西川三郎", "北村四郎")
POINTS_POST = {
    "by_points": "on",
    "score_0": "",
    "score_1": "",
    "score_2": "",
    "score_3": "",
    "points_0": "+45.3",
    "points_1": "５．０",
    "points_2": "▲12",
    "points_3": "-38.3",
}


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


def members(club, names=NAMES):
    return [Member.objects.get(club=club, name=name) for name in names]


def points_game(meeting, user, points, round=1, chips=(), names=NAMES):
    version = meeting.rule_set.version_on(meeting.date)
    entry = Entry(
        meeting=meeting,
        round=round,
        table=1,
        members=members(meeting.club, names),
        scores=None,
        points=list(points),
        chips=list(chips),
    )
    return record_game(settle_game(entry, version), user)


def scored_game(meeting, user, scores, round=1, busts=(), names=NAMES):
    version = meeting.rule_set.version_on(meeting.date)
    entry = Entry(
        meeting=meeting,
        round=round,
        table=1,
        members=members(meeting.club, names),
        scores=list(scores),
        busts=list(busts),
    )
    return record_game(settle_game(entry, version), user)


def tally_alone(club, season, language):
    """The season workbook's 集計表 sheet saved on its own, as a club would keep it (a file's bytes in a BytesIO)."""
    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    book = load_workbook(io.BytesIO(out.getvalue()))
    for name in book.sheetnames:
        if name != ("集計表" if language == "ja" else "Tally"):
            del book[name]
    kept = io.BytesIO()
    book.save(kept)
    return kept


def imported_again(club, secretary, kept):
    """(standings before, standings after) removing every game and importing the tally ``kept`` in its place."""
    before = standings(Period(rule_set=club.rule_sets.get()))
    Game.objects.all().delete()
    Meeting.objects.all().delete()
    plan = plan_of(club, kept.getvalue(), name="tally.xlsx")
    assert not plan.problems, plan.problems
    commit(plan, user=secretary)
    return before, standings(Period(rule_set=club.rule_sets.get()))


def line_of(table, name):
    return next(line for line in table.lines if line.member.name == name)


# -- the entry form ------------------------------------------------------------------------------------


def test_a_secretary_enters_a_game_by_points(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(**POINTS_POST, chips_0="2", chips_3="-2"))
    assert response.status_code == 302 and "points=1" in response["Location"]
    game = Game.objects.get()
    assert game.points_only and game.sheet["points"] == [45.3, 5, -12, -38.3]
    seats = sorted(game.seats.all(), key=lambda seat: seat.seat)
    assert [seat.score for seat in seats] == [None] * 4
    assert [seat.place for seat in seats] == [1, 2, 3, 4]
    assert [seat.base for seat in seats] == [453, 50, -120, -383]
    assert [seat.total for seat in seats] == [553, 50, -120, -483]  # 2 chips at 5 P count in the total
    assert [(seat.oka, seat.uma, seat.bust, seat.shugi) for seat in seats] == [(0, 0, 0, 0)] * 4
    # The next game opens in the same mode.
    assert client.get(response["Location"]).context["form"].initial["by_points"] is True


def test_points_that_do_not_add_up_are_refused_with_both_sums(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(**{**POINTS_POST, "points_3": "-38.0"}))
    assert response.status_code == 400 and not Game.objects.exists()
    errors = response.context["form"].non_field_errors()
    assert errors == ["ポイントの合計が+0.3です。このルールでは±0.0になるはずです。"]


def test_bad_points_are_refused_beside_their_box_and_busts_are_not_taken(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(**{**POINTS_POST, "points_1": "5.25"}))
    assert response.status_code == 400 and not Game.objects.exists()
    assert response.context["form"].errors["points_1"]
    bust = client.post(enter_url(meeting), game_post(**POINTS_POST, bust_3="0"))
    assert bust.status_code == 400 and bust.context["form"].errors["bust_3"]
    missing = client.post(enter_url(meeting), game_post(**{**POINTS_POST, "points_2": ""}))
    assert missing.context["form"].errors["points_2"]


def test_garbage_in_the_hidden_score_boxes_does_not_block_a_game_by_points(client, secretary, meeting):
    client.force_login(secretary)
    response = client.post(enter_url(meeting), game_post(**{**POINTS_POST, "score_0": "abc"}))
    assert response.status_code == 302 and Game.objects.get().points_only


def test_a_points_only_game_is_corrected_by_points(client, secretary, meeting):
    game = points_game(meeting, secretary, [300, 100, -100, -300])
    client.force_login(secretary)
    url = f"/c/{meeting.club.slug}/games/{game.pk}/edit/"
    form = client.get(url).context["form"]
    assert form.initial["by_points"] and form.initial["points_0"] == "30"
    response = client.post(
        url, game_post(**{**POINTS_POST, "points_0": "46.3", "points_1": "4"}, revision=str(game.revision))
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.points_only and game.sheet["points"][:2] == [46.3, 4] and game.revision == 2
    history = client.get(f"/c/{meeting.club.slug}/games/{game.pk}/history/").content.decode()
    assert "46.3" in history


def test_recomputing_keeps_a_points_only_game_as_it_is(meeting, secretary):
    points_game(meeting, secretary, [300, 100, -100, -300])
    planned = recompute.plan(meeting.rule_set)
    assert not planned.changes and not planned.problems


# -- statistics ----------------------------------------------------------------------------------------


@pytest.fixture
def mixed(club, secretary, meeting):
    """One game with scores (North busts) and one recorded by points only."""
    scored_game(meeting, secretary, [52300, 31500, 18700, -2500], busts=[{"seat": 3, "by": 0}])
    points_game(meeting, secretary, [-200, 100, 400, -300], round=2)
    return meeting


def test_a_points_only_game_counts_in_the_standings_but_not_in_the_score_figures(club, mixed):
    table = standings(Period(rule_set=club.rule_sets.get()))
    assert table.games == 2 and table.points_only_games == 1
    east, north = line_of(table, "東田一郎"), line_of(table, "北村四郎")
    assert (east.games, east.scored_games, east.points_only_games) == (2, 1, 1)
    assert east.game_points == 710 - 200 and east.places == [1, 0, 1, 0]
    assert east.average_score == 52300  # not (52300 + nothing) / 2
    assert (north.busts, north.bust_rate) == (1, 100)  # one bust in the one game with scores


def test_the_standings_page_and_json_say_which_figures_count_only_games_with_scores(client, member, club, mixed):
    client.force_login(member)
    page = client.get(f"/c/{club.slug}/standings/", {"season": "all"}).content.decode()
    assert "点数なし" in page and "(1/2)" in page
    data = client.get(f"/c/{club.slug}/api/standings.json", {"season": "all"}).json()
    east = next(line for line in data["ranked"] + data["unranked"] if line["member"]["name"] == "東田一郎")
    assert (east["games"], east["scored_games"], east["average_score"]) == (2, 1, 52300)


def test_the_member_page_says_the_average_is_over_the_games_with_scores(client, member, club, mixed):
    client.force_login(member)
    east = Member.objects.get(club=club, name="東田一郎")
    page = client.get(f"/c/{club.slug}/members/{east.pk}/", {"season": "all"}).content.decode()
    assert "2半荘のうち点数のある1半荘で計算" in page
    assert "points-only-mark" in page
    data = client.get(f"/c/{club.slug}/api/members/{east.pk}.json", {"season": "all"}).json()
    flags = {game["round"]: (game["points_only"], game["score"]) for game in data["games"]}
    assert flags == {1: (False, 52300), 2: (True, None)}
    assert data["summary"]["scored_games"] == 1


def test_a_member_with_only_points_only_games_has_no_average_score(club, secretary, meeting):
    points_game(meeting, secretary, [-200, 100, 400, -300])
    line = line_of(standings(Period(rule_set=club.rule_sets.get())), "東田一郎")
    assert (line.average_score, line.bust_rate, line.games) == (None, None, 1)


def test_running_standings_and_head_to_head_count_points_only_games(client, member, club, mixed):
    client.force_login(member)
    assert client.get(f"/c/{club.slug}/standings/running/", {"season": "all"}).status_code == 200
    east = Member.objects.get(club=club, name="東田一郎")
    data = client.get(f"/c/{club.slug}/api/members/{east.pk}.json", {"season": "all"}).json()
    west = next(row for row in data["head_to_head"] if row["opponent"]["name"] == "西川三郎")
    assert west["games"] == 2 and (west["above"], west["below"]) == (1, 1)


# -- marked where games appear -------------------------------------------------------------------------


def test_pages_mark_a_points_only_game_and_leave_its_scores_blank(client, member, club, mixed):
    client.force_login(member)
    meeting_page = client.get(f"/c/{club.slug}/meetings/{mixed.pk}/").content.decode()
    assert meeting_page.count('class="points-only-mark"') == 1
    game = Game.objects.get(points_only=True)
    detail = client.get(f"/c/{club.slug}/games/{game.pk}/").content.decode()
    assert "points-only-note" in detail and "52,300" not in detail
    assert client.get(f"/c/{club.slug}/").status_code == 200


# -- the import ----------------------------------------------------------------------------------------


def points_row(points, round=1, busts="", **changes):
    return game_row(round=round, scores=("", "", "", ""), busts=busts, points=points, **changes)


def test_points_rows_import_as_points_only_games(club, secretary):
    rows = [
        points_row(("+45.3", "5.0", "▲12.0", "-38.3")),
        points_row(("３０", "10", "-10", "-30"), round=2),
        game_row(round=3),
    ]
    plan = plan_of(club, xlsx_bytes(rows))
    assert not plan.problems
    assert [game.points_only for game in plan.games] == [True, True, False]
    assert plan.games[0].points == [453, 50, -120, -383]
    done = commit(plan, user=secretary)
    assert done.games == 3
    game = Game.objects.get(round=1)
    assert game.points_only and [seat.score for seat in game.seats.all()] == [None] * 4
    assert sorted(seat.total for seat in game.seats.all()) == [-383, -120, 50, 453]
    again = plan_of(club, xlsx_bytes(rows))
    assert [game.status for game in again.games] == ["already"] * 3


def test_points_that_do_not_add_up_name_the_row_and_the_points_columns(club):
    with translation.override("en"):
        plan = plan_of(club, xlsx_bytes([points_row(("+45.3", "5.0", "▲12.0", "-38.0"))]))
        [problem] = plan.problems
    assert problem.row == 2 and "0.3" in problem.message and "0.0" in problem.message
    assert problem.label == "T (東家 ポイント) + U (南家 ポイント) + V (西家 ポイント) + W (北家 ポイント)"


def test_a_points_row_refuses_busts_and_unreadable_points(club):
    plan = plan_of(
        club,
        xlsx_bytes(
            [
                points_row(("30", "10", "-10", "-30"), busts="北:東"),
                points_row(("30", "x", "-10", "-30"), round=2),
                points_row(("30", "10", "-10", ""), round=3),
            ]
        ),
    )
    assert [(problem.row, problem.label) for problem in plan.problems] == [
        (2, "Q (飛び)"),
        (3, "U (南家 ポイント)"),
        (4, "W (北家 ポイント)"),
    ]


def test_points_written_beside_scores_must_be_what_the_scores_give(club):
    good = game_row(points=("+71.0", "+12.0", "▲21.0", "▲62.0"))
    wrong = game_row(round=2, points=("+70.0", "", "", ""))
    plan = plan_of(club, xlsx_bytes([good, wrong]))
    assert [(problem.row, problem.label) for problem in plan.problems] == [(3, "T (東家 ポイント)")]
    assert not plan.games[0].points_only


# -- the workbook --------------------------------------------------------------------------------------


def test_the_workbook_marks_points_only_games_and_imports_back_to_the_same_standings(club, secretary, mixed):
    season = Season.objects.create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31)
    )
    out = io.BytesIO()
    with translation.override("ja"):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    data = out.getvalue()
    book = load_workbook(io.BytesIO(data))
    games = list(book["対局"].iter_rows(values_only=True))
    head = list(games[0])
    by_round = {row[head.index("回戦")]: dict(zip(head, row, strict=True)) for row in games[1:]}
    assert by_round[2]["東家 点数"] is None and by_round[2]["東家 ポイント"] == -20.0
    assert by_round[2]["点数なし"] == "点数なし" and by_round[1]["点数なし"] is None
    assert by_round[1]["東家 ポイント"] is None and by_round[1]["東家 点数"] == 52300
    results = list(book["個人成績"].iter_rows(values_only=True))
    marked = [row for row in results[1:] if row[-1] == "点数なし"]
    assert len(marked) == 4 and all(row[results[0].index("点数")] is None for row in marked)

    before = standings(Period(rule_set=club.rule_sets.get()))
    Game.objects.all().delete()
    Meeting.objects.all().delete()
    plan = plan_of(club, data, name="season.xlsx")
    assert not plan.problems, plan.problems
    commit(plan, user=secretary)
    after = standings(Period(rule_set=club.rule_sets.get()))
    assert [(line.member.name, line.points, line.places, line.scored_games, line.busts) for line in after.lines] == [
        (line.member.name, line.points, line.places, line.scored_games, line.busts) for line in before.lines
    ]
    assert GameSeat.objects.filter(score__isnull=True).count() == 4


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_workbooks_tally_sheet_alone_imports_back_to_the_same_points(club, secretary, mixed, language):
    """The 集計表 sheet, saved on its own as a club would keep it, reads back as points-only games."""
    season = Season.objects.create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31)
    )
    kept = tally_alone(club, season, language)

    before, after = imported_again(club, secretary, kept)
    assert [(line.member.name, line.points, line.places) for line in after.lines] == [
        (line.member.name, line.points, line.places) for line in before.lines
    ]
    assert Game.objects.filter(points_only=True).count() == 2


@pytest.mark.parametrize("extras", ["chombo", "lost deposit", "chips"])
def test_the_tally_reads_back_games_whose_points_do_not_sum_to_zero(club, secretary, meeting, extras):
    """A 集計表 does not say what left the table (a chombo not shared, lost sticks): the sums it could make pass."""
    version = meeting.rule_set.version_on(meeting.date)
    version.rules = {**version.rules, "deposits": "lost", "chombo": {"penalty": 20, "to_others": False}}
    version.save()
    version = meeting.rule_set.version_on(meeting.date)
    entry = Entry(
        meeting=meeting,
        round=1,
        table=1,
        members=members(club, NAMES),
        scores=[52300, 31500, 18700, -2500] if extras != "lost deposit" else [52300, 31500, 18700, -3500],
        deposit=1000 if extras == "lost deposit" else 0,
        busts=[{"seat": 3, "by": 0}],
        chombo=[{"seat": 1}] if extras == "chombo" else [],
        chips=[3, -1, 0, -2] if extras == "chips" else [],
    )
    record_game(settle_game(entry, version), secretary)
    season = Season.objects.create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31)
    )
    kept = tally_alone(club, season, "ja")

    before, after = imported_again(club, secretary, kept)
    assert [(line.member.name, line.points) for line in after.lines] == [
        (line.member.name, line.points) for line in before.lines
    ]
    game = Game.objects.get()
    assert game.points_only and game.sheet["extras_unrecorded"] is True
    assert not recompute.plan(club.rule_sets.get()).problems  # settled again the same way


def test_the_workbooks_standings_say_how_many_games_have_scores(club, mixed):
    season = Season.objects.create(
        club=club, name="2026", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31)
    )
    out = io.BytesIO()
    with translation.override("ja"):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    rows = list(load_workbook(io.BytesIO(out.getvalue()))["成績表"].iter_rows(values_only=True))
    head = list(rows[0])
    east = next(dict(zip(head, row, strict=True)) for row in rows[1:] if row[head.index("名前")] == "東田一郎")
    assert (east["半荘数"], east["点数のある半荘"], east["平均素点"]) == (2, 1, 52300)
