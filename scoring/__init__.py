"""Janroku's rules engine (雀録の精算エンジン): pure Python, no Django.

The contract, and how to call it, is docs/scoring.md.

- ``settle(rules, game)`` settles one hanchan and returns the players in seat
  order, each with ``place`` and ``base``, ``oka``, ``uma``, ``bust``, ``chips``,
  ``shugi``, ``chombo`` and ``total`` as Decimals with one place.
- ``settle_points(rules, game)`` settles a game recorded only by each player's
  final points (the raw scores unknown), in the same shape.
- ``check_day_points(rules, points, games)`` checks a day total (日計): each
  player's final points over ``games`` hanchan, the games unknown.
- ``settle_meeting(fees, players)`` settles a meeting's money in yen.
- ``validate_rules(rules)`` and ``validate_fees(fees)`` return the settings
  normalised, with every default filled in.
- ``points_created_per_game(rules)`` says what an explicit oka creates or
  destroys in every game (the rule-version form warns about it).
- ``scoring.schema`` describes each rule and fee setting once (key, type, default,
  range, words); the engine, the site's rule-version form, the rules text and
  docs/scoring.md read it.
- ``places_by_score(scores, ties)`` and ``round_score(score, mode, target)``
  are the place and rounding rules; ``missing_score(rules, others, deposit)``
  is the one score a game's sum leaves; ``points_sum_allowed(rules, total,
  deposit, chombo)`` is the points-only game's sum check.
- ``is_bust(rules, score)``, ``bust_pays(rules)`` and ``unwritten_busts(rules,
  scores, written)`` say when a final score busts, whether a bust pays points,
  and which busted seats a game must still write (the entry form, the importer).
- ``maru_kind(place, floats, double_maru_a)`` says which of ``MARU_KINDS``
  (マルA, B, C, ダブルマルA) a seat's win-points game counts as.
- ``is_round_or_table(number)`` and ``MOST_ROUNDS``: how a game is numbered
  within its day.
- Every refusal is a ``ScoringError`` with ``code``, ``field`` and ``message``.
"""

from .busts import bust_pays, is_bust, unwritten_busts
from .day_totals import MOST_DAY_GAMES, check_day_points
from .errors import ScoringError
from .game import missing_score
from .maru import MARU_KINDS, maru_kind
from .meeting import MeetingSettlement, PlayerMoney, settle_meeting, validate_fees
from .numbering import MOST_ROUNDS, is_round_or_table
from .points_only import points_sum_allowed, settle_points
from .rounding import round_score
from .rules import STARTING_RULES, points_created_per_game, validate_rules
from .settle import SeatResult, Settlement, places_by_score, settle

__all__ = [
    "MARU_KINDS",
    "MOST_DAY_GAMES",
    "MOST_ROUNDS",
    "STARTING_RULES",
    "MeetingSettlement",
    "PlayerMoney",
    "ScoringError",
    "SeatResult",
    "Settlement",
    "bust_pays",
    "check_day_points",
    "is_bust",
    "is_round_or_table",
    "maru_kind",
    "missing_score",
    "places_by_score",
    "points_created_per_game",
    "points_sum_allowed",
    "round_score",
    "settle",
    "settle_meeting",
    "settle_points",
    "unwritten_busts",
    "validate_fees",
    "validate_rules",
]
