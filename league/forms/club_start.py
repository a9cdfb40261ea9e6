"""A new club (クラブを作る): its name, address name, description, usual venue and fee, and 4 or 3 players.

The address name (used in the club's web address) is checked here — its form, and that it is free, with
a free one suggested — and again by ``services.club_start.create_club`` under the database's constraint.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..models.text import clean_name
from ..services.club_start import SLUG, slug_is_free, suggested_slug
from .accounts import YenField

PLAYERS = [("4", _("4 players (四人打ち)")), ("3", _("3 players (三人打ち・三麻)"))]


class CreateClubForm(forms.Form):
    name = forms.CharField(
        label=_("Club name"), max_length=100, error_messages={"required": _("Type the club's name.")}
    )
    slug = forms.CharField(
        label=_("Address name"),
        max_length=50,
        required=False,
        help_text=_(
            "The club's web address: lower-case letters, digits and hyphens, e.g. kaze-no-kai. Left "
            "empty, one is made from the name."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}),
    )
    description = forms.CharField(
        label=_("Description"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )
    venue = forms.CharField(
        label=_("Usual venue"),
        max_length=100,
        required=False,
        help_text=_("Where the club usually plays; each new meeting starts with it."),
    )
    usual_venue_fee = YenField(
        label=_("Usual venue fee (yen)"),
        required=False,
        help_text=_("What the venue usually costs a day; 0 or empty when it is free."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    players = forms.ChoiceField(label=_("Players at a table"), choices=PLAYERS, initial="4", widget=forms.RadioSelect)

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise ValidationError(_("Type the club's name."), code="required")
        return name

    def clean_slug(self) -> str:
        typed = clean_name(self.cleaned_data.get("slug")).lower()
        if not typed:
            return ""  # made from the name in clean(), once the name is known
        if not SLUG.match(typed):
            raise ValidationError(
                _(
                    "“%(slug)s” cannot be an address name: use 3 to 50 lower-case letters, digits and hyphens, "
                    "starting and ending with a letter or digit (e.g. %(example)s)."
                ),
                code="invalid",
                params={"slug": typed, "example": suggested_slug("", typed)},
            )
        if not slug_is_free(typed):
            raise ValidationError(
                _("The address name %(slug)s is taken: %(free)s is free."),
                code="taken",
                params={"slug": typed, "free": suggested_slug("", typed)},
            )
        return typed

    def clean(self):
        data = super().clean()
        if not data.get("slug") and data.get("name") and not self.has_error("slug"):
            data["slug"] = suggested_slug(data["name"])
        return data

    @property
    def club_data(self) -> dict:
        """What ``create_club`` takes, from a valid form."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "slug": data["slug"],
            "description": data["description"].strip(),
            "venue": clean_name(data["venue"]),
            "usual_venue_fee": data["usual_venue_fee"] or 0,
        }
