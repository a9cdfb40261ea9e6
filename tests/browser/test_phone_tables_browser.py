"""On a 360 px phone every table of figures keeps its name column and its key figure in sight.

Owner, secretary and member, in Japanese and English, open the standings, running standings, a member's
page (games and head-to-head), a meeting (the day's standings and money), the season's money and the
printable sheet: the page never scrolls sideways, the first row's name and key figure are on screen, the
name stays put when the table's own box is scrolled, and the club nav shows every item the role may use.
The owner's member list and the import's name choices read as cards, their fields the phone's width.
"""

import pytest

from league.demo import PASSWORD
from league.models import Meeting, Member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360
# What each role's club nav holds (league/web/permissions.py): everyone reads, members also see the money.
READ = ["standings", "running", "awards", "records", "members", "rules", "meetings", "money", "export"]
NAV_ITEMS = {"member": READ, "secretary": [*READ, "enter", "import"], "owner": [*READ, "enter", "import", "manage"]}
NAV_LINKS = {
    "standings": "/standings/",
    "running": "/standings/running/",
    "awards": "/standings/awards/",
    "records": "/records/",
    "members": "/members/",
    "rules": "/rules/",
    "meetings": "#meetings",
    "money": "/money/",
    "export": "/export/",
    "enter": "/enter/",
    "import": "/import/",
    "manage": "/manage/",
}


def pages(club, role):
    """The club's pages with tables of figures, each with how many such tables it shows."""
    player = Member.objects.get(club=club, user__username=role)
    closed = Meeting.objects.filter(club=club, closed=True).order_by("-date").first()
    base = f"/c/{club.slug}"
    return [
        (f"{base}/standings/", 1),
        (f"{base}/standings/running/", 2),
        (f"{base}/members/{player.pk}/", 3),  # by seat, games, head-to-head
        (f"{base}/meetings/{closed.pk}/", 2),  # the day's standings, the day's money
        (f"{base}/money/", 1),
        (f"{base}/meetings/{closed.pk}/sheet/", 2),
    ]


