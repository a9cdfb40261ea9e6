from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..models.clubs import RuleSet
from ..models.meetings import Meeting


class StartMeetingForm(forms.ModelForm):
    """Start a club day: its date, which rules are played, and where.

    A weekly meeting starts without typing: the venue and fee are the club's usual ones (``Club.venue``,
    ``Club.usual_venue_fee``) or, when the club has set neither, the last meeting's; the rules are the only
    rule set in use, else the last meeting's when it is still in use.  Retired rule sets are not offered.
    """

    class Meta:
        model = Meeting
        fields = ["date", "rule_set", "venue", "venue_fee"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club).in_use()
        self.fields["rule_set"].empty_label = None
        if not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())
            for name, value in meeting_defaults(club, self.fields["rule_set"].queryset).items():
                self.initial.setdefault(name, value)

    def clean(self):
        data = super().clean()
        rule_set, date = data.get("rule_set"), data.get("date")
        if rule_set and date and rule_set.version_on(date) is None:
            self.add_error("date", _("%(rule_set)s has no rules in force on this date.") % {"rule_set": rule_set})
        return data

    def save(self, commit=True):
        self.instance.club = self.club
        return super().save(commit)


def meeting_defaults(club, rule_sets) -> dict:
    """What a new meeting of ``club`` starts with: venue, venue fee and rule set (any of them may be missing)."""
    last = Meeting.objects.filter(club=club).latest_first().values("venue", "venue_fee", "rule_set_id").first()
    defaults = {}
    if club.venue or club.usual_venue_fee:
        defaults.update(venue=club.venue, venue_fee=club.usual_venue_fee)
    elif last is not None:
        defaults.update(venue=last["venue"], venue_fee=last["venue_fee"])
    in_use = [rule_set.pk for rule_set in rule_sets]
    if len(in_use) == 1:
        defaults["rule_set"] = in_use[0]
    elif last is not None and last["rule_set_id"] in in_use:
        defaults["rule_set"] = last["rule_set_id"]
    return defaults


class ReasonForm(forms.Form):
    """Why a closed meeting is reopened or re-settled: kept with its settlements, so it is required."""

    reason = forms.CharField(
        label=_lazy("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": _lazy("Say why: the reason is kept with the meeting's settlements.")},
    )
