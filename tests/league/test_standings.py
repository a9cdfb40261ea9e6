"""Season standings (成績表): every figure against the hand-worked games of standings_data.py,
the ranking order, and the page (columns, sorting, filters, bad input).  Who may see it, the JSON
and the number of queries: test_standings_api.py."""

import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from league.models import Member, RuleVersion
from league.stats.standings import Line, Period, _number, standings

from .standings_data import boo_games, meeting_on, play, season_games, three_player_games
from .standings_html import ranked_names, standings_tables, url

D = datetime.date
EAST, SOUTH, WEST, NORTH, CENTRE = "東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"
SIX, SEVEN = "六郷六郎", "七海七郎"
SEASON_ORDER = [EAST, SOUTH, NORTH, CENTRE, WEST]


@pytest.fixture(autouse=True)
def japanese():
    """Pages in English leave English active in the test thread: put back what was there after each test."""
    with translation.override("ja"):
        yield


@pytest.fixture
def season(club, secretary):
    return season_games(club, secretary)


@pytest.fixture
def period(club, season):
    return Period(
        rule_set=club.rule_sets.get(slug="main"),
        first_day=season.starts_on,
        last_day=season.ends_on,
        min_games=season.min_games,
    )


def names(lines):
    return [line.member.name for line in lines]


# -- the figures ---------------------------------------------------------------------------------


def test_every_figure_of_the_season(period):
    table = standings(period)
    assert (table.players, table.win_points, table.games) == (4, False, 5)  # G1–G4 and G7; not G5, not G6
    assert table.last_played == D(2026, 7, 12)
    assert names(table.ranked) == SEASON_ORDER
    assert [line.rank for line in table.ranked] == [1, 2, 3, 4, 5]
    assert names(table.unranked) == [SIX, SEVEN]
    assert [line.rank for line in table.unranked] == [None, None]
    lines = {line.member.name: line for line in table.lines}

    east = lines[EAST]
    assert (east.games, east.points, east.game_points, east.adjustments) == (4, 880, 880, 0)  # −10.0 on 3/1 is outside
    assert east.places == [2, 2, 0, 0]
    assert east.per_game == Decimal("22.0")
    assert east.average_place == Decimal("1.50")
    assert east.place_rates == [Decimal("50.0"), Decimal("50.0"), Decimal("0.0"), Decimal("0.0")]
    assert (east.top_rate, east.rentai_rate, east.last_avoid_rate) == (
        Decimal("50.0"),
        Decimal("100.0"),
        Decimal("100.0"),
    )
    assert (east.busts, east.bust_rate, east.chips, east.chip_points, east.shugi) == (0, Decimal("0.0"), 0, 0, -200)
    assert (east.best, east.worst, east.average_score) == (550, -120, 32000)

    south = lines[SOUTH]
    assert (south.games, south.points, south.places) == (4, 110, [1, 1, 1, 1])
    assert south.per_game == Decimal("2.8")  # 2.75 rounded half up
    assert south.average_place == Decimal("2.50")
    assert (south.top_rate, south.rentai_rate, south.last_avoid_rate) == (
        Decimal("25.0"),
        Decimal("50.0"),
        Decimal("75.0"),
    )
    assert (south.chips, south.chip_points, south.best, south.worst, south.average_score) == (
        -2,
        -100,
        610,
        -450,
        27750,
    )

    north = lines[NORTH]
    assert (north.games, north.points, north.places) == (4, -110, [1, 0, 0, 3])
    assert north.per_game == Decimal("-2.8")
    assert north.average_place == Decimal("3.25")
    assert (north.busts, north.bust_rate) == (1, Decimal("25.0"))
    assert (north.last_avoid_rate, north.shugi, north.best, north.worst) == (Decimal("25.0"), 600, 1200, -610)
    assert north.average_score == 19750

    centre = lines[CENTRE]
    assert (centre.games, centre.points, centre.places) == (3, -130, [1, 0, 2, 0])
    assert centre.per_game == Decimal("-4.3")
    assert centre.average_place == Decimal("2.33")
    assert (centre.top_rate, centre.rentai_rate, centre.last_avoid_rate) == (
        Decimal("33.3"),
        Decimal("33.3"),
        Decimal("100.0"),
    )
    assert (centre.chips, centre.chip_points, centre.average_score) == (2, 100, 22333)

    west = lines[WEST]
    assert (west.games, west.game_points, west.adjustments, west.points) == (4, -800, 50, -750)
    assert west.per_game == Decimal("-18.8")  # −18.75 rounded half away from zero
    assert (west.places, west.average_place, west.top_rate) == ([0, 1, 2, 1], Decimal("3.00"), Decimal("0.0"))
    assert (west.best, west.worst, west.average_score) == (150, -600, 22500)

    six, seven = lines[SIX], lines[SEVEN]
    assert (six.games, six.points, six.places, six.rentai_rate) == (1, 50, [0, 1, 0, 0], Decimal("100.0"))
    assert (seven.games, seven.points, seven.adjustments, seven.places) == (0, 30, 30, [0, 0, 0, 0])
    assert (seven.per_game, seven.average_place, seven.top_rate, seven.average_score) == (None, None, None, None)
    # Conservation: the counted games' points sum to zero.
    assert sum(line.game_points for line in table.lines) == 0


