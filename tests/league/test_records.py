"""The club's records (記録): best games, the yakuman list with who dealt in, runs, most games; every season; links
to the games and members; a fixed number of queries; the page in both languages; the workbook's two sheets."""

import datetime
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, write_season_workbook
from league.models import Member, Season
from league.stats.records import club_records

from .awards_data import CENTRE, EAST, GUEST, NORTH, SOUTH, WEST, awards_season
from .standings_data import meeting_on, play

D = datetime.date


@pytest.fixture
def seasons(club, secretary):
    return awards_season(club, secretary)


def names(placed):
    return [(entry.rank, entry.item.member.name) for entry in placed]


def test_best_games_highest_first_of_every_season(club, seasons, secretary):
    # A game of an earlier season counts: records cover them all.
    play(meeting_on(club, D(2025, 9, 1)), 1, [SOUTH, EAST, WEST, NORTH], [52000, 23000, 15000, 10000], secretary)
    records = club_records(club.rule_sets.get())
    # 55,000 (the guest: records are facts), then 52,000 twice: the earlier game first, sharing the rank.
    assert [(e.rank, e.item.member.name, e.item.score) for e in records.best_scores][:4] == [
        (1, GUEST, 55000),
        (2, SOUTH, 52000),
        (2, NORTH, 52000),
        (4, EAST, 45000),
    ]
    assert records.best_scores[1].item.game.meeting.date == D(2025, 9, 1)
    # The points-only game has no score, but has the second most points in one game.
    assert None not in [e.item.score for e in records.best_scores]
    assert [(e.item.member.name, e.item.total) for e in records.best_points][:3] == [
        (GUEST, 1250),
        (WEST, 1200),
        (EAST, 1100),
    ]


def test_every_yakuman_newest_first_with_who_dealt_in(club, seasons):
    records = club_records(club.rule_sets.get())
    assert [
        (r.yakuman.member.name, r.yakuman.name, r.yakuman.win, r.dealt_in and r.dealt_in.name) for r in records.yakuman
    ] == [(GUEST, "国士無双", "tsumo", None), (NORTH, "大三元", "ron", WEST), (EAST, "四暗刻", "tsumo", None)]


def test_the_longest_runs_of_tops_and_without_a_last(club, seasons):
    records = club_records(club.rule_sets.get())
    # 東: top, 2nd, top, 3rd, 2nd, 3rd: one top at a time, never last (six games).
    assert names(records.not_last_runs)[0] == (1, EAST) and records.not_last_runs[0].item.length == 6
    first, last = records.not_last_runs[0].item.first, records.not_last_runs[0].item.last
    assert (first.date, last.date) == (D(2026, 5, 10), D(2026, 7, 12))
    assert {entry.item.length for entry in records.top_runs} == {1}
    # Equal runs share the rank, the one that ended first listed first (南's one top was on 5/10; 東's latest
    # of two single tops, the one kept, in round 1 of 6/14, and 北's in its round 2).
    assert names(records.top_runs)[:3] == [(1, SOUTH), (1, EAST), (1, NORTH)]


def test_equal_runs_ending_the_same_day_are_listed_by_the_round_they_ended_in(club, secretary):
    # 北村 comes first in reading order and 南野 last: only the rounds can put 南野's run first.
    day = meeting_on(club, D(2026, 11, 22))
    play(day, 2, [NORTH, EAST, WEST, SOUTH], [40000, 30000, 20000, 10000], secretary)  # entered first
    play(day, 1, [SOUTH, EAST, WEST, NORTH], [40000, 30000, 20000, 10000], secretary)
    runs = club_records(club.rule_sets.get()).top_runs
    assert names(runs) == [(1, SOUTH), (1, NORTH)]
    assert [entry.item.last.date for entry in runs] == [D(2026, 11, 22)] * 2


def test_most_games_counts_every_season(club, seasons):
    records = club_records(club.rule_sets.get())
    assert [(e.rank, e.item.member.name, e.item.games) for e in records.most_games] == [
        (1, EAST, 6),
        (2, NORTH, 5),
        (2, WEST, 5),
        (2, SOUTH, 5),
        (5, CENTRE, 2),
        (6, GUEST, 1),
    ]


def test_records_take_the_same_queries_however_many_games(club, seasons, secretary, django_assert_num_queries):
    rule_set = club.rule_sets.get()
    with django_assert_num_queries(12) as before:  # the two lists of ten: their floor, their days, seats
        list(club_records(rule_set).yakuman)  # the yakuman list is read when it is shown
    august = meeting_on(club, D(2026, 8, 30))
    for round in range(1, 4):
        play(
            august,
            round,
            [SOUTH, WEST, NORTH, EAST],
            [40000, 30000, 20000, 10000],
            secretary,
            yakuman=[{"seat": 0, "win": "ron", "from": 3, "name": "字一色"}],
        )
    Member.objects.create(club=club, name="八木八郎", kana="やぎはちろう")
    rule_set = club.rule_sets.get()  # its versions not read yet, as on a page
    with django_assert_num_queries(len(before.captured_queries)):
        list(club_records(rule_set).yakuman)


