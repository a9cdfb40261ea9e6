"""A secretary at the venue, on a phone, enters a whole meeting table."""

import pytest

from league.models import Game, GameSeat

from .bakufu_club import PLAYERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Four hanchan at table 1, as typed at the table: full-width digits, ▲ and a left-empty last score.
GAMES = [
    (["41300", "31500", "18700", ""], {}),
    (["３５０００", "30000", "24000", "11000"], {}),
    (["52300", "31500", "18700", "▲2500"], {"bust": ("北", "東")}),
    (["25000", "25000", "25000", "25000"], {}),
]


def test_a_secretary_enters_a_meeting_table_on_a_phone(live_server, phone, bakufu, tmp_path):
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/enter/")
    phone.locator("#id_date").fill("2026-11-21")
    phone.locator("#id_venue").fill("公民館")
    phone.locator("#id_venue_fee").fill("6000")
    phone.get_by_role("button", name="開催を始める").click()
    phone.wait_for_url("**/enter/")

    for number, (scores, extras) in enumerate(GAMES, start=1):
        assert phone.locator("#id_round").input_value() == str(number)
        if number == 1:
            for seat, (name, kana) in enumerate(PLAYERS):
                # Type the reading and pick the name, as the type-ahead offers it.
                phone.locator(f"#id_player_{seat}").fill(name if seat % 2 else kana)
                if seat % 2 == 0:
                    phone.locator(f"#id_player_{seat}").fill(name)
        else:  # the seats stay as they were
            assert phone.locator("#id_player_0").input_value() == PLAYERS[0][0]
        for seat, score in enumerate(scores):
            phone.locator(f"#id_score_{seat}").fill(score)
        if "bust" in extras:
            phone.locator("summary", has_text="飛び").click()
            phone.locator("#id_bust_3").select_option(label="東")
        # The live preview shows the points before saving.
        phone.locator("#preview table.breakdown").wait_for()
        if number == 1:
            phone.screenshot(path=str(tmp_path / "entry-preview.png"), full_page=True)
        phone.get_by_role("button", name="保存").click()
        phone.wait_for_url(f"**round={number + 1}**")
        assert phone.locator("[role=status]").first.is_visible()

    assert Game.objects.count() == 4
    for game in Game.objects.all():
        assert sum(seat.total for seat in game.seats.all()) == 0
    assert GameSeat.objects.get(game__round=1, seat=3).score == 8500  # filled in from the others
    assert GameSeat.objects.get(game__round=3, seat=3).bust == -100
    # Nothing on the entry page is wider than the phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    meeting_link = phone.locator("nav.breadcrumb a").nth(1)
    meeting_link.click()
    # count() does not wait: wait for the meeting page's cards before counting them.
    phone.wait_for_url("**/meetings/*/")
    phone.locator("article.game-card").nth(3).wait_for()
    assert phone.locator("article.game-card").count() == 4
    phone.screenshot(path=str(tmp_path / "meeting.png"), full_page=True)


def test_a_club_that_only_noted_points_enters_a_game_by_points(live_server, phone, bakufu, tmp_path):
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/enter/")
    phone.locator("#id_date").fill("2026-11-22")
    phone.get_by_role("button", name="開催を始める").click()
    phone.wait_for_url("**/enter/")
    assert phone.locator("#id_score_0").is_visible() and not phone.locator("#id_points_0").is_visible()
    phone.locator("#id_by_points").check()  # the toggle swaps the score boxes for points boxes
    assert phone.locator("#id_points_0").is_visible() and not phone.locator("#id_score_0").is_visible()
    for seat, ((name, _kana), points) in enumerate(zip(PLAYERS, ["+45.3", "５．０", "▲12", "-38.3"], strict=True)):
        phone.locator(f"#id_player_{seat}").fill(name)
        phone.locator(f"#id_points_{seat}").fill(points)
    phone.locator("#preview table.breakdown").wait_for()
    phone.screenshot(path=str(tmp_path / "entry-by-points.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="保存").click()
    phone.wait_for_url("**points=1**")
    assert phone.locator("#id_by_points").is_checked()  # the next game is entered by points too
    game = Game.objects.get()
    assert game.points_only and [seat.total for seat in game.seats.order_by("seat")] == [453, 50, -120, -383]
    phone.locator("nav.breadcrumb a").nth(1).click()
    phone.wait_for_url("**/meetings/*/")
    phone.locator("article.game-card").first.wait_for()
    assert phone.locator("article.game-card .points-only-mark").count() == 1
