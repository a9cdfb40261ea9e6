"""A meeting's day (開催日): the day's standings and its money, settled by the engine.

The day's standings come from one SQL aggregate over the stored seats; the
money is ``scoring.settle_meeting`` over them with the fee settings of the
rule version in force that day.  When a meeting is closed its settlement is
kept as it was (``Meeting.settlement``): what was paid stays what was paid,
even if a rule is corrected later.
"""

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q, Sum
from django.utils.translation import gettext as _

import scoring
from scoring.points import points_from_tenths

from ..models import Attendance, Game, GameSeat, Member, RuleVersion

MAX_PLAYERS = 4  # the most seats a game has (GameSeat.seat is 0 to 3)


@dataclass
class DayLine:
    """One person's day: games by place, points (tenths), chips, and whether they stayed to the close."""

    member: Member
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


def rounds_held(meeting):
    """The day's hanchan count: as recorded on the meeting, else the rounds that have a game.

    Counting the rounds played, not the highest number typed, keeps a mistyped
    round (21 for 2) from raising the games needed to receive the surplus.
    """
    if meeting.rounds:
        return meeting.rounds
    return Game.objects.filter(meeting=meeting).counted().aggregate(
        held=Count("round", distinct=True))["held"] or 0


def day_lines(meeting, players):
    """Everyone who played or attended, the day's best first.  Three queries."""
    rows = (GameSeat.objects.counted().filter(game__meeting=meeting).values("member")
            .annotate(**_day_figures(players)).order_by())
    attendance = {a.member_id: a for a in Attendance.objects.filter(meeting=meeting)}
    members = Member.objects.in_bulk({row["member"] for row in rows} | set(attendance))
    return _lines(rows, attendance, members, players)


def _day_figures(players):
    """The aggregates of one person's day: points, chips, and a count per place."""
    places = {f"place_{p}": Count("id", filter=Q(place=p)) for p in range(1, players + 1)}
    return {"points": Sum("total"), "chips": Sum("chips"), "chip_points": Sum("chip_points"), **places}


def _lines(rows, attendance, members, players):
    """DayLines from the aggregated seat rows and the attendance records, ranked by the day's points."""
    lines = {}
    for row in rows:
        lines[row["member"]] = DayLine(
            member=members[row["member"]], places=[row[f"place_{p}"] for p in range(1, players + 1)],
            points=row["points"] or 0, chips=row["chips"] or 0, chip_points=row["chip_points"] or 0,
        )
    for member_id, record in attendance.items():
        line = lines.setdefault(member_id, DayLine(member=members[member_id], places=[0] * players))
        line.attended = True
        line.present_at_close = record.present_at_close
    ordered = sorted(lines.values(), key=lambda line: (-line.points, -line.places[0] if line.places else 0,
                                                       line.member.kana, line.member.name))
    # The day's rank is by points: players level on points share a rank (1, 2, 3, 3, 5).
    position, previous = 0, None
    for line in ordered:
        if line.games:
            position += 1
            line.rank = previous.rank if previous is not None and previous.points == line.points else position
            previous = line
    return ordered


def settle_day(meeting):
    """The day's money: kept from the close for a closed meeting, else settled now."""
    if meeting.closed and meeting.settlement:
        return kept_money(meeting)
    version = meeting.rule_set.version_on(meeting.date)
    players = meeting.rule_set.settings_on(meeting.date)["players"]
    return _settle(meeting, version, day_lines(meeting, players), rounds_held(meeting), players)


def _settle(meeting, version, lines, rounds, players):
    """Settle a day with the engine, from its lines and the fee settings of ``version``."""
    fees = {**(version.fee_settings if version else scoring.validate_fees({})),
            "venue": meeting.venue_fee, "rounds": rounds}
    result = scoring.settle_meeting(fees, [
        {"id": line.member.pk, "places": line.places, "points": points_from_tenths(line.points),
         "present_at_close": line.present_at_close}
        for line in lines
    ])
    by_id = {line.member.pk: line for line in lines}
    for money in result.players:
        by_id[money.id].money = money
    return DayMoney(
        collected=result.collected, venue=result.venue, surplus=result.surplus, club=result.club,
        min_games=result.min_games, rounds=fees["rounds"],
        recipients=[by_id[i].member for i in result.recipients],
        passed_over=[(by_id[i].member, reason) for i, reason in result.passed_over],
        fees=fees, players=players, lines=lines,
    )


