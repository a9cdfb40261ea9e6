"""The club day's table draw (卓組・席決め): who sits out, who shares a table, who is 東.

1. Sit-outs (抜け番), round by round.  When the people present do not fill
   whole tables, the remainder sits out: whoever has sat out least so far
   (a round a late arrival missed counts as sat out), ties drawn.
2. Tables, round by round.  Random partitions are improved by swapping two
   people (between tables, or a sitting-out person with a seated one as due
   to sit out) while the cost drops; the cheapest is kept (with a season
   behind, the best after ``SETTLED`` starts if it repeats no pair).  The cost
   of a table is the sum over its pairs (``search.SeasonWeights``): heavy for a
   pair that already met today, light for each meeting earlier in the season.
3. The day as a whole.  Each new round is then drawn again, its sit-outs kept,
   against all the others (earlier and later), while that lowers the day's
   cost: drawing round by round cannot see that an early choice leaves a later
   round no good tables.
4. Seats.  Each table's order is shuffled: the first is 東, the first dealer.

Everything random comes from ``random.Random(seed)`` and the people are sorted
first, so a seed and the same facts give the same draw (docs/draw.md).
"""

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from .errors import BAD_ROUNDS, BAD_SEATS, NO_SEED, SAME_PERSON_TWICE, TOO_FEW_PEOPLE, SeatingError
from .rounds import Pair, Person, Round, in_order, pairs_met, sit_outs
from .search import SEASON_WEIGHT, Groups, SeasonWeights, again_cost, cheapest, cost_of

# Random starts of the search for each round as it is first drawn.
RESTARTS = 12
# Random starts (besides the round as it stands) when a round is drawn again against the others.
REDRAW_STARTS = 3
# Starts after which a split with no pair met today is kept, when every split costs something for the season
# (``search.cheapest``): of the first draw of a round, and of a round drawn again (the first is the round as it is).
SETTLED = 4
REDRAW_SETTLED = 1
# How many times the whole day is drawn (the cheapest kept): as many as fit in this much work,
# counted as people² × rounds per day, so a small day is drawn many times and 40 people once.
WORK = 40 * 40 * 8
MOST_DAYS = 8
# Passes over the day's new rounds; a pass that lowers nothing ends it sooner.
MOST_PASSES = 4


