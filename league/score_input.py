"""Reading scores and counts the way secretaries type them at the table.

Accepted for scores: ``41300``, ``41,300``, ``41.3`` (thousands), ``413`` when the club
types scores in hundreds, full-width digits (４１３００), and minus written
``-``, ``−``, ``▲``, ``△`` or ``ー`` (the long-vowel mark a Japanese keyboard
gives for minus).  Anything else is refused with a message saying what to type.  Points (a
game's result, an adjustment) are read by ``parse_points``: ``+45.3``,
``▲12.0``, ``-12``, ``±0.0``, full-width too, into integer tenths.
"""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

MINUS_SIGNS = "-−‐‑–—―ー▲△"
PLUS_SIGNS = "+"
MOST_POINTS = 999_900  # far beyond any table's total; a longer number is a typo
NUMBER = re.compile(r"^(?P<whole>\d+)(?:\.(?P<tenth>\d))?$")
TOO_PRECISE = re.compile(r"^\d*\.\d{2,}$")
MOST_RESULT_POINTS = 99_999  # points, typed as a result or an adjustment
GROUPED = re.compile(r"^\d{1,3}(?:,\d{3})+$")


def _sign_and_digits(text):
    text = unicodedata.normalize("NFKC", str(text)).strip()
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


def parse_score(text, in_hundreds=False):
    """Return the score as an integer number of points, or None when left empty."""
    if text is None or not str(text).strip():
        return None
    sign, digits = _sign_and_digits(text)
    match = NUMBER.match(digits)
    if not match:
        raise ValidationError(
            _("“%(text)s” is not a score. Type it like 41300 or ▲5200."),
            code="not_a_score", params={"text": text},
        )
    whole = int(match["whole"])
    if match["tenth"] is not None and whole >= 1000:  # 41300.5 is a typo, not thousands
        raise ValidationError(
            _("“%(text)s” is not a score. Type it like 41300 or ▲5200."),
            code="not_a_score", params={"text": text},
        )
    if match["tenth"] is not None:  # 41.3 means 41,300
        value = whole * 1000 + int(match["tenth"]) * 100
    elif in_hundreds and whole < 1000:  # 413 means 41,300
        value = whole * 100
    else:
        value = whole
    if value > MOST_POINTS:
        raise ValidationError(
            _("%(value)s is more points than a game can have."), code="too_large", params={"value": sign * value},
        )
    if value % 100:
        raise ValidationError(
            _("%(value)s is not a multiple of 100."), code="not_hundreds", params={"value": sign * value},
        )
    return sign * value


def parse_count(text):
    """A whole number such as a chip count, signed, or None when left empty."""
    if text is None or not str(text).strip():
        return None
    sign, digits = _sign_and_digits(text)
    if not digits.isdigit():
        raise ValidationError(
            _("“%(text)s” is not a whole number."), code="not_whole", params={"text": text},
        )
    return sign * int(digits)


def parse_points(text):
    """Points as typed (``10``, ``+2.5``, ``▲2.5``, ``−３``, ``１２．５``, ``45.3pt``) → tenths (``▲2.5`` → -25)."""
    typed = str(text)
    text = unicodedata.normalize("NFKC", typed).strip()
    for noise in (" ", "点", "pt", "P", "p"):
        text = text.replace(noise, "")
    sign = 1
    if text[:1] and text[0] in MINUS_SIGNS:
        sign, text = -1, text[1:]
    elif text[:1] and text[0] in PLUS_SIGNS + "±":
        text = text[1:]
    if TOO_PRECISE.match(text):
        raise ValidationError(_("Points have at most one decimal: 2.5, not 2.55."), code="too_precise")
    match = NUMBER.match(text)
    if not match:
        raise ValidationError(_("“%(text)s” is not a number of points. Type it like 10, 2.5 or ▲2.5."),
                              code="not_points", params={"text": typed})
    if int(match["whole"]) > MOST_RESULT_POINTS:
        raise ValidationError(_("At most %(most)s points."), code="too_many", params={"most": MOST_RESULT_POINTS})
    return sign * (int(match["whole"]) * 10 + int(match["tenth"] or 0))
