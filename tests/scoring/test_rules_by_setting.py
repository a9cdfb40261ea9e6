"""Every setting of docs/scoring.md, one at a time, with hand-computed expectations.

None of the expected values was produced by the engine: each comes from the
contract's ten steps, with the arithmetic in the comments where it is not
obvious.  Points are written as text (or ints) and compared as Decimals.

Rulings and choices of docs/scoring.md relied on (and so pinned) here:
dividing an amount of tenths among several people uses floor division and
gives the +1 remainder units one each in priority order, so on a negative
amount the first in priority pays one unit less; with pao on a ron the
discarder pays the odd tenth; floaters are counted on the scores as entered,
before the deposit goes to the top.
"""

from decimal import Decimal

import pytest

from scoring import settle

BASE_RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20]}

# [40000, 30000, 20000, 10000] under BASE_RULES: bases 10, 0, −10, −20;
# oka 20 to the top; uma 20, 10, −10, −20 → totals 50, 10, −20, −40.
PLAIN_GAME = [40000, 30000, 20000, 10000]
PLAIN_TOTALS = ["50", "10", "-20", "-40"]


def P(value):
    return Decimal(str(value)).quantize(Decimal("0.1"))


def rules(**changes):
    return {**BASE_RULES, **changes}


def check(rules_, game, places=None, totals=None, total_sum=None, **parts):
    result = settle(rules_, game)
    if places is not None:
        assert [seat.place for seat in result] == places
    if totals is not None:
        assert [seat.total for seat in result] == [P(t) for t in totals]
    for part, expected in parts.items():
        assert [getattr(seat, part) for seat in result] == [P(v) for v in expected], part
    if total_sum is not None:
        assert sum(seat.total for seat in result) == P(total_sum)
    return result


# ---------------------------------------------------------------------------
# Rounding (step 4).  Seat 1 holds the score under test; seats 2 and 3 hold
# 5,000 each (base (5,000 − target)/1000, nothing to round); seat 0 holds the
# rest and is first.  The bases add up to (100,000 − 4 × target)/1000, so the
# top's base is (90,000 − 2 × target)/1000 − seat 1's base: it takes exactly
# the residue that seat 1's rounding leaves.
# ---------------------------------------------------------------------------
MODES = ("none", "half_up", "five_down_six_up", "down", "up", "toward_target")

# score: seat 1's base under none, half_up, five_down_six_up, down, up, toward_target (target 30,000)
ROUNDING_TABLE = {
    28000: ("-2.0", "-2", "-2", "-2", "-2", "-2"),
    28400: ("-1.6", "-2", "-2", "-2", "-1", "-1"),  # 28,400: 四捨 → 28,000; 五捨六入 400 → 28,000
    28500: ("-1.5", "-1", "-2", "-2", "-1", "-1"),  # half_up 28,500 → 29,000; 五捨六入 → 28,000
    28600: ("-1.4", "-1", "-1", "-2", "-1", "-1"),  # 600: up under both
    29500: ("-0.5", "0", "-1", "-1", "0", "0"),  # below the target: toward_target ceils to 30,000
    30000: ("0.0", "0", "0", "0", "0", "0"),  # exactly on the target
    30500: ("0.5", "1", "0", "0", "1", "0"),  # above the target: toward_target floors to 30,000
    31400: ("1.4", "1", "1", "1", "2", "1"),
    31500: ("1.5", "2", "1", "1", "2", "1"),
    31600: ("1.6", "2", "2", "1", "2", "1"),
    0: ("-30.0", "-30", "-30", "-30", "-30", "-30"),
    # −500: half_up → 0 (like −10,500 → −10,000); 五捨六入 → −1,000; down −1,000; up 0; toward ceil 0.
    -500: ("-30.5", "-30", "-31", "-31", "-30", "-30"),
    # −10,400: half_up −10,000; 五捨六入 −10,000 (docs/scoring.md); down −11,000; up −10,000; toward −10,000.
    -10400: ("-40.4", "-40", "-40", "-41", "-40", "-40"),
    # −10,500: half_up −10,000; 五捨六入 −11,000 (docs/scoring.md); down −11,000; up −10,000; toward −10,000.
    -10500: ("-40.5", "-40", "-41", "-41", "-40", "-40"),
    # −10,600: half_up −11,000; 五捨六入 −11,000; down −11,000; up −10,000; toward −10,000.
    -10600: ("-40.6", "-41", "-41", "-41", "-40", "-40"),
}

ROUNDING_CASES = [
    pytest.param(mode, score, 30000, P(bases[i]), id=f"{mode}-{score}")
    for score, bases in ROUNDING_TABLE.items()
    for i, mode in enumerate(MODES)
]
# toward_target follows the target, not a fixed 30,000: with target 25,000,
# 25,400 is a plus player (floor → 25,000), 24,600 a minus player (ceil → 25,000).
ROUNDING_CASES += [
    pytest.param("toward_target", 25400, 25000, P("0"), id="toward_target-25400-target-25000"),
    pytest.param("toward_target", 24600, 25000, P("0"), id="toward_target-24600-target-25000"),
    pytest.param("toward_target", 27900, 25000, P("2"), id="toward_target-27900-target-25000"),
    pytest.param("toward_target", 22100, 25000, P("-2"), id="toward_target-22100-target-25000"),
    pytest.param("toward_target", 25000, 25000, P("0"), id="toward_target-on-target-25000"),
    pytest.param("half_up", 24500, 25000, P("0"), id="half_up-24500-target-25000"),
]


