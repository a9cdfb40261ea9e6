"""A meeting's day (開催日): the day's standings and its money, settled by the engine.

The day's standings come from one SQL aggregate over the stored seats; the
money is ``scoring.settle_meeting`` over them with the fee settings of the
rule version in force that day.  When a meeting is closed its settlement is
kept as it was (``Meeting.settlement``): what was paid stays what was paid,
even if a rule is corrected later.
"""

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, Sum

import scoring

from ..models import Attendance, Game, GameSeat, Member, RuleVersion
from .day_money import DayLine, DayMoney, KeptMoney, explain, rank_lines, record_of, settle_lines

__all__ = ["DayLine", "DayMoney", "explain", "kept_money", "record_of", "settle_day", "settle_days",
           "settle_games"]

MAX_PLAYERS = 4  # the most seats a game has (GameSeat.seat is 0 to 3)


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
    return rank_lines(rows, attendance, members, players)


def _day_figures(players):
    """The aggregates of one person's day: points, chips, and a count per place."""
    places = {f"place_{p}": Count("id", filter=Q(place=p)) for p in range(1, players + 1)}
    return {"points": Sum("total"), "chips": Sum("chips"), "chip_points": Sum("chip_points"), **places}


def settle_day(meeting):
    """The day's money: kept from the close for a closed meeting, else settled now."""
    if meeting.closed and meeting.settlement:
        return kept_money(meeting)
    return settle_games(meeting)


def settle_games(meeting):
    """The day's money as its games settle now, kept settlement or not (what closing or re-settling keeps)."""
    version = meeting.rule_set.version_on(meeting.date)
    players = meeting.rule_set.settings_on(meeting.date)["players"]
    return settle_lines(_fee_settings(version), meeting.venue_fee, day_lines(meeting, players),
                        rounds_held(meeting), players)


def _fee_settings(version):
    return version.fee_settings if version else scoring.validate_fees({})


def settle_days(meetings, kept=True):
    """Many days' money in a fixed number of queries, whatever their count: (meeting, DayMoney) pairs.

    ``meetings`` is a queryset; the answers are those of ``settle_day`` for each
    (the season workbook's Meetings sheets read them), or with ``kept=False``
    those of ``settle_games`` (how the games settle now, to compare).
    """

    def uses_kept(meeting):
        return kept and meeting.closed and meeting.settlement

    meetings = list(meetings.select_related("rule_set").prefetch_related(
        Prefetch("rule_set__versions", queryset=RuleVersion.objects.order_by("-effective_from"))))
    open_days = [m.pk for m in meetings if not uses_kept(m)]
    rows, attendance, last_rounds = {}, {}, {}
    if open_days:
        for row in (GameSeat.objects.counted().filter(game__meeting__in=open_days)
                    .values("game__meeting", "member").annotate(**_day_figures(MAX_PLAYERS)).order_by()):
            rows.setdefault(row["game__meeting"], []).append(row)
        # Plain values, not model instances: a season's money reads thousands of these.
        for meeting_id, member_id, present in (Attendance.objects.filter(meeting__in=open_days)
                                               .values_list("meeting", "member", "present_at_close")):
            attendance.setdefault(meeting_id, {})[member_id] = Attended(present)
        last_rounds = dict(Game.objects.counted().filter(meeting__in=open_days).values("meeting")
                           .annotate(held=Count("round", distinct=True)).order_by().values_list("meeting", "held"))
    member_ids = set()
    for meeting in meetings:
        if uses_kept(meeting):
            member_ids.update(_kept_member_ids(meeting.settlement))
        else:
            member_ids.update(row["member"] for row in rows.get(meeting.pk, ()))
            member_ids.update(attendance.get(meeting.pk, ()))
    members = Member.objects.in_bulk(member_ids) if member_ids else {}
    settled = []
    for meeting in meetings:
        if uses_kept(meeting):
            settled.append((meeting, kept_money(meeting, members)))
            continue
        version = meeting.rule_set.version_on(meeting.date)
        players = meeting.rule_set.settings_on(meeting.date)["players"]
        lines = rank_lines(rows.get(meeting.pk, ()), attendance.get(meeting.pk, {}), members, players)
        rounds = meeting.rounds or last_rounds.get(meeting.pk) or 0
        settled.append((meeting, settle_lines(_fee_settings(version), meeting.venue_fee, lines, rounds, players)))
    return settled


@dataclass(frozen=True)
class Attended:
    """Someone's attendance as ``rank_lines`` reads it: whether they were still there at the close."""

    present_at_close: bool


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


