"""A new club starts on its own, on a 360 px phone in Japanese, with nobody's help: sign up → create the club →
its rules from the Mリーグ preset → paste 12 members → an invite used by a second person on another phone → that
person sees マイページ → the first meeting → the draw → the first hanchan saved, its points those of the preset's
worked example (docs/presets.md). Every tap and key from the sign-up to the saved game is counted: the figures are
in docs/onboarding.md, and the test fails if the start grows past them."""

import os
import re
from pathlib import Path

import pytest
from django.utils import timezone

from league.models import Club, DrawnSeat, GameSeat, Member, Membership, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360
MEMBERS = [
    "佐藤 翔太",
    "鈴木 大輔",
    "高橋 美咲",
    "田中 健太",
    "伊藤 直樹",
    "渡辺 陽子",
    "山本 拓也",
    "中村 愛",
    "小林 誠",
    "加藤 恵",
    "吉田 亮",
    "山田 花子",
]
PRESENT = MEMBERS[:8]  # two tables of the first round
# The Mリーグ worked example: 37,000 / 27,300 / 23,800 / 11,900 → +57.0 / +7.3 / −16.2 / −48.1 (the fourth score
# fills itself in from the other three).
TYPED_SCORES = ("37000", "27300", "23800")
POINTS_BY_SCORE = {37000: 570, 27300: 73, 23800: -162, 11900: -481}
# What the whole start costs (docs/onboarding.md): the test fails if a change makes it longer.
MOST_TAPS, MOST_KEYS = 50, 130


class Hands:
    """A person's taps and keys on the phone: a tap is a press on a link, button or box; a key a character typed;
    pasting the member list from the phone's clipboard is one tap (long press and paste are counted as one)."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def type(self, locator, text):
        self.tap(locator)
        locator.fill(text)
        self.keys += len(text)

    def paste(self, locator, text):
        self.tap(locator)
        locator.fill(text)


def link(page, text):
    """A link in the page's main part by its whole text, whether it looks like a link or a button."""
    return page.locator("main a").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).first


