"""Errors that end a command with a one-line message and exit status 1."""

from __future__ import annotations


class KBError(Exception):
    """Base class: every error the CLI reports as one line."""


class SourceError(KBError):
    """A source file cannot be read or parsed.

    ``str()`` gives ``path:line: message`` (``path: message`` without a line),
    the form compilers use, so editors can jump to the place.
    """

    def __init__(self, source: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line is not None else self.source
        return f"{where}: {self.message}"


class ParseError(SourceError):
    """The content of a source does not follow its format."""


class UnknownFormatError(SourceError):
    """No parser recognises a source."""


class NotFoundError(KBError):
    """A rule number, card or release the user asked for does not exist."""


class StoreError(KBError):
    """The knowledge base directory is missing, damaged or from another version."""
