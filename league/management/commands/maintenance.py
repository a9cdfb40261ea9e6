"""python manage.py maintenance on|off|status: the site's maintenance mode (pages readable, writes refused)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from janroku import site_state


class Command(BaseCommand):
    help = (
        "Turn maintenance mode on or off, or say whether it is on. In maintenance mode every page can be read "
        "and every write is refused; “on” waits for the saves already under way to finish. A restore "
        "needs it while the site is serving."
    )

    def add_arguments(self, parser):
        parser.add_argument("mode", choices=["on", "off", "status"])
        parser.add_argument(
            "--wait",
            type=float,
            default=60.0,
            metavar="SECONDS",
            help="how long “on” waits for the saves under way (default 60)",
        )

    def handle(self, *args, mode, wait=60.0, **options):
        if mode == "on":
            if not site_state.maintenance_on():
                site_state.set_maintenance(True, since=timezone.now().isoformat(timespec="seconds"))
            left = site_state.wait_for_writes(wait)
            if left:
                raise CommandError(
                    _(
                        "Maintenance mode is on, but %(count)s saves are still under way; run "
                        "“manage.py maintenance status” until none are."
                    )
                    % {"count": len(left)}
                )
            self.stdout.write(_("Maintenance mode is on: pages can be read, every write is refused."))
        elif mode == "off":
            site_state.set_maintenance(False)
            self.stdout.write(_("Maintenance mode is off: the site takes writes again."))
        else:
            self.status()

    def status(self):
        if site_state.maintenance_on():
            self.stdout.write(
                _("Maintenance mode is on (since %(since)s).") % {"since": site_state.maintenance_since() or "?"}
            )
            left = site_state.writes_in_flight()
            if left:
                self.stdout.write(_("%(count)s saves are still under way.") % {"count": len(left)})
        else:
            self.stdout.write(_("Maintenance mode is off."))
        age = site_state.last_request_age()
        if age is None:
            self.stdout.write(_("No request has been recorded."))
        else:
            self.stdout.write(_("Last request recorded %(seconds)s seconds ago.") % {"seconds": int(age)})
