"""A member's history of a period (履歴: games and day totals 日計, oldest first, numbered, with the running total of
both), as the member page and its JSON read it: a sequence whose entries are made only when read.

The period's meeting lines of the member are read narrow (a day's meetings, games and points, not the games
themselves): they number every entry and add up the running total of each day, so a page of 30 games (100 in the
JSON) reads and parses only its own days' games (``MeetingLine.games_played``, one query), however long the
history; the chart reads the days, and the day totals are read whole (they are few).  A day's games come in the
order of their meetings, then of round, table and id; its day totals after them (docs/performance.md, "The
member page").
"""

import bisect
import datetime
import functools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..models.day_totals import DayTotalLine
from ..models.meeting_lines import MeetingLine
from .member_games import GameFigures, GameLine, MeetingDay, OwnSeat, game_order

# A history of this many entries or fewer is read whole at its first read: the chart draws each of them.
READ_WHOLE_UP_TO = 300


@dataclass
class DayTotalEntry:
    """One day total (日計) of the member in the history: the day, its hanchan and the member's points."""

    number: int  # its place in the history, as GameLine's
    line: DayTotalLine
    cumulative: int  # tenths, as GameLine's
    is_day_total = True

    @property
    def day_total(self):
        return self.line.day_total

    @property
    def date(self):
        return self.line.day_total.meeting.date

    @property
    def total(self):
        return self.line.points


class HistoryDay:
    """A date of the history: its meetings (the member's lines), their games and points, its day totals, where its
    entries start (``first``, counted from 0; ``games_before``) and the running total before it; ``entries`` once
    made."""

    __slots__ = ("before", "date", "day_lines", "entries", "first", "games", "games_before", "meetings", "points")

    def __init__(self, date: datetime.date) -> None:
        self.date, self.meetings, self.games, self.points, self.day_lines = date, [], 0, 0, []
        self.first = self.games_before = self.before = 0
        self.entries: list | None = None

    @property
    def count(self) -> int:
        return self.games + len(self.day_lines)

    @property
    def total(self) -> int:
        return self.points + sum(line.points for line in self.day_lines)


class MemberHistory:
    """The member's entries of a period; ``days`` in date order.  ``rows`` are the member's lines of the period,
    ``(meeting id, date, games, Σ totals)`` in date and meeting order; ``day_lines`` their day totals' lines;
    ``stored`` and ``parsed`` what ``summarise`` reads for the chart (the JSON has none: not made for it)."""

    def __init__(
        self,
        member: Any,
        rows: Iterable[tuple],
        day_lines: Iterable[DayTotalLine],
        stored: dict | None = None,
        parsed: dict | None = None,
    ) -> None:
        self.member = member
        self._stored, self._parsed = stored or {}, parsed or {}
        days: dict[datetime.date, HistoryDay] = {}
        for meeting_id, date, games, points in rows:
            day = days.get(date) or days.setdefault(date, HistoryDay(date))
            day.meetings.append(meeting_id)
            day.games += games
            day.points += points
        for line in sorted(
            day_lines, key=lambda line: (line.day_total.meeting.date, line.day_total.meeting_id, line.day_total_id)
        ):
            date = line.day_total.meeting.date
            (days.get(date) or days.setdefault(date, HistoryDay(date))).day_lines.append(line)
        self.days = sorted(days.values(), key=lambda day: day.date)
        count = games = cumulative = 0
        for day in self.days:
            day.first, day.games_before, day.before = count, games, cumulative
            count, games, cumulative = count + day.count, games + day.games, cumulative + day.total
        self.length, self.game_count, self.final = count, games, cumulative
        self._firsts = [day.first for day in self.days]
        self._game_firsts = [day.games_before for day in self.days]

    @functools.cached_property
    def summary(self) -> "HistorySummary | None":
        return summarise(self, self._stored, self._parsed)

    def day_totals(self) -> list[DayTotalEntry]:
        """The day totals, oldest first, numbered and added up (their days' games are not read)."""
        entries = []
        for day in self.days:
            number, cumulative = day.first + day.games, day.before + day.points
            for line in day.day_lines:
                number, cumulative = number + 1, cumulative + line.points
                entries.append(DayTotalEntry(number=number, line=line, cumulative=cumulative))
        return entries

    def entries(self, start: int, stop: int, games_only: bool = False) -> list:
        """The entries from ``start`` to ``stop`` (counted from 0; among the games only with ``games_only``), their
        days' games read in one query for the days not read before."""
        if start >= stop:
            return []
        firsts = self._game_firsts if games_only else self._firsts
        low, high = bisect.bisect_right(firsts, start) - 1, bisect.bisect_left(firsts, stop)
        days = self.days[max(low, 0) : high]
        self._make(day for day in (self.days if self.length <= READ_WHOLE_UP_TO else days) if day.entries is None)
        entries = [entry for day in days for entry in day.entries if not (games_only and entry.is_day_total)]
        offset = (days[0].games_before if games_only else days[0].first) if days else 0
        return entries[start - offset : stop - offset]

    def _make(self, days: Iterable[HistoryDay]) -> None:
        days = list(days)
        meetings = [meeting for day in days for meeting in day.meetings]
        texts = dict(
            MeetingLine.objects.filter(member=self.member, meeting_id__in=meetings).values_list(
                "meeting_id", "games_played"
            )
            if meetings
            else ()
        )
        for day in days:
            entries, number, cumulative = [], day.first, day.before
            for meeting_id in day.meetings:
                meeting = MeetingDay(meeting_id, day.date)
                for game_id, round_number, table, seat, place, total, met in sorted(
                    json.loads(texts.get(meeting_id, "[]")),
                    key=game_order,  # a line gone since: no game
                ):
                    number, cumulative = number + 1, cumulative + total
                    game = GameFigures(game_id, meeting, round_number, table)
                    entries.append(GameLine(number, game, OwnSeat(seat, place, total), met, cumulative))
            for line in day.day_lines:
                number, cumulative = number + 1, cumulative + line.points
                entries.append(DayTotalEntry(number=number, line=line, cumulative=cumulative))
            day.entries = entries


