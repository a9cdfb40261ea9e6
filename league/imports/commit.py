"""Saving an import: all of it in one transaction, or nothing.

``commit(plan, mapping, user)`` plans the same rows again under a lock (so
games saved since the preview, or a mapping changed since, are seen), refuses
a plan with any problem, then creates the members chosen to be created, a
meeting for each date that has none for the rule set, every new game
with its seats and yakuman as the engine settled them (the same
``game_columns`` / ``seat_columns`` as a game entered at the table), and every new
day total (日計) with its lines, as written, and the stored meeting lines of the
days it added games to.  Games the
club already has are skipped.  The seasons the owner chose to create for games
outside every season (league/imports/seasons.py) are created in the same
transaction.  Any failure rolls everything back.

What was saved is an ``ImportBatch``: its games point to it, and it lists the
members and meetings it created, for the page shown after the import and for
undoing it (league/imports/undo.py).  The games, their history, seats and
yakuman are written a chunk at a time (league/services/bulk.py): 20,000 games
are a few dozen queries, not 100,000.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from ..batch.gc_pause import gc_paused
from ..models.clubs import Club, RuleSet
from ..models.day_totals import DayTotal, DayTotalLine
from ..models.games import Game, GameSeat, Yakuman
from ..models.imports import ImportBatch
from ..models.meetings import Meeting
from ..models.people import Member
from ..models.readings import suggest_reading
from ..services.bulk import insert_history, insert_rows, insert_values
from ..services.meeting_lines import refresh_meeting_lines
from ..services.refusals import Refused
from ..services.settling import Entry, game_columns, seat_columns, yakuman_columns
from .names import NewMember
from .plan import make_plan
from .seasons import CREATED_BY_IMPORT, create_seasons

CHANGE_REASON = "import"
BATCH = 1000  # games saved per chunk


class ImportRefused(Refused):
    """An import that was not saved; ``plan`` is the plan as it stands now (to show again)."""

    def __init__(self, message, plan=None):
        super().__init__(message)
        self.plan = plan


def commit(plan, mapping=None, user=None, expected=None, seasons=()):
    """Save every new game of ``plan``; ``expected`` is the fingerprint of the plan the user saw, if any.

    ``seasons``: the ``NewSeason``s to create with it (the caller lets only an owner choose them).
    Returns the ImportBatch (its ``games``, ``skipped``, ``members`` and ``meetings`` count what it did).
    """
    return commit_table(
        plan.club,
        plan.rule_set,
        plan.table,
        plan.mapping if mapping is None else mapping,
        user=user,
        expected=expected,
        seasons=seasons,
    )


@gc_paused
def commit_table(club, rule_set, table, mapping, user=None, expected=None, seasons=()):
    """``commit`` from the rows read, without a plan made beforehand (the preview's save: it plans once, here)."""
    try:
        with transaction.atomic():
            if seasons:  # two imports proposing the same gap must not both fill it: one at a time, per club
                list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
            # One import of a rule set at a time: the second sees the first's games and skips them.
            # A file naming each row's rule set may touch any of them: lock them all, in one order.
            locked = RuleSet.objects.select_for_update().filter(club=club).order_by("pk")
            list(locked if "rule_set" in table.columns else locked.filter(pk=rule_set.pk))
            fresh = make_plan(club, rule_set, table, mapping)
            if fresh.has_errors:
                raise ImportRefused(
                    _("Nothing was saved: the import has %(count)s problems. Correct them and try again.")
                    % {"count": len(fresh.problems)},
                    fresh,
                )
            if expected is not None and expected != fresh.fingerprint:
                raise ImportRefused(
                    _(
                        "Nothing was saved: the import changed since the preview (games saved "
                        "meanwhile, or the names chosen). Check the preview again, then import."
                    ),
                    fresh,
                )
            return _save(fresh, user, seasons)
    except IntegrityError as error:
        raise ImportRefused(
            _(
                "Nothing was saved: another save got in the way (a game or a member added at the "
                "same time). Check the preview again, then import."
            )
        ) from error


def _save(plan, user, seasons):
    batch = ImportBatch.objects.create(
        club=plan.club,
        rule_set=plan.rule_set,
        created_by=user,
        file_name=plan.table.source[:255],
        skipped=len(plan.already),
    )
    try:
        create_seasons(plan, seasons, user, CREATED_BY_IMPORT.format(batch=batch.pk))
    except Refused as refusal:  # a season's name or span: the whole import waits for it
        raise ImportRefused(refusal.message, plan) from refusal
    created = _create_members(plan)
    meetings = _create_meetings(plan, user)
    new_games = [planned for planned in plan.new_games if not planned.day_total]
    # A chunk at a time, as columns rather than model instances (services.bulk.insert_values): 20,000 games are
    # never 100,000 objects at once, and building an instance cost more than inserting its row.
    for start in range(0, len(new_games), BATCH):
        chunk = new_games[start : start + BATCH]
        entries = [_entry(planned, meetings, created) for planned in chunk]
        games = [
            {
                "meeting_id": entry.meeting.pk,
                "rule_version_id": planned.rule_version.pk,
                "updated_by_id": getattr(user, "pk", None),
                "import_batch_id": batch.pk,
                "note": planned.note,
                **game_columns(entry, planned.result),
            }
            for planned, entry in zip(chunk, entries, strict=True)
        ]
        insert_values(Game, games, returning=True)
        insert_history(Game, games, user, CHANGE_REASON)  # each game's history starts as "entered", by the importer
        seats, yakuman = [], []
        for game, planned, entry in zip(games, chunk, entries, strict=True):
            for columns in seat_columns(entry, planned.result):
                columns["game_id"] = game["id"]
                seats.append(columns)
            for columns in yakuman_columns(entry):
                columns["game_id"] = game["id"]
                yakuman.append(columns)
        insert_values(GameSeat, seats)
        insert_values(Yakuman, yakuman)
    # The days the new games count on: their lines are aggregated again, in this transaction.
    refresh_meeting_lines(
        {(planned.meeting or meetings[(planned.rule_set.pk, planned.date)]).pk for planned in new_games}
    )
    day_totals = _save_day_totals(plan.new_day_totals, meetings, created, batch)
    batch.created_members.add(*created.values())
    batch.created_meetings.add(*meetings.values())
    batch.games, batch.members, batch.meetings = len(new_games), len(created), len(meetings)
    batch.day_totals = day_totals
    batch.save(update_fields=["games", "members", "meetings", "day_totals"])
    return batch


def _save_day_totals(planned_totals, meetings, created, batch):
    """Each day row as it was written: a DayTotal and a line per player (two inserts per chunk)."""
    for start in range(0, len(planned_totals), BATCH):
        chunk = planned_totals[start : start + BATCH]
        totals = [
            DayTotal(
                meeting=planned.meeting or meetings[(planned.rule_set.pk, planned.date)],
                games=planned.day_games,
                import_batch=batch,
            )
            for planned in chunk
        ]
        insert_rows(DayTotal, totals, returning=True)
        insert_rows(
            DayTotalLine,
            [
                DayTotalLine(
                    day_total=total, member=created[player] if isinstance(player, NewMember) else player, points=points
                )
                for total, planned in zip(totals, chunk, strict=True)
                for player, points in zip(planned.players, planned.points, strict=True)
            ],
        )
    return len(planned_totals)


def _entry(planned, meetings, created):
    """The Entry of a planned row, in its meeting, with the members created for it."""
    return Entry(
        meeting=planned.meeting or meetings[(planned.rule_set.pk, planned.date)],
        round=planned.round,
        table=planned.table,
        members=[created[player] if isinstance(player, NewMember) else player for player in planned.players],
        scores=planned.scores,
        points=planned.points,
        deposit=planned.deposit,
        chips=planned.chips,
        busts=planned.busts,
        yakuman=planned.yakuman,
        chombo=planned.chombo,
        ended_by_yakuman=planned.ended_by_yakuman,
        extras_unrecorded=planned.extras_unrecorded,
    )


def _create_meetings(plan, user):
    """A meeting for each rule set and date that has new games and no meeting yet: (rule set id, date) → Meeting."""
    days = {
        (planned.rule_set.pk, planned.date): planned.rule_set for planned in plan.new_games if planned.meeting is None
    }
    meetings = [Meeting(club=plan.club, rule_set=days[day], date=day[1]) for day in sorted(days)]
    bulk_create_with_history(
        meetings, Meeting, batch_size=BATCH, default_user=user, default_change_reason=CHANGE_REASON
    )
    return {(meeting.rule_set.pk, meeting.date): meeting for meeting in meetings}


def _create_members(plan):
    """The members (and guests) chosen to be created, each once: NewMember → Member, the reading not given in the
    import suggested from the name (a few distinct names, not a lookup per row)."""
    created = {}
    for planned in plan.new_games:
        for player in planned.players:
            if isinstance(player, NewMember) and player not in created:
                member = Member(
                    club=plan.club,
                    name=player.name,
                    kana=player.kana or suggest_reading(player.name),
                    guest=player.guest,
                )
                member.save()  # normalises the name and reading, and keeps the member's history
                created[player] = member
    return created
