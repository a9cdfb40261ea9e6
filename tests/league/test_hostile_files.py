"""Hostile and broken workbooks: every one is refused with a clear message, quickly, and never becomes a 500.

Every file is built here from a real workbook with one part replaced or one byte changed, so nothing large
is kept in the repository.
"""

import io
import struct
import time
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from league.imports import workbook_checks
from league.imports.columns import find_columns
from league.imports.reading import MAX_GAMES, ReadingError, read_bytes
from league.models import Game

from .import_files import HEADER_JA, ROWS, delimited, game_row, import_url, plan_of, replace_in_zip, xlsx_bytes

SHEET = "xl/worksheets/sheet1.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def sheet_xml(body, before=""):
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{before}<worksheet xmlns="{MAIN}">{body}</worksheet>'
    )


def with_sheet(body, before=""):
    return replace_in_zip(xlsx_bytes(ROWS), SHEET, sheet_xml(body, before))


def refusal(data):
    with pytest.raises(ReadingError) as caught:
        read_bytes(data, "hostile.xlsx")
    return caught.value.message


# -- a small file declaring a huge sheet: refused before openpyxl fills the rows up to it ----------------------------

HUGE = {
    "a cell at row 20,000,000": '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>日付</t></is></c></row>'
    '<row r="20000000"><c r="A20000000"><v>1</v></c></row></sheetData>',
    "a cell reference alone": '<sheetData><row><c r="B20000000"><v>1</v></c></row></sheetData>',
    "a declared dimension": '<dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
    "</sheetData>",
    "a row without cells": '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="999999999"/></sheetData>',
    "a merged range": '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>'
    '<mergeCells count="1"><mergeCell ref="A1:D5000000"/></mergeCells>',
}


@pytest.mark.parametrize("body", HUGE.values(), ids=HUGE.keys())
def test_a_small_file_declaring_a_huge_sheet_is_refused_at_once(body):
    data = with_sheet(body)
    assert len(data) < 10_000
    # Processor time, not the wall clock: the point is the work done (a reader walking five million rows
    # takes minutes of it), and a loaded machine stretches the wall clock without changing that.
    started = time.process_time()
    message = refusal(data)
    assert time.process_time() - started < 1
    assert "reaches row" in message and "100,000" in message, message


def test_merged_ranges_covering_too_many_cells_are_refused():
    merges = "".join(f'<mergeCell ref="A{row}:CV{row + 99}"/>' for row in range(1, 5000, 100))  # 50 × 10,000 cells
    message = refusal(
        with_sheet(f'<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><mergeCells>{merges}</mergeCells>')
    )
    assert "merges more cells" in message


def test_a_sheet_within_the_limits_keeps_its_merged_ranges():
    archive = zipfile.ZipFile(
        io.BytesIO(
            with_sheet(
                '<dimension ref="A1:C3"/><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
                '<row r="3"><c r="C3"><v>2</v></c>'
                '</row></sheetData><mergeCells><mergeCell ref="A1:C1"/></mergeCells>'
            )
        )
    )
    shape = workbook_checks.games_sheet(archive)
    assert (shape.title, shape.part, shape.last_row, shape.last_column, shape.merged) == (
        "対局",
        SHEET,
        3,
        3,
        ["A1:C1"],
    )


def test_cells_that_do_not_say_where_they_are_are_read_up_to_the_column_limit():
    data = with_sheet('<sheetData><row r="1"><c t="inlineStr"><is><t>a</t></is></c><c><v>2</v></c></row></sheetData>')
    assert workbook_checks.games_sheet(zipfile.ZipFile(io.BytesIO(data))).last_column is None
    assert read_bytes(data, "no references.xlsx").rows == [(1, ["a", "2"])]


def test_cells_that_say_where_they_are_only_sometimes_are_read():
    data = with_sheet('<sheetData><row r="1"><c><v>1</v></c><c r="C1"><v>3</v></c><c><v>4</v></c></row></sheetData>')
    assert read_bytes(data, "some references.xlsx").rows == [(1, ["1", "", "3", "4"])]


