"""The club's front page: the latest meeting, the leaders, recent yakuman and next steps for those running it."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from league.models import Meeting, Member, Season
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force

SCORES = [40000, 30000, 20000, 10000]  # +50.0 / +10.0 / ▲20.0 / ▲40.0 under the club's rules
TODAY = timezone.localdate()
LATEST = TODAY - datetime.timedelta(days=7)
BEFORE_SEASON = TODAY - datetime.timedelta(days=60)


@pytest.fixture(autouse=True)
def japanese():
    """Addresses without a language prefix and Japanese pages, whatever an earlier test left active."""
    with translation.override("ja"):
        yield


def named(*names):
    return [Member.objects.get(name=name) for name in names]


def play(meeting, round, names, user, table=1, **extra):
    entry = Entry(meeting=meeting, round=round, table=table, members=named(*names), scores=SCORES, **extra)
    return record_game(settle_in_force(entry), user)


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club,
        name="今季",
        starts_on=TODAY - datetime.timedelta(days=30),
        ends_on=TODAY + datetime.timedelta(days=300),
    )


@pytest.fixture
def results(club, season, secretary):
    """A yakuman before the season, then the latest meeting (still open) with two games.

    The latest meeting: 東田 +50.0; 南野 +10.0 +50.0 = +60.0; 西川 ▲20.0 +10.0 = ▲10.0;
    中島 ▲20.0; 北村 ▲40.0; 西田 ▲40.0 (北村 and 西田 tie, 北村 first by reading).
    """
    Member.objects.create(club=club, name="西田六郎", kana="にしだろくろう")
    rule_set = club.rule_sets.get()
    old = Meeting.objects.create(club=club, rule_set=rule_set, date=BEFORE_SEASON, closed=False)
    yakuman = play(
        old,
        1,
        ["東田一郎", "南野二郎", "西川三郎", "北村四郎"],
        secretary,
        yakuman=[{"seat": 0, "kind": "yakuman", "win": "tsumo", "name": "四暗刻"}],
    )
    voided = play(
        old,
        2,
        ["東田一郎", "南野二郎", "西川三郎", "北村四郎"],
        secretary,
        yakuman=[{"seat": 1, "kind": "yakuman", "win": "tsumo", "name": "大三元"}],
    )
    set_void(voided, True, voided.revision, secretary)
    old.closed = True
    old.save()
    latest = Meeting.objects.create(club=club, rule_set=rule_set, date=LATEST, venue="雀荘 風")
    first = play(latest, 1, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"], secretary)
    second = play(latest, 2, ["南野二郎", "西川三郎", "中島五郎", "西田六郎"], secretary)
    return {"old": old, "latest": latest, "yakuman_game": yakuman, "games": [first, second]}


def squeezed(response):
    return re.sub(r">\s+<", "><", response.content.decode())


def section(response, name):
    """The HTML of the page's <section class="name">, or "" when there is none."""
    found = re.search(rf'<section class="{name}"[^>]*>(.*?)</section>', squeezed(response), re.S)
    return found.group(1) if found else ""


