"""Keeping the stored meeting lines (``MeetingLine``) equal to the seats they add up, in the writer's transaction.

Every write that changes which seats count on a meeting day, or their figures
(a game recorded, corrected, moved, voided or restored, an import or its undo,
a recomputation, a guest merged into a member), calls ``refresh_meeting_lines``
with the meetings it touched: their lines are deleted and aggregated again from
the counted seats by one ``INSERT … SELECT`` per chunk of meetings (``insert_select``),
so no seat passes through Python; the same statement writes each line's games of the day for the member page
(``games_played``, ``_games_played``), and a closed meeting's kept settlement is checked against the lines again
(``services.kept_money.refresh_drift``).  ``refresh_club_lines`` rebuilds a whole club (``manage.py
recompute --commit`` does, and the data migration that created the table).

The functions take the models as arguments when a migration calls them (its
historical models); the bust rule is read from each version's rules through the
engine (``scoring.validate_rules``), not through ``RuleVersion.settings``, for
the same reason.
"""

import functools

from django.db import connections, router

import scoring

from ..models import GameSeat, Meeting, MeetingLine, RuleVersion
from ..models.meeting_lines import FIGURES
from .kept_money import refresh_drift

# Meetings refreshed by one statement: a bound IN list both databases take, and few enough to stay quick.
CHUNK = 500


def refresh_meeting_lines(meeting_ids, *, locked=False, models=None, check_drift=True):
    """Aggregate the lines of ``meeting_ids`` again from their counted seats (inside the caller's transaction).

    The meetings are locked first (in id order, as every writer locks a game before its meeting): two
    corrections of games of one day then refresh its lines one after the other, and the second sees the
    first's seats instead of finding its lines inserted under it.  ``locked`` says the caller holds those
    locks already (a game's save: one query less).  ``models`` are (Meeting, GameSeat, MeetingLine,
    RuleVersion), historical ones in a migration.  ``check_drift=False`` leaves the closed days' drift to a
    caller that checks it itself right after (``manage.py recompute --commit``: ``keep_club_money``).
    """
    meeting_model, seat_model, line_model, version_model = models or (Meeting, GameSeat, MeetingLine, RuleVersion)
    ids = sorted({pk for pk in meeting_ids if pk is not None})
    connection = connections[router.db_for_write(line_model)]
    table = connection.ops.quote_name(line_model._meta.db_table)
    meeting_column = connection.ops.quote_name(line_model._meta.get_field("meeting").column)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        if not locked and connection.features.has_select_for_update:  # SQLite has one writer at a time already
            list(meeting_model.objects.select_for_update().filter(pk__in=chunk).order_by("pk").values_list("pk"))
        at_zero = busts_at_zero(version_model.objects.filter(games__meeting_id__in=chunk).distinct())
        insert, params = insert_select(seat_model, line_model, chunk, at_zero)
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE {meeting_column} IN ({', '.join(['%s'] * len(chunk))})", chunk)
            cursor.execute(insert, params)
    # A closed day's games changed (a recompute, a merge, an import's undo, the admin): check its kept settlement
    # again.  A caller holding the locks is a game's own save, which a closed day refuses.
    if check_drift and not locked and models is None:
        refresh_drift(Meeting.objects.filter(pk__in=ids))


def refresh_club_lines(club, check_drift=True):
    """Rebuild every line of the club's meetings."""
    refresh_meeting_lines(Meeting.objects.filter(club=club).values_list("pk", flat=True), check_drift=check_drift)


def busts_at_zero(versions):
    """The ids of the versions among ``versions`` whose bust (トビ) is at 0, not only below it."""
    return [pk for pk, rules in versions.values_list("pk", "rules")
            if scoring.validate_rules(rules)["bust"]["at_zero"]]


def insert_select(seat_model, line_model, meeting_ids, at_zero):
    """The ``INSERT … SELECT`` of the lines of ``meeting_ids`` from their counted seats, and its parameters."""
    return _statement(seat_model, line_model, len(meeting_ids), len(at_zero)), [*at_zero, *meeting_ids]


