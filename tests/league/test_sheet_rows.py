"""The workbook's data rows, written as XML by ``sheet_rows.save_with_rows``, against what openpyxl reads back.

First the same rows written by openpyxl's own write-only mode and by
``save_with_rows``: openpyxl must read both back alike (values, types, number
formats, fonts, frozen panes, autofilters, the autofilter's defined name,
dimensions); the quote-prefixed style of formula-like text and the footer rows.  Then every sheet of a season
workbook: its XML's rows, cell
references, styles, frozen pane and autofilter, and the defined names in the
workbook, against what openpyxl reads from the file and the sheet's columns.
"""

import datetime
import io
import re
import zipfile

import pytest
from defusedxml.ElementTree import fromstring
from django.utils import translation
from openpyxl import Workbook, load_workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font
from openpyxl.utils import column_index_from_string, get_column_letter

from league.exports import ExportChoice, season_sheets, write_season_workbook
from league.exports.cells import AVERAGE, BOOL, DATE, INT, OUR_TEXT, POINTS, RATE, TEXT, YEN, looks_like_formula
from league.exports.render import NUMBER_FORMATS
from league.exports.sheet_rows import SheetRows, save_with_rows
from league.text.formatting import points_number_format, yen_number_format

from .standings_data import season_games

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
D = datetime.date

HEADERS = ["Name", "Games", "Points", "Yen", "Day", "Closed"]
ROWS = [
    ["東田一郎", 12, 45.3, 1200, D(2026, 4, 1), True],
    ["  spaced  ", 0, -12.0, -350, D(1999, 12, 31), False],
    ["a & b < c > d \"e\" 'f'", None, 0.0, None, None, None],
    [None, -3, None, 0, D(2026, 11, 21), True],
    ["", 7, 0.1, 1_234_567, D(2000, 2, 29), False],
]


def _model(ws):
    """Each column's model cell: a value of its type and its style."""
    name, games, day, closed = (WriteOnlyCell(ws, value) for value in ("x", 1, D(2000, 1, 1), True))
    points, yen = WriteOnlyCell(ws, 1.0), WriteOnlyCell(ws, 1)
    points.number_format, yen.number_format = "0.0", "#,##0"
    return [name, games, points, yen, day, closed]


def _start(title="Sheet"):
    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet(title)
    ws.column_dimensions["A"].width = 16
    ws.freeze_panes = "A2"
    header = []
    for text in HEADERS:
        cell = WriteOnlyCell(ws, text)
        cell.font = Font(bold=True)
        header.append(cell)
    ws.append(header)
    return workbook, ws


def _by_openpyxl(rows):
    workbook, ws = _start()
    for row in rows:
        cells = []
        for model, value in zip(_model(ws), row, strict=True):
            if value is None or value == "":
                cells.append(None)
                continue
            model.value = value
            cells.append(model)
        ws.append(cells)
    ws.auto_filter.ref = f"A1:F{len(rows) + 1}"
    out = io.BytesIO()
    workbook.save(out)
    return out


def _by_save_with_rows(rows):
    workbook, ws = _start()
    ws.auto_filter.ref = "A1:F1"
    out = io.BytesIO()
    save_with_rows(workbook, out, [(_model(ws), iter(rows))])
    return out


def _read_back(out):
    out.seek(0)
    book = load_workbook(out)
    ws = book.active
    cells = [
        [(cell.value, cell.data_type, cell.number_format, bool(cell.font.b)) for cell in row] for row in ws.iter_rows()
    ]
    return {
        "cells": cells,
        "dimensions": ws.dimensions,
        "max": (ws.max_row, ws.max_column),
        "freeze": ws.freeze_panes,
        "filter": ws.auto_filter.ref,
        "width": ws.column_dimensions["A"].width,
        "filter names": _filter_names(out),
    }


