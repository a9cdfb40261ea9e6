"""The Printable standings sheet (印刷用成績表): the standings' key columns only, to print on A4 portrait.

Rank, name, games, points, average place and the count of each place (the
rule set's players), then chips and shūgi only when someone in the period has
some (``extra_figures``: a club without chips prints no chips column).  One
sheet per rule set (as the Tally), ranked members then the unranked without a
rank; printed portrait, one page wide, 40 members a page at 10 points or more
(``render._print_setup``).  The printable standings page
(``league/page_tables/printable.py``) shows the same columns.
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..models.games import PLACE_NAMES
from ..text.formatting import decimal_number, points_number
from .cells import AVERAGE, INT, POINTS, Column, Sheet
from .render import display_width

EXTRAS = ("chips", "shugi")  # the figures a club may not use at all


def extra_figures(result):
    """Which of chips and shūgi the standings ``result`` shows: those someone has (ranked or not)."""
    return [name for name in EXTRAS if any(getattr(line, name) for line in result.lines)]


def printable_sheets(choice, results):
    """One Printable standings sheet per rule set of ``choice`` that has members; ``results`` their standings."""
    several = len(results) > 1
    return [_printable_sheet(choice, result, several) for result in results if not several or result.lines]


def _compact(header, kind, least):
    """A column as narrow as its heading allows: the sheet must fit A4 portrait at a readable size."""
    return Column(header, kind, width=max(least, display_width(header) + 1))


def _printable_sheet(choice, result, several):
    extras = extra_figures(result)
    columns = [
        _compact(_("Rank"), INT, 5),
        Column(_("Name"), width=14),
        _compact(_("Games"), INT, 5),
        _compact(_("Win points") if result.win_points else _("Points"), POINTS, 8),
        _compact(_("Average place"), AVERAGE, 6),
        *(_compact(str(PLACE_NAMES[place]), INT, 4) for place in range(result.players)),
    ]
    if "chips" in extras:
        columns.append(_compact(_("Chips"), INT, 5))
    if "shugi" in extras:
        columns.append(_compact(_("Shūgi"), POINTS, 7))
    title = pgettext("workbook sheet", "Printable standings")
    rule_set = result.period.rule_set.name
    rows = [
        [
            line.rank,
            line.member.name,
            line.games,
            points_number(line.points),
            decimal_number(line.average_place),
            *line.places,
            *([line.chips] if "chips" in extras else []),
            *([points_number(line.shugi)] if "shugi" in extras else []),
        ]
        for line in result.lines
    ]
    return Sheet(
        f"{title} {rule_set}" if several else title,
        columns,
        rows,
        title_rows=[f"{choice.title} {rule_set}"],
        frozen_columns=2,
        portrait_rows=len(rows),
    )
