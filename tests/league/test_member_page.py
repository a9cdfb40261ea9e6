"""Member pages (個人成績): every figure against games worked out by hand, the charts, the JSON, who may see them.

The club is 風の会 (tests/league/conftest.py) playing the 爆風 rules: 25,000 start,
30,000 target (oka +20 to the top), uma +20/+10/−10/−20, bust 10 to the buster,
chips 5 points each, yakuman shūgi 20 from each (tsumo) or 30 (ron).

東田 (the member followed here) plays five games of the 2026 season:

| # | date  | seats (東南西北)        | scores                  | 東田            |
|---|-------|-------------------------|-------------------------|-----------------|
| 1 | 05-10 | 東田 南野 西川 北村      | 40000 30000 20000 10000 | 1st  +50.0      |
| 2 | 05-10 | 南野 東田 西川 北村      | 45000 35000 15000  5000 | 2nd  +15.0      |
| 3 | 06-14 | 西川 北村 東田 中島      | 50000 30000 22000 -2000 | 3rd  −18.0 (中島 busted by 西川) |
| 4 | 06-14 | 東田 南野 西川 中島      | 10000 40000 30000 20000 | 4th  −50.0 (chips −2: −10.0) |
| 5 | 06-14 | 東田 南野 北村 中島      | 60000 20000 10000 10000 | 1st +130.0 (a) |

(a) 四暗刻 tsumo, +60.0 shūgi; 北村 and 中島 tie on 10,000 and 北村 is 3rd by seat.

plus a voided game on 06-14 and a game on 2026-03-20, in the season before.
Other members' seasons: 南野 +10 +55 +65 −20 = +110.0; 西川 −20 −25 +70 +10 = +35.0;
北村 −40 −45 +10 −50 = −125.0; 中島 −62 −25 −60 = −147.0 (the games sum to 0).
"""

import datetime
import json
import re
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Club, Member, Membership, Role, RuleSet, RuleVersion, Season
from league.presentation import charts
from league.stats.member import members_with_games

from .member_history import SANMA_RULES, api_url, meeting_on, page_url, people, play, play_many

pytestmark = pytest.mark.usefixtures("member_page_today", "japanese")

SPLIT_RULES = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "rounding": "half_up",
    "ties": "split",
}


def page_lines(response):
    """The games and day totals on the page of the history shown, as the read model gives them."""
    return [row.record.entry for row in response.context["history_table"].paginated_rows]


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- the figures ------------------------------------------------------------------------------------------


