"""What the season's money reads of the closed meetings, kept current by their writers in the writer's transaction.

A closed meeting keeps its settlement (``Meeting.settlement``, docs/money.md).  Two things are stored beside it
so that the season's money reads neither the records nor the days' games:

- ``KeptLine``: each person's games, fee and amount received as the record keeps them, and the record's
  totals (``Meeting.kept_collected``, ``kept_venue``, ``kept_club``), written again by every writer of
  ``Meeting.settlement`` (closing, reopening, re-settling, a guest merged; ``keep_money``);
- ``Meeting.drifted``: whether the kept settlement still matches the games (``stats.settlements.drifted_ids``),
  checked again by every writer of what a closed day is settled from (``refresh_drift``): its games (every
  writer of seats refreshes the day's stored lines, ``services.meeting_lines``, which calls it), the fee
  settings of its rule set's versions (``refresh_rule_set_drift``), a person's name (the day's order,
  ``refresh_member_drift``), a guest merged; its venue fee, rounds and attendance change only while it is
  open, or in the admin, which calls these too.

- ``KeptMonth`` and ``KeptMonthLine``: the kept lines and totals of a club's days of one month, added up
  (``refresh_kept_months``), after every writer of a day's kept lines above; the season's money adds up its
  whole months from them.  The writer takes the club's advisory lock first, after every other lock
  (``services.locks``): two writers closing two days of one month add the month up one after the other.

``manage.py recompute --commit`` rebuilds them all for a club (``keep_club_money``); a meeting whose ``drifted``
is None (not checked yet: the migration that added it leaves every meeting so) is checked by the season's money
itself, which then stores what it found (``remember_drift``), so that only its first reader waits for it.
"""

import datetime
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from ..models.kept_months import KeptMonth, KeptMonthLine
from ..models.meeting_lines import MeetingLine
from ..models.meeting_people import Attendance, KeptLine
from ..models.meetings import Meeting
from ..stats.settlements import drifted_ids
from ..stats.standings import first_of_next_month
from .bulk import insert_rows, update_rows
from .locks import lock_kept_months
from .record_lines import month_of

KEPT = Q(closed=True, settlement__isnull=False)


def keep_money(meetings):
    """Write the kept lines of ``meetings`` (a queryset) again from their kept settlements, and their drift."""
    KeptLine.objects.filter(meeting__in=meetings.values("pk")).delete()
    records = dict(meetings.filter(KEPT).values_list("pk", "settlement"))
    # With the project's bulk writers, not the ORM's: a club's recompute keeps every closed day's (300 days and
    # 6,600 lines on the benchmark club), where bulk_create and bulk_update spent most of their time compiling.
    insert_rows(
        KeptLine,
        [
            KeptLine(
                meeting_id=pk,
                member_id=line["member"],
                games=sum(line["places"]),
                fee=line["fee"],
                received=line["received"],
            )
            for pk, record in records.items()
            for line in record["lines"]
        ],
    )
    meetings.exclude(KEPT).exclude(kept_collected=None, kept_venue=None, kept_club=None).update(
        kept_collected=None, kept_venue=None, kept_club=None
    )
    update_rows(
        Meeting,
        [
            Meeting(pk=pk, kept_collected=record["collected"], kept_venue=record["venue"], kept_club=record["club"])
            for pk, record in records.items()
        ],
        ["kept_collected", "kept_venue", "kept_club"],
    )
    refresh_drift(meetings)


def keep_meeting_money(meeting_ids):
    with transaction.atomic():
        meetings = Meeting.objects.filter(pk__in=sorted(set(meeting_ids)))
        keep_money(meetings)
        refresh_kept_months(meetings.values_list("club_id", "date"))


def keep_club_money(club):
    with transaction.atomic():
        keep_money(Meeting.objects.filter(club=club))
        refresh_kept_months(None, clubs=[club.pk])


def refresh_kept_months(days: Iterable[tuple[int, datetime.date]] | None, clubs: Iterable[int] = ()) -> None:
    """Add up again the kept money of the months of ``days`` (``(club id, a day of the month)`` pairs: a day
    closed, reopened, re-settled, moved or removed) from their days' kept lines, and every month of ``clubs``."""
    months: dict[int, set[datetime.date] | None] = {pk: None for pk in clubs}
    for club_id, day in days or ():
        if club_id not in months or months[club_id] is not None:
            months.setdefault(club_id, set()).add(month_of(day))
    with transaction.atomic():
        lock_kept_months(months)
        for club_id in sorted(months):
            _add_up_months(club_id, months[club_id])


