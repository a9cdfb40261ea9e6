"""Long work off the request: a large import read and saved, a recompute and the season workbook run as jobs,
whose page shows how far they got and then their result, for the people who could start them."""

import io
import re

import openpyxl
import pytest
from django.core.management import call_command
from django.urls import resolve

from league.jobs import store
from league.jobs import tasks as start_job
from league.models import Club, Game, Meeting, RuleSet
from league.services import recompute
from league.views import exports as export_views
from league.views import imports as import_views
from league.views import manage_rules as rules_views

from .import_files import ROWS, xlsx_bytes
from .recompute_data import NEW_TOTALS, recompute_url, totals
from .test_import_pages import upload
from .test_roles import refusal


@pytest.fixture
def everything_in_the_background(monkeypatch):
    """Every import, recompute and workbook counts as large."""
    monkeypatch.setattr(import_views, "IMPORT_BYTES_IN_REQUEST", 0)
    monkeypatch.setattr(import_views, "IMPORT_ROWS_IN_REQUEST", 0)
    monkeypatch.setattr(rules_views, "RECOMPUTE_GAMES_IN_REQUEST", 0)
    monkeypatch.setattr(export_views, "EXPORT_GAMES_IN_REQUEST", -1)


def job_of(response):
    match = resolve(response["Location"])
    assert match.url_name == "job", response["Location"]
    return store.load(match.kwargs["job_id"])


def test_a_large_file_is_read_then_previewed_then_saved_in_the_background(
    client, secretary, club, everything_in_the_background
):
    client.force_login(secretary)
    response = upload(client, club, xlsx_bytes(ROWS))
    job = job_of(response)
    assert (job.kind, job.state) == ("import_read", "done")
    preview = client.get(response["Location"])  # the job's page keeps what was read, and goes on to the preview
    assert resolve(preview["Location"]).url_name == "import_preview"
    page = client.get(preview["Location"])
    assert page.status_code == 200 and "+71.0" in page.content.decode()
    fingerprint = page.context["plan"].fingerprint
    saving = client.post(preview["Location"], {"action": "commit", "fingerprint": fingerprint})
    job = job_of(saving)
    assert (job.kind, job.state) == ("import_save", "done")
    assert Game.objects.count() == 3
    batch_page = client.get(saving["Location"])
    assert resolve(batch_page["Location"]).url_name == "import_batch"
    assert client.get(preview["Location"]).status_code == 302  # the import no longer waits


def test_a_bad_large_file_says_why_on_the_jobs_page(client, secretary, club, everything_in_the_background):
    client.force_login(secretary)
    response = upload(client, club, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), name="games.xls")
    job = job_of(response)
    assert job.state == "failed"
    html = client.get(response["Location"]).content.decode()
    assert job.message in html and "http-equiv" not in html


def test_a_stale_save_in_the_background_saves_nothing(client, secretary, club, everything_in_the_background):
    client.force_login(secretary)
    preview = client.get(upload(client, club, xlsx_bytes(ROWS))["Location"])
    saving = client.post(preview["Location"], {"action": "commit", "fingerprint": "from-an-older-page"})
    assert job_of(saving).state == "failed"
    assert Game.objects.count() == 0
    html = client.get(saving["Location"]).content.decode()
    assert "何も保存していません" in html and job_of(saving).message in html


def test_a_recompute_of_many_games_runs_in_the_background(
    client, owner, rule_set, recompute_games, new_version, everything_in_the_background
):
    client.force_login(owner)
    fingerprint = recompute.plan(rule_set).fingerprint
    response = client.post(recompute_url(rule_set), {"fingerprint": fingerprint})
    assert job_of(response).state == "done"
    done = client.get(response["Location"], follow=True)
    assert done.redirect_chain[-1][0] == "/en/c/kaze/manage/rules/"
    assert "2 games recomputed." in done.content.decode()
    assert totals(recompute_games["new"][0]) == NEW_TOTALS


