"""A meeting's day (開催日): the day's standings and its money, settled by the engine.

The day's standings come from one SQL aggregate over the stored seats (many
days at once: from their stored lines, ``MeetingLine``, the same sums); the
money is ``scoring.settle_meeting`` over them with the fee settings of the
rule version in force that day.  When a meeting is closed its settlement is
kept as it was (``Meeting.settlement``): what was paid stays what was paid,
even if a rule is corrected later.
"""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Count, Prefetch, Q, Sum

import scoring

from ..models.games import Game, GameSeat
from ..models.meeting_lines import MeetingLine
from ..models.meeting_people import Attendance
from ..models.people import Member
from ..models.rule_versions import RuleVersion
from .day_money import DayLine, DayMoney, KeptMoney, explain, rank_lines, record_of, settle_lines

__all__ = [
    "DayInputs",
    "DayLine",
    "DayMoney",
    "day_inputs",
    "explain",
    "kept_money",
    "record_of",
    "settle_day",
    "settle_days",
    "settle_games",
]

# A stored line's columns as the rows ``rank_lines`` reads (the names of ``_day_figures``).
LINE_FIGURES = ("member", "game_points", "chips", "chip_points", "place_1", "place_2", "place_3", "place_4")
ROW_KEYS = ("member", "points", "chips", "chip_points", "place_1", "place_2", "place_3", "place_4")
PLACES = ROW_KEYS.index("place_1")


def rounds_held(meeting):
    """The day's hanchan count: as recorded on the meeting, else the rounds that have a game.

    Counting the rounds played, not the highest number typed, keeps a mistyped
    round (21 for 2) from raising the games needed to receive the surplus.
    """
    if meeting.rounds:
        return meeting.rounds
    return Game.objects.filter(meeting=meeting).counted().aggregate(held=Count("round", distinct=True))["held"] or 0


def day_lines(meeting, players):
    """Everyone who played or attended, the day's best first.  Three queries."""
    rows = (
        GameSeat.objects.counted()
        .filter(game__meeting=meeting)
        .values("member")
        .annotate(**_day_figures(players))
        .order_by()
    )
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
    return settle_lines(
        _fee_settings(version), meeting.venue_fee, day_lines(meeting, players), rounds_held(meeting), players
    )


def _fee_settings(version):
    return version.fee_settings if version else scoring.validate_fees({})


@dataclass
class DayInputs:
    """What the engine settles a day from: the fee settings in force, the venue, the day's rows, the rounds."""

    fee_settings: dict
    venue_fee: int
    rows: list  # the members' figures of the day, each a tuple of the ``ROW_KEYS``
    attendance: dict  # member id → present at the close
    members: dict  # the people by id
    rounds: int
    players: int

    @property
    def fees(self):
        """The fees as a settlement keeps them (``record_of``)."""
        return {**self.fee_settings, "venue": self.venue_fee, "rounds": self.rounds}

    @cached_property
    def lines(self):
        """The day's DayLines in the day's order, not yet settled."""
        rows = [dict(zip(ROW_KEYS, row, strict=True)) for row in self.rows]
        attendance = {member_id: Attended(present) for member_id, present in self.attendance.items()}
        return rank_lines(rows, attendance, self.members, self.players)

    def engine_figures(self):
        """What the engine reads of each person by id, as the DayLines have it: (places, points, present at close).

        Tuples of numbers: the garbage collector stops tracking them, and a season has thousands.
        """
        last = PLACES + self.players
        figures = {row[0]: (row[PLACES:last], row[1] or 0, True) for row in self.rows}
        for member_id, present in self.attendance.items():
            places, points, _present = figures.get(member_id, ((0,) * self.players, 0, True))
            figures[member_id] = (places, points, present)
        return figures

    def settle(self):
        return settle_lines(self.fee_settings, self.venue_fee, self.lines, self.rounds, self.players)


def settle_days(meetings, kept=True):
    """Many days' money in a fixed number of queries, whatever their count: (meeting, DayMoney) pairs.

    ``meetings`` is a queryset; the answers are those of ``settle_day`` for each
    (the season workbook's Meetings sheets read them), or with ``kept=False``
    those of ``settle_games`` (how the games settle now, to compare).
    """
    members, days = day_inputs(meetings, kept)
    return [(meeting, kept_money(meeting, members) if inputs is None else inputs.settle()) for meeting, inputs in days]


