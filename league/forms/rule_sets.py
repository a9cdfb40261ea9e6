"""Adding a rule set (ルールを追加) with its first version, and renaming or retiring one.

The new rule set's form is the rule-version form with the rule set's name and
description in front: one form, the version's fields written once (in
``rule_settings``).
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models.clubs import RuleSet
from ..models.text import clean_name
from .rule_version import RuleVersionForm

NAME_HELP = _("As the club calls these rules, e.g. 東南戦, 東風戦 or 三麻. Shown wherever rules are chosen.")
DESCRIPTION_HELP = _("Optional: a line on how the club plays them (shown on the club's rules page).")


def _name_field():
    return forms.CharField(label=_("Name (ルール名)"), max_length=100, help_text=NAME_HELP)


def _description_field():
    return forms.CharField(
        label=_("Description (説明)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=DESCRIPTION_HELP,
    )


def clean_rule_set_name(name, club, rule_set=None):
    """The name as kept; refused when empty or when another of the club's rule sets has it."""
    name = clean_name(name)
    if not name:
        raise forms.ValidationError(_("Give these rules a name."), code="required")
    others = RuleSet.objects.filter(club=club, name=name)
    if rule_set is not None:
        others = others.exclude(pk=rule_set.pk)
    if others.exists():
        raise forms.ValidationError(
            _("The club already has rules called %(name)s. Choose another name."),
            code="name_taken",
            params={"name": name},
        )
    return name


class NewRuleSetForm(RuleVersionForm):
    """A new rule set of ``club`` and its first version; ``cleaned_data`` gains ``rules`` and ``fees``."""

    name = _name_field()
    description = _description_field()

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, rule_set=None, **kwargs)
        self.club = club

    def clean_name(self):
        return clean_rule_set_name(self.cleaned_data.get("name", ""), self.club)

    def clean_description(self):
        return self.cleaned_data.get("description", "").strip()

    def fieldsets(self):
        named = {
            "key": "rule_set",
            "legend": _("The rule set (ルール)"),
            "help": "",
            "errors": [],
            "rows": [{"field": self["name"]}, {"field": self["description"]}],
        }
        return [named, *super().fieldsets()]


class RuleSetForm(forms.Form):
    """Renaming a rule set, or retiring it (引退): its games and standings stay, new meetings no longer offer it."""

    name = _name_field()
    description = _description_field()
    retired = forms.BooleanField(
        label=_("Retired (使用終了)"),
        required=False,
        help_text=_(
            "Its games and standings stay as they are; it is no longer offered when a meeting is "
            "started. Untick to offer it again."
        ),
    )

    def __init__(self, *args, rule_set, **kwargs):
        kwargs.setdefault(
            "initial", {"name": rule_set.name, "description": rule_set.description, "retired": rule_set.retired}
        )
        super().__init__(*args, **kwargs)
        self.rule_set = rule_set

    def clean_name(self):
        return clean_rule_set_name(self.cleaned_data.get("name", ""), self.rule_set.club, self.rule_set)

    def clean_description(self):
        return self.cleaned_data.get("description", "").strip()
