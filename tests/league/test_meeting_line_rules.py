"""The stored meeting lines count busts and マル as the engine's rules say (``scoring.is_bust``,
``scoring.maru_kind``), though they count them in SQL for speed (league/services/meeting_lines.py).

Random games, saved through the real service, with final scores below 0, exactly 0 and above it, under
versions whose bust is at 0 and versions whose is not (one paying for a bust, one not), and win-points games
(ブー麻雀) some of which a yakuman ended, some recorded by their points alone; some voided.  Each stored line's
``busts`` and maru counts must be what the engine's functions give for that member's seats of that day.  The
suite runs on SQLite and on PostgreSQL, so the statement is held equal on both.
"""

import datetime
import random

import pytest

import scoring
from league.models import Meeting, MeetingLine, Member, RuleSet, RuleVersion
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force

from .conftest import BAKUFU_RULES
from .standings_data import BOO_RULES

FIRST = datetime.date(2026, 4, 1)
AT_ZERO_FROM = FIRST + datetime.timedelta(days=7)
FREE_RULES = {"players": 4, "start": 25000, "bust": {"at_zero": True}}  # a bust pays nothing, and 0 busts
TABLES = ([90, -30, -30, -30], [40, 0, -20, -20], [10, 0, 0, -10])  # BOO_RULES' win points, in tenths


def random_scores(rng, start):
    """Four final scores adding up to 4 × ``start``: negatives, zeros and ties are common."""
    if rng.random() < 0.1:
        return [start] * 4  # every seat floats: a table no maru names under oka-uma, マルC under win points
    pool = [-3000, -100, 0, 0, 100, start // 2, start, start + 5000, 2 * start]
    scores = [rng.choice(pool) for _ in range(3)]
    scores.append(4 * start - sum(scores))
    rng.shuffle(scores)
    return scores


def random_points(rng, win_points):
    """A points-only game's points (tenths) in seat order, adding up to 0: under win points often a table."""
    if win_points and rng.random() < 0.7:
        points = list(rng.choice(TABLES))
    else:
        points = [rng.randint(-600, 600) for _ in range(3)]
        points.append(-sum(points))
    rng.shuffle(points)
    return points


def random_entry(rng, meeting, members, round_number):
    rules = meeting.rule_set.version_on(meeting.date).rules
    settings = scoring.validate_rules(rules)
    win_points = settings["method"] == "win_points"
    seated = rng.sample(members, 4)
    if rng.random() < 0.15:
        return Entry(
            meeting=meeting,
            round=round_number,
            table=1,
            members=seated,
            scores=None,
            points=random_points(rng, win_points),
        )
    scores = random_scores(rng, settings["start"])
    busts = [
        {"seat": seat, "by": rng.choice([None, *(other for other in range(4) if other != seat)])}
        for seat, score in enumerate(scores)
        if scoring.is_bust(rules, score) and rng.random() < 0.6
    ]
    yakuman, ended = [], None
    if win_points and rng.random() < 0.25:
        ended = rng.randrange(4)
        yakuman = [{"seat": ended, "kind": "yakuman", "win": "tsumo", "name": "四暗刻"}]
    return Entry(
        meeting=meeting,
        round=round_number,
        table=1,
        members=seated,
        scores=scores,
        busts=busts,
        yakuman=yakuman,
        ended_by_yakuman=ended,
    )


def engine_counts(settled_games):
    """``{(meeting id, member id): {"busts": n, "maru_a": n, …}}`` by the engine's functions alone."""
    lines = {}
    for settled in settled_games:
        result, entry = settled.result, settled.entry
        for seat, member in zip(result, entry.members, strict=True):
            line = lines.setdefault((entry.meeting.pk, member.pk), dict.fromkeys(("busts", *scoring.MARU_KINDS), 0))
            if seat.score is not None and scoring.is_bust(settled.rule_version.rules, seat.score):
                line["busts"] += 1
            if kind := scoring.maru_kind(seat.place, result.floats, result.double_maru_a):
                line[kind] += 1
    return lines


def stored_counts():
    return {
        (row.pop("meeting"), row.pop("member")): row
        for row in MeetingLine.objects.values("meeting", "member", "busts", *scoring.MARU_KINDS)
    }


@pytest.mark.parametrize("seed", range(3))
def test_stored_bust_and_maru_counts_are_the_engines(club, secretary, seed):
    rng = random.Random(seed)
    main = club.rule_sets.get()  # BAKUFU_RULES: a bust pays 10 / 10, and is below 0 only …
    RuleVersion.objects.create(  # … until AT_ZERO_FROM, from when 0 busts too
        rule_set=main,
        effective_from=AT_ZERO_FROM,
        rules={**BAKUFU_RULES, "bust": {"penalty": 10, "bonus": 10, "at_zero": True}},
    )
    free = RuleSet.objects.create(club=club, slug="free", name="飛び賞なし")
    RuleVersion.objects.create(rule_set=free, effective_from=datetime.date(2020, 1, 1), rules=FREE_RULES)
    boo = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀")
    RuleVersion.objects.create(rule_set=boo, effective_from=datetime.date(2020, 1, 1), rules=BOO_RULES)
    members = list(Member.objects.filter(club=club))
    days = [FIRST, AT_ZERO_FROM, AT_ZERO_FROM + datetime.timedelta(days=7)]

    settled_games = []
    for rule_set in (main, free, boo):
        for day in days:
            meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=day)
            for round_number in range(1, 13):
                settled = settle_in_force(random_entry(rng, meeting, members, round_number))
                settled_games.append((settled, record_game(settled, secretary)))
    voided = set()
    for _settled, game in rng.sample(settled_games, 5):
        set_void(game, True, game.revision, secretary)
        voided.add(game.pk)
    counted = [settled for settled, game in settled_games if game.pk not in voided]

    assert stored_counts() == engine_counts(counted)

    # The games held what the equality is about: zeros under both bust lines, negatives, and every kind of maru.
    seen = {
        (scoring.is_bust(settled.rule_version.rules, 0), seat.score)
        for settled in counted
        for seat in settled.result
        if seat.score is not None and seat.score <= 0
    }
    assert {(False, 0), (True, 0)} <= seen and any(score < 0 for _at_zero, score in seen)
    kinds = {kind for line in stored_counts().values() for kind in scoring.MARU_KINDS if line[kind]}
    assert kinds == set(scoring.MARU_KINDS)
