"""Backup and restore cannot bring damage back: a site in its own database (an SQLite file, or a scratch PostgreSQL
database when the suite runs on PostgreSQL), driven by separate processes, with writers killed mid-transaction."""

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import uuid
import zipfile
from pathlib import Path

import environ
import psycopg
import pytest
from django.conf import settings
from psycopg import sql

ROOT = Path(settings.BASE_DIR)
ON_POSTGRESQL = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


def manage(url, *arguments, check=True):
    """``manage.py`` of the site at ``url``, as its own process (speaking the site's language, Japanese)."""
    environment = {**os.environ, "DATABASE_URL": url}
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def shell(url, function):
    code = f"from tests.league.backup_site import {function}; {function}()"
    return manage(url, "shell", "--no-imports", "-c", code).stdout


def state(url):
    return shell(url, "state")


class Writer:
    """A process in the middle of a transaction that changes every seat and voids every game, never committing."""

    def __init__(self, url):
        self.process = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "shell",
                "--no-imports",
                "-c",
                "from tests.league.backup_site import write_and_hang; write_and_hang()",
            ],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": url},
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout.readline().strip() == "writing"

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process.stdout.close()


class PostgreSQLSites:
    """Scratch databases beside the suite's own (named after it), dropped at the end."""

    def __init__(self):
        self.config = environ.Env.db_url_config(os.environ["DATABASE_URL"])
        self.names = []

    def url(self):
        name = f"{self.config['NAME']}_restore_{uuid.uuid4().hex[:8]}"
        self.names.append(name)
        config = self.config
        login = config["USER"] + (f":{config['PASSWORD']}" if config.get("PASSWORD") else "")
        return f"postgres://{login}@{config['HOST']}:{config.get('PORT') or 5432}/{name}"

    def create(self, url):
        self.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(url.rsplit("/", 1)[1])))

    def copy(self, source):
        """A new site, a copy of the one at ``source`` (no process connected to it)."""
        url = self.url()
        name, template = (sql.Identifier(address.rsplit("/", 1)[1]) for address in (url, source))
        self.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(name, template))
        return url

    def drop_all(self):
        for name in self.names:
            self.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def execute(self, statement):
        config = self.config
        with psycopg.connect(
            dbname="postgres",
            host=config["HOST"],
            port=config.get("PORT") or 5432,
            user=config["USER"],
            password=config.get("PASSWORD") or None,
            autocommit=True,
        ) as server:
            server.execute(statement)


class SQLiteSites:
    def __init__(self, folder):
        self.folder = folder

    def url(self):
        return f"sqlite:///{self.folder / uuid.uuid4().hex[:8]}.sqlite3"

    def create(self, url):
        pass

    def copy(self, source):
        url = self.url()
        for suffix in ("", "-wal"):  # the last connection to close folded the log in; copied if one is left
            if Path(f"{database_file(source)}{suffix}").exists():
                shutil.copyfile(f"{database_file(source)}{suffix}", f"{database_file(url)}{suffix}")
        return url

    def drop_all(self):
        pass


@pytest.fixture
def sites(tmp_path):
    made = PostgreSQLSites() if ON_POSTGRESQL else SQLiteSites(tmp_path)
    yield made
    made.drop_all()


@pytest.fixture(scope="module")
def set_up_site(tmp_path_factory):
    """A site migrated, with the seed clubs and two weeks of the demo: set up once (18-34 s in CI), copied by each
    test that needs one."""
    made = PostgreSQLSites() if ON_POSTGRESQL else SQLiteSites(tmp_path_factory.mktemp("set-up"))
    site = made.url()
    made.create(site)
    shell(site, "set_up")
    yield site
    made.drop_all()


def database_file(url):
    return Path(url.removeprefix("sqlite:///"))


def test_a_restore_brings_back_exactly_the_backup_whatever_was_killed_or_damaged_meanwhile(
    sites, set_up_site, tmp_path
):
    site = sites.copy(set_up_site)
    at_backup = state(site)
    backup = tmp_path / "site.zip"

    writer = Writer(site)  # the backup is taken while a writer is mid-transaction, then the writer is killed
    manage(site, "backup", "--output", str(backup))
    writer.kill()
    assert state(site) == at_backup
    if not ON_POSTGRESQL:  # the copy is one self-contained file: rollback journal (1), not WAL (2), in its header
        with zipfile.ZipFile(backup) as archive, archive.open("database.sqlite3") as copy:
            assert tuple(copy.read(20)[18:20]) == (1, 1)

    shell(site, "damage")
    assert state(site) != at_backup
    writer = Writer(site)
    if not ON_POSTGRESQL:  # SQLite sees a site still running (another connection) and waits for it to stop
        refused = manage(site, "restore", str(backup), "--yes", check=False)
        assert refused.returncode != 0
        assert "は使用中です（サイトが動いていませんか）" in refused.stderr
    writer.kill()  # the site's last writer dies mid-transaction, leaving its -wal and -shm on SQLite
    if not ON_POSTGRESQL:
        assert Path(f"{database_file(site)}-wal").stat().st_size > 0

    manage(site, "restore", str(backup), "--yes")
    if not ON_POSTGRESQL:
        assert not Path(f"{database_file(site)}-wal").exists()
    assert state(site) == at_backup

    elsewhere = sites.url()  # a database that does not exist yet is created
    manage(elsewhere, "restore", str(backup), "--yes")
    assert state(elsewhere) == at_backup


def test_a_refused_restore_changes_nothing(sites, set_up_site, tmp_path):
    site = sites.copy(set_up_site)
    backup = tmp_path / "site.zip"
    manage(site, "backup", "--output", str(backup))
    shell(site, "damage")
    before = state(site)

    noise = tmp_path / "noise.zip"
    noise.write_bytes(hashlib.sha512(b"noise").digest() * 1000)
    refused = manage(site, "restore", str(noise), "--yes", check=False)
    assert refused.returncode != 0
    assert "は雀録のバックアップではありません" in refused.stderr

    damaged = tmp_path / "damaged.zip"
    with zipfile.ZipFile(backup) as source, zipfile.ZipFile(damaged, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name.startswith("database"):
                middle = len(data) // 2
                data = data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]
            target.writestr(name, data)
    refused = manage(site, "restore", str(damaged), "--yes", check=False)
    assert refused.returncode != 0
    assert "は壊れています" in refused.stderr

    refused = manage(site, "restore", str(backup), check=False)  # not confirmed: no one typed yes
    assert refused.returncode != 0
    assert "何も復元していません" in refused.stderr
    assert state(site) == before


def test_a_backup_from_older_code_is_restored_then_migrated(sites, tmp_path):
    site = sites.url()
    sites.create(site)
    manage(site, "migrate", "--no-input")
    manage(site, "migrate", "--no-input", "league", "0010")  # the code before day totals
    backup = tmp_path / "older.zip"
    manage(site, "backup", "--output", str(backup))
    with zipfile.ZipFile(backup) as archive:
        assert "league.0011_day_totals" not in archive.read("janroku-backup.json").decode()
    manage(site, "migrate", "--no-input")

    restored = manage(site, "restore", str(backup), "--yes", "--verbosity", "0").stdout
    assert re.search(r"バックアップにない新しいマイグレーションが \d+ 件あります。適用します。", restored)
    plan = manage(site, "showmigrations", "league", "--plan").stdout
    assert "[X]  league.0011_day_totals" in plan
    assert "[ ]" not in plan