def test_summary_is_the_members_standings_line(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"]))
    record = response.context["record"]
    line = record.line
    assert response.context["season"].name == "2026年度"
    assert record.period.first_day == datetime.date(2026, 4, 1)
    assert (line.rank, record.ranked_out_of) == (1, 4)  # 中島 has 3 games of the 4 needed
    assert line.games == 5
    assert (line.game_points, line.adjustments, line.points) == (1270, 50, 1320)
    assert str(line.per_game) == "26.4"
    assert str(line.average_place) == "2.20"  # (1 + 2 + 3 + 4 + 1) / 5
    assert line.places == [2, 1, 1, 1]
    assert [str(rate) for rate in line.place_rates] == ["40.0", "20.0", "20.0", "20.0"]
    assert (str(line.top_rate), str(line.rentai_rate), str(line.last_avoid_rate), str(line.bust_rate)) == (
        "40.0",
        "60.0",
        "80.0",
        "0.0",
    )
    assert "1 of 4" in text_of(client.get("/en" + page_url(club, league["東田"])).content.decode())
    assert (line.best, line.worst) == (1300, -500)
    assert line.average_score == 33400  # (40000 + 35000 + 22000 + 10000 + 60000) / 5
    assert (line.chips, line.chip_points, line.shugi) == (-2, -100, 600)
    text = text_of(response.content.decode())
    for shown in ("+132.0", "+26.4", "2.20", "33,400", "+130.0", "▲50.0", "+60.0", "+5.0", "40.0%", "80.0%"):
        assert shown in text, shown


def test_an_unranked_member_and_the_rank_of_others(client, club, member, league):
    client.force_login(member)
    nakajima = client.get(page_url(club, league["中島"])).context["record"]
    assert nakajima.line.rank is None and nakajima.line.games == 3
    assert nakajima.line.busts == 1 and str(nakajima.line.bust_rate) == "33.3"
    kitamura = client.get(page_url(club, league["北村"])).context["record"]
    assert kitamura.line.rank == 4 and kitamura.line.game_points == -1250


def test_history_lists_every_game_that_counts_newest_first_with_every_part(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"]))
    lines = page_lines(response)
    games = league["games"]
    assert [line.game.pk for line in lines] == [g.pk for g in reversed(games)]  # no void, nothing from March
    assert [line.seat.place for line in lines] == [1, 4, 3, 2, 1]
    assert [line.seat.total for line in lines] == [1300, -500, -180, 150, 500]
    assert [line.cumulative for line in lines] == [1270, -30, 470, 650, 500]
    latest = lines[0]
    assert [latest.seat.seat, str(latest.seat.wind), latest.seat.score] == [0, "東", 60000]
    assert [s.member.name[:2] for s in latest.opponents] == ["南野", "北村", "中島"]
    assert (latest.seat.base, latest.seat.oka, latest.seat.uma, latest.seat.shugi) == (300, 200, 200, 600)
    chips = lines[1].seat
    assert (chips.chips, chips.chip_points, chips.base, chips.uma, chips.total) == (-2, -100, -200, -200, -500)
    html = response.content.decode()
    link = html.index(reverse("game_detail", args=[club.slug, games[3].pk]))
    row = html[html.rindex("<tr", 0, link) :]
    row = row[: row.index("</tr>")]
    assert "▲50.0" in row and "▲10.0" in row and "(▲2)" in row and "10,000" in row
    assert reverse("meeting_detail", args=[club.slug, games[0].meeting_id]) in html
    assert reverse("game_detail", args=[club.slug, league["voided"].pk]) not in html
    assert reverse("game_detail", args=[club.slug, league["before"].pk]) not in html
    # Seats by wind: 東田 sat South in game 2 and West in game 3.
    assert [line.seat.seat for line in lines] == [0, 0, 2, 1, 0]
    assert ">西</td>" in html and ">南</td>" in html


def test_all_games_include_the_season_before_but_never_a_void_game(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"], season="all"))
    record = response.context["record"]
    assert response.context["season"] is None
    assert record.line.games == 6
    assert record.line.game_points == 1270 + 700  # 国士無双 ron: 40 + 30 shūgi
    assert record.line.rank == 1 and record.ranked_out_of == 5  # all games: no minimum
    assert record.games[0].game.pk == league["before"].pk
    assert [y.name for y in record.yakuman] == ["四暗刻", "国士無双"]


def test_streaks(client, club, member, league):
    client.force_login(member)
    record = client.get(page_url(club, league["東田"])).context["record"]
    games = league["games"]
    by_kind = {s.kind: s for s in record.streaks}
    # places 1 2 3 4 1; totals + + − − +
    top = by_kind["top"]
    assert (top.longest.length, top.longest.first.game.pk) == (1, games[4].pk)  # the latest of equal runs
    assert (top.current.length, top.current.first.game.pk) == (1, games[4].pk)
    not_last = by_kind["not_last"]
    assert (not_last.longest.length, not_last.longest.first.game.pk, not_last.longest.last.game.pk) == (
        3,
        games[0].pk,
        games[2].pk,
    )
    assert not_last.current.length == 1
    positive = by_kind["positive"]
    assert (positive.longest.length, positive.longest.first.game.pk, positive.longest.last.game.pk) == (
        2,
        games[0].pk,
        games[1].pk,
    )
    assert positive.current.length == 1
    nakajima = client.get(page_url(club, league["中島"])).context["record"]
    # 中島: 4th, 3rd, 4th (last on the seat tie with 北村), never positive.
    assert {s.kind: (s.longest.length, s.current.length) for s in nakajima.streaks} == {
        "top": (0, 0),
        "not_last": (1, 0),
        "positive": (0, 0),
    }
    text = text_of(client.get("/en" + page_url(club, league["東田"])).content.decode())
    assert (
        "Not last (ラス回避) Longest: 3 games ( Sun 10 May 2026 – Sun 14 Jun 2026 ) "
        "Current: 1 game (since Sun 14 Jun 2026 )"
    ) in text
    assert "Positive totals Longest: 2 games ( Sun 10 May 2026 ) Current: 1 game" in text  # one day: said once


def test_head_to_head(client, club, member, league):
    client.force_login(member)
    record = client.get(page_url(club, league["東田"])).context["record"]
    table = [
        (h.opponent.name[:2], h.games, h.above, h.below, h.even, h.points, h.opponent_points)
        for h in record.head_to_head
    ]
    assert table == [
        # most games together first, then by reading: きたむら, にしかわ, みなみの
        ("北村", 4, 3, 1, 0, 1770, -1250),
        ("西川", 4, 2, 2, 0, -30, 350),
        ("南野", 4, 2, 2, 0, 1450, 1100),
        ("中島", 3, 2, 1, 0, 620, -1470),
    ]


def test_yakuman_list(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"]))
    yakuman = response.context["record"].yakuman
    assert [(y.name, y.win, y.game_id) for y in yakuman] == [("四暗刻", "tsumo", league["games"][4].pk)]
    html = response.content.decode()
    section = html[html.index('class="member-yakuman"') :]
    assert "四暗刻" in section and "大三元" not in section and "国士無双" not in section
    assert reverse("game_detail", args=[club.slug, league["games"][4].pk]) in section


def test_the_yakuman_list_reads_only_what_it_shows(client, club, member, league):
    """A yakuman's meeting carries the day's settlement and its game the sheet as entered (JSON): over every season
    of a long history they were the page's slowest query, and nothing shown needs them."""
    client.force_login(member)
    with CaptureQueriesContext(connection) as queries:
        client.get(page_url(club, league["東田"]))
    yakuman_reads = [query["sql"] for query in queries if 'FROM "league_yakuman"' in query["sql"]]
    assert len(yakuman_reads) == 1
    assert "settlement" not in yakuman_reads[0] and "sheet" not in yakuman_reads[0]
    data = client.get(api_url(club, league["東田"])).json()
    game = league["games"][4]
    assert [(y["name"], y["date"], y["meeting_id"], y["game_id"]) for y in data["yakuman"]] == [
        ("四暗刻", game.meeting.date.isoformat(), game.meeting_id, game.pk)
    ]


def test_a_split_tie_counts_as_the_same_place(club, secretary, member, client, season):
    rule_set = RuleSet.objects.create(club=club, slug="split", name="同点分け", position=1)
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=SPLIT_RULES)
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 6, 1), rule_set)
    play(secretary, meeting, 1, [p["東田"], p["南野"], p["西川"], p["北村"]], [35000, 35000, 20000, 10000])
    client.force_login(member)
    record = client.get(page_url(club, p["東田"], rule_set="split")).context["record"]
    assert record.period.rule_set == rule_set
    assert record.line.places == [1, 0, 0, 0] and record.line.game_points == 300  # 5 + 10 oka + 15 pooled uma
    h2h = {h.opponent.name[:2]: (h.above, h.below, h.even, h.points, h.opponent_points) for h in record.head_to_head}
    assert h2h["南野"] == (0, 0, 1, 300, 300)
    assert h2h["北村"] == (1, 0, 0, 300, -400)
    assert {s.kind: s.longest.length for s in record.streaks}["top"] == 1
    # The id of a rule set is as good as its address name.
    assert client.get(page_url(club, p["東田"], rule_set=rule_set.pk)).context["record"].period.rule_set == rule_set


def test_a_three_player_rule_set(club, secretary, member, client, season):
    rule_set = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち", position=1)
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=SANMA_RULES)
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 6, 1), rule_set)
    play(secretary, meeting, 1, [p["東田"], p["南野"], p["西川"]], [50000, 35000, 20000])
    play(secretary, meeting, 2, [p["南野"], p["西川"], p["東田"]], [60000, 30000, 15000])
    client.force_login(member)
    response = client.get(page_url(club, p["東田"], rule_set="sanma"))
    record = response.context["record"]
    assert record.players == 3
    assert record.line.places == [1, 0, 1]
    assert (record.line.game_points, str(record.line.average_place)) == (0, "2.00")  # +45.0 − 45.0
    assert (str(record.line.rentai_rate), str(record.line.last_avoid_rate)) == ("50.0", "50.0")
    assert [str(line.seat.wind) for line in record.newest_first] == ["西", "東"]
    assert {s.kind: s.longest.length for s in record.streaks}["not_last"] == 1
    places = _figure(response.content.decode(), "places")
    assert len(places.findall(".//rect")) == 3
    assert "±0.0" in text_of(response.content.decode())
    # The club now has two rule sets: the page offers the choice and names the one shown.
    html = response.content.decode()
    assert 'name="rule_set"' in html and "三人打ち" in html


