"""A game's breakdown (内訳): each seat's score, place and every part of its total, in seat order.

Four rows read as the table sat: they do not sort, and the one game is no download (the meeting's and the
season's tables are).  Each row's figures are written once here, in the page's language.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..formatting import format_points, format_score, format_signed
from .base import PageTable

NUM = {"th": {"class": "num"}}


@dataclass
class BreakdownRow:
    wind: str
    member: Any
    score: str
    place: int
    total: str
    base: str
    oka: str
    uma: str
    bust: str
    chip_points: str
    chips: str  # the chips counted (+3), "" when none
    shugi: str
    chombo: str


def _column(verbose_name: Any, attrs: dict | None = None) -> tables.Column:
    """A figure's column (right-aligned) unless ``attrs`` says otherwise: ``{}`` for a text's (seat, player)."""
    return tables.Column(verbose_name=verbose_name, attrs=NUM if attrs is None else attrs, orderable=False)


class BreakdownTable(PageTable):
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
        template_name = "league/tables/breakdown.html"
        attrs = {"class": "breakdown"}

    def __init__(self, seats: Iterable[Any], *, win_points: bool, **kwargs: Any) -> None:
        rows = [BreakdownRow(seat.wind, seat.member, format_score(seat.score), seat.place, format_points(seat.total),
                             format_points(seat.base), format_points(seat.oka), format_points(seat.uma),
                             format_points(seat.bust), format_points(seat.chip_points),
                             format_signed(seat.chips) if seat.chips else "", format_points(seat.shugi),
                             format_points(seat.chombo))
                for seat in seats]
        super().__init__(rows, **kwargs)
        if win_points:
            self.columns["base"].column.verbose_name = _("Win points")
