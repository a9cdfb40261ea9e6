"""Maintenance mode: pages readable with a notice, every write refused (the admin's too) with nothing saved, and a
restore refused while the site is serving unless the mode is on."""

import io
import os
import time
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import translation

from janroku import site_state
from league.backups import serving
from league.models import Game, Member

from .conftest import game_post
from .test_backup_refusals import a_backup
from .test_backup_restore import PostgreSQLSites, SQLiteSites, manage


class Text(HTMLParser):
    """The text of a page's notices (role=note) and its h1."""

    def __init__(self, html):
        super().__init__()
        self.notes, self.headings, self._in = [], [], []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("role") == "note" or tag == "h1":
            self._in.append((tag, "note" if attributes.get("role") == "note" else "h1", []))
        elif self._in:
            self._in.append((tag, None, None))

    def handle_endtag(self, tag):
        if not self._in:
            return
        _tag, kind, parts = self._in.pop()
        if kind == "note":
            self.notes.append("".join(parts).strip())
        elif kind == "h1":
            self.headings.append("".join(parts).strip())

    def handle_data(self, data):
        for _tag, kind, parts in reversed(self._in):
            if kind:
                parts.append(data)
                break


@pytest.fixture(autouse=True)
def mode_off_afterwards():
    """Whatever a test does, the tests after it find the mode off."""
    yield
    site_state.set_maintenance(False)


@pytest.fixture
def maintenance():
    site_state.set_maintenance(True, since="2026-11-27T05:00:00+09:00")
    yield
    site_state.set_maintenance(False)


@pytest.fixture
def quiet_site():
    """No request recorded (others' tests in this process answered some)."""
    (site_state.folder() / "seen").unlink(missing_ok=True)


def enter_url(meeting):
    return f"/c/{meeting.club.slug}/meetings/{meeting.pk}/enter/"


NOTICE = {"ja": "メンテナンス中", "en": "under maintenance"}


@pytest.mark.parametrize("language", ["ja", "en"])
def test_pages_stay_readable_with_a_notice(client, member, meeting, maintenance, language):
    client.force_login(member)
    prefix = "" if language == "ja" else "/en"
    response = client.get(f"{prefix}/c/{meeting.club.slug}/")
    assert response.status_code == 200
    assert any(NOTICE[language] in note for note in Text(response.content.decode()).notes)


def test_no_notice_when_the_mode_is_off(client, member, meeting):
    client.force_login(member)
    response = client.get(f"/c/{meeting.club.slug}/")
    assert not any("メンテナンス" in note for note in Text(response.content.decode()).notes)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_a_save_is_refused_with_a_message_and_nothing_is_saved(client, secretary, meeting, maintenance, language):
    client.force_login(secretary)
    prefix = "" if language == "ja" else "/en"
    response = client.post(prefix + enter_url(meeting), game_post(bust_3="0"))
    assert response.status_code == 503
    page = Text(response.content.decode())
    assert page.headings == [{"ja": "メンテナンス中です", "en": "Under maintenance"}[language]]
    assert not Game.objects.exists()


def test_the_admin_refuses_writes_too(client, meeting, maintenance):
    admin = get_user_model().objects.create_superuser("root", password="correct horse battery")
    client.force_login(admin)
    response = client.post("/admin/league/member/add/", {"club": meeting.club.pk, "name": "新人", "kana": "しんじん"})
    assert response.status_code == 503
    assert not Member.objects.filter(name="新人").exists()


def test_the_same_save_goes_through_once_the_mode_is_off(client, secretary, meeting):
    call_command("maintenance", "on", "--wait", "0", stdout=io.StringIO())
    client.force_login(secretary)
    assert client.post(enter_url(meeting), game_post(bust_3="0")).status_code == 503
    call_command("maintenance", "off", stdout=io.StringIO())
    assert client.post(enter_url(meeting), game_post(bust_3="0")).status_code == 302
    assert Game.objects.count() == 1


def test_the_command_says_the_mode(db):
    out = io.StringIO()
    with translation.override("en"):
        call_command("maintenance", "status", stdout=out)
        call_command("maintenance", "on", "--wait", "0", stdout=out)
        call_command("maintenance", "status", stdout=out)
        call_command("maintenance", "off", stdout=out)
    lines = out.getvalue()
    assert "Maintenance mode is off." in lines
    assert "Maintenance mode is on (since " in lines
    assert not site_state.maintenance_on()


