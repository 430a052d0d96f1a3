"""Agents write directly; the tool imposes the structure.

``write`` creates or updates one document. Before anything touches the disk
it validates the fields against the schema, refuses what looks like a secret
(or personal data, when the marker turns that guard on), and, for a new
document, searches the base for near duplicates: a clear duplicate is refused
and named, unless the writer says the document is new or that it supersedes
the old one; otherwise the closest documents are returned with the result, so
the writer sees them. Provenance decides trust: with sources (or impl_refs that
exist) a document enters as ``stable``, without as ``draft``.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass, field

from mdbrain.core import anchors, edit, guard, slug, yaml_emit
from mdbrain.core.document import loads
from mdbrain.core.errors import DocumentError, UsageError
from mdbrain.service.governance import Governor, SupersedeReport, content_hash
from mdbrain.service.indexing import Indexer, IndexReport
from mdbrain.service.searching import Searcher
from mdbrain.store import atomic, cache, scan, secret_scan

DUPLICATE_OVERLAP = 0.8  # share of title+summary terms two documents hold in common
FIELD_ORDER = (
    "title", "summary", "type", "status", "tags", "audience", "priority", "impl_refs",
    "related", "sources", "author", "supersedes", "contradicts", "created", "updated",
)  # fmt: skip
_PERSONAL = {
    "email": re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+"),
    "phone": re.compile(r"(?<!\w)\+?\d[\d .-]{8,}\d(?!\w)"),
    # a French NIR, or a US social security number
    "national-id": re.compile(
        r"\b[12] ?\d{2} ?\d{2} ?\d{2} ?\d{3} ?\d{3} ?\d{2}\b|\b\d{3}-\d{2}-\d{4}\b"
    ),
}  # fmt: skip


@dataclass
class WriteRequest:
    title: str = ""
    summary: str = ""
    type: str = "fact"
    theme: str = ""
    body: str | None = None
    tags: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    impl_refs: list[str] = field(default_factory=list)
    related: list[str] = field(default_factory=list)
    author: str = ""
    supersedes: list[str] = field(default_factory=list)
    new: bool = False  # create even when a near duplicate exists
    doc: str = ""  # the id of a document to update instead of creating one
    expect_sha: str | None = None


@dataclass
class WriteReport:
    id: str
    created: bool
    status: str
    sha: str  # content hash of the document as written: pass it back with --expect-sha
    candidates: list[tuple[str, float]] = field(default_factory=list)
    superseded: list[SupersedeReport] = field(default_factory=list)
    index: IndexReport | None = None


def render(fields: dict[str, object], body: str) -> str:
    """A new document: its frontmatter in the canonical order, then its body."""
    keys = [k for k in FIELD_ORDER if k in fields] + sorted(
        k for k in fields if k not in FIELD_ORDER
    )
    head = "\n".join(
        yaml_emit.field(key, fields[key]) for key in keys if fields[key] not in ("", [])
    )
    return f"---\n{head}\n---\n\n{body.strip()}\n" if body.strip() else f"---\n{head}\n---\n"


class Writer:
    def __init__(self, indexer: Indexer, today: dt.date) -> None:
        self.indexer = indexer
        self.config = indexer.config
        self.root = indexer.root
        self.today = today

    # --- checks before anything is written --------------------------------------

    def _validate(self, request: WriteRequest, creating: bool) -> None:
        problems = []
        if creating and not request.title.strip():
            problems.append("a title is required")
        if creating and not request.summary.strip():
            problems.append("a summary is required")
        if len(request.summary) > self.config.summary_max:
            problems.append(f"the summary is longer than {self.config.summary_max} characters")
        if request.type not in self.config.types:
            problems.append(f"type {request.type!r} is not one of {', '.join(self.config.types)}")
        if problems:
            raise UsageError("nothing was written: " + "; ".join(problems))

    def _guard(self, request: WriteRequest) -> None:
        allow = frozenset(self.config.guard_allow)
        places = {
            "title": request.title,
            "summary": request.summary,
            "tags": " ".join(request.tags),
            "sources": " ".join(request.sources),
            "body": request.body or "",
        }
        for place, value in places.items():
            for hit in guard.scan(value, allow):
                where = f"body line {hit.line}" if place == "body" else place
                raise UsageError(
                    f"refused by the secret guard ({hit.rule}) in {where}: {hit.excerpt};"
                    " nothing was written"
                )
            if self.config.guard_personal_data:
                for rule, pattern in _PERSONAL.items():
                    found = [m.group(0) for m in pattern.finditer(value)]
                    if any(item not in allow for item in found):
                        raise UsageError(
                            f"refused by the personal-data guard ({rule}) in {place};"
                            " nothing was written"
                        )
        self._second_opinion(places, allow)
        for ref in request.impl_refs:
            if guard.credential_path(anchors.parse(ref).path):
                raise UsageError(
                    f"refused: impl_ref {ref!r} names a credentials file; nothing was written"
                )

    @staticmethod
    def _second_opinion(places: dict[str, str], allow: frozenset[str]) -> None:
        """Ask detect-secrets too, when it is installed; an allowed value's line passes."""
        for place, value in places.items():
            for kind, line in secret_scan.detect(value):
                text = value.splitlines()[line - 1] if line <= len(value.splitlines()) else ""
                if any(allowed in text for allowed in allow):
                    continue
                where = f"body line {line}" if place == "body" else place
                raise UsageError(
                    f"refused by the secret guard (detect-secrets: {kind}) in {where};"
                    " nothing was written"
                )

    def candidates(
        self, request: WriteRequest, searcher: Searcher | None = None
    ) -> list[tuple[str, float, float, str]]:
        """Existing documents close to the request: id, rank score, term overlap, title."""
        own = searcher is None
        searcher = searcher or Searcher(self.root, self.config)
        try:
            question = " ".join([request.title, request.summary, *request.tags])
            mine = set(searcher.analyzer.terms(f"{request.title} {request.summary}"))
            out = []
            for card in searcher.rank(question, 5):
                theirs = set(searcher.analyzer.terms(f"{card.title} {card.summary}"))
                overlap = len(mine & theirs) / max(len(mine | theirs), 1)
                out.append((card.id, round(card.score, 3), round(overlap, 3), card.title))
            return out
        finally:
            if own:
                searcher.close()

    def is_duplicate(
        self, request: WriteRequest, doc_id: str, candidate: tuple[str, float, float, str]
    ) -> bool:
        """The rule: the same path for the same title, or most of the title and summary
        terms in common. (Two different titles may share a path, "!!!" and "日本語"
        alike becoming "document": the second one then gets a numbered path.)"""
        same_title = " ".join(candidate[3].casefold().split()) == " ".join(
            request.title.casefold().split()
        )
        return (candidate[0] == doc_id and same_title) or candidate[2] >= DUPLICATE_OVERLAP

    # --- writing --------------------------------------------------------------------

    def _status(self, request: WriteRequest) -> str:
        project = self.indexer.where.project
        refs_exist = any((project / anchors.parse(r).path).exists() for r in request.impl_refs)
        return "stable" if request.sources or refs_exist else "draft"

    def write(self, request: WriteRequest) -> WriteReport:
        creating = not request.doc
        self._validate(request, creating)
        self._guard(request)
        if not creating:
            return self._update(request)
        nearby = self.candidates(request)
        doc_id = self._place(request)
        duplicate = [c for c in nearby if self.is_duplicate(request, doc_id, c)]
        if (
            duplicate
            and not request.new
            and not set(request.supersedes) & {c[0] for c in duplicate}
        ):
            names = ", ".join(f"{c[0]} (overlap {c[2]:.0%})" for c in duplicate)
            raise UsageError(
                f"looks like a duplicate of {names}; nothing was written."
                " Update that document (--doc), or say it is new (--new)"
                " or that it replaces it (--supersedes)"
            )
        status = self._status(request)
        fields: dict[str, object] = {
            "title": request.title.strip(),
            "summary": request.summary.strip(),
            "type": request.type,
            "status": status,
            "tags": request.tags or [slug.slugify(request.theme or request.type)],
            "impl_refs": request.impl_refs,
            "related": request.related,
            "sources": request.sources,
            "author": request.author,
            "created": self.today,
            "updated": self.today,
        }
        content = render(fields, request.body or f"# {request.title.strip()}\n")
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            path = self.root / doc_id
            if path.exists():
                doc_id = self._place(request, taken=True)
                path = self.root / doc_id
            atomic.write_text(path, content)
        report = WriteReport(doc_id, True, status, content_hash(content.encode("utf-8")))
        report.candidates = [(c[0], c[1]) for c in nearby if c[0] != doc_id]
        governor = Governor(self.indexer, self.today)
        for old in request.supersedes:
            report.superseded.append(governor.supersede(old, [doc_id], reindex=False))
        report.index = self.indexer.run()
        return report

    def _place(self, request: WriteRequest, *, taken: bool = False) -> str:
        theme = "/".join(slug.slugify(part) for part in request.theme.split("/") if part.strip())
        name = slug.slugify(request.title)
        folder = self.root / theme if theme else self.root
        if taken or request.new:
            existing = {p.stem for p in folder.glob("*.md")} if folder.is_dir() else set()
            name = slug.unique(name, existing)
        return f"{theme}/{name}.md" if theme else f"{name}.md"

    def _update(self, request: WriteRequest) -> WriteReport:
        try:
            return self._update_fields(request)
        except (ValueError, DocumentError) as exc:  # no frontmatter, never closed, not UTF-8
            raise UsageError(f"{request.doc}: {exc}; nothing was written") from None

    def _update_fields(self, request: WriteRequest) -> WriteReport:
        doc_id = request.doc
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            path = scan.path_of(self.root, doc_id)
            try:
                data = path.read_bytes()
            except OSError:
                raise UsageError(f"{doc_id} is not a document of this base") from None
            if request.expect_sha is not None and content_hash(data) != request.expect_sha:
                raise UsageError(
                    f"{doc_id} changed since it was read (its hash is now {content_hash(data)});"
                    " read it again and retry; nothing was written"
                )
            content = data.decode("utf-8")
            for key, value in (("title", request.title), ("summary", request.summary)):
                if value:
                    content = edit.set_field(content, key, value)
            for key, values in (
                ("tags", request.tags),
                ("sources", request.sources),
                ("impl_refs", request.impl_refs),
                ("related", request.related),
            ):
                if values:
                    content = edit.set_field(content, key, values)
            if request.author:
                content = edit.set_field(content, "author", request.author)
            content = edit.set_field(content, "updated", self.today)
            if request.sources and loads(content, doc_id).meta.get("status") == "draft":
                content = edit.set_field(content, "status", "stable")  # now it has provenance
            if request.body is not None:
                body_line = loads(content, doc_id).body_line
                head = "".join(edit.split_lines(content)[: body_line - 1])
                newline = "\r\n" if head.endswith("\r\n") else "\n"
                body = newline.join(request.body.strip().splitlines())
                content = f"{head}{newline}{body}{newline}"
            atomic.write_text(path, content)
        status = "stable" if request.sources else ""
        report = WriteReport(doc_id, False, status, content_hash(content.encode("utf-8")))
        report.index = self.indexer.run()
        return report


def author_from_environment() -> str:
    """The declared author when none is given: the user name, never trusted."""
    return os.environ.get("MDBRAIN_AUTHOR") or os.environ.get("USER", "")
