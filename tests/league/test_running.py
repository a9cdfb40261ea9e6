"""Running standings: rank movement at the latest meeting and points meeting by meeting."""

import datetime
import re

import pytest
from django.db import connection
from django.template import Context, Template
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from league.models import Adjustment, Meeting, Member, RuleSet, RuleVersion, Season
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force
from league.stats.periods import season_period
from league.stats.running import DOWN, NEW, SAME, UP, running_standings

from .conftest import BAKUFU_RULES
from .running_data import DAY_1, DAY_2, DAY_3, SCORES, page, play

pytestmark = pytest.mark.usefixtures("japanese")


def by_name(running):
    return {entry.line.member.name: entry for entry in running.lines}


def test_the_cumulative_table_adds_games_and_adjustments_meeting_by_meeting(club, running_season, three_meetings):
    running = running_standings(season_period(club.rule_sets.get(), running_season))
    assert [column.date for column in running.columns] == [DAY_1, DAY_2, DAY_3]
    assert [column.meeting_id for column in running.columns] == [m.pk for m in three_meetings]
    cells = {name: [cell.points if cell else None for cell in entry.cells] for name, entry in by_name(running).items()}
    assert cells == {
        "東田一郎": [500, 600, 600],
        "南野二郎": [50, -150, 350],
        "西川三郎": [-200, 300, 100],
        "北村四郎": [-400, -800, -550],  # the void game's +50.0 is not there; the adjustment comes in on day 3
        "中島五郎": [None, None, -400],
    }
    totals = {name: entry.line.points for name, entry in by_name(running).items()}
    assert totals == {name: values[-1] for name, values in cells.items()}
    higashida = by_name(running)["東田一郎"]
    assert [cell.played for cell in higashida.cells] == [True, True, False]
    assert higashida.cells[1].day == 100


@pytest.mark.parametrize("shown", [1, 2, 3, 4])
def test_the_latest_meetings_start_from_what_came_before(club, running_season, three_meetings, shown):
    """Drawing only the latest meetings leaves every cell shown as it is in the whole table, adjustments included
    (南野's on day 1 counts in the first column shown, 北村's between day 2 and 3 in day 3's)."""
    period = season_period(club.rule_sets.get(), running_season)
    whole, latest = running_standings(period), running_standings(period, shown)
    assert latest.columns == whole.columns[-shown:] and latest.meeting_count == 3
    assert latest.left_out == max(0, 3 - shown)
    assert [entry.line.member.name for entry in latest.lines] == [entry.line.member.name for entry in whole.lines]
    assert [entry.cells for entry in latest.lines] == [entry.cells[-shown:] for entry in whole.lines]
    assert [entry.movement for entry in latest.lines] == [entry.movement for entry in whole.lines]


