"""A job's task and how a page starts one (django-tasks; the task is run by ``manage.py db_worker``).

A page starts a job with ``read_import``, ``save_import``, ``plan_recompute``, ``recompute``, ``export``,
``results_csv`` or ``table_download``:
each makes the job's folder with what the work needs (league/jobs/store.py), queues the task and returns the
job, and the page sends the visitor to its address (``job_url``).  With the immediate backend (the tests) the
work is done before the function returns.  What each writes in the folder is read back by its work below, in
this one module.

One task, ``run_job``, takes a job's id: the job's folder holds everything the work needs, so the queue holds
no more than the id.  The work runs in the language of the person who started it and ends with the job
``done`` (its message, the address to go on to, its file) or ``failed`` with a message; a refusal
(``Refused``) is said as it is, anything else as an error the site's log explains.  Work that writes waits
for no one: in maintenance mode it is refused, like a form sent then (janroku/site_state.py).
"""

from __future__ import annotations

import datetime
import json
import logging
import time
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.http import QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django_tasks import task

from janroku import site_state

from ..exports import results_sheet, write_csv, write_season_workbook
from ..forms.period_choice import ExportChoiceForm
from ..imports.commit import commit_table
from ..imports.first_read import read_for_import
from ..imports.pending import copy_table, keep, mapping_from_data, mapping_to_data, read_table
from ..imports.reading import ReadingError
from ..imports.seasons import NewSeason
from ..models.clubs import Club, RuleSet
from ..services import recompute as recomputation
from ..services import recompute_shown
from ..services.refusals import Refused
from ..web.permissions import club_access
from . import page_downloads, store
from .store import DONE, FAILED, QUEUED, RUNNING, Job

logger = logging.getLogger(__name__)


# -- starting a job, from a page ------------------------------------------------------------------------------


def _queued(job: Job) -> Job:
    run_job.enqueue(job.id)
    return store.load(job.id) or job


def job_url(club, job: Job) -> str:
    return reverse("job", args=[club.slug, job.id])


def recompute_page_url(club, rule_set_id: int, version_id: int | None) -> str:
    """The recompute page of a rule set (of one version's games, when given): where a plan is shown and saved."""
    url = reverse("recompute_rules", args=[club.slug, rule_set_id])
    return f"{url}?version={version_id}" if version_id else url


def _new(kind: str, club, user, **data: object) -> Job:
    return store.new_job(kind, club.pk, user.pk if user.is_authenticated else None, translation.get_language(), **data)


def read_import(club, user, rule_set, sent: bytes, name: str) -> Job:
    """Read an import's file (``name``) or pasted text (no name) in the worker."""
    job = _new("import_read", club, user, rule_set=rule_set.pk, name=name)
    job.write_input("input", sent)
    return _queued(job)


def save_import(club, user, pending, expected: str, seasons) -> Job:
    """Save a waiting import in the worker, as its preview (fingerprint ``expected``) showed it.  The job keeps its
    own copy of the rows read (another file chosen meanwhile replaces the waiting import, not what is saved)."""
    job = _new("import_save", club, user, rule_set=pending.rule_set.pk, token=pending.token)
    copy_table(pending, job.folder / "table")
    job.write_input(
        "input",
        json.dumps(
            {
                "mapping": mapping_to_data(pending.mapping),
                "expected": expected,
                "seasons": [
                    {
                        "name": season.name,
                        "starts_on": season.starts_on.isoformat(),
                        "ends_on": season.ends_on.isoformat(),
                    }
                    for season in seasons
                ],
            },
            ensure_ascii=False,
        ).encode("utf-8"),
    )
    return _queued(job)


# A plan made off the request is shown again, rather than made again, for this long while its inputs stay the same.
PLAN_REUSED = 10 * 60  # seconds


def plan_inputs(rule_set, version) -> dict:
    """What a plan of recomputing ``rule_set``'s games (those of ``version`` only, when given) is made from: its
    job's data, and the key under which it is reused (``recompute.inputs_key``: the games and rule versions)."""
    return {
        "rule_set": rule_set.pk,
        "version": version.pk if version else None,
        "inputs": recomputation.inputs_key(rule_set),
    }


