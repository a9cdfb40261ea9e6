"""Names as they are kept: without the invisible characters that reorder text around them.

A bidirectional control character (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
U+200E/U+200F marks, U+061C the Arabic letter mark) shows nothing itself but turns the text after it
around: a member called "\u202eオオヤマ" would read backwards in every table, a chat summary and the
workbook, and could pass for another member. None belongs in a club's names, so every name, reading,
venue and reason is saved without them (each model's ``save``; migration 0012 cleaned the rows kept
before).
"""

import re
import unicodedata

BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def without_bidi(text):
    """``text`` without bidirectional control characters (everything else kept as it is)."""
    return BIDI_CONTROLS.sub("", text or "")


def clean_name(text):
    """A display name as it is kept: NFKC, without bidi controls and surrounding spaces."""
    return without_bidi(unicodedata.normalize("NFKC", text or "")).strip()
