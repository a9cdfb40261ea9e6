"""The stored meeting lines (``MeetingLine``) stay equal to the seats they add up, through every kind of write,
and the standings read from them are exactly what aggregating every seat gave; the games each line keeps for the
member page (``games_played``) are those a fresh read of the seats lists.

The reference here is the standings' former query over the seats (``seat_standings``), kept in the test only:
after random entries, corrections (some moving a game to another day), voids, restores, a guest merged into a
member, an import and its undo, a rule change and the recomputation it needs, in a 4-player rule set and a
win-points one (ブー麻雀, whose マルA/B/C and ダブルマルA counts the lines keep too).

The month rows' sums of the lines (``MemberMonthRecord``) stay equal to the lines summed afresh by month
(``line_months``), and the standings read from them and the edge months' lines, for periods with edges anywhere in
a month or open, are exactly what summing every line of the period gave (``line_standings``, the former reading).
"""

import datetime
import json
import random
from dataclasses import replace

import pytest
from django.core.management import call_command
from django.db.models import Count, Max, Min, Q, Sum

import scoring
from league.imports.columns import find_columns
from league.imports.commit import commit
from league.imports.plan import make_plan
from league.imports.reading import read_bytes
from league.imports.undo import undo_import
from league.models import (
    Adjustment,
    GameSeat,
    Meeting,
    MeetingLine,
    Member,
    MemberMonthRecord,
    RuleSet,
    RuleVersion,
)
from league.models.meeting_lines import FIGURES
from league.services import recompute
from league.services.games import GameRefused, correct_game, record_game, set_void
from league.services.meeting_lines import refresh_meeting_lines
from league.services.people import merge_guest
from league.services.refusals import Refused
from league.services.settling import Entry, settle_in_force
from league.stats import standings as standings_module
from league.stats.running import meeting_columns, points_by_meeting
from league.stats.standings import Period, standings, standings_before_and_now

from .conftest import BAKUFU_RULES
from .import_files import game_row, xlsx_bytes
from .standings_data import BOO_RULES

FIRST = datetime.date(2026, 4, 1)


# The reference: every figure aggregated from the counted seats, as the standings read them before the lines.


def seat_lines():
    """``{(meeting id, member id): {figure: value}}`` from every counted seat, in Python (a bust and a maru as the
    engine says: ``scoring.is_bust``, ``scoring.maru_kind``)."""
    rules = dict(RuleVersion.objects.values_list("pk", "rules"))
    lines = {}
    for seat in GameSeat.objects.filter(game__void=False).select_related("game"):
        line = lines.setdefault(
            (seat.game.meeting_id, seat.member_id),
            dict.fromkeys(FIGURES, 0) | {"best": seat.total, "worst": seat.total},
        )
        game = seat.game
        line["games"] += 1
        line[f"place_{seat.place}"] += 1
        line["busts"] += seat.score is not None and scoring.is_bust(rules[game.rule_version_id], seat.score)
        line["scored_games"] += seat.score is not None
        if kind := scoring.maru_kind(seat.place, game.floats, game.double_maru_a):
            line[kind] += 1
        line["game_points"] += seat.total
        line["chips"] += seat.chips
        line["chip_points"] += seat.chip_points
        line["shugi"] += seat.shugi
        line["score_sum"] += seat.score or 0
        line["best"] = max(line["best"], seat.total)
        line["worst"] = min(line["worst"], seat.total)
    return lines


def line_months():
    """``{(rule set id, member id, month): {figure: value}}``: the stored lines summed by the month of their meeting
    in Python (counts and sums added, the best the highest, the worst the lowest; ``days`` the lines)."""
    months = {}
    for rule_set, member, day, *values in MeetingLine.objects.values_list(
        "meeting__rule_set", "member", "meeting__date", *FIGURES
    ):
        line = dict(zip(FIGURES, values, strict=True))
        month = months.get((rule_set, member, day.replace(day=1)))
        if month is None:
            months[rule_set, member, day.replace(day=1)] = {**line, "days": 1}
            continue
        for name in FIGURES:
            month[name] = {"best": max, "worst": min}.get(name, int.__add__)(month[name], line[name])
        month["days"] += 1
    return months


def stored_months():
    return {
        (row.pop("rule_set"), row.pop("member"), row.pop("month")): row
        for row in MemberMonthRecord.objects.values("rule_set", "member", "month", *FIGURES, "days")
    }