def _add_up_months(club_id: int, months: set[datetime.date] | None) -> None:
    """Write the kept money months ``months`` of a club again (None: all of its months)."""
    rows, lines = KeptMonth.objects.filter(club_id=club_id), KeptMonthLine.objects.filter(club_id=club_id)
    days = Meeting.objects.filter(KEPT, club_id=club_id)
    if months is not None:
        rows, lines = rows.filter(month__in=months), lines.filter(month__in=months)
        within = Q(pk__in=[])
        for month in months:
            within |= Q(date__gte=month, date__lt=first_of_next_month(month))
        days = days.filter(within)
    rows.delete()
    lines.delete()
    totals: dict[datetime.date, list[int]] = {}  # month → [meetings, collected, venue, kept by the club]
    month_of_day = {}
    for pk, day, collected, venue, kept_by_club in days.values_list(
        "pk", "date", "kept_collected", "kept_venue", "kept_club"
    ):
        month = month_of_day[pk] = month_of(day)
        figures = totals.setdefault(month, [0, 0, 0, 0])
        figures[0] += 1
        figures[1] += collected
        figures[2] += venue
        figures[3] += kept_by_club
    people: dict[tuple[datetime.date, int], list[int]] = {}  # (month, member) → [meetings, games, fee, received]
    for meeting_id, member_id, games, fee, received in KeptLine.objects.filter(
        meeting__in=days.values("pk")
    ).values_list("meeting_id", "member_id", "games", "fee", "received"):
        figures = people.setdefault((month_of_day[meeting_id], member_id), [0, 0, 0, 0])
        figures[0] += 1
        figures[1] += games
        figures[2] += fee
        figures[3] += received
    insert_rows(
        KeptMonth,
        [
            KeptMonth(club_id=club_id, month=month, meetings=count, collected=collected, venue=venue, kept_by_club=club)
            for month, (count, collected, venue, club) in sorted(totals.items())
        ],
    )
    insert_rows(
        KeptMonthLine,
        [
            KeptMonthLine(
                club_id=club_id,
                month=month,
                member_id=member_id,
                meetings=count,
                games=games,
                fee=fee,
                received=received,
            )
            for (month, member_id), (count, games, fee, received) in sorted(people.items())
        ],
    )


def refresh_drift(meetings):
    """Check the kept settlements of ``meetings`` (a queryset) against their games again, and store it."""
    # The rows written below, locked first in id order (services/locks.py) rather than in each update's scan
    # order; a writer that holds them already (a game's day, a merge's days) takes nothing new.
    with transaction.atomic():
        list(meetings.filter(KEPT | ~Q(drifted=None)).select_for_update().order_by("pk").values_list("pk"))
        kept = meetings.filter(KEPT)
        drifted = drifted_ids(kept)
        meetings.exclude(KEPT).exclude(drifted=None).update(drifted=None)
        kept.filter(pk__in=drifted).exclude(drifted=True).update(drifted=True)
        kept.exclude(pk__in=drifted).exclude(drifted=False).update(drifted=False)


def refresh_rule_set_drift(rule_set_id):
    """After a change to the versions of a rule set (its fees, which version is in force when)."""
    refresh_drift(Meeting.objects.filter(rule_set_id=rule_set_id))


def refresh_member_drift(member_id):
    """After a person's name or reading changed: the order of the days they are in (who shares a remainder)."""
    refresh_drift(
        Meeting.objects.filter(
            Q(pk__in=MeetingLine.objects.filter(member_id=member_id).values("meeting_id"))
            | Q(pk__in=Attendance.objects.filter(member_id=member_id).values("meeting_id"))
        )
    )


def remember_drift(checked):
    """Store the drift the season's money worked out (``SeasonMoney.checked``: meeting id → drifted) for days
    where none was stored.

    Only where it is still not known and the settlement still kept: a writer that changed the day meanwhile
    has stored its own answer (``refresh_drift``, in its transaction), which is newer than this reader's.
    """
    if not checked:  # every day's drift known: the reader opens no transaction
        return
    with transaction.atomic():
        # A reader never waits for a writer, nor locks days out of their id order (services/locks.py): a day
        # locked by a writer is skipped, as that writer stores its own answer.
        unknown = Meeting.objects.filter(KEPT, pk__in=sorted(checked), drifted=None)
        free = set(unknown.select_for_update(skip_locked=True).order_by("pk").values_list("pk", flat=True))
        for value in (True, False):
            ids = [pk for pk, drifted in checked.items() if drifted is value and pk in free]
            if ids:
                Meeting.objects.filter(KEPT, pk__in=ids, drifted=None).update(drifted=value)