@pytest.mark.parametrize(("mode", "score", "target", "expected"), ROUNDING_CASES)
def test_rounding_of_a_non_top_score(mode, score, target, expected):
    game = {"scores": [90000 - score, score, 5000, 5000]}
    result = settle(rules(rounding=mode, target=target, uma=[0, 0, 0, 0]), game)
    assert result[0].place == 1
    assert result[1].base == expected
    assert result[2].base == result[3].base == P((5000 - target) // 1000)
    assert result[0].base == P((90000 - 2 * target) // 1000) - expected


def test_the_top_score_is_never_rounded():
    # Top 45,500 keeps its hundreds: under none it is 15.5, under half_up it
    # takes the others' residue instead: 28,500→29,000 (−0.5), 16,600→17,000 (−0.4),
    # 9,400→9,000 (+0.4): 15.5 − 0.5 = 15.0.
    game = {"scores": [45500, 28500, 16600, 9400]}
    check(rules(rounding="none"), game, base=["15.5", "-1.5", "-13.4", "-20.6"])
    check(rules(rounding="half_up"), game, base=["15.0", "-1.0", "-13.0", "-21.0"], total_sum="0")
    # down: 28,000 (+0.5), 16,000 (+0.6), 9,000 (+0.4): 15.5 + 1.5 = 17.0.
    check(rules(rounding="down"), game, base=["17.0", "-2.0", "-14.0", "-21.0"], total_sum="0")
    # up: 29,000 (−0.5), 17,000 (−0.4), 10,000 (−0.6): 15.5 − 1.5 = 14.0.
    check(rules(rounding="up"), game, base=["14.0", "-1.0", "-13.0", "-20.0"], total_sum="0")


# ---------------------------------------------------------------------------
# Ties (steps 1, 2, 5).  BASE_RULES, no rounding.
# ---------------------------------------------------------------------------
TIE_CASES = [
    # --- seat: places 1..4, lower seat first; uma and oka as with no tie.
    pytest.param(
        "seat",
        [35000, 35000, 20000, 10000],
        [1, 2, 3, 4],
        ["20", "10", "-10", "-20"],
        ["20", "0", "0", "0"],
        ["45", "15", "-20", "-40"],
        id="seat-top-2",
    ),
    pytest.param(
        "seat",
        [20000, 35000, 10000, 35000],
        [3, 1, 4, 2],
        ["-10", "20", "-20", "10"],
        ["0", "20", "0", "0"],
        ["-20", "45", "-40", "15"],
        id="seat-top-2-seats-1-and-3",
    ),
    pytest.param(
        "seat",
        [30000, 30000, 30000, 10000],
        [1, 2, 3, 4],
        ["20", "10", "-10", "-20"],
        ["20", "0", "0", "0"],
        ["40", "10", "-10", "-40"],
        id="seat-top-3",
    ),
    pytest.param(
        "seat",
        [25000, 25000, 25000, 25000],
        [1, 2, 3, 4],
        ["20", "10", "-10", "-20"],
        ["20", "0", "0", "0"],
        ["35", "5", "-15", "-25"],
        id="seat-all-4",
    ),
    pytest.param(
        "seat",
        [40000, 25000, 10000, 25000],
        [1, 2, 4, 3],
        ["20", "10", "-20", "-10"],
        ["20", "0", "0", "0"],
        ["50", "5", "-40", "-15"],
        id="seat-middle-2",
    ),
    pytest.param(
        "seat",
        [40000, 30000, 15000, 15000],
        [1, 2, 3, 4],
        ["20", "10", "-10", "-20"],
        ["20", "0", "0", "0"],
        ["50", "10", "-25", "-35"],
        id="seat-bottom-2",
    ),
    pytest.param(
        "seat",
        [55000, 15000, 15000, 15000],
        [1, 2, 3, 4],
        ["20", "10", "-10", "-20"],
        ["20", "0", "0", "0"],
        ["65", "-5", "-25", "-35"],
        id="seat-bottom-3",
    ),
    # --- split: tied players share the best place; uma and oka pooled.
    # Top 2: uma (20+10)/2 = 15, oka 20/2 = 10: 5+15+10 = 30.
    pytest.param(
        "split",
        [35000, 35000, 20000, 10000],
        [1, 1, 3, 4],
        ["15", "15", "-10", "-20"],
        ["10", "10", "0", "0"],
        ["30", "30", "-20", "-40"],
        id="split-top-2",
    ),
    # Top 3: uma 20+10−10 = 20 P = 200 tenths / 3 = 66 r 2 → 6.7, 6.7, 6.6; oka the same.
    pytest.param(
        "split",
        [30000, 30000, 30000, 10000],
        [1, 1, 1, 4],
        ["6.7", "6.7", "6.6", "-20"],
        ["6.7", "6.7", "6.6", "0"],
        ["13.4", "13.4", "13.2", "-40"],
        id="split-top-3",
    ),
    # Top 3 on seats 0, 2, 3: the odd tenths go to seats 0 and 2.
    pytest.param(
        "split",
        [30000, 10000, 30000, 30000],
        [1, 4, 1, 1],
        ["6.7", "-20", "6.7", "6.6"],
        ["6.7", "0", "6.7", "6.6"],
        ["13.4", "-40", "13.4", "13.2"],
        id="split-top-3-seats-0-2-3",
    ),
    # All 4: uma 0 each, oka 20/4 = 5 each, base −5: 0.
    pytest.param(
        "split",
        [25000, 25000, 25000, 25000],
        [1, 1, 1, 1],
        ["0", "0", "0", "0"],
        ["5", "5", "5", "5"],
        ["0", "0", "0", "0"],
        id="split-all-4",
    ),
    # Middle 2 (seats 1 and 3): uma (10−10)/2 = 0.
    pytest.param(
        "split",
        [40000, 25000, 10000, 25000],
        [1, 2, 4, 2],
        ["20", "0", "-20", "0"],
        ["20", "0", "0", "0"],
        ["50", "-5", "-40", "-5"],
        id="split-middle-2",
    ),
    # Bottom 2: uma (−10−20)/2 = −15.
    pytest.param(
        "split",
        [40000, 30000, 15000, 15000],
        [1, 2, 3, 3],
        ["20", "10", "-15", "-15"],
        ["20", "0", "0", "0"],
        ["50", "10", "-30", "-30"],
        id="split-bottom-2",
    ),
    # Bottom 3: uma 10−10−20 = −20 P = −200 tenths; divmod(−200, 3) = (−67, 1):
    # −6.6 (seat priority), −6.7, −6.7.  −15 − 6.6 = −21.6.
    pytest.param(
        "split",
        [55000, 15000, 15000, 15000],
        [1, 2, 2, 2],
        ["20", "-6.6", "-6.7", "-6.7"],
        ["20", "0", "0", "0"],
        ["65", "-21.6", "-21.7", "-21.7"],
        id="split-bottom-3",
    ),
]


@pytest.mark.parametrize(("ties", "scores", "places", "uma", "oka", "totals"), TIE_CASES)
def test_ties(ties, scores, places, uma, oka, totals):
    check(rules(ties=ties), {"scores": scores}, places, totals, total_sum="0", uma=uma, oka=oka)


def test_split_pools_odd_tenths_of_uma_at_the_top_and_the_bottom():
    # uma [10.5, 5.2, −5.2, −10.5]: the top pair pools 15.7 = 157 tenths → 79, 78;
    # the bottom pair pools −15.7 = −157 → divmod(−157, 2) = (−79, 1) → −78, −79.
    # Totals: 5 + 10 + 7.9 = 22.9; 22.8; −15 − 7.8 = −22.8; −22.9.
    check(
        rules(ties="split", uma=[10.5, 5.2, -5.2, -10.5]),
        {"scores": [35000, 35000, 15000, 15000]},
        [1, 1, 3, 3],
        ["22.9", "22.8", "-22.8", "-22.9"],
        total_sum="0",
        uma=["7.9", "7.8", "-7.8", "-7.9"],
        oka=["10", "10", "0", "0"],
    )


def test_split_pools_an_odd_explicit_oka():
    # oka 15.5 = 155 tenths shared by two tops: 78, 77.  The bases still add to
    # −20 (the scores fix them), so the totals add to 15.5 − 20 = −4.5.
    check(
        rules(ties="split", oka=15.5),
        {"scores": [35000, 35000, 20000, 10000]},
        [1, 1, 3, 4],
        ["27.8", "27.7", "-20", "-40"],
        total_sum="-4.5",
        oka=["7.8", "7.7", "0", "0"],
        uma=["15", "15", "-10", "-20"],
    )


def test_split_tie_with_rounding_gives_both_tops_the_residue():
    # five_down_six_up: 15,300 → 15,000 (+0.3), 11,500 → 11,000 (+0.5); 0.8 shared: 0.4 each.
    check(
        rules(ties="split", rounding="five_down_six_up"),
        {"scores": [36600, 36600, 15300, 11500]},
        [1, 1, 3, 4],
        ["32.0", "32.0", "-25.0", "-39.0"],
        total_sum="0",
        base=["7.0", "7.0", "-15.0", "-19.0"],
    )


# ---------------------------------------------------------------------------
# Deposits (step 3)
# ---------------------------------------------------------------------------
def test_deposit_goes_to_the_top():
    check(
        rules(),
        {"scores": [38000, 30000, 20000, 10000], "deposit": 2000},
        [1, 2, 3, 4],
        PLAIN_TOTALS,
        total_sum="0",
        base=["10", "0", "-10", "-20"],
    )


def test_deposit_top_is_the_default_and_explicit_top_is_the_same():
    game = {"scores": [38000, 30000, 20000, 10000], "deposit": 2000}
    assert [s.total for s in settle(rules(deposits="top"), game)] == [s.total for s in settle(rules(), game)]


def test_deposit_lost_is_dropped():
    # 38,000 stays 38,000: 8 + 20 + 20 = 48; the 2 P deposit leaves the table.
    check(
        rules(deposits="lost"),
        {"scores": [38000, 30000, 20000, 10000], "deposit": 2000},
        [1, 2, 3, 4],
        ["48", "10", "-20", "-40"],
        total_sum="-2",
        base=["8", "0", "-10", "-20"],
    )


def test_deposit_split_between_two_tied_tops_odd_hundred_by_seat_priority():
    # 300 = 3 hundreds for two tops: 200 to seat 0, 100 to seat 1 → 40,200 / 40,100.
    # Bases 10.2, 10.1, −17.6, −22.7; uma 15 each, oka 10 each.
    check(
        rules(ties="split"),
        {"scores": [40000, 40000, 12400, 7300], "deposit": 300},
        [1, 1, 3, 4],
        ["35.2", "35.1", "-27.6", "-42.7"],
        total_sum="0",
        base=["10.2", "10.1", "-17.6", "-22.7"],
    )


def test_deposit_split_among_three_tied_tops():
    # 500 = 5 hundreds for three tops: 2, 2, 1 → 30,200, 30,200, 30,100.
    # Bases 0.2, 0.2, 0.1, −20.5; uma and oka 6.7, 6.7, 6.6 each.
    check(
        rules(ties="split"),
        {"scores": [30000, 30000, 30000, 9500], "deposit": 500},
        [1, 1, 1, 4],
        ["13.6", "13.6", "13.3", "-40.5"],
        total_sum="0",
        base=["0.2", "0.2", "0.1", "-20.5"],
    )


def test_deposit_lost_with_tied_tops():
    check(
        rules(ties="split", deposits="lost"),
        {"scores": [40000, 40000, 12400, 7300], "deposit": 300},
        [1, 1, 3, 4],
        ["35", "35", "-27.6", "-42.7"],
        total_sum="-0.3",
    )


def test_deposit_with_seat_ties_goes_to_the_seat_priority_top_only():
    check(
        rules(),
        {"scores": [39000, 39000, 12000, 9000], "deposit": 1000},
        [1, 2, 3, 4],
        ["50", "19", "-28", "-41"],
        total_sum="0",
        base=["10", "9", "-18", "-21"],
    )


# ---------------------------------------------------------------------------
# Rounding residue (step 4): the top, or tied tops in tenths
# ---------------------------------------------------------------------------
def test_residue_to_a_single_top():
    # down: 28,500 → 28,000 (+0.5), 16,600 → 16,000 (+0.6), 9,400 → 9,000 (+0.4) = 1.5.
    check(
        rules(rounding="down"),
        {"scores": [45500, 28500, 16600, 9400]},
        [1, 2, 3, 4],
        ["57", "8", "-24", "-41"],
        total_sum="0",
        base=["17", "-2", "-14", "-21"],
    )


def test_positive_residue_shared_among_three_tied_tops_odd_tenths_by_seat():
    # down: 9,700 → 9,000, residue +0.7 = 7 tenths → 3, 2, 2.  Tops' exact base 0.1.
    # Bases 0.4, 0.3, 0.3, −21; uma and oka 6.7, 6.7, 6.6: 0.4 + 13.4 = 13.8 …
    check(
        rules(ties="split", rounding="down"),
        {"scores": [30100, 30100, 30100, 9700]},
        [1, 1, 1, 4],
        ["13.8", "13.7", "13.5", "-41"],
        total_sum="0",
        base=["0.4", "0.3", "0.3", "-21"],
    )


def test_negative_residue_shared_among_three_tied_tops():
    # up: 8,800 → 9,000, residue −0.2 = −2 tenths; divmod(−2, 3) = (−1, 1): 0, −1, −1.
    # Tops' exact base 0.4: 0.4, 0.3, 0.3.
    check(
        rules(ties="split", rounding="up"),
        {"scores": [30400, 30400, 30400, 8800]},
        [1, 1, 1, 4],
        ["13.8", "13.7", "13.5", "-41"],
        total_sum="0",
        base=["0.4", "0.3", "0.3", "-21"],
    )


def test_residue_and_odd_deposit_between_two_tied_tops():
    # Deposit 300 → 40,200 / 40,100.  down: 12,400 → 12,000 (+0.4), 7,300 → 7,000 (+0.3):
    # 7 tenths → 4, 3.  Bases 10.2 + 0.4 = 10.6, 10.1 + 0.3 = 10.4, −18, −23.
    check(
        rules(ties="split", rounding="down"),
        {"scores": [40000, 40000, 12400, 7300], "deposit": 300},
        [1, 1, 3, 4],
        ["35.6", "35.4", "-28", "-43"],
        total_sum="0",
        base=["10.6", "10.4", "-18", "-23"],
    )


# ---------------------------------------------------------------------------
# box_under (step 3)
# ---------------------------------------------------------------------------
def test_box_under_true_counts_negative_scores():
    check(
        rules(box_under=True),
        {"scores": [62000, 31000, 12000, -5000]},
        [1, 2, 3, 4],
        ["72", "11", "-28", "-55"],
        total_sum="0",
        base=["32", "1", "-18", "-35"],
    )


def test_box_under_false_clamps_negative_scores_to_zero():
    # −5,000 counts as 0: base −30 instead of −35; 5 P are created.
    check(
        rules(box_under=False),
        {"scores": [62000, 31000, 12000, -5000]},
        [1, 2, 3, 4],
        ["72", "11", "-28", "-50"],
        total_sum="5",
        base=["32", "1", "-18", "-30"],
    )


def test_box_under_false_still_lets_a_negative_score_bust():
    check(
        rules(box_under=False, bust={"penalty": 10, "bonus": 10}),
        {"scores": [62000, 31000, 12000, -5000], "busts": [{"seat": 3, "by": 0}]},
        [1, 2, 3, 4],
        ["82", "11", "-28", "-60"],
        total_sum="5",
        bust=["10", "0", "0", "-10"],
    )


# ---------------------------------------------------------------------------
# Bust (step 6): penalty 5, bonus 3 (unequal, so who gets what is visible)
# ---------------------------------------------------------------------------
BUST = {"penalty": 5, "bonus": 3}


def test_bust_with_a_named_buster():
    # Bases 30, 0, −19.5, −30.5.  West +3, North −5.
    check(
        rules(bust=BUST),
        {"scores": [60000, 30000, 10500, -500], "busts": [{"seat": 3, "by": 2}]},
        [1, 2, 3, 4],
        ["70", "10", "-26.5", "-55.5"],
        total_sum="-2",
        bust=["0", "0", "3", "-5"],
    )


def test_bust_without_a_buster_pays_the_top():
    check(
        rules(bust=BUST),
        {"scores": [60000, 30000, 10500, -500], "busts": [{"seat": 3, "by": None}]},
        [1, 2, 3, 4],
        ["73", "10", "-29.5", "-55.5"],
        total_sum="-2",
        bust=["3", "0", "0", "-5"],
    )


def test_bust_without_a_buster_pays_the_top_when_the_top_is_not_seat_0():
    # West is first with 70,000: base 40; East −10, South −19.5, North −30.5.
    check(
        rules(bust=BUST),
        {"scores": [20000, 10500, 70000, -500], "busts": [{"seat": 3, "by": None}]},
        [2, 3, 1, 4],
        ["0", "-29.5", "83", "-55.5"],
        total_sum="-2",
        bust=["0", "0", "3", "-5"],
    )


def test_bust_without_a_buster_pays_the_seat_priority_first_of_tied_tops():
    # split tops East and South: uma 15, oka 10 each; the bonus goes to East only.
    check(
        rules(bust=BUST, ties="split"),
        {"scores": [40000, 40000, 20500, -500], "busts": [{"seat": 3, "by": None}]},
        [1, 1, 3, 4],
        ["38", "35", "-19.5", "-55.5"],
        total_sum="-2",
        bust=["3", "0", "0", "-5"],
    )


def test_bust_at_zero():
    check(
        rules(bust={**BUST, "at_zero": True}),
        {"scores": [60000, 30000, 10000, 0], "busts": [{"seat": 3, "by": 0}]},
        [1, 2, 3, 4],
        ["73", "10", "-30", "-55"],
        total_sum="-2",
        bust=["3", "0", "0", "-5"],
    )


def test_two_busted_by_one_buster_pays_the_bonus_twice():
    # Bases 41, 0, −30.2, −30.8; South +3 × 2 = 6.
    check(
        rules(bust=BUST),
        {"scores": [71000, 30000, -200, -800], "busts": [{"seat": 2, "by": 1}, {"seat": 3, "by": 1}]},
        [1, 2, 3, 4],
        ["81", "16", "-45.2", "-55.8"],
        total_sum="-4",
        bust=["0", "6", "-5", "-5"],
    )


def test_three_busted_by_the_top():
    # Bases 100, −40, −40, −40; East +9.
    check(
        rules(bust=BUST),
        {
            "scores": [130000, -10000, -10000, -10000],
            "busts": [{"seat": 1, "by": 0}, {"seat": 2, "by": 0}, {"seat": 3, "by": 0}],
        },
        [1, 2, 3, 4],
        ["149", "-35", "-55", "-65"],
        total_sum="-6",
        bust=["9", "-5", "-5", "-5"],
    )


def test_a_bust_not_recorded_costs_nothing():
    check(
        rules(bust=BUST),
        {"scores": [60000, 30000, 10500, -500]},
        [1, 2, 3, 4],
        ["70", "10", "-29.5", "-50.5"],
        total_sum="0",
        bust=["0", "0", "0", "0"],
    )


# ---------------------------------------------------------------------------
# Chips (step 7)
# ---------------------------------------------------------------------------
def test_chips_in_the_total():
    # 1.5 P a chip; 3, −1, −1, −1 → 4.5, −1.5, −1.5, −1.5.
    check(
        rules(chips={"value": 1.5, "in_total": True}),
        {"scores": PLAIN_GAME, "chips": [3, -1, -1, -1]},
        [1, 2, 3, 4],
        ["54.5", "8.5", "-21.5", "-41.5"],
        total_sum="0",
        chips=["4.5", "-1.5", "-1.5", "-1.5"],
    )


def test_chips_out_of_the_total_are_still_reported():
    check(
        rules(chips={"value": 1.5, "in_total": False}),
        {"scores": PLAIN_GAME, "chips": [3, -1, -1, -1]},
        [1, 2, 3, 4],
        PLAIN_TOTALS,
        total_sum="0",
        chips=["4.5", "-1.5", "-1.5", "-1.5"],
    )


def test_chips_without_a_value_are_worth_nothing():
    check(
        rules(),
        {"scores": PLAIN_GAME, "chips": [3, -1, -1, -1]},
        [1, 2, 3, 4],
        PLAIN_TOTALS,
        chips=["0", "0", "0", "0"],
    )


def test_chips_never_change_places():
    check(
        rules(chips={"value": 5, "in_total": True}),
        {"scores": [31000, 30000, 20000, 19000], "chips": [-4, 4, 0, 0]},
        [1, 2, 3, 4],
        ["21", "30", "-20", "-31"],
        total_sum="0",
    )


# ---------------------------------------------------------------------------
# Shūgi (step 8).  ron 10.5, tsumo_each 5, counted_ron 5.5, counted_tsumo_each 2.
# On PLAIN_GAME every total is PLAIN_TOTALS + shūgi.
# ---------------------------------------------------------------------------
SHUGI = {"ron": 10.5, "tsumo_each": 5, "counted_ron": 5.5, "counted_tsumo_each": 2}


def Y(seat, win, kind="yakuman", frm=None, pao=None, count=1):
    event = {"seat": seat, "win": win, "kind": kind, "count": count, "name": "国士無双"}
    if frm is not None:
        event["from"] = frm
    if pao is not None:
        event["pao"] = pao
    return event


SHUGI_CASES = [
    pytest.param(False, [Y(1, "tsumo")], ["-5", "15", "-5", "-5"], ["45", "25", "-25", "-45"], id="tsumo"),
    pytest.param(
        False, [Y(1, "tsumo", pao=3)], ["0", "15", "0", "-15"], ["50", "25", "-20", "-55"], id="tsumo-pao-pays-all"
    ),
    pytest.param(False, [Y(2, "ron", frm=0)], ["-10.5", "0", "10.5", "0"], ["39.5", "10", "-9.5", "-40"], id="ron"),
    # 10.5 = 105 tenths: pao 52, the discarder the odd tenth: 53.
    pytest.param(
        False,
        [Y(2, "ron", frm=0, pao=3)],
        ["-5.3", "0", "10.5", "-5.2"],
        ["44.7", "10", "-9.5", "-45.2"],
        id="ron-pao-half-each-odd-tenth-by-from",
    ),
    pytest.param(
        False, [Y(3, "tsumo", kind="counted")], ["-2", "-2", "-2", "6"], ["48", "8", "-22", "-34"], id="counted-tsumo"
    ),
    pytest.param(
        False,
        [Y(3, "tsumo", kind="counted", pao=0)],
        ["-6", "0", "0", "6"],
        ["44", "10", "-20", "-34"],
        id="counted-tsumo-pao",
    ),
    pytest.param(
        False,
        [Y(0, "ron", kind="counted", frm=1)],
        ["5.5", "-5.5", "0", "0"],
        ["55.5", "4.5", "-20", "-40"],
        id="counted-ron",
    ),
    # counted 5.5 = 55 tenths: pao 27, discarder 28.
    pytest.param(
        False,
        [Y(0, "ron", kind="counted", frm=1, pao=2)],
        ["5.5", "-2.8", "-2.7", "0"],
        ["55.5", "7.2", "-22.7", "-40"],
        id="counted-ron-pao",
    ),
    # multiply false: a double yakuman pays as one.
    pytest.param(
        False,
        [Y(0, "tsumo", count=2)],
        ["15", "-5", "-5", "-5"],
        ["65", "5", "-25", "-45"],
        id="no-multiply-count-2-tsumo",
    ),
    pytest.param(
        False,
        [Y(2, "ron", frm=0, pao=3, count=2)],
        ["-5.3", "0", "10.5", "-5.2"],
        ["44.7", "10", "-9.5", "-45.2"],
        id="no-multiply-count-2-ron-pao",
    ),
    # multiply true: × count.
    pytest.param(
        True,
        [Y(0, "tsumo", count=2)],
        ["30", "-10", "-10", "-10"],
        ["80", "0", "-30", "-50"],
        id="multiply-count-2-tsumo",
    ),
    pytest.param(
        True,
        [Y(2, "ron", frm=0, count=2)],
        ["-21", "0", "21", "0"],
        ["29", "10", "1", "-40"],
        id="multiply-count-2-ron",
    ),
    # 21 = 210 tenths: 105 each, no odd tenth.
    pytest.param(
        True,
        [Y(2, "ron", frm=0, pao=3, count=2)],
        ["-10.5", "0", "21", "-10.5"],
        ["39.5", "10", "1", "-50.5"],
        id="multiply-count-2-ron-pao",
    ),
    # 10.5 × 3 = 31.5 = 315 tenths: pao 157, discarder 158.
    pytest.param(
        True,
        [Y(2, "ron", frm=0, pao=3, count=3)],
        ["-15.8", "0", "31.5", "-15.7"],
        ["34.2", "10", "11.5", "-55.7"],
        id="multiply-count-3-ron-pao-odd-tenth",
    ),
    pytest.param(
        True,
        [Y(3, "tsumo", kind="counted", count=2)],
        ["-4", "-4", "-4", "12"],
        ["46", "6", "-24", "-28"],
        id="multiply-counted-tsumo-count-2",
    ),
    pytest.param(
        True,
        [Y(0, "ron", kind="counted", frm=1, pao=2, count=2)],
        ["11", "-5.5", "-5.5", "0"],
        ["61", "4.5", "-25.5", "-40"],
        id="multiply-counted-ron-pao-count-2",
    ),
    pytest.param(
        True, [Y(0, "tsumo", count=1)], ["15", "-5", "-5", "-5"], ["65", "5", "-25", "-45"], id="multiply-count-1"
    ),
    # Two events add up: tsumo by South (−5 each) and ron West from East (10.5).
    pytest.param(
        False,
        [Y(1, "tsumo"), Y(2, "ron", frm=0)],
        ["-15.5", "15", "5.5", "-5"],
        ["34.5", "25", "-14.5", "-45"],
        id="two-events",
    ),
]


@pytest.mark.parametrize(("multiply", "events", "shugi", "totals"), SHUGI_CASES)
def test_shugi(multiply, events, shugi, totals):
    check(
        rules(yakuman_shugi={**SHUGI, "multiply": multiply}),
        {"scores": PLAIN_GAME, "yakuman": events},
        [1, 2, 3, 4],
        totals,
        total_sum="0",
        shugi=shugi,
    )


def test_shugi_name_is_only_for_the_record():
    game = {"scores": PLAIN_GAME, "yakuman": [Y(1, "tsumo")]}
    other = {"scores": PLAIN_GAME, "yakuman": [{**Y(1, "tsumo"), "name": "天和"}]}
    r = rules(yakuman_shugi=SHUGI)
    assert [s.total for s in settle(r, game)] == [s.total for s in settle(r, other)]


def test_no_shugi_configured_pays_nothing():
    check(
        rules(),
        {"scores": PLAIN_GAME, "yakuman": [Y(1, "tsumo"), Y(2, "ron", frm=0, pao=3)]},
        [1, 2, 3, 4],
        PLAIN_TOTALS,
        shugi=["0", "0", "0", "0"],
    )


# ---------------------------------------------------------------------------
# Chombo (step 9): penalty 20
# ---------------------------------------------------------------------------
def test_chombo_kept():
    check(
        rules(chombo={"penalty": 20, "to_others": False}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 2}]},
        [1, 2, 3, 4],
        ["50", "10", "-40", "-40"],
        total_sum="-20",
        chombo=["0", "0", "-20", "0"],
    )


