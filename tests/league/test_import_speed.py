"""The import benchmark's own parts, on 200 games: its file imports through the pages, every game saved."""

import datetime
import sys
from pathlib import Path

from django.urls import resolve

from league.models import Game, GameSeat, ImportBatch

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import import_games  # the benchmarks folder is not a package: found through sys.path above


def test_the_benchmark_file_imports_through_the_pages(client, club):
    secretary = import_games.build_club(club)
    data = import_games.build_file(club, 200, first_day=datetime.date(2021, 4, 1))
    client.force_login(secretary)
    figures = import_games.import_through_pages(client, club, data)
    assert figures["games"] == 200 and Game.objects.count() == 200 and GameSeat.objects.count() == 800
    batch = ImportBatch.objects.get()
    assert resolve(figures["summary"]).kwargs == {"slug": club.slug, "batch_id": batch.pk}
    assert all(game.history.get().history_type == "+" for game in Game.objects.all()[:5])
