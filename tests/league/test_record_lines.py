"""The records' stored figures (``MemberDayRecord``, ``MemberMonthRecord``, ``AllTimeLine``) stay equal to a fresh
computation from the seats through every kind of write, and the records read from them are what reading every seat
gave.

The reference is the records' former reading of the whole history, kept here only (``seat_records``): every
counted seat in play order, each member's runs found game by game by ``stats.member_games.streaks``.  The day
pieces and their combination are checked on their own against ``streaks`` for any sequence of places, and pieces
joined (a month's of its days) against the piece of all their games (hypothesis); then the stored rows after
random entries, corrections (places changed, games moved to another day), voids and restores, an import and its
undo, a recomputation, a meeting moved to another month, within its month or to another rule set, and a guest
merged into a member; the month rows' sums of their meeting lines alike.
"""

import datetime
import random

import pytest
from django.core.management import call_command
from django.db.models import Max
from hypothesis import given
from hypothesis import strategies as st

from league.models import (
    AllTimeLine,
    Attendance,
    GameSeat,
    Meeting,
    Member,
    MemberDayRecord,
    MemberMonthRecord,
    RuleSet,
    RuleVersion,
)
from league.models.record_lines import RUN_KINDS
from league.services.meeting_lines import refresh_meeting_lines
from league.services.people import merge_guest
from league.services.record_lines import (
    DAY_COLUMNS,
    combine_days,
    day_pieces,
    join_pieces,
    month_of,
    refresh_all_time_lines,
)
from league.services.refusals import Refused
from league.stats.awards import _attendance, _Context, season_awards
from league.stats.member_games import streaks
from league.stats.records import TOP_TEN, club_records, reading_order
from league.stats.standings import Period, day_lines_in, seats_in, standings

from .standings_data import BOO_RULES
from .test_meeting_lines import FIRST, import_and_maybe_undo, line_months, play_days, shake
from .test_meeting_lines import stored_months as month_sums

# --- the reference: the whole history read seat by seat ----------------------------------------------------------


class Played:
    """A seat as ``streaks`` reads it."""

    def __init__(self, game_id, place, players, day):
        self.game_id, self.place, self.players, self.date = game_id, place, players, day

    @property
    def is_top(self):
        return self.place == 1

    @property
    def is_last(self):
        return self.place == self.players

    @property
    def is_positive(self):
        return False


def member_runs(games):
    """``{kind: (length, first game id, last game id)}`` of a member's games in play order, by ``streaks``."""
    found = {streak.kind: streak.longest for streak in streaks(games)}
    return {
        kind: (found[kind].length, found[kind].first.game_id, found[kind].last.game_id)
        if found[kind].length
        else (0, None, None)
        for kind in RUN_KINDS
    }


def seat_days():
    """``{(meeting id, member id): DAY_COLUMNS values}`` from every counted seat, read afresh."""
    seats = GameSeat.objects.counted().order_by("game__meeting_id", "game__round", "game__table", "game_id")
    by_game = {}
    for meeting, game, member, place, score in seats.values_list(
        "game__meeting_id", "game_id", "member_id", "place", "score"
    ):
        by_game.setdefault((meeting, game), []).append((member, place, score))
    days = {}
    for (meeting, game), table in by_game.items():
        for member, place, score in table:
            days.setdefault((meeting, member), []).append((game, place, len(table), score))
    return {key: day_pieces(games) for key, games in days.items()}


def seat_all_time():
    """``{(rule set id, member id): (games, last played, runs)}`` from every counted seat in play order."""
    played = {}
    seats = GameSeat.objects.counted().in_meeting_order()
    by_game = {}
    for game, rule_set, member, place, day in seats.values_list(
        "game_id", "game__meeting__rule_set_id", "member_id", "place", "game__meeting__date"
    ):
        by_game.setdefault(game, []).append((rule_set, member, place, day))
    for game, table in by_game.items():
        for rule_set, member, place, day in table:
            played.setdefault((rule_set, member), []).append(Played(game, place, len(table), day))
    return {key: (len(games), games[-1].date, member_runs(games)) for key, games in played.items()}


