"""What a sheet is made of: typed columns and rows of plain Python values.

A sheet's rows hold values only (``str``, ``int``, ``float``, ``date``,
``bool`` or ``None``); each column's ``kind`` says how the renderers write
them, so the row generators never deal with cells or number formats:

- ``TEXT``: text people typed (names, readings, venues, rule set names): a
  spreadsheet must never take it for a formula (see ``looks_like_formula``);
- ``OUR_TEXT``: text the site writes itself (the rules in words, winds, busts,
  the day's explanation): a text cell like any, without the quote-prefix
  style in the workbook (``+20 / +10`` is ours); a CSV neutralises every text;
- ``INT``: a whole number (games, rounds, chips, scores);
- ``POINTS``: points as a number of points (``formatting.points_number(453)`` is 45.3), shown signed
  (+45.3, ▲12.0) by the cell's number format;
- ``YEN``: whole yen, with a thousands separator;
- ``DATE``: a ``datetime.date``, shown 2026/04/04 in a Japanese workbook, 2026-04-04 in an English one
  (``formatting.date_number_format``);
- ``RATE``: a fraction shown as a percentage with one decimal (0.371 shows as 37.1%);
- ``AVERAGE``: a figure shown with two decimals (the average place);
- ``BOOL``: true or false.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field

TEXT, OUR_TEXT, INT, POINTS, YEN, DATE, RATE, AVERAGE, BOOL = (
    "text",
    "our text",
    "int",
    "points",
    "yen",
    "date",
    "rate",
    "average",
    "bool",
)

# Characters a spreadsheet may read as the start of a formula (with the full-width forms a Japanese
# input method produces, which Excel also accepts), and the tab and carriage return that CSV
# injection uses to start a new cell or line.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def looks_like_formula(text):
    """Whether a spreadsheet could take ``text`` for a formula (or, in CSV, for the start of another cell)."""
    return bool(text) and text.startswith(FORMULA_STARTS)


def neutralise(text):
    """For CSV, which has no styles: formula-like text gets a leading ``'`` (=SUM(…) → '=SUM(…)).

    The workbook keeps the text as it is and gives the cell Excel's quote-prefix style instead
    (``render.py``).
    """
    return "'" + text if looks_like_formula(text) else text


@dataclass(frozen=True)
class Column:
    header: str
    kind: str = TEXT
    width: float | None = None  # in characters; the renderer picks one from the header and the kind otherwise
    wrap: bool = False  # long texts (the site's explanations) wrap inside the column rather than run across pages


@dataclass
class Sheet:
    """One sheet: a title, its columns and its rows (an iterable read once, so that it may stream).

    - ``title_rows``: lines of text above the header row (the club and the season);
    - ``footer``: rows below the data rows, outside the autofilter (totals): ``(kind, values)`` pairs,
      ``values`` one per column, its text values labels (``OUR_TEXT``), the others of ``kind``; read
      after ``rows``, so that it may hold what they added up;
    - ``frozen_columns``: the columns that name a row (rank and name, a game's date): kept on screen when
      scrolling right (besides the header row), and repeated at the left of every printed page of a sheet
      too wide for one page;
    - ``portrait_rows``: for a sheet meant to be printed (印刷用成績表), its number of data rows: it then
      prints portrait, one page wide and ``PORTRAIT_ROWS`` rows a page (0: printed as every other sheet;
      ``render._print_setup``).
    """

    title: str
    columns: list
    rows: Iterable
    title_rows: list = field(default_factory=list)
    footer: Iterable = ()
    frozen_columns: int = 0
    portrait_rows: int = 0

    @property
    def headers(self):
        return [str(column.header) for column in self.columns]
