"""The member page reads a member's games and head-to-head from their stored meeting lines and the seats of a page
of games only (``league/stats/member_games.py``): after a random season (ties, split ties, points-only games, day
totals, guests, voids, games outside the period), every figure is what reading every seat of every game of the
member as model instances and counting them here gives (how the page read them before, docs/performance.md)."""

import datetime
import random
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.core.paginator import Paginator

from league.models import DayTotal, DayTotalLine, GameSeat, Meeting, Member, RuleSet, RuleVersion
from league.services.games import record_game, set_void
from league.services.settling import Entry, settle_in_force
from league.stats.member import member_record
from league.stats.member_history import summary_of_entries
from league.stats.standings import Period

SPLIT_RULES = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "rounding": "half_up",
    "ties": "split",
}
FIRST = datetime.date(2026, 4, 1)
SEAT_PARTS = (
    "seat",
    "member_id",
    "score",
    "chips",
    "place",
    "base",
    "oka",
    "uma",
    "bust",
    "chip_points",
    "shugi",
    "chombo",
    "total",
)


def random_scores(rng):
    """Four scores over 0 adding up to 100,000; ties (two or four players) now and then."""
    if rng.random() < 0.1:
        return [25000] * 4
    if rng.random() < 0.15:
        return [30000, 30000, 20000, 20000]
    cuts = sorted(rng.sample(range(1, 1000), 3))
    return [100 * part for part in (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 1000 - cuts[2])]


def random_points(rng):
    """Final points (tenths) of a points-only game: they add up to 0 under both rule sets here."""
    first, second, third = rng.randrange(100, 800), rng.randrange(-100, 300), rng.randrange(-400, -100)
    return [first, second, third, -(first + second + third)]


def play_season(club, secretary, rule_set, rng):
    people = list(Member.objects.filter(club=club)) + [
        Member.objects.create(club=club, name=f"客{i}", kana=f"きゃく{i}", guest=True) for i in range(2)
    ]
    days = [FIRST + datetime.timedelta(days=7 * week) for week in range(-1, 8)]  # the first is before the period
    for day in days:
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=day)
        for round_number in range(1, rng.randint(3, 7)):
            players = rng.sample(people, 4)
            if rng.random() < 0.2:
                entry = Entry(
                    meeting=meeting,
                    round=round_number,
                    table=1,
                    members=players,
                    scores=None,
                    points=random_points(rng),
                )
            else:
                chips = rng.randint(-3, 3)
                entry = Entry(
                    meeting=meeting,
                    round=round_number,
                    table=1,
                    members=players,
                    scores=random_scores(rng),
                    chips=[chips, -chips, 0, 0],
                )
            game = record_game(settle_in_force(entry), secretary)
            if rng.random() < 0.15:
                set_void(game, True, game.revision, secretary)
        if rng.random() < 0.4:
            day_total = DayTotal.objects.create(meeting=meeting, games=rng.randint(1, 4))
            first, second = rng.randrange(-300, 300), rng.randrange(-300, 300)
            for member, points in zip(rng.sample(people, 4), [first, second, 50, -(first + second + 50)], strict=True):
                DayTotalLine.objects.create(day_total=day_total, member=member, points=points)
    return people


def read_every_seat(member, period):
    """The member's counted games of the period, oldest first, each as (own seat, every seat): model instances."""
    own = GameSeat.objects.filter(member=member, game__void=False, game__meeting__rule_set=period.rule_set)
    if period.first_day:
        own = own.filter(game__meeting__date__gte=period.first_day)
    if period.last_day:
        own = own.filter(game__meeting__date__lte=period.last_day)
    own = (
        own.select_related("game__meeting")
        .prefetch_related("game__seats")
        .order_by("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id")
    )
    return [(seat, sorted(seat.game.seats.all(), key=lambda other: other.seat)) for seat in own]


def expected_streaks(games):
    holds = {
        "top": lambda own, seats: own.place == 1,
        "not_last": lambda own, seats: own.place != len(seats),
        "positive": lambda own, seats: own.total > 0,
    }
    result = {}
    for kind, condition in holds.items():
        longest = current = ()
        for own, seats in games:
            current = (*current, own.game_id) if condition(own, seats) else ()
            if current and len(current) >= len(longest):
                longest = current
        result[kind] = (len(longest), longest[:1], longest[-1:], len(current), current[:1])
    return result


def expected_head_to_head(games):
    records = {}
    for own, seats in games:
        for other in seats:
            if other.member_id == own.member_id:
                continue
            record = records.setdefault(other.member_id, [0, 0, 0, 0, 0, 0])
            record[0] += 1
            record[1 if own.place < other.place else 2 if own.place > other.place else 3] += 1
            record[4] += own.total
            record[5] += other.total
    return records


def rounded(value, places):
    return Decimal(value).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


