"""The day board (当日ボード): a page for a screen in the club room, and the parts it fetches to stay current.

Whoever may read the meeting's page may read its board.  The page polls
``day_board_parts`` (``league/static/js/board.js``) and swaps in the parts that
changed, so a projector left on it follows the day without a reload.  The poll
asks conditionally: the parts carry an ETag of what they show (all but the
clock), and while nothing changed the answer is ``304 Not Modified`` with no
body, so twenty phones on a five-hour day move a few MB, not a gigabyte.
"""

import hashlib

from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control

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
    """The board, with the ETag of its parts: the first refresh already asks whether anything changed."""
    context = _board_context(request, slug, meeting_id)
    data = render_to_string("league/meetings/_board_data.html", context, request)
    etag = _etag(data, context["meeting"].closed)
    return render(request, "league/meetings/board.html", {**context, "board_data": data, "board_etag": etag})


def board_parts(request, slug, meeting_id):
    """The board's parts alone, as an HTML fragment: what the page's script swaps in, or 304 when unchanged."""
    context = _board_context(request, slug, meeting_id)
    data = render_to_string("league/meetings/_board_data.html", context, request)
    etag = _etag(data, context["meeting"].closed)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = render(request, "league/meetings/_board_parts.html", {**context, "board_data": data})
    response["ETag"] = etag
    # Kept by no shared cache (it is one reader's view of the club) and asked again every time.
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _etag(data: str, closed: bool) -> str:
    """What the parts show, but the clock: the day's parts and whether the day is closed (the clock's line)."""
    digest = hashlib.blake2b(data.encode(), digest_size=16)
    digest.update(b"closed" if closed else b"open")
    return f'"{digest.hexdigest()}"'
