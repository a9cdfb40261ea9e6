"""The canonical ``Table`` every import is read into, and ``find_columns``, which reads a sheet into it.

Whatever the layout of the file (league/imports/layouts/), the plan sees the
same thing: rows of ``{key: cell text}`` with the keys of the one-row-per-game
layout (league/exchange/layout.py) plus ``points_i`` and ``rule_set``.  The
layouts are tried in this order: a layout the club saved for files with this
header row, one row per game under any of the headers people use (the
template's among them), the 集計表 (members as columns), and rows without a
header in the template's order when the first cell is a date.  A sheet none
of them reads raises ``LayoutUnknown``: the import page then asks which
column is what (the mapping step).
"""

from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..exchange.layout import SEATS, WIND_NAMES, game_columns
from .reading import ReadingError
from .values import DateError, parse_date

HEADER_SEARCH = 20  # rows looked at for the header
# A row's own columns for its seats, "D (山田)|E (佐藤)|…", where a layout seats each row's players in
# different columns (the 集計表): messages about a seat name that row's column.
SEAT_COLUMNS = "seat_columns"
TEMPLATE = "template"  # the layouts' names, as Table.layout holds them


def required_keys(players):
    keys = ["date", "round", "table"]
    for seat in range(players):
        keys += [f"player_{seat}", f"score_{seat}"]
    return keys


def column_name(key, players=SEATS):
    """A column's header in the active language (日付 or Date), the keys beyond the template's too."""
    japanese = (get_language() or "ja").startswith("ja")
    column = next((c for c in game_columns(players) if c.key == key), None)
    if column is not None:
        return column.ja if japanese else column.en
    if key == "rule_set":
        return _("Rule set")
    if key.startswith("points_"):
        ja, _letter, en = WIND_NAMES[int(key.rsplit("_", 1)[1])]
        return f"{ja}家 ポイント" if japanese else f"{en} points"
    return key


@dataclass
class Table:
    """The rows to import with the columns found.

    ``columns`` maps each known column key to (position, header as written in
    the file); the position is None for a column the layout implies (the
    seats of a 集計表 or of chat lines, rounds numbered in order).  ``rows``
    are (row number, {key: cell text}).  ``header_row`` is None when the rows
    were read in the template's order or from chat lines.  ``ignored`` names
    the file's headed columns that are not imported.  ``layout`` names
    the layout read (for the preview); ``scores_in_thousands`` says the whole
    file writes scores in thousands (30 is 30,000; league/score_input.py).
    """

    players: int
    columns: dict
    rows: list
    source: str
    header_row: int | None = None
    layout: str = TEMPLATE
    scores_in_thousands: bool = False
    # The file's columns that are not imported, as the preview names them (``K (場所)``): nothing is
    # dropped without the secretary seeing it.
    ignored: list = field(default_factory=list)

    def label(self, key):
        """How a column is named in messages: its letter and its header (``F (東家 点数)``), or its header alone."""
        position, header = self.columns[key]
        if position is None:
            return header
        return f"{get_column_letter(position + 1)} ({header})"

    def to_data(self):
        """Plain data for the session: each row's cells as a list in the order of ``columns`` (compact)."""
        keys = list(self.columns)
        return {"players": self.players, "columns": [[key, *self.columns[key]] for key in keys],
                "rows": [[number, [cells.get(key, "") for key in keys]] for number, cells in self.rows],
                "source": self.source, "header_row": self.header_row, "layout": self.layout,
                "thousands": self.scores_in_thousands, "ignored": self.ignored}

    @classmethod
    def from_data(cls, data):
        keys = [key for key, _position, _header in data["columns"]]
        return cls(players=data["players"],
                   columns={key: (position, header) for key, position, header in data["columns"]},
                   # Empty cells are left out (a row is read with ``get``): most of a season's cells are empty,
                   # and 20,000 rows of them would take tens of megabytes at every step.
                   rows=[(number, {key: cell for key, cell in zip(keys, cells, strict=True) if cell})
                         for number, cells in data["rows"]],
                   source=data["source"], header_row=data["header_row"], layout=data.get("layout", TEMPLATE),
                   scores_in_thousands=data.get("thousands", False), ignored=data.get("ignored", []))


class LayoutUnknown(ReadingError):
    """A sheet whose layout was not recognised: the import page offers the mapping step for ``sheet``."""

    def __init__(self, message, sheet):
        super().__init__(message)
        self.sheet = sheet


def find_columns(sheet, players, rule_set_name="", saved=()):
    """The Table of ``sheet`` for a rule set of ``players``; ``saved``: the club's saved layouts (mapping.py).

    Raises ReadingError for a sheet that cannot be imported as it is (a totals row that disagrees, a day per
    row), and LayoutUnknown when no layout reads it, naming what is missing.
    """
    # The readers build this module's Table, so they are imported here, not above.
    from .layouts.mapping import saved_table
    from .layouts.pergame import read_rows_layout
    from .layouts.wide import read_wide

    table, missing = saved_table(sheet, players, saved), ""
    if table is None:
        table, missing = read_rows_layout(sheet, players, rule_set_name)
    if table is None:
        table = read_wide(sheet, players)
    if table is not None:
        return table
    if missing:
        raise LayoutUnknown(missing, sheet)
    return _in_template_order(sheet, players)


def _in_template_order(sheet, players):
    first = sheet.rows[0][1][0] if sheet.rows and sheet.rows[0][1] else ""
    try:
        parse_date(first)
    except DateError:
        example = ", ".join(column_name(key, players) for key in required_keys(players)[:5])
        raise LayoutUnknown(_("No header row was found. The first row must name the columns (%(example)s …, as "
                             "in the template), or the rows must follow the template's order, starting with the "
                             "date.") % {"example": example}, sheet) from None
    columns = {column.key: (position, column_name(column.key, players))
               for position, column in enumerate(game_columns(players))}
    rows, beyond = [], set()
    for number, cells in sheet.rows:
        values = {key: cells[position].strip() if position < len(cells) else "" for key, (position, _h) in
                  columns.items()}
        if any(values.values()):
            rows.append((number, values))
            beyond.update(position for position in range(len(columns), len(cells)) if cells[position].strip())
    # Without a header the columns past the layout's have no name: the preview lists them by their letters.
    return Table(players=players, columns=columns, rows=rows, source=sheet.source,
                 ignored=[get_column_letter(position + 1) for position in sorted(beyond)])
