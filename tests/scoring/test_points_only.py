"""Points-only games (点数なし): settled from each player's final points, checked against what the rules allow."""

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, points_sum_allowed, settle, settle_points

from .strategies import rules_and_games

RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20]}
BUU = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "float_line": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
    "chombo": {"penalty": 3, "to_others": True},
}


def tenths(value):
    return int(value * 10)


def recorded_points(rules, result):
    """What a club's book would have noted for a settled game: each result before chips."""
    in_total = rules.get("chips", {}).get("in_total", True)
    return [seat.total - (seat.chips if in_total else 0) for seat in result]


@settings(max_examples=400)
@given(rules_and_games())
def test_the_points_of_every_settled_game_are_accepted_and_give_the_same_totals(case):
    """Whatever settle produced (busts, lost deposits, 箱下 clamping, kept chombo…) passes the sum check."""
    rules, game = case
    result = settle(rules, game)
    points = recorded_points(rules, result)
    again = settle_points(
        rules, {"points": points, "deposit": game["deposit"], "chips": game["chips"], "chombo": game["chombo"]}
    )
    assert [seat.total for seat in again] == [seat.total for seat in result]
    assert [seat.chips for seat in again] == [seat.chips for seat in result]
    assert all(seat.score is None for seat in again)
    assert sorted(seat.place for seat in again) == list(range(1, rules["players"] + 1))


@settings(max_examples=300)
@given(rules_and_games(zero_sum=True))
def test_places_follow_the_points_ties_by_seat(case):
    rules, game = case
    points = recorded_points(rules, settle(rules, game))
    again = settle_points(rules, {"points": points, "chips": game["chips"], "chombo": game["chombo"]})
    for a in again:
        for b in again:
            if points[a.seat] > points[b.seat] or (points[a.seat] == points[b.seat] and a.seat < b.seat):
                assert a.place < b.place


@settings(max_examples=300)
@given(rules_and_games(zero_sum=True), st.integers(1, 500))
def test_a_zero_sum_game_off_by_any_tenth_is_refused(case, off):
    rules, game = case
    result = settle(rules, game)
    points = recorded_points(rules, result)
    points[0] += Decimal(off) / 10
    with pytest.raises(ScoringError) as refused:
        settle_points(rules, {"points": points, "chombo": game["chombo"]})
    assert (refused.value.code, refused.value.field) == ("points_sum_mismatch", "points")


@settings(max_examples=200)
@given(st.lists(st.integers(-600, 600), min_size=3, max_size=3))
def test_breakdown_keeps_the_points_in_base(values):
    points = [Decimal(v) / 10 for v in values] + [-Decimal(sum(values)) / 10]
    result = settle_points(RULES, {"points": points})
    for seat, typed in zip(result, points, strict=True):
        assert seat.base == typed == seat.total
        assert (seat.oka, seat.uma, seat.bust, seat.shugi, seat.chombo) == (0, 0, 0, 0, 0)


def test_points_may_be_ints_decimals_or_floats_in_points():
    result = settle_points(RULES, {"points": [45.3, Decimal("5.0"), -12, Decimal("-38.3")]})
    assert [seat.tenths["total"] for seat in result] == [453, 50, -120, -383]
    assert [seat.place for seat in result] == [1, 2, 3, 4]


def test_ties_go_by_seat_even_when_the_rules_split_them():
    result = settle_points({**RULES, "ties": "split"}, {"points": [-10, 20, 20, -30]})
    assert [seat.place for seat in result] == [3, 1, 2, 4]


def test_chips_add_their_value_and_count_in_the_total_only_when_the_rules_say_so():
    chips = {"value": 2, "in_total": True}
    result = settle_points({**RULES, "chips": chips}, {"points": [30, 10, -10, -30], "chips": [3, -1, -1, -1]})
    assert [seat.total for seat in result] == [36, 8, -12, -32]
    apart = settle_points(
        {**RULES, "chips": {**chips, "in_total": False}}, {"points": [30, 10, -10, -30], "chips": [3, -1, -1, -1]}
    )
    assert [seat.total for seat in apart] == [30, 10, -10, -30]
    assert [seat.chips for seat in apart] == [6, -2, -2, -2]


def test_a_kept_chombo_penalty_is_shown_in_its_column_and_the_points_sum_below_zero():
    rules = {**RULES, "chombo": {"penalty": 20, "to_others": False}}
    result = settle_points(rules, {"points": [40, 10, -20, -50], "chombo": [{"seat": 3}]})
    assert [seat.total for seat in result] == [40, 10, -20, -50]
    assert [seat.chombo for seat in result] == [0, 0, 0, -20]
    assert [seat.base for seat in result] == [40, 10, -20, -30]


def test_a_shared_chombo_penalty_keeps_the_sum_at_zero():
    result = settle_points(BUU, {"points": [10, -2, -2, -6], "chombo": [{"seat": 3}]})
    assert [seat.chombo for seat in result] == [1, 1, 1, -3]
    assert result.floats == 1  # 9, -3, -3, -3 before the chombo: マルA


def test_win_points_read_the_table_when_the_points_match_one():
    assert settle_points(BUU, {"points": [4, 0, -2, -2]}).floats == 2
    assert settle_points(BUU, {"points": [5, -1, -2, -2]}).floats == 0  # no table pays that


def test_a_lost_deposit_is_what_the_points_fall_short_by():
    rules = {**RULES, "deposits": "lost"}
    assert settle_points(rules, {"points": [40, 10, -20, -32], "deposit": 2000})
    with pytest.raises(ScoringError, match=r"-2\.0.*0\.0"):
        settle_points(rules, {"points": [40, 10, -20, -32]})


