"""Every rule setting as the new-version form shows it: label, help and choices in the club's terms.

Also where each of the engine's dotted paths (``uma.2``, ``bust.penalty``,
``win_points.tables.1``, ``per_game``) is shown on the form, and the labels of
a version's notes on the rules page.
"""

import re
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.schema import FEE_SETTINGS, RULE_SETTINGS, RULES, SECTION_NAMES

from .rule_fields import PointsField, ScoreSettingField, ShareField, YenField, YenListField

PLACES = (_("1st (1位)"), _("2nd (2位)"), _("3rd (3位)"), _("4th (4位)"))
FLOAT_COUNTS = (0, 1, 2, 3, 4)
WIN_TABLE_COUNTS = (1, 2, 3)
WIN_TABLE_NAMES = {1: _("One floating (マルA)"), 2: _("Two floating (マルB)"), 3: _("Three floating (マルC)")}


def float_uma_label(count):
    return _("%(count)s floating") % {"count": count}


def win_table_label(count):
    return WIN_TABLE_NAMES[count]


# The field each kind of setting is typed into (the lists by place are several boxes, added by the form).
FIELD_TYPES = {"score": ScoreSettingField, "points": PointsField, "amount": PointsField, "yen": YenField}
FIELD_TYPES.update({"yen_list": YenListField, "share": ShareField})
GROUP_KINDS = ("uma", "uma_table", "win_tables")


def setting_field(setting):
    """The form field of one setting of the schema: its label, help, choices and starting value."""
    label, help_text = _(setting.label), _(setting.help) if setting.help else ""
    choices = [(choice.value, _(choice.words)) for choice in setting.choices]
    if setting.kind == "players":
        return forms.TypedChoiceField(
            label=label, coerce=int, initial=scoring.STARTING_RULES["players"], choices=choices
        )
    if setting.kind == "choice":
        return forms.ChoiceField(label=label, choices=choices, initial=setting.default, help_text=help_text)
    if setting.kind == "flag":
        return forms.BooleanField(label=label, help_text=help_text, required=False, initial=setting.default)
    return FIELD_TYPES[setting.kind](label=label, help_text=help_text, required=setting.required)


def _setting_fields():
    settings = (*RULE_SETTINGS, *FEE_SETTINGS)
    return {
        setting.field: setting_field(setting)
        for setting in settings
        if setting.field and setting.kind not in GROUP_KINDS
    }


# The fields that are the same for every form (the version's own two, then one per setting of the schema); the
# per-place ones are added by the form.
RuleVersionFields = type(forms.Form)(
    "RuleVersionFields",
    (forms.Form,),
    {
        "__module__": __name__,
        "effective_from": forms.DateField(
            label=_("In force from (適用開始日)"),
            widget=forms.DateInput(attrs={"type": "date"}),
            help_text=_("Games played on or after this date are settled by this version, until a later one starts."),
        ),
        "note": forms.CharField(
            label=_("Note (備考)"),
            required=False,
            max_length=500,
            widget=forms.Textarea(attrs={"rows": 2}),
            help_text=_("Why this version: the rule-book line or the meeting that decided it. Shown with the rules."),
        ),
        **_setting_fields(),
    },
)


@dataclass(frozen=True)
class Group:
    """Several boxes that make one setting (the uma by place), shown together with the list's errors."""

    key: str
    legend: object
    help: object = ""
    advanced: bool = False


def _group(setting, advanced=False):
    return Group(setting.field, _(setting.label), _(setting.help), advanced)


def _section(key, section):
    """A nested object of the rules as one fieldset: its schema's words and settings (the win tables a group)."""
    named = SECTION_NAMES[section]
    rows = tuple(
        _group(setting) if setting.kind in GROUP_KINDS else setting.field
        for setting in RULE_SETTINGS
        if setting.section == section
    )
    return (key, _(named.label), _(named.help) if named.help else "", rows)