def test_chombo_shared_odd_tenths_by_seat_priority():
    # 200 tenths / 3 others = 66 r 2: East 6.7, South 6.7, North 6.6.
    check(
        rules(chombo={"penalty": 20, "to_others": True}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 2}]},
        [1, 2, 3, 4],
        ["56.7", "16.7", "-40", "-33.4"],
        total_sum="0",
        chombo=["6.7", "6.7", "-20", "6.6"],
    )


def test_chombo_by_the_dealer_shared():
    check(
        rules(chombo={"penalty": 20, "to_others": True}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 0}]},
        [1, 2, 3, 4],
        ["30", "16.7", "-13.3", "-33.4"],
        total_sum="0",
        chombo=["-20", "6.7", "6.7", "6.6"],
    )


def test_two_chombos_shared():
    # South's: East 6.7, West 6.7, North 6.6.  North's: East 6.7, South 6.7, West 6.6.
    check(
        rules(chombo={"penalty": 20, "to_others": True}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 1}, {"seat": 3}]},
        [1, 2, 3, 4],
        total_sum="0",
        chombo=["13.4", "-13.3", "13.3", "-13.4"],
    )


def test_the_same_seat_twice_pays_twice():
    check(
        rules(chombo={"penalty": 20, "to_others": False}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 1}, {"seat": 1}]},
        [1, 2, 3, 4],
        ["50", "-30", "-20", "-40"],
        total_sum="-40",
        chombo=["0", "-40", "0", "0"],
    )


