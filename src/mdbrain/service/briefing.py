"""What is in force on a subject, how a document came to be, and what waits for review.

``brief`` answers "what holds about X?": decisions first with their reason,
then rules, facts and the rest, summaries only, with the counts of what it
left out. ``history`` walks a document's supersession chain both ways and its
git log. ``review`` is the queue of what needs a human or an agent.
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from mdbrain.core import cells, fields, graph, ids, indexes, markdown, rules, summary
from mdbrain.core.document import loads_leniently
from mdbrain.core.errors import (
    GitError,
    InvalidRequestError,
    MdbrainError,
    NotFoundError,
    OutsideBaseError,
)
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.service.governance import Conflict, Governor
from mdbrain.service.reading import EMPTY_ADVICE
from mdbrain.service.session import Session
from mdbrain.store import files, git
from mdbrain.store.search_index import EVERY, Among

ORDER = ("decision", "rule", "fact")
SEARCHED = 10  # documents a free-text brief takes from the search ranking
AS_OF_SEARCHED = 200  # ... and ranks, to keep those that stood then (or stand now)
IN_FORCE_AMONG = Among(statuses=frozenset({"stable", "needs-review"}))
SEARCHED_SHARE = 0.25  # of the best score, the least a page found by search must score
BRIEF_LIMIT = 20  # documents a brief lists, unless asked for more
HISTORY_COMMITS = 20  # commits a history lists, newest first
# a heading that is the reason word alone: "## Rationale", "## Why?"; not a question
# of a FAQ ("##### Why not use methods for all operators?")
_REASON_TITLE = re.compile(
    r"^#{1,6}\s*(?:motifs?|rationale|why|pourquoi|reasons?|raisons?)\s*+(?:[?:.]\s*+)?#*+\s*+$",
    re.I,  # possessive: one way to read the blanks, the mark and the hashes after the word
)
# a decision record's sections: where it decides, and the forces that called for it
_DECISION_TITLE = re.compile(
    r"^#{1,6}\s*(?:decision(?:\s+outcome)?|décision|r[ée]sultat\s+de\s+la\s+d[ée]cision)"
    r"\s*+:?\s*+$",
    re.I,
)
_CONTEXT_TITLE = re.compile(
    r"^#{1,6}\s*(?:context(?:\s+and\s+problem\s+statement)?|contexte|decision\s+drivers"
    r"|background|contexte\s+et\s+(?:[ée]nonc[ée]\s+du\s+)?probl[èe]me"
    r"|facteurs\s+de\s+d[ée]cision|moteurs\s+de\s+d[ée]cision)\s*+:?\s*+$",
    re.I,
)
# the word of a decision's sentence that gives its cause (MADR: 'Chosen option: "X",
# because ...'); "since" and the French "car" read as time and a vehicle too often
_BECAUSE = re.compile(
    r"\b(?:because|parce que|parce qu|motivée?s? par|pour les raisons suivantes"
    r"|résumé de la motivation|en raison d)",  # MTES-MCT/dialog's records say why so
    re.I,
)
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(.+)")
_ITEMS_SAID = 3  # items of a list a cause ending on a colon announces, said after it
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n[ \t]*\n")
_CAUSE_SPAN = 300  # characters of a cause's sentence read on each side of its word


@dataclass(frozen=True, slots=True)
class BriefItem:
    id: str
    type: str
    status: str
    summary: str
    reason: str = ""  # for decisions: the rationale, first paragraph
    sha: str = ""  # content hash: pass it as expect_sha to change the document
    review: str = ""  # for a document to review: why (its review_reason)
    covers: str = ""  # for a brief on code: the impl_ref that names that code
    searched: bool = False  # on a tag: found by search beside the documents tagged with it
    title: str = ""


NAMED_RETIRED = 5  # deprecated or archived documents a brief names, with their successors


@dataclass
class Brief:
    subject: str
    as_of: str | None
    items: list[BriefItem] = field(default_factory=list)
    # how the subject was read: "subject" (a tag, theme, folder or document), "code" (a
    # file, folder or file#symbol of the project), "search" (free text, ranked) or
    # "undescribed" (code of the project no document describes, searched as words)
    kind: str = "subject"
    hidden_drafts: int = 0
    to_review: int = 0
    conflicts: int = 0
    unverified: bool = False  # nothing in force: the items are drafts, not yet reviewed
    advice: str = ""  # what to do when the base holds no document
    retired: int = 0  # deprecated or archived documents left out (all shown with as_of)
    # the first of those, each with the documents that superseded it: what to read instead
    replaced: tuple[tuple[str, tuple[str, ...]], ...] = ()
    more: int = 0  # documents past the limit, not listed, drafts among them
    # how many of those ``more`` are drafts. A brief lists the drafts tagged with its
    # subject after those in force, so the limit cuts drafts first: fastapi/fastapi's
    # docs imported as drafts, one decision in force, and `brief tutorial` counted the
    # drafts past the limit as in force (105 documents in force at --limit 5, 1 at 200)
    more_drafts: int = 0
    # a brief through search: how many of its best it took, when it finds more; else 0
    searched_first: int = 0
    # for a brief on a symbol: the items that describe other symbols of its file only
    elsewhere: int = 0
    # the subject names code that is not there: why ("no symbol X in f.go"), '' otherwise
    missing: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    relation: str  # "supersedes" (older) or "superseded by" (newer)
    date: str
    reason: str
    # the document of the chain this step replaces or is replaced by, when it is not the
    # one whose history this is (A's history: B replaced A, then C replaced B, via B)
    via: str = ""
    status: str = ""  # the status of the document ``id`` ('' when the base has none)


@dataclass
class History:
    id: str
    older: list[Step]
    newer: list[Step]
    commits: list[tuple[str, str, str, str]]  # hash, date, author, subject
    # where the commits come from when not the document's own file: the source it was
    # imported from ('' when they are its own, or when there are none)
    source: str = ""
    git: bool = True  # whether the base lies in a git repository at all
    unavailable: str = ""  # why git could not give the commits ('' when it could)
    more: int = 0  # older commits than those listed (HISTORY_COMMITS at most are)
    status: str = ""  # the document's status
    # why a retired document no longer holds, in its own words (an imported record's
    # original status, "Reverted by discussion #1198"), else its review reason
    why: str = ""


@dataclass
class ReviewQueue:
    to_review: list[tuple[str, str]]  # id, review_reason
    synthesis: list[str]  # overview pages to regenerate
    conflicts: list[Conflict]
    drafts: list[tuple[str, str]]  # id, created; oldest first
    # how many each list held before a caller cut it to a limit ("to_review", "drafts"...)
    totals: dict[str, int] = field(default_factory=dict)


def _retired_why(entry: Entry, session: Session | None = None) -> str:
    """Why a deprecated or archived document no longer holds, as far as it says: an
    imported record's own status, else its review reason ('' in force, or unsaid); a
    status of a word or two ("Deprecated") followed, when ``session`` reads the page,
    by the first paragraph of its section named for it (nats-io's ADR-52, "## Deprecated":
    "This feature was targeted for 2.12 but..."; its history said "Deprecated" alone)."""
    if entry.status not in ("deprecated", "archived"):
        return ""
    said = ""
    for key in ("original_status", "review_reason"):
        said = fields.text(entry.meta, key).strip()
        if said:
            break
    if session is None or len(said.split()) > _BARE_STATUS:
        return said
    try:
        lines = loads_leniently(session.read(entry.id).text, entry.id).body.splitlines()
    except MdbrainError:
        return said
    told = _paragraph_under(lines, _RETIRED_TITLE)
    return f"{said}: {told}" if said and told else said or told


_BARE_STATUS = 2  # words of a status that says no more than the state
# a section on why a record no longer holds: "## Deprecated", "## Deprecation notice"
_RETIRED_TITLE = re.compile(
    r"^#{1,6}\s*(?:deprecated|deprecation(?:\s+notice)?|withdrawn|withdrawal|retired"
    r"|obsolete|rejected|rejection(?:\s+reason)?|why\s+(?:deprecated|withdrawn|rejected))"
    r"\s*+:?\s*+$",
    re.I,
)


def _reason(session: Session, entry: Entry, limit: int) -> str:
    """Why a decision holds: its ``rationale`` field; else the first paragraph under a
    heading that is that word alone; else, as decision records write it, the sentence
    of its Decision section that gives a cause ("Chosen option: X, because ..."), or
    the first paragraph of its Context (the forces that called for it). What the page
    says is given as plain text, cut to ``limit`` characters."""
    written = fields.text(entry.meta, "rationale")
    if written:
        return written
    try:
        doc = loads_leniently(session.read(entry.id).text, entry.id)
    except MdbrainError:
        return ""
    lines = doc.body.splitlines()
    # as a reader sees it, on one line: carbon-lang's "why:" lines showed the links,
    # emphasis and code marks of its rationale paragraphs
    said = _rationale(lines)
    if said:
        return cells.clip(said, limit)
    decision = markdown.without_comments("\n".join(_section_lines(lines, _DECISION_TITLE)), " ")
    said = summary.plain(_cause(decision))
    if said and _bare(said) not in _bare(entry.summary):  # the summary says it already
        return cells.clip(said, limit)
    context = "\n".join(_section_lines(lines, _CONTEXT_TITLE))
    said = summary.first_paragraph(context) if context.strip() else ""
    return "" if _repeats(said, entry.summary) else cells.clip(said, limit)


def _repeats(said: str, summed: str) -> bool:
    """Whether ``said`` is what the summary says already, or begins it: an imported
    record is summed up by its Context's first paragraph, which the brief gave again as
    its reason on nats-io's ADRs, doubling each entry."""
    said, summed = _bare(said), _bare(summed.rstrip("…. "))
    return bool(said) and bool(summed) and (said.startswith(summed) or summed.startswith(said))


