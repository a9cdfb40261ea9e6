"""The drawn tables of a meeting (卓組) as entry needs them: who sits where, and whether the game is entered.

A drawn table is pending (まだ入力されていない卓) while no counted game of the meeting has its round and
table: the link between a draw and a game is the pair of numbers, as on the entry page
(league/models/draws.py).  The reports players sent for their tables are read here too, each marked
superseded when its table's game was entered meanwhile.
"""

from dataclasses import dataclass
from itertools import groupby

from ..models.draws import SITTING_OUT, DrawnSeat, ReportedResult
from ..models.games import WINDS, Game
from ..models.people import Member
from ..web.links import login_shown


@dataclass(frozen=True)
class DrawnTable:
    round: int
    table: int
    members: tuple  # in seat order: 東 (起家), 南, 西, 北
    entered: bool

    @property
    def names(self):
        return [member.name for member in self.members]

    @property
    def by_wind(self):
        """(wind, member) for each seat, 東 first: how a message or a page shows the table."""
        return list(zip(WINDS, self.members, strict=False))


def entered_tables(meeting):
    """The (round, table) pairs that hold a counted game of ``meeting``."""
    return set(Game.objects.filter(meeting=meeting).counted().values_list("round", "table"))


def _tables(seats, entered):
    """The drawn tables of ``seats`` (ordered by meeting, round, table, seat); ``entered`` holds the
    (meeting id, round, table) of every counted game."""

    def where(seat):
        return seat.round.meeting_id, seat.round.number, seat.table

    return [
        (key[0], DrawnTable(key[1], key[2], tuple(seat.member for seat in group), key in entered))
        for key, group in groupby(seats, key=where)
    ]


def _seats(**which):
    return (
        DrawnSeat.objects.filter(**which)
        .exclude(table=SITTING_OUT)
        .select_related("round", "member")
        .order_by("round__meeting", "round__number", "table", "seat")
    )


def drawn_tables(meeting, *, round_number=None, table=None):
    """Every drawn table of ``meeting`` (sitting out aside), by round then table; or only the one asked for."""
    seats = _seats(round__meeting=meeting)
    if round_number is not None:
        seats = seats.filter(round__number=round_number, table=table)
    entered = {(meeting.pk, *pair) for pair in entered_tables(meeting)}
    return [drawn for _meeting, drawn in _tables(seats, entered)]


def pending_by_meeting(meetings):
    """The pending drawn tables of each of ``meetings``, by meeting id, in two queries whatever their number."""
    ids = [meeting.pk for meeting in meetings]
    entered = set(Game.objects.filter(meeting__in=ids).counted().values_list("meeting", "round", "table"))
    found = {}
    for meeting_id, drawn in _tables(_seats(round__meeting__in=ids), entered):
        if not drawn.entered:
            found.setdefault(meeting_id, []).append(drawn)
    return found


def drawn_table(meeting, round_number, table):
    """The drawn table at ``round_number`` and ``table``, or None when the draw has no such table."""
    found = drawn_tables(meeting, round_number=round_number, table=table)
    return found[0] if found else None


def pending_tables(meeting):
    """The drawn tables whose game is not entered yet, the earliest round first."""
    return [table for table in drawn_tables(meeting) if not table.entered]


def seated_members(club, user):
    """The club's members who play as ``user`` (a login may be linked to its member)."""
    if not user.is_authenticated:
        return Member.objects.none()
    return Member.objects.filter(club=club, user=user)


def tables_to_report(meeting, user):
    """The pending drawn tables where ``user`` sits: the ones they may report, when the club lets players."""
    if meeting.closed or not meeting.club.players_report_results:
        return []
    mine = set(seated_members(meeting.club, user).values_list("pk", flat=True))
    return [table for table in pending_tables(meeting) if mine & {member.pk for member in table.members}]


@dataclass(frozen=True)
class ReportToCheck:
    report: ReportedResult
    superseded: bool  # the table's game was entered meanwhile: it cannot be confirmed any more
    earlier: int  # how many earlier pending reports the same table has
    by: str | None  # who sent it, as pages name people (links.login_shown)


def reports_to_check(meeting):
    """The pending reports of ``meeting``, each table's latest first, with how many earlier ones it has."""
    reports = list(
        ReportedResult.objects.filter(meeting=meeting)
        .pending()
        .select_related("reported_by")
        .order_by("round", "table", "-reported_at", "-pk")
    )
    entered = entered_tables(meeting)
    # The players' member names in one query; login_shown only for a login without a member (rare).
    names = dict(
        Member.objects.filter(club=meeting.club, user__in={r.reported_by_id for r in reports}).values_list(
            "user_id", "name"
        )
    )
    checked = []
    for (number, table), group in groupby(reports, key=lambda report: (report.round, report.table)):
        group = list(group)
        checked += [
            ReportToCheck(
                report,
                (number, table) in entered,
                len(group) - 1 - index,
                names.get(report.reported_by_id) or login_shown(meeting.club, report.reported_by),
            )
            for index, report in enumerate(group)
        ]
    return checked
