"""The standings page's tables (成績表): the ranked lines, and the unranked ones (``unranked-`` prefix).

Every column sorts on the value (points as integer tenths, rates and averages as Decimals, the member by
reading), never on the text shown; no figure sorts before any figure, and rows equal on the sorted column keep
the ranking order.  Figures that get better as they grow sort highest first on the first click.

The tables are 40 rows × 23 columns twice a page, so each row's cells are written once in Python (plain text
and flags: ``StandingsRow.cells``) and printed by ``league/tables/standings.html`` in one loop; which columns
a table has varies (players, win points, chips, the projector), so the row carries its cells in the table's
column order.
"""

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any

import django_tables2 as tables
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import scoring

from ..models.games import PLACE_NAMES, PLACE_RATE_NAMES
from ..models.people import reading_order
from ..stats.standings import Line
from ..text.formatting import format_points, format_score, format_signed
from ..web.links import member_text
from .base import PageTable, PointsFigure, key_column, name_column, points_figure, rank_column, rate_figure

# Columns left out when every line has 0 there (a club without chips has no chips column).
HIDDEN_WHEN_ZERO = ("chips", "shugi", "adjustments")
# The less-read figures: the projector leaves them out, a phone shows them after "show all columns"
# (detail-cell, league/static/css/tables.css) unless the table is sorted by one; the desk shows them all.
LESS_READ = ("place_2_rate", "place_3_rate", "place_4_rate", "busts", "chips", "shugi", "worst", "average_score")
EMPTY = "—"  # a figure a member has none of (no game with a score, no placed game)
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def _indexed(container: str, key: Any) -> Callable[[Line], Any]:
    def value(line: Line) -> Any:
        try:
            return getattr(line, container)[key]
        except (IndexError, KeyError):
            return None

    return value


# How each figure is written on the page: its text and whether it is below zero (the template marks minus).
def _count(value: Any, language: str) -> tuple[str, bool]:
    return str(value), False


def _points(value: Any, language: str) -> tuple[str, bool]:
    return format_points(value, language), value < 0


def _signed(value: Any, language: str) -> tuple[str, bool]:
    return format_signed(value, language), value < 0


def _score(value: Any, language: str) -> tuple[str, bool]:
    return format_score(value, language), value < 0


def _rate(value: Any, language: str) -> tuple[str, bool]:
    return f"{value}%", False


def _average(value: Any, language: str) -> tuple[str, bool]:
    return f"{value:.2f}", False


class Figure:
    """A figure column's value of a line (``raw``: what it sorts on), how the page writes it, what a download
    writes (points in tenths as a number of points), and whether it carries the scored-games note (12/40)."""

    def __init__(
        self,
        raw: Callable[[Line], Any],
        write: Callable[[Any, str], tuple[str, bool]] = _count,
        *,
        tenths: bool = False,
        scored_note: bool = False,
    ) -> None:
        self.raw, self.write, self.tenths, self.scored_note = raw, write, tenths, scored_note

    def export(self, line: Line) -> Any:
        """The figure as a download writes it: points and rates typed, so a workbook formats them."""
        value = self.raw(line)
        if value is None:
            return None
        if self.tenths:
            return points_figure(value)
        if self.write is _rate:
            return rate_figure(value)
        if self.write is _points:  # points per game: a Decimal of points already
            return PointsFigure(value)
        return value


FIGURES: dict[str, Figure] = {
    "points": Figure(attrgetter("points"), _points, tenths=True),
    "games": Figure(attrgetter("games")),
    "per_game": Figure(attrgetter("per_game"), _points),  # already a Decimal of points
    "average_place": Figure(attrgetter("average_place"), _average),
    **{f"place_{place}": Figure(_indexed("places", place - 1)) for place in range(1, 5)},
    **{name: Figure(_indexed("maru", name)) for name in scoring.MARU_KINDS},
    "top_rate": Figure(attrgetter("top_rate"), _rate),
    **{f"place_{place}_rate": Figure(_indexed("place_rates", place - 1), _rate) for place in range(2, 5)},
    "rentai_rate": Figure(attrgetter("rentai_rate"), _rate),
    "last_avoid_rate": Figure(attrgetter("last_avoid_rate"), _rate),
    "busts": Figure(attrgetter("busts")),
    "bust_rate": Figure(attrgetter("bust_rate"), _rate, scored_note=True),
    "chips": Figure(attrgetter("chips"), _signed),
    "shugi": Figure(attrgetter("shugi"), _points, tenths=True),
    "adjustments": Figure(attrgetter("adjustments"), _points, tenths=True),
    "best": Figure(attrgetter("best"), _points, tenths=True),
    "worst": Figure(attrgetter("worst"), _points, tenths=True),
    "average_score": Figure(attrgetter("average_score"), _score, scored_note=True),
}


