"""A season's money: what each member paid and received at the meetings closed in it."""

from dataclasses import dataclass

from ..models import Meeting, Member
from .day import settle_days
from .day_money import record_of
from .settlements import money_differences


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
    meetings: list  # closed meetings counted
    open_meetings: list  # not yet closed, so not counted
    members: list
    collected: int = 0
    venue: int = 0
    club: int = 0
    drifted: list = None  # closed meetings whose kept settlement no longer matches their games

    @property
    def received(self):
        return sum(line.received for line in self.members)


def season_money(club, first_day=None, last_day=None):
    """Totals over the closed meetings between the two days.

    A meeting closed on the site keeps its settlement as it was; one closed
    without it (imported, or closed before settlements were kept) is settled
    from its games, as its page shows it.  The totals are those kept; ``drifted`` names the
    meetings whose games now settle otherwise (their pages show the difference).

    The closed meetings are settled from their games once, in one pass
    (``settle_days``): that settlement is the money of a meeting that kept
    none, and for one that kept its own it is what the kept record is
    compared with.  The kept figures are read from the record itself.
    """
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    open_meetings = list(meetings.filter(closed=False).select_related("rule_set"))
    days = settle_days(meetings.filter(closed=True), kept=False)
    totals = SeasonMoney(meetings=[meeting for meeting, _money in days], open_meetings=open_meetings, members=[],
                         drifted=[])
    by_member, members = {}, {}

    def count(member_id, games, fee, received):
        entry = by_member.setdefault(member_id, MemberMoney(member=None))
        entry.meetings += 1
        entry.games += games
        entry.fees += fee
        entry.received += received

    for meeting, now in days:
        kept = meeting.settlement
        members.update((line.member.pk, line.member) for line in now.lines)
        if kept:
            if money_differences(kept, record_of(now)):
                totals.drifted.append(meeting)
            totals.collected += kept["collected"]
            totals.venue += kept["venue"]
            totals.club += kept["club"]
            for line in kept["lines"]:
                count(line["member"], sum(line["places"]), line["fee"], line["received"])
        else:
            totals.collected += now.collected
            totals.venue += now.venue
            totals.club += now.club
            for line in now.lines:
                if line.money is not None:
                    count(line.member.pk, line.games, line.money.fee, line.money.received)
    missing = by_member.keys() - members.keys()  # in a kept record only (its games changed since)
    if missing:
        members.update(Member.objects.in_bulk(missing))
    for member_id, entry in by_member.items():
        entry.member = members[member_id]
    totals.members = sorted(by_member.values(), key=lambda line: (-line.net, line.member.kana, line.member.name))
    return totals