def test_chombo_of_one_point_shared():
    # 10 tenths / 3 = 3 r 1: East 0.4, South 0.3, West 0.3.
    check(
        rules(chombo={"penalty": 1, "to_others": True}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 3}]},
        [1, 2, 3, 4],
        ["50.4", "10.3", "-19.7", "-41"],
        total_sum="0",
        chombo=["0.4", "0.3", "0.3", "-1"],
    )


def test_chombo_never_changes_places():
    check(
        rules(chombo={"penalty": 60, "to_others": False}),
        {"scores": PLAIN_GAME, "chombo": [{"seat": 0}]},
        [1, 2, 3, 4],
        ["-10", "10", "-20", "-40"],
    )


# ---------------------------------------------------------------------------
# uma_by_floats (step 5) with 0 to 4 floaters
# ---------------------------------------------------------------------------
UBF = {
    "0": [6, 2, -2, -6],
    "1": [12, -1, -3, -8],
    "2": [8, 4, -4, -8],
    "3": [8, 3, 1, -12],
    "4": [5, 3, -3, -5],
}
UBF_RULES = {"players": 4, "start": 25000, "target": 30000, "uma_by_floats": UBF}


@pytest.mark.parametrize(
    ("changes", "game", "floats", "uma", "totals"),
    [
        # Nobody reaches 30,000: bases −1, −3, −6, −10, oka 20.
        pytest.param(
            {},
            {"scores": [29000, 27000, 24000, 20000]},
            0,
            ["6", "2", "-2", "-6"],
            ["25", "-1", "-8", "-16"],
            id="0-floaters",
        ),
        pytest.param(
            {},
            {"scores": [45000, 25000, 20000, 10000]},
            1,
            ["12", "-1", "-3", "-8"],
            ["47", "-6", "-13", "-28"],
            id="1-floater",
        ),
        # Exactly 30,000 floats (float_line defaults to the target).
        pytest.param(
            {},
            {"scores": [40000, 30000, 20000, 10000]},
            2,
            ["8", "4", "-4", "-8"],
            ["38", "4", "-14", "-28"],
            id="2-floaters-one-on-the-line",
        ),
        pytest.param(
            {},
            {"scores": [30000, 30000, 30000, 10000]},
            3,
            ["8", "3", "1", "-12"],
            ["28", "3", "1", "-32"],
            id="3-floaters",
        ),
        # float_line 25,000: all four on 25,000 float.  Bases −5, oka 20 to East.
        pytest.param(
            {"float_line": 25000},
            {"scores": [25000, 25000, 25000, 25000]},
            4,
            ["5", "3", "-3", "-5"],
            ["20", "-2", "-8", "-10"],
            id="4-floaters-float-line-25000",
        ),
        # Floaters are counted on the scores as entered: the top's 29,500 does not float even
        # though the 1,000 left on the table lifts its base to +0.5.  Bases 0.5, −3, −6, −11.5.
        pytest.param(
            {},
            {"scores": [29500, 27000, 24000, 18500], "deposit": 1000},
            0,
            ["6", "2", "-2", "-6"],
            ["26.5", "-1", "-8", "-17.5"],
            id="0-floaters-before-deposit",
        ),
    ],
)
def test_uma_by_floats(changes, game, floats, uma, totals):
    result = check({**UBF_RULES, **changes}, game, [1, 2, 3, 4], totals, total_sum="0", uma=uma)
    assert result.floats == floats


