"""A season's money: what each member paid and received at the meetings closed in it."""

from dataclasses import dataclass

from ..models import Meeting, Member


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

    @property
    def received(self):
        return sum(line.received for line in self.members)


def season_money(club, first_day=None, last_day=None):
    """Totals over the closed meetings between the two days, from the settlements kept at each close."""
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    meetings = list(meetings.select_related("rule_set"))
    closed = [m for m in meetings if m.closed and m.settlement]
    totals = SeasonMoney(meetings=closed, open_meetings=[m for m in meetings if not m.closed], members=[])
    by_member = {}
    for meeting in closed:
        record = meeting.settlement
        totals.collected += record["collected"]
        totals.venue += record["venue"]
        totals.club += record["club"]
        for line in record["lines"]:
            money = by_member.setdefault(line["member"], {"meetings": 0, "games": 0, "fees": 0, "received": 0})
            money["meetings"] += 1
            money["games"] += sum(line["places"])
            money["fees"] += line["fee"]
            money["received"] += line["received"]
    members = Member.objects.in_bulk(by_member)
    totals.members = sorted(
        (MemberMoney(member=members[pk], **money) for pk, money in by_member.items()),
        key=lambda line: (-line.net, line.member.kana, line.member.name),
    )
    return totals
