"""A day's money from plain data: the day's lines ranked, settled by the engine, kept as JSON.

Nothing here reads the database: ``stats.day`` gathers the rows (for one day,
or many at once from the stored lines) and hands them here, so a settlement is
computed one way only.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import scoring
from scoring.points import points_from_tenths

from ..models.people import reading_order


@dataclass
class DayLine:
    """One person's day: games by place, points (tenths), chips, and whether they stayed to the close."""

    member: object  # a Member
    places: list
    points: int = 0
    chips: int = 0
    chip_points: int = 0
    attended: bool = False
    present_at_close: bool = True
    rank: int | None = None
    money: object = None  # the engine's PlayerMoney once settled

    @property
    def games(self):
        return sum(self.places)


@dataclass
class DayMoney:
    """The settlement of a day, ready to show: the engine's result and the reasons in words."""

    collected: int
    venue: int
    surplus: int
    club: int
    min_games: int
    rounds: int
    recipients: list  # Members
    passed_over: list  # (Member, reason code)
    fees: dict
    players: int  # seats at a table that day: how many place columns the day has
    lines: list = field(default_factory=list)
    kept: bool = False  # True when read from a closed meeting's record

    @property
    def explanation(self):
        return explain(self)

    @property
    def received_total(self):
        return sum(line.money.received for line in self.lines if line.money)


def day_order(points, places, member):
    """Where a line stands in the day: by points, then first places, then name (the order the engine is given)."""
    return -points, -places[0] if places else 0, reading_order(member)


def rank_lines(rows, attendance, members, players):
    """DayLines from the aggregated seat rows and the attendance records, ranked by the day's points."""
    lines = {}
    for row in rows:
        lines[row["member"]] = DayLine(
            member=members[row["member"]],
            places=[row[f"place_{p}"] for p in range(1, players + 1)],
            points=row["points"] or 0,
            chips=row["chips"] or 0,
            chip_points=row["chip_points"] or 0,
        )
    for member_id, record in attendance.items():
        line = lines.setdefault(member_id, DayLine(member=members[member_id], places=[0] * players))
        line.attended = True
        line.present_at_close = record.present_at_close
    ordered = sorted(lines.values(), key=lambda line: day_order(line.points, line.places, line.member))
    # The day's rank is by points: players level on points share a rank (1, 2, 3, 3, 5).
    position, previous = 0, None
    for line in ordered:
        if line.games:
            position += 1
            line.rank = previous.rank if previous is not None and previous.points == line.points else position
            previous = line
    return ordered


def settle_lines(fee_settings, venue_fee, lines, rounds, players):
    """Settle a day with the engine, from its lines and the fee settings of the version in force
    (``scoring.validate_fees`` of its fees, or of none when no version governs the day)."""
    fees = {**fee_settings, "venue": venue_fee, "rounds": rounds}
    result = scoring.settle_meeting(
        fees,
        [
            {
                "id": line.member.pk,
                "places": line.places,
                "points": points_from_tenths(line.points),
                "present_at_close": line.present_at_close,
            }
            for line in lines
        ],
    )
    by_id = {line.member.pk: line for line in lines}
    for money in result.players:
        by_id[money.id].money = money
    return DayMoney(
        collected=result.collected,
        venue=result.venue,
        surplus=result.surplus,
        club=result.club,
        min_games=result.min_games,
        rounds=fees["rounds"],
        recipients=[by_id[i].member for i in result.recipients],
        passed_over=[(by_id[i].member, reason) for i, reason in result.passed_over],
        fees=fees,
        players=players,
        lines=lines,
    )


def record_of(money):
    """What is kept on a closed meeting: the settlement as plain JSON."""
    return {
        "collected": money.collected,
        "venue": money.venue,
        "surplus": money.surplus,
        "club": money.club,
        "min_games": money.min_games,
        "rounds": money.rounds,
        "fees": money.fees,
        "recipients": [m.pk for m in money.recipients],
        "passed_over": [[m.pk, reason] for m, reason in money.passed_over],
        "lines": [
            {
                "member": line.member.pk,
                "name": line.member.name,
                "places": line.places,
                "points": line.points,
                "chips": line.chips,
                "chip_points": line.chip_points,
                "attended": line.attended,
                "present_at_close": line.present_at_close,
                "rank": line.rank,
                "fee": line.money.fee,
                "received": line.money.received,
                "net": line.money.net,
            }
            for line in money.lines
        ],
    }


@dataclass(frozen=True)
class KeptMoney:
    fee: int
    received: int
    net: int
    games: int


def explain(money):
    """Who receives the surplus (or covers the shortfall) and why, in the active language."""
    names = [m.name for m in money.recipients]
    reasons = []
    for member, reason in money.passed_over:
        if reason == scoring.meeting.ABSENT:
            reasons.append(_("%(name)s was not present at the close") % {"name": member.name})
        else:
            reasons.append(
                _("%(name)s played fewer than %(needed)s games") % {"name": member.name, "needed": money.min_games}
            )
    because = _("; ").join(reasons) if reasons else ""
    if money.fees.get("surplus_to") != "day_top":
        if money.surplus < 0:
            return (
                _("The club covers the shortfall.")
                if money.fees.get("shortfall") != "split"
                else _("Everyone shares the shortfall equally.")
            )
        return _("The club keeps the difference.") if money.surplus else _("The fees cover the venue exactly.")
    if money.surplus < 0 and money.fees.get("shortfall") == "split":
        return _("The fees do not cover the venue: everyone shares the shortfall equally.")
    if money.surplus < 0 and money.fees.get("shortfall") == "club":
        return _("The fees do not cover the venue: the club covers the shortfall.")
    if not names:
        text = (
            _("Nobody was eligible, so the club keeps it.")
            if money.surplus >= 0
            else _("Nobody was eligible, so the club covers the shortfall.")
        )
        return _("%(text)s (%(because)s)") % {"text": text, "because": because} if because else text
    who = _("Next in line") if reasons else _("The day's top")
    if len(names) > 1:
        text = _("%(who)s: %(names)s, tied on the day's points, share it.") % {"who": who, "names": _(", ").join(names)}
    else:
        text = _("%(who)s: %(name)s.") % {"who": who, "name": names[0]}
    if money.surplus < 0:
        text += " " + _("The fees do not cover the venue, so this is paid, not received.")
    return _("%(text)s (%(because)s)") % {"text": text, "because": because} if because else text
