"""The rule book of the same rules is kept (an import settles thousands of games under one version), never stale."""

import copy

import pytest

from scoring import ScoringError, settle
from scoring.rules import rule_book

RULES = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20]}


def test_the_same_rules_give_the_same_book_and_changed_rules_a_new_one():
    book = rule_book(RULES)
    assert rule_book(copy.deepcopy(RULES)) is book
    changed = {**RULES, "uma": [30, 10, -10, -30]}
    assert rule_book(changed).uma != book.uma
    changed["uma"] = [20, 10, -10, -20]  # changed back in place: the first book again, by value
    assert rule_book(changed) == book


def test_a_rules_dict_changed_in_place_is_settled_by_its_new_content():
    rules = copy.deepcopy(RULES)
    first = settle(rules, {"scores": [45000, 30000, 25000, 0]})
    rules["uma"] = [30, 10, -10, -30]
    second = settle(rules, {"scores": [45000, 30000, 25000, 0]})
    assert first[0].tenths["uma"] == 200 and second[0].tenths["uma"] == 300


def test_invalid_rules_are_refused_every_time():
    for _attempt in range(2):
        with pytest.raises(ScoringError):
            rule_book({**RULES, "players": 5})
