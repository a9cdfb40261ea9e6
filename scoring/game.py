"""Validating one hanchan's record against the rules, before anything is settled.

``read_game`` checks the game dict of docs/scoring.md and returns a ``GameSheet``
of plain integers, or raises one ScoringError listing every problem.  Nothing
is settled from a game that has a single problem.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .busts import busted
from .errors import Problems, _
from .rules import RuleBook, rule_book

if TYPE_CHECKING:
    from typing_extensions import TypeIs

GAME_KEYS = ("scores", "deposit", "chips", "busts", "yakuman", "chombo", "ended_by_yakuman")
BUST_KEYS = ("seat", "by")
YAKUMAN_KEYS = ("seat", "kind", "win", "from", "pao", "count", "name")
CHOMBO_KEYS = ("seat",)
KINDS = ("yakuman", "counted")
WINS = ("tsumo", "ron")


@dataclass(frozen=True)
class Yakuman:
    seat: int
    kind: str
    win: str
    discarder: int | None  # "from" in the game dict
    pao: int | None
    count: int
    name: str


@dataclass(frozen=True)
class GameSheet:
    scores: tuple[int, ...]
    deposit: int
    chips: tuple[int, ...]
    busts: tuple[tuple[int, int | None], ...]  # (seat, by or None) pairs
    yakuman: tuple[Yakuman, ...]
    chombo: tuple[int, ...]  # seats, once per chombo
    ended_by_yakuman: int | None


def read_game(book: RuleBook, game: Any) -> GameSheet:
    problems = Problems()
    players = book.players
    if not isinstance(game, dict):
        problems.add("game_not_object", "", _("The game must be an object with the scores."))
        problems.raise_if_any()
    for key in game:
        if key not in GAME_KEYS:
            problems.add("unknown_key", str(key), _("Unknown game entry “%(key)s”."), key=key)

    scores = _scores(problems, game.get("scores"), players)
    deposit = _deposit(problems, game.get("deposit", 0))
    chips = _chips(problems, game.get("chips", [0] * players), players)
    if scores is not None and deposit is not None:
        total = sum(scores) + deposit
        expected = _table_total(book)
        if total != expected:
            problems.add(
                "sum_mismatch",
                "scores",
                _(
                    "The scores and the deposit add up to %(total)s, but they must add up to %(expected)s "
                    "(%(players)s players × %(start)s)."
                ),
                total=total,
                expected=expected,
                players=players,
                start=book.start,
            )
    busts = _busts(problems, game.get("busts", []), players, scores, book.bust_at_zero)
    yakuman = _yakuman(problems, game.get("yakuman", []), players)
    chombo = _chombo(problems, game.get("chombo", []), players)
    ended = _ended_by_yakuman(problems, book, game, players)
    problems.raise_if_any()
    assert scores is not None and deposit is not None  # else a problem was added, and raised
    return GameSheet(
        scores=tuple(scores),
        deposit=deposit,
        chips=tuple(chips),
        busts=tuple(busts),
        yakuman=tuple(yakuman),
        chombo=tuple(chombo),
        ended_by_yakuman=ended,
    )


def missing_score(rules: Any, others: Sequence[int], deposit: int = 0) -> int:
    """The final score of the one seat not written, from the ``others`` and the ``deposit`` left on the table:
    a game's scores and deposit add up to players × start (the sum ``read_game`` checks)."""
    return _table_total(rule_book(rules)) - deposit - sum(others)


def _table_total(book: RuleBook) -> int:
    """What every game's final scores and deposit add up to: the points the players started with."""
    return book.players * book.start


def _is_int(value: object) -> "TypeIs[int]":
    return isinstance(value, int) and not isinstance(value, bool)


def _ended_by_yakuman(problems: Problems, book: RuleBook, game: dict[str, Any], players: int) -> Any:
    """The seat whose yakuman ended a win-points game (ダブルマルA), or None; refused for other methods."""
    ended = game.get("ended_by_yakuman")
    if ended is not None:
        if book.method != "win_points":
            problems.add(
                "ended_by_yakuman_unused",
                "ended_by_yakuman",
                _("A game ended by a yakuman only counts with the win_points method."),
            )
        else:
            _seat(problems, "ended_by_yakuman", ended, players)
    return ended


def _seat(problems: Problems, field: str, value: object, players: int) -> bool:
    if not _is_int(value) or not 0 <= value < players:
        problems.add(
            "bad_seat",
            field,
            _("Expected a seat from 0 to %(last)s, not %(value)s."),
            last=players - 1,
            value="nothing" if value is None else repr(value),
        )
        return False
    return True


def _list(problems: Problems, field: str, value: object) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        problems.add("not_list", field, _("Expected a list."))
        return []
    return value


def _entry(problems: Problems, field: str, value: object, keys: tuple[str, ...]) -> Any:
    """The entry as given (a JSON object of ``keys``), or None when it is not an object."""
    if not isinstance(value, dict):
        problems.add("not_object", field, _("Expected an object."))
        return None
    for key in value:
        if key not in keys:
            problems.add("unknown_key", f"{field}.{key}", _("Unknown entry “%(key)s”."), key=key)
    return value


