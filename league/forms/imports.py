"""The import forms: the file or pasted rows with the rules they follow, then who each unknown name is."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..imports.columns import find_columns
from ..imports.names import NewMember
from ..imports.reading import ReadingError, read_pasted, read_upload
from ..models import RuleSet

NEW = "new"


class ImportForm(forms.Form):
    """An .xlsx or CSV file, or rows pasted from a spreadsheet; read and checked for its columns when cleaned."""

    rule_set = forms.ModelChoiceField(queryset=RuleSet.objects.none(), label=_("Rules"), empty_label=None,
                                      help_text=_("The rule set the games were played under."))
    file = forms.FileField(label=_("File (.xlsx or CSV)"), required=False,
                           widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt,.tsv"}))
    text = forms.CharField(
        label=_("Or paste the rows"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_("Copy the rows in your spreadsheet, header row included, and paste them here."),
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club).with_versions()
        self.table = None

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "")
        if upload and text.strip():
            raise forms.ValidationError(gettext("Choose a file or paste rows, not both."))
        if not upload and not text.strip():
            raise forms.ValidationError(gettext("Choose a file, or paste the rows from your spreadsheet."))
        rule_set = data.get("rule_set")
        if rule_set is None:
            return data
        if not rule_set.versions.all():
            self.add_error("rule_set", gettext("%(rule_set)s has no rules yet. Add a rule version first.") % {
                "rule_set": rule_set})
            return data
        players = rule_set.settings_on(timezone.localdate())["players"]
        field = "file" if upload else "text"
        try:
            sheet = read_upload(upload) if upload else read_pasted(text)
            self.table = find_columns(sheet, players, rule_set.name)
        except ReadingError as error:
            self.add_error(field, error.message)
        return data


class MappingForm(forms.Form):
    """For each name no member has: which member it is, or a new member (with an optional reading)."""

    def __init__(self, *args, unknown, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.unknown = unknown
        self.members = {str(member.pk): member for member in members}
        everyone = [(str(member.pk), _member_label(member)) for member in members]
        for index, name in enumerate(unknown):
            suggested = [(str(member.pk), _member_label(member)) for member in name.suggestions]
            choices = [("", gettext("— choose —")), (NEW, gettext("Create a new member “%(name)s”") % {
                "name": name.name})]
            if suggested:
                choices.append((gettext("Likely"), suggested))
            choices.append((gettext("Every member"), everyone))
            self.fields[f"name_{index}"] = forms.ChoiceField(
                label=name.name, choices=choices, required=False, initial=_initial(name))
            self.fields[f"kana_{index}"] = forms.CharField(
                label=gettext("Reading (kana) of the new member"), max_length=80, required=False,
                initial=name.choice.kana if isinstance(name.choice, NewMember) else "")

    def rows(self):
        """What the template walks through: each unknown name with its two fields."""
        return [{"name": name, "choice": self[f"name_{index}"], "kana": self[f"kana_{index}"]}
                for index, name in enumerate(self.unknown)]

    def mapping(self):
        """Unknown name key → Member or NewMember, for those chosen."""
        chosen = {}
        for index, name in enumerate(self.unknown):
            value = self.cleaned_data.get(f"name_{index}")
            if value == NEW:
                chosen[name.key] = NewMember(name=name.name, kana=self.cleaned_data.get(f"kana_{index}", "").strip())
            elif value:
                chosen[name.key] = self.members[value]
        return chosen


def _member_label(member):
    return f"{member.name}（{member.kana}）" if member.kana else member.name


def _initial(name):
    if isinstance(name.choice, NewMember):
        return NEW
    if name.choice is not None:
        return str(name.choice.pk)
    return "" if name.suggestions else NEW
