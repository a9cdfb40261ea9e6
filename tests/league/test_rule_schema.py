"""The rule-version form is the schema's (scoring/schema.py): one field per setting with the schema's words,
choices and starting value, and each setting typed into the form comes back in the rules at its key."""

import datetime

import pytest
from django.utils import translation
from django.utils.translation import gettext

import scoring
from league.forms.rule_settings import GROUP_KINDS, NOTE_LABELS
from league.forms.rule_version import RuleVersionForm, initial_from_rules
from league.text.rules_text import DEPOSITS_TEXT, ROUNDING_TEXT, TIES_TEXT
from scoring.schema import FEE_SETTINGS, RULE_SETTINGS, RULES, SECTIONS

FIELDS = [s for s in (*RULE_SETTINGS, *FEE_SETTINGS) if s.field and s.kind not in GROUP_KINDS]
FORM_POST = {"effective_from": "2026-04-01", "players": "4", "method": "oka_uma", "start": "25000"}
FORM_POST |= {"rounding": "none", "ties": "seat", "deposits": "top", "box_under": "on", "chips_in_total": "on"}
FORM_POST |= {"fee_surplus_to": "none", "fee_shortfall": "recipient", "fee_require_present": "on"}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_each_setting_is_one_field_with_the_schemas_words(language):
    with translation.override(language):
        form = RuleVersionForm(rule_set=None)
        for setting in FIELDS:
            field = form.fields[setting.field]
            assert str(field.label) == gettext(setting.label), setting.key
            assert str(field.help_text) == (gettext(setting.help) if setting.help else ""), setting.key
            if setting.choices:
                assert [(value, str(words)) for value, words in field.choices] == [
                    (choice.value, gettext(choice.words)) for choice in setting.choices
                ]
            if setting.kind in ("choice", "flag"):
                assert field.initial == setting.default, setting.key


def test_the_words_are_japanese_on_the_japanese_site():
    with translation.override("ja"):
        for setting in FIELDS:
            assert gettext(setting.label) != setting.label, setting.key
            for choice in setting.choices:
                assert gettext(choice.words) != choice.words or choice.words.isdigit(), choice.words
        for section in SECTIONS:
            assert str(NOTE_LABELS[section.key]) == gettext(section.label) != section.label


def test_the_rules_sheet_names_each_choice_with_the_schemas_words():
    with translation.override("en"):
        for text, key in ((ROUNDING_TEXT, "rounding"), (TIES_TEXT, "ties"), (DEPOSITS_TEXT, "deposits")):
            assert {value: str(words) for value, words in text.items()} == {
                choice.value: choice.text for choice in RULES[key].choices
            }


@pytest.mark.parametrize(
    "setting", [s for s in RULE_SETTINGS if s.kind == "amount" and s.section != "win_points"], ids=lambda s: s.key
)
def test_an_amount_typed_in_comes_back_at_its_key(setting):
    form = RuleVersionForm({**FORM_POST, setting.field: "７．５"}, rule_set=None)  # full-width, as a phone types it
    assert form.is_valid(), form.errors
    section, _dot, name = setting.key.partition(".")
    assert form.cleaned_data["rules"][section][name] == 7.5
    initial = initial_from_rules(form.cleaned_data["rules"], {}, datetime.date(2026, 4, 1))
    assert initial[setting.field] == "7.5"


@pytest.mark.parametrize("setting", [s for s in RULE_SETTINGS if s.kind == "flag"], ids=lambda s: s.key)
def test_a_flag_turned_from_its_default_comes_back_at_its_key(setting):
    post = dict(FORM_POST)
    if setting.default:
        post.pop(setting.field)
    else:
        post[setting.field] = "on"
    form = RuleVersionForm(post, rule_set=None)
    assert form.is_valid(), form.errors
    rules = form.cleaned_data["rules"]
    section, _dot, name = setting.key.partition(".")
    assert (rules[section][name] if name else rules[section]) is (not setting.default)
    assert scoring.validate_rules(rules) is not None
    assert initial_from_rules(rules, {}, datetime.date(2026, 4, 1))[setting.field] is (not setting.default)


@pytest.mark.parametrize("setting", [s for s in FEE_SETTINGS if s.choices], ids=lambda s: s.key)
def test_a_fee_choice_other_than_the_default_is_written_and_read_back(setting):
    for choice in setting.choices:
        form = RuleVersionForm({**FORM_POST, setting.field: choice.value}, rule_set=None)
        assert form.is_valid(), form.errors
        written = form.cleaned_data["fees"]
        assert written.get(setting.key, setting.default) == choice.value
        assert initial_from_rules({"players": 4, "start": 25000}, written)[setting.field] == choice.value