def seat_games():
    """``{(meeting id, member id): games_played}`` from every counted seat read afresh: each game as
    [id, round, table, seat, place, total, opponents], the opponents [[member id, place, total], …] in seat order,
    the games in (round, table, id) order."""
    seats = {}
    for seat in GameSeat.objects.filter(game__void=False).select_related("game").order_by("game_id", "seat"):
        seats.setdefault(seat.game, []).append(seat)
    games = {}
    for game, table in sorted(seats.items(), key=lambda item: (item[0].round, item[0].table, item[0].pk)):
        for seat in table:
            games.setdefault((game.meeting_id, seat.member_id), []).append(
                [
                    game.pk,
                    game.round,
                    game.table,
                    seat.seat,
                    seat.place,
                    seat.total,
                    [[other.member_id, other.place, other.total] for other in table if other is not seat],
                ]
            )
    return games


def stored_lines():
    return {
        (row.pop("meeting"), row.pop("member")): row
        for row in MeetingLine.objects.values("meeting", "member", *FIGURES)
    }


def stored_games():
    """The stored ``games_played``, in (round, table, id) order as the member page reads them (SQLite's are
    kept in the order its aggregate read them)."""
    return {
        (meeting, member): sorted(json.loads(played), key=lambda game: (game[1], game[2], game[0]))
        for meeting, member, played in MeetingLine.objects.values_list("meeting", "member", "games_played")
    }


def seat_standings(period, split=None):
    """What ``standings`` (or with ``split``, ``standings_before_and_now``) gave when it aggregated the seats."""
    versions = standings_module.rule_versions(period.rule_set)
    settings = standings_module.rule_settings(period)
    players = settings["players"]
    win_points = settings["method"] == "win_points"
    place_counts = {f"place_{p}": Count("id", filter=Q(place=p)) for p in range(1, players + 1)}
    maru_counts = {}
    if win_points:
        topped = Q(place=1)
        maru_counts = {
            "maru_a": Count("id", filter=topped & Q(game__floats=1, game__double_maru_a=False)),
            "maru_b": Count("id", filter=topped & Q(game__floats=2, game__double_maru_a=False)),
            "maru_c": Count("id", filter=topped & Q(game__floats=3, game__double_maru_a=False)),
            "double_maru_a": Count("id", filter=topped & Q(game__double_maru_a=True)),
        }
    at_zero = [version.pk for version in versions if version.settings["bust"]["at_zero"]]
    busted = Q(score__lt=0) | Q(score=0, game__rule_version__in=at_zero)
    split_by = standings_module._split
    rows = list(
        split_by(standings_module.seats_in(period), "game__meeting__date", split)
        .annotate(
            games=Count("id"),
            game_points=Sum("total"),
            busts=Count("id", filter=busted),
            chips=Sum("chips"),
            chip_points=Sum("chip_points"),
            shugi=Sum("shugi"),
            best=Max("total"),
            worst=Min("total"),
            score_sum=Sum("score"),
            last_played=Max("game__meeting__date"),
            scored_games=Count("score"),
            **place_counts,
            **maru_counts,
        )
        .order_by()
    )
    return reference_tables(period, split, players, win_points, list(maru_counts), rows)


def reference_tables(period, split, players, win_points, maru_keys, rows):
    """The tables of the references from their rows of games, with the day totals and adjustments as they are."""
    split_by = standings_module._split
    adjustments = list(
        split_by(
            Adjustment.objects.filter(rule_set=period.rule_set).filter(
                **({"date__gte": period.first_day} if period.first_day else {}),
                **({"date__lte": period.last_day} if period.last_day else {}),
            ),
            "date",
            split,
        )
        .annotate(points=Sum("points"))
        .order_by()
    )
    days = list(
        split_by(standings_module.day_lines_in(period), "day_total__meeting__date", split)
        .annotate(points=Sum("points"), games=Sum("day_total__games"), last_played=Max("day_total__meeting__date"))
        .order_by()
    )
    members = Member.objects.in_bulk({row["member"] for row in (*rows, *days, *adjustments)})
    sides = [(replace(period, last_day=split - datetime.timedelta(days=1)), (True,))] if split else []
    sides.append((period, (True, False)))
    return tuple(
        standings_module._table(
            part,
            players,
            win_points,
            maru_keys,
            members,
            [row for row in rows if row["early"] in side],
            [row for row in days if row["early"] in side],
            [row for row in adjustments if row["early"] in side],
        )
        for part, side in sides
    )


