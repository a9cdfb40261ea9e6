"""The member page's stored months (``MemberMonthFigures``, ``MemberMonthOpponent``) stay equal to a fresh count
from the seats through every kind of write, and the runs joined from spans' pieces are the runs found game by game.

The reference reads every counted seat of each member in play order, month by month, with the opponents' seats
(not the meeting lines the writers count from); the runs' reference is ``stats.member_games.streaks`` over
the games one by one (hypothesis, for any places, players and totals cut into any spans).  The writes: random
entries, corrections (onto another day too), voids and restores, an import and its undo, a recomputation, a
meeting moved to another month (as the meeting's admin counts it again), and a guest merged into a member.
"""

import datetime
import itertools
import random

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st

from league.models import GameSeat, Meeting, Member, MemberMonthFigures, MemberMonthOpponent, RuleSet, RuleVersion
from league.services.member_months import refresh_member_months
from league.services.people import merge_guest
from league.services.record_lines import month_of
from league.services.refusals import Refused
from league.stats.member_figures import RUN_COLUMNS, SEAT_COLUMNS
from league.stats.member_games import streaks
from league.stats.month_figures import KINDS, OPPONENT_FIGURES, longest_and_current, run_pieces, span_figures

from .standings_data import BOO_RULES
from .test_meeting_lines import FIRST, import_and_maybe_undo, play_days, shake

FIGURE_COLUMNS = ("games", "points", "first_game", "last_game", "high", "high_at", "low", "low_at")


def seat_months():
    """(rule set, member, month) → (figures, opponents) counted from every counted seat, in play order."""
    tables = {}
    for game_id, member_id, seat, place, total in GameSeat.objects.counted().values_list(
        "game_id", "member_id", "seat", "place", "total"
    ):
        tables.setdefault(game_id, []).append((seat, member_id, place, total))
    played = {}
    for seat in (
        GameSeat.objects.counted()
        .select_related("game__meeting")
        .order_by("game__meeting__date", "game__meeting_id", "game__round", "game__table", "game_id")
    ):
        game, meeting = seat.game, seat.game.meeting
        met = [
            [member, place, total] for _s, member, place, total in sorted(tables[game.pk]) if member != seat.member_id
        ]
        played.setdefault((meeting.rule_set_id, seat.member_id, month_of(meeting.date)), []).append(
            [game.pk, game.round, game.table, seat.seat, seat.place, seat.total, met]
        )
    months = {}
    for key, games in played.items():
        span = span_figures(games)
        figures = (
            span.games,
            span.points,
            span.first_game,
            span.last_game,
            span.high,
            span.high_at,
            span.low,
            span.low_at,
            *(value for kind in KINDS for value in span.runs[kind]),
            *(value for seat in range(4) for value in span.seats.get(seat, [0] * 5)),
        )
        months[key] = (figures, {opponent: tuple(values) for opponent, values in span.opponents.items()})
    return months


def stored_months():
    months = {
        (rule_set, member, month): (tuple(values), {})
        for rule_set, member, month, *values in MemberMonthFigures.objects.values_list(
            "rule_set_id", "member_id", "month", *FIGURE_COLUMNS, *RUN_COLUMNS, *SEAT_COLUMNS
        )
    }
    for rule_set, member, month, opponent, *values in MemberMonthOpponent.objects.values_list(
        "rule_set_id", "member_id", "month", "opponent_id", *OPPONENT_FIGURES
    ):
        months[rule_set, member, month][1][opponent] = tuple(values)
    return months


def check():
    assert stored_months() == seat_months()


