"""The owner's member list (会員の管理): each member with reading, login and state, then the guests.

The owner's own page (logins are on it), so neither table offers a download.  The members sort by name
(their reading order) or by state; the guests are few and read in reading order.
"""

from collections.abc import Iterable
from dataclasses import dataclass

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..models.people import Member
from .base import PageTable


@dataclass
class RosterRow:
    pk: int
    name: str
    kana: str
    login: str  # the linked login's name; "" when none
    active: bool
    reading_order: int


def roster_rows(members: Iterable[Member]) -> list[RosterRow]:
    """The members (``select_related("user")``, in reading order) as rows, numbered in that order."""
    return [
        RosterRow(
            member.pk,
            member.name,
            member.kana,
            member.user.get_username() if member.user else "",
            member.active,
            position,
        )
        for position, member in enumerate(members)
    ]


class RosterTable(PageTable):
    name = tables.Column(verbose_name=_("Name"), order_by=("reading_order",))
    kana = tables.Column(verbose_name=_("Reading"), orderable=False)  # sorting by it is sorting by name
    login = tables.Column(verbose_name=_("Login"), orderable=False)
    status = tables.Column(verbose_name=_("Status"), accessor="active", order_by=("-active",))

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/roster.html"
        attrs = {"class": "striped phone-cards member-roster"}


class GuestsTable(PageTable):
    name = tables.Column(verbose_name=_("Name"), orderable=False)
    kana = tables.Column(verbose_name=_("Reading"), orderable=False)
    action = tables.Column(verbose_name="", accessor="pk", orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/guests.html"
        prefix = "guests-"
