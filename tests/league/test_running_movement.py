"""The running standings' ranking (RunningMovementTable): its cells, its sorting and its downloads."""

import pytest
from django.utils import translation

from .running_data import page
from .test_page_tables import body_rows, csv_rows, headings, xlsx_sheet

pytestmark = pytest.mark.django_db

# After day 3 (tests/league/test_running.py): 東田 +60.0 (absent on day 3), 南野 +35.0 (up from 3rd), 西川 +10.0
# (down from 2nd), 中島 ▲40.0 (new), 北村 ▲55.0 (down from 4th).
RANKED = ["東田一郎", "南野二郎", "西川三郎", "中島五郎", "北村四郎"]


def movement_rows(response) -> list[list[str]]:
    return body_rows(response)  # the ranking is the page's first table


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_ranking_shows_rank_points_movement_games_and_the_latest_meeting(
    client, club, member, three_meetings, language
):
    client.force_login(member)
    with translation.override(language):
        response = client.get(page(club), HTTP_ACCEPT_LANGUAGE=language)
    minus = "▲" if language == "ja" else "−"
    if language == "ja":
        assert headings(response)[:6] == ["順位", "会員", "ポイント", "変動", "半荘数", "直近の開催日"]
    else:
        assert headings(response)[:6] == ["Rank", "Member", "Points", "Move", "Games", "Last meeting"]
    rows = movement_rows(response)
    assert [row[1] for row in rows] == RANKED
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5"]
    assert rows[0][2] == "+60.0" and rows[0][5] == ""  # 東田 did not play at the latest meeting
    assert rows[3][2] == f"{minus}40.0" and rows[3][5] == f"{minus}40.0"  # 中島 played only then
    up, same = ("↑11位上昇", "=変動なし") if language == "ja" else ("↑1up 1 place", "=unchanged")
    assert rows[1][3] == up and rows[0][3] == same
    assert rows[3][3] == ("初" if language == "ja" else "new")


def test_each_heading_sorts_on_the_value_better_first_and_ties_keep_the_rank(client, club, member, three_meetings):
    client.force_login(member)
    by_points = movement_rows(client.get(page(club, **{"move-sort": "points"})))
    assert [row[1] for row in by_points] == list(reversed(RANKED))  # ▲55.0 below ▲40.0 below +10.0
    risers = movement_rows(client.get(page(club, **{"move-sort": "-move"})))
    # Up 1, unchanged, then the two down 1 in rank order; new to the ranking last.
    assert [row[1] for row in risers] == ["南野二郎", "東田一郎", "西川三郎", "北村四郎", "中島五郎"]
    latest = movement_rows(client.get(page(club, **{"move-sort": "-last"})))
    assert [row[1] for row in latest][-1] == "東田一郎"  # no game at the latest meeting: below every figure
    response = client.get(page(club))
    assert 'href="?move-sort=-points#movement-heading"' in response.content.decode()  # better first, back here


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_ranking_downloads_as_csv_and_xlsx_in_the_page_language(client, club, member, three_meetings, language):
    client.force_login(member)
    with translation.override(language):
        sheet = csv_rows(client.get(page(club, _export="csv", _table="move-"), HTTP_ACCEPT_LANGUAGE=language))
        book = xlsx_sheet(client.get(page(club, _export="xlsx", _table="move-"), HTTP_ACCEPT_LANGUAGE=language))
    assert sheet[0] == (
        ["順位", "会員", "ポイント", "変動", "半荘数", "直近の開催日"]
        if language == "ja"
        else ["Rank", "Member", "Points", "Move", "Games", "Last meeting"]
    )
    assert [row[1] for row in sheet[1:]] == RANKED
    assert sheet[2][3] == ("1位上昇" if language == "ja" else "up 1 place")
    rows = list(book.iter_rows(values_only=True))
    assert rows[1][2] == 60 and rows[1][5] is None and rows[4][2] == -40 and rows[4][5] == -40


def test_a_download_without_a_table_named_is_still_the_grid(client, club, member, three_meetings):
    client.force_login(member)
    sheet = csv_rows(client.get(page(club, _export="csv")))
    assert len(sheet[0]) == 2 + 3  # member, total and the three meetings
