"""The standings table (成績表) as django-tables2 tables over standings ``Line`` objects, and the running
standings' grid of points by meeting (``running_grid``).

Every column sorts on the value itself (points as integer tenths, rates and
averages as Decimals), never on the text shown; ``?sort=<column>`` sorts, and
rows equal on that column keep the ranking order.  Figures that get better as
they grow sort highest first on the first click (``initial_sort_descending``).
"""

import django_tables2 as tables
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from .formatting import format_points, format_score, format_signed
from .links import member_link

NUMERIC = {"th": {"class": "num"}, "td": {"class": "num"}}

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


class NumberColumn(tables.Column):
    """A right-aligned figure; more is better, so the first click sorts highest first."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUMERIC)
        kwargs.setdefault("initial_sort_descending", True)
        super().__init__(*args, **kwargs)


class PointsColumn(NumberColumn):
    """Points from integer tenths (or a Decimal of points), through the one points format: +45.3, ▲12.0."""

    def render(self, value):
        text = format_points(value)
        return format_html('<span class="minus">{}</span>', text) if value < 0 else text


class SignedColumn(NumberColumn):
    """A signed count (chips) in the same style as points: +3, ▲3."""

    def render(self, value):
        text = format_signed(value)
        return format_html('<span class="minus">{}</span>', text) if value < 0 else text


class RateColumn(NumberColumn):
    """A percentage with one decimal (the value is a Decimal such as 37.1)."""

    def render(self, value):
        return f"{value}%"


def row_classes(table, record):
    """Podium rows and the visitor's own row are marked, for the eye on a projector or phone."""
    classes = []
    if table.ranked and record.rank in (1, 2, 3):
        classes.append(f"podium podium-{record.rank}")
    viewer = table.viewer
    if viewer is not None and viewer.is_authenticated and record.member.user_id == viewer.pk:
        classes.append("me")
    return " ".join(classes)


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name=_("Rank"), initial_sort_descending=False)
    member = tables.Column(verbose_name=_("Name"), order_by=("member__kana", "member__name"))
    points = PointsColumn(verbose_name=_("Points"))
    games = NumberColumn(verbose_name=_("Games"))
    per_game = PointsColumn(verbose_name=_("Per game"))
    average_place = NumberColumn(verbose_name=_("Average place"), initial_sort_descending=False)
    place_1 = NumberColumn(verbose_name=PLACE_NAMES[0], accessor="places__0")
    place_2 = NumberColumn(verbose_name=PLACE_NAMES[1], accessor="places__1")
    place_3 = NumberColumn(verbose_name=PLACE_NAMES[2], accessor="places__2")
    place_4 = NumberColumn(verbose_name=PLACE_NAMES[3], accessor="places__3")
    maru_a = NumberColumn(verbose_name=_("Maru A"), accessor="maru__maru_a")
    maru_b = NumberColumn(verbose_name=_("Maru B"), accessor="maru__maru_b")
    maru_c = NumberColumn(verbose_name=_("Maru C"), accessor="maru__maru_c")
    double_maru_a = NumberColumn(verbose_name=_("Double maru A"), accessor="maru__double_maru_a")
    top_rate = RateColumn(verbose_name=PLACE_RATE_NAMES[0])
    place_2_rate = RateColumn(verbose_name=PLACE_RATE_NAMES[1], accessor="place_rates__1")
    place_3_rate = RateColumn(verbose_name=PLACE_RATE_NAMES[2], accessor="place_rates__2")
    place_4_rate = RateColumn(verbose_name=PLACE_RATE_NAMES[3], accessor="place_rates__3")
    rentai_rate = RateColumn(verbose_name=_("Top-two rate"))
    last_avoid_rate = RateColumn(verbose_name=_("Last-avoid rate"))
    busts = NumberColumn(verbose_name=_("Busts"))
    bust_rate = RateColumn(verbose_name=_("Bust rate"))
    chips = SignedColumn(verbose_name=_("Chips"))
    shugi = PointsColumn(verbose_name=_("Shūgi"))
    adjustments = PointsColumn(verbose_name=_("Adjustments"))
    best = PointsColumn(verbose_name=_("Best"))
    worst = PointsColumn(verbose_name=_("Worst"))
    average_score = NumberColumn(verbose_name=_("Average score"))

    class Meta:
        template_name = "league/standings/_table.html"
        attrs = {"class": "standings striped key-table"}
        orderable = True
        default = "—"
        row_attrs = {"class": row_classes, "data-member": lambda record: record.member.pk}

    def __init__(self, lines, *, club, players=4, win_points=False, viewer=None, ranked=True, projector=False,
                 **kwargs):
        exclude = set(kwargs.pop("exclude", ()))
        if not ranked:
            exclude.add("rank")
        if projector:
            exclude.update(LESS_READ)
        exclude.update(f"place_{place}" for place in range(players + 1, 5))
        exclude.update(f"place_{place}_rate" for place in range(players + 1, 5))
        if not win_points:
            exclude.update(MARU)
        exclude.update(column for column in HIDDEN_WHEN_ZERO if not any(getattr(line, column) for line in lines))
        if not ranked:
            kwargs.setdefault("attrs", {**self._meta.attrs, "class": "standings striped key-table unranked"})
        self.club = club
        self.viewer = viewer
        self.ranked = ranked
        super().__init__(lines, exclude=tuple(sorted(exclude)), **kwargs)
        if win_points:
            self.columns["points"].column.verbose_name = _("Win points")

    def get_column_class_names(self, classes_set, bound_column):
        """Each cell also carries its column's name (for the page's CSS and for tests) and its role in the
        wide-table pattern; a less-read column the table is sorted by is never left out."""
        names = {*super().get_column_class_names(classes_set, bound_column), f"col-{bound_column.name}"}
        if bound_column.name in ROLE_CLASSES:
            names.add(ROLE_CLASSES[bound_column.name])
        if self.is_detail(bound_column):
            names.add("detail-cell")
        return names

    def is_detail(self, bound_column):
        return bound_column.name in LESS_READ and not bound_column.is_ordered

    @property
    def has_detail_columns(self):
        """Whether a phone leaves some column out, so the page offers "show all columns"."""
        return any(self.is_detail(column) for column in self.columns)

    def render_member(self, record):
        return member_link(self.club, record.member)

    def render_average_place(self, value):
        return f"{value:.2f}"

    def render_average_score(self, value, record):
        text = format_score(value)
        shown = format_html('<span class="minus">{}</span>', text) if value < 0 else text
        return format_html("{}{}", shown, _over_games_with_scores(record))

    def render_bust_rate(self, value, record):
        return format_html("{}%{}", value, _over_games_with_scores(record))


