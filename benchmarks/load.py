"""Many clubs on one site (PostgreSQL or SQLite) under load: gunicorn with 2 workers, 20 clients reading pages
for 60 s, first with no pause (saturated), then as 20 people reading each page for a while (``--think``).

    .venv/bin/python benchmarks/load.py [--clubs 200] [--games 2000] [--reuse] [--clients 20] [--seconds 60]
                                        [--think 1.0]
    .venv/bin/python benchmarks/load.py --smoke      # 3 clubs of 80 games, 4 clients for 5 s each way

1. The database (``--database``, a PostgreSQL URL; never the site's): built
   unless ``--reuse`` is given.  One public club's season of ``--games`` games
   is built with ``build_season`` of ``benchmarks/export_season.py`` (爆風の会's
   rules), then copied by SQL into ``--clubs`` − 1 more public clubs
   (``benchmarks/club_copies.py``: one ``INSERT … SELECT`` per table, the ids
   shifted per copy).  The copies'
   meetings are open (a closed meeting's kept money names the first club's
   members).
2. ``collectstatic`` into a temporary STATIC_ROOT, then
   ``gunicorn janroku.wsgi -w 2 -b 127.0.0.1:PORT`` in production mode (DEBUG
   off, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1, static files by
   WhiteNoise).
3. ``--clients`` asyncio clients (httpx) each fetch, until ``--seconds`` have
   passed or ``--max-requests`` were made in all, a random page of a random
   club: the standings, the running standings, a member's page, a meeting's
   page, the standings and a member's JSON, the club's page.  Every request
   goes to 127.0.0.1 only.  Twice:

   - **saturated**: each client asks again as soon as it has its answer, so
     the workers never wait; what this measures is the site's throughput
     (requests per second), and its latency is mostly queueing: with 20
     clients on 2 workers a request waits behind about nine others;
   - **people**: each client waits a random time between ½ and 1½ × ``--think``
     seconds (default 1 s: 0.5–1.5 s) after each answer, as a person glances
     at a page before the next click; the latency is then each page's own
     time plus what the other 19 people's requests cost it.  ``--think 0``
     leaves this run out.
4. Reports for each run requests per second, p50 and p95 per page kind and in
   all, and the errors (any answer but 200, or none): there must be none.
   gunicorn is stopped at the end, also after a failure.
"""

import argparse
import asyncio
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/janroku_bench_load"  # dropped and created again
PREFIX = "load-"
# The pages read, with how often each is asked for.
KINDS = {"standings": 3, "running": 2, "member": 3, "meeting": 2, "standings_json": 2, "member_json": 1, "club": 1}


def page(kind, club, rng):
    slug = club["slug"]
    member, meeting = rng.choice(club["members"]), rng.choice(club["meetings"])
    return {
        "standings": f"/c/{slug}/standings/",
        "running": f"/c/{slug}/standings/running/",
        "member": f"/c/{slug}/members/{member}/",
        "meeting": f"/c/{slug}/meetings/{meeting}/",
        "standings_json": f"/c/{slug}/api/standings.json",
        "member_json": f"/c/{slug}/api/members/{member}.json",
        "club": f"/c/{slug}/",
    }[kind]


# -- building --------------------------------------------------------------------------------------


def _setup(url):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import start_django

    start_django(url)


