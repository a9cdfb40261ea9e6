"""The two renderers of every export: an .xlsx workbook (openpyxl write-only mode) and CSV.

Both take ``Sheet`` objects (``cells.py``) and stream their rows; neither
holds a season in memory.  openpyxl writes each sheet's widths, frozen
header, bold header row and autofilter, and ``sheet_rows.save_with_rows``
writes the data rows as it saves the workbook (openpyxl's own cell writer
is too slow for a big season: docs/performance.md); the CSV is produced in
chunks.  Every sheet of the workbook has its header row in bold and frozen,
an autofilter over all its rows, and column widths set from its headers and
kinds; numbers are number cells with a format (points ``0.0``, yen
``#,##0``), dates are date cells.  Text is neutralised in both renderers
(``cells.neutralise``); numbers are never text.
"""

import csv
import datetime
import io
import re
import unicodedata

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from .cells import AVERAGE, BOOL, DATE, INT, POINTS, RATE, TEXT, YEN, neutralise
from .sheet_rows import save_with_rows

BOM = "\ufeff"
NUMBER_FORMATS = {POINTS: "0.0", YEN: "#,##0", RATE: '0.0"%"', AVERAGE: "0.00"}
# The narrowest each kind of column is drawn, in characters (a date needs 10: 2026-11-21).
WIDTHS = {TEXT: 12, INT: 6, POINTS: 8, YEN: 9, DATE: 11, RATE: 7, AVERAGE: 7, BOOL: 7}
MAX_WIDTH = 60
MODEL_VALUES = {TEXT: "x", INT: 1, POINTS: 1.0, YEN: 1, DATE: datetime.date(2000, 1, 1), RATE: 1.0, AVERAGE: 1.0,
                BOOL: True}
SHEET_TITLE_LENGTH = 31  # Excel's limit
NOT_IN_SHEET_TITLES = re.compile(r"[\[\]:*?/\\]")
CSV_ROWS_PER_CHUNK = 500


def clean_text(value):
    """Text for a cell: without the control characters XML cannot hold, and neutralised."""
    return neutralise(ILLEGAL_CHARACTERS_RE.sub("", str(value)))


def display_width(text):
    """How many characters wide ``text`` shows: kanji and kana count twice."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in str(text))


def column_width(column):
    if column.width:
        return column.width
    return min(max(WIDTHS[column.kind], display_width(column.header) + 3), MAX_WIDTH)


# -- the workbook --------------------------------------------------------------------------------------

def write_xlsx(sheets, target, title=""):
    """Write ``sheets`` as one .xlsx workbook to ``target`` (a path or a binary file opened for writing)."""
    workbook = Workbook(write_only=True)
    workbook.properties.title = title
    titles = set()
    rows = [_start_sheet(workbook, sheet, _sheet_title(sheet.title, titles)) for sheet in sheets]
    save_with_rows(workbook, target, rows, text=_text)


def _text(value):
    return None if value is None or value == "" else clean_text(value)


def _sheet_title(title, taken):
    """A title Excel accepts: at most 31 characters, none of []:*?/\\, and unique in the workbook."""
    base = NOT_IN_SHEET_TITLES.sub("_", str(title))[:SHEET_TITLE_LENGTH] or "Sheet"
    candidate, number = base, 2
    while candidate.lower() in taken:
        suffix = f" ({number})"
        candidate = base[:SHEET_TITLE_LENGTH - len(suffix)] + suffix
        number += 1
    taken.add(candidate.lower())
    return candidate


def _start_sheet(workbook, sheet, title):
    """Write the sheet's widths, frozen header, header row and autofilter; its model cells and rows, still to write."""
    ws = workbook.create_sheet(title)
    # Widths and the frozen header go at the top of the sheet's XML: set them before the header row.
    for index, column in enumerate(sheet.columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = column_width(column)
    ws.freeze_panes = "A2"
    bold = Font(bold=True)
    header = []
    for text in sheet.headers:
        cell = WriteOnlyCell(ws, clean_text(text))
        cell.font = bold
        header.append(cell)
    ws.append(header)
    ws.auto_filter.ref = f"A1:{get_column_letter(max(len(sheet.columns), 1))}1"  # down to the last row when saved
    return [_model_cell(ws, column.kind) for column in sheet.columns], sheet.rows


def _model_cell(ws, kind):
    """A cell with a value of this kind and its number format: how every cell of the column is written."""
    cell = WriteOnlyCell(ws, MODEL_VALUES[kind])  # openpyxl gives a date the yyyy-mm-dd format by itself
    if kind in NUMBER_FORMATS:
        cell.number_format = NUMBER_FORMATS[kind]
    return cell


# -- CSV ----------------------------------------------------------------------------------------------

def csv_chunks(sheet):
    """The sheet as CSV text in chunks: a BOM first (so that Excel reads UTF-8), rows ending in CRLF."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    out.write(BOM)
    writer.writerow([clean_text(text) for text in sheet.headers])
    formats = [CSV_FORMATS[column.kind] for column in sheet.columns]
    for count, row in enumerate(sheet.rows, start=1):
        writer.writerow(["" if value is None else write(value) for write, value in zip(formats, row, strict=True)])
        if count % CSV_ROWS_PER_CHUNK == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def write_csv(sheet, target):
    """Write the sheet as CSV to ``target``, a binary file opened for writing."""
    for chunk in csv_chunks(sheet):
        target.write(chunk.encode("utf-8"))


CSV_FORMATS = {
    TEXT: clean_text,
    INT: str,
    POINTS: lambda value: f"{value:.1f}",
    YEN: lambda value: str(int(value)),
    DATE: lambda value: value.isoformat(),
    RATE: lambda value: f"{value:.1f}",
    AVERAGE: lambda value: f"{value:.2f}",
    BOOL: lambda value: "TRUE" if value else "FALSE",
}
