"""A meeting's kept settlements (精算の記録) and whether the one in force still matches its games.

The entries are ``Settlement`` rows, each with the day's money as then settled
(``stats.day_money.record_of``).  A closed meeting keeps its money while its
games may change later (a rule version corrected and recomputed, a guest
merged): ``drift`` settles the games again and compares, member by member,
each one's points as kept and now, and what each paid and received.  Either
differing is drift (one notion: what the day's pages show and what
``Meeting.drifted`` stores).  Computed on read, in the few queries of one
day's settlement.  Many days at once (the season's money) skip the engine for
a day given exactly what its record was settled from (``settles_as_kept``).
"""

from dataclasses import dataclass

from ..models.meetings import Settlement
from ..web.links import login_shown
from .day import day_inputs, settle_days, settle_games
from .day_money import day_order, record_of


@dataclass(frozen=True)
class MemberDifference:
    """One person whose day differs: points (tenths) and money (yen) as kept, as the games give them now."""

    member_id: int
    name: str
    kept_fee: int
    kept_received: int
    now_fee: int
    now_received: int
    kept_points: int = 0
    now_points: int = 0

    @property
    def points_changed(self):
        return self.kept_points != self.now_points

    @property
    def points_difference(self):
        return self.now_points - self.kept_points

    @property
    def money_changed(self):
        return (self.kept_fee, self.kept_received) != (self.now_fee, self.now_received)

    @property
    def kept_net(self):
        return self.kept_received - self.kept_fee

    @property
    def now_net(self):
        return self.now_received - self.now_fee

    @property
    def difference(self):
        return self.now_net - self.kept_net


def differences(kept, now):
    """The members whose points, fee or amount received differ between two records, in the order of ``now``."""
    before = {line["member"]: line for line in kept["lines"]}
    after = {line["member"]: line for line in now["lines"]}
    found = []
    for member_id in [*after, *(pk for pk in before if pk not in after)]:
        old, new = before.get(member_id, {}), after.get(member_id, {})
        difference = MemberDifference(
            member_id=member_id,
            name=new.get("name") or old.get("name", ""),
            kept_fee=old.get("fee", 0),
            kept_received=old.get("received", 0),
            now_fee=new.get("fee", 0),
            now_received=new.get("received", 0),
            kept_points=old.get("points", 0),
            now_points=new.get("points", 0),
        )
        if difference.points_changed or difference.money_changed:
            found.append(difference)
    return found


def settles_as_kept(record, inputs):
    """Whether settling ``inputs`` (``stats.day.DayInputs``) gives the kept ``record`` again, without settling.

    The engine is a function of the fees (with the venue and rounds), and of each line's person, places,
    points and presence at the close in the day's order (a remainder yen goes to the first of those who
    share): the record keeps all of them as it settled them.  A recompute, a merge, a void or a changed fee
    changes one of them, and a renamed person may change the order.
    """
    kept_lines = record["lines"]
    if record["fees"] != inputs.fees:
        return False
    now = inputs.engine_figures()
    if len(kept_lines) != len(now):
        return False
    previous = None
    for kept in kept_lines:
        if now.get(kept["member"]) != (tuple(kept["places"]), kept["points"], kept["present_at_close"]):
            return False
        # The same people and figures: the day's order now is the record's if the record is in the day's order.
        order = day_order(kept["points"], kept["places"], inputs.members[kept["member"]])
        if previous is not None and not previous < order:
            return False
        previous = order
    return True


def drift(meeting, now=None):
    """How the closed meeting's games settle now against its kept settlement: the differing members.

    ``now``: the day as its games settle now (``settle_games``), when the caller has it already.  An empty
    list when they match, None for a meeting with nothing kept (open, or closed without a record).
    """
    if not (meeting.closed and meeting.settlement):
        return None
    return differences(meeting.settlement, record_of(settle_games(meeting) if now is None else now))


def drifted_meetings(meetings):
    """The closed meetings among ``meetings`` (a queryset) whose kept settlement no longer matches their games."""
    kept = meetings.filter(closed=True, settlement__isnull=False)
    return [
        meeting for meeting, money in settle_days(kept, kept=False) if differences(meeting.settlement, record_of(money))
    ]


def drifted_ids(meetings):
    """The ids of the closed meetings among ``meetings`` (a queryset) whose kept settlement no longer matches
    their games, read in one pass (``day_inputs``): a day is settled again only when what its record was
    settled from changed (``settles_as_kept``).  What ``services.kept_money`` stores in ``Meeting.drifted``."""
    _people, days = day_inputs(meetings.filter(closed=True, settlement__isnull=False), kept=False)
    return {
        meeting.pk
        for meeting, inputs in days
        if not settles_as_kept(meeting.settlement, inputs)
        and differences(meeting.settlement, record_of(inputs.settle()))
    }


def history(meeting):
    """Every settlement entry of the meeting, oldest first, with who acted (``by_shown``: their member's name in
    the club, else their role, never the login name; None for the site itself); ``lines`` are each person's
    money as kept then (name as it was, fee, received, net, games)."""
    entries = list(Settlement.objects.filter(meeting=meeting).select_related("by").in_order())
    shown = {user: login_shown(meeting.club, user) for user in {entry.by for entry in entries}}
    for entry in entries:
        entry.by_shown = shown[entry.by]
        entry.lines = [{**line, "games": sum(line["places"])} for line in (entry.record or {}).get("lines", ())]
    return entries
