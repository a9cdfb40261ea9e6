"""The schema of rule settings is the one description of each setting: the engine's defaults, choices and
ranges are its, and docs/scoring.md's tables are written from it."""

import pytest

from scoring import ScoringError, validate_fees, validate_rules
from scoring.schema import FEE_SETTINGS, FEES, RULE_SETTINGS, RULES, TOP_KEYS, Setting, fee_defaults

from .settings_table import DOC, document_with

BASE = {"players": 4, "start": 25000}
WIN_POINTS = {"players": 4, "start": 25000, "method": "win_points"}
WIN_TABLES = {"tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]}, "yakuman": 18}


def _at(key, value):
    """Rules with ``value`` at the dotted ``key`` (``bust.penalty``), the win points filled when they're needed."""
    section, _dot, name = key.partition(".")
    rules = {**(WIN_POINTS if section in ("method", "win_points") else BASE)}
    if section == "win_points":
        rules["win_points"] = {**WIN_TABLES, name: value}
    elif name:
        rules[section] = {name: value}
    else:
        rules[section] = value
    if key == "method" and value == "win_points":
        rules["win_points"] = WIN_TABLES
    if key == "method" and value == "oka_uma":
        rules.pop("method")
        rules["method"] = "oka_uma"
    return rules


def _read(settings, key):
    section, _dot, name = key.partition(".")
    return settings[section][name] if name else settings[section]


def test_the_page_shows_the_schemas_settings():
    assert DOC.read_text(encoding="utf-8") == document_with(DOC.read_text(encoding="utf-8")), (
        "docs/scoring.md's settings tables differ from scoring/schema.py: run python -m tests.scoring.settings_table"
    )


def test_the_rules_keys_are_the_schemas():
    assert set(validate_rules(BASE)) == set(TOP_KEYS)


@pytest.mark.parametrize(
    "setting",
    [s for s in RULE_SETTINGS if not (s.required or s.computed or s.kind == "win_tables")],
    ids=lambda setting: setting.key,
)
def test_a_setting_left_out_takes_the_schemas_default(setting: Setting):
    tables_only = {"tables": WIN_TABLES["tables"]}
    rules = WIN_POINTS | {"win_points": tables_only} if setting.section == "win_points" else BASE
    assert _read(validate_rules(rules), setting.key) == setting.default


def test_fees_left_out_take_the_schemas_defaults():
    assert validate_fees({}) == fee_defaults()


@pytest.mark.parametrize("setting", [s for s in RULE_SETTINGS if s.choices], ids=lambda setting: setting.key)
def test_every_choice_of_a_setting_is_taken_and_nothing_else(setting: Setting):
    for value in setting.values:
        assert _read(validate_rules(_at(setting.key, value)), setting.key) == value
    with pytest.raises(ScoringError):
        validate_rules(_at(setting.key, "something_else"))


@pytest.mark.parametrize("setting", [s for s in FEE_SETTINGS if s.choices], ids=lambda setting: setting.key)
def test_every_choice_of_a_fee_is_taken_and_nothing_else(setting: Setting):
    for value in setting.values:
        assert validate_fees({setting.key: value})[setting.key] == value
    with pytest.raises(ScoringError):
        validate_fees({setting.key: "something_else"})


@pytest.mark.parametrize(
    "setting", [s for s in RULE_SETTINGS if s.kind in ("points", "amount")], ids=lambda setting: setting.key
)
def test_points_settings_are_taken_within_their_range_only(setting: Setting):
    assert setting.least is not None and setting.most is not None
    for inside in (setting.least, setting.most):
        validate_rules(_at(setting.key, inside))
    for outside in (setting.least - 0.1, setting.most + 0.1):
        with pytest.raises(ScoringError) as refusal:
            validate_rules(_at(setting.key, outside))
        assert refusal.value.field == setting.key


@pytest.mark.parametrize("setting", [s for s in RULE_SETTINGS if s.kind == "score"], ids=lambda setting: setting.key)
def test_score_settings_are_taken_within_their_range_only(setting: Setting):
    assert setting.least is not None and setting.most is not None
    for inside in (setting.least, setting.most):
        validate_rules(BASE | {setting.key: inside})
    for outside in (setting.least - 100, setting.most + 100):
        with pytest.raises(ScoringError) as refusal:
            validate_rules(BASE | {setting.key: outside})
        assert refusal.value.field == setting.key


@pytest.mark.parametrize("setting", [s for s in FEE_SETTINGS if s.kind == "yen"], ids=lambda setting: setting.key)
def test_yen_settings_are_taken_within_their_range_only(setting: Setting):
    assert setting.least == 0
    validate_fees({setting.key: 0})
    if setting.most is not None:
        validate_fees({setting.key: setting.most})
        with pytest.raises(ScoringError):
            validate_fees({setting.key: setting.most + 1})
    with pytest.raises(ScoringError):
        validate_fees({setting.key: -1})


def test_a_flag_is_true_or_false():
    for setting in (s for s in RULE_SETTINGS if s.kind == "flag"):
        for value in (True, False):
            assert _read(validate_rules(_at(setting.key, value)), setting.key) is value
        with pytest.raises(ScoringError):
            validate_rules(_at(setting.key, 1))


def test_each_setting_is_described_once():
    keys = [s.key for s in RULE_SETTINGS]
    fields = [s.field for s in (*RULE_SETTINGS, *FEE_SETTINGS) if s.field]
    assert len(keys) == len(set(keys)) and len(fields) == len(set(fields))
    assert set(RULES) == set(keys) and set(FEES) == {s.key for s in FEE_SETTINGS}
    for setting in (*RULE_SETTINGS, *FEE_SETTINGS):
        assert setting.meaning, setting.key  # the contract's words
        assert setting.label or not setting.field, setting.key  # and the form's