def _filter_names(out):
    """The workbook's hidden autofilter names (openpyxl drops them when it reads): {sheet index: range}."""
    with zipfile.ZipFile(out) as parts:
        root = fromstring(parts.read("xl/workbook.xml"))
    return {
        int(name.get("localSheetId")): name.text
        for name in root.iter(f"{MAIN}definedName")
        if name.get("name") == "_xlnm._FilterDatabase"
    }


def test_openpyxl_reads_the_rows_back_as_it_reads_its_own():
    ours = _read_back(_by_save_with_rows(ROWS))
    assert ours == _read_back(_by_openpyxl(ROWS))
    assert ours["dimensions"] == "A1:F6" and ours["filter"] == "A1:F6"
    assert ours["filter names"] == {0: "'Sheet'!$A$1:$F$6"}
    assert ours["cells"][2][0] == ("  spaced  ", "s", "General", False)
    assert ours["cells"][1][2:5] == [
        (45.3, "n", "0.0", False),
        (1200, "n", "#,##0", False),
        (datetime.datetime(2026, 4, 1), "d", "yyyy-mm-dd", False),
    ]


def test_a_sheet_without_rows_keeps_its_header_and_filters_it_alone():
    ours = _read_back(_by_save_with_rows([]))
    assert ours == _read_back(_by_openpyxl([]))
    assert ours["filter"] == "A1:F1" and ours["max"] == (1, 6)


def test_text_goes_through_the_given_function():
    workbook, ws = _start()
    out = io.BytesIO()
    save_with_rows(workbook, out, [(_model(ws), [ROWS[0]])], text=lambda value: f"[{value}]")
    out.seek(0)
    assert load_workbook(out).active["A2"].value == "[東田一郎]"


def test_formula_like_text_gets_the_quoted_style_of_its_column():
    workbook, ws = _start()
    model = _model(ws)
    quoted = WriteOnlyCell(ws, "x")
    quoted.quotePrefix = True
    model[0] = (model[0], quoted)
    rows = [["=1+2", 1, 1.0, 1, D(2026, 4, 1), True], ["a=b", 1, 1.0, 1, D(2026, 4, 1), True]]
    out = io.BytesIO()
    save_with_rows(workbook, out, [(model, rows)], quote=looks_like_formula)
    out.seek(0)
    sheet = load_workbook(out).active
    assert (sheet["A2"].value, sheet["A2"].data_type, sheet["A2"].quotePrefix) == ("=1+2", "s", True)
    assert (sheet["A3"].value, sheet["A3"].quotePrefix) == ("a=b", False)


def test_the_footer_follows_the_rows_outside_the_autofilter():
    workbook, ws = _start()
    ws.auto_filter.ref = "A1:F1"
    label, total = WriteOnlyCell(ws, "Total"), WriteOnlyCell(ws, 33.4)
    total.number_format = "0.0"
    out = io.BytesIO()
    save_with_rows(workbook, out, [SheetRows(_model(ws), iter(ROWS[:2]), 1, iter([[label, None, total]]))])
    out.seek(0)
    sheet = load_workbook(out).active
    assert [cell.value for cell in sheet[4]][:3] == ["Total", None, 33.4]
    assert sheet["C4"].number_format == "0.0" and sheet.max_row == 4
    assert sheet.auto_filter.ref == "A1:F3" and _filter_names(out) == {0: "'Sheet'!$A$1:$F$3"}


def test_rows_follow_title_rows():
    workbook, ws = _start()  # one row (the header) already appended: say it is two
    out = io.BytesIO()
    save_with_rows(workbook, out, [SheetRows(_model(ws), iter(ROWS[:1]), header_rows=2)])
    out.seek(0)
    assert load_workbook(out).active["A3"].value == "東田一郎"


def test_every_worksheet_needs_its_rows():
    workbook = Workbook(write_only=True)
    workbook.create_sheet("Sheet")
    with pytest.raises(ValueError, match="1 worksheets but rows for 0"):
        save_with_rows(workbook, io.BytesIO(), [])


# -- every sheet of a season workbook ----------------------------------------------------------------

