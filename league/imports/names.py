"""The names in an import no member has: the unknown names, and the new members chosen for them.

Names are matched to the club's members by the same finder as game entry
(``Member.objects.filter(club=club).finder()``, league/models/member_finder.py).
Names that match nobody, or several members alike, are the import's unknown
names, grouped by ``name_key``; the secretary maps each to a member (the
finder suggests the likely ones, and pre-selects the one member whose surname,
given name or beginning the name is), has it created as a new member, or brings
it in as a guest (a visitor who is not a member: ``NewMember(guest=True)``).
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class NewMember:
    """A member to create when the import is saved (display name, optional reading), or a guest (ゲスト)."""

    name: str
    kana: str = ""
    guest: bool = False

    @property
    def pk(self):
        return None


@dataclass
class UnknownName:
    """A name that means no one member: where it appears, likely members, and what the secretary chose (if anything)."""

    key: str
    name: str
    rows: list = field(default_factory=list)
    suggestions: list = field(default_factory=list)
    likely: object = None  # the one member a part or the beginning of the name points to: pre-selected
    choice: object = None  # a Member or a NewMember
