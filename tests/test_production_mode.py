"""With DEBUG unset the site runs in production mode; bin/start turns development mode on for itself only."""

import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from .settings_process import printed_by_settings

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "from django.conf import settings; "
    "print(settings.DEBUG, settings.STORAGES['staticfiles']['BACKEND'].rsplit('.', 1)[1])"
)


def settings_with(**environment):
    env = {key: value for key, value in os.environ.items() if key != "DEBUG"}
    return printed_by_settings(SHOW, {**env, **environment}).split()


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a local .env file may set DEBUG")
def test_without_debug_the_site_runs_in_production_mode():
    assert settings_with() == ["False", "CompressedManifestStaticFilesStorage"]


def test_debug_true_is_development_mode():
    assert settings_with(DEBUG="true") == ["True", "StaticFilesStorage"]


def test_bin_start_turns_development_mode_on_for_itself():
    start = (ROOT / "bin" / "start").read_text()
    assert "export DEBUG=true" in start
    assert start.index("export DEBUG=true") < start.index("manage.py demo") < start.index("runserver")


def without(*names, **environment):
    env = {key: value for key, value in os.environ.items() if key not in ("DEBUG", *names)}
    env.update(environment, DJANGO_SETTINGS_MODULE="janroku.settings")
    return env


def starting(env):
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, env=env, capture_output=True, text=True
    )


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a local .env file may set SECRET_KEY or DEBUG")
@pytest.mark.parametrize("key", [None, "janroku-development-only-not-secret", "short-but-random-Xk29!", "a" * 60])
def test_production_refuses_to_start_without_a_real_secret_key(key):
    env = without("SECRET_KEY") if key is None else without(SECRET_KEY=key)
    started = starting(env)
    assert started.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY must be set to a long random string" in started.stderr


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a local .env file may set SECRET_KEY or DEBUG")
def test_development_mode_starts_without_a_secret_key():
    assert starting(without("SECRET_KEY", DEBUG="true")).returncode == 0


def documented_production_environment():
    """The variables docs/hosting.md exports for production, as a shell would read them."""
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    block = re.search(r"^export (SECRET_KEY=.*?)(?<!\\)$", hosting, re.MULTILINE | re.DOTALL).group(1)
    return dict(word.split("=", 1) for word in shlex.split(block.replace("\\\n", " ")))


@pytest.mark.skipif((ROOT / ".env").exists(), reason="a local .env file may change the settings")
def test_check_deploy_with_the_documented_production_settings_has_no_warnings():
    documented = documented_production_environment()
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "TRUSTED_PROXIES"} <= set(
        documented
    )
    # The documented key is made by a command when the shell runs it; here, one made the same way.
    documented["SECRET_KEY"] = secrets.token_urlsafe(50)
    # Only what a server's shell would have: the test run's own variables (a browser test's, say) are not
    # production's.
    env = {key: os.environ[key] for key in ("PATH", "HOME", "LANG") if key in os.environ}
    env.update(documented, DJANGO_SETTINGS_MODULE="janroku.settings")
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert "WARNING" not in done.stderr + done.stdout
    assert "no issues" in done.stdout
