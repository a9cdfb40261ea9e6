"""Building import files for the tests: rows of the layout as .xlsx, CSV in several encodings, pasted text."""

import csv
import io
import zipfile

from django.urls import reverse
from openpyxl import Workbook

from league.exchange.layout import game_columns
from league.imports.columns import find_columns
from league.imports.plan import make_plan
from league.imports.reading import read_bytes, read_pasted
from league.models import Game, GameSeat, Meeting, Member, Yakuman

NAMES = ("東田一郎", "南野二郎", "西川三郎", "北村四郎")
HEADER_JA = [column.ja for column in game_columns(4)]
HEADER_EN = [column.en for column in game_columns(4)]


def game_row(
    date="2026-11-21",
    round=1,
    table=1,
    names=NAMES,
    scores=(52300, 31500, 18700, -2500),
    deposit="",
    chips=("", "", "", ""),
    busts="北:東",
    yakuman="",
    chombo="",
    points=("", "", "", ""),
    note="",
):
    """One game in the layout's order (date, round, table, player and score by seat, deposit, chips, extras,
    the points of a points-only game, and the note)."""
    row = [date, round, table]
    for name, score in zip(names, scores, strict=True):
        row += [name, score]
    return [*row, deposit, *chips, busts, yakuman, chombo, *points, note]


# Three games on two days: a bust, then a deposit with chips, then a yakuman and a chombo.
ROWS = [
    game_row(),
    game_row(
        round=2,
        names=NAMES[1:] + NAMES[:1],
        scores=(38000, 29000, 20000, 12000),
        deposit=1000,
        chips=(2, 0, -1, -1),
        busts="",
    ),
    game_row(
        date="2026-11-28",
        names=("中島五郎", *NAMES[:3]),
        scores=(61000, 22000, 12000, 5000),
        busts="",
        yakuman="東:国士無双:ロン:北",
        chombo="西",
    ),
]
NEW_NAME = "中島五郎"  # the third game's East player; a new member when imported by ``imported`` (conftest.py)


def xlsx_bytes(rows, header=HEADER_JA, title="対局", before=None):
    """A workbook whose Games sheet holds ``header`` and ``rows``; ``before`` adds a sheet in front of it."""
    workbook = Workbook()
    sheet = workbook.active
    if before:
        sheet.title = before
        sheet.append(["順位", "名前"])
        sheet = workbook.create_sheet(title)
    else:
        sheet.title = title
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def delimited(rows, header=HEADER_JA, delimiter=","):
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    if header:
        writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def csv_bytes(rows, encoding="utf-8", header=HEADER_JA):
    return delimited(rows, header).encode(encoding)


def replace_in_zip(data, name, content):
    """The same zip with ``name`` replaced by ``content``."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            target.writestr(item, content if item.filename == name else source.read(item.filename))
    return out.getvalue()


BILLION_LAUGHS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<!DOCTYPE worksheet [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>"""


def xml_bomb_xlsx():
    return replace_in_zip(xlsx_bytes(ROWS), "xl/worksheets/sheet1.xml", BILLION_LAUGHS)


def docx_like():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


def zip_bomb_xlsx(megabytes=101):
    """A real workbook plus an entry that unpacks to ``megabytes`` of zeros (written in chunks, small in memory)."""
    out = io.BytesIO(xlsx_bytes(ROWS))
    with (
        zipfile.ZipFile(out, "a", zipfile.ZIP_DEFLATED) as archive,
        archive.open("xl/media/zeros.bin", "w", force_zip64=True) as entry,
    ):
        chunk = bytes(1024 * 1024)
        for _ in range(megabytes):
            entry.write(chunk)
    return out.getvalue()


TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)


def import_url(club, name="import_results", **kwargs):
    return reverse(name, kwargs={"slug": club.slug, **kwargs})


def plan_of(club, data, name="games.xlsx", mapping=None):
    """The plan of a file for the club's only rule set."""
    rule_set = club.rule_sets.get()
    table = find_columns(read_bytes(data, name), 4, rule_set.name)
    return make_plan(club, rule_set, table, mapping)


def pasted_plan(club, text, mapping=None):
    rule_set = club.rule_sets.get()
    return make_plan(club, rule_set, find_columns(read_pasted(text), 4), mapping)


def counts():
    """Everything an import may create, to check that nothing was saved."""
    return (
        Game.objects.count(),
        GameSeat.objects.count(),
        Yakuman.objects.count(),
        Meeting.objects.count(),
        Member.objects.count(),
    )


def messages_of(plan):
    return [(problem.row, problem.label, problem.message) for problem in plan.problems]
