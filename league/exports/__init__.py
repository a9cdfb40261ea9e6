"""Exports (エクスポート): the season workbook and the results CSV.

Each sheet is a row generator (``*_sheets.py``) over the stored rows; one
renderer writes any list of sheets as an .xlsx workbook (openpyxl write-only
mode) or one sheet as CSV (``render.py``).  ``choice.ExportChoice`` says what
is exported: the club's rule sets (one or all) between two days.

- ``season_sheets(choice)``: Standings, Printable standings (印刷用成績表, one per rule set), Tally (集計表,
  one per rule set that has games), Awards (表彰),
  Records (記録), Games, Results, Meetings, Meeting money, Members, Rules;
- ``results_sheet(choice)``: the Results sheet alone, for the CSV.
"""

from ..stats.standings import standings
from .awards_sheets import awards_sheet, records_sheet
from .choice import ExportChoice
from .club_sheets import members_sheet, rules_sheet
from .games_sheets import games_sheet, results_sheet
from .meetings_sheets import meetings_sheets
from .printable_sheet import printable_sheets
from .render import csv_chunks, write_csv, write_xlsx
from .standings_sheet import standings_sheet
from .tally_sheet import tally_sheets

__all__ = [
    "ExportChoice",
    "csv_chunks",
    "results_sheet",
    "season_sheets",
    "write_csv",
    "write_season_workbook",
    "write_xlsx",
]


def season_sheets(choice):
    """Every sheet of the season workbook, in order; the long ones stream their rows when written."""
    results = [standings(period) for period in choice.periods()]  # read once for every sheet that shows them
    return [
        standings_sheet(results),
        *printable_sheets(choice, results),
        *tally_sheets(choice, results),
        awards_sheet(choice, results),
        records_sheet(choice),
        games_sheet(choice),
        results_sheet(choice),
        *meetings_sheets(choice),
        members_sheet(choice),
        rules_sheet(choice),
    ]


def write_season_workbook(choice, target):
    """Write the season workbook of ``choice`` to ``target`` (a path or a binary file), in the active language."""
    write_xlsx(season_sheets(choice), target, title=choice.title)
