"""Dates as day sheets write them: once per day and blank below, and without the year (4/1, 11/20).

A blank date takes the date of the row above it (the day's first row names
it; a merged date cell reads the same way).  A date without its year takes the
year of the dates around it: the last full date above it (2024/12/20, then 1/10
is 2025/1/10: a month going back means the next year), else a year in a title
row above the header (``2024年`` from January, ``2024年度`` from April, so 1/15
is in 2025), else, for pasted chat lines only (``today``), the most recent such
day not after today.  A date still without a year is refused by ``parse_date``
saying so.
"""

import datetime
import re
import unicodedata

from ..values import ERAS, SHORT, DateError, parse_date

FISCAL = re.compile(r"((?:19|20)\d{2})\s*年度")
ERA_FISCAL = re.compile(r"(令和|平成|昭和)\s*(元|\d{1,2})\s*年度")
YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
ERA_YEAR = re.compile(r"(令和|平成|昭和)\s*(元|\d{1,2})\s*年")
FISCAL_START = 4  # the Japanese fiscal year (年度) starts in April


def year_hint(title_rows):
    """(year, first month) named by the title rows above the header (2024年度 → (2024, 4)), or None."""
    for cells in title_rows:
        text = unicodedata.normalize("NFKC", " ".join(str(cell) for cell in cells))
        if match := FISCAL.search(text):
            return int(match[1]), FISCAL_START
        if match := ERA_FISCAL.search(text):
            return _era_year(match), FISCAL_START
        if match := ERA_YEAR.search(text):
            return _era_year(match), 1
        if match := YEAR.search(text):
            return int(match[1]), 1
    return None


def _era_year(match):
    return ERAS[match[1]] + (1 if match[2] == "元" else int(match[2]))


def fill_dates(rows, hint=None, today=None):
    """Carry each blank date down and complete dates without a year, in place (rows: (number, cells))."""
    short = any(SHORT.match(unicodedata.normalize("NFKC", cells.get("date") or "").strip()) for _n, cells in rows)
    running = hint  # (year, month) of the last date read
    last = ""
    for _number, cells in rows:
        text = (cells.get("date") or "").strip()
        if not text:
            if last:
                cells["date"] = last
            continue
        clean = unicodedata.normalize("NFKC", text).strip()
        if written := SHORT.match(clean):
            month, day = int(written[1]), int(written[2])
            year = _year_for(month, day, running, today)
            if year is not None:
                try:
                    cells["date"] = datetime.date(year, month, day).isoformat()
                except ValueError:
                    pass  # 2/30: left as written, refused by parse_date
                else:
                    running = (year, month)
        elif short:  # the year of a full date is needed only for the dates without one below it
            try:
                found = parse_date(text)
            except DateError:
                pass
            else:
                running = (found.year, found.month)
        last = cells["date"]


def _year_for(month, day, running, today):
    if running is not None:
        year, last_month = running
        return year + 1 if month < last_month else year
    if today is not None:
        return today.year if (month, day) <= (today.month, today.day) else today.year - 1
    return None


def number_rounds(rows):
    """Round numbers for a sheet without a 回戦 column: 1, 2, 3… in row order within each day and table."""
    counts = {}
    for _number, cells in rows:
        slot = ((cells.get("date") or "").strip(), (cells.get("table") or "").strip() or "1")
        counts[slot] = counts.get(slot, 0) + 1
        cells["round"] = str(counts[slot])
