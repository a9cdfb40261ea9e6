"""Reading the date of a game as clubs write it in their spreadsheets.

Accepted: a date cell (read as 2026-11-21), ``2026-11-21``, ``2026/11/21``,
``2026.11.21``, ``2026年11月21日`` (a weekday in brackets after it is
ignored), a time after the date (ignored), and the Japanese era forms
``R8.11.21``, ``令和8年11月21日``, ``H30.4.1``, ``平成元年5月1日``, and a date
cell Excel shows as a number (its serial number, 46347 for 2026-11-21).
Full-width digits are read too.  A date without its year (``4/1``,
``4月1日``) is completed by the layout reader from the dates around it
(league/imports/layouts/dates.py); left without one, it is refused saying so.
"""

import datetime
import re
import unicodedata

from django.utils.translation import gettext as _

ERAS = {"令和": 2018, "r": 2018, "平成": 1988, "h": 1988, "昭和": 1925, "s": 1925}
WESTERN = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$")
KANJI = re.compile(r"^(\d{4})年(\d{1,2})月(\d{1,2})日$")
ERA = re.compile(r"^(令和|平成|昭和|[rhs])(元|\d{1,2})(?:年|[-/.])(\d{1,2})(?:月|[-/.])(\d{1,2})日?$")
SHORT = re.compile(r"^(\d{1,2})(?:[-/.]|月)(\d{1,2})日?$")  # 4/1, 4月1日: no year
SERIAL = re.compile(r"^(\d{5})(?:\.0+)?$")  # an Excel date cell formatted as a number
SERIAL_RANGE = (18_264, 73_051)  # 1950-01-01 to 2099-12-31
EXCEL_EPOCH = datetime.date(1899, 12, 30)
WEEKDAY = re.compile(r"\([^)]{1,3}\)$")  # 2026/11/21(土)


class DateError(ValueError):
    pass


def parse_date(text):
    """The date ``text`` names, or raises DateError with a message saying how to write it."""
    clean = unicodedata.normalize("NFKC", str(text)).strip().lower()
    clean = WEEKDAY.sub("", clean).strip()
    try:
        if match := WESTERN.match(clean) or KANJI.match(clean):
            return datetime.date(int(match[1]), int(match[2]), int(match[3]))
        if match := ERA.match(clean):
            year = 1 if match[2] == "元" else int(match[2])
            return datetime.date(ERAS[match[1]] + year, int(match[3]), int(match[4]))
        if (match := SERIAL.match(clean)) and SERIAL_RANGE[0] <= int(match[1]) <= SERIAL_RANGE[1]:
            return EXCEL_EPOCH + datetime.timedelta(days=int(match[1]))
    except ValueError:
        pass
    if SHORT.match(clean):
        raise DateError(
            _(
                "“%(text)s” has no year. Write the year in the date (2024/4/1), or once in a title row "
                "above the header (2024年度)."
            )
            % {"text": text}
        )
    raise DateError(_("“%(text)s” is not a date. Write it like 2026-11-21 or 2026/11/21.") % {"text": text})
