"""Checking a day total (日計): each player's final points over ``games`` hanchan played together, games unknown.

A club sheet with one row per day and table writes each player's points for
the day and the number of hanchan they played (半荘数).  The games themselves
are not written, so nothing can be settled; what can be checked is the sum:
the points of ``games`` hanchan must add up to what ``games`` points-only
games under these rules could add up to, each one's extras unrecorded
(docs/scoring.md, "Day totals").  That is the sum of ``games`` allowed
single-game sums: the fixed part ``games`` times over, any number of busts
from 0 to ``games`` × (players − 1), any number of unshared chombo penalties
up to 20 a game, and, as for one game, lost sticks taking any amount off
and 箱下 clamping adding any amount.
"""

from typing import Any

from .errors import Problems, _
from .numbering import MOST_ROUNDS
from .points import points_from_tenths
from .points_only import MOST_CHOMBO, read_points
from .rules import RuleBook, oka_imbalance, rule_book

MOST_DAY_GAMES = MOST_ROUNDS  # hanchan in one day total: one a round at most

__all__ = ["MOST_DAY_GAMES", "check_day_points"]


def check_day_points(rules: Any, points: Any, games: Any) -> list[int]:
    """The points (tenths, seat order as written) of a day total of ``games`` hanchan, or a ScoringError.

    ``points``: one value per player of the rules, as numbers of points with at most one decimal.
    """
    book = rule_book(rules)
    problems = Problems()
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MOST_DAY_GAMES:
        problems.add(
            "bad_games",
            "games",
            _("Expected a number of hanchan from 1 to %(most)s, not %(value)s."),
            most=MOST_DAY_GAMES,
            value=repr(games),
        )
        problems.raise_if_any()
    tenths = read_points(problems, points, book.players, games)
    problems.raise_if_any()
    assert tenths is not None  # else a problem was added, and raised
    _check_day_sum(problems, book, tenths, games)
    problems.raise_if_any()
    return tenths


def _check_day_sum(problems: Problems, book: RuleBook, points: list[int], games: int) -> None:
    fixed, step, busts, penalty, chombo, at_least, at_most = _sums(book, games)
    total = sum(points)
    bust_moves = [b * step for b in range(busts + 1)]
    lowest = fixed + min(bust_moves) - chombo * penalty
    highest = fixed + max(bust_moves)
    if (at_least and total >= lowest) or (at_most and total <= highest):
        return
    if not (at_least or at_most) and any(_reachable(total - fixed - move, penalty, chombo) for move in bust_moves):
        return
    show = {"total": points_from_tenths(total), "games": games}
    if at_least:
        problems.add(
            "day_points_sum_mismatch",
            "points",
            _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan must add up to at least %(expected)s."
            ),
            expected=points_from_tenths(lowest),
            **show,
        )
    elif at_most:
        problems.add(
            "day_points_sum_mismatch",
            "points",
            _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan must add up to at most %(expected)s."
            ),
            expected=points_from_tenths(highest),
            **show,
        )
    elif not (busts or chombo):
        problems.add(
            "day_points_sum_mismatch",
            "points",
            _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan must add up to %(expected)s."
            ),
            expected=points_from_tenths(fixed),
            **show,
        )
    else:
        moves = {
            "expected": points_from_tenths(fixed),
            "step": points_from_tenths(step),
            "busts": busts,
            "penalty": points_from_tenths(-penalty),
            "chombo": chombo,
            **show,
        }
        if not chombo:
            template = _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan add up to %(expected)s, moved by %(step)s for each bust (at most %(busts)s)."
            )
        elif not busts:
            template = _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan add up to %(expected)s, moved by %(penalty)s for each chombo paid to nobody (at "
                "most %(chombo)s)."
            )
        else:
            template = _(
                "The points of these %(games)s hanchan add up to %(total)s, but under these rules %(games)s "
                "hanchan add up to %(expected)s, moved by %(step)s for each bust (at most %(busts)s) and by "
                "%(penalty)s for each chombo paid to nobody (at most %(chombo)s)."
            )
        problems.add("day_points_sum_mismatch", "points", template, **moves)


def _sums(book: RuleBook, games: int) -> tuple[int, int, int, int, int, bool, bool]:
    fixed, step, at_least, at_most = 0, 0, False, False
    if book.method == "oka_uma":
        fixed = oka_imbalance(book) * games
        step = book.bust_bonus - book.bust_penalty
        at_least = not book.box_under
        at_most = book.deposits == "lost"
    penalty = book.chombo_penalty if not book.chombo_to_others else 0
    busts = (book.players - 1) * games if step else 0
    chombo = MOST_CHOMBO * games if penalty else 0
    return fixed, step, busts, penalty, chombo, at_least, at_most


def _reachable(rest: int, penalty: int, chombo: int) -> bool:
    """Whether ``rest`` is −c × penalty for some 0 ≤ c ≤ chombo."""
    if not penalty:
        return rest == 0
    return rest <= 0 and rest % penalty == 0 and -rest // penalty <= chombo