def kept_plan(club, inputs: dict) -> Job | None:
    """The plan job of the last ``PLAN_REUSED`` seconds made from ``inputs`` (``plan_inputs``) in this language,
    done or still under way; one that failed is not kept."""
    for job in store.recent("recompute_plan", club.pk, PLAN_REUSED):
        if job.language != translation.get_language() or job.data != inputs:
            continue
        if job.state == FAILED or (job.state == DONE and not job.output.exists()):
            continue
        return job
    return None


def plan_recompute(club, user, inputs: dict) -> Job:
    """Plan recomputing a rule set's games (``plan_inputs``) in the worker, keeping what the recompute page shows
    of the plan (league/services/recompute_shown.py)."""
    return _queued(_new("recompute_plan", club, user, **inputs))


def planned(job: Job) -> recompute_shown.ShownPlan:
    """What a done ``plan_recompute`` job kept of its plan."""
    return recompute_shown.from_data(json.loads(job.output.read_text(encoding="utf-8")))


def recompute(club, user, rule_set, version, fingerprint: str) -> Job:
    """Recompute ``rule_set``'s games (those of ``version`` only, when given) in the worker."""
    return _queued(
        _new(
            "recompute",
            club,
            user,
            rule_set=rule_set.pk,
            version=version.pk if version else None,
            fingerprint=fingerprint,
        )
    )


def export(club, user, query: str) -> Job:
    """Write the season workbook of the export page's ``query`` in the worker."""
    return _queued(_new("export", club, user, query=query))


def results_csv(club, user, query: str) -> Job:
    """Write the results CSV of the export page's ``query`` in the worker."""
    return _queued(_new("results_csv", club, user, query=query))


def start_table_download(request, file_name: str):
    """A page table's download too long for the request (``page_tables.base.configure``) queued, answered with its
    job's page; None when it stays in the request: the worker's own call of the page, or an address that is not a
    club's page."""
    match = request.resolver_match
    slug = match.kwargs.get("slug") if match else None
    if page_downloads.in_worker(request) or not slug:
        return None
    access = club_access(request, slug)  # the page let the visitor in: the role its table was shown for
    job = table_download(
        access.club,
        request.user,
        path=request.path_info,
        query=request.GET.urlencode(),
        role=access.role,
        file_name=file_name,
    )
    return redirect(job_url(access.club, job))


def table_download(club, user, *, path: str, query: str, role: str | None, file_name: str) -> Job:
    """Write the download a page table's address (``path``, ``query``) asks for in the worker, as ``user``, who has
    ``role`` in the club (league/jobs/page_downloads.py)."""
    return _queued(_new("table_download", club, user, path=path, query=query, role=role, file_name=file_name))


# -- doing its work, in the worker ----------------------------------------------------------------------------

WRITES = ("import_save", "recompute")


@task()
def run_job(job_id: str) -> str:
    """Do the work of the job ``job_id``; returns its state (the job's folder holds the rest)."""
    job = store.load(job_id)
    if job is None:
        return "gone"
    if job.state != QUEUED:  # run once: a queue restored from a backup may hold a job that has run since
        return job.state
    with translation.override(job.language):
        job.update(state=RUNNING, started=time.time(), step="started")
        try:
            if job.kind in WRITES:
                with site_state.write_in_flight() as may_write:
                    if not may_write:
                        raise Refused(_("The site is under maintenance: nothing was saved. Try again later."))
                    WORK[job.kind](job)
            else:
                WORK[job.kind](job)
        except Refused as refusal:
            job.update(state=FAILED, message=refusal.message, finished=time.time())
        except Exception:
            logger.exception("Job %s (%s) failed", job.id, job.kind)
            job.update(
                state=FAILED,
                finished=time.time(),
                message=_(
                    "The work stopped with an error. Nothing was half saved: try again, and tell the "
                    "site's operator if it keeps happening."
                ),
            )
        else:
            job.update(state=DONE, finished=time.time())
    return job.state


def _club(job: Job) -> Club:
    return Club.objects.get(pk=job.club_id)


def _user(job: Job):
    return get_user_model().objects.filter(pk=job.user_id).first() if job.user_id else None


def _read_import(job: Job) -> None:
    """Read the file or text sent, and keep what was read (``pending.keep``): the job's page makes it the visitor's
    waiting import."""
    club = _club(job)
    rule_set = RuleSet.objects.filter(club=club, pk=job.data["rule_set"]).with_versions().first()
    if rule_set is None:
        raise Refused(_("That rule set no longer exists. Choose the file again."))
    job.update(step="reading")
    sent = job.read_input("input")
    try:
        if job.data.get("name"):
            read = read_for_import(club, rule_set, data=sent, name=job.data["name"])
        else:
            read = read_for_import(club, rule_set, text=sent.decode("utf-8"))
    except ReadingError as error:
        raise Refused(error.message) from error
    result = {
        "kept": keep(read.table, read.sheet),
        "table": read.table is not None,
        "message": read.unknown.message if read.unknown is not None else "",
    }
    job.output.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


