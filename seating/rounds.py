"""A drawn round, and the tallies every part of the draw counts the same way.

People are any hashable ids.  A pair is ``frozenset({a, b})``, the key of
``met_before`` too.
"""

from collections import Counter
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class Round:
    """One round (回戦): each table's people in seat order (東 = 起家 first), and who sits it out (抜け番)."""

    tables: tuple
    sitting_out: tuple = ()

    def seated(self):
        return [person for table in self.tables for person in table]


def pair(a, b):
    return frozenset((a, b))


def pairs_met(rounds):
    """How many times each pair shared a table over ``rounds``."""
    met = Counter()
    for drawn in rounds:
        for table in drawn.tables:
            met.update(frozenset(two) for two in combinations(table, 2))
    return met


def sit_outs(rounds):
    """How many rounds each person sat out over ``rounds`` (only those who did)."""
    return Counter(person for drawn in rounds for person in drawn.sitting_out)


def in_order(people):
    """``people`` sorted, so that nothing depends on the order of a set or a dict.

    Ids of one sortable kind (member ids) sort naturally; a mix falls back to
    each id's type name and ``repr``, which must then be stable.
    """
    people = list(people)
    try:
        return sorted(people)
    except TypeError:
        return sorted(people, key=lambda person: (type(person).__name__, repr(person)))
