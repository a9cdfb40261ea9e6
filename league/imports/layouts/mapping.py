"""A layout the secretary described: which column is what, chosen on the import page, and kept for the club.

When no layout reads a sheet, the import page shows its first rows and asks,
for each column, what it holds (date, round, table, rule set, note, player n,
score n, points n, or nothing to import), and which row is the header (or none).
The rows are then read as one row per game with those columns (pergame.py),
so totals rows, blank dates and missing rounds are handled as for any sheet.

Asked to, the choice is kept on the club (``Club.import_layouts``), keyed by
the header row's texts: the next file with the same header row is read with
it at once.  A club keeps its ``KEPT`` most recent layouts.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from ...models.clubs import Club
from ..table import HEADER_SEARCH, column_name
from .headers import normal
from .pergame import game_table

KEPT = 10
MAPPED, SAVED = "mapped", "saved"
SHOWN_ROWS = 8  # rows shown on the mapping page
MOST_COLUMNS = 30  # columns offered there


def column_choices(players):
    """(key, label) for each thing a column may hold, in the order the mapping page lists them."""
    choices = [
        ("", _("— not imported —")),
        ("date", column_name("date", players)),
        ("round", column_name("round", players)),
        ("table", column_name("table", players)),
        ("rule_set", column_name("rule_set", players)),
        ("note", column_name("note", players)),
    ]
    for seat in range(players):
        choices += [
            (f"player_{seat}", column_name(f"player_{seat}", players)),
            (f"score_{seat}", column_name(f"score_{seat}", players)),
            (f"points_{seat}", column_name(f"points_{seat}", players)),
        ]
    return choices


def missing_keys(found, players):
    """The keys a chosen mapping still lacks: the date, and each seat's player with a score or points."""
    missing = [] if "date" in found else ["date"]
    for seat in range(players):
        if f"player_{seat}" not in found:
            missing.append(f"player_{seat}")
        if f"score_{seat}" not in found and f"points_{seat}" not in found:
            missing.append(f"score_{seat}")
    return missing


def header_texts(cells):
    texts = [normal(cell) for cell in cells]
    while texts and not texts[-1]:
        texts.pop()
    return texts


def _index_of(sheet, header_row):
    return next((index for index, (number, _cells) in enumerate(sheet.rows) if number == header_row), None)


def mapped_table(sheet, players, header_row, found, rule_set_name=""):
    """The Table read with the columns chosen: ``found`` maps a key to its position; ``header_row`` may be None."""
    index = _index_of(sheet, header_row) if header_row is not None else None
    return game_table(sheet, index, found, players, rule_set_name, layout=MAPPED)


def layout_to_keep(sheet, header_row, found):
    """What the club keeps of a mapping (None for a sheet without a header row: nothing to know it by)."""
    index = _index_of(sheet, header_row) if header_row is not None else None
    if index is None:
        return None
    return {"header": header_texts(sheet.rows[index][1]), "columns": dict(found)}


def kept_layouts(kept, layout):
    """The club's layouts with ``layout`` first (replacing one for the same header), at most KEPT."""
    others = [old for old in kept or [] if old.get("header") != layout["header"]]
    return [layout, *others][:KEPT]


def keep_layout(club, layout):
    """Keep ``layout`` on the club for its next files (the club's row locked: two imports at once keep both)."""
    if layout is None:
        return
    with transaction.atomic():
        locked = Club.objects.select_for_update().get(pk=club.pk)
        locked.import_layouts = kept_layouts(locked.import_layouts, layout)
        locked.save(update_fields=["import_layouts"])
    club.import_layouts = locked.import_layouts


def saved_table(sheet, players, saved):
    """The Table read with a layout the club kept, when one of the first rows is its header; else None."""
    if not saved:
        return None
    by_header = {tuple(layout["header"]): layout for layout in saved if layout.get("header")}
    for index, (_number, cells) in enumerate(sheet.rows[:HEADER_SEARCH]):
        layout = by_header.get(tuple(header_texts(cells)))
        if layout is not None and not missing_keys(layout["columns"], players):
            return game_table(sheet, index, dict(layout["columns"]), players, layout=SAVED)
    return None


def first_rows(sheet):
    """The rows the mapping page shows, each padded to the same width (at most MOST_COLUMNS)."""
    rows = sheet.rows[:SHOWN_ROWS]
    width = min(MOST_COLUMNS, max((len(cells) for _number, cells in rows), default=0))
    return width, [(number, (list(cells) + [""] * width)[:width]) for number, cells in rows]
