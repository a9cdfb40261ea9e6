"""Every rule setting described once: its key, type, default, range and words.

A rule version is two JSON objects, the rules (``validate_rules``) and the meeting's money (``validate_fees``).
Each of their settings is one ``Setting`` here, and everything that needs to know a setting reads it:

- the engine takes its defaults, allowed choices and ranges from here (``scoring.rules``, ``scoring.meeting``);
- the site's rule-version form builds each field from it (label, help, choices, starting value) and writes
  the JSON back with these defaults;
- the rules text names a choice with its words;
- docs/scoring.md's tables of settings are written from it (``python -m tests.scoring.settings_table``), and
  a test fails when the page and this list part.

Words are English with the club's Japanese term, marked with ``_`` so the site's message catalogue, which
holds the Japanese, picks them up; the engine itself never shows them.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import _

# The kinds of value a setting holds, and how each is written in the JSON.
KINDS = {
    "players": "3 or 4",
    "choice": "one of the words listed",
    "score": "int, a multiple of 100 (点棒)",
    "points": "P, at most one decimal",
    "amount": "P, 0 or more",
    "flag": "true or false",
    "uma": "list of P, one per place",
    "uma_table": "object of uma lists by number of floating players",
    "win_tables": "object of win point lists by number of floating players",
    "yen": "int yen, 0 or more",
    "yen_list": "list of int yen, one per place",
    "count": "int, 0 or more",
    "share": "[numerator, denominator]",
}

MOST_TENBO = 1_000_000  # for start, target and the float line
MOST_POINTS = 10_000  # per setting; far beyond any club's uma, oka or bonus (a longer number is a typo)
MOST_YEN = 10_000_000  # far beyond a day's fees; a longer number is a typo


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice: its words on the form, and on the rules sheet when those are shorter."""

    value: Any
    words: str
    sheet_words: str = ""

    @property
    def text(self) -> str:
        return self.sheet_words or self.words


@dataclass(frozen=True)
class Setting:
    """One setting of the rules or fees JSON.

    ``key`` is its dotted path in the JSON (``bust.penalty``), ``field`` the rule-version form's field that
    shows it ("" for none), ``default`` its JSON value when left out (None with ``computed`` words: worked out
    from other settings), ``least`` and ``most`` its range in its own units, ``meaning`` the contract's words.
    """

    key: str
    field: str
    kind: str
    default: Any
    label: str
    help: str = ""
    meaning: str = ""
    choices: tuple[Choice, ...] = ()
    least: int | None = None
    most: int | None = None
    required: bool = False
    computed: str = ""

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(choice.value for choice in self.choices)

    @property
    def section(self) -> str:
        return self.key.partition(".")[0] if "." in self.key else ""


@dataclass(frozen=True)
class Section:
    """A nested object of settings (``bust``, ``chips`` …), named as the rules page names it."""

    key: str
    label: str
    help: str = ""


