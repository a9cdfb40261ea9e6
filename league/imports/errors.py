"""The one error of reading an import: a file or text that cannot be imported, saying why in the user's language."""


class ReadingError(ValueError):
    """A file or text that cannot be imported; ``message`` says why, in the user's language."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message
