"""The figures a chart draws, as a table for screen readers, visually hidden under the chart
(league/presentation/charts.py).

A chart's columns are its own (points game by game, points day by day, places), so each table declares them
when made, from the chart's headings; its rows are the chart's texts, written once, and its template prints
them in a loop of its own (a busy member's chart has some 400 rows).  Read in the
chart's order: no sorting, no download (the member page's own tables are the downloads).
"""

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables

from .base import PageTable


class ChartFiguresTable(PageTable):
    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/chart_figures.html"
        attrs = {"class": "visually-hidden"}
        orderable = False

    def __init__(self, caption: str, headings: Sequence[str], rows: list[Sequence[Any]]) -> None:
        columns = [
            (f"figure_{index}", tables.Column(verbose_name=heading, accessor=str(index)))
            for index, heading in enumerate(headings)
        ]
        super().__init__(rows, extra_columns=columns)
        self.caption, self.figures, self.width = caption, rows, len(headings)