def test_the_main_rule_set_is_shown_first(club, secretary, member, client, league):
    RuleSet.objects.create(club=club, slug="other", name="別ルール", position=0)
    client.force_login(member)
    record = client.get(page_url(club, league["東田"])).context["record"]
    assert record.period.rule_set.slug == "main"  # the one with the games, though listed second


def test_a_member_with_no_games(client, club, member, league):
    client.force_login(member)
    newcomer = Member.objects.create(club=club, name="新人", kana="しんじん")
    response = client.get(page_url(club, newcomer))
    assert response.status_code == 200
    assert response.context["record"].games == [] and response.context["record"].line.rank is None
    assert "points_chart" not in response.context and "<svg" not in response.content.decode()
    data = client.get(api_url(club, newcomer)).json()
    assert (data["summary"]["games"], data["summary"]["points"], data["summary"]["per_game"]) == (0, 0.0, None)
    assert data["games"] == [] and data["head_to_head"] == []
    assert data["streaks"]["top"]["longest"] == {
        "length": 0,
        "from": None,
        "to": None,
        "first_game_id": None,
        "last_game_id": None,
    }


def test_unusable_choices_are_reported_and_the_defaults_shown(client, club, member, league):
    client.force_login(member)
    response = client.get(page_url(club, league["東田"], season="999", rule_set="nope"))
    assert response.status_code == 200
    assert response.context["record"].line.games == 5  # the season in force, the main rules
    html = response.content.decode()
    assert 'class="errors"' in html and 'id="id_season_error"' in html and 'id="id_rule_set_error"' in html
    answer = client.get(api_url(club, league["東田"], season="999"))
    assert answer.status_code == 400
    assert answer.json()["errors"]["season"][0]["code"] == "invalid_choice"


