# An import batch: what one import saved and created, so that it can be shown and undone.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0008_import_layouts'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ImportBatch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('file_name', models.CharField(blank=True, max_length=255, verbose_name='file')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='imported')),
                ('games', models.PositiveIntegerField(default=0, verbose_name='games imported')),
                ('skipped', models.PositiveIntegerField(default=0, verbose_name='games already saved')),
                ('members', models.PositiveIntegerField(default=0, verbose_name='members created')),
                ('meetings', models.PositiveIntegerField(default=0, verbose_name='meetings created')),
                ('undone_at', models.DateTimeField(blank=True, null=True, verbose_name='undone')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='import_batches', to='league.club', verbose_name='club')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='imported by')),
                ('created_meetings', models.ManyToManyField(blank=True, related_name='+', to='league.meeting', verbose_name='meetings created')),
                ('created_members', models.ManyToManyField(blank=True, related_name='+', to='league.member', verbose_name='members created')),
                ('rule_set', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='import_batches', to='league.ruleset', verbose_name='rule set')),
                ('undone_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='undone by')),
            ],
            options={
                'verbose_name': 'import',
                'verbose_name_plural': 'imports',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.AddField(
            model_name='game',
            name='import_batch',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='imported_games', to='league.importbatch', verbose_name='import'),
        ),
        migrations.AddField(
            model_name='historicalgame',
            name='import_batch',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='league.importbatch', verbose_name='import'),
        ),
    ]
