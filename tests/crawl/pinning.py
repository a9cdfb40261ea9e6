"""What would change between two runs, pinned before Django loads: the settings' environment, the clock, the
tokens drawn from ``secrets``, ``random``, password salts (the package's docstring says why each)."""

import base64
import datetime
import hashlib
import logging
import os
import random
import secrets
import time
import warnings
from zoneinfo import ZoneInfo

TOKYO = ZoneInfo("Asia/Tokyo")
DEMO_TODAY = datetime.date(2026, 11, 21)  # a Saturday: 爆風の会 meets today, its last demo meeting a week ago
DAY_STARTS = datetime.datetime(2026, 11, 21, 12, 0, tzinfo=TOKYO)  # the clock while the day is played
PAGES_READ = datetime.datetime(2026, 11, 21, 20, 0, tzinfo=TOKYO)  # the clock while the pages are read
SECRET_KEY = "crawl-only-key-not-secret-janroku-0123456789-abcdefghijklmnopqrstuvwxyz"
SALT = "janrokucrawlsalt000000"


class Clock:
    """A fixed moment, moved only by ``set`` and ``tick``."""

    def __init__(self, at):
        self.at = at

    def now(self):
        return self.at.astimezone(datetime.UTC)

    def time(self):
        return self.at.timestamp()

    def set(self, at):
        self.at = at

    def tick(self, minutes=1):
        self.at += datetime.timedelta(minutes=minutes)


CLOCK = Clock(DAY_STARTS)


class ClockDatetime(datetime.datetime):
    """A ``datetime`` whose ``now`` reads the clock, for a module that calls ``datetime.now`` itself."""

    @classmethod
    def now(cls, tz=None):
        at = CLOCK.now()
        return at.astimezone(tz) if tz else at.astimezone(TOKYO).replace(tzinfo=None)


class Tokens:
    """``secrets``' token makers drawing from a generator that ``reseed(key)`` starts again: a key, its tokens."""

    def __init__(self):
        self.rng = random.Random(0)

    def reseed(self, key):
        self.rng = random.Random(hashlib.sha256(key.encode()).digest())

    def token_bytes(self, nbytes=None):
        return self.rng.randbytes(32 if nbytes is None else nbytes)

    def token_hex(self, nbytes=None):
        return self.token_bytes(nbytes).hex()

    def token_urlsafe(self, nbytes=None):
        return base64.urlsafe_b64encode(self.token_bytes(nbytes)).rstrip(b"=").decode("ascii")

    def randbits(self, k):
        return self.rng.getrandbits(k)


TOKENS = Tokens()


def pin_everything(work):
    """The tests' settings on a new SQLite file and site state folder in ``work``; the clock, the tokens and
    ``random`` pinned.  Before Django loads, so that the models' defaults (``default=timezone.now``) and every
    ``from django.utils.timezone import now`` take the clock."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"  # production's, background work done at once
    os.environ["SECRET_KEY"] = SECRET_KEY
    os.environ["DATABASE_URL"] = f"sqlite:///{work / 'db.sqlite3'}"
    os.environ["JANROKU_TEST_SITE_STATE"] = str(work / "state")
    (work / "state").mkdir()
    import django.template.defaulttags
    import django.utils.timezone

    django.utils.timezone.now = CLOCK.now
    django.template.defaulttags.datetime = ClockDatetime  # {% now %}
    time.time = CLOCK.time
    for name in ("token_bytes", "token_hex", "token_urlsafe", "randbits"):
        setattr(secrets, name, getattr(TOKENS, name))
    random.seed(0)


def start_django():
    """Django set up as the tests run it: static files from the source folders, passwords hashed fast (with
    one salt), a refused or missing page not logged (it is a page here); an error still is."""
    import django
    from django.test import override_settings

    django.setup()
    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic here
    logging.getLogger("django.request").setLevel(logging.ERROR)
    logging.getLogger("django.security").setLevel(logging.ERROR)
    override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    ).enable()
    from django.contrib.auth import hashers

    hashers.BasePasswordHasher.salt = lambda self: SALT
