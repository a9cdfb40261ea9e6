"""東田's season for the member page tests: the games tabled in test_member_page.py's docstring, with every figure
worked out by hand there.  Plugged in by conftest.py (fixtures ``member_page_today``, ``season``, ``league``);
test_member_page.py, test_member_pages_of_games.py, test_member_seats.py and test_member_tables.py use them.
"""

import datetime

import pytest
from django.db import transaction
from django.urls import reverse

from league.models import Adjustment, Game, Meeting, Member, Season
from league.services.games import record_game, set_void, store_settled
from league.services.meeting_lines import refresh_meeting_lines
from league.services.settling import Entry, settle_in_force

SANMA_RULES = {"players": 3, "start": 35000, "target": 40000, "uma": [20, 0, -20], "rounding": "half_up"}
TODAY = datetime.date(2026, 11, 21)


@pytest.fixture
def member_page_today(monkeypatch):
    """The season in force is found from today's date: keep it fixed (the tests' modules use it for every test)."""
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *args: TODAY)


def people(club):
    return {m.name[:2]: m for m in Member.objects.filter(club=club)}


def meeting_on(club, day, rule_set=None):
    return Meeting.objects.create(club=club, rule_set=rule_set or club.rule_sets.get(slug="main"), date=day)


def play(user, meeting, round, members, scores, **events):
    entry = Entry(meeting=meeting, round=round, table=1, members=members, scores=scores, **events)
    return record_game(settle_in_force(entry), user)


def play_many(user, games):
    """Hundreds of games at once, each ``(meeting, round, members, scores, events)``: each settled and stored as
    ``record_game`` stores it, their days' lines refreshed once at the end, as an import does (a refresh per game
    made one test of 320 games take 40 s of CI's 30 minutes)."""
    with transaction.atomic():
        for meeting, round, members, scores, events in games:
            entry = Entry(meeting=meeting, round=round, table=1, members=members, scores=scores, **events)
            store_settled(Game(meeting=meeting, updated_by=user), settle_in_force(entry))
        refresh_meeting_lines({meeting.pk for meeting, *_rest in games})


@pytest.fixture
def season(club):
    Season.objects.create(club=club, name="2025年度", starts_on="2025-04-01", ends_on="2026-03-31")
    return Season.objects.create(club=club, name="2026年度", starts_on="2026-04-01", ends_on="2027-03-31", min_games=4)


@pytest.fixture
def league(club, season, secretary):
    """The five games of the table, a voided game, a game of the season before and an adjustment."""
    p = people(club)
    higashida, minamino, nishikawa, kitamura, nakajima = p["東田"], p["南野"], p["西川"], p["北村"], p["中島"]
    may, june = meeting_on(club, datetime.date(2026, 5, 10)), meeting_on(club, datetime.date(2026, 6, 14))
    games = [
        play(secretary, may, 1, [higashida, minamino, nishikawa, kitamura], [40000, 30000, 20000, 10000]),
        play(secretary, may, 2, [minamino, higashida, nishikawa, kitamura], [45000, 35000, 15000, 5000]),
        play(
            secretary,
            june,
            1,
            [nishikawa, kitamura, higashida, nakajima],
            [50000, 30000, 22000, -2000],
            busts=[{"seat": 3, "by": 0}],
        ),
        play(
            secretary,
            june,
            2,
            [higashida, minamino, nishikawa, nakajima],
            [10000, 40000, 30000, 20000],
            chips=[-2, 3, 0, -1],
        ),
        play(
            secretary,
            june,
            3,
            [higashida, minamino, kitamura, nakajima],
            [60000, 20000, 10000, 10000],
            yakuman=[{"seat": 0, "win": "tsumo", "name": "四暗刻"}],
        ),
    ]
    voided = play(
        secretary,
        june,
        4,
        [higashida, minamino, nishikawa, kitamura],
        [70000, 20000, 10000, 0],
        yakuman=[{"seat": 0, "win": "ron", "from": 3, "name": "大三元"}],
    )
    set_void(voided, True, voided.revision, secretary)
    before = play(
        secretary,
        meeting_on(club, datetime.date(2026, 3, 20)),
        1,
        [higashida, minamino, nishikawa, kitamura],
        [30000, 30000, 20000, 20000],
        yakuman=[{"seat": 0, "win": "ron", "from": 3, "name": "国士無双"}],
    )
    Adjustment.objects.create(
        club=club,
        rule_set=club.rule_sets.get(),
        member=higashida,
        date=datetime.date(2026, 7, 1),
        points=50,
        reason="遅刻の返上",
    )
    return {"games": games, "voided": voided, "before": before, **p}


def page_url(club, member, **query):
    url = reverse("member_page", kwargs={"slug": club.slug, "member_id": member.pk})
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def api_url(club, member, **query):
    url = reverse("api_member", kwargs={"slug": club.slug, "member_id": member.pk})
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")
