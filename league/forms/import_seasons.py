"""The seasons an import proposes for its games outside every season: which to create, and their names.

One form per proposal (a tick, a name, and its dates, kept in hidden fields so
that saving does not plan the file twice); the import's commit checks again,
under its locks, that each span ticked is still proposed.  Only the owner is
shown these forms: a secretary's import posts none, and the page ignores them.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..imports.seasons import NAME_LENGTH, NewSeason, ProposedSeason, check_names
from ..models.seasons import Season
from ..services.refusals import Refused

PREFIX = "season"
MOST = 200  # proposals are one per calendar year: more than this is not a page's post


class ProposedSeasonForm(forms.Form):
    create = forms.BooleanField(label=_("Create"), required=False)
    name = forms.CharField(
        label=_("Season name"),
        max_length=NAME_LENGTH,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    starts_on = forms.DateField(widget=forms.HiddenInput)
    ends_on = forms.DateField(widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        first, last = data.get("starts_on"), data.get("ends_on")
        if first and last and last < first:
            raise ValidationError(_("The last day comes before the first day."))
        return data


class BaseSeasonsFormSet(forms.BaseFormSet):
    """Every proposal; ``chosen()`` the ticked ones as ``NewSeason``s, their names checked against the club's."""

    def __init__(self, *args, club, proposals=(), **kwargs):
        kwargs.setdefault("prefix", PREFIX)
        kwargs.setdefault(
            "initial",
            [
                {"create": True, "name": proposal.name, "starts_on": proposal.starts_on, "ends_on": proposal.ends_on}
                for proposal in proposals
            ],
        )
        super().__init__(*args, **kwargs)
        self.club = club
        self.proposals: list[ProposedSeason] = list(proposals)

    def rows(self):
        """What the template walks through: each form with the proposal of its dates (its games), if still one."""
        by_span = {(str(proposal.starts_on), str(proposal.ends_on)): proposal for proposal in self.proposals}
        return [
            {"form": form, "proposal": by_span.get((str(form["starts_on"].value()), str(form["ends_on"].value())))}
            for form in self.forms
        ]

    def clean(self):
        if any(self.errors):
            return
        ticked = [form for form in self.forms if form.cleaned_data.get("create")]
        existing = list(Season.objects.filter(club=self.club).values_list("name", flat=True))
        for form in ticked:  # each name on its own, so that the message stands beside its box
            try:
                check_names([form.cleaned_data["name"]], existing)
            except Refused as refusal:
                form.add_error("name", refusal.message)
        if any(self.errors):
            return
        try:
            check_names([form.cleaned_data["name"] for form in ticked], ())
        except Refused as refusal:  # two ticked proposals given one name
            raise ValidationError(refusal.message) from refusal

    def chosen(self) -> list[NewSeason]:
        return [
            NewSeason(
                name=form.cleaned_data["name"],
                starts_on=form.cleaned_data["starts_on"],
                ends_on=form.cleaned_data["ends_on"],
            )
            for form in self.forms
            if form.cleaned_data.get("create")
        ]


SeasonsFormSet = forms.formset_factory(
    ProposedSeasonForm, formset=BaseSeasonsFormSet, extra=0, max_num=MOST, validate_max=True, absolute_max=MOST
)


def posted_seasons(data) -> bool:
    """Whether a post carries the season proposals (a page without any, or an older page, posts none)."""
    return f"{PREFIX}-TOTAL_FORMS" in data
