"""The records' stored figures (issue 25): a member's day pieces of the runs and best score (``MemberDayRecord``)
and their all-time lines per rule set (``AllTimeLine``), filled for the games already saved.

A frozen copy of how ``services.record_lines`` made them at the time (migrations never import the app's code):
each day's counted seats in play order (round, table, game), the days of each member in play order (date,
meeting) per rule set.
"""

import django.db.models.deletion
from django.db import migrations, models

KINDS = ("top", "not_last")
PIECE = ("start", "start_last", "end", "end_first", "inner", "inner_first", "inner_last")
COLUMNS = ("games", "first_game", "last_game", "best_score", *(f"{kind}_{part}" for kind in KINDS for part in PIECE))
MEETINGS_AT_ONCE = 200


def _holds(kind, place, players):
    return place == 1 if kind == "top" else place != players


def _day_pieces(games):
    scores = [score for _game, _place, _players, score in games if score is not None]
    values = [len(games), games[0][0], games[-1][0], max(scores) if scores else None]
    for kind in KINDS:
        held = [_holds(kind, place, players) for _game, place, players, _score in games]
        start = next((index for index, value in enumerate(held) if not value), len(held))
        if start == len(held):
            values += [start, games[-1][0], start, games[0][0], 0, None, None]
            continue
        end = next(index for index, value in enumerate(reversed(held)) if not value)
        inner, inner_first, inner_last, length = 0, None, None, 0
        for index in range(start, len(held) - end):
            length = length + 1 if held[index] else 0
            if length and length >= inner:
                inner, inner_first, inner_last = length, games[index - length + 1][0], games[index][0]
        values += [
            start,
            games[start - 1][0] if start else None,
            end,
            games[len(games) - end][0] if end else None,
            inner,
            inner_first,
            inner_last,
        ]
    return tuple(values)


def _better(candidate, best):
    return candidate if candidate[0] and candidate[0] >= best[0] else best


def _combine(days):
    result = {}
    for index, kind in enumerate(KINDS):
        at = 4 + index * len(PIECE)
        best = run = (0, None, None)
        for day in days:
            games, first_game, last_game = day[0], day[1], day[2]
            start, start_last, end, end_first, inner, inner_first, inner_last = day[at : at + len(PIECE)]
            if start == games:
                run = (run[0] + games, run[1] if run[0] else first_game, last_game)
                continue
            best = _better((run[0] + start, run[1] if run[0] else first_game, start_last) if start else run, best)
            best = _better((inner, inner_first, inner_last), best)
            run = (end, end_first, last_game) if end else (0, None, None)
        result[kind] = _better(run, best)
    return result


def fill(apps, schema_editor):
    Meeting = apps.get_model("league", "Meeting")
    GameSeat = apps.get_model("league", "GameSeat")
    MemberDayRecord = apps.get_model("league", "MemberDayRecord")
    AllTimeLine = apps.get_model("league", "AllTimeLine")
    ids = list(Meeting.objects.order_by("pk").values_list("pk", flat=True))
    for at in range(0, len(ids), MEETINGS_AT_ONCE):
        chunk = ids[at : at + MEETINGS_AT_ONCE]
        games = {}
        for meeting_id, game_id, member_id, place, score in (
            GameSeat.objects.filter(game__void=False, game__meeting_id__in=chunk)
            .order_by("game__meeting_id", "game__round", "game__table", "game_id")
            .values_list("game__meeting_id", "game_id", "member_id", "place", "score")
        ):
            games.setdefault(meeting_id, {}).setdefault(game_id, []).append((member_id, place, score))
        records = []
        for meeting_id, by_game in games.items():
            played = {}
            for game_id, seats in by_game.items():
                for member_id, place, score in seats:
                    played.setdefault(member_id, []).append((game_id, place, len(seats), score))
            for member_id, day in played.items():
                values = dict(zip(COLUMNS, _day_pieces(day), strict=True))
                records.append(MemberDayRecord(meeting_id=meeting_id, member_id=member_id, **values))
        MemberDayRecord.objects.bulk_create(records, batch_size=500)
    days = {}
    for rule_set_id, member_id, date, *values in (
        MemberDayRecord.objects.order_by("member_id", "meeting__rule_set_id", "meeting__date", "meeting_id")
        .values_list("meeting__rule_set_id", "member_id", "meeting__date", *COLUMNS)
        .iterator(chunk_size=2000)
    ):
        days.setdefault((rule_set_id, member_id), []).append((date, values))
    lines = []
    for (rule_set_id, member_id), played in days.items():
        runs = _combine([values for _date, values in played])
        figures = {
            f"{kind}_run{part}": value
            for kind in KINDS
            for part, value in zip(("", "_first", "_last"), runs[kind], strict=True)
        }
        lines.append(
            AllTimeLine(
                rule_set_id=rule_set_id,
                member_id=member_id,
                games=sum(values[0] for _date, values in played),
                last_played=played[-1][0],
                **figures,
            )
        )
    AllTimeLine.objects.bulk_create(lines, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0023_day_pairs'),
    ]

    operations = [
        migrations.CreateModel(
            name='AllTimeLine',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('games', models.PositiveIntegerField(verbose_name='games')),
                ('last_played', models.DateField(verbose_name='Last played')),
                ('top_run', models.PositiveIntegerField()),
                ('top_run_first', models.IntegerField(null=True)),
                ('top_run_last', models.IntegerField(null=True)),
                ('not_last_run', models.PositiveIntegerField()),
                ('not_last_run_first', models.IntegerField(null=True)),
                ('not_last_run_last', models.IntegerField(null=True)),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='all_time_lines', to='league.member', verbose_name='member')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='all_time_lines', to='league.ruleset', verbose_name='rule set')),
            ],
            options={
                'verbose_name': 'all-time line',
                'verbose_name_plural': 'all-time lines',
                'constraints': [models.UniqueConstraint(fields=('rule_set', 'member'), name='one_all_time_line_per_member')],
            },
        ),
        migrations.CreateModel(
            name='MemberDayRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
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
                ('meeting', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='day_records', to='league.meeting', verbose_name='meeting')),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='day_records', to='league.member', verbose_name='member')),
            ],
            options={
                'verbose_name': "member's day record",
                'verbose_name_plural': "members' day records",
                'indexes': [models.Index(fields=['best_score'], name='day_record_best_score')],
                'constraints': [models.UniqueConstraint(fields=('meeting', 'member'), name='one_day_record_per_member')],
            },
        ),
        migrations.AddIndex(
            model_name="meetingline",
            index=models.Index(fields=["best"], name="meeting_line_best"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
