"""The Games sheet (one row per game, in the import layout) and the Results sheet (one row per seat).

Games starts with exactly ``layout.game_columns(players)``, headers in the
user's language, so that an exported workbook imports back; the columns after
them (each seat's total, the rule set, the rule version, the venue, the game's
number, the points-only mark) are for people and are ignored by the import.
A points-only game (点数なし) has blank score cells and its points in the
points columns (and is marked 点数なし in both sheets); a game with scores
leaves the points columns blank.  The layout's last column is the game's note
(備考), text people typed, which the import reads back.  Void games are left out of both sheets.
Both stream their rows from the database in chunks.
"""

from itertools import groupby
from operator import itemgetter

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from scoring.points import tenths_from_points

from ..exchange.layout import WIND_NAMES, busts_text, chombo_text, game_columns, yakuman_text
from ..models.games import Game, GameSeat
from ..stats.standings import rule_settings
from ..text.formatting import points_number
from .cells import DATE, INT, OUR_TEXT, POINTS, TEXT, Column, Sheet

CHUNK = 2000


def japanese():
    return (get_language() or "ja").startswith("ja")


def games_in(choice):
    return (
        Game.objects.counted()
        .filter(meeting__club=choice.club)
        .for_rule_sets(choice.rule_sets)
        .between(choice.first_day, choice.last_day)
    )


def seats_in(choice):
    return (
        GameSeat.objects.counted()
        .filter(game__meeting__club=choice.club)
        .for_rule_sets(choice.rule_sets)
        .between(choice.first_day, choice.last_day)
    )


def players_of(choice):
    """Seats per game row: the rule sets' players (four when they differ, a three-player game leaves North empty)."""
    return max((rule_settings(period)["players"] for period in choice.periods()), default=4)


# -- Games -----------------------------------------------------------------------------------------------

LAYOUT_KINDS = {
    "date": DATE,
    "round": INT,
    "table": INT,
    "deposit": INT,
    "busts": OUR_TEXT,
    "yakuman": OUR_TEXT,
    "chombo": OUR_TEXT,
}  # texts the layout writes


def _layout_kind(key):
    if key.startswith(("score_", "chips_")):
        return INT
    if key.startswith("points_"):
        return POINTS
    return LAYOUT_KINDS.get(key, TEXT)


def games_sheet(choice):
    players = players_of(choice)
    in_japanese = japanese()
    columns = [
        Column(
            column.ja if in_japanese else column.en,
            _layout_kind(column.key),
            width=(16 if column.key.startswith("player_") or column.key == "yakuman" else None)
            if column.key != "note"
            else 30,
        )
        for column in game_columns(players)
    ]
    for seat in range(players):
        ja, _letter, en = WIND_NAMES[seat]
        columns.append(Column(f"{ja}家 合計" if in_japanese else f"{en} total", POINTS))
    columns += [
        Column(_("Rule set"), width=16),
        Column(_("Rules in force from"), DATE),
        Column(_("Venue"), width=16),
        Column(pgettext("game number", "Game"), INT),
        Column(_("Points only"), width=10),
    ]
    return Sheet(pgettext("workbook sheet", "Games"), columns, _game_rows(choice, players))


def _game_rows(choice, players):
    games = (
        games_in(choice)
        .in_meeting_order()
        .values_list(
            "id",
            "meeting__date",
            "round",
            "table",
            "deposit",
            "sheet",
            "meeting__rule_set__name",
            "rule_version__effective_from",
            "meeting__venue",
            "points_only",
            "note",
        )
        .iterator(chunk_size=CHUNK)
    )
    seats = (
        seats_in(choice)
        .in_meeting_order()
        .values_list("game_id", "seat", "member__name", "score", "chips", "total")
        .iterator(chunk_size=CHUNK)
    )
    by_game = groupby(seats, key=itemgetter(0))
    waiting = next(by_game, None)
    for game_id, day, round_number, table, deposit, sheet, rule_set, in_force_from, venue, points_only, note in games:
        seated = {}
        if waiting is not None and waiting[0] == game_id:
            seated = {seat: rest for _game, seat, *rest in waiting[1]}
            waiting = next(by_game, None)
        empty = (None, None, None, None)
        row = [day, round_number, table]
        for seat in range(players):
            name, score, _chips, _total = seated.get(seat, empty)
            row += [name, score]
        row.append(deposit)
        row += [seated.get(seat, empty)[2] for seat in range(players)]
        row += [
            busts_text(sheet.get("busts", [])),
            yakuman_text(sheet.get("yakuman", []), sheet.get("ended_by_yakuman")),
            chombo_text(sheet.get("chombo", [])),
        ]
        points = sheet.get("points") or []
        row += [
            points_number(tenths_from_points(points[seat])) if seat < len(points) else None for seat in range(players)
        ]
        row.append(note)
        row += [points_number(seated.get(seat, empty)[3]) for seat in range(players)]
        row += [rule_set, in_force_from, venue, game_id, points_only_mark(points_only)]
        yield row


def points_only_mark(points_only):
    """The mark of a game recorded only by its points (its score cells are blank)."""
    return _("points only") if points_only else None


# -- Results ---------------------------------------------------------------------------------------------


def results_sheet(choice):
    columns = [
        Column(_("Date"), DATE),
        Column(_("Rule set"), width=16),
        Column(_("Round"), INT),
        Column(_("Table"), INT),
        Column(pgettext("game number", "Game"), INT),
        Column(_("Seat"), OUR_TEXT, width=7),
        Column(_("Name"), width=16),
        Column(_("Score"), INT),
        Column(_("Chips"), INT),
        Column(_("Place"), INT),
        Column(_("Base"), POINTS),
        Column(_("Oka"), POINTS),
        Column(_("Uma"), POINTS),
        Column(_("Bust"), POINTS),
        Column(_("Chip points"), POINTS),
        Column(_("Shūgi"), POINTS),
        Column(_("Chombo"), POINTS),
        Column(_("Total"), POINTS),
        Column(_("Points only"), width=10),
    ]
    # The seats' winds are named now, in the language of the request, not when a streamed CSV is read.
    winds = [names[0] if japanese() else names[2] for _seat, names in sorted(WIND_NAMES.items())]
    return Sheet(pgettext("workbook sheet", "Results"), columns, _result_rows(choice, winds))


def _result_rows(choice, winds):
    seats = (
        seats_in(choice)
        .in_meeting_order()
        .values_list(
            "game__meeting__date",
            "game__meeting__rule_set__name",
            "game__round",
            "game__table",
            "game_id",
            "seat",
            "member__name",
            "score",
            "chips",
            "place",
            "base",
            "oka",
            "uma",
            "bust",
            "chip_points",
            "shugi",
            "chombo",
            "total",
            "game__points_only",
        )
        .iterator(chunk_size=CHUNK)
    )
    for day, rule_set, round_number, table, game_id, seat, name, score, chips, place, *parts, points_only in seats:
        yield (
            day,
            rule_set,
            round_number,
            table,
            game_id,
            winds[seat],
            name,
            score,
            chips,
            place,
            *(points_number(part) for part in parts),
            points_only_mark(points_only),
        )