def draw_rounds(
    people: Iterable[Person],
    rounds: int,
    *,
    seats: int = 4,
    seed: int | str,
    met_before: Mapping[Pair, int] | None = None,
    sat_out_before: Mapping[Person, int] | None = None,
    earlier: Iterable[Round] = (),
) -> list[Round]:
    """Draw ``rounds`` more rounds for ``people``; returns a list of ``Round``.

    ``met_before`` maps ``frozenset({a, b})`` to the times a pair met earlier in
    the season; ``sat_out_before`` maps a person to sit-outs today that
    ``earlier`` does not show; ``earlier`` are the day's rounds already drawn or
    played, which count for repeated pairs and sit-outs alike.
    """
    people = _checked(people, rounds, seats)
    rng = random.Random(_checked_seed(seed))
    met_before = met_before or {}
    earlier = list(earlier)
    season = SeasonWeights(people, met_before)
    least = _day_cost(earlier, [], met_before)  # what the earlier rounds cost already: a draw adding nothing is best
    best: tuple[int, list[Round]] | None = None
    for _ in range(min(MOST_DAYS, max(1, WORK // (len(people) ** 2 * max(rounds, 1))))):
        drawn: list[Round] = []
        for _ in range(rounds):
            sat_out = _sit_out_counts(people, earlier + drawn, sat_out_before)
            drawn.append(_draw_round(people, seats, rng, season, sat_out, earlier + drawn))
        _redraw_against_each_other(drawn, earlier, rng, season)
        cost = _day_cost(earlier, drawn, met_before)
        if best is None or cost < best[0]:
            best = (cost, drawn)
        if cost == least:
            break
    assert best is not None  # the day is drawn at least once
    drawn = best[1]
    return [
        Round(tables=tuple(_seat(table, rng) for table in one.tables), sitting_out=one.sitting_out) for one in drawn
    ]


def _day_cost(earlier: list[Round], drawn: list[Round], met_before: Mapping[Pair, int]) -> int:
    met = pairs_met([*earlier, *drawn])
    season = sum(times * met_before.get(two, 0) for two, times in pairs_met(drawn).items())
    return sum(again_cost(times) for times in met.values()) + SEASON_WEIGHT * season


def _checked(people: Iterable[Person], rounds: int, seats: int) -> list[Person]:
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


def _checked_seed(seed: object) -> int | str:
    """The seed as given: an int or a str.  ``None`` would seed from the clock (a draw nobody can make again),
    and other kinds are not kept by the site; both are refused."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SeatingError("no_seed", NO_SEED, {"seed": repr(seed)})
    return seed


def _sit_out_counts(
    people: list[Person], done: list[Round], sat_out_before: Mapping[Person, int] | None
) -> Counter[Person]:
    """Sit-outs so far: ``sat_out_before``, the earlier rounds', and each earlier round a person missed."""
    counts = Counter({person: (sat_out_before or {}).get(person, 0) for person in people})
    counts.update(person for person in sit_outs(done).elements() if person in counts)
    for drawn in done:
        there = set(drawn.seated()) | set(drawn.sitting_out)
        counts.update(person for person in people if person not in there)
    return counts


def _draw_round(
    people: list[Person],
    seats: int,
    rng: random.Random,
    season: SeasonWeights,
    sat_out: Counter[Person],
    done: list[Round],
) -> Round:
    """One round, its tables in no particular seat order yet."""
    n = len(people)
    tables = n // seats
    benched = n - tables * seats
    # The least-sat-out sit out: those below the line must, those on it may, those above must not.
    line = sorted(sat_out[person] for person in people)[benched - 1] if benched else 0  # no line: nobody sits out
    must = [i for i in range(n) if benched and sat_out[people[i]] < line]
    may = [i for i in range(n) if benched and sat_out[people[i]] == line]

    def starts() -> Iterator[Groups]:
        for _ in range(RESTARTS):
            bench = must + rng.sample(may, benched - len(must))
            playing = [i for i in range(n) if i not in bench]
            rng.shuffle(playing)
            yield [playing[t * seats : (t + 1) * seats] for t in range(tables)] + ([bench] if benched else [])

    weights = season.weights(people, pairs_met(done))
    groups = cheapest(starts(), tables, weights, set(may), rng, season=season.among(people), settled=SETTLED)[1]
    return Round(
        tables=tuple(tuple(people[i] for i in group) for group in groups[:tables]),
        sitting_out=tuple(in_order(people[i] for i in groups[tables])) if benched else (),
    )


def _redraw_against_each_other(
    drawn: list[Round], earlier: list[Round], rng: random.Random, season: SeasonWeights
) -> None:
    """Draw each new round's tables again against all the other rounds while the day's cost drops."""
    for _ in range(MOST_PASSES if len(drawn) > 1 else 0):
        lowered = False
        for number, one in enumerate(drawn):
            seated = in_order(one.seated())
            index = {person: i for i, person in enumerate(seated)}
            others = [*earlier, *drawn[:number], *drawn[number + 1 :]]
            weights = season.weights(seated, pairs_met(others))
            now = [[index[person] for person in table] for table in one.tables]
            tables = len(now)
            cost, groups = cheapest(
                _redraw_starts(now, rng),
                tables,
                weights,
                set(),
                rng,
                season=season.among(seated),
                settled=REDRAW_SETTLED,
            )
            if cost < cost_of(now, tables, weights):
                drawn[number] = Round(
                    tables=tuple(tuple(seated[i] for i in group) for group in groups), sitting_out=one.sitting_out
                )
                lowered = True
        if not lowered:
            break


def _redraw_starts(now: Groups, rng: random.Random) -> Iterator[Groups]:
    """The round as it stands, then random partitions of its seated people."""
    yield [list(group) for group in now]
    n, size = sum(map(len, now)), len(now[0])
    for _ in range(REDRAW_STARTS):
        playing = rng.sample(range(n), n)
        yield [playing[t * size : (t + 1) * size] for t in range(len(now))]


def _seat(table: Iterable[Person], rng: random.Random) -> tuple[Person, ...]:
    """The table in seat order: 東 (the first dealer, 起家) first, then 南, 西, 北."""
    table = list(table)
    rng.shuffle(table)
    return tuple(table)
