"""The entry form and the importer ask for the busts the engine says a game must still write
(``scoring.unwritten_busts``): a busted seat left out when a bust pays points, at 0 too when the rules say so."""

import pytest

import scoring
from league.forms.game_entry import GameForm
from league.models.games import WINDS

from .conftest import BAKUFU_RULES, game_post
from .import_files import game_row, plan_of, xlsx_bytes

RULES = {
    "pays below 0": BAKUFU_RULES,
    "pays at 0": {**BAKUFU_RULES, "bust": {"penalty": 10, "bonus": 10, "at_zero": True}},
    "pays nothing": {**BAKUFU_RULES, "bust": {"at_zero": True}},
}
SCORES = [
    (52300, 31500, 18700, -2500),
    (60000, 0, 41000, -1000),
    (50000, 25000, 25000, 0),
    (40000, 30000, 20000, 10000),
]


@pytest.mark.parametrize("scores", SCORES)
@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_the_form_and_the_importer_ask_for_the_engines_unwritten_busts(club, meeting, rules, scores):
    version = club.rule_sets.get().versions.get()
    version.rules = rules
    version.save()
    expected = scoring.unwritten_busts(rules, scores, set())

    form = GameForm(
        data=game_post(**{f"score_{seat}": str(score) for seat, score in enumerate(scores)}),
        meeting=meeting,
        rule_version=version,
    )
    form.is_valid()
    assert [seat for seat in range(4) if form.has_error(f"bust_{seat}")] == expected

    problems = plan_of(club, xlsx_bytes([game_row(scores=scores, busts="")])).problems
    asked = [problem.message for problem in problems if problem.column == "busts"]
    assert len(asked) == len(expected)
    assert all(str(message).startswith(str(WINDS[seat])) for message, seat in zip(asked, expected, strict=True))