def expected_seats(games):
    seats = {}
    for own, table in games:
        seats.setdefault(own.seat, []).append((own.place, own.place == len(table), own.total))
    return {
        seat: (
            len(rows),
            rounded(Decimal(sum(p for p, _l, _t in rows)) / len(rows), 2),
            rounded(Decimal(sum(p == 1 for p, _l, _t in rows)) * 100 / len(rows), 1),
            rounded(Decimal(sum(not last for _p, last, _t in rows)) * 100 / len(rows), 1),
            rounded(Decimal(sum(t for _p, _l, t in rows)) / len(rows) / 10, 1),
        )
        for seat, rows in seats.items()
    }


@pytest.mark.parametrize("seed", range(4))
def test_the_narrow_reads_give_every_figure_of_reading_every_seat(club, secretary, seed):
    rng = random.Random(seed)
    rule_set = club.rule_sets.get()
    if seed % 2:  # split ties (同点分け): players share a place, so "above" and "below" are not all there is
        rule_set = RuleSet.objects.create(club=club, slug="split", name="同点分け", position=1)
        RuleVersion.objects.create(rule_set=rule_set, effective_from=datetime.date(2020, 1, 1), rules=SPLIT_RULES)
    people = play_season(club, secretary, rule_set, rng)
    # From a month's first day on (its months read stored, but those with a day total); every season; a period
    # starting and ending inside months (those days counted from their games).
    periods = [
        Period(rule_set, FIRST, None, 0),
        Period(rule_set, None, None, 0),
        Period(rule_set, FIRST + datetime.timedelta(days=4), FIRST + datetime.timedelta(days=41), 0),
    ]
    for period, member in [(period, member) for period in periods for member in people]:
        games = read_every_seat(member, period)
        record = member_record(member, period)
        assert [
            (line.game.pk, line.seat.seat, line.seat.place, line.seat.total, line.players) for line in record.games
        ] == [(own.game_id, own.seat, own.place, own.total, len(seats)) for own, seats in games]
        assert all(period.first_day is None or line.game.meeting.date >= period.first_day for line in record.games)
        streaks = {
            streak.kind: (
                streak.longest.length,
                [line.game.pk for line in filter(None, [streak.longest.first])],
                [line.game.pk for line in filter(None, [streak.longest.last])],
                streak.current.length,
                [line.game.pk for line in filter(None, [streak.current.first])],
            )
            for streak in record.streaks
        }
        assert streaks == {
            kind: (length, list(first), list(last), current, list(since))
            for kind, (length, first, last, current, since) in expected_streaks(games).items()
        }
        expected = expected_head_to_head(games)
        assert {
            h.opponent.pk: [h.games, h.above, h.below, h.even, h.points, h.opponent_points] for h in record.head_to_head
        } == expected
        assert [h.games for h in record.head_to_head] == sorted((h.games for h in record.head_to_head), reverse=True)
        by_seat = expected_seats(games)
        assert [seat.seat for seat in record.seats] == [0, 1, 2, 3]
        assert {
            seat.seat: (seat.games, seat.average_place, seat.top_rate, seat.last_avoid_rate, seat.per_game)
            for seat in record.seats
            if seat.games
        } == by_seat
        # The history, page by page: each game's own seat and opponents in full, the running total with day totals.
        seats_of = {own.game_id: (own, table) for own, table in games}
        day_lines = DayTotalLine.objects.filter(member=member, day_total__meeting__rule_set=rule_set)
        if period.first_day:
            day_lines = day_lines.filter(day_total__meeting__date__gte=period.first_day)
        if period.last_day:
            day_lines = day_lines.filter(day_total__meeting__date__lte=period.last_day)
        day_lines = list(day_lines)
        assert len(record.history) == len(games) + len(day_lines)
        # By day, a day's day totals after its games, numbered in that order.
        days_and_kinds = [(entry.date, entry.is_day_total) for entry in record.history]
        assert days_and_kinds == sorted(days_and_kinds)
        assert [entry.number for entry in record.history] == list(range(1, len(record.history) + 1))
        running = 0
        for entry in record.history:
            running += entry.total
            assert entry.cumulative == running
        # The chart's days, final, highest and lowest (the first reaching it), as the entries read in full give them.
        entries = list(record.history)
        assert record.history.summary == (summary_of_entries(entries) if entries else None)
        assert [entry.number for entry in record.day_totals] == [e.number for e in entries if e.is_day_total]
        paginator = Paginator(record.newest_first, 7)
        for number in paginator.page_range:
            lines = record.with_seats(paginator.page(number).object_list)
            for line in lines:
                if line.is_day_total:
                    continue
                own, table = seats_of[line.game.pk]
                assert tuple(getattr(line.seat, part) for part in SEAT_PARTS) == tuple(
                    getattr(own, part) for part in SEAT_PARTS
                )
                assert [tuple(getattr(other, part) for part in SEAT_PARTS) for other in line.opponents] == [
                    tuple(getattr(other, part) for part in SEAT_PARTS) for other in table if other.pk != own.pk
                ]
                assert [other.member.pk for other in line.opponents] == [
                    other.member_id for other in table if other.pk != own.pk
                ]
