"""Surgical edits of a document's text: change what must change, keep every other byte.

These functions take a document's raw text and return the new text. Lines they
do not need to touch come back exactly as they were: comments, key order,
quoting, spacing and the line endings of the file.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from mdbrain.core import frontmatter, links, markdown, yaml_emit
from mdbrain.core.document import BOM
from mdbrain.core.errors import DocumentError


class NoFrontmatterError(DocumentError, ValueError):
    """A field edit asked of a text without a (closed) frontmatter: a document error for
    the callers that report it, still a ``ValueError`` for those that expect one."""


def split_lines(text: str) -> list[str]:
    """Lines with their endings, so that joining them gives ``text`` back.

    Only ``\n`` ends a line, as for the parser: a form feed or a Unicode line
    separator inside a line must not shift the line numbers edits rely on.
    """
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    return [*lines, parts[-1]] if parts[-1] else lines


def written_target(from_id: str, to_id: str, like: str = "") -> str:
    """How ``from_id`` should write a link to ``to_id``, keeping the anchor of ``like``."""
    suffix = ""
    for mark in ("#", "?"):
        at = like.find(mark)
        if at != -1:
            suffix = like[at:]
            break
    if like.strip().startswith("/"):
        path = "/" + to_id
    else:
        path = posixpath.relpath(to_id, posixpath.dirname(from_id) or ".")
    return quote(path, safe="/-._~()") + suffix


def _destination_span(line: str, written: str, tag: bool = False) -> tuple[int, int] | None:
    """Where ``written`` sits as a link destination in ``line`` (with ``tag``, as the
    ``src`` of an HTML image)."""
    found = markdown.destination_starts(
        _SOURCE_OPENING if tag else markdown.DESTINATION_OPENING,
        line,
        written,
        _ends_source if tag else markdown.ends_destination,
    )
    start = next(found, None)
    return None if start is None else (start, start + len(written))


_SOURCE_OPENING = re.compile(r"(?<![\w-])src\s*=\s*[\"']?", re.IGNORECASE)


def _ends_source(line: str, at: int) -> bool:
    return at >= len(line) or line[at] in "\"'/>" or line[at].isspace()


def rewrite_links(
    text: str,
    doc_id: str,
    new_target: Callable[[str, str], str | None],
    kinds: tuple[links.LinkKind, ...] = (links.LinkKind.DOC,),
    resolve: Callable[[str, str], tuple[links.LinkKind, str] | None] = links.resolve,
    *,
    images: bool = False,
) -> tuple[str, int]:
    """Rewrite the body links of a document; returns the new text and how many changed.

    ``new_target(written, resolved)`` gives the new written destination of a link
    of one of ``kinds`` (to a document by default; ``OUTSIDE``, to a path above the
    root, from the root), or None to leave it alone; ``resolve`` tells a link's kind
    and path (:func:`links.resolve`, which knows Markdown documents only, by default).
    With ``images``, images too, Markdown's and HTML's ``<img src>``.
    """
    norm = frontmatter.normalise_newlines(text.removeprefix(BOM))
    parts = frontmatter.split(norm, path=doc_id)
    lines = split_lines(text)
    changed = 0
    scanned = markdown.scan(parts.body, parts.body_line)
    found = [(written, number, False) for written, number in scanned.links]
    found += [(i.target, i.line, i.tag) for i in scanned.images] if images else []
    for written, number, tag in found:
        resolved = resolve(doc_id, written)
        if resolved is None or resolved[0] not in kinds:
            continue
        replacement = new_target(written, resolved[1])
        if replacement is None or replacement == written.strip():
            continue
        line = lines[number - 1]
        span = _destination_span(line, written.strip(), tag)
        if span is None:
            continue
        lines[number - 1] = line[: span[0]] + replacement + line[span[1] :]
        changed += 1
    return "".join(lines), changed


def rewrite_destinations(body: str, new_target: Callable[[str], str | None]) -> str:
    """A body (no frontmatter) with each link and Markdown image destination that
    ``new_target`` gives a new value for (None leaves it) written anew, every other byte
    as it was."""
    lines = split_lines(body)
    scanned = markdown.scan(body)
    found = [*scanned.links, *((i.target, i.line) for i in scanned.images if not i.tag)]
    for written, number in found:
        replacement = new_target(written)
        if replacement is None or replacement == written.strip():
            continue
        line = lines[number - 1]
        span = _destination_span(line, written.strip())
        if span is not None:
            lines[number - 1] = line[: span[0]] + replacement + line[span[1] :]
    return "".join(lines)


def retarget(text: str, doc_id: str, old_id: str, new_id: str) -> tuple[str, int]:
    """Point the links of ``doc_id`` that lead to ``old_id`` at ``new_id`` instead."""

    def target(written: str, resolved: str) -> str | None:
        return written_target(doc_id, new_id, written) if resolved == old_id else None

    return rewrite_links(text, doc_id, target)


def rebase(text: str, old_id: str, new_id: str) -> tuple[str, int]:
    """The links and images of a document moving from ``old_id`` to ``new_id``, written
    from its new place: to documents, and to the base's and the project's other files
    (its README, its code, the images an import pointed at, ``<img src>`` too)."""

    def target(written: str, resolved: str) -> str | None:
        if written.strip().startswith("/"):
            return None
        destination = new_id if resolved == old_id else resolved
        return _in_form_of(written.strip(), written_target(new_id, destination, written))

    kinds = (links.LinkKind.DOC, links.LinkKind.OUTSIDE)
    return rewrite_links(text, old_id, target, kinds, _resolve_path, images=True)


def _resolve_path(doc_id: str, written: str) -> tuple[links.LinkKind, str] | None:
    """:func:`links.resolve_any`, and a folder or a site's route written relative
    (``../../terraform/lb/``) as a path like any other (``OUTSIDE``: from the root)."""
    found = links.resolve_any(doc_id, written)
    if found is not None:
        return found
    route = links.route_target(doc_id, written)
    return None if route is None else (links.LinkKind.OUTSIDE, route)


def _in_form_of(written: str, new: str) -> str:
    """``new`` written as ``written`` was: ending with a slash when it did (a folder);
    and from ``./`` when it started so, or when it is a folder or a site's route (no
    suffix) written from the page's folder or above, as one must be to be read so
    (:func:`links.route_target`)."""
    path = re.split(r"[#?]", written, maxsplit=1)[0]
    head = re.split(r"[#?]", new, maxsplit=1)[0]
    tail = new[len(head) :]
    if path.endswith("/") and not head.endswith("/"):
        head += "/"
    route = path.startswith(("./", "../")) and "." not in path.rstrip("/").rpartition("/")[2]
    if (path.startswith("./") or route) and not head.startswith(("./", "../")):
        head = "./" + head
    return head + tail


def _field_lines(lines: list[str], end: int, keys: tuple[str, ...]) -> list[int]:
    """Indexes of the frontmatter lines of ``keys``: each key's line and its items."""
    chosen: list[int] = []
    current: str | None = None
    for index in range(1, end):
        line = lines[index]
        if line[:1] not in (" ", "\t", "-", "\n", "\r", "") and ":" in line:
            current = line.split(":", 1)[0].strip()
        if current in keys:
            chosen.append(index)
    return chosen


