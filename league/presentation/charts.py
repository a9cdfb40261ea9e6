"""Charts as inline SVG (no JavaScript, no chart library): their geometry worked out here, their markup in the
templates of ``league/charts/``.

Each chart is a ``<figure class="chart">`` holding an ``<svg role="img">`` with
a ``<title>`` and a ``<desc>`` that say what it shows in words, and a visually
hidden table of the same figures for screen readers.  The SVG scales to its
container through its ``viewBox``; the site's Content-Security-Policy forbids
inline styles, so it is styled by presentation attributes (``fill=``,
``stroke=``) that the ``.chart`` rules in janroku.css refine (and print in black).

``line_chart`` and ``bar_chart`` draw any series; ``cumulative_points_chart``
and ``place_chart`` describe a member's games with them.
"""

import datetime
import math

from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from ..page_tables.charts import ChartFiguresTable
from ..stats.member_history import READ_WHOLE_UP_TO, summary_of_entries
from ..text.formatting import format_date, format_points, place_label

WIDTH, HEIGHT = 400, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 26, 34
FONT = 12
MARKERS_UP_TO = 60  # games; more dots than this only blur the line
# Above this many games, the points line has one point per meeting day (at the day's last game), or per week,
# month or year above ``POINTS_UP_TO`` days: a screen 400 units wide shows no more, and each point costs the
# page a table row for screen readers too.
POINT_PER_GAME_UP_TO = READ_WHOLE_UP_TO  # the history reads these whole (stats.member_history)
POINTS_UP_TO = 120  # a point every 3 units or more of the 340 the line runs over


def _n(value):
    """A coordinate as SVG text, to a tenth of a unit."""
    return f"{value:.1f}"


def _nice_step(span, ticks):
    """A step of 1, 2 or 5 times a power of ten giving about ``ticks`` intervals over ``span``."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def _table(caption, headers, rows):
    """The chart's figures as a table for screen readers, drawn by its template."""
    return render_to_string(ChartFiguresTable.Meta.template_name, {"table": ChartFiguresTable(caption, headers, rows)})


def _chart(
    template: str, chart_id: str, kind: str, title: str, desc: str, table: tuple | None, caption: str, **drawing: object
) -> str:
    """The chart drawn by its template (``league/charts/``), with what every chart has: its id, kind, size, title,
    description, caption and the hidden table of its figures (``(caption, headers, rows)`` or None)."""
    chart = {
        "id": chart_id,
        "kind": kind,
        "width": WIDTH,
        "height": HEIGHT,
        "font": FONT,
        "title": title,
        "desc": desc,
        "caption": caption,
        "table": _table(*table) if table else "",
        **drawing,
    }
    return render_to_string(template, {"chart": chart})


def line_chart(
    chart_id, values, *, title, desc, y_label, x_label, value_label=str, min_step=1, table=None, caption="", steps=None
):
    """A line from 0 through ``values`` (one per step: value ``i`` is drawn at x = i + 1), with a zero line.

    ``value_label`` formats a value (ticks and the dots' tooltips); ``table`` is
    (caption, headers, rows) for the hidden text alternative; ``min_step`` is the
    smallest gap between two value ticks.  ``steps`` (increasing, one per value)
    draws value ``i`` at step ``steps[i]`` instead, the axis running to the last:
    a line through some of the steps only.
    """
    count = steps[-1] if steps else len(values)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    low, high = min([0, *values]), max([0, *values])
    step = max(_nice_step(high - low or 1, 4), min_step)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if low == high:
        high = low + step

    def x(i):
        return LEFT + (right - LEFT) * i / max(count, 1)

    def y(value):
        return bottom - (bottom - TOP) * (value - low) / (high - low)

    value_ticks = [
        {"zero": tick == 0, "y": _n(y(tick)), "text_y": _n(y(tick) + FONT / 3), "label": value_label(tick)}
        for tick in range(low, high + 1, step)
    ]
    game_step = _nice_step(count, 6) if count > 6 else 1
    step_ticks = [{"x": _n(x(i)), "label": i} for i in range(0, count + 1, game_step)]
    positions = [0, *(steps or range(1, count + 1))]
    points = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in zip(positions, [0, *values], strict=True))
    dots = (
        [(_n(x(i)), _n(y(v))) for i, v in zip(positions[1:], values, strict=True)]
        if len(values) <= MARKERS_UP_TO
        else []
    )
    return _chart(
        "league/charts/line_chart.html",
        chart_id,
        "line",
        title,
        desc,
        table,
        caption,
        left=LEFT,
        right=right,
        tick_x=LEFT - 4,
        step_y=bottom + FONT + 3,
        x_label_y=HEIGHT - 3,
        x_label=x_label,
        y_label=y_label,
        value_ticks=value_ticks,
        step_ticks=step_ticks,
        points=points,
        dots=dots,
    )


