"""The manifest: one compact record per document, without its body.

Everything the derived indexes, the checks and the first phase of a query need
is here; bodies are read again only when a reader asks for them. Building an
:class:`Entry` never raises on bad input: problems become findings, and the
document still takes its place in the base so that links to it hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mdbrain.core import document, fields, frontmatter, links, markdown
from mdbrain.core.errors import DocumentError
from mdbrain.core.findings import Finding, finding
from mdbrain.core.links import Link, LinkKind


@dataclass(frozen=True, slots=True)
class Entry:
    id: str
    meta: Mapping[str, Any]
    links: tuple[Link, ...] = ()
    outline: tuple[markdown.Section, ...] = ()
    key_lines: Mapping[str, int] = field(default_factory=dict)
    body_line: int = 1
    size: int = 0
    findings: tuple[Finding, ...] = ()
    parsed: bool = True  # False when the frontmatter could not be read

    @property
    def title(self) -> str:
        return fields.text(self.meta, "title")

    @property
    def summary(self) -> str:
        return fields.text(self.meta, "summary")

    @property
    def type(self) -> str:
        return fields.text(self.meta, "type")

    @property
    def status(self) -> str:
        return fields.text(self.meta, "status")

    @property
    def priority(self) -> str:
        return fields.text(self.meta, "priority")

    @property
    def tags(self) -> tuple[str, ...]:
        return fields.strings(self.meta, "tags")

    def ids(self, key: str) -> tuple[str, ...]:
        """A relation field (``related``, ``supersedes``...) as canonical ids."""
        out = []
        for value in fields.strings(self.meta, key):
            norm = links.normalise_id(value)
            if norm is not None:
                out.append(norm)
        return tuple(out)

    def line_of(self, key: str) -> int | None:
        return self.key_lines.get(key)

    @property
    def doc_links(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.kind is LinkKind.DOC)


@dataclass(frozen=True, slots=True)
class Manifest:
    """Every document of a base, sorted by id, and findings about skipped files."""

    entries: tuple[Entry, ...]
    findings: tuple[Finding, ...] = ()
    by_id: Mapping[str, Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {entry.id: entry for entry in self.entries})

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, doc_id: str) -> Entry | None:
        return self.by_id.get(doc_id)

    def all_findings(self) -> list[Finding]:
        out = list(self.findings)
        for entry in self.entries:
            out.extend(entry.findings)
        return sorted(out, key=Finding.sort_key)


def build(entries: Iterable[Entry], findings: Iterable[Finding] = ()) -> Manifest:
    return Manifest(
        entries=tuple(sorted(entries, key=lambda e: e.id)),
        findings=tuple(sorted(findings, key=Finding.sort_key)),
    )


def _body_facts(
    doc_id: str, body: str, body_line: int
) -> tuple[tuple[Link, ...], tuple[markdown.Section, ...], list[Finding]]:
    scanned = markdown.scan(body, body_line)
    found: list[Link] = []
    problems: list[Finding] = []
    for written, line in scanned.links:
        link = links.resolve(doc_id, written, line)
        if link is None:
            continue
        if link.kind is LinkKind.OUTSIDE:
            problems.append(
                finding(
                    "W006",
                    doc_id,
                    f"link {written!r} leaves the knowledge root; not followed",
                    line,
                )
            )
        found.append(link)
    last_line = body_line + body.count("\n")
    return tuple(found), markdown.outline(scanned.headings, last_line), problems


def entry_from_bytes(data: bytes, doc_id: str) -> Entry:
    """Build the manifest record of one file. Never raises for bad content."""
    problems: list[Finding] = []
    try:
        text = document.decode(data, path=doc_id)
    except DocumentError as exc:
        problems.append(finding("E005", doc_id, exc.message, exc.line))
        return Entry(id=doc_id, meta={}, size=len(data), findings=tuple(problems), parsed=False)
    if text.startswith(document.BOM):
        problems.append(finding("I001", doc_id, "UTF-8 byte-order mark at the start; ignored", 1))
    return entry_from_text(text, doc_id, size=len(data), problems=problems)


def entry_from_text(
    text: str, doc_id: str, *, size: int = 0, problems: list[Finding] | None = None
) -> Entry:
    problems = list(problems or [])
    try:
        doc = document.loads(text, doc_id)
    except DocumentError as exc:
        problems.append(finding("E002", doc_id, exc.message, exc.line))
        norm = frontmatter.normalise_newlines(text.removeprefix(document.BOM))
        try:
            parts = frontmatter.split(norm, path=doc_id)
            body, body_line = parts.body, parts.body_line
        except DocumentError:
            body, body_line = norm, 1
        doc_links, outline, link_problems = _body_facts(doc_id, body, body_line)
        return Entry(
            id=doc_id,
            meta={},
            links=doc_links,
            outline=outline,
            body_line=body_line,
            size=size,
            findings=tuple(problems + link_problems),
            parsed=False,
        )
    doc_links, outline, link_problems = _body_facts(doc_id, doc.body, doc.body_line)
    return Entry(
        id=doc_id,
        meta=doc.meta,
        links=doc_links,
        outline=outline,
        key_lines=doc.key_lines,
        body_line=doc.body_line,
        size=size,
        findings=tuple(problems + link_problems),
    )
