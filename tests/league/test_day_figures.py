"""A day's figures are its games' figures: after a rule correction recomputed a closed day, its page, board, chat
text and printable sheet rank the day by the games' points now; the money stays as kept at the close, labelled so;
the day's page lists each person's points and money as kept and now, and the season's money lists the day.

The day: three hanchan of 東田, 南野, 西川 and 北村 on 20 Nov.  東田 wins the first big, 南野 the other two narrowly.
With the uma 20-10 東田 leads (+92.0 to +89.0); a version from 1 Nov with the uma 30-10, recomputed, puts 南野
first (+109.0 to +102.0).  350 yen a game (4,200 yen), venue 3,000 yen: the 1,200 yen left go to the day's top.
"""

import datetime

import pytest
from django.db import connection
from django.test.html import parse_html
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from league.models import Meeting, Member, RuleVersion
from league.services import recompute
from league.services.games import record_game
from league.services.meetings import save_accounts, set_closed
from league.services.settling import Entry, settle_in_force
from league.stats.settlements import drift, drifted_ids

from .conftest import BAKUFU_RULES
from .standings_html import classes, find_all, text_of

pytestmark = pytest.mark.django_db

HIGASHIDA, MINAMINO, NISHIKAWA, KITAMURA = "東田一郎", "南野二郎", "西川三郎", "北村四郎"
GAMES = [
    ([HIGASHIDA, MINAMINO, NISHIKAWA, KITAMURA], [60000, 25000, 10000, 5000]),
    ([MINAMINO, HIGASHIDA, NISHIKAWA, KITAMURA], [32000, 31000, 20000, 17000]),
    ([MINAMINO, HIGASHIDA, KITAMURA, NISHIKAWA], [32000, 31000, 20000, 17000]),
]
BEFORE = [(HIGASHIDA, "+92.0"), (MINAMINO, "+89.0"), (NISHIKAWA, "−83.0"), (KITAMURA, "−98.0")]
AFTER = [(MINAMINO, "+109.0"), (HIGASHIDA, "+102.0"), (NISHIKAWA, "−93.0"), (KITAMURA, "−118.0")]


def page(meeting, name="meeting_detail", language="en"):
    with translation.override(language):
        return reverse(name, kwargs={"slug": meeting.club.slug, "meeting_id": meeting.pk})


def money_page(club):
    with translation.override("en"):
        return reverse("season_money", kwargs={"slug": club.slug})


def play(meeting, secretary, venue_fee=3000):
    members = {m.name: m for m in Member.objects.filter(club=meeting.club)}
    for number, (names, scores) in enumerate(GAMES, start=1):
        record_game(
            settle_in_force(
                Entry(meeting=meeting, round=number, table=1, members=[members[name] for name in names], scores=scores)
            ),
            secretary,
        )
    save_accounts(meeting, venue_fee, None, {members[name]: True for name, _scores in BEFORE})
    set_closed(meeting, True, secretary)
    meeting.refresh_from_db()
    return meeting


def correct_the_uma(rule_set, fees):
    """A version from 1 Nov with the uma 30-10, the games recomputed through the plan the owner confirms."""
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2026, 11, 1),
        rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30]},
        fees=fees,
    )
    plan = recompute.plan(rule_set)
    assert plan.count == 3
    assert recompute.apply(plan) == 3


def rows(node, table_class):
    """The body rows of the first table with ``table_class`` under ``node``, each a list of its cells' text."""
    table = find_all(node, lambda n: n.name == "table" and table_class in classes(n))[0]
    body = find_all(table, lambda n: n.name == "tbody")[0]
    return [
        [text_of(cell).strip() for cell in find_all(tr, lambda n: n.name in ("td", "th"))]
        for tr in find_all(body, lambda n: n.name == "tr")
    ]


def section(html, heading_id):
    return find_all(
        parse_html(html), lambda n: n.name == "section" and dict(n.attributes).get("aria-labelledby") == heading_id
    )[0]


def standings(node):
    """(name, points) of each line of the day's standings, in their order; the rank is the line's place."""
    found = rows(node, "day-standings")
    assert [row[0] for row in found] == [str(rank) for rank in range(1, len(found) + 1)]
    return [(row[1], row[2]) for row in found]


def summary_lines(text):
    return [line for line in text.splitlines() if line[:1].isdigit()]


@pytest.fixture
def rule_set(club):
    return club.rule_sets.get()


@pytest.fixture
def day(club, rule_set, secretary):
    return play(Meeting.objects.create(club=club, rule_set=rule_set, date=datetime.date(2026, 11, 20)), secretary)


@pytest.fixture
def earlier(club, rule_set, secretary):
    """A day before the correction: its games keep their points."""
    return play(Meeting.objects.create(club=club, rule_set=rule_set, date=datetime.date(2026, 10, 25)), secretary)


