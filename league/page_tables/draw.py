"""The draw page's table of sit-outs (抜け番): how evenly the day's drawn rounds let each person sit out.

The secretary's page, so no download.  Most sit-outs first (then reading order); it sorts on the count
(ties keep that order) or by name in reading order.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from ..models.people import reading_order
from .base import PageTable, key_column, name_column


@dataclass
class SitOutRow:
    member: Any
    sit_outs: int
    reading_order: int  # the person's place in reading order among those drawn


def sit_out_rows(lines: Iterable[tuple[Any, int]]) -> list[SitOutRow]:
    """Rows of ``stats.draw.DayDraw.sit_outs`` ((member, count), most first then in reading order)."""
    lines = list(lines)
    order = {member.pk: position for position, (member, _count) in
             enumerate(sorted(lines, key=lambda line: reading_order(line[0])))}
    return [SitOutRow(member, count, order[member.pk]) for member, count in lines]


class SitOutsTable(PageTable):
    name = name_column(_("Name"), accessor="member", order_by=("reading_order",))
    sit_outs = key_column(_("Count"), attrs={"th": {"class": "num"}, "td": {"class": "num"}})

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/sit_outs.html"
        attrs = {"class": "compact sit-outs"}
