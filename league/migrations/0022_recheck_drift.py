"""A closed day's drift now counts its points too (issue 22): forget what was stored, so that the season's money
checks every kept day again on its first read (``Meeting.drifted`` None: not known)."""

from django.db import migrations


def forget_drift(apps, schema_editor):
    Meeting = apps.get_model("league", "Meeting")
    Meeting.objects.filter(drifted__isnull=False).update(drifted=None)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0021_game_note"),
    ]

    operations = [
        migrations.RunPython(forget_drift, migrations.RunPython.noop),
    ]
