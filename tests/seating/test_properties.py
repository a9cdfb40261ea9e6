"""Properties of the draw over random days: 5 to 40 people, 4 to 8 rounds (docs/draw.md)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from seating import draw_quality, draw_rounds

from .baselines import greedy_draw, random_draw

days = st.tuples(st.integers(5, 40), st.integers(4, 8), st.sampled_from([4, 4, 3]), st.integers(0, 2**32))


@settings(max_examples=60, deadline=None)
@given(days)
def test_everyone_is_seated_once_a_round_at_full_tables(day):
    people, rounds, seats, seed = day
    for one in draw_rounds(range(people), rounds, seats=seats, seed=seed):
        assert sorted([*one.seated(), *one.sitting_out]) == list(range(people))
        assert [len(table) for table in one.tables] == [seats] * (people // seats)
        assert len(one.sitting_out) == people % seats


@settings(max_examples=60, deadline=None)
@given(days)
def test_nobody_sits_out_twice_before_everyone_has_once(day):
    people, rounds, seats, seed = day
    counts = Counter()
    for one in draw_rounds(range(people), rounds, seats=seats, seed=seed):
        counts.update(one.sitting_out)
        assert max(counts[p] for p in range(people)) - min(counts[p] for p in range(people)) <= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 30), st.integers(4, 8), st.integers(0, 2**32), st.data())
def test_the_least_sat_out_sit_out_as_people_come_and_go(people, rounds, seed, data):
    """Whoever sits out has sat out (or missed) no more rounds than anyone who plays."""
    done = []
    for number in range(rounds):
        here = sorted(data.draw(st.sets(st.integers(0, people - 1), min_size=4), label=f"round {number + 1}"))
        one = draw_rounds(here, 1, seed=seed + number, earlier=done)[0]
        missed = Counter(p for old in done for p in here if p in old.sitting_out or p not in old.seated())
        if one.sitting_out:
            assert max(missed[p] for p in one.sitting_out) <= min(missed[p] for p in one.seated())
        done.append(one)


SEEDS = range(3)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(5, 40), st.integers(4, 8), st.sampled_from([4, 4, 3]))
def test_fewer_repeated_pairs_than_a_greedy_or_a_random_draw(people, rounds, seats):
    """Summed over three seeds per attendance, on the same examples each run.

    A measured claim, not a guarantee (docs/draw.md: no single seed lost to the
    greedy draw in 2,800 days measured, but one could), so the examples are
    fixed: a change to the draw that loses fails here, never a lucky run.
    """

    def repeats(draw):
        return sum(
            draw_quality(draw(range(people), rounds, seats=seats, seed=seed)).repeated_pairs_today for seed in SEEDS
        )

    ours = repeats(draw_rounds)
    assert ours <= repeats(greedy_draw)
    assert ours <= repeats(random_draw)
