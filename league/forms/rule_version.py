"""The form for a new rule version: one field per setting, in the club's terms.

The form reads what the owner typed (full-width digits and ▲ for minus too),
builds the rules and fee JSON of docs/scoring.md, lets the engine judge them, and
puts every refusal beside the field it concerns: ``uma.2`` beside the 3rd
place's uma, ``bust.penalty`` beside the bust penalty, ``win_points.tables.1``
beside the マルA table.  A refusal of a whole list (an uma that does not add up
to 0) is shown under that list.  Labels, help and choices are in
``rule_settings``.
"""

from collections import defaultdict

from django import forms
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.points import json_points
from scoring.schema import (
    FEE_SETTINGS,
    RULE_SETTINGS,
    RULES,
    SECTIONS,
    fee_defaults,
    section_defaults,
    section_settings,
)

from ..text.rule_checks import engine_message
from .rule_fields import PointsField, PointsListField, points_list_text, points_text
from .rule_settings import (
    AREA_FIELDS,
    FEE_PATHS,
    FIELDSETS,
    FLOAT_COUNTS,
    GROUP_KINDS,
    PLACES,
    RULE_AREAS,
    RULE_PATHS,
    RULE_PATTERNS,
    WIN_TABLE_COUNTS,
    Group,
    RuleVersionFields,
    float_uma_label,
    win_table_label,
)

# The nested objects of the rules the form writes whole when they differ from their defaults (the win points
# are written by method).
SECTIONS_WRITTEN = tuple(section.key for section in SECTIONS if section.key != "win_points")
# Written into the rules even when they equal the engine's default, so the version reads as a whole.
ALWAYS_WRITTEN = {"oka_uma": ("uma", "rounding", "ties", "deposits", "box_under"), "win_points": ()}


class RuleVersionForm(RuleVersionFields):
    """A new version of ``rule_set`` (None: the first version of a new one); ``cleaned_data`` gains
    ``rules`` and ``fees`` once valid."""

    def __init__(self, *args, rule_set, **kwargs):
        super().__init__(*args, **kwargs)
        self.rule_set = rule_set
        for place, label in enumerate(PLACES):
            self.fields[f"uma_{place}"] = PointsField(label=label, signed=True)
        for count in FLOAT_COUNTS:
            self.fields[f"float_uma_{count}"] = PointsListField(label=float_uma_label(count))
        for count in WIN_TABLE_COUNTS:
            self.fields[f"win_table_{count}"] = PointsListField(label=win_table_label(count))
        self.area_errors = defaultdict(list)

    # -- reading -----------------------------------------------------------------------------------

    def clean_effective_from(self):
        day = self.cleaned_data["effective_from"]
        # A new rule set (rule_set None) has no versions yet, so no date is taken.
        if self.rule_set is not None and self.rule_set.versions.filter(effective_from=day).exists():
            raise forms.ValidationError(
                _("%(rule_set)s already has a version from %(date)s. Choose another date."),
                code="date_taken",
                params={"rule_set": self.rule_set, "date": date_format(day)},
            )
        return day

    def clean(self):
        data = super().clean()
        rules, fees = self.rules_json(data), self.fees_json(data)
        for validate, paths, settings in (
            (scoring.validate_rules, _rule_target, rules),
            (scoring.validate_fees, _fee_target, fees),
        ):
            try:
                validate(settings)
            except scoring.ScoringError as refusal:
                for error in refusal.errors:
                    self._refuse(paths(error.field), error)
        if self.area_errors:
            self.add_error(None, gettext("Some settings need correcting; see the messages beside them."))
        data["rules"], data["fees"] = rules, fees
        return data

    def rules_json(self, data):
        """The rules object: the core settings always, the others when they differ from the default."""
        players = data.get("players") or 4
        method = data.get("method") or "oka_uma"
        rules = {"players": players, "method": method}
        for key in ("start", "target", "float_line"):
            if data.get(key) is not None:
                rules[key] = data[key]
        if data.get("oka") is not None:
            rules["oka"] = json_points(data["oka"])
        if players == 3 and data.get("uma_3"):
            self.add_error("uma_3", _("Three players have no 4th place; leave this empty."))
        floats = {
            str(count): [json_points(t) for t in data[f"float_uma_{count}"]]
            for count in FLOAT_COUNTS
            if data.get(f"float_uma_{count}")
        }
        optional = {
            "uma": [json_points(data.get(f"uma_{place}") or 0) for place in range(players)],
            "uma_by_floats": floats or None,
            **{key: data.get(key) or RULES[key].default for key in ("rounding", "ties", "deposits")},
            "box_under": bool(data.get("box_under")),
            **{section: _section_json(data, section) for section in SECTIONS_WRITTEN},
        }
        defaults = {
            "uma": [0] * players,
            "uma_by_floats": None,
            **{key: RULES[key].default for key in ("rounding", "ties", "deposits", "box_under")},
            **{section: section_defaults(section) for section in SECTIONS_WRITTEN},
        }
        for key, value in optional.items():
            if key in ALWAYS_WRITTEN.get(method, ()) or value != defaults[key]:
                rules[key] = value
        tables = {
            str(count): [json_points(t) for t in data[f"win_table_{count}"]]
            for count in WIN_TABLE_COUNTS
            if data.get(f"win_table_{count}")
        }
        if method == "win_points" or tables or data.get("win_yakuman"):
            # With oka and uma the engine refuses win points, and says so beside them.
            rules["win_points"] = {"tables": tables, "yakuman": _points(data, "win_yakuman")}
        return rules

    def fees_json(self, data):
        """The fee settings that differ from the engine's defaults."""
        defaults, values = fee_defaults(), {}
        for setting in FEE_SETTINGS:
            if setting.field:
                value = data.get(setting.field)
                values[setting.key] = bool(value) if setting.kind == "flag" else value or defaults[setting.key]
        return {key: value for key, value in values.items() if value != defaults[key]}

    def _refuse(self, targets, error):
        """Show an engine refusal beside the first of ``targets`` the form has (a field, or a list or section).

        A refusal that follows from a typing error already shown there is left out.
        """
        message = engine_message(error)
        for target in targets:
            if target in self.fields:
                if not self.has_error(target):
                    self.add_error(target, message)
                return
            if target in AREA_FIELDS:
                if not any(self.has_error(name) for name in AREA_FIELDS[target]):
                    self.area_errors[target].append(message)
                return
        self.add_error(None, f"{error.field}: {message}" if error.field else message)

    # -- showing -----------------------------------------------------------------------------------

    def fieldsets(self):
        """The settings grouped as the template shows them, with each group's errors."""
        shown = []
        for key, legend, help_text, rows in FIELDSETS:
            bound = []
            for row in rows:
                if isinstance(row, Group):
                    fields = [self[name] for name in AREA_FIELDS[row.key]]
                    errors = self.area_errors.get(row.key, [])
                    bound.append(
                        {
                            "group": row,
                            "fields": fields,
                            "errors": errors,
                            "open": bool(errors) or any(f.errors or f.value() for f in fields),
                        }
                    )
                else:
                    bound.append({"field": self[row]})
            shown.append(
                {
                    "key": key,
                    "legend": legend,
                    "help": help_text,
                    "rows": bound,
                    "errors": self.area_errors.get(key, []),
                }
            )
        return shown


