"""The member page's tables (個人成績): the history of games (paged), the head-to-head, the figures by seat, the
summary's places and the yakuman.

The history holds every game and day total of the period (``MemberRecord.history``: a busy member has 8,000),
made when read from the page's days' meeting lines with their own seat only; the opponents' names and the parts of each
total are read for the page's rows only (``MemberRecord.with_seats``, one query), so a row's texts are
written when it comes on screen (``HistoryTable.fill_page``), and for every row for a download only.  The
history sorts on what the meeting lines already hold (the day, the total, the place); the score and the parts
are in the seats, which a sort would have to read for every game, so those columns do not sort.
"""

from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableListData
from django_tables2.rows import BoundRows
from django_tables2.utils import OrderBy

from ..models.people import reading_order
from ..stats.member import HeadToHead, MemberRecord, SeatRecord
from ..text.formatting import format_date, format_points, format_score, format_signed
from ..web.links import member_text, url_of_each, with_page_urls
from .base import PageTable, PointsFigure, detail_column, key_column, name_column, points_figure, rate_figure

GAMES_PER_PAGE = 30
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# The parts of a game's total, after its opponents, as the history's columns show them.
PARTS = ("base", "oka", "uma", "bust", "chip_points", "shugi", "chombo")
EMPTY = "—"  # a figure of a seat the member never started in


# --- the history ------------------------------------------------------------------------------------------


class HistoryRow:
    """A line of the history on the page (a game, or a day total 日計), its texts written once
    (``HistoryTable.fill_page``), with the raw values a download writes."""

    __slots__ = (
        "base",
        "bust",
        "chip_count",
        "chip_points",
        "chombo",
        "date",
        "entry",
        "game_text",
        "game_url",
        "hanchan",
        "meeting_url",
        "oka",
        "opponents",
        "place",
        "points_only",
        "score",
        "shugi",
        "total",
        "total_text",
        "uma",
        "wind",
    )

    def __init__(self, entry: Any) -> None:
        self.entry = entry
        self.total = entry.total  # tenths
        self.place = _place(entry)

    @property
    def is_day_total(self) -> bool:
        return self.entry.is_day_total


def _place(entry: Any) -> int | None:
    return None if entry.is_day_total else entry.seat.place


# What the history sorts on, read from its lines (a game's, or a day total's: no place).
HISTORY_KEYS: dict[str, Callable[[Any], Any]] = {
    "number": lambda entry: entry.number,  # the history's order: the day, then the round
    "total": lambda entry: entry.total,  # tenths
    "place": _place,
}


class SortedByKeys(TableListData):
    """Rows sorted on raw values read once per row by ``keys`` (a column's ``order_by`` name → its value of a
    row): django-tables2 reads both rows' values through its accessors at each comparison, which took tens of
    milliseconds on a history of 2,200 games.  Sorted from the least significant column on, each sort stable,
    so that ties keep the history's order, as django-tables2's.  A missing value (a day total's place) sorts as
    django-tables2 sorts it: first, last the other way."""

    def __init__(self, data: list[Any], keys: dict[str, Callable[[Any], Any]]) -> None:
        super().__init__(data)
        self.keys = keys

    def order_by(self, aliases: Any) -> None:
        order = []
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            flipped = alias[0] != bound_column.order_by_alias[0]  # as TableListData.order_by reads it
            order += bound_column.order_by.opposite if flipped else bound_column.order_by
        self.data = list(self.data)  # a sort reads every row (the history's days all read: stats.member_history)
        for key in reversed(order):
            value = self.keys[key.bare]
            self.data.sort(key=lambda row: _missing_first(value(row)), reverse=key.is_descending)


def _missing_first(value: Any) -> tuple[bool, Any]:
    return (False, 0) if value is None else (True, value)


