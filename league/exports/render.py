"""The two renderers of every export: an .xlsx workbook (openpyxl write-only mode) and CSV.

Both take ``Sheet`` objects (``cells.py``) and stream their rows; neither
holds a season in memory.  openpyxl writes the workbook's styles and each
sheet's widths, frozen header, title and header rows, autofilter and print
settings, and ``sheet_rows.save_with_rows`` writes the data rows and the
footer as it saves the workbook (openpyxl's own cell writer is too slow for
a big season: docs/performance.md); the CSV is produced in chunks.

Every sheet of the workbook is tidy the way a club's own sheets are:

- the header row in bold and frozen (with the sheet's first columns when it
  says so), an autofilter over all its data rows, column widths set from its
  headers and kinds;
- numbers are number cells with a format: points signed by the format
  (``+45.3``, ``▲12.0`` in Japanese, ``-12.0`` in English, ``±0.0``: see
  ``formatting.points_number_format``), yen ``#,##0`` (▲ for a payment in
  Japanese: ``yen_number_format``), rates real percentages (``0.0%``); dates
  are date cells;
- every text cell is a text cell, never a formula, in every row (title,
  header, data, footer: ``text_cell`` and ``sheet_rows``); text that a
  spreadsheet could take for a formula (``cells.looks_like_formula``) keeps
  its text and gets Excel's quote-prefix style (``quotePrefix``: shown as
  typed, never evaluated, even when the cell is edited).  The CSV, which has
  no styles, puts a ``'`` before it (``cells.neutralise``), in its header and
  every text column, the site's own texts included (one rule for every cell);
- dates are date cells shown as the workbook's readers write a day:
  2026/04/04 in Japanese, 2026-04-04 in English (``date_number_format``);
- printed on A4 at a readable size, never under 9 points: landscape, fitted
  to the page's width when that keeps the text at 9 points or more, else at
  a fixed 90 % with the columns naming a row (``Sheet.frozen_columns``)
  repeated at the left of every page, page after page down, then the next
  columns; the header row repeated on every page, the club and the season
  in the page header, the sheet's name and the page number around them.  A
  sheet meant for printing (``Sheet.portrait_rows``) prints portrait, one
  page wide, 40 rows a page;
- in one font that shows Japanese well in Excel on Windows and on a Mac:
  ``FONT`` (the Normal style's, so every cell and new text typed in it).
"""

import csv
import datetime
import io
import math
import re
import unicodedata

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from ..text.formatting import date_number_format, points_number_format, yen_number_format
from .cells import AVERAGE, BOOL, DATE, INT, OUR_TEXT, POINTS, RATE, TEXT, YEN, looks_like_formula, neutralise
from .sheet_rows import SheetRows, save_with_rows

BOM = "\ufeff"
NUMBER_FORMATS = {RATE: "0.0%", AVERAGE: "0.00"}  # and POINTS, YEN: in the active language (formatting)
# The narrowest each kind of column is drawn, in characters (a date needs 10: 2026-11-21).
WIDTHS = {TEXT: 12, OUR_TEXT: 12, INT: 6, POINTS: 8, YEN: 9, DATE: 11, RATE: 7, AVERAGE: 7, BOOL: 7}
MAX_WIDTH = 60
MODEL_VALUES = {
    TEXT: "x",
    OUR_TEXT: "x",
    INT: 1,
    POINTS: 1.0,
    YEN: 1,
    DATE: datetime.date(2000, 1, 1),
    RATE: 1.0,
    AVERAGE: 1.0,
    BOOL: True,
}
SHEET_TITLE_LENGTH = 31  # Excel's limit
NOT_IN_SHEET_TITLES = re.compile(r"[\[\]:*?/\\]")
CSV_ROWS_PER_CHUNK = 500

# 游ゴシック (Yu Gothic) is the font Japanese Excel 2016 and later gives new workbooks, on Windows (where
# Windows 8.1 and later have it) and on a Mac (Office for Mac installs it, and writes fonts by their
# Windows names).  It is written by the name Japanese Excel itself writes; charset 128 (Shift_JIS) and
# family 2 (sans serif) let a program without it (LibreOffice on Linux) choose another Japanese gothic.
FONT_NAME = "游ゴシック"
FONT_SIZE = 11
FONT = Font(name=FONT_NAME, size=FONT_SIZE, family=2, charset=128)
BOLD = Font(name=FONT_NAME, size=FONT_SIZE, family=2, charset=128, bold=True)
TITLE_FONT = Font(name=FONT_NAME, size=14, family=2, charset=128, bold=True)
WRAPPED = Alignment(wrap_text=True, vertical="top")
ROW_HEIGHT = 18.75  # points: the height Excel gives a row of 11-point 游ゴシック (15 is Calibri's)
PAGE_HEADER_LENGTH = 200  # Excel refuses a page header over 255 characters, codes included

