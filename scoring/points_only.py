"""Settling a game recorded only by each player's final points (点数なし: the raw scores are unknown).

Old club books often kept nothing but the points (+45.3, ▲12.0).  Such a game
cannot be settled from scores, so the engine takes the points as the result
and checks only what it can: every value is a number of points with at most
one decimal, and the points add up to what these rules allow a game to add up
to (docs/scoring.md, "Points-only games").  Places come from the points.
"""

from collections.abc import Sequence
from typing import Any

from .errors import Problems, _
from .game import _chips, _chombo, _deposit, _ended_by_yakuman, _yakuman
from .points import points_from_tenths, tenths_from_points
from .rules import RuleBook, oka_imbalance, rule_book
from .schema import MOST_POINTS
from .settle import PARTS, SeatResult, Settlement, _charge_chombo, places_by_score

POINTS_GAME_KEYS = ("points", "deposit", "chips", "yakuman", "chombo", "ended_by_yakuman", "extras_unrecorded")
MOST_CHOMBO = 20  # chombo in one game, when they were not recorded: far beyond any real table

__all__ = ["POINTS_GAME_KEYS", "points_sum_allowed", "settle_points"]


def settle_points(rules: Any, game: Any) -> Settlement:
    """Settle a points-only game: ``game`` is ``{"points": [...], "deposit", "chips", "yakuman", "chombo"}``.

    ``points`` are each seat's result before chips, as numbers of points with at
    most one decimal (int, Decimal, or a float read through its decimal text).
    Returns a ``Settlement`` like ``settle``: ``score`` is None, the points are in
    ``base`` (less any chombo charged, which is shown in ``chombo``), chips add
    ``chips × value`` as in any game.
    """
    book = rule_book(rules)
    problems = Problems()
    if not isinstance(game, dict):
        problems.add("game_not_object", "", _("The game must be an object with the points."))
        problems.raise_if_any()
    for key in game:
        if key not in POINTS_GAME_KEYS:
            problems.add("unknown_key", str(key), _("Unknown game entry “%(key)s”."), key=key)
    n = book.players
    points = read_points(problems, game.get("points"), n)
    deposit = _deposit(problems, game.get("deposit", 0))
    chips = _chips(problems, game.get("chips", [0] * n), n)
    _yakuman(problems, game.get("yakuman", []), n)  # kept for the record; their shūgi is inside the points
    chombo = _chombo(problems, game.get("chombo", []), n)
    ended = _ended_by_yakuman(problems, book, game, n)
    unrecorded = game.get("extras_unrecorded", False)
    if not isinstance(unrecorded, bool):
        problems.add(
            "not_true_false", "extras_unrecorded", _("Expected true or false, not %(value)s."), value=repr(unrecorded)
        )
    if points is not None and deposit is not None and not problems:
        if unrecorded and (deposit or chombo):
            problems.add(
                "extras_recorded",
                "extras_unrecorded",
                _("A game whose deposit and chombo were not recorded cannot list them."),
            )
        else:
            _check_sum(problems, book, points, deposit, len(chombo), unrecorded)
    problems.raise_if_any()
    assert points is not None  # else a problem was added, and raised

    parts = {part: [0] * n for part in PARTS}
    _charge_chombo(book, chombo, parts["chombo"], n)
    places = places_by_score(points, "seat")
    for seat in range(n):
        parts["base"][seat] = points[seat] - parts["chombo"][seat]
        parts["chips"][seat] = chips[seat] * book.chip_value
        parts["total"][seat] = points[seat] + (parts["chips"][seat] if book.chips_in_total else 0)
    seats = [
        SeatResult(seat=seat, score=None, place=places[seat], tenths={part: parts[part][seat] for part in PARTS})
        for seat in range(n)
    ]
    return Settlement(seats, _floats(book, parts["base"], places), double_maru_a=ended is not None)


def points_sum_allowed(rules: Any, total: int, deposit: int = 0, chombo: int = 0) -> bool:
    """Whether ``total`` (tenths) is a sum of points these rules allow, with ``deposit`` and ``chombo`` count."""
    problems = Problems()
    _check_sum(problems, rule_book(rules), [total], deposit, chombo)
    return not problems


