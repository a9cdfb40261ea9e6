"""How good a day's draw is, in the figures a secretary (and the tests) compare."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .rounds import Pair, Person, Round, pairs_met, sit_outs


@dataclass(frozen=True)
class Quality:
    """``repeated_pairs_today``: each time a pair shares a table again today (a pair together 3 times counts 2).
    ``repeated_pairs_season``: each time a pair shares a table today having met earlier in the season.
    ``sit_outs``: every person in the rounds → rounds sat out (0 for none).
    ``worst_pair_count``: the most rounds any one pair shared a table today (0 with no tables).
    """

    repeated_pairs_today: int
    repeated_pairs_season: int
    sit_outs: dict[Person, int]
    worst_pair_count: int


def draw_quality(rounds: Iterable[Round], met_before: Mapping[Pair, int] | None = None) -> Quality:
    rounds = list(rounds)
    met_before = met_before or {}
    met = pairs_met(rounds)
    counts = {person: 0 for drawn in rounds for person in (*drawn.seated(), *drawn.sitting_out)}
    counts.update(sit_outs(rounds))
    return Quality(
        repeated_pairs_today=sum(times - 1 for times in met.values()),
        repeated_pairs_season=sum(times for two, times in met.items() if met_before.get(two, 0) > 0),
        sit_outs=counts,
        worst_pair_count=max(met.values(), default=0),
    )