class _Keys(dict):
    """A row's sort keys, each computed the first time a sort asks for it: ``(has a figure, figure)``, so that
    no figure sorts before any figure and figures compare as numbers."""

    def __init__(self, line: Line) -> None:
        super().__init__()
        self.line = line

    def __missing__(self, name: str) -> Any:
        if name == "member":
            key = reading_order(self.line.member)
        else:
            value = self.line.rank if name == "rank" else FIGURES[name].raw(self.line)
            key = (value is not None, value)
        self[name] = key
        return key


class _Exported(dict):
    """A row's values as a download writes them (numbers, None for no figure), computed only for a download."""

    def __init__(self, line: Line) -> None:
        super().__init__()
        self.line = line

    def __missing__(self, name: str) -> Any:
        value = self[name] = FIGURES[name].export(self.line)
        return value


class StandingsRow:
    """One line of a standings table with its cells as the page prints them, in the table's column order.

    ``marks`` are the row's classes besides even/odd (the podium, the viewer's own row); each cell is a dict
    (``column``: the column's shared ``{"css": …}``, ``text``, ``minus``, ``note``: the "(12/40)" or "", and
    ``plain`` when it has neither: most cells, which the template then prints with one test, not two).
    """

    __slots__ = ("cells", "export", "line", "marks", "member", "mine", "rank", "sort")

    def __init__(self, line: Line, cells: list[dict[str, Any]], *, marks: str, mine: bool) -> None:
        self.line, self.member, self.rank = line, line.member, line.rank
        self.cells, self.marks, self.mine = cells, marks, mine
        self.sort, self.export = _Keys(line), _Exported(line)


def _figure(
    name: str,
    verbose_name: Any,
    *,
    highest_first: bool = True,
    kind: Callable = tables.Column,
    attrs: dict | None = None,
) -> tables.Column:
    """A figure's column: sorted by its ``_Keys``, downloaded from its ``_Exported`` value."""
    return kind(
        verbose_name,
        accessor=f"export__{name}",
        order_by=(f"sort__{name}",),
        attrs=attrs or NUM,
        initial_sort_descending=highest_first,
    )


