"""Reading scores, points and counts the way secretaries type them at the table.

Scores (素点) accepted: ``41300``, ``41,300``, ``41.3`` (thousands), ``413`` when the club
types scores in hundreds, ``41`` for 41,000 in a sheet written in thousands
(``in_thousands``; ``scores_in_thousands`` decides it for a whole file),
full-width digits (４１３００), and minus written ``-``, ``−``, ``▲``, ``△`` or
``ー`` (the long-vowel mark a Japanese keyboard gives for minus).  Points
(``+45.3``, ``▲12``, ``±0.0``, ``２．５``, ``10pt``) are read into integer tenths by
``parse_points``.  Anything else is refused with a message saying what to type.
"""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MINUS_SIGNS = "-−‐‑–—―ー▲△"
PLUS_SIGNS = "+±"  # ±0.0 is how the site writes zero
MOST_POINTS = 999_900  # far beyond any table's total; a longer number is a typo
NUMBER = re.compile(r"^(?P<whole>\d+)(?:\.(?P<tenth>\d))?$")
GROUPED = re.compile(r"^\d{1,3}(?:,\d{3})+$")
TOO_PRECISE = re.compile(r"^\d*\.\d{2,}$")
MOST_TYPED_POINTS = 99_999  # a setting or an adjustment beyond this is a typo
POINTS_UNIT = re.compile(r"(?i)(pt|p)$")
THOUSAND = 1000


def _sign_and_digits(text):
    text = str(text)
    if text.isascii() and text.isdigit():  # the commonest cell of an import (41300): nothing below changes it
        return 1, text
    text = unicodedata.normalize("NFKC", text).strip()
    for noise in (" ", "点", "枚"):
        text = text.replace(noise, "")
    sign = 1
    if text and text[0] in MINUS_SIGNS:
        sign, text = -1, text[1:]
    elif text and text[0] in PLUS_SIGNS:
        text = text[1:]
    if GROUPED.match(text):
        text = text.replace(",", "")
    return sign, text


def parse_score(text, in_hundreds=False, in_thousands=False):
    """Return the score as an integer number of points, or None when left empty.

    ``in_thousands``: the whole sheet writes scores in thousands, so ``41`` is 41,000 (``41.3`` always is 41,300).
    """
    if text is None or not str(text).strip():
        return None
    sign, digits = _sign_and_digits(text)
    match = NUMBER.match(digits)
    if not match:
        raise ValidationError(
            _("“%(text)s” is not a score. Type it like 41300 or ▲5200."),
            code="not_a_score",
            params={"text": text},
        )
    whole = int(match["whole"])
    if match["tenth"] is not None and whole >= 1000:  # 41300.5 is a typo, not thousands
        raise ValidationError(
            _("“%(text)s” is not a score. Type it like 41300 or ▲5200."),
            code="not_a_score",
            params={"text": text},
        )
    if match["tenth"] is not None:  # 41.3 means 41,300
        value = whole * 1000 + int(match["tenth"]) * 100
    elif in_thousands and whole < THOUSAND:  # 41 means 41,000 in a sheet written in thousands
        value = whole * 1000
    elif in_hundreds and whole < 1000:  # 413 means 41,300
        value = whole * 100
    else:
        value = whole
    if value > MOST_POINTS:
        raise ValidationError(
            _("%(value)s is more points than a game can have."),
            code="too_large",
            params={"value": sign * value},
        )
    if value % 100:
        raise ValidationError(
            _("%(value)s is not a multiple of 100."),
            code="not_hundreds",
            params={"value": sign * value},
        )
    return sign * value


def parse_count(text):
    """A whole number such as a chip count, signed, or None when left empty."""
    if text is None or not str(text).strip():
        return None
    sign, digits = _sign_and_digits(text)
    if not digits.isdigit():
        raise ValidationError(
            _("“%(text)s” is not a whole number."),
            code="not_whole",
            params={"text": text},
        )
    return sign * int(digits)


def scores_in_thousands(texts):
    """Whether a file's scores are written in thousands (41.3 for 41,300): decided once for the whole file.

    They are when every score is a number under 1,000 with at most one decimal and at least one has a
    decimal.  A sheet in thousands then reads ``30`` as 30,000 too; a sheet whose scores are all whole
    numbers under 1,000 is not guessed at (300 stays 300 points, refused as not adding up), and one score
    written in full (25000) means the file is in full points.
    """
    seen_decimal = False
    for text in texts:
        if text is None or not str(text).strip():
            continue
        _sign, digits = _sign_and_digits(text)
        match = NUMBER.match(digits)
        if not match or int(match["whole"]) >= THOUSAND:
            return False
        seen_decimal = seen_decimal or match["tenth"] is not None
    return seen_decimal


def parse_points(text):
    """Points as typed (``10``, ``+2.5``, ``▲2.5``, ``−３``, ``１２．５``, ``10pt``) → integer tenths (``▲2.5`` → -25).

    None when left empty.  At most one decimal, and at most 99,999 points.
    """
    if text is None or not str(text).strip():
        return None
    typed = str(text)
    sign, digits = _sign_and_digits(POINTS_UNIT.sub("", unicodedata.normalize("NFKC", typed).strip()))
    if TOO_PRECISE.match(digits):
        raise ValidationError(_("Points have at most one decimal: 2.5, not 2.55."), code="too_precise")
    match = NUMBER.match(digits)
    if not match:
        raise ValidationError(
            _("“%(text)s” is not a number of points. Type it like 10, 2.5 or ▲2.5."),
            code="not_points",
            params={"text": typed},
        )
    if int(match["whole"]) > MOST_TYPED_POINTS:
        raise ValidationError(_("At most %(most)s points."), code="too_many", params={"most": MOST_TYPED_POINTS})
    return sign * (int(match["whole"]) * 10 + int(match["tenth"] or 0))
