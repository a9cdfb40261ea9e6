"""The running standings' tables (途中経過): the ranking with each rank's movement at the latest meeting
(``move-`` prefix), and the grid of each member's points after each meeting shown, a column per meeting.

The page shows at most ``LATEST_MEETINGS`` meetings at a time (40 members × 50 meetings = 2,000 cells), printed by
the grid's template; a download may hold every meeting (``?all=1``), through its declared columns.  A total that
stays over the meetings a member misses is one ``Cell`` repeated (``stats.running.cumulative_cells``), and its
text is written once.  The grid is read in the ranking's order and a meeting's column means nothing sorted, so
nothing sorts.
"""

from decimal import Decimal
from typing import Any, NamedTuple

import django_tables2 as tables
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from ..models.people import reading_order
from ..stats.running import DOWN, NEW, SAME, UP, Column, Running, RunningLine
from ..text.formatting import format_date, format_month_day, format_points
from ..web.links import member_text, url_of_each
from .base import PageTable, key_column, name_column, points_figure, rank_column

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
PLAYED, IDLE = "num", "num idle"  # a cell's class: dimmed where the member did not play


class GridCell(NamedTuple):
    """A cell of the grid as printed: its figure's text and its class (a tuple: the template unpacks it, faster
    than looking up two attributes in each of 2,000 cells)."""

    text: str
    css: str


BEFORE = GridCell("", PLAYED)  # a cell before the member's first game


class GridRow:
    """A member's line of the grid: rank, name and total, and its cells, one per meeting shown."""

    __slots__ = ("cells", "line", "member", "rank", "running", "total_text")

    def __init__(self, running: RunningLine, cells: list[GridCell]) -> None:
        self.running, self.line, self.member, self.rank = running, running.line, running.line.member, running.line.rank
        self.total_text = format_points(self.line.points)
        self.cells = cells


class MeetingHeading:
    """A meeting's column heading: its day, linked to the meeting."""

    __slots__ = ("iso", "long", "short", "url")

    def __init__(self, column: Column, url: str) -> None:
        self.url, self.iso = url, column.date.isoformat()
        self.long, self.short = format_date(column.date), format_month_day(column.date)


def grid_rows(running: Running) -> list[GridRow]:
    """The rows of ``running``'s grid, a cell of the same figure and kind made once for the grid."""
    language = get_language()
    made: dict[tuple[int, bool], GridCell] = {}

    def grid_cell(points: int, played: bool) -> GridCell:
        cell = made.get((points, played))
        if cell is None:
            cell = made[points, played] = GridCell(format_points(points, language), PLAYED if played else IDLE)
        return cell

    def row(line: RunningLine) -> GridRow:
        cells: list[GridCell] = []
        append, last, shown = cells.append, None, BEFORE
        for cell in line.cells:
            if cell is not last:  # a repeated Cell (a meeting missed) is the same cell
                last = cell
                if cell is not None:
                    shown = grid_cell(cell.points, cell.day is not None)
            append(shown)
        return GridRow(line, cells)

    return [row(line) for line in running.lines]


class MeetingColumn(tables.Column):
    """A meeting's column: the member's points after it, for the download (the page prints the rows' pairs)."""

    def __init__(self, index: int, **kwargs: Any) -> None:
        super().__init__(accessor="member", orderable=False, **kwargs)
        self.index = index

    def value(self, record: GridRow, **kwargs: Any) -> Decimal | None:
        cell = record.running.cells[self.index]
        return None if cell is None else points_figure(cell.points)


