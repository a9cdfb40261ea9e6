"""Validating a club's rules object (one rule version) as docs/scoring.md defines it.

``validate_rules`` returns the rules with every default filled in, points as
JSON numbers, so the site can store and show them; it refuses anything it does
not understand, naming the key.  ``RuleBook`` is the same rules in integer
tenths, which is what the settling code reads.
"""

from dataclasses import dataclass
from typing import Any

from .errors import Problems, _
from .points import json_points, tenths_from_points
from .schema import MOST_POINTS, MOST_TENBO, RULES, TOP_KEYS, section_defaults, section_settings

# Defaults, choices and ranges are the schema's (scoring/schema.py); these names are what the checks read.
METHODS = RULES["method"].values
ROUNDINGS = RULES["rounding"].values
TIES = RULES["ties"].values
DEPOSITS = RULES["deposits"].values
BUST_DEFAULTS = section_defaults("bust")
CHIPS_DEFAULTS = section_defaults("chips")
SHUGI_DEFAULTS = section_defaults("yakuman_shugi")
CHOMBO_DEFAULTS = section_defaults("chombo")
WIN_POINTS_KEYS = ("tables", "yakuman")

# A rules object must say ``players`` and ``start``; these are the commonest table (四人打ち,
# 25,000点持ち), for a caller that needs rules before a club has written any (the first
# version's starting values, the shape of a page for a rule set with no version yet).
# Every other setting takes its default: ``validate_rules(STARTING_RULES)``.
STARTING_RULES = {"players": 4, "start": 25000}

# Settings that have no meaning for ブー麻雀 (win_points): a non-default value
# there is a mistake the club should hear about, not something to ignore.
UNUSED_BY_WIN_POINTS = ("oka", "uma", "uma_by_floats", "rounding", "bust", "chips", "yakuman_shugi")


@dataclass(frozen=True)
class RuleBook:
    """The validated rules, in integer tenths of a point."""

    players: int
    method: str
    start: int
    target: int
    oka: int
    uma: tuple[int, ...]
    uma_by_floats: dict[int, tuple[int, ...]] | None
    float_line: int
    rounding: str
    ties: str
    deposits: str
    box_under: bool
    bust_penalty: int
    bust_bonus: int
    bust_at_zero: bool
    chip_value: int
    chips_in_total: bool
    shugi: dict[str, int]
    shugi_multiply: bool
    chombo_penalty: int
    chombo_to_others: bool
    win_tables: dict[int, tuple[int, ...]] | None
    win_yakuman: int

    def uma_for(self, floats: int) -> tuple[int, ...]:
        if self.uma_by_floats is not None:
            return self.uma_by_floats[floats]
        return self.uma


def validate_rules(rules: Any) -> dict[str, Any]:
    """Return ``rules`` normalised (every key present, defaults filled in).

    Raises ScoringError naming the first bad key; ``error.errors`` lists them all.
    """
    return _normalise(rules)[0]


# Validating rules costs more than settling a game with them, and an import or a recompute settles
# thousands of games under the same few rule versions: their books are kept, by the rules' repr (equal
# for equal plain data written in the same order; a rules dict written in another order is only a miss).
# Only books of valid rules are kept; a RuleBook is frozen and nothing changes what it holds.
_BOOKS: dict[str, RuleBook] = {}
_BOOKS_KEPT = 64


def rule_book(rules: Any) -> RuleBook:
    """Validate ``rules`` and return them as a RuleBook in tenths (the same rules give the same book).

    A RuleBook is its own book: a caller settling many games under one version passes it to ``settle``,
    ``settle_points`` or ``unwritten_busts`` in place of the rules, and the rules are not written out again
    for the lookup (a repr per game was a tenth of planning an import).
    """
    if isinstance(rules, RuleBook):
        return rules
    key = repr(rules)
    book = _BOOKS.get(key)
    if book is None:
        book = _normalise(rules)[1]
        if len(_BOOKS) >= _BOOKS_KEPT:
            _BOOKS.clear()
        _BOOKS[key] = book
    return book


def points_created_per_game(rules: Any) -> int:
    """Tenths of a point every game creates (positive) or destroys (negative) through an explicit ``oka``.

    A computed oka, ``(target − start) × players / 1000``, gives back exactly what the players
    paid in, so a game sums to 0; an explicit oka that differs creates or destroys the difference
    in every game (some clubs pay the house from it).  0 for win-points rules.
    """
    return oka_imbalance(rule_book(rules))