class HistoryTable(PageTable):
    """The member's games and day totals, newest first, a page at a time (``?page=``)."""

    date = name_column(_("Date"), accessor="entry", order_by=("number",))
    total = key_column(_("Total"), attrs={"th": {"class": "num total"}, "td": {"class": "num total"}})
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    score = tables.Column(verbose_name=_("Score"), attrs=NUM, orderable=False)
    game = tables.Column(verbose_name=_("Game"), accessor="entry", orderable=False)
    seat = detail_column(_("Seat"), accessor="entry", orderable=False)
    opponents = tables.Column(verbose_name=_("Opponents"), accessor="entry", orderable=False)
    base = detail_column(_("Base"), accessor="entry", orderable=False, attrs=NUM)
    oka = detail_column(_("Oka"), accessor="entry", orderable=False, attrs=NUM)
    uma = detail_column(_("Uma"), accessor="entry", orderable=False, attrs=NUM)
    bust = detail_column(_("Bust"), accessor="entry", orderable=False, attrs=NUM)
    chips = detail_column(_("Chips"), accessor="entry", orderable=False, attrs=NUM)
    shugi = detail_column(_("Yakuman bonus"), accessor="entry", orderable=False, attrs=NUM)
    chombo = detail_column(_("Chombo"), accessor="entry", orderable=False, attrs=NUM)

    export_name = "games"
    anchor = "history-title"
    per_page = GAMES_PER_PAGE
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/member_games.html"
        attrs = {"class": "breakdown member-games key-table"}
        empty_text = _("No games in this period.")

    def __init__(self, record: MemberRecord, club: Any, **kwargs: Any) -> None:
        # The history's lines themselves, newest first, made when read (a page's days only, unless sorted or
        # downloaded): a busy member's 8,000 are neither parsed nor wrapped each, a page's lines only.
        super().__init__(SortedByKeys(record.newest_first, HISTORY_KEYS), **kwargs)
        self.record, self.club = record, club
        self.page_rows: BoundRows | None = None
        if record.win_points:
            self.columns["base"].column.verbose_name = _("Win points")

    def fill_page(self) -> None:
        """Write the texts of the page's lines: their games' seats read in one query."""
        self.page_rows = BoundRows(self._written([row.record for row in super().paginated_rows]), table=self)

    @property
    def paginated_rows(self) -> BoundRows:
        """The page's lines with their texts (``fill_page``), as the template prints them."""
        return self.page_rows if self.page_rows is not None else super().paginated_rows

    def as_values(self, exclude_columns: Any = None) -> Any:
        self.data.data = self._written(list(self.data.data))  # a download holds every game, in the page's order
        return super().as_values(exclude_columns)

    def _written(self, entries: list[Any]) -> list[HistoryRow]:
        """``entries`` (lines of the history) with their texts, their games' seats read in one query."""
        self.record.with_seats(entries)
        rows = [HistoryRow(entry) for entry in entries]
        meeting_url = url_of_each("meeting_detail", self.club.slug)
        game_url = url_of_each("game_detail", self.club.slug)
        game_name = gettext("Round %(round)s · table %(table)s")
        for row in rows:
            entry = row.entry
            row.total_text = format_points(row.total)
            if entry.is_day_total:
                row.date = format_date(entry.date)
                row.meeting_url = meeting_url(entry.day_total.meeting_id)
                games = entry.day_total.games
                row.hanchan = ngettext("%(games)s hanchan", "%(games)s hanchan", games) % {"games": games}
            else:
                seat, game = entry.seat, entry.game
                row.date = format_date(game.meeting.date)
                row.meeting_url = meeting_url(game.meeting_id)
                row.score = format_score(seat.score)
                row.game_text = game_name % {"round": game.round, "table": game.table}
                row.game_url = game_url(game.pk)
                row.points_only = game.points_only
                row.wind = str(seat.wind)
                row.opponents = [(other.member.name, other.member.page_url) for other in entry.opponents]
                for part in PARTS:  # the parts of the total, as texts
                    setattr(row, part, format_points(getattr(seat, part)))
                row.chip_count = format_signed(seat.chips) if seat.chips else ""
        return rows

    # The download: figures as numbers, the page's texts otherwise; a day total has its day, total and hanchan.

    def value_date(self, record: HistoryRow) -> str:
        return record.date

    def value_total(self, record: HistoryRow) -> Decimal | None:
        return points_figure(record.total)

    def value_place(self, record: HistoryRow) -> int | None:
        return record.place

    def value_score(self, record: HistoryRow) -> int | None:
        return None if record.is_day_total or record.entry.game.points_only else record.entry.seat.score

    def value_game(self, record: HistoryRow) -> str:
        if record.is_day_total:
            return f"{gettext('day total (日計)')} {record.hanchan}"
        return record.game_text

    def value_seat(self, record: HistoryRow) -> str:
        return "" if record.is_day_total else record.wind

    def value_opponents(self, record: HistoryRow) -> str:
        return "" if record.is_day_total else ", ".join(member_text(o.member) for o in record.entry.opponents)

    def _part(self, record: HistoryRow, part: str) -> Decimal | None:
        return None if record.is_day_total else points_figure(getattr(record.entry.seat, part))

    def value_base(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "base")

    def value_oka(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "oka")

    def value_uma(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "uma")

    def value_bust(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "bust")

    def value_chips(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "chip_points")

    def value_shugi(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "shugi")

    def value_chombo(self, record: HistoryRow) -> Decimal | None:
        return self._part(record, "chombo")


