"""The import template (取り込み用テンプレート): the layout's headers in the user's language and two example games.

The .xlsx has the Games sheet (named 対局 or Games, so that it imports as it
is) and an instructions sheet; the CSV is the Games sheet alone, in UTF-8
with a BOM so that Excel opens it with the Japanese intact.
"""

import csv
import datetime
import io

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from openpyxl import Workbook

from ..exchange.layout import game_columns, wind
from ..exports.render import clean_text, text_cell

EXAMPLE_NAMES = ("山田太郎", "佐藤花子", "鈴木一郎", "高橋次郎")
EXAMPLE_DATE = datetime.date(2026, 4, 5)


def _japanese():
    return (get_language() or "ja").startswith("ja")


def headers(players):
    return [column.ja if _japanese() else column.en for column in game_columns(players)]


def example_rows(players, start):
    """Two games that import under rules starting from ``start`` points: a bust, then a deposit and chips."""
    if players == 4:
        first, second, chips = [27300, 6500, -6300, -27500], [8000, 2000, -4000, -7000], [2, 0, -1, -1]
    else:
        first, second, chips = [32000, 5500, -37500], [9000, -2000, -8000], [1, 0, -1]
    rows = []
    for number, (deltas, deposit, game_chips) in enumerate(
        [(first, 0, [0] * players), (second, -sum(second), chips)], start=1
    ):
        values = {
            "date": EXAMPLE_DATE,
            "round": number,
            "table": 1,
            "deposit": deposit,
            "busts": f"{wind(players - 1)}:{wind(0)}" if number == 1 else "",
            "yakuman": "",
            "chombo": "",
        }
        for seat in range(players):
            values[f"player_{seat}"] = EXAMPLE_NAMES[seat]
            values[f"score_{seat}"] = start + deltas[seat]
            values[f"chips_{seat}"] = game_chips[seat] or ""
            values[f"points_{seat}"] = ""  # for a game known only by its points
        values["note"] = "" if number == 1 else _("Chips paid in cash")
        rows.append([values[column.key] for column in game_columns(players)])
    return rows


def instructions():
    return [
        _(
            "One row per game, below the header row. Keep the headers; the columns may be in any order, with "
            "headers in Japanese or English. Other columns are ignored."
        ),
        _(
            "Date: 2026-04-05, 2026/04/05, 2026年4月5日 or a date cell. Round and table: whole numbers from 1 "
            "(an empty table is table 1)."
        ),
        _(
            "Players in seat order (East is the starting dealer) with their final scores, such as 41300, 41,300 or "
            "▲5200. The scores and the deposit must add up to the points the players started with."
        ),
        _(
            "Names are matched to the club's members by name or by reading (kana). Names no member has can be "
            "matched to a member, or created, before anything is saved."
        ),
        _(
            "Deposit: riichi sticks left on the table at the end (empty means 0). Chips: each player's chips, "
            "won or paid (▲2); empty means 0."
        ),
        _(
            "Busts: 北:東 (North busted by East), or 北:トップ when nobody in particular did; several separated by "
            "commas."
        ),
        _(
            "Yakuman: 東:国士無双:ロン:北 (winner, name, ツモ or ロン, and who dealt in), then if needed 責西 "
            "(pao), 数え (a counted yakuman), x2 (a double) or 終 (it ended a ブー麻雀 game)."
        ),
        _("Chombo: the seat of each offender, such as 西, or 西,西 for two."),
        _(
            "Games known only by their points (点数なし): leave the scores empty and write each player's final "
            "points, before chips, in the points columns (+45.3, ▲12.0). They must add up to what the rules "
            "allow (0 for most clubs); no busts are written for such a game."
        ),
        _(
            "Note (備考): anything written beside the game, kept as its note. A note naming a yakuman (役満 大三元 "
            "中島) is listed in the preview, so that the yakuman can be recorded too."
        ),
        _(
            "Save as .xlsx or as CSV (UTF-8 or Shift_JIS); at most 5 MB and 20,000 games. Importing the same file "
            "again skips the games already saved."
        ),
    ]


def template_workbook(players, start):
    workbook = Workbook(write_only=True)
    games = workbook.create_sheet("対局" if _japanese() else "Games")
    # Text goes through the exports' one text cell: never a formula, whatever it starts with.
    games.append([text_cell(games, text) for text in headers(players)])
    for row in example_rows(players, start):
        games.append([text_cell(games, value) if isinstance(value, str) else value for value in row])
    notes = workbook.create_sheet(_("Instructions"))
    for line in instructions():
        notes.append([text_cell(notes, line)])
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def template_csv(players, start):
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([clean_text(text) for text in headers(players)])
    for row in example_rows(players, start):
        writer.writerow(
            [
                value.isoformat()
                if isinstance(value, datetime.date)
                else clean_text(value)
                if isinstance(value, str)
                else value
                for value in row
            ]
        )
    return "\ufeff" + out.getvalue()
