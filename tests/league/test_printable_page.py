"""The printable standings page (印刷用成績表): its columns and cells in Japanese and English, the club's
extra figures only where it has them, its heading, who may open it, the standings page's link to it and its
download.  How it prints (one A4 page for 40 members, 9 points or more): tests/browser/test_printable_browser.py."""

import pytest
from django.test.html import parse_html
from django.utils import timezone, translation

from league.text.formatting import format_date

from .standings_data import season_games, three_player_games
from .standings_html import find_all, text_of, url
from .test_page_tables import HOSTILE, body_rows, csv_rows, headings, xlsx_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


def printable(client, club, language="ja", **query):
    return client.get(url(club, language, name="standings_print", **query))


def test_the_key_columns_in_japanese_ranked_then_unranked(client, club, member, season):
    client.force_login(member)
    response = printable(client, club, season=season.pk)
    assert response.status_code == 200
    # Chips (中 +2, 南 −2) and shūgi (北's yakuman) are the club's: shown because someone has some.
    assert headings(response) == [
        "順位",
        "名前",
        "半荘数",
        "ポイント",
        "平均順位",
        "1着",
        "2着",
        "3着",
        "4着",
        "チップ",
        "祝儀",
    ]
    assert body_rows(response) == [
        ["1", "東田一郎", "4", "+88.0", "1.50", "2", "2", "0", "0", "±0", "▲20.0"],
        ["2", "南野二郎", "4", "+11.0", "2.50", "1", "1", "1", "1", "▲2", "±0.0"],
        ["3", "北村四郎", "4", "▲11.0", "3.25", "1", "0", "0", "3", "±0", "+60.0"],
        ["4", "中島五郎", "3", "▲13.0", "2.33", "1", "0", "2", "0", "+2", "▲20.0"],
        ["5", "西川三郎", "4", "▲75.0", "3.00", "0", "1", "2", "1", "±0", "▲20.0"],
        ["—", "六郷六郎", "1", "+5.0", "2.00", "0", "1", "0", "0", "±0", "±0.0"],  # fewer than 3 games
        ["—", "七海七郎", "0", "+3.0", "—", "0", "0", "0", "0", "±0", "±0.0"],  # an adjustment only
    ]
    page = parse_html(response.content.decode())
    minus = find_all(
        page,
        lambda node: getattr(node, "name", None) == "span" and ("class", "minus") in getattr(node, "attributes", []),
    )
    assert len(minus) == 3 + 1 + 3  # the points below zero, 南's chips, the shūgi below zero
    html = response.content.decode()
    assert "css/standings-print.css" in html and "club-nav" not in html  # its own sheet, no navigation


def test_in_english_with_the_heading_of_the_period_and_the_day_printed(client, club, member, season):
    client.force_login(member)
    response = printable(client, club, "en", season=season.pk)
    assert headings(response) == [
        "Rank",
        "Name",
        "Games",
        "Points",
        "Average place",
        "1st",
        "2nd",
        "3rd",
        "4th",
        "Chips",
        "Shūgi",
    ]
    assert body_rows(response)[2] == ["3", "北村四郎", "4", "−11.0", "3.25", "1", "0", "0", "3", "±0", "+60.0"]
    page = parse_html(response.content.decode())
    heading = " ".join(" ".join(text_of(node).split()) for node in find_all(page, lambda n: n.name == "header"))
    with translation.override("en"):
        today = format_date(timezone.localdate())
    assert "風の会" in heading and "2026年度" in heading and "四人打ち" in heading
    assert f"Printed on {today}" in heading


def test_a_club_without_chips_or_shugi_prints_no_such_columns_and_three_players_three_places(
    club, secretary, member, client
):
    rule_set = three_player_games(club, secretary)
    client.force_login(member)
    response = printable(client, club, rule_set=rule_set.slug)
    assert headings(response) == ["順位", "名前", "半荘数", "ポイント", "平均順位", "1着", "2着", "3着"]
    assert [row[1] for row in body_rows(response)] == ["乙", "甲", "丙"]


def test_the_same_query_as_the_standings_page_and_its_link(client, club, member, season):
    client.force_login(member)
    query = {"season": season.pk, "from": "2026-05-01", "to": "2026-05-31"}
    response = printable(client, club, **query)  # May: G1 and G2 only
    assert [row[1] for row in body_rows(response)] == ["南野二郎", "東田一郎", "西川三郎", "中島五郎", "北村四郎"]
    standings = client.get(url(club, "ja", **query, view="projector", sort="games"))
    links = [
        dict(node.attributes)["href"]
        for node in find_all(parse_html(standings.content.decode()), lambda n: n.name == "a")
    ]
    printable_links = [link for link in links if "/standings/print/" in link]
    assert len(printable_links) == 1
    link = printable_links[0]
    assert f"season={season.pk}" in link and "from=2026-05-01" in link and "to=2026-05-31" in link
    assert "view=" not in link and "sort=" not in link
    assert client.get(link).status_code == 200


def test_an_outsider_of_a_private_club_gets_404_a_public_club_is_open(client, club, outsider, season):
    client.force_login(outsider)
    assert printable(client, club).status_code == 404
    client.logout()
    assert printable(client, club).status_code == 404
    club.is_public = True
    club.save()
    assert printable(client, club, season=season.pk).status_code == 200


def test_downloads_write_numbers_and_keep_a_hostile_name_text(client, club, member, season):
    club.members.filter(name="六郷六郎").update(name=HOSTILE)
    client.force_login(member)
    rows = csv_rows(printable(client, club, season=season.pk, _export="csv"))
    assert rows[0][:5] == ["順位", "名前", "半荘数", "ポイント", "平均順位"]
    assert rows[1][:5] == ["1", "東田一郎", "4", "88.0", "1.50"]
    assert rows[6][1] == "'" + HOSTILE
    sheet = xlsx_sheet(printable(client, club, season=season.pk, _export="xlsx"))
    assert sheet["D4"].value == -11 and sheet["B7"].value == HOSTILE and sheet["B7"].data_type == "s"


def test_a_fixed_number_of_queries(client, club, member, season, django_assert_max_num_queries):
    client.force_login(member)
    with django_assert_max_num_queries(12):
        assert printable(client, club, season=season.pk).status_code == 200


def test_before_any_rule_the_page_says_so(client, club, member):
    club.rule_sets.all().delete()
    client.force_login(member)
    response = printable(client, club)
    assert response.status_code == 200
    assert "このクラブにはまだルールがないため" in response.content.decode()
