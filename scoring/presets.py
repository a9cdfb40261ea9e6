"""The public standards as rule presets (公式ルールのプリセット): rules JSON a club can start from.

Each preset is the settling part of one organisation's published rules, as
docs/scoring.md's JSON, with where it comes from.  Settings a source does not
state were chosen by the project; docs/presets.md says which, setting by
setting, with each preset's worked examples.  Pure Python, like the engine.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Preset:
    """One standard's rules (or a club's, as a template): what a new rule set or version starts from."""

    key: str  # stable: pages ask for it by ``?preset=<key>``
    name_ja: str
    name_en: str
    players: int
    rules: MappingProxyType[str, Any]  # docs/scoring.md's rules object, valid for ``scoring.validate_rules``
    source: str  # the organisation's rule document by name
    url: str = ""  # where that document is published, when known
    fees: MappingProxyType[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def name(self, japanese: bool = True) -> str:
        return self.name_ja if japanese else self.name_en

    def rules_json(self) -> dict[str, Any]:
        """A fresh, mutable copy of the rules, for a form or the engine."""
        return _thaw_object(self.rules)

    def fees_json(self) -> dict[str, Any]:
        return _thaw_object(self.fees)


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({key: _freeze(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(item) for item in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, MappingProxyType | dict):
        return _thaw_object(value)
    if isinstance(value, tuple | list):
        return [_thaw(item) for item in value]
    return value


def _thaw_object(value: Mapping[str, Any]) -> dict[str, Any]:
    return {key: _thaw(item) for key, item in value.items()}


def preset_of(
    key: str,
    name_ja: str,
    name_en: str,
    rules: dict[str, Any],
    source: str,
    url: str = "",
    fees: dict[str, Any] | None = None,
) -> Preset:
    """A frozen preset of plain ``rules`` and ``fees`` (also for a club's rules offered as a template)."""
    return Preset(
        key=key,
        name_ja=name_ja,
        name_en=name_en,
        players=rules["players"],
        rules=_freeze(rules),
        source=source,
        url=url,
        fees=_freeze(fees or {}),
    )


# 順位点 (oka and uma together) +50/+10/−10/−30 from 25,000 / 30,000: the oka of 20 is computed, the uma
# is what is left of each place's 順位点.
_FIFTY_TEN = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [30, 10, -10, -30],
    "rounding": "none",
    "ties": "split",
    "deposits": "top",
    "box_under": True,
}

# 浮き沈み (日本プロ麻雀連盟): the uma by how many players end at 30,000 or more.  Nobody floats only when
# sticks are left on the table; nobody then gains or pays uma (the project's choice), as when all four float.
_RENMEI_FLOATS = {
    "0": [0, 0, 0, 0],
    "1": [12, -1, -3, -8],
    "2": [8, 4, -4, -8],
    "3": [8, 3, 1, -12],
    "4": [0, 0, 0, 0],
}

STANDARDS = (
    preset_of(
        "mleague",
        "Mリーグ",
        "M.League",
        {**_FIFTY_TEN, "chombo": {"penalty": 20, "to_others": False}},
        "Mリーグ 競技ルール",
        "https://m-league.jp/about/",
    ),
    preset_of(
        "npm",
        "日本プロ麻雀協会",
        "Japan Pro Mahjong Association (NPM)",
        dict(_FIFTY_TEN),
        "日本プロ麻雀協会 競技ルール",
        "https://npm2001.com/",
    ),
    preset_of(
        "saikouisen",
        "最高位戦日本プロ麻雀協会",
        "Saikouisen (Highest Rank Battle)",
        {
            "players": 4,
            "start": 30000,
            "target": 30000,
            "uma": [30, 10, -10, -30],
            "rounding": "none",
            "ties": "split",
            "deposits": "lost",
            "box_under": True,
            "chombo": {"penalty": 20, "to_others": False},
        },
        "最高位戦日本プロ麻雀協会 競技規定",
        "https://saikouisen.com/",
    ),
    preset_of(
        "renmei",
        "日本プロ麻雀連盟 公式ルール",
        "Japan Professional Mahjong League (JPML), official rules",
        {
            "players": 4,
            "start": 30000,
            "target": 30000,
            "uma_by_floats": _RENMEI_FLOATS,
            "rounding": "none",
            "ties": "split",
            "deposits": "lost",
            "box_under": True,
        },
        "日本プロ麻雀連盟 公式ルール",
        "https://www.ma-jan.or.jp/",
    ),
    preset_of(
        "rmu-ab",
        "RMU A・Bルール",
        "RMU, rules A and B",
        {
            "players": 4,
            "start": 30000,
            "target": 30000,
            "uma": [15, 5, -5, -15],
            "rounding": "none",
            "ties": "split",
            "deposits": "top",
            "box_under": True,
        },
        "RMU 公式ルール (A・Bルール)",
        "https://rmu.jp/rule",
    ),
    preset_of(
        "rmu-m", "RMU Mルール", "RMU, rule M", dict(_FIFTY_TEN), "RMU 公式ルール (Mルール)", "https://rmu.jp/rule"
    ),
    preset_of(
        "ema",
        "EMA / WRC 2025",
        "EMA / WRC 2025",
        {
            "players": 4,
            "start": 30000,
            "target": 30000,
            "uma": [15, 5, -5, -15],
            "rounding": "none",
            "ties": "split",
            "deposits": "top",
            "box_under": True,
            "chombo": {"penalty": 20, "to_others": False},
        },
        "EMA Riichi Competition Rules; World Riichi Championship Rules 2025",
        "https://mahjong-europe.org/",
    ),
    preset_of(
        "tenhou",
        "天鳳 四人打ち",
        "Tenhou, four players",
        {
            "players": 4,
            "start": 25000,
            "target": 30000,
            "uma": [20, 10, -10, -20],
            "rounding": "five_down_six_up",
            "ties": "seat",
            "deposits": "top",
            "box_under": True,
        },
        "天鳳 ルール",
        "https://tenhou.net/man/",
    ),
    preset_of(
        "tenhou-sanma",
        "天鳳 三人打ち",
        "Tenhou, three players",
        {
            "players": 3,
            "start": 35000,
            "target": 40000,
            "uma": [15, 0, -15],
            "rounding": "five_down_six_up",
            "ties": "seat",
            "deposits": "top",
            "box_under": True,
        },
        "天鳳 ルール (三人打ち)",
        "https://tenhou.net/man/",
    ),
)

BY_KEY = MappingProxyType({preset.key: preset for preset in STANDARDS})


def standard(key: str) -> Preset:
    """The standard preset called ``key``; KeyError when there is none."""
    return BY_KEY[key]
