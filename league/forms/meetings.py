from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..models import Meeting, RuleSet


class StartMeetingForm(forms.ModelForm):
    """Start a club day: its date, which rules are played, and where."""

    class Meta:
        model = Meeting
        fields = ["date", "rule_set", "venue", "venue_fee"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club)
        self.fields["rule_set"].empty_label = None
        if not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())

    def clean(self):
        data = super().clean()
        rule_set, date = data.get("rule_set"), data.get("date")
        if rule_set and date and rule_set.version_on(date) is None:
            self.add_error("date", _("%(rule_set)s has no rules in force on this date.") % {"rule_set": rule_set})
        return data

    def save(self, commit=True):
        self.instance.club = self.club
        return super().save(commit)


class ReasonForm(forms.Form):
    """Why a closed meeting is reopened or re-settled: kept with its settlements, so it is required."""

    reason = forms.CharField(
        label=_lazy("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={"required": _lazy("Say why: the reason is kept with the meeting's settlements.")},
    )
