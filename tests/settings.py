"""The test suite's settings: production's (DEBUG off), with a key made for the tests.

Production refuses to start without a real SECRET_KEY (janroku/settings.py); the tests give it one here,
in the environment, so the commands they run in a subprocess start the same way.
"""

import atexit
import os
import secrets
import shutil
import tempfile

os.environ.setdefault("SECRET_KEY", "tests-only-" + secrets.token_urlsafe(48))

from janroku.settings import *  # noqa: F403

# Background work runs at once, inside the request, in the tests (one test runs the real worker on a queued task).
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
# Each process of the tests (and each manage.py it starts) keeps its site state in a folder of its own, unless a
# test names one for a site it drives.
SITE_STATE_DIR = os.environ.get("JANROKU_TEST_SITE_STATE") or tempfile.mkdtemp(prefix="janroku-site-")
if not os.environ.get("JANROKU_TEST_SITE_STATE"):
    atexit.register(shutil.rmtree, SITE_STATE_DIR, True)