def test_uma_by_floats_replaces_uma():
    result = check(
        {**UBF_RULES, "uma": [30, 10, -10, -30]},
        {"scores": [45000, 25000, 20000, 10000]},
        [1, 2, 3, 4],
        ["47", "-6", "-13", "-28"],
        uma=["12", "-1", "-3", "-8"],
    )
    assert result.floats == 1


def test_uma_by_floats_with_split_ties():
    # Two floaters tied on 35,000: uma "2" places 1 and 2 pooled: (8+4)/2 = 6.
    check(
        {**UBF_RULES, "ties": "split"},
        {"scores": [35000, 35000, 20000, 10000]},
        [1, 1, 3, 4],
        ["21", "21", "-14", "-28"],
        total_sum="0",
        uma=["6", "6", "-4", "-8"],
    )


# ---------------------------------------------------------------------------
# Three players, explicit oka, no oka
# ---------------------------------------------------------------------------
THREE = {"players": 3, "start": 35000, "target": 40000, "uma": [30, 0, -30]}


def test_three_players_oka_defaults_to_the_difference():
    # oka (40,000 − 35,000) × 3 / 1000 = 15.  half_up: 33,400 → 33,000 (+0.4),
    # 19,300 → 19,000 (+0.3); top 12.3 + 0.7 = 13.  13 + 15 + 30 = 58.
    check(
        {**THREE, "rounding": "half_up"},
        {"scores": [52300, 33400, 19300]},
        [1, 2, 3],
        ["58", "-7", "-51"],
        total_sum="0",
        base=["13", "-7", "-21"],
        oka=["15", "0", "0"],
    )