def front(client, club, user=None):
    if user:
        client.force_login(user)
    response = client.get(reverse("club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    return response


def test_the_latest_meeting_shows_its_games_and_the_days_totals(client, club, member, results):
    latest = section(front(client, club, member), "latest-meeting")
    assert reverse("meeting_detail", args=[club.slug, results["latest"].pk]) in latest
    assert "雀荘 風" in latest
    for game in results["games"]:
        assert reverse("game_detail", args=[club.slug, game.pk]) in latest
    # Round 2 in place order, each player with their total.
    assert (
        '<td><span class="player">南野二郎</span><span class="num">+50.0</span></td>'
        '<td><span class="player">西川三郎</span><span class="num">+10.0</span></td>'
        '<td><span class="player">中島五郎</span><span class="num">▲20.0</span></td>'
        '<td><span class="player">西田六郎</span><span class="num">▲40.0</span></td>'
    ) in latest
    totals = re.findall(
        r'<tr><td class="num">(\d+)</td><th scope="row">(?:<a [^>]*>)?([^<]+)(?:</a>)?</th>'
        r'<td class="num">(\d+)</td><td class="num"><strong>([^<]+)</strong>',
        latest,
    )
    assert totals == [
        ("1", "南野二郎", "2", "+60.0"),
        ("2", "東田一郎", "1", "+50.0"),
        ("3", "西川三郎", "2", "▲10.0"),
        ("4", "中島五郎", "1", "▲20.0"),
        ("5", "北村四郎", "1", "▲40.0"),
        ("5", "西田六郎", "1", "▲40.0"),
    ]
    assert "四暗刻" not in latest  # the older meeting is not the latest


def test_a_newer_meeting_without_games_does_not_hide_the_latest_results(client, club, member, results):
    Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=TODAY)
    latest = section(front(client, club, member), "latest-meeting")
    assert reverse("meeting_detail", args=[club.slug, results["latest"].pk]) in latest


def test_the_leaders_are_the_top_five_of_the_current_season(client, club, member, results):
    leaders = section(front(client, club, member), "leaders")
    names = re.findall(r'<th scope="row">(?:<a [^>]*>)?([^<]+)', leaders)
    # The yakuman meeting is before the season, so only the latest meeting counts.
    assert names == ["南野二郎", "東田一郎", "西川三郎", "中島五郎", "北村四郎"]
    assert "今季" in leaders
    assert "+60.0" in leaders
    assert reverse("running_standings", args=[club.slug]) in leaders


def test_recent_yakuman_link_to_their_game_and_leave_out_void_games(client, club, member, results):
    yakuman = section(front(client, club, member), "recent-yakuman")
    assert "四暗刻" in yakuman and "東田一郎" in yakuman
    assert reverse("game_detail", args=[club.slug, results["yakuman_game"].pk]) in yakuman
    assert "大三元" not in yakuman


def test_an_empty_club_says_so(client, club, member):
    response = front(client, club, member)
    assert response.context["latest"] is None and response.context["yakuman"] == []
    assert response.context["leaders"].lines == []


def test_the_recent_meetings_are_still_listed(client, club, member, results):
    response = front(client, club, member)
    meetings = re.search(r'<section id="meetings"[^>]*>(.*?)</section>', squeezed(response), re.S).group(1)
    for meeting in (results["old"], results["latest"]):
        assert reverse("meeting_detail", args=[club.slug, meeting.pk]) in meetings


# -- next steps --------------------------------------------------------------------------------------------------


def step_links(response):
    return re.findall(r'<a href="([^"]+)"', section(response, "next-steps"))


def test_the_owner_is_told_what_to_do_next(client, club, owner, results):
    Member.objects.create(club=club, name="読みなし", kana="")
    links = step_links(front(client, club, owner))
    slug, latest = club.slug, results["latest"].pk
    assert links == [
        reverse("enter_game", args=[slug, latest]),
        reverse("meeting_detail", args=[slug, latest]),
        reverse("choose_meeting", args=[slug]),
        reverse("manage_members", args=[slug]),
    ]


def test_a_secretary_sees_the_meeting_steps_but_not_the_owners(client, club, secretary, results):
    Member.objects.create(club=club, name="読みなし", kana="")
    Season.objects.all().delete()
    links = step_links(front(client, club, secretary))
    slug, latest = club.slug, results["latest"].pk
    assert links == [
        reverse("enter_game", args=[slug, latest]),
        reverse("meeting_detail", args=[slug, latest]),
        reverse("choose_meeting", args=[slug]),
    ]


def test_without_a_season_for_today_the_owner_is_asked_to_add_one(client, club, owner, results):
    Season.objects.all().delete()
    Season.objects.create(
        club=club,
        name="昨季",
        starts_on=TODAY - datetime.timedelta(days=400),
        ends_on=TODAY - datetime.timedelta(days=40),
    )
    assert reverse("manage_seasons", args=[club.slug]) in step_links(front(client, club, owner))


def test_with_todays_meeting_held_and_closed_there_is_nothing_to_start(client, club, owner, season):
    Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=TODAY, closed=True)
    response = front(client, club, owner)
    assert response.context["next_steps"] == []
    assert section(response, "next-steps") == ""


def test_a_member_sees_no_next_steps(client, club, member, results):
    Member.objects.create(club=club, name="読みなし", kana="")
    response = front(client, club, member)
    assert response.context["next_steps"] == []
    assert 'class="next-steps"' not in response.content.decode()


# -- navigation, access and queries -------------------------------------------------------------------------------


def nav_links(response):
    nav = re.search(r'<nav class="club-nav"[^>]*>(.*?)</nav>', squeezed(response), re.S).group(1)
    return re.findall(r'<a href="([^"]+)"', nav)


def test_the_nav_marks_the_front_page_and_offers_what_the_role_may_do(client, club, member, secretary, owner):
    slug = club.slug
    response = front(client, club, member)
    assert f'<a href="{reverse("club", args=[slug])}" aria-current="page">' in squeezed(response)
    assert reverse("running_standings", args=[slug]) in nav_links(response)
    assert f"{reverse('club', args=[slug])}#meetings" in nav_links(response)
    assert reverse("choose_meeting", args=[slug]) not in nav_links(response)
    secretary_links = nav_links(front(client, club, secretary))
    assert reverse("choose_meeting", args=[slug]) in secretary_links
    assert reverse("manage", args=[slug]) not in secretary_links
    owner_links = nav_links(front(client, club, owner))
    assert reverse("choose_meeting", args=[slug]) in owner_links and reverse("manage", args=[slug]) in owner_links


@pytest.mark.parametrize("who", ["owner", "member"])
def test_the_front_page_takes_the_same_queries_however_much_happened(client, request, club, results, secretary, who):
    client.force_login(request.getfixturevalue(who))
    url = reverse("club", args=[club.slug])
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    rule_set = club.rule_sets.get()
    more = [Member.objects.create(club=club, name=f"会員{i}", kana=("" if i % 2 else f"かいいん{i}")) for i in range(8)]
    for week in range(1, 4):
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=LATEST + datetime.timedelta(days=week))
        for table in (1, 2):
            players = more[(table - 1) * 4 : table * 4]
            record_game(
                settle_in_force(
                    Entry(
                        meeting=meeting,
                        round=1,
                        table=table,
                        members=players,
                        scores=SCORES,
                        yakuman=[{"seat": 0, "kind": "yakuman", "win": "tsumo", "name": "国士無双"}],
                    )
                ),
                secretary,
            )
    with CaptureQueriesContext(connection) as many:
        response = client.get(url)
    assert len(response.context["yakuman"]) == 5
    assert len(response.context["latest"].games) == 2
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]
