"""The manifest: one compact record per document, without its body.

Everything the derived indexes, the checks and the first phase of a query need
is here, computed once when the file is read (and then kept in the cache);
bodies are read again only when a reader asks for them. Building an
:class:`Entry` never raises on bad input: problems become findings, and the
document still takes its place in the base so that links to it hold.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mdbrain.core import document, fields, frontmatter, links, markdown
from mdbrain.core.errors import DocumentError
from mdbrain.core.findings import Finding, finding
from mdbrain.core.links import Link, LinkKind
from mdbrain.core.schema import RELATION_FIELDS

_NO_META: Mapping[str, Any] = {}
_NO_RELATIONS: Mapping[str, tuple[str, ...]] = {}


class Entry(NamedTuple):
    """The record of one document. Text fields are '' and lists () when absent."""

    id: str
    meta: Mapping[str, Any] = _NO_META
    title: str = ""
    summary: str = ""
    type: str = ""
    status: str = ""
    priority: str = ""
    tags: tuple[str, ...] = ()
    relations: Mapping[str, tuple[str, ...]] = _NO_RELATIONS  # related, supersedes... as ids
    links: tuple[Link, ...] = ()
    key_lines: Mapping[str, int] = _NO_META
    body_line: int = 1
    size: int = 0
    findings: tuple[Finding, ...] = ()
    parsed: bool = True  # False when the frontmatter could not be read
    digest: str = ""  # see :func:`digest`
    sha: str = ""  # content hash of the file's bytes: what a writer passes as expect_sha
    # body links and images whose file must be on disk, as paths from the root: Markdown
    # pages above the root ("../README.md") and files that are no document ("../src/a.py",
    # "img/flow.png"); whether a file is there is for the check to say (rules.missing_files)
    files: tuple[Link, ...] = ()
    # the anchors its links ask of documents (links.anchor_asked): (id, anchor, line); the
    # check reads what those documents offer
    asked: tuple[tuple[str, str, int], ...] = ()
    # body links written as a site's routes, a path without a suffix (links.route_target):
    # (path from the root, line); the check finds a document, a folder or a file there
    routes: tuple[tuple[str, int], ...] = ()

    def ids(self, key: str) -> tuple[str, ...]:
        """A relation field (``related``, ``supersedes``...) as canonical ids."""
        return self.relations.get(key, ())

    def line_of(self, key: str) -> int | None:
        return self.key_lines.get(key)


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


def digest(entry: Entry) -> str:
    """A short digest of everything in ``entry`` that the derived indexes read.

    :mod:`mdbrain.core.indexes` and :mod:`mdbrain.core.synthesis` read an
    entry's id, title, type, status, priority, tags, summary, link targets,
    relation fields and dates, nothing else. Two
    versions of a document with the same digest therefore give the same derived
    files (as long as the set of documents is the same): an edit that leaves the
    digest alone, such as new prose in the body, needs no regeneration.
    """
    parts = (
        entry.title,  # shown in the generated blocks of synthesis pages
        entry.type,
        entry.status,
        entry.priority,
        entry.tags,
        entry.summary,
        tuple(sorted({target for target, _line in entry.links})),
        tuple(sorted(entry.relations.items())),
        fields.date(entry.meta, "updated"),
        fields.date(entry.meta, "created"),
    )
    return hashlib.blake2b(repr(parts).encode("utf-8"), digest_size=8).hexdigest()


def _sealed(entry: Entry) -> Entry:
    return entry._replace(digest=digest(entry))


def build(entries: Iterable[Entry], findings: Iterable[Finding] = ()) -> Manifest:
    return Manifest(
        entries=tuple(sorted(entries, key=lambda e: e.id)),
        findings=tuple(sorted(findings, key=Finding.sort_key)),
    )


def _relations(
    doc_id: str, meta: Mapping[str, Any], lines: Mapping[str, int], problems: list[Finding]
) -> Mapping[str, tuple[str, ...]]:
    out = {}
    for key in RELATION_FIELDS:
        if key in meta:
            ids = []
            for value in fields.strings(meta, key):
                norm = links.normalise_id(value)
                if norm is None:
                    message = f"{key} entry {value!r} leaves the knowledge root; ignored"
                    problems.append(finding("W006", doc_id, message, lines.get(key)))
                else:
                    ids.append(sys.intern(norm))
            out[key] = tuple(ids)
    return out or _NO_RELATIONS


class _Facts(NamedTuple):
    links: tuple[Link, ...]
    files: tuple[Link, ...]
    asked: tuple[tuple[str, str, int], ...]
    routes: tuple[tuple[str, int], ...]


def _body_facts(doc_id: str, body: str, body_line: int) -> _Facts:
    """The body's links to documents, its links and images to files that must be on
    disk (:attr:`Entry.files`), the anchors its links ask for, and its links written as
    a site's routes (:attr:`Entry.routes`)."""
    scanned = markdown.scan(body, body_line)
    found: list[Link] = []
    files: list[Link] = []
    asked: list[tuple[str, str, int]] = []
    routes: list[tuple[str, int]] = []
    for written, line in scanned.links:
        resolved = links.resolve(doc_id, written) if not written.startswith("#") else None
        if resolved is None:
            path = links.file_target(doc_id, written)
            if path is not None:
                files.append(Link(path, line))
            elif written.startswith("#"):
                if anchor := links.anchor_asked(written):
                    asked.append((doc_id, anchor, line))
            elif (route := links.route_target(doc_id, written)) is not None:
                routes.append((route, line))
            continue
        kind, target = resolved
        (files if kind is LinkKind.OUTSIDE else found).append(Link(sys.intern(target), line))
        if kind is LinkKind.DOC and "#" in written and (anchor := links.anchor_asked(written)):
            asked.append((target, anchor, line))
    for image in scanned.images:
        path = links.file_target(doc_id, image.target)
        if path is not None:
            files.append(Link(path, image.line))
    return _Facts(tuple(found), tuple(files), tuple(asked), tuple(routes))


