"""How long importing a big file takes, from upload to commit, and how much memory it needs.

    .venv/bin/python benchmarks/import_games.py [--games 5000 20000] [--runs 5] [--profile] [--postgres URL]

Builds, in a temporary SQLite database (never the site's; with ``--postgres``
the PostgreSQL database the URL names, created and dropped), 爆風の会 from the
seed clubs with 60 members and a secretary, and for each ``--games`` count
an .xlsx in the import template's layout (headers in Japanese, one row per
game, 5 tables × 8 hanchan a day, the demo's believable scores with busts,
chips, deposits and now and then a yakuman).  Then, ``--runs`` times, a fresh
process on a fresh copy of the database (SQLite's backup, which takes
what the write-ahead log still holds; a PostgreSQL template) goes through the real pages as the
secretary would, with Django's test client: upload the file (the start page
reads and checks it), open the preview (every game planned and shown), press
Import (planned again under a lock and saved).  It reports the seconds of
each step and of the whole, and the process's peak memory; the medians (p50)
of the runs are what docs/performance.md quotes.  The budget: 5,000 games
under 3 s and 20,000 under 15 s, under 250 MiB.

``--profile`` runs the three steps once more under cProfile and prints the
functions taking the most time.

Not part of the test suite; ``tests/league/test_import_speed.py`` runs
``build_file`` and ``import_through_pages`` on 200 games.
"""

import argparse
import datetime
import io
import json
import random
import re
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
TABLES, ROUNDS, MEMBERS = 5, 8, 60
BUDGET = {5_000: 3.0, 20_000: 15.0}
MEMORY_BUDGET_MIB = 250
SECRETARY = "bench-secretary"


def build_club(club):
    """60 members and a secretary for ``club``; returns the secretary."""
    from django.contrib.auth import get_user_model

    from league.demo.names import roster
    from league.models import Member, Membership, Role
    from league.models.people import hiragana

    Member.objects.bulk_create(
        [Member(club=club, name=name, kana=hiragana(kana)) for name, kana in roster("bench-import", MEMBERS, 0.2)]
    )
    user = get_user_model().objects.create_user(SECRETARY, password="bench password")
    Membership.objects.create(user=user, club=club, role=Role.SECRETARY)
    return user


