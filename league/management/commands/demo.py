import datetime
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from league.demo import PLANS, DemoError, create_demo, report


class Command(BaseCommand):
    help = (
        "Create a season of demo results for the seed clubs (members, a season, weekly meetings, games) "
        "and the demo logins owner / secretary / member. Safe to run again: a club that already has "
        "members, seasons or meetings is skipped. --reset deletes that club's games, meetings, attendance, "
        "adjustments, seasons and members (and their history) first."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--weeks",
            type=int,
            default=None,
            help="Only the last N weekly meetings before today (default: the whole season so far).",
        )
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete each chosen club's results and members first, and recreate them.",
        )
        parser.add_argument(
            "--today",
            type=datetime.date.fromisoformat,
            default=None,
            metavar="YYYY-MM-DD",
            help="Build the season as if today were this day (default: today).",
        )
        parser.add_argument(
            "--on-production",
            action="store_true",
            help="Run even with DEBUG off (the demo logins have a published password).",
        )
        parser.add_argument(
            "--club",
            action="append",
            choices=sorted(PLANS),
            dest="clubs",
            metavar="SLUG",
            help="Only this seed club (repeatable): " + ", ".join(sorted(PLANS)) + ".",
        )

    def handle(self, *args, weeks, reset, clubs, today, on_production, **options):
        if not settings.DEBUG and not on_production:
            raise CommandError(
                "The demo creates logins with a published password; it runs only with DEBUG on "
                "(or pass --on-production if you really mean it)."
            )
        if weeks is not None and weeks < 1:
            raise CommandError("--weeks must be 1 or more.")
        started = time.monotonic()
        try:
            outcome = create_demo(slugs=clubs, weeks=weeks, reset=reset, today=today)
        except DemoError as error:
            raise CommandError(str(error)) from error
        for line in report(outcome):
            self.stdout.write(line)
        self.stdout.write(f"Done in {time.monotonic() - started:.1f} s.")
