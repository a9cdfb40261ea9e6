"""Games under a rule version corrected later, for the recompute tests (test_recompute.py, test_jobs.py).

Plugged in by conftest.py (fixtures ``rule_set``, ``old_meeting``, ``recompute_games``, ``new_version``).
"""

import datetime

import pytest

from league.models import GameSeat, Meeting, Member, RuleVersion
from league.services.games import record_game
from league.services.settling import Entry, settle_in_force

from .club_data import BAKUFU_RULES

SCORES = [52300, 31500, 18700, -2500]
# Under the fixture's rules (uma 20-10, bust 10/10) and with uma 30-10 from 2026-04-01.
OLD_TOTALS = [710, 120, -210, -620]
NEW_TOTALS = [810, 120, -210, -720]


def players(club):
    return [Member.objects.get(club=club, name=name) for name in ("東田一郎", "南野二郎", "西川三郎", "北村四郎")]


def play(meeting, user, round=1, scores=SCORES):
    entry = Entry(
        meeting=meeting,
        round=round,
        table=1,
        members=players(meeting.club),
        scores=list(scores),
        busts=[{"seat": 3, "by": 0}] if min(scores) < 0 else [],
    )
    return record_game(settle_in_force(entry), user)


def totals(game):
    return [seat.total for seat in GameSeat.objects.filter(game=game).order_by("seat")]


@pytest.fixture
def rule_set(club):
    return club.rule_sets.get()


@pytest.fixture
def old_meeting(club, rule_set):
    """A meeting before the new version: its games keep their results."""
    return Meeting.objects.create(club=club, rule_set=rule_set, date=datetime.date(2025, 6, 1))


@pytest.fixture
def recompute_games(meeting, old_meeting, secretary):
    """Two games on 2026-11-20 (affected by the new version) and one on 2025-06-01 (not affected)."""
    return {"new": [play(meeting, secretary, 1), play(meeting, secretary, 2)], "old": play(old_meeting, secretary, 1)}


@pytest.fixture
def new_version(rule_set, recompute_games):
    return RuleVersion.objects.create(
        rule_set=rule_set, effective_from=datetime.date(2026, 4, 1), rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30]}
    )


def recompute_url(rule_set, english=True, version=None):
    url = f"{'/en' if english else ''}/c/{rule_set.club.slug}/manage/rules/{rule_set.pk}/recompute/"
    return f"{url}?version={version.pk}" if version else url
