"""The ``check`` operation: run every rule over the base and say what to fix.

By default the check edits no document: derived files that are out of date
are regenerated first and listed as repairs (with ``--no-fix`` they are only
reported, W005, and nothing at all is written), and links to documents that
git saw renamed are reported with the fix to apply. ``--fix`` also mends those
links in the documents.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import document, edit, fields, markdown, rules
from mdbrain.core.errors import DocumentError, GitError, MdbrainError
from mdbrain.core.findings import Finding, Severity
from mdbrain.core.manifest import Manifest
from mdbrain.service import anchoring
from mdbrain.service.indexing import Indexer
from mdbrain.store import files, git

if TYPE_CHECKING:
    from mdbrain.service.session import Session

EXIT_CLEAN = 0
EXIT_ERRORS = 1


@dataclass(frozen=True, slots=True)
class Repair:
    """Something ``check`` mended on its own."""

    code: str  # the finding it mended
    path: str
    action: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    documents: int
    scope: str | None
    findings: tuple[Finding, ...]
    repairs: tuple[Repair, ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        return self.count(Severity.WARNING)

    def exit_code(self, *, strict: bool = False) -> int:
        """0 when clean; 1 with errors, or with warnings under ``strict``."""
        failing = self.errors + (self.warnings if strict else 0)
        return EXIT_ERRORS if failing else EXIT_CLEAN


def existing_refs(project: Path, found: Manifest) -> frozenset[str]:
    """The impl_refs of the base (anchors removed) that name a file or folder of the project."""
    wanted = {
        rules.impl_ref_path(ref)
        for entry in found.entries
        for ref in fields.strings(entry.meta, "impl_refs")
    }
    base = os.path.realpath(project)
    exists = set()
    for ref in wanted:
        if not ref:
            continue
        try:  # a NUL in a path, or a link to another drive: not a file of the project
            full = os.path.realpath(os.path.join(base, ref))
            if os.path.commonpath([base, full]) == base and os.path.exists(full):
                exists.add(ref)
        except (OSError, ValueError):
            continue
    return frozenset(exists)


def missing_symbols(project: Path, found: Manifest, existing: frozenset[str]) -> dict[str, str]:
    """The impl_refs of the base (as written) whose file exists without the symbol they
    name (``src/a.py#gone``), each with why."""
    from mdbrain.service import anchoring

    named = {r for e in found.entries for r in fields.strings(e.meta, "impl_refs") if "#" in r}
    out = {}
    for ref in sorted(named):
        if rules.impl_ref_path(ref) in existing and (why := anchoring.missing(project, ref)):
            out[ref] = why
    return out


def shared_names(project: Path, found: Manifest, missing: Mapping[str, str]) -> dict[str, str]:
    """The impl_refs of the base (as written) that name a Go method by a name other types
    of its file give a method too, each with why (:func:`anchoring.shared_name`)."""
    named = {
        r
        for e in found.entries
        for r in fields.strings(e.meta, "impl_refs")
        if "#" in r and r not in missing and rules.impl_ref_path(r).endswith(".go")
    }
    return {ref: why for ref in sorted(named) if (why := anchoring.shared_name(project, ref))}


def gone_paths(found: Manifest, existing: frozenset[str]) -> set[str]:
    """The impl_ref paths of the base (anchors removed) that name nothing of the project."""
    return {
        path
        for entry in found.entries
        for ref in fields.strings(entry.meta, "impl_refs")
        if (path := rules.impl_ref_path(ref)) and path not in existing
    }


def moved_refs(
    session: Session, found: Manifest, existing: frozenset[str], history: git.History
) -> dict[str, str]:
    """The impl_ref paths of the base that exist no more and that git saw renamed, each
    with its new path (what 'mdbrain update --fix' rewrites them to); git is asked only
    when some path is missing."""
    from mdbrain.service.updating import Updater

    missing = sorted(gone_paths(found, existing))
    if not missing:
        return {}
    try:
        return Updater(session, history=history).moved(missing)
    except GitError:
        return {}


def existing_files(project: Path, at: str, found: Manifest) -> frozenset[str]:
    """The links to files (:attr:`Entry.files`, paths from the root) that lead to one:
    read as written, ``..`` taking off one folder of ``at``, the root's path in the
    project (:func:`rules.from_project`), then looked for on disk (a file there through a
    symbolic link counts)."""
    exists = set()
    for target in {target for entry in found.entries for target, _line in entry.files}:
        path = rules.from_project(at, target)
        if path is None:
            continue
        try:  # a NUL in a path: no file; a name whose accents the disk spells otherwise: one
            if os.path.isfile(os.path.join(project, path)) or (
                not path.isascii() and files.is_regular(project, path)
            ):
                exists.add(target)
        except (OSError, ValueError):
            continue
    return frozenset(exists)


def existing_routes(project: Path, at: str, found: Manifest) -> frozenset[str]:
    """The links written as a site's routes above the root (:attr:`Entry.routes`, from
    ``../``) that lead to a file or a folder of the project, with or without a page's
    suffix, or out of the project (not the check's to judge)."""
    exists = set()
    above = {t for entry in found.entries for t, _line in entry.routes if t.startswith("..")}
    for target in above:
        path = rules.from_project(at, target)
        if path is None:
            exists.add(target)
            continue
        try:  # a NUL in a path: nothing there
            full = os.path.join(project, path)
            if any(os.path.exists(full + suffix) for suffix in ("", ".md", ".markdown")):
                exists.add(target)
        except (OSError, ValueError):
            continue
    return frozenset(exists)


def offered_anchors(session: Session, found: Manifest) -> dict[str, frozenset[str]]:
    """The anchors each document a link asks a section of offers (its headings and ids,
    :func:`fragments.of`), read from its body only then: most bases ask none."""
    from mdbrain.core import fragments

    wanted = {target for entry in found.entries for target, _a, _l in entry.asked}
    out: dict[str, frozenset[str]] = {}
    for target in sorted(wanted):
        entry = found.by_id.get(target)
        if entry is None or not entry.parsed:
            continue
        try:
            body = document.loads_leniently(session.read(target).text, target).body
        except MdbrainError:
            continue  # unreadable: its own finding says so
        out[target] = frozenset(fragments.of(body, markdown.scan(body).headings))
    return out


def root_in_project(project: Path, root: Path) -> str:
    """The knowledge root as a path from the project's folder, with ``/`` (``.`` when
    they are the same folder)."""
    return Path(os.path.relpath(os.path.abspath(root), os.path.abspath(project))).as_posix()


def in_scope(item: Finding, scope: str | None) -> bool:
    if not scope:
        return True
    return item.path == scope or item.path.startswith(scope.rstrip("/") + "/")


def _broken_targets(found: Manifest) -> dict[str, set[str]]:
    broken = {}
    for entry in found.entries:
        targets = {t for t, _ in entry.links if found.get(t) is None}
        targets |= {t for t in entry.ids("related") if found.get(t) is None}
        if targets:
            broken[entry.id] = targets
    return broken


def root_prefix(session: Session, history: git.History) -> str | None:
    """The knowledge root's path inside the git repository, with a trailing slash."""
    top = history.toplevel()
    if top is None:
        return None
    try:
        prefix = session.root.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return None
    return "" if prefix == "." else prefix + "/"


def renamed_links(
    session: Session, found: Manifest, history: git.History
) -> dict[str, dict[str, str]]:
    """Broken links and related entries whose target git saw renamed to an existing
    document: document id -> old target -> new id."""
    broken = _broken_targets(found)
    moves = moved_ids(session, history) if broken else {}
    if not moves:
        return {}
    out: dict[str, dict[str, str]] = {}
    for doc_id, targets in sorted(broken.items()):
        for target in sorted(targets):
            new_id = moves.get(target, "")
            if new_id and found.get(new_id) is not None:
                out.setdefault(doc_id, {})[target] = new_id
    return out


def moved_ids(session: Session, history: git.History) -> dict[str, str]:
    """Old id -> newest id of every document file git saw renamed within the root."""
    prefix = root_prefix(session, history)
    if prefix is None:
        return {}
    return {
        old.removeprefix(prefix): new.removeprefix(prefix)
        for old, new in history.renames(prefix).items()
        if old.startswith(prefix) and new.startswith(prefix)
    }


def repair_renamed_links(session: Session, renamed: dict[str, dict[str, str]]) -> list[Repair]:
    """Point the links and related entries of ``renamed`` at their new targets."""
    repairs = []
    shas: dict[str, tuple[str, str]] = {}  # id -> its hash before and after
    with session.writing():
        for doc_id, targets in renamed.items():
            try:
                read = session.read(doc_id)
            except MdbrainError:
                continue
            text = original = read.text
            for target, new_id in targets.items():
                try:
                    text, in_body = edit.retarget(text, doc_id, target, new_id)
                    text, in_fields = edit.rename_in_fields(text, ("related",), target, new_id)
                except DocumentError:
                    continue
                if in_body or in_fields:
                    action = f"link to {target} now points to {new_id} (renamed in git)"
                    repairs.append(Repair("W001", doc_id, action))
            if text != original:
                shas[doc_id] = (read.sha, session.write(doc_id, text))
        # links mended are no one's edit: a draft still as its import wrote it stays so;
        # the fingerprints of a document renamed follow it
        moved = {old: new for targets in renamed.values() for old, new in targets.items()}
        anchoring.keep_written(session, shas, moved)
    return repairs


def _with_proposals(found: list[Finding], renamed: dict[str, dict[str, str]]) -> list[Finding]:
    """Broken-link findings that git can explain say where the target went, and how to fix."""
    out = []
    for item in found:
        targets = renamed.get(item.path, {})
        hint = next((t for t in targets if item.code == "W001" and t in item.message), None)
        if hint is None:
            out.append(item)
            continue
        message = (
            f"{item.message} (git saw it renamed to {targets[hint]}:"
            " 'mdbrain check --fix' points the link there)"
        )
        out.append(item._replace(message=message))
    return out


def check(
    session: Session,
    *,
    repair: bool = True,
    fix: bool = False,
    scope: str | None = None,
    history: git.History | None = None,
) -> CheckReport:
    """Run every rule. ``repair`` regenerates out-of-date derived files first; ``fix`` also
    mends, in the documents, links to documents git saw renamed (otherwise they are
    reported with the fix to apply)."""
    repairs: list[Repair] = []
    asked: git.History = history if history is not None else git.Git(session.project)
    renamed = renamed_links(session, session.manifest(), asked)
    if fix and renamed:
        repairs += repair_renamed_links(session, renamed)
        renamed = {}
    failed = ""
    if repair or fix:
        # a derived file that cannot be written (read-only, a full disk) leaves it stale:
        # said as such below (W005), and every rule still runs
        report = session.reindex()
        failed = report.failed
        for rel in report.written:
            repairs.append(Repair("W005", rel, "regenerated from the documents"))
        for rel in report.removed:
            repairs.append(Repair("W005", rel, "removed: no longer needed"))
    found = session.manifest()
    indexer = session.indexer()
    derived = indexer.derived_names(found)
    foreign = indexer.foreign(derived)
    repaired = (repair or fix) and not failed
    stale = () if repaired else tuple(_stale_indexes(indexer, found, foreign))
    where = session.where
    at = root_in_project(where.project, where.root)
    existing = existing_refs(where.project, found)
    context = rules.Context(
        manifest=found,
        config=session.config,
        today=session.today(),
        existing_refs=existing,
        missing_symbols=(missing := missing_symbols(where.project, found, existing)),
        shared_names=shared_names(where.project, found, missing),
        moved_refs=moved_refs(session, found, existing, asked),
        existing_files=existing_files(where.project, at, found),
        existing_routes=existing_routes(where.project, at, found),
        root_path=at,
        stale_indexes=stale,
        foreign_derived=tuple(sorted(foreign)),
        marker_path=os.path.relpath(where.marker, where.root),
        derived_files=frozenset(indexer.derived_names(found)),
        anchors=offered_anchors(session, found),
    )
    findings = _with_proposals([f for f in rules.run(context) if in_scope(f, scope)], renamed)
    return CheckReport(
        documents=len(found),
        scope=scope,
        findings=tuple(findings),
        repairs=tuple(repairs),
    )


def _stale_indexes(indexer: Indexer, found: Manifest, foreign: set[str]) -> list[str]:
    stale = []
    for rel, text in sorted(indexer.derived(found).items()):
        if rel in foreign:
            continue
        try:
            same = files.read(indexer.root, rel) == text.encode("utf-8")
        except MdbrainError:
            same = False
        if not same:
            stale.append(rel)
    return stale
