"""The records' month pieces (``MemberMonthRecord``): each member's day pieces of a rule set joined by calendar
month, so that a game's save combines some fifty months into the all-time line, not every day; filled from the
day records 0024 stored.

A frozen copy of how ``services.record_lines`` joined them at the time (migrations never import the app's code):
the days of each member in play order (date, meeting) per rule set, grouped by the month of their date (its
first day), joined as ``day_pieces`` makes a day's piece of its games.
"""

import django.db.models.deletion
from django.db import migrations, models

KINDS = ("top", "not_last")
PIECE = ("start", "start_last", "end", "end_first", "inner", "inner_first", "inner_last")
COLUMNS = ("games", "first_game", "last_game", "best_score", *(f"{kind}_{part}" for kind in KINDS for part in PIECE))


def _better(candidate, best):
    return candidate if candidate[0] and candidate[0] >= best[0] else best


def _join(pieces):
    scores = [piece[3] for piece in pieces if piece[3] is not None]
    games, first_game, last_game = sum(piece[0] for piece in pieces), pieces[0][1], pieces[-1][2]
    values = [games, first_game, last_game, max(scores) if scores else None]
    for index, _kind in enumerate(KINDS):
        at = 4 + index * len(PIECE)
        opening = None
        inner = run = (0, None, None)
        for piece in pieces:
            start, start_last, end, end_first, *within = piece[at : at + len(PIECE)]
            if start == piece[0]:
                run = (run[0] + piece[0], run[1] if run[0] else piece[1], piece[2])
                continue
            joined = (run[0] + start, run[1] if run[0] else piece[1], start_last) if start else run
            if opening is None:
                opening = joined
            else:
                inner = _better(joined, inner)
            inner = _better(tuple(within), inner)
            run = (end, end_first, piece[2]) if end else (0, None, None)
        if opening is None:
            values += [games, last_game, games, first_game, 0, None, None]
        else:
            values += [opening[0], opening[2], run[0], run[1], *inner]
    return tuple(values)


def fill(apps, schema_editor):
    MemberDayRecord = apps.get_model("league", "MemberDayRecord")
    MemberMonthRecord = apps.get_model("league", "MemberMonthRecord")
    months = {}
    for rule_set_id, member_id, date, *values in (
        MemberDayRecord.objects.order_by("member_id", "meeting__rule_set_id", "meeting__date", "meeting_id")
        .values_list("meeting__rule_set_id", "member_id", "meeting__date", *COLUMNS)
        .iterator(chunk_size=2000)
    ):
        months.setdefault((rule_set_id, member_id, date.replace(day=1)), []).append((date, values))
    rows = [
        MemberMonthRecord(
            rule_set_id=rule_set_id,
            member_id=member_id,
            month=month,
            last_played=days[-1][0],
            **dict(zip(COLUMNS, _join([values for _date, values in days]), strict=True)),
        )
        for (rule_set_id, member_id, month), days in months.items()
    ]
    MemberMonthRecord.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0025_meeting_club_date'),
    ]

    operations = [
        migrations.CreateModel(
            name='MemberMonthRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('month', models.DateField(verbose_name='month')),
                ('last_played', models.DateField(verbose_name='Last played')),
                ('games', models.PositiveIntegerField(verbose_name='games')),
                ('first_game', models.IntegerField(verbose_name='first game')),
                ('last_game', models.IntegerField(verbose_name='last game')),
                ('best_score', models.IntegerField(null=True, verbose_name='best score')),
                ('top_start', models.PositiveIntegerField()),
                ('top_start_last', models.IntegerField(null=True)),
                ('top_end', models.PositiveIntegerField()),
                ('top_end_first', models.IntegerField(null=True)),
                ('top_inner', models.PositiveIntegerField()),
                ('top_inner_first', models.IntegerField(null=True)),
                ('top_inner_last', models.IntegerField(null=True)),
                ('not_last_start', models.PositiveIntegerField()),
                ('not_last_start_last', models.IntegerField(null=True)),
                ('not_last_end', models.PositiveIntegerField()),
                ('not_last_end_first', models.IntegerField(null=True)),
                ('not_last_inner', models.PositiveIntegerField()),
                ('not_last_inner_first', models.IntegerField(null=True)),
                ('not_last_inner_last', models.IntegerField(null=True)),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='month_records', to='league.member', verbose_name='member')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='month_records', to='league.ruleset', verbose_name='rule set')),
            ],
            options={
                'verbose_name': "member's month record",
                'verbose_name_plural': "members' month records",
                'constraints': [models.UniqueConstraint(fields=('member', 'rule_set', 'month'), name='one_month_record_per_member')],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
