"""The games sheet's cell values as openpyxl's read-only worksheet gives them, streamed once with its checks.

openpyxl (read-only, values only) builds an element per cell and passes it
through a few functions and a dict of its own: for 5,000 games a third of a
second, most of reading the file, after ``workbook_checks`` had streamed the
same XML once already.  openpyxl still reads the workbook (its shared strings,
its styles' date formats, its date system: ``open_book``) but none of its
sheets; the games sheet is read here by one expat pass that gives every
element to the checks (``SheetScan``: a reference past the row limit refused
at once, the merged ranges kept) and keeps nothing but the open row's values,
whatever the file holds: a 100 kB workbook whose sheet is one row of two
million cells, with no size recorded, took openpyxl 1.3 GB and 17 s.  Each cell's value is worked
out as ``WorkSheetParser.parse_cell`` works it out with ``data_only`` (a
shared string, a boolean, an int or a float, a date or time where the style
is a date format, an ISO date, an inline string without its phonetic runs,
any other type's text as written); rows and columns are numbered as openpyxl
numbers them.  ``tests/league/test_sheet_values.py`` holds the two alike.

The parser refuses what ``workbook_checks`` refuses (a document type or entity
declaration, an external reference).
"""

from __future__ import annotations

import io
import string
from dataclasses import dataclass
from xml.etree.ElementTree import TreeBuilder
from xml.parsers import expat

from openpyxl.cell.text import Text
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple
from openpyxl.utils.datetime import from_excel, from_ISO8601
from openpyxl.xml.constants import SHEET_MAIN_NS

from .safe_xml import CHUNK, forbid_declarations

ROW = f"{SHEET_MAIN_NS} row"  # names as expat gives them with namespace_separator=" "
VALUE = f"{SHEET_MAIN_NS} v"
INLINE = f"{SHEET_MAIN_NS} is"
TEXT = f"{{{SHEET_MAIN_NS}}}t"  # as ElementTree names it
DIGITS = string.digits


@dataclass
class Book:
    """What a sheet's values are read with: the workbook's shared strings, the ids of its styles that are date
    (and duration) formats, and its date system."""

    shared_strings: list
    date_formats: set
    timedelta_formats: set
    epoch: object


def open_book(data):
    """The Book of a workbook's bytes, read by openpyxl as ``load_workbook`` reads it (with defusedxml), all but
    its worksheets: in read-only mode it parses the start of every sheet for its size, and the whole of a
    sheet that does not record it (a tree of every cell, before a row is read)."""
    reader = ExcelReader(io.BytesIO(data), read_only=True, data_only=True)
    try:
        reader.read_manifest()
        reader.read_strings()
        reader.read_workbook()
        reader.read_properties()
        reader.read_custom()
        reader.read_theme()
        apply_stylesheet(reader.archive, reader.wb)
    finally:
        reader.archive.close()
    workbook = reader.wb
    return Book(reader.shared_strings, workbook._date_formats, workbook._timedelta_formats, workbook.epoch)


def sheet_values(source, book, max_col, scan):
    """(row number, {column: value}) of each row of the sheet XML ``source`` (a binary file) with a value in
    columns 1…``max_col``, in order; every element is given to ``scan`` (a ``workbook_checks.SheetScan``) as it
    begins, and ``scan.finish()`` is called at the end.

    The values are those of openpyxl's read-only ``iter_rows(max_col=max_col, values_only=True)`` after
    ``reset_dimensions``, without the empty rows and cells.  What a damaged sheet breaks is raised as openpyxl
    raises it.
    """
    done = []
    parser = expat.ParserCreate(namespace_separator=" ")
    forbid_declarations(parser)
    parser.buffer_text = True
    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = _handlers(
        _CellValue(book.shared_strings, book.epoch, book.date_formats, book.timedelta_formats), max_col, scan, done
    )
    while chunk := source.read(CHUNK):
        parser.Parse(chunk, False)
        yield from done
        done.clear()
    parser.Parse(b"", True)
    yield from done
    scan.finish()


