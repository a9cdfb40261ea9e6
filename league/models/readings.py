"""Suggesting a member's reading (よみ) from their name: SudachiPy with its core dictionary (docs/readings.md).

A suggestion is only ever a suggestion: it is shown for confirmation where a person adds members, and fills the
reading only where nobody typed one. The dictionary is loaded on the first suggestion, once per process, so a
page that never suggests never pays for it.
"""

import threading
import unicodedata
from functools import cache

from .member_finder import hiragana
from .text import clean_name

MAX_READING = 80  # Member.kana's length: a longer guess is no suggestion at all

_lock = threading.Lock()  # a SudachiPy tokenizer is not to be shared by two threads at once


def suggest_reading(name: str) -> str:
    """The reading of ``name`` in hiragana, each space-separated part read apart (佐藤 翔太 → さとう しょうた).

    Kana is only turned into hiragana; a name with anything but kanji and kana (Latin letters, digits, signs)
    gets no suggestion, nor one with a part the dictionary does not know: "" then.
    """
    parts = clean_name(name).split()
    if not parts or not all(map(_readable, parts)):
        return ""
    readings = [hiragana(part) if all(map(_is_kana, part)) else _read(part) for part in parts]
    reading = " ".join(readings)
    return reading if all(readings) and len(reading) <= MAX_READING else ""


def _read(text: str) -> str:
    """The dictionary's reading of ``text`` (kanji and kana), "" when it knows a word of it only by its spelling."""
    with _lock:
        morphemes = _tokenizer().tokenize(text)
        if any(morpheme.is_oov() for morpheme in morphemes):
            return ""
        reading = "".join(morpheme.reading_form() for morpheme in morphemes)
    reading = hiragana(reading)
    return reading if reading and all(map(_is_kana, reading)) else ""


@cache
def _tokenizer():
    from sudachipy import Dictionary  # imported here: loading the dictionary is for the first suggestion only

    # Mode C, the longest units: a name is read as the dictionary's entry for the name, not in pieces.
    return Dictionary(dict="core").tokenizer(mode="C")


def _readable(part: str) -> bool:
    return all(_is_kana(char) or _is_kanji(char) for char in part)


def _is_kana(char: str) -> bool:
    return "ぁ" <= char <= "ゖ" or "ァ" <= char <= "ヺ" or char in "ーゝゞヽヾ・"


def _is_kanji(char: str) -> bool:
    return char in "々〆ヵヶ" or unicodedata.name(char, "").startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH"))
