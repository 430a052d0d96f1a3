"""The plain facts read from one file of a project: its symbols, entry points and imports.

The readers of :mod:`mdbrain.core.codemap`, :mod:`mdbrain.core.javascript` and
:mod:`mdbrain.core.infrastructure` return these records; the drafts of
``init --scan`` are written from them. Each fact is tied to the file it was
read from, and says only what the file plainly holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Symbol:
    name: str
    kind: str  # function, class, const, type, struct; resource, variable, job...
    signature: str
    doc: str = ""  # the first line of its documentation
    members: tuple[str, ...] = ()  # public methods of a Python class
    anchored: bool = True  # whether an impl_ref may name it (a declaration a parser finds)


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What one source file plainly holds."""

    path: str
    language: str
    doc: str = ""  # the module docstring or leading doc comment
    symbols: tuple[Symbol, ...] = ()
    exports: tuple[str, ...] = ()  # names a Python module lists in __all__
    commands: tuple[str, ...] = ()
    routes: tuple[str, ...] = ()  # "GET /users"
    main: str = ""  # how it runs as a program, when it does
    tests: int = 0  # test functions or cases
    note: str = ""  # why the file was skipped, when it was: "not valid Python (line 3)"
    imports: tuple[str, ...] = ()  # what it imports, as written (see core.dependencies)

    @property
    def weight(self) -> int:
        return len(self.symbols) + len(self.commands) + len(self.routes) + bool(self.main)


def first_line(doc: str | None) -> str:
    lines = (doc or "").strip().splitlines()
    return lines[0].strip() if lines else ""


def summary_line(doc: str | None, limit: int = 200) -> str:
    """The first sentence of a docstring or comment: its first paragraph, on one line, up to
    the first full stop (a docstring's first line may stop mid-sentence)."""
    paragraph = " ".join((doc or "").strip().split("\n\n", 1)[0].split())
    end = re.search(r"[.!?](?=\s|$)", paragraph)
    return clip(paragraph[: end.end()] if end else paragraph, limit)


def clip(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
