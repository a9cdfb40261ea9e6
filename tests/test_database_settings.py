"""On PostgreSQL the site's connections bind parameters on the server and prepare a statement once they have run it
twice (a save's statements are planned once per connection, not once per save); a pooler in transaction mode turns
that off with DATABASE_PREPARE_THRESHOLD=0 (docs/hosting.md)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "import json; from django.conf import settings; options = settings.DATABASES['default'].get('OPTIONS', {}); "
    "print(json.dumps({key: options.get(key) for key in ('server_side_binding', 'prepare_threshold', 'options')}))"
)


def options_with(**environment):
    env = {**os.environ, "DEBUG": "true", "DJANGO_SETTINGS_MODULE": "janroku.settings", **environment}
    done = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {SHOW}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


POSTGRESQL = "postgres://janroku@127.0.0.1:5432/janroku"


def test_postgresql_connections_prepare_what_they_run_twice():
    assert options_with(DATABASE_URL=POSTGRESQL) == {
        "server_side_binding": True,
        "prepare_threshold": 2,
        "options": "-c jit=off",
    }


def test_behind_a_pooler_nothing_is_prepared():
    assert options_with(DATABASE_URL=POSTGRESQL, DATABASE_PREPARE_THRESHOLD="0") == {
        "server_side_binding": None,
        "prepare_threshold": None,
        "options": "-c jit=off",
    }


def test_sqlite_has_nothing_to_prepare():
    assert options_with(DATABASE_URL="sqlite:///:memory:")["prepare_threshold"] is None


@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), reason="prepared statements: PostgreSQL"
)
@pytest.mark.django_db
def test_a_statement_run_twice_is_prepared_on_the_server_from_its_third_run():
    def prepared():
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [statement for (statement,) in cursor.fetchall()]

    statement = "SELECT COUNT(*) FROM league_club WHERE id > %s"
    for run in range(3):
        assert not any("league_club" in text for text in prepared())
        with connection.cursor() as cursor:
            cursor.execute(statement, [run])
    assert "SELECT COUNT(*) FROM league_club WHERE id > $1" in prepared()
