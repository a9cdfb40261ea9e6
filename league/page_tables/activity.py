"""The club's activity page's table (操作履歴): when, who, what, one row per ``stats.activity.Activity``."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

import django_tables2 as tables
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from ..stats.activity import Activity
from .base import PageTable


@dataclass(frozen=True)
class ActivityRow:
    when: datetime
    login: str  # the login's name; "" when it is not known
    member: str  # the member the login plays as in this club, if any
    what: str
    link: str | None

    @property
    def done_by(self) -> str:
        """Who did it, as one text for a download: the member and the login, or the login alone."""
        if not self.login:
            return str(_("unknown"))
        return f"{self.member} ({self.login})" if self.member else self.login


def activity_rows(items: Iterable[Activity]) -> list[ActivityRow]:
    return [
        ActivityRow(item.when, item.user.get_username() if item.user else "", item.member, item.what, item.link)
        for item in items
    ]


class ActivityTable(PageTable):
    """Newest first, a page at a time from the history (``?before=``): a log is not sorted by its columns."""

    when = tables.Column(verbose_name=_("When"), orderable=False)
    done_by = tables.Column(verbose_name=_("Done by"), orderable=False)
    what = tables.Column(verbose_name=_("What was done"), orderable=False)

    export_name = "activity"

    class Meta(PageTable.Meta):
        template_name = "league/tables/activity.html"
        attrs = {"class": "striped phone-cards activity"}

    def value_when(self, value: datetime) -> str:
        return date_format(timezone.localtime(value), "DATETIME_FORMAT")
