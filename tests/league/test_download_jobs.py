"""Long downloads written by the worker: the results CSV of many games and a page table's download of many rows.

Above their limits the request answers at once with the job's page, the worker writes the same file the request
would have sent, and the page offers it; below them nothing changes.  A table's file is for the person who asked
for it only, while they keep the role they had in the club (the table may show what depends on who reads it).
"""

import csv
import io
import re

import pytest
from django.test.html import parse_html
from django.urls import resolve
from openpyxl import load_workbook

from league.jobs import store
from league.models import Member
from league.models.people import Membership, Role
from league.page_tables import base as page_tables
from league.views import exports as export_views

from .conftest import _person, game_post
from .standings_html import text_of
from .test_manage_people import url

pytestmark = pytest.mark.django_db

HOSTILE = '=HYPERLINK("https://example.com","見て")'
EXPORT_QUERY = {"season": "all", "rule_set": "", "min_games": "0"}


@pytest.fixture
def games(client, club, meeting, secretary):
    """Two games; 北村四郎 is named like a formula."""
    client.force_login(secretary)
    for round_number in ("1", "2"):
        response = client.post(
            url("enter_game", club.slug, meeting.pk),
            game_post(
                round=round_number,
                score_0=str(52300 + 100 * int(round_number)),
                score_1=str(31500 - 100 * int(round_number)),
                bust_3="0",
            ),
        )
        assert response.status_code == 302
    client.logout()
    Member.objects.filter(club=club, name="北村四郎").update(name=HOSTILE)


@pytest.fixture
def large_exports(monkeypatch):
    monkeypatch.setattr(export_views, "EXPORT_GAMES_IN_REQUEST", 1)


@pytest.fixture
def large_tables(monkeypatch):
    monkeypatch.setattr(page_tables, "TABLE_ROWS_IN_REQUEST", 1)


def job_of(response):
    assert response.status_code == 302, response.status_code
    match = resolve(response["Location"])
    assert match.url_name == "job", response["Location"]
    return store.load(match.kwargs["job_id"])