# --- the head-to-head -------------------------------------------------------------------------------------


class OpponentRow:
    """The member against one opponent (``stats.member.HeadToHead``), its texts written once."""

    __slots__ = (
        "above",
        "below",
        "even",
        "games",
        "name",
        "name_order",
        "opponent_points",
        "opponent_points_text",
        "points",
        "points_text",
        "url",
    )

    def __init__(self, record: HeadToHead, name_order: int) -> None:
        self.name, self.url, self.name_order = record.opponent.name, record.opponent.page_url, name_order
        self.points, self.opponent_points = record.points, record.opponent_points
        self.above, self.below, self.even, self.games = record.above, record.below, record.even, record.games
        self.points_text = format_points(record.points)
        self.opponent_points_text = format_points(record.opponent_points)


def opponent_rows(records: list[HeadToHead]) -> list[OpponentRow]:
    """A row per opponent in the read model's order (most games together first); sorting by name is by reading."""
    by_reading = {
        id(r): n for n, r in enumerate(sorted(records, key=lambda r: (reading_order(r.opponent), r.opponent.pk)))
    }
    return [OpponentRow(record, by_reading[id(record)]) for record in records]


class HeadToHeadTable(PageTable):
    """A row per opponent; the figures sort on their values (points in tenths), ties keeping most games first."""

    opponent = name_column(_("Opponent"), accessor="name", order_by=("name_order",))
    points = key_column(_("Points"), attrs=NUM)
    above = tables.Column(verbose_name=_("Above"), attrs=NUM)
    below = tables.Column(verbose_name=_("Below"), attrs=NUM)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM)
    even = detail_column(_("Same place"), attrs=NUM)
    opponent_points = detail_column(_("Opponent's points"), attrs=NUM)

    export_name = "head-to-head"
    anchor = "h2h-title"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/member_head_to_head.html"
        attrs = {"class": "compact head-to-head key-table"}
        prefix = "h2h-"

    def __init__(self, data: list[OpponentRow], *, member_name: str, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.columns["points"].column.verbose_name = _("%(name)s's points") % {"name": member_name}

    def value_opponent(self, record: OpponentRow) -> str:
        return record.name

    def value_points(self, record: OpponentRow) -> Decimal | None:
        return points_figure(record.points)

    def value_opponent_points(self, record: OpponentRow) -> Decimal | None:
        return points_figure(record.opponent_points)


# --- the figures by seat ----------------------------------------------------------------------------------


class SeatRow:
    """The member's games started in one seat (``stats.member.SeatRecord``), its texts written once."""

    __slots__ = (
        "average_place",
        "average_place_text",
        "games",
        "last_avoid_rate",
        "last_avoid_rate_text",
        "per_game",
        "per_game_text",
        "top_rate",
        "top_rate_text",
        "wind",
    )

    def __init__(self, record: SeatRecord) -> None:
        self.wind, self.games = str(record.wind), record.games
        self.average_place, self.top_rate = record.average_place, record.top_rate
        self.last_avoid_rate, self.per_game = record.last_avoid_rate, record.per_game
        self.average_place_text = EMPTY if record.average_place is None else str(record.average_place)
        self.top_rate_text = _rate_text(record.top_rate)
        self.last_avoid_rate_text = _rate_text(record.last_avoid_rate)
        self.per_game_text = EMPTY if record.per_game is None else format_points(record.per_game)


def _rate_text(rate: Decimal | None) -> str:
    return EMPTY if rate is None else f"{rate}%"


class SeatsTable(PageTable):
    """A row per seat, 東 first: four rows read in seat order, so they do not sort."""

    seat = name_column(_("Seat"), accessor="wind", orderable=False)
    average_place = key_column(_("Average place"), attrs=NUM, orderable=False)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM, orderable=False)
    top_rate = tables.Column(verbose_name=_("Top rate"), attrs=NUM, orderable=False)
    last_avoid_rate = tables.Column(verbose_name=_("Last-avoidance rate (ラス回避率)"), attrs=NUM, orderable=False)
    per_game = tables.Column(verbose_name=_("Per game"), attrs=NUM, orderable=False)

    export_name = "by-seat"
    anchor = "seats-title"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/member_seats.html"
        attrs = {"class": "compact by-seat key-table"}
        prefix = "seats-"

    def value_seat(self, record: SeatRow) -> str:
        return record.wind

    def value_average_place(self, record: SeatRow) -> Decimal | None:
        return record.average_place

    def value_top_rate(self, record: SeatRow) -> Decimal | None:
        return rate_figure(record.top_rate)

    def value_last_avoid_rate(self, record: SeatRow) -> Decimal | None:
        return rate_figure(record.last_avoid_rate)

    def value_per_game(self, record: SeatRow) -> Decimal | None:
        return None if record.per_game is None else PointsFigure(record.per_game)


