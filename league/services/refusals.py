"""The one exception for an action the site refuses (a stale edit, a closed meeting, a date taken).

Services raise ``Refused`` with a message in the user's language, and the form
field it concerns when there is one; views show the message (beside that field,
or at the top) and nothing is saved.  A refusal that carries more for its
caller (the game as it is now, the import plan as it stands) is a subclass.
"""

from contextlib import contextmanager

from django.db import IntegrityError, transaction


class Refused(Exception):
    """A change that must not happen; ``message`` says why, ``field`` is the form field it concerns (or None)."""

    def __init__(self, message, field=None):
        super().__init__(message)
        self.message = message
        self.field = field


class GameRefused(Refused):
    """A save of a game that must not happen; ``current`` is the game as it is now, for an edit conflict."""

    def __init__(self, message, current=None):
        super().__init__(message)
        self.current = current


@contextmanager
def refused_on_conflict(message, field=None):
    """Turn a constraint the database refused (a save racing another) into a clear refusal."""
    try:
        with transaction.atomic():
            yield
    except IntegrityError as error:
        raise Refused(message, field) from error
