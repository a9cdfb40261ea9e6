"""Which games a page covers (対象の対局), read from the query string: one form for every page that chooses.

The standings, their JSON, the running standings, the awards, the season's
money, the export page and its downloads, and the member page and its JSON all
read the same parameters with the same meaning and defaults
(``league.stats.periods``); the records read the rule set alone (every season):

- ``season``: a season id of the club, or ``all`` for every game; absent or
  empty: the season in force (``current_season``), all games when there is none;
- ``rule_set``: a rule set of the club by address name (slug) or id; absent or
  empty: the rule set with the most games (``main_rule_set``).  The export
  reads an empty one as every rule set; the season's money has no rule set
  (it counts the meetings of all of them);
- ``from`` / ``to`` (standings and export only): ISO dates (2026-04-01) that
  replace the season's first or last day; either may be left out;
- ``min_games`` (standings and export only): games needed to be ranked;
  absent: the season's own minimum (0 for all games).

A value that cannot be used (an unknown id, text for a number, a bad date) is
kept in ``errors`` and the default is used in its place: a page shows the
figures of the default with a notice saying what was ignored
(``league/_period_problems.html``), a JSON answers 400 with the errors, a
download goes back to its page.  The form then shows what the figures cover.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..exports.choice import ExportChoice
from ..models.seasons import ALL_GAMES
from ..stats.periods import PeriodChoice, pick_rule_set, pick_season

ALL_RULE_SETS = ""  # the export's rule set choice meaning every rule set of the club


class PeriodChoiceForm(forms.Form):
    """A season (or all games) and one rule set; ``choice`` is what the page shows."""

    season = forms.ChoiceField(label=_("Season"), required=False)
    rule_set = forms.ChoiceField(label=_("Rule set"), required=False)

    choice_class = PeriodChoice
    every_rule_set_when_empty = False  # the export: no rule set chosen means all of them

    def __init__(self, club, data=None):
        self.club = club
        self.seasons = list(club.seasons.all())
        self.rule_sets = list(club.rule_sets.with_versions())
        super().__init__(self._rule_set_by_slug(data) if data is not None else {})
        self._add_fields()
        if "season" in self.fields:
            self.fields["season"].choices = [(str(s.pk), s.name) for s in self.seasons] + [(ALL_GAMES, _("All games"))]
        if "rule_set" in self.fields:
            choices = [(r.slug, r.name) for r in self.rule_sets]
            if self.every_rule_set_when_empty:
                choices.insert(0, (ALL_RULE_SETS, _("All rule sets")))
            self.fields["rule_set"].choices = choices
        self.is_valid()  # keeps the usable values in cleaned_data, the others in errors
        self.choice = self._choice(self.cleaned_data)
        # The fields show what the page covers: the defaults in place of unusable values.
        self.data = self._shown(self.choice)

    def _add_fields(self):
        """Fields a page adds to the season and rule set (before the form reads the query string)."""

    def _rule_set_by_slug(self, data):
        """The query string with a rule set id replaced by its slug: an id is as good as the slug."""
        chosen = data.get("rule_set")
        if not (chosen and chosen.isdigit()) or any(r.slug == chosen for r in self.rule_sets):
            return data
        data = data.copy()
        data["rule_set"] = next((r.slug for r in self.rule_sets if str(r.pk) == chosen), chosen)
        return data

    def _choice(self, data):
        season = pick_season(self.club, self.seasons, data.get("season"))
        every = "rule_set" not in self.fields or (self.every_rule_set_when_empty and not data.get("rule_set"))
        if every:
            rule_sets = self.rule_sets
        else:
            rule_set = pick_rule_set(self.club, self.rule_sets, data.get("rule_set"))
            rule_sets = [rule_set] if rule_set else []
        return self.choice_class.of(
            self.club,
            rule_sets,
            season,
            first_day=data.get("from"),
            last_day=data.get("to"),
            min_games=data.get("min_games"),
            all_rule_sets=every,
        )

    def _shown(self, choice):
        return choice.query()

    @property
    def several_rule_sets(self):
        return len(self.rule_sets) > 1


class SeasonChoiceForm(PeriodChoiceForm):
    """The season alone: the season's money counts the meetings of every rule set."""

    rule_set = None


class RuleSetChoiceForm(PeriodChoiceForm):
    """The rule set alone, over every game of every season: the club's records (記録)."""

    season = None

    def _choice(self, data):
        return super()._choice({**data, "season": ALL_GAMES})


class StandingsChoiceForm(PeriodChoiceForm):
    """The standings' choice: a season and rule set, the days that may replace the season's, the games to be ranked."""

    min_games = forms.IntegerField(
        label=_("Games to be ranked"),
        required=False,
        min_value=0,
        max_value=9999,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def _add_fields(self):
        # "from" is a Python keyword, so the two days cannot be declared as attributes.
        for name, label in (("from", _("From")), ("to", _("To"))):
            self.fields[name] = forms.DateField(
                label=label, required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
            )
        self.order_fields(["season", "rule_set", "from", "to", "min_games"])

    def clean(self):
        data = super().clean()
        first, last = data.get("from"), data.get("to")
        if first and last and first > last:
            data.pop("from")
            data.pop("to")
            raise forms.ValidationError(_("The first day must not be after the last day."), code="dates_reversed")
        return data

    def _shown(self, choice):
        """The minimum of games shows as a placeholder unless it was asked for, so another season brings its own."""
        shown = choice.query()
        if self.cleaned_data.get("min_games") is None:
            shown.pop("min_games")
        self.fields["min_games"].widget.attrs["placeholder"] = str(choice.min_games)
        return shown


class ExportChoiceForm(StandingsChoiceForm):
    """What the season workbook covers (出力の対象): as the standings, but an empty rule set means all of them."""

    choice_class = ExportChoice
    every_rule_set_when_empty = True
