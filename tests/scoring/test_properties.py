"""Properties of the engine that hold for every club's rules and every game."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import points_created_per_game, settle, settle_meeting
from scoring.rounding import MODES, round_score

from .strategies import rule_sets, rules_and_games

ZERO = Decimal("0.0")

# The most one rounding can move a score, in tenths of a point.
MOST_ONE_ROUNDING_MOVES = {
    "none": 0,
    "half_up": 5,
    "five_down_six_up": 5,
    "down": 9,
    "up": 9,
    "toward_target": 9,
}


def tenths(value):
    return int(value * 10)


@settings(max_examples=400)
@given(rules_and_games(zero_sum=True))
def test_totals_sum_to_zero_when_nothing_outside_the_zero_sum_is_configured(case):
    rules, game = case
    result = settle(rules, game)
    assert sum(seat.total for seat in result) == ZERO
    for part in ("base", "oka", "uma", "bust", "chips", "shugi", "chombo"):
        if part not in ("base", "oka"):
            assert sum(getattr(seat, part) for seat in result) == ZERO, part


@settings(max_examples=400)
@given(rules_and_games())
def test_whatever_leaves_the_table_is_exactly_what_the_rules_configure(case):
    """The totals' sum is the lost deposit, clamped 箱下, unpaired bust and kept chombo, to the tenth."""
    rules, game = case
    result = settle(rules, game)
    players = rules["players"]
    expected = 0
    if rules.get("deposits") == "lost":
        expected -= game["deposit"] // 100
    if rules.get("box_under") is False:
        scores = list(game["scores"])
        expected += sum(-s for s in scores if s < 0) // 100
    bust = rules["bust"]
    expected += len(game["busts"]) * (tenths(Decimal(str(bust["bonus"]))) - tenths(Decimal(str(bust["penalty"]))))
    if not rules["chombo"]["to_others"]:
        expected -= len(game["chombo"]) * tenths(Decimal(str(rules["chombo"]["penalty"])))
    assert sum(tenths(seat.total) for seat in result) == expected
    assert len(result) == players


@settings(max_examples=400)
@given(rules_and_games())
def test_places_agree_with_scores(case):
    rules, game = case
    result = settle(rules, game)
    scores = game["scores"]
    for a in result:
        for b in result:
            if scores[a.seat] > scores[b.seat]:
                assert a.place < b.place
            if scores[a.seat] == scores[b.seat]:
                if rules["ties"] == "split":
                    assert a.place == b.place
                elif a.seat < b.seat:
                    assert a.place < b.place  # 起家優先
    if rules["ties"] == "seat":
        assert sorted(seat.place for seat in result) == list(range(1, rules["players"] + 1))


@settings(max_examples=400)
@given(rules_and_games(zero_sum=True))
def test_rounding_residue_never_exceeds_what_the_roundings_can_move(case):
    rules, game = case
    result = settle(rules, game)
    most = MOST_ONE_ROUNDING_MOVES[rules["rounding"]]
    top = [seat for seat in result if seat.place == 1]
    others = [seat for seat in result if seat.place != 1]
    for seat in others:
        exact = seat.score - rules["target"]
        assert abs(tenths(seat.base) * 100 - exact) <= most * 100
    # What the top takes beyond its exact base is the others' rounding residue.
    deposit_hundreds = game["deposit"] // 100
    top_exact = sum(seat.score - rules["target"] for seat in top) // 100 + deposit_hundreds
    residue = sum(tenths(seat.base) for seat in top) - top_exact
    assert abs(residue) <= most * len(others)
    assert sum(tenths(seat.oka) for seat in result) == (rules["target"] - rules["start"]) * rules["players"] // 100


@settings(max_examples=200)
@given(st.sampled_from(MODES), st.integers(-600, 1200).map(lambda h: h * 100), st.sampled_from([30000, 40000]))
def test_every_rounding_lands_on_a_thousand_within_one_step(mode, score, target):
    rounded = round_score(score, mode, target)
    if mode == "none":
        assert rounded == score
    else:
        assert rounded % 1000 == 0
        assert abs(rounded - score) <= MOST_ONE_ROUNDING_MOVES[mode] * 100


@st.composite
def meetings(draw):
    count = draw(st.integers(1, 12))
    players = []
    for i in range(count):
        places = [draw(st.integers(0, 4)) for _ in range(4)]
        players.append(
            {
                "id": f"p{i}",
                "places": places,
                "points": Decimal(draw(st.integers(-1500, 1500))) / 10,
                "present_at_close": draw(st.booleans()),
            }
        )
    fees = {
        "venue": draw(st.integers(0, 30000)),
        "rounds": draw(st.integers(0, 15)),
        "surplus_to": draw(st.sampled_from(["day_top", "none"])),
        "shortfall": draw(st.sampled_from(["recipient", "split", "club"])),
        "require_present": draw(st.booleans()),
        "min_share": draw(st.sampled_from([[1, 3], [1, 2], [0, 1]])),
    }
    if draw(st.booleans()):
        fees["per_game"] = draw(st.integers(0, 1000))
    else:
        fees["by_place"] = [draw(st.integers(0, 1000)) for _ in range(4)]
    return fees, players


@settings(max_examples=400)
@given(meetings())
def test_a_meeting_balances_to_the_yen(case):
    fees, players = case
    result = settle_meeting(fees, players)
    assert result.collected == sum(p.fee for p in result.players)
    assert result.surplus == result.collected - result.venue
    assert result.collected == result.venue + sum(p.received for p in result.players) + result.club
    for money in result.players:
        assert money.net == money.received - money.fee
    by_id = {p["id"]: p for p in players}
    for recipient in result.recipients:
        player = by_id[recipient]
        assert sum(player["places"]) >= result.min_games
        if fees["require_present"]:
            assert player["present_at_close"]
    if result.recipients:
        best = max(by_id[r]["points"] for r in result.recipients)
        assert all(by_id[r]["points"] == best for r in result.recipients)
    received = {p.id: p.received for p in result.players}
    shares = [received[r] for r in result.recipients]
    if shares:
        assert max(shares) - min(shares) <= 1


@settings(max_examples=300)
@given(rules_and_games(zero_sum=True), st.integers(-300, 300))
def test_an_explicit_oka_creates_exactly_what_points_created_per_game_says(case, oka_tenths):
    """Zero-sum rules with the oka written out: every game's totals sum to what the warning reports."""
    rules, game = case
    rules = {**rules, "oka": oka_tenths / 10 if oka_tenths % 10 else oka_tenths // 10}
    created = points_created_per_game(rules)
    assert created == oka_tenths - (rules["target"] - rules["start"]) * rules["players"] // 100
    assert sum(tenths(seat.total) for seat in settle(rules, game)) == created


@settings(max_examples=200)
@given(rule_sets())
def test_an_oka_left_to_be_computed_creates_nothing(rules):
    assert points_created_per_game(rules) == 0
