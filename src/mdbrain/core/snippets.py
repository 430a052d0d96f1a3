"""MkDocs snippet includes (pymdownx.snippets): the text a built page shows in their place.

A page of an MkDocs site may be no more than ``--8<-- "CONTRIBUTING.md"``: the site
shows the file there when it is built. Imported as written, such a page holds one
line and none of what it says. :func:`expand` puts each included file's text in its
place, read through a caller's function (which confines it to the site's base
folder), so the imported page holds what a reader of the site reads.

Both forms are read, as the extension reads them, code blocks included: a line
``--8<-- "file.md"`` (a ``:start:end`` range of its lines kept, counted from 1,
before its own includes are expanded), and a block of file names between two
``--8<--`` lines. An escaped include (``;--8<--``), a file that cannot be read and a
file already being expanded (one that includes itself, directly or not) are left as
written, and said. Includes are expanded :data:`DEPTH` levels deep, and add
:data:`MOST` characters, at most.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

DEPTH = 3  # levels of includes expanded, at most
MOST = 4_000_000  # characters all the includes of one page may add, at most
MARK = "--8<--"
_LINE = re.compile(r"""^(?P<indent>[ \t]*)--8<--[ \t]+(?P<q>["'])(?P<name>[^"'\n]+)(?P=q)[ \t]*$""")
_BLOCK = re.compile(r"^[ \t]*--8<--[ \t]*$")
_RANGE = re.compile(r"^(?P<file>.+?)(?::(?P<start>\d{0,9})(?::(?P<end>\d{0,9}))?)?$")

Reader = Callable[[str], "str | None"]  # a file's text by its name as written; None: unreadable


@dataclass
class Expanded:
    text: str
    included: list[str] = field(default_factory=list)  # names read, in order
    missing: list[str] = field(default_factory=list)  # names that could not be read
    looping: list[str] = field(default_factory=list)  # names that include themselves
    over: list[str] = field(default_factory=list)  # names left once MOST was reached
    added: int = 0  # characters the includes added


def expand(text: str, read: Reader, depth: int = DEPTH, itself: str = "") -> Expanded:
    """``text`` with its snippet includes replaced by the files they name (see above);
    ``itself`` names the file the text is, as an include would name it."""
    out = Expanded(text)
    if MARK in text:  # most pages: one search in C
        out.text = _expanded(text, read, depth, (itself,) if itself else (), out)
    return out


def _expanded(text: str, read: Reader, depth: int, chain: tuple[str, ...], out: Expanded) -> str:
    result: list[str] = []
    block: list[str] | None = None  # the lines of a block of names, as written
    taken: list[str] | None = []  # what that block gives (None: a name was not read)
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        if block is not None:
            if _BLOCK.match(line):  # the block's end: what it gives, or as written
                result += taken if taken is not None else [*block, raw]
                block = None
            else:
                block.append(raw)
                name = line.strip()
                if name and not name.startswith(";") and taken is not None:
                    got = _included(name, "", read=read, depth=depth, chain=chain, out=out)
                    taken = None if got is None else taken + got
            continue
        if _BLOCK.match(line):
            block, taken = [raw], []
            continue
        found = _LINE.match(line)
        got = None
        if found is not None:
            indent = found.group("indent")
            got = _included(
                found.group("name"), indent, read=read, depth=depth, chain=chain, out=out
            )
        result += [raw] if got is None else got
    if block is not None:  # a block never closed: left as it was written
        result += block
    return "\n".join(result)


def _included(
    name: str, indent: str, *, read: Reader, depth: int, chain: tuple[str, ...], out: Expanded
) -> list[str] | None:
    """The lines of the file ``name`` names (a range of them), its own includes expanded,
    indented as the include was; None when it is not read."""
    parts = _RANGE.match(name)
    file = (parts.group("file") if parts else name).strip()
    if file in chain:
        out.looping.append(file)
        return None
    if out.added > MOST:
        out.over.append(name)
        return None
    text = read(file) if depth > 0 else None
    if text is None:
        out.missing.append(name)
        return None
    out.included.append(file)
    out.added += len(text)
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").rstrip("\n").split("\n")
    if parts and (parts.group("start") or parts.group("end")):
        start = int(parts.group("start") or 1)
        end = int(parts.group("end") or len(lines))
        lines = lines[max(start, 1) - 1 : end]
    inner = "\n".join(lines)
    if MARK in inner:
        inner = _expanded(inner, read, depth - 1, (*chain, file), out)
    return [indent + line if line else line for line in inner.split("\n")]