class RunningGridTable(PageTable):
    """Member, total, then a column per meeting shown (``meeting_<id>``), added for the meetings of the grid."""

    member = name_column(_("Member"), orderable=False, attrs={"th": {"class": "member"}, "td": {"class": "member"}})
    total = key_column(
        _("Total"),
        accessor="line__points",
        orderable=False,
        attrs={"th": {"class": "num total"}, "td": {"class": "num total"}},
    )

    export_name = "running-standings"
    wide = True
    has_detail_columns = False  # every column shows on a phone: the grid scrolls

    class Meta(PageTable.Meta):
        template_name = "league/tables/running_grid.html"
        attrs = {"class": "running key-table"}

    def __init__(self, running: Running, club: Any, *, for_download: bool = False, **kwargs: Any) -> None:
        meeting_url = url_of_each("meeting_detail", club.slug)
        self.meetings = [MeetingHeading(column, meeting_url(column.meeting_id)) for column in running.columns]
        # The meetings' columns exist only for a download: the page writes their headings from ``meetings`` and
        # their cells in ``grid_rows``, and 400 declared columns copied per table cost the page ~10 ms.
        extra = (
            [
                (f"meeting_{column.meeting_id}", MeetingColumn(index, verbose_name=heading.long))
                for index, (column, heading) in enumerate(zip(running.columns, self.meetings, strict=True))
            ]
            if for_download
            else []
        )
        super().__init__(grid_rows(running), extra_columns=extra, **kwargs)

    def value_member(self, record: GridRow) -> str:
        return member_text(record.member)

    def value_total(self, record: GridRow) -> Decimal | None:
        return points_figure(record.line.points)


# --- the ranking and its movement ----------------------------------------------------------------------------


class MovementRow:
    """A ranked member's line: rank, points, movement at the latest meeting, games and what that meeting added,
    its texts written once, with the raw values the headings sort on."""

    __slots__ = (
        "games",
        "kind",
        "last",
        "last_text",
        "member",
        "move",
        "points",
        "points_text",
        "rank",
        "reading",
        "steps",
    )

    def __init__(self, entry: RunningLine, language: str | None) -> None:
        line = entry.line
        self.rank, self.member, self.games, self.points = line.rank, line.member, line.games, line.points
        self.points_text = format_points(line.points, language)
        self.reading = reading_order(line.member)
        self.kind, self.steps = entry.movement
        # Risers first when sorted highest first; a member new to the ranking has no earlier rank to move from.
        self.move = (self.kind != NEW, self.steps if self.kind == UP else -self.steps if self.kind == DOWN else 0)
        latest = entry.cells[-1] if entry.cells else None
        day = latest.day if latest is not None else None
        self.last = (day is not None, day or 0)  # not played at the latest meeting sorts below any figure
        self.last_text = format_points(day, language)


def _move_text(row: MovementRow) -> str:
    """The movement as a download writes it, in words a spreadsheet reader understands."""
    if row.kind == UP:
        return ngettext("up %(steps)s place", "up %(steps)s places", row.steps) % {"steps": row.steps}
    if row.kind == DOWN:
        return ngettext("down %(steps)s place", "down %(steps)s places", row.steps) % {"steps": row.steps}
    if row.kind == SAME:
        return gettext("unchanged")
    return pgettext("rank movement", "new")


class RunningMovementTable(PageTable):
    """The ranked members in rank order; each heading sorts, the better figures first."""

    rank = rank_column(_("Rank"))
    member = name_column(_("Member"), order_by=("reading",))
    points = key_column(_("Points"), attrs=NUM, initial_sort_descending=True)
    move = tables.Column(verbose_name=_("Move"), initial_sort_descending=True)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM, initial_sort_descending=True)
    last = tables.Column(verbose_name=_("Last meeting"), attrs=NUM, initial_sort_descending=True)

    export_name = "running-movement"
    anchor = "movement-heading"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/running_movement.html"
        attrs = {"class": "compact running-now key-table"}
        prefix = "move-"

    def __init__(self, running: Running, **kwargs: Any) -> None:
        language = get_language()
        super().__init__([MovementRow(entry, language) for entry in running.ranked], **kwargs)

    def value_member(self, record: MovementRow) -> str:
        return member_text(record.member)

    def value_points(self, record: MovementRow) -> Decimal:
        return points_figure(record.points)

    def value_move(self, record: MovementRow) -> str:
        return _move_text(record)

    def value_last(self, record: MovementRow) -> Decimal | None:
        return points_figure(record.last[1]) if record.last[0] else None
