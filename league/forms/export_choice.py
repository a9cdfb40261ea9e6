"""What the season workbook covers (出力の対象): a season or dates, one rule set or all of them.

The query string of the standings (``league.filters``: ``season``, ``rule_set``,
``from``, ``to``, ``min_games``), except that an empty or absent ``rule_set``
means every rule set of the club: a workbook may hold them all, each in its
own standings block.
"""

from django.utils.translation import gettext_lazy as _

from ..exports.choice import ExportChoice
from ..filters import StandingsFilterForm

ALL_RULE_SETS = ""


class ExportChoiceForm(StandingsFilterForm):
    def __init__(self, club, data=None):
        super().__init__(club, data)
        self.fields["rule_set"].choices = [(ALL_RULE_SETS, _("All rule sets")), *self.fields["rule_set"].choices]

    def choice(self):
        """The export asked for, with the defaults in place of unusable values (see ``problems``)."""
        self.is_valid()
        data = self.cleaned_data
        chosen = data.get("rule_set")
        rule_sets = tuple(r for r in self.rule_sets if r.slug == chosen) if chosen else tuple(self.rule_sets)
        season = self._season(data.get("season"))
        first = data.get("from") or (season.starts_on if season else None)
        last = data.get("to") or (season.ends_on if season else None)
        min_games = data.get("min_games")
        if min_games is None:
            min_games = season.min_games if season else 0
        return ExportChoice(club=self.club, rule_sets=rule_sets, season=season, first_day=first, last_day=last,
                            min_games=min_games, custom_dates=bool(data.get("from") or data.get("to")),
                            all_rule_sets=not chosen)

    def show(self, choice):
        """Let the form show what the export covers (the defaults used in place of unusable values)."""
        self.is_valid()
        shown = choice.query()
        if self.cleaned_data.get("min_games") is None:
            shown.pop("min_games", None)
        self.fields["min_games"].widget.attrs["placeholder"] = str(choice.min_games)
        self.data = shown
        return self