def seat_months():
    """``{(rule set id, member id, month): (last played, DAY_COLUMNS values)}``: each month's counted seats in play
    order made into one piece, as ``day_pieces`` makes a day's (not by joining the days)."""
    seats = GameSeat.objects.counted().in_meeting_order()
    by_game = {}
    for game, rule_set, member, place, score, day in seats.values_list(
        "game_id", "game__meeting__rule_set_id", "member_id", "place", "score", "game__meeting__date"
    ):
        by_game.setdefault(game, []).append((rule_set, member, place, score, day))
    months = {}
    for game, table in by_game.items():
        for rule_set, member, place, score, day in table:
            months.setdefault((rule_set, member, day.replace(day=1)), []).append((game, place, len(table), score, day))
    return {key: (games[-1][4], day_pieces([played[:4] for played in games])) for key, games in months.items()}


def stored_months():
    return {
        (row[0], row[1], row[2]): (row[3], tuple(row[4:]))
        for row in MemberMonthRecord.objects.values_list("rule_set", "member", "month", "last_played", *DAY_COLUMNS)
    }


def stored_days():
    return {
        (row[0], row[1]): tuple(row[2:])
        for row in MemberDayRecord.objects.values_list("meeting", "member", *DAY_COLUMNS)
    }


def stored_all_time():
    return {
        (line.rule_set_id, line.member_id): (
            line.games,
            line.last_played,
            {kind: tuple(getattr(line, f"{kind}_run{part}") for part in ("", "_first", "_last")) for kind in RUN_KINDS},
        )
        for line in AllTimeLine.objects.all()
    }


def seat_records(rule_set):
    """What the records page showed when it read every seat: the best games, the runs and the most games."""
    order = ("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id", "seat")
    seats = GameSeat.objects.counted().for_rule_set(rule_set)
    best_scores = [(seat.pk, seat.score) for seat in seats.with_scores().order_by("-score", *order)[:TOP_TEN]]
    best_points = [(seat.pk, seat.total) for seat in seats.order_by("-total", *order)[:TOP_TEN]]
    game_order = {
        pk: position for position, pk in enumerate(seats.in_meeting_order().values_list("game_id", flat=True))
    }
    members = Member.objects.in_bulk()
    runs = {}
    for (rule_set_id, member), (_games, _last, found) in seat_all_time().items():
        if rule_set_id != rule_set.pk:
            continue
        for kind, (length, first, last) in found.items():
            if length:
                runs.setdefault(kind, []).append((member, length, first, last))
    for kind in RUN_KINDS:
        runs[kind] = sorted(
            runs.get(kind, []), key=lambda run: (-run[1], game_order[run[3]], reading_order(members[run[0]]))
        )[:TOP_TEN]
    lines = standings(Period(rule_set=rule_set)).lines
    most = sorted((line for line in lines if line.games), key=lambda line: (-line.games, reading_order(line.member)))
    return best_scores, best_points, runs, [(line.member.pk, line.games, line.last_played) for line in most[:TOP_TEN]]


def read_records(rule_set):
    records = club_records(rule_set)
    runs = {
        kind: [
            (entry.item.member.pk, entry.item.length, entry.item.first.game_id, entry.item.last.game_id)
            for entry in placed
        ]
        for kind, placed in (("top", records.top_runs), ("not_last", records.not_last_runs))
    }
    return (
        [(entry.item.pk, entry.item.score) for entry in records.best_scores],
        [(entry.item.pk, entry.item.total) for entry in records.best_points],
        runs,
        [(entry.item.member.pk, entry.item.games, entry.item.last_played) for entry in records.most_games],
    )