def oka_imbalance(book: RuleBook) -> int:
    """What ``book``'s oka creates (+) or destroys (−) in every game, in tenths: 0 unless it is explicit and off."""
    if book.method != "oka_uma":
        return 0
    return book.oka - (book.target - book.start) * book.players // 100


def _normalise(rules: Any) -> tuple[dict[str, Any], RuleBook]:
    problems = Problems()
    if not isinstance(rules, dict):
        problems.add("rules_not_object", "", _("The rules must be an object of settings."))
        problems.raise_if_any()
    for key in rules:
        if key not in TOP_KEYS:
            problems.add("unknown_key", str(key), _("Unknown setting “%(key)s”."), key=key)

    players = rules.get("players")
    if players not in RULES["players"].values or isinstance(players, bool):
        problems.add("bad_players", "players", _("Players must be 3 or 4, not %(value)s."), value=_show(players))
        problems.raise_if_any()  # every list length depends on it

    method = rules.get("method", RULES["method"].default)
    _choice(problems, "method", method, METHODS)
    start = _tenbo(problems, "start", rules.get("start"), required=True)
    # A bad start is reported once, not again through the settings that default to it.
    target = _tenbo(problems, "target", rules.get("target", start or None))
    float_default = start if method == "win_points" else target
    float_line = _tenbo(problems, "float_line", rules.get("float_line", float_default or None), allow_zero=True)
    rounding = rules.get("rounding", RULES["rounding"].default)
    _choice(problems, "rounding", rounding, ROUNDINGS)
    ties = rules.get("ties", RULES["ties"].default)
    _choice(problems, "ties", ties, TIES)
    deposits = rules.get("deposits", RULES["deposits"].default)
    _choice(problems, "deposits", deposits, DEPOSITS)
    box_under = _flag(problems, "box_under", rules.get("box_under", RULES["box_under"].default))

    oka = rules.get("oka")
    if oka is None:
        oka_tenths = (target - start) * players // 100 if start and target else 0
    else:
        oka_tenths = _points(problems, "oka", oka)

    uma = _uma_list(problems, "uma", rules.get("uma", [0] * players), players)
    uma_by_floats = _uma_by_floats(problems, rules.get("uma_by_floats"), players)

    bust = _section(problems, "bust", rules.get("bust", {}))
    chips = _section(problems, "chips", rules.get("chips", {}))
    shugi = _section(problems, "yakuman_shugi", rules.get("yakuman_shugi", {}))
    chombo = _section(problems, "chombo", rules.get("chombo", {}))

    win_tables, win_yakuman = _win_points(problems, rules.get("win_points"), method, players)
    if method == "win_points":
        _check_unused_by_win_points(problems, rules, players)
    problems.raise_if_any()

    normalised = {
        "players": players,
        "method": method,
        "start": start,
        "target": target,
        "oka": json_points(oka_tenths) if oka is not None else None,
        "uma": [json_points(u) for u in uma],
        "uma_by_floats": (
            {str(k): [json_points(u) for u in v] for k, v in sorted(uma_by_floats.items())}
            if uma_by_floats is not None
            else None
        ),
        "float_line": float_line,
        "rounding": rounding,
        "ties": ties,
        "deposits": deposits,
        "box_under": box_under,
        "bust": {
            "penalty": json_points(bust["penalty"]),
            "bonus": json_points(bust["bonus"]),
            "at_zero": bust["at_zero"],
        },
        "chips": {"value": json_points(chips["value"]), "in_total": chips["in_total"]},
        "yakuman_shugi": {
            **{k: json_points(shugi[k]) for k in ("ron", "tsumo_each", "counted_ron", "counted_tsumo_each")},
            "multiply": shugi["multiply"],
        },
        "chombo": {"penalty": json_points(chombo["penalty"]), "to_others": chombo["to_others"]},
        "win_points": (
            {
                "tables": {str(k): [json_points(p) for p in v] for k, v in sorted(win_tables.items())},
                "yakuman": json_points(win_yakuman),
            }
            if method == "win_points"
            else None
        ),
    }
    book = RuleBook(
        players=players,
        method=method,
        start=start,
        target=target,
        oka=oka_tenths,
        uma=tuple(uma),
        uma_by_floats=({int(k): tuple(v) for k, v in uma_by_floats.items()} if uma_by_floats is not None else None),
        float_line=float_line,
        rounding=rounding,
        ties=ties,
        deposits=deposits,
        box_under=box_under,
        bust_penalty=bust["penalty"],
        bust_bonus=bust["bonus"],
        bust_at_zero=bust["at_zero"],
        chip_value=chips["value"],
        chips_in_total=chips["in_total"],
        shugi={k: shugi[k] for k in ("ron", "tsumo_each", "counted_ron", "counted_tsumo_each")},
        shugi_multiply=shugi["multiply"],
        chombo_penalty=chombo["penalty"],
        chombo_to_others=chombo["to_others"],
        win_tables={int(k): tuple(v) for k, v in win_tables.items()} if win_tables else None,
        win_yakuman=win_yakuman,
    )
    return normalised, book


