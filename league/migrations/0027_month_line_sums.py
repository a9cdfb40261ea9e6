"""The month's meeting lines summed on the records' month rows (``MemberMonthRecord``): a period's standings add up
its whole months from these and read the meeting lines of its edge months only.

Filled by a frozen statement (migrations never import the app's code): each row's figures are the sums of the
member's lines in the rule set's meetings of that month (counts and sums added, the best the highest, the worst the
lowest, ``days`` the lines), as ``services.record_lines`` made them at the time.
"""

from django.db import migrations, models

COUNTS = (
    "place_1",
    "place_2",
    "place_3",
    "place_4",
    "busts",
    "scored_games",
    "maru_a",
    "maru_b",
    "maru_c",
    "double_maru_a",
)
SUMS = ("game_points", "chips", "chip_points", "shugi", "score_sum")
SUMMED = (*COUNTS, *SUMS)


def fill(apps, schema_editor):
    connection = schema_editor.connection
    month = (
        "CAST(date_trunc('month', m.date) AS date)"
        if connection.vendor == "postgresql"
        else "substr(m.date, 1, 8) || '01'"
    )
    figures = ", ".join(
        [*(f"SUM(l.{name}) AS {name}" for name in SUMMED), "MAX(l.best) AS best", "MIN(l.worst) AS worst"]
    )
    assigned = ", ".join(f"{name} = s.{name}" for name in (*SUMMED, "best", "worst", "days"))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE league_membermonthrecord SET {assigned} FROM ("
            f"SELECT m.rule_set_id AS rule_set_id, l.member_id AS member_id, {month} AS month, {figures}, "
            "COUNT(*) AS days FROM league_meetingline l JOIN league_meeting m ON m.id = l.meeting_id "
            f"GROUP BY m.rule_set_id, l.member_id, {month}) s "
            "WHERE league_membermonthrecord.rule_set_id = s.rule_set_id "
            "AND league_membermonthrecord.member_id = s.member_id AND league_membermonthrecord.month = s.month"
        )


def _count(name, label):
    return migrations.AddField(
        model_name="membermonthrecord",
        name=name,
        field=models.PositiveIntegerField(default=0, verbose_name=label),
        preserve_default=False,
    )


def _sum(name, label):
    return migrations.AddField(
        model_name="membermonthrecord",
        name=name,
        field=models.IntegerField(default=0, verbose_name=label),
        preserve_default=False,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0026_member_month_records"),
    ]

    operations = [
        _count("place_1", "1st"),
        _count("place_2", "2nd"),
        _count("place_3", "3rd"),
        _count("place_4", "4th"),
        _count("busts", "Busts"),
        _count("scored_games", "games with scores"),
        _count("maru_a", "Maru A"),
        _count("maru_b", "Maru B"),
        _count("maru_c", "Maru C"),
        _count("double_maru_a", "Double maru A"),
        _sum("game_points", "points"),
        _sum("chips", "chips"),
        _sum("chip_points", "chip points"),
        _sum("shugi", "yakuman bonus"),
        _sum("score_sum", "sum of scores"),
        _sum("best", "Best"),
        _sum("worst", "Worst"),
        _count("days", "meetings"),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