def _scores(problems: Problems, value: object, players: int) -> list[int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        problems.add("bad_scores", "scores", _("Expected %(players)s scores, one for each seat."), players=players)
        return None
    ok = True
    for seat, score in enumerate(value):
        if not _is_int(score):
            problems.add(
                "not_score", f"scores.{seat}", _("Expected a score such as 25000, not %(value)s."), value=repr(score)
            )
            ok = False
        elif score % 100:
            problems.add("not_hundreds", f"scores.{seat}", _("%(value)s is not a multiple of 100."), value=score)
            ok = False
    return list(value) if ok else None


def _deposit(problems: Problems, value: object) -> int | None:
    if not _is_int(value) or value < 0:
        problems.add(
            "bad_deposit",
            "deposit",
            _("Expected the points left on the table, 0 or more, not %(value)s."),
            value=repr(value),
        )
        return None
    if value % 100:
        problems.add("not_hundreds", "deposit", _("%(value)s is not a multiple of 100."), value=value)
        return None
    return value


def _chips(problems: Problems, value: object, players: int) -> list[int]:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        problems.add("bad_chips", "chips", _("Expected %(players)s chip counts, one for each seat."), players=players)
        return [0] * players
    ok = True
    for seat, count in enumerate(value):
        if not _is_int(count):
            problems.add(
                "not_whole", f"chips.{seat}", _("Expected a whole number of chips, not %(value)s."), value=repr(count)
            )
            ok = False
    if ok and sum(value) != 0:
        problems.add(
            "chips_not_zero",
            "chips",
            _("The chips must add up to 0 (what one wins another pays); these add up to %(total)s."),
            total=sum(value),
        )
    return list(value) if ok else [0] * players


def _busts(
    problems: Problems, value: object, players: int, scores: list[int] | None, at_zero: bool
) -> list[tuple[int, int | None]]:
    busts: list[tuple[int, int | None]] = []
    seen: set[int] = set()
    for i, raw in enumerate(_list(problems, "busts", value)):
        field = f"busts.{i}"
        entry = _entry(problems, field, raw, BUST_KEYS)
        if entry is None:
            continue
        seat, by = entry.get("seat"), entry.get("by")
        if not _seat(problems, f"{field}.seat", seat, players):
            continue
        if by is not None and not _seat(problems, f"{field}.by", by, players):
            continue
        if by == seat:
            problems.add("bust_by_self", f"{field}.by", _("A player cannot bust themselves."))
            continue
        if seat in seen:
            problems.add("bust_twice", f"{field}.seat", _("Seat %(seat)s is listed as busted twice."), seat=seat)
            continue
        seen.add(seat)
        if scores is not None and not busted(scores[seat], at_zero):
            line = _("below 0 or exactly 0") if at_zero else _("below 0")
            problems.add(
                "not_busted",
                f"{field}.seat",
                _("Seat %(seat)s finished with %(score)s and did not bust (a bust is %(line)s)."),
                seat=seat,
                score=scores[seat],
                line=line,
            )
            continue
        busts.append((seat, by))
    return busts


def _yakuman(problems: Problems, value: object, players: int) -> list[Yakuman]:
    events: list[Yakuman] = []
    for i, raw in enumerate(_list(problems, "yakuman", value)):
        field = f"yakuman.{i}"
        entry = _entry(problems, field, raw, YAKUMAN_KEYS)
        if entry is None:
            continue
        seat = entry.get("seat")
        kind = entry.get("kind", "yakuman")
        win = entry.get("win")
        discarder = entry.get("from")
        pao = entry.get("pao")
        count = entry.get("count", 1)
        name = entry.get("name", "")
        ok = _seat(problems, f"{field}.seat", seat, players)
        if kind not in KINDS:
            problems.add(
                "bad_choice",
                f"{field}.kind",
                _("“%(value)s” is not allowed here; expected one of %(allowed)s."),
                value=kind,
                allowed=", ".join(KINDS),
            )
            ok = False
        if win not in WINS:
            problems.add(
                "bad_choice",
                f"{field}.win",
                _("“%(value)s” is not allowed here; expected one of %(allowed)s."),
                value=win,
                allowed=", ".join(WINS),
            )
            ok = False
        if not _is_int(count) or count < 1:
            problems.add(
                "bad_count",
                f"{field}.count",
                _("Expected how many yakuman, 1 or more, not %(value)s."),
                value=repr(count),
            )
            ok = False
        if not isinstance(name, str):
            problems.add("bad_name", f"{field}.name", _("Expected the yakuman's name as text."))
            ok = False
        if win == "ron" and discarder is None:
            problems.add("ron_without_from", f"{field}.from", _("A ron needs the seat that dealt in."))
            ok = False
        if win == "tsumo" and discarder is not None:
            problems.add("tsumo_with_from", f"{field}.from", _("A tsumo has no discarder; leave it empty."))
            ok = False
        if discarder is not None and win == "ron":
            if not _seat(problems, f"{field}.from", discarder, players):
                ok = False
            elif discarder == seat:
                problems.add("from_is_winner", f"{field}.from", _("The winner cannot deal in to themselves."))
                ok = False
        if pao is not None:
            if not _seat(problems, f"{field}.pao", pao, players):
                ok = False
            elif pao == seat:
                problems.add("pao_is_winner", f"{field}.pao", _("The winner cannot be the pao player."))
                ok = False
        if ok:
            events.append(Yakuman(seat, kind, win, discarder, pao, count, name))
    return events


def _chombo(problems: Problems, value: object, players: int) -> list[int]:
    seats: list[int] = []
    for i, raw in enumerate(_list(problems, "chombo", value)):
        field = f"chombo.{i}"
        entry = _entry(problems, field, raw, CHOMBO_KEYS)
        if entry is not None and _seat(problems, f"{field}.seat", entry.get("seat"), players):
            seats.append(entry["seat"])
    return seats
