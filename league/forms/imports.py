"""The import forms: the file or pasted rows with the rules they follow, then who each unknown name is."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from openpyxl.utils import get_column_letter

from ..imports.first_read import read_for_import
from ..imports.layouts.headers import read_header
from ..imports.layouts.mapping import column_choices, first_rows, mapped_table, missing_keys
from ..imports.names import NewMember
from ..imports.reading import MAX_BYTES, ReadingError
from ..imports.table import column_name
from ..imports.values import DateError, parse_date
from ..models.clubs import RuleSet
from ..text.score_input import parse_points, parse_score

NEW = "new"
GUEST = "guest"


class ImportForm(forms.Form):
    """An .xlsx or CSV file, or rows pasted from a spreadsheet; read and checked for its columns when cleaned."""

    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        label=_("Rules"),
        empty_label=None,
        help_text=_("The rule set the games were played under."),
    )
    file = forms.FileField(
        label=_("File (.xlsx or CSV)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt,.tsv"}),
    )
    text = forms.CharField(
        label=_("Or paste the rows"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_(
            "Copy the rows in your spreadsheet, header row included, and paste them here; or paste "
            "results from a chat, one game per line (1回戦 山田 41300 佐藤 28000 …) under a date line."
        ),
    )

    def __init__(self, *args, club, read_up_to=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.read_up_to = read_up_to  # bytes read here; a larger input is left to the worker (``deferred``)
        self.deferred = False
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club).with_versions()
        self.table = None
        self.unknown = None  # a LayoutUnknown: the sheet goes to the mapping step
        self.sheet = None  # the sheet read (None for chat lines), kept for naming its columns by hand

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
            self.add_error(
                "rule_set", gettext("%(rule_set)s has no rules yet. Add a rule version first.") % {"rule_set": rule_set}
            )
            return data
        field = "file" if upload else "text"
        # Too large for any import: refused here at once, by the reading below, without reading it.
        if self.read_up_to is not None and self.read_up_to < _size(upload, text) <= MAX_BYTES:
            self.deferred = True  # read by the worker (league/jobs/): the page answers at once
            return data
        try:
            read = read_for_import(self.club, rule_set, upload=upload or None, text=text)
        except ReadingError as error:
            self.add_error(field, error.message)
            return data
        self.table, self.sheet, self.unknown = read.table, read.sheet, read.unknown
        return data

    def input_bytes(self) -> tuple[bytes, str]:
        """What was sent, for the worker: the file's bytes and name, or the pasted text as UTF-8 (no name)."""
        upload = self.cleaned_data.get("file")
        if upload:
            upload.seek(0)
            return upload.read(MAX_BYTES + 1), upload.name
        return self.cleaned_data["text"].encode("utf-8"), ""


def _size(upload, text) -> int:
    return upload.size if upload else len(text.encode("utf-8"))


class ColumnsForm(forms.Form):
    """The mapping step: which row is the header, and what each column holds (a select per column)."""

    def __init__(self, *args, sheet, players, rule_set_name="", **kwargs):
        super().__init__(*args, **kwargs)
        self.sheet, self.players, self.rule_set_name = sheet, players, rule_set_name
        self.width, self.shown = first_rows(sheet)
        self.table = None
        rows = [("", gettext("None: every row is a game"))]
        rows += [(str(number), gettext("Row %(row)s") % {"row": number}) for number, _cells in self.shown]
        guess = _header_guess(self.shown)
        self.fields["header_row"] = forms.ChoiceField(
            label=_("Header row"),
            choices=rows,
            required=False,
            initial=str(guess) if guess else "",
            help_text=_("The row naming the columns; the games are the rows below it."),
        )
        guessed = {}
        if guess is not None:
            header = next(cells for number, cells in self.shown if number == guess)
            guessed = {position: key for key, position in read_header(header)[0].items()}
        choices = column_choices(players)
        for position in range(self.width):
            self.fields[f"column_{position}"] = forms.ChoiceField(
                label=gettext("Column %(letter)s") % {"letter": get_column_letter(position + 1)},
                choices=choices,
                required=False,
                initial=guessed.get(position, ""),
            )
        self.fields["remember"] = forms.BooleanField(
            label=_("Read the next file with the same header row this way"), required=False, initial=True
        )

    def columns(self):
        """What the template walks through: each column's select with the first values in it."""
        return [
            {
                "field": self[f"column_{position}"],
                "letter": get_column_letter(position + 1),
                "samples": [cells[position] for _number, cells in self.shown if cells[position]][:4],
            }
            for position in range(self.width)
        ]

    def chosen(self):
        """Key → position, as chosen."""
        return {
            self.cleaned_data[f"column_{position}"]: position
            for position in range(self.width)
            if self.cleaned_data.get(f"column_{position}")
        }

    def header_row(self):
        value = self.cleaned_data.get("header_row")
        return int(value) if value else None

    def clean(self):
        data = super().clean()
        seen = {}
        for position in range(self.width):
            key = data.get(f"column_{position}")
            if not key:
                continue
            if key in seen:
                raise forms.ValidationError(
                    gettext("Columns %(first)s and %(second)s are both “%(what)s”: choose each only once.")
                    % {
                        "first": get_column_letter(seen[key] + 1),
                        "second": get_column_letter(position + 1),
                        "what": column_name(key, self.players),
                    }
                )
            seen[key] = position
        missing = missing_keys(seen, self.players)
        if missing:
            raise forms.ValidationError(
                gettext(
                    "Say which column holds: %(columns)s. Every game needs its date "
                    "and each player with their score or final points."
                )
                % {"columns": ", ".join(column_name(key, self.players) for key in missing)}
            )
        try:
            self.table = mapped_table(self.sheet, self.players, self.header_row(), seen, self.rule_set_name)
        except ReadingError as error:
            raise forms.ValidationError(error.message) from error
        return data


