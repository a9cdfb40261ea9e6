"""Which マル a top's win-points game counts as (scoring/maru.py): マルA, B, C by the floats, ダブルマルA when a
yakuman ended it.  The standings count them per player; the stored meeting lines count them in SQL
(tests/league/test_meeting_line_rules.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import MARU_KINDS, maru_kind, settle, settle_points

BOO = {  # ブー麻雀 of rule book 002 (docs/scoring.md)
    "players": 4,
    "method": "win_points",
    "start": 8000,
    "float_line": 8000,
    "win_points": {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18},
    "chombo": {"penalty": 3, "to_others": True},
}
SANMA_BOO = {
    "players": 3,
    "method": "win_points",
    "start": 10000,
    "win_points": {"tables": {"1": [6, -3, -3], "2": [3, 0, -3]}, "yakuman": 12},
}


def test_the_kinds_in_the_order_the_standings_show_them():
    assert MARU_KINDS == ("maru_a", "maru_b", "maru_c", "double_maru_a")


@given(st.integers(1, 4), st.integers(0, 4), st.booleans())
def test_only_the_top_counts_and_by_its_table(place, floats, double_maru_a):
    kind = maru_kind(place, floats, double_maru_a)
    if place != 1:
        assert kind is None
    elif double_maru_a:
        assert kind == "double_maru_a"
    else:
        assert kind == {1: "maru_a", 2: "maru_b", 3: "maru_c"}.get(floats)


@pytest.mark.parametrize(
    "game, kind",
    [
        ({"scores": [17000, 4000, 6000, 5000]}, "maru_a"),
        ({"scores": [16000, 8000, 5000, 3000]}, "maru_b"),  # South exactly on the line floats
        ({"scores": [8000, 8000, 8000, 8000]}, "maru_c"),  # all float: the top three count
        (
            {
                "scores": [12000, 9000, 6000, 5000],
                "yakuman": [{"seat": 2, "win": "ron", "from": 0, "name": "国士無双"}],
                "ended_by_yakuman": 2,
            },
            "double_maru_a",
        ),
    ],
)
def test_the_worked_examples(game, kind):
    result = settle(BOO, game)
    kinds = [maru_kind(seat.place, result.floats, result.double_maru_a) for seat in result]
    assert [k for k in kinds if k] == [kind]
    assert kinds.index(kind) == next(seat.seat for seat in result if seat.place == 1)


@settings(max_examples=300)
@given(st.sampled_from([BOO, SANMA_BOO]), st.data())
def test_every_settled_win_points_game_gives_its_top_one_kind(rules, data):
    players = rules["players"]
    scores = [data.draw(st.integers(-40, 200)) * 100 for _ in range(players - 1)]
    scores.append(players * rules["start"] - sum(scores))
    ended = data.draw(st.one_of(st.none(), st.integers(0, players - 1)))
    game = {"scores": scores}
    if ended is not None:
        game["ended_by_yakuman"] = ended
    result = settle(rules, game)
    kinds = [maru_kind(seat.place, result.floats, result.double_maru_a) for seat in result]
    (top,) = [seat.seat for seat in result if seat.place == 1]
    assert [seat for seat, kind in enumerate(kinds) if kind] == [top]
    assert kinds[top] in MARU_KINDS
    if ended is not None:
        assert top == ended and kinds[top] == "double_maru_a"
    else:
        # The kind names the table the top was paid by.
        table = rules["win_points"]["tables"][str(MARU_KINDS.index(kinds[top]) + 1)]
        assert result[top].total == table[0]


def test_a_points_only_game_counts_when_its_points_are_a_table():
    paid = settle_points(BOO, {"points": [4, 0, -2, -2]})
    assert [maru_kind(seat.place, paid.floats, paid.double_maru_a) for seat in paid] == ["maru_b", None, None, None]
    other = settle_points(BOO, {"points": [5, -1, -2, -2]})
    assert [maru_kind(seat.place, other.floats, other.double_maru_a) for seat in other] == [None] * 4
