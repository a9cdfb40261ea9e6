"""The rule set a club's pages show first (``main_rule_set``): the one with the most games that count, the first
listed of equal ones; a club of one rule set is not counted."""

import datetime

from league.models import Club, Meeting, RuleSet, RuleVersion
from league.stats.periods import main_rule_set

from .standings_data import play

EAST, SOUTH, WEST, NORTH = "東田一郎", "南野二郎", "西川三郎", "北村四郎"


def games_in(rule_set, secretary, count, day=datetime.date(2026, 5, 10), void=False):
    meeting = Meeting.objects.create(club=rule_set.club, rule_set=rule_set, date=day)
    for number in range(1, count + 1):
        game = play(meeting, number, [EAST, SOUTH, WEST, NORTH], [40000, 30000, 20000, 10000], secretary)
        if void:
            game.void = True
            game.save(update_fields=["void"])


def test_the_rule_set_with_the_most_counted_games_comes_first(club, secretary):
    main = club.rule_sets.get()
    RuleSet.objects.filter(pk=main.pk).update(position=1)
    other = RuleSet.objects.create(club=club, slug="other", name="別ルール", position=0)
    third = RuleSet.objects.create(club=club, slug="third", name="三つ目", position=5)
    version = main.versions.get()
    for rule_set in (other, third):
        RuleVersion.objects.create(rule_set=rule_set, effective_from=version.effective_from, rules=version.rules)
    assert main_rule_set(club) == other  # no games anywhere: the first listed
    games_in(main, secretary, 2)
    games_in(other, secretary, 1, day=datetime.date(2026, 5, 11))
    assert main_rule_set(club) == main
    games_in(other, secretary, 1, day=datetime.date(2026, 5, 12))
    assert main_rule_set(club) == other  # 2 and 2: the first listed
    games_in(third, secretary, 3, day=datetime.date(2026, 5, 13), void=True)
    assert main_rule_set(club) == other  # void games do not count
    rule_sets = list(club.rule_sets.all())
    assert main_rule_set(club, rule_sets) is next(r for r in rule_sets if r == other)  # the caller's instance


def test_a_club_of_one_rule_set_is_answered_without_counting(club, secretary, django_assert_num_queries):
    games_in(club.rule_sets.get(), secretary, 1)
    with django_assert_num_queries(1):
        assert main_rule_set(club).slug == "main"
    rule_sets = list(club.rule_sets.all())
    with django_assert_num_queries(0):
        assert main_rule_set(club, rule_sets).slug == "main"
    assert main_rule_set(Club.objects.create(slug="empty", name="空")) is None