def _points(data, name):
    return json_points(data.get(name) or 0)


def _section_json(data, section):
    """A nested object of the rules (``bust``) from its fields: flags ticked or not, amounts 0 when empty."""
    return {
        setting.key.partition(".")[2]: bool(data.get(setting.field))
        if setting.kind == "flag"
        else _points(data, setting.field)
        for setting in section_settings(section)
    }


def _candidates(path, exact, patterns, areas):
    """Where a refusal of ``path`` is shown: its own field when there is one, else its list or section."""
    found = []
    if path in exact:
        found.append(exact[path])
    for pattern, template in patterns:
        match = pattern.match(path)
        if match:
            found.append(template.format(match[1]))
    for prefix in sorted(areas, key=len, reverse=True):
        if path == prefix or path.startswith(prefix + "."):
            found.append(areas[prefix])
    return found


def _rule_target(path):
    return _candidates(path, RULE_PATHS, RULE_PATTERNS, RULE_AREAS)


def _fee_target(path):
    return _candidates(path, FEE_PATHS, (), {})


def initial_from_version(version, today=None):
    """The form's starting values: the settings of ``version`` (the one in force), from today.

    A rule set's first version starts from the engine's starting rules and default fees.
    """
    if version is None:
        return initial_from_rules(scoring.STARTING_RULES, {}, today)
    return initial_from_rules(version.rules, version.fees, today)


def initial_from_rules(written, written_fees, today=None):
    """The form's starting values for the rules and fees JSON ``written`` (a version's, or a preset's)."""
    initial = {"effective_from": today or timezone.localdate()}
    settings, fees = scoring.validate_rules(written), scoring.validate_fees(written_fees)
    for setting in RULE_SETTINGS:
        if setting.kind in ("score", "points") and setting.computed:
            # Left empty when the version leaves it to be worked out, so the form says so.
            raw = written.get(setting.key)
            initial[setting.field] = points_text(raw) if setting.kind == "points" else ("" if raw is None else raw)
        elif setting.kind not in GROUP_KINDS and (setting.section != "win_points" or settings["win_points"]):
            initial[setting.field] = _initial(setting, _value(settings, setting.key))
    for setting in FEE_SETTINGS:
        if setting.field:
            initial[setting.field] = _initial(setting, fees[setting.key])
    if any(settings["uma"]):
        initial.update({f"uma_{place}": points_text(uma) for place, uma in enumerate(settings["uma"])})
    for count, uma in (settings["uma_by_floats"] or {}).items():
        initial[f"float_uma_{count}"] = points_list_text(uma)
    if settings["win_points"]:
        for count, table in settings["win_points"]["tables"].items():
            initial[f"win_table_{count}"] = points_list_text(table)
    return initial


def _value(settings, key):
    """The value at a dotted ``key`` of the normalised rules (``bust.penalty``)."""
    section, _dot, name = key.partition(".")
    return settings[section][name] if name else settings[section]


def _initial(setting, value):
    """A setting's value as its box shows it: amounts and yen empty when 0, lists and shares as typed."""
    if setting.kind == "amount":
        return _shown(value)
    if setting.kind == "yen":
        return value or ""
    if setting.kind == "yen_list":
        return " ".join(str(yen) for yen in value or [])
    if setting.kind == "share":
        return "{}/{}".format(*value)
    return value


def _shown(value):
    return points_text(value) if value else ""
