"""The printable standings' table (印刷用成績表): the standings' key columns only, to print on A4 portrait.

Rank, name, games, points, average place and the count of each place (the rule set's players), then chips
and shūgi only where someone in the period has some (``exports.printable_sheet.extra_figures``, which the
season workbook's Printable standings sheet uses too).  Read in the ranking: no column sorts.  The ranked
members first, then the unranked without a rank, as on the standings page.
"""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..exports.printable_sheet import EXTRAS, extra_figures
from ..models.games import PLACE_NAMES
from ..stats.standings import Line, Standings
from ..text.formatting import format_points, format_signed
from .base import PageTable, key_column, name_column, points_figure, rank_column

NUMBER = {"th": {"class": "num"}, "td": {"class": "num"}}
EMPTY = "—"


@dataclass(frozen=True)
class PrintedLine:
    """One member's row: the raw figures (downloads, the minus marks) and their text, computed once."""

    rank: int | None
    name: str
    games: int
    points: int  # tenths
    points_text: str
    average_place: Decimal | None
    average_place_text: str
    places: list[int]
    chips: int
    chips_text: str
    shugi: int  # tenths
    shugi_text: str

    @classmethod
    def of(cls, line: Line) -> "PrintedLine":
        average = line.average_place
        return cls(
            rank=line.rank,
            name=line.member.name,
            games=line.games,
            points=line.points,
            points_text=format_points(line.points),
            average_place=average,
            average_place_text=EMPTY if average is None else f"{average:.2f}",
            places=list(line.places),
            chips=line.chips,
            chips_text=format_signed(line.chips),
            shugi=line.shugi,
            shugi_text=format_points(line.shugi),
        )


def _place(index: int) -> tables.Column:
    return tables.Column(verbose_name=PLACE_NAMES[index], accessor=f"places__{index}", orderable=False, attrs=NUMBER)


class PrintableStandingsTable(PageTable):
    rank = rank_column(_("Rank"), orderable=False)
    name = name_column(_("Name"), orderable=False)
    games = tables.Column(verbose_name=_("Games"), orderable=False, attrs=NUMBER)
    points = key_column(_("Points"), orderable=False, attrs=NUMBER)
    average_place = tables.Column(verbose_name=_("Average place"), orderable=False, attrs=NUMBER)
    place_1, place_2, place_3, place_4 = (_place(index) for index in range(4))
    chips = tables.Column(verbose_name=_("Chips"), orderable=False, attrs=NUMBER)
    shugi = tables.Column(verbose_name=_("Shūgi"), orderable=False, attrs=NUMBER)

    export_name = "standings-print"

    class Meta(PageTable.Meta):
        template_name = "league/tables/printable_standings.html"
        attrs = {"class": "printable-standings"}
        empty_text = _("No games in this period.")

    def __init__(self, result: Standings, **kwargs: Any) -> None:
        extras = extra_figures(result)
        self.shown_extras = extras
        hidden = [f"place_{place}" for place in range(result.players + 1, 5)]
        hidden += [name for name in EXTRAS if name not in extras]
        super().__init__([PrintedLine.of(line) for line in result.lines], exclude=hidden, **kwargs)
        if result.win_points:
            self.columns["points"].column.verbose_name = _("Win points")

    def value_points(self, value: int) -> Decimal | None:
        return points_figure(value)

    def value_shugi(self, value: int) -> Decimal | None:
        return points_figure(value)

    def value_average_place(self, value: Decimal | None) -> Decimal | str:
        return EMPTY if value is None else value
