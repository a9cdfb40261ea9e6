"""The import's sheet reader gives what openpyxl's read-only worksheet gives, cell by cell, for every kind of cell.

league/imports/sheet_values.py reads the games sheet's rows with less Python per cell than openpyxl; every
sheet here is read both ways (openpyxl's ``iter_rows(values_only=True)`` after ``reset_dimensions``, without
its empty rows and cells) and must read alike, or fail alike.
"""

import datetime
import io
import re
import zipfile

import openpyxl
import pytest
from django.utils import translation
from openpyxl import Workbook

from league.imports.reading import ReadingError, read_bytes
from league.imports.sheet_values import open_book, sheet_values
from league.imports.workbook_checks import SheetScan, SheetShape

from .import_files import replace_in_zip

SHEET = "xl/worksheets/sheet1.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
SHARED = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    f'<sst xmlns="{MAIN}" count="5" uniqueCount="5">'
    "<si><t>東田一郎</t></si>"
    '<si><t xml:space="preserve">  spaced  </t></si>'
    '<si><r><rPr><b/></rPr><t>南野</t></r><r><t>二郎</t></r><rPh sb="0" eb="2"><t>ミナミノ</t></rPh></si>'
    "<si><t>x005F_x000D_ escaped</t></si>"
    "<si><t/></si>"
    "</sst>"
)
FORMATS = {"date": "yyyy-mm-dd", "datetime": "yyyy-mm-dd h:mm", "time": "h:mm", "duration": "[h]:mm:ss", "plain": "0.0"}


def styled_workbook(epoch_1904=False):
    """A workbook with one cell of each number format, and its styles' ids by format name."""
    workbook = Workbook()
    if epoch_1904:
        workbook.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
    sheet = workbook.active
    sheet.title = "対局"
    for column, number_format in enumerate(FORMATS.values(), start=1):
        sheet.cell(row=1, column=column, value=1).number_format = number_format
    out = io.BytesIO()
    workbook.save(out)
    data = out.getvalue()
    xml = zipfile.ZipFile(io.BytesIO(data)).read(SHEET).decode()
    styles = dict(zip(FORMATS, re.findall(r'<c r="[A-E]1" s="(\d+)"', xml), strict=True))
    return data, styles


def with_shared_strings(data):
    """The workbook with a shared strings part (openpyxl writes inline strings), declared as Excel declares it."""
    types = zipfile.ZipFile(io.BytesIO(data)).read("[Content_Types].xml").decode()
    override = (
        '<Override PartName="/xl/sharedStrings.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
    )
    data = replace_in_zip(data, "[Content_Types].xml", types.replace("</Types>", override + "</Types>"))
    out = io.BytesIO(data)
    with zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/sharedStrings.xml", SHARED)
    return out.getvalue()


def workbook_with(body, epoch_1904=False, prefix=""):
    """A workbook whose games sheet is ``body`` (sheetData's content; ``{date}`` etc. name the styles)."""
    data, styles = styled_workbook(epoch_1904)
    namespace = f'xmlns:{prefix[:-1]}="{MAIN}"' if prefix else f'xmlns="{MAIN}"'
    xml = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><{prefix}worksheet {namespace}>'
        f"<{prefix}sheetData>{body.format(**styles)}</{prefix}sheetData></{prefix}worksheet>"
    )
    return with_shared_strings(replace_in_zip(data, SHEET, xml))


def openpyxl_rows(data, max_col=30):
    """openpyxl's rows of the games sheet as (number, {column: value}), its empty rows and cells left out."""
    sheet = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)["対局"]
    sheet.reset_dimensions()
    rows = []
    for number, values in enumerate(sheet.iter_rows(max_col=max_col, values_only=True), start=1):
        cells = {column: value for column, value in enumerate(values, start=1) if value is not None}
        if cells:
            rows.append((number, cells))
    return rows


def our_rows(data, max_col=30):
    book = open_book(data)
    with zipfile.ZipFile(io.BytesIO(data)).open(SHEET) as source:
        return list(sheet_values(source, book, max_col, SheetScan(SheetShape(title="対局", part=SHEET))))


def both_readings(data, max_col=30):
    return openpyxl_rows(data, max_col), our_rows(data, max_col)


