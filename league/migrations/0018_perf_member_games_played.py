from django.db import migrations, models

# The lines are aggregated again, now with each member's games of the day, by the statement the site's writers
# ran when this migration was frozen (issue 24, ``services.meeting_lines``): copied rather than imported, so that
# a later figure or column cannot break this step.
FIGURES = ("games", "place_1", "place_2", "place_3", "place_4", "busts", "scored_games",
           "maru_a", "maru_b", "maru_c", "double_maru_a",
           "game_points", "chips", "chip_points", "shugi", "score_sum", "best", "worst")
CHUNK = 500  # meetings a statement: a bound IN list both databases take


def fill_games_played(apps, schema_editor):
    """Every meeting's lines again from the seats already saved, now with their games."""
    Meeting, RuleVersion = apps.get_model("league", "Meeting"), apps.get_model("league", "RuleVersion")
    GameSeat, MeetingLine = apps.get_model("league", "GameSeat"), apps.get_model("league", "MeetingLine")
    connection = schema_editor.connection
    table = connection.ops.quote_name(MeetingLine._meta.db_table)
    meeting_column = connection.ops.quote_name(MeetingLine._meta.get_field("meeting").column)
    ids = sorted(Meeting.objects.values_list("pk", flat=True))
    with connection.cursor() as cursor:
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start:start + CHUNK]
            at_zero = busts_at_zero(RuleVersion.objects.filter(games__meeting_id__in=chunk).distinct())
            cursor.execute(f"DELETE FROM {table} WHERE {meeting_column} IN ({', '.join(['%s'] * len(chunk))})",
                           chunk)
            cursor.execute(statement(connection, GameSeat, MeetingLine, len(chunk), len(at_zero)),
                           [*at_zero, *chunk])


def busts_at_zero(versions):
    """The ids of the versions whose bust (トビ) is at 0, not only below it (the engine's default: below)."""
    return [pk for pk, rules in versions.values_list("pk", "rules") if rules.get("bust", {}).get("at_zero", False)]


def statement(connection, seat_model, line_model, meetings, at_zero):
    """``INSERT … SELECT`` of the lines of ``meetings`` meeting ids from their counted seats, in plain SQL both
    databases read alike (a boolean column tested bare); its parameters are the ``at_zero`` version ids, then the
    meeting ids."""
    quote = connection.ops.quote_name
    game_model = seat_model._meta.get_field("game").related_model

    def column(model, name):
        return quote(model._meta.get_field(name).column)

    def seat(name):
        return "s." + column(seat_model, name)

    def game(name):
        return "g." + column(game_model, name)

    def count(condition):
        return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"

    topped = f"{seat('place')} = 1"
    zero = (f" OR ({seat('score')} = 0 AND {game('rule_version')} IN ({', '.join(['%s'] * at_zero)}))"
            if at_zero else "")
    single = f"NOT {game('double_maru_a')}"
    figures = {
        "games": "COUNT(*)",
        **{f"place_{place}": count(f"{seat('place')} = {place}") for place in range(1, 5)},
        # A seat that busted: below 0, or exactly 0 in a game under a version whose bust is "at 0".
        "busts": count(f"{seat('score')} < 0{zero}"),
        "scored_games": f"COUNT({seat('score')})",
        "maru_a": count(f"{topped} AND {game('floats')} = 1 AND {single}"),
        "maru_b": count(f"{topped} AND {game('floats')} = 2 AND {single}"),
        "maru_c": count(f"{topped} AND {game('floats')} = 3 AND {single}"),
        "double_maru_a": count(f"{topped} AND {game('double_maru_a')}"),
        "game_points": f"SUM({seat('total')})", "chips": f"SUM({seat('chips')})",
        "chip_points": f"SUM({seat('chip_points')})", "shugi": f"SUM({seat('shugi')})",
        "score_sum": f"COALESCE(SUM({seat('score')}), 0)",
        "best": f"MAX({seat('total')})", "worst": f"MIN({seat('total')})",
    }
    names = ["meeting", "member", *FIGURES, "games_played"]
    values = [game("meeting"), seat("member"), *(figures[name] for name in FIGURES),
              games_played(connection, seat_model, game_model)]
    columns = ", ".join(column(line_model, name) for name in names)
    return (f"INSERT INTO {quote(line_model._meta.db_table)} ({columns}) SELECT {', '.join(values)} "
            f"FROM {quote(seat_model._meta.db_table)} s "
            f"JOIN {quote(game_model._meta.db_table)} g ON g.{quote(game_model._meta.pk.column)} = {seat('game')} "
            f"WHERE {game('meeting')} IN ({', '.join(['%s'] * meetings)}) AND NOT {game('void')} "
            f"GROUP BY {game('meeting')}, {seat('member')}")


def games_played(connection, seat_model, game_model):
    """The SQL of a line's games as JSON text concatenated over the member's seats of the day (``s``, with their
    games ``g``): each ``[id, round, table, seat, place, total, [[opponent, place, total], …]]``, the opponents
    in seat order.  PostgreSQL orders the games by round, table and id; SQLite's ``group_concat`` cannot, and the
    member page orders them again."""
    quote = connection.ops.quote_name

    def column(model, name, alias):
        return f"{alias}.{quote(model._meta.get_field(name).column)}"

    def array(values):
        return "'[' || " + " || ',' || ".join(values) + " || ']'"

    postgresql = connection.vendor == "postgresql"
    seats = quote(seat_model._meta.db_table)
    same_game = (f"{column(seat_model, 'game', 'o')} = {column(seat_model, 'game', 's')} "
                 f"AND {column(seat_model, 'member', 'o')} <> {column(seat_model, 'member', 's')}")
    opponent = array([column(seat_model, name, "o") for name in ("member", "place", "total")])
    opponents = (f"SELECT {'string_agg' if postgresql else 'group_concat'}({opponent}, ',') "
                 f"FROM (SELECT * FROM {seats} o WHERE {same_game} ORDER BY {column(seat_model, 'seat', 'o')}) o")
    game = array([column(game_model, "id", "g"), column(game_model, "round", "g"), column(game_model, "table", "g"),
                  column(seat_model, "seat", "s"), column(seat_model, "place", "s"), column(seat_model, "total", "s"),
                  f"'[' || COALESCE(({opponents}), '') || ']'"])
    if postgresql:
        order = ", ".join(column(game_model, name, "g") for name in ("round", "table", "id"))
        return f"'[' || string_agg({game}, ',' ORDER BY {order}) || ']'"
    return f"'[' || group_concat({game}, ',') || ']'"


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
