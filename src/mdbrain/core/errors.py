"""The one exception tree of mdbrain.

::

    MdbrainError                 anything mdbrain raises on purpose
    ├── MarkerError              the .rag marker is unreadable or invalid
    │   └── NotInitialisedError  the marker is fine but its root does not exist
    ├── NoMarkerError            no .rag between the working directory and /
    ├── DocumentError            a document cannot be parsed (bad YAML, encoding...)
    └── UsageError               a request that cannot be honoured as asked

Every error carries its context as keyword-only attributes so that adapters can
render it without parsing the message: ``path`` (the file concerned, when there
is one) and ``line`` (1-based, when known).
"""

from __future__ import annotations


class MdbrainError(Exception):
    """Base class of every error mdbrain raises on purpose."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if where and self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class MarkerError(MdbrainError):
    """The ``.rag`` marker cannot be read, or a field has a wrong value."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message, path=path, line=line)
        self.field = field


class NotInitialisedError(MarkerError):
    """The marker names a root folder that does not exist yet."""


class NoMarkerError(MdbrainError):
    """No ``.rag`` marker was found from the start folder up to the file system root."""


class DocumentError(MdbrainError):
    """A document's text cannot be turned into a document."""


class UsageError(MdbrainError):
    """A request that cannot be carried out as asked (bad argument, existing base...)."""