def test_a_sheet_of_one_huge_row_with_no_size_recorded_is_read_without_holding_it():
    """openpyxl parsed such a sheet whole to learn its size, then built the row (1.3 GB for two million cells)."""
    cells = '<c r="A2"><v>1</v></c>' * 200_000
    header = '<row r="1"><c r="A1" t="inlineStr"><is><t>日付</t></is></c></row>'
    data = with_sheet(f'<sheetData>{header}<row r="2">{cells}</row></sheetData>')
    tracemalloc.start()
    try:
        rows = read_bytes(data, "one huge row.xlsx").rows
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert rows == [(1, ["日付"]), (2, ["1"])]
    assert peak < 10 * 2**20, peak  # the sheet unpacks to 4.4 MB


def test_the_sheet_checked_is_the_games_sheet_even_when_it_is_not_the_first():
    """The check reads the sheet that is imported: 対局 behind a standings sheet."""
    data = xlsx_bytes(ROWS, before="順位表")
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert workbook_checks.games_sheet(archive).title == "対局"
    huge = replace_in_zip(data, "xl/worksheets/sheet2.xml", sheet_xml(HUGE["a declared dimension"]))
    assert "“対局” reaches row" in refusal(huge)
    # The other sheet may be as big as it likes: it is not read.
    other = replace_in_zip(data, SHEET, sheet_xml(HUGE["a declared dimension"]))
    assert len(read_bytes(other, "two sheets.xlsx").rows) == len(ROWS) + 1


# -- zips that are not what they say --------------------------------------------------------------------------------


def set_compression(data, method):
    """The same zip with every entry's compression method field set to ``method`` (the bytes left as they are)."""
    out = bytearray(data)
    archive = zipfile.ZipFile(io.BytesIO(data))
    for entry in archive.infolist():
        struct.pack_into("<H", out, entry.header_offset + 8, method)  # the local file header
    start = data.rfind(b"PK\x05\x06")
    directory = struct.unpack_from("<I", data, start + 16)[0]
    position = directory
    while data[position : position + 4] == b"PK\x01\x02":
        struct.pack_into("<H", out, position + 10, method)  # the central directory's copy
        name, extra, comment = struct.unpack_from("<HHH", data, position + 28)
        position += 46 + name + extra + comment
    return bytes(out)


@pytest.mark.parametrize("method", [9, 14, 12, 99], ids=["deflate64", "lzma", "bzip2", "unknown"])
def test_a_compression_method_spreadsheets_do_not_use_is_refused(method):
    message = refusal(set_compression(xlsx_bytes(ROWS), method))
    assert "compressed in a way spreadsheets do not save" in message


def test_notimplementederror_from_the_zip_reader_is_a_refusal_too(monkeypatch):
    """Past the check (here switched off), zipfile's NotImplementedError for deflate64 is still a refusal."""
    monkeypatch.setattr(workbook_checks, "COMPRESSIONS", {0, 8, 9})
    with pytest.raises(NotImplementedError):
        zipfile.ZipFile(io.BytesIO(set_compression(xlsx_bytes(ROWS), 9))).read(SHEET)
    assert "compressed in a way spreadsheets do not save" in refusal(set_compression(xlsx_bytes(ROWS), 9))


def test_an_encrypted_entry_is_refused():
    data = bytearray(xlsx_bytes(ROWS))
    position = data.rfind(b"PK\x01\x02", 0, data.rfind(b"PK\x05\x06"))
    struct.pack_into("<H", data, position + 8, data[position + 8] | 0x1)
    assert "password" in refusal(bytes(data))


def without(data, name):
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            if item.filename != name:
                target.writestr(item, source.read(item.filename))
    return out.getvalue()


