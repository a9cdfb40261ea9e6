# The edit counter of a game is its revision, never to be confused with a rule version.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0005_meeting_settlement'),
    ]

    operations = [
        migrations.RenameField(
            model_name='game',
            old_name='version',
            new_name='revision',
        ),
        migrations.RenameField(
            model_name='historicalgame',
            old_name='version',
            new_name='revision',
        ),
        migrations.AlterField(
            model_name='game',
            name='revision',
            field=models.PositiveIntegerField(default=1, verbose_name='revision'),
        ),
        migrations.AlterField(
            model_name='historicalgame',
            name='revision',
            field=models.PositiveIntegerField(default=1, verbose_name='revision'),
        ),
    ]
