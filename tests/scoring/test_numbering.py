"""A game's round and table numbers: 1 to MOST_ROUNDS, the one limit the entry form, the importer and the
drawn tables' addresses share."""

from hypothesis import given
from hypothesis import strategies as st

from scoring import MOST_DAY_GAMES, MOST_ROUNDS, is_round_or_table


@given(st.integers(min_value=-1000, max_value=1000))
def test_a_round_or_table_is_a_number_from_one_to_the_most(number):
    assert is_round_or_table(number) == (1 <= number <= 99)


def test_the_limits_are_a_club_days():
    assert MOST_ROUNDS == 99 and MOST_DAY_GAMES == MOST_ROUNDS  # a day total's hanchan: one a round at most
