"""What a sheet is made of: typed columns and rows of plain Python values.

A sheet's rows hold values only (``str``, ``int``, ``float``, ``date``,
``bool`` or ``None``); each column's ``kind`` says how the renderers write
them, so the row generators never deal with cells or number formats:

- ``TEXT``: text, neutralised (see ``neutralise``);
- ``INT``: a whole number (games, rounds, chips, scores);
- ``POINTS``: points as a number of points (``formatting.points_number(453)`` is 45.3), one decimal shown;
- ``YEN``: whole yen, with a thousands separator;
- ``DATE``: a ``datetime.date``;
- ``RATE``: a percentage with one decimal (37.1 means 37.1 %), as on the standings page
  (``formatting.decimal_number`` turns the read models' Decimals into numbers);
- ``AVERAGE``: a figure shown with two decimals (the average place);
- ``BOOL``: true or false.
"""

from collections.abc import Iterable
from dataclasses import dataclass

TEXT, INT, POINTS, YEN, DATE, RATE, AVERAGE, BOOL = "text", "int", "points", "yen", "date", "rate", "average", "bool"

# Characters a spreadsheet may read as the start of a formula (with the full-width forms a Japanese
# input method produces, which Excel also accepts), and the tab and carriage return that CSV
# injection uses to start a new cell or line.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def neutralise(text):
    """Text a spreadsheet could read as a formula gets a leading ``'`` (=SUM(…) → '=SUM(…)); other text is kept."""
    if text and text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


@dataclass(frozen=True)
class Column:
    header: str
    kind: str = TEXT
    width: float | None = None  # in characters; the renderer picks one from the header and the kind otherwise


@dataclass
class Sheet:
    """One sheet: a title, its columns and its rows (an iterable read once, so that it may stream)."""

    title: str
    columns: list
    rows: Iterable

    @property
    def headers(self):
        return [str(column.header) for column in self.columns]