def line_standings(period, split=None):
    """What ``standings`` (or with ``split``, ``standings_before_and_now``) gave when it summed every meeting line of
    the period (before the month rows)."""
    standings_module.rule_versions(period.rule_set)
    settings = standings_module.rule_settings(period)
    players = settings["players"]
    win_points = settings["method"] == "win_points"
    maru_counts = {key: Sum(key) for key in scoring.MARU_KINDS} if win_points else {}
    split_by = standings_module._split
    rows = list(
        split_by(standings_module.meeting_lines_in(period), "meeting__date", split)
        .annotate(
            **{figure: Sum(figure) for figure in standings_module.SUMMED},
            best=Max("best"),
            worst=Min("worst"),
            last_played=Max("meeting__date"),
            **{f"place_{p}": Sum(f"place_{p}") for p in range(1, players + 1)},
            **maru_counts,
        )
        .order_by()
    )
    return reference_tables(period, split, players, win_points, list(maru_counts), rows)


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
            line.chip_points,
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
    ] + [table.players, table.win_points]


# Random writes.


def random_scores(rng, start):
    """Four scores adding up to 4 × ``start``: ties, a 0 and a bust now and then."""
    total = 4 * start // 100
    roll = rng.random()
    if roll < 0.1:
        return [start] * 4
    cuts = sorted(rng.sample(range(1, total), 3))
    scores = [100 * part for part in (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2])]
    if roll < 0.3:  # the last one finishes on 0 or below it, the others share what is left
        low = rng.choice([0, -1500])
        scores[3] = low
        scores[0] = 4 * start - low - scores[1] - scores[2]
    return scores


def random_entry(rng, meeting, members, round_number, table=1):
    rule_set = meeting.rule_set
    settings = rule_set.version_on(meeting.date).settings
    scores = random_scores(rng, settings["start"])
    seated = rng.sample(members, 4)
    chips = rng.randint(-3, 3) if settings["method"] != "win_points" else 0
    busts = [{"seat": 3, "by": 0}] if scores[3] < 0 and rng.random() < 0.5 else []
    yakuman, ended = [], None
    if settings["method"] == "win_points" and rng.random() < 0.25:
        yakuman, ended = [{"seat": 1, "kind": "yakuman", "win": "tsumo", "name": "四暗刻"}], 1
    return Entry(
        meeting=meeting,
        round=round_number,
        table=table,
        members=seated,
        scores=scores,
        chips=[chips, -chips, 0, 0],
        busts=busts,
        yakuman=yakuman,
        ended_by_yakuman=ended,
    )


def play_days(rng, meetings, members, secretary, games):
    for meeting in meetings:
        for round_number in range(1, rng.randint(2, 4)):
            try:
                games.append(record_game(settle_in_force(random_entry(rng, meeting, members, round_number)), secretary))
            except GameRefused:
                pass


def shake(rng, games, meetings, members, secretary):
    """Correct (now and then onto another day), void and restore some of ``games``."""
    for game in rng.sample(games, min(len(games), 6)):
        game.refresh_from_db()
        if game.void:
            continue
        meeting = rng.choice(meetings) if rng.random() < 0.3 else game.meeting
        entry = random_entry(rng, meeting, members, rng.randint(5, 9), table=rng.randint(1, 2))
        try:
            correct_game(game, settle_in_force(entry), game.revision, secretary)
        except GameRefused:
            pass
    for game in rng.sample(games, min(len(games), 4)):
        game.refresh_from_db()
        voided = set_void(game, True, game.revision, secretary)
        if rng.random() < 0.5:
            try:
                set_void(voided, False, voided.revision, secretary)
            except GameRefused:
                pass


