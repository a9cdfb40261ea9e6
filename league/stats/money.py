"""A season's money: what each member paid and received at the meetings closed in it."""

from dataclasses import dataclass

from ..models import Meeting, Member
from .day import settle_days
from .settlements import drifted_meetings


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
    """
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    open_meetings = list(meetings.filter(closed=False).select_related("rule_set"))
    days = settle_days(meetings.filter(closed=True))
    totals = SeasonMoney(meetings=[meeting for meeting, _money in days], open_meetings=open_meetings, members=[],
                         drifted=drifted_meetings(meetings))
    by_member = {}
    for _meeting, money in days:
        totals.collected += money.collected
        totals.venue += money.venue
        totals.club += money.club
        for line in money.lines:
            if line.money is None:
                continue
            entry = by_member.setdefault(line.member.pk, MemberMoney(member=line.member))
            entry.meetings += 1
            entry.games += line.games
            entry.fees += line.money.fee
            entry.received += line.money.received
    totals.members = sorted(by_member.values(), key=lambda line: (-line.net, line.member.kana, line.member.name))
    return totals
