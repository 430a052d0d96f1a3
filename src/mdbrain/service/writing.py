"""Agents write directly; the tool imposes the structure.

``write`` creates or updates one document. Before anything touches the disk
it validates the fields against the schema, refuses what looks like a secret
(or personal data, when the marker turns that guard on), and, for a new
document, searches the base for near duplicates: a clear duplicate is refused
and named, unless the writer says the document is new or that it supersedes
the old one; otherwise the closest documents are returned with the result, so
the writer sees them. Provenance decides trust: with sources (or impl_refs that
exist) a document enters as ``stable``, without as ``draft``.

A new document is named after its title, in a folder whose documents are numbered
(``0007-slug.md``) with the next number, or the number its title starts with when it is
free. Updating a document adds the values of its list fields to the ones it has; with
``replace``, tags, impl_refs and related are replaced instead (sources and contradicts
are only ever added to).
"""

from __future__ import annotations

import dataclasses
import os
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import adr, anchors, contradiction, edit, fields, ids, slug, yaml_emit
from mdbrain.core.document import loads
from mdbrain.core.errors import (
    DocumentError,
    DuplicateError,
    InvalidRequestError,
    MdbrainError,
    NotFoundError,
)
from mdbrain.service import anchoring, guarding, overviews, requests
from mdbrain.service.governance import Governor, SupersedeReport
from mdbrain.service.indexing import IndexReport
from mdbrain.store import files

if TYPE_CHECKING:
    from mdbrain.service.searching import Searcher
    from mdbrain.service.session import Session

DUPLICATE_OVERLAP = 0.8  # share of title+summary terms two documents hold in common
CLOSE_OVERLAP = 0.1  # ...to be reported as close: ranked near it, an unrelated page is not
CLAIMS = frozenset({"decision", "rule", "fact"})  # the kinds checked for contradictions
IN_FORCE = frozenset({"stable", "needs-review"})
REPLACEABLE = ("tags", "impl_refs", "related")  # the lists an update may replace
ORDER_KINDS = 5  # the latest documents of a numbered folder whose types a new one shares
TITLE_NUMBER_REACH = 10  # how far past the next free number a title's own number may go
FIELD_ORDER = (
    "title", "summary", "type", "status", "tags", "audience", "priority", "impl_refs",
    "related", "sources", "author", "supersedes", "contradicts", "created", "updated",
)  # fmt: skip


@dataclass
class WriteRequest:
    """What to write. Build it from JSON-like data with :meth:`from_dict`."""

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
    reason: str = ""  # why it replaces the documents it supersedes (their superseded_reason)
    contradicts: list[str] = field(default_factory=list)  # documents it says are wrong
    new: bool = False  # create even when a near duplicate exists
    doc: str = ""  # the id of a document to update instead of creating one
    replace: bool = False  # with doc: tags, impl_refs and related replace the document's
    expect_sha: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> WriteRequest:
        """A request from plain data; unknown fields and wrong types are refused by name."""
        return requests.from_mapping(cls, data)

    def checked(self) -> WriteRequest:
        """The same request with every id and path in canonical form, or an error."""
        return WriteRequest(
            title=_text(self.title, "title"),
            summary=_text(self.summary, "summary"),
            type=self.type,
            theme=ids.theme(self.theme),
            body=None if self.body is None else _text(self.body, "body"),
            tags=[_text(t, "tags") for t in self.tags if t.strip()],  # "" names no tag
            sources=[_text(s, "sources") for s in self.sources if s.strip()],
            impl_refs=[ids.code_path(r, field="impl_refs") for r in self.impl_refs],
            related=[ids.doc_id(r, field="related") for r in self.related],
            author=_text(self.author, "author"),
            supersedes=list(
                dict.fromkeys(ids.doc_id(r, field="supersedes") for r in self.supersedes)
            ),
            reason=_text(self.reason, "reason"),
            contradicts=[ids.doc_id(r, field="contradicts") for r in self.contradicts],
            new=self.new,
            doc=ids.doc_id(self.doc) if self.doc else "",
            replace=self.replace,
            expect_sha=self.expect_sha,
        )