def day_inputs(meetings, kept=True):
    """The people by id, and (meeting, DayInputs) pairs of ``meetings`` (a queryset) in a fixed number of queries.

    The inputs are None for a meeting whose kept settlement is read as kept (``kept``, closed with a record).
    The day's figures are read from the stored lines (``MeetingLine``): the sums of the counted seats that
    ``day_lines`` aggregates, a row a member instead of every seat (checked against ``settle_games`` by
    tests/league/test_season_money_pass.py).
    """

    def uses_kept(meeting):
        return kept and meeting.closed and meeting.settlement

    meetings = list(
        meetings.select_related("rule_set").prefetch_related(
            Prefetch("rule_set__versions", queryset=RuleVersion.objects.order_by("-effective_from"))
        )
    )
    open_days = [m.pk for m in meetings if not uses_kept(m)]
    rows, attendance, last_rounds = {}, {}, {}
    if open_days:
        for row in MeetingLine.objects.filter(meeting__in=open_days).values_list("meeting", *LINE_FIGURES):
            rows.setdefault(row[0], []).append(row[1:])
        # Plain values, not model instances: a season's money reads thousands of these.
        for meeting_id, member_id, present in Attendance.objects.filter(meeting__in=open_days).values_list(
            "meeting", "member", "present_at_close"
        ):
            attendance.setdefault(meeting_id, {})[member_id] = present
        last_rounds = dict(
            Game.objects.counted()
            .filter(meeting__in=open_days)
            .values("meeting")
            .annotate(held=Count("round", distinct=True))
            .order_by()
            .values_list("meeting", "held")
        )
    member_ids = set()
    for meeting in meetings:
        if uses_kept(meeting):
            member_ids.update(_kept_member_ids(meeting.settlement))
        else:
            member_ids.update(row[0] for row in rows.get(meeting.pk, ()))
            member_ids.update(attendance.get(meeting.pk, ()))
    members = Member.objects.in_bulk(member_ids) if member_ids else {}
    days = []
    for meeting in meetings:
        if uses_kept(meeting):
            days.append((meeting, None))
            continue
        version = meeting.rule_set.version_on(meeting.date)
        players = meeting.rule_set.settings_on(meeting.date)["players"]
        rounds = meeting.rounds or last_rounds.get(meeting.pk) or 0
        days.append(
            (
                meeting,
                DayInputs(
                    _fee_settings(version),
                    meeting.venue_fee,
                    rows.get(meeting.pk, []),
                    attendance.get(meeting.pk, {}),
                    members,
                    rounds,
                    players,
                ),
            )
        )
    return members, days


@dataclass(frozen=True)
class Attended:
    """Someone's attendance as ``rank_lines`` reads it: whether they were still there at the close."""

    present_at_close: bool


def _kept_member_ids(record):
    return (
        {line["member"] for line in record["lines"]}
        | set(record["recipients"])
        | {pk for pk, _reason in record["passed_over"]}
    )


def kept_money(meeting, members=None):
    """The settlement kept at the close (``members``: the people by id the caller has; the others are read)."""
    record = meeting.settlement
    missing = _kept_member_ids(record) - (members or {}).keys()
    if missing:
        members = {**(members or {}), **Member.objects.in_bulk(missing)}
    lines = []
    for item in record["lines"]:
        line = DayLine(
            member=members[item["member"]],
            places=item["places"],
            points=item["points"],
            chips=item["chips"],
            chip_points=item["chip_points"],
            attended=item["attended"],
            present_at_close=item["present_at_close"],
            rank=item["rank"],
        )
        line.money = KeptMoney(item["fee"], item["received"], item["net"], sum(item["places"]))
        lines.append(line)
    return DayMoney(
        collected=record["collected"],
        venue=record["venue"],
        surplus=record["surplus"],
        club=record["club"],
        min_games=record["min_games"],
        rounds=record["rounds"],
        fees=record["fees"],
        recipients=[members[pk] for pk in record["recipients"]],
        passed_over=[(members[pk], reason) for pk, reason in record["passed_over"]],
        # The columns follow the lines as they were kept; a day nobody played has the rules' shape.
        players=len(lines[0].places) if lines else meeting.rule_set.settings_on(meeting.date)["players"],
        lines=lines,
        kept=True,
    )
