"""An import between its steps: what was read waits in a folder of the site's state folder, the session names it.

Every request reads its visitor's session whole, so a season's rows are not in it; another file replaces the
waiting import and its folder, saving removes it, a save in the background keeps a copy of its own, and a
folder left longer than ``pending.KEPT`` is removed.
"""

import os
import time

import pytest
from django.urls import resolve

from league.imports import pending
from league.jobs import store
from league.models import Game
from league.views import imports as import_views

from .import_files import NAMES, ROWS, game_row, import_url, xlsx_bytes
from .test_import_pages import upload


def waiting(client, club):
    return client.session[f"janroku_import:{club.pk}"]


def kept_folders():
    return {folder.name for folder in pending._imports().iterdir()}


def test_the_session_names_what_was_read_and_holds_none_of_its_rows(client, secretary, club):
    client.force_login(secretary)
    before = kept_folders()
    response = upload(client, club, xlsx_bytes(ROWS))
    data = waiting(client, club)
    assert set(data) == {"token", "rule_set", "kept", "mapping", "message"}
    assert NAMES[0] not in str(dict(client.session))
    assert kept_folders() - before == {data["kept"]}
    assert client.get(response["Location"]).status_code == 200  # the preview reads the rows from the folder


def test_another_file_replaces_the_waiting_import_and_what_was_kept_of_it(client, secretary, club):
    client.force_login(secretary)
    first = upload(client, club, xlsx_bytes(ROWS))
    first_kept = waiting(client, club)["kept"]
    second = upload(client, club, xlsx_bytes(ROWS[:1]))
    assert first_kept not in kept_folders() and waiting(client, club)["kept"] in kept_folders()
    assert client.get(first["Location"])["Location"].endswith(import_url(club))  # no longer waiting
    assert client.get(second["Location"]).status_code == 200


def test_saving_removes_what_was_kept(client, secretary, club):
    client.force_login(secretary)
    response = upload(client, club, xlsx_bytes(ROWS))
    kept = waiting(client, club)["kept"]
    fingerprint = client.get(response["Location"]).context["plan"].fingerprint
    client.post(response["Location"], {"action": "commit", "fingerprint": fingerprint})
    assert Game.objects.count() == 3
    assert kept not in kept_folders()
    assert f"janroku_import:{club.pk}" not in client.session


def test_a_save_in_the_background_keeps_its_own_rows_when_another_file_is_chosen(
    client, secretary, club, settings, monkeypatch
):
    monkeypatch.setattr(import_views, "IMPORT_ROWS_IN_REQUEST", 0)
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # queued, not run yet
    client.force_login(secretary)
    response = upload(client, club, xlsx_bytes(ROWS))
    fingerprint = client.get(response["Location"]).context["plan"].fingerprint
    saving = client.post(response["Location"], {"action": "commit", "fingerprint": fingerprint})
    job = store.load(resolve(saving["Location"]).kwargs["job_id"])
    upload(client, club, xlsx_bytes([game_row(date="2026-12-05")]))  # the waiting import is replaced meanwhile
    from league.jobs.tasks import run_job

    run_job.func(job.id)  # the worker, now
    assert store.load(job.id).state == "done"
    assert Game.objects.count() == 3  # the rows the preview showed, not the new file's


def test_a_finished_read_job_whose_import_was_saved_is_not_found(client, secretary, club, monkeypatch):
    monkeypatch.setattr(import_views, "IMPORT_BYTES_IN_REQUEST", 0)
    client.force_login(secretary)
    job_page = upload(client, club, xlsx_bytes(ROWS))["Location"]
    preview = client.get(job_page)["Location"]
    fingerprint = client.get(preview).context["plan"].fingerprint
    client.post(preview, {"action": "commit", "fingerprint": fingerprint})
    assert Game.objects.count() == 3
    assert client.get(job_page).status_code == 404  # what it read went with the import


def test_what_waited_longer_than_kept_is_removed_when_another_import_is_kept(client, secretary, club):
    client.force_login(secretary)
    upload(client, club, xlsx_bytes(ROWS))
    old = pending._imports() / waiting(client, club)["kept"]
    long_ago = time.time() - pending.KEPT - 60
    os.utime(old, (long_ago, long_ago))
    pending.keep(sheet=None)
    assert not old.exists()


@pytest.mark.parametrize("name", ["", "..", "../jobs", "a/b", None])
def test_a_name_keep_never_gives_is_no_kept_import(name):
    assert not pending.exists(name)
