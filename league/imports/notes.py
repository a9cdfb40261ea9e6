"""A game's note (備考) as an import reads it, and the yakuman a note mentions.

Old sheets often record a yakuman only in words beside the game (「役満 大三元（中島）」).
The preview lists such rows so that the secretary can record the yakuman (on the game's
correction page after the import): a yakuman changes a game's points under some rules,
and a note does not say who dealt in, so it is never recorded from the note alone.
"""

import unicodedata
from dataclasses import dataclass

from ..models.games import YAKUMAN_NAMES

# Every name the entry form offers, with the short forms and the less common yakuman that clubs write.
YAKUMAN_WORDS = (*YAKUMAN_NAMES, "国士", "九蓮", "人和", "大車輪", "四喜和", "役満")
NOTE_LENGTH = 2000  # characters: a note is a remark, not a document


@dataclass(frozen=True)
class YakumanMention:
    """A note naming a yakuman: the words found (大三元), and the seats whose player the note names."""

    words: tuple
    seats: tuple


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").replace(" ", "").replace("\u3000", "")


def _named(text: str, names: list) -> bool:
    """Whether ``text`` names a player known by any of ``names``: whole, or by the start of it, as people
    write a surname alone (中島 of 中島五郎 or 中島 五郎), at least two characters; a surname written apart
    from the given name counts even of one character (林 of 林 幸雄), when the note brackets it: （林）."""
    for name in names:
        whole = _normal(name).lower()
        if whole.isascii():  # Tom is not To: a name in letters is looked for whole
            if len(whole) >= 2 and whole in text.lower():
                return True
            continue
        if len(whole) >= 2 and any(whole[:end] in text for end in range(len(whole), 1, -1)):
            return True
        parts = unicodedata.normalize("NFKC", name or "").split()
        if len(parts) > 1 and any(f"{left}{parts[0]}{right}" in text for left, right in ("()", "【】", "「」")):
            return True
    return False


def yakuman_mention(note: str, names: list) -> YakumanMention | None:
    """What ``note`` says of a yakuman (None when nothing); ``names``: each seat's names (as written, member's)."""
    text = _normal(note)
    if not text:
        return None
    words = []
    for word in sorted(YAKUMAN_WORDS, key=len, reverse=True):  # 四暗刻単騎 before 四暗刻
        if word in text and not any(word in longer for longer in words):
            words.append(word)
    if not words:
        return None
    if len(words) > 1 and "役満" in words:  # 役満 大三元: the name says it
        words.remove("役満")
    rest = text
    for word in words:  # a name is looked for in what is not the yakuman's name (大三元 is nobody's 大三)
        rest = rest.replace(word, " ")
    seats = tuple(seat for seat, known_as in enumerate(names) if _named(rest, known_as))
    return YakumanMention(words=tuple(words), seats=seats)
