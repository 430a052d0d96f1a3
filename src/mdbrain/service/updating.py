"""The ``update`` operation: keep the knowledge faithful to the code it describes.

For each document in force, each impl_ref is checked against the code:

* a file changed after the document's ``updated`` date (last commit touching
  it, or uncommitted edits; file modification times outside git) -> the
  document needs review, and the reason names the files and commits;
* a symbol anchor (``file.py#Class.method``) changed only when its code did:
  its fingerprint is compared with the one recorded in the anchors lock when
  the document was last verified, so comments and spacing do not count and no
  history is needed;
* a file git saw renamed -> the new path is proposed, and written with ``fix``;
* a file or symbol that is gone -> needs review; when every impl_ref is gone,
  the document is proposed for archiving (never archived, never deleted).

Status changes are surgical edits. Running it twice changes nothing the second
time. Then the indexes are regenerated, and the check runs when the marker's
``check_on_update`` asks for it.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mdbrain.core import anchors, edit, fields
from mdbrain.core.manifest import Entry
from mdbrain.service.indexing import Indexer, IndexReport
from mdbrain.store import anchor_lock, atomic, cache, git, scan

CODE_SUFFIXES = (
    ".py", ".pyi", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".go", ".rs", ".java", ".kt", ".scala",
    ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".rb", ".php", ".swift", ".sh", ".sql",
)  # fmt: skip
RETIRED = frozenset({"deprecated", "archived"})


@dataclass(frozen=True, slots=True)
class Flag:
    doc: str
    reason: str
    archive: bool = False  # every impl_ref is gone: proposed for archiving
    already: bool = False  # the document was already marked needs-review


@dataclass(frozen=True, slots=True)
class Rename:
    doc: str
    old: str
    new: str
    fixed: bool


@dataclass
class UpdateReport:
    source: str  # "git", or "file times" outside a git repository
    dry_run: bool
    flagged: list[Flag] = field(default_factory=list)
    renames: list[Rename] = field(default_factory=list)
    undocumented: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    index: IndexReport | None = None
    check_errors: int | None = None

    @property
    def archive(self) -> list[str]:
        return [f.doc for f in self.flagged if f.archive]


@dataclass
class _Doc:
    entry: Entry
    changed: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)


class Updater:
    def __init__(
        self,
        indexer: Indexer,
        today: dt.date,
        *,
        history: git.History | None = None,
        since: str | None = None,
        scope: Sequence[str] = (),
    ) -> None:
        self.indexer = indexer
        self.root = indexer.root
        self.project = indexer.where.project
        self.today = today
        self.git = history if history is not None else git.Git(self.project)
        self.since = since
        self.scope = tuple(p.rstrip("/") for p in scope)
        self.top = self.git.toplevel()
        self._top_resolved = self.top.resolve() if self.top is not None else Path()
        self._repo_paths: dict[str, str | None] = {}
        self._sources: dict[str, bytes | OSError] = {}  # files read once, whatever their anchors

    # --- paths -------------------------------------------------------------------

    def _repo_path(self, ref_path: str) -> str | None:
        """An impl_ref path (from the project folder) as a path from the repository top."""
        if self.top is None:
            return None
        if ref_path not in self._repo_paths:
            full = Path(os.path.normpath(os.path.join(self.project, ref_path))).resolve()
            try:
                self._repo_paths[ref_path] = full.relative_to(self._top_resolved).as_posix()
            except ValueError:
                self._repo_paths[ref_path] = None
        return self._repo_paths[ref_path]

    def _in_scope(self, ref_path: str) -> bool:
        return not self.scope or any(
            ref_path == s or ref_path.startswith(s + "/") for s in self.scope
        )

    # --- the run -------------------------------------------------------------------

    def run(self, *, fix: bool = False, dry_run: bool = False) -> UpdateReport:
        report = UpdateReport("git" if self.top is not None else "file times", dry_run)
        if self.top is None:
            report.notes.append("not a git repository: file modification times are used")
        found, _stats = scan.scan(self.root, self.indexer.config)
        lock = anchor_lock.read(self.root)
        docs = self._assess(found.entries, lock, report)
        report.undocumented = self._undocumented(found.entries)
        if dry_run:
            for doc in docs:
                self._apply(doc, fix=False, report=report, write=False)
            return report
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            for doc in docs:
                self._apply(doc, fix=fix, report=report, write=True)
            anchor_lock.write(self.root, lock)
        report.index = self.indexer.run()
        return report

    def _assess(
        self, entries: Sequence[Entry], lock: anchor_lock.Lock, report: UpdateReport
    ) -> list[_Doc]:
        refs = {
            e.id: [anchors.parse(r) for r in fields.strings(e.meta, "impl_refs")]
            for e in entries
            if e.status not in RETIRED
        }
        wanted = {
            repo
            for doc_refs in refs.values()
            for ref in doc_refs
            if self._in_scope(ref.path) and (repo := self._repo_path(ref.path))
        }
        changes = (
            self.git.last_changes(wanted, self.since, today=self.today)
            if self.top is not None
            else {}
        )
        renames = self.git.renames() if self.top is not None else {}
        noted: set[str] = set()
        docs = []
        for entry in entries:
            if entry.id not in refs or not refs[entry.id]:
                continue
            doc = _Doc(entry)
            updated = fields.date(entry.meta, "updated")
            verified = lock.setdefault(entry.id, {})
            for ref in refs[entry.id]:
                if not self._in_scope(ref.path):
                    continue
                self._assess_ref(doc, ref, updated, verified, changes, renames, noted, report)
            if doc.changed or doc.gone or doc.renamed:
                docs.append(doc)
        return docs

    def _assess_ref(  # noqa: PLR0917 - a private step with one call site
        self,
        doc: _Doc,
        ref: anchors.Ref,
        updated: dt.date | None,
        verified: dict[str, dict[str, str]],
        changes: dict[str, git.Change],
        renames: dict[str, str],
        noted: set[str],
        report: UpdateReport,
    ) -> None:
        path = self.project / ref.path
        if path.is_dir():
            self._assess_file(doc, ref, path, updated, changes)  # any file under it counts
            return
        if not path.is_file():
            moved = self._renamed(ref.path, renames)
            if moved is not None:
                doc.renamed.append((ref.path, moved))
            else:
                doc.gone.append(f"{ref.text} no longer exists")
            return
        if ref.symbol and anchors.supports(ref.path):
            self._assess_symbol(doc, ref, path, updated, verified)
            return
        if ref.symbol and ref.path not in noted:
            noted.add(ref.path)
            suffix = posixpath.splitext(ref.path)[1] or ref.path
            report.notes.append(
                f"symbols in {suffix} files are followed at file level"
                " (install mdbrain[anchors] for JavaScript and TypeScript)"
            )
        self._assess_file(doc, ref, path, updated, changes)

    def _assess_symbol(
        self,
        doc: _Doc,
        ref: anchors.Ref,
        path: Path,
        updated: dt.date | None,
        verified: dict[str, dict[str, str]],
    ) -> None:
        if ref.path not in self._sources:
            try:
                self._sources[ref.path] = path.read_bytes()
            except OSError as exc:
                self._sources[ref.path] = exc
        source = self._sources[ref.path]
        try:
            if isinstance(source, OSError):
                raise source
            current = anchors.symbol_fingerprint(ref.path, source, ref.symbol)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, LookupError) as exc:
            doc.changed.append(f"{ref.text} cannot be read ({exc.__class__.__name__})")
            return
        if current is None:
            doc.gone.append(f"{ref.text}: symbol {ref.symbol} is no longer in {ref.path}")
            return
        seen = verified.get(ref.text)
        stamp = updated.isoformat() if updated else ""
        if seen is None or (stamp and stamp > seen.get("verified", "")):
            verified[ref.text] = {"hash": current, "verified": stamp}  # (re)verified: baseline
        elif seen.get("hash") != current:
            when = seen.get("verified") or "its last verification"
            doc.changed.append(f"{ref.text} changed since {when}")

    def _assess_file(
        self,
        doc: _Doc,
        ref: anchors.Ref,
        path: Path,
        updated: dt.date | None,
        changes: dict[str, git.Change],
    ) -> None:
        if updated is None:
            return
        if self.top is not None:
            repo = self._repo_path(ref.path)
            change = changes.get(repo or "")
            if change is not None and change.date > updated:
                doc.changed.append(
                    f"{ref.path} changed after {updated} ({change.commit} {change.date} "
                    f"{json.dumps(change.subject, ensure_ascii=False)})"
                )
            return
        modified = dt.date.fromtimestamp(_newest_mtime(path))
        if modified > updated:
            doc.changed.append(f"{ref.path} modified on {modified}, after {updated}")

    def _renamed(self, ref_path: str, renames: dict[str, str]) -> str | None:
        repo = self._repo_path(ref_path)
        moved = renames.get(repo or "")
        if not moved or self.top is None:
            return None
        full = self.top / moved
        if not full.is_file():
            return None
        return os.path.relpath(full, self.project).replace(os.sep, "/")

    # --- writing -----------------------------------------------------------------

    def _apply(self, doc: _Doc, *, fix: bool, report: UpdateReport, write: bool) -> None:
        """Work out the flag and the edits of one document; write them when ``write``."""
        entry = doc.entry
        path = scan.path_of(self.root, entry.id)
        text = original = path.read_bytes().decode("utf-8")
        for old, new in doc.renamed:
            if fix:
                text, _ = edit.rename_in_fields(text, ("impl_refs",), old, new)
            report.renames.append(Rename(entry.id, old, new, fix))
        unresolved = [] if fix else [f"{o} was renamed to {n}" for o, n in doc.renamed]
        reasons = doc.changed + doc.gone + unresolved
        if reasons:
            total = len(fields.strings(entry.meta, "impl_refs"))
            archive = bool(doc.gone) and len(doc.gone) == total
            reason = "; ".join(reasons)
            already = entry.status == "needs-review"
            if not already:
                text = edit.set_field(text, "status", "needs-review")
                text = edit.set_field(text, "review_reason", reason)
            report.flagged.append(Flag(entry.id, reason, archive, already))
        if write and text != original:
            atomic.write_text(path, text)

    def _undocumented(self, entries: Sequence[Entry]) -> list[str]:
        """Source files of the project that no impl_ref points at."""
        if self.top is None:
            return []
        referenced = {
            anchors.parse(r).path.rstrip("/")
            for e in entries
            for r in fields.strings(e.meta, "impl_refs")
        }
        root = self.root.resolve()
        out = []
        for repo_path in self.git.tracked():
            if not repo_path.endswith(CODE_SUFFIXES):
                continue
            full = (self.top / repo_path).resolve()
            if full.is_relative_to(root) or not full.is_relative_to(self.project.resolve()):
                continue
            rel = full.relative_to(self.project.resolve()).as_posix()
            if rel in referenced or any(rel.startswith(r + "/") for r in referenced):
                continue
            if self._in_scope(rel):
                out.append(rel)
        return sorted(out)


def _newest_mtime(path: Path) -> float:
    """The modification time of a file, or of the newest file under a folder."""
    if not path.is_dir():
        return path.stat().st_mtime
    times = [p.stat().st_mtime for p in path.rglob("*") if p.is_file()]
    return max(times, default=path.stat().st_mtime)