def _show(value: object) -> str:
    return "nothing" if value is None else repr(value)


def _choice(problems: Problems, field: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed or isinstance(value, bool):
        problems.add(
            "bad_choice",
            field,
            _("“%(value)s” is not allowed here; expected one of %(allowed)s."),
            value=value,
            allowed=", ".join(allowed),
        )


def _flag(problems: Problems, field: str, value: object) -> bool:
    if not isinstance(value, bool):
        problems.add("not_true_false", field, _("Expected true or false, not %(value)s."), value=_show(value))
        return False
    return value


def _tenbo(problems: Problems, field: str, value: object, required: bool = False, allow_zero: bool = False) -> int:
    """A score setting in tenbō: a whole multiple of 100."""
    if value is None and not required:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(
            "not_score", field, _("Expected a score in points such as 25000, not %(value)s."), value=_show(value)
        )
        return 0
    if value % 100:
        problems.add("not_hundreds", field, _("%(value)s is not a multiple of 100."), value=value)
        return 0
    if value > MOST_TENBO:
        problems.add(
            "too_large",
            field,
            _("%(value)s is larger than any starting score; at most %(most)s."),
            value=value,
            most=MOST_TENBO,
        )
        return 0
    if value < 0 or (value == 0 and not allow_zero):
        problems.add("not_positive", field, _("Expected a score above 0, not %(value)s."), value=value)
        return 0
    return value


def _points(problems: Problems, field: str, value: object, non_negative: bool = False) -> int:
    tenths = tenths_from_points(value)
    if tenths is None:
        problems.add(
            "not_points",
            field,
            _("Expected a number of points with at most one decimal place, not %(value)s."),
            value=_show(value),
        )
        return 0
    if abs(tenths) > MOST_POINTS * 10:
        problems.add(
            "too_many_points",
            field,
            _("%(value)s points is more than any rule pays; at most %(most)s."),
            value=value,
            most=MOST_POINTS,
        )
        return 0
    if non_negative and tenths < 0:
        problems.add("negative_points", field, _("Expected 0 or more points, not %(value)s."), value=value)
        return 0
    return tenths


def _uma_list(problems: Problems, field: str, value: object, players: int) -> list[int]:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        problems.add(
            "bad_length", field, _("Expected a list of %(players)s values, one for each place."), players=players
        )
        return [0] * players
    tenths = [_points(problems, f"{field}.{i}", v) for i, v in enumerate(value)]
    if sum(tenths) != 0:
        problems.add(
            "uma_not_zero",
            field,
            _("The uma must add up to 0; these add up to %(total)s."),
            total=json_points(sum(tenths)),
        )
    return tenths


def _uma_by_floats(problems: Problems, value: object, players: int) -> dict[int, list[int]] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.add(
            "bad_floats_table",
            "uma_by_floats",
            _("Expected an uma list for each number of floating players, 0 to %(players)s."),
            players=players,
        )
        return None
    expected = [str(n) for n in range(players + 1)]
    for key in value:
        if key not in expected:
            problems.add(
                "unknown_key",
                f"uma_by_floats.{key}",
                _("Unknown number of floating players “%(key)s”; expected 0 to %(players)s."),
                key=key,
                players=players,
            )
    table: dict[int, list[int]] = {}
    for key in expected:
        if key not in value:
            problems.add(
                "missing_key", f"uma_by_floats.{key}", _("The uma for %(key)s floating players is missing."), key=key
            )
            continue
        table[int(key)] = _uma_list(problems, f"uma_by_floats.{key}", value[key], players)
    return table


def _section(problems: Problems, field: str, value: object) -> dict[str, Any]:
    """A nested settings object such as ``bust``: its schema's keys, defaults filled."""
    if not isinstance(value, dict):
        problems.add("not_object", field, _("Expected an object of settings."))
        value = {}
    settings = section_settings(field)
    known = {setting.key.partition(".")[2]: setting for setting in settings}
    for key in value:
        if key not in known:
            problems.add("unknown_key", f"{field}.{key}", _("Unknown setting “%(key)s”."), key=key)
    section: dict[str, Any] = {}
    for key, setting in known.items():
        raw = value.get(key, setting.default)
        if setting.kind == "flag":
            section[key] = _flag(problems, setting.key, raw)
        else:
            section[key] = _points(problems, setting.key, raw, non_negative=True)
    return section


def _win_points(problems: Problems, value: object, method: object, players: int) -> tuple[dict[int, list[int]], int]:
    """The win point tables by number of floating players (none for another method), and the yakuman's."""
    if method != "win_points":
        if value is not None:
            problems.add("win_points_unused", "win_points", _("Win points are only used with the win_points method."))
        return {}, 0
    if not isinstance(value, dict):
        problems.add(
            "win_points_missing",
            "win_points",
            _("The win_points method needs win point tables and the yakuman win points."),
        )
        return {}, 0
    for key in value:
        if key not in WIN_POINTS_KEYS:
            problems.add("unknown_key", f"win_points.{key}", _("Unknown setting “%(key)s”."), key=key)
    tables_value = value.get("tables")
    expected = [str(n) for n in range(1, players)]
    tables: dict[int, list[int]] = {}
    if not isinstance(tables_value, dict):
        problems.add(
            "bad_win_tables",
            "win_points.tables",
            _("Expected a win point table for each number of floating players, 1 to %(most)s."),
            most=players - 1,
        )
    else:
        for key in tables_value:
            if key not in expected:
                problems.add(
                    "unknown_key",
                    f"win_points.tables.{key}",
                    _("Unknown number of floating players “%(key)s”; expected 1 to %(most)s."),
                    key=key,
                    most=players - 1,
                )
        for key in expected:
            if key not in tables_value:
                problems.add(
                    "missing_key",
                    f"win_points.tables.{key}",
                    _("The win points for %(key)s floating players are missing."),
                    key=key,
                )
                continue
            row = tables_value[key]
            field = f"win_points.tables.{key}"
            if not isinstance(row, (list, tuple)) or len(row) != players:
                problems.add(
                    "bad_length",
                    field,
                    _("Expected a list of %(players)s values, one for each place."),
                    players=players,
                )
                continue
            tenths = [_points(problems, f"{field}.{i}", p) for i, p in enumerate(row)]
            if sum(tenths) != 0:
                problems.add(
                    "win_points_not_zero",
                    field,
                    _("The win points must add up to 0; these add up to %(total)s."),
                    total=json_points(sum(tenths)),
                )
            tables[int(key)] = tenths
    yakuman = _points(
        problems, "win_points.yakuman", value.get("yakuman", RULES["win_points.yakuman"].default), non_negative=True
    )
    return tables, yakuman


def _check_unused_by_win_points(problems: Problems, rules: dict[str, Any], players: int) -> None:
    defaults: dict[str, Any] = {
        "oka": None,
        "uma": [0] * players,
        "uma_by_floats": None,
        "rounding": RULES["rounding"].default,
        "bust": BUST_DEFAULTS,
        "chips": CHIPS_DEFAULTS,
        "yakuman_shugi": SHUGI_DEFAULTS,
    }
    for key in UNUSED_BY_WIN_POINTS:
        if key not in rules:
            continue
        value, default = rules[key], defaults[key]
        if isinstance(default, dict) and isinstance(value, dict):
            unused = any(value.get(k, d) != d for k, d in default.items())
        else:
            unused = value != default
        if unused:
            problems.add(
                "unused_by_win_points",
                key,
                _("“%(key)s” has no effect with the win_points method; leave it out."),
                key=key,
            )
    if rules.get("ties", RULES["ties"].default) != "seat":
        problems.add("win_points_ties", "ties", _("The win_points method ranks ties by seat."))
