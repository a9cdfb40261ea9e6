"""A meeting's tables (開催日): the day's standings, its money, the settlements kept, the drift, the day totals.

The rows are built from the day's read model (``stats.day_figures``) once per request: each row's text is
written here once (points, yen, chips in the page's language), its raw figures kept beside it for sorting
and for the downloads (points as numbers, yen as integers).  The day's standings sort on their points
(integer tenths) and counts; ties keep the day's ranking.  The day's money sorts on its yen.  The kept
settlements and the drift are short and read as they stand: they do not sort and have no download.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..text.formatting import format_points, format_signed, format_yen
from ..web.links import member_text
from .base import PageTable, detail_column, key_column, name_column, points_figure, rank_column

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def _number(verbose_name: Any, **kwargs: Any) -> tables.Column:
    return tables.Column(verbose_name=verbose_name, attrs=NUM, **kwargs)


# --- the day's standings ----------------------------------------------------------------------------------


@dataclass
class DayStandingRow:
    """One person's day as the standings show it: raw figures (points in tenths) and their text."""

    rank: int | None
    member: Any
    points: int
    games: int
    places: list[int]
    chips: int
    points_text: str
    chips_text: str


def day_standing_rows(lines: Iterable[Any]) -> list[DayStandingRow]:
    """The rows of the day's lines (``stats.day_money.DayLine``, in the day's ranking)."""
    return [
        DayStandingRow(
            line.rank,
            line.member,
            line.points,
            line.games,
            list(line.places),
            line.chips,
            format_points(line.points),
            format_signed(line.chips),
        )
        for line in lines
    ]


class DayStandingsTable(PageTable):
    """The day's standings: rank, name, points (the key), games, games by place, chips."""

    rank = rank_column(_("Rank"), orderable=False)  # sorting by rank is sorting by points
    name = name_column(_("Name"), accessor="member", orderable=False)
    points = key_column(
        _("Points"), attrs={"th": {"class": "num total"}, "td": {"class": "num total"}}, order_by=("points",)
    )
    games = _number(_("Games"))
    chips = detail_column(_("Chips"), attrs=NUM)

    export_name = "day-standings"
    anchor = "day-heading"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/day_standings.html"
        attrs = {"class": "day-standings key-table"}
        prefix = "day-"

    def __init__(
        self,
        rows: list[DayStandingRow],
        *,
        place_names: Sequence[Any],
        chips: bool = True,
        sortable: bool = True,
        **kwargs: Any,
    ) -> None:
        places = [
            (f"place_{number}", detail_column(name, accessor=f"places__{number - 1}", attrs=NUM))
            for number, name in enumerate(place_names, start=1)
        ]
        sequence = ["rank", "name", "points", "games", *(name for name, _column in places)]
        sequence += ["chips"] if chips else []
        super().__init__(
            rows,
            extra_columns=places,
            sequence=sequence,
            exclude=() if chips else ("chips",),
            orderable=sortable,
            **kwargs,
        )
        self.with_chips = chips

    def value_name(self, value: Any) -> str:
        return member_text(value)

    def value_points(self, value: int) -> Decimal | None:
        return points_figure(value)


# --- the day's money --------------------------------------------------------------------------------------


@dataclass
class DayMoneyRow:
    """One person's money of the day: yen as integers (None when the day settled nothing for them) and text."""

    member: Any
    received: int | None
    net: int | None
    fee: int | None
    games: int
    present_at_close: bool
    received_text: str
    net_text: str
    fee_text: str


def day_money_rows(lines: Iterable[Any]) -> list[DayMoneyRow]:
    """The rows of the day's money lines (``DayLine`` with its ``money``), in the day's order."""
    rows = []
    for line in lines:
        money = line.money
        received, net, fee = (money.received, money.net, money.fee) if money else (None, None, None)
        rows.append(
            DayMoneyRow(
                line.member,
                received,
                net,
                fee,
                line.games,
                line.present_at_close,
                format_yen(received),
                format_yen(net),
                format_yen(fee),
            )
        )
    return rows


class DayMoneyTable(PageTable):
    """The day's money: who receives what (the key), their net and fee, games, and whether they stayed."""

    name = name_column(_("Name"), accessor="member", orderable=False)
    received = key_column(_("Receives"), attrs=NUM)
    net = _number(_("Net"))
    fee = detail_column(_("Fee"), attrs=NUM)
    games = detail_column(_("Games"), attrs=NUM)
    at_close = detail_column(_("At the close"), accessor="present_at_close", orderable=False)

    export_name = "day-money"
    anchor = "settlement-heading"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/day_money.html"
        attrs = {"class": "money key-table"}
        prefix = "money-"

    def __init__(self, money: Any, **kwargs: Any) -> None:
        super().__init__(day_money_rows(money.lines), **kwargs)
        self.received_total = format_yen(money.received_total)
        self.collected = format_yen(money.collected)
        self.club = format_yen(money.club) if money.club else ""

    def value_name(self, value: Any) -> str:
        return member_text(value)

    def value_at_close(self, value: bool) -> str:
        return gettext("present") if value else gettext("left early")


