"""Recomputing the games a rule set's versions govern (再計算), after a version is added or corrected.

``plan(rule_set)`` settles every counted game of the rule set again, from the
sheet it was entered with, under the version in force on its date, and lists
the games whose stored result would change (another version, or other
points), with each seat's old and new total and place; games the engine now
refuses are listed as problems.  ``apply`` saves exactly the planned games in
one transaction, each as a new revision of the game in its history, and saves
nothing if any of them changed since the plan was made.  Games in closed
meetings are included: a rule correction applies to them too.
"""

import hashlib
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

import scoring

from ..models import Game, GameSeat, RuleSet
from ..refusals import Refused
from ..rule_checks import engine_message
from .games import GameRefused, entry_from_game, settle_in_force, store_settled

# How a recomputation is named in a game's history: an undo of an import tells it apart from a person's edit.
RECOMPUTED = "recomputed"


@dataclass
class SeatChange:
    seat: int
    member: object
    old_place: int
    new_place: int
    old_total: int  # tenths
    new_total: int  # tenths

    @property
    def changed(self):
        return (self.old_place, self.old_total) != (self.new_place, self.new_total)


@dataclass
class GameChange:
    game: Game
    old_version: object
    version: object  # the rule version the game will be settled under
    seats: list
    signature: tuple  # the new result, to check it again under lock

    @property
    def new_version(self):
        return self.version.pk != self.old_version.pk


@dataclass
class GameProblem:
    game: Game
    messages: list


@dataclass
class Plan:
    rule_set: object
    changes: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    version: object = None  # when only the games of one version were asked for

    @property
    def count(self):
        return len(self.changes)

    @property
    def closed_count(self):
        return sum(1 for change in self.changes if change.game.meeting.closed)

    @property
    def fingerprint(self):
        """Identifies what the owner saw, so that a save after something changed is refused."""
        text = repr([(c.game.pk, c.game.revision, c.version.pk, c.signature) for c in self.changes])
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def games_of(rule_set):
    """The counted games of ``rule_set``, oldest first, with what planning reads."""
    return (
        Game.objects.counted()
        .filter(Q(meeting__rule_set=rule_set) | Q(rule_version__rule_set=rule_set))
        .select_related("meeting__rule_set", "rule_version")
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("member")))
        .in_meeting_order()
    )


def plan(rule_set, version=None):
    """What recomputing ``rule_set``'s games would change; with ``version``, only the games it governs
    now or would govern."""
    rule_set = RuleSet.objects.with_versions().get(pk=rule_set.pk)  # the versions as they are now, read once
    the_plan = Plan(rule_set=rule_set, version=version)
    for game in games_of(rule_set):
        if game.meeting.rule_set_id == rule_set.pk:
            game.meeting.rule_set = rule_set
        if version is not None and version.pk not in (
                game.rule_version_id, getattr(game.meeting.rule_set.version_on(game.meeting.date), "pk", None)):
            continue
        try:
            settled = settle_in_force(entry_from_game(game))
        except (scoring.ScoringError, GameRefused) as refusal:
            the_plan.problems.append(GameProblem(game, _problem_messages(game, refusal)))
            continue
        change = _change(game, settled.rule_version, settled.result)
        if change is not None:
            the_plan.changes.append(change)
    return the_plan


def apply(plan_or_rule_set, user=None):
    """Save the planned games (or plan ``rule_set`` now and save); returns how many were saved.

    Each game is locked, settled again and compared with the plan: if any game
    was corrected, voided or settles differently since, nothing is saved.
    """
    with transaction.atomic():
        the_plan = plan_or_rule_set if isinstance(plan_or_rule_set, Plan) else plan(plan_or_rule_set)
        ids = [change.game.pk for change in the_plan.changes]
        locked = {game.pk: game for game in Game.objects.select_for_update(of=("self",))
                  .select_related("meeting__rule_set").filter(pk__in=ids).order_by("pk")}
        for change in the_plan.changes:
            _resettle(locked.get(change.game.pk), change, user)
    return the_plan.count


def _resettle(current, change, user):
    if current is None or current.void or current.revision != change.game.revision:
        raise Refused(_stale())
    try:
        settled = settle_in_force(entry_from_game(current))
    except (scoring.ScoringError, GameRefused) as refusal:
        raise Refused(_stale()) from refusal
    if settled.rule_version.pk != change.version.pk or _signature(settled.result) != change.signature:
        raise Refused(_stale())
    version = settled.rule_version
    current.updated_by = user
    current.revision += 1  # the row is locked, so a plain increment is safe
    if user is not None:
        current._history_user = user
    current._change_reason = f"{RECOMPUTED}: rule version {version.pk} ({version.effective_from:%Y-%m-%d})"
    store_settled(current, settled)


def _signature(result):
    """The parts of a settlement that the game and its seats store."""
    return (result.floats, result.double_maru_a,
            tuple((seat.seat, seat.score, *GameSeat.settled_columns(seat).values()) for seat in result))


def _stored_signature(game):
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    return (game.floats, game.double_maru_a, tuple((s.seat, s.score, *s.settled_values()) for s in seats))


def _change(game, version, result):
    """The change recomputing ``game`` would make, or None when its stored result already matches."""
    signature = _signature(result)
    if version.pk == game.rule_version_id and signature == _stored_signature(game):
        return None
    stored = {seat.seat: seat for seat in game.seats.all()}
    seats = []
    for seat in result:
        old = stored.get(seat.seat)
        seats.append(SeatChange(
            seat=seat.seat, member=old.member if old else None,
            old_place=old.place if old else None, new_place=seat.place,
            old_total=old.total if old else None, new_total=seat.tenths["total"],
        ))
    return GameChange(game=game, old_version=game.rule_version, version=version, seats=seats, signature=signature)


def _problem_messages(game, refusal):
    if isinstance(refusal, GameRefused):
        return [refusal.message]
    names = game.sheet.get("names") or None
    return [engine_message(error, names) for error in refusal.errors]


def _stale():
    return _("A game was changed while the recomputation was being prepared, so nothing was saved. "
             "Check the list again.")
