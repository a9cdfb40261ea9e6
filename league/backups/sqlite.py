"""Backing up and restoring the SQLite database file, safely while the site runs (backup) or is stopped (restore).

The copy comes from SQLite's online backup API: one consistent snapshot of what was committed, whatever a
writer is doing meanwhile (an unfinished transaction is not in it).  The copy is switched to the rollback
journal (``journal_mode=DELETE``), so the backup is one file with no ``-wal`` beside it.
"""

import os
import sqlite3
import stat
import tempfile
from pathlib import Path

from django.conf import settings
from django.db import connection, connections
from django.utils.translation import gettext as _

from league.backups import BackupRefused, sync, sync_folder


def database_file():
    name = str(settings.DATABASES["default"]["NAME"])
    if name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        raise BackupRefused(_("The site's SQLite database is in memory: there is no file to back up or restore."))
    return Path(name)


def snapshot(target):
    """Copy the live database into the new file ``target``; answer the migrations the copy has."""
    database_file()
    connection.ensure_connection()
    copy = sqlite3.connect(target)
    try:
        connection.connection.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")
        checked = copy.execute("PRAGMA quick_check").fetchone()[0]
        if checked != "ok":
            raise BackupRefused(
                _("The site's database is damaged (%(why)s); no backup was written.") % {"why": checked}
            )
        migrations = [f"{app}.{name}" for app, name in copy.execute("SELECT app, name FROM django_migrations")]
    finally:
        copy.close()
    return migrations


def restore(backup):
    """Replace the configured database file by the backup's: checked, flushed, then renamed over it in one step."""
    target = database_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".restoring")
    os.close(handle)
    try:
        backup.extract_to(partial)
        check_copy(partial, backup)
        keep_owner_and_mode(target, partial)
        connections.close_all()
        let_go_of(target)
        for leftover in ("-wal", "-shm", "-journal"):
            Path(f"{target}{leftover}").unlink(missing_ok=True)
        os.replace(partial, target)
        sync_folder(target.parent)
    finally:
        Path(partial).unlink(missing_ok=True)


def keep_owner_and_mode(target, path):
    """The restored file keeps the old one's owner and permissions: the site's user must still write it."""
    if not target.exists():
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(path, 0o666 & ~umask)
        return
    old = target.stat()
    os.chmod(path, stat.S_IMODE(old.st_mode))
    try:
        os.chown(path, old.st_uid, old.st_gid)
    except PermissionError:
        pass  # only root can give a file away; anyone else restores their own file


def check_copy(path, backup):
    try:
        copy = sqlite3.connect(path)
        try:
            checked = copy.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            copy.close()
    except sqlite3.DatabaseError as error:
        checked = str(error)
    if checked != "ok":
        raise BackupRefused(
            _("%(file)s is damaged: its database fails SQLite's check (%(why)s).")
            % {"file": backup.path, "why": checked}
        )
    sync(path)


def let_go_of(target):
    """Fold the old file's committed ``-wal`` into it and stop using WAL, which SQLite allows only to the one
    connection open: any other (a running site) makes the restore stop here with the database unchanged.

    A writer killed mid-transaction leaves a ``-wal`` and ``-shm``; this recovers them (its unfinished
    transaction is dropped), and they are removed before the rename, so that no stale ``-wal`` is ever
    replayed onto the restored file.  A target that is not a database any more (the damage being repaired)
    has nothing to fold and is simply replaced."""
    if not target.exists():
        return
    try:
        old = sqlite3.connect(target, timeout=2)
    except sqlite3.DatabaseError:
        return
    try:
        mode = old.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise BackupRefused(
                _("The database %(file)s is in use (is the site running?). Stop the site, then restore.")
                % {"file": target}
            ) from error
        return
    except sqlite3.DatabaseError:
        return
    finally:
        old.close()
    if mode.lower() == "wal":
        raise BackupRefused(
            _("The database %(file)s is in use (is the site running?). Stop the site, then restore.") % {"file": target}
        )
