"""python manage.py backup [--output FILE.zip]: one file holding the whole database, safe while the site runs."""

import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from league.backups import PAYLOADS, BackupRefused, default_path, postgresql, site_vendor, sqlite, write_backup


class Command(BaseCommand):
    help = (
        "Write a backup of the site's database (SQLite or PostgreSQL) to one zip file, by default "
        "backups/janroku-<UTC time>.zip. Safe while the site runs. Restore it with “manage.py restore”."
    )

    def add_arguments(self, parser):
        parser.add_argument("--output", metavar="FILE.zip", help="where to write the backup")

    def handle(self, *args, output=None, **options):
        try:
            target = Path(output) if output else default_path()
            vendor = site_vendor()
            with tempfile.TemporaryDirectory(prefix="janroku-backup-") as folder:
                database = Path(folder) / PAYLOADS[vendor]
                if vendor == "sqlite":
                    migrations, facts = sqlite.snapshot(database), {}
                else:
                    migrations, facts = postgresql.snapshot(database)
                meta = write_backup(target, vendor, database, migrations, **facts)
        except BackupRefused as refusal:
            raise CommandError(refusal.message) from refusal
        except OSError as error:  # a folder that cannot be written, a full disk: said plainly, not as a traceback
            raise CommandError(str(error)) from error
        self.stdout.write(
            _("Wrote the backup %(file)s (%(size)s bytes of database).") % {"file": target, "size": f"{meta['size']:,}"}
        )