def test_before_the_correction_the_day_shows_its_points_and_no_notice(client, day, secretary):
    client.force_login(secretary)
    html = client.get(page(day)).content.decode()
    assert standings(section(html, "day-heading")) == BEFORE
    assert 'id="drift-heading"' not in html
    assert drift(day) == [] and not Meeting.objects.get(pk=day.pk).drifted


def test_after_a_recompute_every_page_shows_the_games_points_and_the_money_as_kept(
    client, club, rule_set, day, earlier, secretary, owner, member
):
    kept = Meeting.objects.get(pk=day.pk).settlement
    correct_the_uma(rule_set, {"per_game": 350, "surplus_to": "day_top"})
    day.refresh_from_db()
    assert day.settlement == kept  # the kept settlement is not rewritten by a recompute
    assert Meeting.objects.get(pk=day.pk).drifted is True
    assert Meeting.objects.get(pk=earlier.pk).drifted is False

    client.force_login(member)
    html = client.get(page(day)).content.decode()
    assert standings(section(html, "day-heading")) == AFTER

    # The money is what was settled at the close, said so: 東田 was the day's top then and received the 1,200 yen.
    money = section(html, "settlement-heading")
    assert "As kept when the meeting was closed" in text_of(money)
    received = {row[0]: row[1] for row in rows(money, "key-table")}
    assert received == {HIGASHIDA: "¥1,200", MINAMINO: "¥0", NISHIKAWA: "¥0", KITAMURA: "¥0"}

    # Each person's points then and now, and their money as kept and now.
    notice = section(html, "drift-heading")
    assert "The kept settlement no longer matches its games" in text_of(notice)
    assert rows(notice, "drift") == [
        [MINAMINO, "+89.0", "+109.0", "−¥1,050", "¥150", "¥1,200"],
        [HIGASHIDA, "+92.0", "+102.0", "¥150", "−¥1,050", "−¥1,200"],
        [NISHIKAWA, "−83.0", "−93.0", "−¥1,050", "−¥1,050", "¥0"],
        [KITAMURA, "−98.0", "−118.0", "−¥1,050", "−¥1,050", "¥0"],
    ]
    assert "Only the club's owner can re-settle it." in text_of(notice)

    # The chat text: the games' points and order, then the money as kept.
    text = client.get(page(day, "meeting_summary")).content.decode()
    assert summary_lines(text) == [
        "1. 南野二郎 +109.0 (3 games; places 2 1 0 0)",
        "2. 東田一郎 +102.0 (3 games; places 1 2 0 0)",
        "3. 西川三郎 −93.0 (3 games; places 0 0 2 1)",
        "4. 北村四郎 −118.0 (3 games; places 0 0 1 2)",
    ]
    assert "As kept when the meeting was closed" in text
    assert "東田一郎: pays ¥1,050, receives ¥1,200, net ¥150" in text
    shared = " ".join(text_of(find_all(parse_html(html), lambda n: n.name == "textarea")[0]).split())
    assert " ".join(text.split()) == shared  # the page's copy is the same text

    # The printable sheet and the day board.
    sheet = client.get(page(day, "meeting_sheet")).content.decode()
    assert standings(parse_html(sheet)) == AFTER
    assert "As kept when the meeting was closed" in sheet
    board = client.get(page(day, "day_board_parts")).content.decode()
    part = find_all(parse_html(board), lambda n: dict(n.attributes).get("data-board-part") == "standings")[0]
    assert standings(part) == AFTER

    # The season's money: the kept totals, and the changed day with a link; the earlier day is not listed.
    season = client.get(money_page(club)).content.decode()
    warning = find_all(parse_html(season), lambda n: "drift-warning" in classes(n))[0]
    links = [dict(a.attributes)["href"] for a in find_all(warning, lambda n: n.name == "a")]
    assert links == [page(day)]
    totals = find_all(parse_html(season), lambda n: n.name == "dl")[0]
    assert "¥8,400" in text_of(totals)  # two days of 4,200 yen, as kept

    # The earlier day, untouched by the correction, shows no notice and its own points.
    html = client.get(page(earlier)).content.decode()
    assert 'id="drift-heading"' not in html
    assert standings(section(html, "day-heading")) == BEFORE

    # The owner re-settles: the day's points and money are kept as the games give them now, and it agrees again.
    client.force_login(owner)
    assert page(day, "resettle_meeting") in client.get(page(day)).content.decode()
    assert client.post(page(day, "resettle_meeting"), {"reason": "ウマの訂正"}).status_code == 302
    html = client.get(page(day)).content.decode()
    assert 'id="drift-heading"' not in html
    assert {row[0]: row[1] for row in rows(section(html, "settlement-heading"), "key-table")}[MINAMINO] == "¥1,200"
    assert Meeting.objects.get(pk=day.pk).drifted is False
    season = client.get(money_page(club)).content.decode()
    assert not find_all(parse_html(season), lambda n: "drift-warning" in classes(n))


