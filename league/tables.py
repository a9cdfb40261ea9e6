"""The standings table (成績表), its rows written in Python as HTML for the templates.

The cells are escaped and joined here rather than drawn one by one by a
template or a table library: the standings draw 40 rows × 23 columns twice a
page, and per-cell machinery was most of that page's time (docs/performance.md, "Page benchmarks").

Every column sorts on the value itself (points as integer tenths, rates and
averages as Decimals), never on the text shown; ``?sort=<column>`` sorts
(``-<column>`` the other way; ``unranked-sort`` for the table of the
unranked), and rows equal on that column keep the ranking order.  Figures
that get better as they grow sort highest first on the first click.
"""

from dataclasses import dataclass
from html import escape  # Django's escape is the same with a lazy-string wrapper, costly per cell
from operator import attrgetter

from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .formatting import format_points, format_score, format_signed
from .links import member_link
from .models.people import reading_order

# Column headers: English sources, the Japanese terms in the catalogue (順位, 名前, 半荘数, …).
PLACE_NAMES = (_("1st"), _("2nd"), _("3rd"), _("4th"))
PLACE_RATE_NAMES = (_("Top rate"), _("2nd rate"), _("3rd rate"), _("4th rate"))
MARU = ("maru_a", "maru_b", "maru_c", "double_maru_a")
# Columns hidden when every line has 0 there (a club without chips has no chips column).
HIDDEN_WHEN_ZERO = ("chips", "shugi", "adjustments")
# The less-read figures: the projector leaves them out, a phone shows them after "show all columns"
# (detail-cell, league/static/css/tables.css); the desk shows them all.
LESS_READ = ("place_2_rate", "place_3_rate", "place_4_rate", "busts", "chips", "shugi", "worst", "average_score")
# The shared wide-table pattern's roles: the row's name (sticky) and the figure the table is read for.
ROLE_CLASSES = {"rank": "rank-cell", "member": "name-cell", "points": "key-cell"}
EMPTY = "—"  # a figure a member has none of (no game with a score, no placed game)


# -- drawing one cell's content from its value (never None here) ---------------------------------------------

def _count(value, line, language):
    return escape(str(value))


def _minus_marked(text, negative):
    return f'<span class="minus">{escape(text)}</span>' if negative else escape(text)


def _points(value, line, language):
    return _minus_marked(format_points(value, language), value < 0)


def _signed(value, line, language):
    return _minus_marked(format_signed(value, language), value < 0)


def _rate(value, line, language):
    return escape(f"{value}%")


def _average_place(value, line, language):
    return f"{value:.2f}"


def _average_score(value, line, language):
    return _minus_marked(format_score(value, language), value < 0) + _over_games_with_scores(line)


def _bust_rate(value, line, language):
    return escape(f"{value}%") + _over_games_with_scores(line)


def _over_games_with_scores(line):
    """For a member with points-only games or day totals: over how many games a score figure was taken (12/40)."""
    if line.scored_games == line.games:
        return ""
    return format_html(' <small class="scored-games" title="{}">({}/{})</small>',
                       _("games with scores / games"), line.scored_games, line.games)


@dataclass(frozen=True)
class Column:
    """One column: its name (``col-<name>``, ``?sort=<name>``), header, value of a line, and how a value is drawn.

    ``value`` is also what the column sorts on; ``highest_first`` makes the first click sort descending.
    """

    name: str
    header: str
    value: object
    draw: object = _count
    numeric: bool = True
    highest_first: bool = True

    def sort_key(self, line):
        if self.name == "member":  # by reading, then name
            return reading_order(line.member)
        value = self.value(line)
        return (value is not None, value)  # no figure sorts before any figure


def _indexed(container, key):
    def value(line):
        try:
            return getattr(line, container)[key]
        except (IndexError, KeyError):
            return None
    return value


def _number(name, header, draw=_count, highest_first=True, value=None):
    return Column(name, header, value or attrgetter(name), draw, highest_first=highest_first)


COLUMNS = (
    _number("rank", _("Rank"), highest_first=False),
    Column("member", _("Name"), attrgetter("member"), None, numeric=False, highest_first=False),
    _number("points", _("Points"), _points),
    _number("games", _("Games")),
    _number("per_game", _("Per game"), _points),
    _number("average_place", _("Average place"), _average_place, highest_first=False),
    *(_number(f"place_{place}", PLACE_NAMES[place - 1], value=_indexed("places", place - 1)) for place in range(1, 5)),
    _number("maru_a", _("Maru A"), value=_indexed("maru", "maru_a")),
    _number("maru_b", _("Maru B"), value=_indexed("maru", "maru_b")),
    _number("maru_c", _("Maru C"), value=_indexed("maru", "maru_c")),
    _number("double_maru_a", _("Double maru A"), value=_indexed("maru", "double_maru_a")),
    _number("top_rate", PLACE_RATE_NAMES[0], _rate),
    *(_number(f"place_{place}_rate", PLACE_RATE_NAMES[place - 1], _rate, value=_indexed("place_rates", place - 1))
      for place in range(2, 5)),
    _number("rentai_rate", _("Top-two rate"), _rate),
    _number("last_avoid_rate", _("Last-avoid rate"), _rate),
    _number("busts", _("Busts")),
    _number("bust_rate", _("Bust rate"), _bust_rate),
    _number("chips", _("Chips"), _signed),
    _number("shugi", _("Shūgi"), _points),
    _number("adjustments", _("Adjustments"), _points),
    _number("best", _("Best"), _points),
    _number("worst", _("Worst"), _points),
    _number("average_score", _("Average score"), _average_score),
)


