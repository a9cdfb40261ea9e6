"""The member page's month figures (``MemberMonthFigures``, ``MemberMonthOpponent``): each
member's games of a rule set counted by calendar month, so that the page adds up some fifty months, not every game;
filled from the meeting lines' games (``games_played``).

A frozen copy of how ``stats.month_figures`` and ``services.member_months`` counted them at the time (migrations
never import the app's code): the lines of each member in play order (date, meeting; a line's games by round, table
and id), grouped by the month of their date (its first day).
"""

import json

import django.db.models.deletion
from django.db import migrations, models

KINDS = ("top", "not_last", "positive")
PIECE = ("start", "start_last", "end", "end_first", "inner", "inner_first", "inner_last")


def _holds(kind, place, players, total):
    if kind == "top":
        return place == 1
    if kind == "not_last":
        return place != players
    return total > 0


def _pieces(held, ids):
    start = next((index for index, value in enumerate(held) if not value), len(held))
    if start == len(held):
        return (start, ids[-1], start, ids[0], 0, None, None)
    end = next(index for index, value in enumerate(reversed(held)) if not value)
    inner, inner_first, inner_last, length = 0, None, None, 0
    for index in range(start, len(held) - end):
        length = length + 1 if held[index] else 0
        if length and length >= inner:
            inner, inner_first, inner_last = length, ids[index - length + 1], ids[index]
    return (start, ids[start - 1] if start else None, end, ids[len(ids) - end] if end else None, inner, inner_first, inner_last)


