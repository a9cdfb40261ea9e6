import pytest
from django.core.management import call_command
from django.utils import timezone


@pytest.fixture
def seed_clubs(db):
    """The five seed clubs with their rule versions, as the site ships them."""
    call_command("load_seed_clubs", verbosity=0)


@pytest.fixture(autouse=True, scope="session")
def static_files_from_the_source():
    """The tests run in production mode (DEBUG unset) but without ``collectstatic``: static files come from
    the source folders, as ``bin/start`` serves them, instead of production's hashed manifest."""
    from django.test import override_settings

    source = override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    )
    source.enable()
    yield
    source.disable()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing passwords the slow, safe way only costs time in tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache():
    """The cache outlives a test (the sign-up counts per address live there): each test starts with it empty."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def japanese_first():
    """Each test starts in the site's default language, whatever the previous test visited."""
    from django.utils import translation

    translation.activate("ja")
    yield
    translation.activate("ja")


# The day the run started on, in the site's time zone (Asia/Tokyo), read before any test module reads its own.
SUITE_TODAY = timezone.localdate()


@pytest.fixture(autouse=True)
def today_stays_the_day_the_run_started(monkeypatch):
    """Modules read today when they load (``TODAY = timezone.localdate()``): a run crossing midnight in Tokyo (15:00
    UTC) saw a meeting of "today" as yesterday's.  Today, asked without a moment, stays the run's first day."""
    day, local = SUITE_TODAY, timezone.localdate

    def localdate(value=None, timezone=None):
        return day if value is None and timezone is None else local(value, timezone)

    monkeypatch.setattr("django.utils.timezone.localdate", localdate)
