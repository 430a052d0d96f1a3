"""MkDocs snippet includes (pymdownx.snippets): the text a built page shows in their place.

A page of an MkDocs site may be no more than ``--8<-- "CONTRIBUTING.md"``: the site
shows the file there when it is built. Imported as written, such a page holds one
line and none of what it says. :func:`expand` puts each included file's text in its
place, read through a caller's function (which confines it to the project), so the
imported page holds what a reader of the site reads.

Both forms are read: a line ``--8<-- "file.md"`` (a ``:start:end`` range of lines
kept, lines counted from 1), and a block of file names between two ``--8<--`` lines.
Includes inside code blocks, escaped ones (``;--8<--``) and a file that cannot be
read are left as written, the last with a note. Included files are expanded in turn,
:data:`DEPTH` levels deep at most.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

DEPTH = 3  # levels of includes expanded, at most
MARK = "--8<--"
_LINE = re.compile(r"""^(?P<indent>[ \t]*)--8<--[ \t]+(?P<q>["'])(?P<name>[^"'\n]+)(?P=q)[ \t]*$""")
_BLOCK = re.compile(r"^[ \t]*--8<--[ \t]*$")
_RANGE = re.compile(r"^(?P<file>.+?)(?::(?P<start>\d*)(?::(?P<end>\d*))?)?$")
_FENCE = re.compile(r"^ {0,3}(?:```|~~~)")

Reader = Callable[[str], "str | None"]  # a file's text by its name as written; None: unreadable


@dataclass
class Expanded:
    text: str
    included: list[str] = field(default_factory=list)  # names read, in order
    missing: list[str] = field(default_factory=list)  # names that could not be read


def expand(text: str, read: Reader, depth: int = DEPTH) -> Expanded:
    """``text`` with its snippet includes replaced by the files they name (see above)."""
    out = Expanded(text)
    if MARK not in text:  # most pages: one search in C
        return out
    result: list[str] = []
    block: list[str] | None = None
    fenced = False
    lines = text.split("\n")
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
        if fenced:
            result.append(line)
            continue
        if block is not None:  # inside a block of names
            if _BLOCK.match(line):
                result += block
                block = None
            elif line.strip() and not line.lstrip().startswith(";"):
                taken = _included(line.strip(), "", read, depth, out)
                block += [line] if taken is None else taken
            continue
        if _BLOCK.match(line):
            block = []
            continue
        found = _LINE.match(line)
        if found is None:
            result.append(line)
            continue
        taken = _included(found.group("name"), found.group("indent"), read, depth, out)
        result += taken if taken is not None else [line]
    if block is not None:  # a block never closed: left as it was written
        result += [MARK, *block]
    out.text = "\n".join(result)
    return out


def _included(name: str, indent: str, read: Reader, depth: int, out: Expanded) -> list[str] | None:
    """The lines of the file ``name`` names (a range of them), expanded in turn and
    indented as the include was; None when it cannot be read."""
    parts = _RANGE.match(name)
    file = parts.group("file") if parts else name
    text = read(file.strip()) if depth > 0 else None
    if text is None:
        out.missing.append(name)
        return None
    out.included.append(file.strip())
    inner = expand(text.removeprefix("\ufeff"), read, depth - 1)
    out.included += inner.included
    out.missing += inner.missing
    lines = inner.text.rstrip("\n").split("\n")
    if parts and (parts.group("start") or parts.group("end")):
        start = int(parts.group("start") or 1)
        end = int(parts.group("end") or len(lines))
        lines = lines[max(start, 1) - 1 : end]
    return [indent + line if line else line for line in lines]
