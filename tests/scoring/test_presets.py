"""The public standards as presets: each validates, and settles its worked examples (docs/presets.md)."""

from decimal import Decimal

import pytest

import scoring
from scoring.presets import STANDARDS, standard

# (preset, game, totals in seat order): every figure worked out by hand in docs/presets.md.
EXAMPLES = [
    # Mリーグ: the issue's example, then a shared top (順位点 +50 and +10 pooled: +30 each).
    ("mleague", {"scores": [37000, 27300, 23800, 11900]}, ["57.0", "7.3", "-16.2", "-48.1"]),
    ("mleague", {"scores": [30000, 30000, 25000, 15000]}, ["30.0", "30.0", "-15.0", "-45.0"]),
    ("mleague", {"scores": [37000, 27300, 23800, 11900], "chombo": [{"seat": 3}]}, ["57.0", "7.3", "-16.2", "-68.1"]),
    ("npm", {"scores": [37000, 27300, 23800, 11900]}, ["57.0", "7.3", "-16.2", "-48.1"]),
    ("npm", {"scores": [42100, 31200, 18500, 8200]}, ["62.1", "11.2", "-21.5", "-51.8"]),
    ("npm", {"scores": [30000, 30000, 25000, 15000]}, ["30.0", "30.0", "-15.0", "-45.0"]),
    ("saikouisen", {"scores": [45600, 31000, 24000, 19400]}, ["45.6", "11.0", "-16.0", "-40.6"]),
    ("saikouisen", {"scores": [38000, 26000, 26000, 30000]}, ["38.0", "-24.0", "-24.0", "10.0"]),
    (
        "saikouisen",
        {"scores": [40000, 30000, 26000, 23000], "deposit": 1000, "chombo": [{"seat": 1}]},
        ["40.0", "-10.0", "-14.0", "-37.0"],
    ),
    # 連盟: one, two and three floating (a tie at 30,000 for 2nd and 3rd), and a stick left as 供託.
    ("renmei", {"scores": [52000, 29000, 21000, 18000]}, ["34.0", "-2.0", "-12.0", "-20.0"]),
    ("renmei", {"scores": [48000, 31000, 22000, 19000]}, ["26.0", "5.0", "-12.0", "-19.0"]),
    ("renmei", {"scores": [31000, 30000, 30000, 29000]}, ["9.0", "2.0", "2.0", "-13.0"]),
    ("renmei", {"scores": [40000, 30000, 26000, 23000], "deposit": 1000}, ["18.0", "4.0", "-8.0", "-15.0"]),
    ("rmu-ab", {"scores": [41200, 33500, 25800, 19500]}, ["26.2", "8.5", "-9.2", "-25.5"]),
    ("rmu-ab", {"scores": [35000, 35000, 25000, 25000]}, ["15.0", "15.0", "-15.0", "-15.0"]),
    ("rmu-m", {"scores": [50200, 22800, 17000, 10000]}, ["70.2", "2.8", "-23.0", "-50.0"]),
    ("rmu-m", {"scores": [30000, 30000, 25000, 15000]}, ["30.0", "30.0", "-15.0", "-45.0"]),
    ("ema", {"scores": [42700, 31300, 26000, 20000]}, ["27.7", "6.3", "-9.0", "-25.0"]),
    ("ema", {"scores": [42700, 31300, 26000, 20000], "chombo": [{"seat": 3}]}, ["27.7", "6.3", "-9.0", "-45.0"]),
    ("ema", {"scores": [34500, 34500, 31000, 20000]}, ["14.5", "14.5", "-4.0", "-25.0"]),
    # 天鳳: 五捨六入 with the top taking the balance, ties by seat, a stick to the top; 三人打ち.
    ("tenhou", {"scores": [38400, 27600, 21500, 12500]}, ["49.0", "8.0", "-19.0", "-38.0"]),
    ("tenhou", {"scores": [30000, 30000, 20000, 20000]}, ["40.0", "10.0", "-20.0", "-30.0"]),
    ("tenhou", {"scores": [40000, 25000, 20000, 14000], "deposit": 1000}, ["51.0", "5.0", "-20.0", "-36.0"]),
    ("tenhou-sanma", {"scores": [52300, 33700, 19000]}, ["42.0", "-6.0", "-36.0"]),
    ("tenhou-sanma", {"scores": [35000, 35000, 35000]}, ["25.0", "-5.0", "-20.0"]),
    ("tenhou-sanma", {"scores": [48500, 36500, 20000]}, ["39.0", "-4.0", "-35.0"]),
]


@pytest.mark.parametrize("preset", STANDARDS, ids=lambda preset: preset.key)
def test_every_preset_is_valid_rules_and_fees(preset):
    settings = scoring.validate_rules(preset.rules_json())
    assert settings["players"] == preset.players
    scoring.validate_fees(preset.fees_json())
    assert preset.name_ja and preset.name_en and preset.source


def test_keys_are_unique_and_every_preset_has_a_worked_example():
    keys = [preset.key for preset in STANDARDS]
    assert len(keys) == len(set(keys))
    assert {key for key, _game, _totals in EXAMPLES} == set(keys)


@pytest.mark.parametrize(("key", "game", "totals"), EXAMPLES)
def test_worked_examples(key, game, totals):
    result = scoring.settle(standard(key).rules_json(), game)
    assert [seat.total for seat in result] == [Decimal(total) for total in totals]


def test_mleague_parts_of_the_issues_example():
    result = scoring.settle(standard("mleague").rules_json(), {"scores": [37000, 27300, 23800, 11900]})
    assert [(seat.base, seat.oka, seat.uma) for seat in result] == [
        (Decimal("7.0"), Decimal("20.0"), Decimal("30.0")),
        (Decimal("-2.7"), 0, Decimal("10.0")),
        (Decimal("-6.2"), 0, Decimal("-10.0")),
        (Decimal("-18.1"), 0, Decimal("-30.0")),
    ]


def test_renmei_counts_floating_players_and_keeps_the_stick_off_the_table():
    result = scoring.settle(standard("renmei").rules_json(), {"scores": [40000, 30000, 26000, 23000], "deposit": 1000})
    assert result.floats == 2
    assert sum(seat.total for seat in result) == Decimal("-1.0")


def test_presets_are_frozen():
    preset = standard("mleague")
    with pytest.raises(TypeError):
        preset.rules["uma"] = [0, 0, 0, 0]
    copy = preset.rules_json()
    copy["uma"][0] = 99
    assert preset.rules["uma"][0] == 30