def build_file(club, games, *, seed=1, first_day=datetime.date(2015, 4, 1)):
    """An .xlsx of ``games`` games of the club's members in the template's layout (Japanese headers); bytes."""
    from openpyxl import Workbook

    from league.demo.hanchan import Table, play, play_with_yakuman
    from league.exchange.layout import busts_text, chombo_text, game_columns, yakuman_text
    from league.models import Member

    rng = random.Random(seed)
    rule_set = club.rule_sets.with_versions().first()
    names = list(Member.objects.filter(club=club).values_list("name", flat=True))
    columns = game_columns(4)
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "対局"
    sheet.append([column.ja for column in columns])
    per_day = TABLES * ROUNDS
    for index in range(games):
        day = first_day + datetime.timedelta(days=index // per_day)
        round_number, table_number = divmod(index % per_day, TABLES)
        settings = rule_set.settings_on(day)
        table = Table(
            players=4, start=settings["start"], target=settings["target"], chips=settings["chips"]["value"] != 0
        )
        hanchan = play_with_yakuman(rng, table, [1.0] * 4) if rng.random() < 1 / 150 else play(rng, table, [1.0] * 4)
        players = rng.sample(names, 4)
        values = {
            "date": day,
            "round": round_number + 1,
            "table": table_number + 1,
            "deposit": hanchan.deposit or None,
            "busts": busts_text(hanchan.busts),
            "yakuman": yakuman_text(hanchan.yakuman),
            "chombo": chombo_text([]),
            "note": None,
        }
        for seat in range(4):
            values[f"player_{seat}"] = players[seat]
            values[f"score_{seat}"] = hanchan.scores[seat]
            chips = hanchan.chips[seat] if hanchan.chips else 0
            values[f"chips_{seat}"] = chips or None
            values[f"points_{seat}"] = None  # the scores are known: no points-only game
        sheet.append(
            [
                values[column.key] or None if isinstance(values[column.key], str) else values[column.key]
                for column in columns
            ]
        )
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def import_through_pages(client, club, data, name="history.xlsx"):
    """Upload, preview and commit ``data`` as the logged-in client would; the seconds of each step."""
    from django.urls import reverse

    from league.models import Game

    rule_set = club.rule_sets.with_versions().first()
    seconds = {}
    started = time.perf_counter()
    upload = io.BytesIO(data)
    upload.name = name
    response = client.post(
        reverse("import_results", kwargs={"slug": club.slug}), {"rule_set": rule_set.pk, "file": upload}
    )
    assert response.status_code == 302, _failure(response)
    seconds["upload"] = time.perf_counter() - started
    seconds["peak_after_upload_mib"] = _peak_mib()
    response = _after_job(client, response, seconds, "read")
    step = time.perf_counter()
    preview = response["Location"]
    response = client.get(preview)
    assert response.status_code == 200, _failure(response)
    fingerprint = re.search(r'name="fingerprint" value="([0-9a-f]+)"', response.content.decode())
    assert fingerprint, "the preview offers no import: " + _failure(response)
    seconds["preview"] = time.perf_counter() - step
    seconds["peak_after_preview_mib"] = _peak_mib()
    step = time.perf_counter()
    before = Game.objects.count()
    response = client.post(preview, {"action": "commit", "fingerprint": fingerprint.group(1)})
    assert response.status_code == 302, _failure(response)
    seconds["commit_answer"] = time.perf_counter() - step
    response = _after_job(client, response, seconds, "save")
    seconds["commit"] = time.perf_counter() - step
    seconds["total"] = time.perf_counter() - started
    seconds["games"] = Game.objects.count() - before
    seconds["summary"] = response["Location"]
    return seconds


def _after_job(client, response, seconds, name):
    """When the page answered with a background job (a large file), run the worker on it as the site's would,
    time it, and follow the job's page to where it sends the visitor (the preview, the import's page)."""
    from django.core.management import call_command
    from django.urls import resolve

    if resolve(response["Location"]).url_name != "job":
        return response
    started = time.perf_counter()
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    seconds[f"worker_{name}"] = time.perf_counter() - started
    answer = client.get(response["Location"])
    assert answer.status_code == 302, _failure(answer)
    return answer


def _peak_mib():
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _failure(response):
    text = response.content.decode(errors="replace")
    found = re.findall(r'class="(?:errorlist|errors|message)[^"]*"[^>]*>(.*?)</', text, re.S)
    return f"{response.status_code} {found[:3]}"


def _setup(url):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from benchmarks.django_site import start_django

    start_django(url)


def _build_here(url, folder, counts):
    _setup(url)
    from django.core.management import call_command

    from league.models import Club

    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    club = Club.objects.get(slug=CLUB)
    build_club(club)
    for games in counts:
        started = time.perf_counter()
        data = build_file(club, games)
        (Path(folder) / f"games-{games}.xlsx").write_bytes(data)
        print(f"Built a file of {games:,} games ({len(data) / 2**20:.2f} MiB) in {time.perf_counter() - started:.1f} s")
    from django.db import connection, connections

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them in time
            cursor.execute("ANALYZE")
    connections.close_all()


def _client(club):
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(SERVER_NAME="localhost")
    client.force_login(get_user_model().objects.get(username=SECRETARY))
    return client


def _import_here(url, path, profile):
    """One import in this process (on its own copy of the database): JSON figures on the last line."""
    _setup(url)
    from django.conf import settings
    from django.test.utils import setup_test_environment

    from league.models import Club

    setup_test_environment()  # lets the test client run outside the test runner (in-memory email, any host)
    # As in production: with DEBUG on, Django keeps the text of every query in memory.
    settings.DEBUG = False
    club = Club.objects.get(slug=CLUB)
    data = Path(path).read_bytes()
    client = _client(club)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu = time.process_time()
    if profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        figures = import_through_pages(client, club, data)
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(45)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    else:
        figures = import_through_pages(client, club, data)
    figures["cpu"] = time.process_time() - cpu
    figures["rss_before_mib"] = round(before, 1)
    figures["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(figures))


def _one_run(database, path, profile=False):
    copy = database.fresh_copy()
    child = subprocess.run(
        [sys.executable, __file__, "--import-only", copy, str(path)] + (["--profile-run"] if profile else []),
        capture_output=True,
        text=True,
    )
    if child.returncode != 0:
        raise SystemExit(child.stderr)
    if profile:
        print(child.stderr)
    return json.loads(child.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[5_000, 20_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="profile one more run of each size with cProfile")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (database and files)")
    parser.add_argument("--postgres", metavar="URL", help="build in this PostgreSQL database (created and dropped)")
    parser.add_argument("--import-only", nargs=2, metavar=("DATABASE", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--profile-run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.import_only:
        _import_here(*args.import_only, args.profile_run)
        return
    # Every step runs in a process of its own: a process's peak memory (ru_maxrss) carries over into a
    # process it starts, so this one stays small and never loads Django.
    from recompute import Postgres, Sqlite  # the benchmark databases (this file's folder is the script's path)

    folder = tempfile.mkdtemp(prefix="janroku-import-bench-")
    database = Postgres(args.postgres) if args.postgres else Sqlite(folder)
    _build(database.url, folder, args.games)
    for games in args.games:
        path = Path(folder) / f"games-{games}.xlsx"
        runs = [_one_run(database, path) for _run in range(args.runs)]
        assert all(run["games"] == games for run in runs), [run["games"] for run in runs]
        p50 = {
            step: statistics.median(run.get(step, 0) for run in runs)
            for step in ("upload", "worker_read", "preview", "commit_answer", "worker_save", "commit", "total", "cpu")
        }
        peak = max(run["peak_rss_mib"] for run in runs)
        totals = ", ".join(f"{run['total']:.2f}" for run in runs)
        budget = BUDGET.get(games)
        verdict = (
            ""
            if budget is None
            else (
                f"; budget {budget:g} s: {'within' if p50['total'] < budget and peak < MEMORY_BUDGET_MIB else 'OVER'}"
            )
        )
        print(
            f"{games:,} games, p50 of {args.runs} runs: upload answered in {p50['upload']:.2f} s "
            f"(then the worker read it in {p50['worker_read']:.2f} s), "
            f"preview {p50['preview']:.2f} s, commit {p50['commit']:.2f} s "
            f"(answered in {p50['commit_answer']:.2f} s, the worker saving {p50['worker_save']:.2f} s), "
            f"total {p50['total']:.2f} s "
            f"({p50['cpu']:.2f} s CPU) "
            f"(runs: {totals}); peak memory {peak:.0f} MiB "
            f"(before the upload {runs[0]['rss_before_mib']:.0f} MiB){verdict}"
        )
        if args.profile:
            _one_run(database, path, profile=True)
    if not args.keep:
        database.drop()
    if args.keep:
        print(f"Kept {folder}")
    else:
        shutil.rmtree(folder)


def _build(url, folder, counts):
    subprocess.run([sys.executable, __file__, "--build-here", url, folder, *map(str, counts)], check=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--build-here":
        _build_here(sys.argv[2], sys.argv[3], [int(count) for count in sys.argv[4:]])
    else:
        main()
