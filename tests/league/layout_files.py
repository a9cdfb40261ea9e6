"""Files shaped like the ones clubs keep, built for the tests: a workbook as Japanese Excel saves it, a cp932 CSV.

The workbook has a merged title row, the header on row 3, each day's date merged
down its rows, scores computed by formulas (with the cached values Excel saves;
openpyxl writes formulas without them, so they are patched into the sheet's XML)
and a 合計 row at the bottom.
"""

import csv
import datetime
import io
import re

from openpyxl import Workbook

from .import_files import NAMES, replace_in_zip

GAMES = [  # (day, scores by seat), every game with nobody below 0, the names in seat order NAMES
    (datetime.date(2026, 11, 21), (41300, 28000, 18700, 12000)),
    (datetime.date(2026, 11, 21), (12000, 41300, 28000, 18700)),
    (datetime.date(2026, 11, 28), (30000, 30000, 25000, 15000)),
]
SHEET = "xl/worksheets/sheet1.xml"


def with_cached_values(data, values):
    """The workbook with each formula's cached value written, as Excel saves it: ``values`` formula → value."""
    import zipfile

    xml = zipfile.ZipFile(io.BytesIO(data)).read(SHEET).decode()
    for formula, value in values.items():
        pattern = re.compile(r"<f>" + re.escape(formula) + r"</f>(<v\s*/>|<v></v>)?")
        xml, found = pattern.subn(f"<f>{formula}</f><v>{value}</v>", xml)
        assert found, formula
    return replace_in_zip(data, SHEET, xml.encode())


def club_workbook(
    total=None, header=("日付", "回戦", "名前1", "点数1", "名前2", "点数2", "名前3", "点数3", "名前4", "点数4", "備考")
):
    """The Excel sheet a club keeps: title merged over row 1, header on row 3, dates merged, formulas, 合計."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "成績"
    sheet["A1"] = "風の会 2026年度 成績表"
    sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(header))
    sheet.append([])
    sheet.append(list(header))
    cached = {}
    first_of_day = {}
    for index, (day, scores) in enumerate(GAMES):
        row = 4 + index
        cells = [day if day not in first_of_day else None, sum(1 for d, _s in GAMES[: index + 1] if d == day)]
        first_of_day.setdefault(day, row)
        for seat, (name, score) in enumerate(zip(NAMES, scores, strict=True)):
            if seat == 0:  # East's score as a formula (= the starting 25,000 plus the gain), as some sheets do
                formula = f"25000+{score - 25000}"
                cells += [name, f"={formula}"]
                cached[formula] = score
            else:
                cells += [name, score]
        cells.append("")
        sheet.append(cells)
        sheet.cell(row=row, column=1).number_format = "yyyy/m/d"
    for day, start in first_of_day.items():  # each day's date merged down its rows
        end = start + sum(1 for d, _s in GAMES if d == day) - 1
        if end > start:
            sheet.merge_cells(start_row=start, start_column=1, end_row=end, end_column=1)
    last = 4 + len(GAMES) - 1
    total_row = ["合計", ""]
    for seat in range(4):
        column = "DFHJ"[seat]
        formula = f"SUM({column}4:{column}{last})"
        total_row += ["", f"={formula}"]
        cached[formula] = total if total is not None and seat == 1 else sum(s[seat] for _d, s in GAMES)
    sheet.append(total_row)
    out = io.BytesIO()
    workbook.save(out)
    return with_cached_values(out.getvalue(), cached)


def cp932_csv(rows, header):
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("cp932")


def wide_workbook(rows, members, title=True, totals=None, counts=None, header_start=("日付", "回戦", "卓")):
    """A 集計表: optional title rows, ``日付 | 回戦 | 卓 | members…``, one row per game, 合計 and 半荘数 rows."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "集計表"
    if title:
        sheet.append(["風の会"])
        sheet.append(["2026年度"])
    sheet.append([*header_start, *members])
    for row in rows:
        sheet.append(list(row))
    if totals is not None:
        sheet.append(["合計", *[""] * (len(header_start) - 1), *totals])
    if counts is not None:
        sheet.append(["半荘数", *[""] * (len(header_start) - 1), *counts])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