def _cause(text: str) -> str:
    """The sentence of ``text`` that holds its first "because", one line, list marks
    dropped; a sentence runs over line breaks, not over a blank line. Each side is read
    for :data:`_CAUSE_SPAN` characters at most: a page without punctuation costs no more."""
    found = _BECAUSE.search(text)
    if found is None:
        return ""
    before = text[max(0, found.start() - _CAUSE_SPAN) : found.start()]
    ends = [m.end() for m in _SENTENCE_END.finditer(before)]
    after = text[found.start() : found.start() + _CAUSE_SPAN]
    stop = _SENTENCE_END.search(after, len(found.group(0)))
    sentence = before[ends[-1] if ends else 0 :] + (after[: stop.start() + 1] if stop else after)
    said = " ".join(sentence.split()).lstrip("-*+ ").rstrip()
    if said.endswith(":"):  # "Ce choix a été motivé par :", the reasons listed below it
        end = found.start() + (stop.start() + 1 if stop else len(after))
        items = _items_at(text[end : end + 2 * _CAUSE_SPAN])
        said += " " + "; ".join(items[:_ITEMS_SAID]) if items else ""
    return said


def _items_at(text: str) -> list[str]:
    """The items of the list ``text`` opens with (blank lines before it aside)."""
    items = []
    for line in text.lstrip("\n").split("\n"):
        found = _LIST_ITEM.match(line)
        if found is None:
            break
        items.append(found.group(1).strip())
    return items


