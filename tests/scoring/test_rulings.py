"""The rulings and worked examples of docs/scoring.md, pinned on the engine.

The expected values are the ones the page prints (computed by hand there);
if one of these fails, the engine and its contract disagree: fix one of them,
knowingly.
"""

from decimal import Decimal

import pytest

from scoring import ScoringError, settle, settle_meeting
from scoring.shares import split_evenly

BOO = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "float_line": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
    "chombo": {"penalty": 3, "to_others": True},
}


def totals(result):
    return [str(seat.total) for seat in result]


def part(result, name):
    return [str(seat[name]) for seat in result]


# -- Ruling: odd units, always -----------------------------------------------------------------------


def test_odd_units_go_to_the_first_in_priority_whichever_way_the_money_flows():
    assert split_evenly(-200, 3) == [-66, -67, -67]
    assert split_evenly(-1001, 3) == [-333, -334, -334]
    assert split_evenly(1001, 3) == [334, 334, 333]


def test_pooled_negative_uma_among_three_tied_players():
    rules = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20], "ties": "split"}
    result = settle(rules, {"scores": [40000, 20000, 20000, 20000]})
    assert part(result, "uma") == ["20.0", "-6.6", "-6.7", "-6.7"]


# -- Ruling: who is the recipient on a shortfall -------------------------------------------------------

DAY = [
    {"id": "A", "places": [2, 0, 0, 0], "points": 30, "present_at_close": True},
    {"id": "B", "places": [0, 2, 0, 0], "points": 10, "present_at_close": True},
    {"id": "C", "places": [0, 0, 2, 0], "points": -40, "present_at_close": True},
]


@pytest.mark.parametrize(
    ("shortfall", "recipients", "received", "club"),
    [
        ("recipient", ["A"], [-100, 0, 0], 0),
        ("split", [], [-33, -33, -34], 0),
        ("club", [], [0, 0, 0], -100),
    ],
)
def test_only_the_recipient_setting_names_who_pays_a_shortfall(shortfall, recipients, received, club):
    fees = {"per_game": 350, "venue": 2200, "rounds": 2, "surplus_to": "day_top", "shortfall": shortfall}
    result = settle_meeting(fees, DAY)
    assert result.surplus == -100
    assert result.recipients == recipients
    assert [p.received for p in result.players] == received
    assert result.club == club


# -- Ruling: win points in the breakdown ----------------------------------------------------------------


def test_win_points_are_reported_in_base_with_no_oka_or_uma():
    result = settle(BOO, {"scores": [16000, 8000, 5000, 3000]})
    assert part(result, "base") == ["4.0", "0.0", "-2.0", "-2.0"]
    assert part(result, "oka") == part(result, "uma") == ["0.0"] * 4
    assert totals(result) == ["4.0", "0.0", "-2.0", "-2.0"]
    assert result.floats == 2


# -- Ruling: ダブルマルA and a yakuman that ends a win-points game ----------------------------------------


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ({"seat": 2, "win": "ron", "from": 0, "name": "国士無双"}, ["-6.0", "-6.0", "18.0", "-6.0"]),
        ({"seat": 2, "win": "tsumo", "pao": 1, "name": "大三元"}, ["0.0", "-18.0", "18.0", "0.0"]),
        ({"seat": 2, "win": "ron", "from": 0, "pao": 1, "name": "大三元"}, ["-9.0", "-9.0", "18.0", "0.0"]),
    ],
)
def test_double_maru_a_as_the_page_shows_it(event, expected):
    result = settle(BOO, {"scores": [12000, 9000, 6000, 5000], "yakuman": [event], "ended_by_yakuman": 2})
    assert result.double_maru_a
    assert totals(result) == expected
    assert [seat.place for seat in result] == [2, 3, 1, 4]


def test_the_engine_never_infers_that_a_yakuman_ended_the_game():
    # The caller (entry form, importer) sets ended_by_yakuman; without it the game is settled by the table.
    result = settle(
        BOO,
        {"scores": [12000, 9000, 6000, 5000], "yakuman": [{"seat": 2, "win": "ron", "from": 0, "name": "国士無双"}]},
    )
    assert not result.double_maru_a
    assert totals(result) == ["4.0", "0.0", "-2.0", "-2.0"]


# -- Ruling: explicit oka -----------------------------------------------------------------------------


def test_an_explicit_oka_is_paid_as_given_and_creates_points():
    rules = {"players": 4, "start": 25000, "target": 30000, "oka": 25, "uma": [20, 10, -10, -20]}
    result = settle(rules, {"scores": [40000, 30000, 20000, 10000]})
    assert str(result[0].oka) == "25.0"
    assert sum(seat.total for seat in result) == Decimal("5.0")  # 25 − (30000 − 25000) × 4 / 1000


# -- Choice: chips in a win-points game -----------------------------------------------------------------


