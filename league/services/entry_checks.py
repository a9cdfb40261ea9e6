"""What a game must agree with before it is saved: the draw it was opened from, one table per person and round,
and no second copy of a game already saved that day (docs/entry.md, "Checks before saving").

``check_entry`` runs inside the saving transaction (``services.games.record_game`` and ``correct_game``), after
the meeting is locked and before anything is written, and locks the drawn round it reads, so a draw, redraw or
swap (which lock the meeting, then the round) comes wholly before or after the save. Each refusal is an
``EntryRefused`` saying which form field it concerns and what the form may offer: the current table to reload,
a box to seat the players as typed, or a box to save a second game like the first.
"""

import hashlib
from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.points import tenths_from_points

from ..models.draws import DrawnRound
from ..models.games import Game, GameSeat
from ..models.meetings import Meeting
from ..stats.drawn_tables import DrawnTable, drawn_table
from .refusals import GameRefused

NOT_DRAWN = "-"
SEAT_AS_TYPED = "seat_as_typed"
SAME_GAME_OK = "same_game_ok"


@dataclass(frozen=True)
class EntryChecks:
    """What the form says about the save: the drawn table it was opened from (``table_mark``, None when unknown),
    whether the players typed are meant even though the draw seated others, and whether a game like one
    already saved that day is meant as a second game. A caller without a form (the demo, a script) checks only
    that nobody plays at two tables."""

    opened_from: str | None = None
    seat_as_typed: bool = True
    same_game_ok: bool = True


class EntryRefused(GameRefused):
    """A save refused by a check; ``offer`` is the form's box that lets a deliberate save through (or None),
    ``table`` the drawn table as it is now, ``existing`` the game already saved like this one."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        offer: str | None = None,
        table: DrawnTable | None = None,
        existing: Game | None = None,
        round_table: tuple | None = None,
    ):
        super().__init__(message)
        self.field = field
        self.offer = offer
        self.table = table
        self.existing = existing
        self.round_table = round_table


def table_mark(meeting, round_number: int, table: int, drawn: DrawnTable | None = None) -> str:
    """A fingerprint of how ``table`` of round ``round_number`` is drawn (its people in their seats), or that it is
    not drawn: what the entry form carries from the moment it was opened."""
    if drawn is None:
        drawn = drawn_table(meeting, round_number, table)
    if drawn is None:
        return f"{round_number}:{table}:{NOT_DRAWN}"
    seating = repr([member.pk for member in drawn.members])
    return f"{round_number}:{table}:{hashlib.sha256(seating.encode()).hexdigest()[:12]}"


def check_entry(entry, checks: EntryChecks | None, game: Game | None = None) -> None:
    """Refuse ``entry`` (EntryRefused) when it disagrees with the draw, seats someone at two tables of its round,
    or repeats a game of that day; ``game`` is the game being corrected (never a copy of itself)."""
    checks = checks or EntryChecks()
    _refuse_a_second_table(entry, game)
    _refuse_against_the_draw(entry, checks, game)
    if not checks.same_game_ok:
        _ask_about_a_second_copy(entry, game)


def seats_text(table: DrawnTable) -> str:
    """A drawn table's people in their seats, as a message names them: 東 南野二郎、南 東田一郎、…"""
    return _(", ").join(f"{wind} {member.name}" for wind, member in table.by_wind)


def _refuse_a_second_table(entry, game) -> None:
    people = {member.pk: seat for seat, member in enumerate(entry.members) if member.pk is not None}
    taken = (
        GameSeat.objects.counted()
        .filter(game__meeting=entry.meeting, game__round=entry.round, member__in=people)
        .exclude(game__table=entry.table)
        .select_related("member", "game")
    )
    if game is not None:
        taken = taken.exclude(game=game.pk)
    seats = list(taken)
    if seats:
        seat = min(seats, key=lambda row: people[row.member_id])  # the first of this entry's seats, as typed
        raise EntryRefused(
            _(
                "%(name)s already played round %(round)s at table %(table)s: nobody plays at two "
                "tables in one round. Check the round and table, or correct that game."
            )
            % {"name": seat.member.name, "round": entry.round, "table": seat.game.table},
            field=f"player_{people[seat.member_id]}",
            existing=seat.game,
        )


