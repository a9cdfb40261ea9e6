"""The one ``Table`` every import is read into, whatever the file's layout, and the names of its columns.

Every layout (league/imports/layouts/) builds this Table and the plan reads
it: rows of ``{key: cell text}`` with the keys of the one-row-per-game layout
(league/exchange/layout.py) plus ``points_i`` and ``rule_set``.  The layouts
import it from here; choosing which layout reads a sheet is
league/imports/columns.py, above them.
"""

from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..exchange.layout import SEATS, WIND_NAMES, game_columns

HEADER_SEARCH = 20  # rows looked at for the header
# A row's own columns for its seats, "D (山田)|E (佐藤)|…", where a layout seats each row's players in
# different columns (the 集計表): messages about a seat name that row's column.
SEAT_COLUMNS = "seat_columns"
TEMPLATE = "template"  # the layouts' names, as Table.layout holds them


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
    file writes scores in thousands (30 is 30,000; league/text/score_input.py).
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
        """Plain data (JSON): each row's cells as a list in the order of ``columns`` (compact)."""
        return {**self.description(), "rows": list(self.data_rows())}

    def description(self):
        """Everything ``to_data`` holds but the rows."""
        return {
            "players": self.players,
            "columns": [[key, *self.columns[key]] for key in self.columns],
            "source": self.source,
            "header_row": self.header_row,
            "layout": self.layout,
            "thousands": self.scores_in_thousands,
            "ignored": self.ignored,
        }

    def data_rows(self):
        """Each row as ``to_data`` writes it, one at a time: [row number, [cells in the order of ``columns``]]."""
        keys = list(self.columns)
        for number, cells in self.rows:
            yield [number, [cells.get(key, "") for key in keys]]

    @classmethod
    def from_data(cls, data, rows=None):
        """The Table of ``to_data``'s data; ``rows``: its rows, as ``data_rows`` wrote them, when not in ``data``."""
        keys = [key for key, _position, _header in data["columns"]]
        return cls(
            players=data["players"],
            columns={key: (position, header) for key, position, header in data["columns"]},
            # Empty cells are left out (a row is read with ``get``): most of a season's cells are empty,
            # and 20,000 rows of them would take tens of megabytes at every step.
            rows=[
                (number, {key: cell for key, cell in zip(keys, cells, strict=True) if cell})
                for number, cells in (data["rows"] if rows is None else rows)
            ],
            source=data["source"],
            header_row=data["header_row"],
            layout=data.get("layout", TEMPLATE),
            scores_in_thousands=data.get("thousands", False),
            ignored=data.get("ignored", []),
        )
