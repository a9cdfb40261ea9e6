"""What a new rule set or version can start from (プリセット): the public standards, then the seed clubs' rules.

The standards are ``scoring.presets``.  The seed clubs' rules are read from
``fixtures/club_*.json`` the first time they are asked for (the latest version
of each rule set there), so a template is always what the seed clubs play.
The chooser is a GET form: choosing reloads the page with that preset's values
in the rule-version form, to be adjusted before saving.
"""

import functools
import json
from pathlib import Path

from django import forms
from django.conf import settings
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from scoring.presets import BY_KEY, STANDARDS, Preset, preset_of

from .rule_version import initial_from_rules

FIXTURES = Path(settings.BASE_DIR) / "fixtures"
PLAYER_COUNTS = (4, 3)


@functools.cache
def club_templates() -> tuple[Preset, ...]:
    """The latest version of every seed club's rule set, in the clubs' and rule sets' order."""
    templates = []
    for path in sorted(FIXTURES.glob("club_*.json")):
        objects = json.loads(path.read_text(encoding="utf-8"))
        clubs = {item["pk"]: item["fields"] for item in objects if item["model"] == "league.club"}
        rule_sets = {item["pk"]: item["fields"] for item in objects if item["model"] == "league.ruleset"}
        latest: dict[int, dict] = {}
        for item in objects:
            fields = item["fields"]
            if item["model"] == "league.ruleversion" and (
                fields["rule_set"] not in latest
                or fields["effective_from"] > latest[fields["rule_set"]]["effective_from"]
            ):
                latest[fields["rule_set"]] = fields
        for pk, rule_set in sorted(rule_sets.items(), key=lambda item: (item[1].get("position", 0), item[0])):
            if pk not in latest:
                continue
            club = clubs[rule_set["club"]]
            name = f"{club['name']} {rule_set['name']}"
            templates.append(
                preset_of(
                    f"club-{club['slug']}-{rule_set['slug']}",
                    name,
                    name,
                    latest[pk]["rules"],
                    f"fixtures/{path.name}",
                    fees=latest[pk]["fees"],
                )
            )
    return tuple(templates)


def all_presets() -> tuple[Preset, ...]:
    return STANDARDS + club_templates()


def preset_named(key: str) -> Preset | None:
    return next((preset for preset in all_presets() if preset.key == key), None)


def preset_label(preset: Preset) -> str:
    """The preset's name in the page's language (Japanese unless the page is English)."""
    return preset.name(japanese=not (get_language() or "ja").startswith("en"))


def initial_from_preset(preset: Preset, today=None) -> dict:
    """The rule-version form's starting values from ``preset``, its note naming the rule document they came from."""
    initial = initial_from_rules(preset.rules_json(), preset.fees_json(), today)
    initial["note"] = gettext("Started from the preset %(name)s: %(source)s.") % {
        "name": preset_label(preset),
        "source": preset.source,
    }
    return initial


class PresetChoiceForm(forms.Form):
    """The preset chooser at the top of a rules form (GET): ``?preset=<key>``, ``?players=4|3``.

    Bound to the query.  ``first_by_default``: when no preset was asked for, the first of the list is
    chosen (a new rule set starts from a standard); otherwise nothing is (a new version starts from the
    version in force).
    """

    # ``players`` only narrows the list (the template carries it on); a count it does not know lists them all.
    preset = forms.ChoiceField(label=_("Start from (プリセット)"), required=False)

    def __init__(self, query, *, empty_label, first_by_default=False):
        super().__init__(query.copy())
        self.players_asked = self._players_asked()
        shown = [
            preset for preset in all_presets() if self.players_asked is None or preset.players == self.players_asked
        ]
        if first_by_default and "preset" not in self.data and shown:
            self.data["preset"] = shown[0].key
        groups = [
            (_("Public standards (公式ルール)"), [p for p in shown if p.key in BY_KEY]),
            (_("The sample clubs' rules (サンプルクラブ)"), [p for p in shown if p.key not in BY_KEY]),
        ]
        self.fields["preset"].choices = [("", empty_label)] + [
            (label, [(preset.key, preset_label(preset)) for preset in presets]) for label, presets in groups if presets
        ]

    def _players_asked(self) -> int | None:
        """The player count asked for (``?players=3``), read before validation to choose the list."""
        asked = (self.data.get("players") or "").strip()
        return int(asked) if asked in {str(count) for count in PLAYER_COUNTS} else None

    def chosen(self) -> Preset | None:
        """The preset chosen; None when none (or an unknown one, which the chooser then says) was."""
        if not self.is_valid():
            return None
        return preset_named(self.cleaned_data["preset"] or "")
