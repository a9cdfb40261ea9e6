"""python manage.py restore FILE.zip [--yes]: put back the database a backup holds, or refuse and change nothing."""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from janroku import site_state
from league.backups import VENDOR_NAMES, BackupRefused, open_backup, postgresql, site_vendor, sqlite
from league.backups.serving import check_safe_to_restore


class Command(BaseCommand):
    help = (
        "Replace the site's database by the one in a backup made by “manage.py backup”, then apply the "
        "migrations the backup lacks. Turn maintenance mode on first (or stop the site): a site that is serving is "
        "refused. Refuses, changing nothing, a file that is not "
        "a backup of this site, a backup of the other database vendor or one made by newer code."
    )

    def add_arguments(self, parser):
        parser.add_argument("backup", metavar="FILE.zip", help="the backup to restore")
        parser.add_argument("--yes", action="store_true", help="do not ask before replacing the database")

    def handle(self, *args, backup, yes=False, **options):
        try:
            vendor = site_vendor()
            chosen = open_backup(backup, vendor)
            if not yes:
                self.confirm(chosen, vendor)
            check_safe_to_restore()
            (sqlite if vendor == "sqlite" else postgresql).restore(chosen)
        except BackupRefused as refusal:
            raise CommandError(refusal.message) from refusal
        except OSError as error:  # a folder that cannot be written, a full disk: said plainly, not as a traceback
            raise CommandError(str(error)) from error
        self.stdout.write(
            _("Restored the backup %(file)s made %(created)s.")
            % {"file": chosen.path, "created": chosen.meta["created"]}
        )
        missing = chosen.older_than_the_code()
        if missing:
            self.stdout.write(
                ngettext(
                    "The backup lacks %(count)s newer migration; applying it.",
                    "The backup lacks %(count)s newer migrations; applying them.",
                    len(missing),
                )
                % {"count": len(missing)}
            )
            call_command(
                "migrate",
                interactive=False,
                verbosity=options.get("verbosity", 1),
                stdout=self.stdout,
                stderr=self.stderr,
            )
        if site_state.maintenance_on():  # kept in files beside the database, so the restore did not change it
            self.stdout.write(
                _("The site is still in maintenance mode: check it, then run “manage.py maintenance off”.")
            )

    def confirm(self, chosen, vendor):
        question = _(
            "Replace the site's %(vendor)s database by the backup made %(created)s? Everything "
            "saved since is lost. Type “yes” to go on: "
        ) % {"vendor": VENDOR_NAMES[vendor], "created": chosen.meta["created"]}
        try:
            answer = input(question)
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("yes", "はい"):
            raise CommandError(_("Nothing restored (answer “yes”, or pass --yes)."))
