"""A season's money: what each member paid and received at the meetings closed in it."""

from dataclasses import dataclass

from django.db.models import Count, Sum

from ..models.meeting_people import KeptLine
from ..models.meetings import Meeting
from ..models.people import Member, reading_order
from .day import day_inputs
from .settlements import drifted_ids


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
    closed_ids: list  # the closed meetings counted, by id, in meeting order
    open_meetings: list  # not yet closed, so not counted
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

    The kept money is added up in SQL from its narrow copy (``KeptLine``, and the
    records' totals on the meeting); whether a kept settlement drifted is stored by the writers
    (``Meeting.drifted``, ``services.kept_money``), and checked here only for a
    meeting where it is not known yet.  The days closed without a kept settlement
    are read in one pass (``day_inputs``) and settled.
    """
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    open_meetings = list(meetings.filter(closed=False).select_related("rule_set"))
    closed = meetings.filter(closed=True)
    # The kept records' totals as their narrow copy has them: not one record is decoded here. As tuples, not
    # meetings: every season of a long history closed 1,600 days, and making them took a third of the page.
    days = list(closed.values_list("pk", "date", "drifted", "kept_collected", "kept_venue", "kept_club"))
    totals = SeasonMoney(closed_ids=[day[0] for day in days], open_meetings=open_meetings, members=[], drifted=[])
    by_member = {}  # member id → [meetings, games, fees, received]
    unknown = {pk for pk, _date, known, collected, *_rest in days if collected is not None and known is None}
    drifted = drifted_ids(closed.filter(pk__in=unknown)) if unknown else set()
    totals.checked = {pk: pk in drifted for pk in unknown}
    kept = []
    for pk, date, known, collected, venue, club_share in days:
        if collected is not None:
            kept.append(pk)
            totals.collected += collected
            totals.venue += venue
            totals.club += club_share
            if known or pk in drifted:
                totals.drifted.append(Meeting(pk=pk, date=date))  # named on the page by its day and link
    # The kept days by id, not by a join on the meetings: PostgreSQL then reads their lines through the index
    # instead of scanning every club's (22 ms → 4 ms on the 205-club site).
    for member_id, *figures in (
        KeptLine.objects.filter(meeting__in=kept)
        .values("member")
        .annotate(meetings=Count("id"), games=Sum("games"), fees=Sum("fee"), received=Sum("received"))
        .order_by()
        .values_list("member", "meetings", "games", "fees", "received")
    ):
        by_member[member_id] = list(figures)
    people = {}
    if len(kept) < len(days):
        people, unkept = day_inputs(closed.filter(settlement__isnull=True), kept=False)
        for _meeting, inputs in unkept:
            now = inputs.settle()
            totals.collected += now.collected
            totals.venue += now.venue
            totals.club += now.club
            for line in now.lines:
                if line.money is not None:
                    entry = by_member.setdefault(line.member.pk, [0, 0, 0, 0])
                    entry[0] += 1
                    entry[1] += line.games
                    entry[2] += line.money.fee
                    entry[3] += line.money.received
    missing = by_member.keys() - people.keys()
    members = {**people, **(Member.objects.in_bulk(missing) if missing else {})}
    lines = [MemberMoney(members[pk], *figures) for pk, figures in by_member.items()]
    totals.members = sorted(lines, key=lambda line: (-line.net, reading_order(line.member)))
    return totals
