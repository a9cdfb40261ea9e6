"""Streaming a sheet's data rows as worksheet XML, in the exact cell forms openpyxl writes.

openpyxl writes the workbook (styles, widths, the frozen header, the
autofilter) from a skeleton that has the header row and one model row per
sheet; this module then copies that skeleton into the final file, putting
every data row where the model row stood.  openpyxl's own per-cell writer
costs about 10 µs a cell — ten seconds for a 10,000-game season — while
these rows take a fraction of that, and nothing is held in memory: the rows
go straight into the zip entry.  The cell styles (number formats) are read
from the model row, so the formats are openpyxl's own.
"""

import datetime
import re
import shutil
import zipfile
from xml.sax.saxutils import escape

from openpyxl.utils import get_column_letter

from .cells import BOOL, DATE, TEXT

EXCEL_EPOCH = datetime.date(1899, 12, 30)
MODEL_ROW = re.compile(r'<row r="2"[^>]*>(?P<cells>.*?)</row>', re.S)
MODEL_CELL = re.compile(r'<c r="(?P<column>[A-Z]+)2"(?P<attributes>[^>]*)>')
STYLE = re.compile(r's="(\d+)"')
AUTO_FILTER = re.compile(r'<autoFilter ref="A1:([A-Z]+)\d+"')
DIMENSION = re.compile(r"<dimension [^>]*/>")
CHUNK_ROWS = 500


def model_value(kind):
    """A value of each kind for the model row, so that openpyxl registers the column's style."""
    if kind == TEXT:
        return "x"
    if kind == DATE:
        return datetime.date(2000, 1, 1)
    if kind == BOOL:
        return True
    return 1


def copy_with_rows(skeleton, target, sheets, render_text):
    """Copy the workbook ``skeleton`` to ``target``, each sheet's model row replaced by its data rows."""
    with zipfile.ZipFile(skeleton) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            number = _sheet_number(info.filename)
            if number is None or number > len(sheets):
                with source.open(info) as data, out.open(info.filename, "w") as copy:
                    shutil.copyfileobj(data, copy)
                continue
            xml = source.read(info).decode("utf-8")
            with out.open(info.filename, "w", force_zip64=True) as entry:
                _write_sheet(entry, xml, sheets[number - 1], render_text)


def _sheet_number(name):
    match = re.fullmatch(r"xl/worksheets/sheet(\d+)\.xml", name)
    return int(match[1]) if match else None


def _write_sheet(entry, xml, sheet, render_text):
    model = MODEL_ROW.search(xml)
    styles = {cell["column"]: STYLE.search(cell["attributes"]) for cell in MODEL_CELL.finditer(model["cells"])}
    writers = []
    for index, column in enumerate(sheet.columns, start=1):
        letter = get_column_letter(index)
        style = styles.get(letter)
        writers.append(_cell_writer(letter, column.kind, f' s="{style[1]}"' if style else "", render_text))
    entry.write(DIMENSION.sub("", xml[:model.start()]).encode("utf-8"))
    row_number = 1
    lines = []
    for row in sheet.rows:
        row_number += 1
        number = str(row_number)
        cells = "".join(write(value, number) for write, value in zip(writers, row, strict=True) if value is not None)
        lines.append(f'<row r="{number}">{cells}</row>')
        if len(lines) == CHUNK_ROWS:
            entry.write("".join(lines).encode("utf-8"))
            lines = []
    entry.write("".join(lines).encode("utf-8"))
    tail = AUTO_FILTER.sub(lambda m: f'<autoFilter ref="A1:{m[1]}{row_number}"', xml[model.end():])
    entry.write(tail.encode("utf-8"))


def _cell_writer(letter, kind, style, render_text):
    """A function writing one value of this column as a ``<c>`` element, as openpyxl would."""
    if kind == TEXT:
        def text(value, row):
            value = render_text(value)
            if value is None or value == "":
                return ""
            space = ' xml:space="preserve"' if value != value.strip() else ""
            return f'<c r="{letter}{row}" t="inlineStr"{style}><is><t{space}>{escape(value)}</t></is></c>'
        return text
    if kind == DATE:
        def date(value, row):
            day = value.date() if isinstance(value, datetime.datetime) else value
            return f'<c r="{letter}{row}"{style} t="n"><v>{(day - EXCEL_EPOCH).days}</v></c>'
        return date
    if kind == BOOL:
        return lambda value, row: f'<c r="{letter}{row}"{style} t="b"><v>{1 if value else 0}</v></c>'
    return lambda value, row: f'<c r="{letter}{row}"{style} t="n"><v>{value}</v></c>'
