"""Saving a write-only openpyxl workbook with its data rows written straight as worksheet XML.

openpyxl's write-only mode builds and serialises an XML element for every
cell: about 10 µs a cell, so the million cells of a 10,000-game season take
ten seconds, twice the budget of the whole export (docs/performance.md has
the figures).  So openpyxl writes everything but the data rows (styles,
column widths, the frozen header, the header row, the autofilter and its
defined name, print settings) and ``save_with_rows`` writes each sheet's
data rows after its header row, in the cell forms openpyxl writes: inline
strings, numbers, booleans, and dates as serial numbers, each cell with its
column's style (or, for text a spreadsheet could take for a formula, the
column's quote-prefixed style), then the sheet's footer rows (totals).

This is the only code in the project that writes worksheet XML;
``tests/league/test_sheet_rows.py`` checks what it writes against what
openpyxl reads back.
"""

import datetime
import os
import shutil
import tempfile
import zipfile
from contextlib import ExitStack
from typing import NamedTuple
from xml.sax.saxutils import escape

from openpyxl.utils import get_column_letter, range_boundaries

EXCEL_EPOCH = datetime.date(1899, 12, 30)  # day 0 of Excel's 1900 date system (correct from March 1900)
END_OF_ROWS = "</sheetData>"
CHUNK_ROWS = 500


class SheetRows(NamedTuple):
    """What ``save_with_rows`` writes into one worksheet (see there)."""

    model: list
    rows: object
    header_rows: int = 1
    footer: object = ()


def save_with_rows(workbook, target, sheets, text=str, quote=None):
    """Save the write-only ``workbook`` to ``target`` (a path or a binary file) with every sheet's data rows.

    ``sheets`` has one ``SheetRows`` (or a plain ``(model, rows)`` pair) for
    each worksheet of ``workbook``, in order, whose rows above the data (title
    rows, then the header row: ``header_rows`` of them, 1 by default) have been
    appended:

    - ``model``: one ``WriteOnlyCell`` per column, holding a value of the
      column's type (text, a number, a bool or a date) and the column's style;
      every cell of the column is written with that type and style.  A text
      column may have a pair instead, ``(cell, quoted)``: its texts for which
      ``quote(text)`` is true are written with the style of ``quoted``;
    - ``rows``: the data rows, lists of plain values, read once (``None`` leaves a cell empty);
    - ``footer``: rows written after the data rows, read after them: lists of
      ``WriteOnlyCell`` (or ``None``), each with its own value and style.

    ``text`` turns a value of a text column into the text written (``None`` or
    ``""`` leaves the cell empty).  A sheet's autofilter is stretched down to
    its last data row (the footer stays outside it), in the sheet and in the
    workbook's defined name.  The rows go to temporary files first (the
    autofilter has to know how many there are), never into memory.
    """
    worksheets = workbook.worksheets
    if len(sheets) != len(worksheets):
        raise ValueError(f"{len(worksheets)} worksheets but rows for {len(sheets)}")
    with ExitStack() as files:
        written = []
        for ws, sheet in zip(worksheets, sheets, strict=True):
            sheet = SheetRows(*sheet)
            xml = files.enter_context(tempfile.TemporaryFile())
            last_row = _write_rows(xml, sheet.model, sheet.rows, sheet.header_rows, text, quote)
            _write_footer(xml, sheet.footer, last_row, text)
            if ws.auto_filter.ref:
                _stretch(ws.auto_filter, last_row)
            written.append(xml)
        skeleton = files.enter_context(tempfile.TemporaryFile())
        workbook.save(skeleton)  # names each worksheet's part (ws.path)
        skeleton.seek(0)
        _copy_with_rows(
            skeleton, target, {ws.path.lstrip("/"): xml for ws, xml in zip(worksheets, written, strict=True)}
        )


def _stretch(auto_filter, last_row):
    first_column, first_row, last_column, _row = range_boundaries(auto_filter.ref)
    auto_filter.ref = f"{get_column_letter(first_column)}{first_row}:{get_column_letter(last_column)}{last_row}"


def _write_rows(out, model, rows, header_rows, text, quote):
    """Write the rows' XML to ``out``, numbered after the header's; the number of the last row."""
    writers = [_cell_writer(get_column_letter(index), cell, text, quote) for index, cell in enumerate(model, start=1)]
    row_number = header_rows
    lines = []
    for row in rows:
        row_number += 1
        number = str(row_number)
        cells = "".join(write(value, number) for write, value in zip(writers, row, strict=True) if value is not None)
        lines.append(f'<row r="{number}">{cells}</row>')
        if len(lines) == CHUNK_ROWS:
            out.write("".join(lines).encode("utf-8"))
            lines = []
    out.write("".join(lines).encode("utf-8"))
    return row_number


def _write_footer(out, footer, last_row, text):
    """Write the footer's rows after row ``last_row``, each cell as its own model."""
    lines = []
    for row_number, cells in enumerate(footer, start=last_row + 1):
        number = str(row_number)
        lines.append(f'<row r="{number}">')
        for index, cell in enumerate(cells, start=1):
            if cell is not None and cell.value is not None:
                lines.append(_cell_writer(get_column_letter(index), cell, text)(cell.value, number))
        lines.append("</row>")
    out.write("".join(lines).encode("utf-8"))


def _style(model):
    return f' s="{model.style_id}"' if model.has_style else ""


def _cell_writer(letter, model, text, quote=None):
    """A function writing one value of the model cell's column as a ``<c>`` element, as openpyxl would."""
    quoted = None
    if isinstance(model, tuple):
        model, quoted_model = model
        quoted = _style(quoted_model)
    style = _style(model)
    if model.data_type == "s":

        def text_cell(value, row):
            value = text(value)
            if value is None or value == "":
                return ""
            space = ' xml:space="preserve"' if value != value.strip() else ""
            chosen = quoted if quoted is not None and quote is not None and quote(value) else style
            return f'<c r="{letter}{row}" t="inlineStr"{chosen}><is><t{space}>{escape(value)}</t></is></c>'

        return text_cell
    if model.data_type == "d":
        return lambda value, row: f'<c r="{letter}{row}"{style} t="n"><v>{(value - EXCEL_EPOCH).days}</v></c>'
    if model.data_type == "b":
        return lambda value, row: f'<c r="{letter}{row}"{style} t="b"><v>{1 if value else 0}</v></c>'
    if model.data_type == "n":
        return lambda value, row: f'<c r="{letter}{row}"{style} t="n"><v>{value}</v></c>'
    raise ValueError(f"no writer for cells of type {model.data_type!r} (column {letter})")


def _copy_with_rows(skeleton, target, rows_by_part):
    """Copy the saved ``skeleton`` to ``target``, each worksheet's rows put in before the end of its sheet data."""
    with zipfile.ZipFile(skeleton) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            rows = rows_by_part.get(info.filename)
            if rows is None:
                out.writestr(entry, source.read(info))
                continue
            xml = source.read(info).decode("utf-8")
            if xml.count(END_OF_ROWS) != 1:
                raise ValueError(f"{info.filename} does not end its rows with one {END_OF_ROWS}")
            head, end, tail = xml.partition(END_OF_ROWS)
            head, tail = head.encode("utf-8"), (end + tail).encode("utf-8")
            # The size known in advance lets zipfile use ZIP64 only when the part needs it (over 4 GiB):
            # some spreadsheet programs do not read ZIP64.
            entry.file_size = len(head) + rows.seek(0, os.SEEK_END) + len(tail)
            rows.seek(0)
            with out.open(entry, "w") as part:
                part.write(head)
                shutil.copyfileobj(rows, part)
                part.write(tail)
