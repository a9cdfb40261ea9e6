"""The figure filters: ``{{ value|points }}``, ``{{ value|score }}``, ``{{ value|yen }}``, ``{{ value|signed }}``
and ``{{ value|figure:kind }}`` (a title's or a record's figure).

They only wrap ``league.text.formatting``, where the one format of each figure lives.
"""

from django import template

from ..text.formatting import format_figure, format_points, format_score, format_signed, format_yen

register = template.Library()


@register.filter(name="points")
def points_filter(value):
    return format_points(value)


@register.filter(name="score")
def score_filter(value):
    return format_score(value)


@register.filter(name="yen")
def yen_filter(value):
    return format_yen(value)


@register.filter(name="signed")
def signed_filter(value):
    return format_signed(value)


@register.filter(name="figure")
def figure_filter(value, kind):
    return format_figure(kind, value)
