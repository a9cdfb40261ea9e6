"""python manage.py export_season CLUB SEASON --out FILE.xlsx [--csv FILE.csv]: a season's workbook and results."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from league.exports import ExportChoice, results_sheet, write_csv, write_season_workbook
from league.models import Club

LANGUAGES = ("ja", "en")


class Command(BaseCommand):
    help = ("Write a season's workbook (Standings, Games, Results, Meetings, Meeting money, Members, Rules) "
            "and, with --csv, its results as CSV.")

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's address name (slug)")
        parser.add_argument("season", help="the season's id or name (e.g. 2026年度)")
        parser.add_argument("--out", metavar="FILE.xlsx", help="where to write the workbook")
        parser.add_argument("--csv", metavar="FILE.csv", help="where to write the results as CSV (UTF-8 with BOM)")
        parser.add_argument("--rule-set", metavar="SLUG", help="only this rule set (default: all of the club's)")
        parser.add_argument("--language", choices=LANGUAGES, default="ja",
                            help="the language of the headers and texts (default: ja)")

    def handle(self, *args, club, season, out=None, csv=None, rule_set=None, language="ja", **options):
        if not out and not csv:
            raise CommandError(_("Say where to write: --out FILE.xlsx, --csv FILE.csv or both."))
        try:
            club = Club.objects.get(slug=club)
        except Club.DoesNotExist as error:
            raise CommandError(_("No club “%(slug)s”.") % {"slug": club}) from error
        chosen_season = self._season(club, season)
        chosen_rule_set = None
        if rule_set:
            chosen_rule_set = club.rule_sets.filter(slug=rule_set).first()
            if chosen_rule_set is None:
                raise CommandError(_("%(club)s has no rule set “%(slug)s”.") % {"club": club, "slug": rule_set})
        choice = ExportChoice.of_season(club, chosen_season, chosen_rule_set)
        with translation.override(language):
            if out:
                write_season_workbook(choice, out)
                self.stdout.write(_("Wrote %(file)s.") % {"file": out})
            if csv:
                with open(csv, "wb") as target:
                    write_csv(results_sheet(choice), target)
                self.stdout.write(_("Wrote %(file)s.") % {"file": csv})

    def _season(self, club, wanted):
        """A season of the club by its name, else by its id."""
        seasons = club.seasons.all()
        season = seasons.filter(name=wanted).first()
        if season is None and wanted.isdigit():
            season = seasons.filter(pk=int(wanted)).first()
        if season is None:
            names = ", ".join(seasons.order_by("starts_on").values_list("name", flat=True)) or "—"
            raise CommandError(_("%(club)s has no season “%(season)s” (its seasons: %(names)s).") % {
                "club": club, "season": wanted, "names": names})
        return season
