"""A secretary on a phone seats a visitor as a guest (ゲスト): the box appears beside the unknown name."""

import pytest

from league.models import Game, Meeting, Member

from .bakufu_club import PLAYERS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_is_seated_as_a_guest_on_a_phone(live_server, phone, bakufu, tmp_path):
    meeting = Meeting.objects.create(club=bakufu, rule_set=bakufu.rule_sets.first(), date="2026-11-21")
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/enter/")
    names = [name for name, _kana in PLAYERS[:3]] + ["旅の人"]
    for seat, name in enumerate(names):
        phone.locator(f"#id_player_{seat}").fill(name)
    for seat, score in enumerate(["41300", "31500", "18700", ""]):
        phone.locator(f"#id_score_{seat}").fill(score)
    assert phone.locator("#id_guest_3").count() == 0  # offered only once the name is known to be nobody's
    phone.get_by_role("button", name="保存").click()
    box = phone.locator("#id_guest_3")
    box.wait_for()
    assert phone.locator("#id_guest_0").count() == 0
    phone.screenshot(path=str(tmp_path / "guest-offered.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # The box sits on a line of its own below the name: the score stays beside the name.
    name, score = phone.locator("#id_player_3").bounding_box(), phone.locator("#id_score_3").bounding_box()
    assert abs(name["y"] - score["y"]) < 5 and box.bounding_box()["y"] > name["y"] + name["height"]
    box.check()
    phone.get_by_role("button", name="保存").click()
    phone.wait_for_url("**round=2**")
    visitor = Member.objects.get(name="旅の人")
    assert visitor.guest and Game.objects.get().seats.get(seat=3).member == visitor
