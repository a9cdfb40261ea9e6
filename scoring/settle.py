"""Settling one hanchan: docs/scoring.md's ten steps (oka_uma) and ブー麻雀 (win_points).

Everything is computed in integer tenths of a point; ``SeatResult`` turns the
tenths into Decimals with one place only at the end.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .game import GameSheet, Yakuman, read_game
from .points import points_from_tenths
from .rounding import round_score
from .rules import RuleBook, rule_book
from .shares import split_evenly

PARTS = ("base", "oka", "uma", "bust", "chips", "shugi", "chombo", "total")


@dataclass(frozen=True, slots=True)  # slots: an import holds tens of thousands
class SeatResult:
    """One player's points for the game; read ``result.total`` or ``result["total"]``."""

    seat: int
    score: int | None  # None for a game known only by its points (settle_points)
    place: int
    tenths: dict[str, int] = field(repr=False)  # every part in integer tenths, for storing

    def __getattr__(self, name: str) -> Decimal:
        if name in PARTS:
            return points_from_tenths(self.tenths[name])
        raise AttributeError(name)

    def __getitem__(self, key: str) -> int | Decimal | None:
        if key in ("seat", "score", "place"):
            value: int | None = getattr(self, key)
            return value
        if key in PARTS:
            return points_from_tenths(self.tenths[key])
        raise KeyError(key)

    def keys(self) -> tuple[str, ...]:
        return ("seat", "score", "place", *PARTS)

    def as_dict(self) -> dict[str, int | Decimal | None]:
        return {key: self[key] for key in self.keys()}

    def __repr__(self) -> str:
        parts = ", ".join(f"{p}={self[p]}" for p in PARTS)
        return f"SeatResult(seat={self.seat}, score={self.score}, place={self.place}, {parts})"


class Settlement(list[SeatResult]):
    """The players in seat order, plus what the whole table had in common.

    ``floats`` is how many players floated (used for 浮きウマ and for the
    win-point table: 1 is マルA, 2 マルB, 3 マルC); ``double_maru_a`` is True
    when a yakuman ended a win-points game.
    """

    __slots__ = ("double_maru_a", "floats")  # no dict per game: an import holds tens of thousands

    def __init__(self, seats: Iterable[SeatResult], floats: int, double_maru_a: bool = False) -> None:
        super().__init__(seats)
        self.floats = floats
        self.double_maru_a = double_maru_a


def settle(rules: Any, game: Any) -> Settlement:
    """Settle one game: ``rules`` and ``game`` are the plain dicts of docs/scoring.md."""
    book = rule_book(rules)
    sheet = read_game(book, game)
    if book.method == "win_points":
        return _settle_win_points(book, sheet)
    return _settle_oka_uma(book, sheet)


def places_by_score(scores: Sequence[int], ties: str) -> list[int]:
    """Places 1..n for each seat; ``split`` gives tied players their best place."""
    if ties == "split":
        return [1 + sum(1 for other in scores if other > score) for score in scores]
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    places = [0] * len(scores)
    for position, seat in enumerate(order):
        places[seat] = position + 1
    return places


