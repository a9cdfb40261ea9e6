"""Splitting people into tables of least cost: random starts improved by swapping two people.

People are indices ``0..n-1`` here; ``weights[i][j]`` is the cost of seating
``i`` and ``j`` at one table.  A partition is a list of groups: the tables,
then (when someone sits out) the bench, which costs nothing.
"""

import random
from collections.abc import Container, Iterable, Mapping, Sequence
from operator import add, sub
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
    return SeasonWeights(people, met_before).weights(people, met_today)


class SeasonWeights:
    """The season's part of the pair weights among the day's people, looked up once a draw.

    A draw weighs its people (or those seated in a round) many times over, each time against
    other rounds of the day; only the day's part changes, so the season's is read once.
    """

    def __init__(self, people: Sequence[Person], met_before: Mapping[Pair, int]) -> None:
        self.index = {person: i for i, person in enumerate(people)}
        n = len(people)
        self.season = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                times = met_before.get(frozenset((people[i], people[j])), 0)
                self.season[i][j] = self.season[j][i] = SEASON_WEIGHT * times

    def among(self, people: Sequence[Person]) -> Weights:
        """The season's part of the weights among ``people`` (some of those given at first), by their index."""
        rows = [self.index[person] for person in people]
        return [list(map(self.season[row].__getitem__, rows)) for row in rows]

    def weights(self, people: Sequence[Person], met_today: Mapping[Pair, int]) -> Weights:
        """``pair_weights`` for ``people`` (some of those given at first) and the pairs met today."""
        weights = self.among(people)
        at = {person: i for i, person in enumerate(people)}
        for two, today in met_today.items():
            if today and len(two) == 2:
                first, second = two
                if first in at and second in at:  # someone who left early is not drawn
                    i, j = at[first], at[second]
                    again = DAY_WEIGHT + AGAIN_WEIGHT * (today - 1)
                    weights[i][j] += again
                    weights[j][i] += again
        return weights


def again_cost(times: int) -> int:
    """What a pair sitting together ``times`` times in a day costs: each meeting after the first, priced."""
    return sum(DAY_WEIGHT + AGAIN_WEIGHT * (k - 1) for k in range(1, times))


def cheapest(
    starts: Iterable[Groups],
    tables: int,
    weights: Weights,
    may: Container[int],
    rng: random.Random,
    *,
    season: Weights | None = None,
    settled: int = 0,
) -> tuple[int, Groups]:
    """The cheapest partition reached from each start in turn: ``(cost, groups)``.

    ``starts`` yields partitions (each is improved in place); a partition of
    cost 0 ends the search.  Given ``season``, the season's part of
    ``weights``, so does after ``settled`` starts a best partition that costs
    only its season's part: no pair at its tables met today.  The season only
    breaks ties between splits as good for today, and with every pair met
    before no split costs 0: more starts would buy a little of it, at the
    price of the whole search.
    """
    best: tuple[int, Groups] | None = None
    for number, groups in enumerate(starts, start=1):
        cost = improve(groups, tables, weights, may, rng)
        if best is None or cost < best[0]:
            best = (cost, [list(group) for group in groups])
        if cost == 0:
            break
        if season is not None and number >= settled and best[0] == cost_of(best[1], tables, season):
            break
    assert best is not None  # every caller gives at least one start
    return best


def cost_of(groups: Sequence[Sequence[int]], tables: int, weights: Weights) -> int:
    return sum(weights[p][q] for group in groups[:tables] for p in group for q in group) // 2


def improve(groups: Groups, tables: int, weights: Weights, may: Container[int], rng: random.Random) -> int:
    """Swap two people while a swap lowers the cost; returns the cost reached.

    People are taken in a random order, each compared with everyone after them,
    and the first swap that lowers the cost is made; sweeps repeat until one
    makes none.  Only people in ``may`` move between the bench (group
    ``tables``) and a table.

    ``at[g][p]`` is what person ``p`` would pay at group ``g`` (the sum of
    their weights with its people), so each swap is judged in constant time.
    ``changed[g]`` is the number of swaps made when group ``g`` last changed,
    ``compared[a]`` the number when ``a`` was last compared with the people
    after them: a pair whose two groups have not changed since then costs what
    it did, no less, and is not judged again.  So a sweep after the first
    judges only the pairs a swap touched, and the swaps made are the same.
    """
    n = len(weights)
    where = [0] * n
    for g, group in enumerate(groups):
        for p in group:
            where[p] = g
    at = [_group_costs(weights, group, n) for group in groups]
    order = [p for group in groups for p in group]
    rng.shuffle(order)
    movable = [p in may for p in range(n)]  # looked up once a person, not once a pair
    swaps = 0
    changed = [0] * len(groups)
    compared = [-1] * n  # before the first sweep every pair is judged
    improved = True
    while improved:
        improved = False
        for x, a in enumerate(order):
            since, compared[a] = compared[a], swaps
            if since == swaps:
                continue  # nothing moved since: every pair after ``a`` costs what it did
            ga = where[a]
            later = order[x + 1 :]
            if changed[ga] <= since:
                later = [b for b in later if changed[where[b]] > since]
            # The loop every draw spends its time in: each person's row and group read once for all their pairs
            # (a swap moves ``a``, so its group is read again after one).
            while later:
                weights_a, movable_a = weights[a], movable[a]
                at_ga = at[ga]
                here = at_ga[a]
                for b in later:
                    gb = where[b]
                    if ga == gb:
                        continue
                    at_gb = at[gb]
                    if ga < tables and gb < tables:
                        delta = at_ga[b] + at_gb[a] - here - at_gb[b] - 2 * weights_a[b]
                    elif movable_a and movable[b]:  # one of them sits out: the seated one's table is priced
                        if ga < tables:
                            delta = at_ga[b] - weights_a[b] - here
                        else:
                            delta = at_gb[a] - weights_a[b] - at_gb[b]
                    else:
                        continue
                    if delta < 0:
                        _swap(groups, where, at, weights, a, b)
                        swaps += 1
                        changed[ga] = changed[gb] = swaps
                        improved = True
                        ga = gb
                        # ``a`` is at another table now: everyone after ``b`` is judged against it again.
                        later = order[order.index(b) + 1 :]
                        break
                else:
                    break
    return sum(at[where[p]][p] for p in range(n) if where[p] < tables) // 2


def _group_costs(weights: Weights, group: Sequence[int], n: int) -> list[int]:
    """What each person would pay at ``group``: the sum of the group's rows (the weights are symmetric)."""
    costs = [0] * n
    for p in group:
        costs = list(map(add, costs, weights[p]))
    return costs


def _swap(groups: Groups, where: list[int], at: list[list[int]], weights: Weights, a: int, b: int) -> None:
    ga, gb = where[a], where[b]
    groups[ga][groups[ga].index(a)] = b
    groups[gb][groups[gb].index(b)] = a
    where[a], where[b] = gb, ga
    # ``b`` takes ``a``'s place at ``ga`` and ``a`` takes ``b``'s at ``gb``: each person's cost there moves by the
    # difference of their weights with the two.
    moved = list(map(sub, weights[b], weights[a]))
    at[ga] = list(map(add, at[ga], moved))
    at[gb] = list(map(sub, at[gb], moved))
