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

from django.http import HttpResponse
from django_tables2.export import TableExport
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell

from ..exports.render import BOM, SHEET_TITLE_LENGTH, clean_text, text_cell

EXPORT_FORMATS = (TableExport.CSV, TableExport.XLSX)


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
    for row in rows:
        sheet.append([WriteOnlyCell(sheet, value) if _is_number(value) else text_cell(sheet, value) for value in row])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _is_number(value: object) -> bool:
    """A figure: written as a number (a point total as ``Decimal("-12.3")``), so that a spreadsheet sums it."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def export_response(table, export_format: str) -> HttpResponse:
    """The download of ``table`` (every row, not only the page shown) as ``export_format``."""
    download = SafeTableExport(export_format, table, dataset_kwargs={"title": table.export_name})
    return download.response(filename=f"{table.export_name}.{export_format}")
