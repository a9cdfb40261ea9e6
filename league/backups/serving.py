"""Whether the site may be restored now: only when it is not serving, or is in maintenance mode with no write
still finishing (docs/hosting.md, "Maintenance mode").

"Serving" is read three ways, any of which refuses: a request recorded in the last ``SERVING_WINDOW``
seconds (janroku/site_state.py: the middleware records them), a process on this machine that answered
requests and still runs, and on PostgreSQL another session connected to the database (a site's processes
keep theirs open between requests, whatever machine they run on).
"""

from __future__ import annotations

import time

from django.db import OperationalError, connection
from django.utils.translation import gettext as _

from janroku import site_state

from . import BackupRefused

GONE_WAIT = 5.0  # seconds a session just closed (a process that stopped) may take to leave PostgreSQL's list


def check_safe_to_restore() -> None:
    """Raise ``BackupRefused`` unless a restore can lose no acknowledged save."""
    if site_state.maintenance_on():
        left = site_state.writes_in_flight()
        if left:
            raise BackupRefused(
                _("Saves are still finishing (%(count)s); try again in a moment.") % {"count": len(left)}
            )
        return
    stop_first = _("Turn maintenance mode on first (manage.py maintenance on), or stop the site.")
    age = site_state.last_request_age()
    if age is not None and age < site_state.SERVING_WINDOW:
        raise BackupRefused(
            _("The site is serving: a request was answered %(seconds)s seconds ago. %(what)s")
            % {"seconds": int(age), "what": stop_first}
        )
    if site_state.serving_processes():
        raise BackupRefused(_("The site is serving: its processes are still running. %(what)s") % {"what": stop_first})
    if connection.vendor == "postgresql" and _other_sessions():
        raise BackupRefused(
            _("The site is serving: other sessions are connected to the database. %(what)s") % {"what": stop_first}
        )


def _other_sessions() -> int:
    """Other client sessions on this database, waiting a moment for those of a process that just stopped."""
    deadline = time.monotonic() + GONE_WAIT
    while True:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_stat_clear_snapshot()")  # inside a transaction the list is kept as read
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                )
                count = cursor.fetchone()[0]
        except OperationalError:  # no such database yet (the restore creates it): nothing can be serving from it
            return 0
        if not count or time.monotonic() >= deadline:
            return count
        time.sleep(0.25)
