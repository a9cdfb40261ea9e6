"""The figure filters: ``{{ value|points }}``, ``{{ value|score }}`` and ``{{ value|yen }}`` and ``{{ value|signed }}``,
and ``{{ cells|running_cells }}`` (a row of the running standings' grid).

They only wrap ``league.formatting``, where the one format of each figure lives.
"""

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from ..formatting import format_points, format_score, format_signed, format_yen

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


@register.filter(name="running_cells")
def running_cells_filter(cells):
    """A running-standings row's cells (``stats.running.Cell`` or None each) as ``<td>``s, written here rather
    than by a template loop: the grid has a cell per member per meeting (16,000 in a big season), and the
    template engine spent most of the page's time on them (docs/performance.md)."""
    language = get_language()
    return mark_safe("".join(
        '<td class="num"></td>' if cell is None else
        f'<td class="num{"" if cell.played else " idle"}">{escape(format_points(cell.points, language))}</td>'
        for cell in cells))
