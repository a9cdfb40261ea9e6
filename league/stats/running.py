"""Running standings (途中経過): how the ranking moved at the latest meeting, and points meeting by meeting.

Both read what ``standings`` reads, and nothing is recomputed:

- the movement compares two standings of the same period, one that stops the
  day before the latest meeting and one that does not (``standings_before_and_now``
  reads both in one pass, each row grouped by which side of that day it falls
  on; this module only compares the ranks);
- the cumulative table reads the stored meeting lines (a member's points of
  one meeting day, ``MeetingLine``), the day totals' lines (日計) grouped
  the same way, and one aggregate over the adjustments, grouped by member and day, summed up
  in Python in meeting order.

An adjustment dated on or before a meeting's day counts in that meeting's
column, as it counts in the standings that stop on that day.  Adjustments
dated after the latest meeting appear only in the total.
"""

import datetime
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Sum

from ..models import Adjustment, Meeting
from .standings import day_lines_in, meeting_lines_in, standings, standings_before_and_now

UP, DOWN, SAME, NEW = "up", "down", "same", "new"


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
    columns: list
    ranked: list  # RunningLines
    unranked: list

    @property
    def lines(self):
        return self.ranked + self.unranked

    @property
    def latest(self):
        """The latest meeting's column, or None when the period has no games yet."""
        return self.columns[-1] if self.columns else None


def points_by_meeting(period):
    """``{(member_id, meeting_id): points}`` and the period's meetings as Columns: three queries.

    A day total's points (日計) come in on its meeting, as its games would have.
    """
    # As tuples: a row per member and meeting day (16,000 in a big season) is too many to build dicts for.  The
    # days are read once per meeting: on every line, SQLite's dates were parsed 16,000 times (two thirds of the read).
    lines = meeting_lines_in(period)
    rows = lines.values_list("member", "meeting", "game_points").order_by()
    dates = dict(Meeting.objects.filter(pk__in=lines.values("meeting")).values_list("pk", "date").order_by())
    days = (day_lines_in(period).values("member", "day_total__meeting", "day_total__meeting__date")
            .annotate(points=Sum("points")).order_by())
    points = {(member, meeting): game_points for member, meeting, game_points in rows}
    for row in days:
        key = (row["member"], row["day_total__meeting"])
        points[key] = points.get(key, 0) + (row["points"] or 0)
        dates[row["day_total__meeting"]] = row["day_total__meeting__date"]
    return points, sorted((Column(meeting, date) for meeting, date in dates.items()),
                          key=lambda column: (column.date, column.meeting_id))


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


def cumulative_cells(member_id, columns, points, adjustments):
    """The member's running total after each column; None until their first game or adjustment."""
    cells, total, started = [], 0, False
    pending = list(adjustments.get(member_id, ()))
    for column in columns:
        while pending and pending[0][0] <= column.date:
            total += pending.pop(0)[1]
            started = True
        day = points.get((member_id, column.meeting_id))
        if day is not None:
            total += day
            started = True
        cells.append(Cell(total, day) if started else None)
    return cells


def running_standings(period):
    """The standings of ``period`` with each rank's movement at the latest meeting and the points by meeting.

    Eight queries whatever the number of games: the standings before the latest
    meeting and now (four together), the meeting lines, their meetings' days and the day totals by meeting, and
    the adjustments by day.
    """
    points, columns = points_by_meeting(period)
    adjustments = adjustments_by_day(period)
    previous = {}
    if columns:
        before, now = standings_before_and_now(period, columns[-1].date)
        previous = {line.member.pk: line.rank for line in before.ranked}
    else:
        now = standings(period)

    def running_line(line):
        return RunningLine(line=line, previous_rank=previous.get(line.member.pk),
                           cells=cumulative_cells(line.member.pk, columns, points, adjustments))

    return Running(standings=now, columns=columns, ranked=[running_line(line) for line in now.ranked],
                   unranked=[running_line(line) for line in now.unranked])
