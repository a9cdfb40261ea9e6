"""Starting the site's Django inside a benchmark: its own settings, on the benchmark's database, in production mode.

Production mode (``DEBUG`` unset) is what is measured: with ``DEBUG`` on, Django keeps the text of every query.
The settings then refuse to start without a real ``SECRET_KEY``; a benchmark's sessions are thrown away with its
database, so a random key is made when none is set.  Pages name their static files through the manifest that
``collectstatic`` writes, which a benchmark does not run: they are named as they are instead (as in the tests).
"""

import os
import secrets
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def site_environment(database_url):
    """The environment a benchmark runs the site's own commands in (``manage.py …`` as a process of its own):
    this one's, on the benchmark's database, with a throwaway key unless one is set."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
    }


def start_django(database_url):
    os.environ.update(site_environment(database_url))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "janroku.settings")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings

    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    if os.environ.get("BENCH_NO_SETTLE") != "1":  # to measure what settling the heap does (docs/performance.md)
        from janroku.startup import settle_heap

        settle_heap()
