"""Finding the member a typed name means: one finder for game entry and for imports.

A typed name means a member when, trying each step in turn:

1. the display name is the same spelling, full-width and half-width alike,
   upper and lower case alike, a run of spaces as one space (``spelling_key``);
2. else the display name is the same without its spaces: 東田 一郎 is 東田一郎
   (``name_key``);
3. else the reading is the same in hiragana or katakana, spaces aside:
   ひがしだいちろう, ヒガシダ イチロウ (``reading_key``);
4. else, when none of those named anybody, a part of the name or of the
   reading is the same: the surname or the given name (福田, 太郎, ふくだ, タロウ);
5. else the typed name begins one of those: the name, the reading, a
   surname or a given name (福, ふく, フク, た…).

A name or reading is split into surname and given name at its first space
(福田 太郎 / ふくだ たろう: the surname is the first part, the rest is the
given name). A name stored without a space (福田太郎) has no parts, but its
surname is still found as a prefix of the whole name; with its reading stored
with a space (ふくだ たろう) the given name's reading is found too.

The first step that names exactly one member decides. Steps 1 to 3 naming
several members never pick one of them: the next of those steps is tried,
and when none names exactly one, those several are the match's
``candidates``. Steps 4 and 5 are only tried when steps 1 to 3 named nobody,
and the first of them naming anybody decides (one member, or candidates).

``MemberMatch.how`` says which step matched, and ``whole`` whether it was the
whole name or reading (steps 1 to 3). Game entry takes any match of one
member; an import takes only a whole match, and offers a partial one as the
likely member of an unknown name (an old sheet's surname is never mapped
silently). Inactive members are found too: old results and a returning player
name them.
"""

import functools
import unicodedata
from dataclasses import dataclass

from .text import without_bidi

SUGGESTIONS = 5

# How a typed name matched (MemberMatch.how).
BY_NAME = "name"
BY_READING = "reading"
BY_SURNAME = "surname"
BY_GIVEN_NAME = "given_name"
BY_PREFIX = "prefix"
WHOLE = (BY_NAME, BY_READING)


def hiragana(text):
    """Normalise a reading for sorting and search: NFKC, katakana as hiragana."""
    text = without_bidi(unicodedata.normalize("NFKC", text or "")).strip()
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def spelling_key(text):
    """A name as typed, with width, case and runs of spaces made alike."""
    return " ".join(without_bidi(unicodedata.normalize("NFKC", str(text or ""))).split()).lower()


def name_key(text):
    """The normalised name: spellings differing only in width, case or spaces have one key."""
    return spelling_key(text).replace(" ", "")


def reading_key(text):
    """A reading with katakana as hiragana, spaces left out and case made alike."""
    return "".join(hiragana(str(text or "")).split()).lower()


def name_parts(text):
    """(surname, given name) of a name or reading split at its first space, or None without a space."""
    parts = spelling_key(text).split(" ", 1)
    return tuple(parts) if len(parts) == 2 else None


def part_keys(member):
    """How = BY_SURNAME / BY_GIVEN_NAME → the keys of that part of the member's name and reading."""
    keys = {}
    for text, key in ((member.name, name_key), (member.kana, reading_key)):
        parts = name_parts(text)
        if parts:
            for how, part in zip((BY_SURNAME, BY_GIVEN_NAME), parts, strict=True):
                keys.setdefault(how, set()).add(key(part))
    return keys


def search_keys(member):
    """Every key a typed name may begin (step 5): name, reading, and each part of them."""
    keys = {name_key(member.name), reading_key(member.kana)}
    for part in part_keys(member).values():
        keys |= part
    return sorted(key for key in keys if key)


def typed_keys(typed):
    """The keys a typed name is looked up by in steps 4 and 5: as a name and as a reading."""
    return {key for key in (name_key(typed), reading_key(typed)) if key}


@dataclass(frozen=True)
class MemberMatch:
    """What a typed name found: the one ``member`` it means, else the ``candidates`` it could mean (maybe none).

    ``how`` is the step that matched (BY_NAME, BY_READING, BY_SURNAME, BY_GIVEN_NAME, BY_PREFIX); for
    candidates it is empty when the whole name or reading of several matched."""

    member: object = None
    candidates: tuple = ()
    how: str = ""

    @property
    def ambiguous(self):
        return bool(self.candidates)

    @property
    def whole(self):
        """Whether the whole name or reading matched, not only a part or a beginning of it."""
        return self.member is not None and self.how in WHOLE


class MemberFinder:
    """Some members (a Member queryset, read once) indexed by every step of matching."""

    def __init__(self, members):
        self.queryset = members
        self.members = list(members)
        self.steps = [
            (how, key, _index(self.members, key, field))
            for how, key, field in (
                (BY_NAME, spelling_key, "name"),
                (BY_NAME, name_key, "name"),
                (BY_READING, reading_key, "kana"),
            )
        ]
        self.found = {}  # typed → MemberMatch: an import asks for the same names row after row

    # Steps 4 and 5's keys, made when a name is first looked up by them: a game typed with whole names (most
    # saves) never is, and making them for every member was a third of the entry form's check.
    @functools.cached_property
    def parts(self):
        return [(member, part_keys(member)) for member in self.members]

    @functools.cached_property
    def prefixes(self):
        return [(member, search_keys(member)) for member in self.members]

    def find(self, typed):
        """The MemberMatch of ``typed``: never one member picked out of several."""
        typed = str(typed or "")
        if typed not in self.found:
            self.found[typed] = self._whole(typed) or self._partial(typed)
        return self.found[typed]

    def _whole(self, typed):
        """Steps 1 to 3, or None when they name nobody."""
        candidates = []
        for how, key, index in self.steps:
            found = index.get(key(typed), [])
            if len(found) == 1:
                return MemberMatch(member=found[0], how=how)
            candidates += [member for member in found if member not in candidates]
        return MemberMatch(candidates=tuple(candidates)) if candidates else None

    def _partial(self, typed):
        """Steps 4 and 5: a part of the name or reading, else the beginning of one."""
        keys = typed_keys(typed)
        for how, matches in ((BY_SURNAME, self._by_part(keys)), (BY_PREFIX, self._by_prefix(keys))):
            if len(matches) == 1:
                member, how_found = next(iter(matches.items()))
                return MemberMatch(member=member, how=how_found or how)
            if matches:  # ``how`` says these were found by a part or a beginning: typing more may decide
                return MemberMatch(candidates=tuple(matches), how=how)
        return MemberMatch()

    def _by_part(self, keys):
        found = {}
        for member, parts in self.parts:
            for how in (BY_SURNAME, BY_GIVEN_NAME):
                if keys & parts.get(how, set()):
                    found.setdefault(member, how)
        return found

    def _by_prefix(self, keys):
        return {
            member: BY_PREFIX
            for member, searched in self.prefixes
            if any(key.startswith(typed) for key in searched for typed in keys)
        }

    def suggestions(self, typed, limit=SUGGESTIONS):
        """Members ``typed`` may mean: the one a part or the beginning of a name points to, the candidates it
        matches, then those whose name or reading contains it or a part of it (MemberQuerySet.matching)."""
        match = self.find(typed)
        found = [match.member] if match.member is not None else []
        found += [m for m in match.candidates[:limit] if m not in found]
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