@pytest.mark.parametrize("size", [1, 2])
def test_every_block_of_meetings_is_its_slice_of_the_whole_table(club, running_season, three_meetings, size):
    """Blocks of ``size`` meetings counted back from the latest: each shows its meetings' cells as the whole table
    has them (the earlier summed in, the later not read), the movement stays the latest meeting's, and a block
    asked for past the first (or below the latest) is the first (or the latest)."""
    period = season_period(club.rule_sets.get(), running_season)
    whole = running_standings(period)
    blocks = -(-3 // size)
    shown = []
    for block in range(1, blocks + 1):
        part = running_standings(period, size, block)
        assert (part.block, part.blocks) == (block, blocks)
        end = 3 - (block - 1) * size
        start = max(end - size, 0)
        assert part.columns == whole.columns[start:end]
        assert (part.first_number, part.last_number) == (start + 1, end)
        assert [entry.cells for entry in part.lines] == [entry.cells[start:end] for entry in whole.lines]
        assert [entry.movement for entry in part.lines] == [entry.movement for entry in whole.lines]
        assert part.latest == whole.columns[-1]
        assert part.earlier_block == (block + 1 if block < blocks else None)
        assert part.later_block == (block - 1 if block > 1 else None)
        shown = part.columns + shown
    assert shown == whole.columns  # the blocks together are every meeting, once
    assert running_standings(period, size, blocks + 5).columns == running_standings(period, size, blocks).columns
    assert running_standings(period, size, 0).columns == running_standings(period, size, 1).columns


def test_the_movement_compares_the_ranks_before_and_after_the_latest_meeting(club, running_season, three_meetings):
    running = running_standings(season_period(club.rule_sets.get(), running_season))
    # Before day 3: 東田 +60.0, 西川 +30.0, 南野 ▲15.0, 北村 ▲65.0 (with the adjustment dated before day 3).
    # After: 東田 +60.0, 南野 +35.0, 西川 +10.0, 中島 ▲40.0, 北村 ▲55.0.
    assert [entry.line.member.name for entry in running.ranked] == [
        "東田一郎",
        "南野二郎",
        "西川三郎",
        "中島五郎",
        "北村四郎",
    ]
    moves = {name: entry.movement for name, entry in by_name(running).items()}
    assert moves == {
        "東田一郎": (SAME, 0),
        "南野二郎": (UP, 1),
        "西川三郎": (DOWN, 1),
        "中島五郎": (NEW, 0),
        "北村四郎": (DOWN, 1),
    }
    assert by_name(running)["南野二郎"].previous_rank == 3


def test_unranked_members_have_no_movement_and_a_single_meeting_makes_everyone_new(club, secretary):
    rule_set = club.rule_sets.get()
    Season.objects.create(club=club, name="短期", starts_on=DAY_1, ends_on=DAY_3, min_games=2)
    meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=DAY_1)
    play(meeting, 1, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"], secretary)
    play(meeting, 2, ["東田一郎", "南野二郎", "西川三郎", "中島五郎"], secretary)
    running = running_standings(season_period(rule_set, Season.objects.get(name="短期")))
    assert {e.line.member.name: e.movement for e in running.ranked} == {
        name: (NEW, 0) for name in ("東田一郎", "南野二郎", "西川三郎")
    }
    assert {e.line.member.name: e.movement for e in running.unranked} == {"北村四郎": None, "中島五郎": None}


def test_no_games_gives_no_columns(club, running_season):
    running = running_standings(season_period(club.rule_sets.get(), running_season))
    assert running.columns == [] and running.lines == [] and running.latest is None


# -- the page ----------------------------------------------------------------------------------------------------


def squeezed(response):
    """The page's HTML without the blanks between tags."""
    return re.sub(r">\s+<", "><", response.content.decode())


def test_the_page_shows_the_movement_and_the_cumulative_points(client, club, member, three_meetings):
    client.force_login(member)
    response = client.get(page(club), HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    assert response.context["nav"] == "running"
    assertContains(response, '<span class="move up" aria-hidden="true">↑1</span>', html=True)
    assertContains(response, '<span class="move down" aria-hidden="true">↓1</span>', count=2, html=True)
    assertContains(response, '<span class="move same" aria-hidden="true">=</span>', count=1, html=True)
    assertContains(response, '<span class="move new">', count=1)
    html = squeezed(response)
    # 北村's row: ▲40.0, ▲80.0, ▲55.0, then the total (Japanese minus is ▲).
    assert '<td class="num">▲40.0</td><td class="num">▲80.0</td><td class="num">▲55.0</td>' in html
    # 中島 has nothing before day 3; 東田 did not play on day 3, so that cell is dimmed.
    assert '<td class="num"></td><td class="num"></td><td class="num">▲40.0</td>' in html
    assert '<td class="num">+50.0</td><td class="num">+60.0</td><td class="num idle">+60.0</td>' in html
    for meeting in three_meetings:
        assertContains(response, f'href="{reverse("meeting_detail", args=[club.slug, meeting.pk])}"')
    assertContains(response, 'aria-current="page"')


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_grid_heads_each_meeting_as_the_template_did(client, club, member, three_meetings, language):
    """The headings (templates/league/tables/running_grid.html) are the HTML the page has always written."""
    loop = Template(
        '{% for column in running.columns %}<th scope="col" class="num">'
        "<a href=\"{% url 'meeting_detail' club.slug column.meeting_id %}\">"
        '<time datetime="{{ column.date|date:\'Y-m-d\' }}" title="'
        '{{ column.date|date:\'DATE_FORMAT\' }}">{{ column.date|date:"MONTH_DAY_FORMAT" }}</time></a></th>'
        "{% endfor %}"
    )
    client.force_login(member)
    with translation.override(language):
        response = client.get(page(club))
        expected = loop.render(Context({"running": response.context["running"], "club": club}))
    assert expected.count("<th ") == 3
    assert expected in squeezed(response)


def test_the_season_and_the_rule_set_can_be_chosen(client, club, member, running_season, three_meetings, secretary):
    other = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち", position=1)
    RuleVersion.objects.create(
        rule_set=other,
        effective_from=datetime.date(2020, 1, 1),
        rules={**BAKUFU_RULES, "players": 3, "uma": [20, 0, -20]},
    )
    old = Season.objects.create(
        club=club,
        name="昨季",
        starts_on=DAY_1 - datetime.timedelta(days=400),
        ends_on=DAY_1 - datetime.timedelta(days=200),
    )
    client.force_login(member)
    response = client.get(page(club))
    assert response.context["season"] == running_season
    assert response.context["rule_set"] == club.rule_sets.get(slug="main")  # the one with the games
    assertContains(response, '<option value="sanma">三人打ち</option>', html=True)
    assertContains(response, f'<option value="{running_season.pk}" selected>今季</option>', html=True)
    response = client.get(page(club, season=old.pk))
    assert response.context["season"] == old and response.context["running"].lines == []
    response = client.get(page(club, rule_set="sanma"))
    assert response.context["rule_set"].slug == "sanma" and response.context["running"].columns == []


def test_one_rule_set_offers_the_season_or_all_games_only(client, club, member, running_season, three_meetings):
    client.force_login(member)
    response = client.get(page(club))
    assertContains(response, f'<option value="{running_season.pk}" selected>今季</option>', html=True)
    assertContains(response, '<option value="all">全対局</option>', html=True)
    assertNotContains(response, 'name="rule_set"')


def test_the_nav_shows_the_running_links_by_role(client, club, member, owner, running_season):
    client.force_login(member)
    response = client.get(page(club))
    assertContains(response, f'href="{reverse("running_standings", args=[club.slug])}" aria-current="page"')
    assertNotContains(response, f'href="{reverse("choose_meeting", args=[club.slug])}"')
    assertNotContains(response, f'href="{reverse("manage", args=[club.slug])}"')
    client.force_login(owner)
    response = client.get(page(club))
    assertContains(response, f'href="{reverse("choose_meeting", args=[club.slug])}"')
    assertContains(response, f'href="{reverse("manage", args=[club.slug])}"')


def test_the_page_takes_the_same_queries_however_many_games(
    client, club, member, running_season, three_meetings, secretary
):
    client.force_login(member)
    with CaptureQueriesContext(connection) as few:
        assert client.get(page(club)).status_code == 200
    rule_set = club.rule_sets.get()
    more = [Member.objects.create(club=club, name=f"会員{i}", kana=f"かいいん{i}") for i in range(8)]
    for week in range(1, 5):
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=DAY_3 + datetime.timedelta(days=week))
        for table in (1, 2):
            players = more[(table - 1) * 4 : table * 4]
            entry = Entry(meeting=meeting, round=1, table=table, members=players, scores=SCORES)
            record_game(settle_in_force(entry), secretary)
        Adjustment.objects.create(
            club=club, rule_set=rule_set, member=more[week], date=meeting.date, points=10, reason="x"
        )
    with CaptureQueriesContext(connection) as many:
        response = client.get(page(club))
    assert len(response.context["running"].columns) == 7
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]


