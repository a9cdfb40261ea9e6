"""The people every view test uses: owner, secretary, member, outsider (and anonymous)."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from league.models import Club, Meeting, Member, Membership, Role, RuleSet, RuleVersion

BAKUFU_RULES = {
    "players": 4, "start": 25000, "target": 30000, "uma": [20, 10, -10, -20], "rounding": "half_up",
    "bust": {"penalty": 10, "bonus": 10}, "chips": {"value": 5, "in_total": True},
    "yakuman_shugi": {"ron": 30, "tsumo_each": 20},
}
PLAYERS = [("東田一郎", "ひがしだいちろう"), ("南野二郎", "みなみのじろう"), ("西川三郎", "にしかわさぶろう"),
           ("北村四郎", "きたむらしろう"), ("中島五郎", "なかじまごろう")]


@pytest.fixture
def club(db):
    club = Club.objects.create(slug="kaze", name="風の会", is_public=False)
    rule_set = RuleSet.objects.create(club=club, slug="main", name="四人打ち")
    RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=BAKUFU_RULES,
                               fees={"per_game": 350, "surplus_to": "day_top"})
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
    return Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=datetime.date(2026, 11, 20),
                                  venue_fee=5000)


def game_post(**changes):
    """A complete, valid game as the entry form posts it."""
    data = {
        "round": "1", "table": "1", "deposit": "",
        "player_0": "東田一郎", "player_1": "南野二郎", "player_2": "西川三郎", "player_3": "北村四郎",
        "score_0": "52300", "score_1": "31500", "score_2": "18700", "score_3": "-2500",
        "action": "save",
    }
    data.update(changes)
    return data