def test_all_games_include_the_game_before_the_season_but_never_the_void_one(club, season):
    table = standings(Period(rule_set=club.rule_sets.get(slug="main")))
    lines = {line.member.name: line for line in table.lines}
    assert table.games == 6
    assert (lines[EAST].games, lines[EAST].game_points, lines[EAST].adjustments) == (5, 1380, -100)
    assert lines[EAST].points == 1280


def test_a_three_player_rule_set_has_three_places(club, secretary):
    rule_set = three_player_games(club, secretary)
    table = standings(Period(rule_set=rule_set))
    assert (table.players, table.games) == (3, 2)
    assert names(table.ranked) == ["乙", "甲", "丙"]
    first, second, third = table.ranked
    assert (first.points, first.places, first.average_place) == (450, [1, 1, 0], Decimal("1.50"))
    assert (second.points, second.places, second.average_place) == (100, [1, 0, 1], Decimal("2.00"))
    assert second.place_rates == [Decimal("50.0"), Decimal("0.0"), Decimal("50.0")]
    assert (second.rentai_rate, second.last_avoid_rate) == (Decimal("50.0"), Decimal("50.0"))
    assert (third.points, third.places, third.last_avoid_rate) == (-550, [0, 1, 1], Decimal("50.0"))


def test_win_points_rank_by_win_points_and_count_maru(club, secretary):
    rule_set = boo_games(club, secretary)
    table = standings(Period(rule_set=rule_set))
    assert table.win_points
    assert names(table.ranked) == [NORTH, EAST, SOUTH, WEST]
    assert [line.points for line in table.ranked] == [120, 30, -50, -100]
    lines = {line.member.name: line for line in table.lines}
    assert lines[EAST].places == [1, 3, 0, 0] and lines[EAST].average_place == Decimal("1.75")
    assert lines[EAST].maru == {"maru_a": 1, "maru_b": 0, "maru_c": 0, "double_maru_a": 0}
    assert lines[SOUTH].maru == {"maru_a": 0, "maru_b": 1, "maru_c": 0, "double_maru_a": 0}
    assert lines[WEST].maru == {"maru_a": 0, "maru_b": 0, "maru_c": 1, "double_maru_a": 0}
    assert lines[NORTH].maru == {"maru_a": 0, "maru_b": 0, "maru_c": 0, "double_maru_a": 1}