@functools.lru_cache(maxsize=64)  # the text depends only on the tables and how many ids it lists
def _statement(seat_model, line_model, meetings, at_zero):
    """The SQL of ``insert_select`` for ``meetings`` meeting ids and ``at_zero`` versions whose bust is at 0.

    Written as SQL rather than through the ORM: building an aggregate of eighteen filtered annotations cost
    more than running it (several ms of a game's save, for a statement over some 200 seats).  Plain SQL both
    databases read alike: a boolean column is tested bare (SQLite's 0 and 1, PostgreSQL's booleans).
    """
    connection = connections[router.db_for_write(line_model)]
    quote = connection.ops.quote_name
    game_model = seat_model._meta.get_field("game").related_model

    def column(model, name):
        return quote(model._meta.get_field(name).column)

    def seat(name):
        return "s." + column(seat_model, name)

    def game(name):
        return "g." + column(game_model, name)

    def count(condition):
        return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"

    topped = f"{seat('place')} = 1"
    zero = (f" OR ({seat('score')} = 0 AND {game('rule_version')} IN ({', '.join(['%s'] * at_zero)}))"
            if at_zero else "")
    single = f"NOT {game('double_maru_a')}"
    figures = {  # in FIGURES order
        "games": "COUNT(*)",
        **{f"place_{place}": count(f"{seat('place')} = {place}") for place in range(1, 5)},
        # A seat that busted: below 0, or exactly 0 in a game under a version whose bust is "at 0".
        "busts": count(f"{seat('score')} < 0{zero}"),
        "scored_games": f"COUNT({seat('score')})",
        "maru_a": count(f"{topped} AND {game('floats')} = 1 AND {single}"),
        "maru_b": count(f"{topped} AND {game('floats')} = 2 AND {single}"),
        "maru_c": count(f"{topped} AND {game('floats')} = 3 AND {single}"),
        "double_maru_a": count(f"{topped} AND {game('double_maru_a')}"),
        "game_points": f"SUM({seat('total')})", "chips": f"SUM({seat('chips')})",
        "chip_points": f"SUM({seat('chip_points')})", "shugi": f"SUM({seat('shugi')})",
        "score_sum": f"COALESCE(SUM({seat('score')}), 0)",
        "best": f"MAX({seat('total')})", "worst": f"MIN({seat('total')})",
    }
    names = ["meeting", "member", *FIGURES]
    values = [game("meeting"), seat("member"), *(figures[name] for name in FIGURES)]
    # Migration 0016's historical line has no games yet (0018 adds them and fills them by this statement).
    if any(field.name == "games_played" for field in line_model._meta.concrete_fields):
        names.append("games_played")
        values.append(_games_played(connection, seat_model, game_model))
    columns = ", ".join(column(line_model, name) for name in names)
    return (f"INSERT INTO {quote(line_model._meta.db_table)} ({columns}) SELECT {', '.join(values)} "
            f"FROM {quote(seat_model._meta.db_table)} s "
            f"JOIN {quote(game_model._meta.db_table)} g ON g.{quote(game_model._meta.pk.column)} = {seat('game')} "
            f"WHERE {game('meeting')} IN ({', '.join(['%s'] * meetings)}) AND NOT {game('void')} "
            f"GROUP BY {game('meeting')}, {seat('member')}")


def _games_played(connection, seat_model, game_model):
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
    seats = quote(seat_model._meta.db_table)
    same_game = (f"{column(seat_model, 'game', 'o')} = {column(seat_model, 'game', 's')} "
                 f"AND {column(seat_model, 'member', 'o')} <> {column(seat_model, 'member', 's')}")
    opponent = array([column(seat_model, name, "o") for name in ("member", "place", "total")])
    opponents = (f"SELECT {'string_agg' if postgresql else 'group_concat'}({opponent}, ',') "
                 f"FROM (SELECT * FROM {seats} o WHERE {same_game} ORDER BY {column(seat_model, 'seat', 'o')}) o")
    game = array([column(game_model, "id", "g"), column(game_model, "round", "g"), column(game_model, "table", "g"),
                  column(seat_model, "seat", "s"), column(seat_model, "place", "s"), column(seat_model, "total", "s"),
                  f"'[' || COALESCE(({opponents}), '') || ']'"])
    if postgresql:
        order = ", ".join(column(game_model, name, "g") for name in ("round", "table", "id"))
        return f"'[' || string_agg({game}, ',' ORDER BY {order}) || ']'"
    return f"'[' || group_concat({game}, ',') || ']'"
