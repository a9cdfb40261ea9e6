"""Keeping the member page's month figures (``MemberMonthFigures``, ``MemberMonthOpponent``) equal to the meeting
lines they count, in the writer's transaction.

``refresh_meeting_lines`` reads the lines of each chunk of meetings before and after it makes them again
(``line_states``): the members whose games of a day changed (a line's ``games_played``, which holds every figure
these count) have their months of those days counted again from their lines of the month
(``refresh_member_months``), under the members' advisory locks of their months, taken last of all
(services/locks.py), so two saves of one member's days in one month count it one after the other.  A game's save
counts its four players' month: some thirty lines.  The meeting's admin counts again the months a re-dated meeting
leaves and joins; ``refresh_club_lines`` (``manage.py recompute --commit``) counts every month of the club's
members.  Migration 0028 keeps its own copy, as it was then.
"""

import datetime
import json
from collections.abc import Iterable

from ..models.meeting_lines import FIGURES, MeetingLine
from ..models.meetings import Meeting
from ..models.member_months import MemberMonthFigures, MemberMonthOpponent
from ..stats.member_games import game_order
from ..stats.month_figures import KINDS, OPPONENT_FIGURES, PIECE, SEAT_FIGURES, SEATS, span_figures
from .bulk import insert_values
from .locks import lock_member_months
from .record_lines import month_of

MonthKey = tuple[int, int, datetime.date]  # (member, rule set, month)
MONTH_FIGURES = ("games", "points", "first_game", "last_game", "high", "high_at", "low", "low_at")
NO_GAMES = (0,) * len(SEAT_FIGURES)  # a seat the member did not start in that month


def line_states(meeting_ids: Iterable[int], members: Iterable[int] = ()) -> dict[tuple[int, int], tuple]:
    """The lines of ``meeting_ids`` (of ``members`` only, when given): (meeting, member) → (rule set, date, the games
    played, *``FIGURES``); read before and after a refresh, the differences say which days' records, month sums and
    month figures to redo."""
    lines = MeetingLine.objects.filter(meeting_id__in=meeting_ids)
    if members:
        lines = lines.filter(member_id__in=members)
    return {
        (meeting, member): state
        for meeting, member, *state in lines.order_by().values_list(
            "meeting_id", "member_id", "meeting__rule_set_id", "meeting__date", "games_played", *FIGURES
        )
    }


def changed_months(changed: Iterable[tuple[int, int]], before: dict, after: dict) -> set[MonthKey]:
    """The (member, rule set, month) of the ``changed`` lines of ``line_states`` (changed, appeared or went)."""
    months = set()
    for key in changed:
        rule_set, date, *_figures = before.get(key) or after[key]
        months.add((key[1], rule_set, month_of(date)))
    return months


def refresh_member_months(
    member_ids: Iterable[int], months: Iterable[tuple[int, datetime.date]] | None, *, locked: bool = False
) -> None:
    """Count again the months of ``member_ids`` in the rule sets and from the first to the last month ``months``
    names (``(rule set, month)`` pairs; every month between, whole), or every month of theirs (``None``), from
    their meeting lines, under the members' month locks (``locked``: the caller holds them already, as a refresh
    of lines does, which takes all its months' at once, in order)."""
    ids = sorted(set(member_ids))
    months = None if months is None else set(months)
    if not ids or months == set():
        return
    if not locked:
        lock_member_months(ids)
    models = (MemberMonthFigures, MemberMonthOpponent)
    rows = {model: model.objects.filter(member_id__in=ids) for model in models}
    lines = MeetingLine.objects.filter(member_id__in=ids)
    if months is not None:
        rule_sets, firsts = {rule_set for rule_set, _month in months}, [month for _rule_set, month in months]
        last = month_of(max(firsts) + datetime.timedelta(days=31))  # the first of the month after the last
        rows = {
            model: queryset.filter(rule_set_id__in=rule_sets, month__gte=min(firsts), month__lte=max(firsts))
            for model, queryset in rows.items()
        }
        # The months' meetings, their lines read by (meeting, member): by the member first, SQLite read every day
        # of theirs (as services.record_lines found).
        meetings = Meeting.objects.filter(rule_set_id__in=rule_sets, date__gte=min(firsts), date__lt=last)
        lines = lines.filter(meeting__in=meetings.values("pk"))
    played = {}
    for member, rule_set, date, text in lines.order_by("meeting__date", "meeting_id").values_list(
        "member_id", "meeting__rule_set_id", "meeting__date", "games_played"
    ):
        played.setdefault((rule_set, member, month_of(date)), []).extend(sorted(json.loads(text), key=game_order))
    for queryset in rows.values():
        queryset.delete()
    figures, opponents = [], []
    for (rule_set, member, month), games in played.items():
        if not games:
            continue
        span = span_figures(games)
        key = {"rule_set_id": rule_set, "member_id": member, "month": month}
        figures.append(
            {
                **key,
                **{name: getattr(span, name) for name in MONTH_FIGURES},
                **{
                    f"{kind}_{part}": value
                    for kind in KINDS
                    for part, value in zip(PIECE, span.runs[kind], strict=True)
                },
                **{
                    f"seat_{seat}_{name}": value
                    for seat in SEATS
                    for name, value in zip(SEAT_FIGURES, span.seats.get(seat, NO_GAMES), strict=True)
                },
            }
        )
        opponents += [
            {**key, "opponent_id": opponent, **dict(zip(OPPONENT_FIGURES, values, strict=True))}
            for opponent, values in span.opponents.items()
        ]
    # As plain rows, not instances: a save's four months and their hundred opponents through bulk_create were as
    # dear as refreshing the day's lines.
    insert_values(MemberMonthFigures, figures)
    insert_values(MemberMonthOpponent, opponents)