def test_pages_of_a_long_history(client, club, member, secretary, season):
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 5, 1))
    games = [
        play(secretary, meeting, n, [p["東田"], p["南野"], p["西川"], p["北村"]], [40000, 30000, 20000, 10000])
        for n in range(1, 41)
    ]
    client.force_login(member)
    first = client.get(page_url(club, p["東田"]))
    assert [line.game.pk for line in page_lines(first)] == [g.pk for g in reversed(games)][:30]
    assert "page=2" in first.content.decode()
    second = client.get(page_url(club, p["東田"], season=season.pk, page=2))
    assert [line.game.pk for line in page_lines(second)] == [g.pk for g in reversed(games)][30:]
    assert f"season={season.pk}" in second.content.decode()  # the choice is kept on the page links
    assert {s.kind: s.current.length for s in second.context["record"].streaks}["top"] == 40


# --- the members index --------------------------------------------------------------------------------


def test_members_index_lists_members_by_reading_with_games_this_season(client, club, member, league):
    client.force_login(member)
    response = client.get(reverse("member_list", kwargs={"slug": club.slug}))
    assert response.status_code == 200
    listed = [(m.name[:2], m.games) for m in response.context["members"]]
    assert listed == [("北村", 4), ("中島", 3), ("西川", 4), ("東田", 5), ("南野", 4)]
    html = response.content.decode()
    assert page_url(club, league["東田"]) in html
    assert 'aria-current="page"' in html  # the club navigation marks "members"
    all_time = {m.name[:2]: m.games for m in members_with_games(club)}
    assert all_time["東田"] == 6


# --- the charts -----------------------------------------------------------------------------------------


def _figure(html, chart_id):
    match = re.search(rf'<figure class="chart" id="{chart_id}">.*?</figure>', html, re.S)
    assert match, chart_id
    return ET.fromstring(match.group(0))


def _points(polyline):
    return [tuple(float(n) for n in pair.split(",")) for pair in polyline.get("points").split()]


