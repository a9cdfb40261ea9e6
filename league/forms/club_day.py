"""What the secretary taps during a club day: who is here (a person's presence, a guest by name), drawing
rounds, swapping two people of a drawn round."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..services.attendance import ABSENT, HERE, LEFT, PRESENCES
from ..services.draws import MOST_ROUNDS

PRESENCE_DONE = {
    HERE: _("%(name)s is here."),
    LEFT: _("%(name)s has left."),
    ABSENT: _("%(name)s is marked as not here."),
}


class PresenceForm(forms.Form):
    """One tap on the attendance page: a person (of the club) and what they are now."""

    person = forms.ModelChoiceField(
        queryset=None, error_messages={"invalid_choice": _("This person is not of this club.")}
    )
    presence = forms.ChoiceField(choices=[(p, p) for p in PRESENCES])

    def __init__(self, *args, people, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["person"].queryset = people


class GuestForm(forms.Form):
    name = forms.CharField(
        label=_("A guest's name"),
        max_length=40,
        widget=forms.TextInput(attrs={"autocomplete": "off", "enterkeyhint": "done"}),
    )


class DrawForm(forms.Form):
    """Draw the next round, or the rest of the day (that many rounds)."""

    rounds = forms.IntegerField(
        label=_("Rounds to draw"),
        min_value=1,
        max_value=MOST_ROUNDS,
        initial=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class SwapForm(forms.Form):
    """Two people of one drawn round who take each other's seat."""

    first = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, *args, people, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(person.pk, person.name) for person in people]
        for name in ("first", "second"):
            self.fields[name].choices = choices
            self.fields[name].error_messages["invalid_choice"] = _("This person is not in this round's draw.")
