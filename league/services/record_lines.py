"""Keeping what the records read of a whole history (``MemberDayRecord``, ``MemberMonthRecord``, ``AllTimeLine``)
equal to the seats, in the writer's transaction.

``refresh_meeting_lines`` calls ``refresh_day_records`` for each chunk of
meetings it refreshes, under the meetings' locks it holds: the day pieces are
made again from the day's counted seats (one read of the seats, one insert),
and the months whose pieces changed are returned, with their members.
``refresh_all_time_lines`` then joins those months' day pieces again (a month
is a day's piece of its days, ``join_pieces``) and rebuilds the members'
all-time lines from their month pieces, in every rule set of theirs: it locks
the members first (id order, FOR NO KEY UPDATE; members come after meetings
and games in the one lock order, services/locks.py), so two writers of
different days of one member rebuild it one after the other and the second
sees the first's pieces.  A game save changes four members' pieces of one
month at most: some twenty day pieces joined, some fifty months combined a
member, however many games they hold.

``day_pieces`` (a day's games in play order → its piece), ``join_pieces``
(pieces in play order → theirs) and ``combine_days`` (pieces in play order →
their longest runs) are pure; migrations 0024 and 0025 keep their own copies,
as they were then.
"""

import datetime
from collections.abc import Iterable, Sequence

from django.db import connections, router
from django.db.models import Exists, F, OuterRef, QuerySet

from ..models.clubs import RuleSet
from ..models.games import GameSeat
from ..models.meeting_lines import COUNTS, SUMS, MeetingLine
from ..models.meetings import Meeting
from ..models.record_lines import DAY_PIECE, RUN_KINDS, AllTimeLine, MemberDayRecord, MemberMonthRecord
from .bulk import insert_values
from .locks import lock_members

# The columns of a day's record after the meeting and member, in the order ``day_pieces`` makes them.
DAY_COLUMNS = (
    "games",
    "first_game",
    "last_game",
    "best_score",
    *(f"{kind}_{part}" for kind in RUN_KINDS for part in DAY_PIECE),
)


def holds(kind: str, place: int, players: int) -> bool:
    """Whether a game of ``place`` among ``players`` continues a run of ``kind`` (as ``stats.member_games.streaks``:
    a top is 1st, a last the last place number)."""
    return place == 1 if kind == "top" else place != players


def day_pieces(games: Sequence[tuple[int, int, int, int | None]]) -> tuple:
    """A member's day from their games in play order, each ``(game id, place, players, score)``: the values of
    ``DAY_COLUMNS``."""
    scores = [score for _game, _place, _players, score in games if score is not None]
    values = [len(games), games[0][0], games[-1][0], max(scores) if scores else None]
    for kind in RUN_KINDS:
        held = [holds(kind, place, players) for _game, place, players, _score in games]
        start = next((index for index, value in enumerate(held) if not value), len(held))
        if start == len(held):  # the whole day is one run: it starts and ends the day
            values += [start, games[-1][0], start, games[0][0], 0, None, None]
            continue
        end = next(index for index, value in enumerate(reversed(held)) if not value)
        inner, inner_first, inner_last, length = 0, None, None, 0
        for index in range(start, len(held) - end):  # the runs touching neither end
            length = length + 1 if held[index] else 0
            if length and length >= inner:
                inner, inner_first, inner_last = length, games[index - length + 1][0], games[index][0]
        values += [
            start,
            games[start - 1][0] if start else None,
            end,
            games[len(games) - end][0] if end else None,
            inner,
            inner_first,
            inner_last,
        ]
    return tuple(values)


