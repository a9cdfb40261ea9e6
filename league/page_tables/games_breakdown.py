"""A game's breakdown (内訳): each seat's score, place and every part of its total, in seat order.

Four rows read as the table sat: they do not sort, and the one game is no download (the meeting's and the
season's tables are).  Each row's figures are written once here, in the page's language.  The entry's preview
(``entry_preview.py``) shows a game not yet saved under the same columns, with the same figures.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Self

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..models.games import POINT_PARTS, SETTLED_COLUMNS
from ..text.formatting import format_points, format_score, format_signed
from .base import PageTable

NUM = {"th": {"class": "num"}}


@dataclass(frozen=True, slots=True)
class SeatTexts:
    """One seat's score, place and parts as a page writes them: 41,300; +45.3; ▲12.0 in Japanese, −12.0 in
    English.  A table's row adds what it shows beside them (the seat's wind, the player)."""

    score: str
    place: int
    base: str
    oka: str
    uma: str
    bust: str
    chip_points: str
    shugi: str
    chombo: str
    total: str

    @classmethod
    def of(cls, score: int | None, columns: Mapping[str, int], **row: Any) -> Self:
        """``columns``: the seat's place and parts in tenths under the names a saved seat keeps them
        (``GameSeat.settled_columns`` gives them for the engine's result); ``row``: the subclass's own fields."""
        return cls(
            score=format_score(score),
            place=columns["place"],
            **{column: format_points(columns[column]) for column in POINT_PARTS},
            **row,
        )


@dataclass(frozen=True, slots=True)
class BreakdownRow(SeatTexts):
    wind: str
    member: Any
    chips: str  # the chips counted (+3), "" when none


def _column(verbose_name: Any, attrs: dict | None = None) -> tables.Column:
    """A figure's column (right-aligned) unless ``attrs`` says otherwise: ``{}`` for a text's (seat, player)."""
    return tables.Column(verbose_name=verbose_name, attrs=NUM if attrs is None else attrs, orderable=False)


class SeatPartsTable(PageTable):
    """The columns of a game's seats and the parts of their totals, under the game's rules: the base is headed
    "Win points" (勝利点) when they give win points by place (ブー麻雀).  Not sorted, not a download."""

    seat = _column(_("Seat"), attrs={})
    player = _column(_("Player"), attrs={})
    score = _column(_("Score"))
    place = _column(_("Place"))
    total = _column(_("Total"), attrs={"th": {"class": "num total"}})
    base = _column(_("Base"))
    oka = _column(_("Oka"))
    uma = _column(_("Uma"))
    bust = _column(_("Bust"))
    chips = _column(_("Chips"))
    shugi = _column(_("Yakuman bonus"))
    chombo = _column(_("Chombo"))

    downloadable = False

    class Meta(PageTable.Meta):
        attrs = {"class": "breakdown"}
        orderable = False

    def __init__(self, rows: list[Any], *, win_points: bool, **kwargs: Any) -> None:
        super().__init__(rows, **kwargs)
        if win_points:
            self.columns["base"].column.verbose_name = _("Win points")


class BreakdownTable(SeatPartsTable):
    """A saved game's seats, read from the stored parts (the game's page, a correction's conflict)."""

    class Meta(SeatPartsTable.Meta):
        template_name = "league/tables/breakdown.html"

    def __init__(self, seats: Iterable[Any], *, win_points: bool, **kwargs: Any) -> None:
        rows = [
            BreakdownRow.of(
                seat.score,
                dict(zip(SETTLED_COLUMNS, seat.settled_values(), strict=True)),
                wind=seat.wind,
                member=seat.member,
                chips=format_signed(seat.chips) if seat.chips else "",
            )
            for seat in seats
        ]
        super().__init__(rows, win_points=win_points, **kwargs)
