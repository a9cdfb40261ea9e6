"""The season's money settles its closed meetings once (``stats.money.season_money``): its figures are those of
settling the closed meetings as their pages do (``settle_days``, kept settlements read as kept) and checking
the kept ones against their games apart (``drifted_meetings``), on random seasons.

Each season has open meetings, meetings closed on the site (their money kept), closed without a kept
settlement (as an import leaves them), people who left before the close, and kept settlements that no
longer match their games: one kept from other points and fees, one that names someone who has no game
that day any more.

The season skips the engine for a kept day given exactly what its record was settled from
(``settles_as_kept``), and reads the days' figures from the stored lines: both are checked against
settling each day from its seats (``settle_games``) after the games, attendance, fees and names change
behind closed meetings' backs.
"""

import datetime
import random

import pytest

from league.models import Attendance, Game, GameSeat, Meeting, Member
from league.services.games import record_game
from league.services.kept_money import keep_meeting_money
from league.services.meeting_lines import refresh_meeting_lines
from league.services.meetings import save_accounts, set_closed
from league.services.settling import Entry, settle_in_force
from league.stats.day import day_inputs, record_of, settle_days, settle_games
from league.stats.money import season_money
from league.stats.settlements import differences, drifted_meetings, settles_as_kept

D = datetime.date
NAMES = ["六本木六郎", "七尾七子", "八木八郎"]


def reference(club, first_day=None, last_day=None):
    """The season's figures as the closed meetings' pages and drift checks give them, one by one."""
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    days = settle_days(meetings.filter(closed=True))
    by_member = {}
    collected = venue = kept_by_club = 0
    for _meeting, money in days:
        collected, venue, kept_by_club = collected + money.collected, venue + money.venue, kept_by_club + money.club
        for line in money.lines:
            if line.money is None:
                continue
            entry = by_member.setdefault(line.member.pk, [line.member.pk, 0, 0, 0, 0])
            entry[1:] = [entry[1] + 1, entry[2] + line.games, entry[3] + line.money.fee, entry[4] + line.money.received]
    return {
        "meetings": len(days),
        "open": len(meetings.filter(closed=False)),
        "drifted": [meeting.pk for meeting in drifted_meetings(meetings)],
        "totals": (collected, venue, kept_by_club),
        "members": sorted((tuple(entry) for entry in by_member.values()), key=lambda e: (-(e[4] - e[3]), e[0])),
    }


def figures(money):
    return {
        "meetings": money.closed_count,
        "open": money.open_count,
        "drifted": [meeting.pk for meeting in money.drifted],
        "totals": (money.collected, money.venue, money.club),
        "members": sorted(
            ((line.member.pk, line.meetings, line.games, line.fees, line.received) for line in money.members),
            key=lambda e: (-(e[4] - e[3]), e[0]),
        ),
    }


def random_season(club, secretary, rng):
    for name in NAMES:
        Member.objects.create(club=club, name=name, kana=name)
    people = list(Member.objects.filter(club=club))
    rule_set = club.rule_sets.get()
    meetings = []
    for number in range(10):
        day = D(2026, 4, 4) + datetime.timedelta(7 * number)
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=day)
        for round_number in range(1, rng.randint(1, 5) + 1):
            players = rng.sample(people, 4)
            cuts = sorted(rng.randrange(0, 1001) * 100 for _ in range(3))
            scores = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 100000 - cuts[2]]
            record_game(
                settle_in_force(Entry(meeting=meeting, round=round_number, table=1, members=players, scores=scores)),
                secretary,
            )
        how = rng.choice(["open", "closed", "closed", "imported"])
        if how == "imported":
            Attendance.objects.bulk_create(
                Attendance(meeting=meeting, member=person, present_at_close=rng.random() < 0.8)
                for person in rng.sample(people, rng.randint(0, len(people)))
            )
            Meeting.objects.filter(pk=meeting.pk).update(closed=True)
        else:
            attendance = {person: rng.random() < 0.8 for person in rng.sample(people, rng.randint(4, len(people)))}
            save_accounts(meeting, rng.choice([0, 3000, 5000, 9000]), None, attendance)
            if how == "closed":
                set_closed(meeting, True)
        meetings.append(meeting)
    return meetings


