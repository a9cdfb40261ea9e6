"""The import's columns page's table (列の指定): the file's first rows as read, a column per letter.

What the owner maps columns from, before anything is imported: read as the file has it, so it does not sort,
and it is the file itself, so there is no download.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from openpyxl.utils import get_column_letter

from .base import PageTable


@dataclass
class FirstRow:
    number: int
    cells: list[str]


class FirstRowsTable(PageTable):
    number = tables.Column(verbose_name=_("Row"), attrs={"th": {"class": "num"}}, orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/first_rows.html"
        attrs = {"class": "compact"}

    def __init__(self, shown: Iterable[tuple[int, list[str]]], *, width: int, **kwargs: Any) -> None:
        letters = [get_column_letter(position + 1) for position in range(width)]
        super().__init__(
            [FirstRow(number, list(cells)) for number, cells in shown],
            orderable=False,
            extra_columns=[
                (f"column_{letter}", tables.Column(verbose_name=letter, accessor=f"cells__{position}"))
                for position, letter in enumerate(letters)
            ],
            **kwargs,
        )
