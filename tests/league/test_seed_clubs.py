"""The five seed clubs ship as fixtures with exactly the rules of docs/clubs.md, each setting cited."""

import pytest

import scoring
from league.models import Club, RuleVersion

pytestmark = pytest.mark.django_db

FOUR_PLAYER_25_30 = {"players": 4, "start": 25000, "target": 30000}

# club slug → {rule set name → the settings docs/clubs.md gives (the rest are defaults)}
EXPECTED = {
    "jpn-shoki": {
        "公式ルール": {
            **FOUR_PLAYER_25_30,
            "uma": [20, 10, -10, -20],
            "rounding": "five_down_six_up",
            "ties": "split",
            "deposits": "top",
            "box_under": True,
        },
    },
    "makura": {
        "標準ルール": {
            **FOUR_PLAYER_25_30,
            "uma": [20, 10, -10, -20],
            "rounding": "toward_target",
            "ties": "seat",
            "deposits": "top",
            "box_under": True,
        },
    },
    "bakufu": {
        "爆風の会ルール": {
            **FOUR_PLAYER_25_30,
            "uma": [20, 10, -10, -20],
            "rounding": "half_up",
            "ties": "seat",
            "deposits": "top",
            "bust": {"penalty": 10, "bonus": 10, "at_zero": False},
            "chips": {"value": 5, "in_total": True},
            "yakuman_shugi": {
                "ron": 30,
                "tsumo_each": 20,
                "counted_ron": 0,
                "counted_tsumo_each": 0,
                "multiply": False,
            },
        },
    },
}


def seed_versions():
    return RuleVersion.objects.select_related("rule_set__club")


def test_five_clubs_load_with_their_rule_sets(seed_clubs):
    assert Club.objects.count() == 5
    counts = {club.name: club.rule_sets.count() for club in Club.objects.all()}
    assert sorted(counts.values()) == [1, 1, 1, 1, 5]
    assert all(club.is_public for club in Club.objects.all())


def test_loading_the_seed_clubs_twice_changes_nothing(seed_clubs):
    from django.core.management import call_command

    before = list(RuleVersion.objects.values_list("pk", "rules"))
    call_command("load_seed_clubs", verbosity=0)
    assert list(RuleVersion.objects.values_list("pk", "rules")) == before


def test_every_seed_version_is_accepted_by_the_engine_and_settles_a_game(seed_clubs):
    for version in seed_versions():
        settings = scoring.validate_rules(version.rules)
        start = settings["start"]
        scores = [start] * settings["players"]
        game = {"scores": scores}
        result = scoring.settle(version.rules, game)
        assert len(result) == settings["players"]
        scoring.validate_fees(version.fees)


def test_every_explicit_setting_carries_a_note_citing_the_rule_book(seed_clubs):
    for version in seed_versions():
        keys = set(version.rules) | {f"fees.{key}" for key in version.fees}
        missing = keys - set(version.notes)
        assert not missing, f"{version}: no note for {sorted(missing)}"
        for key in keys:
            assert version.notes[key].strip(), f"{version}: empty note for {key}"


@pytest.mark.parametrize("slug", sorted(EXPECTED))
def test_settings_are_exactly_those_of_the_rule_book(seed_clubs, slug):
    club = Club.objects.get(slug=slug)
    for name, expected in EXPECTED[slug].items():
        version = club.rule_sets.get(name=name).versions.get()
        for key, value in expected.items():
            assert version.settings[key] == value, f"{club} {name}: {key}"


def test_the_venue_with_five_rule_sets(seed_clubs):
    club = Club.objects.get(rule_sets__name="ブー麻雀")
    sets = {rule_set.name: rule_set.versions.get().settings for rule_set in club.rule_sets.all()}
    assert len(sets) == 5
    four = [s for s in sets.values() if s["players"] == 4 and s["method"] == "oka_uma"]
    three = [s for s in sets.values() if s["players"] == 3]
    assert len(four) == 2 and len(three) == 2
    for settings in four:
        assert (settings["start"], settings["target"], settings["uma"]) == (25000, 30000, [30, 10, -10, -30])
        assert settings["ties"] == "seat"
        assert settings["chips"]["value"] == 2
    for settings in three:
        assert (settings["start"], settings["target"], settings["uma"]) == (35000, 40000, [30, 0, -30])
        assert settings["ties"] == "seat"
    boo = sets["ブー麻雀"]
    assert boo["method"] == "win_points" and boo["start"] == 8000 and boo["float_line"] == 8000
    assert boo["win_points"] == {
        "tables": {"1": [9, -3, -3, -3], "2": [4, 0, -2, -2], "3": [1, 0, 0, -1]},
        "yakuman": 18,
    }
    assert boo["chombo"] == {"penalty": 3, "to_others": True}


def test_only_bakufu_settles_meeting_money(seed_clubs):
    for version in seed_versions():
        fees = version.fee_settings
        if version.rule_set.club.slug == "bakufu":
            assert fees["per_game"] == 350 and fees["surplus_to"] == "day_top"
            assert fees["min_share"] == [1, 3] and fees["require_present"] is True
            assert fees["shortfall"] == "recipient"
        else:
            assert version.fees == {}


def test_the_standard_rule_set_has_no_uma(seed_clubs):
    club = Club.objects.exclude(slug__in=EXPECTED).exclude(rule_sets__name="ブー麻雀").get()
    settings = club.rule_sets.get().versions.get().settings
    assert settings["uma"] == [0, 0, 0, 0]
    assert (settings["start"], settings["target"], settings["ties"]) == (25000, 30000, "seat")


def test_each_seed_club_describes_itself_in_its_own_words(seed_clubs):
    """A description is what the club says of itself on the home page, not a note about the rule book it came from."""
    for club in Club.objects.all():
        assert club.description, club.slug
        for note in ("出典", "本書", "ルールブック", "サイトで付けた", "判読", "版"):
            assert note not in club.description, (club.slug, note)
