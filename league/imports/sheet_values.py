"""The games sheet's cell values as openpyxl's read-only worksheet gives them, with less Python per cell.

openpyxl (read-only, values only) passes each cell through a few functions
and a dict of its own: for 5,000 games a third of a second, most of reading
the file.  openpyxl still opens the workbook (its shared strings, its styles'
date formats, its date system); the sheet's rows are parsed here by
ElementTree a row at a time, and each cell's value is worked out as
``WorkSheetParser.parse_cell`` works it out with ``data_only`` (a shared
string, a boolean, an int or a float, a date or time where the style is a
date format, an ISO date, an inline string without its phonetic runs, any
other type's text as written); rows and columns are numbered as openpyxl
numbers them.  ``tests/league/test_sheet_values.py`` holds the two alike.

The sheet was streamed through ``workbook_checks`` first (no document type or
entity declaration, no reference past the row limit), so parsing it into
elements a row at a time is safe.
"""

from __future__ import annotations

import string
from xml.etree.ElementTree import XMLPullParser

from openpyxl.cell.text import Text
from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple
from openpyxl.utils.datetime import from_excel, from_ISO8601
from openpyxl.xml.constants import SHEET_MAIN_NS

from .workbook_checks import CHUNK

ROW = f"{{{SHEET_MAIN_NS}}}row"
VALUE = f"{{{SHEET_MAIN_NS}}}v"
INLINE = f"{{{SHEET_MAIN_NS}}}is"
TEXT = f"{{{SHEET_MAIN_NS}}}t"
DIGITS = string.digits


def sheet_values(worksheet, max_col):
    """(row number, {column: value}) of each row of an openpyxl read-only ``worksheet`` with a value in columns
    1…``max_col``, in order.

    The values are those of ``iter_rows(max_col=max_col, values_only=True)`` after ``reset_dimensions``, without
    the empty rows and cells.  Whatever a damaged sheet breaks is raised, as openpyxl raises it.
    """
    workbook = worksheet.parent
    values_of = _RowValues(
        worksheet._shared_strings, workbook.epoch, workbook._date_formats, workbook._timedelta_formats, max_col
    )
    parser = XMLPullParser(events=("end",))
    counter = 0  # openpyxl's row counter
    next_row = 1  # rows numbered below this are skipped, as openpyxl's read-only rows never go back
    with worksheet._get_source() as source:
        while True:
            chunk = source.read(CHUNK)
            if chunk:
                parser.feed(chunk)
            else:
                parser.close()
            for _event, element in parser.read_events():
                if element.tag != ROW:
                    continue
                counter = _row_number(element.get("r"), counter)
                values = values_of(element)
                element.clear()
                if counter >= next_row:
                    next_row = counter + 1
                    if values:
                        yield counter, values
            if not chunk:
                return


def _row_number(written, counter):
    if written is None:
        return counter + 1
    try:
        return int(written)
    except ValueError:
        number = float(written)
        if not number.is_integer():
            raise ValueError(f"{written} is not a valid row number") from None
        return int(number)


class _RowValues:
    """A row element's {column: value}, each cell read as ``WorkSheetParser.parse_cell`` reads it with
    ``data_only`` (every child of a row is a cell to openpyxl; a later cell of a column replaces the earlier)."""

    def __init__(self, shared_strings, epoch, date_formats, timedelta_formats, max_col):
        self.shared_strings = shared_strings
        self.epoch = epoch
        self.date_formats = date_formats
        self.timedelta_formats = timedelta_formats
        self.max_col = max_col

    def __call__(self, row):
        values = {}
        column = 0
        for cell in row:
            get = cell.get
            reference = get("r")
            if reference:
                letters = reference.rstrip(DIGITS)
                column = _COLUMNS.get(letters) if len(letters) < len(reference) else None
                if column is None:
                    column = _column(reference)
            else:
                column += 1
            data_type = get("t", "n")
            style = get("s", 0)
            if style:
                style = int(style)
            if data_type == "inlineStr":
                value = self.inline(cell)
            else:
                value = cell.findtext(VALUE, None) or None
                if value is not None and data_type != "str":
                    value = self.typed(value, data_type, style)
            if column <= self.max_col:
                if value is None:
                    values.pop(column, None)
                else:
                    values[column] = value
        return values

    def typed(self, value, data_type, style):
        if data_type == "n":
            value = float(value) if "." in value or "E" in value or "e" in value else int(value)
            if style in self.date_formats:
                try:
                    return from_excel(value, self.epoch, timedelta=style in self.timedelta_formats)
                except (OverflowError, ValueError):
                    return "#VALUE!"  # openpyxl's value for a date serial outside the dates
            return value
        if data_type == "s":
            return self.shared_strings[int(value)]
        if data_type == "b":
            return bool(int(value))
        if data_type == "d":
            return from_ISO8601(value)
        return value  # "e" and any other type: the text as written

    @staticmethod
    def inline(cell):
        inline = cell.find(INLINE)
        if inline is None:
            return None
        if len(inline) == 1 and inline[0].tag == TEXT and not inline.attrib:  # the common <is><t>…</t></is>
            return inline[0].text or ""
        return Text.from_tree(inline).content


_COLUMNS: dict[str, int] = {}  # letters known to be a column (ASCII letters only) → its number


def _column(reference):
    """The column of a cell reference, as openpyxl's ``coordinate_to_tuple`` reads it (raising where it raises)."""
    letters = reference.rstrip(DIGITS)
    if len(letters) < len(reference) and letters.isascii() and letters.isalpha():
        return _COLUMNS.setdefault(letters, column_index_from_string(letters))
    return coordinate_to_tuple(reference)[1]