def _build_here(url, clubs, games):
    _setup(url)
    from django.core.management import call_command
    from django.db import connection, transaction
    from export_season import build_season

    from benchmarks.club_copies import clone_club
    from league.models import Club, Game, RuleVersion

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    bakufu = Club.objects.get(slug="bakufu").rule_sets.with_versions().first()
    first = _new_club(0, bakufu)
    build_season(first, games)
    print(
        f"Club 1 of {clubs}: {Game.objects.filter(meeting__club=first).count():,} games "
        f"in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    with transaction.atomic():
        clone_club(first, clubs - 1, open_meetings=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(
        f"Built {clubs} clubs, {Game.objects.count():,} games in {time.perf_counter() - started:.1f} s "
        f"({RuleVersion.objects.count()} rule versions)",
        flush=True,
    )


def _new_club(number, rules_of):
    """A public club with a copy of ``rules_of``'s rule set and versions."""
    from league.models import Club, RuleSet, RuleVersion

    club = Club.objects.create(slug=f"{PREFIX}{number:03d}", name=f"負荷試験の会 {number + 1}", is_public=True)
    rule_set = RuleSet.objects.create(club=club, slug="main", name=rules_of.name)
    RuleVersion.objects.bulk_create(
        [
            RuleVersion(
                rule_set=rule_set,
                effective_from=version.effective_from,
                rules=version.rules,
                fees=version.fees,
                notes=version.notes,
            )
            for version in rules_of.versions.all()
        ]
    )
    return club


def _create_database(url):
    """A new empty database: the PostgreSQL one dropped and created again, the SQLite file removed."""
    if url.startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(url.removeprefix("sqlite:///") + suffix).unlink(missing_ok=True)
        return
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    for statement in (f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"'):
        subprocess.run(["psql", admin, "-q", "-c", statement], check=True)


def _targets(url):
    """Each load club's slug, members and meetings (ids), read with psql or SQLite's own module (this process
    never loads Django)."""
    ids = "group_concat(id, ',')" if url.startswith("sqlite:///") else "string_agg(id::text, ',')"
    query = (
        f"SELECT c.slug, (SELECT {ids} FROM league_member WHERE club_id = c.id), "
        f"(SELECT {ids} FROM league_meeting WHERE club_id = c.id) "
        f"FROM league_club c WHERE c.slug LIKE '{PREFIX}%' ORDER BY c.slug"
    )
    if url.startswith("sqlite:///"):
        import sqlite3

        with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
            rows = connection.execute(query).fetchall()
    else:
        out = subprocess.run(
            ["psql", url, "-At", "-F", "|", "-c", query], check=True, capture_output=True, text=True
        ).stdout
        rows = [line.split("|") for line in out.splitlines()]
    return [
        {"slug": slug, "members": members.split(","), "meetings": meetings.split(",")}
        for slug, members, meetings in rows
    ]


# -- serving ---------------------------------------------------------------------------------------


def _start_gunicorn(url, port, workers, static_root, log):
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SECRET_KEY": secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": str(static_root),
        "DJANGO_SETTINGS_MODULE": "janroku.settings",
    }
    env.pop("DEBUG", None)
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "collectstatic", "--no-input", "-v", "0"],
        env=env,
        check=True,
        cwd=ROOT,
    )
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen(
        [str(gunicorn), "janroku.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}", "--error-logfile", "-"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=log,
    )
    return process


def _stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # gunicorn's master stops its workers
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


async def _wait_ready(base, process, seconds=60):
    import httpx

    async with httpx.AsyncClient(base_url=base) as client:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise SystemExit("gunicorn stopped before answering")
            try:
                if (await client.get("/")).status_code < 500:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.5)
    raise SystemExit("gunicorn did not answer")


async def _load(base, clubs, clients, seconds, max_requests, seed, think=0.0):
    import httpx

    results = []  # (kind, seconds, error or None)
    kinds, weights = list(KINDS), list(KINDS.values())
    deadline = time.monotonic() + seconds

    async def one_client(number, client):
        rng = random.Random(seed * 1000 + number)
        if think:  # people do not all click at the same instant
            await asyncio.sleep(rng.uniform(0, think))
        while time.monotonic() < deadline and len(results) < max_requests:
            kind = rng.choices(kinds, weights)[0]
            path = page(kind, rng.choice(clubs), rng)
            started = time.perf_counter()
            try:
                response = await client.get(path)
                error = None if response.status_code == 200 else f"{response.status_code} {path}"
            except httpx.HTTPError as failure:
                error = f"{type(failure).__name__} {path}"
            results.append((kind, time.perf_counter() - started, error))
            if think:
                await asyncio.sleep(rng.uniform(think / 2, think * 3 / 2))

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
        started = time.perf_counter()
        await asyncio.gather(*(one_client(number, client) for number in range(clients)))
        elapsed = time.perf_counter() - started
    return results, elapsed


