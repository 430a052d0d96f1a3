"""The ``check`` operation: run every rule over the base and say what to fix.

With fixing on (the default), derived files that are out of date are
regenerated first and listed as repairs; with it off, they are reported (W005)
and nothing is written.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import edit, fields, rules
from mdbrain.core.errors import DocumentError
from mdbrain.core.findings import Finding, Severity
from mdbrain.core.manifest import Manifest
from mdbrain.service.indexing import Indexer
from mdbrain.store import atomic, cache, git, scan

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
        full = os.path.realpath(os.path.join(base, ref))
        if os.path.commonpath([base, full]) == base and os.path.exists(full):
            exists.add(ref)
    return frozenset(exists)


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


def _root_prefix(indexer: Indexer, history: git.History) -> str | None:
    """The knowledge root's path inside the git repository, with a trailing slash."""
    top = history.toplevel()
    if top is None:
        return None
    try:
        prefix = indexer.root.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        return None
    return "" if prefix == "." else prefix + "/"


def repair_renamed_links(indexer: Indexer, history: git.History) -> list[Repair]:
    """Point links and related entries whose target git saw renamed at the new name."""
    found, _stats = scan.scan(indexer.root, indexer.config)
    broken = _broken_targets(found)
    prefix = _root_prefix(indexer, history) if broken else None
    renames = history.renames() if prefix is not None else {}
    if prefix is None or not renames:
        return []
    repairs = []
    with atomic.locked(cache.cache_dir(indexer.root) / "lock"):
        for doc_id, targets in sorted(broken.items()):
            path = scan.path_of(indexer.root, doc_id)
            try:
                text = original = path.read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            for target in sorted(targets):
                moved = renames.get(prefix + target, "")
                new_id = moved.removeprefix(prefix) if moved.startswith(prefix) else ""
                if not new_id or found.get(new_id) is None:
                    continue
                try:
                    text, in_body = edit.retarget(text, doc_id, target, new_id)
                    text, in_fields = edit.rename_in_fields(text, ("related",), target, new_id)
                except DocumentError:
                    continue
                if in_body or in_fields:
                    action = f"link to {target} now points to {new_id} (renamed in git)"
                    repairs.append(Repair("W001", doc_id, action))
            if text != original:
                atomic.write_text(path, text)
    return repairs


def check(
    indexer: Indexer,
    today: dt.date,
    *,
    fix: bool = True,
    scope: str | None = None,
    history: git.History | None = None,
) -> CheckReport:
    """Run every rule; with ``fix``, mend renamed links and regenerate derived files first."""
    repairs: list[Repair] = []
    if fix:
        repairs += repair_renamed_links(indexer, history or git.Git(indexer.where.project))
        report = indexer.run()
        for rel in report.written:
            repairs.append(Repair("W005", rel, "regenerated from the documents"))
        for rel in report.removed:
            repairs.append(Repair("W005", rel, "removed: no longer needed"))
    found, _stats = scan.scan(indexer.root, indexer.config)
    stale = () if fix else tuple(_stale_indexes(indexer, found))
    where = indexer.where
    context = rules.Context(
        manifest=found,
        config=indexer.config,
        today=today,
        existing_refs=existing_refs(where.project, found),
        stale_indexes=stale,
        marker_path=os.path.relpath(where.marker, where.root),
        derived_files=frozenset(indexer.derived_names(found)),
    )
    findings = [f for f in rules.run(context) if in_scope(f, scope)]
    return CheckReport(
        documents=len(found),
        scope=scope,
        findings=tuple(findings),
        repairs=tuple(repairs),
    )


def _stale_indexes(indexer: Indexer, found: Manifest) -> list[str]:
    stale = []
    for rel, text in sorted(indexer.derived(found).items()):
        try:
            same = (indexer.root / rel).read_bytes() == text.encode("utf-8")
        except OSError:
            same = False
        if not same:
            stale.append(rel)
    return stale
