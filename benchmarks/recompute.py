"""How long recomputing a big season takes after a rule correction, and how much memory it needs.

    .venv/bin/python benchmarks/recompute.py [--games 10000] [--runs 3] [--postgres URL]

Builds a season of ``--games`` games with ``build_season`` of
``benchmarks/export_season.py`` (爆風の会, 60 members, 5 tables × 8 hanchan a
day) in a temporary SQLite database — or, with ``--postgres``, in the
PostgreSQL database that URL names, created for the run and dropped after it
(never the site's) — then corrects the uma of every version of the rule set
(20-10 → 30-10), so that every game settles differently.  Then, ``--runs``
times, on a fresh copy of that database, the whole command
``manage.py recompute bakufu --commit`` runs in a process of its own
(Python's and Django's start-up included) and the benchmark reports its wall
and CPU seconds, its peak memory and its number of queries; the medians are
what docs/performance.md quotes.  Budget: under 10 s and 300 MiB for 10,000
games.  ``--profile`` runs it once more under cProfile.

Not part of the test suite; ``tests/league/test_recompute_bulk.py`` checks
what recompute stores and its number of queries.
"""

import argparse
import io
import json
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from export_season import CLUB, build_season  # noqa: E402 (the one builder of a season, beside this file)

BUDGET_SECONDS, BUDGET_MIB = 10, 300
NEW_UMA = [30, 10, -10, -30]


def correct_the_uma(club):
    """Every version of the club's first rule set gets another uma: every game's result changes."""
    rule_set = club.rule_sets.with_versions().first()
    for version in rule_set.versions.all():
        version.rules = {**version.rules, "uma": NEW_UMA}
        version.save()


def _setup(url):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import start_django

    start_django(url)


def _build_here(url, games):
    _setup(url)
    from django.core.management import call_command

    from league.models import Club, Game, GameSeat

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    club = Club.objects.get(slug=CLUB)
    build_season(club, games)
    correct_the_uma(club)
    print(
        f"Built {Game.objects.count():,} games ({GameSeat.objects.count():,} seats) "
        f"in {time.perf_counter() - started:.1f} s"
    )


def _recompute_here(url, profile):
    """The command in this process, with its queries counted: JSON figures on the last line."""
    _setup(url)
    from django.core.management import call_command
    from django.db import connection

    from league.models import Game

    queries, slowest, command_seconds = 0, [], None

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            slowest.append((time.perf_counter() - started, sql[:100]))

    out = io.StringIO()  # the command's list of every game is not what is measured
    with connection.execute_wrapper(count):
        if profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile()
            profiler.enable()
            call_command("recompute", CLUB, "--commit", stdout=out)
            profiler.disable()
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(35)
            pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(20)
        else:
            command_started = time.perf_counter()
            call_command("recompute", CLUB, "--commit", stdout=out)
            command_seconds = time.perf_counter() - command_started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    figures = {
        "cpu": usage.ru_utime + usage.ru_stime,
        "queries": queries,
        "command_seconds": command_seconds,
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "slowest": sorted(slowest, reverse=True)[:8],
        "in_queries": sum(seconds for seconds, _sql in slowest),
        "by_kind": _by_kind(slowest),
        "recomputed": Game.objects.filter(revision=2).count(),
        "history": Game.history.filter(history_change_reason__startswith="recomputed").count(),
    }
    print(json.dumps(figures))


def _by_kind(timed):
    """Seconds in queries by statement and table (``SELECT league_game``)."""
    kinds = {}
    for seconds, sql in timed:
        words = sql.replace('"', "").split()
        table = next((word for word in words if word.startswith("league_")), "")
        kind = f"{words[0]} {table}"
        kinds[kind] = round(kinds.get(kind, 0) + seconds, 2)
    return dict(sorted(kinds.items(), key=lambda item: -item[1]))


class Sqlite:
    def __init__(self, folder):
        self.built = Path(folder) / "bench.sqlite3"
        self.copy = Path(folder) / "run.sqlite3"
        self.url = f"sqlite:///{self.built}"

    def fresh_copy(self):
        # Through SQLite's backup, not a copy of the file: the site's databases write ahead (WAL), so what the
        # build wrote last may still be in the log beside the file.
        for old in (self.copy, Path(f"{self.copy}-wal"), Path(f"{self.copy}-shm")):  # never replay the run before's log
            old.unlink(missing_ok=True)
        with sqlite3.connect(self.built) as source, sqlite3.connect(self.copy) as target:
            source.backup(target)
        return f"sqlite:///{self.copy}"

    def drop(self):
        pass