def bar_chart(chart_id, bars, *, title, desc, table=None, caption=""):
    """Vertical bars, one per (label, value, note); the note (e.g. a rate) is written above the value."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    left = 12
    highest = max([value for _label, value, _note in bars] + [1])
    slot = (right - left) / max(len(bars), 1)
    width = slot * 0.6
    drawn = []
    for index, (label, value, note) in enumerate(bars):
        height = (bottom - TOP - 2 * FONT - 6) * value / highest
        bar_x = left + slot * index + (slot - width) / 2
        drawn.append(
            {
                "x": _n(bar_x),
                "y": _n(bottom - height),
                "height": _n(height),
                "middle": _n(bar_x + width / 2),
                "value_y": _n(bottom - height - 4),
                "note_y": _n(bottom - height - 4 - FONT - 2),
                "value": value,
                "note": note,
                "label": label,
            }
        )
    return _chart(
        "league/charts/bar_chart.html",
        chart_id,
        "bar",
        title,
        desc,
        table,
        caption,
        left=left,
        right=right,
        bottom=bottom,
        bar_width=_n(width),
        label_y=bottom + FONT + 3,
        bars=drawn,
    )


def cumulative_points_chart(games, chart_id="cumulative-points"):
    """The member's points added up game by game (the totals of the games and of day totals, 日計, each one step;
    adjustments are not games).

    ``games`` is the history (``stats.member_history.HistoryView``, whose summary
    reads no game) or any list of its entries.  Up to ``POINT_PER_GAME_UP_TO``
    games the line and its hidden table have a point per game; above, a point
    per day played, or per week, month or year when there are more than
    ``POINTS_UP_TO`` days (weeks, months): drawn at the last game of each, so
    the line keeps its shape along the games, and the table a row for each (its
    games, their points, the points so far), however long the history.  The
    description keeps the exact highest and lowest game by game, and says so.
    """
    summary = getattr(games, "summary", None) or summary_of_entries(list(games))
    (high, high_at), (low, low_at) = summary.high, summary.low
    desc = ngettext(
        "%(count)s game, from %(first)s to %(last)s. Points after the last game: %(final)s; "
        "highest %(high)s after game %(high_at)s; lowest %(low)s after game %(low_at)s.",
        "%(count)s games, from %(first)s to %(last)s. Points after the last game: %(final)s; "
        "highest %(high)s after game %(high_at)s; lowest %(low)s after game %(low_at)s.",
        summary.count,
    ) % {
        "count": summary.count,
        "first": format_date(summary.first),
        "last": format_date(summary.last),
        "final": format_points(summary.final),
        "high": format_points(high),
        "high_at": high_at,
        "low": format_points(low),
        "low_at": low_at,
    }
    options = {
        "title": _("Points game by game"),
        "y_label": _("Points"),
        "x_label": _("Games"),
        "value_label": lambda tenths: format_points(tenths, trim=True),
        "min_step": 10,
    }
    language = get_language()  # once: the figures of a busy member's hundreds of days each name it
    if summary.count > POINT_PER_GAME_UP_TO:
        grain, spans = _spans(summary.days)
        described, caption = _grain_texts(grain, len(spans))
        desc += " " + described
        rows = [
            (format_date(date), entries, format_points(points, language), format_points(cumulative, language))
            for date, entries, points, _number, cumulative in spans
        ]
        table = (caption, [_("Date"), _("Games"), _("Total"), _("Points so far")], rows)
        return line_chart(
            chart_id,
            [cumulative for *_rest, cumulative in spans],
            desc=desc,
            table=table,
            steps=[number for _date, _entries, _points, number, _cumulative in spans],
            caption=caption,
            **options,
        )
    dates = {}  # a member plays several games a day: each day written once
    rows = [
        (
            line.number,
            dates.get(line.date) or dates.setdefault(line.date, format_date(line.date)),
            format_points(line.total, language),
            format_points(line.cumulative, language),
        )
        for line in games
    ]
    table = (_("Points game by game"), [_("Game"), _("Date"), _("Total"), _("Points so far")], rows)
    return line_chart(chart_id, [line.cumulative for line in games], desc=desc, table=table, **options)


# The spans a line of many games has a point for, finest first: a day, the week (from Monday), the month, the year.
GRAINS = {
    "day": lambda date: date,
    "week": lambda date: date - datetime.timedelta(days=date.weekday()),
    "month": lambda date: date.replace(day=1),
    "year": lambda date: date.replace(month=1, day=1),
}


def _spans(days):
    """The finest grain with at most ``POINTS_UP_TO`` spans (the year above that), and its spans of ``days`` (each
    ``(date, entries, points, last number, points so far)``), each as a day is: dated by its last day played."""
    for grain in GRAINS:
        start_of, spans, start = GRAINS[grain], [], None
        for date, entries, points, number, cumulative in days:
            if spans and start_of(date) == start:
                span = spans[-1]
                spans[-1] = (date, span[1] + entries, span[2] + points, number, cumulative)
            else:
                start = start_of(date)
                spans.append((date, entries, points, number, cumulative))
        if len(spans) <= POINTS_UP_TO:
            break
    return grain, spans


def _grain_texts(grain, count):
    """The description's sentence and the caption of a line with a point per ``grain`` (``count`` of them)."""
    if grain == "day":
        described = ngettext(
            "The line has a point for each of the %(days)s day played, after its last game.",
            "The line has a point for each of the %(days)s days played, after their last game.",
            count,
        ) % {"days": count}
        return described, _("Points day by day (one point per day played)")
    if grain == "week":
        described = ngettext(
            "The line has a point for each of the %(weeks)s week played, after its last game.",
            "The line has a point for each of the %(weeks)s weeks played, after their last game.",
            count,
        ) % {"weeks": count}
        return described, _("Points week by week (one point per week played)")
    if grain == "month":
        described = ngettext(
            "The line has a point for each of the %(months)s month played, after its last game.",
            "The line has a point for each of the %(months)s months played, after their last game.",
            count,
        ) % {"months": count}
        return described, _("Points month by month (one point per month played)")
    described = ngettext(
        "The line has a point for each of the %(years)s year played, after its last game.",
        "The line has a point for each of the %(years)s years played, after their last game.",
        count,
    ) % {"years": count}
    return described, _("Points year by year (one point per year played)")


def place_chart(line, chart_id="places"):
    """How many times the member finished in each place, with the rates (a standings ``Line``)."""
    labels = [place_label(place) for place in range(1, len(line.places) + 1)]
    rates = [f"{rate}%" if rate is not None else "" for rate in line.place_rates]
    desc = _("Places in %(count)s games: %(places)s.") % {
        "count": line.placed_games,  # day totals (日計) have no places
        # Translators: the separator between the items of a list ("1st: 2 (40.0%), 2nd: 1 (20.0%)").
        "places": _(", ").join(
            _("%(place)s: %(times)s (%(rate)s)") % {"place": label, "times": count, "rate": rate}
            for label, count, rate in zip(labels, line.places, rates, strict=True)
        ),
    }
    table = (_("Places"), [_("Place"), _("Count"), _("Rate")], list(zip(labels, line.places, rates, strict=True)))
    bars = list(zip(labels, line.places, rates, strict=True))
    return bar_chart(chart_id, bars, title=_("Places"), desc=desc, table=table)
