"""The ``import`` operation: bring an existing Markdown folder into the base.

The source folder is only read. Every page becomes a document with slugged
names and an mdbrain frontmatter (its own when it already has a valid one);
links between imported pages follow them; decision records' status texts
become ``supersedes`` / ``superseded_by``. Everything is planned in memory
first, then written atomically under the base's lock, and the indexes are
regenerated. ``legacy`` copies nothing and lists the old pages in one document.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import posixpath
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mdbrain.core import (
    adr,
    conversion,
    document,
    edit,
    fields,
    guard,
    links,
    markdown,
    slug,
    yaml_emit,
)
from mdbrain.core.errors import (
    GuardError,
    InvalidRequestError,
    MdbrainError,
)
from mdbrain.core.schema import RELATION_FIELDS
from mdbrain.service import anchoring
from mdbrain.service.indexing import IndexReport
from mdbrain.service.session import Session
from mdbrain.store import files, scan

LEGACY_NAME = "legacy-sources.md"


@dataclass(frozen=True, slots=True)
class Renamed:
    source: str  # path from the source folder
    wanted: str  # the id its slug asked for
    chosen: str  # the id it got
    reason: str


@dataclass(frozen=True, slots=True)
class Supersession:
    old: str  # new ids
    new: str
    stated_in: str  # the source page that says so, and its words
    text: str


@dataclass(frozen=True, slots=True)
class Case:
    """Something left as it was: a page not imported, words that could not be resolved."""

    source: str  # path from the source folder
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class BrokenLink:
    source: str
    line: int  # in the source file
    target: str  # as written, and kept so


@dataclass(frozen=True, slots=True)
class ImportReport:
    source: str
    dry_run: bool
    legacy: bool
    imported: dict[str, str]  # source path -> new id
    renamed: tuple[Renamed, ...]
    supersessions: tuple[Supersession, ...]
    unresolved: tuple[Case, ...]
    broken_links: tuple[BrokenLink, ...]
    skipped: tuple[Case, ...]  # pages not imported: secrets, unreadable
    notes: tuple[str, ...]
    listed: tuple[tuple[str, str], ...]  # legacy: (original path, title)
    written: tuple[str, ...]  # ids written; none on a dry run
    index: IndexReport | None  # None on a dry run


@dataclass(slots=True)
class _Run:
    """One import being planned: its settings, its plan and what it has to report."""

    session: Session
    source: Path
    prefix: str
    verified: bool
    today: dt.date
    origin: Callable[[str], str]
    ids: dict[str, str] = field(default_factory=dict)
    folded: dict[str, str] = field(default_factory=dict)
    relations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    records: dict[str, adr.Record] = field(default_factory=dict)
    found: adr.Resolved = field(default_factory=adr.Resolved)
    skipped: list[Case] = field(default_factory=list)
    broken: list[BrokenLink] = field(default_factory=list)
    unresolved: list[Case] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    dry_run: bool = False

    def page(self, old: str) -> str | None:
        """The imported page at ``old`` (a path in the source; any case), or None."""
        return old if old in self.ids else self.folded.get(old.casefold())

    def new_id(self, old: str) -> str | None:
        found = self.page(old)
        return None if found is None else self.ids[found]

    def add(self, path: str, key: str, value: str) -> None:
        values = self.relations.setdefault(path, {}).setdefault(key, [])
        values += [] if value in values else [value]


# --- the source folder -------------------------------------------------------------


def _folder(session: Session, source: Path) -> Path:
    src = source.expanduser().resolve()
    root = session.root.resolve()
    if not src.is_dir():
        raise InvalidRequestError(f"{source} is not a folder", field="source")
    if src == root or root in src.parents:
        raise InvalidRequestError(
            f"{source} is already inside the knowledge root; nothing to import", field="source"
        )
    return src


def walk(src: Path, skip: Path | None = None) -> tuple[list[str], list[str]]:
    """Every Markdown page under ``src`` but in hidden folders, sorted, and notes on
    what was left out (symbolic links, names that are not UTF-8)."""
    paths, notes = [], []
    for folder, dirs, names in os.walk(src):
        here = Path(folder)
        links_out = [n for n in dirs + names if (here / n).is_symlink()]
        notes += [
            f"{(here / n).relative_to(src).as_posix()}: symbolic link; left out" for n in links_out
        ]
        dirs[:] = sorted(d for d in dirs if d[0] != "." and here / d != skip and d not in links_out)
        for name in names:
            rel = (here / name).relative_to(src).as_posix()
            if not links.is_doc_path(name) or name in links_out:
                continue
            if not rel.isascii() and not scan.utf8_name(rel):
                notes.append(f"{rel!r}: name is not valid UTF-8; left out")
                continue
            paths.append(rel)
    return sorted(paths), notes


def _origin(session: Session, src: Path) -> Callable[[str], str]:
    """Provenance: the path from the project when the source is in it, else from its parent."""
    project = session.project.resolve()
    inside = src == project or project in src.parents
    base = src.relative_to(project).as_posix().removeprefix(".") if inside else src.name
    return lambda rel: posixpath.join(base, rel)


# --- reading ---------------------------------------------------------------------------


def _already_imported(run: _Run) -> set[str]:
    """The source paths earlier imports recorded in the base's ``sources`` fields."""
    if run.dry_run:  # a dry run writes nothing, not even the entry cache
        found = scan.scan(run.session.root, run.session.config, use_cache=False)[0]
    else:
        found = run.session.manifest()
    return {s for entry in found.entries for s in fields.strings(entry.meta, "sources")}


