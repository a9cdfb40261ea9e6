"""Three meetings for the running standings tests, every total worked out by hand (``three_meetings``).

Plugged in by conftest.py (fixtures ``running_season``, ``three_meetings``); test_running.py,
test_running_grid.py and test_running_movement.py use them.
"""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Adjustment, Meeting, Member, Season
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force

# With the club's rules (oka 20 to the top, uma 20/10/-10/-20), scores of
# 40,000 / 30,000 / 20,000 / 10,000 give +50.0 / +10.0 / -20.0 / -40.0.
SCORES = [40000, 30000, 20000, 10000]
TODAY = timezone.localdate()
DAY_1 = TODAY - datetime.timedelta(days=30)
DAY_2 = DAY_1 + datetime.timedelta(days=7)
BETWEEN = DAY_2 + datetime.timedelta(days=3)
DAY_3 = DAY_2 + datetime.timedelta(days=7)


def named(*names):
    return [Member.objects.get(name=name) for name in names]


def play(meeting, round, names, user, scores=SCORES, table=1):
    entry = Entry(meeting=meeting, round=round, table=table, members=named(*names), scores=scores)
    return record_game(settle_in_force(entry), user)


@pytest.fixture
def running_season(club):
    """今季: a hundred days either side of today."""
    return Season.objects.create(
        club=club,
        name="今季",
        starts_on=TODAY - datetime.timedelta(days=100),
        ends_on=TODAY + datetime.timedelta(days=100),
    )


@pytest.fixture
def three_meetings(club, running_season, secretary):
    """Three meetings, a voided game and two adjustments, the totals worked out by hand below.

    | member | day 1          | day 2         | between | day 3         |
    |--------|----------------|---------------|---------|---------------|
    | 東田   | +50.0          | +10.0         |         | (absent)      |
    | 南野   | +10.0, ▲5.0 adj| ▲20.0         |         | +50.0         |
    | 西川   | ▲20.0          | +50.0         |         | ▲20.0         |
    | 北村   | ▲40.0          | ▲40.0         | +15.0   | +10.0         |
    | 中島   |                |               |         | ▲40.0         |

    Day 2 also has a voided game in which 北村 came first: it must not count.
    """
    rule_set = club.rule_sets.get()
    meetings = [Meeting.objects.create(club=club, rule_set=rule_set, date=day) for day in (DAY_1, DAY_2, DAY_3)]
    play(meetings[0], 1, ["東田一郎", "南野二郎", "西川三郎", "北村四郎"], secretary)
    play(meetings[1], 1, ["西川三郎", "東田一郎", "南野二郎", "北村四郎"], secretary)
    voided = play(meetings[1], 2, ["北村四郎", "東田一郎", "南野二郎", "西川三郎"], secretary)
    set_void(voided, True, voided.revision, secretary)
    play(meetings[2], 1, ["南野二郎", "北村四郎", "西川三郎", "中島五郎"], secretary)
    minami, kita = named("南野二郎", "北村四郎")
    Adjustment.objects.create(club=club, rule_set=rule_set, member=minami, date=DAY_1, points=-50, reason="遅刻")
    Adjustment.objects.create(club=club, rule_set=rule_set, member=kita, date=BETWEEN, points=150, reason="訂正")
    return meetings


def page(club, **query):
    """The running standings' address, with ``query``."""
    url = reverse("running_standings", args=[club.slug])
    return url + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")