def _count(games):
    """(figures, seats, opponents) of a month's games in play order."""
    high = high_at = low = low_at = running = 0
    held = {kind: [] for kind in KINDS}
    seats, opponents = {}, {}
    for number, (_game, _round, _table, seat, place, total, met) in enumerate(games, start=1):
        players = len(met) + 1
        running += total
        if number == 1 or running > high:
            high, high_at = running, number
        if number == 1 or running < low:
            low, low_at = running, number
        for kind in KINDS:
            held[kind].append(_holds(kind, place, players, total))
        row = seats.setdefault(seat, [0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += place
        row[2] += place == 1
        row[3] += place == players
        row[4] += total
        for opponent, opponent_place, opponent_total in met:
            against = opponents.setdefault(opponent, [0, 0, 0, 0, 0, 0])
            against[0] += 1
            against[1 if place < opponent_place else 2 if place > opponent_place else 3] += 1
            against[4] += total
            against[5] += opponent_total
    ids = [game[0] for game in games]
    figures = {
        "games": len(games),
        "points": running,
        "first_game": ids[0],
        "last_game": ids[-1],
        "high": high,
        "high_at": high_at,
        "low": low,
        "low_at": low_at,
    }
    for kind in KINDS:
        figures.update(zip((f"{kind}_{part}" for part in PIECE), _pieces(held[kind], ids), strict=True))
    return figures, seats, opponents


def fill(apps, schema_editor):
    MeetingLine = apps.get_model("league", "MeetingLine")
    Figures = apps.get_model("league", "MemberMonthFigures")
    Opponent = apps.get_model("league", "MemberMonthOpponent")
    played = {}
    for member_id, rule_set_id, date, text in (
        MeetingLine.objects.order_by("member_id", "meeting__rule_set_id", "meeting__date", "meeting_id")
        .values_list("member_id", "meeting__rule_set_id", "meeting__date", "games_played")
        .iterator(chunk_size=2000)
    ):
        games = sorted(json.loads(text), key=lambda game: (game[1], game[2], game[0]))
        played.setdefault((rule_set_id, member_id, date.replace(day=1)), []).extend(games)
    figures, opponents = [], []
    for (rule_set_id, member_id, month), games in played.items():
        if not games:
            continue
        values, by_seat, against = _count(games)
        key = {"rule_set_id": rule_set_id, "member_id": member_id, "month": month}
        seats = {
            f"seat_{seat}_{name}": value
            for seat, row in by_seat.items()
            for name, value in zip(("games", "place_sum", "tops", "lasts", "points"), row, strict=True)
        }
        figures.append(Figures(**key, **values, **seats))
        opponents += [
            Opponent(
                **key,
                opponent_id=opponent,
                games=row[0],
                above=row[1],
                below=row[2],
                even=row[3],
                points=row[4],
                opponent_points=row[5],
            )
            for opponent, row in against.items()
        ]
    Figures.objects.bulk_create(figures, batch_size=500)
    Opponent.objects.bulk_create(opponents, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0027_month_line_sums'),
    ]

    operations = [
        migrations.CreateModel(
            name='MemberMonthFigures',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('month', models.DateField(verbose_name='month')),
                ('games', models.PositiveIntegerField(verbose_name='games')),
                ('points', models.IntegerField(verbose_name='points')),
                ('first_game', models.IntegerField(verbose_name='first game')),
                ('last_game', models.IntegerField(verbose_name='last game')),
                ('high', models.IntegerField()),
                ('high_at', models.PositiveIntegerField()),
                ('low', models.IntegerField()),
                ('low_at', models.PositiveIntegerField()),
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
                ('positive_start', models.PositiveIntegerField()),
                ('positive_start_last', models.IntegerField(null=True)),
                ('positive_end', models.PositiveIntegerField()),
                ('positive_end_first', models.IntegerField(null=True)),
                ('positive_inner', models.PositiveIntegerField()),
                ('positive_inner_first', models.IntegerField(null=True)),
                ('positive_inner_last', models.IntegerField(null=True)),
                ('seat_0_games', models.PositiveIntegerField(default=0)),
                ('seat_0_place_sum', models.PositiveIntegerField(default=0)),
                ('seat_0_tops', models.PositiveIntegerField(default=0)),
                ('seat_0_lasts', models.PositiveIntegerField(default=0)),
                ('seat_0_points', models.IntegerField(default=0)),
                ('seat_1_games', models.PositiveIntegerField(default=0)),
                ('seat_1_place_sum', models.PositiveIntegerField(default=0)),
                ('seat_1_tops', models.PositiveIntegerField(default=0)),
                ('seat_1_lasts', models.PositiveIntegerField(default=0)),
                ('seat_1_points', models.IntegerField(default=0)),
                ('seat_2_games', models.PositiveIntegerField(default=0)),
                ('seat_2_place_sum', models.PositiveIntegerField(default=0)),
                ('seat_2_tops', models.PositiveIntegerField(default=0)),
                ('seat_2_lasts', models.PositiveIntegerField(default=0)),
                ('seat_2_points', models.IntegerField(default=0)),
                ('seat_3_games', models.PositiveIntegerField(default=0)),
                ('seat_3_place_sum', models.PositiveIntegerField(default=0)),
                ('seat_3_tops', models.PositiveIntegerField(default=0)),
                ('seat_3_lasts', models.PositiveIntegerField(default=0)),
                ('seat_3_points', models.IntegerField(default=0)),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.member', verbose_name='member')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.ruleset', verbose_name='rule set')),
            ],
            options={
                'verbose_name': "member's month figures",
                'verbose_name_plural': "members' month figures",
                'constraints': [models.UniqueConstraint(fields=('member', 'rule_set', 'month'), name='one_month_figures_per_member')],
            },
        ),
        migrations.CreateModel(
            name='MemberMonthOpponent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('month', models.DateField(verbose_name='month')),
                ('opponent_id', models.IntegerField(verbose_name='opponent')),
                ('games', models.PositiveIntegerField(verbose_name='games')),
                ('above', models.PositiveIntegerField()),
                ('below', models.PositiveIntegerField()),
                ('even', models.PositiveIntegerField()),
                ('points', models.IntegerField(verbose_name='points')),
                ('opponent_points', models.IntegerField()),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.member', verbose_name='member')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.ruleset', verbose_name='rule set')),
            ],
            options={
                'verbose_name': "member's month against an opponent",
                'verbose_name_plural': "members' months against opponents",
                'constraints': [models.UniqueConstraint(fields=('member', 'rule_set', 'month', 'opponent_id'), name='one_month_opponent_per_member')],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
