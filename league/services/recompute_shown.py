"""The part of a recompute's plan its page shows: the first ``SHOWN_CHANGES`` changes and problems, the counts and
the fingerprint the Save button sends back.

The page is drawn from this whether the plan was made in the request or by the worker (league/jobs/): a plan of
many games is made off the request and only this is kept, as JSON in the job's folder (``to_data``,
``from_data``), a few hundred kilobytes at most where the plan itself holds every game's seats.
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass, field

# Games (and problems) listed on the recompute page; the rest are counted, and saved with them. A season of
# 10,000 changed games listed in full was a 15 MB page that took seconds to draw (docs/performance.md).
SHOWN_CHANGES = 200


@dataclass(frozen=True)
class ShownGame:
    pk: int
    date: datetime.date
    round: int
    table: int
    closed: bool


@dataclass(frozen=True)
class ShownSeat:
    name: str
    old_place: int
    new_place: int
    old_total: int  # tenths
    new_total: int  # tenths

    @property
    def changed(self) -> bool:
        return (self.old_place, self.old_total) != (self.new_place, self.new_total)


@dataclass(frozen=True)
class ShownChange:
    game: ShownGame
    old_rules: datetime.date  # the effective date of the version it was settled under
    new_rules: datetime.date  # ... and of the one it will be
    new_version: bool  # settled under another version than before (of the same date, perhaps: another rule set)
    seats: list[ShownSeat]


@dataclass(frozen=True)
class ShownProblem:
    game: ShownGame
    messages: list[str]


@dataclass(frozen=True)
class ShownPlan:
    count: int  # the games that would change, listed or not
    closed_count: int  # of which in closed meetings
    problem_count: int
    fingerprint: str
    changes: list[ShownChange] = field(default_factory=list)
    problems: list[ShownProblem] = field(default_factory=list)

    @property
    def hidden_changes(self) -> int:
        return self.count - len(self.changes)

    @property
    def hidden_problems(self) -> int:
        return self.problem_count - len(self.problems)


def shown(plan) -> ShownPlan:
    """What the page shows of ``plan`` (league/services/recompute.Plan)."""
    return ShownPlan(
        count=plan.count,
        closed_count=plan.closed_count,
        problem_count=len(plan.problems),
        fingerprint=plan.fingerprint,
        changes=[
            ShownChange(
                game=_game(change.game),
                old_rules=change.old_version.effective_from,
                new_rules=change.version.effective_from,
                new_version=change.new_version,
                seats=[
                    ShownSeat(seat.member.name, seat.old_place, seat.new_place, seat.old_total, seat.new_total)
                    for seat in change.seats
                ],
            )
            for change in plan.changes[:SHOWN_CHANGES]
        ],
        problems=[
            ShownProblem(_game(problem.game), [str(message) for message in problem.messages])
            for problem in plan.problems[:SHOWN_CHANGES]
        ],
    )


def _game(game) -> ShownGame:
    return ShownGame(game.pk, game.meeting.date, game.round, game.table, game.meeting.closed)


def to_data(plan: ShownPlan) -> dict:
    """``plan`` as JSON can hold it (dates as ISO text)."""
    return asdict(plan, dict_factory=lambda pairs: {k: _plain(v) for k, v in pairs})


def from_data(data: dict) -> ShownPlan:
    """The plan ``to_data`` gave."""
    return ShownPlan(
        count=data["count"],
        closed_count=data["closed_count"],
        problem_count=data["problem_count"],
        fingerprint=data["fingerprint"],
        changes=[
            ShownChange(
                game=_game_from(change["game"]),
                old_rules=datetime.date.fromisoformat(change["old_rules"]),
                new_rules=datetime.date.fromisoformat(change["new_rules"]),
                new_version=change["new_version"],
                seats=[ShownSeat(**seat) for seat in change["seats"]],
            )
            for change in data["changes"]
        ],
        problems=[ShownProblem(_game_from(problem["game"]), problem["messages"]) for problem in data["problems"]],
    )


def _game_from(data: dict) -> ShownGame:
    return ShownGame(**{**data, "date": datetime.date.fromisoformat(data["date"])})


def _plain(value: object) -> object:
    return value.isoformat() if isinstance(value, datetime.date) else value
