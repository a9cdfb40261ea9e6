"""How long saving a game from the entry page takes in a club with a big season.

    .venv/bin/python benchmarks/entry.py [--games 10000] [--saves 200] [--postgres URL] [--profile]

Builds a season of ``--games`` games with ``build_season`` of
``benchmarks/export_season.py`` in a temporary SQLite database (or, with
``--postgres``, the PostgreSQL database the URL names, created and dropped),
then, as a logged-in secretary with Django's test client and DEBUG off,
posts ``--saves`` games to the entry page of a new meeting (round after round,
five tables, the players of the club, believable scores), each answered by
the redirect to the next game.  Reports the seconds of each POST but one
(p50, p95, max) and the queries of that one, listed untimed.  Budget: p95
under 50 ms (docs/performance.md).
"""

import argparse
import datetime
import json
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from export_season import CLUB, build_season  # noqa: E402 (the one builder of a season, beside this file)
from recompute import Postgres, Sqlite, _setup  # noqa: E402 (the benchmark databases)

BUDGET_MS = 50
TABLES = 5


def _build_here(url, games):
    _setup(url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from league.models import Club, Membership, Role

    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    club = Club.objects.get(slug=CLUB)
    build_season(club, games)
    user = get_user_model().objects.create_user("bench-secretary", password="bench password")
    Membership.objects.create(user=user, club=club, role=Role.SECRETARY)
    if url.startswith("postgres"):
        from django.db import connection

        with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them in time
            cursor.execute("ANALYZE")


def _post(number, seated, rng):
    """The form of game ``number``; ``seated``: the four players of its table (no one plays two tables a round)."""
    from league.demo.hanchan import Table, play
    from league.forms.game_entry import BUST_BY_TOP

    hanchan = play(rng, Table(), [1.0] * 4)
    round_number, table = divmod(number, TABLES)
    data = {
        "round": str(round_number + 1),
        "table": str(table + 1),
        "deposit": str(hanchan.deposit or ""),
        "action": "save",
    }
    for seat, name in enumerate(seated):
        data[f"player_{seat}"] = name
        data[f"score_{seat}"] = str(hanchan.scores[seat])
    for bust in hanchan.busts:
        data[f"bust_{bust['seat']}"] = BUST_BY_TOP if bust["by"] is None else str(bust["by"])
    return data


def _saves_here(url, saves, profile):
    _setup(url)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    from league.models import Club, Game, Meeting

    setup_test_environment()
    settings.DEBUG = False
    club = Club.objects.get(slug=CLUB)
    last = Meeting.objects.filter(club=club).order_by("-date").first()
    meeting = Meeting.objects.create(club=club, rule_set=last.rule_set, date=last.date + datetime.timedelta(days=1))
    names = list(club.members.values_list("name", flat=True)[:20])
    client = Client()
    client.force_login(get_user_model().objects.get(username="bench-secretary"))
    address = f"/c/{club.slug}/meetings/{meeting.pk}/enter/"
    rng = random.Random(1)
    client.get(address)  # the page as the secretary opens it: caches warm
    posts = []
    for number in range(saves):
        if number % TABLES == 0:  # a new round: its tables' players drawn apart
            round_players = rng.sample(names, 4 * TABLES)
        table = number % TABLES
        posts.append(_post(number, round_players[4 * table : 4 * table + 4], rng))
    seconds, queries = [], None
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    for number, data in enumerate(posts):
        if number == saves // 2:
            # One save's queries, listed, not timed: capturing them keeps each query's text and time, which the
            # saves timed in production mode do not pay.
            with CaptureQueriesContext(connection) as captured:
                response = client.post(address, data)
            queries = [f"{float(query['time']) * 1000:6.2f} ms  {query['sql'][:160]}" for query in captured]
        else:
            started = time.perf_counter()
            response = client.post(address, data)
            seconds.append(time.perf_counter() - started)
        if response.status_code != 302:
            raise SystemExit(f"POST {number} answered {response.status_code}: {data}")
    if profiler:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
    assert Game.objects.filter(meeting=meeting).count() == saves
    seconds.sort()
    print(
        json.dumps(
            {
                "p50": statistics.median(seconds),
                "p95": seconds[int(len(seconds) * 0.95) - 1],
                "max": seconds[-1],
                "queries": queries,
                "games": Game.objects.count(),
                "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            }
        )
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--saves", type=int, default=200, help="games posted (at most 495: 99 rounds × 5 tables)")
    parser.add_argument("--postgres", metavar="URL", help="build in this PostgreSQL database (created and dropped)")
    parser.add_argument("--profile", action="store_true", help="profile the saves with cProfile")
    parser.add_argument("--verbose", action="store_true", help="print the queries of one save, with their time")
    parser.add_argument("--build-here", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--saves-here", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build_here:
        _build_here(args.build_here[0], int(args.build_here[1]))
        return
    if args.saves_here:
        _saves_here(args.saves_here[0], int(args.saves_here[1]), args.profile)
        return
    folder = tempfile.mkdtemp(prefix="janroku-entry-bench-")
    database = Postgres(args.postgres) if args.postgres else Sqlite(folder)
    try:
        subprocess.run([sys.executable, __file__, "--build-here", database.url, str(args.games)], check=True)
        child = subprocess.run(
            [sys.executable, __file__, "--saves-here", database.fresh_copy(), str(args.saves)]
            + (["--profile"] if args.profile else []),
            capture_output=True,
            text=True,
        )
        if child.returncode != 0:
            raise SystemExit(child.stderr)
        if args.profile:
            print(child.stderr)
        figures = json.loads(child.stdout.strip().splitlines()[-1])
        verdict = "within" if figures["p95"] * 1000 < BUDGET_MS else "OVER"
        print(
            f"{'PostgreSQL' if args.postgres else 'SQLite'}, {figures['games']:,} games in the club: "
            f"{args.saves} saves from the entry page, p50 {figures['p50'] * 1000:.1f} ms, "
            f"p95 {figures['p95'] * 1000:.1f} ms, max {figures['max'] * 1000:.1f} ms; "
            f"{len(figures['queries'])} queries a save; budget p95 < {BUDGET_MS} ms: {verdict}"
        )
        if args.verbose:
            print("\n".join(figures["queries"]))
    finally:
        database.drop()
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