def _read(run: _Run, paths: list[str]) -> dict[str, conversion.Page]:
    """Every page that can be imported; the others are reported as skipped."""
    pages = {}
    done = _already_imported(run)
    for path in paths:
        if run.origin(path) in done:  # importing again adds nothing
            run.skipped.append(Case(path, "", "already imported (it is in a document's sources)"))
            continue
        try:
            raw = document.decode(files.read(run.source, path), path=path)
        except MdbrainError as exc:
            run.skipped.append(Case(path, "", f"cannot be read: {exc.message}"))
            continue
        hit = next(guard.scan(raw), None)
        if hit is not None:
            why = f"looks like a secret ({hit.rule}, line {hit.line}); not imported"
            run.skipped.append(Case(path, hit.excerpt, why))
            continue
        page = pages[path] = conversion.parse(path, raw.removeprefix(document.BOM))
        if page.problem:
            run.notes.append(f"{path}: {page.problem}; the frontmatter is kept as a code block")
        record = adr.read(path, page.body, page.meta)
        if record is not None:
            run.records[path] = record
    return pages


# --- planning --------------------------------------------------------------------------


def _taken(session: Session, folder: str) -> set[str]:
    """The stems (lowercase) a folder of the base already uses, reserved names included."""
    try:
        names = os.listdir(session.root / folder)
    except OSError:
        names = []
    if folder.count("/") < 1:
        names += list(session.config.index.reserved())
    return {n.rsplit(".", 1)[0].lower() for n in names if links.is_doc_path(n)}


def plan_ids(run: _Run, paths: list[str]) -> list[Renamed]:
    """Give every page its id: slugged folders and name, the next free slug on a clash.
    Pages already named by their slug are placed first, then the others, each sorted."""
    used: dict[str, tuple[set[str], set[str]]] = {}  # folder -> (the base's, this import's)
    renames = []
    for path in sorted(paths, key=lambda p: (_slug(p) != _stem(p), p)):
        folders = [slug.slugify(f, fallback="folder") for f in path.split("/")[:-1]]
        folder = "/".join([run.prefix, *folders] if run.prefix else folders)
        if folder not in used:
            used[folder] = (_taken(run.session, folder), set())
        base, mine = used[folder]
        wanted = _slug(path) or "untitled"
        free = wanted not in base and wanted not in mine
        chosen = wanted if free else slug.unique(wanted, base | mine)
        run.ids[path] = posixpath.join(folder, chosen + ".md")
        if not free or not _slug(path):
            by = "another imported page" if wanted in mine else "a document of the base"
            why = f"{wanted}.md is taken by {by}" if not free else "no letter or digit in the name"
            renames.append(
                Renamed(path, posixpath.join(folder, f"{wanted}.md"), run.ids[path], why)
            )
        mine.add(chosen)
    run.folded = {old.casefold(): old for old in sorted(run.ids, reverse=True)}
    return sorted(renames, key=lambda r: r.source)