def narrow(chromium):
    return chromium.new_context(
        viewport={"width": WIDTH, "height": 740}, device_scale_factor=2, has_touch=True, locale="ja-JP"
    )


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def shot(page, tmp_path, name):
    folder = Path(os.environ.get("JANROKU_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_a_club_starts_on_its_own_on_a_phone(live_server, chromium, tmp_path):
    base = live_server.url
    secretary_phone, friend_phone = narrow(chromium), narrow(chromium)
    page = secretary_phone.new_page()
    hands = Hands(page)

    # Sign up from the home page.
    page.goto(base + "/")
    hands.tap(page.locator("header").get_by_role("link", name="新規登録"))
    hands.type(page.locator("#id_username"), "kitamachi")
    hands.type(page.locator("#id_password1"), "pon-chi-kan-2026")
    hands.type(page.locator("#id_password2"), "pon-chi-kan-2026")
    hands.tap(page.get_by_role("button", name="アカウントを作る"))

    # Create the club: its name, address, venue and usual fee; four players is the default.
    hands.tap(link(page, "クラブを作る"))
    hands.type(page.locator("#id_name"), "北町麻雀会")
    hands.type(page.locator("#id_slug"), "kitamachi")
    hands.type(page.locator("#id_venue"), "雀荘みなみ")
    hands.type(page.locator("#id_usual_venue_fee"), "3000")
    shot(page, tmp_path, "01-create-club")
    assert fits(page)
    hands.tap(page.get_by_role("button", name="クラブを作る"))

    # Its first rules: the Mリーグ preset is already filled in for four players; saved as it is.
    page.wait_for_url("**/c/kitamachi/manage/rules/add/**")
    assert page.locator("#id_start").input_value() == "25000"
    shot(page, tmp_path, "02-first-rules")
    assert fits(page)
    hands.tap(page.get_by_role("button", name="ルールを保存"))
    club = Club.objects.get(slug="kitamachi")
    assert club.rule_sets.count() == 1 and club.venue == "雀荘みなみ" and club.usual_venue_fee == 3000

    # Twelve members pasted at once, their readings suggested from the names.
    hands.tap(link(page, "管理"))
    hands.tap(link(page, "会員"))
    hands.tap(link(page, "まとめて追加"))
    hands.paste(page.locator("textarea[name=text]:visible"), "\n".join(MEMBERS))
    hands.tap(page.get_by_role("button", name="確認"))
    assert page.locator(".pasted-members tbody tr").count() == 12
    assert page.locator(".pasted-members small.suggested").count() >= 10
    shot(page, tmp_path, "03-members-checked")
    assert fits(page)
    hands.tap(page.locator("button[name=action][value=save]"))
    page.locator(".message").first.wait_for()
    members = Member.objects.filter(club=club)
    assert members.count() == 12
    assert members.get(name="佐藤 翔太").kana == "さとう しょうた"

    # An invite for 佐藤 翔太, passed on in the club's chat.
    hands.tap(page.locator("tr", has_text="佐藤 翔太").get_by_role("link", name="招待する"))
    hands.tap(page.get_by_role("button", name="招待リンクを作る"))
    invite_link = page.locator("#invite-link").input_value()
    shot(page, tmp_path, "04-invite")
    assert fits(page)

    # The friend opens it on their own phone, makes a login there and finds their own page.
    friend = friend_phone.new_page()
    friend.goto(invite_link)
    friend.fill("#id_username", "shota")
    friend.fill("#id_password1", "tsumo-ron-2026")
    friend.fill("#id_password2", "tsumo-ron-2026")
    friend.get_by_role("button", name="アカウントを作って参加する").click()
    friend.get_by_role("link", name="マイページ").first.wait_for()
    shota = Member.objects.get(club=club, name="佐藤 翔太")
    assert shota.user.get_username() == "shota"
    assert Membership.objects.get(user=shota.user, club=club).role == Role.MEMBER
    friend.get_by_role("link", name="マイページ").first.click()
    friend.wait_for_url(f"**/c/kitamachi/members/{shota.pk}/")
    assert "佐藤 翔太" in friend.locator("h1").inner_text()
    shot(friend, tmp_path, "05-friend-my-page")
    assert fits(friend)

    # The first meeting: today, the only rules, the club's venue and fee already filled in.
    hands.tap(link(page, "北町麻雀会"))
    hands.tap(page.locator(".club-nav").get_by_role("link", name="成績入力"))
    assert page.locator("#id_venue").input_value() == "雀荘みなみ"
    assert page.locator("#id_venue_fee").input_value() == "3000"
    hands.tap(page.get_by_role("button", name="開催を始める"))
    meeting = club.meetings.get()
    assert meeting.date == timezone.localdate() and meeting.venue_fee == 3000

    # Who is here, then the draw of the first round.
    hands.tap(link(page, "出欠"))
    for name in PRESENT:
        member = members.get(name=name)
        hands.tap(page.locator(f"#person-{member.pk}").get_by_role("button"))
        page.locator(f"#here-heading ~ ul #person-{member.pk}").wait_for()
    hands.tap(link(page, "卓組"))
    hands.tap(page.get_by_role("button", name="第1回戦の卓組を決める"))
    page.locator("#round-1").wait_for()
    shot(page, tmp_path, "06-draw")
    assert fits(page)
    assert DrawnSeat.objects.filter(round__meeting=meeting).exclude(table=0).count() == 8

    # The first drawn table: its names already in their seats, three scores typed, the fourth filled in.
    hands.tap(link(page, "対局を入力"))
    hands.tap(page.locator("ul.table-choices a").first)
    for seat, score in enumerate(TYPED_SCORES):
        hands.type(page.locator(f"#id_score_{seat}"), score)
    page.locator("#preview table.breakdown").wait_for()
    shot(page, tmp_path, "07-entry")
    assert fits(page)
    hands.tap(page.get_by_role("button", name="保存"))
    page.get_by_text("保存しました: 1回戦・1卓").wait_for()

    seats = GameSeat.objects.filter(game__meeting=meeting)
    assert {seat.score: seat.total for seat in seats} == POINTS_BY_SCORE
    print(f"\nfrom sign-up to the first saved game: {hands.taps} taps and {hands.keys} keys")
    assert hands.taps <= MOST_TAPS and hands.keys <= MOST_KEYS
    secretary_phone.close()
    friend_phone.close()