def test_a_large_workbook_is_written_in_the_background_and_downloaded(
    client, member, club, meeting, secretary, everything_in_the_background
):
    client.force_login(member)
    response = client.get(f"/c/{club.slug}/export/season.xlsx?season=all&rule_set=&min_games=0")
    job = job_of(response)
    assert (job.kind, job.state) == ("export", "done")
    html = client.get(response["Location"]).content.decode()
    download = re.search(r'href="([^"]+/download)"', html).group(1)
    workbook = client.get(download)
    assert workbook.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(b"".join(workbook.streaming_content)), read_only=True)
    assert len(book.sheetnames) > 3


@pytest.mark.parametrize("who", ["anonymous", "outsider", "member"])
def test_only_those_who_could_start_an_import_see_its_job(
    client, request, club, secretary, who, everything_in_the_background
):
    client.force_login(secretary)
    location = upload(client, club, xlsx_bytes(ROWS))["Location"]
    client.logout()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(location).status_code == refusal("import_results", who, method="GET")


def test_a_job_of_another_club_is_not_found(client, club, owner, secretary, everything_in_the_background):
    other = Club.objects.create(slug="other", name="他の会")
    RuleSet.objects.create(club=other, slug="main", name="四人打ち")
    client.force_login(secretary)
    job = job_of(upload(client, club, xlsx_bytes(ROWS)))
    client.force_login(owner)
    assert client.get(f"/c/{other.slug}/jobs/{job.id}/").status_code == 404
    assert client.get(f"/c/{club.slug}/jobs/../{job.id}/").status_code == 404
    assert client.get(f"/c/{club.slug}/jobs/no-such-job/").status_code == 404


def test_a_job_still_waiting_shows_its_progress_and_refreshes_itself(client, member, club, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # nothing runs it
    client.force_login(member)
    job = start_job.export(club, member, "season=all&rule_set=&min_games=0")
    html = client.get(f"/c/{club.slug}/jobs/{job.id}/").content.decode()
    assert '<meta http-equiv="refresh" content="2">' in html
    assert "順番を待っています" in html


def test_small_work_stays_in_the_request(client, secretary, club):
    client.force_login(secretary)
    response = upload(client, club, xlsx_bytes(ROWS))
    assert resolve(response["Location"]).url_name == "import_preview"


@pytest.mark.django_db(transaction=True)
def test_the_database_workers_command_runs_a_queued_job(client, club, member, meeting, settings):
    """The real backend: the job is queued in the database and done by ``manage.py db_worker``."""
    from django_tasks_db.models import DBTaskResult

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    job = start_job.export(club, member, "season=all&rule_set=&min_games=0")
    assert store.load(job.id).state == "queued"
    assert DBTaskResult.objects.get().status == "READY"
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    done = store.load(job.id)
    assert done.state == "done" and done.output.stat().st_size > 0
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert Meeting.objects.count() == 1


def test_a_job_runs_once_even_if_queued_again(club, member, meeting):
    from league.jobs.tasks import run_job

    job = start_job.export(club, member, "season=all&rule_set=&min_games=0")
    finished = store.load(job.id).finished
    assert run_job.call(job.id) == "done"  # a queue restored from a backup may hold it again
    assert store.load(job.id).finished == finished


def test_a_file_over_the_limit_is_refused_at_once_not_queued(
    client, secretary, club, everything_in_the_background, monkeypatch
):
    from league.forms import imports as import_forms

    monkeypatch.setattr(import_forms, "MAX_BYTES", 1000)
    monkeypatch.setattr("league.imports.reading.MAX_BYTES", 1000)
    client.force_login(secretary)
    jobs_before = set(store.jobs_folder().iterdir())
    response = upload(client, club, xlsx_bytes(ROWS))
    assert response.status_code == 400
    assert set(store.jobs_folder().iterdir()) == jobs_before
