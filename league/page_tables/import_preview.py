"""The import preview's tables (取り込みの確認): the notes that name a yakuman, the problems, the games in the file.

The rows are the file's, in its order (the problems first, as the plan found them), read by the secretary before
anything is saved: nothing sorts and nothing downloads. Each row's texts are written once here from the plan
(``league/imports/plan.py``); the templates only print them.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import django_tables2 as tables
from django.utils.text import Truncator
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..imports.planned import ALREADY, NEW, PlannedGame, Problem
from ..text.formatting import format_date, format_points, format_score
from .base import PageTable

EMPTY = "—"
NOTE_SHOWN = 80  # characters of a game's note in its status cell: the whole note is kept with the game
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class _PreviewTable(PageTable):
    downloadable = False  # a secretary's working page, and the file is theirs already

    class Meta(PageTable.Meta):
        orderable = False  # the file's order: a row's number is where the secretary finds it in the file


# -- notes that mention a yakuman -------------------------------------------------------------------------------


@dataclass
class YakumanNoteRow:
    row: int
    when: str  # the day and round: 2026/11/21(土), 3回戦
    note: str
    yakuman: str  # the yakuman the note names: 大三元, 四暗刻
    named: str  # the players the note names, with their seats: 東 中島; "—" for none


def yakuman_note_row(game: PlannedGame) -> YakumanNoteRow:
    when = []
    if game.date:
        when.append(format_date(game.date))
    if game.round:
        when.append(gettext("round %(round)s") % {"round": game.round})
    named = ", ".join(f"{wind} {name}" for wind, name in game.named_in_note())
    return YakumanNoteRow(game.row, ", ".join(when), game.note, ", ".join(game.yakuman_note.words), named or EMPTY)


class YakumanNotesTable(_PreviewTable):
    """Games whose note names a yakuman their row does not record: a card each on a phone (``phone-cards``)."""

    row = tables.Column(verbose_name=_("Row"))
    when = tables.Column(verbose_name=_("Date"))
    note = tables.Column(verbose_name=_("Note"))
    yakuman = tables.Column(verbose_name=_("Yakuman"))
    named = tables.Column(verbose_name=_("Player named"))

    class Meta(_PreviewTable.Meta):
        template_name = "league/tables/import_yakuman_notes.html"
        attrs = {"class": "compact phone-cards"}

    def __init__(self, games: Iterable[PlannedGame], **kwargs: Any) -> None:
        super().__init__([yakuman_note_row(game) for game in games], **kwargs)


# -- problems ---------------------------------------------------------------------------------------------------


@dataclass
class ProblemRow:
    row: int | None  # None: the whole file (no row to link to)
    column: str  # the column as the messages name it: F (東家 点数); "—" for the whole row
    message: str


class ProblemsTable(_PreviewTable):
    """Every problem by row and column; a row's number links to the row in the games' table."""

    row = tables.Column(verbose_name=_("Row"))
    column = tables.Column(verbose_name=_("Column"))
    message = tables.Column(verbose_name=_("Problem"))

    class Meta(_PreviewTable.Meta):
        template_name = "league/tables/import_problems.html"
        attrs = {"class": "compact problems"}

    def __init__(self, problems: Iterable[Problem], **kwargs: Any) -> None:
        super().__init__(
            [ProblemRow(problem.row, problem.label or EMPTY, str(problem.message)) for problem in problems], **kwargs
        )


# -- the games in the file --------------------------------------------------------------------------------------


@dataclass
class SeatCell:
    name: str  # as written in the file
    member: str  # the member the name was matched to, when the file writes them otherwise; "" if not
    new: str  # "new" or "new guest" for a member the import creates; "" if not
    score: str
    total: str  # the final points; "" when not computed (a problem)
    place: str  # "" for a day total, which has no place


@dataclass
class GameRow:
    row: int
    date: str
    day_total: str  # the day total's mark (日計・4半荘); "" for a game
    round: str
    table: str
    points_only: bool
    rule_set: str
    seats: list[SeatCell]
    status: str  # NEW, ALREADY or ERROR: how the status cell is marked
    status_text: str
    note: str  # its first characters


def _seat_cell(seat: dict[str, Any]) -> SeatCell:
    name, player = seat["name"], seat["player"]
    member = new = ""
    if player is not None and player.pk and player.name != name:
        member = player.name
    elif player is not None and not player.pk:
        new = gettext("new guest") if player.guest else gettext("new")
    score = EMPTY if seat["score"] is None else format_score(seat["score"])
    total = "" if seat["total"] is None else format_points(seat["total"])
    place = "" if seat["place"] is None else str(seat["place"])
    return SeatCell(name or EMPTY, member, new, score, total, place)


def _status_text(status: str) -> str:
    if status == NEW:
        return gettext("new")
    return gettext("already saved") if status == ALREADY else gettext("problem")


def game_row(game: PlannedGame) -> GameRow:
    day_total = ""
    if game.day_total:
        day_total = ngettext("day total · %(games)s hanchan", "day total · %(games)s hanchan", game.day_games) % {
            "games": game.day_games
        }
    return GameRow(
        row=game.row,
        date=format_date(game.date) if game.date else EMPTY,
        day_total=day_total,
        round=EMPTY if game.round is None else str(game.round),
        table=EMPTY if game.table is None else str(game.table),
        points_only=game.points_only,
        rule_set=game.rule_set.name if game.rule_set is not None and game.rule_set.name else EMPTY,
        seats=[_seat_cell(seat) for seat in game.seats()],
        status=game.status,
        status_text=_status_text(game.status),
        note=Truncator(game.note).chars(NOTE_SHOWN) if game.note else "",
    )


class ImportGamesTable(_PreviewTable):
    """The rows read, as they would be saved: a column per seat (``seat_headers``: three or four winds), and the
    rule set only when the file has a column naming it. Each row is ``row-<number>``, where the problems link."""

    row = tables.Column(verbose_name=_("Row"), attrs=NUM)
    date = tables.Column(verbose_name=_("Date"))
    round = tables.Column(verbose_name=_("Round"), attrs=NUM)
    table = tables.Column(verbose_name=_("Table"), attrs=NUM)
    rule_set = tables.Column(verbose_name=_("Rule set"))
    status = tables.Column(verbose_name=_("Status"))

    class Meta(_PreviewTable.Meta):
        template_name = "league/tables/import_games.html"
        attrs = {"class": "compact import-preview"}
        # No row is read only when the file has none, or too many: a problem above says which.
        empty_text = _("No row to list: see the problems above.")
        sequence = ("row", "date", "round", "table", "rule_set", "...", "status")

    def __init__(
        self, games: Iterable[PlannedGame], *, seat_headers: Sequence[Any], with_rule_set: bool, **kwargs: Any
    ) -> None:
        seats = [
            (f"seat_{seat}", tables.Column(verbose_name=wind, accessor=f"seats__{seat}"))
            for seat, wind in enumerate(seat_headers)
        ]
        super().__init__(
            [game_row(game) for game in games],
            extra_columns=seats,
            exclude=() if with_rule_set else ("rule_set",),
            **kwargs,
        )
        self.with_rule_set = with_rule_set


# -- names no member has ------------------------------------------------------------------------------------


class NameMappingTable(_PreviewTable):
    """Each name of the file no member has, with the form's boxes: who it is, and the reading of a new member.
    A form's rows (``MappingForm.rows``), in the order the file first names them."""

    name = tables.Column(verbose_name=_("Name in the file"))
    rows = tables.Column(verbose_name=_("Rows"))
    choice = tables.Column(verbose_name=_("Who it is"))
    kana = tables.Column(verbose_name=_("Reading (kana) of the new member"))

    ROWS_SHOWN = 8  # the file's rows naming it: a name on hundreds of rows lists the first and "…"

    class Meta(_PreviewTable.Meta):
        template_name = "league/tables/import_names.html"
        attrs = {"class": "compact phone-cards name-mapping"}

    def __init__(self, rows: list[dict[str, Any]], **kwargs: Any) -> None:
        for row in rows:
            found = row["name"].rows
            row["rows_text"] = ", ".join(str(number) for number in found[: self.ROWS_SHOWN]) + (
                " …" if len(found) > self.ROWS_SHOWN else ""
            )
        super().__init__(rows, **kwargs)
