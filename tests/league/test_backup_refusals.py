"""``manage.py restore`` refuses what is not a backup of this site before touching anything, in both languages."""

import datetime
import json
import sqlite3
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import translation

from league.backups import META, PAYLOADS, default_path, known_migrations, write_backup

OTHER_VENDOR = "postgresql" if connection.vendor == "sqlite" else "sqlite"


def a_backup(folder, vendor=connection.vendor, migrations=None, **changes):
    """A real backup file (of a tiny database) whose meta is then changed as the test needs."""
    database = folder / "tiny.sqlite3"
    with sqlite3.connect(database) as tiny:
        tiny.execute("CREATE TABLE IF NOT EXISTS t (x)")
    tiny.close()
    path = folder / "backup.zip"
    meta = write_backup(path, vendor, database, sorted(known_migrations()) if migrations is None else migrations)
    if changes:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr(META, json.dumps({**meta, **changes}))
            archive.write(database, PAYLOADS[vendor])
    return path


def refusal(path, language):
    with translation.override(language), pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--yes")
    return refused.value.args[0]


def noise(folder):
    path = folder / "noise.zip"
    path.write_bytes(bytes(range(256)) * 64)
    return path


def zip_of_something_else(folder):
    path = folder / "photos.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("photo.jpg", b"\xff\xd8\xff")
    return path


def another_site(folder):
    return a_backup(folder, site="wordpress")


NOT_OURS = {
    "en": "is not a Janroku backup (a zip file made by “manage.py backup”).",
    "ja": "は雀録のバックアップではありません（「manage.py backup」で作った zip ファイルを指定してください）。",
}


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("make", [noise, zip_of_something_else, another_site])
def test_a_file_that_is_not_our_backup_is_refused(tmp_path, make, language):
    assert refusal(make(tmp_path), language).endswith(NOT_OURS[language])


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "is a backup of a database on {theirs}, and this site runs on {ours}."),
        ("ja", "は {theirs} のデータベースのバックアップで、このサイトは {ours} で動いています。"),
    ],
)
def test_a_backup_of_the_other_vendor_is_refused(tmp_path, language, expected):
    names = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
    message = refusal(a_backup(tmp_path, vendor=OTHER_VENDOR), language)
    assert expected.format(theirs=names[OTHER_VENDOR], ours=names[connection.vendor]) in message


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "was made by a newer version of Janroku: this code lacks the migrations league.9999_from_the_future."),
        ("ja", "は新しい版の雀録で作られています。このコードにはマイグレーション league.9999_from_the_future が"),
    ],
)
def test_a_backup_from_newer_code_is_refused(tmp_path, language, expected):
    path = a_backup(tmp_path, migrations=[*known_migrations(), "league.9999_from_the_future"])
    assert expected in refusal(path, language)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "is a backup in a format this version of Janroku does not read (format 2)."),
        ("ja", "は、この版の雀録が読めない形式（形式 2）のバックアップです。"),
    ],
)
def test_a_backup_in_a_later_format_is_refused(tmp_path, language, expected):
    assert expected in refusal(a_backup(tmp_path, format=2), language)


def test_a_missing_file_is_refused(tmp_path):
    assert refusal(tmp_path / "nowhere.zip", "en") == f"No file {tmp_path / 'nowhere.zip'}."
    assert refusal(tmp_path / "nowhere.zip", "ja") == f"ファイル {tmp_path / 'nowhere.zip'} がありません。"


def test_a_restore_asks_first_and_stops_without_a_yes(tmp_path, monkeypatch):
    questions = []
    monkeypatch.setattr("builtins.input", lambda question: questions.append(question) or "no")
    with translation.override("en"), pytest.raises(CommandError, match="Nothing restored"):
        call_command("restore", str(a_backup(tmp_path)))
    assert "Everything saved since is lost." in questions[0]


def test_backups_go_to_a_git_ignored_folder_named_by_the_time_alone(settings):
    path = default_path(datetime.datetime(2026, 11, 21, 9, 5, 7, tzinfo=datetime.UTC))
    assert path == settings.BASE_DIR / "backups" / "janroku-2026-11-21T090507Z.zip"
    ignored = (settings.BASE_DIR / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "/backups/" in ignored
