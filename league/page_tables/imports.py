"""The import batch page's table (取り込み): the meetings an import put games or day totals into."""

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..text.formatting import format_date
from .base import PageTable, key_column, name_column

MEETINGS_PER_PAGE = 50  # an import of years of results makes hundreds


def _number(**kwargs: Any) -> tables.Column:
    return tables.Column(attrs={"th": {"class": "num"}, "td": {"class": "num"}}, **kwargs)


class ImportedMeetingsTable(PageTable):
    """One row per ``imports.summary.MeetingTouched``, by day; sorts by day or by the games imported."""

    date = name_column(_("Date"), accessor="meeting__date")
    games = key_column(_("Games imported"), attrs={"th": {"class": "num"}, "td": {"class": "num"}})
    day_totals = _number(verbose_name=_("Day totals"))
    created = tables.Column(verbose_name=_("Meeting"), orderable=False)

    per_page = MEETINGS_PER_PAGE
    export_name = "imported-meetings"

    class Meta(PageTable.Meta):
        template_name = "league/tables/imported_meetings.html"
        attrs = {"class": "compact"}

    def __init__(self, data: list, *, with_day_totals: bool, **kwargs: Any) -> None:
        super().__init__(data, exclude=() if with_day_totals else ("day_totals",), **kwargs)
        self.with_day_totals = with_day_totals

    def value_date(self, value: Any) -> str:
        return format_date(value)

    def value_created(self, value: bool) -> str:
        return gettext("created by the import") if value else gettext("already there")
