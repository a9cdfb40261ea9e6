"""The one exception the engine raises, and the marker for its messages.

Every refusal carries a ``code`` (stable, for programs), the ``field`` it
concerns (a dotted path such as ``uma`` or ``scores.2`` or ``busts.0.by``)
and a message template with its parameters.  The site translates the
template with gettext and fills in the parameters, so a secretary reads the
message in their own language.
"""

from collections.abc import Iterable, Mapping
from typing import Any


def _(message: str) -> str:
    """Mark a message for translation without importing Django.

    The site's message catalogue picks these up; the engine keeps English.
    """
    return message


class ScoringError(ValueError):
    """Rules, a game or a meeting that the engine refuses.

    ``errors`` lists every problem found at once (each a ScoringError with no
    further ``errors``), so a form can show each beside its own field; the
    error's own ``code``, ``field`` and ``message`` are those of the first.
    """

    def __init__(
        self,
        code: str,
        field: str,
        template: str,
        params: Mapping[str, Any] | None = None,
        errors: Iterable["ScoringError"] | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.template = template
        self.params = dict(params or {})
        self.errors = list(errors) if errors else [self]
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def __str__(self) -> str:
        if len(self.errors) > 1:
            return "; ".join(f"{e.field}: {e.message}" for e in self.errors)
        return f"{self.field}: {self.message}" if self.field else self.message

    def __repr__(self) -> str:
        return f"ScoringError(code={self.code!r}, field={self.field!r}, message={self.message!r})"


class Problems:
    """Collects refusals so that all of them are reported together."""

    def __init__(self) -> None:
        self.found: list[ScoringError] = []

    def add(self, code: str, field: str, template: str, **params: Any) -> None:
        self.found.append(ScoringError(code, field, template, params))

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_if_any(self) -> None:
        if self.found:
            first = self.found[0]
            raise ScoringError(first.code, first.field, first.template, first.params, self.found)