def _over_games_with_scores(record):
    """For a member with points-only games or day totals: over how many games a score figure was taken (12/40)."""
    if record.scored_games == record.games:
        return ""
    return format_html(' <small class="scored-games" title="{}">({}/{})</small>',
                       _("games with scores / games"), record.scored_games, record.games)


def standings_tables(request, club, result, projector=False):
    """The ranked table and the unranked one, each sorted as the request asks (``sort``, ``unranked-sort``)."""
    options = {"club": club, "players": result.players, "win_points": result.win_points, "viewer": request.user,
               "projector": projector}
    ranked = StandingsTable(result.ranked, **options)
    unranked = StandingsTable(result.unranked, ranked=False, prefix="unranked-", **options)
    config = RequestConfig(request, paginate=False)
    config.configure(ranked)
    config.configure(unranked)
    return ranked, unranked


def running_grid(running):
    """Each line of the running standings (``stats.running.Running``) with its cells of points by meeting as
    HTML: ``[(RunningLine, cells), …]``.

    The cells are written here rather than by a template loop: the grid has a cell
    per member per meeting (16,000 in a big season), and the template engine spent
    most of the page's time on them (docs/performance.md).
    """
    language = get_language()

    def cell(cell):
        if cell is None:
            return '<td class="num"></td>'
        idle = "" if cell.played else " idle"
        return f'<td class="num{idle}">{escape(format_points(cell.points, language))}</td>'

    return [(line, mark_safe("".join(cell(one) for one in line.cells))) for line in running.lines]