def import_and_maybe_undo(rng, club, rule_set, meetings, members, secretary):
    names = [member.name for member in members if not member.guest][:4]
    rows = [
        game_row(date=meetings[0].date.isoformat(), round=20, names=names),
        game_row(
            date=(meetings[-1].date + datetime.timedelta(days=3)).isoformat(),
            names=names[::-1],
            scores=(40000, 30000, 20000, 10000),
            busts="",
        ),
    ]
    table = find_columns(read_bytes(xlsx_bytes(rows), "games.xlsx"), 4, rule_set.name)
    plan = make_plan(club, rule_set, table, None)
    assert not plan.has_errors, [str(problem) for problem in plan.problems]
    batch = commit(plan, user=secretary)
    assert batch.games == 2
    if rng.random() < 0.5:
        undo_import(batch, secretary)


# Days a period may start or end on or be split at besides the meeting days: inside a month, its first or last day.
EDGES = [FIRST - datetime.timedelta(days=1), FIRST + datetime.timedelta(days=1), datetime.date(2026, 4, 30)]
EDGES += [datetime.date(2026, 5, 1), datetime.date(2026, 5, 2), datetime.date(2026, 5, 31)]


def random_periods(rng, rule_set, days, count=4):
    """``count`` periods of ``rule_set`` with random ends (open, a meeting day, or any day of a month) and a day
    to split each at."""
    for _ in range(count):
        first, last = (rng.choice([None, *days, *EDGES]) for _ in range(2))
        if first and last and first > last:
            first, last = last, first
        splits = [day for day in [*days, *EDGES] if (not first or day > first) and (not last or day <= last)]
        yield Period(rule_set, first, last, rng.randint(0, 3)), rng.choice(splits) if splits else None


