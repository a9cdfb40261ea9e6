"""The pasted list of new members, checked (まとめて追加): a row per line with its reading box and problems.
A form's rows, in the order they were pasted: no sorting (it would lose what was typed), no download.
"""

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .base import PageTable


class PastedMembersTable(PageTable):
    line = tables.Column(verbose_name=_("Line"))
    name = tables.Column(verbose_name=_("Name"))
    reading = tables.Column(verbose_name=_("Reading"), accessor="reading_field")
    problems = tables.Column(verbose_name=_("Problems"))

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/pasted_members.html"
        attrs = {"class": "striped phone-cards pasted-members"}
        orderable = False

    def __init__(self, people: list[Any], **kwargs: Any) -> None:
        """``people``: the form's ``PastedPerson``s, each with its bound reading box."""
        super().__init__(people, **kwargs)
