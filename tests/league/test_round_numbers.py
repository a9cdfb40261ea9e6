"""Every door a game comes in by refuses the same round and table numbers as the engine (scoring.numbering)."""

import pytest

import scoring
from league.forms.game_entry import GameForm
from league.views.entry import _small_number

from .import_files import game_row, plan_of, xlsx_bytes


@pytest.mark.parametrize("number", [0, 1, scoring.MOST_ROUNDS, scoring.MOST_ROUNDS + 1])
def test_the_entry_form_the_importer_and_an_address_agree_with_the_engine(club, number):
    allowed = scoring.is_round_or_table(number)
    form_field = GameForm.base_fields["round"]
    assert (form_field.min_value <= number <= form_field.max_value) == allowed
    table_field = GameForm.base_fields["table"]
    assert (table_field.min_value <= number <= table_field.max_value) == allowed
    assert (_small_number(str(number)) == number) == allowed
    for row in (game_row(round=number), game_row(table=number)):
        problems = plan_of(club, xlsx_bytes([row])).problems
        assert (not any(problem.row == 2 and "99" in str(problem.message) for problem in problems)) == allowed
