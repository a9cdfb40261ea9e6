"""Janroku's table draw (卓組・席決め): pure Python, no Django.

How it works and what it guarantees: docs/draw.md.

- ``draw_rounds(people, rounds, *, seats=4, seed, met_before=None,
  sat_out_before=None, earlier=())`` draws the day's next rounds: a list of
  ``Round(tables, sitting_out)``, each table in seat order (東 = 起家 first).
- ``draw_quality(rounds, met_before=None)`` counts repeated pairs today and
  this season, sit-outs per person and the most any pair met: a ``Quality``.
- Every refusal is a ``SeatingError`` with ``code`` and ``message``.
"""

from .draw import draw_rounds
from .errors import SeatingError
from .quality import Quality, draw_quality
from .rounds import Round

__all__ = [
    "Quality",
    "Round",
    "SeatingError",
    "draw_quality",
    "draw_rounds",
]
