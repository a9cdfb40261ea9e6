"""The running standings' grid of points by meeting (``running_grid``) and its headings, written in Python as HTML
for the template.

The cells are escaped and joined here rather than drawn one by one by a
template or a table library: the grid has 16,000 cells, and per-cell
machinery was most of the page's time (docs/performance.md, "Page
benchmarks").  The standings table is declared in
``league/page_tables/standings.py``.
"""

from html import escape  # Django's escape is the same with a lazy-string wrapper, costly per cell

from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from .formatting import format_date, format_month_day, format_points
from .links import member_link, url_of_each


def running_grid(running, club):
    """The rows of the running standings' grid of points by meeting (``stats.running.Running``), as HTML: each
    member's name (with the rank when ranked), total and a cell per meeting shown.

    The rows are written here rather than by a template loop: the grid has a cell
    per member per meeting (16,000 in a big season), and the template engine spent
    most of the page's time on them (docs/performance.md).  A cell's HTML is
    written once per figure and kept for the rest of the grid, and a cell that
    is the one before it (a member's total over the meetings they miss is one
    ``Cell``) is not looked at again.  The figures are not escaped:
    ``format_points`` writes a whole number of tenths with digits, a point and
    its signs (+, ▲, −, ±) only.
    """
    language = get_language()
    texts, played, idle = {}, {}, {}  # points → their text; → a cell's HTML, played or not

    def cells(line):
        html, last, written = [], None, '<td class="num"></td>'  # before the first game: an empty cell
        append = html.append
        for one in line.cells:
            if one is not last:
                last = one
                points, day = one
                kept = played if day is not None else idle
                written = kept.get(points)
                if written is None:
                    text = texts.get(points)
                    if text is None:
                        text = texts[points] = format_points(points, language)
                    dim = "" if day is not None else " idle"
                    written = kept[points] = f'<td class="num{dim}">{text}</td>'
            append(written)
        return "".join(html)

    def row(entry):
        line = entry.line
        rank = f'<span class="rank">{line.rank}</span> ' if line.rank else ""
        return (f'<tr><th scope="row" class="member name-cell">{rank}{member_link(club, line.member)}</th>'
                f'<td class="num total key-cell">{format_points(line.points, language)}</td>{cells(entry)}</tr>')

    return mark_safe("".join(row(entry) for entry in running.lines))


def running_heads(running, slug):
    """The grid's column headings, a meeting's day each, linked to the meeting: one piece of HTML.

    Written here for the cells' reason (400 headings, each a link and three
    dates through the template engine, were a third of the page); the link is
    reversed once for all the meetings.
    """
    meeting_url = url_of_each("meeting_detail", slug)
    return mark_safe("".join(
        f'<th scope="col" class="num"><a href="{meeting_url(column.meeting_id)}">'
        f'<time datetime="{column.date:%Y-%m-%d}" title="{escape(format_date(column.date))}">'
        f"{escape(format_month_day(column.date))}</time></a></th>"
        for column in running.columns))
