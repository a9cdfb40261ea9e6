"""The day board (当日ボード): a page for a screen in the club room, and the parts it fetches to stay current.

Whoever may read the meeting's page may read its board.  The page polls
``day_board_parts`` (``league/static/js/board.js``) and swaps in the parts that
changed, so a projector left on it follows the day without a reload.
"""

from django.shortcuts import render
from django.views.decorators.cache import never_cache

from ..models.games import PLACE_NAMES
from ..page_tables.game_cards import with_seat_tables
from ..page_tables.meetings import DayStandingsTable, day_standing_rows
from ..stats.day_board import day_board
from ..web.permissions import club_access
from .meetings import _meeting

REFRESH_SECONDS = 15  # how often the page asks for fresh parts


def _board_context(request, slug, meeting_id):
    access = club_access(request, slug)
    meeting = _meeting(access, meeting_id)
    board = day_board(meeting)
    with_seat_tables(board.games)
    # A screen in the room is not clicked: its standings do not sort and offer no download.
    standings_table = DayStandingsTable(
        day_standing_rows(board.standings), place_names=PLACE_NAMES[: board.day.players], sortable=False
    )
    return {
        "access": access,
        "club": access.club,
        "meeting": meeting,
        "board": board,
        "standings": board.standings,
        "standings_table": standings_table,
        "refresh_seconds": REFRESH_SECONDS,
    }


def board_page(request, slug, meeting_id):
    return render(request, "league/meetings/board.html", _board_context(request, slug, meeting_id))


@never_cache
def board_parts(request, slug, meeting_id):
    """The board's parts alone, as an HTML fragment: what the page's script swaps in."""
    return render(request, "league/meetings/_board_parts.html", _board_context(request, slug, meeting_id))
