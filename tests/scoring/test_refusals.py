"""Every refusal docs/scoring.md lists: the code, the field and a message that says
what was expected; all problems reported at once; nothing half-applied."""

import copy
import re

import pytest

import scoring
from scoring import ScoringError, settle, validate_rules

RULES = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "bust": {"penalty": 10, "bonus": 10, "at_zero": False},
    "yakuman_shugi": {"ron": 30, "tsumo_each": 20},
}
GAME = {"scores": [45000, 30000, 25000, 0]}
UBF = {"0": [0, 0, 0, 0], "1": [12, -1, -3, -8], "2": [8, 4, -4, -8], "3": [8, 3, 1, -12], "4": [0, 0, 0, 0]}
BOO = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
}


def refused(rules, game=None):
    rules_before, game_before = copy.deepcopy(rules), copy.deepcopy(game)
    with pytest.raises(ScoringError) as caught:
        if game is None:
            validate_rules(rules)
        else:
            settle(rules, game)
    # Nothing is half-applied: the inputs are left exactly as they were.
    assert rules == rules_before
    assert game == game_before
    return caught.value


def assert_mentions(message, expected):
    for text in expected:
        assert re.search(text, message, re.IGNORECASE), f"{text!r} not in {message!r}"


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
RULE_CASES = [
    # bad players
    pytest.param({**RULES, "players": 5}, "bad_players", "players", [r"3 or 4"], id="players-5"),
    pytest.param({**RULES, "players": 2}, "bad_players", "players", [r"3 or 4"], id="players-2"),
    pytest.param({**RULES, "players": "4"}, "bad_players", "players", [r"3 or 4"], id="players-text"),
    pytest.param({**RULES, "players": True}, "bad_players", "players", [r"3 or 4"], id="players-true"),
    pytest.param(
        {k: v for k, v in RULES.items() if k != "players"}, "bad_players", "players", [r"3 or 4"], id="players-missing"
    ),
    # wrong lengths
    pytest.param({**RULES, "uma": [20, 10, -30]}, "bad_length", "uma", [r"\b4\b"], id="uma-3-for-4-players"),
    pytest.param(
        {**RULES, "players": 3, "start": 35000, "target": 40000},
        "bad_length",
        "uma",
        [r"\b3\b"],
        id="uma-4-for-3-players",
    ),
    pytest.param({**RULES, "uma": 20}, "bad_length", "uma", [r"\b4\b"], id="uma-not-a-list"),
    pytest.param(
        {**RULES, "uma_by_floats": {**UBF, "2": [8, -8]}},
        "bad_length",
        "uma_by_floats.2",
        [r"\b4\b"],
        id="uma-by-floats-short-list",
    ),
    # uma not summing to 0
    pytest.param({**RULES, "uma": [20, 10, -10, -15]}, "uma_not_zero", "uma", [r"\b0\b", r"\b5\b"], id="uma-sums-to-5"),
    pytest.param(
        {**RULES, "uma": [30, 10, -10, -20.5]}, "uma_not_zero", "uma", [r"\b0\b", r"9\.5"], id="uma-sums-to-9.5"
    ),
    pytest.param(
        {**RULES, "uma_by_floats": {**UBF, "1": [12, -1, -3, -7]}},
        "uma_not_zero",
        "uma_by_floats.1",
        [r"\b0\b", r"\b1\b"],
        id="uma-by-floats-not-zero",
    ),
    # unknown key, top level and nested
    pytest.param({**RULES, "umma": [20, 10, -10, -20]}, "unknown_key", "umma", [r"umma"], id="unknown-top-key"),
    pytest.param(
        {**RULES, "bust": {"penalty": 10, "bonuss": 10}},
        "unknown_key",
        "bust.bonuss",
        [r"bonuss"],
        id="unknown-bust-key",
    ),
    pytest.param(
        {**RULES, "chips": {"value": 2, "count": True}},
        "unknown_key",
        "chips.count",
        [r"count"],
        id="unknown-chips-key",
    ),
    pytest.param(
        {**RULES, "yakuman_shugi": {"ron": 30, "double": 60}},
        "unknown_key",
        "yakuman_shugi.double",
        [r"double"],
        id="unknown-shugi-key",
    ),
    pytest.param(
        {**RULES, "chombo": {"penalty": 20, "to_dealer": True}},
        "unknown_key",
        "chombo.to_dealer",
        [r"to_dealer"],
        id="unknown-chombo-key",
    ),
    pytest.param(
        {**RULES, "uma_by_floats": {**UBF, "5": [0, 0, 0, 0]}},
        "unknown_key",
        "uma_by_floats.5",
        [r"\b5\b", r"0 to 4"],
        id="unknown-float-count",
    ),
    pytest.param(
        {**BOO, "win_points": {**BOO["win_points"], "bonus": 1}},
        "unknown_key",
        "win_points.bonus",
        [r"bonus"],
        id="unknown-win-points-key",
    ),
    # unknown value
    pytest.param(
        {**RULES, "rounding": "banker"},
        "bad_choice",
        "rounding",
        [r"banker", r"five_down_six_up", r"toward_target"],
        id="unknown-rounding",
    ),
    pytest.param({**RULES, "ties": "random"}, "bad_choice", "ties", [r"random", r"seat", r"split"], id="unknown-ties"),
    pytest.param(
        {**RULES, "deposits": "dealer"}, "bad_choice", "deposits", [r"dealer", r"top", r"lost"], id="unknown-deposits"
    ),
    pytest.param(
        {**RULES, "method": "mahjong"}, "bad_choice", "method", [r"oka_uma", r"win_points"], id="unknown-method"
    ),
    pytest.param(
        {**RULES, "box_under": "yes"}, "not_true_false", "box_under", [r"true or false"], id="box-under-not-a-flag"
    ),
    pytest.param(
        {**RULES, "bust": {"at_zero": 1}}, "not_true_false", "bust.at_zero", [r"true or false"], id="at-zero-not-a-flag"
    ),
    # missing float keys
    pytest.param(
        {**RULES, "uma_by_floats": {k: v for k, v in UBF.items() if k != "4"}},
        "missing_key",
        "uma_by_floats.4",
        [r"\b4\b"],
        id="uma-by-floats-missing-4",
    ),
    pytest.param(
        {**RULES, "uma_by_floats": {k: v for k, v in UBF.items() if k != "0"}},
        "missing_key",
        "uma_by_floats.0",
        [r"\b0\b"],
        id="uma-by-floats-missing-0",
    ),
    pytest.param(
        {**BOO, "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2]}, "yakuman": 18}},
        "missing_key",
        "win_points.tables.3",
        [r"\b3\b"],
        id="win-points-missing-table-3",
    ),
]


@pytest.mark.parametrize(("rules", "code", "field", "mentions"), RULE_CASES)
def test_rules_refused(rules, code, field, mentions):
    error = refused(rules)
    assert (error.code, error.field) == (code, field)
    assert_mentions(error.message, mentions)
    # settle refuses the same rules the same way, whatever the game.
    error = refused(rules, GAME)
    assert (error.code, error.field) == (code, field)


def test_unknown_keys_are_errors_even_when_everything_else_is_right():
    error = refused({**RULES, "comment": "from the 2006 book"})
    assert error.code == "unknown_key"
    assert error.field == "comment"


def test_rules_list_every_problem_at_once():
    rules = {
        **RULES,
        "uma": [20, 10, -10, -15],
        "rounding": "banker",
        "colour": "red",
        "bust": {"penalty": 10, "bonuss": 10},
    }
    error = refused(rules)
    found = {(e.code, e.field) for e in error.errors}
    assert found == {
        ("unknown_key", "colour"),
        ("uma_not_zero", "uma"),
        ("bad_choice", "rounding"),
        ("unknown_key", "bust.bonuss"),
    }
    assert (error.code, error.field) == (error.errors[0].code, error.errors[0].field)
    assert all(e.message for e in error.errors)


def test_rules_with_absurd_points_are_refused_by_the_engine():
    with pytest.raises(scoring.ScoringError) as refused:
        scoring.validate_rules({"players": 4, "start": 25000, "uma": [99999999, 0, 0, -99999999]})
    assert {e.code for e in refused.value.errors} == {"too_many_points"}
    with pytest.raises(scoring.ScoringError):
        scoring.validate_fees({"per_game": 10**12})


# ---------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------
def with_yakuman(**event):
    return {**GAME, "yakuman": [{"seat": 0, "kind": "yakuman", **event}]}


GAME_CASES = [
    # a score that is not a multiple of 100
    pytest.param(
        {"scores": [45050, 29950, 25000, 0]},
        "not_hundreds",
        "scores.0",
        [r"45050", r"multiple of 100"],
        id="score-not-hundreds",
    ),
    pytest.param(
        {"scores": [45000, 30000, 25000, 0], "deposit": 50},
        "not_hundreds",
        "deposit",
        [r"multiple of 100"],
        id="deposit-not-hundreds",
    ),
    # sum(scores) + deposit != players × start, both numbers in the message
    pytest.param(
        {"scores": [45000, 30000, 24000, 0]}, "sum_mismatch", "scores", [r"99,?000", r"100,?000"], id="sum-short"
    ),
    pytest.param(
        {"scores": [45000, 30000, 25000, 0], "deposit": 1000},
        "sum_mismatch",
        "scores",
        [r"101,?000", r"100,?000"],
        id="sum-over-with-deposit",
    ),
    # chips not summing to 0
    pytest.param(
        {**GAME, "chips": [2, -1, 0, 0]}, "chips_not_zero", "chips", [r"\b0\b", r"\b1\b"], id="chips-not-zero"
    ),
    # a bust whose seat did not bust
    pytest.param(
        {**GAME, "busts": [{"seat": 2, "by": 0}]},
        "not_busted",
        "busts.0.seat",
        [r"25,?000", r"below 0"],
        id="bust-seat-did-not-bust",
    ),
    pytest.param(
        {**GAME, "busts": [{"seat": 3, "by": 0}]},
        "not_busted",
        "busts.0.seat",
        [r"below 0"],
        id="bust-at-exactly-zero-without-at-zero",
    ),
    # a bust that names itself
    pytest.param(
        {"scores": [45000, 30000, 25500, -500], "busts": [{"seat": 3, "by": 3}]},
        "bust_by_self",
        "busts.0.by",
        [r"themselves"],
        id="bust-by-self",
    ),
    # a ron without from, a tsumo with from
    pytest.param(
        with_yakuman(win="ron"), "ron_without_from", "yakuman.0.from", [r"ron", r"dealt in"], id="ron-without-from"
    ),
    pytest.param(
        with_yakuman(win="tsumo", **{"from": 2}),
        "tsumo_with_from",
        "yakuman.0.from",
        [r"tsumo", r"empty"],
        id="tsumo-with-from",
    ),
    # pao or discarder equal to the winner
    pytest.param(
        with_yakuman(win="tsumo", pao=0), "pao_is_winner", "yakuman.0.pao", [r"pao"], id="pao-is-winner-tsumo"
    ),
    pytest.param(
        with_yakuman(win="ron", pao=0, **{"from": 1}),
        "pao_is_winner",
        "yakuman.0.pao",
        [r"pao"],
        id="pao-is-winner-ron",
    ),
    pytest.param(
        with_yakuman(win="ron", **{"from": 0}),
        "from_is_winner",
        "yakuman.0.from",
        [r"winner", r"deal in"],
        id="discarder-is-winner",
    ),
    # any seat out of range
    pytest.param(
        {"scores": [45000, 30000, 25500, -500], "busts": [{"seat": 4, "by": 0}]},
        "bad_seat",
        "busts.0.seat",
        [r"0 to 3", r"\b4\b"],
        id="bust-seat-4",
    ),
    pytest.param(
        {"scores": [45000, 30000, 25500, -500], "busts": [{"seat": 3, "by": -1}]},
        "bad_seat",
        "busts.0.by",
        [r"0 to 3", r"-1"],
        id="bust-by-minus-1",
    ),
    pytest.param(
        {"scores": [45000, 30000, 25500, -500], "busts": [{"seat": 3, "by": "0"}]},
        "bad_seat",
        "busts.0.by",
        [r"0 to 3"],
        id="bust-by-text",
    ),
    pytest.param(
        {**GAME, "yakuman": [{"seat": 4, "kind": "yakuman", "win": "tsumo"}]},
        "bad_seat",
        "yakuman.0.seat",
        [r"0 to 3"],
        id="yakuman-seat-4",
    ),
    pytest.param(
        with_yakuman(win="ron", **{"from": 7}), "bad_seat", "yakuman.0.from", [r"0 to 3", r"\b7\b"], id="yakuman-from-7"
    ),
    pytest.param(with_yakuman(win="tsumo", pao=4), "bad_seat", "yakuman.0.pao", [r"0 to 3"], id="yakuman-pao-4"),
    pytest.param({**GAME, "chombo": [{"seat": 4}]}, "bad_seat", "chombo.0.seat", [r"0 to 3"], id="chombo-seat-4"),
    pytest.param(
        {**GAME, "chombo": [{"seat": None}]}, "bad_seat", "chombo.0.seat", [r"0 to 3"], id="chombo-seat-missing"
    ),
    # the wrong number of scores, unknown entries and values
    pytest.param({"scores": [50000, 30000, 20000]}, "bad_scores", "scores", [r"\b4\b"], id="three-scores"),
    pytest.param({**GAME, "deposits": 1000}, "unknown_key", "deposits", [r"deposits"], id="unknown-game-key"),
    pytest.param(
        {**GAME, "busts": [{"seat": 3, "by": 0, "points": 10}]},
        "unknown_key",
        "busts.0.points",
        [r"points"],
        id="unknown-bust-entry-key",
    ),
    pytest.param(with_yakuman(win="draw"), "bad_choice", "yakuman.0.win", [r"tsumo", r"ron"], id="unknown-win"),
    pytest.param(
        with_yakuman(win="tsumo", kind="triple"),
        "bad_choice",
        "yakuman.0.kind",
        [r"yakuman", r"counted"],
        id="unknown-kind",
    ),
]


@pytest.mark.parametrize(("game", "code", "field", "mentions"), GAME_CASES)
def test_game_refused(game, code, field, mentions):
    error = refused(RULES, game)
    assert (error.code, error.field) == (code, field)
    assert_mentions(error.message, mentions)


def test_seat_range_follows_the_number_of_players():
    three = {"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]}
    error = refused(three, {"scores": [50000, 35000, 20000], "chombo": [{"seat": 3}]})
    assert (error.code, error.field) == ("bad_seat", "chombo.0.seat")
    assert_mentions(error.message, [r"0 to 2"])


def test_sum_mismatch_names_the_three_player_total():
    three = {"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]}
    error = refused(three, {"scores": [50000, 35000, 25000]})
    assert (error.code, error.field) == ("sum_mismatch", "scores")
    assert_mentions(error.message, [r"110,?000", r"105,?000"])


def test_bust_at_zero_accepts_exactly_zero_but_not_a_positive_score():
    at_zero = {**RULES, "bust": {"penalty": 10, "bonus": 10, "at_zero": True}}
    settle(at_zero, {**GAME, "busts": [{"seat": 3, "by": 0}]})  # accepted
    error = refused(at_zero, {**GAME, "busts": [{"seat": 2, "by": 0}]})
    assert (error.code, error.field) == ("not_busted", "busts.0.seat")
    assert_mentions(error.message, [r"below 0", r"exactly 0"])


def test_ended_by_yakuman_seat_out_of_range_in_win_points():
    error = refused(BOO, {"scores": [16000, 6000, 5000, 5000], "ended_by_yakuman": 4})
    assert (error.code, error.field) == ("bad_seat", "ended_by_yakuman")


# ---------------------------------------------------------------------------
# Nothing is half-applied, every problem listed at once
# ---------------------------------------------------------------------------
def test_a_game_with_every_kind_of_problem_lists_them_all():
    game = {
        "scores": [45050, 30000, 24950, 0],  # two scores not in hundreds
        "chips": [1, 0, 0, 0],  # chips not summing to 0
        "busts": [{"seat": 1, "by": 1}],  # a bust naming itself
        "yakuman": [
            {"seat": 0, "kind": "yakuman", "win": "ron"},  # ron without from
            {"seat": 2, "kind": "yakuman", "win": "tsumo", "from": 1},
        ],  # tsumo with from
        "chombo": [{"seat": 9}],  # seat out of range
    }
    error = refused(RULES, game)
    found = {(e.code, e.field) for e in error.errors}
    assert found >= {
        ("not_hundreds", "scores.0"),
        ("not_hundreds", "scores.2"),
        ("chips_not_zero", "chips"),
        ("bust_by_self", "busts.0.by"),
        ("ron_without_from", "yakuman.0.from"),
        ("tsumo_with_from", "yakuman.1.from"),
        ("bad_seat", "chombo.0.seat"),
    }
    assert len(error.errors) >= 7
    assert (error.code, error.field, error.message) == (
        error.errors[0].code,
        error.errors[0].field,
        error.errors[0].message,
    )


def test_one_bad_event_refuses_the_whole_game():
    # The first yakuman is valid, the second is not: no partial settlement.
    game = {
        **GAME,
        "yakuman": [
            {"seat": 1, "kind": "yakuman", "win": "tsumo"},
            {"seat": 2, "kind": "yakuman", "win": "ron", "from": 2},
        ],
    }
    error = refused(RULES, game)
    assert [(e.code, e.field) for e in error.errors] == [("from_is_winner", "yakuman.1.from")]


def test_a_refusal_leaves_no_state_behind():
    good = {**GAME, "yakuman": [{"seat": 1, "kind": "yakuman", "win": "tsumo"}]}
    before = [seat.total for seat in settle(RULES, good)]
    refused(RULES, {**good, "chips": [1, 0, 0, 0]})
    refused({**RULES, "uma": [1, 0, 0, 0]}, good)
    assert [seat.total for seat in settle(RULES, good)] == before


def test_an_error_reads_well_as_text():
    error = refused(RULES, {"scores": [45000, 30000, 24000, 0]})
    assert "scores" in str(error)
    assert "100" in str(error)