def _bare(text: str) -> str:
    return " ".join("".join(c if c.isalnum() else " " for c in text.casefold()).split())


def _section_lines(lines: list[str], title: re.Pattern[str]) -> list[str]:
    """The lines of the first section whose heading ``title`` matches, to the next heading."""
    for index, line in enumerate(lines):
        if title.match(line):
            out = []
            for text in lines[index + 1 :]:
                if text.startswith("#"):
                    break
                out.append(text)
            return out
    return []


def _rationale(lines: list[str]) -> str:
    """The first paragraph of prose under a heading that is the reason word alone, as
    plain text ('' when it only holds a blank left to fill, "N/A"); a table, code or a
    list standing alone is passed over (grpc/proposal: a table of metric names as one
    line, and "N/A", were the "why:" lines of two proposals)."""
    section = "\n".join(_section_lines(lines, _REASON_TITLE))
    said = summary.first_paragraph(section) if section.strip() else ""
    return "" if _SAYS_NOTHING.fullmatch(said) else said


# what a form's blank left as it was says: nothing
_SAYS_NOTHING = re.compile(r"\W*(?:n/?a|none|tbd|todo|nothing|-+)?\W*", re.IGNORECASE)


def _paragraph_under(lines: list[str], title: re.Pattern[str]) -> str:
    """The first paragraph of the first section whose heading ``title`` matches."""
    paragraph: list[str] = []
    for text in markdown.without_comments("\n".join(_section_lines(lines, title)), " ").split("\n"):
        if not text.strip() and paragraph:
            break
        if text.strip():
            paragraph.append(text.strip())
    return " ".join(paragraph)


def _listed_order(
    entry: Entry, asked: str, aside: set[str], tagged: set[str], rank: dict[str, int]
) -> tuple[object, ...]:
    """Where a brief lists ``entry``: the document ``asked``, if one is, first (grpc/proposal's
    ``brief a88-....md`` gave it after its neighbours), or one titled as asked
    (pydantic's page "Validators" came after its folder's drafts, ``validators``
    tagging those); those on other symbols of the
    file asked after those on it (``aside``); in force, then what waits for review, then
    tagged drafts; those found by search after the ``tagged``; then by kind, by the
    search's ``rank``, and by id as a person counts (adr-8 before adr-19)."""
    return (
        entry.id != asked and not (entry.title and entry.title.casefold() == asked.casefold()),
        entry.id in aside,
        entry.status == "draft",
        entry.status == "needs-review",
        bool(tagged) and entry.id not in tagged,
        ORDER.index(entry.type) if entry.type in ORDER else len(ORDER),
        rank.get(entry.id, 0),
        indexes.natural(entry.id),
    )


