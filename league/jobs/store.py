"""A job's folder in the site's state folder: what the work needs, how far it got, and what it gave.

``job.json`` holds its kind, club, who started it, their language, its state and progress and, once done, its
outcome (a message, the address to go on to, a file to download); the work's inputs and outputs are files
beside it.  Each write replaces the file whole, so a page never reads half of one.  Folders older than
``KEPT`` are removed when a new job is made.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from janroku import site_state

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
KEPT = 24 * 3600  # seconds a job's folder is kept


@dataclass
class Job:
    id: str
    kind: str  # "import_read", "import_save", "recompute_plan", "recompute", "export", "results_csv",
    # "table_download"
    club_id: int
    user_id: int | None
    language: str
    state: str = QUEUED
    step: str = ""  # what the work is doing now, as the page says it (a key of views.jobs.STEPS)
    message: str = ""  # the outcome, already in the starter's language
    next_url: str = ""  # where the visitor goes on to once it is done
    file_name: str = ""  # the download's name, for a job that writes a file
    created: float = field(default_factory=time.time)
    started: float | None = None
    finished: float | None = None
    data: dict = field(default_factory=dict)  # small facts the work or its page need (ids, counts)

    @property
    def folder(self) -> Path:
        return jobs_folder() / self.id

    @property
    def output(self) -> Path:
        return self.folder / "output"

    @property
    def finished_ok(self) -> bool:
        return self.state == DONE

    def save(self) -> None:
        partial = self.folder / f".job.{os.getpid()}"
        partial.write_text(json.dumps(asdict(self), ensure_ascii=False), encoding="utf-8")
        partial.replace(self.folder / "job.json")

    def update(self, **changes: object) -> None:
        for name, value in changes.items():
            setattr(self, name, value)
        self.save()

    def write_input(self, name: str, content: bytes) -> None:
        (self.folder / name).write_bytes(content)

    def read_input(self, name: str) -> bytes:
        return (self.folder / name).read_bytes()


def jobs_folder() -> Path:
    path = site_state.folder() / "jobs"
    path.mkdir(exist_ok=True, mode=0o700)
    return path


def new_job(kind: str, club_id: int, user_id: int | None, language: str, **data: object) -> Job:
    _remove_old()
    job = Job(
        id=secrets.token_urlsafe(12), kind=kind, club_id=club_id, user_id=user_id, language=language, data=dict(data)
    )
    job.folder.mkdir(mode=0o700)
    job.save()
    return job


def load(job_id: str) -> Job | None:
    """The job of this id, or None (never made, removed, or not an id at all)."""
    if not job_id or not all(c.isalnum() or c in "-_" for c in job_id):
        return None
    try:
        data = json.loads((jobs_folder() / job_id / "job.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return Job(**data)


def recent(kind: str, club_id: int, within: float) -> list[Job]:
    """The club's jobs of ``kind`` made in the last ``within`` seconds, newest first (for work a page may reuse)."""
    limit = time.time() - within
    jobs = []
    for folder in jobs_folder().iterdir():
        try:
            if folder.stat().st_mtime < limit:  # untouched since before then: made before then too
                continue
        except FileNotFoundError:
            continue
        job = load(folder.name)
        if job is not None and job.kind == kind and job.club_id == club_id and job.created >= limit:
            jobs.append(job)
    return sorted(jobs, key=lambda job: job.created, reverse=True)


def _remove_old() -> None:
    limit = time.time() - KEPT
    for folder in jobs_folder().iterdir():
        try:
            if folder.stat().st_mtime < limit:
                shutil.rmtree(folder, ignore_errors=True)
        except FileNotFoundError:
            continue