def drift_some(meetings, rng, people):
    """Kept settlements that are not what their games settle as now: the figures kept are what the season
    counts.  A record is the engine's answer to what it keeps (fees, people, places, points, presence), so a
    changed answer comes with a changed question: here a line's points."""
    kept = [
        meeting
        for meeting in Meeting.objects.filter(pk__in=[m.pk for m in meetings], closed=True)
        if meeting.settlement
    ]
    for meeting in rng.sample(kept, min(2, len(kept))):
        record = meeting.settlement
        record["lines"][0]["fee"] += 100
        record["lines"][0]["points"] += 10
        record["collected"] += 100
        record["club"] += 100
        if rng.random() < 0.5:  # someone else's name on a line: a person with no game that day
            present = {line["member"] for line in record["lines"]}
            absent = [person.pk for person in people if person.pk not in present]
            if absent:
                record["lines"][-1]["member"] = absent[0]
        Meeting.objects.filter(pk=meeting.pk).update(settlement=record)
        keep_meeting_money([meeting.pk])  # as every writer of a kept settlement does


@pytest.mark.parametrize("seed", range(4))
def test_the_season_money_is_the_same_settled_once(club, secretary, seed):
    rng = random.Random(seed)
    meetings = random_season(club, secretary, rng)
    drift_some(meetings, rng, list(Member.objects.filter(club=club)))
    expected = reference(club)
    assert expected["meetings"] and expected["drifted"] and expected["members"]
    assert figures(season_money(club)) == expected
    # Within a month and across two (their days alone), whole months with days at either edge, whole months alone,
    # from a month's first day or until its last.
    for first, last in [
        (D(2026, 4, 20), D(2026, 5, 20)),
        (D(2026, 4, 10), D(2026, 6, 10)),
        (D(2026, 4, 1), D(2026, 5, 31)),
        (D(2026, 5, 1), None),
        (None, D(2026, 4, 30)),
        (D(2026, 4, 12), D(2026, 4, 30)),
        (D(2026, 5, 1), D(2026, 5, 31)),
    ]:
        assert figures(season_money(club, first, last)) == reference(club, first, last), (first, last)


def change_behind_closed_meetings(club, rng):
    """What changes a closed day's games or inputs without reopening it: a recompute's new totals, a void,
    a changed venue fee, attendance or fee, a renamed person (the day's order by name)."""
    closed = list(Meeting.objects.filter(club=club, closed=True).exclude(settlement=None))
    for meeting in rng.sample(closed, min(4, len(closed))):
        change = rng.choice(["totals", "void", "venue", "left", "rename", "nothing"])
        seats = GameSeat.objects.filter(game__meeting=meeting)
        if change == "totals" and seats.exists():
            seat = rng.choice(list(seats))
            GameSeat.objects.filter(pk=seat.pk).update(total=seat.total + rng.choice([-50, 10, 300]))
        elif change == "void":
            Game.objects.filter(pk=rng.choice(list(Game.objects.filter(meeting=meeting))).pk).update(void=True)
        elif change == "venue":
            Meeting.objects.filter(pk=meeting.pk).update(venue_fee=meeting.venue_fee + 1000)
        elif change == "left":
            Attendance.objects.filter(meeting=meeting).update(present_at_close=False)
        elif change == "rename":
            seat = seats.first()
            if seat:
                Member.objects.filter(pk=seat.member_id).update(kana="ん", name="ん")
        refresh_meeting_lines([meeting.pk])
    if rng.random() < 0.3:
        version = club.rule_sets.get().versions.first()
        version.fees = {**version.fees, "per_game": version.fee_settings["per_game"] + 50}
        version.save()


@pytest.mark.parametrize("seed", range(6))
def test_a_kept_day_skips_the_engine_only_when_it_would_settle_as_kept(club, secretary, seed):
    rng = random.Random(seed)
    random_season(club, secretary, rng)
    change_behind_closed_meetings(club, rng)
    _people, days = day_inputs(Meeting.objects.filter(club=club, closed=True), kept=False)
    skipped = 0
    for meeting, inputs in days:
        now = record_of(settle_games(meeting))  # from the seats, one day alone
        assert record_of(inputs.settle()) == now  # the stored lines settle as the seats do
        if meeting.settlement and settles_as_kept(meeting.settlement, inputs):
            skipped += 1
            assert not differences(meeting.settlement, now)
    assert days and skipped < len(days)


def test_a_kept_day_in_another_order_than_now_is_settled(club, secretary):
    """The order is the engine's too (a remainder yen goes to the first of those who share): a record whose
    lines are not in the day's order now (a person renamed, say) is not taken as kept."""
    rng = random.Random(7)
    random_season(club, secretary, rng)
    _people, days = day_inputs(Meeting.objects.filter(club=club, closed=True), kept=False)
    meeting, inputs = next(
        (m, i) for m, i in days if m.settlement and settles_as_kept(m.settlement, i) and len(m.settlement["lines"]) > 1
    )
    record = meeting.settlement
    assert not settles_as_kept({**record, "lines": record["lines"][::-1]}, inputs)
