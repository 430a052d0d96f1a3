"""The generated block of a synthesis page: the documents in force that it covers.

A synthesis page (``type: overview``) may hold a block between two marker lines::

    <!-- mdbrain:in-force -->
    ...
    <!-- /mdbrain:in-force -->

``mdbrain index`` rewrites what is between them, and nothing else, with one line
per document the page cites (its links outside the block, and ``related``) that
is in force; a cited document that was superseded is replaced by its successors.
So that part of the page never goes stale while its prose waits for a writer.
The block's own links do not count as citations, so the block is stable.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from mdbrain.core import edit, links, markdown
from mdbrain.core.manifest import Entry

BEGIN = "<!-- mdbrain:in-force -->"
END = "<!-- /mdbrain:in-force -->"
IN_FORCE = frozenset({"stable", "needs-review"})


class Block(NamedTuple):
    start: int  # index of the first line inside the block
    end: int  # index of the closing marker line


def _outside_code(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it stands outside fenced code (markers shown as examples)."""
    flags, fence = [], ""
    for line in lines:
        stripped = line.strip()
        if fence:
            flags.append(False)
            if stripped.startswith(fence) and not stripped.strip(fence[0]):
                fence = ""
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            flags.append(False)
        else:
            flags.append(True)
    return flags


def find(lines: Sequence[str]) -> Block | None:
    """Where the block of a page is, if it has one (lines without their endings)."""
    live = _outside_code(lines)
    marks = [i for i, line in enumerate(lines) if live[i]]
    opening = next((i for i in marks if lines[i].strip() == BEGIN), None)
    if opening is None:
        return None
    closing = next((i for i in marks if i > opening and lines[i].strip() == END), None)
    return None if closing is None else Block(opening + 1, closing)


def cited(entry: Entry, lines: Sequence[str], body_line: int, block: Block) -> list[str]:
    """The documents the page cites outside its block, and in ``related``, in order."""
    outside = [
        line if not (block.start <= index < block.end) else "" for index, line in enumerate(lines)
    ]
    body = "\n".join(outside[body_line - 1 :])
    found: list[str] = []
    for written, _line in markdown.scan(body, body_line).links:
        resolved = links.resolve(entry.id, written)
        if resolved is not None and resolved[0] is links.LinkKind.DOC:
            found.append(resolved[1])
    found += entry.ids("related")
    return list(dict.fromkeys(d for d in found if d != entry.id))


def in_force(ids: Sequence[str], known: Mapping[str, Entry]) -> list[Entry]:
    """The cited documents that hold, a superseded one replaced by its successors."""
    out: dict[str, Entry] = {}
    pending = list(ids)
    seen: set[str] = set()
    while pending:
        doc_id = pending.pop(0)
        entry = known.get(doc_id)
        if entry is None or doc_id in seen:
            continue
        seen.add(doc_id)
        if entry.status in IN_FORCE:
            out[doc_id] = entry
        else:
            pending += list(entry.ids("superseded_by"))
    return list(out.values())


def render(page_id: str, entries: Sequence[Entry]) -> list[str]:
    """The lines of the block: a link and the summary of each document."""
    folder = posixpath.dirname(page_id) or "."
    lines = []
    for entry in entries:
        label = (entry.title or entry.id).replace("[", "\\[").replace("]", "\\]")
        lines.append(f"- [{label}]({posixpath.relpath(entry.id, folder)}): {entry.summary}")
    return lines


def refresh(entry: Entry, text: str, body_line: int, known: Mapping[str, Entry]) -> str | None:
    """The page's text with its block brought up to date; None when it has no block."""
    raw_lines = edit.split_lines(text)
    lines = [line.rstrip("\r\n") for line in raw_lines]
    block = find(lines)
    if block is None:
        return None
    newline = "\r\n" if raw_lines and raw_lines[0].endswith("\r\n") else "\n"
    fresh = render(entry.id, in_force(cited(entry, lines, body_line, block), known))
    new = [line + newline for line in fresh]
    return "".join(raw_lines[: block.start] + new + raw_lines[block.end :])
