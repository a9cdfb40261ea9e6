"""A drawn table on a 360 px phone: the secretary types only the scores; a seated player reports the table's
result and the secretary confirms it. The taps and keys counted here are docs/entry.md's."""

import pytest
from django.contrib.auth import get_user_model

from league.models import Game, GameSeat, Member, Membership, ReportedResult, Role
from tests.league.draws import draw_round

from .bakufu_club import MEMBERS
from .test_entry_phone_browser import Phone, fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = [name for name, _kana in MEMBERS[:4]]


@pytest.fixture
def drawn(bakufu_meeting):
    """Round 1 drawn: one table of four, 福山雅子 sitting out; 福田 太郎 has a login and the club takes reports."""
    club = bakufu_meeting.club
    club.players_report_results = True
    club.save()
    player = get_user_model().objects.create_user("fukuda", password="seated-player-secret")
    Membership.objects.create(user=player, club=club, role=Role.MEMBER)
    Member.objects.filter(club=club, name="福田 太郎").update(user=player)
    draw_round(bakufu_meeting, 1, [SEATS], sitting_out=["福山雅子"])
    return bakufu_meeting


def log_in_as(page, base, username, password):
    page.goto(base + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(base + "/c/bakufu/")


def type_three_scores(phone):
    phone.tap(phone.page.locator("#id_score_0"))  # in case the keyboard did not open on the box the page opens on
    for score in ("41300", "31500", "18700"):
        phone.type(score)
        phone.next()
    phone.page.locator("#preview table.breakdown").wait_for()


def test_the_secretary_types_only_the_scores_of_a_drawn_table(live_server, small_phone, drawn):
    page = small_phone
    log_in_as(page, live_server.url, "kanji", "table-side-secret")
    page.goto(f"{live_server.url}/c/bakufu/meetings/{drawn.pk}/")
    assert fits(page)
    phone = Phone(page)
    phone.tap(page.locator("ul.table-choices a", has_text="1回戦 · 1卓"))
    page.wait_for_url("**round=1&table=1")
    assert [page.locator(f"#id_player_{seat}").input_value() for seat in range(4)] == SEATS
    assert page.evaluate("document.activeElement.id") == "id_score_0"
    type_three_scores(phone)
    assert page.locator("#preview .filled").inner_text() == "8,500"
    phone.tap(page.get_by_role("button", name="保存"))
    page.wait_for_url("**round=2**")
    assert (phone.taps, phone.keys) == (3, 18)
    assert [seat.member.name for seat in GameSeat.objects.order_by("seat")] == SEATS


def test_a_player_reports_and_the_secretary_confirms(live_server, chromium, small_phone, drawn):
    page = small_phone
    log_in_as(page, live_server.url, "fukuda", "seated-player-secret")
    page.goto(f"{live_server.url}/c/bakufu/meetings/{drawn.pk}/")
    phone = Phone(page)
    phone.tap(page.get_by_role("button", name="1回戦 · 1卓の結果を報告"))
    page.wait_for_url("**/report/1/1/")
    assert page.evaluate("document.activeElement.id") == "id_score_0"
    # The names are the draw's and cannot be changed; nothing on the page is wider than the phone.
    assert page.locator("#id_player_0").get_attribute("readonly") is not None
    page.locator("#id_player_1").tap()  # not counted: the player has no reason to
    assert page.locator(".name-suggestions:not([hidden])").count() == 0
    type_three_scores(phone)
    assert fits(page)
    phone.tap(page.get_by_role("button", name="幹事に送信"))
    page.wait_for_url(f"**/meetings/{drawn.pk}/")
    assert (phone.taps, phone.keys) == (3, 18)
    assert ReportedResult.objects.get().status == "pending" and not Game.objects.exists()

    context = chromium.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, has_touch=True, locale="ja-JP"
    )
    secretary = context.new_page()
    log_in_as(secretary, live_server.url, "kanji", "table-side-secret")
    secretary.goto(f"{live_server.url}/c/bakufu/meetings/{drawn.pk}/")
    assert fits(secretary)
    phone = Phone(secretary)
    phone.tap(secretary.get_by_role("button", name="確認して確定"))
    secretary.locator("#preview table.breakdown").wait_for()  # what the player typed, with its points
    phone.tap(secretary.get_by_role("button", name="保存"))
    secretary.wait_for_url("**round=2**")
    assert (phone.taps, phone.keys) == (2, 0)
    report = ReportedResult.objects.get()
    assert report.status == "confirmed" and report.game == Game.objects.get()
    context.close()
