"""The recompute page of a rule set with many games: its plan is made by the worker (a "recompute_plan" job), the
job's page shows how far it got, and then the recompute page shows the plan the request would have shown."""

import datetime

import pytest
from django.db.models import F
from django.test.html import parse_html
from django.urls import resolve

from league.jobs import store
from league.jobs.tasks import run_job
from league.models import Game
from league.services import recompute
from league.views import manage_rules as rules_views

from .recompute_data import NEW_TOTALS, OLD_TOTALS, recompute_url, totals
from .standings_html import classes, find_all, text_of
from .test_roles import refusal

QUEUED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}  # nothing runs a job by itself
IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def many_games(monkeypatch):
    """Every rule set counts as one of many games."""
    monkeypatch.setattr(rules_views, "RECOMPUTE_GAMES_IN_REQUEST", 0)


@pytest.fixture
def with_a_problem(rule_set, new_version):
    """The first version now starts after the old meeting's day: that game is a problem, the two new ones change."""
    rule_set.versions.exclude(pk=new_version.pk).update(effective_from=datetime.date(2026, 1, 1))


def job_of(response):
    match = resolve(response["Location"])
    assert match.url_name == "job", response["Location"]
    return store.load(match.kwargs["job_id"])


def plan_shown(response):
    """What a recompute page shows of its plan: its headings, the games listed with their seats, the problems,
    and the fingerprint its Save button sends."""
    assert response.status_code == 200
    page = parse_html(response.content.decode())
    fingerprints = [
        dict(node.attributes)["value"]
        for node in find_all(page, lambda node: node.name == "input" and ("name", "fingerprint") in node.attributes)
    ]
    return {
        "headings": [text_of(node) for node in find_all(page, lambda node: node.name == "h2")],
        "changes": find_all(page, lambda node: "recompute-game" in classes(node)),
        "problems": find_all(page, lambda node: ("id", "problems") in node.attributes),
        "fingerprint": fingerprints,
    }


def test_a_plan_of_many_games_is_made_by_the_worker_and_shown_as_the_request_would(
    client, owner, rule_set, recompute_games, with_a_problem, settings, monkeypatch
):
    client.force_login(owner)
    in_request = plan_shown(client.get(recompute_url(rule_set)))
    assert len(in_request["changes"]) == 2 and len(in_request["problems"]) == 1
    assert in_request["fingerprint"] == [recompute.plan(rule_set).fingerprint]

    monkeypatch.setattr(rules_views, "RECOMPUTE_GAMES_IN_REQUEST", 0)
    settings.TASKS = QUEUED_ONLY
    response = client.get(recompute_url(rule_set))
    job = job_of(response)  # the page answers at once, with the job's address
    assert (job.kind, job.state) == ("recompute_plan", "queued")
    waiting = client.get(response["Location"]).content.decode()
    assert '<meta http-equiv="refresh" content="2">' in waiting
    assert "Working out what recomputing would change" in waiting
    assert "再計算で変わる対局を調べています" in client.get(response["Location"].removeprefix("/en")).content.decode()

    assert run_job.call(job.id) == "done"  # the worker, in this process
    done = client.get(response["Location"])
    assert done["Location"] == recompute_url(rule_set)
    assert plan_shown(client.get(done["Location"])) == in_request


def test_a_plan_is_kept_in_the_language_it_was_asked_in(
    client, owner, rule_set, recompute_games, with_a_problem, many_games
):
    client.force_login(owner)
    english = job_of(client.get(recompute_url(rule_set)))
    japanese = job_of(client.get(recompute_url(rule_set, english=False)))  # the problems are said in Japanese
    assert japanese.id != english.id and japanese.language == "ja"
    html = client.get(recompute_url(rule_set, english=False)).content.decode()
    assert "再計算できない対局" in html


