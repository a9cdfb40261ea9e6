"""How fast every page answers on a big club, next to the minimal SQL that fetches the same data.

    .venv/bin/python benchmarks/pages.py [--games 20000] [--requests 30] [--heavy-runs 3]
    DATABASE_URL=postgres://…/janroku_bench .venv/bin/python benchmarks/pages.py --site-clubs 200 --site-games 2000

Builds 爆風の会 from the seed clubs with ``--games`` games (40 members, 5
tables × 10 hanchan a meeting: 20,000 games are 400 meetings, and the busiest
member has about 2,200 games) and a secretary, with ``build_season`` of the
export benchmark (every game settled by the engine, rows created in bulk).
On SQLite the database is a temporary file; ``DATABASE_URL`` may name a
PostgreSQL database instead, which is emptied and rebuilt (its name must say
``bench``: never the site's) and analysed.  ``--site-clubs`` more clubs of
``--site-games`` games each put the big club among others (200 for the
issue's site): one is built like the big club and copied by ``INSERT …
SELECT`` (``benchmarks/club_copies.py``), about four minutes for 200 × 2,000 games.
``--database URL`` times a database built before, without building.

Then, in one process with Django's test client (``DEBUG`` off, as in
production), logged in as the secretary:

- every read page and the JSON API, ``--requests`` times each, with the
  minimal raw SQL that fetches the same data (the "SQL floor") timed the
  same number of times, the two alternating so that other load falls on
  both; p50 and p95 of each, the ratio of the p50s, the queries the page
  made, and whether it keeps the budget (p95 < 150 ms, at most 2× its floor);
- entry: the entry page (GET), the live preview and saving a game (POST),
  ``--requests`` times each;
- the heavier work, ``--heavy-runs`` times each: the season workbook and the
  results CSV through their pages, ``recompute`` (the plan, nothing saved)
  and importing 500 games through the pages.

``--keep`` keeps the SQLite database (the command prints where) to profile a
page on it; ``--only NAME…`` times only the named requests.  The budgets and
figures are in docs/performance.md.
"""

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLUB = "bakufu"
MEMBERS, TABLES, ROUNDS = 40, 5, 10
SITE_MEMBERS, SITE_TABLES, SITE_ROUNDS = 24, 5, 10
BUDGET_P95_MS, BUDGET_RATIO, RATIO_FLOOR_MS = 150, 2.0, 10
IMPORT_GAMES = 500


def _setup(database_url):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import start_django

    start_django(database_url)


# --- building -------------------------------------------------------------------------------------------------


def build_site(games, site_clubs, site_games):
    """The big club (its secretary included) and ``site_clubs`` more clubs with the same rules; the big club."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import transaction

    from benchmarks.club_copies import clone_club
    from benchmarks.export_season import build_season
    from benchmarks.import_games import SECRETARY
    from league.models import Club, Membership, Role

    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    club = Club.objects.get(slug=CLUB)
    started = time.perf_counter()
    build_season(club, games, members=MEMBERS, tables=TABLES, rounds=ROUNDS)
    print(f"Built {club.name}: {games:,} games in {time.perf_counter() - started:.1f} s", flush=True)
    user = get_user_model().objects.create_user(SECRETARY, password="bench password")
    Membership.objects.create(user=user, club=club, role=Role.SECRETARY)
    if site_clubs:
        started = time.perf_counter()
        other = copy_club(club, "bench-0")
        build_season(other, site_games, members=SITE_MEMBERS, tables=SITE_TABLES, rounds=SITE_ROUNDS, seed=2)
        with transaction.atomic():
            clone_club(other, site_clubs - 1)
        print(
            f"Built {site_clubs} more clubs of {site_games:,} games in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
    return club


def copy_club(club, slug):
    """A new club with the same rule sets and versions as ``club`` (no members, no games)."""
    from league.models import Club, RuleSet, RuleVersion

    other = Club.objects.create(slug=slug, name=f"ベンチ{slug[-3:]}会", is_public=True)
    for rule_set in club.rule_sets.all():
        versions = list(rule_set.versions.all())
        copy = RuleSet.objects.create(club=other, slug=rule_set.slug, name=rule_set.name)
        RuleVersion.objects.bulk_create(
            [
                RuleVersion(
                    rule_set=copy,
                    effective_from=version.effective_from,
                    rules=version.rules,
                    fees=version.fees,
                    notes=version.notes,
                )
                for version in versions
            ]
        )
    return other


def _reset_postgres():
    """Empty the PostgreSQL database named by DATABASE_URL (the benchmark's own, never the site's)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")


