"""python manage.py recompute CLUB [--rule-set SLUG] [--commit]: settle a club's games again by their rules."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from league.formatting import format_points
from league.models import Club
from league.refusals import Refused
from league.services import recompute


def signed(tenths):
    """Points as the pages write them (+45.3, ▲12.0 in Japanese, −12.0 in English, ±0.0); — for none."""
    return "—" if tenths is None else format_points(tenths)


class Command(BaseCommand):
    help = ("Show which games of a club would change if settled again by the rule version in force on their "
            "date; with --commit, save them.")

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's address name (slug)")
        parser.add_argument("--rule-set", help="only this rule set (its slug)")
        parser.add_argument("--commit", action="store_true", help="save the new results (default: only show them)")
        parser.add_argument("--user", help="the login recorded in each game's history as having recomputed it")

    def handle(self, *args, club, rule_set=None, commit=False, user=None, **options):
        try:
            club = Club.objects.get(slug=club)
        except Club.DoesNotExist as error:
            raise CommandError(_("No club “%(slug)s”.") % {"slug": club}) from error
        rule_sets = club.rule_sets.all()
        if rule_set:
            rule_sets = rule_sets.filter(slug=rule_set)
            if not rule_sets:
                raise CommandError(_("%(club)s has no rule set “%(slug)s”.") % {"club": club, "slug": rule_set})
        who = self._user(user)

        plans = [recompute.plan(one) for one in rule_sets]
        for plan in plans:
            self._show(plan)
        if not commit:
            self.stdout.write(_("%(count)s games would change. Nothing was saved; run again with --commit "
                                "to save.") % {"count": sum(plan.count for plan in plans)})
            return
        try:
            with transaction.atomic():  # every rule set or none
                saved = sum(recompute.apply(plan, who) for plan in plans)
        except Refused as refusal:
            raise CommandError(refusal.message) from refusal
        self.stdout.write(_("%(count)s games recomputed and saved.") % {"count": saved})

    def _user(self, username):
        if not username:
            return None
        try:
            return get_user_model().objects.get_by_natural_key(username)
        except get_user_model().DoesNotExist as error:
            raise CommandError(_("No login “%(name)s”.") % {"name": username}) from error

    def _show(self, plan):
        self.stdout.write(f"== {plan.rule_set.name} ({plan.rule_set.slug})")
        for change in plan.changes:
            game = change.game
            line = _("%(date)s round %(round)s table %(table)s") % {
                "date": f"{game.meeting.date:%Y-%m-%d}", "round": game.round, "table": game.table}
            if game.meeting.closed:
                line += " " + _("(closed meeting)")
            if change.new_version:
                line += " " + _("rules: %(old)s → %(new)s") % {
                    "old": f"{change.old_version.effective_from:%Y-%m-%d}",
                    "new": f"{change.version.effective_from:%Y-%m-%d}"}
            self.stdout.write(line)
            for seat in change.seats:
                place = f" ({seat.old_place} → {seat.new_place})" if seat.old_place != seat.new_place else ""
                name = seat.member.name if seat.member else "?"
                self.stdout.write(f"  {name}  {signed(seat.old_total)} → {signed(seat.new_total)}{place}")
        for problem in plan.problems:
            game = problem.game
            self.stderr.write(_("Cannot recompute %(date)s round %(round)s table %(table)s: %(why)s") % {
                "date": f"{game.meeting.date:%Y-%m-%d}", "round": game.round, "table": game.table,
                "why": " ".join(problem.messages)})
