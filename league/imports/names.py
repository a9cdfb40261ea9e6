"""Matching the names in an import to the club's members: by display name, else by a unique reading (kana).

A name matches a member whose display name is the same (full-width and
half-width alike, upper and lower case alike), else the one member whose
name is the same without spaces (東田 一郎 is 東田一郎), else the one member
whose reading is the name in hiragana or katakana (ひがしだいちろう).  Names
that match nobody are the import's unknown names; the secretary maps each to
a member or has it created.
"""

import unicodedata
from dataclasses import dataclass, field

from ..models import Member
from ..models.people import hiragana

SUGGESTIONS = 5


def spaced_key(text):
    return " ".join(unicodedata.normalize("NFKC", str(text or "")).split()).lower()


def name_key(text):
    """The key an unknown name is known by: spellings differing only in width, case or spaces are one name."""
    return spaced_key(text).replace(" ", "")


@dataclass(frozen=True)
class NewMember:
    """A member to create when the import is saved (display name, optional reading)."""

    name: str
    kana: str = ""

    @property
    def pk(self):
        return None


@dataclass
class UnknownName:
    """A name no member has: where it appears, likely members, and what the secretary chose (if anything)."""

    key: str
    name: str
    rows: list = field(default_factory=list)
    suggestions: list = field(default_factory=list)
    choice: object = None  # a Member or a NewMember


class MemberFinder:
    """The club's members (active or not: old results name former members), indexed for matching."""

    def __init__(self, club):
        self.club = club
        self.members = list(Member.objects.filter(club=club))
        self.by_pk = {member.pk: member for member in self.members}
        self.by_name = {spaced_key(member.name): member for member in self.members}
        self.by_compact, self.by_kana = {}, {}
        for member in self.members:
            self.by_compact.setdefault(name_key(member.name), []).append(member)
            if member.kana:
                self.by_kana.setdefault(_kana_key(member.kana), []).append(member)

    def find(self, text):
        """The member ``text`` names, or None."""
        if member := self.by_name.get(spaced_key(text)):
            return member
        for index, key in ((self.by_compact, name_key(text)), (self.by_kana, _kana_key(text))):
            found = index.get(key, [])
            if len(found) == 1:
                return found[0]
        return None

    def suggestions(self, text):
        """Members whose name or reading contains ``text`` or a part of it (MemberQuerySet.matching)."""
        members = Member.objects.filter(club=self.club)
        found = list(members.matching(text)[:SUGGESTIONS])
        for part in unicodedata.normalize("NFKC", text).split():
            if len(found) >= SUGGESTIONS or part == text.strip():
                break
            found += [m for m in members.matching(part)[:SUGGESTIONS] if m not in found]
        return found[:SUGGESTIONS]


def _kana_key(text):
    return hiragana(text).replace(" ", "")
