"""A game's seats on its card (the meeting page's games, the day board's results): seat, player, score, place
and total, in seat order.

Four rows read as the table sat, under the card's own heading: no column headings, no sorting, no download
(the day's tables above the cards are the meeting's downloads).  Each row's texts are written once here, in
the page's language.
"""

from collections.abc import Iterable
from typing import Any

import django_tables2 as tables
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ..models.games import Game
from ..text.formatting import format_points, format_score
from .base import PageTable

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class SeatLine:
    __slots__ = ("member", "place", "score", "total", "wind")

    def __init__(self, seat: Any, language: str | None) -> None:
        self.wind, self.member, self.place = seat.wind, seat.member, seat.place
        self.score = format_score(seat.score, language)
        self.total = format_points(seat.total, language)


class GameSeatsTable(PageTable):
    wind = tables.Column(verbose_name=_("Seat"))
    player = tables.Column(verbose_name=_("Player"), accessor="member")
    score = tables.Column(verbose_name=_("Score"), attrs=NUM)
    place = tables.Column(verbose_name=_("Place"), attrs=NUM)
    total = tables.Column(verbose_name=_("Total"), attrs=NUM)

    downloadable = False

    class Meta(PageTable.Meta):
        template_name = "league/tables/game_seats.html"
        attrs = {"class": "compact"}
        orderable = False
        show_header = False  # the card's heading names the game; the columns read without headings


def with_seat_tables(games: Iterable[Game]) -> list[Game]:
    """``games`` (their seats and members prefetched) as a list, each with its card's ``seats_table``."""
    language = get_language()
    listed = list(games)
    for game in listed:
        game.seats_table = GameSeatsTable([SeatLine(seat, language) for seat in game.seats.all()])
    return listed