def test_a_score_of_exactly_zero_is_a_bust_when_the_rules_say_so(club, secretary):
    rule_set = club.rule_sets.get(slug="main")
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=D(2026, 1, 1),
        rules={
            "players": 4,
            "start": 25000,
            "target": 30000,
            "uma": [20, 10, -10, -20],
            "bust": {"penalty": 10, "bonus": 10, "at_zero": True},
        },
    )
    play(
        meeting_on(club, D(2026, 2, 1)),
        1,
        [EAST, SOUTH, WEST, NORTH],
        [50000, 30000, 20000, 0],
        secretary,
        busts=[{"seat": 3, "by": 0}],
    )
    lines = {line.member.name: line for line in standings(Period(rule_set=rule_set)).lines}
    assert (lines[NORTH].busts, lines[NORTH].bust_rate) == (1, Decimal("100.0"))
    assert lines[WEST].busts == 0


# -- the ranking order ---------------------------------------------------------------------------


def line(name, points, places, best, kana=None):
    return Line(
        member=Member(name=name, kana=kana or name), games=sum(places), game_points=points, places=places, best=best
    )


def ranked(*lines):
    ordered = sorted(lines, key=Line.sort_key)
    _number(ordered)
    return [(item.member.name, item.rank) for item in ordered]


def test_ties_are_broken_by_average_place_then_first_places_then_best_game():
    assert ranked(
        line("a", 100, [0, 2, 0, 0], 60),  # average 2.00
        line("b", 100, [1, 0, 1, 0], 60),  # average 2.00, one first more than a
        line("c", 100, [1, 1, 0, 0], 50),  # average 1.50: best of the three on 100
        line("d", 100, [1, 0, 1, 0], 70),  # as b, with a better best game
        line("e", 200, [0, 0, 0, 4], 10),  # most points wins whatever else
    ) == [("e", 1), ("c", 2), ("d", 3), ("b", 4), ("a", 5)]


def test_members_equal_on_every_tie_break_share_a_rank_and_are_listed_by_reading():
    assert ranked(
        line("x", 50, [1, 1, 0, 0], 40, kana="ん"),
        line("y", 50, [1, 1, 0, 0], 40, kana="あ"),
        line("z", 10, [0, 0, 1, 1], 5),
        line("w", 90, [1, 0, 0, 0], 90),
    ) == [("w", 1), ("y", 2), ("x", 2), ("z", 4)]


def test_the_ranking_compares_exact_average_places_not_the_rounded_ones():
    # 7/3 = 2.333… and 233/100 = 2.33 both show as 2.33; the lower exact average ranks first.
    assert ranked(
        line("thirds", 0, [1, 0, 2, 0], 10),
        line("hundredths", 0, [0, 67, 33, 0], 10),
    ) == [("hundredths", 1), ("thirds", 2)]


def test_shared_ranks_in_real_games(club, secretary):
    meeting = meeting_on(club, D(2026, 5, 1))
    play(meeting, 1, [EAST, SOUTH, WEST, NORTH], [40000, 30000, 20000, 10000], secretary)
    play(meeting, 2, [SOUTH, EAST, NORTH, WEST], [40000, 30000, 20000, 10000], secretary)
    table = standings(Period(rule_set=club.rule_sets.get(slug="main")))
    # 東 and 南: +60.0, 1-1-0-0, best +50.0; 西 and 北: −60.0, 0-0-1-1, best −20.0.
    assert [(line.member.name, line.rank) for line in table.ranked] == [
        (EAST, 1),
        (SOUTH, 1),
        (NORTH, 3),
        (WEST, 3),
    ]  # in each pair, by reading: ひがし < みなみ, きた < にし


# -- the page --------------------------------------------------------------------------------------


