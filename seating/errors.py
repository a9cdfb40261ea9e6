"""The one exception the draw raises, and the marker for its messages.

Like the scoring engine's refusals: a stable ``code`` for programs, an English
message template and its parameters; the site translates the template with
gettext and fills in the parameters.
"""

from collections.abc import Mapping
from typing import Any


def _(message: str) -> str:
    """Mark a message for translation without importing Django."""
    return message


class SeatingError(ValueError):
    """A draw the seating package refuses (too few people, an impossible table size…)."""

    def __init__(self, code: str, template: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.template = template
        self.params = dict(params or {})
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def __repr__(self) -> str:
        return f"SeatingError(code={self.code!r}, message={self.message!r})"


TOO_FEW_PEOPLE = _("%(people)s present: a table needs %(seats)s people.")
BAD_SEATS = _("A table seats 3 or 4 people, not %(seats)s.")
BAD_ROUNDS = _("The number of rounds must be a whole number from 0, not %(rounds)s.")
SAME_PERSON_TWICE = _("The same person is listed twice: %(person)s.")
NO_SEED = _("The draw needs a seed, a whole number or a text, so that it can be drawn again the same: not %(seed)s.")
