"""A document: its frontmatter fields, its body, and the raw text it came from.

``loads`` turns text into a :class:`Document` or raises :class:`DocumentError`
naming the line; ``decode`` turns the bytes of a file into that text. Neither
touches the disk. The raw text is kept as read, so that a later edit can change
one field and leave every other byte alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mdbrain.core import frontmatter, markdown
from mdbrain.core.errors import DocumentError

BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class Document:
    id: str
    raw: str
    meta: dict[str, Any]
    body: str
    body_line: int
    key_lines: dict[str, int] = field(default_factory=dict)

    @property
    def line_count(self) -> int:
        return self.raw.count("\n") + (0 if self.raw.endswith("\n") else 1)

    def outline(self) -> tuple[markdown.Section, ...]:
        """The headings of the body, each with the file lines its section spans."""
        return markdown.outline(markdown.scan(self.body, self.body_line).headings, self.line_count)


def decode(data: bytes, *, path: str = "") -> str:
    """Text of a file's bytes; a UTF-8 byte-order mark is kept (``loads`` drops it).

    Raises :class:`DocumentError` naming the line of the first invalid byte.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start : exc.start + 1].hex()
        raise DocumentError(
            f"not valid UTF-8 text (byte 0x{byte} at offset {exc.start}); save the file as UTF-8",
            path=path,
            line=line,
        ) from None


def loads_leniently(text: str, doc_id: str) -> Document:
    """Like :func:`loads`, but a document whose frontmatter is missing or broken still
    reads as its body (with no fields), for readers that only want its text."""
    try:
        return loads(text, doc_id)
    except DocumentError:
        norm = frontmatter.normalise_newlines(text.removeprefix(BOM))
        try:
            parts = frontmatter.split(norm, path=doc_id)
            body, body_line = parts.body, parts.body_line
        except DocumentError:
            body, body_line = norm, 1
        return Document(id=doc_id, raw=text, meta={}, body=body, body_line=body_line)


def loads(text: str, doc_id: str) -> Document:
    """Parse a document's text. Raises :class:`DocumentError` on a missing or bad frontmatter."""
    norm = frontmatter.normalise_newlines(text.removeprefix(BOM))
    parts = frontmatter.split(norm, path=doc_id)
    if parts.yaml is None:
        raise DocumentError(
            "no frontmatter: a document starts with a '---' line, its YAML fields, and '---'",
            path=doc_id,
            line=1,
        )
    meta, lines = frontmatter.load(parts.yaml, path=doc_id, first_line=2)
    return Document(
        id=doc_id,
        raw=text,
        meta=meta,
        body=parts.body,
        body_line=parts.body_line,
        key_lines=lines,
    )
