"""How fast a secretary draws a club day's tables through the page, with a season behind it.

    .venv/bin/python benchmarks/draw_day.py [--games 20000] [--runs 15] [--people 40] [--rounds 8]
    .venv/bin/python benchmarks/draw_day.py --database sqlite:////work/…/draw-80000.sqlite3   # reuse one
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/janroku_bench_draw .venv/bin/python benchmarks/draw_day.py

Builds 爆風の会 as ``pages.py`` does (``page_site.build_site``: 40 members, 5 tables × 10 hanchan a meeting, every
game settled by the engine, one season over them all) in a process of its own, unless ``--database`` names one built
before; on SQLite the database is kept in ``--folder`` (one file per size, built once), on PostgreSQL the database
named by ``DATABASE_URL`` (its name must say ``bench``) is created when missing and built when it has no club.
Then a meeting on the season's last day with ``--people`` members here, and, ``--runs`` times, logged in as the
secretary with Django's test client (``DEBUG`` off):

- **draw**: the POST that draws ``--rounds`` rounds at once (the whole request: locks, the day, the season's pairs,
  the draw, the rows and their history), the drawn rounds removed after each run;
- **page**: the draw page with those rounds drawn (a GET, after each draw).

p50, p95 and the most of each, in ms, and the median processor time of this process; the budgets are in
docs/draw.md ("Measured").
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FOLDER = Path("/tmp/janroku-draw-bench")


def _setup(url: str) -> None:
    from benchmarks.django_site import start_django

    start_django(url)


def _ensure_postgres(url: str) -> None:
    """Create the benchmark's PostgreSQL database when it is missing (connecting to the server's own)."""
    import psycopg

    server, name = url.rsplit("/", 1)
    if "bench" not in name:
        raise SystemExit("The benchmark builds its own PostgreSQL database: name one with 'bench' in its name.")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            connection.execute(f'CREATE DATABASE "{name}"')


def _build_here(url: str, games: int) -> None:
    """In a process of its own: build the club unless the database has it already."""
    _setup(url)
    from django.core.management import call_command
    from django.db import connection

    from benchmarks.page_site import CLUB, build_site

    call_command("migrate", verbosity=0)
    from league.models import Club

    if not Club.objects.filter(slug=CLUB).exists():
        build_site(games, 0, 0)
    if connection.vendor == "postgresql":
        # The planner's statistics, as autovacuum would gather them in time (after a build, or a migration that
        # filled a table).
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _draw_day(club, people: int):
    """The meeting drawn on: the season's last day, ``people`` of the club here (made once, kept)."""
    from league.models import Attendance, Meeting, Member, Season

    season = Season.objects.filter(club=club).order_by("-ends_on").first()
    rule_set = club.rule_sets.with_versions().first()
    meeting = Meeting.objects.filter(club=club, date=season.ends_on, venue="draw bench").first()
    if meeting is None:
        meeting = Meeting.objects.create(club=club, rule_set=rule_set, date=season.ends_on, venue="draw bench")
        members = Member.objects.filter(club=club).order_by("pk")[:people]
        Attendance.objects.bulk_create([Attendance(meeting=meeting, member=member) for member in members])
    return meeting


def _percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered):7.1f}  p95 {p95:7.1f}  most {ordered[-1]:7.1f}"


def run(args) -> None:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    from benchmarks.import_games import SECRETARY
    from benchmarks.page_site import CLUB
    from league.models import Club, DrawnRound, Game

    setup_test_environment()
    settings.DEBUG = False
    club = Club.objects.get(slug=CLUB)
    meeting = _draw_day(club, args.people)
    DrawnRound.objects.filter(meeting=meeting).delete()
    client = Client(SERVER_NAME="localhost")
    client.force_login(get_user_model().objects.get(username=SECRETARY))
    url = reverse("meeting_draw", kwargs={"slug": club.slug, "meeting_id": meeting.pk})
    print(
        f"{connection.vendor}: {club.name} with {Game.objects.filter(meeting__club=club).count():,} games, "
        f"{args.people} people × {args.rounds} rounds; load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    draws, pages, draw_cpu, page_cpu = [], [], [], []
    for _run in range(args.runs + 1):  # the first run warms the caches: not counted
        started, cpu = time.perf_counter(), time.process_time()
        answer = client.post(url, {"rounds": args.rounds})
        drawn, drawn_cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
        assert answer.status_code == 302, answer.status_code
        started, cpu = time.perf_counter(), time.process_time()
        answer = client.get(url)
        shown, shown_cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
        assert answer.status_code == 200, answer.status_code
        if _run:
            draws.append(drawn)
            pages.append(shown)
            draw_cpu.append(drawn_cpu)
            page_cpu.append(shown_cpu)
        DrawnRound.objects.filter(meeting=meeting).delete()
    if args.profile:
        _profile(client, url, args.rounds, meeting)
    # The processor time of this process (the site's Python, and SQLite; not PostgreSQL's server) says what a
    # change did when other work on the machine makes the wall-clock times wander.
    print(f"draw (POST)  {_percentiles(draws)}  (cpu p50 {statistics.median(draw_cpu):6.1f})")
    print(f"page (GET)   {_percentiles(pages)}  (cpu p50 {statistics.median(page_cpu):6.1f})")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


def _profile(client, url: str, rounds: int, meeting) -> None:
    """One draw and one page under cProfile: the 25 costliest calls of each, with what they call."""
    import cProfile
    import pstats

    from league.models import DrawnRound

    for name, request in (("draw", lambda: client.post(url, {"rounds": rounds})), ("page", lambda: client.get(url))):
        profile = cProfile.Profile()
        profile.runcall(request)
        print(f"--- {name}")
        pstats.Stats(profile).sort_stats(os.environ.get("PROFILE_SORT", "cumulative")).print_stats(
            int(os.environ.get("PROFILE_LINES", "25"))
        )
    DrawnRound.objects.filter(meeting=meeting).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games of the club when it is built (20,000)")
    parser.add_argument("--runs", type=int, default=15, help="draws timed (default 15)")
    parser.add_argument("--people", type=int, default=40, help="people here (default 40)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds drawn at once (default 8)")
    parser.add_argument("--database", help="a DATABASE_URL built before (default: DATABASE_URL, or SQLite)")
    parser.add_argument("--profile", action="store_true", help="then profile one draw and one page")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where the SQLite databases are kept")
    args = parser.parse_args()
    url = args.database or os.environ.get("DATABASE_URL", "")
    if not url:
        args.folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{args.folder.resolve()}/draw-{args.games}.sqlite3"
    if url.startswith("postgres"):
        _ensure_postgres(url)
    subprocess.run([sys.executable, __file__, "--build-here", url, str(args.games)], check=True)
    _setup(url)
    run(args)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-here":
        _build_here(sys.argv[2], int(sys.argv[3]))
    else:
        main()
