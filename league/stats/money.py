"""A season's money: what each member paid and received at the meetings closed in it."""

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from ..models.kept_months import KeptMonth, KeptMonthLine
from ..models.meeting_people import KeptLine
from ..models.meetings import Meeting
from ..models.people import Member, reading_order
from .day import day_inputs
from .settlements import drifted_ids
from .standings import first_of_next_month


@dataclass
class MemberMoney:
    member: Member
    meetings: int = 0
    games: int = 0
    fees: int = 0
    received: int = 0

    @property
    def net(self):
        return self.received - self.fees


@dataclass
class SeasonMoney:
    closed_count: int  # the closed meetings counted
    open_count: int  # the meetings not yet closed, so not counted
    members: list
    collected: int = 0
    venue: int = 0
    club: int = 0
    drifted: list = None  # closed meetings whose kept settlement no longer matches their games
    # The closed meetings whose drift was not stored yet and was checked here: meeting id → drifted.
    checked: dict = None

    @property
    def received(self):
        return sum(line.received for line in self.members)


def season_money(club, first_day=None, last_day=None):
    """Totals over the closed meetings between the two days.

    A meeting closed on the site keeps its settlement as it was; one closed
    without it (imported, or closed before settlements were kept) is settled
    from its games, as its page shows it.  The totals are those kept; ``drifted`` names the
    meetings whose games now settle otherwise (their pages show the difference).

    The kept money of the period's whole months is added up in SQL from the club's kept months
    (``KeptMonth``, ``KeptMonthLine``), that of the days at its edges from their own narrow copy
    (``KeptLine``, and the records' totals on the meeting): not one record is decoded here, and
    every season of a long history reads some 80 months, not 1,600 days.  Whether a kept
    settlement drifted is stored by the writers (``Meeting.drifted``, ``services.kept_money``), and
    checked here only for a meeting where it is not known yet.  The days closed without a kept
    settlement are read in one pass (``day_inputs``) and settled.
    """
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    closed = meetings.filter(closed=True)
    kept = closed.filter(settlement__isnull=False)
    # Counted, not read: a long history leaves hundreds of days open (400 at 80,000 games on the benchmark club).
    open_count = meetings.filter(closed=False).count()
    totals = SeasonMoney(closed_count=closed.count(), open_count=open_count, members=[], drifted=[])
    # Drifted or not known yet: the few days the page names, and those it checks.
    suspect = list(kept.exclude(drifted=False).values_list("pk", "date", "drifted"))
    unknown = {pk for pk, _date, known in suspect if known is None}
    drifted = drifted_ids(closed.filter(pk__in=unknown)) if unknown else set()
    totals.checked = {pk: pk in drifted for pk in unknown}
    totals.drifted = [Meeting(pk=pk, date=date) for pk, date, known in suspect if known or pk in drifted]
    by_member = {}  # member id → [meetings, games, fees, received]
    whole, edges = _whole_months(first_day, last_day)
    if whole is not None:
        months = KeptMonth.objects.filter(club=club, **whole)
        figures = months.aggregate(collected=Sum("collected"), venue=Sum("venue"), club=Sum("kept_by_club"))
        _add_totals(totals, figures["collected"] or 0, figures["venue"] or 0, figures["club"] or 0)
        month_lines = KeptMonthLine.objects.filter(club=club, **whole).values("member")
        _add_lines(
            by_member,
            month_lines.annotate(
                meetings=Sum("meetings"), games=Sum("games"), fees=Sum("fee"), received=Sum("received")
            ),
        )
    if edges is not None:
        # The edge days by id, not by a join on the meetings: PostgreSQL then reads their lines through the index
        # instead of scanning every club's (22 ms → 4 ms on the 205-club site).
        days = list(kept.filter(edges).values_list("pk", "kept_collected", "kept_venue", "kept_club"))
        for _pk, collected, venue, club_share in days:
            _add_totals(totals, collected, venue, club_share)
        if days:
            lines = KeptLine.objects.filter(meeting__in=[day[0] for day in days]).values("member")
            _add_lines(
                by_member,
                lines.annotate(meetings=Count("id"), games=Sum("games"), fees=Sum("fee"), received=Sum("received")),
            )
    people = {}
    unkept = closed.filter(settlement__isnull=True)
    if unkept.exists():
        people, settled = day_inputs(unkept, kept=False)
        for _meeting, inputs in settled:
            now = inputs.settle()
            _add_totals(totals, now.collected, now.venue, now.club)
            for line in now.lines:
                if line.money is not None:
                    _add(by_member, line.member.pk, (1, line.games, line.money.fee, line.money.received))
    missing = by_member.keys() - people.keys()
    members = {**people, **(Member.objects.in_bulk(missing) if missing else {})}
    lines = [MemberMoney(members[pk], *figures) for pk, figures in by_member.items()]
    totals.members = sorted(lines, key=lambda line: (-line.net, reading_order(line.member)))
    return totals


def _whole_months(first_day, last_day) -> tuple[dict | None, Q | None]:
    """The period's whole months, as a filter of the kept months (None: not one), and its days outside them, as a
    filter of its days (None: not one)."""
    whole_from = first_day if first_day is None or first_day.day == 1 else first_of_next_month(first_day)
    whole_until = None if last_day is None else (last_day + datetime.timedelta(days=1)).replace(day=1)
    if whole_from is not None and whole_until is not None and whole_from >= whole_until:
        return None, Q()  # no whole month: every day is an edge
    whole, edges = {}, []
    if whole_from is not None:
        whole["month__gte"] = whole_from
        edges.append(Q(date__lt=whole_from))
    if whole_until is not None:
        whole["month__lt"] = whole_until
        edges.append(Q(date__gte=whole_until))
    if not edges:
        return whole, None
    return whole, edges[0] | edges[1] if len(edges) == 2 else edges[0]


def _add_totals(totals: SeasonMoney, collected: int, venue: int, club_share: int) -> None:
    totals.collected += collected
    totals.venue += venue
    totals.club += club_share


def _add_lines(by_member: dict, rows) -> None:
    for member_id, *figures in rows.order_by().values_list("member", "meetings", "games", "fees", "received"):
        _add(by_member, member_id, figures)


def _add(by_member: dict, member_id: int, figures) -> None:
    entry = by_member.setdefault(member_id, [0, 0, 0, 0])
    for index, value in enumerate(figures):
        entry[index] += value
