"""Two simple draws the seating draw must beat on repeated pairs (docs/draw.md, "Measured").

Both choose sit-outs as the draw does (fewest so far sit out, ties at random),
so that only the pairing differs.
"""

import random
from collections import Counter

from seating import Round
from seating.rounds import pairs_met


def _sit_outs(people, seats, rng, counts):
    order = list(people)
    rng.shuffle(order)
    order.sort(key=lambda person: counts[person])
    benched = len(order) % seats
    return order[:benched], order[benched:]


def random_draw(people, rounds, *, seats=4, seed):
    """Shuffle and cut into tables."""
    rng = random.Random(seed)
    counts = Counter()
    drawn = []
    for _ in range(rounds):
        bench, playing = _sit_outs(sorted(people), seats, rng, counts)
        counts.update(bench)
        rng.shuffle(playing)
        tables = tuple(tuple(playing[i : i + seats]) for i in range(0, len(playing), seats))
        drawn.append(Round(tables=tables, sitting_out=tuple(sorted(bench))))
    return drawn


def greedy_draw(people, rounds, *, seats=4, seed):
    """Each table starts with a random person; each next seat goes to whoever has met the table's people least."""
    rng = random.Random(seed)
    counts = Counter()
    drawn = []
    for _ in range(rounds):
        met = pairs_met(drawn)
        bench, playing = _sit_outs(sorted(people), seats, rng, counts)
        counts.update(bench)
        rng.shuffle(playing)
        tables = []
        while playing:
            table = [playing.pop(0)]
            while len(table) < seats:
                best = min(playing, key=lambda p: sum(met[frozenset((p, q))] for q in table))
                playing.remove(best)
                table.append(best)
            tables.append(tuple(table))
        drawn.append(Round(tables=tuple(tables), sitting_out=tuple(sorted(bench))))
    return drawn
