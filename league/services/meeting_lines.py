"""Keeping the stored meeting lines (``MeetingLine``) equal to the seats they add up, in the writer's transaction.

Every write that changes which seats count on a meeting day, or their figures
(a game recorded, corrected, moved, voided or restored, an import or its undo,
a recomputation, a guest merged into a member), calls ``refresh_meeting_lines``
with the meetings it touched: their lines are deleted and aggregated again from
the counted seats by one ``INSERT … SELECT`` per chunk of meetings (``insert_select``),
so no seat passes through Python; the same statement writes each line's games of the day for the member page
(``games_played``, ``_games_played``), and a closed meeting's kept settlement is checked against the lines again
(``services.kept_money.refresh_drift``); who sat with whom those days is counted again too
(``services.day_pairs``, for the draw), and the records' day pieces and all-time lines are kept with them
(``services.record_lines``), and whether each attendance row's person played that day
(``services.attendance_played``).  ``refresh_club_lines`` rebuilds a whole club (``manage.py
recompute --commit`` does).  The migrations that filled the table (0016, 0018) keep their own copy of the
statement, as it was then.
"""

import functools

from django.db import connections, router

import scoring

from ..models.day_pairs import SeasonPair
from ..models.games import Game, GameSeat
from ..models.meeting_lines import FIGURES, MeetingLine
from ..models.meeting_people import Attendance
from ..models.meetings import Meeting
from ..models.people import Member
from ..models.rule_versions import RuleVersion
from ..models.seasons import Season
from .attendance_played import lines_came_or_went, set_played
from .day_pairs import rebuild_season_pairs, refresh_day_pairs
from .kept_money import refresh_drift
from .locks import lock_member_months, lock_members
from .member_months import changed_months, line_states, refresh_member_months
from .record_lines import refresh_all_time_lines, refresh_day_records

# Meetings refreshed by one statement: a bound IN list both databases take, and few enough to stay quick.
CHUNK = 500


def refresh_meeting_lines(meeting_ids, *, locked=False, check_drift=True, members=None):
    """Aggregate the lines of ``meeting_ids`` again from their counted seats (inside the caller's transaction).

    The meetings are locked first (in id order, as every writer locks a game before its meeting): two
    corrections of games of one day then refresh its lines one after the other, and the second sees the
    first's seats instead of finding its lines inserted under it.  ``locked`` says the caller holds those
    locks already (a game's save: one query less).  ``check_drift=False`` leaves the closed days' drift to a
    caller that checks it itself right after (``manage.py recompute --commit``: ``keep_club_money``).
    ``members``: the only members whose seats of those days changed (a new game's players), whose lines and day
    records and pairs alone are made again: the others of the day add up the same seats as before (a busy day's
    200th game refreshed 4 lines, not its 20, and 6 pairs, not 190).  None: every member of the days.
    """
    ids = sorted({pk for pk in meeting_ids if pk is not None})
    only = sorted(set(members)) if members is not None else []
    connection = connections[router.db_for_write(MeetingLine)]
    table = connection.ops.quote_name(MeetingLine._meta.db_table)
    meeting_column = connection.ops.quote_name(MeetingLine._meta.get_field("meeting").column)
    member_column = connection.ops.quote_name(MeetingLine._meta.get_field("member").column)
    changed = set()  # (member, rule set, month) of the day records that changed: joined and combined again
    counted = set()  # (member, rule set, month) of the lines that changed: the member page's months counted again
    came_or_went = set()  # (meeting, member) of the lines that appeared or went: their attendance rows' ``played``
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        if not locked and connection.features.has_select_for_update:  # SQLite has one writer at a time already
            list(Meeting.objects.select_for_update().filter(pk__in=chunk).order_by("pk").values_list("pk"))
        # Unordered: the versions' own ordering joined their rule sets and clubs into the DISTINCT.
        at_zero = busts_at_zero(RuleVersion.objects.filter(games__meeting_id__in=chunk).order_by().distinct())
        insert, params = insert_select(chunk, at_zero, only)
        delete = f"DELETE FROM {table} WHERE {meeting_column} IN ({', '.join(['%s'] * len(chunk))})"
        if only:
            delete += f" AND {member_column} IN ({', '.join(['%s'] * len(only))})"
        before = line_states(chunk, only)
        with connection.cursor() as cursor:
            cursor.execute(delete, [*chunk, *only])
            cursor.execute(insert, params)
        after = line_states(chunk, only)
        # The lines whose figures changed, even where the day's places did not (a recompute's points, a chip
        # corrected): their months' sums are made again with the records' month pieces.  Only the figures: a merge
        # changes its guest's opponents' games played (whom they played), and locking those members' rows for their
        # records, not held by the merge, deadlocked it with a save of theirs.
        figures_changed = {key for key in before.keys() | after.keys() if _figures(before, key) != _figures(after, key)}
        changed_here = refresh_day_records(chunk, only or None, figures_changed, {**before, **after})
        # Any change of a line (whom they played too): the member page's months are counted again, under locks of
        # their own taken last.
        lines_changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
        counted_here = changed_months(lines_changed, before, after)
        # Their players before the seasons, as the one lock order has them (services/locks.py): the all-time lines
        # are rebuilt below, under these locks.
        if changed_here and connection.features.has_select_for_update:
            lock_members({member for member, _rule_set, _month in changed_here}, no_key=True)
        changed |= changed_here
        counted |= counted_here
        came_or_went |= before.keys() ^ after.keys()
        refresh_day_pairs(chunk, only)  # who sat with whom those days, and in their seasons (the draw reads them)
    refresh_all_time_lines(
        {member for member, _rule_set, _month in changed},
        {(rule_set, month) for _member, rule_set, month in changed},
        locked=True,  # each chunk's changed members, locked above
    )
    # Who played that day, on the attendance rows: after the members and seasons, as the lock order has them
    # (attendance comes after both); an attendance writer holds the day's lock, as this refresh does.
    lines_came_or_went(came_or_went)
    # A closed day's games changed (a recompute, a merge, an import's undo, the admin): check its kept settlement
    # again.  A caller holding the locks is a game's own save, which a closed day refuses.
    if check_drift and not locked:
        refresh_drift(Meeting.objects.filter(pk__in=ids))
    # Last, under the months' own locks (a merge's lines change its guest's opponents too, whom it does not hold:
    # locking their rows after the guest's deadlocked it with a save of theirs, services/locks.py).
    lock_member_months({member for member, _rule_set, _month in counted})
    by_month = {}  # month by month: a recompute's changes span many months, each of some of the members
    for member, rule_set, month in counted:
        by_month.setdefault((rule_set, month), set()).add(member)
    for month, month_members in sorted(by_month.items()):
        refresh_member_months(month_members, {month}, locked=True)


