"""What a plan is made of: each row as a ``PlannedGame`` and each ``Problem`` with its row and column."""

import datetime
from dataclasses import dataclass, field

from ..models.games import WINDS, Game
from ..models.meetings import Meeting
from .names import NewMember

NEW, ALREADY, ERROR = "new", "already", "error"


@dataclass(slots=True)
class Problem:
    """One thing wrong: ``row`` (None for the whole file), ``column`` (a layout key, or None for the row)."""

    row: int | None
    column: str | None
    message: str
    label: str = ""  # the column as the messages name it: F (東家 点数)


@dataclass(slots=True)  # an import plans up to 20,000: no dict per row
class PlannedGame:
    row: int
    rule_set: object = None  # the RuleSet it is imported under: the one chosen, or the one its row names
    date: datetime.date | None = None
    round: int | None = None
    table: int | None = None
    names: list = field(default_factory=list)  # as written in the file
    players: list = field(default_factory=list)  # Member, NewMember or None, in seat order
    scores: list | None = field(default_factory=list)  # None for a points-only game
    points: list | None = None  # tenths: each player's final points of a points-only game (点数なし)
    deposit: int = 0
    chips: list = field(default_factory=list)
    busts: list = field(default_factory=list)
    yakuman: list = field(default_factory=list)
    chombo: list = field(default_factory=list)
    ended_by_yakuman: int | None = None
    rule_version: object = None  # the RuleVersion in force on the date
    extras_unrecorded: bool = False  # points only, from a layout with no deposit or chombo columns
    # A day total (日計, a 集計表 row of a day and table): the hanchan each player on it played, their day's
    # points in ``points``; None for a game.
    day_games: int | None = None
    note: str = ""  # the 備考 written beside the game, kept as the game's note
    yakuman_note: object = None  # notes.YakumanMention when the note names a yakuman the row does not record
    result: object = None  # the engine's Settlement
    meeting: Meeting | None = None  # the meeting it goes into; None: one is created for the date
    existing: Game | None = None  # the saved game (or existing.SavedDayTotal) this row repeats
    status: str = NEW
    problems: list = field(default_factory=list)

    @property
    def points_only(self):
        return self.points is not None

    @property
    def day_total(self):
        return self.day_games is not None

    def named_in_note(self):
        """(wind, name as written) of each player the note's yakuman mention names."""
        mention = self.yakuman_note
        return [(WINDS[seat], self.names[seat]) for seat in (mention.seats if mention else ())]

    def seats(self):
        """The preview's rows: wind, name as written, who it is, score (None when points only), place, total."""
        results = list(self.result) if self.result else []
        scores = self.scores or []
        # A day total is not settled: its points are shown as written, without a place.
        day_points = self.points if self.day_total and self.points and None not in self.points else []
        return [
            {
                "wind": WINDS[seat],
                "name": name,
                "player": self.players[seat] if seat < len(self.players) else None,
                "score": scores[seat] if seat < len(scores) else None,
                "place": results[seat].place if results else None,
                "total": results[seat].tenths["total"] if results else (day_points[seat] if day_points else None),
            }
            for seat, name in enumerate(self.names)
        ]


def who(player):
    if player is None:
        return None
    if isinstance(player, NewMember):
        return f"{'guest' if player.guest else 'new'}:{player.name}:{player.kana}"
    return player.pk