def test_chips_in_a_win_points_game_are_worth_nothing():
    result = settle(BOO, {"scores": [16000, 8000, 5000, 3000], "chips": [2, -1, -1, 0]})
    assert part(result, "chips") == ["0.0"] * 4
    with pytest.raises(ScoringError) as refused:
        settle({**BOO, "chips": {"value": 1}}, {"scores": [16000, 8000, 5000, 3000]})
    assert refused.value.code == "unused_by_win_points"


# -- The page's other worked examples ----------------------------------------------------------------------


def test_calling_example():
    rules = {
        "players": 4,
        "start": 25000,
        "target": 30000,
        "uma": [20, 10, -10, -20],
        "rounding": "half_up",
        "bust": {"penalty": 10, "bonus": 10},
        "chips": {"value": 5, "in_total": True},
        "yakuman_shugi": {"ron": 30, "tsumo_each": 20},
    }
    game = {
        "scores": [52300, 31500, 18700, -2500],
        "busts": [{"seat": 3, "by": 0}],
        "chips": [3, -1, 0, -2],
        "yakuman": [{"seat": 0, "win": "tsumo", "name": "四暗刻"}],
    }
    result = settle(rules, game)
    assert part(result, "base") == ["21.0", "2.0", "-11.0", "-32.0"]
    assert part(result, "chips") == ["15.0", "-5.0", "0.0", "-10.0"]
    assert part(result, "shugi") == ["60.0", "-20.0", "-20.0", "-20.0"]
    assert totals(result) == ["146.0", "-13.0", "-41.0", "-92.0"]
    assert result[0].tenths["total"] == 1460


def test_shared_top_example():
    rules = {
        "players": 4,
        "start": 25000,
        "target": 30000,
        "oka": 20,
        "uma": [20, 10, -10, -20],
        "rounding": "five_down_six_up",
        "ties": "split",
    }
    result = settle(rules, {"scores": [36000, 36000, 20400, 7300], "deposit": 300})
    assert [seat.place for seat in result] == [1, 1, 3, 4]
    assert part(result, "base") == ["6.6", "6.4", "-10.0", "-23.0"]
    assert part(result, "uma") == ["15.0", "15.0", "-10.0", "-20.0"]
    assert part(result, "oka") == ["10.0", "10.0", "0.0", "0.0"]
    assert totals(result) == ["31.6", "31.4", "-20.0", "-43.0"]


@pytest.mark.parametrize(
    ("scores", "floats", "expected"),
    [
        ([42000, 31000, 17000, 30000], 3, ["20.0", "4.0", "-25.0", "1.0"]),
        ([42000, 29000, 19000, 30000], 2, ["20.0", "-5.0", "-19.0", "4.0"]),
    ],
)
def test_floating_uma_example(scores, floats, expected):
    rules = {
        "players": 4,
        "start": 30000,
        "target": 30000,
        "uma_by_floats": {
            "0": [0, 0, 0, 0],
            "1": [12, -1, -3, -8],
            "2": [8, 4, -4, -8],
            "3": [8, 3, 1, -12],
            "4": [0, 0, 0, 0],
        },
    }
    result = settle(rules, {"scores": scores})
    assert result.floats == floats
    assert totals(result) == expected


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ({"scores": [8000, 8000, 8000, 8000]}, ["1.0", "0.0", "0.0", "-1.0"]),
        ({"scores": [17000, 4000, 6000, 5000], "chombo": [{"seat": 3}]}, ["10.0", "-2.0", "-2.0", "-6.0"]),
    ],
)
def test_win_points_examples(game, expected):
    assert totals(settle(BOO, game)) == expected


def test_meeting_example():
    players = [
        {"id": "東田", "places": [3, 1, 1, 1], "points": 45, "present_at_close": False},
        {"id": "南野", "places": [1, 0, 0, 0], "points": 30, "present_at_close": True},
        {"id": "西川", "places": [1, 2, 2, 1], "points": 12.5, "present_at_close": True},
        {"id": "北村", "places": [1, 2, 1, 2], "points": -20, "present_at_close": True},
        {"id": "中島", "places": [0, 1, 2, 2], "points": -67.5, "present_at_close": True},
    ]
    fees = {
        "per_game": 350,
        "venue": 7000,
        "rounds": 6,
        "surplus_to": "day_top",
        "min_share": [1, 3],
        "require_present": True,
        "shortfall": "recipient",
    }
    result = settle_meeting(fees, players)
    assert (result.collected, result.surplus, result.min_games) == (8400, 1400, 2)
    assert [p.fee for p in result.players] == [2100, 350, 2100, 2100, 1750]
    assert result.passed_over == [("東田", "absent_at_close"), ("南野", "too_few_games")]
    assert result.recipients == ["西川"]
    assert [p.net for p in result.players] == [-2100, -350, -700, -2100, -1750]
    short = settle_meeting({**fees, "venue": 9000}, players)
    assert short.recipients == ["西川"] and short.players[2].net == -2700
    split = settle_meeting({**fees, "venue": 9000, "shortfall": "split"}, players)
    assert split.recipients == [] and [p.received for p in split.players] == [-120] * 5
    club = settle_meeting({**fees, "venue": 9000, "shortfall": "club"}, players)
    assert club.recipients == [] and club.club == -600
