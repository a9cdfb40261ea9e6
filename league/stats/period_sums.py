"""A period's meeting lines summed by member, read from what does not grow with the club's history.

A period (a rule set, a first and a last day, either open) holds whole calendar
months and, at its edges, parts of months.  The whole months are summed from
the records' month rows (``MemberMonthRecord``, each the sum of a member's
lines of that month, kept by the writers with the lines), the parts from the
meeting lines of those days: over every season some 2,000 month rows and the
lines of two months at most, not the 35,000 lines of 80,000 games.  A split day
(the standings before a day and with it) cuts its month, which is then read by
its lines too.  The sums are the lines' own: counts and sums added, the best the
highest, the worst the lowest, the latest day played the latest.
"""

import datetime
from collections.abc import Iterable, Sequence

from django.db.models import Aggregate, Case, Count, Max, Min, Q, QuerySet, Sum, Value, When

from ..models.meeting_lines import MeetingLine
from ..models.record_lines import MemberMonthRecord

# Figures not added up, each ``(from the lines, from the month rows)``; every other figure is a column of both, added.
OTHER_FIGURES = {
    "best": (Max("best"), Max("best")),
    "worst": (Min("worst"), Min("worst")),
    "last_played": (Max("meeting__date"), Max("last_played")),
    "days": (Count("pk"), Sum("days")),  # meeting days played: a line each
}


def first_of_next_month(day: datetime.date) -> datetime.date:
    return (day.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)


def line_sums(
    rule_set,
    first_day: datetime.date | None,
    last_day: datetime.date | None,
    figures: Sequence[str],
    split: datetime.date | None = None,
    more: Iterable[QuerySet] = (),
) -> QuerySet:
    """Rows ``{"member", "early", *figures}``: the meeting lines of ``rule_set`` from ``first_day`` to ``last_day``
    (both included, either open) summed by member, and with ``split`` by whether they fall before it (``early``;
    always True without it); a member may have a row from the month rows and one from the lines on each side
    (one query: a union).  ``more``: further rows of the lines' shape (``lines_summed``), added to the union."""
    whole_from = first_day if first_day is None or first_day.day == 1 else first_of_next_month(first_day)
    whole_until = None if last_day is None else (last_day + datetime.timedelta(days=1)).replace(day=1)
    cut = split.replace(day=1) if split and split.day != 1 else None
    months = MemberMonthRecord.objects.filter(rule_set=rule_set)
    edges = []  # the days of the months not wholly in the period, or cut by the split
    if whole_from:
        months = months.filter(month__gte=whole_from)
        edges.append(Q(meeting__date__lt=whole_from))
    if whole_until:
        months = months.filter(month__lt=whole_until)
        edges.append(Q(meeting__date__gte=whole_until))
    if cut:
        months = months.exclude(month=cut)
        edges.append(Q(meeting__date__gte=cut, meeting__date__lt=first_of_next_month(cut)))
    aggregates = {name: OTHER_FIGURES.get(name, (Sum(name), Sum(name)))[1] for name in figures}
    parts = [_grouped(months, "month", split, aggregates)]
    if edges:
        lines = MeetingLine.objects.for_rule_set(rule_set).between(first_day, last_day)
        parts.append(lines_summed(lines.filter(_any(edges)), figures, split))
    parts += more
    return parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]


def lines_summed(lines: QuerySet, figures: Sequence[str], split: datetime.date | None = None) -> QuerySet:
    """``lines`` (meeting lines) summed by member, as ``line_sums`` gives its rows."""
    return _grouped(
        lines, "meeting__date", split, {name: OTHER_FIGURES.get(name, (Sum(name), Sum(name)))[0] for name in figures}
    )


def by_member(rows: QuerySet, date: str, split: datetime.date | None) -> QuerySet:
    """``rows`` grouped by member, and by whether ``date`` falls before ``split`` (``early``; True without split)."""
    early = Case(When(**{f"{date}__lt": split}, then=Value(True)), default=Value(False)) if split else Value(True)
    return rows.annotate(early=early).values("member", "early")


def _grouped(rows: QuerySet, date: str, split: datetime.date | None, aggregates: dict[str, Aggregate]) -> QuerySet:
    return by_member(rows, date, split).annotate(**aggregates).order_by()


def _any(conditions: list[Q]) -> Q:
    found = conditions[0]
    for condition in conditions[1:]:
        found |= condition
    return found