class HistoryView:
    """The history (or its games only) as a sequence, oldest or newest first: ``view[::-1]`` turns it round, a
    slice reads only its own days."""

    def __init__(self, history: MemberHistory, games_only: bool = False, newest_first: bool = False) -> None:
        self.history, self.games_only, self.newest_first = history, games_only, newest_first

    def __len__(self) -> int:
        return self.history.game_count if self.games_only else self.history.length

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator:
        return iter(self[0 : len(self)])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, HistoryView)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal as its entries are: a sequence, not a key

    def __getitem__(self, key: int | slice) -> Any:
        size = len(self)
        if isinstance(key, slice):
            start, stop, step = key.indices(size)
            if step == -1 and key.start is None and key.stop is None:
                return HistoryView(self.history, self.games_only, not self.newest_first)
            if step != 1:
                return list(self)[key]
            if not self.newest_first:
                return self.history.entries(start, stop, self.games_only)
            return self.history.entries(size - max(stop, start), size - start, self.games_only)[::-1]
        index = key + size if key < 0 else key
        if not 0 <= index < size:
            raise IndexError(key)
        return self[index : index + 1][0]

    @property
    def summary(self) -> "HistorySummary":
        return self.history.summary


@dataclass
class HistorySummary:
    """What the chart of points shows of a history: how many entries, the first and last day, the final, highest
    and lowest running total (each ``(points, after which entry)``, the first reaching it), and each day's
    ``(date, entries, their points, its last entry's number, the running total after it)``."""

    count: int
    first: datetime.date
    last: datetime.date
    final: int
    high: tuple[int, int]
    low: tuple[int, int]
    days: list[tuple[datetime.date, int, int, int, int]]


def _highest_and_lowest(points: Iterable[tuple[int, int]], high=None, low=None) -> tuple:
    """The first highest and first lowest of ``(running total, number)`` in order, after ``high`` and ``low``."""
    for candidate in points:
        if high is None or candidate[0] > high[0]:
            high = candidate
        if low is None or candidate[0] < low[0]:
            low = candidate
    return high, low


def summary_of_entries(entries: list) -> HistorySummary:
    """The summary of entries read in full (each with ``date``, ``number``, ``total`` and ``cumulative``)."""
    days: list[list] = []
    for entry in entries:
        if days and days[-1][0] == entry.date:
            day = days[-1]
            day[1], day[2], day[3], day[4] = day[1] + 1, day[2] + entry.total, entry.number, entry.cumulative
        else:
            days.append([entry.date, 1, entry.total, entry.number, entry.cumulative])
    high, low = _highest_and_lowest((entry.cumulative, entry.number) for entry in entries)
    return HistorySummary(
        len(entries), entries[0].date, entries[-1].date, entries[-1].cumulative, high, low, [tuple(d) for d in days]
    )


def summarise(history: MemberHistory, stored: dict, parsed: dict) -> HistorySummary | None:
    """The summary of ``history`` without reading its games: a month's highest and lowest running total from its
    stored figures (``stored``: month → ``(high, high_at, low, low_at)``; a stored month has no day total), the
    other days' from their games (``parsed``: date → the games in play order, as the lines keep them)."""
    if not history.days:
        return None
    high = low = None
    counted = set()  # the stored months met so far: a month's first day adds its figures
    for day in history.days:
        month = day.date.replace(day=1)
        if month in stored:
            if month not in counted:
                counted.add(month)
                month_high, high_at, month_low, low_at = stored[month]
                high, low = _highest_and_lowest(
                    [(day.before + month_high, day.first + high_at), (day.before + month_low, day.first + low_at)],
                    high,
                    low,
                )
            continue
        running, number, points = day.before, day.first, []
        for game in parsed.get(day.date, ()):
            running, number = running + game[5], number + 1
            points.append((running, number))
        for line in day.day_lines:
            running, number = running + line.points, number + 1
            points.append((running, number))
        high, low = _highest_and_lowest(points, high, low)
    days = [(day.date, day.count, day.total, day.first + day.count, day.before + day.total) for day in history.days]
    return HistorySummary(history.length, days[0][0], days[-1][0], history.final, high, low, days)
