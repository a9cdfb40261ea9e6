"""A site in a database of its own, driven by separate processes as a server would be: set up, read, written to by
a writer that is killed mid-transaction, backed up and restored (tests/league/test_backup_restore.py).

Each function runs in a ``manage.py shell`` of that site; ``state`` prints what a restore must bring back exactly:
every club's standings JSON (each rule set, each season and all games) and every stored seat.
"""

import datetime
import io
import json
import os
import time

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.db.models import F
from django.test import Client

from league.models import Club, Game, GameSeat, Season


def set_up():
    call_command("migrate", verbosity=0)
    call_command("load_seed_clubs", verbosity=0)
    call_command("demo", weeks=2, today=datetime.date(2026, 11, 21), on_production=True, stdout=io.StringIO())


def state():
    reader, _ = get_user_model().objects.get_or_create(username="backup-reader", defaults={"is_superuser": True})
    client = Client()
    client.force_login(reader)
    standings = {}
    for club in Club.objects.order_by("pk"):
        seasons = [*Season.objects.filter(club=club).order_by("pk").values_list("pk", flat=True), "all"]
        for rule_set in club.rule_sets.order_by("pk"):
            for season in seasons:
                url = f"/c/{club.slug}/api/standings.json?rule_set={rule_set.slug}&season={season}"
                response = client.get(url)
                assert response.status_code == 200, url
                standings[url] = response.json()
    seats = [list(row) for row in GameSeat.objects.order_by("pk").values_list()]
    print(json.dumps({"standings": standings, "seats": seats}, ensure_ascii=False, default=str))


def write_and_hang():
    """Change every seat and void every game in one transaction, say so, and wait to be killed before committing.

    On SQLite a tiny page cache makes the unfinished transaction spill into the ``-wal`` file, after a committed
    write of its own (a login), as a big save would: the killed writer leaves both kinds of frames behind."""
    get_user_model().objects.get_or_create(username=f"writer-{os.getpid()}")
    if connection.vendor == "sqlite":
        connection.cursor().execute("PRAGMA cache_size = 1")
    with transaction.atomic():
        GameSeat.objects.update(total=F("total") + 1000, place=1)
        Game.objects.update(void=True)
        print("writing", flush=True)
        time.sleep(600)


def damage():
    """What happens after a backup that the restore must undo: committed changes to the games and seats."""
    GameSeat.objects.filter(pk__in=GameSeat.objects.order_by("pk").values("pk")[:40]).update(total=-999)
    Game.objects.filter(pk__in=Game.objects.order_by("-pk").values("pk")[:5]).update(void=True)