def test_the_plan_the_worker_made_is_saved_by_the_worker(
    client, owner, rule_set, recompute_games, new_version, many_games, settings
):
    client.force_login(owner)
    response = client.get(recompute_url(rule_set))  # the tests' backend runs the job before answering
    assert job_of(response).state == "done"
    fingerprint = plan_shown(client.get(client.get(response["Location"])["Location"]))["fingerprint"]
    assert fingerprint == [recompute.plan(rule_set).fingerprint]
    saving = client.post(recompute_url(rule_set), {"fingerprint": fingerprint[0]})
    assert (job_of(saving).kind, job_of(saving).state) == ("recompute", "done")
    assert "2 games recomputed." in client.get(saving["Location"], follow=True).content.decode()
    assert totals(recompute_games["new"][0]) == NEW_TOTALS


def test_a_plan_is_shown_again_while_its_games_stay_the_same(
    client, owner, rule_set, recompute_games, new_version, many_games
):
    client.force_login(owner)
    first = job_of(client.get(recompute_url(rule_set)))
    jobs = set(store.jobs_folder().iterdir())
    page = client.get(recompute_url(rule_set))  # the same inputs: the plan kept is shown, no new job
    assert page.status_code == 200 and len(plan_shown(page)["changes"]) == 2
    assert set(store.jobs_folder().iterdir()) == jobs
    for_one_version = job_of(client.get(recompute_url(rule_set, version=new_version)))
    assert for_one_version.id != first.id
    Game.objects.filter(pk=recompute_games["new"][0].pk).update(revision=F("revision") + 1)
    again = job_of(client.get(recompute_url(rule_set)))  # a game saved since: planned again
    assert again.id not in (first.id, for_one_version.id)


def test_a_game_changed_between_the_plan_and_the_save_stops_the_save(
    client, owner, rule_set, recompute_games, new_version, many_games
):
    client.force_login(owner)
    shown = client.get(client.get(client.get(recompute_url(rule_set))["Location"])["Location"])
    fingerprint = plan_shown(shown)["fingerprint"][0]
    Game.objects.filter(pk=recompute_games["new"][1].pk).update(revision=F("revision") + 1)
    saving = client.post(recompute_url(rule_set), {"fingerprint": fingerprint})
    job = job_of(saving)
    assert job.state == "failed"
    html = client.get(saving["Location"]).content.decode()
    assert "The games to recompute changed since the list was shown. Check the list again." in html
    assert totals(recompute_games["new"][0]) == OLD_TOTALS


def test_a_plan_job_is_kept_small(client, owner, rule_set, recompute_games, new_version, many_games, monkeypatch):
    from league.services import recompute_shown

    monkeypatch.setattr(recompute_shown, "SHOWN_CHANGES", 1)
    client.force_login(owner)
    job = job_of(client.get(recompute_url(rule_set)))
    kept = store.load(job.id)
    assert len(rules_views.start_job.planned(kept).changes) == 1
    html = client.get(recompute_url(rule_set)).content.decode()
    assert html.count('class="recompute-game"') == 1
    assert "… and 1 more game, not listed here: it is saved with these." in html
    assert "2 games would change" in html


@pytest.mark.parametrize("who", ["anonymous", "outsider", "member", "secretary"])
def test_only_the_owner_sees_a_plan_job(
    client, request, owner, rule_set, recompute_games, new_version, who, many_games
):
    client.force_login(owner)
    location = client.get(recompute_url(rule_set))["Location"]
    client.logout()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(location).status_code == refusal("recompute_rules", who, method="GET")
    assert client.get(recompute_url(rule_set)).status_code == refusal("recompute_rules", who, method="GET")


def test_a_few_games_are_still_planned_in_the_request(client, owner, rule_set, recompute_games, new_version):
    client.force_login(owner)
    jobs_before = set(store.jobs_folder().iterdir())
    response = client.get(recompute_url(rule_set))
    assert response.status_code == 200 and len(plan_shown(response)["changes"]) == 2
    assert set(store.jobs_folder().iterdir()) == jobs_before


def test_a_plan_whose_kept_part_is_gone_is_made_again(
    client, owner, rule_set, recompute_games, new_version, many_games
):
    client.force_login(owner)
    first = job_of(client.get(recompute_url(rule_set)))
    first.output.unlink()
    again = job_of(client.get(recompute_url(rule_set)))
    assert again.id != first.id and again.state == "done"
