"""A day's figures as its pages show them: the games' points now, the money kept or settled now, and the drift.

A day's points are always its games' points (``stats.day.settle_games``): the
meeting's page, its board, its chat text and its printable sheet rank the day
by them, even after a rule correction recomputed a closed day.  Its money is
what was settled: kept at the close for a closed meeting (``kept_money``),
settled from the games while it is open.  When the two no longer agree (the
points or the money the games give now differ from what was kept), ``drift``
lists each person's difference (``stats.settlements.drift``), from the same
settlement of the games: no query more than the day's own.
"""

from dataclasses import dataclass

from .day import kept_money, settle_games
from .day_money import DayMoney
from .settlements import MemberDifference, drift


@dataclass
class DayFigures:
    now: DayMoney  # the day as its games settle now: its lines are the day's standings, by the games' points
    money: DayMoney  # what the day's money is: kept at the close (``money.kept``), else ``now``
    drift: list[MemberDifference] | None  # each differing person; empty when the kept record matches, None if none

    @property
    def standings(self):
        """The day's lines by the games' current points (those without a game are left to the money)."""
        return [line for line in self.now.lines if line.games]

    @property
    def players(self) -> int:
        return self.now.players


def day_figures(meeting) -> DayFigures:
    """The day of ``meeting`` in the queries of one settlement of its games (and of its kept record's people)."""
    now = settle_games(meeting)
    if not (meeting.closed and meeting.settlement):
        return DayFigures(now=now, money=now, drift=None)
    people = {line.member.pk: line.member for line in now.lines}
    return DayFigures(now=now, money=kept_money(meeting, people), drift=drift(meeting, now))
