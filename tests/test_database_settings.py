"""On PostgreSQL the site's connections bind parameters in the client and prepare nothing, unless
DATABASE_PREPARE_THRESHOLD asks for statements a connection has run that many times to be prepared on the server
(faster saves, a slower awards page: docs/hosting.md)."""

import json
import os

import pytest
from django.conf import settings
from django.db import connection

from .settings_process import printed_by_settings

SHOW = (
    "import json; from django.conf import settings; options = settings.DATABASES['default'].get('OPTIONS', {}); "
    "print(json.dumps({key: options.get(key) for key in ('server_side_binding', 'prepare_threshold', 'options')}))"
)


def options_with(**environment):
    return json.loads(printed_by_settings(SHOW, {**os.environ, "DEBUG": "true", **environment}))


POSTGRESQL = "postgres://janroku@127.0.0.1:5432/janroku"


def test_postgresql_connections_prepare_nothing_by_default():
    assert options_with(DATABASE_URL=POSTGRESQL) == {
        "server_side_binding": None,
        "prepare_threshold": None,
        "options": "-c jit=off",
    }


def test_a_threshold_asked_for_binds_on_the_server_and_prepares():
    assert options_with(DATABASE_URL=POSTGRESQL, DATABASE_PREPARE_THRESHOLD="2") == {
        "server_side_binding": True,
        "prepare_threshold": 2,
        "options": "-c jit=off",
    }


def test_sqlite_has_nothing_to_prepare():
    assert options_with(DATABASE_URL="sqlite:///:memory:", DATABASE_PREPARE_THRESHOLD="2")["prepare_threshold"] is None


@pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), reason="prepared statements: PostgreSQL"
)
@pytest.mark.django_db
def test_by_default_a_statement_run_many_times_is_never_prepared():
    def prepared():
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            return [statement for (statement,) in cursor.fetchall()]

    for run in range(6):
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM league_club WHERE id > %s", [run])
    assert prepared() == []
