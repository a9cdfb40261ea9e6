"""What the database itself refuses, whatever code tries to save."""

import pytest
from django.db import IntegrityError, transaction

from league.models import Game, GameSeat, Member, Season


@pytest.fixture
def game(meeting):
    version = meeting.rule_set.version_on(meeting.date)
    return Game.objects.create(meeting=meeting, rule_version=version, round=1, table=1)


def seat(game, **fields):
    values = {
        "seat": 0,
        "member": game.meeting.club.members.first(),
        "score": 25000,
        "place": 1,
        "base": 0,
        "oka": 0,
        "uma": 0,
        "bust": 0,
        "chip_points": 0,
        "shugi": 0,
        "chombo": 0,
        "total": 0,
    }
    values.update(fields)
    return GameSeat(game=game, **values)


def refused(obj):
    with pytest.raises(IntegrityError), transaction.atomic():
        obj.save()


def test_scores_are_multiples_of_100(game):
    refused(seat(game, score=25050))
    refused(seat(game, score=-50))
    seat(game, score=-2500).save()


def test_seats_run_from_0_to_3_once_each(game):
    refused(seat(game, seat=4))
    seat(game, seat=0).save()
    other = game.meeting.club.members.all()[1]
    refused(seat(game, seat=0, member=other))


def test_a_member_sits_once_per_game(game):
    seat(game, seat=0).save()
    refused(seat(game, seat=1))


def test_one_counted_game_per_round_and_table(game):
    version = game.rule_version
    refused(Game(meeting=game.meeting, rule_version=version, round=1, table=1))
    game.void = True
    game.save()
    Game.objects.create(meeting=game.meeting, rule_version=version, round=1, table=1)


def test_deposits_are_in_hundreds(game):
    game.deposit = 150
    refused(game)


def test_member_names_are_unique_in_a_club_whatever_the_case(club):
    Member.objects.create(club=club, name="Tanaka")
    refused(Member(club=club, name="tanaka"))


def test_a_season_ends_after_it_starts(club):
    import datetime

    refused(Season(club=club, name="逆", starts_on=datetime.date(2026, 4, 1), ends_on=datetime.date(2026, 3, 1)))


def test_member_readings_are_kept_in_hiragana(club):
    member = Member.objects.create(club=club, name="佐藤　健太", kana="サトウ ケンタ")
    assert member.kana == "さとう けんた"
    assert member.name == "佐藤 健太"
    assert list(Member.objects.matching("ケンタ")) == [member]