def _settle_oka_uma(book: RuleBook, sheet: GameSheet) -> Settlement:
    n = book.players
    places = places_by_score(sheet.scores, book.ties)
    top = [seat for seat in range(n) if places[seat] == 1]
    parts = {part: [0] * n for part in PARTS}

    scores = list(sheet.scores)
    if book.deposits == "top":
        for seat, hundreds in zip(top, split_evenly(sheet.deposit // 100, len(top)), strict=True):
            scores[seat] += hundreds * 100
    if not book.box_under:
        scores = [max(score, 0) for score in scores]

    residue = 0
    for seat in range(n):
        if seat in top:
            continue
        exact = (scores[seat] - book.target) // 100
        rounded = (round_score(scores[seat], book.rounding, book.target) - book.target) // 100
        parts["base"][seat] = rounded
        residue += exact - rounded
    for seat, share in zip(top, split_evenly(residue, len(top)), strict=True):
        parts["base"][seat] = (scores[seat] - book.target) // 100 + share

    # Floating is judged on the final scores as entered, before deposits or clamping.
    floats = sum(1 for score in sheet.scores if score >= book.float_line)
    uma = book.uma_for(floats)
    for group in _groups_by_place(places):
        first_place = places[group[0]]
        pooled = sum(uma[first_place - 1 : first_place - 1 + len(group)])
        for seat, share in zip(group, split_evenly(pooled, len(group)), strict=True):
            parts["uma"][seat] = share
        if first_place == 1:
            for seat, share in zip(group, split_evenly(book.oka, len(group)), strict=True):
                parts["oka"][seat] = share

    for seat, by in sheet.busts:
        parts["bust"][seat] -= book.bust_penalty
        parts["bust"][by if by is not None else top[0]] += book.bust_bonus

    for seat in range(n):
        parts["chips"][seat] = sheet.chips[seat] * book.chip_value

    for event in sheet.yakuman:
        _pay_shugi(book, event, parts["shugi"], n)

    _charge_chombo(book, sheet.chombo, parts["chombo"], n)

    base, oka, uma_points, bust, chips, shugi, chombo, total = (parts[part] for part in PARTS)
    for seat in range(n):
        total[seat] = base[seat] + oka[seat] + uma_points[seat] + bust[seat] + shugi[seat] + chombo[seat]
        if book.chips_in_total:
            total[seat] += chips[seat]
    return _settlement(sheet, places, parts, floats)


def _groups_by_place(places: list[int]) -> list[list[int]]:
    """Seats sharing a place, each group in seat order (a single seat with ``seat`` ties)."""
    groups: dict[int, list[int]] = {}
    for seat, place in enumerate(places):
        groups.setdefault(place, []).append(seat)
    return [groups[place] for place in sorted(groups)]


def _pay_shugi(book: RuleBook, event: Yakuman, shugi: list[int], n: int) -> None:
    prefix = "counted_" if event.kind == "counted" else ""
    multiplier = event.count if book.shugi_multiply else 1
    if event.win == "tsumo":
        each = book.shugi[prefix + "tsumo_each"] * multiplier
        shugi[event.seat] += each * (n - 1)
        for seat in range(n):
            if seat == event.seat:
                continue
            shugi[event.pao if event.pao is not None else seat] -= each
    else:
        amount = book.shugi[prefix + "ron"] * multiplier
        shugi[event.seat] += amount
        assert event.discarder is not None  # read_game refuses a ron without the seat that dealt in
        _charge_ron(shugi, amount, event.discarder, event.pao)


def _charge_ron(points: list[int], amount: int, discarder: int, pao: int | None) -> None:
    """The discarder pays a ron; with a pao player each pays half, the odd tenth by the discarder."""
    if pao is None:
        points[discarder] -= amount
        return
    pao_half = amount // 2
    points[pao] -= pao_half
    points[discarder] -= amount - pao_half


def _charge_chombo(book: RuleBook, seats: Iterable[int], chombo: list[int], n: int) -> None:
    for offender in seats:
        chombo[offender] -= book.chombo_penalty
        if book.chombo_to_others:
            others = [seat for seat in range(n) if seat != offender]
            for seat, share in zip(others, split_evenly(book.chombo_penalty, len(others)), strict=True):
                chombo[seat] += share


def _settle_win_points(book: RuleBook, sheet: GameSheet) -> Settlement:
    n = book.players
    parts = {part: [0] * n for part in PARTS}
    # On the scores as entered: sticks left on the table can leave all four below the line.
    floats = sum(1 for score in sheet.scores if score >= book.float_line)
    if floats in (0, n):  # all sink or all float: the top n−1 count as floating
        floats = n - 1

    winner = sheet.ended_by_yakuman
    if winner is None:
        places = places_by_score(sheet.scores, "seat")
        assert book.win_tables is not None  # win-points rules always have their tables
        table = book.win_tables[floats]
        for seat in range(n):
            parts["base"][seat] = table[places[seat] - 1]
    else:
        others = sorted((s for s in range(n) if s != winner), key=lambda s: (-sheet.scores[s], s))
        places = [0] * n
        places[winner] = 1
        for position, seat in enumerate(others):
            places[seat] = position + 2
        _pay_double_maru_a(book, sheet, winner, parts["base"], n)

    _charge_chombo(book, sheet.chombo, parts["chombo"], n)
    for seat in range(n):
        parts["total"][seat] = parts["base"][seat] + parts["chombo"][seat]
    return _settlement(sheet, places, parts, floats, double_maru_a=winner is not None)


def _pay_double_maru_a(book: RuleBook, sheet: GameSheet, winner: int, win_points: list[int], n: int) -> None:
    """ダブルマルA: the yakuman winner takes ``yakuman`` win points from the others."""
    amount = book.win_yakuman
    win_points[winner] += amount
    event = next((e for e in sheet.yakuman if e.seat == winner), None)
    if event is not None and event.pao is not None:
        if event.win == "tsumo":
            win_points[event.pao] -= amount
        else:
            assert event.discarder is not None  # read_game refuses a ron without the seat that dealt in
            _charge_ron(win_points, amount, event.discarder, event.pao)
        return
    others = [seat for seat in range(n) if seat != winner]
    # Shares of a payment are negative, so seat priority pays the smaller share.
    for seat, share in zip(others, split_evenly(-amount, len(others)), strict=True):
        win_points[seat] += share


def _settlement(
    sheet: GameSheet, places: list[int], parts: dict[str, list[int]], floats: int, double_maru_a: bool = False
) -> Settlement:
    by_seat = zip(*(parts[part] for part in PARTS), strict=True)  # each seat's parts, in PARTS order
    seats = [
        SeatResult(
            seat=seat, score=sheet.scores[seat], place=places[seat], tenths=dict(zip(PARTS, seat_parts, strict=True))
        )
        for seat, seat_parts in enumerate(by_seat)
    ]
    return Settlement(seats, floats, double_maru_a)
