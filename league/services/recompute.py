"""Recomputing the games a rule set's versions govern (再計算), after a version is added or corrected.

``plan(rule_set)`` settles every counted game of the rule set again, from the
sheet it was entered with, under the version in force on its date, and lists
the games whose stored result would change (another version, or other
points), with each seat's old and new total and place; games the engine now
refuses are listed as problems.  ``apply`` saves exactly the planned games in
one transaction, each as a new revision of the game in its history, and saves
nothing if any of them changed since the plan was made.  Games in closed
meetings are included: a rule correction applies to them too.

Both read the club's rule sets with their versions, its members and its
meetings once, then the games and their seats ``CHUNK`` games at a time
(``_Reading``): the number of queries does not grow with the games but with
the chunks, and only one chunk's seats are held at a time.  ``apply`` writes
each chunk with one UPDATE of the games, one insert of their history and one
UPDATE of the changed seats (``services.bulk``), then aggregates the stored
meeting lines of the days it changed again by one statement per 500 meetings
(``services.meeting_lines``), all in the one transaction (docs/performance.md,
"Recompute").
"""

import hashlib
from collections import namedtuple
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring

from ..batch.gc_pause import gc_paused
from ..models.clubs import RuleSet
from ..models.games import SETTLED_COLUMNS, Game, GameSeat
from ..models.meetings import Meeting
from ..models.people import Member
from ..models.rule_versions import RuleVersion
from ..text.rule_checks import engine_message
from .bulk import insert_history, update_rows
from .locks import lock_meetings
from .meeting_lines import refresh_meeting_lines
from .refusals import GameRefused, Refused
from .settling import entry_from_game, fill_game, settle_in_force

# How a recomputation is named in a game's history: an undo of an import tells it apart from a person's edit.
RECOMPUTED = "recomputed"
# Games read, settled and written at a time: enough that queries are few, few enough that memory stays small.
CHUNK = 1000
# What a recomputation writes on a game (``fill_game``, the version, the save's bookkeeping).
GAME_COLUMNS = (
    "rule_version",
    "round",
    "table",
    "deposit",
    "sheet",
    "points_only",
    "floats",
    "double_maru_a",
    "revision",
    "updated_by",
    "updated_at",
)


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
    signature: tuple  # the new result (_signature): what is saved, and checked again under lock
    stored_seats: list = field(default_factory=list, repr=False)  # the seat rows as planned (StoredSeat)

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
    rules_seen: list = field(default_factory=list)  # the club's rule versions when planned (_Reading.rules_seen)

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
    """The counted games of ``rule_set``, oldest first."""
    return (
        Game.objects.counted()
        .filter(Q(meeting__rule_set=rule_set) | Q(rule_version__rule_set=rule_set))
        .in_meeting_order()
    )


def inputs_key(rule_set) -> str:
    """What a plan of ``rule_set`` is made from, in two cheap queries: how many counted games it has, the sum of
    their revisions and their latest save, and every rule version of the club.  A key that stays the same says
    the plan would (a plan made off the request is reused while it does: league/jobs/tasks.plan_recompute); the
    fingerprint the save checks (``Plan.fingerprint``) is what guards against anything it misses."""
    games = (
        games_of(rule_set)
        .order_by()
        .aggregate(count=Count("pk"), revisions=Sum("revision"), latest=Max("updated_at"), last=Max("pk"))
    )
    versions = RuleVersion.objects.filter(rule_set__club=rule_set.club_id).order_by("pk")
    text = repr((sorted(games.items()), list(versions.values_list("pk", "rule_set_id", "effective_from", "rules"))))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


# A stored seat as recomputing reads and writes it: its id, its game, the parts the engine does not compute,
# then the settled columns (SETTLED_COLUMNS); a plain tuple, as 40,000 model instances would cost seconds.
StoredSeat = namedtuple("StoredSeat", ("id", "game_id", "seat", "member_id", "score", *SETTLED_COLUMNS))
# The table-wide part of a result that a game stores (``fill_game`` reads it).
TableResult = namedtuple("TableResult", ("floats", "double_maru_a"))


