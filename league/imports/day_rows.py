"""Reading one day row of an import (a 集計表 with a 半荘数 column) into a PlannedGame that is a day total (日計).

The row's members, its count of hanchan and each member's final points for
the day are read like a points-only game's (the same date, rule set and name
checks, league/imports/rows.py); the sum is checked by the engine for that
many hanchan (``scoring.check_day_points``).  Nothing is settled: the day
total is kept as written (league/models/day_totals.py).
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import scoring
from scoring.points import points_from_tenths

from ..text.rule_checks import engine_message
from ..text.score_input import parse_count
from .rows import _check_version, _engine_column, _players, _read_date, _read_players, _Row, _rule_set

GAMES = "games"  # the Table key of a day row's count of hanchan (its 半荘数 cell)


def read_day_row(plan, number, cells, finder, unknown):
    row = _Row(plan, number, cells)
    game = row.game
    game.rule_set = _rule_set(row)
    _read_date(row)
    game.day_games = _count(row)
    _check_version(row)
    players = _players(row)
    _read_players(row, finder, unknown, players)
    game.scores = None
    game.points = [row.points(f"points_{seat}") for seat in range(players)]
    if row.numbers_ok and game.rule_version is not None:
        try:
            scoring.check_day_points(
                game.rule_version.rules, [points_from_tenths(value) for value in game.points], game.day_games
            )
        except scoring.ScoringError as refusal:
            for error in refusal.errors:
                row.problem(_engine_column(error.field) if error.field != GAMES else GAMES, engine_message(error))
    return game


def _count(row):
    """The row's number of hanchan: a whole number from 1 to 99."""
    text = row.text(GAMES)
    try:
        value = parse_count(text)
    except ValidationError as error:
        row.problem(GAMES, " ".join(error.messages))
        return None
    if value is None:
        row.empty(GAMES)
    elif not 1 <= value <= scoring.MOST_DAY_GAMES:
        row.problem(
            GAMES,
            _("Expected a number of hanchan from 1 to %(most)s, not %(value)s.")
            % {"most": scoring.MOST_DAY_GAMES, "value": text},
        )
        return None
    return value
