"""Keeping who sat with whom (``DayPair``, ``SeasonPair``) equal to the counted seats, in the writer's transaction.

``refresh_meeting_lines`` calls ``refresh_day_pairs`` for each chunk of meetings it refreshes (every writer of seats
calls it): the seasons covering those days are locked (meeting → season in the lock order, league/services/locks.py),
the days' old pairs are taken out of their seasons' sums, counted again from the seats (each seat joined to the later
seats of its game) and added back.  A season's sums are thus changed by a day's pairs, never counted over the whole
season on a save.  ``rebuild_season_pairs`` sums a season's days again: when the season's dates change, when a
meeting's date or rule set changes (the admin), and for a club on ``manage.py recompute --commit`` (a repair).
Plain SQL both databases read alike (an upsert by ``ON CONFLICT``; ``UPDATE … FROM``), like the lines' statement;
migration 0023 keeps its own copy.
"""

import functools
from collections.abc import Iterable

from django.db import connections, router
from django.db.models import Exists, OuterRef

from ..models.day_pairs import DayPair, SeasonPair
from ..models.games import Game, GameSeat
from ..models.meetings import Meeting
from ..models.seasons import Season


def refresh_day_pairs(meeting_ids: list[int]) -> None:
    """Count the pairs of ``meeting_ids`` again (their meetings locked by the caller) and carry the change into the
    seasons covering them."""
    if not meeting_ids:
        return
    connection = connections[router.db_for_write(DayPair)]
    covering = Meeting.objects.filter(
        pk__in=meeting_ids, club=OuterRef("club"), date__gte=OuterRef("starts_on"), date__lte=OuterRef("ends_on")
    )
    seasons = Season.objects.filter(Exists(covering)).order_by("pk")
    if connection.features.has_select_for_update:  # two days of one season refreshed at once wait for each other
        seasons = seasons.select_for_update(of=("self",))
    season_ids = list(seasons.values_list("pk", flat=True))
    statements = _statements(len(meeting_ids))
    with connection.cursor() as cursor:
        if season_ids:
            cursor.execute(statements["take_out"], meeting_ids)
        cursor.execute(statements["delete_days"], meeting_ids)
        cursor.execute(statements["count_days"], meeting_ids)
        if season_ids:
            cursor.execute(statements["add_in"], meeting_ids)
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


@functools.lru_cache(maxsize=64)  # the texts depend only on how many meetings they list
def _statements(meetings: int) -> dict[str, str]:
    connection = connections[router.db_for_write(DayPair)]
    quote = connection.ops.quote_name
    marks = ", ".join(["%s"] * meetings)
    day_table, season_table = quote(DayPair._meta.db_table), quote(SeasonPair._meta.db_table)
    in_days = f"WHERE d.{_column(DayPair, 'meeting')} IN ({marks}) {_season_group(connection)}"
    keys = [_column(SeasonPair, name) for name in _SEASON_COLUMNS[:-1]]
    games = _column(SeasonPair, "games")
    matched = " AND ".join(
        f"{season_table}.{key} = old.p_{name}" for key, name in zip(keys, _SEASON_COLUMNS, strict=False)
    )

    def seat(name, alias):
        return f"{alias}.{quote(GameSeat._meta.get_field(name).column)}"

    def game(name):
        return f"g.{quote(Game._meta.get_field(name).column)}"

    day_columns = ", ".join(_column(DayPair, name) for name in ("meeting", "first", "second", "games"))
    return {
        # The days' old pairs out of their seasons' sums (both databases take UPDATE … FROM).
        "take_out": (
            f"UPDATE {season_table} SET {games} = {season_table}.{games} - old.p_games "
            f"FROM ({_season_sums(connection)} {in_days}) old WHERE {matched}"
        ),
        "delete_days": f"DELETE FROM {day_table} WHERE {_column(DayPair, 'meeting')} IN ({marks})",
        # Each counted seat joined to the later seats of its game: every pair once, the smaller id first.
        "count_days": (
            f"INSERT INTO {day_table} ({day_columns}) "
            f"SELECT {game('meeting')}, {seat('member', 'a')}, {seat('member', 'b')}, COUNT(*) "
            f"FROM {quote(GameSeat._meta.db_table)} a "
            f"JOIN {quote(GameSeat._meta.db_table)} b ON {seat('game', 'b')} = {seat('game', 'a')} "
            f"AND {seat('member', 'b')} > {seat('member', 'a')} "
            f"JOIN {quote(Game._meta.db_table)} g ON g.{quote(Game._meta.pk.column)} = {seat('game', 'a')} "
            f"WHERE {game('meeting')} IN ({marks}) AND NOT {game('void')} "
            f"GROUP BY {game('meeting')}, {seat('member', 'a')}, {seat('member', 'b')}"
        ),
        # The days' new pairs into their seasons' sums: a row added, or its sum raised.
        "add_in": (
            f"{_insert_season_pairs(connection)} {in_days} "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {games} = {season_table}.{games} + excluded.{games}"
        ),
    }
