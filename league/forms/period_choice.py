"""Which games a member page covers: a season of the club (or all games) and one rule set.

Read from the query string, with the same names and meaning as the standings
(``league.filters``):

- ``season``: a season id of the club, or ``all`` for every game; absent or
  empty: the season in force (``current_season``), all games when there is none;
- ``rule_set``: a rule set of the club by address name (slug) or id; absent:
  the club's main rule set (``main_rule_set``).  Points of different rule sets
  are never added together, so a page is always about one rule set.

A value that cannot be used is reported in ``errors`` and the default is used
in its place: the page shows the message and the default figures, the JSON
answers 400.
"""

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from ..stats.periods import ALL_GAMES, pick_rule_set, pick_season, season_period


class PeriodChoiceForm(forms.Form):
    season = forms.ChoiceField(label=_("Season"), required=False)
    rule_set = forms.ChoiceField(label=_("Rule set"), required=False)

    def __init__(self, club, data=None):
        self.club = club
        self.seasons = list(club.seasons.all())
        self.rule_sets = list(club.rule_sets.with_versions())
        data = data.copy() if data is not None else QueryDict(mutable=True)
        chosen = data.get("rule_set")
        if chosen and chosen.isdigit() and not any(r.slug == chosen for r in self.rule_sets):
            # A rule set id is as good as its slug.
            data["rule_set"] = next((r.slug for r in self.rule_sets if str(r.pk) == chosen), chosen)
        super().__init__(data)
        self.fields["season"].choices = [(str(s.pk), s.name) for s in self.seasons] + [(ALL_GAMES, _("All games"))]
        self.fields["rule_set"].choices = [(r.slug, r.name) for r in self.rule_sets]
        self.is_valid()  # keeps the usable values in cleaned_data, the others in errors
        self.chosen_rule_set = self._rule_set(self.cleaned_data.get("rule_set"))
        self.chosen_season = self._season(self.cleaned_data.get("season"))
        # The form shows what the figures cover (the defaults in place of unusable values).
        self.data = {"season": str(self.chosen_season.pk) if self.chosen_season else ALL_GAMES,
                     "rule_set": self.chosen_rule_set.slug if self.chosen_rule_set else ""}

    def _season(self, chosen):
        return pick_season(self.club, self.seasons, chosen)

    def _rule_set(self, chosen):
        return pick_rule_set(self.club, self.rule_sets, chosen)

    @property
    def several_rule_sets(self):
        return len(self.rule_sets) > 1

    @property
    def period(self):
        """The standings period chosen; None when the club has no rule set yet."""
        if self.chosen_rule_set is None:
            return None
        return season_period(self.chosen_rule_set, self.chosen_season)
