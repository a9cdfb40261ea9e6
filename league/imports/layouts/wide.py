"""The 集計表 (wide) layout: members as columns, one row per hanchan, each player's final points in their column.

    日付 | 回戦 | 卓 | 山田 | 佐藤 | 鈴木 | 田中 | 高橋
    2026-11-21 | 1 | 1 | +45.3 | ▲12.0 | | ▲8.3 | ▲25.0
    …
    合計 | | | +80.1 | … (checked: each member's sum)
    半荘数 | | | 12 | … (checked: each member's count)

Title rows may stand above the header; 回戦 and 卓 may be missing; the date
may be written once per day.  Each row becomes a points-only game
(``player_i`` / ``points_i``): the sheet does not record seats, so the seats
are the members' column order (East is the first member column with a
value).  Totals rows are checked and never imported (totals.py).

A sheet with one row per *day* (several hanchan added up, often with a 半荘数
column per row) is refused: a day's total cannot be split into its games
honestly (who played whom, in which game, with what points is not written),
and the standings' games played, places and averages would all be made up.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ...score_input import parse_points
from ..columns import HEADER_SEARCH, SEAT_COLUMNS, Table, column_name
from ..reading import ReadingError
from .dates import fill_dates, number_rounds, year_hint
from .headers import COUNT_WORDS, TOTAL_WORDS, normal, read_header
from .totals import POINTS, check_summaries, split_summaries

IGNORED = frozenset({"備考", "メモ", "memo", "note", "notes", "場所", "会場", "venue", "曜日", "weekday", "順位",
                     "rank", "平均", "average", "ルール", "rules", "ruleset"}) | TOTAL_WORDS
WIDE = "wide"
# The columns of a game row besides the members': a ルール column makes each row's rule set its own (never the
# chosen one in silence).
KEPT = ("date", "round", "table", "rule_set")


def read_wide(sheet, players):
    """The Table of a 集計表, or None when no header row names a date and at least ``players`` members."""
    for index, (_number, cells) in enumerate(sheet.rows[:HEADER_SEARCH]):
        found, _placed = read_header(cells)
        if "date" not in found or any(key.startswith(("player_", "score_", "points_")) for key in found):
            continue
        known = set(found.values())
        per_day = [position for position, cell in enumerate(cells) if normal(cell) in COUNT_WORDS]
        members = [position for position, cell in enumerate(cells) if cell.strip() and position not in known
                   and normal(cell) not in IGNORED and position not in per_day]
        if len(members) >= players:
            return _wide_table(sheet, index, found, members, players, per_day)
    return None


def _wide_table(sheet, index, found, members, players, per_day):
    number, header = sheet.rows[index]

    def label(position):
        return f"{get_column_letter(position + 1)} ({header[position]})"

    games, summaries = split_summaries([row for row in sheet.rows[index + 1:] if row[1] != header])
    check_summaries(summaries, games, dict.fromkeys(members, POINTS), label)
    rows = []
    for row_number, cells in games:
        played = [(position, cells[position].strip()) for position in members
                  if position < len(cells) and cells[position].strip()]
        if per_day and any(position < len(cells) and cells[position].strip() for position in per_day):
            raise ReadingError(_per_day_message(row_number, label(per_day[0])))
        if not played:
            continue
        if len(played) > players:
            raise ReadingError(_per_day_message(row_number, ", ".join(label(p) for p, _text in played)))
        if len(played) < players:
            raise ReadingError(_("Row %(row)s has final points for %(count)s members (%(columns)s), but a game under "
                                 "these rules has %(players)s players. In this layout each row is one game: write "
                                 "every player's points in it.") % {
                "row": row_number, "count": len(played), "players": players,
                "columns": ", ".join(label(p) for p, _text in played)})
        values = {key: cells[position].strip() if position < len(cells) else "" for key, position in found.items()
                  if key in KEPT}
        for seat, (position, text) in enumerate(played):
            try:
                parse_points(text)
            except ValidationError as error:
                raise ReadingError(_("Row %(row)s, column %(column)s: %(problem)s") % {
                    "row": row_number, "column": label(position), "problem": " ".join(error.messages)}) from error
            values[f"player_{seat}"] = header[position]
            values[f"points_{seat}"] = text
        # The seats are this row's member columns: messages name those, not the layout's 東家 ポイント.
        values[SEAT_COLUMNS] = "|".join(label(position) for position, _text in played)
        rows.append((row_number, values))
    columns = {key: (position, header[position]) for key, position in found.items() if key in KEPT}
    for seat in range(players):
        columns[f"player_{seat}"] = (None, column_name(f"player_{seat}", players))
        columns[f"points_{seat}"] = (None, column_name(f"points_{seat}", players))
    columns[SEAT_COLUMNS] = (None, "")
    fill_dates(rows, year_hint(cells for _n, cells in sheet.rows[:index]))
    if "round" not in columns:
        number_rounds(rows)
        columns["round"] = (None, column_name("round", players))
    return Table(players=players, columns=columns, rows=rows, source=sheet.source, header_row=number, layout=WIDE)


def _per_day_message(row, columns):
    return _("Row %(row)s (%(columns)s) adds up several games: this looks like one row per day. A day's total cannot "
             "be split into its games honestly (who played whom, and each game's points, are not written), so it "
             "is not imported. Write one row per hanchan (each game's four final points), or record the day's "
             "totals as adjustments on the members' pages.") % {"row": row, "columns": columns}
