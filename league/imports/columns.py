"""Finding the columns of an import: the header row, read with the layout shared with the season workbook.

The header row is looked for among the first rows (a title above it is
fine); its headers may be in Japanese or English and in any order, and
columns the layout does not know are ignored.  Rows without a header row
are read in the template's order when the first cell is a date, so rows
pasted without their header import too.
"""

from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..exchange.layout import SEATS, game_columns, header_index
from .reading import ReadingError
from .values import DateError, parse_date

HEADER_SEARCH = 20  # rows looked at for the header
HEADER_LEAST = 3  # known headers that make a row look like a header row


def required_keys(players):
    keys = ["date", "round", "table"]
    for seat in range(players):
        keys += [f"player_{seat}", f"score_{seat}"]
    return keys


def column_name(key, players=SEATS):
    """A column's header in the active language (日付 or Date)."""
    column = next(c for c in game_columns(players) if c.key == key)
    return column.ja if (get_language() or "ja").startswith("ja") else column.en


@dataclass
class Table:
    """The rows to import with the columns found.

    ``columns`` maps each known column key to (position, header as written in
    the file); ``rows`` are (row number, {key: cell text}).  ``header_row`` is
    None when the rows were read in the template's order.
    """

    players: int
    columns: dict
    rows: list
    source: str
    header_row: int | None = None

    def label(self, key):
        """How a column is named in messages: its letter and its header (``F 東家 点数``)."""
        position, header = self.columns[key]
        return f"{get_column_letter(position + 1)} ({header})"

    def to_data(self):
        """Plain data for the session: each row's cells as a list in the order of ``columns`` (compact)."""
        keys = list(self.columns)
        return {"players": self.players, "columns": [[key, *self.columns[key]] for key in keys],
                "rows": [[number, [cells.get(key, "") for key in keys]] for number, cells in self.rows],
                "source": self.source, "header_row": self.header_row}

    @classmethod
    def from_data(cls, data):
        keys = [key for key, _position, _header in data["columns"]]
        return cls(players=data["players"],
                   columns={key: (position, header) for key, position, header in data["columns"]},
                   rows=[(number, dict(zip(keys, cells, strict=True))) for number, cells in data["rows"]],
                   source=data["source"], header_row=data["header_row"])


def find_columns(sheet, players, rule_set_name=""):
    """The Table of ``sheet`` for a rule set of ``players``; raises ReadingError naming what is missing."""
    needed = required_keys(players)
    header, best = None, None
    for index, (number, cells) in enumerate(sheet.rows[:HEADER_SEARCH]):
        found = header_index(cells, players)
        if all(key in found for key in needed):
            header = (index, number, cells, found)
            break
        if len(found) >= HEADER_LEAST and (best is None or len(found) > len(best[3])):
            best = (index, number, cells, found)
    if header is None and best is not None:
        _index, number, _cells, found = best
        missing = ", ".join(column_name(key, players) for key in needed if key not in found)
        raise ReadingError(_("The header row (row %(row)s) lacks these columns: %(columns)s. Every game needs its "
                             "date, round, table, and each player with their score; the template shows the "
                             "layout.") % {"row": number, "columns": missing})
    if header is None:
        return _in_template_order(sheet, players)
    index, number, cells, found = header
    columns = {key: (position, cells[position]) for key, position in found.items()}
    rows = _rows(sheet.rows[index + 1:], columns, players, header=found)
    _refuse_extra_seats(cells, rows_after=sheet.rows[index + 1:], players=players, rule_set_name=rule_set_name)
    return Table(players=players, columns=columns, rows=rows, source=sheet.source, header_row=number)


def _in_template_order(sheet, players):
    first = sheet.rows[0][1][0] if sheet.rows and sheet.rows[0][1] else ""
    try:
        parse_date(first)
    except DateError:
        example = ", ".join(column_name(key, players) for key in required_keys(players)[:5])
        raise ReadingError(_("No header row was found. The first row must name the columns (%(example)s …, as "
                             "in the template), or the rows must follow the template's order, starting with the "
                             "date.") % {"example": example}) from None
    columns = {column.key: (position, column_name(column.key, players))
               for position, column in enumerate(game_columns(players))}
    return Table(players=players, columns=columns, rows=_rows(sheet.rows, columns, players), source=sheet.source)


def _rows(raw_rows, columns, players, header=None):
    rows = []
    # A row is looked at as a header row only when its first header's cell is a header (cheap, for 20,000 rows).
    first = min(position for position, _header in columns.values())
    for number, cells in raw_rows:
        if (header and first < len(cells) and header_index([cells[first]], players)
                and header_index(cells, players) == header):
            continue  # the header again (files put one after another)
        values = {key: cells[position].strip() if position < len(cells) else "" for key, (position, _h) in
                  columns.items()}
        if any(values.values()):
            rows.append((number, values))
    return rows


def _refuse_extra_seats(header_cells, rows_after, players, rule_set_name):
    """A fourth player's columns in a three-player rule set would be dropped silently: refuse them."""
    if players >= SEATS:
        return
    extra = {key: position for key, position in header_index(header_cells, SEATS).items()
             if key.rsplit("_", 1)[-1].isdigit() and int(key.rsplit("_", 1)[-1]) >= players}
    used = any(position < len(cells) and cells[position].strip()
               for _number, cells in rows_after for position in extra.values())
    if used:
        raise ReadingError(_("The file has columns for more players (%(columns)s) than the rules of %(rule_set)s "
                             "have (%(players)s players). Choose the right rules, or remove those columns.") % {
            "columns": ", ".join(header_cells[position] for position in extra.values()),
            "rule_set": rule_set_name, "players": players})
