"""The draw page's tables: the sit-outs (抜け番), how evenly the day's drawn rounds let each person sit out,
and each drawn table's seats on its card.

The secretary's page, so no download.  Most sit-outs first (then reading order); it sorts on the count
(ties keep that order) or by name in reading order.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..models.people import reading_order
from ..web.links import member_name
from .base import PageTable, key_column, name_column


@dataclass
class SitOutRow:
    member: Any
    sit_outs: int
    reading_order: int  # the person's place in reading order among those drawn


def sit_out_rows(lines: Iterable[tuple[Any, int]]) -> list[SitOutRow]:
    """Rows of ``stats.draw.DayDraw.sit_outs`` ((member, count), most first then in reading order)."""
    lines = list(lines)
    order = {
        member.pk: position
        for position, (member, _count) in enumerate(sorted(lines, key=lambda line: reading_order(line[0])))
    }
    return [SitOutRow(member, count, order[member.pk]) for member, count in lines]


class SitOutsTable(PageTable):
    name = name_column(_("Name"), accessor="member", order_by=("reading_order",))
    sit_outs = key_column(_("Count"), attrs={"th": {"class": "num"}, "td": {"class": "num"}})

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/sit_outs.html"
        attrs = {"class": "compact sit-outs"}


# --- a drawn table's seats, on its card ------------------------------------------------------------------------


@dataclass
class DrawnSeatRow:
    wind: str
    member: Any
    here: bool  # still here now (a person who left after the draw is marked)
    first_dealer: bool
    name: str = ""  # the member's name as pages show it (links.member_name), made once for the row


class DrawnSeatsTable(PageTable):
    """A drawn table's four seats, east (the first dealer) first: read as the table sits, so no sorting, and
    no column headings (the card's heading names the table)."""

    wind = tables.Column(verbose_name=_("Seat"))
    name = tables.Column(verbose_name=_("Name"), accessor="member")

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/drawn_seats.html"
        attrs = {"class": "compact"}
        orderable = False
        show_header = False


def with_drawn_seat_tables(rounds: Iterable[Any]) -> None:
    """Give each drawn table of ``rounds`` (``stats.draw.ShownRound``) its card's ``seats_table``."""
    for shown in rounds:
        for table in shown.tables:
            table.seats_table = DrawnSeatsTable(
                [
                    DrawnSeatRow(wind, member, here, first_dealer=index == 0, name=member_name(member))
                    for index, (wind, member, here) in enumerate(table.seats)
                ]
            )