def test_three_players_split_tie_at_the_top():
    # uma (30 + 0)/2 = 15, oka 15/2 = 7.5 each.
    check(
        {**THREE, "ties": "split"},
        {"scores": [40000, 40000, 25000]},
        [1, 1, 3],
        ["22.5", "22.5", "-45"],
        total_sum="0",
        uma=["15", "15", "-30"],
        oka=["7.5", "7.5", "0"],
    )


def test_three_players_all_tied():
    # base −5 each, uma 0, oka 5 each.
    check(
        {**THREE, "ties": "split"},
        {"scores": [35000, 35000, 35000]},
        [1, 1, 1],
        ["0", "0", "0"],
        total_sum="0",
        oka=["5", "5", "5"],
    )


def test_three_players_seat_ties():
    check(THREE, {"scores": [40000, 25000, 40000]}, [1, 3, 2], ["45", "-45", "0"], total_sum="0")


def test_three_players_tsumo_shugi_and_shared_chombo():
    # Bases 10, −5, −20 → 55, −5, −50 with oka and uma.  tsumo_each 5: South +10,
    # the two others −5.  South's chombo 5 shared: 2.5 each.
    # 55 − 5 + 2.5 = 52.5; −5 + 10 − 5 = 0; −50 − 5 + 2.5 = −52.5.
    check(
        {**THREE, "yakuman_shugi": {"tsumo_each": 5}, "chombo": {"penalty": 5, "to_others": True}},
        {"scores": [50000, 35000, 20000], "yakuman": [Y(1, "tsumo")], "chombo": [{"seat": 1}]},
        [1, 2, 3],
        ["52.5", "0", "-52.5"],
        total_sum="0",
        shugi=["-5", "10", "-5"],
        chombo=["2.5", "-5", "2.5"],
    )