def join_pieces(pieces: Sequence[Sequence]) -> tuple:
    """The piece of consecutive pieces in play order (days, each the values of ``DAY_COLUMNS``), as ``day_pieces``
    makes it from all their games: a month's piece from its days'."""
    scores = [piece[3] for piece in pieces if piece[3] is not None]
    games, first_game, last_game = sum(piece[0] for piece in pieces), pieces[0][1], pieces[-1][2]
    values = [games, first_game, last_game, max(scores) if scores else None]
    for index, _kind in enumerate(RUN_KINDS):
        at = 4 + index * len(DAY_PIECE)
        opening = None  # the run from the first game, once a piece breaks it
        inner = run = (0, None, None)  # run: the one still going at the end of the pieces so far
        for piece in pieces:
            start, start_last, end, end_first, *within = piece[at : at + len(DAY_PIECE)]
            if start == piece[0]:  # the whole piece carries the run on
                run = (run[0] + piece[0], run[1] if run[0] else piece[1], piece[2])
                continue
            joined = (run[0] + start, run[1] if run[0] else piece[1], start_last) if start else run
            if opening is None:
                opening = joined
            else:
                inner = _better(joined, inner)
            inner = _better(tuple(within), inner)
            run = (end, end_first, piece[2]) if end else (0, None, None)
        if opening is None:  # no piece broke the run: the whole of them is one, as in ``day_pieces``
            values += [games, last_game, games, first_game, 0, None, None]
        else:
            values += [opening[0], opening[2], run[0], run[1], *inner]
    return tuple(values)


def combine_days(days: Iterable[Sequence]) -> dict[str, tuple[int, int | None, int | None]]:
    """A member's longest run of each kind, ``(length, first game, last game)``, the latest of equal ones, from
    their days in play order, each the values of ``DAY_COLUMNS``: what ``streaks`` finds game by game."""
    days = list(days)
    result = {}
    for index, kind in enumerate(RUN_KINDS):
        at = 4 + index * len(DAY_PIECE)
        best = run = (0, None, None)  # run: the one still going at the end of the days so far
        for day in days:
            games, first_game, last_game = day[0], day[1], day[2]
            start, start_last, end, end_first, inner, inner_first, inner_last = day[at : at + len(DAY_PIECE)]
            if start == games:
                run = (run[0] + games, run[1] if run[0] else first_game, last_game)
                continue
            if start:
                best = _better((run[0] + start, run[1] if run[0] else first_game, start_last), best)
            else:
                best = _better(run, best)
            best = _better((inner, inner_first, inner_last), best)
            run = (end, end_first, last_game) if end else (0, None, None)
        result[kind] = _better(run, best)
    return result


def _better(candidate, best):
    """The later of two runs when it is as long or longer (``streaks`` keeps the latest of equal runs)."""
    return candidate if candidate[0] and candidate[0] >= best[0] else best


def month_of(day: datetime.date) -> datetime.date:
    """The month a day is joined in (``MemberMonthRecord.month``): its first day."""
    return day.replace(day=1)


