"""How a game is named within its day: its round (回戦) and its table (卓), each from 1 to ``MOST_ROUNDS``.

A club day has a few rounds at a few tables; a number above 99 is a typo (a score typed in the wrong box),
and the entry form, the importer and the address of a drawn table refuse it alike.
"""

MOST_ROUNDS = 99  # rounds of a day, and tables of a round

__all__ = ["MOST_ROUNDS", "is_round_or_table"]


def is_round_or_table(number: int) -> bool:
    """Whether ``number`` may name a round of a day or a table of a round."""
    return 1 <= number <= MOST_ROUNDS
