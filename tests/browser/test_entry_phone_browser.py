"""Entry on a small phone (360 px wide): suggestions under the name boxes, the preview fits, one message a box."""

import pytest

from league.models import Game, GameSeat

from .bakufu_club import MEMBERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def inside_the_screen(locator):
    box = locator.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH


def compose(page, text):
    """Type ``text`` as a phone's Japanese keyboard does: a composition not yet committed."""
    session = page.context.new_cdp_session(page)
    session.send("Input.imeSetComposition", {"text": text, "selectionStart": len(text), "selectionEnd": len(text)})
    return session


def test_a_hanchan_typed_on_a_360px_phone(live_server, small_phone, bakufu_meeting):
    page = small_phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/{bakufu_meeting.club.slug}/meetings/{bakufu_meeting.pk}/enter/")
    # The page opens on the East player's box.
    assert page.evaluate("document.activeElement.id") == "id_player_0"

    # A reading still being converted already brings suggestions; tapping one fills the box, and the
    # focus moves on to that seat's score.
    session = compose(page, "ふく")
    suggestions = page.locator("#suggest-0 button")
    suggestions.first.wait_for()
    assert suggestions.all_inner_texts() == ["福田 太郎\nふくだ たろう", "福山雅子\nふくやま まさこ"]
    assert page.locator("#suggest-0").get_attribute("aria-label") == "東家の候補"
    page.locator("#suggest-0 button", has_text="福田 太郎").tap()  # still composing: the tap ends it
    session.detach()
    assert page.locator("#id_player_0").input_value() == "福田 太郎"
    assert page.evaluate("document.activeElement.id") == "id_score_0"

    page.keyboard.type("41300")
    page.keyboard.press("Enter")  # to the next box to type: the South player
    assert page.evaluate("document.activeElement.id") == "id_player_1"
    page.keyboard.type("みなみ")
    page.keyboard.press("Enter")  # one member begins so: Enter takes it
    assert page.locator("#id_player_1").input_value() == "南野二郎"
    page.keyboard.type("31500")
    page.keyboard.press("Enter")
    page.keyboard.type("ニシ")  # a katakana beginning, left as typed: the server's finder decides
    page.keyboard.press("Escape")
    page.locator("#id_score_2").tap()
    page.keyboard.type("18700")
    page.keyboard.press("Enter")
    page.keyboard.type("きたむら")
    page.keyboard.press("Enter")  # the last score is filled in: nothing else to type
    assert page.evaluate("document.activeElement.id") != "id_score_3"

    preview = page.locator("#preview table.breakdown")
    preview.wait_for()
    assert page.locator("#preview td.name").all_inner_texts() == ["福田 太郎", "南野二郎", "西川三郎", "北村四郎"]
    # Every seat's place and total are on the screen without scrolling sideways, and nothing is wider
    # than the phone, the score filled in from the others included.
    assert fits(page)
    for cell in page.locator("#preview td.place").all() + page.locator("#preview td.total").all():
        assert cell.is_visible() and inside_the_screen(cell)
    assert page.locator("#preview .filled").inner_text() == "8,500"
    page.get_by_role("button", name="保存").tap()
    page.wait_for_url("**round=2**")
    seated = [seat.member.name for seat in GameSeat.objects.order_by("seat")]
    assert seated == ["福田 太郎", "南野二郎", "西川三郎", "北村四郎"]

    # The next hanchan opens on the East score, with the same seats; the table's players are one tap away
    # in any seat, and choosing one who sits elsewhere swaps the two seats.
    assert page.evaluate("document.activeElement.id") == "id_score_0"
    page.locator("#id_player_0").tap()
    page.locator("#suggest-0 button", has_text="北村四郎").tap()
    names = [page.locator(f"#id_player_{seat}").input_value() for seat in range(4)]
    assert names == ["北村四郎", "南野二郎", "西川三郎", "福田 太郎"]
    assert fits(page)
    assert Game.objects.count() == 1


class Phone:
    """A 360 px phone whose taps (touches on the page) and keys (on its keyboard) are counted."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator):
        locator.tap()
        self.taps += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.keys += len(text)

    def compose(self, kana):
        """Kana typed on a Japanese keyboard, not yet converted (the suggestions are tapped meanwhile)."""
        compose(self.page, kana).detach()
        self.keys += len(kana)

    def next(self):
        self.page.keyboard.press("Enter")  # the keyboard's "next" key (enterkeyhint)
        self.keys += 1


def test_one_hanchan_takes_the_taps_and_keys_docs_entry_md_counts(live_server, small_phone, bakufu_meeting):
    page = small_phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/{bakufu_meeting.club.slug}/meetings/{bakufu_meeting.pk}/")
    phone = Phone(page)
    phone.tap(page.get_by_role("button", name="対局を入力"))
    page.wait_for_url("**/enter/")
    phone.tap(page.locator("#id_player_0"))  # in case the keyboard did not open on the box the page opens on
    for seat, (kana, name, score) in enumerate(
        [
            ("ふく", "福田 太郎", "41300"),
            ("みな", "南野二郎", "31500"),
            ("にし", "西川三郎", "18700"),
            ("きた", "北村四郎", None),
        ]
    ):
        assert page.evaluate("document.activeElement.id") == f"id_player_{seat}"
        phone.compose(kana)
        phone.tap(page.locator(f"#suggest-{seat} button", has_text=name))
        if score:
            phone.type(score)
            phone.next()
    page.locator("#preview table.breakdown").wait_for()
    phone.tap(page.get_by_role("button", name="保存"))
    page.wait_for_url("**round=2**")
    assert (phone.taps, phone.keys) == (7, 26)

    # The next hanchan, same seats: three scores.
    phone = Phone(page)
    phone.tap(page.locator("#id_score_0"))
    for score in ("30000", "29000", "26000"):
        phone.type(score)
        phone.next()
    page.locator("#preview table.breakdown").wait_for()
    phone.tap(page.get_by_role("button", name="保存"))
    page.wait_for_url("**round=3**")
    assert (phone.taps, phone.keys) == (2, 18)
    assert Game.objects.count() == 2


def test_one_bad_score_gives_one_message_beside_its_box(live_server, small_phone, bakufu_meeting):
    page = small_phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/c/{bakufu_meeting.club.slug}/meetings/{bakufu_meeting.pk}/enter/")
    for seat, (name, _kana) in enumerate(MEMBERS[:4]):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator("#id_score_0").fill("41300")
    page.locator("#id_score_1").fill("3１5")  # not a score in this club
    page.locator("#id_score_2").fill("18700")
    page.locator("#errors-score_1 small.error").wait_for()
    assert page.locator(".field-errors small.error").count() == 1
    assert page.locator("#errors-score_3 small.error").count() == 0
    assert page.locator("#preview .errors").count() == 0  # not repeated under the form
    assert fits(page)