FORMATS = {
    **NUMBER_FORMATS,
    POINTS: points_number_format("en"),
    YEN: yen_number_format("en"),
    DATE: "yyyy-mm-dd",
    TEXT: "General",
    OUR_TEXT: "General",
    INT: "General",
    BOOL: "General",
}
assert set(FORMATS) == {TEXT, OUR_TEXT, INT, POINTS, YEN, DATE, RATE, AVERAGE, BOOL}
CELL_REFERENCE = re.compile(r"([A-Z]+)(\d+)")


@pytest.fixture
def season_workbook(club, secretary):
    choice = ExportChoice.of_season(club, season_games(club, secretary))
    out = io.BytesIO()
    with translation.override("en"):
        write_season_workbook(choice, out)
        sheets = season_sheets(choice)  # for their columns; their rows are not read
    return out, sheets


def test_every_sheet_of_a_season_workbook_agrees_with_what_openpyxl_reads(season_workbook):
    out, sheets = season_workbook
    out.seek(0)
    book = load_workbook(out)
    names = _filter_names(out)
    styles = book._cell_styles  # the workbook's cellXfs, which the cells' s="…" index
    with zipfile.ZipFile(out) as parts:
        for index, (ws, sheet) in enumerate(zip(book.worksheets, sheets, strict=True)):
            root = fromstring(parts.read(f"xl/worksheets/sheet{index + 1}.xml"))
            last_column = get_column_letter(len(sheet.columns))
            header_row = len(sheet.title_rows) + 1
            footer_rows = len(list(sheet.footer))  # the Tally's totals, below the autofilter
            # Dimensions: the rows and columns openpyxl finds are the XML's rows, numbered 1, 2, 3…
            rows = list(root.iter(f"{MAIN}row"))
            assert [row.get("r") for row in rows] == [str(number) for number in range(1, len(rows) + 1)], ws.title
            assert ws.max_row == len(rows) > 1 and ws.max_column == len(sheet.columns), ws.title
            assert root.find(f"{MAIN}dimension") is None  # openpyxl's write-only mode writes none either
            # The autofilter, in the sheet and in the workbook's defined name, covers every data row.
            last_row = len(rows) - footer_rows
            area = f"A{header_row}:{last_column}{last_row}"
            assert root.find(f"{MAIN}autoFilter").get("ref") == area == ws.auto_filter.ref, ws.title
            assert names[index] == f"'{ws.title}'!$A${header_row}:${last_column}${last_row}", ws.title
            # The frozen header (and first columns).
            pane = root.find(f"{MAIN}sheetViews/{MAIN}sheetView/{MAIN}pane")
            corner = f"{get_column_letter(sheet.frozen_columns + 1)}{header_row + 1}"
            assert (pane.get("state"), pane.get("topLeftCell")) == ("frozen", corner) and ws.freeze_panes == corner
            # Every cell sits in its row, its columns in order, with a style that exists.
            for row in rows:
                columns = []
                for cell in row.iter(f"{MAIN}c"):
                    letter, number = CELL_REFERENCE.fullmatch(cell.get("r")).groups()
                    assert number == row.get("r"), (ws.title, cell.get("r"))
                    assert int(cell.get("s", 0)) < len(styles), (ws.title, cell.get("r"))
                    columns.append(column_index_from_string(letter))
                assert columns == sorted(set(columns)) and columns[-1] <= len(sheet.columns), (ws.title, row.get("r"))
            # Each column's header in bold, and its cells with the column's number format.
            for column_index, column in enumerate(sheet.columns, start=1):
                header, *data = next(
                    ws.iter_cols(min_col=column_index, max_col=column_index, min_row=header_row, max_row=last_row)
                )
                assert header.value == column.header and header.font.b, (ws.title, column.header)
                assert {cell.number_format for cell in data if cell.value is not None} <= {FORMATS[column.kind]}, (
                    ws.title,
                    column.header,
                )
