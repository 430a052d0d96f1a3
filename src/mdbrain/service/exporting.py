"""What a readable export shows, gathered from a Brain, and the rules it writes by.

:func:`gather` collects, for every document, its fields, its links both ways,
its supersession history with dates and reasons, and, for the base, its open
conflicts and review queue: a :class:`Snapshot`. Bodies are read one at a time
when a renderer asks (:meth:`Snapshot.body`), so memory follows the manifest,
not the bodies. Nothing here renders: the site and the text snapshots are
adapters that turn a snapshot into files.

:func:`export_site` and :func:`export_file` write what a renderer made, and
only there: never inside the knowledge root (the pages would become documents),
into a folder that is empty or holds the mark of an earlier export (the files
it lists are the only ones replaced or removed), or over a file that an earlier
export wrote. Files whose bytes would not change are left alone.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import unquote

from mdbrain.core import fields, graph, indexes, rules
from mdbrain.core.document import loads_leniently
from mdbrain.core.errors import InvalidRequestError, MdbrainError, UnsafePathError
from mdbrain.core.findings import Finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.progress import Progress
from mdbrain.service.briefing import ReviewQueue, Step, chain
from mdbrain.service.governance import Conflict
from mdbrain.store import files

if TYPE_CHECKING:
    from mdbrain.service.brain import Brain

SITE_MARK = ".mdbrain-export"
MARK_HEADER = (
    "mdbrain export --html wrote this folder. It replaces and removes only the files"
    " listed below; delete this file to stop it writing here."
)
# The order of the parts of a text snapshot: documents in force, then the others.
STANDING = ("stable", "needs-review", "draft", "deprecated", "archived")
# Frontmatter fields a page shows besides its summary, relations, sources and impl_refs.
SHOWN_FIELDS = (
    "author",
    "owners",
    "audience",
    "created",
    "updated",
    "reviewed",
    "review_note",
    "rationale",
    "resolved_by",
)


_MANIFESTS = ("pyproject.toml", "package.json", "Cargo.toml", "go.mod")
_MAJOR = re.compile(r"v\d+")
_NAME = re.compile(r"[\w.@-]{1,100}")  # a package's name, not a table or a flag written there


def project_name(project: Path) -> str:
    """The project's name as its own manifest at the top gives it (pyproject.toml,
    package.json, Cargo.toml, go.mod's module, last part), else its folder's: a clone
    made into ``repo/`` is still uv."""
    from mdbrain.core import layout

    for name in _MANIFESTS:
        try:
            text = files.read(project, name, limit=1 << 20).decode("utf-8")
            package = layout.read_package(name, text)
        except (MdbrainError, UnicodeDecodeError, TypeError, AttributeError):
            continue  # unreadable, or a manifest of a shape the reader does not expect
        parts = package.name.strip("/").split("/") if package is not None else []
        if len(parts) > 1 and _MAJOR.fullmatch(parts[-1]):  # go's example.com/foo/v2
            parts.pop()
        if parts and _NAME.fullmatch(parts[-1]):
            return parts[-1]
    return project.name


@dataclass(frozen=True, slots=True)
class Page:
    """One document as an export shows it: everything but its body."""

    id: str
    title: str
    summary: str
    type: str
    status: str
    priority: str
    tags: tuple[str, ...]
    theme: str  # top-level folder, '' for a document at the root
    lang: str  # the language it is written in: its own ``lang`` field, else the base's
    fields: tuple[tuple[str, str], ...]  # (name, text) of SHOWN_FIELDS that are set
    sources: tuple[str, ...]
    impl_refs: tuple[str, ...]
    review_reason: str
    links: tuple[str, ...]  # documents its body links to
    broken: tuple[str, ...]  # link and related targets that are no document
    related: tuple[str, ...]
    linked_by: tuple[str, ...]  # documents linking to it or listing it in related
    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    contradicts: tuple[str, ...]
    contradicted_by: tuple[str, ...]
    older: tuple[Step, ...]  # what it replaced, back through time
    newer: tuple[Step, ...]  # what replaced it, forward
    withheld: str  # why the summary and body are not shown (a secret found), or ''
    parsed: bool  # False when its frontmatter could not be read
    sha: str


class Body(NamedTuple):
    """A document's body as an export shows it, and a note when it is not whole."""

    text: str
    note: str = ""


# the pictures a site shows, copied beside its pages: kinds a browser draws and never
# runs (an SVG may hold a script: it stays a description), up to a size
PICTURES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif"})
PICTURE_MOST = 5_000_000
_ADDRESS = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