def test_a_day_whose_points_changed_but_not_its_money_is_flagged_too(client, club, rule_set, day, secretary, owner):
    # No fee by place and no day top paid (the club keeps the difference): a new uma changes the points and
    # no one's money.
    fees = {"per_game": 350, "surplus_to": "none"}
    RuleVersion.objects.filter(rule_set=rule_set).update(fees=fees)
    set_closed(day, False, secretary, "the fees were wrong")
    set_closed(day, True, secretary)
    day.refresh_from_db()
    assert drift(day) == []
    correct_the_uma(rule_set, fees)
    day.refresh_from_db()
    assert day.drifted is True and drifted_ids(Meeting.objects.filter(pk=day.pk)) == {day.pk}

    client.force_login(secretary)
    html = client.get(page(day)).content.decode()
    assert standings(section(html, "day-heading")) == AFTER
    assert rows(section(html, "drift-heading"), "drift") == [
        [MINAMINO, "+89.0", "+109.0", "−¥1,050", "−¥1,050", "¥0"],
        [HIGASHIDA, "+92.0", "+102.0", "−¥1,050", "−¥1,050", "¥0"],
        [NISHIKAWA, "−83.0", "−93.0", "−¥1,050", "−¥1,050", "¥0"],
        [KITAMURA, "−98.0", "−118.0", "−¥1,050", "−¥1,050", "¥0"],
    ]
    season = client.get(money_page(club)).content.decode()
    warning = find_all(parse_html(season), lambda n: "drift-warning" in classes(n))[0]
    assert [dict(a.attributes)["href"] for a in find_all(warning, lambda n: n.name == "a")] == [page(day)]

    # Re-settling keeps the new points (the money is the same), and the day agrees again.
    client.force_login(owner)
    assert client.post(page(day, "resettle_meeting"), {"reason": "ウマの訂正"}).status_code == 302
    day.refresh_from_db()
    assert drift(day) == [] and day.drifted is False
    assert [line["points"] for line in day.settlement["lines"]] == [1090, 1020, -930, -1180]


def test_the_japanese_notice_says_points_and_money(client, rule_set, day, secretary):
    correct_the_uma(rule_set, {"per_game": 350, "surplus_to": "day_top"})
    client.force_login(secretary)
    html = client.get(page(day, language="ja")).content.decode()
    notice = section(html, "drift-heading")
    assert "記録された精算が現在の対局結果と合っていません" in text_of(notice)
    assert rows(notice, "drift")[0][:3] == [MINAMINO, "+89.0", "+109.0"]
    assert rows(notice, "drift")[2][1:3] == ["▲83.0", "▲93.0"]
    assert "締めたときのポイント" in text_of(notice)


def test_a_changed_day_reads_the_same_queries_as_an_unchanged_one(client, club, rule_set, day, secretary):
    client.force_login(secretary)

    def queries(name):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(page(day, name)).status_code == 200
        return len(captured)

    names = ("meeting_detail", "meeting_sheet", "meeting_summary", "day_board_parts")
    queries("meeting_detail")  # the first request of a test reads what later ones find cached
    before = {name: queries(name) for name in names}
    correct_the_uma(rule_set, {"per_game": 350, "surplus_to": "day_top"})
    assert {name: queries(name) for name in names} == before


def test_the_workbooks_meeting_money_has_the_games_points_and_the_money_as_kept(club, rule_set, day):
    import io

    from openpyxl import load_workbook

    from league.exports import ExportChoice, write_season_workbook

    def money_rows():
        out = io.BytesIO()
        with translation.override("en"):
            write_season_workbook(ExportChoice.of_season(club, None), out)
        out.seek(0)
        sheet = load_workbook(out)["Meeting money"]
        head = [cell.value for cell in sheet[1]]
        return {
            row[head.index("Name")]: (row[head.index("Points")], row[head.index("Net")])
            for row in sheet.iter_rows(min_row=2, values_only=True)
        }

    before = money_rows()
    correct_the_uma(rule_set, {"per_game": 350, "surplus_to": "day_top"})
    after = money_rows()
    assert {name: points for name, (points, _net) in after.items()} == {
        name: float(shown.replace("−", "-")) for name, shown in AFTER
    }
    assert {name: net for name, (_points, net) in after.items()} == {
        name: net for name, (_points, net) in before.items()
    }  # the money as kept at the close
