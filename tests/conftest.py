import pytest
from django.core.management import call_command


@pytest.fixture
def seed_clubs(db):
    """The five seed clubs with their rule versions, as the site ships them."""
    call_command("load_seed_clubs", verbosity=0)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing passwords the slow, safe way only costs time in tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def japanese_first():
    """Each test starts in the site's default language, whatever the previous test visited."""
    from django.utils import translation

    translation.activate("ja")
    yield
    translation.activate("ja")
