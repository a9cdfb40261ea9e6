"""Japanese that reads right on the game pages: 勝利点 heads the base column of win-points rules, chips are
signed as points are (▲), and "Games" as a list heading (対局) is not the count (半荘数)."""

import re

from league.models import Member
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .conftest import game_post


def headers(html):
    """The column headings' text; a heading that sorts its table is a link (its sort mark left out)."""
    return [
        re.sub(r"<[^>]+>", "", cell).removesuffix(" ▲").removesuffix(" ▼")
        for cell in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html)
    ]


def played(meeting, secretary, scores, chips=None):
    members = list(Member.objects.order_by("pk")[:4])
    return record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=members, scores=scores, chips=chips or [])),
        secretary,
    )


def test_a_win_points_game_heads_its_base_column_win_points(client, member, secretary, meeting, boo):
    game = played(meeting, secretary, [12000, 9000, 6000, 5000])
    client.force_login(member)
    assert "勝利点" in headers(client.get(f"/c/{boo.slug}/games/{game.pk}/").content.decode())
    assert "素点ポイント" not in headers(client.get(f"/c/{boo.slug}/games/{game.pk}/").content.decode())
    page = client.get(f"/c/{boo.slug}/members/{game.seats.first().member_id}/").content.decode()
    assert "勝利点" in headers(page)
    assert "Win points" in headers(client.get(f"/en/c/{boo.slug}/games/{game.pk}/").content.decode())


def test_the_preview_of_a_win_points_game_heads_it_win_points(client, secretary, meeting, boo):
    client.force_login(secretary)
    data = game_post(**{f"score_{seat}": score for seat, score in enumerate(("12000", "9000", "6000", "5000"))})
    html = client.post(f"/c/{boo.slug}/meetings/{meeting.pk}/preview/", data).content.decode()
    assert "勝利点" in headers(html)


def test_an_oka_uma_game_keeps_its_base_column(client, member, secretary, meeting, club):
    game = played(meeting, secretary, [40000, 30000, 20000, 10000])
    client.force_login(member)
    columns = headers(client.get(f"/c/{club.slug}/games/{game.pk}/").content.decode())
    assert "勝利点" not in columns and "素点ポイント" in columns


def test_chips_are_signed_like_points_on_the_days_table_and_the_breakdown(client, member, secretary, meeting, club):
    game = played(meeting, secretary, [40000, 30000, 20000, 10000], chips=[3, 0, -1, -2])
    client.force_login(member)
    day = client.get(f"/c/{club.slug}/meetings/{meeting.pk}/").content.decode()
    chips = re.findall(r'<td class="num detail-cell">([^<]*)</td></tr>', day)  # the day's table: chips come last
    assert sorted(chips) == sorted(["+3", "±0", "▲1", "▲2"])
    breakdown = client.get(f"/c/{club.slug}/games/{game.pk}/").content.decode()
    assert "<small>(+3)</small>" in breakdown and "<small>(▲1)</small>" in breakdown
    assert "<small>(−1)</small>" in client.get(f"/en/c/{club.slug}/games/{game.pk}/").content.decode()


def test_games_as_a_list_heading_and_as_a_count_are_two_words(client, member, secretary, meeting, club):
    played(meeting, secretary, [40000, 30000, 20000, 10000])
    client.force_login(member)
    html = client.get(f"/c/{club.slug}/meetings/{meeting.pk}/").content.decode()
    assert '<h2 id="games-heading">対局</h2>' in html
    assert "半荘数" in headers(html)