# --- what is timed --------------------------------------------------------------------------------------------

SEATS = (
    "FROM league_gameseat s JOIN league_game g ON g.id = s.game_id JOIN league_meeting m ON m.id = g.meeting_id "
    "WHERE m.rule_set_id = %(rule_set)s AND m.date >= %(first)s AND m.date <= %(last)s AND NOT g.void"
)
PLACES = ", ".join(f"SUM(CASE WHEN s.place = {p} THEN 1 ELSE 0 END)" for p in range(1, 5))
STANDINGS_SQL = (
    f"SELECT s.member_id, COUNT(*), SUM(s.total), {PLACES}, MAX(s.total), MIN(s.total), SUM(s.score), "
    f"COUNT(s.score), SUM(CASE WHEN s.score < 0 THEN 1 ELSE 0 END), SUM(s.chips), MAX(m.date) "
    f"{SEATS} GROUP BY s.member_id"
)
# A member's page: their own seats in order; the opponents grouped with the member's seat of the same game;
# every seat of a page of the latest games (30 on the page, 100 in the JSON).
MEMBER_SQL = [
    f'SELECT s.game_id, s.seat, s.place, s.total, m.date, g.round, g."table" {SEATS} AND s.member_id = %(member)s '
    f'ORDER BY m.date, g.meeting_id, g.round, g."table", s.game_id',
    "SELECT o.member_id, COUNT(*), SUM(s.total), SUM(o.total), SUM(CASE WHEN s.place < o.place THEN 1 ELSE 0 END), "
    "SUM(CASE WHEN s.place > o.place THEN 1 ELSE 0 END) "
    + SEATS.replace(" WHERE ", " JOIN league_gameseat o ON o.game_id = s.game_id AND o.member_id <> s.member_id WHERE ")
    + " AND s.member_id = %(member)s GROUP BY o.member_id",
]
MEMBER_PAGE_SQL = (
    "SELECT p.game_id, p.seat, p.member_id, p.score, p.chips, p.place, p.base, p.oka, p.uma, p.bust, "
    "p.chip_points, p.shugi, p.chombo, p.total FROM league_gameseat p WHERE p.game_id IN "
    f"(SELECT s.game_id {SEATS.replace('%', '%%')} AND s.member_id = %%(member)s "
    'ORDER BY m.date DESC, g.meeting_id DESC, g.round DESC, g."table" DESC LIMIT %d) '
    "ORDER BY p.game_id, p.seat"
)
# The minimal SQL fetching the data each page shows (docs/performance.md says why each is the floor).  The
# standings' floors stay the aggregate over the seats although the pages now read the stored meeting lines: the
# ratio then says what the stored lines save against computing the same figures from the seats on each request.
FLOORS = {
    "standings": [STANDINGS_SQL],
    "running": [
        STANDINGS_SQL,
        f"SELECT s.member_id, m.id, m.date, SUM(s.total) {SEATS} GROUP BY s.member_id, m.id, m.date",
    ],
    "member": [STANDINGS_SQL, *MEMBER_SQL, MEMBER_PAGE_SQL % 30],
    "member_json": [STANDINGS_SQL, *MEMBER_SQL, MEMBER_PAGE_SQL % 100],
    "member_list": [
        "SELECT s.member_id, COUNT(*) FROM league_gameseat s JOIN league_game g ON g.id = s.game_id "
        "JOIN league_meeting m ON m.id = g.meeting_id WHERE m.club_id = %(club)s "
        "AND m.date >= %(first)s AND m.date <= %(last)s AND NOT g.void GROUP BY s.member_id"
    ],
    "meeting": [
        'SELECT g.id, g.round, g."table", s.seat, s.member_id, s.score, s.place, s.total '
        "FROM league_game g JOIN league_gameseat s ON s.game_id = g.id WHERE g.meeting_id = %(meeting)s "
        'ORDER BY g.round, g."table", s.seat'
    ],
    "game": [
        "SELECT s.seat, s.member_id, s.score, s.place, s.base, s.oka, s.uma, s.bust, s.chip_points, s.shugi, "
        "s.chombo, s.total FROM league_gameseat s WHERE s.game_id = %(game)s ORDER BY s.seat"
    ],
}