def _stem(path: str) -> str:
    return posixpath.basename(path).rsplit(".", 1)[0]


def _slug(path: str) -> str:
    return slug.slugify(_stem(path), fallback="")


def _decisions(run: _Run) -> None:
    run.found = adr.resolve(run.records, run.page)
    for old, new in run.found.pairs:
        run.add(old, "superseded_by", run.ids[new])
        run.add(new, "supersedes", run.ids[old])
    for path, other, _verb in run.found.related:
        run.add(path, "related", run.ids[other])
    run.unresolved += [Case(*case) for case in run.found.unresolved]
    run.notes += run.found.notes


def _own_relations(run: _Run, page: conversion.Page) -> None:
    """Map the page's own relation fields to the new ids (the written values stay as
    ``original_<key>``); report the values that name no imported page."""
    for key in RELATION_FIELDS:
        for value in fields.strings(page.meta, key):
            new = run.new_id(links.normalise_id(value) or "")
            if new is None:
                run.unresolved.append(Case(page.path, value, f"{key} names no imported page"))
            else:
                run.add(page.path, key, new)


def _status(run: _Run, page: conversion.Page) -> str:
    if run.relations.get(page.path, {}).get("superseded_by"):
        return "deprecated"
    record = run.records.get(page.path)
    if record is not None and record.state in ("rejected", "deprecated"):
        run.notes.append(f"{page.path}: {record.state} record imported as archived")
        return "archived"
    return "stable" if run.verified else "draft"


def _fields(run: _Run, page: conversion.Page) -> dict[str, Any]:
    _own_relations(run, page)
    meta = {k: v for k, v in page.meta.items() if k != "sources"}
    config = run.session.config
    record = run.records.get(page.path)
    decision = record is not None and not record.template
    title = conversion.title_of(page.body, meta, page.path)
    summary = conversion.summary_of(page.body, meta, config.summary_max, record is not None)
    kind = meta.get("type")
    if kind not in config.types:
        kind = conversion.guess_type(page.path, meta, page.body, title, decision)
    fallback = run.prefix.rsplit("/", 1)[-1] or "imported"
    wanted = {
        "title": title,
        "summary": summary or conversion.clip(title, config.summary_max),
        "type": kind,
        "status": _status(run, page),
        "tags": conversion.tags_of(page.path.split("/")[:-1], meta, fallback),
        "created": run.today,
        "updated": run.today,
        "sources": list(
            dict.fromkeys([run.origin(page.path), *fields.strings(page.meta, "sources")])
        ),
        **run.relations.get(page.path, {}),
    }
    return conversion.merge(wanted, meta, config)


def _kept(run: _Run, page: conversion.Page) -> str:
    """A page whose mdbrain frontmatter stays as written: only its ids follow the pages,
    and ``sources`` is added when it has none."""
    text = page.raw
    for key in RELATION_FIELDS:
        for value in fields.strings(page.meta, key):
            new = run.new_id(links.normalise_id(value) or "") or value
            text = edit.rename_in_fields(text, (key,), value, new)[0] if new != value else text
    if "sources" not in page.meta:
        text = edit.set_field(text, "sources", [run.origin(page.path)])
    return text


def _keeps(run: _Run, page: conversion.Page) -> bool:
    """Whether the page keeps its frontmatter: a valid mdbrain one whose ids all name
    imported pages, with no supersession to add."""
    own = [
        links.normalise_id(v) or "" for k in RELATION_FIELDS for v in fields.strings(page.meta, k)
    ]
    return (
        bool(page.meta)
        and not run.relations.get(page.path)
        and all(run.new_id(old) for old in own)
        and conversion.is_mdbrain(page.raw, page.path, run.session.config)
    )


def _check_links(run: _Run, page: conversion.Page) -> bool:
    """Report the page's links to Markdown pages that were not imported; True when it
    has links to documents at all (which then need rewriting)."""
    to_docs = False
    for written, line in markdown.scan(page.body, page.body_line).links:
        found = links.resolve(page.path, written)
        if found is not None and (found[0] is links.LinkKind.OUTSIDE or not run.new_id(found[1])):
            run.broken.append(BrokenLink(page.path, line, written))
        to_docs = to_docs or (found is not None and found[0] is links.LinkKind.DOC)
    return to_docs