class StandingsTable(PageTable):
    """The ranked lines (``?sort=``) or, with ``ranked=False``, the unranked ones (``?unranked-sort=``).

    Its columns: rank only when ranked; place columns for the rule set's players; the maru counts (and the
    "Win points" heading) for win points; chips, shūgi and adjustments when someone has them; the projector
    leaves out the less-read figures.
    """

    rank = rank_column(_("Rank"), accessor="rank", order_by=("sort__rank",))
    member = name_column(_("Name"), accessor="member", order_by=("sort__member",))
    points = _figure("points", _("Points"), kind=key_column)
    games = _figure("games", _("Games"))
    per_game = _figure("per_game", _("Per game"))
    average_place = _figure("average_place", _("Average place"), highest_first=False)
    place_1 = _figure("place_1", PLACE_NAMES[0])
    place_2 = _figure("place_2", PLACE_NAMES[1])
    place_3 = _figure("place_3", PLACE_NAMES[2])
    place_4 = _figure("place_4", PLACE_NAMES[3])
    maru_a = _figure("maru_a", _("Maru A"))
    maru_b = _figure("maru_b", _("Maru B"))
    maru_c = _figure("maru_c", _("Maru C"))
    double_maru_a = _figure("double_maru_a", _("Double maru A"))
    top_rate = _figure("top_rate", PLACE_RATE_NAMES[0])
    place_2_rate = _figure("place_2_rate", PLACE_RATE_NAMES[1])
    place_3_rate = _figure("place_3_rate", PLACE_RATE_NAMES[2])
    place_4_rate = _figure("place_4_rate", PLACE_RATE_NAMES[3])
    rentai_rate = _figure("rentai_rate", _("Top-two rate"))
    last_avoid_rate = _figure("last_avoid_rate", _("Last-avoid rate"))
    busts = _figure("busts", _("Busts"))
    bust_rate = _figure("bust_rate", _("Bust rate"))
    chips = _figure("chips", _("Chips"))
    shugi = _figure("shugi", _("Shūgi"))
    adjustments = _figure("adjustments", _("Adjustments"))
    best = _figure("best", _("Best"))
    worst = _figure("worst", _("Worst"))
    average_score = _figure("average_score", _("Average score"))

    wide = True

    class Meta(PageTable.Meta):
        template_name = "league/tables/standings.html"
        attrs = {"class": "standings striped key-table"}

    def __init__(
        self,
        lines: list[Line],
        *,
        players: int = 4,
        win_points: bool = False,
        ranked: bool = True,
        projector: bool = False,
        viewer_id: int | None = None,
    ) -> None:
        hidden = {f"place_{place}" for place in range(players + 1, 5)}
        hidden |= {f"place_{place}_rate" for place in range(players + 1, 5)}
        if not ranked:
            hidden.add("rank")
        if projector:
            hidden.update(LESS_READ)
        if not win_points:
            hidden.update(scoring.MARU_KINDS)
        hidden.update(name for name in HIDDEN_WHEN_ZERO if not any(getattr(line, name) for line in lines))
        self.ranked = ranked
        self.title_id = "ranked-title" if ranked else "unranked-title"  # the heading the sort links come back to
        self.export_name = "standings" if ranked else "standings-unranked"
        # Each figure column's cell classes, shared by its cells: whether it is a phone's detail depends on the
        # sort, known once the table is configured (``_mark_columns``).
        self._cell_columns = {name: {"css": ""} for name in FIGURES if name not in hidden}
        rows = self._rows(lines, viewer_id)
        attrs = {"class": "standings striped key-table" + ("" if ranked else " unranked")}
        super().__init__(rows, prefix="" if ranked else "unranked-", exclude=tuple(sorted(hidden)), attrs=attrs)
        if win_points:
            self.columns["points"].column.verbose_name = _("Win points")
        self._mark_columns()

    def _rows(self, lines: Iterable[Line], viewer_id: int | None) -> list[StandingsRow]:
        """Every line's cells, written once: 40 rows × 22 figures, twice a page."""
        language = get_language()
        figures = [(FIGURES[name], column) for name, column in self._cell_columns.items()]
        rows = []
        for line in lines:
            cells = []
            for figure, column in figures:
                value = figure.raw(line)
                if value is None or value == "":
                    cells.append({"column": column, "text": EMPTY, "minus": False, "note": "", "plain": True})
                    continue
                text, minus = figure.write(value, language)
                note = ""
                if figure.scored_note and line.scored_games != line.games:
                    note = f"({line.scored_games}/{line.games})"  # over how many games a score figure was taken
                cells.append(
                    {"column": column, "text": text, "minus": minus, "note": note, "plain": not (minus or note)}
                )
            marks = f" podium podium-{line.rank}" if self.ranked and line.rank in (1, 2, 3) else ""
            # Marked for every reader of the page, not by colour alone; own-row.js brings it into view.
            mine = viewer_id is not None and line.member.user_id == viewer_id
            rows.append(StandingsRow(line, cells, marks=marks + (" me" if mine else ""), mine=mine))
        return rows

    # -- the phone's detail columns follow the sort --------------------------------------------------------

    def _sorted_by(self, name: str) -> bool:
        return name in (self.order_by or ())

    def _is_detail(self, name: str) -> bool:
        return name in LESS_READ and not self._sorted_by(name)

    def _classes(self, name: str, declared: Iterable[str]) -> set[str]:
        """A column's cell classes: the declared ones and ``col-<name>`` (styles and tests find the column so);
        a less-read figure is a phone's detail unless the table is sorted by it."""
        classes = {*declared, f"col-{name}"}
        if self._is_detail(name):
            classes.add("detail-cell")
        return classes

    def get_column_class_names(self, classes_set: set[str], bound_column: Any) -> set[str]:
        return self._classes(bound_column.name, classes_set)

    def _mark_columns(self) -> None:
        """The figure cells' classes, as django-tables2 gives their headings."""
        for name, column in self._cell_columns.items():
            declared = self.base_columns[name].attrs["td"]["class"].split()
            column["css"] = " ".join(sorted(self._classes(name, declared)))

    @property
    def order_by(self) -> Any:
        return tables.Table.order_by.fget(self)

    @order_by.setter
    def order_by(self, value: Any) -> None:
        tables.Table.order_by.fset(self, value)
        if hasattr(self, "_cell_columns"):  # set again by ``configure`` from the address
            self._mark_columns()

    @property
    def has_detail_columns(self) -> bool:
        return any(self._is_detail(name) for name in self._cell_columns)

    # -- downloads ------------------------------------------------------------------------------------------

    def value_member(self, value: Any) -> str:
        return member_text(value)


def standings_tables(
    result: Any, *, projector: bool = False, viewer_id: int | None = None
) -> tuple[StandingsTable, StandingsTable]:
    """The ranked table and the unranked one of ``result`` (``stats.standings.Standings``)."""
    options = {
        "players": result.players,
        "win_points": result.win_points,
        "projector": projector,
        "viewer_id": viewer_id,
    }
    return StandingsTable(result.ranked, **options), StandingsTable(result.unranked, ranked=False, **options)