def read_points(problems: Problems, value: object, players: int, games: int = 1) -> list[int] | None:
    """The points (tenths) of one game, or of a day total of ``games`` hanchan: None after adding problems."""
    if not isinstance(value, (list, tuple)) or len(value) != players:
        problems.add("bad_points", "points", _("Expected %(players)s points, one for each seat."), players=players)
        return None
    tenths: list[int] = []
    for seat, raw in enumerate(value):
        amount = tenths_from_points(raw)
        if amount is None:
            problems.add(
                "not_points",
                f"points.{seat}",
                _("Expected points with at most one decimal, such as 45.3 or -12, not %(value)s."),
                value=repr(raw),
            )
        elif abs(amount) > MOST_POINTS * 10 * games:
            message = (
                _("%(value)s points is more than a game can move.")
                if games == 1
                else _("%(value)s points is more than %(games)s hanchan can move.")
            )
            problems.add("too_many_points", f"points.{seat}", message, value=points_from_tenths(amount), games=games)
        else:
            tenths.append(amount)
    return tenths if len(tenths) == players else None


def _check_sum(
    problems: Problems, book: RuleBook, points: Sequence[int], deposit: int, chombo_count: int, unrecorded: bool = False
) -> None:
    """The sum of the points against what the rules let a game's points (before chips) add up to.

    Fixed: an explicit oka unlike the computed one creates or destroys its
    difference; a lost deposit leaves the table; a chombo penalty not shared
    leaves it.  Unknown without the scores: each bust moves the sum by
    bonus − penalty (0 to players − 1 busts), and 箱下 clamping can only add.
    """
    total = sum(points)
    expected = -book.chombo_penalty * chombo_count if not book.chombo_to_others else 0
    step, clamps = 0, False
    if book.method == "oka_uma":
        expected += oka_imbalance(book)
        if book.deposits == "lost":
            expected -= deposit // 100
        step = book.bust_bonus - book.bust_penalty
        clamps = not book.box_under
    allowed = sorted({expected + busts * step for busts in range(book.players if step else 1)})
    if unrecorded:  # a sheet of final points (a 集計表) does not say what left the table: allow what could have
        lost = book.method == "oka_uma" and book.deposits == "lost"
        penalty = book.chombo_penalty if not book.chombo_to_others else 0
        if lost and (total <= allowed[-1] or clamps):
            return  # lost sticks (in hundreds) can take any amount off the table
        allowed = sorted(
            {value - count * penalty for value in allowed for count in range(MOST_CHOMBO + 1 if penalty else 1)}
        )
    show = {"total": points_from_tenths(total)}
    if clamps:
        if total >= allowed[0]:
            return
        problems.add(
            "points_sum_mismatch",
            "points",
            _("The points add up to %(total)s, but under these rules they must add up to at least %(expected)s."),
            expected=points_from_tenths(allowed[0]),
            **show,
        )
    elif total not in allowed:
        if len(allowed) == 1:
            problems.add(
                "points_sum_mismatch",
                "points",
                _("The points add up to %(total)s, but under these rules they must add up to %(expected)s."),
                expected=points_from_tenths(allowed[0]),
                **show,
            )
        else:
            problems.add(
                "points_sum_mismatch",
                "points",
                _(
                    "The points add up to %(total)s, but under these rules they must add up to one of "
                    "%(expected)s (each bust moves the sum by %(step)s)."
                ),
                expected=", ".join(str(points_from_tenths(v)) for v in allowed),
                step=points_from_tenths(step),
                **show,
            )


def _floats(book: RuleBook, bases: list[int], places: list[int]) -> int:
    """Win points: the table (1 is マルA …) the points were paid by, when they match one exactly; else 0."""
    if book.method != "win_points" or not book.win_tables:
        return 0
    by_place = [bases[places.index(place)] for place in range(1, book.players + 1)]
    return next((floats for floats, table in sorted(book.win_tables.items()) if list(table) == by_place), 0)
