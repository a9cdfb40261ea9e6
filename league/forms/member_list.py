"""A list of people pasted by the owner (まとめて追加), read into new members and checked before any is saved.

One person a line. A reading may follow the name after a tab, a comma (, ，), a 、, or in kana in
parentheses at the end of the line: ``佐藤 翔太, さとう しょうた``, ``佐藤翔太（さとうしょうた）``. A space,
half-width or full-width, never separates: ``佐藤　翔太`` is one name, and so is ``山田 さくら``
(docs/readings.md, "Pasting a list"). A line without a reading gets the suggested one (``suggest_reading``),
shown for confirmation and editable.
"""

import re
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..models.member_finder import hiragana, name_key
from ..models.people import Member
from ..models.readings import suggest_reading
from ..models.text import clean_name

MAX_PEOPLE = 200  # a club's whole roster at once; more is a file for the importer
MAX_TEXT = 20000
NAME_LENGTH = Member._meta.get_field("name").max_length
READING_LENGTH = Member._meta.get_field("kana").max_length
SEPARATORS = re.compile("[\t,、]")  # after NFKC: a full-width comma is a comma
IN_PARENTHESES = re.compile(r"^(?P<name>.*?)\s*\((?P<reading>[^()]+)\)$")  # after NFKC: （） are ()
KANA_READING = re.compile(r"^[\u3041-\u3096\u309d\u309e\u30fc\u30fb\u30fd\u30fe ]*$")  # hiragana, ー, ・, spaces


@dataclass
class PastedPerson:
    """One line of the list: its number in the text, the name, and the reading typed after it (maybe none)."""

    line: int
    name: str
    typed_reading: str
    suggested: str = ""
    problems: list = field(default_factory=list)
    reading_field: object = None  # the bound reading box, once the form has it

    @property
    def reading(self):
        """The reading the list gives, else the suggested one."""
        return self.typed_reading or self.suggested


def read_lines(text: str) -> tuple[list[PastedPerson], int]:
    """The people of a pasted list, and how many empty lines it had (skipped)."""
    people, empty = [], 0
    for number, raw in enumerate(str(text or "").splitlines(), start=1):
        line = clean_name(raw)
        if not line:
            empty += 1
            continue
        name, reading = _split(line)
        people.append(PastedPerson(line=number, name=" ".join(name.split()), typed_reading=hiragana(reading)))
    return people, empty


def _split(line: str) -> tuple[str, str]:
    """(name, reading) of a line: the reading after the first separator, or in parentheses at the end."""
    found = SEPARATORS.search(line)
    if found:
        return line[: found.start()].strip(), line[found.end() :].strip()
    bracketed = IN_PARENTHESES.match(line)
    if bracketed and bracketed["name"].strip() and KANA_READING.match(hiragana(bracketed["reading"])):
        return bracketed["name"].strip(), bracketed["reading"].strip()  # only kana: 田中(父) is a name
    return line, ""


class MemberListForm(forms.Form):
    """The pasted list, and once it is read, a reading box per person (``reading_<n>``).

    Checking (確認) posts the text alone: each box is filled with the reading the list gives, else the suggested
    one. Adding (登録) posts the same text with the boxes as the owner left them, and is checked again.
    """

    text = forms.CharField(
        label=_("Names, one person a line"),
        max_length=MAX_TEXT,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "A reading may follow the name after a tab, a comma or 、, or in parentheses: "
            "佐藤 翔太, さとう しょうた or 佐藤翔太（さとうしょうた）. A space is part of the name."
        ),
    )

    def __init__(self, data=None, *, club, **kwargs):
        self.club = club
        self.people, self.empty_lines = read_lines(data.get("text", "")) if data is not None else ([], 0)
        if data is not None and len(self.people) <= MAX_PEOPLE:
            data = data.copy()
            for index, person in enumerate(self.people):
                if f"reading_{index}" not in data:  # checking: the reading given, else the suggestion
                    person.suggested = "" if person.typed_reading else suggest_reading(person.name)
                    data[f"reading_{index}"] = person.reading
                elif not person.typed_reading:  # adding: the box says what was suggested, if it still is
                    person.suggested = suggest_reading(person.name)
        super().__init__(data, **kwargs)
        for index, person in enumerate(self.people if self.is_bound and len(self.people) <= MAX_PEOPLE else []):
            self.fields[f"reading_{index}"] = forms.CharField(
                label=gettext("Reading of %(name)s") % {"name": person.name or "—"},
                required=False,
                max_length=READING_LENGTH,
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
            person.reading_field = self[f"reading_{index}"]

    def clean_text(self):
        if not self.people:
            raise ValidationError(_("Type or paste the names, one person a line."), code="required")
        if len(self.people) > MAX_PEOPLE:
            raise ValidationError(
                _("At most %(most)s people at a time: this list has %(count)s. Add the rest in a second list."),
                code="too_many",
                params={"most": MAX_PEOPLE, "count": len(self.people)},
            )
        return self.cleaned_data["text"]

    def clean(self):
        data = super().clean()
        if self.has_error("text"):
            return data
        taken = {name_key(name): name for name in Member.objects.filter(club=self.club).values_list("name", flat=True)}
        first_line = {}
        for index, person in enumerate(self.people):
            person.problems = self._problems(person, data.get(f"reading_{index}", ""), taken, first_line)
            first_line.setdefault(name_key(person.name), person.line)
        troubled = sum(
            1 for index, person in enumerate(self.people) if person.problems or self.has_error(f"reading_{index}")
        )
        if troubled:
            raise ValidationError(
                ngettext(
                    "%(count)s line has a problem: correct the list and check it again. Nobody was added.",
                    "%(count)s lines have a problem: correct the list and check it again. Nobody was added.",
                    troubled,
                )
                % {"count": troubled},
                code="problems",
            )
        return data

    def _problems(self, person, reading, taken, first_line):
        problems = []
        key = name_key(person.name)
        if not person.name:
            problems.append(gettext("No name before the reading."))
        elif len(person.name) > NAME_LENGTH:
            problems.append(gettext("The name is longer than %(most)s characters.") % {"most": NAME_LENGTH})
        if key in first_line:
            problems.append(gettext("The same name as line %(line)s.") % {"line": first_line[key]})
        elif key in taken:
            problems.append(gettext("The club already has “%(name)s” (a member or a guest).") % {"name": taken[key]})
        if reading and not KANA_READING.match(hiragana(reading)):
            problems.append(gettext("Write the reading in hiragana or katakana."))
        return problems

    def new_members(self) -> list[tuple[str, str]]:
        """(name, reading) of each person, once the form is valid."""
        return [
            (person.name, hiragana(self.cleaned_data.get(f"reading_{index}", "")))
            for index, person in enumerate(self.people)
        ]