def _tag_key(text: str) -> str:
    """A tag as a brief compares it: without the ``#`` around it, and in any case.
    ``brief API`` on documents tagged ``api`` was answered "found by search", as if no
    document carried it; a tag written ``#api`` in a page's fields is the same tag."""
    return text.strip().strip("#").strip().casefold()


def _tagged(entry: Entry, key: str) -> bool:
    """Whether ``entry`` carries the tag whose :func:`_tag_key` is ``key``."""
    return bool(key) and any(_tag_key(tag) == key for tag in entry.tags)


def _tag_as_written(about: list[Entry], key: str) -> str:
    """The tag whose :func:`_tag_key` is ``key`` as ``about`` writes it most often (then
    first by sort, for a stable answer); '' when none of them carries it."""
    spelled = Counter(tag for e in about for tag in e.tags if key and _tag_key(tag) == key)
    return min(spelled, key=lambda tag: (-spelled[tag], tag), default="")


def _in_force(entry: Entry, as_of: dt.date | None) -> bool:
    if as_of is None:
        return entry.status in {"stable", "needs-review"}
    created = fields.date(entry.meta, "created") or fields.date(entry.meta, "updated")
    if created is None or created > as_of or entry.status in {"draft", "archived"}:
        return False
    if _unverified_record(entry):
        return False  # a draft until it was replaced, as its siblings still are
    ended = fields.date(entry.meta, "superseded_on")
    return ended is None or ended > as_of


def _chosen(
    about: list[Entry], tagged: set[str], as_of: dt.date | None, result: Brief
) -> list[Entry]:
    """The documents a brief lists of those ``about`` its subject: those in force (on
    ``as_of``), else the drafts, said unverified; ``result`` learns what was left out."""
    chosen = [e for e in about if _in_force(e, as_of)]
    if tagged and as_of is None and not any(e.id in tagged for e in chosen):
        # no document tagged with it is in force: its drafts are what the tag names,
        # shown as drafts, not left out behind pages that only mention the word
        drafts = [e for e in about if e.id in tagged and e.status == "draft"]
        if chosen:
            chosen += drafts
            result.hidden_drafts -= len(drafts)
    if as_of is None:
        retired = [e for e in about if e.status in ("deprecated", "archived")]
        result.retired = len(retired)
        result.replaced = tuple(
            (e.id, tuple(e.ids("superseded_by"))) for e in retired[:NAMED_RETIRED]
        )
    if chosen:
        return chosen
    if as_of is None and result.hidden_drafts:
        # a fresh base: the drafts are all there is, shown as unverified
        result.unverified, result.hidden_drafts = True, 0
        return [e for e in about if e.status == "draft"]
    then = [e for e in about if _draft_then(e, as_of)] if as_of is not None else []
    if then:
        # a log imported as drafts, asked of a day: its drafts of then, as today's are
        # (home-assistant/architecture: the one record replaced since was "in force",
        # and every accepted one left out)
        result.unverified, result.hidden_drafts = True, 0
    return then


def _unverified_record(entry: Entry) -> bool:
    """Whether a deprecated document is a record imported as a draft and superseded by
    then: nobody has verified it, so it never was in force."""
    return (
        entry.status == "deprecated"
        and "original_status" in entry.meta
        and fields.date(entry.meta, "reviewed") is None
    )


def _draft_then(entry: Entry, as_of: dt.date) -> bool:
    """Whether ``entry`` stood as a draft on ``as_of``: a draft written by then, or a
    record imported as one and replaced after that day."""
    created = fields.date(entry.meta, "created") or fields.date(entry.meta, "updated")
    if created is None or created > as_of:
        return False
    if entry.status == "draft":
        return True
    ended = fields.date(entry.meta, "superseded_on")
    return _unverified_record(entry) and (ended is None or ended > as_of)