SHEETS = {
    "numbers": '<row r="1"><c r="A1"><v>41300</v></c><c r="B1"><v>-2.5</v></c><c r="C1"><v>1E3</v></c>'
    '<c r="D1"><v>4.1e-2</v></c><c r="E1" t="n"><v>0</v></c><c r="F1"><v></v></c><c r="G1"/></row>',
    "dates and times": '<row r="1"><c r="A1" s="{date}"><v>46347</v></c><c r="B1" s="{datetime}"><v>46347.75</v></c>'
    '<c r="C1" s="{time}"><v>0.5</v></c><c r="D1" s="{duration}"><v>1.25</v></c><c r="E1" s="{plain}"><v>3.5</v></c>'
    '<c r="F1" s="{date}"><v>30</v></c><c r="G1" s="{date}"><v>99999999</v></c><c r="H1" s="{date}"><v>-5</v></c>'
    '<c r="I1" t="d"><v>2026-11-21T10:30:00</v></c><c r="J1" s="0"><v>7</v></c></row>',
    "text kinds": '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>'
    '<c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c><c r="F1" t="inlineStr"><is><t>西川</t></is></c>'
    '<c r="G1" t="inlineStr"><is><r><t>北</t></r><r><t>村</t></r><rPh sb="0" eb="1"><t>キタ</t></rPh></is></c>'
    '<c r="H1" t="inlineStr"><is><t/></is></c><c r="I1" t="inlineStr"/><c r="J1" t="str"><f>A1</f><v>計</v></c>'
    '<c r="K1" t="e"><v>#N/A</v></c><c r="L1" t="b"><v>1</v></c><c r="M1" t="b"><v>0</v></c>'
    '<c r="N1"><f>SUM(A1:B1)</f></c><c r="O1" t="inlineStr"><is><t>a</t><t>b</t></is></c>'
    '<c r="P1" t="inlineStr"><v>ignored</v><is><t>kept</t></is></c></row>',
    "where cells are": '<row r="2"><c><v>1</v></c><c><v>2</v></c><c r="E2"><v>5</v></c><c><v>6</v></c>'
    '<c r="B2"><v>20</v></c><c r="C2"/><c r="AB2"><v>28</v></c><c r="ZZ2"><v>702</v></c></row>'
    '<row><c r="A3"><v>3</v></c></row><row r="7"><c r="c7"><v>77</v></c></row>'
    '<row r="5"><c r="A5"><v>55</v></c></row><row r="7"><c r="A7" t="str"><v>again</v></c></row>'
    '<row r="9.0"><c r="A9" t="str"><v>float row</v></c></row><row r="10"><extra/><c t="str"><v>after</v></c></row>'
    '<row r="11"></row><row r="12"><c r="A12"><v>12</v></c></row>',
    "values with children": '<row r="1"><c r="A1"><v>12<x/>34</v></c><c r="B1"><v>5</v><v>6</v></c></row>',
}


@pytest.mark.filterwarnings("ignore:Cell .* is marked as a date")  # openpyxl's, for the serial out of range
@pytest.mark.parametrize("body", SHEETS.values(), ids=SHEETS.keys())
def test_each_kind_of_cell_reads_as_openpyxl_reads_it(body):
    theirs, ours = both_readings(workbook_with(body))
    assert ours == theirs
    assert ours  # the sheet was read at all


@pytest.mark.filterwarnings("ignore:Cell .* is marked as a date")
def test_the_1904_date_system_reads_as_openpyxl_reads_it():
    theirs, ours = both_readings(workbook_with(SHEETS["dates and times"], epoch_1904=True))
    assert ours == theirs
    assert ours[0][1][1] == datetime.datetime(2030, 11, 22)


def test_a_prefixed_namespace_reads_as_openpyxl_reads_it():
    body = SHEETS["numbers"].replace("<row", "<x:row").replace("</row", "</x:row")
    body = body.replace("<c ", "<x:c ").replace("</c>", "</x:c>").replace("<v>", "<x:v>").replace("</v>", "</x:v>")
    theirs, ours = both_readings(workbook_with(body.replace('<c r="G1"/>', ""), prefix="x:"))
    assert ours == theirs


def test_columns_past_the_limit_are_not_read():
    theirs, ours = both_readings(workbook_with(SHEETS["where cells are"]), max_col=3)
    assert ours == theirs
    assert all(column <= 3 for _number, cells in ours for column in cells)


BROKEN = {
    "a shared string past the table": '<row r="1"><c r="A1" t="s"><v>99</v></c></row>',
    "a number that is not one": '<row r="1"><c r="A1"><v>12abc</v></c></row>',
    "a boolean that is not one": '<row r="1"><c r="A1" t="b"><v>yes</v></c></row>',
    "a reference without a row": '<row r="1"><c r="A"><v>1</v></c></row>',
    "a reference of four letters": '<row r="1"><c r="ABCD1"><v>1</v></c></row>',
    "a row number that is not one": '<row r="1.5"><c r="A1"><v>1</v></c></row>',
    "a style that is not a number": '<row r="1"><c r="A1" s="x"><v>1</v></c></row>',
}


@pytest.mark.parametrize("body", BROKEN.values(), ids=BROKEN.keys())
def test_what_openpyxl_cannot_read_is_refused_as_damaged(body):
    data = workbook_with(body)
    for reading in (openpyxl_rows, our_rows):
        with pytest.raises(Exception):  # noqa: B017 — whatever the fault raises, in both
            reading(data)
    with translation.override("en"), pytest.raises(ReadingError, match="damaged"):
        read_bytes(data, "broken.xlsx")
