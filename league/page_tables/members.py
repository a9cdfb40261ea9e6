"""The member list's table (会員一覧): name, games and reading, in reading order unless a heading is chosen."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..models.people import Member
from .base import PageTable, detail_column, key_column, name_column

MEMBERS_PER_PAGE = 100


def in_reading_order(members: list[Member]) -> list[Member]:
    """Number ``members`` (already in reading order, guests last) so that sorting by name is that order."""
    for position, member in enumerate(members):
        member.reading_order = position
    return members


class MemberListTable(PageTable):
    name = name_column(_("Name"), order_by=("reading_order",))
    games = key_column(_("Games"), attrs={"th": {"class": "num"}, "td": {"class": "num"}})
    kana = detail_column(_("Reading"), orderable=False)  # sorting by it is sorting by name

    export_name = "members"
    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/members.html"
        attrs = {"class": "compact member-list key-table"}
        empty_text = _("The club has no members yet.")

    def __init__(self, data: list[Member], *, this_season: bool, **kwargs) -> None:
        super().__init__(data, **kwargs)
        if this_season:
            self.columns["games"].column.verbose_name = _("Games this season")

    def value_name(self, record: Member) -> str:
        marks = [gettext("guest")] if record.guest else []
        if not record.active:
            marks.append(gettext("inactive"))
        return f"{record.name} ({', '.join(marks)})" if marks else record.name
