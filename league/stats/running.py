"""Running standings (途中経過): how the ranking moved at the latest meeting, and points meeting by meeting.

Both read what ``standings`` reads, and nothing is recomputed:

- the movement compares two standings of the same period, one that stops the
  day before the latest meeting and one that does not (``standings_before_and_now``
  reads both in one pass, each row grouped by which side of that day it falls
  on; this module only compares the ranks);
- the cumulative table reads the stored meeting lines (a member's points of
  one meeting day, ``MeetingLine``), the day totals' lines (日計) grouped
  the same way, and one aggregate over the adjustments, grouped by member and day, summed up
  in Python in meeting order.  It may show only some of the meetings (the page shows
  at most ``LATEST_MEETINGS`` at a time, the latest first): the earlier ones are then
  read as one sum per member (their whole months from the month rows,
  ``stats.standings.line_sums``), which the first column shown starts from, and the
  later ones are not read, so every cell is the same as in the full table.

An adjustment dated on or before a meeting's day counts in that meeting's
column, as it counts in the standings that stop on that day.  Adjustments
dated after the latest meeting appear only in the total.
"""

import datetime
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Case, Exists, F, IntegerField, OuterRef, Q, Sum, Value, When

from ..models.day_totals import DayTotalLine
from ..models.games import Adjustment
from ..models.meeting_lines import MeetingLine
from ..models.meetings import Meeting
from .standings import day_lines_in, line_sums, lines_summed, meeting_lines_in, standings, standings_before_and_now

UP, DOWN, SAME, NEW = "up", "down", "same", "new"
# The meetings the page draws a column for at a time (the latest, or an earlier block of as many): a season of
# 400 meeting days is a grid nobody reads whole on a page, and drawing it took the page over its budget
# (docs/standings.md, docs/performance.md). A download can hold them all.
LATEST_MEETINGS = 50


@dataclass(frozen=True)
class Column:
    """A meeting of the period that has counted games or day totals (日計)."""

    meeting_id: int
    date: datetime.date


class Cell(NamedTuple):
    """A member's points (tenths) after a meeting; ``day`` is what that meeting added (None: did not play).

    A named tuple rather than a frozen dataclass: a big season has 16,000 cells, and
    a frozen dataclass took four times as long to make (docs/performance.md).
    """

    points: int
    day: int | None = None

    @property
    def played(self):
        return self.day is not None


@dataclass
class RunningLine:
    """A line of the current standings with the rank it had before the latest meeting."""

    line: object  # standings.Line
    previous_rank: int | None = None
    cells: list = field(default_factory=list)  # one per column: a Cell, or None before the member started

    @property
    def movement(self):
        """``(kind, steps)``: (UP, 2), (DOWN, 1), (SAME, 0) or (NEW, 0); None for an unranked line."""
        if self.line.rank is None:
            return None
        if self.previous_rank is None:
            return (NEW, 0)
        steps = self.previous_rank - self.line.rank
        if steps > 0:
            return (UP, steps)
        if steps < 0:
            return (DOWN, -steps)
        return (SAME, 0)


@dataclass
class Running:
    standings: object  # standings.Standings, now
    columns: list  # the meetings shown: a block of them, or all of them
    ranked: list  # RunningLines
    unranked: list
    meeting_count: int = 0  # the period's meetings, shown or not
    block: int = 1  # which block of meetings is shown, counted back from the latest (1: the latest)
    blocks: int = 1  # how many blocks the period's meetings make
    first_number: int = 1  # the first meeting shown, counted from the period's first (1)
    latest: Column | None = None  # the period's latest meeting (the movement's), shown or not; None: no games yet

    @property
    def left_out(self):
        """How many of the period's meetings have no column (the earlier ones still count in every total)."""
        return self.meeting_count - len(self.columns)

    @property
    def last_number(self):
        """The last meeting shown, counted from the period's first."""
        return self.first_number + len(self.columns) - 1

    @property
    def earlier_block(self):
        """The block before the one shown, or None when the first meeting is shown."""
        return self.block + 1 if self.block < self.blocks else None

    @property
    def later_block(self):
        """The block after the one shown, or None when the latest meeting is shown."""
        return self.block - 1 if self.block > 1 else None

    @property
    def lines(self):
        return self.ranked + self.unranked


