"""The season's money page's table (精算): what each person paid and received at the period's closed meetings.

One row per ``stats.money.MemberMoney`` (by net, highest first), its yen written once here; it sorts on the
yen and counts (ties keep that order) and downloads them as integers.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..text.formatting import format_yen
from ..web.links import member_text
from .base import PageTable, detail_column, key_column, name_column

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


@dataclass
class SeasonMoneyRow:
    member: Any
    received: int
    net: int
    fees: int
    meetings: int
    games: int
    received_text: str
    net_text: str
    fees_text: str


def season_money_rows(lines: Iterable[Any]) -> list[SeasonMoneyRow]:
    return [
        SeasonMoneyRow(
            line.member,
            line.received,
            line.net,
            line.fees,
            line.meetings,
            line.games,
            format_yen(line.received),
            format_yen(line.net),
            format_yen(line.fees),
        )
        for line in lines
    ]


class SeasonMoneyTable(PageTable):
    name = name_column(_("Name"), accessor="member", orderable=False)
    received = key_column(_("Received"), attrs=NUM)
    net = tables.Column(verbose_name=_("Net"), attrs=NUM)
    fees = detail_column(_("Fees paid"), attrs=NUM)
    meetings = detail_column(_("Meetings"), attrs=NUM)
    games = detail_column(_("Games"), attrs=NUM)

    export_name = "season-money"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/season_money.html"
        attrs = {"class": "money key-table"}

    def value_name(self, value: Any) -> str:
        return member_text(value)