@pytest.mark.parametrize("seed", range(3))
def test_stored_months_follow_every_write(club, secretary, seed):
    rng = random.Random(seed)
    main = club.rule_sets.get()
    boo = RuleSet.objects.create(club=club, slug="boo", name="ブー麻雀")
    RuleVersion.objects.create(rule_set=boo, effective_from=datetime.date(2020, 1, 1), rules=BOO_RULES)
    guest = Member.objects.create(club=club, name="ゲスト一", kana="げすといち", guest=True)
    members = [*Member.objects.filter(club=club, guest=False), guest]
    days = [FIRST + datetime.timedelta(days=10 * step) for step in range(6)]  # over three months
    meetings = {
        rule_set: [Meeting.objects.create(club=club, rule_set=rule_set, date=day) for day in days]
        for rule_set in (main, boo)
    }
    games = []
    for rule_set in (main, boo):
        play_days(rng, meetings[rule_set][:4], members, secretary, games)
    check()
    shake(rng, [game for game in games if game.meeting.rule_set == main], meetings[main], members, secretary)
    shake(rng, [game for game in games if game.meeting.rule_set == boo], meetings[boo], members, secretary)
    check()
    play_days(rng, meetings[main][4:], members, secretary, games)
    import_and_maybe_undo(rng, club, main, meetings[main], members, secretary)
    check()
    # A meeting moved to the month before (the meeting's admin counts again the month it left and the one it joins).
    moved = meetings[main][3]
    left = (main.pk, month_of(moved.date))
    moved.date = FIRST - datetime.timedelta(days=20)
    moved.save()
    refresh_member_months(moved.lines.values_list("member", flat=True), {left, (main.pk, month_of(moved.date))})
    check()
    for into in rng.sample(members[:-1], len(members) - 1):
        try:
            merge_guest(club, guest, into, secretary)
            break
        except Refused:
            continue
    check()


def test_the_recompute_command_counts_the_months_gone_astray_again(club, secretary):
    members = list(Member.objects.filter(club=club))
    meetings = [
        Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=FIRST + datetime.timedelta(days=day))
        for day in (0, 40)
    ]
    play_days(random.Random(5), meetings, members, secretary, [])
    expected = stored_months()
    assert expected == seat_months()
    MemberMonthFigures.objects.filter(member=members[0]).update(seat_0_games=99, top_inner=99, high=-1)
    MemberMonthFigures.objects.filter(member=members[1]).delete()
    MemberMonthOpponent.objects.filter(member=members[2]).update(above=99)
    MemberMonthOpponent.objects.filter(member=members[3]).delete()
    call_command("recompute", club.slug, "--commit")
    assert stored_months() == expected


# --- the runs of spans joined, for any games ---------------------------------------------------------------------


class Line:
    """A game as ``streaks`` reads it."""

    def __init__(self, game_id, place, players, total):
        self.game_id, self.place, self.players, self.total = game_id, place, players, total

    @property
    def is_top(self):
        return self.place == 1

    @property
    def is_last(self):
        return self.place == self.players

    @property
    def is_positive(self):
        return self.total > 0


GAMES = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from([3, 4]), st.integers(-3, 3)), min_size=1, max_size=40
).map(lambda games: [(place if place <= players else players, players, total) for place, players, total in games])


def ends(run):
    """A run as ``longest_and_current`` gives it: its length, first and last game."""
    return (run.length, run.first.game_id, run.last.game_id) if run.length else (0, None, None)


@given(GAMES, st.lists(st.integers(1, 40), max_size=8))
def test_spans_joined_give_the_runs_streaks_finds(games, cuts):
    lines = [Line(number, place, players, total) for number, (place, players, total) in enumerate(games, start=1)]
    edges = sorted({0, len(lines), *(cut for cut in cuts if cut < len(lines))})
    spans = [lines[start:stop] for start, stop in itertools.pairwise(edges)]
    expected = {streak.kind: (ends(streak.longest), ends(streak.current)) for streak in streaks(lines)}
    holds = {"top": Line.is_top.fget, "not_last": lambda line: not line.is_last, "positive": Line.is_positive.fget}
    for kind in KINDS:
        pieces = [
            (
                len(span),
                span[0].game_id,
                span[-1].game_id,
                run_pieces([holds[kind](line) for line in span], [line.game_id for line in span]),
            )
            for span in spans
        ]
        assert longest_and_current(pieces) == expected[kind]