def meeting_columns(period):
    """Every meeting of the period that has counted games or day totals (日計), as Columns in meeting order: one
    query.

    Asked of the meetings, a line's existence looked up by the index on its meeting: the meetings of lines in the
    period (``meeting_lines_in``) made PostgreSQL read every line of the season (11 ms against 1.5 ms).
    """
    meetings = Meeting.objects.filter(rule_set=period.rule_set)
    if period.first_day:
        meetings = meetings.filter(date__gte=period.first_day)
    if period.last_day:
        meetings = meetings.filter(date__lte=period.last_day)
    counted = Exists(MeetingLine.objects.filter(meeting=OuterRef("pk"))) | Exists(
        DayTotalLine.objects.filter(day_total__meeting=OuterRef("pk"))
    )
    return [Column(pk, date) for pk, date in meetings.filter(counted).order_by("date", "pk").values_list("pk", "date")]


def _earlier(meeting, column):
    """Rows of the meetings before ``column`` in meeting order (by day, then id); ``meeting`` leads to the Meeting."""
    return _beside(meeting, column, "lt")


def _later(meeting, column):
    """Rows of the meetings after ``column`` in meeting order."""
    return _beside(meeting, column, "gt")


def _beside(meeting, column, side):
    return Q(**{f"{meeting}__date__{side}": column.date}) | Q(
        **{f"{meeting}__date": column.date, f"{meeting}__{side}": column.meeting_id}
    )


def points_by_meeting(period, first, last=None):
    """``({member_id: {meeting_id: points}}, {member_id: points})``: each member's points of every meeting from
    ``first`` (a Column) on, up to ``last`` (a Column; None: to the period's last), and what they had before
    ``first`` (only members who had something): three queries; two when ``first`` is None (every meeting shown:
    nothing is before the first).

    A day total's points (日計) come in on its meeting, as its games would have.
    """
    # As tuples: a row per member and meeting day (16,000 in a big season) is too many to build dicts for.
    lines = meeting_lines_in(period)
    if first is None:
        return _points_of_every_meeting(lines, period)
    earlier = _earlier("meeting", first)
    shown = lines.exclude(earlier)
    if last is not None:
        shown = shown.exclude(_later("meeting", last))
    rows = shown.values_list("member", "meeting", "game_points").order_by()
    # The days before ``first``'s (their whole months from the month rows), and the meetings of its day before it.
    first_days = lines.filter(meeting__date=first.date, meeting__lt=first.meeting_id)
    before = {}
    for row in line_sums(
        period.rule_set,
        period.first_day,
        first.date - datetime.timedelta(days=1),
        ["game_points"],
        more=[lines_summed(first_days, ["game_points"])],
    ):
        before[row["member"]] = before.get(row["member"], 0) + row["game_points"]
    # The day totals grouped by member and meeting, those before ``first`` by member alone (their meeting NULL).
    meeting = Case(
        When(_earlier("day_total__meeting", first), then=Value(None)),
        default=F("day_total__meeting"),
        output_field=IntegerField(),
    )
    day_lines = day_lines_in(period)
    if last is not None:
        day_lines = day_lines.exclude(_later("day_total__meeting", last))
    days = (
        day_lines.annotate(column=meeting)
        .values("member", "column")
        .annotate(points=Sum("points"))
        .values_list("member", "column", "points")
        .order_by()
    )
    points = {}
    for member, meeting_id, game_points in rows:
        mine = points.get(member)
        if mine is None:
            mine = points[member] = {}
        mine[meeting_id] = game_points
    for member, meeting_id, day_points in days:
        if meeting_id is None:
            before[member] = before.get(member, 0) + (day_points or 0)
        else:
            mine = points.setdefault(member, {})
            mine[meeting_id] = mine.get(meeting_id, 0) + (day_points or 0)
    return points, before


def _points_of_every_meeting(lines, period):
    """``points_by_meeting`` of every meeting of the period: two queries, neither split at a first column."""
    points = {}
    for member, meeting_id, game_points in lines.values_list("member", "meeting", "game_points").order_by():
        mine = points.get(member)
        if mine is None:
            mine = points[member] = {}
        mine[meeting_id] = game_points
    days = (
        day_lines_in(period)
        .values("member", "day_total__meeting")
        .annotate(points=Sum("points"))
        .values_list("member", "day_total__meeting", "points")
        .order_by()
    )
    for member, meeting_id, day_points in days:
        mine = points.setdefault(member, {})
        mine[meeting_id] = mine.get(meeting_id, 0) + (day_points or 0)
    return points, {}


