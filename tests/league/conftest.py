"""The people every view test uses: owner, secretary, member, outsider (and anonymous), and the fixtures that
more than one test file uses.

Fixtures shared by the tests of one page live in a module of their own, plugged in here by importing them:
a test file never imports a fixture from another test file.
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from league.imports.commit import commit
from league.imports.names import NewMember
from league.models import Club, Meeting, Member, Membership, Role, RuleSet, RuleVersion

from .club_data import BAKUFU_RULES, PLAYERS
from .draws import TABLE_1, draw_round
from .import_files import NEW_NAME, ROWS, plan_of, xlsx_bytes
from .member_history import league, member_page_today, season
from .page_ids import page_ids
from .recompute_data import new_version, old_meeting, recompute_games, rule_set
from .running_data import running_season, three_meetings
from .standings_data import BOO_RULES

__all__ = [  # the constants test files read from here, and the fixtures plugged in
    "BAKUFU_RULES",
    "PLAYERS",
    "league",
    "member_page_today",
    "new_version",
    "old_meeting",
    "page_ids",
    "recompute_games",
    "rule_set",
    "running_season",
    "season",
    "three_meetings",
]


@pytest.fixture
def club(db):
    club = Club.objects.create(slug="kaze", name="風の会", is_public=False)
    rule_set = RuleSet.objects.create(club=club, slug="main", name="四人打ち")
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=datetime.date(2020, 1, 1),
        rules=BAKUFU_RULES,
        fees={"per_game": 350, "surplus_to": "day_top"},
    )
    for name, kana in PLAYERS:
        Member.objects.create(club=club, name=name, kana=kana)
    return club


def _person(club, username, role):
    user = get_user_model().objects.create_user(username=username, password="correct horse battery")
    if role:
        Membership.objects.create(user=user, club=club, role=role)
    return user


@pytest.fixture
def owner(club):
    return _person(club, "owner", Role.OWNER)


@pytest.fixture
def secretary(club):
    return _person(club, "secretary", Role.SECRETARY)


@pytest.fixture
def member(club):
    return _person(club, "member", Role.MEMBER)


@pytest.fixture
def outsider(club):
    return _person(club, "outsider", None)


@pytest.fixture
def meeting(club):
    return Meeting.objects.create(
        club=club, rule_set=club.rule_sets.get(), date=datetime.date(2026, 11, 20), venue_fee=5000
    )


def game_post(**changes):
    """A complete, valid game as the entry form posts it."""
    data = {
        "round": "1",
        "table": "1",
        "deposit": "",
        "player_0": "東田一郎",
        "player_1": "南野二郎",
        "player_2": "西川三郎",
        "player_3": "北村四郎",
        "score_0": "52300",
        "score_1": "31500",
        "score_2": "18700",
        "score_3": "-2500",
        "action": "save",
    }
    data.update(changes)
    return data


@pytest.fixture
def japanese():
    """Addresses reversed in Japanese (no prefix), whatever an English request left active (a test file asks for
    it for all its tests with ``pytestmark = pytest.mark.usefixtures("japanese")``)."""
    with translation.override("ja"):
        yield


@pytest.fixture
def sanma(club):
    """A second rule set, 三人打ち (slug ``sanma``), for files that name the rule set of each game."""
    rule_set = RuleSet.objects.create(club=club, slug="sanma", name="三人打ち")
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from="2020-01-01",
        rules={"players": 3, "start": 35000, "target": 40000, "uma": [20, 0, -20]},
    )
    return rule_set


@pytest.fixture
def seated(club, meeting, member):
    """The member's login plays as 東田一郎, drawn at round 1, table 1 (South); the club takes reports."""
    club.players_report_results = True
    club.save()
    Member.objects.filter(club=club, name="東田一郎").update(user=member)
    draw_round(meeting, 1, [TABLE_1], sitting_out=["中島五郎"])
    return member


@pytest.fixture
def imported(club, secretary):
    """ROWS (import_files.py) imported with 中島五郎 created as a new member (after removing the fixture's one)."""
    Member.objects.filter(name=NEW_NAME).delete()
    plan = plan_of(club, xlsx_bytes(ROWS))
    mapping = {name.key: NewMember(name=name.name, kana="なかじまごろう") for name in plan.unknown}
    return commit(plan_of(club, xlsx_bytes(ROWS), mapping=mapping), user=secretary)


@pytest.fixture
def boo(club):
    """The club plays ブー麻雀: win points by place."""
    version = club.rule_sets.get().versions.get()
    version.rules, version.fees = BOO_RULES, {}
    version.save()
    return club
