"""The one display filter for points: ``{{ value|points }}``.

It takes integer tenths (how the database stores points: 453 is +45.3) or a
Decimal from the engine.  Japanese pages write minus as ▲ (▲12.0), English
pages as a minus sign (−12.0); zero is ±0.0.
"""

from decimal import Decimal

from django import template
from django.utils.translation import get_language

register = template.Library()


def format_points(value, language=None, trim=False):
    """``453`` (tenths) or ``Decimal("45.3")`` → ``+45.3``; ``-120`` → ``▲12.0`` in Japanese.

    ``trim`` drops a ``.0`` (``+20``), for settings such as uma rather than results.
    """
    if value is None or value == "":
        return ""
    tenths = int(value * 10) if isinstance(value, Decimal) else int(value)
    magnitude = f"{abs(tenths) // 10}.{abs(tenths) % 10}"
    if trim and tenths % 10 == 0:
        magnitude = str(abs(tenths) // 10)
    if tenths == 0:
        return "0" if trim else "±0.0"
    if tenths > 0:
        return f"+{magnitude}"
    language = language or get_language() or "ja"
    return f"▲{magnitude}" if language.startswith("ja") else f"−{magnitude}"


@register.filter(name="points")
def points_filter(value):
    return format_points(value)


def format_score(value, language=None):
    """A score in tenbō with thousands separators: 41,300; ▲2,500 in Japanese, −2,500 in English."""
    if value is None or value == "":
        return ""
    value = int(value)
    if value >= 0:
        return f"{value:,}"
    language = language or get_language() or "ja"
    return f"{'▲' if language.startswith('ja') else '−'}{-value:,}"


@register.filter(name="score")
def score_filter(value):
    return format_score(value)


def format_yen(value, language=None):
    """Yen: 1,050円 (▲350円 for a payment) in Japanese, ¥1,050 (−¥350) in English."""
    if value is None or value == "":
        return ""
    value = int(value)
    language = language or get_language() or "ja"
    if language.startswith("ja"):
        return f"{'▲' if value < 0 else ''}{abs(value):,}円"
    return f"{'−' if value < 0 else ''}¥{abs(value):,}"


@register.filter(name="yen")
def yen_filter(value):
    return format_yen(value)
