"""How well and how fast the table draw does, next to a greedy and a random draw.

    .venv/bin/python benchmarks/draw.py [--seeds 20] [--rounds 4 8] [--seats 4] [--people 24 40] [--season]

For each attendance and number of rounds, draws the day with ``--seeds``
seeds by each of the three draws (the two simple ones are the tests' own,
``tests/seating/baselines.py``) and prints the mean repeated pairs
(``draw_quality``), the worst pair count over the seeds, how many seeds ours
lost to the greedy draw, and the processor time of ours per day (mean and
most).  With ``--season`` ours is given a season behind (every pair met 20 to 300 times, drawn from a fixed
seed) and the last column is the meetings before of the pairs it seated (mean over the seeds).  The figures are
in docs/draw.md.
"""

import argparse
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seating import draw_quality, draw_rounds
from seating.rounds import pairs_met
from tests.seating.baselines import greedy_draw, random_draw

ATTENDANCES = (5, 6, 7, 8, 9, 10, 12, 13, 16, 17, 20, 23, 24, 28, 32, 36, 40)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--rounds", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--people", type=int, nargs="+", default=list(ATTENDANCES))
    parser.add_argument("--season", action="store_true", help="ours with every pair met before")
    args = parser.parse_args()
    print(
        "| people | rounds | ours | greedy | random | worst pair (ours / greedy / random) | seeds lost to greedy "
        "| ms per day (mean / most) |" + (" met before (ours) |" if args.season else "")
    )
    print("|---|---|---|---|---|---|---|---|" + ("---|" if args.season else ""))
    for people in args.people:
        if people < args.seats:
            continue
        for rounds in args.rounds:
            figures = {}
            times = []
            season = _season(people) if args.season else None
            met = []
            for name, draw in (("ours", draw_rounds), ("greedy", greedy_draw), ("random", random_draw)):
                qualities = []
                for seed in range(args.seeds):
                    started = time.process_time()
                    if name == "ours":
                        drawn = draw(range(people), rounds, seats=args.seats, seed=seed, met_before=season)
                        times.append(time.process_time() - started)
                        met.append(sum(count * (season or {}).get(two, 0) for two, count in pairs_met(drawn).items()))
                    else:
                        drawn = draw(range(people), rounds, seats=args.seats, seed=seed)
                    qualities.append(draw_quality(drawn))
                figures[name] = qualities
            lost = sum(
                o.repeated_pairs_today > g.repeated_pairs_today
                for o, g in zip(figures["ours"], figures["greedy"], strict=True)
            )
            means = [statistics.mean(q.repeated_pairs_today for q in figures[name]) for name in figures]
            worst = [max(q.worst_pair_count for q in figures[name]) for name in figures]
            print(
                f"| {people} | {rounds} | "
                + " | ".join(f"{mean:.1f}" for mean in means)
                + f" | {' / '.join(map(str, worst))} | {lost} | "
                f"{1000 * statistics.mean(times):.0f} / {1000 * max(times):.0f} |"
                + (f" {statistics.mean(met):,.0f} |" if args.season else "")
            )


def _season(people):
    """Every pair of ``people`` met before, 20 to 300 times: no split of them costs nothing."""
    rng = random.Random(1)
    return {frozenset(two): rng.randint(20, 300) for two in combinations(range(people), 2)}


if __name__ == "__main__":
    main()
