"""The tables declared with django-tables2 on a 360 px phone: the records page's top tens and the member list
keep their name and key figure in sight, the records' yakuman cards and the activity page never make the page
scroll sideways, and each table's download links are there."""

import pytest

from .test_phone_tables_browser import assert_every_table_keeps_name_and_key_in_sight, assert_no_sideways_scroll, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_declared_tables_fit_a_360_px_phone(live_server, narrow_phone, demo_club, tmp_path):
    base = live_server.url
    log_in(narrow_phone, base, "owner")
    for language in ("", "/en"):
        narrow_phone.goto(f"{base}{language}/c/bakufu/records/")
        assert_no_sideways_scroll(narrow_phone)
        assert_every_table_keeps_name_and_key_in_sight(narrow_phone, 4)  # two top tens, two runs, most games
        assert narrow_phone.locator("a[href*='_export=xlsx']").count() >= 5

        narrow_phone.goto(f"{base}{language}/c/bakufu/members/")
        assert_no_sideways_scroll(narrow_phone)
        assert_every_table_keeps_name_and_key_in_sight(narrow_phone, 1)
        reading = narrow_phone.locator("tbody tr").first.locator(".detail-cell")
        assert reading.is_hidden()  # the reading waits behind "show all columns"
        narrow_phone.locator("label.all-columns").click()
        assert reading.is_visible()
        assert_no_sideways_scroll(narrow_phone)
        narrow_phone.screenshot(path=str(tmp_path / f"members{language.strip('/')}.png"))

        narrow_phone.goto(f"{base}{language}/c/bakufu/manage/activity/")
        assert_no_sideways_scroll(narrow_phone)
        when = narrow_phone.locator("tbody tr").first.locator("td").first
        box = when.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= 360.5, box
        assert narrow_phone.locator("a[href*='_export=csv']").count() == 1