class _Reading:
    """What settling a rule set's games again reads, each thing once: the club's rule sets with their versions
    as they are now, its members and its meetings; then the games ``CHUNK`` at a time with their seats."""

    def __init__(self, rule_set):
        club = rule_set.club_id
        self.rule_sets = {one.pk: one for one in RuleSet.objects.with_versions().filter(club=club)}
        self.rule_set = self.rule_sets[rule_set.pk]
        self.versions = {version.pk: version for one in self.rule_sets.values() for version in one.versions.all()}
        self.members = Member.objects.filter(club=club).in_bulk()
        self.meetings = Meeting.objects.filter(club=club).in_bulk()
        for meeting in self.meetings.values():
            meeting.rule_set = self.rule_sets[meeting.rule_set_id]

    @property
    def rules_seen(self):
        """Every version of the club's rule sets as read: if this is the same later, so is every settlement."""
        return sorted((v.pk, v.rule_set_id, v.effective_from, repr(v.rules)) for v in self.versions.values())

    def games(self, ids, lock=False, seats=True):
        """For each game of ``ids``, in their order: (its id, the game or None when it is gone, its seats).

        With ``lock``, the games are read FOR UPDATE (the caller holds a transaction); without ``seats``, the
        seats are not read (and are given as an empty list).
        """
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            games = Game.objects.filter(pk__in=chunk)
            if lock:
                games = games.select_for_update(of=("self",)).order_by("pk")  # in one order, against deadlocks
            games = games.in_bulk()
            stored = {}
            for row in (
                GameSeat.objects.filter(game__in=chunk).order_by("game", "seat").values_list(*StoredSeat._fields)
                if seats
                else ()
            ):
                seat = StoredSeat._make(row)
                stored.setdefault(seat.game_id, []).append(seat)
            for pk in chunk:
                game = games.get(pk)
                if game is not None:
                    game.meeting = self.meetings[game.meeting_id]
                    game.rule_version = self.versions.get(game.rule_version_id) or game.rule_version
                yield pk, game, stored.get(pk, [])

    def entry(self, game, seats):
        return entry_from_game(game, {seat.seat: self.members[seat.member_id] for seat in seats})

    def settle(self, game, seats):
        """``game`` settled again under the version in force on its date, or the refusal."""
        try:
            return settle_in_force(self.entry(game, seats))
        except (scoring.ScoringError, GameRefused) as refusal:
            return refusal


@gc_paused  # the plan of 10,000 games keeps some 200,000 objects alive: collections cost a fifth of the time
def plan(rule_set, version=None):
    """What recomputing ``rule_set``'s games would change; with ``version``, only the games it governs
    now or would govern."""
    reading = _Reading(rule_set)
    the_plan = Plan(rule_set=reading.rule_set, version=version, rules_seen=reading.rules_seen)
    ids = list(games_of(rule_set).values_list("pk", flat=True))
    for _pk, game, seats in reading.games(ids):
        if game is None:  # removed since its id was read
            continue
        if version is not None and version.pk not in (
            game.rule_version_id,
            getattr(game.meeting.rule_set.version_on(game.meeting.date), "pk", None),
        ):
            continue
        settled = reading.settle(game, seats)
        if isinstance(settled, Exception):
            the_plan.problems.append(GameProblem(game, _problem_messages(game, settled)))
            continue
        change = _change(game, seats, reading.members, settled.rule_version, settled.result)
        if change is not None:
            the_plan.changes.append(change)
    return the_plan


@gc_paused
def apply(plan_or_rule_set, user=None, refresh_lines=True):
    """Save the planned games (or plan ``rule_set`` now and save); returns how many were saved.

    ``refresh_lines=False`` leaves the stored meeting lines of the changed days to the caller, who must
    refresh them in the same transaction (``manage.py recompute --commit`` rebuilds every line of the club
    after it, so refreshing them here too wrote each day twice).

    Each game is locked and compared with the plan: if any game was corrected,
    voided or settles differently since, nothing is saved.  When no rule version
    changed since the plan either, each game settles as planned (the engine
    gives the same result for the same sheet and rules) and is not settled a
    second time; otherwise each one is settled again and compared.
    """
    with transaction.atomic():
        the_plan = plan_or_rule_set if isinstance(plan_or_rule_set, Plan) else plan(plan_or_rule_set)
        changes = {change.game.pk: change for change in the_plan.changes}
        if not changes:
            return 0
        reading = _Reading(the_plan.rule_set)  # the versions as they are now, inside the transaction
        same_rules = reading.rules_seen == the_plan.rules_seen
        now = timezone.now()
        games, seats = [], []
        # The days of the games before the games (the one lock order, services/locks.py).
        lock_meetings({change.game.meeting_id for change in changes.values()})
        # The seats as planned: every change to a game's seats (an edit, a merged guest) bumps its revision.
        for pk, game, _none in reading.games(sorted(changes), lock=True, seats=False):
            change = changes[pk]
            game_seats = change.stored_seats
            if game is None or game.void or game.revision != change.game.revision or game.sheet != change.game.sheet:
                raise Refused(_stale())
            if same_rules:
                version, signature, entry = reading.versions[change.version.pk], change.signature, None
            else:
                version, signature, entry = _settled_again(reading, game, game_seats, change)
            games.append(game)
            seats += _resettle(game, game_seats, entry or reading.entry(game, game_seats), version, signature)
            game.updated_by = user
            game.updated_at = now
            if len(games) >= CHUNK:
                _write(games, seats, user, now)
                games, seats = [], []
        _write(games, seats, user, now)
        if refresh_lines:
            refresh_meeting_lines({change.game.meeting_id for change in changes.values()})
    return the_plan.count