def read_requests(club, ids):
    """(name, url, floor) of every read page and JSON answer of the big club, for the secretary."""
    from django.urls import reverse

    def url(name, **kwargs):
        return reverse(name, kwargs={"slug": club.slug, **kwargs})

    member, meeting, game = ids["member"], ids["meeting"], ids["game"]
    return [
        ("club page", url("club"), "standings"),
        ("rules", url("club_rules"), None),
        ("standings", url("standings"), "standings"),
        ("standings JSON", url("api_standings"), "standings"),
        ("running standings", url("running_standings"), "running"),
        ("running standings, all", url("running_standings") + "?all=1", "running"),
        ("awards", url("awards"), None),
        ("records", url("records"), None),
        ("member list", url("member_list"), "member_list"),
        ("member page", url("member_page", member_id=member), "member"),
        ("member page, page 5", url("member_page", member_id=member) + "?page=5", "member"),
        ("member JSON", url("api_member", member_id=member), "member_json"),
        ("meeting", url("meeting_detail", meeting_id=meeting), "meeting"),
        ("meeting sheet", url("meeting_sheet", meeting_id=meeting), "meeting"),
        ("meeting summary", url("meeting_summary", meeting_id=meeting), "meeting"),
        ("day board", url("day_board", meeting_id=meeting), "meeting"),
        ("day board parts", url("day_board_parts", meeting_id=meeting), "meeting"),
        ("season money", url("season_money"), None),
        ("game", url("game_detail", game_id=game), "game"),
        ("game history", url("game_history", game_id=game), "game"),
        ("choose meeting", url("choose_meeting") + "?choose=1", None),
        ("export page", url("export"), None),
        ("import page", url("import_results"), None),
    ]


def _floor_timer(floor, params):
    """A function running the floor's raw SQL (every statement, every row fetched); None without a floor."""
    from django.db import connection

    if floor is None:
        return None

    def run():
        with connection.cursor() as cursor:
            for sql in FLOORS[floor]:
                cursor.execute(sql, params)
                cursor.fetchall()

    return run


def percentile(values, fraction):
    """The nearest-rank percentile of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-int(fraction * 100) * len(ordered) // 100) - 1)]


def _timed(function, count):
    times = []
    for _round in range(count):
        started = time.perf_counter()
        function()
        times.append((time.perf_counter() - started) * 1000)
    return times


def time_pages(client, club, ids, requests, only=()):
    """Each read request and its floor, alternating, ``requests`` times; a row of figures per request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    params = {
        "rule_set": ids["rule_set"],
        "first": ids["first"],
        "last": ids["last"],
        "member": ids["member"],
        "club": club.pk,
        "meeting": ids["meeting"],
        "game": ids["game"],
    }
    rows = []
    for name, url, floor in read_requests(club, ids):
        if only and name not in only:
            continue
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        count = len(queries.captured_queries)  # now: the next request clears the connection's log
        floor_run = _floor_timer(floor, params)
        page, sql = [], []
        for _round in range(requests):
            page += _timed(lambda url=url: client.get(url), 1)
            if floor_run:
                sql += _timed(floor_run, 1)
        rows.append(_row(name, page, sql, count))
    return rows


def _row(name, page, sql=(), queries=None, budget=True):
    row = {
        "name": name,
        "p50": statistics.median(page),
        "p95": percentile(page, 0.95),
        "queries": queries,
        "budget": budget,
    }
    if sql:
        row.update(sql_p50=statistics.median(sql), sql_p95=percentile(sql, 0.95))
        row["ratio"] = row["p50"] / row["sql_p50"]
    return row