# the lines git writes around the two sides of a conflict it could not merge
_MARKS = {"<" * 7: "<", "=" * 7: "=", ">" * 7: ">"}


def _conflicts(doc_id: str, text: str) -> list[Finding]:
    """E010 at the first line of an unresolved merge conflict (:func:`conflict_line`)."""
    at = conflict_line(text)
    if at is None:
        return []
    message = "unresolved merge conflict: git's markers are still in the file; settle it"
    return [finding("E010", doc_id, message, at)]


def conflict_line(text: str) -> int | None:
    """The line of the first unresolved merge conflict in ``text``: an opening marker, then
    a separator, then a closing one (None when there is none). A conflict shown whole
    inside a code block is text about conflicts; git writes its markers whatever the
    code blocks, so one side that opens a block does not hide the conflict."""
    if "<<<<<<<" not in text or ">>>>>>>" not in text:  # most files: two searches in C
        return None
    marks: list[tuple[int, str, bool]] = []  # line, kind, inside a code block
    fence: str | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        if fence is not None:
            fence = None if markdown.closes_fence(line, fence) else fence
            inside = True
        elif (opened := markdown.FENCE.match(line)) is not None:
            fence, inside = opened.group(1), True
        else:
            inside = False
        kind = _MARKS.get(line[:7])
        if kind is not None and (len(line) == 7 or (kind != "=" and line[7] == " ")):
            marks.append((number, kind, inside))
    for n, (at, kind, inside) in enumerate(marks):
        if kind != "<":
            continue
        rest = [m for m in marks[n + 1 :] if m[1] != "<"]
        separator = next((i for i, m in enumerate(rest) if m[1] == "="), None)
        closing = (
            next((m for m in rest[separator:] if m[1] == ">"), None)
            if separator is not None
            else None
        )
        if closing is not None and not (inside and closing[2]):
            return at
    return None


