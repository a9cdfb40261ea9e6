"""The closing accounts of a day: venue fee, hanchan held, who came and who stayed to the close."""

import unicodedata

from django import forms
from django.utils.translation import gettext_lazy as _

from ..text.score_input import parse_count

MOST_YEN = 10_000_000  # far above any venue fee; a longer number is a typo


class YenField(forms.CharField):
    """Whole yen, 0 or more: reads 6000, 6,000, ６０００, １，５００円 and ￥6000."""

    def to_python(self, value):
        value = super().to_python(value)
        if value in (None, ""):
            return 0
        text = unicodedata.normalize("NFKC", str(value))  # ￥ and ， become ¥ and ,
        number = parse_count(text.replace("円", "").replace("¥", ""))
        if number < 0:
            raise forms.ValidationError(_("Type an amount of yen, 0 or more."), code="negative")
        if number > MOST_YEN:
            raise forms.ValidationError(
                _("%(amount)s yen is more than a day's fees can be."),
                code="too_large",
                params={"amount": f"{number:,}"},
            )
        return number


class AccountsForm(forms.Form):
    venue_fee = YenField(
        label=_("Venue fee (場代), yen"),
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    rounds = forms.IntegerField(
        label=_("Hanchan held"),
        required=False,
        min_value=1,
        max_value=99,
        help_text=_("Leave empty to count the rounds entered."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args, meeting, candidates, lines, **kwargs):
        super().__init__(*args, **kwargs)
        self.meeting = meeting
        self.candidates = candidates
        by_member = {line.member.pk: line for line in lines}
        if not self.is_bound:
            self.initial.update({"venue_fee": meeting.venue_fee, "rounds": meeting.rounds})
        for member in candidates:
            line = by_member.get(member.pk)
            came = bool(line and (line.attended or line.games))
            stayed = line.present_at_close if line and line.attended else came
            self.fields[f"came_{member.pk}"] = forms.BooleanField(label=_("came"), required=False, initial=came)
            self.fields[f"stayed_{member.pk}"] = forms.BooleanField(
                label=_("stayed to the close"), required=False, initial=stayed
            )
            self.fields[f"came_{member.pk}"].played = bool(line and line.games)

    def rows(self):
        return [(member, self[f"came_{member.pk}"], self[f"stayed_{member.pk}"]) for member in self.candidates]

    def clean(self):
        data = super().clean()
        for member in self.candidates:
            if self.fields[f"came_{member.pk}"].played and not data.get(f"came_{member.pk}"):
                self.add_error(f"came_{member.pk}", _("%(name)s played today, so came.") % {"name": member.name})
        return data

    def attendance(self):
        """member → stayed to the close, for everyone who came."""
        data = self.cleaned_data
        return {
            member: bool(data.get(f"stayed_{member.pk}")) for member in self.candidates if data.get(f"came_{member.pk}")
        }