def refresh_day_records(
    meeting_ids: Sequence[int],
    members: Sequence[int] | None = None,
    lines_changed: Iterable[tuple[int, int]] = (),
    days: dict[tuple[int, int], tuple] | None = None,
) -> set[tuple[int, int, datetime.date]]:
    """Make the day records of ``meeting_ids`` (of ``members`` only, when given: the only ones whose seats changed)
    again from their counted seats (the caller holds the meetings' locks); the ``(member, rule set, month)`` of the
    records that changed, appeared or went, and of the ``(meeting, member)`` whose meeting lines changed (the month
    rows sum those too).  ``days``: (meeting, member) → (rule set, date, …) the caller read already (its lines'
    states, before and after), so that their months are not read again."""
    records = MemberDayRecord.objects.filter(meeting_id__in=meeting_ids)
    if members is not None:
        records = records.filter(member_id__in=members)
    before = {(row[0], row[1]): row[2:] for row in records.values_list("meeting_id", "member_id", *DAY_COLUMNS)}
    seats = GameSeat.objects.counted().filter(game__meeting_id__in=meeting_ids)
    if members is not None:
        # Every seat of their games (a game's players are its seats), not the whole day's: a busy day's 150th game
        # read 600 seats for its four players.
        seats = seats.filter(Exists(GameSeat.objects.filter(game=OuterRef("game"), member_id__in=members)))
    games = {}
    for meeting_id, game_id, member_id, place, score in seats.order_by(
        "game__meeting_id", "game__round", "game__table", "game_id"
    ).values_list("game__meeting_id", "game_id", "member_id", "place", "score"):
        games.setdefault(meeting_id, {}).setdefault(game_id, []).append((member_id, place, score))
    after = {}
    for meeting_id, seats_by_game in games.items():
        played = {}
        for game_id, seats in seats_by_game.items():  # dicts keep the order the games were played in
            for member_id, place, score in seats:
                played.setdefault(member_id, []).append((game_id, place, len(seats), score))
        for member_id, day in played.items():
            if members is None or member_id in members:
                after[meeting_id, member_id] = day_pieces(day)
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    if changed:
        # A day's records go and come back together, as its lines do: one delete, one insert.
        records.delete()
        insert_values(
            MemberDayRecord,
            [
                {"meeting_id": meeting, "member_id": member, **dict(zip(DAY_COLUMNS, values, strict=True))}
                for (meeting, member), values in sorted(after.items())
            ],
        )
    changed |= set(lines_changed)
    if not changed:
        return set()
    days = days or {}
    months = {
        meeting: (days[meeting, member][0], month_of(days[meeting, member][1]))
        for meeting, member in changed
        if (meeting, member) in days
    }
    unknown = {meeting for meeting, _member in changed if meeting not in months}
    if unknown:  # a day record without its line (none, unless a repair finds one the lines never had)
        months |= {
            pk: (rule_set_id, month_of(date))
            for pk, rule_set_id, date in Meeting.objects.filter(pk__in=unknown)
            .order_by()
            .values_list("pk", "rule_set_id", "date")
        }
    return {(member, *months[meeting]) for meeting, member in changed}


def refresh_all_time_lines(
    member_ids: Iterable[int], months: Iterable[tuple[int, datetime.date]] | None = None, *, locked: bool = False
) -> None:
    """Rebuild the all-time lines of ``member_ids`` in every rule set from their month records, after joining
    again their months of ``months`` (``(rule set, month)`` pairs; ``None``: every month of theirs) from their
    day records (in the writer's transaction; the members are locked first, in id order, unless ``locked`` says
    the caller holds their locks already: ``refresh_meeting_lines``)."""
    ids = sorted(set(member_ids))
    if not ids:
        return
    connection = connections[router.db_for_write(AllTimeLine)]
    if connection.features.has_select_for_update and not locked:
        # FOR NO KEY UPDATE, not FOR UPDATE: two rebuilds of one member wait for each other, but a writer whose
        # new rows name the member (its seats and lines, their keys checked at its commit, after every lock)
        # does not wait for this one: a merge committing while a game's save waited for the guest deadlocked.
        lock_members(ids, no_key=True)
    refresh_month_records(ids, None if months is None else set(months))
    played = {}
    for rule_set_id, member_id, last_played, *values in (
        MemberMonthRecord.objects.filter(member_id__in=ids)
        .order_by("member_id", "rule_set_id", "month")
        .values_list("rule_set_id", "member_id", "last_played", *DAY_COLUMNS)
    ):
        played.setdefault((rule_set_id, member_id), []).append((last_played, values))
    AllTimeLine.objects.filter(member_id__in=ids).delete()
    lines = []
    for (rule_set_id, member_id), months_played in played.items():
        runs = combine_days(values for _last, values in months_played)
        lines.append(
            {
                "rule_set_id": rule_set_id,
                "member_id": member_id,
                "games": sum(values[0] for _last, values in months_played),
                "last_played": months_played[-1][0],
                **{
                    f"{kind}_run{part}": value
                    for kind in RUN_KINDS
                    for part, value in zip(("", "_first", "_last"), runs[kind], strict=True)
                },
            }
        )
    insert_values(AllTimeLine, lines)


