"""Backing up and restoring the PostgreSQL database with PostgreSQL's own client tools.

``pg_dump --format=custom`` writes the dump while the site runs.  A restore replays it with ``psql`` in ONE
transaction, after dropping and recreating the ``public`` schema: either the database is exactly the
backup's, or (on any error) exactly what it was.  A database that does not exist yet is created first.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
from django.conf import settings
from django.db import connection, connections
from django.utils.translation import gettext as _
from psycopg import sql

from league.backups import BackupRefused

# How long the restore waits for a running site's transaction to end before it gives up, unchanged.
LOCK_TIMEOUT = "10s"


def tool(name):
    found = shutil.which(name)
    if not found:
        raise BackupRefused(
            _(
                "%(tool)s is not installed; install PostgreSQL's client tools (on Debian: "
                "apt-get install postgresql-client)."
            )
            % {"tool": name}
        )
    return found


def client_environment():
    """The libpq variables naming the configured server, so that no password ever appears on a command line."""
    config = settings.DATABASES["default"]
    names = {"HOST": "PGHOST", "PORT": "PGPORT", "USER": "PGUSER", "PASSWORD": "PGPASSWORD"}
    environment = {**os.environ, "PGDATABASE": config["NAME"], "PGCONNECT_TIMEOUT": "10"}
    environment.update({variable: str(config[key]) for key, variable in names.items() if config.get(key)})
    if config.get("OPTIONS", {}).get("sslmode"):
        environment["PGSSLMODE"] = config["OPTIONS"]["sslmode"]
    return environment


def run(command, what):
    done = subprocess.run(command, env=client_environment(), capture_output=True, text=True)
    if done.returncode:
        raise BackupRefused(_("%(what)s failed: %(why)s") % {"what": what, "why": done.stderr.strip()})
    return done.stdout


def snapshot(target):
    """Dump the live database into ``target``; answer its migrations and the server's version."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations")
        migrations = [f"{app}.{name}" for app, name in cursor.fetchall()]
    run([tool("pg_dump"), "--format=custom", f"--file={target}"], "pg_dump")
    return migrations, {"server_version": connection.pg_version}


def restore(backup):
    pg_restore, psql = tool("pg_restore"), tool("psql")
    with tempfile.TemporaryDirectory(prefix="janroku-restore-") as folder:
        dump, script = Path(folder) / "database.dump", Path(folder) / "database.sql"
        backup.extract_to(dump)
        try:
            run([pg_restore, "--list", str(dump)], "pg_restore")
        except BackupRefused as refusal:
            raise BackupRefused(_("%(file)s is damaged: %(why)s") % {"file": backup.path, "why": refusal}) from refusal
        run([pg_restore, "--no-owner", "--no-privileges", f"--file={script}", str(dump)], "pg_restore")
        connections.close_all()
        create_database_if_missing()
        run(
            [
                psql,
                "--no-psqlrc",
                "--quiet",
                "--single-transaction",
                "--set=ON_ERROR_STOP=1",
                f"--command=SET lock_timeout = '{LOCK_TIMEOUT}'",
                "--command=DROP SCHEMA IF EXISTS public CASCADE",
                "--command=CREATE SCHEMA public",
                f"--file={script}",
            ],
            "psql",
        )


def create_database_if_missing():
    config = settings.DATABASES["default"]
    keywords = {
        "host": config.get("HOST") or None,
        "port": config.get("PORT") or None,
        "user": config.get("USER") or None,
        "password": config.get("PASSWORD") or None,
        "sslmode": config.get("OPTIONS", {}).get("sslmode"),
    }
    keywords = {key: value for key, value in keywords.items() if value}
    try:
        with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=10, **keywords) as server:
            if not server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [config["NAME"]]).fetchone():
                server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(config["NAME"])))
    except psycopg.Error as error:
        raise BackupRefused(
            _("Could not create the database %(name)s: %(why)s") % {"name": config["NAME"], "why": error}
        ) from error
