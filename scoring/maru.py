"""Which マル a top's game counts as (ブー麻雀's win points): マルA, マルB, マルC or ダブルマルA.

A win-points game pays by the table of how many players floated (``Settlement.floats``: 1 is マルA, 2 マルB,
3 マルC), or, when a yakuman ended it, ダブルマルA (``Settlement.double_maru_a``).  The standings count, for
each player, the games they topped of each kind.  The stored meeting lines count them in SQL from each seat's
place and its game's floats and double_maru_a (league/services/meeting_lines.py), which a test holds equal to
``maru_kind``.
"""

MARU_A, MARU_B, MARU_C, DOUBLE_MARU_A = "maru_a", "maru_b", "maru_c", "double_maru_a"
MARU_KINDS = (MARU_A, MARU_B, MARU_C, DOUBLE_MARU_A)  # in the order the standings show them
MARU_BY_FLOATS = {1: MARU_A, 2: MARU_B, 3: MARU_C}

__all__ = ["MARU_KINDS", "maru_kind"]


def maru_kind(place: int, floats: int, double_maru_a: bool) -> str | None:
    """The kind (one of ``MARU_KINDS``) a seat's game counts as, or None: only the top's game counts.

    ``floats`` and ``double_maru_a`` are the game's (``Settlement``); a game ended by a yakuman is ダブルマルA
    whatever floated, and floats other than 1, 2 or 3 name no table (a win-points game always has one; an
    oka-uma game counts its floating players too, and the standings show maru only under win points).
    """
    if place != 1:
        return None
    if double_maru_a:
        return DOUBLE_MARU_A
    return MARU_BY_FLOATS.get(floats)