RULE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "players",
        "players",
        "players",
        None,
        _("Players (人数)"),
        required=True,
        meaning="players at the table",
        choices=(Choice(4, _("4 players (四人打ち)")), Choice(3, _("3 players (三人打ち)"))),
    ),
    Setting(
        "method",
        "method",
        "choice",
        "oka_uma",
        _("Scoring (精算方式)"),
        _("Win points: each game gives points by place from a table chosen by how many players float."),
        meaning="`oka_uma`, or `win_points` (ブー麻雀, below)",
        choices=(Choice("oka_uma", _("Oka and uma (オカ・ウマ)")), Choice("win_points", _("Win points (ブー麻雀)"))),
    ),
    Setting(
        "start",
        "start",
        "score",
        None,
        _("Starting score (配給原点)"),
        _("Each player's points at the start, e.g. 25000. A game's final scores add up to players × this."),
        meaning="配給原点, e.g. 25000; scores must sum to `players × start`",
        required=True,
        least=100,
        most=MOST_TENBO,
    ),
    Setting(
        "target",
        "target",
        "score",
        None,
        _("Target score (返し)"),
        _("Usually 30000. Base points are (final score − target) ÷ 1,000. Leave empty to use the starting score."),
        meaning="返し / 原点, e.g. 30000; base points are `(score − target) / 1000`",
        computed="`start`",
        least=100,
        most=MOST_TENBO,
    ),
    Setting(
        "float_line",
        "float_line",
        "score",
        None,
        _("Float line (浮きの基準)"),
        _(
            "A player whose final score is at least this floats (浮き), for 浮きウマ and win points. "
            "Leave empty for the target score (the starting score with win points)."
        ),
        meaning='the score at or above which a player "floats"; 0 is allowed',
        computed="`target` (`start` with `win_points`)",
        least=0,
        most=MOST_TENBO,
    ),
    Setting(
        "oka",
        "oka",
        "points",
        None,
        _("Oka (オカ)"),
        _("Points for the top, e.g. 20. Leave empty to have it computed: (target − start) × players ÷ 1,000."),
        meaning="bonus to first place; null means computed",
        computed="`(target − start) × players / 1000`",
        least=-MOST_POINTS,
        most=MOST_POINTS,
    ),
    Setting(
        "uma",
        "uma",
        "uma",
        None,
        _("Uma by place (順位ウマ)"),
        _("Points for each place, e.g. 20 10 ▲10 ▲20; they add up to 0. Three players leave 4th empty."),
        meaning="uma by place, length `players`, sums to 0, e.g. `[20, 10, -10, -20]` or 3-player `[30, 0, -30]`",
        computed="all 0",
        least=-MOST_POINTS,
        most=MOST_POINTS,
    ),
    Setting(
        "uma_by_floats",
        "float_uma",
        "uma_table",
        None,
        _("Uma by floating players (浮きウマ)"),
        _(
            "Optional: a different uma for each number of players at or above the float line, "
            "e.g. 30 10 ▲10 ▲30. Fill in every count from 0 to the number of players, "
            "or leave all empty to use the uma above."
        ),
        meaning=(
            '浮きウマ / 沈みウマ: keys `"0"`..`"n"` (all of them), each an uma list summing to 0; the key is '
            "the number of players whose final score is at least `float_line`. Replaces `uma` when set"
        ),
        least=-MOST_POINTS,
        most=MOST_POINTS,
    ),
    Setting(
        "rounding",
        "rounding",
        "choice",
        "none",
        _("Rounding (端数処理)"),
        _(
            "How the hundreds of every player but the top are rounded to 1,000 before the target is "
            "subtracted. The top takes the balance, so a game still adds up to 0."
        ),
        meaning="how the hundreds of each non-top player's score are rounded to 1,000 before the target is subtracted",
        choices=(
            Choice("none", _("none (to 100 points, 0.1 P)")),
            Choice("half_up", _("round half up (四捨五入)")),
            Choice("five_down_six_up", _("five down, six up (五捨六入)")),
            Choice("down", _("round down (切り捨て)")),
            Choice("up", _("round up (切り上げ)")),
            Choice("toward_target", _("plus players down, minus players up (プラス切り捨て・マイナス切り上げ)")),
        ),
    ),
    Setting(
        "ties",
        "ties",
        "choice",
        "seat",
        _("Ties (同点)"),
        _("Players with the same final score."),
        meaning="`seat`: the seat nearer the starting dealer ranks higher; `split`: tied players share oka and uma",
        choices=(
            Choice("seat", _("seat order from the starting dealer wins (起家優先)")),
            Choice("split", _("same place; oka and uma shared equally (同点同順位)")),
        ),
    ),
    Setting(
        "deposits",
        "deposits",
        "choice",
        "top",
        _("Leftover deposits (供託)"),
        _("Riichi sticks and penalty sticks still on the table when the game ends."),
        meaning=(
            "供託 left at the end (riichi sticks, 1,000-point penalties): `top` adds them to first place, "
            "`lost` drops them"
        ),
        choices=(
            Choice("top", _("go to the top (トップ取り)"), _("go to the top")),
            Choice("lost", _("are taken out of the game")),
        ),
    ),
    Setting(
        "box_under",
        "box_under",
        "flag",
        True,
        _("Count scores below 0 (箱下精算)"),
        _("Untick to count a negative final score as 0."),
        meaning="箱下精算: false clamps negative scores to 0 before settling",
    ),
    Setting(
        "bust.penalty",
        "bust_penalty",
        "amount",
        0,
        _("Bust penalty (飛び賞・飛んだ人)"),
        _("Points a busted player pays, e.g. 10. Leave empty for none."),
        meaning="飛び賞: P each busted player pays",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "bust.bonus",
        "bust_bonus",
        "amount",
        0,
        _("Bust bonus (飛び賞・飛ばした人)"),
        _("Points the player who busted someone receives, for each player busted."),
        meaning="P the buster receives per busted player (first place when nobody in particular busted them)",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "bust.at_zero",
        "bust_at_zero",
        "flag",
        False,
        _("Exactly 0 busts (0点で飛び)"),
        _("Unticked, a player on exactly 0 plays on (0点は続行)."),
        meaning="a score below 0 busts; at exactly 0 too when true",
    ),
    Setting(
        "chips.value",
        "chip_value",
        "amount",
        0,
        _("Chip value (チップ1枚)"),
        _("Points per chip, e.g. 5. Leave empty for no chips."),
        meaning="P per chip",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "chips.in_total",
        "chips_in_total",
        "flag",
        True,
        _("Chips count in the total (成績に加算)"),
        _("Untick to keep chip points apart from the total."),
        meaning="whether chip points count in the player's total",
    ),
    Setting(
        "yakuman_shugi.ron",
        "shugi_ron",
        "amount",
        0,
        _("Yakuman by ron (役満祝儀・ロン)"),
        _("Points the player who dealt in pays."),
        meaning="役満祝儀: P the player who dealt in pays",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "yakuman_shugi.tsumo_each",
        "shugi_tsumo_each",
        "amount",
        0,
        _("Yakuman by tsumo, from each (役満祝儀・ツモ)"),
        _("Points each other player pays."),
        meaning="P each other player pays on a tsumo",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "yakuman_shugi.counted_ron",
        "shugi_counted_ron",
        "amount",
        0,
        _("Counted yakuman by ron (数え役満・ロン)"),
        meaning="the same for a counted yakuman (数え役満) by ron",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "yakuman_shugi.counted_tsumo_each",
        "shugi_counted_tsumo_each",
        "amount",
        0,
        _("Counted yakuman by tsumo, from each (数え役満・ツモ)"),
        meaning="the same for a counted yakuman by tsumo",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "yakuman_shugi.multiply",
        "shugi_multiply",
        "flag",
        False,
        _("A double yakuman pays twice (ダブル役満は倍)"),
        meaning="a double yakuman pays twice",
    ),
    Setting(
        "chombo.penalty",
        "chombo_penalty",
        "amount",
        0,
        _("Chombo penalty (チョンボ)"),
        _("Points charged per chombo after the game, besides what was paid at the table. Leave empty for none."),
        meaning="P charged per chombo after the game",
        least=0,
        most=MOST_POINTS,
    ),
    Setting(
        "chombo.to_others",
        "chombo_to_others",
        "flag",
        False,
        _("Paid to the other players (他家に支払い)"),
        _("Ticked, the other players share the penalty; unticked, it leaves the game."),
        meaning="whether the other players share the penalty",
    ),
    Setting(
        "win_points.tables",
        "win_tables",
        "win_tables",
        None,
        _("Win points by place (勝利点)"),
        _(
            "For each number of floating players, e.g. 9 ▲3 ▲3 ▲3; each table adds up to 0. "
            "Three players fill in one and two floating."
        ),
        meaning='`method: "win_points"` only: keys `"1"`..`"n−1"`, each a list by place summing to 0 (below)',
        least=-MOST_POINTS,
        most=MOST_POINTS,
    ),
    Setting(
        "win_points.yakuman",
        "win_yakuman",
        "amount",
        0,
        _("Yakuman ends the game (ダブルマルA)"),
        _("Win points the winner receives when a yakuman ends the game; the others pay equal shares."),
        meaning='`method: "win_points"` only: the winner\'s win points when a yakuman ends the game',
        least=0,
        most=MOST_POINTS,
    ),
)