def chain(found: Manifest, start: str, key: str, *, known_only: bool = False) -> list[Step]:
    """The supersession chain from ``start`` one way, nearest first: ``supersedes`` walks
    back to what it replaced, ``superseded_by`` forward to what replaced it. The date and
    the reason of each step are on the document that was replaced. With ``known_only``,
    a step naming no document of the base is left out (a page links to it)."""
    relation = "supersedes" if key == "supersedes" else "superseded by"
    steps: list[Step] = []
    seen = {start}
    frontier = [start]
    while frontier:
        current = frontier.pop(0)
        entry = found.get(current)
        for target in entry.ids(key) if entry else ():
            other = found.get(target)
            if target in seen or (known_only and other is None):
                continue
            seen.add(target)
            ended = other if key == "supersedes" else entry
            date = fields.text(ended.meta, "superseded_on") if ended else ""
            why = fields.text(ended.meta, "superseded_reason") if ended else ""
            via = "" if current == start else current
            status = other.status if other is not None else ""
            steps.append(Step(target, relation, date, why, via, status))
            frontier.append(target)
    return steps


class Briefer:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.governor = Governor(session)

    def _manifest(self) -> Manifest:
        return self.session.manifest()

    def _about(self, found: Manifest, subject: str) -> list[Entry]:
        """The documents a subject names: a tag, a theme or folder, or a document and its
        neighbours."""
        key = subject.strip().strip("/")
        if found.get(key) is not None:
            node = graph.build(found).get(key, graph.Node())
            near = {key, *node.links, *node.related, *node.linked_by}
            return [e for e in found.entries if e.id in near]
        tag = _tag_key(key)
        return [
            e for e in found.entries
            if _tagged(e, tag) or e.id.startswith(key + "/") or e.id.removesuffix(".md") == key
        ]  # fmt: skip

    def _whole(self, subject: str, cwd: Path | None) -> bool:
        """Whether ``subject`` is a path naming the whole base: the knowledge root, or a
        folder of the project holding it (``.`` from the project's folder). A path out of
        the project is refused: WebAssembly/design's ``brief /etc/passwd`` listed the
        pages saying "etc"."""
        written = files.expand_user(subject.strip())
        full = Path(
            os.path.abspath(
                written if written.is_absolute() else (cwd or self.session.project) / written
            )
        )
        project, root = (os.path.abspath(p) for p in (self.session.project, self.session.root))
        within = os.path.commonpath([project, full]) == project
        if within:
            return os.path.lexists(full) and os.path.commonpath([root, full]) == str(full)
        if written.is_absolute() or written.parts[:1] == ("..",):
            raise OutsideBaseError(
                f"{subject.strip()} is outside the project {self.session.project}",
                value=subject,
                field="subject",
            )
        return False

    def _code_path(self, subject: str, cwd: Path | None) -> bool:
        """Whether ``subject`` is a path of several parts (``crates/hir-ty``) naming a file
        or a folder of the project outside the base."""
        path = subject.strip().partition("#")[0].rstrip("/")
        if "/" not in path or Path(path).is_absolute():
            return False
        full = Path(os.path.abspath((cwd or self.session.project) / path))
        project, root = (os.path.abspath(p) for p in (self.session.project, self.session.root))
        if (
            os.path.commonpath([project, full]) != project
            or os.path.commonpath([root, full]) == root
        ):
            return False  # out of the project (refused as the subject), or in the base
        try:
            return full.exists()
        except OSError:  # a name too long for the system: no file of the project
            return False

    def _in_base(self, subject: str, cwd: Path | None) -> str | None:
        """``subject`` as a path inside the knowledge root, when it names a folder or a
        file of the base from the project's folder (or from ``cwd``); else None."""
        written = Path(subject.strip())
        if written.is_absolute():
            full = written
        else:
            full = (cwd if cwd is not None else self.session.project) / written
        try:
            inside = Path(os.path.abspath(full)).relative_to(os.path.abspath(self.session.root))
        except ValueError:
            return None
        key = inside.as_posix()
        return None if key in (".", "") else key

    def _code(self, found: Manifest, subject: str, cwd: Path | None) -> dict[str, Cover] | None:
        """When ``subject`` names code of the project (a file, a folder, ``file#symbol``,
        from the project folder or from ``cwd``): each document whose impl_refs cover it,
        with the impl_ref that does. None when it names no code."""
        path, mark, symbol = subject.strip().partition("#")
        candidates = [path]
        if cwd is not None:
            full = Path(path) if Path(path).is_absolute() else cwd / path
            rel = os.path.relpath(os.path.abspath(full), os.path.abspath(self.session.project))
            candidates.insert(0, Path(rel).as_posix())
        for candidate in candidates:
            try:
                wanted = ids.code_path(candidate + (mark + symbol if mark else ""), field="subject")
            except MdbrainError:
                continue
            ref_path = wanted.partition("#")[0].rstrip("/")
            exists = (self.session.project / ref_path).exists()
            covering = _covering(found, ref_path, wanted.partition("#")[2])
            if exists and not covering:
                covering = self._renamed_here(found, ref_path, wanted.partition("#")[2])
            if exists or covering:
                return covering
        return None

    def _renamed_here(self, found: Manifest, path: str, symbol: str) -> dict[str, Cover]:
        """The documents whose impl_refs name a path the file at ``path`` had before git
        renamed it, a path that is gone (``update --fix`` has not rewritten them): they
        describe it still (vitejs/vite: between a ``git mv`` and the fix, a brief on the
        new path said nothing described it). git is asked only when some impl_ref of the
        base names a path that is gone, and then of that one file's history."""
        from mdbrain.service import checking

        project = self.session.project
        gone = checking.gone_paths(found, checking.existing_refs(project, found))
        if not gone:
            return {}
        try:
            before = [old for old in git.Git(project).names_before(path) if old in gone]
        except MdbrainError:
            return {}
        out: dict[str, Cover] = {}
        for old in before:
            for doc_id, cover in _covering(found, old, symbol).items():
                ref = f"{cover.ref}, which git saw renamed to {path}: 'mdbrain update --fix'"
                out.setdefault(doc_id, Cover(ref + " rewrites it", cover.aside))
        return out

    def brief(
        self,
        subject: str,
        as_of: dt.date | None = None,
        cwd: Path | None = None,
        limit: int | None = None,
    ) -> Brief:
        """See :meth:`mdbrain.service.brain.Brain.brief`."""
        found = self._manifest()
        result = Brief(subject, as_of.isoformat() if as_of else None)
        # a path of the project's code, before a document or a theme named alike:
        # rust-analyzer's "crates/hir-ty" is a crate and the draft crates/hir-ty.md of the
        # theme crates/; the brief listed the draft alone, not the 74 pages on the crate.
        # A document named by its id stays one: an imported page's id is often the path
        # of its source too (carbon-lang's proposals/p2287.md), and that is no code
        a_doc = subject.strip().endswith(".md") and found.get(subject.strip()) is not None
        code = (
            self._code(found, subject, cwd) if not a_doc and self._code_path(subject, cwd) else None
        )
        about = [] if code else self._about(found, subject)
        if not about and self._whole(subject, cwd):
            about = list(found.entries)
        inside = None if about else self._in_base(subject, cwd)
        if inside:  # "docs-rag/proposed", a folder of the base named from the project
            subject, about = inside, self._about(found, inside)
        key = subject.strip().strip("/")
        # "API" or "#api" asked: named as the documents write the tag, api
        result.subject = _tag_as_written(about, _tag_key(key)) or result.subject
        tagged: set[str] = set()
        if (
            (0 < len(about) < SEARCHED or all(e.status == "draft" for e in about))
            and all(_tagged(e, _tag_key(key)) for e in about)
            and not all(e.id.startswith(key + "/") for e in about)
        ):
            # a tag of a few documents, or of drafts alone: the others about it are found
            # by search too (an imported base tags by source folder; one page tagged later
            # must not hide every other page on the subject; thanos-io/thanos' thirteen
            # drafts of pkg/receive/ hid its page on the Receiver). Not a folder of the
            # base, which holds its theme: dotnet/designs' proposed/ came after every page
            # saying "proposed"
            tagged = {e.id for e in about}
            # those in force first, as a brief through search takes them (backstage's
            # `brief catalog`: a page tagged so and release notes, none of its decisions)
            searched = self._found_by_search(found, subject, SEARCHED + len(tagged), as_of)[0]
            about += [e for e in searched if e.id not in tagged]
        covers: dict[str, Cover] = {}
        if not about:
            code = code or self._code(found, subject, cwd)
            if code:
                covers, result.kind = code, "code"
                about = [e for e in found.entries if e.id in code]
            else:  # a code path no document describes is searched as words, and said so
                # as many as asked for: ethereum/consensus-specs' `brief "light client"
                # --limit 50` listed 10, where search found 50
                most = max(SEARCHED, limit or 0)
                about, result.searched_first = self._found_by_search(found, subject, most, as_of)
                result.kind = "search" if code is None else "undescribed"
        if result.kind != "subject" and _looks_like_code(subject):  # a typo, or code gone
            from mdbrain.service import anchoring

            result.missing = anchoring.missing(self.session.project, subject.strip())
            if result.missing.startswith("no file or folder"):
                result.missing += self._moved_to(subject.strip().partition("#")[0])
        result.hidden_drafts = sum(1 for e in about if e.status == "draft")
        result.to_review = sum(1 for e in about if e.status == "needs-review")
        named = {e.id for e in about}
        result.conflicts = sum(
            1
            for claimant, target in rules.open_contradictions(found)
            if claimant.id in named or target.id in named
        )
        chosen = _chosen(about, tagged, as_of, result)
        if not chosen and not found.entries:
            result.advice = EMPTY_ADVICE
        aside = {doc_id for doc_id, cover in covers.items() if cover.aside}
        result.elsewhere = sum(1 for e in chosen if e.id in aside)
        # found by search: the ranking orders each kind; else the ids do (the tagged ones)
        rank = {
            e.id: n
            for n, e in enumerate(about)
            if result.kind == "search" or (tagged and e.id not in tagged)
        }
        chosen.sort(key=lambda e: _listed_order(e, key, aside, tagged, rank))
        listed = BRIEF_LIMIT if limit is None else limit
        result.more = max(0, len(chosen) - listed)
        result.more_drafts = sum(1 for e in chosen[listed:] if e.status == "draft")
        for entry in chosen[:listed]:
            reason = (
                _reason(self.session, entry, self.session.config.summary_max)
                if entry.type == "decision"
                else ""
            )
            review = fields.text(entry.meta, "review_reason")
            result.items.append(
                BriefItem(
                    entry.id,
                    entry.type,
                    entry.status,
                    entry.summary,
                    reason,
                    entry.sha,
                    review if entry.status == "needs-review" else "",
                    covers[entry.id].ref if entry.id in covers else "",
                    bool(tagged) and entry.id not in tagged,
                    entry.title,
                )
            )
        return result

    def _moved_to(self, path: str) -> str:
        """Where git saw the file at ``path`` (from the project) renamed to, said as the
        brief to ask instead; '' when it saw no such rename or cannot tell (thanos-io/
        thanos: a brief on a renamed file answered with an unrelated page)."""
        history = git.Git(self.session.project)
        top = history.toplevel()
        if top is None:
            return ""
        try:
            prefix = self.session.project.resolve().relative_to(top.resolve()).as_posix()
            moved = history.renames()
        except (MdbrainError, ValueError):
            return ""
        prefix = "" if prefix == "." else prefix + "/"
        new = moved.get(prefix + path.strip("/"), "")
        if not new.startswith(prefix) or not new:
            return ""
        return f"; git saw it renamed to {new[len(prefix) :]} (brief {new[len(prefix) :]})"

    def _found_by_search(
        self, found: Manifest, subject: str, most: int, as_of: dt.date | None
    ) -> tuple[list[Entry], int]:
        """What a brief through search is about: the ``most`` best documents in force
        (on ``as_of``, or drafts then), and today also the others among the ``most``
        best, which it counts or lists when none is in force; and ``most`` when search
        finds more of them, else 0. The state first, then the cut: rust-lang/rfcs' `brief
        edition --as-of 2019-01-01` found nothing, its ten best all written since, and
        backstage's `brief catalog` nothing in force, its ten best all release notes."""
        cards = self.session.searcher().rank(
            subject, max(AS_OF_SEARCHED, most + 1), among=EVERY if as_of else IN_FORCE_AMONG
        )
        ranked = [(e, c.score) for c in cards if (e := found.get(c.id)) is not None]
        if as_of is None:
            stood = [(e, s) for e, s in ranked if _in_force(e, None)]
        else:
            stood = [(e, s) for e, s in ranked if _in_force(e, as_of) or _draft_then(e, as_of)]
        # those far below the best of them are about something else: a brief lists no
        # page that mentions the subject in passing
        floor = SEARCHED_SHARE * max(score for _e, score in stood) if stood else 0.0
        kept = [e for e, score in stood if score >= floor]
        about = kept[:most]
        if as_of is None:
            about += [e for e, _s in ranked[:most] if not _in_force(e, None)]
        more = len(kept) > most or (not kept and as_of is None and len(ranked) > most)
        return about, most if more else 0

    def history(self, doc_id: str) -> History:
        doc_id = ids.doc_id(doc_id)
        found = self._manifest()
        if found.get(doc_id) is None:
            raise NotFoundError(f"{doc_id} is not a document of this base", doc=doc_id)
        older = chain(found, doc_id, "supersedes")
        newer = chain(found, doc_id, "superseded_by")
        entry = found.get(doc_id)
        status = entry.status if entry is not None else ""
        why = _retired_why(entry, self.session) if entry is not None else ""
        history = git.Git(self.session.root)
        if not history.toplevel():
            return History(doc_id, older, newer, [], git=False, status=status, why=why)
        try:
            commits, source = self._commits(history, found, doc_id)
        except GitError as exc:  # a broken repository still has its supersession chain
            return History(
                doc_id, older, newer, [], unavailable=exc.message, status=status, why=why
            )
        listed = commits[:HISTORY_COMMITS]
        more = len(commits) - len(listed)
        return History(doc_id, older, newer, listed, source, more=more, status=status, why=why)

    def _commits(
        self, history: git.Git, found: Manifest, doc_id: str
    ) -> tuple[list[tuple[str, str, str, str]], str]:
        """The commits of a document's file, newest first; for a file not committed yet,
        those of the source it was imported from, when git has it (and that source)."""
        commits = history.file_log(str(self.session.path(doc_id)))
        if commits:
            return commits, ""
        entry = found.get(doc_id)
        for source in fields.strings(entry.meta, "sources") if entry else ():
            try:
                path = files.locate(self.session.project, source)
            except MdbrainError:  # a web address, a path leaving the project
                continue
            if not path.is_file():
                continue
            commits = history.file_log(str(path))
            if commits:
                return commits, source
        return [], ""

    def review(self, limit: int | None = None) -> ReviewQueue:
        """The queue; with ``limit``, each list cut to that many, its size kept in
        ``totals`` (cncf/toc: 610 drafts after an import, 615 lines)."""
        queue = self._queue()
        if limit is None:
            return queue
        if limit < 1:
            raise InvalidRequestError("limit must be 1 or more", field="limit")
        queue.totals = {
            "to_review": len(queue.to_review),
            "synthesis": len(queue.synthesis),
            "conflicts": len(queue.conflicts),
            "drafts": len(queue.drafts),
        }
        queue.to_review, queue.synthesis = queue.to_review[:limit], queue.synthesis[:limit]
        queue.conflicts, queue.drafts = queue.conflicts[:limit], queue.drafts[:limit]
        return queue

    def _queue(self) -> ReviewQueue:
        found = self._manifest()
        to_review = [
            (e.id, fields.text(e.meta, "review_reason"))
            for e in found.entries
            if e.status == "needs-review"
        ]
        synthesis = [
            e.id for e in found.entries if e.type == "overview" and e.status == "needs-review"
        ]
        drafts = sorted(
            ((e.id, fields.text(e.meta, "created")) for e in found.entries if e.status == "draft"),
            key=lambda item: (item[1] or "9999", item[0]),
        )
        return ReviewQueue(to_review, synthesis, self.governor.conflicts(), drafts)


