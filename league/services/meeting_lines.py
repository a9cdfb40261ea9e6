"""Keeping the stored meeting lines (``MeetingLine``) equal to the seats they add up, in the writer's transaction.

Every write that changes which seats count on a meeting day, or their figures
(a game recorded, corrected, moved, voided or restored, an import or its undo,
a recomputation, a guest merged into a member), calls ``refresh_meeting_lines``
with the meetings it touched: their lines are deleted and aggregated again from
the counted seats by one ``INSERT … SELECT`` per chunk of meetings, so no seat
passes through Python.  ``refresh_club_lines`` rebuilds a whole club (``manage.py
recompute --commit`` does, and the data migration that created the table).

The functions take the models as arguments when a migration calls them (its
historical models); the bust rule is read from each version's rules through the
engine (``scoring.validate_rules``), not through ``RuleVersion.settings``, for
the same reason.
"""

from django.db import connections, router
from django.db.models import Count, Max, Min, Q, Sum
from django.db.models.functions import Coalesce

import scoring

from ..models import GameSeat, Meeting, MeetingLine, RuleVersion
from ..models.meeting_lines import FIGURES

# Meetings refreshed by one statement: a bound IN list both databases take, and few enough to stay quick.
CHUNK = 500


def refresh_meeting_lines(meeting_ids, *, models=None):
    """Aggregate the lines of ``meeting_ids`` again from their counted seats (inside the caller's transaction).

    The meetings are locked first (in id order, as every writer locks a game before its meeting): two
    corrections of games of one day then refresh its lines one after the other, and the second sees the
    first's seats instead of finding its lines inserted under it.  ``models`` are (Meeting, GameSeat,
    MeetingLine, RuleVersion), historical ones in a migration.
    """
    meeting_model, seat_model, line_model, version_model = models or (Meeting, GameSeat, MeetingLine, RuleVersion)
    ids = sorted({pk for pk in meeting_ids if pk is not None})
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        list(meeting_model.objects.select_for_update().filter(pk__in=chunk).order_by("pk").values_list("pk"))
        line_model.objects.filter(meeting_id__in=chunk).delete()
        at_zero = busts_at_zero(version_model.objects.filter(games__meeting_id__in=chunk).distinct())
        _insert_select(line_model, aggregated(seat_model.objects.filter(game__meeting_id__in=chunk), at_zero))


def refresh_club_lines(club):
    """Rebuild every line of the club's meetings."""
    refresh_meeting_lines(Meeting.objects.filter(club=club).values_list("pk", flat=True))


def busts_at_zero(versions):
    """The ids of the versions among ``versions`` whose bust (トビ) is at 0, not only below it."""
    return [pk for pk, rules in versions.values_list("pk", "rules")
            if scoring.validate_rules(rules)["bust"]["at_zero"]]


def aggregated(seats, at_zero):
    """``seats``' counted ones grouped by meeting and member, with every figure of a line (``FIGURES``)."""
    topped = Q(place=1)
    figures = {
        "games": Count("id"),
        **{f"place_{place}": Count("id", filter=Q(place=place)) for place in range(1, 5)},
        # A seat that busted: below 0, or exactly 0 in a game under a version whose bust is "at 0".
        "busts": Count("id", filter=Q(score__lt=0) | Q(score=0, game__rule_version__in=at_zero)),
        "scored_games": Count("score"),
        "maru_a": Count("id", filter=topped & Q(game__floats=1, game__double_maru_a=False)),
        "maru_b": Count("id", filter=topped & Q(game__floats=2, game__double_maru_a=False)),
        "maru_c": Count("id", filter=topped & Q(game__floats=3, game__double_maru_a=False)),
        "double_maru_a": Count("id", filter=topped & Q(game__double_maru_a=True)),
        "game_points": Sum("total"), "chips": Sum("chips"), "chip_points": Sum("chip_points"),
        "shugi": Sum("shugi"), "score_sum": Coalesce(Sum("score"), 0),
        "best": Max("total"), "worst": Min("total"),
    }
    assert tuple(figures) == FIGURES
    return seats.filter(game__void=False).values("game__meeting", "member").annotate(**figures).order_by()


def _insert_select(line_model, rows):
    """``INSERT INTO`` the lines' table the rows of the aggregate ``rows``, in the database, in one statement."""
    using = router.db_for_write(line_model)
    query = rows.query
    # The SELECT lists the grouped columns, then the annotations in the order they were given.
    assert tuple(query.annotation_select) == FIGURES and len(query.values_select) == 2
    sql, params = query.get_compiler(using).as_sql()
    connection = connections[using]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(line_model._meta.get_field(name).column) for name in ("meeting", "member", *FIGURES))
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {quote(line_model._meta.db_table)} ({columns}) {sql}", params)