def _refuse_against_the_draw(entry, checks, game) -> None:
    # Locked after the meeting, as the draw's own writers do, so the draw read here is the one saved against.
    drawn_round = DrawnRound.objects.select_for_update().filter(meeting=entry.meeting, number=entry.round).first()
    table = drawn_table(entry.meeting, entry.round, entry.table) if drawn_round is not None else None
    where = {"round": entry.round, "table": entry.table}
    opened = (checks.opened_from or "").rsplit(":", 1)
    if (
        len(opened) == 2
        and opened[0] == f"{entry.round}:{entry.table}"
        and (checks.opened_from != table_mark(entry.meeting, entry.round, entry.table, table))
    ):
        if table is None:
            raise EntryRefused(
                _(
                    "The draw changed since this form was opened: round %(round)s no longer has a "
                    "drawn table %(table)s. Nothing was saved."
                )
                % where,
                round_table=(entry.round, entry.table),
            )
        raise EntryRefused(
            _(
                "The draw changed since this form was opened: round %(round)s, table %(table)s is now "
                "%(seats)s. Nothing was saved."
            )
            % {**where, "seats": seats_text(table)},
            table=table,
            round_table=(entry.round, entry.table),
        )
    if table is None or checks.seat_as_typed:
        return
    typed = {member.pk for member in entry.members}
    if typed == {member.pk for member in table.members}:
        return  # the drawn people, in whatever seats they took at the table
    if (
        game is not None
        and game.round == entry.round
        and game.table == entry.table
        and typed == set(game.seats.values_list("member_id", flat=True))
    ):
        return  # a correction that keeps the players saved before (seated as typed then)
    others = [member.name for member in entry.members if member.pk not in {m.pk for m in table.members}]
    raise EntryRefused(
        ngettext(
            "Round %(round)s, table %(table)s was drawn as %(seats)s: %(others)s is not one of them. If they played "
            "there (taking the seat of someone who left), tick “seat the players as typed”; "
            "otherwise correct the names.",
            "Round %(round)s, table %(table)s was drawn as %(seats)s: %(others)s are not among them. If they played "
            "there (taking the seats of people who left), tick “seat the players as typed”; "
            "otherwise correct the names.",
            len(others),
        )
        % {**where, "seats": seats_text(table), "others": _(", ").join(others)},
        offer=SEAT_AS_TYPED,
        table=table,
        round_table=(entry.round, entry.table),
    )


def _ask_about_a_second_copy(entry, game) -> None:
    mine = {
        member.pk: number
        for member, number in zip(entry.members, entry.points if entry.points_only else entry.scores, strict=True)
    }
    if None in mine:
        return  # a new guest: no game saved before has them
    # The day's games in which the first player sat, with the score typed for them (the points typed are in the
    # sheet, not the seats): a busy day's forty games of theirs → none or one.  Their seat is asked for by game
    # (EXISTS), so that the day's games are found by their meetings, not among the player's every seat (8 ms at
    # 80,000 games, SQLite).
    first = GameSeat.objects.filter(game=OuterRef("pk"), member=entry.members[0].pk)
    if not entry.points_only:
        first = first.filter(score=entry.scores[0])
    day = Meeting.objects.filter(club=entry.meeting.club_id, date=entry.meeting.date).values("pk")
    candidates = Game.objects.counted().filter(meeting__in=day, points_only=entry.points_only).filter(Exists(first))
    if game is not None:
        candidates = candidates.exclude(pk=game.pk)
    # Plain values, not games with their seats and members: a busy day held some forty of the first player's games.
    sheets = dict(candidates.order_by("pk").values_list("pk", "sheet"))
    if not sheets:
        return
    seats_of: dict[int, list[tuple[int, int, int | None]]] = {pk: [] for pk in sheets}
    for game_id, seat, member_id, score in GameSeat.objects.filter(game__in=list(sheets)).values_list(
        "game_id", "seat", "member_id", "score"
    ):
        seats_of[game_id].append((seat, member_id, score))
    for pk, sheet in sheets.items():
        seats = sorted(seats_of[pk])
        if entry.points_only:  # the sheet keeps the points typed, as JSON numbers
            numbers = [tenths_from_points(value) for value in (sheet or {}).get("points") or []]
        else:
            numbers = [score for _seat, _member, score in seats]
        if (
            len(numbers) == len(seats)
            and {member_id: number for (_seat, member_id, _score), number in zip(seats, numbers, strict=True)} == mine
        ):
            saved = Game.objects.get(pk=pk)
            raise EntryRefused(
                _(
                    "The same game has already been entered: round %(round)s, table %(table)s has the "
                    "same players and scores. Nothing was saved. If this is another hanchan, tick "
                    "“save it as another game” and save again."
                )
                % {"round": saved.round, "table": saved.table},
                offer=SAME_GAME_OK,
                existing=saved,
            )