@dataclass(frozen=True)
class Snapshot:
    """The base as an export shows it, read once; bodies come on request."""

    project: str  # the project folder's name
    root: Path  # the knowledge root, absolute
    lang: str
    date: str  # latest created or updated date among the documents, '' when none
    pages: tuple[Page, ...]  # sorted by id
    conflicts: tuple[Conflict, ...]
    review: ReviewQueue
    reader: Callable[[str], Body] = field(repr=False, compare=False)
    home: Path | None = None  # the project folder, absolute: where pictures are read
    by_id: Mapping[str, Page] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {page.id: page for page in self.pages})

    def get(self, doc_id: str) -> Page | None:
        return self.by_id.get(doc_id)

    def body(self, doc_id: str) -> Body:
        return self.reader(doc_id)

    def picture_path(self, doc_id: str, src: str) -> str | None:
        """The project's picture an image of document ``doc_id`` shows (``src`` as
        written, relative to the document), as a path from the project; None for an
        address, a file of another kind (:data:`PICTURES`), bigger than
        :data:`PICTURE_MOST`, missing, or out of the project."""
        if self.home is None:
            return None
        written = unquote(src.strip().partition("#")[0].partition("?")[0])
        if not written or _ADDRESS.match(written) or written.startswith(("/", "\\")):
            return None
        if os.path.splitext(written)[1].lower() not in PICTURES:
            return None
        full = os.path.normpath(self.root / os.path.dirname(doc_id) / written)
        rel = Path(os.path.relpath(full, self.home)).as_posix()
        if rel.startswith("../") or rel == "..":
            return None
        try:
            path = files.locate(self.home, rel)  # no link leading out of the project
            size = path.stat().st_size if files.is_regular(self.home, rel) else None
        except (MdbrainError, OSError):
            return None
        return rel if size is not None and size <= PICTURE_MOST else None

    def may_show_pictures(self, doc_id: str) -> bool:
        """Whether the file of ``doc_id`` holds an image's mark at all (``![`` or ``<img``),
        read as bytes: a site of 10,000 documents read every body once more to find its
        pictures (1.1 s), most holding none."""
        try:
            data = files.read_path(self.root / doc_id)  # an id the walk found: inside
        except (MdbrainError, OSError):
            return False
        return b"![" in data or b"<img" in data.lower()

    def picture(self, rel: str) -> bytes:
        """The bytes of a picture :meth:`picture_path` gave (b"" when it is gone since)."""
        if self.home is None:
            return b""
        try:
            return files.read(self.home, rel, limit=PICTURE_MOST)
        except (MdbrainError, OSError):
            return b""

    def in_standing_order(self) -> list[tuple[str, list[Page]]]:
        """The pages by status, documents in force first, each part sorted by theme and id;
        statuses a base adds come last, by name."""
        parts: dict[str, list[Page]] = {}
        for page in self.pages:
            parts.setdefault(page.status, []).append(page)
        order = [s for s in STANDING if s in parts]
        order += sorted(s for s in parts if s not in STANDING)
        return [(s, sorted(parts[s], key=lambda p: (p.theme, p.id))) for s in order]


def gather(brain: Brain) -> Snapshot:
    """Everything an export shows of ``brain``'s base as it is now on disk."""
    found = brain.manifest()
    nodes = graph.build(found)
    contradicted: dict[str, set[str]] = {}
    for doc_id, node in nodes.items():
        for target in node.contradicts:
            contradicted.setdefault(target, set()).add(doc_id)
    pages = tuple(
        _page(brain, found, entry, nodes.get(entry.id, graph.Node()), contradicted)
        for entry in found.entries
    )
    withheld = {page.id for page in pages if page.withheld}

    def read(doc_id: str) -> Body:
        return _body(brain, doc_id, doc_id in withheld)

    return Snapshot(
        project=project_name(brain.location.project),
        root=brain.root,
        lang=_language_tag(brain.config.lang, "en"),
        date=indexes.generation_date(found) or "",
        pages=pages,
        conflicts=tuple(brain.conflicts()),
        review=brain.review(),
        reader=read,
        home=brain.location.project.resolve(),
    )