def test_a_long_season_shows_a_block_of_meetings_and_the_way_to_the_others(
    client, club, member, running_season, three_meetings, monkeypatch
):
    monkeypatch.setattr("league.views.running.LATEST_MEETINGS", 2)
    client.force_login(member)
    html = squeezed(client.get(page(club)))
    assert html.count('<th scope="col" class="num"><a href=') == 2
    assert f'href="{reverse("meeting_detail", args=[club.slug, three_meetings[0].pk])}"' not in html
    # 北村's row from day 2 (day 1's ▲40.0 in it), and 南野's with the day-1 adjustment counted in it.
    assert '<td class="num">▲80.0</td><td class="num">▲55.0</td>' in html
    assert '<td class="num">▲15.0</td><td class="num">+35.0</td>' in html
    assert (
        '<p class="running-window">全3回のうち第2〜3回の開催日を表示しています。'
        "それより前の開催日も累計に含まれています。</p>"
    ) in html
    assert '<a href="?meetings=2#cumulative-heading" rel="prev">前の開催日</a>' in html
    assert "後の開催日" not in html
    assert '<a href="?all=1&amp;_export=csv" download>CSV</a>' in html
    # The earlier block: the first meeting, the way back to the latest, the period's form not keeping the block.
    html = squeezed(client.get(page(club, season="all", meetings=2)))
    assert html.count('<th scope="col" class="num"><a href=') == 1
    assert f'href="{reverse("meeting_detail", args=[club.slug, three_meetings[0].pk])}"' in html
    assert '<td class="num">▲40.0</td></tr>' in html
    assert '<p class="running-window">全3回のうち第1回の開催日を表示しています。</p>' in html
    assert '<a href="?season=all#cumulative-heading" rel="next">後の開催日</a>' in html
    assert "前の開催日</a>" not in html and 'name="meetings"' not in html
    assert '<a href="?season=all&amp;all=1&amp;_export=csv" download>CSV</a>' in html
    # Full-width digits are read; anything else is the latest block.
    assert client.get(page(club, meetings="２")).context["running"].block == 2
    for asked in ("x", "-1", "²", "9" * 9):
        assert client.get(page(club, meetings=asked)).context["running"].block == 1
    # ``?all=1`` is for the download: the page still shows a block.
    assert len(client.get(page(club, all=1)).context["running"].columns) == 2