def settle_days(meetings):
    """Many days' money in a fixed number of queries, whatever their count: (meeting, DayMoney) pairs.

    ``meetings`` is a queryset; the answers are those of ``settle_day`` for each
    (the season workbook's Meetings sheets read them).
    """
    meetings = list(meetings.select_related("rule_set").prefetch_related(
        Prefetch("rule_set__versions", queryset=RuleVersion.objects.order_by("-effective_from"))))
    open_days = [m.pk for m in meetings if not (m.closed and m.settlement)]
    rows, attendance, last_rounds = {}, {}, {}
    if open_days:
        for row in (GameSeat.objects.counted().filter(game__meeting__in=open_days)
                    .values("game__meeting", "member").annotate(**_day_figures(MAX_PLAYERS)).order_by()):
            rows.setdefault(row["game__meeting"], []).append(row)
        for record in Attendance.objects.filter(meeting__in=open_days):
            attendance.setdefault(record.meeting_id, {})[record.member_id] = record
        last_rounds = dict(Game.objects.counted().filter(meeting__in=open_days).values("meeting")
                           .annotate(held=Count("round", distinct=True)).order_by().values_list("meeting", "held"))
    member_ids = set()
    for meeting in meetings:
        if meeting.closed and meeting.settlement:
            member_ids.update(_kept_member_ids(meeting.settlement))
        else:
            member_ids.update(row["member"] for row in rows.get(meeting.pk, ()))
            member_ids.update(attendance.get(meeting.pk, ()))
    members = Member.objects.in_bulk(member_ids) if member_ids else {}
    settled = []
    for meeting in meetings:
        if meeting.closed and meeting.settlement:
            settled.append((meeting, kept_money(meeting, members)))
            continue
        version = meeting.rule_set.version_on(meeting.date)
        players = meeting.rule_set.settings_on(meeting.date)["players"]
        lines = _lines(rows.get(meeting.pk, ()), attendance.get(meeting.pk, {}), members, players)
        rounds = meeting.rounds or last_rounds.get(meeting.pk) or 0
        settled.append((meeting, _settle(meeting, version, lines, rounds, players)))
    return settled


def record_of(money):
    """What is kept on a closed meeting: the settlement as plain JSON."""
    return {
        "collected": money.collected, "venue": money.venue, "surplus": money.surplus, "club": money.club,
        "min_games": money.min_games, "rounds": money.rounds, "fees": money.fees,
        "recipients": [m.pk for m in money.recipients],
        "passed_over": [[m.pk, reason] for m, reason in money.passed_over],
        "lines": [
            {"member": line.member.pk, "name": line.member.name, "places": line.places, "points": line.points,
             "chips": line.chips, "chip_points": line.chip_points, "attended": line.attended,
             "present_at_close": line.present_at_close, "rank": line.rank,
             "fee": line.money.fee, "received": line.money.received, "net": line.money.net}
            for line in money.lines
        ],
    }


@dataclass(frozen=True)
class KeptMoney:
    fee: int
    received: int
    net: int
    games: int


def _kept_member_ids(record):
    return ({line["member"] for line in record["lines"]} | set(record["recipients"])
            | {pk for pk, _reason in record["passed_over"]})


def kept_money(meeting, members=None):
    """The settlement kept at the close (``members``: the people by id, when the caller has them)."""
    record = meeting.settlement
    if members is None:
        members = Member.objects.in_bulk([line["member"] for line in record["lines"]])
    lines = []
    for item in record["lines"]:
        line = DayLine(member=members[item["member"]], places=item["places"], points=item["points"],
                       chips=item["chips"], chip_points=item["chip_points"], attended=item["attended"],
                       present_at_close=item["present_at_close"], rank=item["rank"])
        line.money = KeptMoney(item["fee"], item["received"], item["net"], sum(item["places"]))
        lines.append(line)
    return DayMoney(
        collected=record["collected"], venue=record["venue"], surplus=record["surplus"], club=record["club"],
        min_games=record["min_games"], rounds=record["rounds"], fees=record["fees"],
        recipients=[members[pk] for pk in record["recipients"]],
        passed_over=[(members[pk], reason) for pk, reason in record["passed_over"]],
        # The columns follow the lines as they were kept; a day nobody played has the rules' shape.
        players=len(lines[0].places) if lines else meeting.rule_set.settings_on(meeting.date)["players"],
        lines=lines, kept=True,
    )


def explain(money):
    """Who receives the surplus (or covers the shortfall) and why, in the active language."""
    names = [m.name for m in money.recipients]
    reasons = []
    for member, reason in money.passed_over:
        if reason == scoring.meeting.ABSENT:
            reasons.append(_("%(name)s was not present at the close") % {"name": member.name})
        else:
            reasons.append(_("%(name)s played fewer than %(needed)s games") % {
                "name": member.name, "needed": money.min_games})
    because = _("; ").join(reasons) if reasons else ""
    if money.fees.get("surplus_to") != "day_top":
        if money.surplus < 0:
            return _("The club covers the shortfall.") if money.fees.get("shortfall") != "split" else \
                _("Everyone shares the shortfall equally.")
        return _("The club keeps the difference.") if money.surplus else _("The fees cover the venue exactly.")
    if money.surplus < 0 and money.fees.get("shortfall") == "split":
        return _("The fees do not cover the venue: everyone shares the shortfall equally.")
    if money.surplus < 0 and money.fees.get("shortfall") == "club":
        return _("The fees do not cover the venue: the club covers the shortfall.")
    if not names:
        text = _("Nobody was eligible, so the club keeps it.") if money.surplus >= 0 else \
            _("Nobody was eligible, so the club covers the shortfall.")
        return _("%(text)s (%(because)s)") % {"text": text, "because": because} if because else text
    who = _("Next in line") if reasons else _("The day's top")
    if len(names) > 1:
        text = _("%(who)s: %(names)s, tied on the day's points, share it.") % {
            "who": who, "names": _(", ").join(names)}
    else:
        text = _("%(who)s: %(name)s.") % {"who": who, "name": names[0]}
    if money.surplus < 0:
        text += " " + _("The fees do not cover the venue, so this is paid, not received.")
    return _("%(text)s (%(because)s)") % {"text": text, "because": because} if because else text