def rename_in_fields(text: str, keys: tuple[str, ...], old_id: str, new_id: str) -> tuple[str, int]:
    """Replace ``old_id`` by ``new_id`` in the frontmatter values of ``keys`` only."""
    lines = split_lines(text)
    if not lines or lines[0].removeprefix(BOM).rstrip() != "---":
        return text, 0
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        return text, 0
    token = re.compile(r"(?<![\w./-])(?:\./|/)?" + re.escape(old_id) + r"(?![\w./-])")
    changed = 0
    for index in _field_lines(lines, end, keys):
        new_line, count = token.subn(new_id, lines[index])
        if count:
            lines[index] = new_line
            changed += count
    return "".join(lines), changed


def _frontmatter_end(lines: list[str]) -> int:
    if not lines or lines[0].removeprefix(BOM).rstrip() != "---":
        raise NoFrontmatterError("the document has no frontmatter to edit", line=1)
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        raise NoFrontmatterError("the frontmatter is never closed", line=1)
    return end


def set_field(text: str, key: str, value: Any) -> str:
    """Set a field to a value, written on one line by :mod:`mdbrain.core.yaml_emit`
    (a scalar, a date, or a flow list ``[a, b]``).

    The key's line is replaced in place, with the block items under it when it
    held a block list; a new key goes just before the closing ``---``. Every
    other line stays as it was.
    """
    lines = split_lines(text)
    end = _frontmatter_end(lines)
    newline = "\r\n" if lines[0].endswith("\r\n") else "\n"
    pattern = re.compile(rf"^([\"']?){re.escape(key)}\1[ \t]*:")  # bare or quoted key
    line = yaml_emit.field(key, value) + newline
    for index in range(1, end):
        if pattern.match(lines[index]):
            tail = index + 1
            while tail < end and lines[tail][:1] in (" ", "\t", "-") and lines[tail].strip():
                tail += 1  # the items of a block list, or a nested mapping
            lines[index:tail] = [line]
            return "".join(lines)
    lines.insert(end, line)
    return "".join(lines)


def remove_field(text: str, key: str) -> str:
    """Remove a field (its line, and the block items under it); the text is unchanged
    when the field is absent."""
    lines = split_lines(text)
    end = _frontmatter_end(lines)
    pattern = re.compile(rf"^([\"']?){re.escape(key)}\1[ \t]*:")
    for index in range(1, end):
        if pattern.match(lines[index]):
            tail = index + 1
            while tail < end and lines[tail][:1] in (" ", "\t", "-") and lines[tail].strip():
                tail += 1
            del lines[index:tail]
            return "".join(lines)
    return text


def replace_in_body(text: str, doc_id: str, start: int, end: int, new: str) -> str:
    """Replace the characters ``start:end`` of a document's body, as
    :func:`frontmatter.split` gives it (``\\n`` line endings), by ``new``, whose line
    breaks take the file's own endings. Every other byte stays. The text comes back as
    it was when the span is not found there line for line (a lone CR, which the parser
    counts as a line ending and the file's lines do not)."""
    parts = frontmatter.split(frontmatter.normalise_newlines(text.removeprefix(BOM)), path=doc_id)
    body = parts.body
    lines = split_lines(text)
    first = parts.body_line - 1 + body.count("\n", 0, start)
    last = parts.body_line - 1 + body.count("\n", 0, end)
    if first == 0 or last >= len(lines):
        return text  # the file's first line may hold a BOM; past the end is no body
    bare = [line.rstrip("\r\n") for line in lines[first : last + 1]]
    head = start - (body.rfind("\n", 0, start) + 1)  # columns on the first and last lines
    tail = end - (body.rfind("\n", 0, end) + 1)
    if "\n".join(bare)[head : head + end - start] != body[start:end]:
        return text
    newline = "\r\n" if lines[first].endswith("\r\n") else "\n"
    ending = lines[last][len(bare[-1]) :]
    said = new.replace("\n", newline)
    lines[first : last + 1] = [bare[0][:head] + said + bare[-1][tail:] + ending]
    return "".join(lines)
