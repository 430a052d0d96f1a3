"""The one exception tree of mdbrain.

::

    MdbrainError                    anything mdbrain raises on purpose
    ├── MarkerError                 the .rag marker is unreadable or invalid
    │   └── NotInitialisedError     the marker is fine but its root does not exist
    ├── NoMarkerError               no .rag between the start folder and the repository top
    ├── DocumentError               a document cannot be parsed (bad YAML, encoding...)
    ├── UsageError                  a request that cannot be honoured as asked
    │   ├── InvalidRequestError     a field of the request is wrong (field, reason)
    │   │   └── OutsideBaseError    a path or id that leaves the base (value)
    │   └── NotFoundError           no such document (doc)
    ├── RefusedError                the base's rules refuse the change
    │   ├── DuplicateError          a clear duplicate exists (candidates)
    │   ├── StaleReadError          the document changed since it was read (doc, current_sha)
    │   ├── GuardError              a secret or personal data (rule, place, line, digest)
    │   └── UnsafePathError         a link leaving the base, a FIFO, a device... (path, reason)
    ├── BusyError                   another writer holds the base's lock (holder, waited)
    ├── StorageError                the file system failed (path, reason)
    └── GitError                    git failed or refused (command, said)

Every error carries its context as keyword-only attributes, so that adapters
can render it without parsing the message: ``path`` (the file concerned, when
there is one), ``line`` (1-based, when known), plus the data of its kind. Each
kind has a stable ``code`` (``not-found``, ``duplicate``...) and a
:meth:`MdbrainError.data` that holds everything a caller may branch on; the
command line maps the families to exit codes (see ``EXIT_CODES``), the MCP
server to tool errors. No message ever holds a secret's value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

# Exit codes of the command line, one per family of outcome.
EXIT_OK = 0
EXIT_FINDINGS = 1  # check found errors (or warnings with --strict)
EXIT_USAGE = 2  # a bad argument, an unknown document, no or a bad marker
EXIT_REFUSED = 3  # the guard, a duplicate, a stale read, an unsafe file
EXIT_BUSY = 4  # another writer holds the lock
EXIT_INTERNAL = 5  # the file system or git failed, or a bug


MESSAGE_MOST = 2_000  # characters of an error's message; a longer one is cut in the middle


class MdbrainError(Exception):
    """Base class of every error mdbrain raises on purpose."""

    code: ClassVar[str] = "error"
    exit_code: ClassVar[int] = EXIT_USAGE

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        if len(message) > MESSAGE_MOST:  # a value quoted whole: 100 KB of an agent's context
            marker = " [... {} characters left out ...] "
            head = MESSAGE_MOST - 200 - len(marker.format(len(message)))
            left = marker.format(len(message) - head - 200)
            message = message[:head] + left + message[-200:]
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = self.path or ""
        if where and self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[Any, ...]:
        # keyword-only fields do not survive the default pickling of exceptions, which
        # worker processes and thread pools rely on to hand an error back
        return (_rebuild, (type(self), self.message, dict(self.__dict__)))

    def data(self) -> dict[str, Any]:
        """What a caller may branch on: the code, the message, and the error's own fields."""
        out: dict[str, Any] = {"code": self.code, "message": str(self)}
        if self.path is not None:
            out["path"] = self.path
        if self.line is not None:
            out["line"] = self.line
        out.update(self._fields())
        return out

    def _fields(self) -> dict[str, Any]:
        return {}


class MarkerError(MdbrainError):
    """The ``.rag`` marker cannot be read, or a field has a wrong value."""

    code = "marker"

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

    def _fields(self) -> dict[str, Any]:
        return {"field": self.field} if self.field else {}


class NotInitialisedError(MarkerError):
    """The marker names a root folder that does not exist yet."""

    code = "not-initialised"


class NoMarkerError(MdbrainError):
    """No ``.rag`` marker was found from the start folder up to the repository's top."""

    code = "no-marker"


class DocumentError(MdbrainError):
    """A document's text cannot be turned into a document."""

    code = "document"


class UsageError(MdbrainError):
    """A request that cannot be carried out as asked."""

    code = "usage"