def test_the_charts_on_the_page(client, club, member, league):
    client.force_login(member)
    html = client.get(page_url(club, league["東田"])).content.decode()
    line = _figure(html, "cumulative-points")
    svg = line.find("svg")
    assert svg.get("role") == "img" and svg.get("viewBox") == "0 0 400 240"
    assert svg.find("title").text and "5" in svg.find("desc").text and "+127.0" in svg.find("desc").text
    assert svg.get("aria-labelledby") == "cumulative-points-title"
    points = _points(svg.find("polyline"))
    assert len(points) == 6  # the start at 0, then one per game
    assert len(svg.findall("circle")) == 5
    # Cumulative +50, +65, +47, −3, +127: ticks every 50 points from ▲50 to +150 (a plot 180 high from y=26).
    zero = next(el for el in svg.findall("line") if "chart-zero" in el.get("class"))
    assert float(zero.get("y1")) == points[0][1] == 161.0
    assert points == [(48.0, 161.0), (116.0, 116.0), (184.0, 102.5), (252.0, 118.7), (320.0, 163.7), (388.0, 46.7)]
    assert points[4][1] > float(zero.get("y1")) > points[3][1]  # −3.0 is just below the zero line
    assert min(points, key=lambda p: p[1]) == points[5]  # +127.0 is the highest
    hidden = line.find(".//table")
    assert hidden.get("class") == "visually-hidden" and len(hidden.findall("./tbody/tr")) == 5
    places = _figure(html, "places")
    bars = places.findall(".//rect")
    assert places.find("svg").get("role") == "img" and places.find("svg/title").text
    assert len(bars) == 4
    heights = [float(bar.get("height")) for bar in bars]
    assert heights[0] == 2 * heights[1] == 2 * heights[2] == 2 * heights[3]  # 2, 1, 1, 1
    assert "40.0%" in places.find("svg/desc").text


def test_line_chart_places_values_exactly():
    figure = ET.fromstring(
        str(charts.line_chart("t", [100, -100, 300], title="t", desc="d", y_label="P", x_label="G", min_step=10))
    )
    svg = figure.find("svg")
    # Values −100…300 with ticks every 100: the plot runs from y=206 (−100) to y=26 (+300), x from 48 to 388.
    assert _points(svg.find("polyline")) == [(48.0, 161.0), (161.3, 116.0), (274.7, 206.0), (388.0, 26.0)]
    ticks = [t.text for t in svg.findall("text") if t.get("text-anchor") == "end" and t.get("class") == "chart-tick"]
    assert ticks == ["-100", "0", "100", "200", "300"]
    assert figure.find(".//table") is None  # no table asked for
    assert svg.find("title").text == "t" and svg.find("desc").text == "d"


def test_bar_chart_places_values_exactly():
    figure = ET.fromstring(
        str(charts.bar_chart("b", [("1", 4, "40%"), ("2", 0, "0%"), ("3", 2, "20%")], title="t", desc="d"))
    )
    bars = figure.findall(".//rect")
    assert [float(b.get("height")) for b in bars] == [150.0, 0.0, 75.0]  # 150 units for the tallest
    assert [float(b.get("y")) for b in bars] == [56.0, 206.0, 131.0]  # from the baseline at y=206
    labels = [t.text for t in figure.findall(".//text") if t.get("class") == "chart-value"]
    assert labels == ["4", "0", "2"]


def test_chart_text_is_escaped():
    figure = str(charts.line_chart("x", [10], title="<b>", desc="a & b", y_label="<", x_label=">"))
    assert "<b>" not in figure and "&lt;b&gt;" in figure and "a &amp; b" in figure


def test_charts_use_no_inline_style_or_script(client, club, member, league):
    client.force_login(member)
    html = client.get(page_url(club, league["東田"])).content.decode()
    main = html[html.index("<main") :]
    assert "style=" not in main and "<script" not in main


# --- JSON -----------------------------------------------------------------------------------------------


