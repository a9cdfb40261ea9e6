"""Splitting people into tables of least cost: random starts improved by swapping two people.

People are indices ``0..n-1`` here; ``weights[i][j]`` is the cost of seating
``i`` and ``j`` at one table.  A partition is a list of groups: the tables,
then (when someone sits out) the bench, which costs nothing.
"""

import random
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import TypeAlias

from .rounds import Pair, Person

Weights: TypeAlias = list[list[int]]  # by index: weights[i][j]
Groups: TypeAlias = list[list[int]]  # a partition, as above

# Seating a pair that already met today: one more repeated pair, the heavy cost.
DAY_WEIGHT = 1000
# And for each meeting today beyond the second, so that repeats spread over pairs: a third
# meeting (1700) still costs less than two second meetings (2000), so fewer repeats come
# first, but a fourth (2400) costs more than two new repeats.
AGAIN_WEIGHT = 700
# Each earlier meeting in the season: far below a repeat today.
SEASON_WEIGHT = 1


def pair_weights(people: Sequence[Person], met_before: Mapping[Pair, int], met_today: Mapping[Pair, int]) -> Weights:
    """The cost of seating each two of ``people`` together, as a matrix by index."""
    n = len(people)
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            key = frozenset((people[i], people[j]))
            today = met_today.get(key, 0)
            again = DAY_WEIGHT + AGAIN_WEIGHT * (today - 1) if today else 0
            weights[i][j] = weights[j][i] = again + SEASON_WEIGHT * met_before.get(key, 0)
    return weights


def again_cost(times: int) -> int:
    """What a pair sitting together ``times`` times in a day costs: each meeting after the first, priced."""
    return sum(DAY_WEIGHT + AGAIN_WEIGHT * (k - 1) for k in range(1, times))


def cheapest(
    starts: Iterable[Groups], tables: int, weights: Weights, may: Container[int], rng: random.Random
) -> tuple[int, Groups]:
    """The cheapest partition reached from each start in turn: ``(cost, groups)``.

    ``starts`` yields partitions (each is improved in place); a partition of
    cost 0 ends the search.
    """
    best: tuple[int, Groups] | None = None
    for groups in starts:
        cost = improve(groups, tables, weights, may, rng)
        if best is None or cost < best[0]:
            best = (cost, [list(group) for group in groups])
        if cost == 0:
            break
    assert best is not None  # every caller gives at least one start
    return best


def cost_of(groups: Sequence[Sequence[int]], tables: int, weights: Weights) -> int:
    return sum(weights[p][q] for group in groups[:tables] for p in group for q in group) // 2


def improve(groups: Groups, tables: int, weights: Weights, may: Container[int], rng: random.Random) -> int:
    """Swap two people while a swap lowers the cost; returns the cost reached.

    ``at[p][g]`` is what person ``p`` would pay at group ``g`` (the sum of
    their weights with its people), so each swap is judged in constant time.
    Only people in ``may`` move between the bench (group ``tables``) and a table.
    """
    n = len(weights)
    where = [0] * n
    for g, group in enumerate(groups):
        for p in group:
            where[p] = g
    at = [[sum(map(row.__getitem__, group)) for group in groups] for row in weights]
    order = [p for group in groups for p in group]
    rng.shuffle(order)
    movable = [p in may for p in range(n)]  # looked up once a person, not once a pair
    improved = True
    while improved:
        improved = False
        # The loop every draw spends its time in: each person's row and group read once for all their pairs
        # (a swap moves ``a``, so its group is read again after one).
        for x, a in enumerate(order):
            weights_a, at_a, movable_a = weights[a], at[a], movable[a]
            ga = where[a]
            for b in order[x + 1 :]:
                gb = where[b]
                if ga == gb:
                    continue
                if ga < tables and gb < tables:
                    at_b = at[b]
                    delta = at_b[ga] + at_a[gb] - at_a[ga] - at_b[gb] - 2 * weights_a[b]
                elif movable_a and movable[b]:  # one of them sits out: the seated one's table is priced
                    if ga < tables:
                        delta = at[b][ga] - weights_a[b] - at_a[ga]
                    else:
                        delta = at_a[gb] - weights_a[b] - at[b][gb]
                else:
                    continue
                if delta < 0:
                    _swap(groups, where, at, weights, a, b)
                    ga = gb
                    improved = True
    return sum(at[p][where[p]] for p in range(n) if where[p] < tables) // 2


def _swap(groups: Groups, where: list[int], at: list[list[int]], weights: Weights, a: int, b: int) -> None:
    ga, gb = where[a], where[b]
    groups[ga][groups[ga].index(a)] = b
    groups[gb][groups[gb].index(b)] = a
    where[a], where[b] = gb, ga
    # The weights are symmetric: person p's weights with a and b are a's and b's rows.
    for row, with_a, with_b in zip(at, weights[a], weights[b], strict=True):
        row[ga] += with_b - with_a
        row[gb] += with_a - with_b