class InvalidRequestError(UsageError):
    """One field of a request has a wrong type or value."""

    code = "invalid-request"

    def __init__(
        self, message: str, *, field: str = "", path: str | None = None, line: int | None = None
    ) -> None:
        super().__init__(message, path=path, line=line)
        self.field = field

    def _fields(self) -> dict[str, Any]:
        return {"field": self.field} if self.field else {}


class OutsideBaseError(InvalidRequestError):
    """A document id or a code path that leads outside the base or the project."""

    code = "outside-base"

    def __init__(self, message: str, *, value: str, field: str = "") -> None:
        super().__init__(message, field=field)
        self.value = value

    def _fields(self) -> dict[str, Any]:
        return {**super()._fields(), "value": self.value}


class NotFoundError(UsageError):
    """The request names a document the base does not hold."""

    code = "not-found"

    def __init__(self, message: str, *, doc: str) -> None:
        super().__init__(message)
        self.doc = doc

    def _fields(self) -> dict[str, Any]:
        return {"doc": self.doc}


class RefusedError(MdbrainError):
    """The base's rules refuse the change; nothing was written."""

    code = "refused"
    exit_code = EXIT_REFUSED


class DuplicateError(RefusedError):
    """A new document would repeat one that exists."""

    code = "duplicate"

    def __init__(self, message: str, *, candidates: Sequence[tuple[str, float]]) -> None:
        super().__init__(message)
        self.candidates = tuple(candidates)  # (id, share of title and summary terms in common)

    def _fields(self) -> dict[str, Any]:
        return {"candidates": [{"id": i, "overlap": o} for i, o in self.candidates]}


class StaleReadError(RefusedError):
    """The document changed since the caller read it (its hash is no longer the expected one)."""

    code = "stale"

    def __init__(self, message: str, *, doc: str, current_sha: str) -> None:
        super().__init__(message)
        self.doc = doc
        self.current_sha = current_sha

    def _fields(self) -> dict[str, Any]:
        return {"doc": self.doc, "current_sha": self.current_sha}


class GuardError(RefusedError):
    """A value looks like a secret or personal data. The value itself is never kept."""

    code = "guard"

    def __init__(
        self, message: str, *, rule: str, place: str, line: int | None = None, digest: str = ""
    ) -> None:
        super().__init__(message, line=line)
        self.rule = rule
        self.place = place
        self.digest = digest

    def _fields(self) -> dict[str, Any]:
        return {"rule": self.rule, "place": self.place, "digest": self.digest}


class UnsafePathError(RefusedError):
    """A file mdbrain will not read or write: a link leaving the base, a FIFO, a device..."""

    code = "unsafe-path"

    def __init__(self, message: str, *, path: str, reason: str) -> None:
        super().__init__(message, path=path)
        self.reason = reason

    def _fields(self) -> dict[str, Any]:
        return {"reason": self.reason}


class BusyError(MdbrainError):
    """Another writer holds the base's lock."""

    code = "busy"
    exit_code = EXIT_BUSY

    def __init__(
        self, message: str, *, holder: str, waited: float, path: str | None = None
    ) -> None:
        super().__init__(message, path=path)
        self.holder = holder
        self.waited = waited

    def _fields(self) -> dict[str, Any]:
        return {"holder": self.holder, "waited": round(self.waited, 3)}


class StorageError(MdbrainError):
    """Reading or writing a file failed (read-only base, full disk, a folder in the way...)."""

    code = "storage"
    exit_code = EXIT_INTERNAL

    def __init__(self, message: str, *, path: str, reason: str) -> None:
        super().__init__(message, path=path)
        self.reason = reason

    def _fields(self) -> dict[str, Any]:
        return {"reason": self.reason}


class GitError(MdbrainError):
    """git failed, timed out or refused the repository."""

    code = "git"
    exit_code = EXIT_INTERNAL

    def __init__(self, message: str, *, command: str, said: str = "") -> None:
        super().__init__(message)
        self.command = command
        self.said = said

    def _fields(self) -> dict[str, Any]:
        return {"command": self.command, "said": self.said}


def _rebuild(kind: type[MdbrainError], message: str, state: dict[str, Any]) -> MdbrainError:
    error = kind.__new__(kind)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error
