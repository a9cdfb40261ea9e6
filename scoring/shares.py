"""Dividing an integer amount exactly among several people.

Used for tenths of a point and for yen alike.  ``divmod`` floors, so the
remainder is always a count of +1 units; they go one each to the first
people in the given order (seat priority, or the order players are listed).
On a negative amount this means the first in priority pays one unit less,
which is what "the odd tenths go by seat priority" means to a secretary:
priority is an advantage, whichever way the money flows.
"""


def split_evenly(amount: int, count: int) -> list[int]:
    """Return ``count`` integers that differ by at most 1 and sum to ``amount``."""
    if count == 1:  # the commonest split: a place nobody shares
        return [amount]
    if count <= 0:
        raise ValueError("cannot split among nobody")
    each, remainder = divmod(amount, count)
    return [each + 1 if i < remainder else each for i in range(count)]