# Printing, in points (1/72 inch).  Excel draws a column w characters wide as w widest digits and 5 pixels;
# 11-point 游ゴシック's widest digit is 8 pixels, a pixel is 3/4 point.
DIGIT_WIDTH, COLUMN_PADDING = 6.0, 3.75
READABLE = 9.5  # the smallest size a fitted sheet's 11-point text may print at (9, and room for another font)
PRINT_SCALE = 90  # a sheet too wide to fit readably: 11-point text prints at 9.9 points
A4_LONG, INCH = 841.9, 72
LANDSCAPE_MARGINS = PageMargins(left=0.6, right=0.6, top=0.75, bottom=0.75, header=0.3, footer=0.3)
PORTRAIT_MARGINS = PageMargins(left=0.5, right=0.5, top=0.6, bottom=0.6, header=0.3, footer=0.3)
PORTRAIT_ROWS = 40  # rows a page of a sheet meant for printing: 40 members on one A4 page


def clean_text(value):
    """Text for a CSV cell: without the control characters XML cannot hold, and neutralised."""
    return neutralise(_without_control_characters(value))


def _without_control_characters(value):
    return ILLEGAL_CHARACTERS_RE.sub("", str(value))


def display_width(text):
    """How many characters wide ``text`` shows: kanji and kana count twice."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in str(text))


def column_width(column):
    if column.width:
        return column.width
    return min(max(WIDTHS[column.kind], display_width(column.header) + 3), MAX_WIDTH)


# -- the workbook --------------------------------------------------------------------------------------


def write_xlsx(sheets, target, title=""):
    """Write ``sheets`` as one .xlsx workbook to ``target`` (a path or a binary file opened for writing).

    ``title`` (the club and the season) is the workbook's title and every printed page's header.
    """
    workbook = Workbook(write_only=True)
    workbook.properties.title = title
    _set_default_font(workbook)
    formats = {
        **NUMBER_FORMATS,
        POINTS: points_number_format(),
        YEN: yen_number_format(),
        DATE: date_number_format(),
    }  # in the active language
    titles = set()
    rows = [_start_sheet(workbook, sheet, _sheet_title(sheet.title, titles), title, formats) for sheet in sheets]
    save_with_rows(workbook, target, rows, text=_text, quote=looks_like_formula)


def _set_default_font(workbook):
    """Make ``FONT`` the workbook's default: font 0, which the Normal style and every unstyled cell use.

    openpyxl has no setting for it: a new workbook's font list starts with Calibri, and the Normal
    style is already bound to it.
    """
    workbook._fonts = IndexedList([FONT])
    workbook._named_styles["Normal"].font = FONT  # bound: takes font 0 again


def _text(value):
    return None if value is None or value == "" else _without_control_characters(value)


def _sheet_title(title, taken):
    """A title Excel accepts: at most 31 characters, none of []:*?/\\, and unique in the workbook."""
    base = NOT_IN_SHEET_TITLES.sub("_", str(title))[:SHEET_TITLE_LENGTH] or "Sheet"
    candidate, number = base, 2
    while candidate.lower() in taken:
        suffix = f" ({number})"
        candidate = base[: SHEET_TITLE_LENGTH - len(suffix)] + suffix
        number += 1
    taken.add(candidate.lower())
    return candidate


def _start_sheet(workbook, sheet, title, page_header, formats):
    """Write the sheet's widths, panes, print settings, title and header rows and autofilter; what is left to write."""
    ws = workbook.create_sheet(title)
    # Widths and the frozen panes go at the top of the sheet's XML: set them before the first row.
    for index, column in enumerate(sheet.columns, start=1):
        ws.column_dimensions[get_column_letter(index)].width = column_width(column)
    ws.sheet_format.defaultRowHeight = ROW_HEIGHT
    header_row = len(sheet.title_rows) + 1
    ws.freeze_panes = f"{get_column_letter(sheet.frozen_columns + 1)}{header_row + 1}"
    _print_setup(ws, sheet, header_row, page_header)
    for line in sheet.title_rows:
        ws.append([text_cell(ws, line, TITLE_FONT)])
    ws.append([text_cell(ws, text, BOLD) for text in sheet.headers])
    last_column = get_column_letter(max(len(sheet.columns), 1))
    ws.auto_filter.ref = f"A{header_row}:{last_column}{header_row}"  # down to the last data row when saved
    model = [_model_cell(ws, column, formats) for column in sheet.columns]
    footer = (_footer_cells(ws, kind, values, formats) for kind, values in sheet.footer)  # read after the rows
    return SheetRows(model, sheet.rows, header_row, footer)


