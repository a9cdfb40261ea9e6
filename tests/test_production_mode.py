"""With DEBUG unset the site runs in production mode; bin/start turns development mode on for itself only."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHOW = ("from django.conf import settings; "
        "print(settings.DEBUG, settings.STORAGES['staticfiles']['BACKEND'].rsplit('.', 1)[1])")


def settings_with(**environment):
    env = {key: value for key, value in os.environ.items() if key != "DEBUG"}
    env.update(environment, DJANGO_SETTINGS_MODULE="janroku.settings")
    done = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {SHOW}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a local .env file may set DEBUG")
def test_without_debug_the_site_runs_in_production_mode():
    assert settings_with() == ["False", "CompressedManifestStaticFilesStorage"]


def test_debug_true_is_development_mode():
    assert settings_with(DEBUG="true") == ["True", "StaticFilesStorage"]


def test_bin_start_turns_development_mode_on_for_itself():
    start = (ROOT / "bin" / "start").read_text()
    assert "export DEBUG=true" in start
    assert start.index("export DEBUG=true") < start.index("manage.py demo") < start.index("runserver")