def _page(
    brain: Brain,
    found: Manifest,
    entry: Entry,
    node: graph.Node,
    contradicted: Mapping[str, set[str]],
) -> Page:
    meta = entry.meta
    shown = tuple((key, fields.text(meta, key)) for key in SHOWN_FIELDS if fields.text(meta, key))
    named = {target for target, _ in entry.links} | set(entry.ids("related"))
    secrets = [f for f in rules.guarded(entry.findings, brain.config) if f.code in ("E008", "E009")]
    return Page(
        id=entry.id,
        title=entry.title or entry.id.rsplit("/", 1)[-1],
        summary=entry.summary,
        type=entry.type,
        status=entry.status,
        priority=entry.priority,
        tags=entry.tags,
        theme=indexes.theme_of(entry.id),
        lang=_language_tag(meta.get("lang"), _language_tag(brain.config.lang, "en")),
        fields=shown,
        sources=fields.strings(meta, "sources"),
        impl_refs=fields.strings(meta, "impl_refs"),
        review_reason=fields.text(meta, "review_reason"),
        links=node.links,
        broken=tuple(sorted(t for t in named if found.get(t) is None)),
        related=node.related,
        linked_by=node.linked_by,
        supersedes=node.supersedes,
        superseded_by=node.superseded_by,
        contradicts=node.contradicts,
        contradicted_by=tuple(sorted(contradicted.get(entry.id, ()))),
        older=tuple(chain(found, entry.id, "supersedes", known_only=True)),
        newer=tuple(chain(found, entry.id, "superseded_by", known_only=True)),
        withheld=_withheld(secrets),
        parsed=entry.parsed,
        sha=entry.sha,
    )


_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")


def _language_tag(value: object, otherwise: str) -> str:
    """``value`` as the language tag a page declares (``pt_BR`` as ``pt-BR``, the form
    HTML's ``lang`` reads), or ``otherwise`` when it is no language code: a document's
    own ``lang`` field wins over the base's (fastapi's French pages, imported with
    ``lang: fr`` into a base whose marker says ``lang: en``, were exported as English)."""
    tag = value.strip().replace("_", "-") if isinstance(value, str) else ""
    return tag if _LANGUAGE_TAG.fullmatch(tag) else otherwise


def _withheld(secrets: list[Finding]) -> str:
    if not secrets:
        return ""
    lines = sorted({f.line for f in secrets if f.line is not None})
    where = f" (line {', '.join(map(str, lines))})" if lines else ""
    return f"the check found what looks like a secret or personal data{where}"


def _body(brain: Brain, doc_id: str, withheld: bool) -> Body:
    if withheld:
        return Body("", "withheld: the check found what looks like a secret or personal data")
    try:
        read = brain.session.read(doc_id, whole=False)
    except MdbrainError as error:
        return Body("", f"could not be read: {error}")
    body = loads_leniently(read.text, doc_id).body
    if not read.sha:  # over the size limit: read up to it only
        return Body(body, "shown up to the base's size limit")
    return Body(body)


# --- writing what a renderer made -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SiteReport:
    folder: str
    documents: int
    files: int  # files the site holds, its mark included
    written: int  # files created or replaced
    unchanged: int  # files already holding the right bytes
    removed: tuple[str, ...]  # files an earlier export wrote that the site no longer has


@dataclass(frozen=True, slots=True)
class FileReport:
    path: str
    kind: str  # "markdown" or "llms-txt"
    documents: int
    bytes: int
    changed: bool


def outside_root(brain: Brain, target: Path, field: str) -> Path:
    """``target`` made absolute; refused when it lies inside the knowledge root."""
    full = Path(os.path.abspath(target))
    real, root = os.path.realpath(full), os.path.realpath(brain.root)
    if real == root or real.startswith(root.rstrip(os.sep) + os.sep):
        raise InvalidRequestError(
            f"{target} is inside the knowledge root {brain.root}: what an export writes "
            "there would be read as documents; choose a place outside it",
            field=field,
        )
    return full


def _claimed(folder: Path) -> set[str]:
    """The files an earlier export listed in ``folder``'s mark; refused when the folder is
    not empty and bears no mark."""
    if not folder.exists():
        return set()
    if not folder.is_dir():
        raise UnsafePathError(f"{folder} is not a folder", path=str(folder), reason="not-a-folder")
    if not files.is_regular(folder, SITE_MARK):
        if any(folder.iterdir()):
            raise UnsafePathError(
                f"{folder} is not empty and holds no {SITE_MARK} mark of an earlier export; "
                "mdbrain writes a site only into an empty folder or one it wrote",
                path=str(folder),
                reason="not-an-export",
            )
        return set()
    text = files.read(folder, SITE_MARK).decode("utf-8", "replace")
    claimed = {line for line in text.splitlines()[1:] if line.strip()}
    for rel in sorted(claimed):
        files.locate(folder, rel)  # a path leading out of the folder is refused here
    return claimed


