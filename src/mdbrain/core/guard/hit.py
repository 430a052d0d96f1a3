"""What a hit is, and what it shows.

What a hit shows
    The rule, the first and last lines the value covers, a redacted excerpt
    (:func:`redact`) and a digest (:func:`digest`): never the value.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

SECRET = "secret"  # noqa: S105 - the name of a family of hits, not a password
PERSONAL = "personal"

# A second opinion: (kind of secret, 1-based line, value) for each secret it finds.
SecondOpinion = Callable[[str], Iterable[tuple[str, int, str]]]


@dataclass(frozen=True, slots=True)
class Hit:
    rule: str
    line: int
    excerpt: str  # redacted: the first characters at most, then an ellipsis
    digest: str  # names the value without showing it: see :func:`digest`
    family: str = SECRET  # SECRET or PERSONAL
    last_line: int = 0  # the last line the value covers (a key body spans several)


@dataclass(frozen=True, slots=True)
class Found:
    """A finding in the coordinates of the text a finder read."""

    rule: str
    start: int
    end: int
    value: str
    family: str = SECRET
    alias: str = ""  # the text as written when the value was decoded from it


def digest(value: str) -> str:
    """A short name for a value that does not reveal it (for allow-lists and reports)."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:10]


def redact(value: str) -> str:
    """The first characters of a value, never more than a quarter of it."""
    if len(value) >= 12:
        return value[:4] + "…"
    if len(value) >= 8:
        return value[:2] + "…"
    return "…"
