"""Rule versions are checked by the engine on every save, fixtures included."""

import datetime
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import translation

from league.models import Club, RuleSet, RuleVersion

GOOD = {"players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20]}


@pytest.fixture
def rule_set(db):
    club = Club.objects.create(slug="test", name="テスト会")
    return RuleSet.objects.create(club=club, slug="a", name="A")


def test_a_valid_version_saves_and_fills_defaults_only_when_read(rule_set):
    version = RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2024, 4, 1), rules=GOOD)
    version.refresh_from_db()
    assert version.rules == GOOD
    assert version.settings["rounding"] == "none"
    assert version.settings["ties"] == "seat"


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({**GOOD, "uma": [20, 10, -10, -10]}, "uma"),
        ({**GOOD, "uma": [20, 10, -30]}, "uma"),
        ({**GOOD, "colour": "red"}, "colour"),
        ({**GOOD, "rounding": "banker"}, "rounding"),
        ({**GOOD, "bust": {"penalty": 10, "bonsu": 10}}, "bust.bonsu"),
    ],
)
def test_an_invalid_version_is_refused_naming_the_setting(rule_set, rules, field):
    with pytest.raises(ValidationError) as refused:
        RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2024, 4, 1), rules=rules)
    assert any(message.startswith(f"{field}:") for message in refused.value.message_dict["rules"])
    assert not RuleVersion.objects.exists()


def test_refusals_are_translated_into_japanese(rule_set):
    with translation.override("ja"), pytest.raises(ValidationError) as refused:
        RuleVersion.objects.create(
            rule_set=rule_set, effective_from=datetime.date(2024, 4, 1), rules={**GOOD, "uma": [20, 10, -10, -10]}
        )
    assert "ウマ" in refused.value.message_dict["rules"][0]


def test_invalid_fees_are_refused(rule_set):
    with pytest.raises(ValidationError) as refused:
        RuleVersion.objects.create(
            rule_set=rule_set, effective_from=datetime.date(2024, 4, 1), rules=GOOD, fees={"per_game": -350}
        )
    assert "fees" in refused.value.message_dict


def test_a_fixture_with_invalid_rules_does_not_load(db, tmp_path):
    fixture = tmp_path / "bad.json"
    fixture.write_text(
        json.dumps(
            [
                {
                    "model": "league.club",
                    "pk": 900,
                    "fields": {"slug": "bad", "name": "悪", "created_at": "2026-01-01T00:00:00Z"},
                },
                {"model": "league.ruleset", "pk": 900, "fields": {"club": 900, "slug": "a", "name": "A"}},
                {
                    "model": "league.ruleversion",
                    "pk": 900,
                    "fields": {
                        "rule_set": 900,
                        "effective_from": "2026-01-01",
                        "rules": {**GOOD, "uma": [1, 2, 3, 4]},
                        "created_at": "2026-01-01T00:00:00Z",
                    },
                },
            ]
        ),
        encoding="utf-8",
    )
    with pytest.raises(Exception, match="uma"):
        call_command("loaddata", str(fixture), verbosity=0)
    assert not RuleVersion.objects.exists()


# -- the rules in force on a day: RuleSet.version_on, the one lookup ----------------------------------


@pytest.fixture
def three_versions(rule_set):
    """Versions from 2020-01-01 and 2024-04-01, and one that takes effect on 2030-04-01 (3 players)."""
    return [
        RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=GOOD),
        RuleVersion.objects.create(
            rule_set=rule_set, effective_from=datetime.date(2024, 4, 1), rules={**GOOD, "uma": [30, 10, -10, -30]}
        ),
        RuleVersion.objects.create(
            rule_set=rule_set,
            effective_from=datetime.date(2030, 4, 1),
            rules={"players": 3, "start": 35000, "uma": [20, 0, -20]},
        ),
    ]


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (datetime.date(2019, 12, 31), None),  # before the first version: no rules are in force
        (datetime.date(2020, 1, 1), 0),  # the first version governs its own first day
        (datetime.date(2024, 3, 31), 0),  # between versions: the latest that has started
        (datetime.date(2024, 4, 1), 1),
        (datetime.date(2030, 3, 31), 1),  # a version dated later never governs an earlier day
        (datetime.date(2030, 4, 1), 2),
        (datetime.date(2099, 1, 1), 2),
    ],
)
def test_the_version_in_force_is_the_latest_that_has_started(rule_set, three_versions, day, expected):
    in_force = None if expected is None else three_versions[expected]
    assert rule_set.version_on(day) == in_force
    prefetched = RuleSet.objects.with_versions().get(pk=rule_set.pk)
    assert prefetched.version_on(day) == in_force


def test_the_version_in_force_does_not_depend_on_the_order_versions_were_read_in(
    rule_set, three_versions, django_assert_num_queries
):
    from django.db.models import Prefetch

    oldest_first = RuleSet.objects.prefetch_related(
        Prefetch("versions", queryset=RuleVersion.objects.order_by("effective_from"))
    ).get(pk=rule_set.pk)
    with django_assert_num_queries(0):
        assert oldest_first.version_on(datetime.date(2025, 1, 1)) == three_versions[1]


def test_a_rule_set_without_versions_has_no_rules_in_force(rule_set):
    assert rule_set.version_on(datetime.date(2024, 4, 1)) is None
    assert rule_set.current_version is None


def test_the_settings_a_page_shows_are_those_in_force(rule_set, three_versions):
    assert rule_set.settings_on(datetime.date(2024, 3, 31))["uma"] == [20, 10, -10, -20]
    assert rule_set.settings_on(datetime.date(2030, 4, 1))["players"] == 3


def test_before_the_first_version_a_page_takes_the_shape_of_the_first(rule_set):
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2030, 4, 1),
        rules={"players": 3, "start": 35000, "uma": [20, 0, -20]},
    )
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2031, 4, 1), rules=GOOD)
    assert rule_set.version_on(datetime.date(2025, 1, 1)) is None
    assert rule_set.settings_on(datetime.date(2025, 1, 1))["players"] == 3


def test_a_rule_set_without_versions_is_shown_with_the_engines_starting_rules(rule_set):
    import scoring

    settings = rule_set.settings_on(datetime.date(2024, 4, 1))
    assert settings == scoring.validate_rules(scoring.STARTING_RULES)
    assert (settings["players"], settings["method"], settings["start"]) == (4, "oka_uma", 25000)
