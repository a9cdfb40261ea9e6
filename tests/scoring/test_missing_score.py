"""The one score a game leaves unwritten (scoring.missing_score): a game's final scores and deposit add up to
players × start, so the entry form fills the last box from the others."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, missing_score, settle

from .strategies import rules_and_games


@settings(max_examples=200)
@given(rules_and_games(), st.data())
def test_any_seat_of_a_game_the_engine_takes_follows_from_the_others(case, data):
    rules, game = case
    scores = game["scores"]
    seat = data.draw(st.integers(0, len(scores) - 1))
    others = scores[:seat] + scores[seat + 1 :]
    assert missing_score(rules, others, game["deposit"]) == scores[seat]


def test_a_score_off_the_sum_is_refused_by_the_same_rule():
    rules = {"players": 4, "start": 25000}
    last = missing_score(rules, [52300, 31500, 18700], 1000)
    assert last == -3500
    settle(rules, {"scores": [52300, 31500, 18700, last], "deposit": 1000})
    with pytest.raises(ScoringError) as refused:
        settle(rules, {"scores": [52300, 31500, 18700, last + 100], "deposit": 1000})
    assert refused.value.code == "sum_mismatch"
