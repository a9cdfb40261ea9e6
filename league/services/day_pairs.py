"""Keeping who sat with whom (``DayPair``, ``SeasonPair``) equal to the counted seats, in the writer's transaction.

``refresh_meeting_lines`` calls ``refresh_day_pairs`` for each chunk of meetings it refreshes (every writer of seats
calls it): the seasons covering those days are locked (after the members in the lock order, league/services/locks.py),
each pair's change (the seats' count, each seat joined to the later seats of its game, less the stored one) is carried
into those seasons' sums, and the days' pairs are counted again.  A season's sums thus change by the pairs a write
changed, never counted over the whole season on a save.  ``rebuild_season_pairs`` sums a season's days again: when
the season's dates change, when a meeting's date or rule set changes or it is removed (the admin), when an import
creates a season, and for a club on ``manage.py recompute --commit`` (a repair).  Plain SQL both databases read alike
(``UPDATE … FROM``), like the lines' statement; migration 0023 keeps its own copy.
"""

import functools
from collections.abc import Iterable, Sequence

from django.db import connections, router
from django.db.models import Exists, OuterRef

from ..models.day_pairs import DayPair, SeasonPair
from ..models.games import Game, GameSeat
from ..models.meetings import Meeting
from ..models.seasons import Season


def refresh_day_pairs(meeting_ids: list[int], members: Sequence[int] = ()) -> None:
    """Count the pairs of ``meeting_ids`` again (their meetings locked by the caller) and carry the change into the
    seasons covering them.  ``members``: only the pairs of two of them changed (a new game's players: its six
    pairs, not the day's 190 counted again); empty, every pair of the days."""
    if not meeting_ids:
        return
    only = list(members)
    among = [*only, *only]  # the parameters of one "both of the pair among them"
    connection = connections[router.db_for_write(DayPair)]
    covering = Meeting.objects.filter(
        pk__in=meeting_ids, club=OuterRef("club"), date__gte=OuterRef("starts_on"), date__lte=OuterRef("ends_on")
    )
    seasons = Season.objects.filter(Exists(covering)).order_by("pk")
    if connection.features.has_select_for_update:  # two days of one season refreshed at once wait for each other
        seasons = seasons.select_for_update(of=("self",))
    season_ids = list(seasons.values_list("pk", flat=True))
    statements = _statements(len(meeting_ids), len(only))
    days = [*meeting_ids, *among]
    with connection.cursor() as cursor:
        if season_ids:
            # Only the pairs whose games changed, by how much (a game's save: its six pairs, not the day's 175):
            # read from the seats and the days' pairs as they were, before those are counted again.
            changes = [*days, *days]
            cursor.execute(statements["change_sums"], changes)
            cursor.execute(statements["new_sums"], changes)
        cursor.execute(statements["delete_days"], days)
        cursor.execute(statements["count_days"], days)
        if season_ids:
            _drop_empty(cursor, connection, season_ids)


def rebuild_season_pairs(seasons: Iterable[Season | int]) -> None:
    """Sum the pairs of ``seasons`` (or their ids) again from their days' pairs."""
    ids = sorted({season if isinstance(season, int) else season.pk for season in seasons})
    if not ids:
        return
    connection = connections[router.db_for_write(SeasonPair)]
    quote = connection.ops.quote_name
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {quote(SeasonPair._meta.db_table)} WHERE {_column(SeasonPair, 'season')} IN ({marks})", ids
        )
        where = f"WHERE s.{quote(Season._meta.pk.column)} IN ({marks})"
        cursor.execute(f"{_insert_season_pairs(connection)} {where} {_season_group(connection)}", ids)


def rebuild_club_season_pairs(club_ids: Iterable[int | None]) -> None:
    """Sum the pairs of every season of the clubs of ``club_ids`` again (a meeting re-dated or removed)."""
    rebuild_season_pairs(
        Season.objects.filter(club__in=[pk for pk in club_ids if pk is not None]).values_list("pk", flat=True)
    )