def _save_import(job: Job) -> None:
    """Save the import as its preview showed it (``commit_table`` plans it again under its locks)."""
    club = _club(job)
    rule_set = RuleSet.objects.get(club=club, pk=job.data["rule_set"])
    sent = json.loads(job.read_input("input"))
    job.update(step="saving")
    seasons = [
        NewSeason(name=season["name"], starts_on=_date(season["starts_on"]), ends_on=_date(season["ends_on"]))
        for season in sent["seasons"]
    ]
    batch = commit_table(
        club,
        rule_set,
        read_table(job.folder / "table"),
        mapping_from_data(club, sent["mapping"]),
        _user(job),
        expected=sent["expected"],
        seasons=seasons,
    )
    job.update(
        message=_("Imported %(count)s games.") % {"count": batch.games},
        next_url=reverse("import_batch", args=[club.slug, batch.pk]),
    )


def _plan_recompute(job: Job) -> None:
    """Plan the rule set's games again and keep what the recompute page shows of the plan (not every change)."""
    club = _club(job)
    rule_set = RuleSet.objects.filter(club=club, pk=job.data["rule_set"]).with_versions().first()
    if rule_set is None:
        raise Refused(_("That rule set no longer exists."))
    version = next((v for v in rule_set.versions.all() if v.pk == job.data.get("version")), None)
    job.update(step="planning")
    shown = recompute_shown.shown(recomputation.plan(rule_set, version=version))
    job.output.write_text(json.dumps(recompute_shown.to_data(shown), ensure_ascii=False), encoding="utf-8")
    job.update(next_url=recompute_page_url(club, rule_set.pk, job.data.get("version")))


def _recompute(job: Job) -> None:
    """Plan the rule set's games again, and save them if the plan is still the one the owner saw."""
    club = _club(job)
    rule_set = RuleSet.objects.filter(club=club, pk=job.data["rule_set"]).with_versions().first()
    if rule_set is None:
        raise Refused(_("That rule set no longer exists."))
    version = next((v for v in rule_set.versions.all() if v.pk == job.data.get("version")), None)
    job.update(step="planning")
    plan = recomputation.plan(rule_set, version=version)
    if plan.fingerprint != job.data["fingerprint"]:
        raise Refused(_("The games to recompute changed since the list was shown. Check the list again."))
    job.update(step="saving")
    count = recomputation.apply(plan, _user(job))
    job.update(
        message=_("%(count)s games recomputed.") % {"count": count}, next_url=reverse("manage_rules", args=[club.slug])
    )


def _export_choice(job: Job):
    form = ExportChoiceForm(_club(job), QueryDict(job.data["query"]))
    if form.errors:
        raise Refused(_("The export asked for can no longer be made. Choose it again."))
    return form.choice


def _export(job: Job) -> None:
    """Write the season workbook the export page asked for."""
    choice = _export_choice(job)
    job.update(step="writing")
    write_season_workbook(choice, job.output)
    job.update(file_name=choice.file_name("xlsx"))


def _results_csv(job: Job) -> None:
    """Write the results CSV the export page asked for."""
    choice = _export_choice(job)
    job.update(step="writing_file")
    with job.output.open("wb") as target:
        write_csv(results_sheet(choice), target)
    job.update(file_name=choice.file_name("csv"))


def _table_download(job: Job) -> None:
    """Ask the page for its table's download as the person who asked for it, and keep the file."""
    user = _user(job)
    if job.user_id and user is None:
        raise Refused(_("That page can no longer be downloaded by you."))
    job.update(step="writing_file")
    job.output.write_bytes(page_downloads.page_download(job.data["path"], job.data["query"], user))
    job.update(file_name=job.data["file_name"])


def _date(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


WORK: dict[str, Callable[[Job], None]] = {
    "import_read": _read_import,
    "import_save": _save_import,
    "recompute_plan": _plan_recompute,
    "recompute": _recompute,
    "export": _export,
    "results_csv": _results_csv,
    "table_download": _table_download,
}
