"""A game's history page's tables (修正履歴): each revision's changes, what was before and after.

A revision's changes are few and read in the order the history gives them: they do not sort, and a
download of a game's history would say less than its page, so there is none.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .base import PageTable


@dataclass
class ChangeRow:
    what: str
    before: str
    after: str


class ChangesTable(PageTable):
    what = tables.Column(verbose_name=_("What"), orderable=False)
    before = tables.Column(verbose_name=_("Before"), orderable=False)
    after = tables.Column(verbose_name=_("After"), orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/game_changes.html"
        attrs = {"class": "changes"}


def changes_tables(revisions: Iterable[dict[str, Any]]) -> None:
    """Give each revision (``history.game_history``) with changes its ``table``; None for one without."""
    for revision in revisions:
        changes = revision["changes"]
        revision["table"] = ChangesTable([ChangeRow(*change) for change in changes]) if changes else None
