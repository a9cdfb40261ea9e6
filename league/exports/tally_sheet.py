"""The 集計表 sheet (Tally): members as columns, one row per game, each player's final points.

The layout clubs keep their books in, and one the importer reads back
(docs/exports.md): a title row (the club, the season, the rule set), a
header row ``日付 | 回戦 | 卓 | <member> | <member> | …`` (the first three
headers are the import layout's), then one row per game with each player's
points as a number in their column and the others blank, and below the
games a 合計 (Total) row with each member's sum and a 半荘数 (Games) row with
each member's count.  The members are in the order of the standings
(ranked, then unranked); a member with no game in the period has no column.
A period with day totals (日計) has a 半荘数 column after 卓: each day total
is a row of its own with its count of hanchan there and no round, after that
meeting's games, and the game rows leave it empty (the importer reads such a
row by its round as one hanchan, and a row with a count as a day total).
Points of different rule sets are never added together: one sheet per rule
set that has games (one sheet, even empty, when one rule set is exported).
"""

from heapq import merge
from itertools import groupby
from operator import itemgetter

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..exchange.layout import game_columns
from ..stats.standings import day_lines_in, seats_in
from ..text.formatting import points_number
from .cells import DATE, INT, POINTS, Column, Sheet
from .games_sheets import CHUNK, japanese

LEADING = ("date", "round", "table")  # the import layout's keys of the columns before the members


def tally_sheets(choice, results):
    """One Tally sheet per rule set of ``choice``; ``results`` are their standings, in the same order."""
    several = len(results) > 1
    return [
        _tally_sheet(choice, result, several)
        for result in results
        if not several or any(line.games for line in result.lines)
    ]


def _tally_sheet(choice, result, several):
    members = [line.member for line in result.lines if line.games]
    in_japanese = japanese()
    layout = {column.key: column for column in game_columns(result.players)}
    columns = [
        Column(layout[key].ja if in_japanese else layout[key].en, kind)
        for key, kind in zip(LEADING, (DATE, INT, INT), strict=True)
    ]
    days = bool(result.day_total_games)
    if days:  # 半荘数 in Japanese, Games in English: both read back as the count column
        columns.append(Column("半荘数" if in_japanese else "Games", INT))
    columns += [Column(member.name, POINTS) for member in members]
    title = pgettext("workbook sheet", "Tally")
    rule_set = result.period.rule_set.name
    tally = _Tally([member.pk for member in members], days)
    return Sheet(
        f"{title} {rule_set}" if several else title,
        columns,
        tally.rows(result.period),
        title_rows=[f"{choice.title} {rule_set}"],
        footer=tally.footer(),
        frozen_columns=len(LEADING) + days,
    )


class _Tally:
    """The game and day-total rows of one period, adding up each member's points and games for the footer."""

    def __init__(self, member_ids, days=False):
        self.index = {member_id: position for position, member_id in enumerate(member_ids)}
        self.days = days  # the sheet has the 半荘数 column
        self.sums = [0] * len(member_ids)  # tenths, added as integers
        self.games = [0] * len(member_ids)

    def rows(self, period):
        rows = self._game_rows(period)
        if self.days:
            rows = merge(rows, self._day_rows(period), key=itemgetter(0))
        for _order, row in rows:
            yield row

    def _game_rows(self, period):
        seats = (
            seats_in(period)
            .in_meeting_order()
            .values_list(
                "game_id", "game__meeting__date", "game__meeting_id", "game__round", "game__table", "member_id", "total"
            )
            .iterator(chunk_size=CHUNK)
        )
        for (_game, day, meeting, round_number, table), seated in groupby(seats, key=itemgetter(0, 1, 2, 3, 4)):
            points = self._add(((member_id, total, 1) for *_game_of_seat, member_id, total in seated))
            yield (day, meeting, 0), [day, round_number, table, *([None] if self.days else []), *points]

    def _day_rows(self, period):
        """Each day total after its meeting's games: date, no round or table, its hanchan, the points."""
        lines = (
            day_lines_in(period)
            .order_by("day_total__meeting__date", "day_total__meeting_id", "day_total_id", "id")
            .values_list(
                "day_total_id",
                "day_total__meeting__date",
                "day_total__meeting_id",
                "day_total__games",
                "member_id",
                "points",
            )
            .iterator(chunk_size=CHUNK)
        )
        for (total, day, meeting, games), listed in groupby(lines, key=itemgetter(0, 1, 2, 3)):
            points = self._add(((member_id, points, games) for *_total, member_id, points in listed))
            yield (day, meeting, 1, total), [day, None, None, games, *points]

    def _add(self, entries):
        """One row's points cells from (member, points, hanchan), added to the footer's sums."""
        points = [None] * len(self.index)
        for member_id, total, games in entries:
            position = self.index[member_id]  # the standings hold every member who played
            points[position] = points_number(total)
            self.sums[position] += total
            self.games[position] += games
        return points

    def footer(self):
        """The 合計 and 半荘数 rows: a generator, so that they are added up only once the rows are written."""
        blank = [None] * (2 + self.days)
        yield POINTS, [_("Total"), *blank, *(points_number(total) for total in self.sums)]
        yield INT, [_("Games"), *blank, *self.games]
