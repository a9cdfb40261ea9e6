"""A site's backup: one zip file holding ``janroku-backup.json`` (what it is) and the database (docs/hosting.md).

The meta file says the site ("janroku"), the format, the database vendor, when it was made, every migration
the database had, and the database file's name, size and SHA-256.  ``open_backup`` checks all of it before a
restore touches anything: a file that is not ours, of another vendor, from newer code or damaged is refused
with a ``BackupRefused`` and the database is left as it was.
"""

import datetime
import hashlib
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext as _

SITE = "janroku"
FORMAT = 1
META = "janroku-backup.json"
PAYLOADS = {"sqlite": "database.sqlite3", "postgresql": "database.dump"}
VENDOR_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
CHUNK = 1024 * 1024


class BackupRefused(Exception):
    """A backup that must not be restored (or written), with the message for the person running the command."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def site_vendor():
    """The configured database's vendor, as a backup names it; other databases have no backup command."""
    if connection.vendor not in PAYLOADS:
        raise BackupRefused(
            _("Backups cover SQLite and PostgreSQL; this site's database is %(vendor)s.")
            % {"vendor": connection.vendor}
        )
    return connection.vendor


def default_path(now=None):
    """``backups/janroku-<UTC time>.zip`` in the project folder: the time alone names it, no club."""
    now = now or datetime.datetime.now(datetime.UTC)
    return Path(settings.BASE_DIR) / "backups" / f"janroku-{now:%Y-%m-%dT%H%M%SZ}.zip"


def known_migrations():
    """Every migration this code has, as ``app.name``."""
    return {f"{app}.{name}" for app, name in MigrationLoader(None, ignore_no_migrations=True).disk_migrations}


def file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as source:
        while chunk := source.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def write_backup(path, vendor, database_file, migrations, **facts):
    """Wrap ``database_file`` and its meta into the zip at ``path``; a half-written file never takes the name."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "site": SITE,
        "format": FORMAT,
        "vendor": vendor,
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "migrations": sorted(migrations),
        "database": PAYLOADS[vendor],
        "size": os.path.getsize(database_file),
        "sha256": file_digest(database_file),
        **facts,
    }
    handle, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    os.close(handle)
    try:
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            archive.writestr(META, json.dumps(meta, ensure_ascii=False, indent=1))
            archive.write(database_file, PAYLOADS[vendor])
        sync(partial)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return meta


@dataclass
class Backup:
    path: Path
    meta: dict

    @property
    def migrations(self):
        return set(self.meta["migrations"])

    def older_than_the_code(self):
        """Migrations the code has and the backup's database lacks: ``migrate`` applies them after a restore."""
        return sorted(known_migrations() - self.migrations)

    def extract_to(self, target):
        """Write the database file to ``target`` (flushed to disk), refusing it if its size or digest differ."""
        digest = hashlib.sha256()
        try:
            with (
                zipfile.ZipFile(self.path) as archive,
                archive.open(self.meta["database"]) as source,
                open(target, "wb") as out,
            ):
                while chunk := source.read(CHUNK):
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
        except (KeyError, zipfile.BadZipFile, OSError, EOFError) as error:
            raise BackupRefused(_("%(file)s is damaged: %(why)s") % {"file": self.path, "why": error}) from error
        if os.path.getsize(target) != self.meta["size"] or digest.hexdigest() != self.meta["sha256"]:
            raise BackupRefused(
                _("%(file)s is damaged: its database does not match the digest written when it was made.")
                % {"file": self.path}
            )


def open_backup(path, vendor):
    """The backup at ``path`` if this site may restore it; otherwise ``BackupRefused`` says why."""
    path = Path(path)
    not_ours = _("%(file)s is not a Janroku backup (a zip file made by “manage.py backup”).") % {"file": path}
    if not path.is_file():
        raise BackupRefused(_("No file %(file)s.") % {"file": path})
    try:
        with zipfile.ZipFile(path) as archive:
            meta = json.loads(archive.read(META).decode("utf-8"))
            names = set(archive.namelist())
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, EOFError) as error:
        raise BackupRefused(not_ours) from error
    if (
        not isinstance(meta, dict)
        or meta.get("site") != SITE
        or meta.get("vendor") not in PAYLOADS
        or not isinstance(meta.get("migrations"), list)
        or meta.get("database") != PAYLOADS[meta["vendor"]]
    ):
        raise BackupRefused(not_ours)
    if meta.get("format") != FORMAT:
        raise BackupRefused(
            _("%(file)s is a backup in a format this version of Janroku does not read (format %(format)s).")
            % {"file": path, "format": meta.get("format")}
        )
    if meta["vendor"] != vendor:
        raise BackupRefused(
            _(
                "%(file)s is a backup of a database on %(theirs)s, and this site runs on %(ours)s. "
                "To move between databases, use dumpdata and loaddata (docs/hosting.md)."
            )
            % {"file": path, "theirs": VENDOR_NAMES[meta["vendor"]], "ours": VENDOR_NAMES[vendor]}
        )
    newer = sorted(set(meta["migrations"]) - known_migrations())
    if newer:
        raise BackupRefused(
            _(
                "%(file)s was made by a newer version of Janroku: this code lacks the migrations "
                "%(migrations)s. Update the code first, then restore."
            )
            % {"file": path, "migrations": ", ".join(newer)}
        )
    if meta["database"] not in names:
        raise BackupRefused(_("%(file)s is damaged: its database is missing.") % {"file": path})
    return Backup(path, meta)


def sync(path):
    """Flush a file to disk, so that a rename after it never names an empty file after a power cut."""
    with open(path, "rb") as written:
        os.fsync(written.fileno())


def sync_folder(folder):
    """Flush a folder's entries (a rename) to disk; some systems cannot, which only loses that guarantee."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
