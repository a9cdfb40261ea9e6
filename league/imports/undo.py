"""Undoing an import in one step, while nothing has been entered on top of it.

``undo_import(batch, user)`` removes every game the import saved (each
game's history records its removal: who, when, "import undone") and every
day total (日計) it saved, then the meetings and members it created, and marks the batch undone by ``user``.
It is refused, with nothing removed, when removing would take something else
with it: a game of the import corrected or voided since, a meeting it added
games to now closed, a meeting it created that has other games or was changed
(attendance, a seating draw, fees, notes), a member it created who has other games or
records (a drawn seat among them), or was changed.
"""

from django.db import connection, transaction
from django.db.models import Count, Q
from django.db.models.deletion import Collector
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models.day_totals import DayTotal, DayTotalLine
from ..models.draws import DrawnRound, DrawnSeat
from ..models.games import Adjustment, Game, GameSeat, Yakuman
from ..models.imports import ImportBatch
from ..models.meeting_people import Attendance
from ..models.meetings import Meeting
from ..models.people import Member
from ..services.bulk import insert_history
from ..services.locks import lock_meetings
from ..services.meeting_lines import refresh_meeting_lines
from ..services.recompute import RECOMPUTED
from ..services.refusals import Refused

UNDO_REASON = "import undone"


def undo_import(batch, user):
    """Remove what ``batch`` saved and created; raises Refused (nothing removed) when something is built on it."""
    with transaction.atomic():
        batch = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        if batch.undone:
            raise Refused(_("This import was already undone."))
        meetings = list(batch.created_meetings.all())
        members = list(batch.created_members.all())
        games = Game.objects.filter(import_batch=batch)
        day_totals = DayTotal.objects.filter(import_batch=batch)
        # Lock the meetings the import touched, then its games (the one lock order, services/locks.py), so that
        # nothing is entered, corrected, voided or closed meanwhile; whoever waited for them finds the games
        # gone and is told so.  A game moved to another day before the lock was corrected: refused below.
        lock_meetings(
            {
                *games.order_by().values_list("meeting_id", flat=True).distinct(),
                *day_totals.order_by().values_list("meeting_id", flat=True).distinct(),
                *(meeting.pk for meeting in meetings),
            }
        )
        list(games.select_for_update().order_by("pk").values_list("pk"))  # as lock_games, without 20,000 ids
        _refuse_if_built_upon(batch, games, meetings, members)
        when = timezone.now()
        days = set(games.values_list("meeting_id", flat=True))
        insert_history(Game, list(games.order_by("pk")), user, UNDO_REASON, history_type="-", when=when)
        Yakuman.objects.filter(game__import_batch=batch).delete()
        GameSeat.objects.filter(game__import_batch=batch).delete()
        # By SQL, as their history was written above in one insert (a model delete would write it game by game);
        # seats and yakuman, all that points to a game, are gone already.
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {connection.ops.quote_name(Game._meta.db_table)} "
                f"WHERE {connection.ops.quote_name('import_batch_id')} = %s",
                [batch.pk],
            )
        refresh_meeting_lines(days)
        # A day total has no history of its own: the import is its record, and the batch keeps the count.
        DayTotalLine.objects.filter(day_total__import_batch=batch).delete()
        day_totals.delete()
        _delete_with_history(meetings, user)
        _delete_with_history(members, user)
        batch.undone_at, batch.undone_by = when, user
        batch.save(update_fields=["undone_at", "undone_by"])
    return batch


def _refuse_if_built_upon(batch, games, meetings, members):
    # A rule-version recompute bumps the revision too, but nobody entered anything: only a person's edit counts.
    edited = (
        Game.history.filter(import_batch=batch, history_type="~")
        .exclude(history_change_reason__startswith=RECOMPUTED)
        .values("id")
    )
    changed = (
        games.filter(revision__gt=1, pk__in=edited)
        .select_related("meeting")
        .order_by("meeting__date", "round", "table")
        .first()
    )
    if changed:
        raise Refused(
            _(
                "The game of %(date)s, round %(round)s, table %(table)s was corrected or voided after the "
                "import. Nothing was undone: undoing the import would lose that change."
            )
            % {"date": changed.meeting.date, "round": changed.round, "table": changed.table}
        )
    closed = (
        Meeting.objects.filter(Q(games__import_batch=batch) | Q(day_totals__import_batch=batch), closed=True)
        .order_by("date")
        .first()
    )
    if closed:
        raise Refused(
            _("The meeting of %(date)s is closed. A secretary must reopen it before the import can be undone.")
            % {"date": closed.date}
        )
    other = (
        Game.objects.filter(meeting__in=meetings)
        .exclude(import_batch=batch)
        .select_related("meeting")
        .order_by("meeting__date", "round", "table")
        .first()
    )
    if other:
        raise Refused(
            _(
                "The meeting of %(date)s, created by this import, now has games entered since (round "
                "%(round)s, table %(table)s). Nothing was undone."
            )
            % {"date": other.meeting.date, "round": other.round, "table": other.table}
        )
    other = (
        DayTotal.objects.filter(meeting__in=meetings)
        .exclude(import_batch=batch)
        .select_related("meeting")
        .order_by("meeting__date")
        .first()
    )
    if other:
        raise Refused(
            _(
                "The meeting of %(date)s, created by this import, now has day totals of another import. "
                "Nothing was undone: undo that import first."
            )
            % {"date": other.meeting.date}
        )
    attended = set(Attendance.objects.filter(meeting__in=meetings).values_list("meeting_id", flat=True))
    attended |= set(DrawnRound.objects.filter(meeting__in=meetings).values_list("meeting_id", flat=True))
    edited = next((m for m in meetings if m.pk in attended), None) or _changed_since(Meeting, meetings)
    if edited:
        raise Refused(
            _(
                "The meeting of %(date)s, created by this import, was changed since (attendance, fees or "
                "notes). Nothing was undone."
            )
            % {"date": edited.date}
        )
    used = set(
        GameSeat.objects.filter(member__in=members)
        .exclude(game__import_batch=batch)
        .values_list("member_id", flat=True)
    )
    used |= set(
        DayTotalLine.objects.filter(member__in=members)
        .exclude(day_total__import_batch=batch)
        .values_list("member_id", flat=True)
    )
    used |= set(Adjustment.objects.filter(member__in=members).values_list("member_id", flat=True))
    used |= set(Attendance.objects.filter(member__in=members).values_list("member_id", flat=True))
    used |= set(DrawnSeat.objects.filter(member__in=members).values_list("member_id", flat=True))
    busy = next((member for member in members if member.pk in used), None) or _changed_since(Member, members)
    if busy:
        raise Refused(
            _(
                "%(member)s, a member created by this import, has other games or records since, or was "
                "changed. Nothing was undone."
            )
            % {"member": busy.name}
        )


def _changed_since(model, objects):
    """The first of ``objects`` whose history has more than its creation."""
    if not objects:
        return None
    edited = set(
        model.history.filter(id__in=[o.pk for o in objects])
        .values("id")
        .annotate(records=Count("id"))
        .filter(records__gt=1)
        .values_list("id", flat=True)
    )
    return next((o for o in objects if o.pk in edited), None)


def _delete_with_history(objects, user):
    """Delete ``objects`` (a few meetings or members) so that each one's history records who removed it and why."""
    if not objects:
        return
    for instance in objects:
        instance._history_user = user
        instance._change_reason = UNDO_REASON
    collector = Collector(using=connection.alias)
    collector.collect(objects)
    collector.delete()
