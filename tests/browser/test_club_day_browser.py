"""A secretary on a 360 px phone marks who is here, adds a guest, draws the day's tables and swaps two people."""

import pytest

from league.models import SITTING_OUT, Attendance, DrawnRound, DrawnSeat, Meeting, Member

from .bakufu_club import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_who_is_here_then_the_draw_on_a_phone(live_server, narrow_phone, bakufu, tmp_path):
    page = narrow_phone
    for n in range(4):
        Member.objects.create(club=bakufu, name=f"長い名前の会員さん{n + 1}", kana=f"ながいなまえ{n + 1}")
    meeting = Meeting.objects.create(club=bakufu, rule_set=bakufu.rule_sets.first(), date="2026-11-21")
    base = live_server.url
    log_in(page, base)
    page.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/")
    page.get_by_role("button", name="出欠", exact=True).click()
    for member in Member.objects.filter(club=bakufu).order_by("pk"):
        page.get_by_role("button", name=f"来た: {member.name}").click()
        page.locator(f"#person-{member.pk}").wait_for()
    page.locator("#id_name").fill("旅の人")
    page.get_by_role("button", name="追加して出席に").click()
    page.get_by_text("旅の人さんをゲストとして追加し、出席にしました。").wait_for()
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / "attendance.png"), full_page=True)
    assert Attendance.objects.filter(meeting=meeting, present_at_close=True).count() == 9

    page.get_by_role("button", name="卓組", exact=True).click()
    page.get_by_role("button", name="第1回戦の卓組を決める").click()
    page.locator("#round-1").wait_for()
    assert page.locator("#round-1 .drawn-table").count() == 2
    assert page.locator("#round-1").get_by_text("抜け番").count() == 1
    no_sideways_scroll(page)

    drawn = DrawnRound.objects.get(meeting=meeting)
    seated = DrawnSeat.objects.filter(round=drawn).exclude(table=SITTING_OUT).order_by("table", "seat").first()
    out = DrawnSeat.objects.get(round=drawn, table=SITTING_OUT)
    page.locator("#round-1 summary").click()
    page.locator("#round-1 select[name=first]").select_option(str(seated.member_id))
    page.locator("#round-1 select[name=second]").select_option(str(out.member_id))
    page.get_by_role("button", name="席を入れ替える").click()
    page.get_by_text("第1回戦の卓組を手で変えました。").wait_for()
    assert DrawnSeat.objects.get(round=drawn, table=SITTING_OUT).member_id == seated.member_id
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / "draw.png"), full_page=True)

    # The same two pages in English fit the phone too.
    page.get_by_role("link", name="English").click()
    page.wait_for_url(f"**/en/c/bakufu/meetings/{meeting.pk}/draw/**")
    assert page.get_by_role("heading", name="Seating draw").count() == 1
    assert page.locator("#round-1 th.wind").first.inner_text().startswith("East")
    no_sideways_scroll(page)
    page.screenshot(path=str(tmp_path / "draw-en.png"), full_page=True)
    page.goto(f"{base}/en/c/bakufu/meetings/{meeting.pk}/attendance/")
    assert page.get_by_role("heading", name="Here now (9)").count() == 1
    no_sideways_scroll(page)