def _mark(names: Iterable[str]) -> str:
    return "\n".join([MARK_HEADER, *sorted(names)]) + "\n"


def _same_bytes(folder: Path, rel: str, data: bytes) -> bool:
    if not files.is_regular(folder, rel):
        return False
    return files.read(folder, rel, limit=len(data) + 1) == data


Rendered = tuple[Sequence[str], Iterable[tuple[str, bytes]]]


def export_site(
    brain: Brain,
    folder: Path,
    render: Callable[[Snapshot], Rendered],
    progress: Progress | None = None,
) -> SiteReport:
    """Render the base with ``render`` and write the site into ``folder`` under the rules
    of this module. ``render`` names every file it will make (paths from the site's
    folder), then makes them one at a time, so that a large site is never held whole.
    ``progress`` hears of every file made."""
    target = outside_root(brain, folder, "html")
    before = _claimed(target)
    with brain.session.reporting(progress):
        snapshot = gather(brain)
    names, made = render(snapshot)
    site = set(names)
    if SITE_MARK in site:
        raise InvalidRequestError(f"a renderer may not write {SITE_MARK}", field="html")
    foreign = sorted(
        rel for rel in site if rel not in before and os.path.lexists(files.locate(target, rel))
    )
    if foreign:
        raise UnsafePathError(
            f"{target / foreign[0]} was not written by an earlier export; mdbrain does not "
            f"replace it ({len(foreign)} such files)",
            path=str(target / foreign[0]),
            reason="not-written-by-export",
        )
    target.mkdir(parents=True, exist_ok=True)
    files.write(target, SITE_MARK, _mark(before | site))  # claimed before written
    written = unchanged = 0
    for count, (rel, data) in enumerate(made, 1):
        if progress is not None:
            progress(count, len(site))
        if rel not in site:
            raise InvalidRequestError(
                f"the renderer made {rel}, which it did not name", field="html"
            )
        if _same_bytes(target, rel, data):
            unchanged += 1
        else:
            _put(target, rel, data)
            written += 1
    removed = sorted(before - site)
    for rel in removed:
        files.remove(target, rel)
        _prune(target, Path(rel).parent)
    files.write(target, SITE_MARK, _mark(site))
    return SiteReport(
        folder=str(target),
        documents=len(snapshot.pages),
        files=len(site) + 1,
        written=written,
        unchanged=unchanged,
        removed=tuple(removed),
    )


def _put(folder: Path, rel: str, data: bytes) -> None:
    """Replace one file of a site: confined to ``folder`` and atomic like every write,
    but not flushed to the disk one by one (a site is made again in seconds; thousands
    of flushes would cost more than making it)."""
    path = files.locate(folder, rel)
    if not path.parent.is_dir():
        files.make_folder(folder, Path(rel).parent.as_posix())
    tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "xb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise files.storage_error(rel, exc, "write it") from None


def _prune(folder: Path, rel: Path) -> None:
    """Remove the empty folders from ``rel`` up to ``folder`` (exclusive)."""
    while rel.parts:
        with contextlib.suppress(OSError):  # not empty, or already gone
            os.rmdir(files.locate(folder, rel.as_posix()))
        rel = rel.parent


def export_file(
    brain: Brain,
    path: Path,
    render: Callable[[Snapshot, Path], str],
    *,
    kind: str,
    signature: str,
) -> FileReport:
    """Render the base into one file. An existing file is replaced only when its first
    kilobyte holds ``signature``, the words every export of this kind writes there."""
    target = outside_root(brain, path, kind)
    if os.path.lexists(target):
        if not files.is_regular(target.parent, target.name):
            raise UnsafePathError(
                f"{target} is not a regular file; mdbrain does not replace it",
                path=str(target),
                reason="not-a-regular-file",
            )
        head = files.read(target.parent, target.name, limit=1024)
        if signature.encode("utf-8") not in head:
            raise UnsafePathError(
                f"{target} exists and was not written by mdbrain export; choose another file",
                path=str(target),
                reason="not-written-by-export",
            )
    snapshot = gather(brain)
    data = render(snapshot, target).encode("utf-8")
    changed = not _same_bytes(target.parent, target.name, data)
    if changed:
        target.parent.mkdir(parents=True, exist_ok=True)
        files.write(target.parent, target.name, data)
    return FileReport(str(target), kind, len(snapshot.pages), len(data), changed)
