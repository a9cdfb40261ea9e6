"""``find_columns``: a sheet read into the import's one ``Table`` (league/imports/table.py), by the first
layout that reads it.

The layouts are tried in this order: a layout the club saved for files with
this header row, one row per game under any of the headers people use (the
template's among them), the 集計表 (members as columns), and rows without a
header in the template's order when the first cell is a date.  A sheet none
of them reads raises ``LayoutUnknown``: the import page then asks which
column is what (the mapping step).
"""

from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..exchange.layout import game_columns
from .layouts.mapping import saved_table
from .layouts.pergame import read_rows_layout
from .layouts.wide import read_wide
from .reading import ReadingError
from .table import Table, column_name
from .values import DateError, parse_date


def required_keys(players):
    keys = ["date", "round", "table"]
    for seat in range(players):
        keys += [f"player_{seat}", f"score_{seat}"]
    return keys


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
        raise LayoutUnknown(
            _(
                "No header row was found. The first row must name the columns (%(example)s …, as "
                "in the template), or the rows must follow the template's order, starting with the "
                "date."
            )
            % {"example": example},
            sheet,
        ) from None
    columns = {
        column.key: (position, column_name(column.key, players))
        for position, column in enumerate(game_columns(players))
    }
    rows, beyond = [], set()
    for number, cells in sheet.rows:
        values = {
            key: cells[position].strip() if position < len(cells) else "" for key, (position, _h) in columns.items()
        }
        if any(values.values()):
            rows.append((number, values))
            beyond.update(position for position in range(len(columns), len(cells)) if cells[position].strip())
    # Without a header the columns past the layout's have no name: the preview lists them by their letters.
    return Table(
        players=players,
        columns=columns,
        rows=rows,
        source=sheet.source,
        ignored=[get_column_letter(position + 1) for position in sorted(beyond)],
    )
