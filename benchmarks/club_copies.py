"""Copies of one club built for a benchmark, made by SQL: the page benchmark's site and the load test's 200 clubs.

Settling 400,000 games one by one takes many minutes; copying one club's rows
with ``INSERT … SELECT`` takes seconds.  Copy ``n`` of a row takes the id
``id + n × span`` (``span`` being one more than the table's highest id), and
so does every reference to a copied table; references to anything else (a
login, an import) are left empty.  The stored meeting lines are not copied
but aggregated again for the copies, as the site keeps them
(``refresh_meeting_lines``): what they hold may name the club's members.
"""

from django.core.management.color import no_style
from django.db import connection
from django.db.models import Max

# What a meeting keeps of its settlement at the close: nothing in an open copy.
KEPT = ("settlement", "drifted", "kept_collected", "kept_venue", "kept_club")


def clone_club(template, copies, open_meetings=False):
    """``copies`` copies of ``template`` (the club, its rules, members, seasons, meetings, attendance, games, seats,
    yakuman, the kept money's lines), slugs ``<template's>-<n>``; the copies' ids.

    ``open_meetings`` leaves the copies' meetings open without a kept settlement (a kept settlement's record
    names the template's members, whose ids the copies do not have).
    """
    from league.models import (
        Attendance,
        Club,
        Game,
        GameSeat,
        KeptLine,
        Meeting,
        Member,
        RuleSet,
        RuleVersion,
        Season,
        Yakuman,
    )
    from league.services.meeting_lines import refresh_meeting_lines

    meetings = "SELECT id FROM league_meeting WHERE club_id = %(club)s"
    games = f"SELECT id FROM league_game WHERE meeting_id IN ({meetings})"
    which = {
        Club: "id = %(club)s",
        RuleSet: "club_id = %(club)s",
        RuleVersion: "rule_set_id IN (SELECT id FROM league_ruleset WHERE club_id = %(club)s)",
        Member: "club_id = %(club)s",
        Season: "club_id = %(club)s",
        Meeting: "club_id = %(club)s",
        Attendance: f"meeting_id IN ({meetings})",
        Game: f"meeting_id IN ({meetings})",
        GameSeat: f"game_id IN ({games})",
        Yakuman: f"game_id IN ({games})",
    }
    if not open_meetings:  # the kept money's lines, beside the kept settlement they are copied from
        which[KeptLine] = f"meeting_id IN ({meetings})"
    spans = {model: (model.objects.aggregate(top=Max("pk"))["top"] or 0) + 1 for model in which}
    statements = []
    for model, rows in which.items():
        columns, values = [], []
        for field in model._meta.concrete_fields:
            column = connection.ops.quote_name(field.column)
            target = model if field.primary_key else field.related_model
            columns.append(column)
            if target in spans:
                values.append(f"{column} + %(n)s * {spans[target]}")
            elif field.is_relation:
                values.append("NULL")
            elif model is Club and field.name in ("slug", "name"):
                values.append(f"{column} || '-' || %(n)s")
            elif open_meetings and model is Meeting and field.name == "closed":
                values.append("FALSE")
            elif open_meetings and model is Meeting and field.name in KEPT:
                values.append("NULL")
            else:
                values.append(column)
        table = connection.ops.quote_name(model._meta.db_table)
        statements.append(
            f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(values)} FROM {table} WHERE {rows}"
        )
    with connection.cursor() as cursor:
        for n in range(1, copies + 1):
            for sql in statements:
                cursor.execute(sql, {"n": n, "club": template.pk})
        for sql in connection.ops.sequence_reset_sql(no_style(), list(which)):
            cursor.execute(sql)
    ids = [template.pk + n * spans[Club] for n in range(1, copies + 1)]
    refresh_meeting_lines(Meeting.objects.filter(club_id__in=ids).values_list("pk", flat=True))
    return ids
