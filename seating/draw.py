"""The club day's table draw (卓組・席決め): who sits out, who shares a table, who is 東.

Each round is drawn on its own, counting the rounds before it:

1. Sit-outs (抜け番).  When the people present do not fill whole tables, the
   remainder sits out.  Whoever has sat out least so far sits out first, so
   nobody sits out twice before everyone present has sat out once.  A round a
   person missed (a late arrival) counts as a sit-out.
2. Tables.  A random partition is improved by swapping two people between
   tables (or a sitting-out person with a seated one who is as due to sit out)
   while the cost drops; this is restarted several times and the cheapest
   partition kept.  The cost of a table is the sum over its pairs: heavy for a
   pair that already met today (growing with each meeting), light for each
   time it met earlier in the season.
3. Seats.  Each table's order is shuffled: the first is 東, the first dealer.

Everything random comes from ``random.Random(seed)`` and the people are sorted
first, so a seed and the same facts give the same draw (docs/draw.md).
"""

import random
from collections import Counter

from .errors import BAD_ROUNDS, BAD_SEATS, SAME_PERSON_TWICE, TOO_FEW_PEOPLE, SeatingError
from .rounds import Round, in_order, pairs_met, sit_outs

# Seating a pair that already met today: one more repeated pair, the heavy cost.
DAY_WEIGHT = 1000
# And for each meeting today beyond the first: among draws with as many repeats, the one
# whose pairs meet least often.  Below DAY_WEIGHT, so fewer repeats always come first
# at a table (two second meetings cost 2000, one third meeting 1100).
AGAIN_WEIGHT = 100
# Each earlier meeting in the season: far below a repeat today.
SEASON_WEIGHT = 1
# Random starts of the local search per round; the cheapest wins.
RESTARTS = 12


def draw_rounds(people, rounds, *, seats=4, seed, met_before=None, sat_out_before=None, earlier=()):
    """Draw ``rounds`` more rounds for ``people``; returns a list of ``Round``.

    ``met_before`` maps ``frozenset({a, b})`` to the times a pair met earlier in
    the season; ``sat_out_before`` maps a person to sit-outs today that
    ``earlier`` does not show; ``earlier`` are the day's rounds already drawn or
    played, which count for repeated pairs and sit-outs alike.
    """
    people = _checked(people, rounds, seats)
    rng = random.Random(seed)
    met_before = met_before or {}
    done = list(earlier)
    drawn = []
    for _ in range(rounds):
        one = _draw_round(people, seats, rng, met_before, _sit_out_counts(people, done, sat_out_before), done)
        drawn.append(one)
        done.append(one)
    return drawn


def _checked(people, rounds, seats):
    if seats not in (3, 4):
        raise SeatingError("bad_seats", BAD_SEATS, {"seats": seats})
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise SeatingError("bad_rounds", BAD_ROUNDS, {"rounds": rounds})
    listed = list(people)
    twice = [person for person, times in Counter(listed).items() if times > 1]
    if twice:
        raise SeatingError("same_person_twice", SAME_PERSON_TWICE, {"person": in_order(twice)[0]})
    if len(listed) < seats:
        raise SeatingError("too_few_people", TOO_FEW_PEOPLE, {"people": len(listed), "seats": seats})
    return in_order(listed)


def _sit_out_counts(people, done, sat_out_before):
    """Sit-outs so far: ``sat_out_before``, the earlier rounds', and each earlier round a person missed."""
    counts = Counter({person: (sat_out_before or {}).get(person, 0) for person in people})
    counts.update(person for person in sit_outs(done).elements() if person in counts)
    for drawn in done:
        there = set(drawn.seated()) | set(drawn.sitting_out)
        counts.update(person for person in people if person not in there)
    return counts


