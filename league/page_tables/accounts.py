"""The closing accounts' table of who came and who stayed to the close (出欠): a row per person, each with
the form's two boxes.  A form's rows: a sort link would lose what was typed, and there is nothing to download.
"""

from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from .base import PageTable


@dataclass
class AttendanceRow:
    member: Any
    came: BoundField
    stayed: BoundField


class AttendanceTable(PageTable):
    name = tables.Column(verbose_name=_("Name"), accessor="member")
    came = tables.Column(verbose_name=_("came"))
    stayed = tables.Column(verbose_name=_("stayed to the close"))

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/attendance.html"
        attrs = {"class": "attendance"}
        orderable = False

    def __init__(self, form: Any, **kwargs: Any) -> None:
        """``form``: the ``AccountsForm``, whose ``rows()`` give each person with their two boxes."""
        super().__init__([AttendanceRow(*row) for row in form.rows()], **kwargs)
