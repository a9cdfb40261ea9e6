"""Busts (飛び, トビ): when a final score busts, whether a bust pays points, and which busts must be written.

A player whose final score is below 0 has busted; with ``bust.at_zero`` a score of exactly 0 busts too.  The
engine never invents a bust (docs/scoring.md, "Busts are what the secretary records"): a game lists its busts,
and the game reader refuses one whose seat did not bust.  When the rules pay for a bust (a penalty or a bonus
that is not 0), forgetting one changes the points, so the entry form and the importer refuse a game that
leaves a busted seat unwritten; ``unwritten_busts`` says which.  The stored meeting lines count the seats that
busted in SQL (league/services/meeting_lines.py), which a test holds equal to ``is_bust``.
"""

from collections.abc import Collection, Sequence
from typing import Any

from .rules import rule_book

__all__ = ["bust_pays", "is_bust", "unwritten_busts"]


def is_bust(rules: Any, score: int) -> bool:
    """Whether a final ``score`` busts under ``rules``: below 0, or exactly 0 when ``bust.at_zero``."""
    return busted(score, rule_book(rules).bust_at_zero)


def bust_pays(rules: Any) -> bool:
    """Whether a bust moves points under ``rules``: its penalty or its bonus is not 0."""
    book = rule_book(rules)
    return bool(book.bust_penalty or book.bust_bonus)


def unwritten_busts(rules: Any, scores: Sequence[int], written: Collection[int]) -> list[int]:
    """The seats (in seat order) whose final score busts but whose bust is not among the ``written`` seats,
    when a bust pays points under ``rules``; none when it does not (nothing is lost by leaving it out)."""
    book = rule_book(rules)
    if not (book.bust_penalty or book.bust_bonus):
        return []
    return [seat for seat, score in enumerate(scores) if busted(score, book.bust_at_zero) and seat not in written]


def busted(score: int, at_zero: bool) -> bool:
    """The rule itself, for a caller that has read the rules already (the game reader)."""
    return score < 0 or (at_zero and score == 0)