def _figures(states: dict, key: tuple[int, int]) -> tuple | None:
    """A line's ``FIGURES`` in ``states`` (``line_states``: after the rule set, date and games played), or None."""
    state = states.get(key)
    return None if state is None else tuple(state[3:])


def refresh_club_lines(club, check_drift=True):
    """Rebuild every line of the club's meetings, their pairs and the sums of its seasons' pairs, and every
    member's all-time lines (even those no day changed)."""
    # The seasons' pairs emptied first (a day's change carried into a wrong sum could go below nothing), then summed
    # afresh from the days' pairs just counted: repaired even if something once wrote them wrong.
    SeasonPair.objects.filter(season__club=club).delete()
    refresh_meeting_lines(Meeting.objects.filter(club=club).values_list("pk", flat=True), check_drift=check_drift)
    rebuild_season_pairs(Season.objects.filter(club=club).values_list("pk", flat=True))
    members = Member.objects.filter(club=club).values_list("pk", flat=True)
    refresh_all_time_lines(members)
    refresh_member_months(members, None)
    set_played(Attendance.objects.filter(meeting__club=club))  # every row, changed lines or not: a repair too


def busts_at_zero(versions):
    """The ids of the versions among ``versions`` whose bust (トビ) is at 0, not only below it: under which a
    final score of 0 busts (``scoring.is_bust``).

    Read from the plain rules of each version (``values_list``), not through ``RuleVersion.settings``: no
    model instance is built for them.
    """
    return [pk for pk, rules in versions.values_list("pk", "rules") if scoring.is_bust(rules, 0)]


def insert_select(meeting_ids, at_zero, members=()):
    """The ``INSERT … SELECT`` of the lines of ``meeting_ids`` (of ``members`` only, when given) from their counted
    seats, and its parameters."""
    return _statement(len(meeting_ids), len(at_zero), len(members)), [*at_zero, *meeting_ids, *members]


