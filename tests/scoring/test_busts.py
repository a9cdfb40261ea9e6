"""Busts (scoring/busts.py): when a final score busts, whether a bust pays points, and which busted seats a game
must still write.  The entry form and the importer refuse what ``unwritten_busts`` names; the stored meeting
lines count what ``is_bust`` says (tests/league/test_meeting_line_rules.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, bust_pays, is_bust, settle, unwritten_busts

from .strategies import rule_sets, rules_and_games

BAKUFU = {"players": 4, "start": 25000, "target": 30000, "bust": {"penalty": 10, "bonus": 10}}
AT_ZERO = {**BAKUFU, "bust": {"penalty": 10, "bonus": 10, "at_zero": True}}
FREE = {"players": 4, "start": 25000, "target": 30000}  # a bust pays nothing
BOO = {
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
}
scores = st.integers(-600, 1200).map(lambda hundreds: hundreds * 100)


@given(rule_sets(), scores)
def test_below_zero_busts_above_never_and_zero_only_at_zero(rules, score):
    expected = score < 0 or (score == 0 and rules["bust"]["at_zero"])
    assert is_bust(rules, score) is expected


@pytest.mark.parametrize(
    "rules, zero_busts, pays",
    [(BAKUFU, False, True), (AT_ZERO, True, True), (FREE, False, False), (BOO, False, False)],
)
def test_the_seed_rules(rules, zero_busts, pays):
    assert is_bust(rules, -100) and not is_bust(rules, 100)
    assert is_bust(rules, 0) is zero_busts
    assert bust_pays(rules) is pays


@given(rule_sets())
def test_a_bust_pays_when_its_penalty_or_its_bonus_is_not_zero(rules):
    assert bust_pays(rules) is bool(rules["bust"]["penalty"] or rules["bust"]["bonus"])


@settings(max_examples=200)
@given(rules_and_games())
def test_a_game_that_writes_every_bust_leaves_none_unwritten(case):
    rules, game = case  # the strategy writes a bust for every seat that busted
    written = {bust["seat"] for bust in game["busts"]}
    assert unwritten_busts(rules, game["scores"], written) == []
    settle(rules, game)  # and the engine takes every one of them


@settings(max_examples=200)
@given(rules_and_games(), st.data())
def test_a_bust_left_out_is_named_when_it_pays(case, data):
    rules, game = case
    written = {bust["seat"] for bust in game["busts"]}
    left_out = set(data.draw(st.sets(st.sampled_from(sorted(written)))) if written else set())
    missing = unwritten_busts(rules, game["scores"], written - left_out)
    assert missing == (sorted(left_out) if bust_pays(rules) else [])
    assert all(is_bust(rules, game["scores"][seat]) for seat in missing)


@settings(max_examples=200)
@given(rule_sets(), st.data())
def test_the_engine_takes_a_bust_exactly_for_a_seat_that_busted(rules, data):
    players = rules["players"]
    seat_scores = [data.draw(st.sampled_from([-1000, 0, 0, 100, 24000])) for _ in range(players - 1)]
    seat_scores.append(players * rules["start"] - sum(seat_scores))
    seat = data.draw(st.integers(0, players - 1))
    game = {"scores": seat_scores, "busts": [{"seat": seat, "by": None}]}
    try:
        settle(rules, game)
        taken = True
    except ScoringError as refusal:
        assert refusal.code == "not_busted"
        taken = False
    assert taken is is_bust(rules, seat_scores[seat])


def test_unwritten_busts_in_seat_order():
    assert unwritten_busts(AT_ZERO, [60000, 0, 41000, -1000], set()) == [1, 3]
    assert unwritten_busts(AT_ZERO, [60000, 0, 41000, -1000], {3}) == [1]
    assert unwritten_busts(BAKUFU, [60000, 0, 41000, -1000], set()) == [3]
    assert unwritten_busts(FREE, [60000, 0, 41000, -1000], set()) == []