def _settled_again(reading, game, seats, change):
    """The version, signature and entry of ``game`` settled under the rules as they are now; a game that
    settles otherwise than planned stops the whole save."""
    settled = reading.settle(game, seats)
    if isinstance(settled, Exception):
        raise Refused(_stale()) from settled
    if settled.rule_version.pk != change.version.pk or _signature(settled.result) != change.signature:
        raise Refused(_stale())
    return settled.rule_version, change.signature, settled.entry


def _resettle(game, seats, entry, version, signature):
    """Put the settlement ``signature`` under ``version`` on ``game`` (not saved): what ``store_settled`` would
    store; returns its seats with their new settled columns."""
    floats, double_maru_a, settled_seats = signature
    game.rule_version = version
    fill_game(game, entry, TableResult(floats, double_maru_a))
    game.revision += 1  # the row is locked, so a plain increment is safe
    settled = {values[0]: values[2:] for values in settled_seats}  # by seat: SETTLED_COLUMNS' values
    return [seat._replace(**dict(zip(SETTLED_COLUMNS, settled[seat.seat], strict=True))) for seat in seats]


def _write(games, seats, user, now):
    """One chunk of recomputed games: their rows, a history record each (by version, for its reason), their seats."""
    if not games:
        return
    update_rows(Game, games, GAME_COLUMNS)
    by_version = {}
    for game in games:
        by_version.setdefault(game.rule_version, []).append(game)
    for version, recomputed in by_version.items():
        insert_history(Game, recomputed, user, _reason(version), history_type="~", when=now)
    update_rows(GameSeat, seats, SETTLED_COLUMNS)


def _reason(version):
    return f"{RECOMPUTED}: rule version {version.pk} ({version.effective_from:%Y-%m-%d})"


def _signature(result):
    """The parts of a settlement that the game and its seats store."""
    return (
        result.floats,
        result.double_maru_a,
        tuple((seat.seat, seat.score, *GameSeat.settled_columns(seat).values()) for seat in result),
    )


def _stored_signature(game, seats):
    return (
        game.floats,
        game.double_maru_a,
        tuple((seat.seat, seat.score, *seat[-len(SETTLED_COLUMNS) :]) for seat in seats),
    )


def _change(game, seats, members, version, result):
    """The change recomputing ``game`` would make, or None when its stored result already matches."""
    signature = _signature(result)
    if version.pk == game.rule_version_id and signature == _stored_signature(game, seats):
        return None
    stored = {seat.seat: seat for seat in seats}
    changed = []
    for seat in result:
        old = stored.get(seat.seat)
        changed.append(
            SeatChange(
                seat=seat.seat,
                member=members[old.member_id] if old else None,
                old_place=old.place if old else None,
                new_place=seat.place,
                old_total=old.total if old else None,
                new_total=seat.tenths["total"],
            )
        )
    return GameChange(
        game=game,
        old_version=game.rule_version,
        version=version,
        seats=changed,
        signature=signature,
        stored_seats=seats,
    )


def _problem_messages(game, refusal):
    if isinstance(refusal, GameRefused):
        return [refusal.message]
    names = game.sheet.get("names") or None
    return [engine_message(error, names) for error in refusal.errors]


def _stale():
    return _(
        "A game was changed while the recomputation was being prepared, so nothing was saved. Check the list again."
    )