def test_three_players_explicit_oka():
    # oka 10 given explicitly: bases 10, −5, −20 add to −15, so the totals add to −5.
    check(
        {**THREE, "oka": 10},
        {"scores": [50000, 35000, 20000]},
        [1, 2, 3],
        ["50", "-5", "-50"],
        total_sum="-5",
        oka=["10", "0", "0"],
    )


def test_explicit_zero_oka_with_a_higher_target():
    check(
        rules(oka=0),
        {"scores": PLAIN_GAME},
        [1, 2, 3, 4],
        ["30", "10", "-20", "-40"],
        total_sum="-20",
        oka=["0", "0", "0", "0"],
    )


def test_no_oka_when_target_equals_start():
    # 30,000 / 30,000: oka 0.  Bases 15, 0, −5, −10.
    check(
        {"players": 4, "start": 30000, "uma": [20, 10, -10, -20]},
        {"scores": [45000, 30000, 25000, 20000]},
        [1, 2, 3, 4],
        ["35", "10", "-15", "-30"],
        total_sum="0",
        oka=["0", "0", "0", "0"],
    )


def test_defaults_everything_off():
    # Only players and start: target = start, no oka, no uma, no rounding.
    check(
        {"players": 4, "start": 25000},
        {"scores": [40000, 30000, 20000, 10000]},
        [1, 2, 3, 4],
        ["15", "5", "-5", "-15"],
        total_sum="0",
    )


