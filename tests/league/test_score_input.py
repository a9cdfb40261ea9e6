"""Scores as secretaries type them: every accepted form and every refused one."""

import pytest
from django.core.exceptions import ValidationError

from league.text.score_input import parse_count, parse_score


@pytest.mark.parametrize(
    ("typed", "score"),
    [
        ("41300", 41300),
        ("41,300", 41300),
        (" 41300 ", 41300),
        ("41300点", 41300),
        ("41 300", 41300),
        ("４１３００", 41300),
        ("４１，３００", 41300),
        ("41.3", 41300),
        ("４１．３", 41300),
        ("0", 0),
        ("-2500", -2500),
        ("−2500", -2500),
        ("▲2500", -2500),
        ("△2500", -2500),
        ("ー2500", -2500),
        ("－２５００", -2500),
        ("▲2.5", -2500),
        ("+30000", 30000),
        ("＋30000", 30000),
        ("-0", 0),
        ("100000", 100000),
        ("5.0", 5000),
    ],
)
def test_accepted_scores(typed, score):
    assert parse_score(typed) == score


@pytest.mark.parametrize(
    ("typed", "score"),
    [("413", 41300), ("４１３", 41300), ("▲25", -2500), ("0", 0), ("999", 99900), ("41300", 41300), ("41.3", 41300)],
)
def test_scores_in_hundreds(typed, score):
    assert parse_score(typed, in_hundreds=True) == score


@pytest.mark.parametrize("typed", ["", "   ", None])
def test_an_empty_score_is_left_for_the_form_to_fill(typed):
    assert parse_score(typed) is None


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("41350", "not_hundreds"),
        ("413", "not_hundreds"),
        ("abc", "not_a_score"),
        ("4l300", "not_a_score"),
        ("41300.5", "not_a_score"),
        ("41.35", "not_a_score"),
        ("--2500", "not_a_score"),
        ("▲", "not_a_score"),
        ("41 300 300", "too_large"),
        ("1000000", "too_large"),
        ("1,2345", "not_a_score"),
        ("41300-", "not_a_score"),
        ("2e4", "not_a_score"),
    ],
)
def test_refused_scores_say_what_to_type(typed, code):
    with pytest.raises(ValidationError) as refused:
        parse_score(typed)
    assert refused.value.code == code


def test_refusal_messages_name_the_problem():
    with pytest.raises(ValidationError) as refused:
        parse_score("41350")
    assert "41350" in refused.value.messages[0] and "100" in refused.value.messages[0]
    with pytest.raises(ValidationError) as refused:
        parse_score("abc")
    assert "41300" in refused.value.messages[0]


@pytest.mark.parametrize(
    ("typed", "count"), [("3", 3), ("-2", -2), ("▲2", -2), ("３", 3), ("－３", -3), ("0", 0), ("2枚", 2), ("", None)]
)
def test_counts(typed, count):
    assert parse_count(typed) == count


@pytest.mark.parametrize("typed", ["1.5", "x", "--1"])
def test_refused_counts(typed):
    with pytest.raises(ValidationError):
        parse_count(typed)