def seat_awards(period, club):
    """The titles read from the stored figures that the awards once read from every seat: the highest score and
    points (holders with their games), attendance (holders, meetings held) and the most improved."""
    seats = seats_in(period) if club.rank_guests else seats_in(period).filter(member__guest=False)
    single = {}
    for title, column, chosen in (("best_score", "score", seats.with_scores()), ("best_points", "total", seats)):
        top = chosen.order_by().aggregate(top=Max(column))["top"]
        holders = {}
        for seat in chosen.filter(**{column: top}).in_meeting_order() if top is not None else ():
            holders.setdefault(seat.member_id, (seat.member_id, top, seat.game_id))
        single[title] = sorted(holders.values())
    meetings = Meeting.objects.filter(rule_set=period.rule_set)
    came = set(Attendance.objects.filter(meeting__in=meetings).values_list("member", "meeting"))
    came |= set(seats_in(period).values_list("member", "game__meeting").distinct().order_by())
    came |= set(day_lines_in(period).values_list("member", "day_total__meeting").distinct().order_by())
    attended = {}
    for member, _meeting in came:
        attended[member] = attended.get(member, 0) + 1
    return single, attended, len({meeting for _member, meeting in came})


def assert_attendance_as_counted(counts, attended, held):
    """The attendance title read (``_attendance``) holds who ``seat_awards`` counted came most, of those who may
    hold it, on as many meetings held."""
    holders = _attendance(counts).holders
    assert counts.meetings == held
    people = Member.objects.in_bulk(attended)
    eligible = {pk: number for pk, number in attended.items() if counts.may_hold(people[pk])}
    best = max(eligible.values(), default=None)
    assert {(holder.member.pk, holder.figure) for holder in holders} == {
        (pk, number) for pk, number in eligible.items() if number == best
    }


def read_awards(period, club):
    awards = {award.title: award for award in season_awards(period, club).awards}
    single = {
        title: sorted((holder.member.pk, holder.figure, holder.game.pk) for holder in awards[title].holders)
        for title in ("best_score", "best_points")
    }
    counts = _Context(period, club, standings(period))
    return single, counts


def check(rule_sets):
    assert stored_days() == seat_days()
    assert stored_months() == seat_months()
    assert month_sums() == line_months()  # the month rows' sums of their lines, moved meetings and all
    assert stored_all_time() == seat_all_time()
    for rule_set in rule_sets:
        assert read_records(rule_set) == seat_records(rule_set)
        period = Period(rule_set=rule_set)
        single, attended, held = seat_awards(period, rule_set.club)
        read_single, counts = read_awards(period, rule_set.club)
        assert read_single == single
        assert_attendance_as_counted(counts, attended, held)


# --- the pieces of a day and their combination, for any places --------------------------------------------------

PLACES = st.lists(st.lists(st.integers(1, 4), min_size=1, max_size=7), min_size=1, max_size=8)


@given(PLACES)
def test_day_pieces_put_end_to_end_give_the_runs_streaks_finds(days):
    games, pieces, number = [], [], 0
    for day in days:
        played = []
        for place in day:
            number += 1
            played.append((number, place, 4, None))
            games.append(Played(number, place, 4, None))
        pieces.append(day_pieces(played))
    assert combine_days(pieces) == member_runs(games)


def game_lists(draw):
    """Games in play order, each ``(id, place, players, score or None)``, 3 or 4 players."""
    games = []
    for number in range(draw(st.integers(1, 30))):
        players = draw(st.sampled_from((3, 4)))
        score = draw(st.none() | st.integers(-300, 900).map(lambda hundreds: hundreds * 100))
        games.append((number + 1, draw(st.integers(1, players)), players, score))
    return games


def cuts(draw, items):
    """``items`` cut into consecutive non-empty parts at random."""
    at = sorted(draw(st.sets(st.integers(1, len(items) - 1), max_size=len(items) - 1)) if len(items) > 1 else [])
    return [items[start:end] for start, end in zip([0, *at], [*at, len(items)], strict=True)]


@st.composite
def games_in_days_in_months(draw):
    games = game_lists(draw)
    days = cuts(draw, games)
    return games, days, cuts(draw, days)


@given(games_in_days_in_months())
def test_days_joined_are_the_piece_of_all_their_games(played):
    games, days, months = played
    pieces = [day_pieces(day) for day in days]
    assert join_pieces(pieces) == day_pieces(games)
    month_pieces = [join_pieces([day_pieces(day) for day in month]) for month in months]
    assert month_pieces == [day_pieces([game for day in month for game in day]) for month in months]
    assert combine_days(month_pieces) == combine_days(pieces)


