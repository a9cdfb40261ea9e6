"""The entry's preview (精算結果): what the rules give the game being typed, before it is saved.

The saved game's breakdown (``games_breakdown.py``) with its columns and figures, but place and total come
first, so a phone shows them beside the names while the other parts scroll inside the box.  A score filled in
from the other three is marked.  Four rows as the table sat: never sorted, never a download.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..models.games import WINDS, GameSeat
from .games_breakdown import SeatPartsTable, SeatTexts


@dataclass(frozen=True, slots=True)
class PreviewRow(SeatTexts):
    wind: str
    name: str
    filled: bool  # the score was filled in from the others (GameForm.filled_seat)


class PreviewTable(SeatPartsTable):
    class Meta(SeatPartsTable.Meta):
        template_name = "league/tables/entry_preview.html"
        attrs = {"class": "breakdown preview"}
        sequence = ("seat", "player", "place", "total", "score", "...")

    def __init__(
        self, result: Any, names: Sequence[str], *, filled_seat: int | None, win_points: bool, **kwargs: Any
    ) -> None:
        """``result``: the engine's ``Settlement`` of the game, its seats in seat order; ``names``: the players'."""
        rows = [
            PreviewRow.of(
                seat.score,
                GameSeat.settled_columns(seat),
                wind=WINDS[seat.seat],
                name=names[seat.seat],
                filled=seat.seat == filled_seat,
            )
            for seat in result
        ]
        super().__init__(rows, win_points=win_points, **kwargs)
        self.ended_by_yakuman = result.double_maru_a  # ダブルマルA: the caption says so


def preview_table(form: Any) -> PreviewTable | None:
    """The preview of what a game entry form (``GameForm``, after ``is_valid``) settled, or None while what is
    typed cannot be settled yet."""
    if not form.result:
        return None
    return PreviewTable(
        form.result,
        [member.name for member in form.entry.members],
        filled_seat=form.filled_seat,
        win_points=form.rule_version.win_points,
    )