def test_json(client, club, member, league):
    client.force_login(member)
    response = client.get(api_url(club, league["東田"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    higashida, games = league["東田"], league["games"]
    assert data["member"] == {"id": higashida.pk, "name": "東田一郎", "kana": "ひがしだいちろう", "guest": False}
    season = Season.objects.get(name="2026年度")
    assert data["period"] == {
        "rule_set": {"id": club.rule_sets.get().pk, "slug": "main", "name": "四人打ち"},
        "season": {"id": season.pk, "name": "2026年度"},
        "first_day": "2026-04-01",
        "last_day": "2027-03-31",
        "min_games": 4,
        "players": 4,
    }
    assert data["summary"] == {
        "rank": 1,
        "ranked": True,
        "games": 5,
        "points": 132.0,
        "game_points": 127.0,
        "day_points": 0.0,
        "adjustments": 5.0,
        "per_game": 26.4,
        "placed_games": 5,
        "day_total_games": 0,
        "average_place": 2.2,
        "places": [2, 1, 1, 1],
        "place_rates": [40.0, 20.0, 20.0, 20.0],
        "top_rate": 40.0,
        "rentai_rate": 60.0,
        "last_avoid_rate": 80.0,
        "busts": 0,
        "bust_rate": 0.0,
        "best": 130.0,
        "worst": -50.0,
        "average_score": 33400,
        "scored_games": 5,
        "chips": -2,
        "chip_points": -10.0,
        "shugi": 60.0,
        "last_played": data["summary"]["last_played"],
    }
    assert data["summary"]["last_played"] == max(g["date"] for g in data["games"])
    assert [g["game_id"] for g in data["games"]] == [g.pk for g in reversed(games)]
    latest = data["games"][0]
    assert latest == {
        "date": "2026-06-14",
        "meeting_id": games[4].meeting_id,
        "game_id": games[4].pk,
        "round": 3,
        "table": 1,
        "seat": 0,
        "wind": "east",
        "place": 1,
        "points_only": False,
        "score": 60000,
        "chips": 0,
        "base": 30.0,
        "oka": 20.0,
        "uma": 20.0,
        "bust": 0.0,
        "chip_points": 0.0,
        "shugi": 60.0,
        "chombo": 0.0,
        "total": 130.0,
        "cumulative": 127.0,
        "opponents": [
            {
                "id": league["南野"].pk,
                "name": "南野二郎",
                "seat": 1,
                "wind": "south",
                "place": 2,
                "score": 20000,
                "total": -20.0,
            },
            {
                "id": league["北村"].pk,
                "name": "北村四郎",
                "seat": 2,
                "wind": "west",
                "place": 3,
                "score": 10000,
                "total": -50.0,
            },
            {
                "id": league["中島"].pk,
                "name": "中島五郎",
                "seat": 3,
                "wind": "north",
                "place": 4,
                "score": 10000,
                "total": -60.0,
            },
        ],
    }
    assert data["games"][1]["chip_points"] == -10.0 and data["games"][1]["chips"] == -2
    assert data["games"][2]["total"] == -18.0 and data["games"][2]["wind"] == "west"
    assert data["streaks"]["not_last"] == {
        "longest": {
            "length": 3,
            "from": "2026-05-10",
            "to": "2026-06-14",
            "first_game_id": games[0].pk,
            "last_game_id": games[2].pk,
        },
        "current": {
            "length": 1,
            "from": "2026-06-14",
            "to": "2026-06-14",
            "first_game_id": games[4].pk,
            "last_game_id": games[4].pk,
        },
    }
    assert set(data["streaks"]) == {"top", "not_last", "positive"}
    assert data["yakuman"] == [
        {
            "name": "四暗刻",
            "kind": "yakuman",
            "win": "tsumo",
            "count": 1,
            "date": "2026-06-14",
            "meeting_id": games[4].meeting_id,
            "game_id": games[4].pk,
        }
    ]
    assert data["head_to_head"][0] == {
        "opponent": {"id": league["北村"].pk, "name": "北村四郎", "kana": "きたむらしろう", "guest": False},
        "games": 4,
        "above": 3,
        "below": 1,
        "even": 0,
        "points": 177.0,
        "opponent_points": -125.0,
    }
    assert b"\\u" not in response.content  # Japanese as UTF-8, readable


def test_json_takes_the_same_choices_as_the_page(client, club, member, league):
    client.force_login(member)
    data = client.get(api_url(club, league["東田"], season="all")).json()
    assert data["period"]["season"] is None and data["period"]["first_day"] is None
    assert data["summary"]["games"] == 6 and data["summary"]["points"] == 202.0
    assert data["summary"]["rank"] == 1
    assert len(data["games"]) == 6  # one page
    assert [y["name"] for y in data["yakuman"]] == ["四暗刻", "国士無双"]


def test_the_page_links_to_its_json(client, club, member, league):
    client.force_login(member)
    html = client.get(page_url(club, league["東田"], season="all")).content.decode()
    assert api_url(club, league["東田"]) + "?season=all" in html


# --- a fixed number of queries --------------------------------------------------------------------------


def _many_games(club, secretary, count):
    p = people(club)
    meeting = meeting_on(club, datetime.date(2026, 5, 1))
    for n in range(1, count + 1):
        seats = [p["東田"], p["南野"], p["西川"], p["北村"]]
        seats = seats[n % 4 :] + seats[: n % 4]
        play(
            secretary,
            meeting,
            n,
            seats,
            [40000, 30000, 20000, 10000],
            yakuman=[{"seat": 0, "win": "tsumo", "name": "大四喜"}] if n % 7 == 0 else [],
        )
    return p["東田"]


# session, user, club, membership, member, seasons, current season, rule sets, their versions,
# standings (seats, day totals, adjustments, members), day totals, the member's meeting lines (the games of
# days outside their stored months), their stored months, the head-to-head's sum of them, the streaks' ends,
# yakuman, the page's days' games, and every seat of the page's games
PAGE_QUERIES = 21


@pytest.mark.parametrize("games", [3, 40])
def test_the_page_costs_the_same_queries_for_3_or_40_games(
    client, club, member, secretary, season, games, django_assert_num_queries
):
    higashida = _many_games(club, secretary, games)
    client.force_login(member)
    with django_assert_num_queries(PAGE_QUERIES):
        response = client.get(page_url(club, higashida))
    assert response.context["record"].line.games == games
    with django_assert_num_queries(PAGE_QUERIES):
        client.get(page_url(club, higashida, page=2))
    with django_assert_num_queries(PAGE_QUERIES):
        client.get(api_url(club, higashida))


def test_the_page_costs_the_same_queries_for_320_games_over_months_of_every_season(
    client, club, member, secretary, season, django_assert_num_queries
):
    p = people(club)
    games = []
    for day in range(16):  # every fourth day from 2025-12-20: games of the season before, and of partial months
        meeting = meeting_on(club, datetime.date(2025, 12, 20) + datetime.timedelta(days=4 * day))
        for n in range(1, 21):
            seats = [p["東田"], p["南野"], p["西川"], p["北村"]]
            games.append((meeting, n, seats[n % 4 :] + seats[: n % 4], [40000, 30000, 20000, 10000], {}))
    play_many(secretary, games)
    client.force_login(member)
    for query in ({"season": "all"}, {"season": "all", "page": 3}):  # the current season is not looked up
        with django_assert_num_queries(PAGE_QUERIES - 1):
            client.get(page_url(club, p["東田"], **query))
        with django_assert_num_queries(PAGE_QUERIES - 1):
            client.get(api_url(club, p["東田"], **query))
    before = Season.objects.get(name="2025年度")  # from a month's first day to a month's last
    with django_assert_num_queries(PAGE_QUERIES - 1):  # a season chosen: the current one is not looked up
        client.get(page_url(club, p["東田"], season=before.pk, page=2))


@pytest.mark.parametrize("games", [3, 40])
def test_the_index_costs_the_same_queries_for_3_or_40_games(
    client, club, member, secretary, season, games, django_assert_num_queries
):
    _many_games(club, secretary, games)
    client.force_login(member)
    # session, user, club, membership, current season, members, their games, their day totals' hanchan
    with django_assert_num_queries(8):
        client.get(reverse("member_list", kwargs={"slug": club.slug}))


# --- members of another club ---------------------------------------------------------------------------


def _urls(club, member_obj):
    return [
        page_url(club, member_obj),
        api_url(club, member_obj),
        reverse("member_list", kwargs={"slug": club.slug}),
    ]


def test_a_member_of_another_club_gets_404(client, club, league):
    other = Club.objects.create(slug="yama", name="山の会", is_public=False)
    stranger = Member.objects.create(club=other, name="山田", kana="やまだ")
    user = get_user_model().objects.create_user(username="yamada", password="correct horse battery")
    Membership.objects.create(user=user, club=other, role=Role.OWNER)
    client.force_login(user)
    assert [client.get(url).status_code for url in _urls(club, league["東田"])] == [404, 404, 404]
    # …and a member of the other club is not found through this club's address, even by its own owner.
    assert client.get(page_url(club, stranger)).status_code == 404
    assert client.get(page_url(other, stranger)).status_code == 200
    club.is_public = True
    club.save()
    assert client.get(page_url(club, stranger)).status_code == 404
    assert client.get(api_url(club, stranger)).status_code == 404
