"""Starting a job from a page: its folder with what the work needs, then the task queued.

Each function returns the job; the page sends the visitor to its address (``job_url``).  With the immediate
backend (the tests) the work is done before the function returns.
"""

from __future__ import annotations

import json

from django.urls import reverse
from django.utils import translation

from ..imports.pending import mapping_to_data
from . import store
from .store import Job
from .tasks import run_job


def _queued(job: Job) -> Job:
    run_job.enqueue(job.id)
    return store.load(job.id) or job


def job_url(club, job: Job) -> str:
    return reverse("job", args=[club.slug, job.id])


def _new(kind: str, club, user, **data: object) -> Job:
    return store.new_job(kind, club.pk, user.pk if user.is_authenticated else None, translation.get_language(), **data)


def read_import(club, user, rule_set, sent: bytes, name: str) -> Job:
    """Read an import's file (``name``) or pasted text (no name) in the worker."""
    job = _new("import_read", club, user, rule_set=rule_set.pk, name=name)
    job.write_input("input", sent)
    return _queued(job)


def save_import(club, user, pending, expected: str, seasons) -> Job:
    """Save a waiting import in the worker, as its preview (fingerprint ``expected``) showed it."""
    job = _new("import_save", club, user, rule_set=pending.rule_set.pk, token=pending.token)
    job.write_input(
        "input",
        json.dumps(
            {
                "table": pending.table.to_data(),
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