# --- the settlements kept ---------------------------------------------------------------------------------


@dataclass
class KeptLineRow:
    """One person's money as a kept settlement wrote it (their name as it was then)."""

    name: str
    fee: str
    received: str
    net: str
    games: int


class KeptLinesTable(PageTable):
    """What each paid and received in one kept settlement: read as kept, so not sorted."""

    name = name_column(_("Name"), orderable=False)
    fee = _number(_("Fee"), orderable=False)
    received = _number(_("Receives"), orderable=False)
    net = _number(_("Net"), orderable=False)
    games = _number(_("Games"), orderable=False)

    class Meta(PageTable.Meta):
        template_name = "league/tables/kept_lines.html"
        attrs = {"class": "money compact"}

    def __init__(self, lines: Iterable[dict], club: int | None, **kwargs: Any) -> None:
        rows = [
            KeptLineRow(
                line["name"],
                format_yen(line["fee"]),
                format_yen(line["received"]),
                format_yen(line["net"]),
                line["games"],
            )
            for line in lines
        ]
        super().__init__(rows, **kwargs)
        self.club = format_yen(club) if club else ""


def kept_lines_tables(entries: Iterable[Any]) -> None:
    """Give each settlement entry (``stats.settlements.history``) that kept a record its ``table``."""
    for entry in entries:
        entry.table = KeptLinesTable(entry.lines, entry.record.get("club")) if entry.record else None


# --- the drift ----------------------------------------------------------------------------------------------


@dataclass
class DriftRow:
    """A person whose day differs from the kept settlement: the figures as text, and which of them changed."""

    name: str
    kept_points: str
    now_points: str
    kept_net: str
    now_net: str
    difference: str
    points_changed: bool
    money_changed: bool


class DriftTable(PageTable):
    """Each person whose points or money differ: a short warning, read as it stands (on a phone, cards)."""

    name = name_column(_("Name"), orderable=False)
    kept_points = _number(_("Points at the close"), orderable=False)
    now_points = _number(_("Points now"), orderable=False)
    kept_net = _number(_("Net as kept"), orderable=False)
    now_net = _number(_("Net from the games now"), orderable=False)
    difference = _number(_("Difference"), orderable=False)

    class Meta(PageTable.Meta):
        template_name = "league/tables/drift.html"
        attrs = {"class": "money drift phone-cards"}

    def __init__(self, drift: Iterable[Any], **kwargs: Any) -> None:
        rows = [
            DriftRow(
                line.name,
                format_points(line.kept_points),
                format_points(line.now_points),
                format_yen(line.kept_net),
                format_yen(line.now_net),
                format_yen(line.difference),
                line.points_changed,
                line.money_changed,
            )
            for line in drift
        ]
        super().__init__(rows, **kwargs)


# --- the day totals -------------------------------------------------------------------------------------------


@dataclass
class DayTotalRow:
    """One player's line of a day total (日計): the hanchan of its table and their points over them."""

    member: Any
    games: int
    points: int
    points_text: str
    starts_total: bool = False  # the first line of a total after another: the table starts a new group there


def day_total_rows(day_totals: Iterable[Any]) -> list[DayTotalRow]:
    """The lines of the day's totals (``DayTotal.objects.with_lines()``), each total's highest points first."""
    return [
        DayTotalRow(
            line.member, total.games, line.points, format_points(line.points), starts_total=index == 0 and number > 0
        )
        for number, total in enumerate(day_totals)
        for index, line in enumerate(total.lines.all())
    ]


class DayTotalsTable(PageTable):
    """The day totals of a day known by them: member, hanchan, points; in their totals, not sorted."""

    member = name_column(_("Member"), orderable=False)
    games = _number(_("Hanchan (半荘数)"), orderable=False)
    points = key_column(_("Points"), attrs=NUM, orderable=False)

    export_name = "day-totals"
    anchor = "day-totals-heading"

    class Meta(PageTable.Meta):
        template_name = "league/tables/day_totals.html"
        attrs = {"class": "compact day-total-lines"}
        prefix = "totals-"

    def value_member(self, value: Any) -> str:
        return member_text(value)

    def value_points(self, value: int) -> Decimal | None:
        return points_figure(value)