def _column(model, name: str) -> str:
    return connections[router.db_for_write(model)].ops.quote_name(model._meta.get_field(name).column)


def _drop_empty(cursor, connection, season_ids: list[int]) -> None:
    """The pairs whose every game of the season was taken out: a season lists only pairs that met."""
    marks = ", ".join(["%s"] * len(season_ids))
    cursor.execute(
        f"DELETE FROM {connection.ops.quote_name(SeasonPair._meta.db_table)} "
        f"WHERE {_column(SeasonPair, 'games')} = 0 AND {_column(SeasonPair, 'season')} IN ({marks})",
        season_ids,
    )


_SEASON_COLUMNS = ("season", "rule_set", "first", "second", "games")


def _season_sums(connection) -> str:
    """The SELECT of the seasons' sums of their days' pairs ``d`` (with their meetings ``m``, seasons ``s``), named
    ``p_`` and ``SeasonPair``'s field, before its WHERE and GROUP BY (``_season_group``)."""
    quote = connection.ops.quote_name

    def d(name):
        return f"d.{_column(DayPair, name)}"

    def m(name):
        return f"m.{_column(Meeting, name)}"

    def s(name):
        return f"s.{_column(Season, name)}"

    values = (s("id"), m("rule_set"), d("first"), d("second"), f"SUM({d('games')})")
    named = ", ".join(f"{value} AS p_{name}" for value, name in zip(values, _SEASON_COLUMNS, strict=True))
    return (
        f"SELECT {named} FROM {quote(DayPair._meta.db_table)} d "
        f"JOIN {quote(Meeting._meta.db_table)} m ON {m('id')} = {d('meeting')} "
        f"JOIN {quote(Season._meta.db_table)} s ON {s('club')} = {m('club')} "
        f"AND {m('date')} >= {s('starts_on')} AND {m('date')} <= {s('ends_on')}"
    )


def _season_group(connection) -> str:
    return (
        f"GROUP BY s.{_column(Season, 'id')}, m.{_column(Meeting, 'rule_set')}, "
        f"d.{_column(DayPair, 'first')}, d.{_column(DayPair, 'second')}"
    )


def _insert_season_pairs(connection) -> str:
    columns = ", ".join(_column(SeasonPair, name) for name in _SEASON_COLUMNS)
    return f"INSERT INTO {connection.ops.quote_name(SeasonPair._meta.db_table)} ({columns}) {_season_sums(connection)}"


