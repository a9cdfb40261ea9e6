from django.db import migrations, models

from league.services.meeting_lines import refresh_meeting_lines


def fill_games_played(apps, schema_editor):
    """Every meeting's lines again from the seats already saved, now with their games (the writers' statement)."""
    models = tuple(apps.get_model("league", name) for name in ("Meeting", "GameSeat", "MeetingLine", "RuleVersion"))
    refresh_meeting_lines(list(models[0].objects.values_list("pk", flat=True)), models=models)


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0017_perf_money_kept_money'),
    ]

    operations = [
        migrations.AddField(
            model_name='meetingline',
            name='games_played',
            field=models.TextField(default='[]', verbose_name='the games themselves'),
        ),
        migrations.RunPython(fill_games_played, migrations.RunPython.noop),
    ]