def _draw_round(people, seats, rng, met_before, sat_out, done):
    n = len(people)
    tables = n // seats
    benched = n - tables * seats
    # The least-sat-out sit out: those below the line must, those on it may, those above must not.
    ordered = sorted(range(n), key=lambda i: sat_out[people[i]])
    line = sat_out[people[ordered[benched - 1]]] if benched else None
    must = [i for i in range(n) if benched and sat_out[people[i]] < line]
    may = [i for i in range(n) if benched and sat_out[people[i]] == line]
    weights = _weights(people, met_before, pairs_met(done))
    best = None
    for _ in range(RESTARTS):
        groups = _random_start(n, tables, seats, must, may, benched, rng)
        cost = _improve(groups, tables, weights, set(may), rng)
        if best is None or cost < best[0]:
            best = (cost, [list(group) for group in groups])
        if cost == 0:
            break
    groups = best[1]
    drawn_tables = []
    for group in groups[:tables]:
        table = [people[i] for i in group]
        rng.shuffle(table)
        drawn_tables.append(tuple(table))
    bench = groups[tables] if benched else []
    return Round(tables=tuple(drawn_tables), sitting_out=tuple(in_order(people[i] for i in bench)))


def _weights(people, met_before, met_today):
    """The cost of seating each two people together, as a matrix by index."""
    n = len(people)
    weights = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            key = frozenset((people[i], people[j]))
            today = met_today.get(key, 0)
            again = DAY_WEIGHT + AGAIN_WEIGHT * (today - 1) if today else 0
            cost = again + SEASON_WEIGHT * met_before.get(key, 0)
            weights[i][j] = weights[j][i] = cost
    return weights


def _random_start(n, tables, seats, must, may, benched, rng):
    """Tables then, when someone sits out, the bench as the last group."""
    bench = list(must) + rng.sample(may, benched - len(must))
    benched_set = set(bench)
    playing = [i for i in range(n) if i not in benched_set]
    rng.shuffle(playing)
    groups = [playing[t * seats:(t + 1) * seats] for t in range(tables)]
    if benched:
        groups.append(bench)
    return groups


def _improve(groups, tables, weights, may, rng):
    """Swap two people while a swap lowers the cost; returns the cost reached.

    ``at_table[p][g]`` is what person ``p`` would pay at group ``g`` (the sum of
    their weights with its people), so each swap is judged in constant time.
    The bench (group ``tables``, if any) costs nothing; only those who may sit
    out move between it and a table.
    """
    n = len(weights)
    where = [0] * n
    for g, group in enumerate(groups):
        for p in group:
            where[p] = g
    at_table = [[sum(weights[p][q] for q in group) for group in groups] for p in range(n)]
    order = list(range(n))
    rng.shuffle(order)
    improved = True
    while improved:
        improved = False
        for x in range(n):
            a = order[x]
            for y in range(x + 1, n):
                b = order[y]
                ga, gb = where[a], where[b]
                if ga == gb:
                    continue
                if ga >= tables or gb >= tables:
                    if not (a in may and b in may):
                        continue
                    if gb >= tables:
                        delta = at_table[b][ga] - weights[a][b] - at_table[a][ga]
                    else:
                        delta = at_table[a][gb] - weights[a][b] - at_table[b][gb]
                else:
                    delta = (at_table[b][ga] - weights[a][b] - at_table[a][ga]
                             + at_table[a][gb] - weights[a][b] - at_table[b][gb])
                if delta < 0:
                    _swap(groups, where, at_table, weights, a, b)
                    improved = True
    return sum(at_table[p][where[p]] for p in range(n) if where[p] < tables) // 2


def _swap(groups, where, at_table, weights, a, b):
    ga, gb = where[a], where[b]
    groups[ga][groups[ga].index(a)] = b
    groups[gb][groups[gb].index(b)] = a
    where[a], where[b] = gb, ga
    for p, row in enumerate(at_table):
        row[ga] += weights[p][b] - weights[p][a]
        row[gb] += weights[p][a] - weights[p][b]