def test_an_explicit_oka_creates_its_difference():
    rules = {**RULES, "oka": 10}  # the computed oka would be 20: every game destroys 10
    settle_points(rules, {"points": [30, 10, -20, -30]})
    assert points_sum_allowed(rules, -100)
    assert not points_sum_allowed(rules, 0)


def test_unpaired_bust_penalties_allow_one_sum_per_possible_bust_count():
    rules = {**RULES, "bust": {"penalty": 10, "bonus": 5}}
    assert [points_sum_allowed(rules, total) for total in (0, -50, -100, -150, -200, -30)] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]


def test_without_box_under_clamping_can_only_add():
    rules = {**RULES, "box_under": False}
    assert points_sum_allowed(rules, 23)
    assert not points_sum_allowed(rules, -1)
    with pytest.raises(ScoringError, match="at least"):
        settle_points(rules, {"points": [30, 10, -20, -30.1]})


REFUSALS = [
    pytest.param({"points": [30, 10, -20, -20.5]}, "points_sum_mismatch", "points", [r"-0\.5", r"0\.0"], id="sum"),
    pytest.param({"points": [30, 10, -40]}, "bad_points", "points", [r"\b4\b"], id="three-points"),
    pytest.param({"points": [30, "10", -20, -20]}, "not_points", "points.1", [r"'10'"], id="text"),
    pytest.param({"points": [30.25, 10, -20, -20.25]}, "not_points", "points.0", [r"30\.25"], id="two-decimals"),
    pytest.param({"points": [True, 10, -20, 9]}, "not_points", "points.0", [r"True"], id="bool"),
    pytest.param({"points": [100000, 0, 0, -100000]}, "too_many_points", "points.0", [r"100000"], id="huge"),
    pytest.param(
        {"points": [30, 10, -20, -20], "scores": [1, 2, 3, 4]}, "unknown_key", "scores", [r"scores"], id="scores-too"
    ),
    pytest.param({"points": [30, 10, -20, -20], "busts": []}, "unknown_key", "busts", [r"busts"], id="busts"),
    pytest.param(
        {"points": [30, 10, -20, -20], "chips": [1, 0, 0, 0]}, "chips_not_zero", "chips", [r"\b1\b"], id="chips"
    ),
    pytest.param(
        {"points": [30, 10, -20, -20], "chombo": [{"seat": 4}]},
        "bad_seat",
        "chombo.0.seat",
        [r"0 to 3"],
        id="chombo-seat",
    ),
    pytest.param({"points": [30, 10, -20, -20], "deposit": 150}, "not_hundreds", "deposit", [r"150"], id="deposit"),
    pytest.param(
        {"points": [30, 10, -20, -20], "ended_by_yakuman": 0},
        "ended_by_yakuman_unused",
        "ended_by_yakuman",
        [r"win_points"],
        id="ended-oka-uma",
    ),
    pytest.param("points", "game_not_object", "", [r"object"], id="not-a-dict"),
]


@pytest.mark.parametrize(("game", "code", "field", "mentions"), REFUSALS)
def test_points_game_refused(game, code, field, mentions):
    with pytest.raises(ScoringError) as refused:
        settle_points(RULES, game)
    error = refused.value
    assert (error.code, error.field) == (code, field)
    for pattern in mentions:
        assert re.search(pattern, error.message), (pattern, error.message)
    assert error.template % error.params == error.message


def test_every_problem_is_reported_at_once():
    with pytest.raises(ScoringError) as refused:
        settle_points(RULES, {"points": [30, "x", -20, -20], "chips": [1, 0, 0, 0], "chombo": [{"seat": 9}]})
    assert {e.field for e in refused.value.errors} == {"points.1", "chips", "chombo.0.seat"}


def test_the_sum_is_checked_only_when_every_value_is_readable():
    with pytest.raises(ScoringError) as refused:
        settle_points(RULES, {"points": [30, "x", -20, -99]})
    assert [e.code for e in refused.value.errors] == ["not_points"]


@pytest.mark.parametrize(
    ("rules", "points", "accepted"),
    [
        ({"deposits": "lost"}, [45, 5, -20, -40], True),  # 10.0 left the table as sticks
        ({"deposits": "lost"}, [45, 5, -20, -20], False),  # 10.0 more than the players paid in: never
        ({"chombo": {"penalty": 20}}, [45, 5, -20, -50], True),  # one chombo not shared
        ({"chombo": {"penalty": 20}}, [45, 5, -20, -35], False),  # no number of chombo makes 5.0
        ({"chombo": {"penalty": 20, "to_others": True}}, [45, 5, -20, -50], False),  # shared: the sum stays 0
    ],
)
def test_a_game_whose_extras_were_not_recorded_may_sum_to_what_they_could_have_taken(rules, points, accepted):
    rules = {**RULES, **rules}
    game = {"points": points, "extras_unrecorded": True}
    if accepted:
        assert sum(seat.total for seat in settle_points(rules, game)) == sum(points)
    else:
        with pytest.raises(ScoringError) as refused:
            settle_points(rules, game)
        assert refused.value.code == "points_sum_mismatch"
    with pytest.raises(ScoringError):  # recorded (no deposit, no chombo), the same sum must be exact
        settle_points(rules, {"points": points})


def test_extras_cannot_be_both_unrecorded_and_listed():
    with pytest.raises(ScoringError) as refused:
        settle_points(
            {**RULES, "deposits": "lost"}, {"points": [45, 5, -20, -40], "deposit": 1000, "extras_unrecorded": True}
        )
    assert refused.value.code == "extras_recorded"
