"""The Standings sheet (成績表): the standings service's lines, ranked then unranked, as on the page.

One block of lines per rule set (with a Rule set column when there are
several: points of different rule sets are never added together), and a Guest
column marking guests (ゲスト) when one played.  Rates are
fractions (0.371), which the sheet shows as percentages (37.1%).
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring

from ..models.games import PLACE_NAMES, PLACE_RATE_NAMES
from ..text.formatting import decimal_number, points_number
from .cells import AVERAGE, DATE, INT, POINTS, RATE, Column, Sheet


def standings_sheet(results):
    """The sheet of ``results``, the standings of the exported periods (one per rule set)."""
    several = len(results) > 1
    places = max((result.players for result in results), default=4)
    maru = any(result.win_points for result in results)
    all_win_points = bool(results) and all(result.win_points for result in results)
    columns = [Column(_("Rule set"), width=16)] if several else []
    # A Guest column only when a guest played: a club without guests keeps the sheet it always had.
    guests = any(result.has_guests for result in results)
    columns += [Column(_("Rank"), INT), Column(_("Name"), width=16), Column(_("Reading"), width=18)]
    columns += [Column(_("Guest"), width=8)] if guests else []
    columns += [
        Column(_("Games"), INT),
        Column(_("Win points") if all_win_points else _("Points"), POINTS),
        Column(_("Game points"), POINTS),
        Column(_("Adjustments"), POINTS),
        Column(_("Per game"), POINTS),
        Column(_("Average place"), AVERAGE),
        *(Column(str(PLACE_NAMES[place]), INT) for place in range(places)),
        *(Column(str(PLACE_RATE_NAMES[place]), RATE) for place in range(places)),
        Column(_("Top-two rate"), RATE),
        Column(_("Last-avoid rate"), RATE),
        Column(_("Busts"), INT),
        Column(_("Bust rate"), RATE),
        Column(_("Chips"), INT),
        Column(_("Chip points"), POINTS),
        Column(_("Shūgi"), POINTS),
        Column(_("Best"), POINTS),
        Column(_("Worst"), POINTS),
        Column(_("Average score"), INT),
        # Busts, the bust rate and the average score count only these (not the points-only games, 点数なし).
        Column(_("Games with scores"), INT),
        Column(_("Last played"), DATE),
        # Hanchan known only from day totals (日計): in Games, Points and Per game, in no place or score figure.
        Column(_("Hanchan from day totals"), INT),
        Column(_("Day total points"), POINTS),
    ]
    if maru:
        columns += [
            Column(_("Maru A"), INT),
            Column(_("Maru B"), INT),
            Column(_("Maru C"), INT),
            Column(_("Double maru A"), INT),
        ]
    # The rank and the name (and the rule set) name a row: frozen, and repeated on each printed page.
    return Sheet(
        pgettext("workbook sheet", "Standings"),
        columns,
        _rows(results, several, places, maru, guests),
        frozen_columns=2 + several,
    )


def _rows(results, several, places, maru, guests):
    for result in results:
        for line in result.lines:
            row = [result.period.rule_set.name] if several else []
            row += [
                line.rank,
                line.member.name,
                line.member.kana,
                *([_("guest") if line.member.guest else None] if guests else []),
                line.games,
                points_number(line.points),
                points_number(line.game_points),
                points_number(line.adjustments),
                decimal_number(line.per_game),
                decimal_number(line.average_place),
                *_padded(line.places, places),
                *_padded([_fraction(rate) for rate in line.place_rates], places),
                _fraction(line.rentai_rate),
                _fraction(line.last_avoid_rate),
                line.busts,
                _fraction(line.bust_rate),
                line.chips,
                points_number(line.chip_points),
                points_number(line.shugi),
                points_number(line.best),
                points_number(line.worst),
                line.average_score,
                line.scored_games,
                line.last_played,
                line.day_total_games,
                points_number(line.day_points),
            ]
            if maru:
                row += [line.maru.get(key) if result.win_points else None for key in scoring.MARU_KINDS]
            yield row


def _fraction(rate):
    """A rate in percent (Decimal 37.1, as the read models keep it) as the fraction a percentage cell holds: 0.371."""
    return None if rate is None else decimal_number(rate / 100)


def _padded(values, length):
    """A three-player rule set's places under four place columns: the fourth is left empty."""
    values = list(values)
    return values + [None] * (length - len(values))