def content(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def csv_rows(data: bytes) -> list[list[str]]:
    assert data.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def xlsx_rows(data: bytes) -> list[tuple]:
    return [tuple((cell.value, cell.data_type) for cell in row) for row in load_workbook(io.BytesIO(data)).active]


def offered(client, job_page):
    """The job page's text and its download, fetched through its link."""
    page = client.get(job_page)
    assert page.status_code == 200
    html = page.content.decode()
    link = re.search(r'href="([^"]+/download)"', html).group(1)
    download = client.get(link)
    assert download.status_code == 200
    return " ".join(text_of(parse_html(html)).split()), download


# -- the results CSV --------------------------------------------------------------------------------------------


def test_the_results_csv_of_few_games_stays_in_the_request(client, club, member, games, monkeypatch):
    monkeypatch.setattr(export_views, "EXPORT_GAMES_IN_REQUEST", 2)
    client.force_login(member)
    response = client.get(url("export_csv", club.slug), EXPORT_QUERY)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize(
    ("language", "ready", "link", "heading"),
    [
        ("en", "The results CSV is ready.", "Download the results CSV", "Rule set"),
        ("ja", "個人成績のCSVができました。", "個人成績のCSVをダウンロード", "ルール"),
    ],
)
def test_the_results_csv_of_many_games_is_written_by_the_worker(
    client, club, member, games, monkeypatch, language, ready, link, heading
):
    client.force_login(member)
    address = url("export_csv", club.slug, language=language)
    in_request = csv_rows(content(client.get(address, EXPORT_QUERY)))
    monkeypatch.setattr(export_views, "EXPORT_GAMES_IN_REQUEST", 1)
    response = client.get(address, EXPORT_QUERY)
    job = job_of(response)
    assert (job.kind, job.state, job.language) == ("results_csv", "done", language)
    text, download = offered(client, response["Location"])
    assert ready in text and link in text
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    assert download["Content-Disposition"].endswith('.csv"') or ".csv" in download["Content-Disposition"]
    rows = csv_rows(content(download))
    assert rows == in_request and heading in rows[0]
    assert any("'" + HOSTILE in row for row in rows)  # still defused, as the request writes it
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


@pytest.mark.parametrize("who", ["anonymous", "outsider", "secretary"])
def test_the_results_csv_job_is_for_the_clubs_own_people(
    client, club, member, secretary, outsider, games, who, large_exports
):
    client.force_login(member)
    response = client.get(url("export_csv", club.slug), EXPORT_QUERY)
    location = response["Location"]
    client.logout()
    if who != "anonymous":
        client.force_login({"outsider": outsider, "secretary": secretary}[who])
    expected = {"anonymous": 404, "outsider": 404, "secretary": 200}[who]  # a private club: hidden from outsiders
    assert client.get(location).status_code == expected
    assert client.get(f"{location}download").status_code == expected


# -- a page table's download ------------------------------------------------------------------------------------


def test_a_short_table_download_stays_in_the_request(client, club, member, games):
    client.force_login(member)
    response = client.get(url("member_list", club.slug), {"_export": "csv"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
@pytest.mark.parametrize(
    ("language", "title", "ready", "link", "back"),
    [
        ("en", "Preparing the download", "The file is ready.", "Download the file", "Back to the page"),
        ("ja", "ダウンロードを用意しています", "ファイルができました。", "ファイルをダウンロード", "ページに戻る"),
    ],
)
def test_a_long_table_download_is_written_by_the_worker(
    client, club, member, games, monkeypatch, export_format, language, title, ready, link, back
):
    higashida = Member.objects.get(club=club, name="東田一郎")
    client.force_login(member)
    address = url("member_page", club.slug, higashida.pk, language=language)
    query = {"season": "all", "_export": export_format}
    in_request = client.get(address, query)
    assert in_request.status_code == 200
    monkeypatch.setattr(page_tables, "TABLE_ROWS_IN_REQUEST", 1)
    response = client.get(address, query)
    job = job_of(response)
    assert (job.kind, job.state, job.file_name) == ("table_download", "done", f"games.{export_format}")
    waiting = client.get(response["Location"])
    html = waiting.content.decode()
    assert title in html and ready in html and link in html and back in html
    assert f'href="{address}?season=all"' in html  # back to the page as it was shown
    _text, download = offered(client, response["Location"])
    assert download["Content-Disposition"] == in_request["Content-Disposition"]
    if export_format == "csv":
        rows = csv_rows(content(download))
        assert rows == csv_rows(in_request.content) and len(rows) == 3
        assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)
    else:
        rows = xlsx_rows(content(download))
        assert rows == xlsx_rows(in_request.content) and len(rows) == 3
        assert not any(kind == "f" for row in rows for _value, kind in row)  # no formula, whatever a name holds


def test_a_long_table_download_with_no_prefix_is_the_first_table(client, club, member, games, large_tables):
    client.force_login(member)
    job = job_of(client.get(url("member_list", club.slug), {"_export": "csv", "sort": "-games"}))
    assert job.data["query"] == "_export=csv&sort=-games"
    _text, download = offered(client, job_url_of(club, job))
    names = [row[0] for row in csv_rows(content(download))]
    assert names[0] == "Name" and "東田一郎" in names and "'" + HOSTILE in names  # defused as in the request


def job_url_of(club, job) -> str:
    return url("job", club.slug, job.id)


@pytest.mark.parametrize("who", ["anonymous", "outsider", "other_member", "owner", "starter"])
def test_a_table_download_job_is_only_for_who_asked(client, club, member, owner, outsider, games, large_tables, who):
    client.force_login(member)
    job = job_of(client.get(url("member_list", club.slug), {"_export": "csv"}))
    client.logout()
    people = {"outsider": outsider, "owner": owner, "starter": member}
    people["other_member"] = _person(club, "another", Role.MEMBER)
    if who != "anonymous":
        client.force_login(people[who])
    expected = 200 if who == "starter" else 404
    assert client.get(job_url_of(club, job)).status_code == expected
    assert client.get(url("job_download", club.slug, job.id)).status_code == expected


def test_a_table_download_job_is_gone_once_its_asker_leaves_the_club(client, club, member, games, large_tables):
    client.force_login(member)
    job = job_of(client.get(url("member_list", club.slug), {"_export": "csv"}))
    Membership.objects.filter(user=member).delete()
    club.is_public = True  # they may still read the club's public pages, but not what they saw as a member
    club.save()
    assert client.get(url("job_download", club.slug, job.id)).status_code == 404


def test_a_visitor_of_a_public_club_gets_the_public_pages_download(client, club, member, games, large_tables):
    club.is_public = True
    club.save()
    job = job_of(client.get(url("member_list", club.slug), {"_export": "xlsx"}))
    assert job.state == "done" and job.user_id is None
    assert client.get(url("job_download", club.slug, job.id)).status_code == 200
    client.force_login(member)  # a member reading the same page sees it as a member: not this job's file
    assert client.get(url("job_download", club.slug, job.id)).status_code == 404


def test_a_members_only_table_is_not_queued_for_a_visitor(client, club, meeting, games, large_tables):
    club.is_public = True
    club.save()
    jobs_before = set(store.jobs_folder().iterdir())
    response = client.get(url("meeting_detail", club.slug, meeting.pk), {"_export": "csv", "_table": "money-"})
    assert response.status_code in (200, 403) and "Content-Disposition" not in response
    assert set(store.jobs_folder().iterdir()) == jobs_before


def test_the_worker_refuses_a_page_the_asker_may_no_longer_read(client, club, member, games, large_tables, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # nothing runs it yet
    from league.jobs.tasks import run_job

    client.force_login(member)
    job = job_of(client.get(url("member_list", club.slug), {"_export": "csv"}))
    assert job.state == "queued"
    Membership.objects.filter(user=member).delete()
    assert run_job.call(job.id) == "failed"
    assert store.load(job.id).message == "That page can no longer be downloaded by you."
    assert not store.load(job.id).output.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["results_csv", "table_download"])
def test_the_database_workers_command_writes_the_file(client, club, member, games, settings, monkeypatch, kind):
    """The real backend: the request only queues the job; ``manage.py db_worker`` writes the file."""
    from django.core.management import call_command

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    monkeypatch.setattr(export_views, "EXPORT_GAMES_IN_REQUEST", 1)
    monkeypatch.setattr(page_tables, "TABLE_ROWS_IN_REQUEST", 1)
    client.force_login(member)
    if kind == "results_csv":
        response = client.get(url("export_csv", club.slug), EXPORT_QUERY)
    else:
        response = client.get(url("member_list", club.slug), {"_export": "csv"})
    job = job_of(response)
    assert (job.kind, job.state) == (kind, "queued")
    assert client.get(url("job_download", club.slug, job.id)).status_code == 404  # nothing to offer yet
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert store.load(job.id).state == "done"
    _text, download = offered(client, response["Location"])
    assert csv_rows(content(download))[1:]