def test_the_page_links_each_record_to_its_game_and_member(client, member, club, seasons):
    client.force_login(member)
    page = client.get(f"/c/{club.slug}/records/").content.decode()
    assert "最高スコア" in page and "55,000" in page and "連続トップ" in page and "放銃" in page
    west = Member.objects.get(name=WEST)
    north = Member.objects.get(name=NORTH)
    assert f'href="/c/{club.slug}/members/{west.pk}/"' in page  # who dealt in 大三元
    game = north.yakuman.get().game
    assert f'href="/c/{club.slug}/games/{game.pk}/"' in page
    assert '<small class="guest-mark">ゲスト</small>' in page  # the guest's record, marked
    english = client.get(f"/en/c/{club.slug}/records/").content.decode()
    assert "Club records" in english and "Most games in a row without a last" in english and "Dealt in" in english


def test_the_standings_and_the_club_page_link_the_awards_and_the_records(client, member, club, seasons):
    client.force_login(member)
    season, _spring = seasons
    standings = client.get(f"/c/{club.slug}/standings/", {"season": season.pk}).content.decode()
    assert f'href="/c/{club.slug}/standings/awards/?season={season.pk}&amp;rule_set=main"' in standings
    assert f'href="/c/{club.slug}/records/?rule_set=main"' in standings
    front = client.get(f"/c/{club.slug}/").content.decode()
    assert f'href="/c/{club.slug}/standings/awards/"' in front and f'href="/c/{club.slug}/records/"' in front


# -- the workbook --------------------------------------------------------------------------------------------------


def workbook(club, season, language="en"):
    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(ExportChoice.of_season(club, season), out)
    out.seek(0)
    return load_workbook(out)


def rows(ws):
    values = ws.iter_rows(values_only=True)
    keys = next(values)
    return [dict(zip(keys, row, strict=True)) for row in values]


def test_the_awards_sheet_has_a_row_per_holder(club, seasons):
    season, _spring = seasons
    club.award_min_games = 5
    club.save()
    sheet = rows(workbook(club, season)["Awards"])
    by_title = {}
    for row in sheet:
        by_title.setdefault(row["Title"], []).append(row)
    assert [row["Holder"] for row in by_title["Most yakuman"]] == [NORTH, EAST]  # shared: a row each
    best = by_title["Highest score"][0]
    assert (best["Holder"], best["Figure"], best["Date"].date(), best["Round"]) == (NORTH, "52,000", D(2026, 6, 14), 2)
    assert by_title["Champion (most points)"][0]["Figure"] == "+82.0"
    assert by_title["Best top rate"][0]["Figure"] == "33.3%"
    assert "5 games with a place or more." in by_title["Best top rate"][0]["How it is decided"]
    assert by_title["Best attendance"][0]["Figure"] == "4 meetings"


def test_a_title_nobody_qualifies_for_has_its_row_without_a_holder(club, seasons):
    season, _spring = seasons
    club.award_min_games = 99
    club.save()
    sheet = rows(workbook(club, season)["Awards"])
    top_rate = next(row for row in sheet if row["Title"] == "Best top rate")
    assert top_rate["Holder"] is None and top_rate["Figure"] is None


def test_the_records_sheet_in_japanese(club, seasons):
    season, _spring = seasons
    book = workbook(club, season, "ja")
    assert "表彰" in book.sheetnames and "記録" in book.sheetnames
    sheet = rows(book["記録"])
    yakuman = [row for row in sheet if row["記録"] == "役満"]
    assert [(row["名前"], row["成績"], row["詳細"]) for row in yakuman] == [
        (GUEST, "国士無双", "ツモ"),
        (NORTH, "大三元", "ロン · 放銃：西川三郎"),
        (EAST, "四暗刻", "ツモ"),
    ]
    best = [row for row in sheet if row["記録"] == "最高スコア"]
    assert [(row["順位"], row["名前"], row["成績"]) for row in best][:2] == [(1, GUEST, "55,000"), (2, NORTH, "52,000")]


def test_a_season_without_games_has_empty_award_rows(club, seasons):
    empty = Season.objects.create(club=club, name="2030年度", starts_on=D(2030, 4, 1), ends_on=D(2031, 3, 31))
    sheet = rows(workbook(club, empty)["Awards"])
    assert sheet and all(row["Holder"] is None for row in sheet)
