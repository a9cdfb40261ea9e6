"""The site's settings as a new process reads them from an environment: what a test of the settings prints there."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def printed_by_settings(code: str, environment: dict[str, str]) -> str:
    """What ``code`` prints after ``django.setup()`` in a process with ``environment`` (the settings module set)."""
    done = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "janroku.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout
