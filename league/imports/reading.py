"""Reading an uploaded file or pasted text into rows of cell texts.

Accepted: an Excel workbook (.xlsx: the sheet named 対局 or Games, else the
first sheet), or text separated by commas or tabs (CSV, or rows pasted from a
spreadsheet) in UTF-8 (with or without BOM), UTF-16 (Excel's "Unicode text",
with its BOM, or without one) or Shift_JIS as Japanese Excel saves it (cp932).  Anything else is
refused with a ``ReadingError`` saying what to do; nothing is read past the
limits below.

Workbooks are checked before openpyxl opens them (league/imports/workbook_checks.py:
the zip's declared sizes and compression, so a zip bomb is refused before
anything is unpacked); openpyxl then parses their other parts with defusedxml
(an XML bomb or an external entity is refused), and the games sheet is streamed
once, its rows read as openpyxl would read them and checked as they come
(league/imports/sheet_values.py: a small file naming row 20,000,000 is refused
at that reference).  Whatever else goes wrong inside a damaged workbook is
refused as damaged, never let through.
"""

import codecs
import csv
import datetime
import io
import re
import zipfile
from dataclasses import dataclass

import openpyxl
from defusedxml import DefusedXmlException
from django.utils.translation import gettext as _
from openpyxl.utils.cell import range_boundaries

from ..batch.gc_pause import gc_paused
from .errors import ReadingError
from .sheet_values import open_book, sheet_values
from .workbook_checks import MAX_UNPACKED, SheetScan, check_archive, games_sheet, unsupported_compression

__all__ = [
    "MAX_BYTES",
    "MAX_COLUMNS",
    "MAX_GAMES",
    "MAX_ROWS",
    "MAX_UNPACKED",
    "ReadingError",
    "Sheet",
    "read_bytes",
    "read_pasted",
    "read_path",
    "read_upload",
    "too_many_games",
]

