"""What a standings table covers (成績表の対象): season, rule set, dates and the games needed to be ranked.

Read from the query string, the same on the page and in its JSON:

- ``season``: a season id of the club, or ``all`` for every game; absent or
  empty: the season in force (``current_season``), all games when there is none;
- ``rule_set``: a rule set of the club by address name (slug) or id; absent:
  the club's main rule set (``main_rule_set``);
- ``from`` / ``to``: ISO dates (2026-04-01) that replace the season's first or
  last day; either may be left out;
- ``min_games``: games needed to be ranked; absent: the season's own minimum
  (0 for all games).

A value that cannot be used (a bad date, an unknown id, a negative minimum)
is reported by the form, and ``choice()`` uses the default in its place: the
page shows the message and the default table, the JSON answers 400.
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from .stats.periods import ALL_GAMES, pick_rule_set, pick_season
from .stats.standings import Period


@dataclass(frozen=True)
class StandingsChoice:
    """The period a table covers, with the season it came from (None: all games or none defined)."""

    period: Period | None  # None when the club has no rule set yet
    season: object = None
    custom_dates: bool = False  # from/to replaced a season day

    @property
    def rule_set(self):
        return self.period.rule_set if self.period else None

    def query(self):
        """The parameters that ask for exactly this choice (for links: the JSON, another rule set)."""
        if self.period is None:
            return {}
        period = self.period
        query = {"season": str(self.season.pk) if self.season else ALL_GAMES, "rule_set": self.rule_set.slug}
        if self.custom_dates:
            query.update({"from": period.first_day.isoformat() if period.first_day else "",
                          "to": period.last_day.isoformat() if period.last_day else ""})
        query["min_games"] = str(period.min_games)
        return query


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class StandingsFilterForm(forms.Form):
    season = forms.ChoiceField(label=_("Season"), required=False)
    rule_set = forms.ChoiceField(label=_("Rule set"), required=False)
    # "from" and "to" are added in __init__: "from" is a Python keyword.
    min_games = forms.IntegerField(label=_("Games to be ranked"), required=False, min_value=0, max_value=9999,
                                   widget=forms.NumberInput(attrs={"inputmode": "numeric"}))

    def __init__(self, club, data=None):
        self.club = club
        self.seasons = list(club.seasons.all())
        self.rule_sets = list(club.rule_sets.with_versions())
        super().__init__(data if data is not None else {})
        self.fields["from"] = forms.DateField(label=_("From"), required=False, widget=DateInput())
        self.fields["to"] = forms.DateField(label=_("To"), required=False, widget=DateInput())
        self.order_fields(["season", "rule_set", "from", "to", "min_games"])
        self.fields["season"].choices = [(str(s.pk), s.name) for s in self.seasons] + [(ALL_GAMES, _("All games"))]
        self.fields["rule_set"].choices = [(r.slug, r.name) for r in self.rule_sets]

    def full_clean(self):
        # A rule set id is as good as its slug: map it before ChoiceField validation.
        value = self.data.get("rule_set")
        if value and value.isdigit() and not any(r.slug == value for r in self.rule_sets):
            slug = next((r.slug for r in self.rule_sets if str(r.pk) == value), None)
            if slug is not None:
                self.data = self.data.copy()
                self.data["rule_set"] = slug
        super().full_clean()

    def clean(self):
        data = super().clean()
        first, last = data.get("from"), data.get("to")
        if first and last and first > last:
            data.pop("from")
            data.pop("to")
            raise forms.ValidationError(_("The first day must not be after the last day."), code="dates_reversed")
        return data

    @property
    def several_rule_sets(self):
        return len(self.rule_sets) > 1

    def choice(self):
        """The period to show: what was asked where it is usable, the defaults elsewhere."""
        self.is_valid()  # fills cleaned_data with the usable values only
        data = self.cleaned_data
        rule_set = self._rule_set(data.get("rule_set"))
        if rule_set is None:
            return StandingsChoice(period=None)
        season = self._season(data.get("season"))
        first = data.get("from") or (season.starts_on if season else None)
        last = data.get("to") or (season.ends_on if season else None)
        min_games = data.get("min_games")
        if min_games is None:
            min_games = season.min_games if season else 0
        custom = bool(data.get("from") or data.get("to"))
        return StandingsChoice(period=Period(rule_set=rule_set, first_day=first, last_day=last, min_games=min_games),
                               season=season, custom_dates=custom)

    def _season(self, chosen):
        return pick_season(self.club, self.seasons, chosen)

    def _rule_set(self, chosen):
        return pick_rule_set(self.club, self.rule_sets, chosen)

    def show(self, choice):
        """Let the form show what the table covers (the defaults used in place of unusable values).

        The minimum of games shows as a placeholder unless it was asked for, so that choosing
        another season follows that season's own minimum.  The errors found stay in ``errors``.
        """
        self.is_valid()
        shown = choice.query() or {"season": ALL_GAMES}
        if self.cleaned_data.get("min_games") is None:
            shown.pop("min_games", None)
        if choice.period:
            self.fields["min_games"].widget.attrs["placeholder"] = str(choice.period.min_games)
        self.data = shown
        return self

    def problems(self):
        """The unusable values as (label, message) pairs, for the page's notice."""
        self.is_valid()
        return [(self.fields[name].label if name in self.fields else "", message)
                for name, messages in self.errors.items() for message in messages]
