"""The day board on a screen follows the day by itself: a saved game shows up without a reload."""

import datetime

import pytest

from league.models import DrawnRound, DrawnSeat, Meeting, Member
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force
from league.views import board

from .bakufu_club import PLAYERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def drawn_meeting(bakufu):
    meeting = Meeting.objects.create(club=bakufu, rule_set=bakufu.rule_sets.first(), date=datetime.date(2026, 11, 21))
    drawn = DrawnRound.objects.create(meeting=meeting, number=1, seed=7)
    players = [Member.objects.get(club=bakufu, name=name) for name, _kana in PLAYERS]
    DrawnSeat.objects.bulk_create(
        [DrawnSeat(round=drawn, table=1, seat=seat, member=person) for seat, person in enumerate(players)]
    )
    return meeting, players


def test_the_board_shows_a_saved_game_without_reloading(live_server, chromium, drawn_meeting, monkeypatch, tmp_path):
    monkeypatch.setattr(board, "REFRESH_SECONDS", 1)
    meeting, players = drawn_meeting
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    screen = context.new_page()
    unanswered = watch_board(screen)
    base = live_server.url
    log_in(screen, base)
    screen.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/board/")
    assert screen.locator(".board-table").count() == 1
    assert screen.locator(".board-table.result-in").count() == 0
    assert screen.locator("[data-board-part=results] .game-card").count() == 0
    screen.evaluate("window.boardMarker = 'still here'")
    answers = []
    screen.on("response", lambda response: answers.append(response) if "/board/parts/" in response.url else None)
    screen.wait_for_timeout(2500)
    # Nothing changed: each refresh is an empty 304, and the clock alone moves.
    assert answers and {answer.status for answer in answers} == {304}
    answers.clear()

    record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=players, scores=[41300, 31500, 18700, 8500])),
        None,
    )
    screen.locator(".board-table.result-in").wait_for(timeout=10000)
    screen.locator("[data-board-part=results] .game-card").wait_for()
    assert players[0].name in screen.locator("[data-board-part=standings]").inner_text()
    assert screen.evaluate("window.boardMarker") == "still here"  # the page was not reloaded
    assert 200 in {answer.status for answer in answers}  # the change came whole, compressed
    assert next(a for a in answers if a.status == 200).header_value("content-encoding") == "gzip"
    assert screen.locator("#board-offline").is_hidden()
    screen.screenshot(path=str(tmp_path / "board-1920.png"))
    assert screen.evaluate("document.documentElement.scrollWidth") <= 1920

    # Offline: a quiet notice, and the board catches up once the connection is back.
    context.set_offline(True)
    screen.locator("#board-offline").wait_for(state="visible", timeout=10000)
    context.set_offline(False)
    screen.locator("#board-offline").wait_for(state="hidden", timeout=10000)
    assert screen.evaluate("window.boardMarker") == "still here"
    close_board(screen, context, unanswered)


def test_the_board_fits_a_phone(live_server, phone, drawn_meeting, tmp_path):
    meeting, players = drawn_meeting
    record_game(
        settle_in_force(Entry(meeting=meeting, round=1, table=1, members=players, scores=[41300, 31500, 18700, 8500])),
        None,
    )
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/board/")
    assert phone.locator(".board-table.result-in").count() == 1
    phone.screenshot(path=str(tmp_path / "board-phone.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


HIDE = """hidden => { Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
                document.dispatchEvent(new Event("visibilitychange")); }"""


def test_a_hidden_board_does_not_ask_and_catches_up_when_shown(live_server, chromium, drawn_meeting, monkeypatch):
    monkeypatch.setattr(board, "REFRESH_SECONDS", 1)
    meeting, _players = drawn_meeting
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    screen = context.new_page()
    unanswered = watch_board(screen)
    log_in(screen, live_server.url)
    screen.goto(f"{live_server.url}/c/bakufu/meetings/{meeting.pk}/board/")
    asked = []
    screen.on("request", lambda request: asked.append(request.url) if "/board/parts/" in request.url else None)
    screen.wait_for_timeout(2500)
    assert asked  # a board in sight asks every second here
    screen.evaluate(HIDE, True)
    screen.wait_for_timeout(500)  # an answer already on its way may still come
    asked.clear()
    screen.wait_for_timeout(3000)
    assert asked == []
    with screen.expect_request(lambda request: "/board/parts/" in request.url, timeout=1000):
        screen.evaluate(HIDE, False)  # shown again: it asks at once, not a period later
    close_board(screen, context, unanswered)


def watch_board(screen):
    """The board's questions still unanswered (a set Playwright's events keep), for ``close_board``."""
    unanswered = set()
    screen.on("request", lambda request: unanswered.add(request) if "/board/parts/" in request.url else None)
    # Playwright's callbacks must be Python functions, not a set's bound method.
    screen.on("requestfinished", lambda request: unanswered.discard(request))
    screen.on("requestfailed", lambda request: unanswered.discard(request))
    return unanswered


def close_board(screen, context, unanswered):
    """Hide the board, so that it stops asking, and let its last answer arrive before closing: the test's
    database is emptied after it, and a request the server is still answering then locks its tables (SQLite)."""
    screen.evaluate(HIDE, True)
    for _wait in range(100):
        if not unanswered:
            break
        screen.wait_for_timeout(100)
    context.close()
