"""Finding the member a typed name means: one finder for game entry and for imports.

A typed name means a member when, trying each step in turn:

1. the display name is the same spelling, full-width and half-width alike,
   upper and lower case alike, a run of spaces as one space (``spelling_key``);
2. else the display name is the same without its spaces: 東田 一郎 is 東田一郎
   (``name_key``);
3. else the reading is the same in hiragana or katakana, spaces aside:
   ひがしだいちろう, ヒガシダ イチロウ (``reading_key``).

The first step that names exactly one member decides. A step naming several
members never picks one of them: the next step is tried, and when no step
names exactly one, those several are the match's ``candidates``, for the
person to choose from. Inactive members are found too: old results and a
returning player name them.

This is the one place to extend name search (surname, given name, prefix).
"""

import unicodedata
from dataclasses import dataclass

SUGGESTIONS = 5


def hiragana(text):
    """Normalise a reading for sorting and search: NFKC, katakana as hiragana."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def spelling_key(text):
    """A name as typed, with width, case and runs of spaces made alike."""
    return " ".join(unicodedata.normalize("NFKC", str(text or "")).split()).lower()


def name_key(text):
    """The normalised name: spellings differing only in width, case or spaces have one key."""
    return spelling_key(text).replace(" ", "")


def reading_key(text):
    """A reading with katakana as hiragana, spaces left out and case made alike."""
    return "".join(hiragana(str(text or "")).split()).lower()


@dataclass(frozen=True)
class MemberMatch:
    """What a typed name found: the one ``member`` it means, else the ``candidates`` it could mean (maybe none)."""

    member: object = None
    candidates: tuple = ()

    @property
    def ambiguous(self):
        return bool(self.candidates)


class MemberFinder:
    """Some members (a Member queryset, read once) indexed by every step of matching."""

    def __init__(self, members):
        self.queryset = members
        self.members = list(members)
        self.steps = [(key, _index(self.members, key, field)) for key, field in (
            (spelling_key, "name"), (name_key, "name"), (reading_key, "kana"))]

    def find(self, typed):
        """The MemberMatch of ``typed``: never one member picked out of several."""
        candidates = []
        for key, index in self.steps:
            found = index.get(key(typed), [])
            if len(found) == 1:
                return MemberMatch(member=found[0])
            candidates += [member for member in found if member not in candidates]
        return MemberMatch(candidates=tuple(candidates))

    def suggestions(self, typed, limit=SUGGESTIONS):
        """Members ``typed`` may mean: the candidates it matches, then those whose name or reading contains
        it or a part of it (MemberQuerySet.matching)."""
        found = list(self.find(typed).candidates[:limit])
        found += [m for m in self.queryset.matching(typed)[:limit] if m not in found]
        for part in unicodedata.normalize("NFKC", typed).split():
            if len(found) >= limit or part == typed.strip():
                break
            found += [m for m in self.queryset.matching(part)[:limit] if m not in found]
        return found[:limit]


def _index(members, key, field):
    index = {}
    for member in members:
        if value := key(getattr(member, field)):
            index.setdefault(value, []).append(member)
    return index