DAMAGED = {
    "cut in half": lambda data: data[: len(data) // 2],
    "cut before the end record": lambda data: data[:-10],
    "a broken central directory": lambda data: data.replace(b"PK\x01\x02", b"PK\x01\x09", 1),
    "no relationships part": lambda data: without(data, "xl/_rels/workbook.xml.rels"),
    "no sheet part": lambda data: without(data, SHEET),
    "sheet XML not well-formed": lambda data: replace_in_zip(data, SHEET, sheet_xml("<sheetData><row>")),
    "sheet XML not XML": lambda data: replace_in_zip(data, SHEET, b"\x00\x01binary"),
    "workbook XML not XML": lambda data: replace_in_zip(data, "xl/workbook.xml", "<workbook"),
    "a corrupt deflate stream": lambda data: corrupt_entry(data, SHEET),
}


def corrupt_entry(data, name):
    """The entry's compressed bytes overwritten in the middle (its CRC no longer matches, or inflate fails)."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    entry = archive.getinfo(name)
    name_length, extra_length = struct.unpack_from("<HH", data, entry.header_offset + 26)
    start = entry.header_offset + 30 + name_length + extra_length
    out = bytearray(data)
    for offset in range(start + 10, start + min(entry.compress_size, 60)):
        out[offset] ^= 0x5A
    return bytes(out)


@pytest.mark.parametrize("damage", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_workbook_is_refused_as_damaged(damage):
    message = refusal(damage(xlsx_bytes(ROWS)))
    assert "may be damaged" in message or "cannot be read" in message, message


ENTITIES = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
EXTERNAL_ENTITY = '<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
EXTERNAL_DTD = '<!DOCTYPE x SYSTEM "http://example.com/x.dtd">'
CHECKED_PARTS = [SHEET, "xl/workbook.xml", "xl/_rels/workbook.xml.rels"]  # read by the check, before openpyxl
OPENPYXL_PARTS = ["docProps/core.xml", "[Content_Types].xml"]  # read by openpyxl through defusedxml


# The check refuses any document type declaration; defusedxml (behind openpyxl) refuses entities, and
# never fetches an external DTD, so a bare one is harmless there.
@pytest.mark.parametrize(
    ("part", "declaration"),
    [
        *((part, declaration) for part in CHECKED_PARTS for declaration in (ENTITIES, EXTERNAL_ENTITY, EXTERNAL_DTD)),
        *((part, declaration) for part in OPENPYXL_PARTS for declaration in (ENTITIES, EXTERNAL_ENTITY)),
    ],
)
def test_entity_declarations_anywhere_are_refused_for_safety(part, declaration):
    data = xlsx_bytes(ROWS)
    original = zipfile.ZipFile(io.BytesIO(data)).read(part).decode()
    body = original.split("?>", 1)[1] if original.startswith("<?xml") else original
    message = refusal(replace_in_zip(data, part, f'<?xml version="1.0" encoding="UTF-8"?>{declaration}{body}'))
    assert "XML that Janroku refuses for safety" in message, message


# -- the row limit counts games ---------------------------------------------------------------------------------------


def test_the_row_limit_counts_games_not_the_title_and_header_rows(club):
    rows = [["風の会 成績"], ["2026年度"], [], HEADER_JA] + [game_row(round=1)] * MAX_GAMES
    sheet = read_bytes(delimited(rows, header=None).encode(), "full.csv")
    assert len(sheet.rows) == MAX_GAMES + 3
    table = find_columns(sheet, 4)
    assert len(table.rows) == MAX_GAMES


def test_a_plan_of_more_games_than_the_limit_is_one_problem(club, monkeypatch):
    monkeypatch.setattr("league.imports.plan.MAX_GAMES", 2)
    plan = plan_of(club, xlsx_bytes(ROWS))
    assert [(problem.row, problem.message) for problem in plan.problems] == [
        (
            None,
            "The file has more than 20,000 games. Split it into several files (by year, for example) and import "
            "them one after another.",
        )
    ]
    assert not plan.games


# -- through the page: a refusal beside the file field, in the user's language, never a 500 -------------------------


@pytest.mark.parametrize(
    "data",
    [
        with_sheet(HUGE["a cell at row 20,000,000"]),
        set_compression(xlsx_bytes(ROWS), 9),
        without(xlsx_bytes(ROWS), SHEET),
    ],
    ids=["huge", "deflate64", "missing part"],
)
def test_the_upload_page_shows_the_refusal(client, secretary, club, data):
    client.force_login(secretary)
    with translation.override("ja"):
        response = client.post(
            import_url(club),
            {"rule_set": club.rule_sets.get().pk, "file": SimpleUploadedFile("hostile.xlsx", data)},
            HTTP_ACCEPT_LANGUAGE="ja",
        )
    assert response.status_code == 400
    errors = response.context["form"].errors["file"]
    assert errors and all(any("\u3040" <= ch <= "\u30ff" for ch in error) for error in errors), errors
    assert Game.objects.count() == 0
