"""Form fields for rule settings, read the way a club writes them.

Points (P) are typed like ``20``, ``2.5``, ``+10``, ``▲10`` or ``△10``, in
full-width digits too (２０, ▲１０); a field returns integer tenths (200), or
None when left empty.  Lists of points (an uma or win-point table) are written
with spaces, slashes or commas between the values: ``30 10 ▲10 ▲30`` (yen
lists without commas, since 1,000 is one amount).
Yen and scores are whole numbers; the ``1/3`` share is a fraction.
"""

import re
import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.points import json_points, tenths_from_points

from ..text.score_input import parse_count, parse_points, parse_score

LIST_SEPARATORS = re.compile(r"[\s/,、・;]+")
YEN_LIST_SEPARATORS = re.compile(r"[\s/、・;]+")  # not commas: 1,000 is one amount
SHARE = re.compile(r"^(?P<numerator>\d+)/(?P<denominator>\d+)$")


def _normalised(text):
    """NFKC (full-width digits and signs become ASCII) without spaces, P or 点 after the number."""
    text = unicodedata.normalize("NFKC", str(text)).strip()
    for noise in (" ", "点", "円", "¥"):
        text = text.replace(noise, "")
    return re.sub(r"(?i)(pt|p)$", "", text)


def points_text(value):
    """A rules value in points (a JSON number) as the form shows it: 20, -10, 2.5."""
    tenths = tenths_from_points(value)
    return "" if tenths is None else str(json_points(tenths))


class SettingField(forms.CharField):
    """A text box whose value is read into a number; empty means the default."""

    max_chars = 12
    input_mode = "numeric"
    css_class = ""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(*args, **kwargs)

    def widget_attrs(self, widget):
        attrs = {
            **super().widget_attrs(widget),
            "maxlength": str(self.max_chars),
            "autocomplete": "off",
            "inputmode": self.input_mode,
        }
        return {**attrs, "class": self.css_class} if self.css_class else attrs


class PointsField(SettingField):
    """Points with at most one decimal place; cleans to integer tenths or None."""

    css_class = "points"

    def __init__(self, *args, signed=False, **kwargs):
        # A phone's decimal keypad has no minus sign: signed values get the full keyboard.
        self.input_mode = "text" if signed else "decimal"
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        return parse_points(super().to_python(value))


class PointsListField(SettingField):
    """A list of points such as ``30 10 ▲10 ▲30``; cleans to a list of tenths, or None when empty."""

    max_chars = 80
    input_mode = "text"
    css_class = "points-list"
    separators = LIST_SEPARATORS

    def to_python(self, value):
        text = super().to_python(value)
        if not text:
            return None
        items = [item for item in self.separators.split(unicodedata.normalize("NFKC", text).strip()) if item]
        return [self.read(item) for item in items]

    def read(self, item):
        return parse_points(item)


def points_list_text(values):
    return " ".join(points_text(v) for v in values) if values else ""


class ScoreSettingField(SettingField):
    """A score in tenbō such as 25000 (25,000 and ２５０００ too); cleans to an int or None."""

    css_class = "score"

    def to_python(self, value):
        return parse_score(super().to_python(value))


class YenField(SettingField):
    """Whole yen such as 350 (¥350, ３５０円, 1,000); cleans to an int or None."""

    css_class = "yen"

    def to_python(self, value):
        text = super().to_python(value)
        return parse_count(_normalised(text)) if text else None


class YenListField(PointsListField):
    """Yen for each place, such as ``0 200 400 600``; cleans to a list of ints or None."""

    separators = YEN_LIST_SEPARATORS

    def read(self, item):
        return parse_count(_normalised(item))


class ShareField(SettingField):
    """A share of the day's games such as ``1/3`` (１／３ too); cleans to [1, 3] or None."""

    input_mode = "text"

    def to_python(self, value):
        text = super().to_python(value)
        if not text:
            return None
        match = SHARE.match(_normalised(text))
        if not match:
            raise ValidationError(
                _("“%(text)s” is not a share. Type it like 1/3."), code="not_share", params={"text": text}
            )
        return [int(match["numerator"]), int(match["denominator"])]
