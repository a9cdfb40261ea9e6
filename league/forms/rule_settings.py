"""Every rule setting as the new-version form shows it: label, help and choices in the club's terms.

Also where each of the engine's dotted paths (``uma.2``, ``bust.penalty``,
``win_points.tables.1``, ``per_game``) is shown on the form, and the labels of
a version's notes on the rules page.
"""

import re
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from ..rules_text import ROUNDING_TEXT, TIES_TEXT
from .rule_fields import PointsField, ScoreSettingField, ShareField, YenField, YenListField

PLACES = (_("1st (1位)"), _("2nd (2位)"), _("3rd (3位)"), _("4th (4位)"))
FLOAT_COUNTS = (0, 1, 2, 3, 4)
WIN_TABLE_COUNTS = (1, 2, 3)
WIN_TABLE_NAMES = {1: _("One floating (マルA)"), 2: _("Two floating (マルB)"), 3: _("Three floating (マルC)")}


def float_uma_label(count):
    return _("%(count)s floating") % {"count": count}


def win_table_label(count):
    return WIN_TABLE_NAMES[count]


def _check(label, help_text, initial=False):
    return forms.BooleanField(label=label, help_text=help_text, required=False, initial=initial)


class RuleVersionFields(forms.Form):
    """The fields that are the same for every form; the per-place ones are added by the form."""

    effective_from = forms.DateField(
        label=_("In force from (適用開始日)"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Games played on or after this date are settled by this version, until a later one starts."),
    )
    note = forms.CharField(
        label=_("Note (備考)"),
        required=False,
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why this version: the rule-book line or the meeting that decided it. Shown with the rules."),
    )
    players = forms.TypedChoiceField(
        label=_("Players (人数)"),
        coerce=int,
        initial=4,
        choices=[(4, _("4 players (四人打ち)")), (3, _("3 players (三人打ち)"))],
    )
    method = forms.ChoiceField(
        label=_("Scoring (精算方式)"),
        initial="oka_uma",
        choices=[("oka_uma", _("Oka and uma (オカ・ウマ)")), ("win_points", _("Win points (ブー麻雀)"))],
        help_text=_("Win points: each game gives points by place from a table chosen by how many players float."),
    )
    start = ScoreSettingField(
        label=_("Starting score (配給原点)"),
        required=True,
        help_text=_("Each player's points at the start, e.g. 25000. A game's final scores add up to players × this."),
    )
    target = ScoreSettingField(
        label=_("Target score (返し)"),
        help_text=_(
            "Usually 30000. Base points are (final score − target) ÷ 1,000. Leave empty to use the starting score."
        ),
    )
    float_line = ScoreSettingField(
        label=_("Float line (浮きの基準)"),
        help_text=_(
            "A player whose final score is at least this floats (浮き), for 浮きウマ and win points. "
            "Leave empty for the target score (the starting score with win points)."
        ),
    )
    oka = PointsField(
        label=_("Oka (オカ)"),
        help_text=_(
            "Points for the top, e.g. 20. Leave empty to have it computed: (target − start) × players ÷ 1,000."
        ),
    )
    rounding = forms.ChoiceField(
        label=_("Rounding (端数処理)"),
        choices=list(ROUNDING_TEXT.items()),
        initial="none",
        help_text=_(
            "How the hundreds of every player but the top are rounded to 1,000 before the target is "
            "subtracted. The top takes the balance, so a game still adds up to 0."
        ),
    )
    ties = forms.ChoiceField(
        label=_("Ties (同点)"),
        choices=list(TIES_TEXT.items()),
        initial="seat",
        help_text=_("Players with the same final score."),
    )
    deposits = forms.ChoiceField(
        label=_("Leftover deposits (供託)"),
        initial="top",
        choices=[("top", _("go to the top (トップ取り)")), ("lost", _("are taken out of the game"))],
        help_text=_("Riichi sticks and penalty sticks still on the table when the game ends."),
    )
    box_under = _check(
        _("Count scores below 0 (箱下精算)"), _("Untick to count a negative final score as 0."), initial=True
    )
    bust_penalty = PointsField(
        label=_("Bust penalty (飛び賞・飛んだ人)"),
        help_text=_("Points a busted player pays, e.g. 10. Leave empty for none."),
    )
    bust_bonus = PointsField(
        label=_("Bust bonus (飛び賞・飛ばした人)"),
        help_text=_("Points the player who busted someone receives, for each player busted."),
    )
    bust_at_zero = _check(_("Exactly 0 busts (0点で飛び)"), _("Unticked, a player on exactly 0 plays on (0点は続行)."))
    chip_value = PointsField(
        label=_("Chip value (チップ1枚)"), help_text=_("Points per chip, e.g. 5. Leave empty for no chips.")
    )
    chips_in_total = _check(
        _("Chips count in the total (成績に加算)"), _("Untick to keep chip points apart from the total."), initial=True
    )
    shugi_ron = PointsField(
        label=_("Yakuman by ron (役満祝儀・ロン)"), help_text=_("Points the player who dealt in pays.")
    )
    shugi_tsumo_each = PointsField(
        label=_("Yakuman by tsumo, from each (役満祝儀・ツモ)"), help_text=_("Points each other player pays.")
    )
    shugi_counted_ron = PointsField(label=_("Counted yakuman by ron (数え役満・ロン)"))
    shugi_counted_tsumo_each = PointsField(label=_("Counted yakuman by tsumo, from each (数え役満・ツモ)"))
    shugi_multiply = _check(_("A double yakuman pays twice (ダブル役満は倍)"), "")
    chombo_penalty = PointsField(
        label=_("Chombo penalty (チョンボ)"),
        help_text=_(
            "Points charged per chombo after the game, besides what was paid at the table. Leave empty for none."
        ),
    )
    chombo_to_others = _check(
        _("Paid to the other players (他家に支払い)"),
        _("Ticked, the other players share the penalty; unticked, it leaves the game."),
    )
    win_yakuman = PointsField(
        label=_("Yakuman ends the game (ダブルマルA)"),
        help_text=_("Win points the winner receives when a yakuman ends the game; the others pay equal shares."),
    )
    fee_per_game = YenField(
        label=_("Fee per game (ゲーム代)"),
        help_text=_("Yen each player pays for each hanchan played. Leave empty for none."),
    )
    fee_by_place = YenListField(
        label=_("Fee by place (順位別ゲーム代)"),
        help_text=_("Optional: yen for each place instead, e.g. 0 200 400 600."),
    )
    fee_venue = YenField(
        label=_("Venue fee (場代)"), help_text=_("The usual venue fee in yen; each meeting can enter its own.")
    )
    fee_surplus_to = forms.ChoiceField(
        label=_("Surplus (余剰金)"),
        initial="none",
        choices=[("none", _("stays with the club")), ("day_top", _("goes to the day's top (開催日のトップ)"))],
        help_text=_("What is left of the fees after the venue fee."),
    )
    fee_min_share = ShareField(
        label=_("Games needed for the surplus (参加条件)"),
        help_text=_("The share of the day's games a player must have played to receive it, e.g. 1/3 (rounded up)."),
    )
    fee_require_present = _check(
        _("Must be present at the close (精算に立ち会う)"),
        _("Unticked, a player who left early can still receive the surplus."),
        initial=True,
    )
    fee_shortfall = forms.ChoiceField(
        label=_("Shortfall (不足金)"),
        initial="recipient",
        choices=[
            ("recipient", _("paid by the day's top")),
            ("split", _("split among the players")),
            ("club", _("covered by the club")),
        ],
        help_text=_("When the fees do not cover the venue fee."),
    )


@dataclass(frozen=True)
class Group:
    """Several boxes that make one setting (the uma by place), shown together with the list's errors."""

    key: str
    legend: object
    help: object = ""
    advanced: bool = False


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
            Group(
                "uma",
                _("Uma by place (順位ウマ)"),
                _("Points for each place, e.g. 20 10 ▲10 ▲20; they add up to 0. Three players leave 4th empty."),
            ),
            Group(
                "float_uma",
                _("Uma by floating players (浮きウマ)"),
                _(
                    "Optional: a different uma for each number of players at or above the float line, "
                    "e.g. 30 10 ▲10 ▲30. Fill in every count from 0 to the number of players, "
                    "or leave all empty to use the uma above."
                ),
                advanced=True,
            ),
        ),
    ),
    (
        "settling",
        _("Rounding, ties and deposits (端数処理・同点・供託)"),
        "",
        ("rounding", "ties", "deposits", "box_under"),
    ),
    (
        "bust",
        _("Bust (飛び賞)"),
        _("Who busted whom is entered with each game."),
        ("bust_penalty", "bust_bonus", "bust_at_zero"),
    ),
    ("chips", _("Chips (チップ)"), "", ("chip_value", "chips_in_total")),
    (
        "shugi",
        _("Yakuman bonus (役満祝儀)"),
        _("Points paid for a yakuman, besides the hand itself."),
        ("shugi_ron", "shugi_tsumo_each", "shugi_counted_ron", "shugi_counted_tsumo_each", "shugi_multiply"),
    ),
    ("chombo", _("Chombo (チョンボ)"), "", ("chombo_penalty", "chombo_to_others")),
    (
        "win_points",
        _("Win points (ブー麻雀)"),
        _("Only with the win points method; leave empty otherwise."),
        (
            Group(
                "win_tables",
                _("Win points by place (勝利点)"),
                _(
                    "For each number of floating players, e.g. 9 ▲3 ▲3 ▲3; each table adds up to 0. "
                    "Three players fill in one and two floating."
                ),
            ),
            "win_yakuman",
        ),
    ),
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
RULE_PATHS = {
    **{
        key: key
        for key in (
            "players",
            "method",
            "start",
            "target",
            "oka",
            "float_line",
            "rounding",
            "ties",
            "deposits",
            "box_under",
        )
    },
    "bust.penalty": "bust_penalty",
    "bust.bonus": "bust_bonus",
    "bust.at_zero": "bust_at_zero",
    "chips.value": "chip_value",
    "chips.in_total": "chips_in_total",
    **{
        f"yakuman_shugi.{key}": f"shugi_{key}"
        for key in ("ron", "tsumo_each", "counted_ron", "counted_tsumo_each", "multiply")
    },
    "chombo.penalty": "chombo_penalty",
    "chombo.to_others": "chombo_to_others",
    "win_points.yakuman": "win_yakuman",
}
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
FEE_PATHS = {
    key: f"fee_{key}"
    for key in ("per_game", "by_place", "venue", "surplus_to", "min_share", "require_present", "shortfall")
}

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
    "uma": _("Uma (ウマ)"),
    "uma_by_floats": _("Uma by floating players (浮きウマ)"),
    "bust": _("Bust (飛び賞)"),
    "chips": _("Chips (チップ)"),
    "yakuman_shugi": _("Yakuman bonus (役満祝儀)"),
    "chombo": _("Chombo (チョンボ)"),
    "win_points": _("Win points (ブー麻雀)"),
    **{f"fees.{key}": RuleVersionFields.base_fields[field].label for key, field in FEE_PATHS.items()},
}


def note_rows(notes):
    """A version's notes as (label, text), in the order of the settings, unknown keys last by name."""
    order = list(NOTE_LABELS)
    keys = sorted(notes, key=lambda key: (order.index(key) if key in order else len(order), key))
    return [(NOTE_LABELS.get(key, key), notes[key]) for key in keys]