# --- the places (the summary's count and rate of each place) ---------------------------------------------


class PlacesRow:
    """A figure of each place (着順): how many, or how often; the texts written once."""

    __slots__ = ("label", "texts", "values")

    def __init__(self, label: Any, values: list[Any], texts: list[str]) -> None:
        self.label, self.values, self.texts = label, values, texts


class PlaceColumn(tables.Column):
    """One place's column: its figure in each row, for the download (the page prints the rows' texts)."""

    def __init__(self, index: int, **kwargs: Any) -> None:
        super().__init__(
            accessor="label", orderable=False, attrs={"th": {"class": "num"}, "td": {"class": "num"}}, **kwargs
        )
        self.index = index

    def value(self, record: PlacesRow, **kwargs: Any) -> Any:
        return record.values[self.index]


class PlacesTable(PageTable):
    """Two rows, the count and the rate, a column per place of the rules (3 or 4): a figure read, not sorted."""

    figure = tables.Column(verbose_name="", accessor="label", orderable=False)

    export_name = "places"
    anchor = "summary-title"

    class Meta(PageTable.Meta):
        template_name = "league/tables/member_places.html"
        attrs = {"class": "compact places"}
        prefix = "places-"

    def __init__(self, line: Any, labels: list[Any], **kwargs: Any) -> None:
        rows = [
            PlacesRow(_("Count"), list(line.places), [str(count) for count in line.places]),
            PlacesRow(_("Rate"), list(line.place_rates), [f"{rate}%" for rate in line.place_rates]),
        ]
        extra = [
            (f"place_{number}", PlaceColumn(number - 1, verbose_name=label))
            for number, label in enumerate(labels, start=1)
        ]
        super().__init__(rows, extra_columns=extra, **kwargs)

    def value_figure(self, record: PlacesRow) -> str:
        return str(record.label)


# --- the yakuman ------------------------------------------------------------------------------------------


class YakumanRow:
    """A yakuman of the member, newest first, its texts written once."""

    __slots__ = ("date", "game_text", "game_url", "meeting_url", "name", "win")

    def __init__(self, yakuman: Any, meeting_url: Any, game_url: Any, game_name: str) -> None:
        game = yakuman.game
        self.date = format_date(game.meeting.date)
        self.meeting_url, self.game_url = meeting_url(game.meeting_id), game_url(yakuman.game_id)
        name = yakuman.name or str(yakuman.get_kind_display())
        self.name = f"{name} ×{yakuman.count}" if yakuman.count > 1 else name
        self.win = str(yakuman.get_win_display())
        self.game_text = game_name % {"round": game.round, "table": game.table}


def yakuman_rows(yakuman: Iterable[Any], club: Any) -> list[YakumanRow]:
    meeting_url = url_of_each("meeting_detail", club.slug)
    game_url = url_of_each("game_detail", club.slug)
    game_name = gettext("Round %(round)s · table %(table)s")
    return [YakumanRow(one, meeting_url, game_url, game_name) for one in yakuman]


class MemberYakumanTable(PageTable):
    """The member's yakuman, newest first: a list read in its order."""

    date = tables.Column(verbose_name=_("Date"), orderable=False)
    name = tables.Column(verbose_name=_("Yakuman"), orderable=False)
    win = tables.Column(verbose_name=_("Win"), orderable=False)
    game = tables.Column(verbose_name=_("Game"), accessor="game_text", orderable=False)

    export_name = "yakuman"
    anchor = "yakuman-title"

    class Meta(PageTable.Meta):
        template_name = "league/tables/member_yakuman.html"
        attrs = {"class": "compact yakuman-list"}
        prefix = "yakuman-"


def member_tables(
    record: MemberRecord, club: Any, member_name: str, period_query: str, place_labels: list[Any]
) -> dict[str, PageTable]:
    """The page's tables of ``record``, by the name the page shows them by; the history first (its download,
    ``?_export=`` with no ``_table``, is the page's)."""
    with_page_urls(club, record.members.values(), period_query)
    return {
        "history_table": HistoryTable(record, club),
        "places_table": PlacesTable(record.line, place_labels),
        "head_to_head_table": HeadToHeadTable(opponent_rows(record.head_to_head), member_name=member_name),
        "seats_table": SeatsTable([SeatRow(seat) for seat in record.seats]),
        "yakuman_table": MemberYakumanTable(yakuman_rows(record.yakuman, club)),
    }
