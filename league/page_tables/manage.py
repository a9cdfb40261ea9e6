"""The owner's pages' tables (管理): seasons, logins and roles, invites.

The owner's own pages (logins and invites name people's logins), so none offers a download.  The seasons
sort on their days (newest first unless a heading is chosen); logins are read in role order, invites
newest first, so those do not sort.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..text.formatting import format_date, format_points
from .base import PageTable


@dataclass
class SeasonRow:
    pk: int
    name: str
    starts_on: datetime.date
    ends_on: datetime.date
    min_games: int
    first_day: str
    last_day: str


def season_rows(seasons: Iterable[Any]) -> list[SeasonRow]:
    return [
        SeasonRow(
            season.pk,
            season.name,
            season.starts_on,
            season.ends_on,
            season.min_games,
            format_date(season.starts_on),
            format_date(season.ends_on),
        )
        for season in seasons
    ]


class SeasonsTable(PageTable):
    name = tables.Column(verbose_name=_("Season"), order_by=("starts_on",))
    first_day = tables.Column(verbose_name=_("First day"), order_by=("starts_on",))
    last_day = tables.Column(verbose_name=_("Last day"), order_by=("ends_on",))
    min_games = tables.Column(verbose_name=_("Games to be ranked"), attrs={"th": {"class": "num"}}, orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/seasons.html"


@dataclass
class LoginRow:
    pk: int
    username: str
    is_you: bool
    role: str
    members: str  # the club's members the login plays as, joined; "—" for none
    locked_out: bool
    may_get_link: bool


def login_rows(memberships: Iterable[Any], you: Any, locked_out: set[str]) -> list[LoginRow]:
    """The logins (``people.logins_of`` with ``accounts.with_password_links``) as rows, in their order."""
    rows = []
    for membership in memberships:
        username = membership.user.get_username()
        rows.append(
            LoginRow(
                membership.pk,
                username,
                membership.user == you,
                str(membership.get_role_display()),
                ", ".join(member.name for member in membership.user.linked) or "—",
                username in locked_out,
                bool(membership.may_get_link),
            )
        )
    return rows


class LoginsTable(PageTable):
    login = tables.Column(verbose_name=_("Login"), accessor="username", orderable=False)
    role = tables.Column(verbose_name=_("Role"), orderable=False)
    member = tables.Column(verbose_name=_("Member"), accessor="members", orderable=False)
    password = tables.Column(verbose_name=_("Password"), accessor="pk", orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/logins.html"
        attrs = {"class": "striped phone-cards"}


class InvitesTable(PageTable):
    member = tables.Column(verbose_name=_("Member"), orderable=False)
    role = tables.Column(verbose_name=_("Role"), orderable=False)
    state = tables.Column(verbose_name=_("State"), accessor="pk", orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/invites.html"
        attrs = {"class": "striped phone-cards"}
        prefix = "invites-"


@dataclass
class AdjustmentRow:
    pk: int
    date: datetime.date
    points: int  # tenths
    member: str
    reason: str
    rule_set: str
    entered_by: str  # the login's name; "—" when the site itself
    date_text: str
    points_text: str


def adjustment_rows(adjustments: Iterable[Any]) -> list[AdjustmentRow]:
    """The adjustments (``people.adjustments_of``: member, rule set and login selected), newest first."""
    return [
        AdjustmentRow(
            adjustment.pk,
            adjustment.date,
            adjustment.points,
            adjustment.member.name,
            adjustment.reason,
            adjustment.rule_set.name,
            adjustment.created_by.get_username() if adjustment.created_by else "—",
            format_date(adjustment.date),
            format_points(adjustment.points),
        )
        for adjustment in adjustments
    ]


class AdjustmentsTable(PageTable):
    """The secretaries' list of adjustments (点数調整): sorts on the day or on the points (tenths)."""

    date = tables.Column(verbose_name=_("Date"), order_by=("date",))
    member = tables.Column(verbose_name=_("Member"), orderable=False)
    points = tables.Column(verbose_name=_("Points"), attrs={"th": {"class": "num"}}, order_by=("points",))
    reason = tables.Column(verbose_name=_("Reason"), orderable=False)
    rule_set = tables.Column(verbose_name=_("Rule set"), orderable=False)
    entered_by = tables.Column(verbose_name=_("Entered by"), orderable=False)
    # No heading on screen (each row's button says what it deletes); a screen reader hears "Delete".
    delete = tables.Column(verbose_name="", accessor="pk", orderable=False, attrs={"th": {"aria-label": _("Delete")}})

    downloadable = False  # a secretaries' page naming logins

    class Meta(PageTable.Meta):
        template_name = "league/tables/adjustments.html"


@dataclass
class RecomputedSeatRow:
    member: str
    place: str  # the new place, after the old one when it changes ("2 → 1")
    before: str
    after: str
    changed: bool


class RecomputedSeatsTable(PageTable):
    """One game's seats before and after a recompute (再計算), in seat order: read as planned, not sorted."""

    player = tables.Column(verbose_name=_("Player"), accessor="member", orderable=False)
    place = tables.Column(verbose_name=_("Place"), attrs={"th": {"class": "num"}}, orderable=False)
    before = tables.Column(verbose_name=_("Before"), attrs={"th": {"class": "num"}}, orderable=False)
    after = tables.Column(verbose_name=_("After"), attrs={"th": {"class": "num"}}, orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/recomputed_seats.html"
        attrs = {"class": "compact"}

    def __init__(self, seats: Iterable[Any], **kwargs: Any) -> None:
        rows = [
            RecomputedSeatRow(
                seat.name,
                f"{seat.old_place} → {seat.new_place}" if seat.old_place != seat.new_place else str(seat.new_place),
                format_points(seat.old_total),
                format_points(seat.new_total),
                seat.changed,
            )
            for seat in seats
        ]
        super().__init__(rows, **kwargs)