def text_cell(ws, value, font=None):
    """A cell openpyxl writes holding ``value`` as text, never as a formula, whatever it starts with.

    openpyxl takes any string starting with "=" for a formula (``data_type`` "f"), so a name such as
    ``=HYPERLINK(…)`` in a title or header row would be live in every download: the type is set to
    text here, and text a spreadsheet could take for a formula gets the quote-prefix style too, as the
    data rows' text does (``sheet_rows``).  Every text cell of the workbook is written through here
    or through ``sheet_rows``.
    """
    cell = WriteOnlyCell(ws, _text(value))
    if isinstance(cell.value, str):
        cell.data_type = "s"
        cell.quotePrefix = looks_like_formula(cell.value)
    if font is not None:
        cell.font = font
    return cell


def _print_setup(ws, sheet, header_row, page_header):
    """A4 at a readable size (the module's docstring), the header row on every page, the club and the season above."""
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    if sheet.portrait_rows:
        ws.page_setup.orientation = "portrait"
        ws.page_margins = PORTRAIT_MARGINS
        ws.print_options.horizontalCentered = True
        _fit(ws, pages_tall=math.ceil(sheet.portrait_rows / PORTRAIT_ROWS))
    else:
        ws.page_setup.orientation = "landscape"
        ws.page_margins = LANDSCAPE_MARGINS
        page_width = A4_LONG - (LANDSCAPE_MARGINS.left + LANDSCAPE_MARGINS.right) * INCH
        if printed_width(sheet.columns) * READABLE / FONT_SIZE <= page_width:
            _fit(ws, pages_tall=0)  # as many pages down as it takes
        else:
            # Fitted, a standings sheet's 32 columns printed at 3 points: at a fixed scale instead, the first
            # pages hold every row's first columns (rank, name, games, points), the next pages the rest.
            ws.page_setup.scale = PRINT_SCALE
            ws.page_setup.pageOrder = "downThenOver"
            if sheet.frozen_columns:
                ws.print_title_cols = f"A:{get_column_letter(sheet.frozen_columns)}"
    ws.print_title_rows = f"{header_row}:{header_row}"
    # In a page header "&" starts a code (&P is the page number): a club's own "&" is written "&&".
    ws.oddHeader.center.text = _without_control_characters(page_header)[:PAGE_HEADER_LENGTH].replace("&", "&&")
    ws.oddHeader.right.text = "&A"  # the sheet's name
    ws.oddFooter.center.text = "&P / &N"


def _fit(ws, pages_tall):
    """One page wide and ``pages_tall`` pages tall (0: as many as it takes)."""
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = pages_tall
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)


def printed_width(columns):
    """How wide ``columns`` print at 100 %, in points."""
    return sum(column_width(column) * DIGIT_WIDTH + COLUMN_PADDING for column in columns)


def _model_cell(ws, column, formats):
    """A cell with a value of the column's kind, its number format and alignment: how every cell of it is written.

    A column of text people typed has a pair: the cell, and the same with the quote-prefix style for
    its texts that a spreadsheet could take for a formula.
    """
    kind = column.kind
    cell = WriteOnlyCell(ws, MODEL_VALUES[kind])
    if kind in formats:
        cell.number_format = formats[kind]
    if column.wrap:
        cell.alignment = WRAPPED
    if kind == TEXT:
        quoted = WriteOnlyCell(ws, MODEL_VALUES[kind])
        quoted.quotePrefix = True
        return cell, quoted
    return cell


def _footer_cells(ws, kind, values, formats):
    """A footer row (totals) in bold: its text values are labels, the others of ``kind``."""
    cells = []
    for value in values:
        if value is None:
            cells.append(None)
            continue
        cell = text_cell(ws, value, BOLD) if isinstance(value, str) else WriteOnlyCell(ws, value)
        cell.font = BOLD
        if not isinstance(value, str) and kind in formats:
            cell.number_format = formats[kind]
        cells.append(cell)
    return cells


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
    OUR_TEXT: clean_text,
    INT: str,
    POINTS: lambda value: f"{value:.1f}",
    YEN: lambda value: str(int(value)),
    DATE: lambda value: value.isoformat(),
    RATE: lambda value: f"{value:.1%}",
    AVERAGE: lambda value: f"{value:.2f}",
    BOOL: lambda value: "TRUE" if value else "FALSE",
}