def adjustments_by_day(period):
    """``{member_id: [(date, points), …]}`` in date order, for the period's rule set and days: one query."""
    adjustments = Adjustment.objects.filter(rule_set=period.rule_set)
    if period.first_day:
        adjustments = adjustments.filter(date__gte=period.first_day)
    if period.last_day:
        adjustments = adjustments.filter(date__lte=period.last_day)
    by_member = {}
    for row in adjustments.values("member", "date").annotate(points=Sum("points")).order_by("date"):
        by_member.setdefault(row["member"], []).append((row["date"], row["points"] or 0))
    return by_member


_STALE = object()  # the total has changed since the last Cell of it was made


def cumulative_cells(columns, days, adjustments, before=None):
    """A member's running total after each column; None until their first game or adjustment.

    ``columns``: ``(meeting_id, date)`` of each column; ``days``: the member's points by meeting id;
    ``adjustments``: ``[(date, points), …]`` in date order (those before the first column count in it);
    ``before``: their points before the first column, None when they had nothing there.  A total that stays over
    the meetings a member misses is one Cell, repeated: a big season has 16,000 cells, half of them such
    repeats, and the grid draws a repeated cell once (``page_tables.running.grid_rows``).
    """
    cells = []
    append, played = cells.append, days.get
    total = before or 0
    idle = None if before is None else _STALE  # the Cell of the total as it stands, for a meeting missed
    done, count = 0, len(adjustments)
    for meeting_id, date in columns:
        while done < count and adjustments[done][0] <= date:
            total += adjustments[done][1]
            done += 1
            idle = _STALE
        day = played(meeting_id)
        if day is not None:
            total += day
            append(Cell(total, day))
            idle = _STALE
        else:
            if idle is _STALE:
                idle = Cell(total)
            append(idle)
    return cells


def running_standings(period, meetings=None, block=1):
    """The standings of ``period`` with each rank's movement at the latest meeting and the points by meeting: of
    a block of ``meetings`` meetings, the ``block``-th counted back from the latest (1: the latest; a block further
    back than the period's first is the first), or of every meeting when ``meetings`` is None or the period has no
    more.

    Nine queries whatever the number of games or meetings shown: the standings before the latest meeting and
    now (four together), the period's meetings, the meeting lines of the meetings shown and the sum of those
    before (not asked when every meeting is shown), the day totals by meeting (those before summed), and the
    adjustments by day.
    """
    every = meeting_columns(period)
    blocks, first_index = 1, 0
    if meetings and len(every) > meetings:
        blocks = -(-len(every) // meetings)
        block = min(max(block, 1), blocks)
        end = len(every) - (block - 1) * meetings
        first_index = max(end - meetings, 0)
        columns = every[first_index:end]
    else:
        block, columns = 1, every
    points, before, adjustments, previous = {}, {}, {}, {}
    if columns:
        # Every meeting shown (a short period, or a download of them all): the first column is the period's first
        # day of play, and nothing is before it; the latest shown is the period's, or nothing after it is read.
        last = columns[-1] if columns[-1] != every[-1] else None
        points, before = points_by_meeting(period, columns[0] if len(columns) < len(every) else None, last)
        adjustments = adjustments_by_day(period)
        earlier, now = standings_before_and_now(period, every[-1].date)
        previous = {line.member.pk: line.rank for line in earlier.ranked}
    else:
        now = standings(period)
    nothing, days = {}, [(column.meeting_id, column.date) for column in columns]

    def running_line(line):
        member = line.member.pk
        cells = cumulative_cells(days, points.get(member, nothing), adjustments.get(member, ()), before.get(member))
        return RunningLine(line=line, previous_rank=previous.get(member), cells=cells)

    return Running(
        standings=now,
        columns=columns,
        meeting_count=len(every),
        block=block,
        blocks=blocks,
        first_number=first_index + 1,
        latest=every[-1] if every else None,
        ranked=[running_line(line) for line in now.ranked],
        unranked=[running_line(line) for line in now.unranked],
    )
