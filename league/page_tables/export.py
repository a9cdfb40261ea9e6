"""A page table's downloads: django-tables2's ``TableExport`` with the workbook's formula neutralisation.

django-tables2 gathers the rows (``Table.as_values``: the same columns, order and headings as the page, in
the active language); tablib would write them with no care for a name such as ``=HYPERLINK(…)``, so the
file is written here through the export renderers' one rule (``league/exports/render.py``): every text
cell of the workbook is a text cell (``text_cell``), every text of the CSV is neutralised (``clean_text``),
and the CSV starts with a BOM so that Excel opens Japanese.
"""

import csv
import io
from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from django_tables2.export import TableExport
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell

from ..exports.cells import RATE
from ..exports.render import BOM, NUMBER_FORMATS, SHEET_TITLE_LENGTH, clean_text, text_cell
from ..text.formatting import decimal_number, points_number_format

EXPORT_FORMATS = (TableExport.CSV, TableExport.XLSX)


class PointsFigure(Decimal):
    """Points in a download: a number a spreadsheet sums (``-12.3``), which a workbook cell shows as the season
    workbook does (``+45.3``, ``▲12.0`` in Japanese: ``formatting.points_number_format``)."""


class RateFigure(Decimal):
    """A rate in percent in a download (``33.3``): that number in a CSV, a percentage cell in a workbook (0.333,
    shown ``33.3%``, as the season workbook writes rates)."""


class SafeTableExport(TableExport):
    """``TableExport`` for CSV and xlsx, writing its dataset's cells as the season workbook does."""

    def export(self) -> bytes | str:
        rows = [self.dataset.headers, *self.dataset]
        if self.format == self.CSV:
            return _csv(rows)
        return _xlsx(rows, self.dataset.title)


def _csv(rows: list) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([value if _is_number(value) else clean_text("" if value is None else value) for value in row])
    return out.getvalue()


def _xlsx(rows: list, title: str) -> bytes:
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title[:SHEET_TITLE_LENGTH])
    points_format = points_number_format()  # the page's language: ▲ in Japanese
    for row in rows:
        sheet.append(
            [
                _number_cell(sheet, value, points_format) if _is_number(value) else text_cell(sheet, value)
                for value in row
            ]
        )
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _number_cell(sheet: Any, value: Any, points_format: str) -> WriteOnlyCell:
    """A figure's cell: points and rates formatted as the season workbook formats them, other numbers as they are."""
    if isinstance(value, RateFigure):
        cell = WriteOnlyCell(sheet, decimal_number(value / 100))
        cell.number_format = NUMBER_FORMATS[RATE]
    elif isinstance(value, PointsFigure):
        cell = WriteOnlyCell(sheet, value)
        cell.number_format = points_format
    else:
        cell = WriteOnlyCell(sheet, value)
    return cell


def _is_number(value: object) -> bool:
    """A figure: written as a number (a point total as ``Decimal("-12.3")``), so that a spreadsheet sums it."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def export_response(table, export_format: str) -> HttpResponse:
    """The download of ``table`` (every row, not only the page shown) as ``export_format``."""
    download = SafeTableExport(export_format, table, dataset_kwargs={"title": table.export_name})
    return download.response(filename=f"{table.export_name}.{export_format}")