def test_total_is_the_sum_of_the_parts():
    r = rules(
        rounding="half_up",
        bust={"penalty": 10, "bonus": 10},
        chips={"value": 2},
        yakuman_shugi={"tsumo_each": 5},
        chombo={"penalty": 4, "to_others": True},
    )
    game = {
        "scores": [61300, 30200, 9000, -500],
        "deposit": 0,
        "chips": [1, 2, -1, -2],
        "busts": [{"seat": 3, "by": 0}],
        "yakuman": [Y(0, "tsumo")],
        "chombo": [{"seat": 2}],
    }
    # half_up: 30,200 → 30,000 (+0.2), 9,000, −500 → 0 (−0.5): top 31.3 − 0.3 = 31.
    # East: 31 + 20 + 20 + 10 (bust) + 2 (chips) + 15 (shūgi) + 1.4 (chombo 4 / 3 = 1.4, 1.3, 1.3) = 99.4
    # South: 0 + 10 + 4 − 5 + 1.3 = 10.3
    # West: −21 − 10 − 2 − 5 − 4 = −42
    # North: −30 − 20 − 10 − 4 − 5 + 1.3 = −67.7
    check(
        r,
        game,
        [1, 2, 3, 4],
        ["99.4", "10.3", "-42", "-67.7"],
        total_sum="0",
        base=["31", "0", "-21", "-30"],
        bust=["10", "0", "0", "-10"],
        chips=["2", "4", "-2", "-4"],
        shugi=["15", "-5", "-5", "-5"],
        chombo=["1.4", "1.3", "-4", "1.3"],
    )


# ---------------------------------------------------------------------------
# win_points (ブー麻雀), the settings the seed club does not show
# ---------------------------------------------------------------------------
BOO = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
}


def test_win_points_float_line_defaults_to_start():
    result = check(BOO, {"scores": [12000, 8000, 7000, 5000]}, [1, 2, 3, 4], ["4", "0", "-2", "-2"])
    assert result.floats == 2 and not result.double_maru_a


def test_win_points_float_line_explicit():
    # float_line 10,000: only East floats → マルA.
    result = check(
        {**BOO, "float_line": 10000}, {"scores": [12000, 9000, 7000, 4000]}, [1, 2, 3, 4], ["9", "-3", "-3", "-3"]
    )
    assert result.floats == 1


def test_win_points_all_four_sink_with_sticks_left_on_the_table():
    # 「4人沈みの場合は持ち点の多い順に3人を浮きとして扱います」: floating is judged on the
    # scores as entered, so 600 left on the table leaves all four below 8,000 → マルC.
    result = check(BOO, {"scores": [7900, 7900, 7900, 7700], "deposit": 600}, [1, 2, 3, 4], ["1", "0", "0", "-1"])
    assert result.floats == 3


def test_win_points_all_sink_with_the_deposit_lost():
    # Nobody reaches 8,000 → the top three by place float → マルC.
    result = check(
        {**BOO, "deposits": "lost"},
        {"scores": [7900, 7900, 7900, 7700], "deposit": 600},
        [1, 2, 3, 4],
        ["1", "0", "0", "-1"],
    )
    assert result.floats == 3


def test_win_points_chombo_without_to_others():
    check(
        {**BOO, "chombo": {"penalty": 3}},
        {"scores": [16000, 6000, 5000, 5000], "chombo": [{"seat": 0}]},
        [1, 2, 3, 4],
        ["6", "-3", "-3", "-3"],
        total_sum="-3",
        chombo=["-3", "0", "0", "0"],
    )


def test_double_maru_a_odd_share():
    # yakuman 10 win points: 100 tenths paid by three: divmod(−100, 3) = (−34, 2):
    # East −3.3, South −3.3, North −3.4 (seat priority pays the smaller share).
    result = check(
        {**BOO, "win_points": {**BOO["win_points"], "yakuman": 10}},
        {"scores": [6000, 6000, 15000, 5000], "ended_by_yakuman": 2, "yakuman": [Y(2, "tsumo")]},
        [2, 3, 1, 4],
        ["-3.3", "-3.3", "10", "-3.4"],
        total_sum="0",
    )
    assert result.double_maru_a


def test_double_maru_a_without_a_yakuman_event_is_shared_equally():
    check(
        BOO,
        {"scores": [6000, 6000, 15000, 5000], "ended_by_yakuman": 2},
        [2, 3, 1, 4],
        ["-6", "-6", "18", "-6"],
        total_sum="0",
    )


def test_double_maru_a_winner_first_even_when_not_top_by_score():
    # South wins a ron from East but ends with less than East: South first,
    # then East, West, North by score.
    check(
        BOO,
        {"scores": [13000, 9000, 6000, 4000], "ended_by_yakuman": 1, "yakuman": [Y(1, "ron", frm=0)]},
        [2, 1, 3, 4],
        ["-6", "18", "-6", "-6"],
        total_sum="0",
    )


def test_double_maru_a_ron_with_pao_odd_tenth_by_the_discarder():
    # yakuman 9.5 = 95 tenths: pao 47, discarder 48.
    check(
        {**BOO, "win_points": {**BOO["win_points"], "yakuman": 9.5}},
        {"scores": [6000, 16000, 7000, 3000], "ended_by_yakuman": 1, "yakuman": [Y(1, "ron", frm=3, pao=0)]},
        [3, 1, 2, 4],
        ["-4.7", "9.5", "0", "-4.8"],
        total_sum="0",
    )


THREE_BOO = {
    "players": 3,
    "method": "win_points",
    "start": 10000,
    "win_points": {"tables": {"1": [6, -3, -3], "2": [2, 0, -2]}, "yakuman": 12},
}


@pytest.mark.parametrize(
    ("game", "places", "totals"),
    [
        pytest.param({"scores": [20000, 6000, 4000]}, [1, 2, 3], ["6", "-3", "-3"], id="one-floater"),
        pytest.param({"scores": [12000, 10000, 8000]}, [1, 2, 3], ["2", "0", "-2"], id="two-floaters-on-the-line"),
        pytest.param({"scores": [10000, 10000, 10000]}, [1, 2, 3], ["2", "0", "-2"], id="all-float"),
        pytest.param(
            {"scores": [5000, 20000, 5000], "ended_by_yakuman": 0}, [1, 2, 3], ["12", "-6", "-6"], id="double-maru-a"
        ),
    ],
)
def test_three_player_win_points(game, places, totals):
    check(THREE_BOO, game, places, totals, total_sum="0")