def test_the_page_shows_every_column_with_the_figures(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club))
    assert response.status_code == 200
    headers, rows = standings_tables(response)["ranked"]
    assert headers == [
        "rank",
        "member",
        "points",
        "games",
        "per_game",
        "average_place",
        "place_1",
        "place_2",
        "place_3",
        "place_4",
        "top_rate",
        "place_2_rate",
        "place_3_rate",
        "place_4_rate",
        "rentai_rate",
        "last_avoid_rate",
        "busts",
        "bust_rate",
        "chips",
        "shugi",
        "adjustments",
        "best",
        "worst",
        "average_score",
    ]
    assert [row["member"] for row in rows] == SEASON_ORDER
    east, south, north, centre, west = rows
    assert east == {
        "rank": "1",
        "member": EAST,
        "points": "+88.0",
        "games": "4",
        "per_game": "+22.0",
        "average_place": "1.50",
        "place_1": "2",
        "place_2": "2",
        "place_3": "0",
        "place_4": "0",
        "top_rate": "50.0%",
        "place_2_rate": "50.0%",
        "place_3_rate": "0.0%",
        "place_4_rate": "0.0%",
        "rentai_rate": "100.0%",
        "last_avoid_rate": "100.0%",
        "busts": "0",
        "bust_rate": "0.0%",
        "chips": "±0",
        "shugi": "▲20.0",
        "adjustments": "±0.0",
        "best": "+55.0",
        "worst": "▲12.0",
        "average_score": "32,000",
    }
    assert (west["points"], west["adjustments"], west["per_game"]) == ("▲75.0", "+5.0", "▲18.8")
    assert (north["busts"], north["bust_rate"], north["shugi"], north["average_score"]) == (
        "1",
        "25.0%",
        "+60.0",
        "19,750",
    )
    assert (centre["chips"], centre["average_place"], south["chips"]) == ("+2", "2.33", "▲2")
    assert ">Points</a>" in client.get(url(club, language="en")).content.decode()
    html = response.content.decode()
    assert "2026年度" in html and "四人打ち" in html
    # Members link to their page.
    assert f'href="/c/kaze/members/{Member.objects.get(name=EAST).pk}/"' in html


def test_unranked_members_are_listed_apart_with_the_reason(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club))
    headers, rows = standings_tables(response)["unranked"]
    assert "rank" not in headers
    assert [(row["member"], row["games"], row["points"]) for row in rows] == [(SIX, "1", "+5.0"), (SEVEN, "0", "+3.0")]
    assert rows[1]["per_game"] == "—"
    english = client.get(url(club, language="en")).content.decode()
    assert "Fewer than 3 games in this period: listed without a rank." in english


def test_the_ranking_order_and_the_period_are_said_on_the_page(client, club, season, member):
    client.force_login(member)
    html = client.get(url(club, language="en")).content.decode()
    assert (
        "Ranked by points, then the lower average place, then more first places, then the better best game. "
        "Members equal on all four share a rank."
    ) in html
    assert "2026年度" in html and "四人打ち" in html and "5 games" in html and "ranked from 3 games" in html


def test_the_projector_view_enlarges_the_table_and_keeps_the_main_figures(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club, view="projector"))
    assert 'class="standings-page projector"' in response.content.decode()
    headers, rows = standings_tables(response)["ranked"]
    assert {
        "rank",
        "member",
        "points",
        "games",
        "per_game",
        "average_place",
        "top_rate",
        "rentai_rate",
        "last_avoid_rate",
        "bust_rate",
        "best",
    } <= set(headers)
    assert "average_score" not in headers
    assert [row["member"] for row in rows] == SEASON_ORDER


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("-games", [EAST, SOUTH, NORTH, WEST, CENTRE]),  # equal games keep the ranking order
        ("average_place", [EAST, CENTRE, SOUTH, WEST, NORTH]),
        ("-average_place", [NORTH, WEST, SOUTH, CENTRE, EAST]),
        ("-rentai_rate", [EAST, SOUTH, CENTRE, NORTH, WEST]),  # 100.0 above 50.0: numbers, not text
        ("points", [WEST, CENTRE, NORTH, SOUTH, EAST]),  # ▲75.0 lowest: numbers, not text
        ("member", [NORTH, CENTRE, WEST, EAST, SOUTH]),  # by reading: きた, なか, にし, ひが, みな
        ("-best", [NORTH, SOUTH, EAST, CENTRE, WEST]),
        ("worst", [NORTH, WEST, CENTRE, SOUTH, EAST]),
        ("-average_score", [EAST, SOUTH, WEST, CENTRE, NORTH]),
        ("-rank", list(reversed(SEASON_ORDER))),
        ("no-such-column", SEASON_ORDER),
    ],
)
def test_sorting_by_a_column(client, club, season, member, sort, expected):
    client.force_login(member)
    response = client.get(url(club, sort=sort))
    rows = standings_tables(response)["ranked"][1]
    assert [row["member"] for row in rows] == expected
    # Ranks stay the ranking's own.
    assert {row["member"]: row["rank"] for row in rows}[EAST] == "1"