def _secrets(doc_id: str, text: str) -> list[Finding]:
    """Secrets (E008) and personal data (E009) in a document; the check drops what the
    marker's guard lets pass (allowed values, personal data when that guard is off)."""
    from mdbrain.core import guard  # its patterns cost a start that only parsing pays

    hits = guard.both(text)
    found = [
        finding(
            "E008",
            doc_id,
            f"looks like a secret ({hit.rule}: {hit.excerpt}); remove it [value {hit.digest}]",
            hit.line,
        )
        for hit in hits
        if hit.family == guard.SECRET
    ]
    found += [
        finding(
            "E009",
            doc_id,
            f"personal data ({hit.rule}: {hit.excerpt}); remove or allow it [value {hit.digest}]",
            hit.line,
        )
        for hit in hits
        if hit.family == guard.PERSONAL
    ]
    return found


HEAD_BYTES = 256 * 1024 + 16  # enough for the largest frontmatter the parser accepts


def entry_from_head(data: bytes, doc_id: str, size: int) -> Entry:
    """The record of a document too large to index whole, from its first bytes: its
    frontmatter, without a body. Never raises for bad content."""
    text = data.decode("utf-8", "replace")
    norm = frontmatter.normalise_newlines(text.removeprefix(document.BOM))
    try:
        parts = frontmatter.split(norm, path=doc_id)
    except DocumentError:
        parts = None
    note = finding(
        "W016", doc_id, f"{size:,} bytes, over the size limit: indexed by its frontmatter only", 1
    )
    if parts is None or parts.yaml is None:
        problem = finding("E002", doc_id, "no frontmatter in the first bytes of a large file", 1)
        return _sealed(Entry(id=doc_id, size=size, findings=(note, problem), parsed=False))
    head = f"---\n{parts.yaml}---\n"
    entry = entry_from_text(head, doc_id, size=size)
    return _sealed(entry._replace(findings=(*entry.findings, note)))


def entry_from_bytes(data: bytes, doc_id: str) -> Entry:
    """Build the manifest record of one file. Never raises for bad content."""
    return _from_bytes(data, doc_id)._replace(sha=hashlib.sha256(data).hexdigest())


def _from_bytes(data: bytes, doc_id: str) -> Entry:
    try:
        text = document.decode(data, path=doc_id)
    except DocumentError as exc:
        problem = finding("E005", doc_id, exc.message, exc.line)
        return _sealed(Entry(id=doc_id, size=len(data), findings=(problem,), parsed=False))
    problems = []
    if text.startswith(document.BOM):
        problems.append(finding("I001", doc_id, "UTF-8 byte-order mark at the start; ignored", 1))
    return entry_from_text(text, doc_id, size=len(data), problems=problems)


def entry_from_text(
    text: str, doc_id: str, *, size: int = 0, problems: list[Finding] | None = None
) -> Entry:
    problems = list(problems or [])
    norm = frontmatter.normalise_newlines(text.removeprefix(document.BOM))
    problems += _conflicts(doc_id, norm)
    problems += _secrets(doc_id, norm)
    try:
        doc = document.loads(text, doc_id)
    except DocumentError as exc:
        problems.append(finding("E002", doc_id, exc.message, exc.line))
        try:
            parts = frontmatter.split(norm, path=doc_id)
            body, body_line = parts.body, parts.body_line
        except DocumentError:
            body, body_line = norm, 1
        facts = _body_facts(doc_id, body, body_line)
        return _sealed(
            Entry(
                id=doc_id,
                links=facts.links,
                body_line=body_line,
                size=size,
                findings=tuple(problems),
                parsed=False,
                files=facts.files,
                asked=facts.asked,
                routes=facts.routes,
            )
        )
    meta = doc.meta
    intern = sys.intern  # short values repeat across documents; share one string each
    facts = _body_facts(doc_id, doc.body, doc.body_line)
    relations = _relations(doc_id, meta, doc.key_lines, problems)
    return _sealed(
        Entry(
            id=doc_id,
            meta=meta,
            title=fields.text(meta, "title"),
            summary=fields.text(meta, "summary"),
            type=intern(fields.text(meta, "type")),
            status=intern(fields.text(meta, "status")),
            priority=intern(fields.text(meta, "priority")),
            tags=tuple(map(intern, fields.strings(meta, "tags"))),
            relations=relations,
            links=facts.links,
            key_lines=doc.key_lines,
            body_line=doc.body_line,
            size=size,
            findings=tuple(problems),
            files=facts.files,
            asked=facts.asked,
            routes=facts.routes,
        )
    )
