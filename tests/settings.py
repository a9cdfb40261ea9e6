"""The test suite's settings: production's (DEBUG off), with a key made for the tests.

Production refuses to start without a real SECRET_KEY (janroku/settings.py); the tests give it one here,
in the environment, so the commands they run in a subprocess start the same way.
"""

import os
import secrets

os.environ.setdefault("SECRET_KEY", "tests-only-" + secrets.token_urlsafe(48))

from janroku.settings import *  # noqa: F403
