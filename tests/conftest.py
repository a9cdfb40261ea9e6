import pytest
from django.core.management import call_command


@pytest.fixture
def seed_clubs(db):
    """The five seed clubs with their rule versions, as the site ships them."""
    call_command("load_seed_clubs", verbosity=0)
