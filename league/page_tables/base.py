"""What every page table shares: the lean template, the phone pattern's columns, paging and downloads.

A table's rows are plain objects whose display values were computed once per row by the page's read model
(or its view); the template prints them, so a cell costs a template variable, not django-tables2's
per-cell path (a render method looked up, its signature read, its attributes rebuilt: docs/performance.md).
Sorting works on the rows' raw values (``order_by`` names the attribute holding the number, never the text
shown), and the sort is stable, so rows that tie keep the order the read model gave them (the ranking).
"""

import copy
from collections import OrderedDict
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from .export import EXPORT_FORMATS, PointsFigure, RateFigure, export_response

# A download of more rows than this is written by the worker (league/jobs/page_downloads.py), when the jobs gave the
# way to start one (``long_download``): page tables sit below the jobs and never import them.
TABLE_ROWS_IN_REQUEST = 1_000
# Set at start-up (``LeagueConfig.ready``: ``jobs.tasks.start_table_download``): (request, file name) → the job's
# page, or None when the download stays in the request.
long_download: Callable[[HttpRequest, str], HttpResponse | None] | None = None

EXPORT_PARAMETER = "_export"
TABLE_PARAMETER = "_table"  # which of a page's tables (its prefix) a download is of, where a page has several


class _CopiedShallowly(OrderedDict):
    """A table's declared columns, copied for each table made one by one rather than deeply.

    django-tables2 deep-copies every declared column for each table made (its lazy heading, attributes,
    accessor and sort keys: about 1,200 objects for the standings' 28 columns, a millisecond a table, and a
    tenth of one for a game card's five, fifty cards a meeting page).  A table changes no more than a
    column's heading, attributes or visibility, by assigning them on its copy, never by changing the
    declared column's own dictionaries in place.
    """

    def __deepcopy__(self, memo: dict) -> OrderedDict:
        return OrderedDict((name, copy.copy(column)) for name, column in self.items())


class PageTable(tables.Table):
    """A site table: drawn by ``league/tables/table.html`` (or a template extending it), never in Python.

    A table class may set ``export_name`` (the download's file name, without its extension).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.base_columns = _CopiedShallowly(cls.base_columns)

    export_name = "table"
    per_page: int | None = None  # rows a page, for a table that can grow long (None: not paged)
    downloadable = True  # False: no download links, and ``?_export=`` is ignored (a table not for members)
    wide = False  # a wide table of figures (tables.css): scrolls in its own box, its name column sticky
    anchor = ""  # the id of the table's heading on its page: a sort or page link comes back to it, not to the top

    @property
    def has_detail_columns(self) -> bool:
        """Whether a phone leaves some columns out: the table then gets the "show all columns" switch."""
        return any("detail-cell" in column.column.attrs.get("td", {}).get("class", "") for column in self.columns)

    class Meta:
        template_name = "league/tables/table.html"
        empty_text = _("Nothing to show yet.")
        attrs = {"class": "striped"}
        order_by_field = "sort"

    downloads: list[tuple[str, str]] = []  # set by ``configure``: (format, address) of the download links


def points_figure(tenths: int | None) -> PointsFigure | None:
    """Points (integer tenths) as a download writes them: a number a spreadsheet sums (``-123`` → ``-12.3``),
    never the page's text (``▲12.0``). None stays empty."""
    return None if tenths is None else PointsFigure(Decimal(tenths).scaleb(-1))


def rate_figure(percent: Decimal | None) -> RateFigure | None:
    """A rate the read models keep in percent (``Decimal("33.3")``) as a download writes it. None stays empty."""
    return None if percent is None else RateFigure(percent)


def _kind(kind: str, attrs: dict[str, Any] | None = None) -> dict[str, Any]:
    """The phone pattern's class on a column's heading and cells (tables.css), with any other attributes."""
    merged = dict(attrs or {})
    for part in ("th", "td"):
        given = merged.get(part, {})
        merged[part] = {**given, "class": f"{given['class']} {kind}" if given.get("class") else kind}
    return merged


def rank_column(verbose_name: Any, **kwargs: Any) -> tables.Column:
    """The row's rank: sticky at the left edge, before the name."""
    return tables.Column(verbose_name=verbose_name, attrs=_kind("num rank-cell", kwargs.pop("attrs", None)), **kwargs)


def name_column(verbose_name: Any, **kwargs: Any) -> tables.Column:
    """The row's name: sticky at the left edge of a wide table on a phone."""
    return tables.Column(verbose_name=verbose_name, attrs=_kind("name-cell", kwargs.pop("attrs", None)), **kwargs)


def key_column(verbose_name: Any, **kwargs: Any) -> tables.Column:
    """The figure the table is read for: right after the name, in bold."""
    return tables.Column(verbose_name=verbose_name, attrs=_kind("key-cell", kwargs.pop("attrs", None)), **kwargs)


def detail_column(verbose_name: Any, **kwargs: Any) -> tables.Column:
    """A column a phone leaves out until "show all columns" is switched on."""
    return tables.Column(verbose_name=verbose_name, attrs=_kind("detail-cell", kwargs.pop("attrs", None)), **kwargs)


def asks_for_download(request: HttpRequest) -> bool:
    """Whether the address asks for a table's download rather than the page."""
    return request.GET.get(EXPORT_PARAMETER) in EXPORT_FORMATS


def configure(request: HttpRequest, table: PageTable, per_page: int | None = None) -> HttpResponse | None:
    """Sort and page ``table`` from the address; the download instead when the address asks for one.

    ``per_page`` (else the table's own) None: the table is not paged (its rows are already one page, or few).
    Paging is always explicit: django-tables2 would otherwise page at 25 rows without being asked.
    A download of more than ``TABLE_ROWS_IN_REQUEST`` rows is written by the worker: the answer is its job's page.
    """
    per_page = per_page or table.per_page
    RequestConfig(request, paginate={"per_page": per_page} if per_page else False).configure(table)
    table.downloads = download_links(request, table) if table.downloadable else []
    export_format = request.GET.get(EXPORT_PARAMETER)
    asked = export_format in EXPORT_FORMATS and request.GET.get(TABLE_PARAMETER, table.prefix) == table.prefix
    if table.downloadable and asked:
        if long_download is not None and len(table.rows) > TABLE_ROWS_IN_REQUEST:
            if job_page := long_download(request, f"{table.export_name}.{export_format}"):
                return job_page
        return export_response(table, export_format)
    return None


def download_links(
    request: HttpRequest, table: PageTable, changes: dict[str, str | None] | None = None
) -> list[tuple[str, str]]:
    """The page's own address with ``?_export=csv`` / ``xlsx``: the same rows, sorted the same way; ``changes``
    set (or, None, remove) parameters of the address first (the running standings' every meeting)."""
    links = []
    for export_format in EXPORT_FORMATS:
        query = request.GET.copy()
        for name, value in (changes or {}).items():
            if value is None:
                query.pop(name, None)
            else:
                query[name] = value
        query[EXPORT_PARAMETER] = export_format
        if table.prefix:
            query[TABLE_PARAMETER] = table.prefix
        query.pop(table.prefixed_page_field, None)  # a download holds every page
        links.append((export_format, f"?{query.urlencode()}"))
    return links
