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

A sheet with a 半荘数 (Games) column has one row per *day and table*: each
row is a day total (日計, league/models/day_totals.py), the points of the
members on it over the hanchan that column counts, kept as written and never
split into games (which would invent places).  The count is each member's only
when the row lists exactly one table of players, so a row with more members
(several tables, sit-outs) is refused, and so is a row without its count,
unless the sheet also has a 回戦 column and the row its round: that row is one
hanchan (the season workbook writes a period with both this way).
Without that column, a row with more values than a game has players is
refused the same way: it adds up several games nobody can split honestly.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ...text.score_input import parse_count, parse_points
from ..reading import ReadingError
from ..table import HEADER_SEARCH, SEAT_COLUMNS, Table, column_name
from .dates import fill_dates, number_rounds, year_hint
from .headers import COUNT_WORDS, TOTAL_WORDS, normal, read_header
from .pergame import ignored_columns
from .totals import POINTS, check_summaries, split_summaries

IGNORED = (
    frozenset(
        {
            "備考",
            "メモ",
            "memo",
            "note",
            "notes",
            "場所",
            "会場",
            "venue",
            "曜日",
            "weekday",
            "順位",
            "rank",
            "平均",
            "average",
            "ルール",
            "rules",
            "ruleset",
        }
    )
    | TOTAL_WORDS
)
WIDE = "wide"
WIDE_DAYS = "wide_days"  # a 集計表 with a 半荘数 column: one row per day and table (day totals)
# The columns of a game row besides the members': a ルール column makes each row's rule set its own (never the
# chosen one in silence).
KEPT = ("date", "round", "table", "rule_set", "note")
DAY_KEPT = ("date", "table", "rule_set", "games", "note")  # a day row's: no round, its count of hanchan instead


def read_wide(sheet, players):
    """The Table of a 集計表, or None when no header row names a date and at least ``players`` members."""
    for index, (_number, cells) in enumerate(sheet.rows[:HEADER_SEARCH]):
        found, _placed = read_header(cells)
        if "date" not in found or any(key.startswith(("player_", "score_", "points_")) for key in found):
            continue
        known = set(found.values())
        per_day = [position for position, cell in enumerate(cells) if normal(cell) in COUNT_WORDS]
        members = [
            position
            for position, cell in enumerate(cells)
            if cell.strip() and position not in known and normal(cell) not in IGNORED and position not in per_day
        ]
        if len(members) >= players:
            return _wide_table(sheet, index, found, members, players, per_day)
    return None


