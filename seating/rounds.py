"""A drawn round, and the tallies every part of the draw counts the same way.

People are any hashable ids.  A pair is ``frozenset({a, b})``, the key of
``met_before`` too.
"""

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, TypeAlias, cast

Person: TypeAlias = Hashable  # a person's id (the site draws member ids)
Pair: TypeAlias = frozenset[Person]


@dataclass(frozen=True)
class Round:
    """One round (回戦): each table's people in seat order (東 = 起家 first), and who sits it out (抜け番)."""

    tables: tuple[tuple[Person, ...], ...]
    sitting_out: tuple[Person, ...] = ()

    def seated(self) -> list[Person]:
        return [person for table in self.tables for person in table]


def pair(a: Person, b: Person) -> Pair:
    return frozenset((a, b))


def pairs_met(rounds: Iterable[Round]) -> Counter[Pair]:
    """How many times each pair shared a table over ``rounds``."""
    met: Counter[Pair] = Counter()
    for drawn in rounds:
        for table in drawn.tables:
            met.update(frozenset(two) for two in combinations(table, 2))
    return met


def sit_outs(rounds: Iterable[Round]) -> Counter[Person]:
    """How many rounds each person sat out over ``rounds`` (only those who did)."""
    return Counter(person for drawn in rounds for person in drawn.sitting_out)


def in_order(people: Iterable[Person]) -> list[Person]:
    """``people`` sorted, so that nothing depends on the order of a set or a dict.

    Ids of one sortable kind (member ids) sort naturally; a mix falls back to
    each id's type name and ``repr``, which must then be stable.
    """
    people = list(people)
    try:
        return sorted(cast("list[Any]", people))  # ids of one kind compare; a mix raises TypeError
    except TypeError:
        return sorted(people, key=lambda person: (type(person).__name__, repr(person)))
