"""The running standings read the standings before the latest meeting and now in one pass
(``standings_before_and_now``): the same as two ``standings`` calls, after random games, corrections,
voids, adjustments and a rule change."""

import datetime
import random

import pytest

from league.models import Adjustment, Meeting, Member, RuleVersion
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force
from league.stats.standings import Period, standings, standings_before_and_now

from .conftest import BAKUFU_RULES

FIRST = datetime.date(2026, 4, 1)


def figures(table):
    return [
        (
            line.member.pk,
            line.rank,
            line.games,
            line.points,
            line.places,
            line.busts,
            line.chips,
            line.shugi,
            line.best,
            line.worst,
            line.score_sum,
            line.scored_games,
            line.maru,
            line.adjustments,
            line.last_played,
        )
        for line in table.lines
    ] + [table.period, table.players, table.win_points]


def random_scores(rng):
    """Four scores over 0 (no bust to attribute) adding up to 100,000; ties now and then."""
    if rng.random() < 0.15:
        return [25000] * 4
    cuts = sorted(rng.sample(range(1, 1000), 3))
    return [100 * part for part in (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1000 - cuts[2])]


@pytest.mark.parametrize("seed", range(4))
def test_one_pass_gives_the_two_standings(club, secretary, seed):
    rng = random.Random(seed)
    rule_set = club.rule_sets.get()
    members = list(Member.objects.filter(club=club)) + [
        Member.objects.create(club=club, name=f"会員{i}", kana=f"かいいん{i}", guest=i == 0) for i in range(3)
    ]
    days = [FIRST + datetime.timedelta(days=7 * week) for week in range(5)]
    # A new version (other uma, a bust at 0) from the third meeting: the days either side settle differently.
    RuleVersion.objects.create(
        rule_set=rule_set,
        effective_from=days[2],
        rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30], "bust": {**BAKUFU_RULES["bust"], "at_zero": True}},
    )
    for day in days:
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=day)
        for round_number in range(1, rng.randint(2, 5)):
            chips = rng.randint(-3, 3)
            entry = Entry(
                meeting=meeting,
                round=round_number,
                table=1,
                members=rng.sample(members, 4),
                scores=random_scores(rng),
                chips=[chips, -chips, 0, 0],
            )
            game = record_game(settle_in_force(entry), secretary)
            if rng.random() < 0.2:
                set_void(game, True, game.revision, secretary)
        if rng.random() < 0.7:
            Adjustment.objects.create(
                club=club,
                rule_set=rule_set,
                member=rng.choice(members),
                reason="x",
                date=day + datetime.timedelta(days=rng.choice([-2, 0, 1])),
                points=rng.randrange(-100, 101),
            )
    club.rank_guests = bool(seed % 2)
    club.save()
    for first, last, min_games in [
        (None, None, 0),
        (days[0], days[-1] + datetime.timedelta(days=3), 2),
        (days[1], None, 1),
    ]:
        period = Period(rule_set, first, last, min_games)
        for day in days[1:]:
            before, now = standings_before_and_now(period, day)
            expected_before = standings(Period(rule_set, first, day - datetime.timedelta(days=1), min_games))
            assert figures(before) == figures(expected_before)
            assert figures(now) == figures(standings(period))
