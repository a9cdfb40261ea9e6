"""Day totals (日計): the points of N hanchan played together, checked against what N games may add up to."""

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, check_day_points, points_sum_allowed, settle
from scoring.errors import Problems
from scoring.points_only import _check_sum
from scoring.rules import rule_book

from .strategies import games, rule_sets

RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20]}


@st.composite
def rules_and_days(draw):
    rules = draw(rule_sets())
    return rules, draw(st.lists(games(rules), min_size=1, max_size=6))


def day_points(rules, day):
    """Each player's final points over the day's games (chips and chombo inside), as a club's book adds them."""
    totals = [0] * rules["players"]
    for game in day:
        for seat in settle(rules, game):
            totals[seat.seat] += seat.total
    return totals


@settings(max_examples=300, deadline=None)
@given(rules_and_days())
def test_the_points_of_any_settled_day_are_accepted(case):
    """Whatever N settled games add up to (busts, lost sticks, clamping, kept chombo…) passes for N hanchan."""
    rules, day = case
    points = day_points(rules, day)
    assert check_day_points(rules, points, len(day)) == [int(value * 10) for value in points]


@settings(max_examples=300, deadline=None)
@given(rule_sets(), st.integers(-3000, 3000))
def test_one_hanchan_allows_what_one_unrecorded_points_only_game_allows(rules, total):
    """For one hanchan the check is the points-only game's sum check with the extras unrecorded."""
    problems = Problems()
    _check_sum(problems, rule_book(rules), [total], 0, 0, unrecorded=True)  # one game, its extras unrecorded
    try:
        check_day_points(rules, [Decimal(total) / 10] + [0] * (rules["players"] - 1), 1)
    except ScoringError:
        accepted = False
    else:
        accepted = True
    assert accepted == (not problems)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 99), st.integers(1, 500), st.booleans())
def test_a_zero_sum_day_off_by_any_tenth_is_refused(games_played, off, down):
    points = [45.3, -12, -8.3, -25]
    points[0] = round(points[0] + (-off if down else off) / 10, 1)
    with pytest.raises(ScoringError) as refusal:
        check_day_points(RULES, points, games_played)
    assert refusal.value.code == "day_points_sum_mismatch"
    assert f"{games_played} hanchan" in refusal.value.message


def test_an_explicit_oka_creates_its_difference_in_every_hanchan():
    rules = {**RULES, "oka": 30}  # 4 × 5,000 = 20 points taken, 30 given: 10 points created a game
    assert points_sum_allowed(rules, 100)
    check_day_points(rules, [50, 0, -10, -10], 3)
    with pytest.raises(ScoringError, match=r"3 hanchan must add up to 30\.0"):
        check_day_points(rules, [40, 0, -10, -10], 3)


def test_unpaired_bust_penalties_allow_any_count_of_busts_over_the_day():
    rules = {**RULES, "bust": {"penalty": 10, "bonus": 5}}
    for busts in range(7):  # 2 hanchan × 3 players who can bust
        check_day_points(rules, [-5 * busts, 0, 0, 0], 2)
    with pytest.raises(ScoringError) as refusal:
        check_day_points(rules, [-35, 0, 0, 0], 2)
    assert re.search(r"moved by -5\.0 for each bust \(at most 6\)", refusal.value.message)


def test_kept_chombo_penalties_may_take_whole_penalties_off():
    rules = {**RULES, "chombo": {"penalty": 20, "to_others": False}}
    check_day_points(rules, [-40, 0, 0, 0], 5)
    with pytest.raises(ScoringError, match="for each chombo paid to nobody"):
        check_day_points(rules, [-30, 0, 0, 0], 5)


def test_lost_sticks_and_clamping_bound_the_sum_on_one_side():
    check_day_points({**RULES, "deposits": "lost"}, [-0.3, 0, 0, 0], 4)
    with pytest.raises(ScoringError, match=r"at most 0\.0"):
        check_day_points({**RULES, "deposits": "lost"}, [0.1, 0, 0, 0], 4)
    check_day_points({**RULES, "box_under": False}, [12.5, 0, 0, 0], 4)
    with pytest.raises(ScoringError, match=r"at least 0\.0"):
        check_day_points({**RULES, "box_under": False}, [-0.1, 0, 0, 0], 4)


@pytest.mark.parametrize(
    ("points", "games_played", "code", "field"),
    [
        ([10, -10, 0], 1, "bad_points", "points"),
        ([10, -10, 0, "x"], 1, "not_points", "points.3"),
        ([10.55, -10.55, 0, 0], 1, "not_points", "points.0"),
        ([10, -10, 0, 0], 0, "bad_games", "games"),
        ([10, -10, 0, 0], 100, "bad_games", "games"),
        ([10, -10, 0, 0], True, "bad_games", "games"),
        ([20001, -20001, 0, 0], 2, "too_many_points", "points.0"),
    ],
)
def test_day_refused(points, games_played, code, field):
    with pytest.raises(ScoringError) as refusal:
        check_day_points(RULES, points, games_played)
    assert (refusal.value.code, refusal.value.field) == (code, field)
