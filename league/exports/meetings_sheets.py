"""The Meetings sheet (開催日: one row per meeting, with its settlement) and Meeting money (one row per person).

A closed meeting shows the money as it was settled at the close; an open one
what it would be if it closed now (the Closed column says which).  Points are
always the games' points now, as the meeting's page shows them: after a rule
correction a closed day's kept money stays, its points follow its games.  All the
meetings are settled with a fixed number of queries (``stats.day.settle_days``).
"""

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..models.games import Game
from ..models.meetings import Meeting
from ..stats.day import settle_days
from ..text.formatting import points_number
from .cells import BOOL, DATE, INT, OUR_TEXT, POINTS, YEN, Column, Sheet


def meetings_in(choice):
    meetings = Meeting.objects.filter(club=choice.club, rule_set__in=choice.rule_sets)
    if choice.first_day:
        meetings = meetings.filter(date__gte=choice.first_day)
    if choice.last_day:
        meetings = meetings.filter(date__lte=choice.last_day)
    return meetings.order_by("date", "id")


def meetings_sheets(choice):
    """The Meetings and Meeting money sheets, from one settlement of every meeting of the period."""
    meetings = meetings_in(choice)
    settled = settle_days(meetings)
    games = dict(
        Game.objects.counted()
        .filter(meeting__in=meetings)
        .values("meeting")
        .annotate(count=Count("id"))
        .order_by()
        .values_list("meeting", "count")
    )
    points_now = {
        meeting.pk: {line.member.pk: line.points for line in money.lines}
        for meeting, money in settle_days(meetings.filter(closed=True), kept=False)
    }
    return [_meetings_sheet(settled, games), _money_sheet(settled, points_now)]


def _meetings_sheet(settled, games):
    columns = [
        Column(_("Date"), DATE),
        Column(_("Rule set"), width=16),
        Column(_("Venue"), width=18),
        Column(_("Hanchan held"), INT),
        Column(_("Games played"), INT),
        Column(_("Fees collected"), YEN),
        Column(_("Venue fee"), YEN),
        Column(_("Surplus"), YEN),
        Column(_("Paid to members"), YEN),
        Column(_("Kept by the club"), YEN),
        Column(_("Recipients"), width=20),
        Column(_("Explanation"), OUR_TEXT, width=60, wrap=True),
        Column(_("Closed"), BOOL),
    ]
    rows = (
        [
            meeting.date,
            meeting.rule_set.name,
            meeting.venue,
            money.rounds,
            games.get(meeting.pk, 0),
            money.collected,
            money.venue,
            money.surplus,
            money.received_total,
            money.club,
            _(", ").join(member.name for member in money.recipients),
            money.explanation,
            meeting.closed,
        ]
        for meeting, money in settled
    )
    return Sheet(pgettext("workbook sheet", "Meetings"), columns, rows)


def _money_sheet(settled, points_now):
    """One row per person and day; a closed day's points from its games now (``points_now``), its money as kept."""
    columns = [
        Column(_("Date"), DATE),
        Column(_("Rule set"), width=16),
        Column(_("Name"), width=16),
        Column(_("Games"), INT),
        Column(_("Points"), POINTS),
        Column(_("Fee"), YEN),
        Column(_("Received"), YEN),
        Column(_("Net"), YEN),
        Column(_("Present at the close"), BOOL),
    ]
    rows = (
        [
            meeting.date,
            meeting.rule_set.name,
            line.member.name,
            line.games,
            points_number(points_now.get(meeting.pk, {}).get(line.member.pk, line.points)),
            line.money.fee,
            line.money.received,
            line.money.net,
            line.present_at_close,
        ]
        for meeting, money in settled
        for line in money.lines
        if line.money is not None
    )
    return Sheet(pgettext("workbook sheet", "Meeting money"), columns, rows)