class Cover(NamedTuple):
    """How a document covers the code a brief asks of."""

    ref: str  # the impl_ref (or source) that names it
    aside: bool = False  # it names other symbols of the file asked, not the one asked


def _looks_like_code(subject: str) -> bool:
    """Whether a brief's subject is written as a code path (``pkg/gate/gate.go``,
    ``app.py#run``), not as words."""
    text = subject.strip()
    return (
        bool(text)
        and not any(c.isspace() for c in text)
        and ("/" in text or "#" in text or "." in text)
    )


def _covering(found: Manifest, path: str, symbol: str = "") -> dict[str, Cover]:
    """Documents whose impl_refs cover ``path``: the same file, a folder holding it, or,
    for a folder, anything under it; with the impl_ref that does. A document whose
    ``sources`` name the file (the page it was imported from), or a page of the folder
    asked (its README), describes it too.

    Asked of a ``symbol``, a document naming only other symbols of the file covers it
    :attr:`Cover.aside`: the whole file, the symbol, a class holding it or a method of
    it describe it; a neighbour of it does not."""
    from mdbrain.core import conversion
    from mdbrain.service import anchoring

    def covers(own: str) -> bool:
        return own == path or path.startswith(own + "/") or own.startswith(path + "/")

    symbol = symbol.replace("::", ".")  # Rust's Type::method is Type.method

    def on_it(named: str) -> bool:
        named = named.replace("::", ".")
        return not (symbol and named) or any(
            a == b or a.startswith(b + ".") for a, b in ((symbol, named), (named, symbol))
        )

    out: dict[str, Cover] = {}
    for entry in found.entries:
        near = ""
        for ref in anchoring.refs_of(entry):
            if covers(ref.path.rstrip("/")):
                if on_it(ref.symbol):
                    out.setdefault(entry.id, Cover(ref.text))
                else:
                    near = near or ref.text
        for source in fields.strings(entry.meta, "sources"):
            given = source.strip().removeprefix("./")
            # the file itself, or a page of the folder asked (its README imported:
            # jaegertracing/jaeger's brief of a Go package left its README out)
            if given == path or (posixpath.dirname(given) == path and conversion.is_page(given)):
                out.setdefault(entry.id, Cover(source))
        if near and entry.id not in out:
            out[entry.id] = Cover(near, aside=True)
    return out