def test_header_links_sort_highest_first_then_toggle_and_keep_the_filters(client, club, season, member):
    client.force_login(member)
    html = client.get(url(club, season=season.pk)).content.decode()
    assert f'href="?season={season.pk}&amp;sort=-games#ranked-title"' in html  # the first click: most games first
    assert f'href="?season={season.pk}&amp;sort=average_place#ranked-title"' in html  # lowest first
    html = client.get(url(club, season=season.pk, sort="-games")).content.decode()
    assert f'href="?season={season.pk}&amp;sort=games#ranked-title"' in html
    assert 'aria-sort="descending"' in html


def test_the_unranked_table_sorts_on_its_own(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club, **{"unranked-sort": "-games", "sort": "points"}))
    tables = standings_tables(response)
    assert [row["member"] for row in tables["unranked"][1]] == [SIX, SEVEN]
    response = client.get(url(club, **{"unranked-sort": "games"}))
    tables = standings_tables(response)
    assert [row["member"] for row in tables["unranked"][1]] == [SEVEN, SIX]
    assert [row["member"] for row in tables["ranked"][1]] == SEASON_ORDER


def test_a_three_player_table_has_three_place_columns(client, club, member, secretary):
    three_player_games(club, secretary)
    client.force_login(member)
    headers, rows = standings_tables(client.get(url(club, rule_set="sannin")))["ranked"]
    assert "place_3" in headers and "place_4" not in headers and "place_4_rate" not in headers
    assert [row["member"] for row in rows] == ["乙", "甲", "丙"]
    assert rows[1]["place_3_rate"] == "50.0%"


def test_a_win_points_table_shows_maru_counts(client, club, member, secretary):
    boo_games(club, secretary)
    client.force_login(member)
    response = client.get(url(club, rule_set="boo"))
    headers, rows = standings_tables(response)["ranked"]
    assert {"maru_a", "maru_b", "maru_c", "double_maru_a"} <= set(headers)
    assert "shugi" not in headers and "chips" not in headers  # nothing to show in a ブー table
    assert [(row["member"], row["points"], row["maru_a"], row["double_maru_a"]) for row in rows] == [
        (NORTH, "+12.0", "0", "1"),
        (EAST, "+3.0", "1", "0"),
        (SOUTH, "▲5.0", "0", "0"),
        (WEST, "▲10.0", "0", "0"),
    ]
    assert ">Win points</a>" in client.get(url(club, language="en", rule_set="boo")).content.decode()


def test_columns_nobody_has_are_left_out(client, club, member, secretary):
    meeting = meeting_on(club, D(2026, 5, 1))
    play(meeting, 1, [EAST, SOUTH, WEST, NORTH], [40000, 30000, 20000, 10000], secretary)
    client.force_login(member)
    headers, _rows = standings_tables(client.get(url(club)))["ranked"]
    assert not {"chips", "shugi", "adjustments", "maru_a"} & set(headers)


