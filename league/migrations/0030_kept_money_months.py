"""A club's kept money month by month (``KeptMonth``, ``KeptMonthLine``): the season's money adds up its whole
months from these instead of every closed day's kept lines.

Filled from the kept lines and the days' kept totals with the frozen models (migrations never import the app's
code), as ``services.kept_money.refresh_kept_months`` adds them up.
"""

import django.db.models.deletion
from django.db import migrations, models


def add_up(apps, schema_editor):
    Meeting = apps.get_model("league", "Meeting")
    KeptLine = apps.get_model("league", "KeptLine")
    KeptMonth = apps.get_model("league", "KeptMonth")
    KeptMonthLine = apps.get_model("league", "KeptMonthLine")
    kept = Meeting.objects.filter(closed=True, settlement__isnull=False)
    totals = {}  # (club, month) → [meetings, collected, venue, kept by the club]
    month_of_day = {}
    for pk, club_id, day, collected, venue, kept_by_club in kept.values_list(
        "pk", "club_id", "date", "kept_collected", "kept_venue", "kept_club"
    ).iterator():
        key = month_of_day[pk] = (club_id, day.replace(day=1))
        figures = totals.setdefault(key, [0, 0, 0, 0])
        for index, value in enumerate((1, collected, venue, kept_by_club)):
            figures[index] += value
    people = {}  # (club, month, member) → [meetings, games, fee, received]
    for meeting_id, member_id, games, fee, received in (
        KeptLine.objects.filter(meeting__in=kept.values("pk"))
        .values_list("meeting_id", "member_id", "games", "fee", "received")
        .iterator()
    ):
        figures = people.setdefault((*month_of_day[meeting_id], member_id), [0, 0, 0, 0])
        for index, value in enumerate((1, games, fee, received)):
            figures[index] += value
    KeptMonth.objects.bulk_create(
        (
            KeptMonth(club_id=club_id, month=month, meetings=n, collected=c, venue=v, kept_by_club=k)
            for (club_id, month), (n, c, v, k) in totals.items()
        ),
        batch_size=1000,
    )
    KeptMonthLine.objects.bulk_create(
        (
            KeptMonthLine(club_id=club_id, month=month, member_id=member_id, meetings=n, games=g, fee=f, received=r)
            for (club_id, month, member_id), (n, g, f, r) in people.items()
        ),
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0029_attendance_played"),
    ]

    operations = [
        migrations.CreateModel(
            name="KeptMonth",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(verbose_name="month")),
                ("meetings", models.PositiveIntegerField(verbose_name="meetings")),
                ("collected", models.IntegerField(verbose_name="collected (yen)")),
                ("venue", models.IntegerField(verbose_name="venue (yen)")),
                ("kept_by_club", models.IntegerField(verbose_name="kept by the club (yen)")),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="kept_months",
                        to="league.club",
                        verbose_name="club",
                    ),
                ),
            ],
            options={
                "verbose_name": "kept money month",
                "verbose_name_plural": "kept money months",
                "constraints": [models.UniqueConstraint(fields=("club", "month"), name="kept_month_once")],
            },
        ),
        migrations.CreateModel(
            name="KeptMonthLine",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(verbose_name="month")),
                ("meetings", models.PositiveIntegerField(verbose_name="meetings")),
                ("games", models.PositiveIntegerField(verbose_name="games")),
                ("fee", models.IntegerField(verbose_name="fee (yen)")),
                ("received", models.IntegerField(verbose_name="received (yen)")),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="kept_month_lines",
                        to="league.club",
                        verbose_name="club",
                    ),
                ),
                (
                    "member",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="kept_month_lines",
                        to="league.member",
                        verbose_name="member",
                    ),
                ),
            ],
            options={
                "verbose_name": "kept money month line",
                "verbose_name_plural": "kept money month lines",
                "constraints": [
                    models.UniqueConstraint(fields=("club", "month", "member"), name="kept_month_line_once")
                ],
            },
        ),
        migrations.RunPython(add_up, migrations.RunPython.noop),
    ]
