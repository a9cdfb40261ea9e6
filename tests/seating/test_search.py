"""The search's bookkeeping against the plain computation it stands for (seating/search.py).

``improve`` keeps each person's cost at each group and judges again only the pairs whose
groups a swap changed; ``SeasonWeights`` reads the season once a draw.  Both must give
exactly what recomputing everything at every step gives: the same swaps, so the same draws.
"""

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from seating.search import AGAIN_WEIGHT, DAY_WEIGHT, SEASON_WEIGHT, SeasonWeights, cheapest, cost_of, improve


def plain_improve(groups, tables, weights, may, rng):
    """The first swap that lowers the whole partition's cost, priced from scratch, until none does."""
    where = {p: g for g, group in enumerate(groups) for p in group}
    order = [p for group in groups for p in group]
    rng.shuffle(order)
    improved = True
    while improved:
        improved = False
        for x, a in enumerate(order):
            for b in order[x + 1 :]:
                ga, gb = where[a], where[b]
                if ga == gb or ((ga >= tables or gb >= tables) and not (a in may and b in may)):
                    continue
                before = cost_of(groups, tables, weights)
                i, j = groups[ga].index(a), groups[gb].index(b)
                groups[ga][i], groups[gb][j] = b, a
                if cost_of(groups, tables, weights) < before:
                    where[a], where[b] = gb, ga
                    improved = True
                else:
                    groups[ga][i], groups[gb][j] = a, b
    return cost_of(groups, tables, weights)


@st.composite
def partitions(draw):
    """Random symmetric weights (some pairs heavy, as a repeat today is), tables, a bench and who may leave it."""
    seats = draw(st.sampled_from([3, 4]))
    tables = draw(st.integers(1, 4))
    benched = draw(st.integers(0, seats - 1))
    n = tables * seats + benched
    weights = [[0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        weights[i][j] = weights[j][i] = draw(st.sampled_from([0, 1, 2, 5, 30, 1000, 1701]))
    people = draw(st.permutations(range(n)))
    groups = [list(people[t * seats : (t + 1) * seats]) for t in range(tables)]
    if benched:
        groups.append(list(people[tables * seats :]))
    may = set(draw(st.sets(st.sampled_from(range(n))))) if benched else set()
    return groups, tables, weights, may, draw(st.integers(0, 2**32))


@settings(max_examples=300, deadline=None)
@given(partitions())
def test_improve_makes_the_swaps_recomputing_every_cost_makes(case):
    groups, tables, weights, may, seed = case
    kept = [list(group) for group in groups]
    cost = improve(groups, tables, weights, may, random.Random(seed))
    assert cost == plain_improve(kept, tables, weights, may, random.Random(seed))
    assert groups == kept
    assert cost == cost_of(groups, tables, weights)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 12), st.data())
def test_season_weights_are_the_pair_weights_of_any_of_the_people(n, data):
    pairs = [frozenset(two) for two in combinations(range(n), 2)]
    met_before = {two: data.draw(st.integers(0, 300)) for two in data.draw(st.lists(st.sampled_from(pairs)))}
    met_today = {two: data.draw(st.integers(0, 4)) for two in data.draw(st.lists(st.sampled_from(pairs)))}
    met_today[frozenset({0, n + 5})] = 2  # someone not drawn (left early) is left out
    some = data.draw(st.lists(st.sampled_from(range(n)), unique=True))
    weights = SeasonWeights(list(range(n)), met_before).weights(some, met_today)
    for (i, a), (j, b) in combinations(enumerate(some), 2):
        today = met_today.get(frozenset({a, b}), 0)
        again = DAY_WEIGHT + AGAIN_WEIGHT * (today - 1) if today else 0
        assert weights[i][j] == weights[j][i] == again + SEASON_WEIGHT * met_before.get(frozenset({a, b}), 0)
    assert all(weights[i][i] == 0 for i in range(len(some)))


def counted(starts, taken):
    for groups in starts:
        taken.append(groups)
        yield groups


def test_the_search_settles_for_no_repeat_today_after_the_starts_it_was_told():
    # Six people at one table of three and a bench: 0, 1 and 2 met this season; nobody met today.
    season = [[1 if i < 3 and j < 3 and i != j else 0 for j in range(6)] for i in range(6)]
    starts = [[[0, 1, 2], [3, 4, 5]] for _ in range(10)]
    taken = []
    cost, _ = cheapest(counted(starts, taken), 1, season, set(), random.Random(0), season=season, settled=3)
    assert (cost, len(taken)) == (3, 3)
    # Without the season's part given, every start is tried: a split costing something is never settled for.
    taken = []
    cheapest(counted(starts, taken), 1, season, set(), random.Random(0))
    assert len(taken) == 10


def test_the_search_goes_on_while_a_repeat_today_is_left():
    season = [[0] * 6 for _ in range(6)]
    today = [[1000 if i < 3 and j < 3 and i != j else 0 for j in range(6)] for i in range(6)]
    starts = [[[0, 1, 2], [3, 4, 5]] for _ in range(10)]
    taken = []
    cheapest(counted(starts, taken), 1, today, set(), random.Random(0), season=season, settled=3)
    assert len(taken) == 10
