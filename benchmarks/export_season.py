"""How long the season workbook takes on a big season, and how much memory it needs.

    .venv/bin/python benchmarks/export_season.py [--games 10000] [--runs 5] [--compare-write-only] [--postgres URL]

Builds a season of ``--games`` games (爆風の会's seed rules; 60 members, 5
tables × 8 hanchan a meeting, three meetings in four closed with their
settlement) in a temporary SQLite database — never the site's; with
``--postgres`` the PostgreSQL database the URL names, created and dropped —
with the engine and bulk creation, as the demo does.  Then:

- a fresh process exports it (the workbook with every sheet, and the results
  CSV) and reports the seconds (wall and CPU) and its peak memory
  (``resource.getrusage``), beside the memory it had before exporting;
- the whole command, ``manage.py export_season`` writing the workbook, runs
  ``--runs`` times, Python's and Django's start-up included: the budget is 5 s
  (docs/performance.md).  With ``--compare-write-only`` each run is paired with
  one of the same command writing the workbook with openpyxl's write-only mode
  alone (``write_xlsx_openpyxl_only``), the two alternating so that other load
  on the machine falls on both; the medians and their ratio are printed.

Not part of the test suite; ``tests/league/test_exports.py`` runs
``build_season`` and ``export_timed`` on 200 games.
"""

import argparse
import datetime
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLUB = "bakufu"
TABLES, ROUNDS, PLAYERS_PER_DAY, EXTRA_ATTENDING = 5, 8, 20, 2
BUDGET_SECONDS = 5