def check(rule_sets, days):
    lines = stored_lines()
    assert lines == seat_lines()
    assert stored_games() == seat_games()
    assert stored_months() == line_months()
    # Periods drawn afresh for each state of the lines, leaving the test's own draws of writes as they were.
    rng = random.Random(sum(line["game_points"] * line["games"] for line in lines.values()))
    # Read afresh: a rule set's versions prefetched by an earlier check miss a version made since.
    for rule_set in RuleSet.objects.filter(pk__in=[rule_set.pk for rule_set in rule_sets]).order_by("pk"):
        # Read from the month rows and the edges' lines, the standings are what summing every line gave.
        randoms = list(random_periods(rng, rule_set, days))
        for period, split in randoms:
            assert figures(standings(period)) == figures(line_standings(period)[-1]), period
            if split:
                one_pass = standings_before_and_now(period, split)
                assert [figures(table) for table in one_pass] == [
                    figures(table) for table in line_standings(period, split)
                ], (period, split)
        fixed = [Period(rule_set, *ends) for ends in [(None, None, 0), (days[1], None, 1), (days[0], days[3], 2)]]
        for period in [*fixed, *(period for period, _split in randoms)]:
            assert figures(standings(period)) == figures(seat_standings(period)[-1])
            for day in days[1:]:
                one_pass = standings_before_and_now(period, day)
                reference = seat_standings(period, split=day)
                assert [figures(table) for table in one_pass] == [figures(table) for table in reference]
            expected = {}
            for seat in standings_module.seats_in(period).values("member", "game__meeting", "total"):
                key = (seat["member"], seat["game__meeting"])
                expected[key] = expected.get(key, 0) + seat["total"]
            columns = meeting_columns(period)
            assert {meeting for _member, meeting in expected} == {column.meeting_id for column in columns}
            # From the first meeting, and from a later one (the page's latest meetings: the rest summed per member).
            # To the last meeting, or to one before it (an earlier block of the page: the later ones not read).
            blocks = {(0, len(columns)), (len(columns) // 2, len(columns))}
            if len(columns) > 1:
                blocks |= {(0, len(columns) - 1), (len(columns) // 3, len(columns) - 1)}
            for shown, end in blocks if columns else ():
                last = columns[end - 1] if end < len(columns) else None
                points, before = points_by_meeting(period, columns[shown], last)
                wanted = {column.meeting_id for column in columns[shown:end]}
                assert {
                    (member, meeting): value for member, days in points.items() for meeting, value in days.items()
                } == {key: value for key, value in expected.items() if key[1] in wanted}
                earlier, before_first = {}, {column.meeting_id for column in columns[:shown]}
                for (member, meeting), value in expected.items():
                    if meeting in before_first:
                        earlier[member] = earlier.get(member, 0) + value
                assert before == earlier


@pytest.mark.parametrize("seed", range(4))
def test_stored_lines_follow_every_write_and_give_the_seats_standings(club, secretary, seed):
    rng = random.Random(seed)
    main = club.rule_sets.get()
    boo = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀")
    RuleVersion.objects.create(rule_set=boo, effective_from=datetime.date(2020, 1, 1), rules=BOO_RULES)
    guest = Member.objects.create(club=club, name="ゲスト一", kana="げすといち", guest=True)
    members = [*Member.objects.filter(club=club, guest=False), guest]
    days = [FIRST + datetime.timedelta(days=7 * week) for week in range(6)]
    meetings = {
        rule_set: [Meeting.objects.create(club=club, rule_set=rule_set, date=day) for day in days]
        for rule_set in (main, boo)
    }
    games = []
    for rule_set in (main, boo):
        play_days(rng, meetings[rule_set][:3], members, secretary, games)
    check((main, boo), days)

    shake(rng, [game for game in games if game.meeting.rule_set == main], meetings[main], members, secretary)
    shake(rng, [game for game in games if game.meeting.rule_set == boo], meetings[boo], members, secretary)
    check((main, boo), days)

    # A rule change from the third day (other uma, a bust at 0): games entered after it are settled by it,
    # the ones before it by the old rules until the recomputation (a game that day, whatever the shake left).
    play_days(random.Random(seed), [meetings[main][2]], members, secretary, [])
    RuleVersion.objects.create(
        rule_set=main,
        effective_from=days[2],
        rules={**BAKUFU_RULES, "uma": [30, 10, -10, -30], "bust": {**BAKUFU_RULES["bust"], "at_zero": True}},
    )
    for rule_set in (main, boo):
        play_days(rng, meetings[rule_set][3:], members, secretary, games)
    import_and_maybe_undo(rng, club, main, meetings[main], members, secretary)
    check((main, boo), days)
    assert recompute.apply(main, secretary) > 0
    check((main, boo), days)

    # The guest was someone's second name: their days join the member's (refused when both sat at one table).
    for into in rng.sample(members[:-1], len(members) - 1):
        try:
            merge_guest(club, guest, into, secretary)
            break
        except Refused:
            continue
    else:
        merge_guest(club, guest, Member.objects.create(club=club, name="新会員", kana="しんかいいん"), secretary)
    check((main, boo), days)


def test_the_recompute_command_rebuilds_lines_gone_astray(club, secretary):
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST)
    members = list(Member.objects.filter(club=club))
    for round_number in (1, 2):
        record_game(
            settle_in_force(
                Entry(
                    meeting=meeting,
                    round=round_number,
                    table=1,
                    members=members[:4],
                    scores=[40000, 30000, 20000, 10000],
                )
            ),
            secretary,
        )
    expected = stored_lines()
    expected_games = stored_games()
    MeetingLine.objects.filter(member=members[0]).update(games=99, best=-1, games_played="[]")
    MeetingLine.objects.filter(member=members[1]).delete()
    call_command("recompute", club.slug, "--commit")
    assert stored_lines() == expected == seat_lines()
    assert stored_games() == expected_games == seat_games()


def test_a_day_without_counted_games_has_no_lines(club, secretary):
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST)
    members = list(Member.objects.filter(club=club))
    game = record_game(
        settle_in_force(
            Entry(meeting=meeting, round=1, table=1, members=members[:4], scores=[40000, 30000, 20000, 10000])
        ),
        secretary,
    )
    assert MeetingLine.objects.filter(meeting=meeting).count() == 4
    set_void(game, True, game.revision, secretary)
    assert not MeetingLine.objects.exists()
    refresh_meeting_lines([meeting.pk, None, 10**9])  # a meeting gone or never there is nothing to refresh
    assert not MeetingLine.objects.exists()


def test_a_month_row_follows_lines_whose_places_stay(club, secretary):
    # Chips corrected: the day's places and scores (the records' pieces) are as they were, its lines are not.
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST)
    members = list(Member.objects.filter(club=club))[:4]
    entry = Entry(meeting=meeting, round=1, table=1, members=members, scores=[40000, 30000, 20000, 10000])
    game = record_game(settle_in_force(entry), secretary)
    before = stored_months()
    correct_game(game, settle_in_force(replace(entry, chips=[5, -5, 0, 0])), game.revision, secretary)
    assert stored_months() == line_months() != before