def time_entry(client, club, requests):
    """The entry page, the live preview and saving a game, on a new open meeting after the season's last one."""
    from django.urls import reverse

    from league.models import Meeting, Member

    latest = Meeting.objects.filter(club=club).order_by("-date").first()
    meeting = Meeting.objects.create(club=club, rule_set=latest.rule_set, date=latest.date + datetime.timedelta(days=1))
    names = list(Member.objects.filter(club=club).order_by("pk").values_list("name", flat=True)[:4])
    kwargs = {"slug": club.slug, "meeting_id": meeting.pk}
    enter, preview = reverse("enter_game", kwargs=kwargs), reverse("preview_game", kwargs=kwargs)

    def game(number):
        # Each game's scores differ: the same result saved twice in a day is asked about (docs/entry.md).
        return {
            "round": str(number),
            "table": "1",
            "deposit": "",
            **{f"player_{seat}": name for seat, name in enumerate(names)},
            "score_0": str(42300 + 100 * number),
            "score_1": "31500",
            "score_2": "18700",
            "score_3": str(7500 - 100 * number),
        }

    def post(number):
        response = client.post(enter, {**game(number), "action": "save"})
        assert response.status_code == 302, response.status_code

    numbers = iter(range(1, requests + 1))
    return [
        _row("entry page (GET)", _timed(lambda: client.get(enter), requests)),
        _row("entry preview (POST)", _timed(lambda: client.post(preview, game(1)), requests)),
        _row("entry save (POST)", _timed(lambda: post(next(numbers)), requests)),
    ]


def time_heavy(client, club, runs):
    """The season workbook and results CSV through their pages, recompute (the plan) and importing 500 games."""
    from django.core.management import call_command
    from django.urls import resolve, reverse

    from benchmarks.import_games import build_file, import_through_pages
    from league.models import Meeting

    def download(name):
        response = client.get(reverse(name, kwargs={"slug": club.slug}))
        if response.status_code == 302:  # the workbook is written by a background job: the worker's time counts
            call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
            job_id = resolve(response["Location"]).kwargs["job_id"]
            response = client.get(reverse("job_download", args=[club.slug, job_id]))
        assert response.status_code == 200, (name, response.status_code)
        b"".join(response.streaming_content if response.streaming else [response.content])

    # Days before any of the club's, a month apart: a database reused (``--database``) keeps the games the run
    # before imported, which the importer would rightly refuse to take twice.
    earliest = Meeting.objects.filter(club=club).order_by("date").values_list("date", flat=True).first()
    first_day = (earliest or datetime.date(2015, 4, 1)) - datetime.timedelta(days=30 * (runs + 1))
    files = [
        build_file(club, IMPORT_GAMES, seed=run + 10, first_day=first_day + datetime.timedelta(days=30 * run))
        for run in range(runs)
    ]
    imports = iter(files)
    with open(os.devnull, "w") as quiet:
        return [
            _row("export: season workbook", _timed(lambda: download("export_xlsx"), runs), budget=False),
            _row("export: results CSV", _timed(lambda: download("export_csv"), runs), budget=False),
            _row(
                "recompute (the plan)",
                _timed(lambda: call_command("recompute", club.slug, stdout=quiet), runs),
                budget=False,
            ),
            _row(
                f"import {IMPORT_GAMES} games (3 pages)",
                _timed(lambda: import_through_pages(client, club, next(imports)), runs),
                budget=False,
            ),
        ]