# The nested objects, named as the form's groups and the rules page's notes name them.
SECTIONS: tuple[Section, ...] = (
    Section("bust", _("Bust (飛び賞)"), _("Who busted whom is entered with each game.")),
    Section("chips", _("Chips (チップ)")),
    Section("yakuman_shugi", _("Yakuman bonus (役満祝儀)"), _("Points paid for a yakuman, besides the hand itself.")),
    Section("chombo", _("Chombo (チョンボ)")),
    Section("win_points", _("Win points (ブー麻雀)"), _("Only with the win points method; leave empty otherwise.")),
)

FEE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "per_game",
        "fee_per_game",
        "yen",
        0,
        _("Fee per game (ゲーム代)"),
        _("Yen each player pays for each hanchan played. Leave empty for none."),
        meaning="yen each player pays per game played",
        least=0,
        most=MOST_YEN,
    ),
    Setting(
        "by_place",
        "fee_by_place",
        "yen_list",
        None,
        _("Fee by place (順位別ゲーム代)"),
        _("Optional: yen for each place instead, e.g. 0 200 400 600."),
        meaning="null, or the fee for each place finished instead (a 3-player day may list 3)",
        least=0,
        most=MOST_YEN,
    ),
    Setting(
        "venue",
        "fee_venue",
        "yen",
        0,
        _("Venue fee (場代)"),
        _("The usual venue fee in yen; each meeting can enter its own."),
        meaning="the venue fee (each meeting stores its own)",
        least=0,
        most=MOST_YEN,
    ),
    Setting(
        "rounds",
        "",
        "count",
        0,
        "",
        meaning="hanchan held that day (each meeting stores it; not a rule-version setting)",
        least=0,
    ),
    Setting(
        "surplus_to",
        "fee_surplus_to",
        "choice",
        "none",
        _("Surplus (余剰金)"),
        _("What is left of the fees after the venue fee."),
        meaning="who receives what is left after the venue fee: `none` (the club) or `day_top`",
        choices=(
            Choice("none", _("stays with the club")),
            Choice("day_top", _("goes to the day's top (開催日のトップ)")),
        ),
    ),
    Setting(
        "min_share",
        "fee_min_share",
        "share",
        [1, 3],
        _("Games needed for the surplus (参加条件)"),
        _("The share of the day's games a player must have played to receive it, e.g. 1/3 (rounded up)."),
        meaning="the share of the day's games a player must have played to receive the surplus, rounded up",
    ),
    Setting(
        "require_present",
        "fee_require_present",
        "flag",
        True,
        _("Must be present at the close (精算に立ち会う)"),
        _("Unticked, a player who left early can still receive the surplus."),
        meaning="whether the surplus's receiver must be present at the close",
    ),
    Setting(
        "shortfall",
        "fee_shortfall",
        "choice",
        "recipient",
        _("Shortfall (不足金)"),
        _("When the fees do not cover the venue fee."),
        meaning="who pays when the fees do not cover the venue fee",
        choices=(
            Choice("recipient", _("paid by the day's top")),
            Choice("split", _("split among the players")),
            Choice("club", _("covered by the club")),
        ),
    ),
)

RULES = {setting.key: setting for setting in RULE_SETTINGS}
FEES = {setting.key: setting for setting in FEE_SETTINGS}
SECTION_NAMES = {section.key: section for section in SECTIONS}
# The rules object's own keys, a nested object's once: what ``validate_rules`` accepts.
TOP_KEYS: tuple[str, ...] = tuple(dict.fromkeys(setting.key.partition(".")[0] for setting in RULE_SETTINGS))


def section_settings(section: str) -> tuple[Setting, ...]:
    """The settings of one nested object of the rules (``bust``: penalty, bonus, at_zero), in order."""
    return tuple(setting for setting in RULE_SETTINGS if setting.section == section)


def section_defaults(section: str) -> Mapping[str, Any]:
    """A nested object's defaults by its own keys: ``{"penalty": 0, "bonus": 0, "at_zero": False}`` for bust."""
    return {setting.key.partition(".")[2]: setting.default for setting in section_settings(section)}


def fee_defaults() -> dict[str, Any]:
    """The fee settings' defaults by key (a fresh dict: ``min_share`` is a list)."""
    return {
        setting.key: list(setting.default) if isinstance(setting.default, list) else setting.default
        for setting in FEE_SETTINGS
    }
