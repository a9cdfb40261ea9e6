"""One row per game, under whatever headers the club wrote (the template's, 名前1/点数1, 東家 + 点数, 1位…).

The header row is looked for among the first rows (titles above it are
fine).  It must name the date and, for each seat, the player and their score
or final points; 回戦 and 卓 may be missing (rounds are then numbered in row
order within each day and table, and every game is at table 1).  Totals rows
are checked and dropped (totals.py), blank dates carried down and years
completed (dates.py), and a sheet written in thousands is noticed once for the
whole file (``scores_in_thousands``).

By place (1位…4位): the sheet does not say who sat where, so the player who
finished first is read as East, the second as South, and so on.  Places are
computed again from the scores, so the standings are right; only seat-based
figures (and ties, which the rules break by seat) follow that order.
"""

from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ...exchange.layout import SEATS
from ...text.score_input import scores_in_thousands
from ..reading import ReadingError
from ..table import HEADER_SEARCH, Table, column_name
from .dates import fill_dates, number_rounds, year_hint
from .headers import PLACED, normal, read_header, seat_keys
from .totals import POINTS, SCORE, check_summaries, split_summaries

HEADER_LEAST = 3  # known headers that make a row look like a header row


def is_game_header(found, players):
    return "date" in found and seat_keys(found, players)


def game_table(sheet, index, found, players, rule_set_name="", layout="rows"):
    """The Table of the rows below the header ``sheet.rows[index]`` whose columns are ``found`` (key → position).

    ``index`` None: the sheet has no header row, every row is read (a mapping chosen on the import page).
    """
    number, cells = sheet.rows[index] if index is not None else (None, [])
    start = index + 1 if index is not None else 0
    seats = players
    if "rule_set" in found:  # each row names its rules, which may have more seats than the chosen ones
        seats = max(players, sum(1 for seat in range(SEATS) if f"player_{seat}" in found))
    else:
        _refuse_extra_seats(cells, found, sheet.rows[start:], players, rule_set_name)
    header = found
    found = {key: position for key, position in found.items() if _seat_of(key) is None or _seat_of(key) < seats}
    columns = {
        key: (position, cells[position] if position < len(cells) and cells[position] else column_name(key, seats))
        for key, position in found.items()
    }
    # A header row repeated further down (sheets pasted one after another) is not a game.
    games, summaries = split_summaries(
        [row for row in sheet.rows[start:] if index is None or not _header_again(row[1], cells, header)]
    )
    rows = []
    for row_number, row_cells in games:
        values = {
            key: row_cells[position].strip() if position < len(row_cells) else "" for key, position in found.items()
        }
        if any(values.values()):
            rows.append((row_number, values))
    in_thousands = scores_in_thousands(values.get(f"score_{seat}") for _n, values in rows for seat in range(seats))
    kinds = {
        position: SCORE if key.startswith("score_") else POINTS
        for key, position in found.items()
        if key.startswith(("score_", "points_"))
    }
    check_summaries(summaries, games, kinds, lambda position: _label(position, cells), in_thousands)
    fill_dates(rows, year_hint(row_cells for _n, row_cells in sheet.rows[:start]))
    if "round" not in columns:
        number_rounds(rows)
        columns["round"] = (None, column_name("round", seats))
    return Table(
        players=seats,
        columns=columns,
        rows=rows,
        source=sheet.source,
        header_row=number,
        layout=layout,
        scores_in_thousands=in_thousands,
        ignored=ignored_columns(cells, header.values()),
    )


def read_rows_layout(sheet, players, rule_set_name=""):
    """(the Table of a per-game sheet or None, and the message naming what a near-header row lacks, or "")."""
    best = None
    for index, (number, cells) in enumerate(sheet.rows[:HEADER_SEARCH]):
        found, placed = read_header(cells)
        if is_game_header(found, players):
            return game_table(sheet, index, found, players, rule_set_name, layout=PLACED if placed else "rows"), ""
        if len(found) >= HEADER_LEAST and (best is None or len(found) > len(best[1])):
            best = (number, found)
    return None, (missing_message(*best, players) if best else "")


def missing_message(number, found, players):
    needed = ["date"]
    for seat in range(players):
        needed.append(f"player_{seat}")
        if f"points_{seat}" not in found:
            needed.append(f"score_{seat}")
    missing = ", ".join(column_name(key, players) for key in needed if key not in found)
    return _(
        "The header row (row %(row)s) lacks these columns: %(columns)s. Every game needs its date and each "
        "player with their score (or final points); the template shows the layout."
    ) % {"row": number, "columns": missing}


def ignored_columns(header_cells, read):
    """The headed columns of ``header_cells`` whose positions are not in ``read``, as ``K (場所)``."""
    read = set(read)
    return [
        _label(position, header_cells)
        for position, cell in enumerate(header_cells)
        if position not in read and str(cell).strip()
    ]


def _header_again(row_cells, header_cells, header):
    """Whether a row is the header row again: its date column holds a header (checked cheaply first)."""
    position = header.get("date", 0)
    if position >= len(row_cells) or normal(row_cells[position]) != normal(header_cells[position]):
        return False
    return read_header(row_cells)[0] == header


def _seat_of(key):
    tail = key.rsplit("_", 1)[-1]
    return int(tail) if "_" in key and tail.isdigit() else None


def _label(position, header_cells):
    header = header_cells[position] if position < len(header_cells) else ""
    return f"{get_column_letter(position + 1)} ({header})" if header else get_column_letter(position + 1)


def _refuse_extra_seats(header_cells, found, rows_after, players, rule_set_name):
    """A fourth player's columns in a three-player rule set would be dropped silently: refuse them."""
    if players >= SEATS:
        return
    extra = {key: position for key, position in found.items() if _seat_of(key) is not None and _seat_of(key) >= players}
    used = any(
        position < len(cells) and cells[position].strip()
        for _number, cells in rows_after
        for position in extra.values()
    )
    if used:
        raise ReadingError(
            _(
                "The file has columns for more players (%(columns)s) than the rules of %(rule_set)s "
                "have (%(players)s players). Choose the right rules, or remove those columns."
            )
            % {
                "columns": ", ".join(header_cells[position] for position in extra.values()),
                "rule_set": rule_set_name,
                "players": players,
            }
        )