@functools.lru_cache(maxsize=64)  # the text depends only on how many ids it lists
def _statement(meetings, at_zero, members=0):
    """The SQL of ``insert_select`` for ``meetings`` meeting ids, ``at_zero`` versions whose bust is at 0 and
    ``members`` member ids (0: every member's lines).

    Written as SQL rather than through the ORM: building an aggregate of eighteen filtered annotations cost
    more than running it (several ms of a game's save, for a statement over some 200 seats).  Plain SQL both
    databases read alike: a boolean column is tested bare (SQLite's 0 and 1, PostgreSQL's booleans).
    """
    connection = connections[router.db_for_write(MeetingLine)]
    quote = connection.ops.quote_name

    def column(model, name):
        return quote(model._meta.get_field(name).column)

    def seat(name):
        return "s." + column(GameSeat, name)

    def game(name):
        return "g." + column(Game, name)

    def count(condition):
        return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"

    topped = f"{seat('place')} = 1"
    zero = f" OR ({seat('score')} = 0 AND {game('rule_version')} IN ({', '.join(['%s'] * at_zero)}))" if at_zero else ""
    single = f"NOT {game('double_maru_a')}"
    figures = {  # in FIGURES order
        "games": "COUNT(*)",
        **{f"place_{place}": count(f"{seat('place')} = {place}") for place in range(1, 5)},
        # A seat that busted (scoring.is_bust): below 0, or exactly 0 in a game under a version whose bust is
        # "at 0"; a points-only seat (no score) never.  tests/league/test_meeting_line_rules.py holds it equal.
        "busts": count(f"{seat('score')} < 0{zero}"),
        "scored_games": f"COUNT({seat('score')})",
        # The top's game by its kind (scoring.maru_kind), held equal by tests/league/test_meeting_line_rules.py.
        "maru_a": count(f"{topped} AND {game('floats')} = 1 AND {single}"),
        "maru_b": count(f"{topped} AND {game('floats')} = 2 AND {single}"),
        "maru_c": count(f"{topped} AND {game('floats')} = 3 AND {single}"),
        "double_maru_a": count(f"{topped} AND {game('double_maru_a')}"),
        "game_points": f"SUM({seat('total')})",
        "chips": f"SUM({seat('chips')})",
        "chip_points": f"SUM({seat('chip_points')})",
        "shugi": f"SUM({seat('shugi')})",
        "score_sum": f"COALESCE(SUM({seat('score')}), 0)",
        "best": f"MAX({seat('total')})",
        "worst": f"MIN({seat('total')})",
    }
    names = ["meeting", "member", *FIGURES, "games_played"]
    values = [game("meeting"), seat("member"), *(figures[name] for name in FIGURES), _games_played(connection)]
    columns = ", ".join(column(MeetingLine, name) for name in names)
    return (
        f"INSERT INTO {quote(MeetingLine._meta.db_table)} ({columns}) SELECT {', '.join(values)} "
        f"FROM {quote(GameSeat._meta.db_table)} s "
        f"JOIN {quote(Game._meta.db_table)} g ON g.{quote(Game._meta.pk.column)} = {seat('game')} "
        f"WHERE {game('meeting')} IN ({', '.join(['%s'] * meetings)}) AND NOT {game('void')} "
        + (f"AND {seat('member')} IN ({', '.join(['%s'] * members)}) " if members else "")
        + f"GROUP BY {game('meeting')}, {seat('member')}"
    )


def _games_played(connection):
    """The SQL of a line's ``games_played``: JSON text concatenated over the member's seats of the day (``s``,
    with their games ``g``), each game's opponents read by a subquery in seat order.

    Written as text, not with the databases' JSON functions: PostgreSQL's jsonb builders made a busy day's
    refresh (50 games) twice as slow as concatenating (docs/performance.md), and the member page parses the
    text itself.  PostgreSQL orders the games as told; SQLite's ``group_concat`` (before 3.44) cannot, so the
    member page orders each day's games again by round, table and id, which each game carries.
    """
    quote = connection.ops.quote_name

    def column(model, name, alias):
        return f"{alias}.{quote(model._meta.get_field(name).column)}"

    def array(values):
        return "'[' || " + " || ',' || ".join(values) + " || ']'"

    postgresql = connection.vendor == "postgresql"
    seats = quote(GameSeat._meta.db_table)
    same_game = (
        f"{column(GameSeat, 'game', 'o')} = {column(GameSeat, 'game', 's')} "
        f"AND {column(GameSeat, 'member', 'o')} <> {column(GameSeat, 'member', 's')}"
    )
    opponent = array([column(GameSeat, name, "o") for name in ("member", "place", "total")])
    opponents = (
        f"SELECT {'string_agg' if postgresql else 'group_concat'}({opponent}, ',') "
        f"FROM (SELECT * FROM {seats} o WHERE {same_game} ORDER BY {column(GameSeat, 'seat', 'o')}) o"
    )
    game = array(
        [
            column(Game, "id", "g"),
            column(Game, "round", "g"),
            column(Game, "table", "g"),
            column(GameSeat, "seat", "s"),
            column(GameSeat, "place", "s"),
            column(GameSeat, "total", "s"),
            f"'[' || COALESCE(({opponents}), '') || ']'",
        ]
    )
    if postgresql:
        order = ", ".join(column(Game, name, "g") for name in ("round", "table", "id"))
        return f"'[' || string_agg({game}, ',' ORDER BY {order}) || ']'"
    return f"'[' || group_concat({game}, ',') || ']'"