class StandingsTable:
    """One standings table (the ranked lines, or the unranked ones) sorted as the request asks, ready to draw:
    ``head`` (the header cells, each a link that sorts) and ``body`` (the rows), both HTML.

    The columns shown: rank only when ranked; place columns for the rule set's players; the maru counts for
    win points; chips, shūgi and adjustments when someone has them; the projector leaves out the less-read
    figures, which a phone shows after "show all columns" (``detail-cell``) unless the table is sorted by one.
    """

    def __init__(self, lines, *, club, request, players=4, win_points=False, ranked=True, projector=False):
        hidden = {f"place_{place}" for place in range(players + 1, 5)}
        hidden |= {f"place_{place}_rate" for place in range(players + 1, 5)}
        if not ranked:
            hidden.add("rank")
        if projector:
            hidden.update(LESS_READ)
        if not win_points:
            hidden.update(MARU)
        hidden.update(name for name in HIDDEN_WHEN_ZERO if not any(getattr(line, name) for line in lines))
        self.columns = [column for column in COLUMNS if column.name not in hidden]
        self.club, self.request, self.ranked, self.win_points = club, request, ranked, win_points
        self.prefix = "" if ranked else "unranked-"
        self.title_id = f"{self.prefix or 'ranked-'}title"
        self.css_class = "standings striped key-table" + ("" if ranked else " unranked")
        self.order = self._order(request.GET.getlist(f"{self.prefix}sort"))
        self.lines = self._sorted(list(lines))

    def _order(self, asked):
        """The sort asked for, as (column name, descending) pairs: unknown or hidden columns are left out."""
        names = {column.name for column in self.columns}
        return [(alias.removeprefix("-"), alias.startswith("-")) for alias in asked if alias.removeprefix("-") in names]

    def _sorted(self, lines):
        by_name = {column.name: column for column in self.columns}
        for name, descending in reversed(self.order):  # the first asked decides; stable sorts keep the rest
            lines.sort(key=by_name[name].sort_key, reverse=descending)
        return lines

    def _sorted_by(self, column):
        """None when the table is not sorted by ``column``, else whether descending (the first time it is asked)."""
        return next((descending for name, descending in self.order if name == column.name), None)

    def _is_detail(self, column):
        return column.name in LESS_READ and self._sorted_by(column) is None

    @property
    def has_detail_columns(self):
        """Whether a phone leaves some column out, so the page offers "show all columns"."""
        return any(self._is_detail(column) for column in self.columns)

    def _classes(self, column):
        classes = [f"col-{column.name}"]
        if column.numeric:
            classes.append("num")
        if column.name in ROLE_CLASSES:
            classes.append(ROLE_CLASSES[column.name])
        if self._is_detail(column):
            classes.append("detail-cell")
        return classes

    @property
    def head(self):
        """The header cells: each links to the table sorted by its column (the other way when it already is),
        keeping the rest of the query, and comes back to the table."""
        cells = []
        for column in self.columns:
            descending = self._sorted_by(column)
            classes = [*self._classes(column), "orderable"]
            header = column.header
            if column.name == "points" and self.win_points:
                header = _("Win points")
            if descending is None:
                sort, aria = f"-{column.name}" if column.highest_first else column.name, ""
            else:
                classes.append("desc" if descending else "asc")
                sort = column.name if descending else f"-{column.name}"
                aria = f' aria-sort="{"descending" if descending else "ascending"}"'
            query = {**dict(self.request.GET), f"{self.prefix}sort": sort}
            href = escape(f"?{urlencode(query, doseq=True)}#{self.title_id}")
            cells.append(f'<th scope="col" class="{" ".join(sorted(classes))}"{aria}>'
                         f'<a href="{href}">{escape(str(header))}</a></th>')
        return mark_safe("".join(cells))

    @property
    def body(self):
        """The rows: podium and the viewer's own row marked, the member's name the row's header."""
        language = get_language()
        viewer = getattr(self.request, "user", None)
        viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
        columns = [(column, f'class="{" ".join(sorted(self._classes(column)))}"') for column in self.columns]
        rows = []
        for index, line in enumerate(self.lines):
            classes = ["even" if index % 2 == 0 else "odd"]
            if self.ranked and line.rank in (1, 2, 3):
                classes.append(f"podium podium-{line.rank}")
            mine = ""
            if viewer_id is not None and line.member.user_id == viewer_id:
                # Marked for every reader of the page, not by colour alone; own-row.js brings it into view.
                classes.append("me")
                mine = ' id="my-row" aria-current="true"'
            cells = []
            for column, attrs in columns:
                if column.name == "member":
                    cells.append(f'<th scope="row" {attrs}>{member_link(self.club, line.member)}</th>')
                    continue
                value = column.value(line)
                text = EMPTY if value is None or value == "" else column.draw(value, line, language)
                cells.append(f"<td {attrs}>{text}</td>")
            rows.append(f'<tr class="{" ".join(classes)}"{mine} data-member="{line.member.pk}">{"".join(cells)}</tr>')
        return mark_safe("".join(rows))


def standings_tables(request, club, result, projector=False):
    """The ranked table and the unranked one, each sorted as the request asks (``sort``, ``unranked-sort``)."""
    options = {"club": club, "request": request, "players": result.players, "win_points": result.win_points,
               "projector": projector}
    return StandingsTable(result.ranked, **options), StandingsTable(result.unranked, ranked=False, **options)
