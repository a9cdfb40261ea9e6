"""Whether each attendance row's person played that day (``Attendance.played``): a meeting line of theirs that day.

The awards' attendance counts the days people came without playing from the rows without one, through a partial
index of those alone.  Filled by a frozen statement (migrations never import the app's code), as
``services.attendance_played`` sets it; the index made after the fill, over the rows it leaves false.
"""

from django.db import migrations, models

FILL = (
    "UPDATE league_attendance SET played = EXISTS ("
    "SELECT 1 FROM league_meetingline l "
    "WHERE l.meeting_id = league_attendance.meeting_id AND l.member_id = league_attendance.member_id)"
)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0028_member_month_figures"),
    ]

    operations = [
        migrations.AddField(
            model_name="attendance",
            name="played",
            field=models.BooleanField(default=False, editable=False, verbose_name="played that day"),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name="attendance",
            index=models.Index(
                condition=models.Q(("played", False)), fields=["member", "meeting"], name="attendance_without_play"
            ),
        ),
    ]
