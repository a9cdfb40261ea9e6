"""What every process of one site must see alike, kept as files in the site's state folder (docs/hosting.md).

- **Maintenance mode** (``maintenance``): the operator's switch; pages stay readable, writes are refused.
- **Requests seen** (``seen``): touched by the middleware at most every ``SEEN_EVERY`` seconds, so that
  ``restore`` can tell a site that is serving.
- **Serving processes** (``processes/<host>@<pid>``): a process that answered a request, so that a site
  running but idle on this machine is seen too.
- **Writes in flight** (``writes/<host>@<pid>@<n>``): a POST or a background job that writes, from before it
  looks at the switch until it has finished, so that turning maintenance mode on waits for them and no save
  acknowledged after it is lost to a restore.

Files, not a table: the middleware reads them on every request without a query (pages keep a fixed number of
queries), and a restore, which replaces the database, leaves them as they were.  The folder is
``SITE_STATE_DIR`` when set, else one beside the SQLite database, else one per PostgreSQL database in the
project's ``run/`` folder: processes of one site on one machine share it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import connections

SEEN_EVERY = 5  # seconds between two records of a request by one process
SERVING_WINDOW = 300  # a request seen this recently means the site is serving
STALE_WRITE = 3600  # a write recorded this long ago is a process that died mid-request

_HOST = socket.gethostname()
_counter = itertools.count()
_last_seen = 0.0
_registered: set[Path] = set()


def folder() -> Path:
    """The site's state folder (created on first use)."""
    configured = getattr(settings, "SITE_STATE_DIR", None)
    if configured:
        path = Path(configured)
    else:
        database = connections["default"].settings_dict
        if database["ENGINE"].endswith("sqlite3"):
            name = Path(str(database["NAME"]))
            path = name.parent / f"{name.name}-site"
        else:
            path = Path(settings.BASE_DIR) / "run" / f"{database.get('HOST') or 'local'}-{database['NAME']}"
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _flag() -> Path:
    return folder() / "maintenance"


def maintenance_on() -> bool:
    return _flag().exists()


def maintenance_since() -> str | None:
    """When maintenance mode was turned on (ISO time), or None when it is off."""
    try:
        return json.loads(_flag().read_text(encoding="utf-8")).get("since")
    except FileNotFoundError:
        return None
    except ValueError:
        return ""


def set_maintenance(on: bool, since: str = "") -> None:
    flag = _flag()
    if on:
        partial = flag.with_name(f".maintenance.{os.getpid()}")
        partial.write_text(json.dumps({"since": since}), encoding="utf-8")
        partial.replace(flag)
    else:
        flag.unlink(missing_ok=True)


def saw_request() -> None:
    """Record that this process answered a request (at most every SEEN_EVERY seconds; a file's time)."""
    global _last_seen
    now = time.monotonic()
    if now - _last_seen < SEEN_EVERY:
        return
    _last_seen = now
    state = folder()
    (state / "seen").touch()
    mine = state / "processes" / f"{_HOST}@{os.getpid()}"
    if mine not in _registered:
        mine.parent.mkdir(exist_ok=True, mode=0o700)
        mine.touch()
        _registered.add(mine)


def last_request_age() -> float | None:
    """Seconds since a request was last recorded, or None if none ever was."""
    try:
        return max(0.0, time.time() - (folder() / "seen").stat().st_mtime)
    except FileNotFoundError:
        return None


def _alive(entry: Path) -> bool:
    """Whether the process a state file names is running (on this machine; another machine's counts as running
    while its file is recent)."""
    host, pid_text = [*entry.name.split("@"), "", ""][:2]
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    if host != _HOST:
        try:
            return time.time() - entry.stat().st_mtime < STALE_WRITE
        except FileNotFoundError:
            return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def serving_processes() -> list[str]:
    """The other processes of this site that answered requests and still run (this machine's, and recent ones of
    another machine)."""
    processes = folder() / "processes"
    if not processes.exists():
        return []
    alive = []
    for entry in sorted(processes.iterdir()):
        if entry.name == f"{_HOST}@{os.getpid()}":
            continue
        if _alive(entry):
            alive.append(entry.name)
        else:
            entry.unlink(missing_ok=True)
    return alive


def writes_in_flight() -> list[str]:
    """Writes begun and not finished, by processes still running (a dead process's record is removed)."""
    writes = folder() / "writes"
    if not writes.exists():
        return []
    found = []
    for entry in sorted(writes.iterdir()):
        try:
            age = time.time() - entry.stat().st_mtime
        except FileNotFoundError:
            continue
        if age < STALE_WRITE and _alive(entry):
            found.append(entry.name)
        else:
            entry.unlink(missing_ok=True)
    return found


@contextlib.contextmanager
def write_in_flight() -> Iterator[bool]:
    """Around a write: yields whether it may go on (False in maintenance mode).

    The record is made *before* the switch is read: whoever turns maintenance mode on after this write read it
    as off then sees the record, and waits for the write to finish.
    """
    writes = folder() / "writes"
    writes.mkdir(exist_ok=True, mode=0o700)
    record = writes / f"{_HOST}@{os.getpid()}@{next(_counter)}"
    record.touch()
    try:
        yield not maintenance_on()
    finally:
        record.unlink(missing_ok=True)


def wait_for_writes(timeout: float, poll: float = 0.2) -> list[str]:
    """Wait until no write is in flight, at most ``timeout`` seconds; returns those still running then."""
    deadline = time.monotonic() + timeout
    while (left := writes_in_flight()) and time.monotonic() < deadline:
        time.sleep(poll)
    return left
