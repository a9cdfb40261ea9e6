"""python manage.py import_results CLUB FILE [--rule-set SLUG] [--dry-run] [--create-members | --guests]
[--create-seasons]: import old results."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from league.imports.columns import find_columns
from league.imports.commit import ImportRefused, commit
from league.imports.names import NewMember
from league.imports.plan import ALREADY, make_plan
from league.imports.reading import ReadingError, read_path
from league.imports.seasons import NewSeason, outside_seasons
from league.management.arguments import club_named, login_named, rule_set_named
from league.models.games import WINDS
from league.text.formatting import format_points


class Command(BaseCommand):
    help = (
        "Import a club's results from an .xlsx or CSV file, one row per game (see docs/import.md): show each "
        "game's computed points and every problem; save only when there is no problem, all or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's address name (slug)")
        parser.add_argument("file", help="an .xlsx workbook or a CSV file (UTF-8 or Shift_JIS)")
        parser.add_argument(
            "--rule-set", help="the rule set the games were played under (its slug); needed when the club has several"
        )
        parser.add_argument("--dry-run", action="store_true", help="only show the games and problems; save nothing")
        unknown = parser.add_mutually_exclusive_group()
        unknown.add_argument(
            "--create-members",
            action="store_true",
            help="create a member for each name no member has (else such names are problems)",
        )
        unknown.add_argument(
            "--guests",
            action="store_true",
            help="bring each name no member has in as a guest (ゲスト), listed apart from the ranking",
        )
        parser.add_argument(
            "--create-seasons",
            action="store_true",
            help="create the seasons proposed for games that fall in no season (one per calendar "
            "year, in the days no season covers), in the same transaction as the games",
        )
        parser.add_argument("--user", help="the login recorded in each game's history as having imported it")

    def handle(
        self,
        *args,
        club,
        file,
        rule_set=None,
        dry_run=False,
        create_members=False,
        guests=False,
        user=None,
        create_seasons=False,
        **options,
    ):
        club = club_named(club)
        rule_set = self._rule_set(club, rule_set)
        who = login_named(user)
        if not rule_set.versions.exists():
            raise CommandError(_("%(rule_set)s has no rules yet. Add a rule version first.") % {"rule_set": rule_set})
        try:
            table = find_columns(
                read_path(file),
                rule_set.settings_on(timezone.localdate())["players"],
                rule_set.name,
                saved=club.import_layouts,
            )
        except ReadingError as error:
            raise CommandError(error.message) from error
        plan = make_plan(club, rule_set, table)
        if (create_members or guests) and plan.unknown:
            plan = make_plan(
                club, rule_set, table, {name.key: NewMember(name.name, guest=guests) for name in plan.unknown}
            )
        self._show(plan)
        if plan.has_errors:
            raise CommandError(_("%(count)s problems; nothing was saved.") % {"count": len(plan.problems)})
        seasons = self._seasons(plan, create_seasons)
        if dry_run:
            # Counted as the real import counts them: hanchan as games, day totals apart.
            self.stdout.write(
                _("%(new)s games would be imported, %(already)s are already saved. Nothing was saved (dry run).")
                % {"new": len(plan.new_hanchan), "already": len(plan.already)}
            )
            if plan.new_day_totals:
                self.stdout.write(
                    _("%(count)s day totals (日計) would be imported.") % {"count": len(plan.new_day_totals)}
                )
            self._yakuman_notes(plan)
            return
        try:
            done = commit(plan, user=who, seasons=seasons)
        except ImportRefused as refusal:
            raise CommandError(refusal.message) from refusal
        for season in seasons:
            self.stdout.write(
                _("Season %(name)s created (%(first)s – %(last)s).")
                % {"name": season.name, "first": f"{season.starts_on:%Y-%m-%d}", "last": f"{season.ends_on:%Y-%m-%d}"}
            )
        self.stdout.write(
            _(
                "%(games)s games imported; %(skipped)s were already saved and were skipped; "
                "%(members)s members and %(meetings)s meetings created."
            )
            % {"games": done.games, "skipped": done.skipped, "members": done.members, "meetings": done.meetings}
        )
        if done.day_totals:
            self.stdout.write(_("%(count)s day totals (日計) imported.") % {"count": done.day_totals})
        self._yakuman_notes(plan)

    def _yakuman_notes(self, plan):
        """The games whose note names a yakuman the row does not record: to be recorded by hand."""
        for game in plan.yakuman_notes:
            named = ", ".join(f"{wind} {name}" for wind, name in game.named_in_note())
            self.stdout.write(
                _(
                    "Row %(row)s: the note “%(note)s” names a yakuman (%(words)s)%(named)s; record it on "
                    "the game with a correction."
                )
                % {
                    "row": game.row,
                    "note": game.note,
                    "words": ", ".join(game.yakuman_note.words),
                    "named": f" ({named})" if named else "",
                }
            )

    def _seasons(self, plan, create):
        """Say what falls in no season and what is proposed for it; the seasons to create when asked to."""
        uncovered, proposals = outside_seasons(plan)
        if uncovered is None:
            return []
        self.stdout.write(
            _("%(games)s new games and %(days)s new day totals fall in no season of the club (%(first)s – %(last)s).")
            % {
                "games": uncovered.games,
                "days": uncovered.day_totals,
                "first": f"{uncovered.first:%Y-%m-%d}",
                "last": f"{uncovered.last:%Y-%m-%d}",
            }
        )
        for proposal in proposals:
            self.stdout.write(
                "  "
                + _("%(name)s: %(first)s – %(last)s, %(games)s games, %(days)s day totals")
                % {
                    "name": proposal.name,
                    "first": f"{proposal.starts_on:%Y-%m-%d}",
                    "last": f"{proposal.ends_on:%Y-%m-%d}",
                    "games": proposal.games,
                    "days": proposal.day_totals,
                }
            )
        if not create:
            self.stdout.write(
                _(
                    "Without --create-seasons these seasons are not created: the games count only in "
                    "the standings of all games."
                )
            )
            return []
        return [NewSeason(proposal.name, proposal.starts_on, proposal.ends_on) for proposal in proposals]

    def _seats(self, game):
        """Each player with their score and points; a day total has no seats, only each player's points."""
        shown = []
        for seat, values in enumerate(game.seats()):
            text = values["name"] or "?"
            if not game.day_total:
                text = f"{WINDS[seat]} {text}"
            if values["score"] is not None:
                text += f" {values['score']}"
            if values["total"] is not None:
                text += (
                    f" → {format_points(values['total'])}"
                    if values["score"] is not None
                    else f" {format_points(values['total'])}"
                )
            shown.append(text)
        return shown

    def _rule_set(self, club, slug):
        """The rule set named, or the club's only one."""
        if slug:
            return rule_set_named(club, slug)
        rule_sets = list(club.rule_sets.with_versions())
        if len(rule_sets) != 1:
            raise CommandError(
                _("%(club)s has several rule sets; choose one with --rule-set (%(slugs)s).")
                % {"club": club, "slugs": ", ".join(r.slug for r in rule_sets) or "—"}
            )
        return rule_sets[0]

    def _show(self, plan):
        for game in plan.games:
            when = f"{game.date:%Y-%m-%d}" if game.date else "?"
            if game.day_total:
                line = _("Row %(row)s: %(date)s day total of %(games)s hanchan") % {
                    "row": game.row,
                    "date": when,
                    "games": game.day_games,
                }
            else:
                line = _("Row %(row)s: %(date)s round %(round)s table %(table)s") % {
                    "row": game.row,
                    "date": when,
                    "round": game.round or "?",
                    "table": game.table or "?",
                }
            if game.status == ALREADY:
                line += " " + _("(already saved: skipped)")
            self.stdout.write(f"{line}: {' / '.join(self._seats(game))}")
        if plan.table.ignored:
            self.stdout.write(_("Columns not imported: %(columns)s") % {"columns": ", ".join(plan.table.ignored)})
        for game in plan.unkept_notes:
            self.stdout.write(
                _("Row %(row)s: a day total keeps no note; not saved: “%(note)s”")
                % {"row": game.row, "note": game.note}
            )
        for problem in plan.problems:
            where = _("Row %(row)s") % {"row": problem.row} if problem.row is not None else _("The file")
            if problem.label:
                where += ", " + _("column %(column)s") % {"column": problem.label}
            self.stderr.write(f"{where}: {problem.message}")
