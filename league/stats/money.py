"""A season's money: what each member paid and received at the meetings closed in it."""

from dataclasses import dataclass

from ..models import Meeting, Member
from .day import day_inputs
from .day_money import record_of
from .settlements import money_differences, settles_as_kept


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

    The closed meetings' figures are read in one pass (``day_inputs``): settled,
    they are the money of a meeting that kept none; for one that kept its own,
    the engine is run only when they are not those the record was settled from
    (``settles_as_kept``), to compare.  The kept figures are read from the record itself.
    """
    meetings = Meeting.objects.filter(club=club).order_by("date", "id")
    if first_day:
        meetings = meetings.filter(date__gte=first_day)
    if last_day:
        meetings = meetings.filter(date__lte=last_day)
    open_meetings = list(meetings.filter(closed=False).select_related("rule_set"))
    people, days = day_inputs(meetings.filter(closed=True), kept=False)
    totals = SeasonMoney(meetings=[meeting for meeting, _inputs in days], open_meetings=open_meetings,
                         members=[], drifted=[])
    by_member = {}  # member id → [meetings, games, fees, received]: plain lists, a season has thousands of lines

    def count(member_id, games, fee, received):
        entry = by_member.get(member_id)
        if entry is None:
            by_member[member_id] = [1, games, fee, received]
        else:
            entry[0] += 1
            entry[1] += games
            entry[2] += fee
            entry[3] += received

    for meeting, inputs in days:
        kept = meeting.settlement
        if kept:
            if not settles_as_kept(kept, inputs) and money_differences(kept, record_of(inputs.settle())):
                totals.drifted.append(meeting)
            totals.collected += kept["collected"]
            totals.venue += kept["venue"]
            totals.club += kept["club"]
            for line in kept["lines"]:
                count(line["member"], sum(line["places"]), line["fee"], line["received"])
        else:
            now = inputs.settle()
            totals.collected += now.collected
            totals.venue += now.venue
            totals.club += now.club
            for line in now.lines:
                if line.money is not None:
                    count(line.member.pk, line.games, line.money.fee, line.money.received)
    # ``people`` has everyone of the closed days' games and attendance; a kept record may name someone else
    # (their games changed since).
    missing = by_member.keys() - people.keys()
    members = {**people, **(Member.objects.in_bulk(missing) if missing else {})}
    lines = [MemberMoney(members[pk], *figures) for pk, figures in by_member.items()]
    totals.members = sorted(lines, key=lambda line: (-line.net, line.member.kana, line.member.name))
    return totals