# --- the stored rows through every kind of write -----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_stored_records_follow_every_write_and_give_the_seats_records(club, secretary, seed):
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
        play_days(rng, meetings[rule_set][:4], members, secretary, games)
    for meeting in rng.sample(meetings[main], 4):  # marked present: with games that day or not, played or not
        for member in rng.sample(members, 3):
            Attendance.objects.get_or_create(meeting=meeting, member=member)
    check((main, boo))

    shake(rng, [game for game in games if game.meeting.rule_set == main], meetings[main], members, secretary)
    shake(rng, [game for game in games if game.meeting.rule_set == boo], meetings[boo], members, secretary)
    check((main, boo))

    play_days(rng, meetings[main][4:], members, secretary, games)
    import_and_maybe_undo(rng, club, main, meetings[main], members, secretary)
    check((main, boo))

    # A meeting moved before the others (the admin): its days come first in every run.
    # A meeting moved before the others (the admin): its days come first in every run; the month it left and the
    # one it joined are joined again (only those), and the day moved within its month comes first in it.
    moved, within = meetings[main][3], meetings[main][4]
    left = (main.pk, month_of(moved.date))
    moved.date = FIRST - datetime.timedelta(days=30)
    moved.save()
    refresh_all_time_lines(
        MemberDayRecord.objects.filter(meeting=moved).values_list("member", flat=True),
        {left, (main.pk, month_of(moved.date))},
    )
    check((main, boo))
    left = (main.pk, month_of(within.date))
    within.date = within.date.replace(day=2)  # before the month's other days
    within.save()
    refresh_all_time_lines(MemberDayRecord.objects.filter(meeting=within).values_list("member", flat=True), {left})
    check((main, boo))
    # A meeting moved to the other rule set (the admin): its month in each is summed again.
    across = meetings[main][2]
    left = (main.pk, month_of(across.date))
    across.rule_set = boo
    across.save()
    refresh_all_time_lines(
        MemberDayRecord.objects.filter(meeting=across).values_list("member", flat=True),
        {left, (boo.pk, month_of(across.date))},
    )
    check((main, boo))

    for into in rng.sample(members[:-1], len(members) - 1):
        try:
            merge_guest(club, guest, into, secretary)
            break
        except Refused:
            continue
    check((main, boo))


def test_the_recompute_command_rebuilds_the_records_gone_astray(club, secretary):
    rng = random.Random(7)
    members = list(Member.objects.filter(club=club))
    meetings = [
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST + datetime.timedelta(days=day))
        for day in (0, 7)
    ]
    play_days(rng, meetings, members, secretary, [])
    expected_days, expected_lines, expected_months = stored_days(), stored_all_time(), stored_months()
    assert expected_days == seat_days() and expected_lines == seat_all_time() and expected_months == seat_months()
    sums = month_sums()
    assert sums == line_months()
    MemberMonthRecord.objects.filter(member=members[0]).update(not_last_inner=99, game_points=1, days=0, worst=9)
    MemberMonthRecord.objects.filter(member=members[1]).delete()
    MemberDayRecord.objects.filter(member=members[0]).update(top_start=99, best_score=-1)
    MemberDayRecord.objects.filter(member=members[1]).delete()
    AllTimeLine.objects.filter(member=members[2]).update(not_last_run=99)
    AllTimeLine.objects.filter(member=members[3]).delete()
    call_command("recompute", club.slug, "--commit")
    assert stored_days() == expected_days and stored_all_time() == expected_lines
    assert stored_months() == expected_months
    assert month_sums() == sums


def test_a_day_refreshed_unchanged_leaves_the_all_time_lines(club, secretary):
    # Only the members whose day records changed are rebuilt (a game's save: its four players at most).
    members = list(Member.objects.filter(club=club))
    meeting = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST)
    play_days(random.Random(3), [meeting], members, secretary, [])
    before = stored_all_time()
    AllTimeLine.objects.update(games=0)
    refresh_meeting_lines([meeting.pk])
    assert {games for games, _last, _runs in stored_all_time().values()} == {0}
    refresh_all_time_lines([member.pk for member in members])
    assert stored_all_time() == before
