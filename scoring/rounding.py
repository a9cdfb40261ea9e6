"""Rounding a non-top player's score to 1,000 (端数処理), on the signed score.

Each mode is ``floor((score + shift) / 1000) * 1000`` with its own shift. On
negative scores this follows docs/scoring.md's examples (the rule books themselves
never round a negative score): 四捨五入 takes −10,500 to −10,000 and 五捨六入
takes −10,500 to −11,000, the hundreds counted upward from the thousand below.
"""

MODES = ("none", "half_up", "five_down_six_up", "down", "up", "toward_target")


def round_score(score: int, mode: str, target: int) -> int:
    """Return ``score`` (tenbō, a multiple of 100) rounded to 1,000 by ``mode``."""
    if mode == "none":
        return score
    if mode == "half_up":  # 四捨五入: 500 and above go up
        return _floor_thousand(score + 500)
    if mode == "five_down_six_up":  # 五捨六入: 500 and below are dropped
        return _floor_thousand(score + 400)
    if mode == "down":  # 切り捨て
        return _floor_thousand(score)
    if mode == "up":  # 切り上げ
        return _floor_thousand(score + 999)
    if mode == "toward_target":  # プラス切り捨て・マイナス切り上げ
        return _floor_thousand(score) if score >= target else _floor_thousand(score + 999)
    raise ValueError(f"unknown rounding mode {mode!r}")


def _floor_thousand(score: int) -> int:
    return (score // 1000) * 1000