def test_the_blocks_of_meetings_are_written_in_english_too(
    client, club, member, running_season, three_meetings, monkeypatch
):
    monkeypatch.setattr("league.views.running.LATEST_MEETINGS", 1)
    client.force_login(member)
    with translation.override("en"):
        html = squeezed(client.get(page(club)))
        assert "Showing meeting 3 of 3; the earlier ones count in every total." in html
        assert ">Earlier meetings</a>" in html and "Later meetings" not in html
        assert "Every meeting in one download:" in html
        html = squeezed(client.get(page(club, meetings=2)))
        assert "Showing meeting 2 of 3; the earlier ones" in html
        assert ">Earlier meetings</a>" in html and ">Later meetings</a>" in html
        assert "The latest meetings" not in html
        html = squeezed(client.get(page(club, meetings=3)))
        assert "Showing meeting 1 of 3.</p>" in html and ">The latest meetings</a>" in html


def test_a_season_within_the_latest_meetings_is_the_whole_table(client, club, member, running_season, three_meetings):
    """With no more meetings than the page draws, the page is the whole table, as it was before it drew only
    the latest: no word of it, and asking for another block changes nothing but the links keeping the query."""

    def without_token(response):  # the logout form's token changes with each page
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", squeezed(response))

    client.force_login(member)
    html = without_token(client.get(page(club)))
    assert "running-window" not in html and "running-blocks" not in html
    assert html.count('<th scope="col" class="num"><a href=') == 3
    other = without_token(client.get(page(club, meetings=2)))
    english = reverse("running_standings", args=[club.slug]).replace("/c/", "/en/c/", 1)
    assert (
        other.replace(f'href="{english}?meetings=2"', f'href="{english}"')
        .replace('"?meetings=2&amp;_export=', '"?_export=')
        .replace('"?meetings=2&amp;move-', '"?move-')
        == html
    )  # the links to English, the downloads and the sorts keep the query


def test_every_block_takes_the_same_queries(client, club, member, running_season, three_meetings, monkeypatch):
    monkeypatch.setattr("league.views.running.LATEST_MEETINGS", 1)
    client.force_login(member)
    counts = []
    for block in (1, 2, 3):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(page(club, meetings=block)).status_code == 200
        counts.append(len(queries))
    assert counts == [counts[0]] * 3
    with CaptureQueriesContext(connection) as every:
        assert client.get(page(club, all=1, _export="csv")).status_code == 200
    assert len(every) < counts[0]  # every meeting: nothing before the first column to sum, no page around it