class Postgres:
    """A database built once, and each run on a copy made from it as a template."""

    def __init__(self, url):
        self.parts = urlsplit(url)
        self.name = self.parts.path.lstrip("/")
        self.url = url
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}"', f'CREATE DATABASE "{self.name}"')

    def _url(self, name):
        return urlunsplit(self.parts._replace(path=f"/{name}"))

    def _admin(self, *statements):
        for statement in statements:
            subprocess.run(["psql", self._url("postgres"), "-q", "-c", statement], check=True)

    def fresh_copy(self):
        run = f"{self.name}_run"
        self._admin(f'DROP DATABASE IF EXISTS "{run}"', f'CREATE DATABASE "{run}" TEMPLATE "{self.name}"')
        return self._url(run)

    def drop(self):
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}_run"', f'DROP DATABASE IF EXISTS "{self.name}"')


def _one_run(url, profile=False):
    started = time.perf_counter()
    child = subprocess.run(
        [sys.executable, __file__, "--recompute-here", url] + (["--profile-run"] if profile else []),
        capture_output=True,
        text=True,
    )
    if child.returncode != 0:
        raise SystemExit(child.stderr)
    if profile:
        print(child.stderr)
    figures = json.loads(child.stdout.strip().splitlines()[-1])
    figures["seconds"] = time.perf_counter() - started  # the whole process, Python's start-up included
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--postgres", metavar="URL", help="build in this PostgreSQL database (created, and dropped at the end)"
    )
    parser.add_argument("--profile", action="store_true", help="profile one more run with cProfile")
    parser.add_argument("--recompute-here", metavar="DATABASE_URL", help=argparse.SUPPRESS)
    parser.add_argument("--profile-run", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--build-here", nargs=2, metavar=("DATABASE_URL", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build_here:
        _build_here(args.build_here[0], int(args.build_here[1]))
        return
    if args.recompute_here:
        _recompute_here(args.recompute_here, args.profile_run)
        return
    # Every step runs in a process of its own: a process's peak memory (ru_maxrss) carries over into a
    # process it starts, so this one stays small and never loads Django.
    folder = tempfile.mkdtemp(prefix="janroku-recompute-bench-")
    database = Postgres(args.postgres) if args.postgres else Sqlite(folder)
    try:
        subprocess.run([sys.executable, __file__, "--build-here", database.url, str(args.games)], check=True)
        runs = [_one_run(database.fresh_copy()) for _run in range(args.runs)]
        assert all(run["recomputed"] == run["history"] == args.games for run in runs), runs
        walls = ", ".join(f"{run['seconds']:.2f}" for run in runs)
        wall = statistics.median(run["seconds"] for run in runs)
        cpu = statistics.median(run["cpu"] for run in runs)
        peak = max(run["peak_rss_mib"] for run in runs)
        verdict = "within" if wall < BUDGET_SECONDS and peak < BUDGET_MIB else "OVER"
        print(
            f"{'PostgreSQL' if args.postgres else 'SQLite'}, {args.games:,} games recomputed, "
            f"median of {args.runs} runs of the whole command: {wall:.2f} s wall ({cpu:.2f} s CPU) "
            f"(runs: {walls}); peak memory {peak:.0f} MiB; "
            f"{runs[0]['queries']} queries; budget {BUDGET_SECONDS} s and {BUDGET_MIB} MiB: {verdict}"
        )
        print(
            f"The first run: the command itself {runs[0]['command_seconds']:.2f} s, of which "
            f"{runs[0]['in_queries']:.2f} s waiting for queries: {runs[0]['by_kind']}; "
            "the slowest:"
        )
        for seconds, sql in runs[0]["slowest"]:
            print(f"  {seconds:.2f} s  {sql}")
        if args.profile:
            _one_run(database.fresh_copy(), profile=True)
    finally:
        database.drop()
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