def refresh_month_records(ids: Sequence[int], months: set[tuple[int, datetime.date]] | None) -> None:
    """Join again the month records of the members ``ids`` in the rule sets and from the first to the last month
    ``months`` names (every month between, whole, from every day record in it), or all of theirs."""
    rows = MemberMonthRecord.objects.filter(member_id__in=ids)
    days = MemberDayRecord.objects.filter(member_id__in=ids)
    if months is not None:
        if not months:
            return
        rule_sets, firsts = {rule_set for rule_set, _month in months}, [month for _rule_set, month in months]
        rows = rows.filter(rule_set_id__in=rule_sets, month__gte=min(firsts), month__lte=max(firsts))
        # The months' meetings: their records are read by (meeting, member).  Found by their clubs' days (the index
        # of club and date), the rule set tested on each (``+ 0``): by the rule set's index SQLite read every
        # meeting of it (4 ms of a save at 80,000 games, 0.25 so).
        meetings = Meeting.objects.alias(of_rule_set=F("rule_set_id") + 0).filter(
            club__in=RuleSet.objects.filter(pk__in=rule_sets).values("club"),
            of_rule_set__in=rule_sets,
            date__gte=min(firsts),
            date__lt=month_of(max(firsts) + datetime.timedelta(days=31)),  # the first of the next month
        )
        days = days.filter(meeting__in=meetings.values("pk"))
    sums = month_sums(MeetingLine.objects.filter(member_id__in=ids), None if months is None else meetings)
    joined = {}
    # In play order only, grouped here: ordered by member first, SQLite read the member's every day by its index
    # (2 ms at 80,000 games) rather than the month's days by (meeting, member) (0.5).
    for rule_set_id, member_id, date, *values in days.order_by("meeting__date", "meeting_id").values_list(
        "meeting__rule_set_id", "member_id", "meeting__date", *DAY_COLUMNS
    ):
        joined.setdefault((rule_set_id, member_id, month_of(date)), []).append((date, values))
    rows.delete()
    insert_values(
        MemberMonthRecord,
        [
            {
                "rule_set_id": rule_set_id,
                "member_id": member_id,
                "month": month,
                "last_played": played[-1][0],
                **dict(zip(DAY_COLUMNS, join_pieces([values for _date, values in played]), strict=True)),
                **sums[rule_set_id, member_id, month],
            }
            for (rule_set_id, member_id, month), played in joined.items()
        ],
    )


# What a month row holds of its meeting lines, as the lines' columns (the games are the pieces'): each added up, but
# the best and the worst.
MONTH_FIGURES = tuple(name for name in (*COUNTS, *SUMS, "best", "worst") if name != "games")
BEST_OR_WORST = {"best": max, "worst": min}


def month_sums(lines: QuerySet, meetings: QuerySet | None) -> dict[tuple[int, int, datetime.date], dict[str, int]]:
    """``{(rule set, member, month): figures}``: the meeting lines ``lines`` of ``meetings`` (None: of any meeting)
    summed by rule set, member and month, with ``days``, the lines.

    The lines read as tuples and summed here: the ORM's seventeen aggregates cost a save 4-5 ms to build, for the
    few lines of four members' month."""
    if meetings is not None:
        lines = lines.filter(meeting__in=meetings.values("pk"))
    sums: dict[tuple[int, int, datetime.date], dict[str, int]] = {}
    for rule_set_id, member_id, date, *values in lines.order_by().values_list(
        "meeting__rule_set_id", "member_id", "meeting__date", *MONTH_FIGURES
    ):
        month = sums.get((rule_set_id, member_id, month_of(date)))
        if month is None:
            sums[rule_set_id, member_id, month_of(date)] = {**dict(zip(MONTH_FIGURES, values, strict=True)), "days": 1}
            continue
        for name, value in zip(MONTH_FIGURES, values, strict=True):
            month[name] = BEST_OR_WORST[name](month[name], value) if name in BEST_OR_WORST else month[name] + value
        month["days"] += 1
    return sums