def _text(value: str, name: str) -> str:
    """A text field as given; only what cannot be stored as UTF-8 text is refused:
    undecodable bytes, and NUL, which makes the file binary to git and every editor (the
    emitter escapes everything else, line breaks and control characters included)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(
            f"field {name!r} is not valid text (undecodable bytes); give UTF-8 text", field=name
        ) from None
    if "\0" in value:
        raise InvalidRequestError(
            f"field {name!r} holds a NUL character; give text without it", field=name
        )
    return value


@dataclass
class ListEdit:
    """What an update did to one list field: values added to it, or the list replaced."""

    field: str
    replaced: bool
    added: list[str]
    removed: list[str]
    now: list[str]


@dataclass
class WriteReport:
    id: str
    created: bool
    status: str
    sha: str  # content hash of the document as written: pass it back as expect_sha
    candidates: list[tuple[str, float]] = field(default_factory=list)
    superseded: list[SupersedeReport] = field(default_factory=list)
    # a figure or a yes/no of the new text that disagrees with a document in force on the
    # same subject: reported for the writer to declare, never a reason to refuse
    possible_contradictions: list[contradiction.Clash] = field(default_factory=list)
    # draft overviews written so that no page is left that nobody can reach
    overviews: list[str] = field(default_factory=list)
    listed_in: str = ""  # the overview write made of its folder, now listing it too
    unlisted_in: str = ""  # that overview, changed by someone since: left without it
    # why a draft is one, when it is: "no sources", or sources no one has verified yet
    draft_reason: str = ""
    numbered: str = ""  # how a new document was numbered after its folder's documents
    lists: list[ListEdit] = field(default_factory=list)  # what an update did to its lists
    # impl_refs it was given that name no code of the project (check's W003), with why
    missing: dict[str, str] = field(default_factory=dict)
    index: IndexReport | None = None


def render(fields: dict[str, object], body: str) -> str:
    """A new document: its frontmatter in the canonical order, then its body."""
    keys = [k for k in FIELD_ORDER if k in fields] + sorted(
        k for k in fields if k not in FIELD_ORDER
    )
    shown = [key for key in keys if fields[key] not in ("", [])]
    head = "\n".join(yaml_emit.field(key, fields[key]) for key in shown)
    return f"---\n{head}\n---\n\n{body.strip()}\n" if body.strip() else f"---\n{head}\n---\n"


class Writer:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.config = session.config
        self.root = session.root
        self.today = session.today()

    # --- checks before anything is written --------------------------------------

    def _validate(self, request: WriteRequest, creating: bool) -> None:
        if creating and not request.title.strip():
            raise InvalidRequestError("a title is required; nothing was written", field="title")
        if creating and request.replace:
            raise InvalidRequestError(
                "replace applies to an update of a document (doc); nothing was written",
                field="replace",
            )
        if not creating and request.supersedes:  # an update would silently drop them
            raise InvalidRequestError(
                "supersedes applies to a new document; to have an existing one replace"
                " another, use supersede; nothing was written",
                field="supersedes",
            )
        if request.reason.strip() and not request.supersedes:
            raise InvalidRequestError(
                "reason says why the documents named in supersedes are replaced; none is;"
                " nothing was written",
                field="reason",
            )
        if creating and not request.summary.strip():
            raise InvalidRequestError("a summary is required; nothing was written", field="summary")
        if len(request.summary) > self.config.summary_max:
            raise InvalidRequestError(
                f"the summary is longer than {self.config.summary_max} characters;"
                " nothing was written",
                field="summary",
            )
        if request.type not in self.config.types:
            raise InvalidRequestError(
                f"type {request.type!r} is not one of {', '.join(self.config.types)};"
                " nothing was written",
                field="type",
            )
        odd = sorted(set(_NOT_IN_A_THEME.findall(request.theme))) if creating else []
        if odd:  # "((a+)+)+$" was written under a/ without a word
            raise InvalidRequestError(
                f"theme {request.theme!r} holds characters a folder's name does not take"
                f" ({' '.join(odd)}); name it in words; nothing was written",
                field="theme",
            )
        most = self.config.max_document_kb * 1024
        if (
            request.body is not None
            and len(request.body) * 4 > most
            and (len(request.body.encode("utf-8")) > most)
        ):
            raise InvalidRequestError(
                f"the body is larger than the base reads whole ({self.config.max_document_kb} KB,"
                " max_document_kb in .rag); split it into documents; nothing was written",
                field="body",
            )
        if len(request.title) > TITLE_MOST:
            raise InvalidRequestError(
                f"the title is longer than {TITLE_MOST} characters; nothing was written",
                field="title",
            )

    def candidates(
        self, request: WriteRequest, searcher: Searcher | None = None
    ) -> list[tuple[str, float, float, str]]:
        """Existing documents close to the request: id, rank score, term overlap, title."""
        searcher = searcher or self.session.searcher()
        question = " ".join([request.title, request.summary, *request.tags])
        mine = set(searcher.analyzer.terms(f"{request.title} {request.summary}"))
        out = []
        for card in searcher.rank(question, 5):
            theirs = set(searcher.analyzer.terms(f"{card.title} {card.summary}"))
            overlap = len(mine & theirs) / max(len(mine | theirs), 1)
            out.append((card.id, round(card.score, 3), round(overlap, 3), card.title))
        return out

    def is_duplicate(
        self, request: WriteRequest, doc_id: str, candidate: tuple[str, float, float, str]
    ) -> bool:
        """The rule: the same title in the same folder, or most of the title and summary
        terms in common. (Two different titles may share a path, "!!!" and "日本語"
        alike becoming "document": the second one then gets a numbered path. The same
        title under another name of the folder is no new subject: nats-io's ADR-43,
        "JetStream Per-Message TTL", was written again as jetstream-per-message-ttl.md.)"""
        same_title = " ".join(candidate[3].casefold().split()) == " ".join(
            request.title.casefold().split()
        )
        same_folder = posixpath.dirname(candidate[0]) == posixpath.dirname(doc_id)
        return (same_folder and same_title) or candidate[2] >= DUPLICATE_OVERLAP

    # --- writing --------------------------------------------------------------------

    def _status(self, request: WriteRequest, missing: dict[str, str]) -> str:
        project = self.session.project
        refs_exist = any(
            files.is_regular(project, anchors.parse(r).path) and r not in missing
            for r in request.impl_refs
        )
        return "stable" if request.sources or refs_exist else "draft"

    def _missing(self, refs: Sequence[str]) -> dict[str, str]:
        """The impl_refs among ``refs`` that name no code of the project, each with why."""
        project = self.session.project
        return {r: why for r in dict.fromkeys(refs) if (why := anchoring.missing(project, r))}

    def write(self, request: WriteRequest) -> WriteReport:
        request = request.checked()
        creating = not request.doc
        self._validate(request, creating)
        if request.theme:
            guarding.check_field("theme", request.theme, self.config)
        if not creating:
            return self._update(request)
        for target in [*request.contradicts, *request.supersedes]:
            self.session.entry(target)  # both name documents that exist
        nearby = self.candidates(request)
        doc_id, numbered = self._place(request)
        duplicate = [c for c in nearby if self.is_duplicate(request, doc_id, c)]
        if (
            duplicate
            and not request.new
            and not set(request.supersedes) & {c[0] for c in duplicate}
        ):
            names = ", ".join(f"{c[0]} (overlap {c[2]:.0%})" for c in duplicate)
            raise DuplicateError(
                f"looks like a duplicate of {names}; nothing was written."
                " Update that document, or say that it is new or that it replaces it",
                candidates=[(c[0], c[2]) for c in duplicate],
            )
        missing = self._missing(request.impl_refs)
        status = self._status(request, missing)
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
            "contradicts": request.contradicts,
            "created": self.today,
            "updated": self.today,
        }
        content = render(fields, request.body or f"# {request.title.strip()}\n")
        with self.session.writing():
            alone = len(self.session.manifest()) < 2  # no page was an orphan before this one
            if numbered:  # numbered before the lock: another writer may hold it by now
                doc_id, numbered = self._place(request)
            if self.session.exists(doc_id) or os.path.lexists(self.root / doc_id):
                self._written_meanwhile(request, doc_id)
                doc_id, numbered = self._place(request, taken=True)
            governor = Governor(self.session)
            # each supersession is done after the new document exists, so whatever could
            # refuse it is checked now, under the same hold of the lock: a refusal then
            # would leave the new document written and the write reported as failed
            for old in request.supersedes:
                governor.check(old, [doc_id])
            sha = self.session.write(doc_id, content)
            anchoring.record(self.session, [doc_id])
            report = WriteReport(doc_id, True, status, sha, numbered=numbered, missing=missing)
            if status == "draft":
                report.draft_reason = (
                    "no sources, and none of its impl_refs names code that exists"
                    if request.impl_refs
                    else "no sources"
                )
            report.candidates = [
                (c[0], c[1]) for c in nearby if c[0] != doc_id and c[2] >= CLOSE_OVERLAP
            ]
            report.possible_contradictions = self._clashes(request, doc_id, nearby)
            for old in request.supersedes:
                report.superseded.append(
                    governor.supersede(old, [doc_id], reason=request.reason, reindex=False)
                )
            if request.supersedes:  # each one wrote its side on the new document too: the
                # hash a later write expects is that of the text now (microsoft/api-guidelines)
                report.sha = self.session.read(doc_id).sha
            here = posixpath.dirname(doc_id)
            covered = overviews.cover(
                self.session,
                lambda lonely: set(lonely) if alone else {here},
                origin="write",
            )
            report.overviews = list(covered.written)
            listed = overviews.extend(self.session, doc_id)
            report.listed_in, report.unlisted_in = listed.added_to, listed.left
            # in the same hold of the lock: taking it again could fail (busy) after the
            # document was written, and the writer would be told nothing was
            report.index = self.session.reindex()
        return report

    def _written_meanwhile(self, request: WriteRequest, doc_id: str) -> None:
        """Refuse a new document whose path another writer took, with the same title,
        between the duplicate check and this writer's hold of the lock: two writers of
        one page at once leave one page, as one after the other would."""
        entry = self.session.manifest().get(doc_id)
        if entry is None or request.new or doc_id in request.supersedes:
            return
        if self.is_duplicate(request, doc_id, (doc_id, 0.0, 0.0, entry.title)):
            raise DuplicateError(
                f"looks like a duplicate of {doc_id}, written meanwhile; nothing was written."
                " Update that document, or say that it is new or that it replaces it",
                candidates=[(doc_id, 1.0)],
            )

    def _clashes(
        self, request: WriteRequest, doc_id: str, nearby: list[tuple[str, float, float, str]]
    ) -> list[contradiction.Clash]:
        """For a new decision, rule or fact: what it may contradict among the documents in
        force close to it, unless the writer already said it contradicts or replaces them."""
        if request.type not in CLAIMS:
            return []
        declared = set(request.contradicts) | set(request.supersedes)
        found = self.session.manifest()
        others = []
        for other_id, *_rest in nearby:
            entry = found.get(other_id)
            if entry is None or other_id in declared or entry.status not in IN_FORCE:
                continue
            try:
                body = loads(self.session.read(other_id, whole=False).text, other_id).body
            except MdbrainError:
                continue
            others.append(
                contradiction.Claim(other_id, entry.title, entry.summary, entry.tags, body)
            )
        mine = contradiction.Claim(
            doc_id, request.title, request.summary, tuple(request.tags), request.body or ""
        )
        return contradiction.possible(mine, others, self.config.lang)

    def _place(self, request: WriteRequest, *, taken: bool = False) -> tuple[str, str]:
        """The id of a new document, and how it was numbered ('' when its folder does
        not name its documents in order)."""
        theme = "/".join(slug.slugify(part) for part in request.theme.split("/") if part.strip())
        folder = self.root / theme if theme else self.root
        existing = {p.stem for p in folder.glob("*.md")} if folder.is_dir() else set()
        order = slug.series(existing)
        if order is not None and not self._orders_its_kind(theme, order, request):
            order = None  # a fact beside records is not the next record (reactjs/rfcs)
        numbered = ""
        if order is not None and order.kind == "number" and order.given_elsewhere:
            order = None  # golang/proposal's issue numbers: no next one to take
            numbered = (
                "not numbered: the numbers of its folder are given elsewhere (an issue's?),"
                " not in order; start the title with one to take it"
            )
        if order is not None and order.kind == "number":
            order = self._with_siblings(theme, order)
        if order is None:
            name = slug.slugify(request.title)
        elif order.kind != "number":
            day = order.prefix(0, self.today)
            name = f"{day}-{slug.slugify(request.title, max_length=79 - len(day))}"
            numbered = f"dated {day}, as the documents of its folder are"
        else:
            name, numbered = self._numbered(request, theme, order, taken)
        if (order is None or order.kind != "number") and (taken or request.new):
            name = slug.unique(name, existing)
        return _doc_id(theme, name), numbered

    def _orders_its_kind(self, theme: str, order: slug.Series, request: WriteRequest) -> bool:
        """Whether a folder's numbers or days name a new document of the type asked: its
        latest documents by that order are of that type (or none is known), or the title
        asks for a number. A fact written beside reactjs/rfcs' RFCs took the next RFC's
        number."""
        if slug.title_number(request.title)[0] is not None:
            return True
        entries = self.session.manifest()
        kinds = {
            entry.type
            for _number, name in order.numbers[-ORDER_KINDS:]
            if (entry := entries.get(_doc_id(theme, name))) is not None
        }
        return not kinds or request.type in kinds

    def _with_siblings(self, theme: str, order: slug.Series) -> slug.Series:
        """A folder named for a state of its records (``accepted/``) numbers them with
        the folders of the other states beside it, when those name theirs the same way:
        npm/rfcs' accepted/, implemented/ and withdrawn/ share one series, and a new RFC
        in accepted/ took the number of one in implemented/. Their names are given as
        paths from the root, a leading slash before them."""
        parent, _, own = theme.rpartition("/")
        if not own or not adr.names_a_state(own):
            return order
        base = self.root / parent if parent else self.root
        numbers = dict(order.numbers)
        try:
            folders = sorted(p for p in base.iterdir() if p.is_dir() and p.name != own)
        except OSError:
            return order
        for folder in folders:
            if not adr.names_a_state(folder.name):
                continue
            found = slug.series(p.stem for p in folder.glob("*.md"))
            if found is None or (found.kind, found.width, found.lead) != (
                order.kind, order.width, order.lead
            ):  # fmt: skip
                continue
            where = f"{parent}/{folder.name}" if parent else folder.name
            for number, name in found.numbers:
                numbers.setdefault(number, f"/{where}/{name}")
        return dataclasses.replace(order, numbers=tuple(sorted(numbers.items())))

    def _numbered(
        self, request: WriteRequest, theme: str, order: slug.Series, taken: bool
    ) -> tuple[str, str]:
        """The name of a new document in a folder of numbered ones: the number its title
        starts with, refused when another document holds it, else the next one."""
        wanted, rest = slug.title_number(request.title)
        far = ""
        if wanted is not None and wanted > order.next + TITLE_NUMBER_REACH:
            # "2024: plan" names a year, not a record: the number stays in the title
            far = (
                f" (the title's {wanted} is more than {TITLE_NUMBER_REACH} past it, so it is"
                " read as words of the title, not as the record's number)"
            )
            wanted, rest = None, request.title
        number = order.next if wanted is None else wanted
        prefix = order.prefix(number, self.today)
        name = f"{prefix}-{slug.slugify(rest, max_length=79 - len(prefix))}"
        holder = order.holder(number)
        if wanted is None:
            return name, f"numbered {prefix}, next after {_doc_id(theme, order.last)}{far}"
        if holder and (holder != name or taken or request.new):  # the same name: a duplicate
            raise InvalidRequestError(
                f"number {wanted} of the title is taken by {_doc_id(theme, holder)};"
                f" nothing was written. Start the title with the next free number,"
                f" {order.next}, or with none to be given it",
                field="title",
            )
        return name, f"numbered {prefix}, as the title says"

    def _update(self, request: WriteRequest) -> WriteReport:
        try:
            return self._update_fields(request)
        except (ValueError, DocumentError) as exc:  # no frontmatter, never closed, not UTF-8
            raise InvalidRequestError(
                f"{request.doc}: {exc}; nothing was written", field="doc"
            ) from None

    def _update_fields(self, request: WriteRequest) -> WriteReport:
        doc_id = request.doc
        with self.session.writing():
            self.session.path(doc_id)  # a link leading outside is refused, and named
            if not self.session.exists(doc_id):
                raise NotFoundError(f"{doc_id} is not a document of this base", doc=doc_id)
            content = self.session.read(doc_id, expect=request.expect_sha).text
            for key, value in (("title", request.title), ("summary", request.summary)):
                if value:
                    content = edit.set_field(content, key, value)
            meta = loads(content, doc_id).meta
            lists = []
            for key, values in (
                ("tags", request.tags),
                ("impl_refs", request.impl_refs),
                ("related", request.related),
                ("sources", request.sources),  # provenance is added to, never replaced
                ("contradicts", request.contradicts),  # a conflict is closed by resolve
            ):
                if not values:
                    continue
                current = list(fields.strings(meta, key))
                replaced = request.replace and key in REPLACEABLE
                given = list(dict.fromkeys(values))
                now = given if replaced else current + [v for v in given if v not in current]
                if now != current:
                    content = edit.set_field(content, key, now)
                added = [v for v in now if v not in current]
                removed = [v for v in current if v not in now]
                lists.append(ListEdit(key, replaced, added, removed, now))
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
                if meta.get("type") == "overview" and meta.get("status") == "needs-review":
                    content = edit.set_field(content, "status", "stable")  # rewritten: current
                    content = edit.remove_field(content, "review_reason")
            sha = self.session.write(doc_id, content)
            anchoring.record(self.session, [doc_id])
            after = loads(content, doc_id).meta
            status = str(after.get("status", ""))
            missing = self._missing([r for e in lists if e.field == "impl_refs" for r in e.added])
            report = WriteReport(doc_id, False, status, sha, lists=lists, missing=missing)
            if status == "draft":
                report.draft_reason = (
                    "it has sources but is still marked draft (imported pages start so,"
                    " until someone checks them)"
                    if fields.strings(after, "sources")
                    else "no sources"
                )
            report.index = self.session.reindex()  # in the same hold of the lock
        return report


# what a theme may not hold: the marks of patterns, code and markup, which no folder's
# name keeps (a theme's words become a slug: "Décisions d'archi" is decisions-d-archi/)
_NOT_IN_A_THEME = re.compile(r"[()\[\]{}<>*+?$^|\\=!@#%~`\";:]")
TITLE_MOST = 300  # characters of a title: a 100 KB one was written and checked clean


def _doc_id(theme: str, name: str) -> str:
    """The id of the document ``name`` names in ``theme``, or from the root when it
    starts with a slash (a folder beside it: see :meth:`Writer._with_siblings`)."""
    if name.startswith("/"):
        return ids.doc_id(f"{name[1:]}.md")
    return ids.doc_id(f"{theme}/{name}.md" if theme else f"{name}.md")


def author_from_environment(project: Path | None = None) -> str:
    """The declared author when none is given, never trusted: ``MDBRAIN_AUTHOR``, the
    user name, or git's ``user.name`` when the environment names nobody."""
    named = os.environ.get("MDBRAIN_AUTHOR") or os.environ.get("USER") or os.environ.get("USERNAME")
    if named:
        return named
    from mdbrain.store import git

    return git.Git(project or Path.cwd()).user_name()
