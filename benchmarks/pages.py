"""How fast every page of the URL map answers each visitor on a club of 1,000, 20,000 and 80,000 games.

    .venv/bin/python benchmarks/pages.py [--sizes 1000 20000 80000] [--requests 20] [--keep DIR] [--only NAME…]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/janroku_bench .venv/bin/python benchmarks/pages.py
    .venv/bin/python benchmarks/pages.py --database URL      # time a database built before, as it is

For each size, in processes of their own (one builds, one times, as a site's worker starts): 爆風の会 grown by
seasons of 20,000 games (page_site.py: 80,000 are three earlier seasons and the current one), its owner, a
secretary, a member (the busiest player's login) and an outsider (a login of no club), and one of everything a
page is about.  On PostgreSQL the club is among ``--site-clubs`` more clubs (200 by default, the issue's site)
of ``--site-games`` games, copied by SQL (club_copies.py, about four minutes), and the database is analysed.

Every GET page and JSON answer the URL map has (page_map.py: a new page is timed without editing this file;
one whose address cannot be filled is printed as not timed, with why), and the query strings that read the whole
history, ``--requests`` times for each visitor it answers 200 (page_timing.py); p50 / p95 per size, the growth
from the size before the largest to the largest, the SQL floor where a page has one, and the budget
(page_report.py: p95 < 150 ms, growth ≤ 1.5×).

SQLite databases are temporary unless ``--keep DIR``: kept there (``pages-<games>.sqlite3``) and reused by a
later run with the same ``--keep``.  On PostgreSQL each size has its database, ``<DATABASE_URL's name>_<games>``
(the name must say ``bench``: never the site's), created when missing and reused when it was built the same way
(``--rebuild``: build again).  docs/performance.md has the budgets and the figures.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup(database_url):
    from benchmarks.django_site import start_django

    start_django(database_url)


def size_urls(args):
    """(size, database URL, site clubs) of each run, and the temporary folder to remove after (or None)."""
    base = os.environ.get("DATABASE_URL", "")
    if args.database:
        return [(None, args.database, None)], None
    if base.startswith("postgres"):
        name = base.rsplit("/", 1)[-1].split("?")[0]
        if "bench" not in name:
            raise SystemExit("The PostgreSQL databases are emptied: name one with 'bench' in its name.")
        clubs = 200 if args.site_clubs is None else args.site_clubs
        return [(size, f"{base.rsplit('/', 1)[0]}/{name}_{size}", clubs) for size in args.sizes], None
    folder = args.keep or tempfile.mkdtemp(prefix="janroku-pages-bench-")
    Path(folder).mkdir(parents=True, exist_ok=True)
    clubs = args.site_clubs or 0
    runs = [(size, f"sqlite:///{Path(folder).resolve()}/pages-{size}.sqlite3", clubs) for size in args.sizes]
    return runs, None if args.keep else folder


def create_postgres(url):
    """Create the PostgreSQL database ``url`` names when it is missing."""
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
            print(f"Created the database {name}")


def _run_here(*arguments):
    subprocess.run([sys.executable, __file__, *map(str, arguments)], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 20_000, 80_000], help="games of the club")
    parser.add_argument("--requests", type=int, default=20, help="requests per page and visitor (default 20)")
    parser.add_argument("--site-clubs", type=int, help="more clubs on the site (PostgreSQL: 200 by default)")
    parser.add_argument("--site-games", type=int, default=2_000, help="games of each of those clubs")
    parser.add_argument("--database", help="time this database as it is (built before), without building")
    parser.add_argument("--keep", metavar="DIR", help="keep the SQLite databases in DIR, and reuse those built there")
    parser.add_argument("--rebuild", action="store_true", help="build again even where a database was kept")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="time only these pages (URL names or rows)")
    parser.add_argument("--json", help="write the figures there too")
    args = parser.parse_args()
    runs, temporary = size_urls(args)
    figures = {}
    with tempfile.TemporaryDirectory() as scratch:
        for size, url, clubs in runs:
            if size is not None:
                if url.startswith("postgres"):
                    create_postgres(url)
                _run_here("--build-here", url, size, clubs, args.site_games, int(args.rebuild))
            out = Path(scratch) / f"{size}.json"
            _run_here("--time-here", url, args.requests, out, *(args.only or ()))
            timed = json.loads(out.read_text())
            figures[size or timed["games"]] = timed
    if temporary:
        shutil.rmtree(temporary)
    from benchmarks.page_report import print_report

    print_report(figures, f"Pages, {args.requests} requests each (p50/p95 ms)")
    if args.json:
        Path(args.json).write_text(json.dumps({str(size): run for size, run in figures.items()}, indent=1))
    if args.keep:
        print(f"\nKept in {args.keep}: run again with the same --keep to reuse them")


def _build_here(url, games, site_clubs, site_games, rebuild):
    _setup(url)
    from django.db import connection, connections

    from benchmarks.page_site import build_site, built_as

    if not rebuild and built_as() == (games, site_clubs):
        from django.core.management import call_command

        # Built before a migration landed: it is brought forward (the fills of stored figures run here), not rebuilt.
        print(f"Reusing {url} ({games:,} games, {site_clubs} more clubs), migrated", flush=True)
        call_command("migrate", verbosity=0)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        connections.close_all()
        return
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the benchmark's own database, never the site's (its name says bench)
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    else:
        connections.close_all()
        for suffix in ("", "-wal", "-shm"):
            Path(url.removeprefix("sqlite:///") + suffix).unlink(missing_ok=True)
    started = time.perf_counter()
    print(f"Building {url}: {games:,} games, {site_clubs} more clubs", flush=True)
    build_site(games, site_clubs, site_games)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them in time
            cursor.execute("ANALYZE")
    connections.close_all()  # SQLite: the last close folds the write-ahead log into the file
    print(f"Built the site in {time.perf_counter() - started:.0f} s", flush=True)


def _time_here(url, requests, out, only):
    _setup(url)
    from benchmarks.page_timing import time_site

    Path(out).write_text(json.dumps(time_site(requests, set(only))))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-here":
        _build_here(sys.argv[2], *map(int, sys.argv[3:7]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--time-here":
        _time_here(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:])
    else:
        main()
