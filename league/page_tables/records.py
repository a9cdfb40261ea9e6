"""The club records page's tables (記録): the top tens, the yakuman list (paged) and the most games.

A top ten is read in its ranking, so its columns do not sort; the yakuman list grows with the club, so it is
paged and sorts by its game's day.  Each table has a prefix: its sorting, paging and downloads
(``?_table=<prefix>``) are its own on a page of six.
"""

from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableData

from ..text.formatting import format_date, format_points
from ..web.links import member_text
from .base import PageTable, key_column, name_column, rank_column

YAKUMAN_PER_PAGE = 20


def _game_text(game: Any) -> str:
    return gettext("%(date)s, round %(round)s") % {"date": format_date(game.meeting.date), "round": game.round}


class _TopTen(PageTable):
    rank = rank_column(_("Rank"), orderable=False)
    member = name_column(_("Member"), accessor="item__member", orderable=False)
    wide = True

    class Meta(PageTable.Meta):
        attrs = {"class": "compact key-table"}

    def value_member(self, value: Any) -> str:
        return member_text(value)


class BestGamesTable(_TopTen):
    """The highest scores (``kind`` "score") or the most points in one game ("points")."""

    figure = key_column(
        _("Score"), accessor="item", orderable=False, attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    game = tables.Column(verbose_name=_("Game"), accessor="item__game", orderable=False)

    class Meta(_TopTen.Meta):
        template_name = "league/tables/record_games.html"

    def __init__(self, data: list, *, kind: str, **kwargs: Any) -> None:
        super().__init__(data, prefix=f"{kind}-", **kwargs)
        self.kind = kind
        self.export_name = "best-scores" if kind == "score" else "best-points"
        if kind == "points":
            self.columns["figure"].column.verbose_name = _("Points")

    def value_figure(self, value: Any) -> int | str:
        return value.score if self.kind == "score" else format_points(value.total)

    def value_game(self, value: Any) -> str:
        return _game_text(value)


class RunsTable(_TopTen):
    length = key_column(
        _("Games in a row"),
        accessor="item__length",
        orderable=False,
        attrs={"th": {"class": "num"}, "td": {"class": "num"}},
    )
    first = tables.Column(verbose_name=_("From"), accessor="item__first__date", orderable=False)
    last = tables.Column(verbose_name=_("To"), accessor="item__last__date", orderable=False)

    class Meta(_TopTen.Meta):
        template_name = "league/tables/record_runs.html"

    def __init__(self, data: list, *, prefix: str, **kwargs: Any) -> None:
        super().__init__(data, prefix=prefix, **kwargs)
        self.export_name = prefix.rstrip("-")

    def value_first(self, value: Any) -> str:
        return format_date(value)

    def value_last(self, value: Any) -> str:
        return format_date(value)


class MostGamesTable(_TopTen):
    games = key_column(
        _("Games"), accessor="item__games", orderable=False, attrs={"th": {"class": "num"}, "td": {"class": "num"}}
    )
    last_played = tables.Column(verbose_name=_("Last played"), accessor="item__last_played", orderable=False)

    export_name = "most-games"
    anchor = "most-games"

    class Meta(_TopTen.Meta):
        template_name = "league/tables/record_most_games.html"
        prefix = "games-"

    def value_last_played(self, value: Any) -> str:
        return format_date(value)


class YakumanTable(PageTable):
    """Every yakuman won, newest first; sorted by its game's day either way, a page at a time."""

    winner = tables.Column(verbose_name=_("Winner"), accessor="yakuman__member", orderable=False)
    yakuman = tables.Column(verbose_name=_("Yakuman"), accessor="yakuman", orderable=False)
    win = tables.Column(verbose_name=_("Win"), accessor="yakuman", orderable=False)
    dealt_in = tables.Column(verbose_name=_("Dealt in"), accessor="dealt_in", orderable=False, default="—")
    game = tables.Column(
        verbose_name=_("Game"),
        accessor="yakuman__game",
        order_by=("yakuman__game__meeting__date", "yakuman__game__round", "yakuman__game__table"),
    )

    export_name = "yakuman"
    anchor = "yakuman-list"
    per_page = YAKUMAN_PER_PAGE

    class Meta(PageTable.Meta):
        template_name = "league/tables/record_yakuman.html"
        attrs = {"class": "striped phone-cards club-yakuman"}
        prefix = "yakuman-"

    def value_winner(self, value: Any) -> str:
        return member_text(value)

    def value_yakuman(self, value: Any) -> str:
        name = value.name or value.get_kind_display()
        return f"{name} ×{value.count}" if value.count > 1 else name

    def value_win(self, value: Any) -> str:
        return str(value.get_win_display())

    def value_dealt_in(self, value: Any) -> str:
        return member_text(value)

    def value_game(self, value: Any) -> str:
        return _game_text(value)


class _YakumanData(TableData):
    """The yakuman list (``stats.records.YakumanList``) as the table reads it: a page is one slice of the query,
    and sorting by the game (the one sortable column) turns the list's order (oldest or newest first)."""

    def __len__(self) -> int:
        return len(self.data)

    def order_by(self, aliases: Any) -> None:
        descending = [alias.startswith("-") for alias in aliases if alias.lstrip("-") == "game"]
        if descending and not descending[0]:
            self.data = self.data.oldest_first()


def records_tables(records: Any) -> dict[str, PageTable]:
    """The page's tables of ``records`` (``stats.records.ClubRecords``), by the name the page shows them by."""
    return {
        "best_scores_table": BestGamesTable(records.best_scores, kind="score"),
        "best_points_table": BestGamesTable(records.best_points, kind="points"),
        "yakuman_table": YakumanTable(_YakumanData(records.yakuman)),
        "top_runs_table": RunsTable(records.top_runs, prefix="tops-"),
        "not_last_runs_table": RunsTable(records.not_last_runs, prefix="not-last-"),
        "most_games_table": MostGamesTable(records.most_games),
    }
