"""A job's page (league/jobs/): how far the work got, refreshing itself, then its result.

Who may open it is who may start that kind of work: a secretary for an import, the owner for a recompute, the
club's people for the workbook and the results CSV; a job of another club is not found.  A page table's download
is for the person who asked for it only, while they keep the role in the club the page was shown for (what a
page shows may depend on who reads it: league/jobs/page_downloads.py); anyone else is told it is not found.
Once done, an import that was read goes on to its preview (what was read becomes the visitor's waiting import,
as a small file's does), a recompute's plan to the recompute page (which shows the plan the job kept), a saved
import and a recompute go on to their pages with the outcome, and a file written (the workbook, the results
CSV, a table's download) is offered.
"""

import json
import time

from django.contrib import messages
from django.http import FileResponse, Http404, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from ..imports import pending
from ..jobs import store
from ..jobs.store import DONE, FAILED, QUEUED
from ..jobs.tasks import recompute_page_url
from ..models.clubs import RuleSet
from ..page_tables.base import EXPORT_PARAMETER, TABLE_PARAMETER
from ..web.permissions import club_access, club_for_members, club_for_owner, club_for_secretary

ACCESS = {
    "import_read": club_for_secretary,
    "import_save": club_for_secretary,
    "recompute_plan": club_for_owner,
    "recompute": club_for_owner,
    "export": club_for_members,
    "results_csv": club_for_members,
    "table_download": club_access,  # and only for the person who asked (``_job``)
}
STEPS = {
    "started": _("Starting"),
    "reading": _("Reading the file"),
    "planning": _("Working out every game again"),
    "saving": _("Saving"),
    "writing": _("Writing the workbook"),
    "writing_file": _("Writing the file"),
}
TITLES = {
    "import_read": _("Reading the import"),
    "import_save": _("Saving the import"),
    "recompute_plan": _("Working out what recomputing would change"),
    "recompute": _("Recomputing the games"),
    "export": _("Writing the season workbook"),
    "results_csv": _("Writing the results CSV"),
    "table_download": _("Preparing the download"),
}
# A job that writes a file: what its page says once the file is there (the news, the link, the way back).
FILES = {
    "export": (_("The workbook is ready."), _("Download the workbook"), _("Back to the export")),
    "results_csv": (_("The results CSV is ready."), _("Download the results CSV"), _("Back to the export")),
    "table_download": (_("The file is ready."), _("Download the file"), _("Back to the page")),
}
REFRESH_SECONDS = 2
# Queued longer than this, the page says the worker may not be running.
WORKER_LATE = 60
CONTENT_TYPES = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "csv": "text/csv; charset=utf-8",
}


def _job(request, slug, job_id):
    job = store.load(job_id)
    if job is None:
        raise Http404
    access = ACCESS[job.kind](request, slug)
    if job.club_id != access.club.pk:
        raise Http404
    if job.kind == "table_download" and not _asked_by(request, access, job):
        raise Http404
    return access, job


def _asked_by(request, access, job) -> bool:
    """Whether the visitor is who asked for the download, with the role in the club they had then."""
    user_id = request.user.pk if request.user.is_authenticated else None
    return user_id == job.user_id and access.role == job.data["role"]


@require_GET
def job_page(request, slug, job_id):
    access, job = _job(request, slug, job_id)
    if job.state == DONE and job.kind == "import_read":
        return _to_import(request, access, job)
    if job.state == DONE and job.kind == "recompute_plan":  # the recompute page shows the plan it kept
        return redirect(job.next_url)
    if job.state == DONE and job.kind in ("import_save", "recompute"):
        if job.kind == "import_save":
            pending.discard(request.session, access.club, job.data["token"])
        messages.success(request, job.message)
        return redirect(job.next_url)
    waiting = job.state not in (DONE, FAILED)
    ready, download, back = FILES.get(job.kind, ("", "", ""))
    return render(
        request,
        "league/jobs/status.html",
        {
            "access": access,
            "club": access.club,
            "job": job,
            "title": TITLES[job.kind],
            "waiting": waiting,
            "refresh": REFRESH_SECONDS if waiting else None,
            "step": STEPS.get(job.step, ""),
            "seconds": int(time.time() - (job.started or job.created)),
            "worker_late": job.state == QUEUED and time.time() - job.created > WORKER_LATE,
            "back_url": _back_url(access.club, job),
            "ready": ready,
            "download": download,
            "back": back,
        },
    )


@require_GET
def job_download(request, slug, job_id):
    """The file a finished job wrote (the workbook, the results CSV, a table's download)."""
    _access, job = _job(request, slug, job_id)
    if job.kind not in FILES or job.state != DONE or not job.output.exists():
        raise Http404
    content_type = CONTENT_TYPES[job.file_name.rpartition(".")[2]]
    return FileResponse(job.output.open("rb"), as_attachment=True, filename=job.file_name, content_type=content_type)


def _to_import(request, access, job):
    """Make what the worker read the visitor's waiting import, and go on to its next step."""
    rule_set = RuleSet.objects.filter(club=access.club, pk=job.data["rule_set"]).first()
    if rule_set is None or not job.output.exists():
        raise Http404
    read = json.loads(job.output.read_text(encoding="utf-8"))
    if not pending.exists(read.get("kept")):  # saved since (what was kept goes with it), or kept too long
        raise Http404
    token = pending.adopt(request.session, access.club, rule_set, read["kept"], read.get("message", ""))
    if not read["table"]:
        return redirect("import_columns", slug=access.club.slug, token=token)
    return redirect("import_preview", slug=access.club.slug, token=token)


def _back_url(club, job):
    if job.kind == "import_save":
        return reverse("import_preview", args=[club.slug, job.data["token"]])
    if job.kind in ("recompute_plan", "recompute"):
        return recompute_page_url(club, job.data["rule_set"], job.data.get("version"))
    if job.kind in ("export", "results_csv"):
        return f"{reverse('export', args=[club.slug])}?{job.data['query']}"
    if job.kind == "table_download":  # the page itself, as it was shown
        query = QueryDict(job.data["query"], mutable=True)
        query.pop(EXPORT_PARAMETER, None)
        query.pop(TABLE_PARAMETER, None)
        return f"{job.data['path']}?{query.urlencode()}" if query else job.data["path"]
    return reverse("import_results", args=[club.slug])
