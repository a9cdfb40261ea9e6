"""A whole club day on a 360 px phone, as the secretary runs it: who is here → the draw of two rounds → each
drawn table entered by its scores alone → the day board → closing the meeting → the season's awards."""

import pytest

from league.models import SITTING_OUT, Attendance, DrawnSeat, Game, GameSeat, Meeting, Member

from .bakufu_club import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360
MORE = [
    ("長谷川 五郎", "はせがわごろう"),
    ("森 六子", "もりむつこ"),
    ("林 七海", "はやしななみ"),
    ("池田 八雲", "いけだやくも"),
    ("石井 九", "いしいきゅう"),
]
# Each table's scores as typed: the fourth fills itself.
SCORES = [
    ("41300", "31500", "18700"),
    ("52000", "28000", "15000"),
    ("35000", "30000", "24000"),
    ("45000", "35000", "12000"),
]


@pytest.fixture
def narrow_phone(chromium):
    context = chromium.new_context(
        viewport={"width": WIDTH, "height": 740}, device_scale_factor=2, has_touch=True, locale="ja-JP"
    )
    page = context.new_page()
    yield page
    context.close()


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_a_whole_club_day_on_a_phone(live_server, narrow_phone, bakufu, tmp_path):
    page, base = narrow_phone, live_server.url
    for name, kana in MORE:
        Member.objects.create(club=bakufu, name=name, kana=kana)
    meeting = Meeting.objects.create(club=bakufu, rule_set=bakufu.rule_sets.first(), date="2026-11-21")
    people = list(Member.objects.filter(club=bakufu).order_by("pk"))
    assert len(people) == 9  # two tables of four and one sitting out each round
    log_in(page, base)

    # Who is here: one tap a person.
    page.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/")
    page.get_by_role("button", name="出欠", exact=True).click()
    for member in people:
        page.get_by_role("button", name=f"来た: {member.name}").click()
        page.locator(f"#person-{member.pk}").wait_for()
    assert Attendance.objects.filter(meeting=meeting, present_at_close=True).count() == 9
    assert fits(page)

    # The draw: two rounds at once; each round seats eight and one sits out, never the same one twice.
    page.get_by_role("button", name="卓組", exact=True).click()
    page.locator("#id_rounds").fill("2")
    page.get_by_role("button", name="まとめて決める").click()
    page.locator("#round-2").wait_for()
    assert fits(page)
    page.screenshot(path=str(tmp_path / "draw.png"), full_page=True)
    out = list(DrawnSeat.objects.filter(round__meeting=meeting, table=SITTING_OUT).values_list("member", flat=True))
    assert len(out) == 2 and out[0] != out[1]

    # Each drawn table: the names are in their seats, the secretary types three scores and saves.
    page.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/")
    page.locator("ul.table-choices a", has_text="1回戦 · 1卓").click()
    for scores in SCORES:
        page.wait_for_url("**round=*&table=*")
        round_number, table = (int(part.split("=")[1]) for part in page.url.split("?")[1].split("&")[:2])
        drawn_names = [page.locator(f"#id_player_{seat}").input_value() for seat in range(4)]
        assert all(drawn_names)
        for seat, score in enumerate(scores):
            page.locator(f"#id_score_{seat}").fill(score)
        page.locator("#preview table.breakdown").wait_for()
        assert fits(page)
        page.get_by_role("button", name="保存").click()
        page.get_by_text(f"保存しました: {round_number}回戦・{table}卓").wait_for()
    games = Game.objects.filter(meeting=meeting)
    assert sorted(games.values_list("round", "table")) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    for game in games:  # every game seats its drawn table, in the drawn seats
        drawn = DrawnSeat.objects.filter(round__meeting=meeting, round__number=game.round, table=game.table)
        assert sorted(drawn.values_list("seat", "member")) == sorted(
            GameSeat.objects.filter(game=game).values_list("seat", "member")
        )

    # The day board shows the last round's tables as entered, the four results and the day's standings.
    page.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/board/")
    board = page.locator("main").inner_text()
    assert "2回戦" in board and "結果入力済み" in board
    assert page.locator("[data-board-part=results] .game-grid > *").count() == 4
    assert fits(page)
    page.screenshot(path=str(tmp_path / "board.png"), full_page=True)

    # Closing the day, then the awards: the best single score of the day is 52,000.
    page.goto(f"{base}/c/bakufu/meetings/{meeting.pk}/accounts/")
    page.get_by_role("button", name="保存して締める").click()
    page.wait_for_url(f"**/meetings/{meeting.pk}/")
    meeting.refresh_from_db()
    assert meeting.closed
    page.goto(f"{base}/c/bakufu/standings/awards/")
    awards = page.locator("main").inner_text()
    best = GameSeat.objects.get(game__meeting=meeting, score=52000).member
    assert "最高スコア" in awards and best.name in awards and "52,000" in awards
    assert fits(page)
    page.screenshot(path=str(tmp_path / "awards.png"), full_page=True)
