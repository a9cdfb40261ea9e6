"""How the site writes its figures: the one place that turns points, scores and yen into text or numbers.

Points are integer tenths everywhere below the pages (453 is +45.3), as the
database and the engine keep them.  For people they are written by
``format_points``: Japanese pages write minus as ▲ (▲12.0), English pages as
a minus sign (−12.0), and zero is ±0.0.  The template filters ``points``,
``score``, ``yen`` and ``signed`` (chips) only wrap the functions here; tables, charts, the chat
text, the recompute command, the rules in words and model ``__str__`` call
them directly.

For machines (the JSON API and number cells of the season workbook) points
are plain numbers with one decimal: ``points_number(453)`` is 45.3, with no
binary noise.
"""

import datetime
from decimal import Decimal
from functools import lru_cache

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, ngettext

# The kinds of figure a title or a record is won with (``format_figure``).
POINTS, SCORE, RATE, AVERAGE = "points", "score", "rate", "average"
GAMES, TIMES, MEETINGS = "games", "times", "meetings"


def _minus(language):
    """The minus sign people read in ``language`` (the active one when None): ▲ in Japanese, − otherwise."""
    language = language or get_language() or "ja"
    return "▲" if language.startswith("ja") else "−"


def format_points(value, language=None, trim=False, empty=""):
    """``453`` (tenths) or ``Decimal("45.3")`` → ``+45.3``; ``-120`` → ``▲12.0`` in Japanese, ``−12.0`` in English.

    ``trim`` drops a ``.0`` (``+20``, and ``0`` for zero), for settings such as
    uma rather than results.  None (or ``""``) is written as ``empty``: nothing on a page, a dash
    where a column of figures needs one (a command's output).
    """
    if value is None or value == "":
        return empty
    tenths = int(value * 10) if isinstance(value, Decimal) else int(value)
    if tenths == 0:
        return "0" if trim else "±0.0"
    magnitude = f"{abs(tenths) // 10}.{abs(tenths) % 10}"
    if trim and tenths % 10 == 0:
        magnitude = str(abs(tenths) // 10)
    return f"+{magnitude}" if tenths > 0 else f"{_minus(language)}{magnitude}"


def format_score(value, language=None):
    """A score in tenbō with thousands separators: 41,300; ▲2,500 in Japanese, −2,500 in English."""
    if value is None or value == "":
        return ""
    value = int(value)
    if value >= 0:
        return f"{value:,}"
    return f"{_minus(language)}{-value:,}"


def format_yen(value, language=None):
    """Yen: 1,050円 (▲350円 for a payment) in Japanese, ¥1,050 (−¥350) in English."""
    if value is None or value == "":
        return ""
    value = int(value)
    language = language or get_language() or "ja"
    if language.startswith("ja"):
        return f"{'▲' if value < 0 else ''}{abs(value):,}円"
    return f"{'−' if value < 0 else ''}¥{abs(value):,}"


def format_signed(value, language=None):
    """A signed count (chips) as points are signed: ``3`` → ``+3``, ``-3`` → ``▲3`` (``−3`` in English), ``±0``."""
    if value is None or value == "":
        return ""
    value = int(value)
    if value == 0:
        return "±0"
    return f"+{value}" if value > 0 else f"{_minus(language)}{-value}"


def format_figure(kind, value, language=None):
    """A title's or a record's figure as people read it: points (+45.3), a score (52,300), a rate (37.5%), an
    average place (2.33), or a count with its unit (24半荘, 3回, 12日; 24 games, 3 times, 12 meetings)."""
    if value is None:
        return ""
    if kind == POINTS:
        return format_points(value, language)
    if kind == SCORE:
        return format_score(value, language)
    if kind == RATE:
        return f"{value}%"
    if kind == AVERAGE:
        return str(value)
    units = {
        GAMES: ngettext("%(count)s game", "%(count)s games", value),
        TIMES: ngettext("%(count)s time", "%(count)s times", value),
        MEETINGS: ngettext("%(count)s meeting", "%(count)s meetings", value),
    }
    return units[kind] % {"count": value}


def format_date(day):
    """A day in the language's one date style (janroku/formats/): 2026/11/21(土), Sat 21 Nov 2026.

    Templates reach the same style through ``|date:"DATE_FORMAT"``.
    """
    if type(day) is not datetime.date:  # a datetime equals another in another time zone: not a key
        return date_format(day, "DATE_FORMAT")
    return _date_in(get_language(), day, "DATE_FORMAT")


def format_month_day(day):
    """A day without its year, as a column heading (the running standings): 11/21, 21 Nov."""
    return _date_in(get_language(), day, "MONTH_DAY_FORMAT")


@lru_cache(maxsize=8192)
def _date_in(language, day, style):
    """Django's date formatting takes a fifth of a millisecond a day, and a member's points line writes hundreds
    of days, the same on every request: each day is written once per language (the formats never change)."""
    return date_format(day, style)


def points_number(tenths):
    """Stored tenths as a plain number of points, for JSON and number cells: 453 → 45.3, -5 → -0.5.

    Exact: a float division is correctly rounded, so ``453 / 10`` is the float
    closest to 45.3 (the same as ``float("45.3")``), which JSON and a
    spreadsheet write back as 45.3.  A whole number keeps its decimal
    (-120 → -12.0).  None stays None.  Plain division rather than a Decimal
    because the workbook calls this for every seat of a season.
    """
    return None if tenths is None else tenths / 10


def decimal_number(value):
    """A Decimal figure (a rate, an average, points per game) as a plain number for JSON and cells; None stays None."""
    return None if value is None else float(value)


def points_number_format(language=None):
    """The spreadsheet number format that writes a points cell as ``format_points`` writes points.

    ``+45.3``, ``▲12.0`` (Japanese) or ``-12.0`` (English: a spreadsheet's own minus sign, which
    people type back), and ``±0.0``; the cell keeps its number.  The sections are positive;negative;zero,
    a negative number shown without its sign, so the ▲ replaces it.  Signs other than + and - are
    quoted, as Excel and LibreOffice both require of literal text.
    """
    minus = '"▲"' if _minus(language) == "▲" else "-"
    return f'+0.0;{minus}0.0;"±"0.0'


def yen_number_format(language=None):
    """A workbook's yen cells, signed as ``format_yen`` signs: ▲350 in Japanese, -350 in English."""
    return '#,##0;"▲"#,##0' if _minus(language) == "▲" else "#,##0"


def date_number_format(language=None):
    """A workbook's date cells as the club's readers write a day: 2026/04/04 in Japanese (what Japanese Excel
    shows for a date typed there), ISO 2026-04-04 in English (read the same in every English-speaking country)."""
    return "yyyy/mm/dd" if _in_japanese(language) else "yyyy-mm-dd"


def workbook_date(day, language=None):
    """A day inside a workbook's text (a title, "from …"), in the style of its date cells (``date_number_format``)."""
    if day is None:
        return ""
    return day.strftime("%Y/%m/%d" if _in_japanese(language) else "%Y-%m-%d")


def _in_japanese(language):
    return (language or get_language() or "ja").startswith("ja")


def place_label(place: int) -> str:
    """1st, 2nd… (1着, 2着… in Japanese)."""
    return {1: gettext("1st"), 2: gettext("2nd"), 3: gettext("3rd"), 4: gettext("4th")}[place]