MAX_BYTES = 5 * 1024 * 1024  # a file or pasted text
MAX_GAMES = 20_000  # games in one import (the plan counts them)
# Rows with something in them that are read: the games, and room for the title, header and totals rows
# around them.  Past this many the file has more games than MAX_GAMES whatever its layout.
MAX_ROWS = MAX_GAMES + 100
MAX_COLUMNS = 100  # cells further right are not read
OLE_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .xls, and password-protected workbooks
ZIP_SIGNATURES = (b"PK\x03\x04", b"PK\x05\x06")
# How the season workbook keeps a text cell from being read as a formula (league/exports/cells.py): a "'"
# before = + - @ (or their full-width forms, or a tab or carriage return).  Reading takes it off again.
NEUTRALISED = tuple("'" + start for start in ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"))
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
BINARY_BYTES = frozenset(set(range(0x20)) - {0x09, 0x0A, 0x0D})


@dataclass
class Sheet:
    """What was read: ``rows`` are (row number, [cell texts]); ``source`` names the file or the paste."""

    rows: list
    source: str


def read_upload(uploaded):
    """A Django UploadedFile: its size is checked before anything is read."""
    if uploaded.size > MAX_BYTES:
        raise _too_big()
    return read_bytes(uploaded.read(MAX_BYTES + 1), uploaded.name)


def read_path(path):
    """A file on disk (the import_results command)."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise ReadingError(
            _("The file %(name)s cannot be opened: %(why)s") % {"name": path, "why": error.strerror or error}
        ) from error
    return read_bytes(data, str(path))


def read_pasted(text):
    """Rows pasted from a spreadsheet (tab separated) or typed as CSV."""
    if len(text) > MAX_BYTES:
        raise _too_big()
    text = text.replace("\x00", "")
    return Sheet(_read_text(text), _("pasted rows"))


@gc_paused
def read_bytes(data, name):
    if len(data) > MAX_BYTES:
        raise _too_big()
    if not data.strip():
        raise ReadingError(_("The file is empty."))
    if data.startswith(ZIP_SIGNATURES):
        return Sheet(_read_workbook(data), name)
    if data.startswith(OLE_SIGNATURE):
        raise ReadingError(
            _(
                "This is an old Excel file (.xls) or a password-protected workbook. Open it in your "
                "spreadsheet and save it as .xlsx (without a password) or as CSV."
            )
        )
    return Sheet(_read_text(_decode(data.removesuffix(b"\x1a"))), name)  # DOS end-of-file mark


def _too_big():
    return ReadingError(
        _(
            "The file is larger than %(limit)s MB. Split it into several files (by year, for "
            "example) and import them one after another."
        )
        % {"limit": MAX_BYTES // (1024 * 1024)}
    )


def too_many_games():
    """The refusal of a file with more than MAX_GAMES games (the plan says it when the rows are games)."""
    return ReadingError(
        _(
            "The file has more than %(limit)s games. Split it into several files (by year, for "
            "example) and import them one after another."
        )
        % {"limit": f"{MAX_GAMES:,}"}
    )


def _not_a_spreadsheet():
    return ReadingError(
        _(
            "This file is not a spreadsheet Janroku can read. Upload an Excel workbook (.xlsx) or a "
            "CSV file (UTF-8, Shift_JIS or UTF-16), or paste the rows from your spreadsheet."
        )
    )


# -- text: CSV, pasted rows --------------------------------------------------------------------------------------


def _decode(data):
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)  # Excel's "Unicode text" (tab separated) and "CSV UTF-16"
    elif (without_bom := _utf16_without_bom(data)) is not None:
        encodings = (without_bom,)
    elif any(byte in BINARY_BYTES for byte in data[:65536]):
        raise _not_a_spreadsheet()  # text never holds these bytes, in any of the encodings read here
    elif data.startswith(codecs.BOM_UTF8):
        encodings = ("utf-8-sig",)
    else:
        encodings = ("utf-8", "cp932")
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if not _looks_like_text(text):
            raise _not_a_spreadsheet()
        return text
    raise ReadingError(
        _(
            "The file is not UTF-8, Shift_JIS or UTF-16 text. Save it from your spreadsheet as CSV "
            "(UTF-8, or CSV as Japanese Excel saves it) or as .xlsx."
        )
    )


def _utf16_without_bom(data):
    """ "utf-16-le" or "utf-16-be" for UTF-16 text saved without its BOM, else None.

    Its digits, separators and line ends are ASCII, each a zero byte beside the character: zeros in the
    odd places (little-endian) or the even places (big-endian), many of them, which no other text has.
    """
    sample = data[:65536]
    if len(sample) < 4 or len(data) % 2:
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    # A few zeros on the other side are characters such as 一 (U+4E00).
    if odd >= len(sample) // 8 and even * 10 <= odd:
        return "utf-16-le"
    if even >= len(sample) // 8 and odd * 10 <= even:
        return "utf-16-be"
    return None


def _looks_like_text(text):
    """No control characters (C0 and C1), which binary files decode to."""
    return not CONTROL_CHARACTERS.search(text)


def _read_text(text):
    text = text.removeprefix("\ufeff")
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = "\t" if "\t" in first else ","
    rows = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            cells = [_text(cell) for cell in cells[:MAX_COLUMNS]]
            if any(cells):
                rows.append((number, cells))
                if len(rows) > MAX_ROWS:
                    raise too_many_games()
    except csv.Error as error:
        # Python's own text (English, and about its parser) is never shown: say what to look at instead.
        if len(text) > csv.field_size_limit():
            raise ReadingError(
                _(
                    "Line %(line)s has a cell longer than %(limit)s characters, far more than a results "
                    'sheet holds: usually a quote (") opened and never closed, so that the rest of the '
                    "file is read as one cell. Check the quotes from that line on, or save the file again "
                    "from your spreadsheet."
                )
                % {"line": f"{reader.line_num:,}", "limit": f"{csv.field_size_limit():,}"}
            ) from error
        raise ReadingError(
            _(
                'Line %(line)s cannot be read as rows and columns. Check the quotes (") in it, or save '
                "the file again from your spreadsheet."
            )
            % {"line": f"{reader.line_num:,}"}
        ) from error
    if not rows:
        raise ReadingError(_("There is nothing to import: the text has no rows."))
    return rows


# -- workbooks -----------------------------------------------------------------------------------------------


def _read_workbook(data):
    if not openpyxl.DEFUSEDXML:  # never parse a workbook's XML without protection
        raise ReadingError(_("This server cannot read .xlsx files safely. Save the file as CSV and import that."))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        check_archive(archive)
        sheet = games_sheet(archive, scan=False)  # checked as it is read, below
        book = open_book(data)
        with archive.open(sheet.part) as source:
            rows = _sheet_rows(sheet_values(source, book, MAX_COLUMNS, SheetScan(sheet)), sheet.title)
        # Merged ranges (a date merged down its day's rows) come from the scan: read-only mode skips them.
        return fill_merged(rows, [range_boundaries(reference) for reference in sheet.merged])
    except ReadingError:
        raise
    except Exception as error:  # a damaged workbook fails in many ways inside zipfile, expat and openpyxl
        raise _unreadable(error) from error


def _unreadable(error):
    """The refusal for what broke while reading a workbook (never a server error)."""
    if _caused_by(error, DefusedXmlException):  # openpyxl wraps it in a ValueError of its own
        return ReadingError(
            _(
                "This workbook contains XML that Janroku refuses for safety (entity declarations, "
                "as in an “XML bomb”). Open it in your spreadsheet and save it again as .xlsx."
            )
        )
    if _caused_by(error, NotImplementedError):  # zipfile: a compression method it cannot unpack
        return unsupported_compression()
    return ReadingError(
        _(
            "This .xlsx file cannot be read; it may be damaged. Open it in your spreadsheet and "
            "save it again, or save it as CSV."
        )
    )


def _caused_by(error, kind):
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, kind):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _sheet_rows(values_by_row, title):
    """The rows with something in them, as (row number, [cell texts]), from ``sheet_values`` (every row there
    is, whatever size the sheet records).  Past MAX_ROWS the rows are no longer kept, and the sheet is read to
    its end all the same, so that a reference past the row limit further on is refused as that first."""
    rows = []
    for number, values in values_by_row:
        if len(rows) > MAX_ROWS:
            continue
        cells = [_text(values.get(column)) for column in range(1, max(values) + 1)]
        while cells and not cells[-1]:
            cells.pop()
        if cells:
            rows.append((number, cells))
    if len(rows) > MAX_ROWS:
        raise too_many_games()
    if not rows:
        raise ReadingError(_("There is nothing to import: the sheet “%(sheet)s” is empty.") % {"sheet": title})
    return rows


def fill_merged(rows, ranges):
    """Each merged range's cells take its top-left value, as Excel shows them (a date merged down a day's rows)."""
    if not ranges:
        return rows
    by_number = {number: cells for number, cells in rows}
    for min_col, min_row, max_col, max_row in ranges:
        top = by_number.get(min_row)
        value = top[min_col - 1] if top is not None and min_col - 1 < len(top) else ""
        if not value:
            continue
        # A range as tall as the sheet is walked through the rows read, not through every number in it.
        numbers = (
            range(min_row, max_row + 1)
            if max_row - min_row < len(by_number)
            else [n for n in by_number if min_row <= n <= max_row]
        )
        for number in numbers:
            cells = by_number.get(number)
            if cells is None:  # a row with nothing else in it stays out
                continue
            for column in range(min_col - 1, min(max_col, MAX_COLUMNS)):
                if column >= len(cells):
                    cells.extend([""] * (column + 1 - len(cells)))
                if not cells[column]:
                    cells[column] = value
    return rows


def _text(value):
    """A cell's value as the text a person would type: dates as 2026-11-21, 41300.0 as 41300."""
    if type(value) is int:  # the commonest cell (a score, a round): nothing below changes its text
        return str(value)
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, bool):
        return str(value).upper()
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.10g}"
    text = str(value)
    if text.startswith(NEUTRALISED):
        text = text[1:]
    return text.strip()