def benchmark_ids(club):
    """The ids the requests name: the busiest member, a meeting of 50 games in the middle, one of its games."""
    from django.db.models import Count

    from league.models import Game, GameSeat, Meeting
    from league.stats.periods import current_season

    season = current_season(club) or club.seasons.order_by("-starts_on").first()
    member = (
        GameSeat.objects.filter(member__club=club)
        .values("member")
        .annotate(games=Count("id"))
        .order_by("-games", "member")
        .first()
    )
    meetings = list(Meeting.objects.filter(club=club).order_by("date").values_list("pk", flat=True))
    meeting = meetings[len(meetings) // 2]
    return {
        "member": member["member"],
        "member_games": member["games"],
        "meeting": meeting,
        "game": Game.objects.filter(meeting_id=meeting).order_by("pk").first().pk,
        "rule_set": club.rule_sets.first().pk,
        "first": season.starts_on,
        "last": season.ends_on,
    }


def report(rows, title):
    print(f"\n{title}")
    print(
        f"{'request':38} {'p50 ms':>8} {'p95 ms':>8} {'SQL p50':>8} {'SQL p95':>8} {'ratio':>6} {'queries':>7}  budget"
    )
    for row in rows:
        verdict = ""
        if row["budget"]:
            # The ratio is held where the floor is work that grows with the data (over 10 ms): below that, a
            # page's fixed cost (session, login, template) is all its ratio says.
            kept = row["p95"] < BUDGET_P95_MS and (
                row.get("sql_p50", 0) < RATIO_FLOOR_MS or row["ratio"] <= BUDGET_RATIO
            )
            verdict = "ok" if kept else "OVER"
        sql = (
            f"{row['sql_p50']:8.1f} {row['sql_p95']:8.1f} {row['ratio']:5.1f}×"
            if "ratio" in row
            else f"{'':8} {'':8} {'':6}"
        )
        queries = "" if row["queries"] is None else row["queries"]
        print(f"{row['name']:38} {row['p50']:8.1f} {row['p95']:8.1f} {sql} {queries:>7}  {verdict}")


def run(args):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from benchmarks.import_games import SECRETARY
    from league.models import Club, Game

    setup_test_environment()  # the test client outside the test runner
    settings.DEBUG = False  # as in production: with DEBUG on, Django keeps the text of every query
    club = Club.objects.get(slug=CLUB)
    ids = benchmark_ids(club)
    client = Client(SERVER_NAME="localhost")
    client.force_login(get_user_model().objects.get(username=SECRETARY))
    clubs = Club.objects.count()
    print(
        f"{connection.vendor}: {club.name} with {Game.objects.filter(meeting__club=club).count():,} games "
        f"(the member timed has {ids['member_games']:,}), {clubs} clubs and {Game.objects.count():,} games "
        f"on the site; load average {os.getloadavg()[0]:.1f}"
    )
    only = set(args.only or ())
    report(time_pages(client, club, ids, args.requests, only), f"Read pages, {args.requests} requests each")
    if not only:
        report(time_entry(client, club, args.requests), f"Entry, {args.requests} requests each")
        if args.heavy_runs:
            report(time_heavy(client, club, args.heavy_runs), f"Heavier work, {args.heavy_runs} runs each")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games of the big club (default 20,000)")
    parser.add_argument("--requests", type=int, default=30, help="requests per page (default 30)")
    parser.add_argument(
        "--heavy-runs", type=int, default=3, help="runs of export, recompute and import (default 3; 0 skips them)"
    )
    parser.add_argument(
        "--site-clubs", type=int, default=0, help="PostgreSQL only: more clubs on the site (the issue's site is 200)"
    )
    parser.add_argument("--site-games", type=int, default=2_000, help="games of each of those clubs")
    parser.add_argument("--database", help="reuse a database built before (a DATABASE_URL), do not build")
    parser.add_argument("--keep", action="store_true", help="keep the SQLite database")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="time only these read requests")
    args = parser.parse_args()
    url, folder = args.database, None
    if url is None:
        url = os.environ.get("DATABASE_URL", "")
        if not url.startswith("postgres"):
            folder = tempfile.mkdtemp(prefix="janroku-pages-bench-")
            url = f"sqlite:///{folder}/bench.sqlite3"
        elif "bench" not in url.rsplit("/", 1)[-1]:
            raise SystemExit("The PostgreSQL database is emptied: name one with 'bench' in its name.")
        # Built in a process of its own, so that the timing process starts as a site's worker would.
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--build-here",
                url,
                str(args.games),
                str(args.site_clubs),
                str(args.site_games),
            ],
            check=True,
        )
    _setup(url)
    run(args)
    if folder and args.keep:
        print(f"Kept {url}")
    elif folder:
        shutil.rmtree(folder)  # the database and the site's state beside it (jobs' files)


def _build_here(url, games, site_clubs, site_games):
    _setup(url)
    if url.startswith("postgres"):
        _reset_postgres()
    started = time.perf_counter()
    build_site(games, site_clubs, site_games)
    if url.startswith("postgres"):
        from django.db import connection

        with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them in time
            cursor.execute("ANALYZE")
    print(f"Built the site in {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-here":
        _build_here(sys.argv[2], *map(int, sys.argv[3:6]))
    else:
        main()