UMA_FIELDS = tuple(f"uma_{place}" for place in range(4))
FLOAT_FIELDS = tuple(f"float_uma_{count}" for count in FLOAT_COUNTS)
WIN_TABLE_FIELDS = tuple(f"win_table_{count}" for count in WIN_TABLE_COUNTS)

FIELDSETS = (
    ("version", _("This version (適用開始日)"), "", ("effective_from", "note")),
    ("game", _("The game (基本)"), "", ("players", "method", "start", "target", "float_line")),
    (
        "oka_uma",
        _("Oka and uma (オカ・ウマ)"),
        "",
        (
            "oka",
            _group(RULES["uma"]),
            _group(RULES["uma_by_floats"], advanced=True),
        ),
    ),
    (
        "settling",
        _("Rounding, ties and deposits (端数処理・同点・供託)"),
        "",
        ("rounding", "ties", "deposits", "box_under"),
    ),
    _section("bust", "bust"),
    _section("chips", "chips"),
    _section("shugi", "yakuman_shugi"),
    _section("chombo", "chombo"),
    _section("win_points", "win_points"),
    (
        "fees",
        _("Meeting money (場代・ゲーム代)"),
        _(
            "How a meeting's money is settled (開催日の精算). The venue fee and the games held are entered with "
            "each meeting."
        ),
        (
            "fee_per_game",
            "fee_by_place",
            "fee_venue",
            "fee_surplus_to",
            "fee_min_share",
            "fee_require_present",
            "fee_shortfall",
        ),
    ),
)

# The fields of each list and section, for showing a refusal of the whole beside them.
AREA_FIELDS = {
    "uma": UMA_FIELDS,
    "float_uma": FLOAT_FIELDS,
    "win_tables": WIN_TABLE_FIELDS,
    **{key: tuple(r for r in rows if isinstance(r, str)) for key, _legend, _help, rows in FIELDSETS},
}
AREA_FIELDS["oka_uma"] = ("oka", *UMA_FIELDS, *FLOAT_FIELDS)
AREA_FIELDS["win_points"] = (*WIN_TABLE_FIELDS, "win_yakuman")

# The engine's dotted paths and where the form shows them.
RULE_PATHS = {setting.key: setting.field for setting in RULE_SETTINGS if setting.kind not in GROUP_KINDS}
RULE_PATTERNS = (
    (re.compile(r"^uma\.(\d+)"), "uma_{}"),
    (re.compile(r"^uma_by_floats\.(\d+)"), "float_uma_{}"),
    (re.compile(r"^win_points\.tables\.(\d+)"), "win_table_{}"),
)
RULE_AREAS = {
    "uma": "uma",
    "uma_by_floats": "float_uma",
    "win_points": "win_points",
    "win_points.tables": "win_tables",
    "bust": "bust",
    "chips": "chips",
    "yakuman_shugi": "shugi",
    "chombo": "chombo",
}
FEE_PATHS = {setting.key: setting.field for setting in FEE_SETTINGS if setting.field}

# A version's notes are keyed by setting (``uma``, ``fees.per_game``, ``effective_from``).
NOTE_LABELS = {
    "effective_from": RuleVersionFields.base_fields["effective_from"].label,
    **{
        key: RuleVersionFields.base_fields[key].label
        for key in (
            "players",
            "method",
            "start",
            "target",
            "float_line",
            "oka",
            "rounding",
            "ties",
            "deposits",
            "box_under",
        )
    },
    "uma": _("Uma (ウマ)"),  # a note on the uma as a whole, by place or by floating players
    "uma_by_floats": _(RULES["uma_by_floats"].label),
    **{key: _(section.label) for key, section in SECTION_NAMES.items()},
    **{f"fees.{key}": RuleVersionFields.base_fields[field].label for key, field in FEE_PATHS.items()},
}


def note_rows(notes):
    """A version's notes as (label, text), in the order of the settings, unknown keys last by name."""
    order = list(NOTE_LABELS)
    keys = sorted(notes, key=lambda key: (order.index(key) if key in order else len(order), key))
    return [(NOTE_LABELS.get(key, key), notes[key]) for key in keys]