@functools.lru_cache(maxsize=64)  # the texts depend only on how many meetings and members they list
def _statements(meetings: int, members: int = 0) -> dict[str, str]:
    """The statements of ``refresh_day_pairs`` for ``meetings`` meeting ids, each followed by the ``members``
    member ids twice when there are some (the pairs of two of them only)."""
    connection = connections[router.db_for_write(DayPair)]
    quote = connection.ops.quote_name
    marks = ", ".join(["%s"] * meetings)
    member_marks = ", ".join(["%s"] * members)

    def both_among(first: str, second: str) -> str:
        return f" AND {first} IN ({member_marks}) AND {second} IN ({member_marks})" if members else ""

    day_table, season_table = quote(DayPair._meta.db_table), quote(SeasonPair._meta.db_table)
    keys = [_column(SeasonPair, name) for name in _SEASON_COLUMNS[:-1]]
    games = _column(SeasonPair, "games")

    def seat(name, alias):
        return f"{alias}.{quote(GameSeat._meta.get_field(name).column)}"

    def game(name):
        return f"g.{quote(Game._meta.get_field(name).column)}"

    def day(name):
        return _column(DayPair, name)

    # Each counted seat joined to the later seats of its game: every pair once a game, the smaller id first.
    seat_pairs = (
        f"FROM {quote(GameSeat._meta.db_table)} a "
        f"JOIN {quote(GameSeat._meta.db_table)} b ON {seat('game', 'b')} = {seat('game', 'a')} "
        f"AND {seat('member', 'b')} > {seat('member', 'a')} "
        f"JOIN {quote(Game._meta.db_table)} g ON g.{quote(Game._meta.pk.column)} = {seat('game', 'a')} "
        f"WHERE {game('meeting')} IN ({marks}){both_among(seat('member', 'a'), seat('member', 'b'))} "
        f"AND NOT {game('void')}"
    )
    day_pairs = f"{day('meeting')} IN ({marks}){both_among(day('first'), day('second'))}"
    # What each pair's games of the days change by: the seats' count less the stored one, pairs unchanged left out.
    # Its parameters: the meeting ids (with the members') twice.
    day_changes = (
        f"SELECT c.p_meeting, c.p_first, c.p_second, SUM(c.p_games) AS p_games FROM ("
        f"SELECT {game('meeting')} AS p_meeting, {seat('member', 'a')} AS p_first, {seat('member', 'b')} AS p_second, "
        f"1 AS p_games {seat_pairs} "
        f"UNION ALL SELECT {day('meeting')}, {day('first')}, {day('second')}, -{day('games')} FROM {day_table} "
        f"WHERE {day_pairs}) c "
        f"GROUP BY c.p_meeting, c.p_first, c.p_second HAVING SUM(c.p_games) <> 0"
    )
    season_changes = (
        f"SELECT s.{_column(Season, 'id')} AS p_season, m.{_column(Meeting, 'rule_set')} AS p_rule_set, "
        f"d.p_first, d.p_second, SUM(d.p_games) AS p_games FROM ({day_changes}) d "
        f"JOIN {quote(Meeting._meta.db_table)} m ON m.{_column(Meeting, 'id')} = d.p_meeting "
        f"JOIN {quote(Season._meta.db_table)} s ON s.{_column(Season, 'club')} = m.{_column(Meeting, 'club')} "
        f"AND m.{_column(Meeting, 'date')} >= s.{_column(Season, 'starts_on')} "
        f"AND m.{_column(Meeting, 'date')} <= s.{_column(Season, 'ends_on')} "
        f"GROUP BY s.{_column(Season, 'id')}, m.{_column(Meeting, 'rule_set')}, d.p_first, d.p_second"
    )
    names = ("p_season", "p_rule_set", "p_first", "p_second")
    matched = " AND ".join(f"{season_table}.{key} = c.{name}" for key, name in zip(keys, names, strict=True))
    stored = " AND ".join(f"t.{key} = c.{name}" for key, name in zip(keys, names, strict=True))
    columns = ", ".join(_column(SeasonPair, name) for name in _SEASON_COLUMNS)
    day_columns = ", ".join(day(name) for name in ("meeting", "first", "second", "games"))
    return {
        # The change into the seasons' sums a pair has already (both databases take UPDATE … FROM) …
        "change_sums": (
            f"UPDATE {season_table} SET {games} = {season_table}.{games} + c.p_games "
            f"FROM ({season_changes}) c WHERE {matched}"
        ),
        # … and a row for a pair new to its season.
        "new_sums": (
            f"INSERT INTO {season_table} ({columns}) SELECT c.p_season, c.p_rule_set, c.p_first, c.p_second, "
            f"c.p_games FROM ({season_changes}) c WHERE c.p_games > 0 "
            f"AND NOT EXISTS (SELECT 1 FROM {season_table} t WHERE {stored})"
        ),
        "delete_days": f"DELETE FROM {day_table} WHERE {day_pairs}",
        "count_days": (
            f"INSERT INTO {day_table} ({day_columns}) "
            f"SELECT {game('meeting')}, {seat('member', 'a')}, {seat('member', 'b')}, COUNT(*) {seat_pairs} "
            f"GROUP BY {game('meeting')}, {seat('member', 'a')}, {seat('member', 'b')}"
        ),
    }
