"""A member reads the standings on a phone: sorts by a column header, then narrows the dates."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from league.models import Club, Meeting, Member
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [("青木", "あおき"), ("石田", "いしだ"), ("上田", "うえだ"), ("江藤", "えとう"), ("小野", "おの")]
# 爆風の会's rules on round scores: oka 20 to the top, uma 20-10.
#   5/10  青木 +55 石田 +10 上田 −20 江藤 −45  |  石田 +50 上田 +10 小野 −20 江藤 −40
#   6/14  小野 +55 江藤 +10 青木 −20 上田 −45  |  小野 +50 江藤 +10 石田 −20 青木 −40
GAMES = [
    (datetime.date(2026, 5, 10), ["青木", "石田", "上田", "江藤"], [45000, 30000, 20000, 5000]),
    (datetime.date(2026, 5, 10), ["石田", "上田", "小野", "江藤"], [40000, 30000, 20000, 10000]),
    (datetime.date(2026, 6, 14), ["小野", "江藤", "青木", "上田"], [45000, 30000, 20000, 5000]),
    (datetime.date(2026, 6, 14), ["小野", "江藤", "石田", "青木"], [40000, 30000, 20000, 10000]),
]
RANKED = "table.standings:not(.unranked) tbody th.col-member"


@pytest.fixture
def bakufu(seed_clubs):
    club = Club.objects.get(slug="bakufu")
    members = {name: Member.objects.create(club=club, name=name, kana=kana) for name, kana in PLAYERS}
    user = get_user_model().objects.create_user("kanji", password="table-side-secret")
    rule_set = club.rule_sets.get()
    for number, (day, names, scores) in enumerate(GAMES):
        meeting, _ = Meeting.objects.get_or_create(club=club, rule_set=rule_set, date=day)
        entry = Entry(
            meeting=meeting, round=number % 2 + 1, table=1, members=[members[n] for n in names], scores=scores
        )
        record_game(settle_in_force(entry), user)
    return club


def names(page):
    return page.locator(RANKED).all_inner_texts()


def test_sorting_and_filtering_the_standings_on_a_phone(live_server, phone, bakufu, tmp_path):
    phone.goto(f"{live_server.url}/c/bakufu/standings/")
    # All games (the club has no season): 小野 +85, 石田 +40, 青木 −5, 上田 −55, 江藤 −65.
    assert names(phone) == ["小野", "石田", "青木", "上田", "江藤"]
    assert phone.locator("table.standings:not(.unranked) tbody td.col-points").all_inner_texts() == [
        "+85.0",
        "+40.0",
        "▲5.0",
        "▲55.0",
        "▲65.0",
    ]
    # The page itself never scrolls sideways: the table does, under a sticky header and name column.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    header = phone.locator("table.standings thead th.col-games")
    assert header.evaluate("th => getComputedStyle(th).position") == "sticky"
    first_name = phone.locator(RANKED).first
    before = first_name.bounding_box()["x"]
    phone.locator(".standings-scroll").first.evaluate("box => { box.scrollLeft = 400; }")
    assert phone.locator(".standings-scroll").first.evaluate("box => box.scrollLeft") > 0
    assert first_name.bounding_box()["x"] == pytest.approx(before, abs=1)
    phone.screenshot(path=str(tmp_path / "standings-phone.png"), full_page=True)

    # Sort by games: most first on the first tap; equal counts keep the ranking order.
    phone.locator("table.standings:not(.unranked) thead th.col-games a").click()
    phone.wait_for_url("**sort=-games**")
    assert names(phone) == ["江藤", "小野", "石田", "青木", "上田"]
    assert phone.locator("table.standings:not(.unranked) thead th.col-games").get_attribute("aria-sort") == "descending"

    # Narrow to May: the sort is kept, the figures are May's.
    phone.locator("details.standings-filters summary").click()
    phone.locator("#id_from").fill("2026-05-01")
    phone.locator("#id_to").fill("2026-05-31")
    phone.locator("form.standings-filter-form button[type=submit]").click()
    phone.wait_for_url("**from=2026-05-01**")
    # May: 石田 +60 (2 games), 青木 +55 (1), 上田 −10 (2), 小野 −20 (1), 江藤 −85 (2); by games, most first.
    assert names(phone) == ["石田", "上田", "江藤", "青木", "小野"]
    assert phone.locator("table.standings:not(.unranked) tbody td.col-rank").all_inner_texts() == [
        "1",
        "3",
        "5",
        "2",
        "4",
    ]
    assert phone.get_by_text("2026/05/31(日)").first.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "standings-may.png"), full_page=True)