def _wide_table(sheet, index, found, members, players, per_day):
    number, header = sheet.rows[index]

    def label(position):
        return f"{get_column_letter(position + 1)} ({header[position]})"

    if per_day:
        found = {**found, "games": per_day[0]}
    games, summaries = split_summaries([row for row in sheet.rows[index + 1 :] if row[1] != header])
    check_summaries(
        summaries, games, dict.fromkeys(members, POINTS), label, count_of=_day_count(per_day[0]) if per_day else None
    )
    rows = []
    for row_number, cells in games:
        played = [
            (position, cells[position].strip())
            for position in members
            if position < len(cells) and cells[position].strip()
        ]
        count = _cell(cells, per_day[0]) if per_day else ""
        if not played and not count:
            continue
        columns = ", ".join(label(p) for p, _text in played)
        # In a sheet with both 回戦 and 半荘数 (the season workbook's, when a period has day totals), a row with
        # its round and no count is one hanchan; any other row of a sheet with a 半荘数 column is a day.
        one_game = not per_day or (not count and "round" in found and _cell(cells, found["round"]))
        if not one_game:
            _check_day_row(row_number, played, count, players, columns, label(per_day[0]))
        elif len(played) > players:
            raise ReadingError(_per_game_message(row_number, columns))
        elif len(played) < players:
            raise ReadingError(
                _(
                    "Row %(row)s has final points for %(count)s members (%(columns)s), but a game under "
                    "these rules has %(players)s players. In this layout each row is one game: write "
                    "every player's points in it."
                )
                % {"row": row_number, "count": len(played), "players": players, "columns": columns}
            )
        kept = KEPT if one_game else DAY_KEPT
        values = {key: _cell(cells, position) for key, position in found.items() if key in kept}
        for seat, (position, text) in enumerate(played):
            try:
                parse_points(text)
            except ValidationError as error:
                raise ReadingError(
                    _("Row %(row)s, column %(column)s: %(problem)s")
                    % {"row": row_number, "column": label(position), "problem": " ".join(error.messages)}
                ) from error
            values[f"player_{seat}"] = header[position]
            values[f"points_{seat}"] = text
        # The seats are this row's member columns: messages name those, not the layout's 東家 ポイント.
        values[SEAT_COLUMNS] = "|".join(label(position) for position, _text in played)
        rows.append((row_number, values))
    columns = {key: (position, header[position]) for key, position in found.items() if key in KEPT + DAY_KEPT}
    for seat in range(players):
        columns[f"player_{seat}"] = (None, column_name(f"player_{seat}", players))
        columns[f"points_{seat}"] = (None, column_name(f"points_{seat}", players))
    columns[SEAT_COLUMNS] = (None, "")
    fill_dates(rows, year_hint(cells for _n, cells in sheet.rows[:index]))
    if "round" not in columns and not per_day:
        number_rounds(rows)
        columns["round"] = (None, column_name("round", players))
    read = {position for key, position in found.items() if key in KEPT + DAY_KEPT} | set(members)
    return Table(
        players=players,
        columns=columns,
        rows=rows,
        source=sheet.source,
        header_row=number,
        layout=WIDE_DAYS if per_day else WIDE,
        ignored=ignored_columns(header, read),
    )


def _cell(cells, position):
    return cells[position].strip() if position < len(cells) else ""


def _day_count(position):
    """How many hanchan a row counts for, in a 半荘数 totals row's check: a day row's own 半荘数 cell, else 1."""
    return lambda cells: parse_count(_cell(cells, position)) or 1


def _check_day_row(row, played, count, players, columns, count_column):
    """A day row lists one table of players (the count is then each one's) and says how many hanchan they played."""
    if not played:
        raise ReadingError(
            _(
                "Row %(row)s has a number of hanchan in %(column)s but no member's points. Write the "
                "points of the table's players, or delete the row."
            )
            % {"row": row, "column": count_column}
        )
    if not count:
        raise ReadingError(
            _(
                "Row %(row)s, column %(column)s is empty: in a sheet with this column each row is one "
                "table's day (日計), and it must say how many hanchan the players on it played."
            )
            % {"row": row, "column": count_column}
        )
    if len(played) > players:
        raise ReadingError(
            _(
                "Row %(row)s has a day's points for %(count)s members (%(columns)s), but one table has "
                "%(players)s players. With several tables, or players sitting out, the number of hanchan "
                "in %(column)s is not each member's, so what each played is unknown. Write one row per "
                "table, each with its own number of hanchan, or one row per hanchan."
            )
            % {"row": row, "count": len(played), "columns": columns, "players": players, "column": count_column}
        )
    if len(played) < players:
        raise ReadingError(
            _(
                "Row %(row)s has a day's points for %(count)s members (%(columns)s), but one table has "
                "%(players)s players. Each row is one table's day: write the points of every player at "
                "that table."
            )
            % {"row": row, "count": len(played), "columns": columns, "players": players}
        )


def _per_game_message(row, columns):
    return _(
        "Row %(row)s (%(columns)s) has more values than a game has players: it adds up several games. Each row "
        "of this sheet is read as one hanchan, and a total cannot be split into its games honestly (who played "
        "whom, and each game's points, are not written). Write one row per hanchan, or add a 半荘数 (Games) "
        "column saying how many hanchan the row counts: each row is then one table's day total (日計)."
    ) % {"row": row, "columns": columns}
