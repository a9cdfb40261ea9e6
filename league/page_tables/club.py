"""The club page's tables of its latest meeting (最新の開催日): the day's totals and its games by place.

A summary of the meeting's own page (which sorts and downloads the day): these read in the day's order, so
they do not sort and offer no download.  Built from ``stats.front.latest_meeting_results`` (its loaded
games and seats): no query of their own.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from ..text.formatting import format_points
from .base import PageTable

NUM = {"th": {"class": "num"}}


@dataclass
class RankedPointsRow:
    rank: int | None
    member: Any
    games: int
    points: str


class _RankedPointsTable(PageTable):
    """Rank, member, games and points, read in the ranking: the latest meeting's totals and the leaders."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUM, orderable=False)
    member = tables.Column(verbose_name=_("Member"), orderable=False)
    games = tables.Column(verbose_name=_("Games"), attrs=NUM, orderable=False)
    points = tables.Column(verbose_name=_("Points"), attrs=NUM, orderable=False)

    downloadable = False

    def __init__(self, lines: Iterable[Any], **kwargs: Any) -> None:
        super().__init__(
            [RankedPointsRow(line.rank, line.member, line.games, format_points(line.points)) for line in lines],
            **kwargs,
        )


class LatestTotalsTable(_RankedPointsTable):
    class Meta(PageTable.Meta):
        template_name = "league/tables/latest_totals.html"
        attrs = {"class": "compact day-totals"}


@dataclass
class LatestGameRow:
    pk: int
    round: int
    table: int
    points_only: bool
    seats: list[tuple[Any, str]]  # (member, points) in place order


class LatestGamesTable(PageTable):
    game = tables.Column(verbose_name=_("Round · table"), accessor="pk", orderable=False)
    players = tables.Column(verbose_name=_("Players by place"), accessor="seats", orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/latest_games.html"
        attrs = {"class": "compact day-games"}

    def __init__(self, games: Iterable[Any], *, players: int, **kwargs: Any) -> None:
        rows = [
            LatestGameRow(
                game.pk,
                game.round,
                game.table,
                game.points_only,
                [(seat.member, format_points(seat.total)) for seat in game.seats.all()],
            )
            for game in games
        ]
        super().__init__(rows, **kwargs)
        self.columns["players"].column.attrs = {"th": {"colspan": players}}  # a cell per seat under one heading


class LeadersTable(_RankedPointsTable):
    """The top of the season's standings on the club page (the standings page sorts)."""

    class Meta(PageTable.Meta):
        template_name = "league/tables/leaders.html"
        attrs = {"class": "compact"}


@dataclass
class OwnGameRow:
    game_id: int
    date: Any
    round: int
    place: str
    points: str


class OwnGamesTable(PageTable):
    """A member's latest games on their card, newest first."""

    game = tables.Column(verbose_name=_("Game"), accessor="game_id", orderable=False)
    place = tables.Column(verbose_name=_("Place"), orderable=False)
    points = tables.Column(verbose_name=_("Points"), attrs=NUM, orderable=False)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/own_games.html"
        attrs = {"class": "compact own-games"}

    def __init__(self, seats: Iterable[Any], **kwargs: Any) -> None:
        super().__init__(
            [
                OwnGameRow(
                    seat.game_id, seat.game.meeting.date, seat.game.round, seat.place_text, format_points(seat.total)
                )
                for seat in seats
            ],
            **kwargs,
        )