def build_season(
    club, games, *, members=60, tables=TABLES, rounds=ROUNDS, seed=1, first_day=datetime.date(2026, 4, 1), people=None
):
    """A season of ``games`` games for ``club`` (its first rule set, which must have 4 players); returns the Season.

    Every game goes through ``scoring.settle`` like an entered one; rows are created in bulk.  ``people``: the
    members who play (a club growing by seasons keeps its people); by default ``members`` new ones.
    """
    from django.db import transaction

    import scoring
    from league.demo.hanchan import Table, play, play_with_yakuman
    from league.demo.names import roster
    from league.models import Attendance, Game, GameSeat, Meeting, Member, Season, Yakuman
    from league.models.people import hiragana
    from league.services.meeting_lines import refresh_meeting_lines
    from league.services.meetings import set_closed
    from league.services.settling import Entry, build_rows, fill_game

    rng = random.Random(seed)
    rule_set = club.rule_sets.with_versions().first()
    if people is None:
        people = Member.objects.bulk_create(
            [Member(club=club, name=name, kana=hiragana(kana)) for name, kana in roster(f"bench-{seed}", members, 0.2)]
        )
    per_day = tables * rounds
    days = -(-games // per_day)
    season = Season.objects.create(
        club=club,
        name=f"{first_day.year}年度 bench",
        starts_on=first_day,
        ends_on=first_day + datetime.timedelta(days=max(days, 365)),
        min_games=10,
    )
    meetings, attendance, planned = [], [], []
    left = games
    for index in range(days):
        day = first_day + datetime.timedelta(days=index)
        version = rule_set.version_on(day)
        settings = version.settings
        table = Table(
            players=settings["players"],
            start=settings["start"],
            target=settings["target"],
            chips=settings["chips"]["value"] != 0,
        )
        came = rng.sample(people, min(len(people), tables * table.players + EXTRA_ATTENDING))
        meeting = Meeting(
            club=club, rule_set=rule_set, date=day, venue="雀荘 ベンチ", rounds=rounds, venue_fee=tables * rounds * 1200
        )
        meetings.append(meeting)
        attendance += [Attendance(meeting=meeting, member=m, present_at_close=rng.random() < 0.9) for m in came]
        for round_number in range(1, rounds + 1):
            seated = rng.sample(came, tables * table.players)
            for number in range(tables):
                if left == 0:
                    break
                left -= 1
                planned.append(
                    (
                        meeting,
                        version,
                        table,
                        round_number,
                        number + 1,
                        seated[number * table.players : (number + 1) * table.players],
                    )
                )
    Meeting.objects.bulk_create(meetings)
    Attendance.objects.bulk_create(attendance)
    rows, seats, yakuman = [], [], []
    for meeting, version, table, round_number, number, players in planned:
        strengths = [1.0] * table.players
        hanchan = play_with_yakuman(rng, table, strengths) if rng.random() < 1 / 150 else play(rng, table, strengths)
        entry = Entry(
            meeting=meeting,
            round=round_number,
            table=number,
            members=players,
            scores=hanchan.scores,
            deposit=hanchan.deposit,
            chips=hanchan.chips,
            busts=hanchan.busts,
            yakuman=hanchan.yakuman,
        )
        result = scoring.settle(version.rules, entry.engine_game())
        game = Game(meeting=meeting, rule_version=version)
        fill_game(game, entry, result)
        game_seats, game_yakuman = build_rows(game, entry, result)
        rows.append(game)
        seats += game_seats
        yakuman += game_yakuman
    Game.objects.bulk_create(rows, batch_size=2000)
    GameSeat.objects.bulk_create(seats, batch_size=2000)
    Yakuman.objects.bulk_create(yakuman, batch_size=2000)
    with transaction.atomic():  # the refresh locks the meetings, as in a writer's transaction
        refresh_meeting_lines(meeting.pk for meeting in meetings)
    for meeting in meetings[: len(meetings) * 3 // 4]:
        set_closed(meeting, True)
    return season


def export_timed(club, season, folder):
    """Write the season workbook and the results CSV into ``folder``; the seconds and sizes taken."""
    from django.utils import translation

    from league.exports import ExportChoice, results_sheet, write_csv, write_season_workbook

    choice = ExportChoice.of_season(club, season)
    workbook, results = Path(folder) / choice.file_name("xlsx"), Path(folder) / choice.file_name("csv")
    figures = {}
    with translation.override("ja"):
        wall, cpu = time.perf_counter(), time.process_time()
        write_season_workbook(choice, workbook)
        figures["xlsx_seconds"] = round(time.perf_counter() - wall, 2)
        figures["xlsx_cpu_seconds"] = round(time.process_time() - cpu, 2)
        wall, cpu = time.perf_counter(), time.process_time()
        with open(results, "wb") as target:
            write_csv(results_sheet(choice), target)
        figures["csv_seconds"] = round(time.perf_counter() - wall, 2)
        figures["csv_cpu_seconds"] = round(time.process_time() - cpu, 2)
    figures["xlsx_bytes"] = workbook.stat().st_size
    figures["csv_bytes"] = results.stat().st_size
    figures["workbook"] = str(workbook)
    return figures


def write_xlsx_openpyxl_only(sheets, target, title=""):
    """The workbook by openpyxl's write-only mode alone, for comparison with ``league.exports.render.write_xlsx``.

    The same widths, bold frozen header, number formats and autofilter; each row
    is appended as plain values, with one cell per formatted column (its number
    format set once) taking each value in turn: the cheapest way openpyxl offers.
    """
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    from league.exports.cells import POINTS, TEXT
    from league.exports.render import NUMBER_FORMATS, clean_text, column_width
    from league.text.formatting import points_number_format

    formats = {**NUMBER_FORMATS, POINTS: points_number_format()}

    workbook = Workbook(write_only=True)
    workbook.properties.title = title
    for sheet in sheets:
        ws = workbook.create_sheet(sheet.title)  # the season workbook's titles are valid and unique already
        for index, column in enumerate(sheet.columns, start=1):
            ws.column_dimensions[get_column_letter(index)].width = column_width(column)
        ws.freeze_panes = "A2"
        header = [WriteOnlyCell(ws, clean_text(text)) for text in sheet.headers]
        for cell in header:
            cell.font = Font(bold=True)
        ws.append(header)
        styled = {}
        for index, column in enumerate(sheet.columns):
            if column.kind in formats:
                styled[index] = WriteOnlyCell(ws)
                styled[index].number_format = formats[column.kind]
        texts = [index for index, column in enumerate(sheet.columns) if column.kind == TEXT]
        count = 1
        for row in sheet.rows:
            values = list(row)
            for index in texts:
                values[index] = None if values[index] in (None, "") else clean_text(values[index])
            for index, cell in styled.items():
                if values[index] is not None:
                    cell.value = values[index]
                    values[index] = cell
            ws.append(values)
            count += 1
        ws.auto_filter.ref = f"A1:{get_column_letter(len(sheet.columns))}{count}"
    workbook.save(target)


def _setup(url):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import start_django

    start_django(url)


def _resident_mib():
    """The memory the process holds now (Linux), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


def _export_here(database, folder):
    """The export half, run in its own process so that its peak memory is the export's."""
    _setup(database)
    from league.models import Club

    club = Club.objects.get(slug=CLUB)
    season = club.seasons.get()
    before = _resident_mib()
    figures = export_timed(club, season, folder)
    figures["season"] = season.name
    figures["rss_before_mib"] = round(before, 1)
    figures["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(figures))


def _command_here(database, season, out):
    """``manage.py export_season`` with the workbook written by openpyxl's write-only mode alone."""
    _setup(database)
    from django.core.management import call_command

    import league.exports

    league.exports.write_xlsx = write_xlsx_openpyxl_only  # what write_season_workbook calls
    call_command("export_season", CLUB, season, out=out)


def _run(command, url):
    """Run ``command`` on the benchmark's database: its wall and CPU seconds and its peak memory in MiB."""
    started = time.perf_counter()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import site_environment

    process = subprocess.Popen(command, env=site_environment(url), stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _time_commands(url, folder, season, runs, compare):
    """The whole export_season command ``runs`` times (alternating with the write-only variant when ``compare``)."""
    variants = {
        "project": [
            sys.executable,
            str(ROOT / "manage.py"),
            "export_season",
            CLUB,
            season,
            "--out",
            str(Path(folder) / "command.xlsx"),
        ]
    }
    if compare:
        variants["write-only"] = [
            sys.executable,
            __file__,
            "--command-only",
            url,
            season,
            str(Path(folder) / "write-only.xlsx"),
        ]
    times = {name: [] for name in variants}
    for _round in range(runs):
        for name, command in variants.items():
            times[name].append(_run(command, url))
    medians = {}
    for name, figures in times.items():
        walls, cpus, peaks = zip(*figures, strict=True)
        medians[name] = statistics.median(walls)
        label = "manage.py export_season" if name == "project" else "the same, openpyxl write-only alone"
        print(
            f"{label}: median {medians[name]:.2f} s wall, {statistics.median(cpus):.2f} s CPU, "
            f"peak {max(peaks):.0f} MiB over {runs} runs (wall: {', '.join(f'{w:.2f}' for w in walls)})"
        )
    verdict = "within" if medians["project"] < BUDGET_SECONDS else "OVER"
    print(f"Budget {BUDGET_SECONDS} s for the whole command: {verdict}")
    if compare:
        print(f"write-only / project: {medians['write-only'] / medians['project']:.1f}×")


def _build_here(url, games):
    """The building half, in its own process: the process that exports starts small."""
    _setup(url)
    from django.core.management import call_command

    from league.models import Club, Game, GameSeat, Meeting

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    build_season(Club.objects.get(slug=CLUB), games)
    print(
        f"Built {Game.objects.count():,} games ({GameSeat.objects.count():,} seats, "
        f"{Meeting.objects.count()} meetings) in {time.perf_counter() - started:.1f} s: {url}"
    )
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them in time
            cursor.execute("ANALYZE")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5, help="how many times to run the whole command (default 5)")
    parser.add_argument(
        "--compare-write-only",
        action="store_true",
        help="pair each run with one writing the workbook with openpyxl's write-only mode alone",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (database, workbook, CSV)")
    parser.add_argument("--postgres", metavar="URL", help="build in this PostgreSQL database (created and dropped)")
    parser.add_argument("--build-only", nargs=2, metavar=("DATABASE", "GAMES"), help=argparse.SUPPRESS)
    parser.add_argument("--export-only", nargs=2, metavar=("DATABASE", "FOLDER"), help=argparse.SUPPRESS)
    parser.add_argument("--command-only", nargs=3, metavar=("DATABASE", "SEASON", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build_only:
        _build_here(args.build_only[0], int(args.build_only[1]))
        return
    if args.export_only:
        _export_here(*args.export_only)
        return
    if args.command_only:
        _command_here(*args.command_only)
        return
    # Both halves run in processes of their own: a process's peak memory (ru_maxrss) carries over
    # into a process it starts, so this one stays small and never loads Django.
    from recompute import Postgres  # the benchmark databases (this file's folder is the script's path)

    folder = tempfile.mkdtemp(prefix="janroku-bench-")
    postgres = Postgres(args.postgres) if args.postgres else None
    database = postgres.url if postgres else f"sqlite:///{folder}/bench.sqlite3"
    subprocess.run([sys.executable, __file__, "--build-only", database, str(args.games)], check=True)
    child = subprocess.run(
        [sys.executable, __file__, "--export-only", database, folder], capture_output=True, text=True, check=True
    )
    figures = json.loads(child.stdout.strip().splitlines()[-1])
    print(
        f"Workbook: {figures['xlsx_seconds']} s ({figures['xlsx_cpu_seconds']} s CPU), "
        f"{figures['xlsx_bytes'] / 2**20:.1f} MiB"
    )
    print(
        f"Results CSV: {figures['csv_seconds']} s ({figures['csv_cpu_seconds']} s CPU), "
        f"{figures['csv_bytes'] / 2**20:.1f} MiB"
    )
    print(f"Memory: {figures['rss_before_mib']} MiB before the export, peak {figures['peak_rss_mib']} MiB")
    if args.runs:
        _time_commands(database, folder, figures["season"], args.runs, args.compare_write_only)
    if args.keep:
        print(f"Kept {folder}")
    else:
        shutil.rmtree(folder)  # the database, the files and the site's state folder beside the database
        if postgres:
            postgres.drop()


if __name__ == "__main__":
    main()