def test_turning_it_on_waits_for_a_save_under_way(db):
    with site_state.write_in_flight() as may_write:  # a save that read the switch as off, still running
        assert may_write
        with translation.override("en"), pytest.raises(CommandError, match="still under way"):
            call_command("maintenance", "on", "--wait", "0.3", stdout=io.StringIO())
        with pytest.raises(serving.BackupRefused):
            serving.check_safe_to_restore()  # and a restore waits for it too
    assert site_state.writes_in_flight() == []
    serving.check_safe_to_restore()
    site_state.set_maintenance(False)


def test_a_write_that_begins_after_the_switch_is_refused(db, maintenance):
    with site_state.write_in_flight() as may_write:
        assert not may_write


def test_a_dead_processs_write_does_not_hold_maintenance_up(db):
    writes = site_state.folder() / "writes"
    writes.mkdir(exist_ok=True)
    dead = writes / f"{site_state._HOST}@999999999@0"
    dead.touch()
    assert site_state.writes_in_flight() == []
    assert not dead.exists()


def restore_refusal(path, language="en"):
    with translation.override(language), pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--yes")
    return refused.value.args[0]


def test_a_restore_is_refused_while_the_site_is_serving(tmp_path, db, quiet_site):
    (site_state.folder() / "seen").touch()  # a request answered just now
    assert "The site is serving: a request was answered" in restore_refusal(a_backup(tmp_path))
    assert "メンテナンスモード" in restore_refusal(a_backup(tmp_path), "ja")


def test_a_restore_is_refused_while_a_site_process_runs(tmp_path, db, quiet_site):
    processes = site_state.folder() / "processes"
    processes.mkdir(exist_ok=True)
    (processes / f"{site_state._HOST}@{os.getppid()}").touch()  # a running process that answered requests
    try:
        assert "its processes are still running" in restore_refusal(a_backup(tmp_path))
    finally:
        (processes / f"{site_state._HOST}@{os.getppid()}").unlink()


def test_an_idle_stopped_site_passes_the_check(db, quiet_site):
    old = time.time() - site_state.SERVING_WINDOW - 5
    (site_state.folder() / "seen").touch()
    os.utime(site_state.folder() / "seen", (old, old))
    serving.check_safe_to_restore()


def test_a_serving_site_in_maintenance_mode_may_be_restored(db, maintenance):
    (site_state.folder() / "seen").touch()
    serving.check_safe_to_restore()


@pytest.fixture
def sites(tmp_path):
    made = PostgreSQLSites() if connection.vendor == "postgresql" else SQLiteSites(tmp_path)
    yield made
    made.drop_all()


def test_a_real_restore_waits_for_maintenance_mode_and_keeps_it_on(sites, tmp_path):
    """A site in its own database and state folder, driven by manage.py as an operator would."""
    site = sites.url()
    sites.create(site)
    state = tmp_path / "state"
    os.environ["JANROKU_TEST_SITE_STATE"] = str(state)
    try:
        manage(site, "migrate", "--no-input", "--verbosity", "0")
        backup = tmp_path / "site.zip"
        manage(site, "backup", "--output", str(backup))
        state.mkdir(exist_ok=True)
        (state / "seen").touch()  # the site answered a request a moment ago
        refused = manage(site, "restore", str(backup), "--yes", check=False)
        assert refused.returncode != 0
        assert "サイトが動いています" in refused.stderr
        manage(site, "maintenance", "on")
        restored = manage(site, "restore", str(backup), "--yes").stdout
        assert "メンテナンスモード" in restored
        assert "メンテナンスモードです" in manage(site, "maintenance", "status").stdout
    finally:
        del os.environ["JANROKU_TEST_SITE_STATE"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL lists the sessions of a database")
def test_on_postgresql_another_session_counts_as_serving(db, quiet_site, monkeypatch):
    import psycopg

    monkeypatch.setattr(serving, "GONE_WAIT", 0)
    config = connection.settings_dict
    other = psycopg.connect(
        dbname=config["NAME"],
        host=config["HOST"],
        port=config.get("PORT") or 5432,
        user=config["USER"],
        password=config.get("PASSWORD") or None,
    )
    try:
        with pytest.raises(serving.BackupRefused, match="other sessions"):
            with translation.override("en"):
                serving.check_safe_to_restore()
    finally:
        other.close()
    monkeypatch.setattr(serving, "GONE_WAIT", 5)  # the closed session leaves the list in a moment
    serving.check_safe_to_restore()
