"""python manage.py export_season CLUB SEASON --out FILE.xlsx [--csv FILE.csv]: a season's workbook and results."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from league.exports import ExportChoice, results_sheet, write_csv, write_season_workbook
from league.management.arguments import club_named, rule_set_named, season_named

LANGUAGES = ("ja", "en")


class Command(BaseCommand):
    help = (
        "Write a season's workbook (Standings, Games, Results, Meetings, Meeting money, Members, Rules) "
        "and, with --csv, its results as CSV."
    )

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's address name (slug)")
        parser.add_argument("season", help="the season's id or name (e.g. 2026年度)")
        parser.add_argument("--out", metavar="FILE.xlsx", help="where to write the workbook")
        parser.add_argument("--csv", metavar="FILE.csv", help="where to write the results as CSV (UTF-8 with BOM)")
        parser.add_argument("--rule-set", metavar="SLUG", help="only this rule set (default: all of the club's)")
        parser.add_argument(
            "--language", choices=LANGUAGES, default="ja", help="the language of the headers and texts (default: ja)"
        )

    def handle(self, *args, club, season, out=None, csv=None, rule_set=None, language="ja", **options):
        if not out and not csv:
            raise CommandError(_("Say where to write: --out FILE.xlsx, --csv FILE.csv or both."))
        club = club_named(club)
        chosen_season = season_named(club, season)
        chosen_rule_set = rule_set_named(club, rule_set) if rule_set else None
        choice = ExportChoice.of_season(club, chosen_season, chosen_rule_set)
        with translation.override(language):
            if out:
                write_season_workbook(choice, out)
                self.stdout.write(_("Wrote %(file)s.") % {"file": out})
            if csv:
                with open(csv, "wb") as target:
                    write_csv(results_sheet(choice), target)
                self.stdout.write(_("Wrote %(file)s.") % {"file": csv})