def _compose(run: _Run, page: conversion.Page) -> str:
    """The page's new text: its frontmatter, and its links written from its new place."""
    new_id = run.ids[page.path]
    to_docs = _check_links(run, page)
    if _keeps(run, page):
        text = _kept(run, page)
    else:
        text = yaml_emit.block(_fields(run, page)) + "\n" + page.body.lstrip("\n")

    def target(written: str, old: str) -> str | None:
        found = run.new_id(old)
        return None if found is None else edit.written_target(new_id, found, written)

    return edit.rewrite_links(text, page.path, target)[0] if to_docs else text


# --- the operation ---------------------------------------------------------------------


def import_folder(
    session: Session,
    source: Path,
    *,
    theme: str = "",
    verified: bool = False,
    legacy: bool = False,
    dry_run: bool = False,
) -> ImportReport:
    """Import the Markdown pages of ``source`` into the base (see the module docstring)."""
    src = _folder(session, source)
    root = session.root.resolve()
    paths, notes = walk(src, root if src in root.parents else None)
    prefix = "/".join(slug.slugify(p) for p in theme.replace("\\", "/").split("/") if p.strip())
    today = session.today()
    run = _Run(
        session, src, prefix, verified, today, _origin(session, src), notes=notes, dry_run=dry_run
    )
    if legacy:
        return _legacy(run, paths, dry_run)
    lock = contextlib.nullcontext() if dry_run else session.writing()
    written = []
    with lock:
        pages = _read(run, paths)
        renames = plan_ids(run, list(pages))
        _decisions(run)
        texts = {run.ids[p]: _compose(run, page) for p, page in sorted(pages.items())}
        if prefix:
            files.locate(session.root, prefix)  # a theme folder linked outside is refused
        for doc_id, text in texts.items() if not dry_run else ():
            try:
                session.write(doc_id, text)
            except GuardError as exc:
                origin = next((p for p, i in run.ids.items() if i == doc_id), doc_id)
                run.skipped.append(Case(origin, "", f"{exc.message}; not imported"))
                run.ids.pop(origin, None)
                continue
            written.append(doc_id)
        if written:
            anchoring.record(session, written)
    return _report(run, dry_run, renames=renames, written=tuple(sorted(written)))


def _report(
    run: _Run,
    dry_run: bool,
    *,
    renames: list[Renamed] | None = None,
    written: tuple[str, ...] = (),
    listed: tuple[tuple[str, str], ...] | None = None,
) -> ImportReport:
    ids = run.ids
    return ImportReport(
        source=str(run.source),
        dry_run=dry_run,
        legacy=listed is not None,
        imported={path: ids[path] for path in sorted(ids)},
        renamed=tuple(renames or ()),
        supersessions=tuple(
            Supersession(ids[old], ids[new], *said)
            for (old, new), said in sorted(run.found.pairs.items())
        ),
        unresolved=tuple(run.unresolved),
        broken_links=tuple(run.broken),
        skipped=tuple(run.skipped),
        notes=tuple(run.notes),
        listed=listed or (),
        written=() if dry_run else written,
        index=None if dry_run else run.session.indexer().run(),
    )


# --- legacy ----------------------------------------------------------------------------


def _legacy(run: _Run, paths: list[str], dry_run: bool) -> ImportReport:
    """Copy nothing: list every page of the source, with its title, in one document."""
    listed = []
    for path in paths:
        try:
            raw = files.read(run.source, path).decode("utf-8", "replace")
        except MdbrainError as exc:
            run.skipped.append(Case(path, "", f"cannot be read: {exc.message}"))
            continue
        page = document.loads_leniently(raw, path)
        listed.append((run.origin(path), conversion.title_of(page.body, page.meta, path)))
    doc_id = posixpath.join(run.prefix, LEGACY_NAME)
    try:
        meta = document.loads_leniently(run.session.read(doc_id).text, doc_id).meta
    except MdbrainError:
        meta = {}
    folder = run.origin("").rstrip("/") or "."
    today, limit = run.today, run.session.config.summary_max
    text = conversion.legacy_page(meta, folder, listed, today, limit)
    if not dry_run:
        with run.session.writing():
            run.session.write(doc_id, text)
    return _report(run, dry_run, written=(doc_id,), listed=tuple(listed))