def _handlers(cell_value, max_col, scan, done):
    """expat's handlers (start, end, text), sharing the reading's state; a finished row is appended to ``done``."""
    depth = 0
    row_depth = None  # the open row's depth (None outside a row)
    counter = 0  # openpyxl's row counter
    next_row = 1  # rows numbered below this are skipped, as openpyxl's read-only rows never go back
    values = {}  # the open row's values by column
    column = 0  # openpyxl's column counter
    cell = None  # the open cell's attributes
    value = None  # the text of its first <v>, once begun
    in_value = False  # inside that <v>, before any element in it (ElementTree's .text)
    inline = None  # a TreeBuilder rebuilding its first <is>, for openpyxl to read
    inline_depth = 0
    inline_done = None  # that <is> rebuilt
    checks = {}  # element name → what the scan does with it (None: nothing)

    def check(name):
        local = name.rpartition(" ")[2]
        found = checks[name] = (
            scan.cell
            if local == "c"
            else scan.new_row
            if local == "row"
            else (lambda attributes, local=local: scan.start(local, attributes))
            if local in ("dimension", "mergeCell")
            else None
        )
        return found

    def start(name, attributes):
        nonlocal depth, row_depth, counter, values, column, cell, value, in_value, inline, inline_depth, inline_done
        depth += 1
        checked = checks[name] if name in checks else check(name)
        if checked is not None:
            checked(attributes)
        in_value = False  # ElementTree's .text stops at a child element
        if inline is not None:
            inline.start(_tag(name), attributes)
        elif row_depth is None:
            if name == ROW:
                row_depth = depth
                counter = _row_number(attributes.get("r"), counter)
                values = {}
                column = 0
        elif depth == row_depth + 1:  # every child of a row is a cell to openpyxl
            cell = attributes
            value = inline_done = None
        elif depth == row_depth + 2:
            if name == VALUE:
                if value is None:
                    value = ""
                    in_value = True
            elif name == INLINE and inline_done is None:
                inline = TreeBuilder()
                inline.start(_tag(name), attributes)
                inline_depth = depth

    def text(data):
        nonlocal value
        if in_value:
            value += data
        elif inline is not None:
            inline.data(data)

    def end(name):
        nonlocal depth, row_depth, next_row, column, cell, in_value, inline, inline_done
        ended = depth
        depth -= 1
        in_value = False
        if inline is not None:
            inline.end(_tag(name))
            if ended == inline_depth:
                inline_done = inline.close()
                inline = None
        elif row_depth is None:
            return
        elif ended == row_depth + 1:
            reference = cell.get("r")
            if reference:
                letters = reference.rstrip(DIGITS)
                column = (_COLUMNS.get(letters) if len(letters) < len(reference) else None) or _column(reference)
            else:
                column += 1
            found = cell_value(cell, value, inline_done)
            if column <= max_col:
                if found is None:
                    values.pop(column, None)  # a later cell of a column replaces the earlier
                else:
                    values[column] = found
            cell = None
        elif ended == row_depth:
            row_depth = None
            if counter >= next_row:
                next_row = counter + 1
                if values:
                    done.append((counter, values))

    return start, end, text


class _CellValue:
    """A cell's value from its attributes, its first <v>'s text and its first <is> rebuilt, as
    ``WorkSheetParser.parse_cell`` reads it with ``data_only``."""

    def __init__(self, shared_strings, epoch, date_formats, timedelta_formats):
        self.shared_strings = shared_strings
        self.epoch = epoch
        self.date_formats = date_formats
        self.timedelta_formats = timedelta_formats

    def __call__(self, cell, written, inline):
        data_type = cell.get("t", "n")
        style = cell.get("s", 0)
        if style:
            style = int(style)
        if data_type == "inlineStr":
            if inline is None:
                return None
            if len(inline) == 1 and inline[0].tag == TEXT and not inline.attrib:  # the common <is><t>…</t></is>
                return inline[0].text or ""
            return Text.from_tree(inline).content
        if not written:
            return None
        if data_type == "n":
            number = float(written) if "." in written or "E" in written or "e" in written else int(written)
            if style in self.date_formats:
                try:
                    return from_excel(number, self.epoch, timedelta=style in self.timedelta_formats)
                except (OverflowError, ValueError):
                    return "#VALUE!"  # openpyxl's value for a date serial outside the dates
            return number
        if data_type == "s":
            return self.shared_strings[int(written)]
        if data_type == "b":
            return bool(int(written))
        if data_type == "d":
            return from_ISO8601(written)
        return written  # "str", "e" and any other type: the text as written


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


def _tag(name):
    """An expat name ("namespace local") as ElementTree writes it ("{namespace}local")."""
    namespace, space, local = name.rpartition(" ")
    return f"{{{namespace}}}{local}" if space else name


_COLUMNS: dict[str, int] = {}  # letters known to be a column (ASCII letters only) → its number


def _column(reference):
    """The column of a cell reference, as openpyxl's ``coordinate_to_tuple`` reads it (raising where it raises)."""
    letters = reference.rstrip(DIGITS)
    if len(letters) < len(reference) and letters.isascii() and letters.isalpha():
        return _COLUMNS.setdefault(letters, column_index_from_string(letters))
    return coordinate_to_tuple(reference)[1]
