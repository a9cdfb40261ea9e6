"""python manage.py recompute CLUB [--rule-set SLUG] [--commit]: settle a club's games again by their rules."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from league.management.arguments import club_named, login_named, rule_set_named
from league.services import recompute
from league.services.kept_money import keep_club_money
from league.services.meeting_lines import refresh_club_lines
from league.services.refusals import Refused
from league.text.formatting import format_points


class Command(BaseCommand):
    help = (
        "Show which games of a club would change if settled again by the rule version in force on their "
        "date; with --commit, save them."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's address name (slug)")
        parser.add_argument("--rule-set", help="only this rule set (its slug)")
        parser.add_argument("--commit", action="store_true", help="save the new results (default: only show them)")
        parser.add_argument("--user", help="the login recorded in each game's history as having recomputed it")

    def handle(self, *args, club, rule_set=None, commit=False, user=None, **options):
        club = club_named(club)
        rule_sets = [rule_set_named(club, rule_set)] if rule_set else club.rule_sets.all()
        who = login_named(user)

        plans = [recompute.plan(one) for one in rule_sets]
        for plan in plans:
            self._show(plan)
        if not commit:
            self.stdout.write(
                _("%(count)s games would change. Nothing was saved; run again with --commit to save.")
                % {"count": sum(plan.count for plan in plans)}
            )
            return
        try:
            with transaction.atomic():  # every rule set or none
                saved = sum(recompute.apply(plan, who, refresh_lines=False) for plan in plans)
                # Every stored meeting line of the club again from its seats, changed or not: a repair too.  The
                # drift of the closed days is checked once, by what follows.
                refresh_club_lines(club, check_drift=False)
                # And what the season's money reads of the closed days: their kept lines, and their drift.
                keep_club_money(club)
        except Refused as refusal:
            raise CommandError(refusal.message) from refusal
        self.stdout.write(_("%(count)s games recomputed and saved.") % {"count": saved})

    def _show(self, plan):
        self.stdout.write(f"== {plan.rule_set.name} ({plan.rule_set.slug})")
        for change in plan.changes:
            game = change.game
            line = _("%(date)s round %(round)s table %(table)s") % {
                "date": f"{game.meeting.date:%Y-%m-%d}",
                "round": game.round,
                "table": game.table,
            }
            if game.meeting.closed:
                line += " " + _("(closed meeting)")
            if change.new_version:
                line += " " + _("rules: %(old)s → %(new)s") % {
                    "old": f"{change.old_version.effective_from:%Y-%m-%d}",
                    "new": f"{change.version.effective_from:%Y-%m-%d}",
                }
            self.stdout.write(line)
            for seat in change.seats:
                place = f" ({seat.old_place} → {seat.new_place})" if seat.old_place != seat.new_place else ""
                name = seat.member.name if seat.member else "?"
                old, new = (format_points(total, empty="—") for total in (seat.old_total, seat.new_total))
                self.stdout.write(f"  {name}  {old} → {new}{place}")
        for problem in plan.problems:
            game = problem.game
            self.stderr.write(
                _("Cannot recompute %(date)s round %(round)s table %(table)s: %(why)s")
                % {
                    "date": f"{game.meeting.date:%Y-%m-%d}",
                    "round": game.round,
                    "table": game.table,
                    "why": " ".join(problem.messages),
                }
            )