# -- filters -------------------------------------------------------------------------------------


def test_the_default_is_the_current_season_and_the_main_rule_set(client, club, season, member, secretary):
    three_player_games(club, secretary)  # fewer games than the main rule set
    client.force_login(member)
    response = client.get(url(club))
    assert ranked_names(response) == SEASON_ORDER
    assert response.context["choice"].season == season
    assert response.context["choice"].rule_set.slug == "main"


def test_a_date_range_narrows_the_table(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club, **{"from": "2026-06-01", "to": "2026-06-30", "min_games": "0"}))
    # June: G3 and G4 only (G5 is void).
    assert ranked_names(response) == [NORTH, CENTRE, EAST, SOUTH, WEST]
    assert not response.context["form"].errors
    html = response.content.decode()
    assert "2026/06/01(月)" in html and "2026/06/30(火)" in html


def test_all_games_and_a_minimum_of_games(client, club, season, member):
    client.force_login(member)
    response = client.get(url(club, season="all"))
    # With G6 (3/20) and 東's −10.0 of 3/1: 東 +128.0, 南 +21.0, 六 +5.0, 中 −13.0, 北 −51.0, 西 −95.0.
    assert ranked_names(response) == [EAST, SOUTH, SIX, CENTRE, NORTH, WEST]  # no minimum without a season
    response = client.get(url(club, min_games="4"))
    assert ranked_names(response) == [EAST, SOUTH, NORTH, WEST]
    assert [row["member"] for row in standings_tables(response)["unranked"][1]] == [SIX, SEVEN, CENTRE]


def test_the_form_shows_what_the_table_covers(client, club, season, member):
    client.force_login(member)
    html = client.get(url(club)).content.decode()
    assert f'<option value="{season.pk}" selected>2026年度</option>' in html
    assert '<option value="main" selected>' not in html  # one rule set: no choice to make
    # The season's minimum is a placeholder, so that another season brings its own.
    assert 'placeholder="3" id="id_min_games"' in html and 'name="min_games" value=' not in html
    html = client.get(url(club, min_games="4", **{"from": "2026-06-01"})).content.decode()
    assert 'name="min_games" value="4"' in html
    assert 'name="from" value="2026-06-01"' in html
    assert 'name="to" value="2027-03-31"' in html


def test_the_rule_set_by_address_name_or_id(client, club, member, secretary):
    rule_set = three_player_games(club, secretary)
    client.force_login(member)
    assert ranked_names(client.get(url(club, rule_set="sannin"))) == ["乙", "甲", "丙"]
    assert ranked_names(client.get(url(club, rule_set=rule_set.pk))) == ["乙", "甲", "丙"]


@pytest.mark.parametrize(
    "query",
    [
        {"from": "2026-13-01"},
        {"to": "yesterday"},
        {"season": "999"},
        {"season": "abc"},
        {"rule_set": "nope"},
        {"rule_set": "99999"},
        {"min_games": "-1"},
        {"min_games": "many"},
        {"from": "2026-07-01", "to": "2026-05-01"},
    ],
)
def test_bad_choices_are_reported_and_the_defaults_shown(client, club, season, member, query):
    client.force_login(member)
    response = client.get(url(club, **query))
    assert response.status_code == 200
    assert response.context["form"].errors
    assert 'role="alert"' in response.content.decode()
    assert ranked_names(response) == SEASON_ORDER


def test_a_club_without_rules_says_so(client, club, member):
    club.rule_sets.all().delete()
    client.force_login(member)
    response = client.get(url(club, language="en"))
    assert response.status_code == 200
    assert "The club has no rules yet, so no games." in response.content.decode()


def test_a_period_without_games(client, club, member):
    client.force_login(member)
    response = client.get(url(club, language="en", **{"from": "2030-01-01"}))
    assert response.status_code == 200
    assert standings_tables(response) == {}
    assert "No games in this period." in response.content.decode()
