"""Keeping what the records read of a whole history (``MemberDayRecord``, ``AllTimeLine``) equal to the seats, in the
writer's transaction.

``refresh_meeting_lines`` calls ``refresh_day_records`` for each chunk of
meetings it refreshes, under the meetings' locks it holds: the day pieces are
made again from the day's counted seats (one read of the seats, one insert),
and the members whose pieces changed are returned.  ``refresh_all_time_lines``
then rebuilds those members' all-time lines from their day pieces, in every
rule set of theirs: it locks the members first (id order, FOR NO KEY UPDATE; members come
after meetings and games in the one lock order, services/locks.py), so two writers of
different days of one member rebuild it one after the other and the second
sees the first's pieces.  A game save changes four members' pieces at most; the
member's pieces are a few hundred rows however many games they hold.

``combine_days`` (a member's days in play order → their longest runs) and
``day_pieces`` (a day's games in play order → its pieces) are pure; migration
0024 keeps its own copy of both, as they were then.
"""

from collections.abc import Iterable, Sequence

from django.db import connections, router

from ..models.games import GameSeat
from ..models.record_lines import DAY_PIECE, RUN_KINDS, AllTimeLine, MemberDayRecord
from .locks import lock_members

# Rows a bulk insert sends at once on SQLite (its bound parameters are limited); PostgreSQL takes them all.
SQLITE_BATCH = 500

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


def refresh_day_records(meeting_ids: Sequence[int]) -> set[int]:
    """Make the day records of ``meeting_ids`` again from their counted seats (the caller holds the meetings'
    locks); the members whose records changed, appeared or went."""
    records = MemberDayRecord.objects.filter(meeting_id__in=meeting_ids)
    before = {(row[0], row[1]): row[2:] for row in records.values_list("meeting_id", "member_id", *DAY_COLUMNS)}
    games = {}
    for meeting_id, game_id, member_id, place, score in (
        GameSeat.objects.counted()
        .filter(game__meeting_id__in=meeting_ids)
        .order_by("game__meeting_id", "game__round", "game__table", "game_id")
        .values_list("game__meeting_id", "game_id", "member_id", "place", "score")
    ):
        games.setdefault(meeting_id, {}).setdefault(game_id, []).append((member_id, place, score))
    after = {}
    for meeting_id, seats_by_game in games.items():
        played = {}
        for game_id, seats in seats_by_game.items():  # dicts keep the order the games were played in
            for member_id, place, score in seats:
                played.setdefault(member_id, []).append((game_id, place, len(seats), score))
        for member_id, day in played.items():
            after[meeting_id, member_id] = day_pieces(day)
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    if changed:  # a day's records go and come back together, as its lines do: one delete, one insert
        connection = connections[router.db_for_write(MemberDayRecord)]
        records.delete()
        MemberDayRecord.objects.bulk_create(
            [
                MemberDayRecord(meeting_id=meeting, member_id=member, **dict(zip(DAY_COLUMNS, values, strict=True)))
                for (meeting, member), values in sorted(after.items())
            ],
            batch_size=SQLITE_BATCH if connection.vendor == "sqlite" else None,
        )
    return {member_id for _meeting_id, member_id in changed}


def refresh_all_time_lines(member_ids: Iterable[int]) -> None:
    """Rebuild the all-time lines of ``member_ids`` in every rule set from their day records (in the writer's
    transaction; the members are locked first, in id order)."""
    ids = sorted(set(member_ids))
    if not ids:
        return
    connection = connections[router.db_for_write(AllTimeLine)]
    if connection.features.has_select_for_update:
        # FOR NO KEY UPDATE, not FOR UPDATE: two rebuilds of one member wait for each other, but a writer whose
        # new rows name the member (its seats and lines, their keys checked at its commit, after every lock)
        # does not wait for this one: a merge committing while a game's save waited for the guest deadlocked.
        lock_members(ids, no_key=True)
    days = {}
    for rule_set_id, member_id, date, *values in (
        MemberDayRecord.objects.filter(member_id__in=ids)
        .order_by("member_id", "meeting__rule_set_id", "meeting__date", "meeting_id")
        .values_list("meeting__rule_set_id", "member_id", "meeting__date", *DAY_COLUMNS)
    ):
        days.setdefault((rule_set_id, member_id), []).append((date, values))
    AllTimeLine.objects.filter(member_id__in=ids).delete()
    lines = []
    for (rule_set_id, member_id), played in days.items():
        runs = combine_days(values for _date, values in played)
        lines.append(
            AllTimeLine(
                rule_set_id=rule_set_id,
                member_id=member_id,
                games=sum(values[0] for _date, values in played),
                last_played=played[-1][0],
                **{
                    f"{kind}_run{part}": value
                    for kind in RUN_KINDS
                    for part, value in zip(("", "_first", "_last"), runs[kind], strict=True)
                },
            )
        )
    AllTimeLine.objects.bulk_create(lines, batch_size=SQLITE_BATCH if connection.vendor == "sqlite" else None)