def _percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _report(title, results, elapsed, clients):
    errors = [error for _kind, _seconds, error in results if error]
    print(
        f"{title}: {len(results):,} requests in {elapsed:.1f} s from {clients} clients: "
        f"{len(results) / elapsed:.1f} requests/s; {len(errors)} errors"
    )
    print(f"{'page':<16}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for kind in [*KINDS, None]:
        times = [seconds for one, seconds, _error in results if kind in (None, one)]
        if times:
            print(
                f"{kind or 'all':<16}{len(times):>9}{statistics.median(times) * 1000:>9.0f}"
                f"{_percentile(times, 0.95) * 1000:>9.0f}{max(times) * 1000:>9.0f}"
            )
    for error in sorted(set(errors))[:10]:
        print(f"  error: {error}")
    return not errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--database", default=DEFAULT_DATABASE, help=f"a PostgreSQL URL or sqlite:////path (default {DEFAULT_DATABASE})"
    )
    parser.add_argument("--reuse", action="store_true", help="use the database as it is (built by an earlier run)")
    parser.add_argument("--clubs", type=int, default=200)
    parser.add_argument("--games", type=int, default=2000, help="games per club")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--max-requests", type=int, default=100_000, help="stop after this many requests in all")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="people: seconds a client reads a page, on average (random from ½ to 1½ times it; "
        "default 1.0); 0 runs only the saturated load",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--smoke", action="store_true", help="3 clubs of 80 games, 4 clients for 5 s each way")
    parser.add_argument("--build-here", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build_here:
        _build_here(args.build_here[0], int(args.build_here[1]), int(args.build_here[2]))
        return
    if args.smoke:
        args.clubs, args.games, args.clients, args.seconds = 3, 80, 4, 5
    if not urlsplit(args.database).scheme.startswith(("postgres", "sqlite")):
        raise SystemExit("--database must be a PostgreSQL URL or sqlite:////path")
    if not args.reuse:
        _create_database(args.database)
        subprocess.run(
            [sys.executable, __file__, "--build-here", args.database, str(args.clubs), str(args.games)], check=True
        )
    clubs = _targets(args.database)
    if not clubs:
        raise SystemExit("no load clubs in the database: run without --reuse")
    with tempfile.TemporaryDirectory(prefix="janroku-load-") as folder:
        log = open(Path(folder) / "gunicorn.log", "w")
        process = _start_gunicorn(args.database, args.port, args.workers, Path(folder) / "static", log)
        base = f"http://127.0.0.1:{args.port}"
        try:
            asyncio.run(_wait_ready(base, process))
            # Each worker loads its templates and translations on its first pages: not what is measured.
            asyncio.run(_load(base, clubs, args.clients, args.seconds, len(KINDS) * args.workers * 2, 2))
            runs = [
                (
                    "saturated, no pause",
                    *asyncio.run(_load(base, clubs, args.clients, args.seconds, args.max_requests, 1)),
                )
            ]
            if args.think:
                title = f"{args.clients} people reading {args.think / 2:g}–{args.think * 3 / 2:g} s a page"
                runs.append(
                    (
                        title,
                        *asyncio.run(
                            _load(base, clubs, args.clients, args.seconds, args.max_requests, 3, think=args.think)
                        ),
                    )
                )
        finally:
            _stop(process)
            log.close()
        print(f"{len(clubs)} clubs; gunicorn -w {args.workers}")
        ok = all([_report(title, results, elapsed, args.clients) for title, results, elapsed in runs])
        if not ok:
            print((Path(folder) / "gunicorn.log").read_text()[-3000:])
            raise SystemExit(1)


if __name__ == "__main__":
    main()