def _header_guess(shown):
    """The first shown row that reads as headers (mostly words, no date or score in it), or None."""
    for number, cells in shown:
        filled = [cell for cell in cells if cell]
        if len(filled) >= 2 and not any(_is_number_or_date(cell) for cell in filled):
            return number
    return None


def _is_number_or_date(text):
    try:
        parse_date(text)
    except DateError:
        pass
    else:
        return True
    try:  # a score (41,300, ▲5200, full-width) or final points (+45.3): the importer's own readers say
        parse_score(text)
    except ValidationError:
        try:
            parse_points(text)
        except ValidationError:
            return False
    return True


class MappingForm(forms.Form):
    """For each name no member has: which member it is, a new member (with an optional reading), or a guest."""

    def __init__(self, *args, unknown, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.unknown = unknown
        self.members = {str(member.pk): member for member in members}
        everyone = [(str(member.pk), _member_label(member)) for member in members]
        for index, name in enumerate(unknown):
            suggested = [(str(member.pk), _member_label(member)) for member in name.suggestions]
            choices = [
                ("", gettext("— choose —")),
                (NEW, gettext("Create a new member “%(name)s”") % {"name": name.name}),
                (GUEST, gettext("Bring in “%(name)s” as a guest (ゲスト)") % {"name": name.name}),
            ]
            if suggested:
                choices.append((gettext("Likely"), suggested))
            choices.append((gettext("Every member"), everyone))
            self.fields[f"name_{index}"] = forms.ChoiceField(
                label=name.name, choices=choices, required=False, initial=_initial(name)
            )
            self.fields[f"kana_{index}"] = forms.CharField(
                label=gettext("Reading (kana) of the new member"),
                max_length=80,
                required=False,
                initial=name.choice.kana if isinstance(name.choice, NewMember) else "",
            )

    def rows(self):
        """What the template walks through: each unknown name with its two fields."""
        return [
            {"name": name, "choice": self[f"name_{index}"], "kana": self[f"kana_{index}"]}
            for index, name in enumerate(self.unknown)
        ]

    def mapping(self):
        """Unknown name key → Member or NewMember, for those chosen."""
        chosen = {}
        for index, name in enumerate(self.unknown):
            value = self.cleaned_data.get(f"name_{index}")
            if value in (NEW, GUEST):
                chosen[name.key] = NewMember(
                    name=name.name, kana=self.cleaned_data.get(f"kana_{index}", "").strip(), guest=value == GUEST
                )
            elif value:
                chosen[name.key] = self.members[value]
        return chosen


def _member_label(member):
    label = f"{member.name}（{member.kana}）" if member.kana else member.name
    return gettext("%(name)s (guest)") % {"name": label} if member.guest else label


def _initial(name):
    if isinstance(name.choice, NewMember):
        return GUEST if name.choice.guest else NEW
    if name.choice is not None:
        return str(name.choice.pk)
    if name.likely is not None:  # pre-selected only: nothing is mapped until the secretary sends the choice
        return str(name.likely.pk)
    return "" if name.suggestions else NEW
