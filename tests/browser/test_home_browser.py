"""A newcomer opens the site on a phone, reads the clubs in Japanese, then switches to English."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_on_a_phone_in_japanese_then_english(live_server, phone, seed_clubs, tmp_path):
    phone.goto(live_server.url + "/")
    assert phone.locator("html").get_attribute("lang") == "ja"
    assert phone.get_by_role("heading", name="クラブ一覧").is_visible()
    assert phone.get_by_role("heading", name="爆風の会", exact=True).is_visible()
    # Nothing is wider than the phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "home-ja.png"), full_page=True)

    phone.get_by_role("link", name="English").click()
    phone.wait_for_url("**/en/")
    assert phone.locator("html").get_attribute("lang") == "en"
    assert phone.get_by_role("heading", name="Clubs").is_visible()
    phone.locator("#club-bakufu").get_by_role("link", name="Rules").click()  # the rules are one click away
    phone.wait_for_url("**/en/c/bakufu/rules/")
    assert phone.get_by_text("round half up").first.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.goto(live_server.url + "/en/")

    phone.get_by_role("link", name="日本語").click()
    phone.wait_for_url(live_server.url + "/")
    assert phone.locator("html").get_attribute("lang") == "ja"
