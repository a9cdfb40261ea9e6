from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

FIXTURES = Path(settings.BASE_DIR) / "fixtures"


def seed_club_fixtures():
    return sorted(str(path) for path in FIXTURES.glob("club_*.json"))


class Command(BaseCommand):
    help = "Load (or refresh) the five seed clubs and their rule versions from fixtures/."

    def handle(self, *args, **options):
        call_command("loaddata", *seed_club_fixtures(), verbosity=options["verbosity"])