def log_in(page, base, username):
    page.goto(base + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(base + "/")


def assert_no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, page.url


def assert_on_screen(locator, what):
    box = locator.bounding_box()
    assert box is not None and locator.is_visible(), what
    assert 0 <= box["x"] and box["x"] + box["width"] <= WIDTH + 0.5, (what, box)


def assert_every_table_keeps_name_and_key_in_sight(page, expected=1):
    tables = page.locator("table.key-table")
    assert tables.count() >= expected, page.url
    for index in range(tables.count()):
        table = tables.nth(index)
        row = table.locator("tbody tr").first
        if not row.count():
            continue
        name, key = row.locator(".name-cell"), row.locator(".key-cell")
        where = f"{page.url} table {index}"
        assert name.count() == 1 and key.count() == 1, where
        assert_on_screen(name, f"name in {where}")
        assert_on_screen(key, f"key figure in {where}")
        box = table.locator("xpath=ancestor::div[contains(@class, 'table-scroll')][1]")
        if box.evaluate("b => b.scrollWidth > b.clientWidth"):
            before = name.bounding_box()["x"]
            box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
            assert box.evaluate("b => b.scrollLeft") > 0
            assert name.bounding_box()["x"] == pytest.approx(before, abs=1), f"sticky name in {where}"
            assert_on_screen(name, f"name after scrolling {where}")
            box.evaluate("b => { b.scrollLeft = 0; }")


def assert_nav_shows_everything(page, role):
    nav = page.locator("nav.club-nav")
    links = nav.locator("li a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    for item in NAV_ITEMS[role]:
        assert any(href.endswith(NAV_LINKS[item]) for href in hrefs), (item, hrefs)
    # Every demo login plays as a member of 爆風の会, so its nav also leads to their own page (マイページ).
    assert nav.locator("a.my-page").count() == 1
    assert len(hrefs) == len(NAV_ITEMS[role]) + 2  # and the club's own page
    assert nav.locator("ul").evaluate("ul => ul.scrollWidth <= ul.clientWidth")
    for i in range(links.count()):
        assert_on_screen(links.nth(i), f"nav item {hrefs[i]} on {page.url}")


@pytest.mark.parametrize("role", ["owner", "secretary", "member"])
def test_tables_keep_the_name_and_key_figure_on_a_360_px_phone(live_server, narrow_phone, demo_club, role):
    base = live_server.url
    log_in(narrow_phone, base, role)
    for language in ("", "/en"):
        for path, tables in pages(demo_club, role):
            narrow_phone.goto(base + language + path)
            assert_no_sideways_scroll(narrow_phone)
            assert_every_table_keeps_name_and_key_in_sight(narrow_phone, tables)
            if not path.endswith("/sheet/"):  # the sheet is for paper: no navigation
                assert_nav_shows_everything(narrow_phone, role)


def test_show_all_columns_brings_back_the_less_read_figures(live_server, narrow_phone, demo_club, tmp_path):
    base = live_server.url
    log_in(narrow_phone, base, "member")
    narrow_phone.goto(f"{base}/c/bakufu/standings/")
    detail = narrow_phone.locator("table.standings:not(.unranked) tbody tr").first.locator(".col-worst")
    assert detail.is_hidden()
    narrow_phone.get_by_text("すべての列を表示").first.click()
    assert detail.is_visible()
    assert_no_sideways_scroll(narrow_phone)
    assert_every_table_keeps_name_and_key_in_sight(narrow_phone)
    narrow_phone.screenshot(path=str(tmp_path / "standings-all-columns.png"), full_page=True)

    # A wide screen shows every column without asking, and no switch.
    narrow_phone.set_viewport_size({"width": 1024, "height": 768})
    narrow_phone.reload()
    assert narrow_phone.locator("table.standings:not(.unranked) tbody tr").first.locator(".col-worst").is_visible()
    assert narrow_phone.locator("label.all-columns").first.is_hidden()


def test_printing_the_sheet_shows_every_column(live_server, narrow_phone, demo_club):
    base = live_server.url
    log_in(narrow_phone, base, "secretary")
    closed = Meeting.objects.filter(club=demo_club, closed=True).order_by("-date").first()
    narrow_phone.goto(f"{base}/c/bakufu/meetings/{closed.pk}/sheet/")
    places = narrow_phone.locator("table.day-standings thead th.detail-cell")
    assert places.count() == 4 and places.first.is_hidden()
    narrow_phone.emulate_media(media="print")
    assert places.first.is_visible()
    assert narrow_phone.locator("table.money thead th.detail-cell").first.is_visible()
    assert narrow_phone.locator("label.all-columns").first.is_hidden()


def test_the_owners_member_list_reads_as_cards(live_server, narrow_phone, demo_club, tmp_path):
    base = live_server.url
    log_in(narrow_phone, base, "owner")
    narrow_phone.goto(f"{base}/c/bakufu/manage/members/")
    assert_no_sideways_scroll(narrow_phone)
    first = narrow_phone.locator("main table tbody tr").first
    for cell in first.locator("th, td").all():
        assert_on_screen(cell, "a cell of the owner's member list")
    name = first.locator("th")
    assert name.evaluate("th => getComputedStyle(th).whiteSpace") == "normal"
    assert name.bounding_box()["width"] > WIDTH / 2  # the name has the card's width, not a squeezed column
    narrow_phone.screenshot(path=str(tmp_path / "manage-members.png"), full_page=True)


def test_naming_columns_and_unknown_names_on_a_360_px_phone(live_server, narrow_phone, demo_club, tmp_path):
    base = live_server.url
    log_in(narrow_phone, base, "secretary")
    narrow_phone.goto(f"{base}/c/bakufu/import/")
    known = Member.objects.get(club=demo_club, user__username="member").name
    header = ["開催", "ゲーム", "A氏", "A点", "B氏", "B点", "C氏", "C点", "D氏", "D点"]
    row = [
        "2026-11-28",
        "1",
        known,
        "41300",
        "見知らぬ人",
        "28000",
        "初めての客人さん",
        "18700",
        Member.objects.get(club=demo_club, user__username="owner").name,
        "12000",
    ]
    narrow_phone.locator("#id_text").fill("\t".join(header) + "\n" + "\t".join(row) + "\n")
    narrow_phone.get_by_role("button", name="読み込んで確認").click()
    narrow_phone.wait_for_url("**/columns/")
    assert_no_sideways_scroll(narrow_phone)
    choices = {0: "日付", 1: "回戦"}
    for seat, wind in enumerate("東南西北"):
        choices[2 + 2 * seat] = f"{wind}家"
        choices[3 + 2 * seat] = f"{wind}家 点数"
    for position, label in choices.items():
        select = narrow_phone.locator(f"#id_column_{position}")
        assert_on_screen(select, f"column {position}'s choice")
        select.select_option(label=label)
    narrow_phone.get_by_role("button", name="この列で読み込む").click()
    narrow_phone.wait_for_url(lambda url: not url.endswith("/columns/"))

    # Two names no member has: each a card, its choice and reading the phone's width.
    assert_no_sideways_scroll(narrow_phone)
    cards = narrow_phone.locator("#names table tbody tr")
    assert cards.count() == 2
    for index in range(2):
        for field in cards.nth(index).locator("select, input").all():
            assert_on_screen(field, "a name's choice or reading")
            assert field.bounding_box()["width"] > WIDTH * 0.8
    narrow_phone.screenshot(path=str(tmp_path / "import-names.png"), full_page=True)


def test_the_running_standings_blocks_of_meetings_fit_a_phone(live_server, narrow_phone, demo_club, monkeypatch):
    """A long season draws a block of meetings and says so above the grid: the words wrap, the links to the
    earlier and later blocks are in sight and lead there, the page keeps still."""
    monkeypatch.setattr("league.views.running.LATEST_MEETINGS", 2)
    base = live_server.url
    log_in(narrow_phone, base, "member")
    for language in ("", "/en"):
        for query in ("", "?meetings=2"):
            narrow_phone.goto(f"{base}{language}/c/{demo_club.slug}/standings/running/{query}")
            assert_no_sideways_scroll(narrow_phone)
            assert_every_table_keeps_name_and_key_in_sight(narrow_phone, 2)
            words = narrow_phone.locator("p.running-window")
            assert_on_screen(words, f"the meetings' words on {narrow_phone.url}")
            for link in narrow_phone.locator("nav.running-blocks a").all():
                assert_on_screen(link, f"a block's link on {narrow_phone.url}")
        narrow_phone.goto(f"{base}{language}/c/{demo_club.slug}/standings/running/")
        latest = narrow_phone.locator("table.running thead th time").all_inner_texts()
        assert len(latest) == 2
        narrow_phone.locator("nav.running-blocks a[rel=prev]").click()
        narrow_phone.wait_for_url("**?meetings=2#cumulative-heading")
        earlier = narrow_phone.locator("table.running thead th time").all_inner_texts()
        assert 1 <= len(earlier) <= 2 and not set(earlier) & set(latest)
        narrow_phone.locator("nav.running-blocks a[rel=next]").click()
        narrow_phone.wait_for_url(lambda url: "/standings/running/" in url and "meetings=" not in url)
        assert narrow_phone.locator("table.running thead th time").all_inner_texts() == latest
