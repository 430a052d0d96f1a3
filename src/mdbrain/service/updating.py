"""The ``update`` operation: keep the knowledge faithful to the code it describes.

For each document in force, each impl_ref (file, folder or ``file#symbol``), and
each source that is a file of the project (the page it was imported from), is
compared by content with the fingerprint recorded in ``ANCHORS.lock`` when the
document was last written or verified (:mod:`mdbrain.service.anchoring`):

* different -> the document needs review; the reason names the code and, when
  git knows, the last commit that touched it (hash, date, subject);
* gone, and git saw it (or a symbol's file) renamed -> the new path is
  proposed, and written with ``fix``; gone otherwise -> needs review, and
  when every impl_ref is gone the document is proposed for archiving (never
  archived, never deleted);
* no fingerprint yet (a document from before the lock): git's date of the
  last change is compared with the document's ``updated`` date, once, and the
  fingerprint taken when nothing changed.

The review reason always says what is wrong now: it is refreshed when the
drift changes and goes away only through ``verify``, but for a rename ``fix``
mends: the reasons about the old path go, and a document flagged for nothing
else, whose code only moved (its fingerprints match), is back in force (``stable``).
A fingerprint follows its code to the new path. Edits are surgical; running
twice changes nothing the second time. ``draft`` also writes draft documents
for code no document describes, as ``init --scan`` drafts them.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mdbrain.core import anchors, cells, codemap, edit, fields, syntax
from mdbrain.core.errors import GitError, GuardError, MdbrainError
from mdbrain.core.manifest import Entry
from mdbrain.core.progress import counted
from mdbrain.service import anchoring
from mdbrain.service.indexing import IndexReport
from mdbrain.service.session import Session
from mdbrain.store import anchor_lock, files, git

CODE_SUFFIXES = codemap.CODE_SUFFIXES  # the source files listed when no document names them
# Not compared with the code: retired documents, and drafts, which nobody has checked
# yet (verifying one takes the fingerprints it is compared with from then on).
RETIRED = frozenset({"deprecated", "archived", "draft"})
STALE_SHOWN = 5  # drafts whose source changed that a note names


@dataclass(frozen=True, slots=True)
class Flag:
    doc: str
    reason: str
    archive: bool = False  # every impl_ref is gone: proposed for archiving
    already: bool = False  # the document was already marked needs-review
    refreshed: bool = False  # already needs-review, and its reason was brought up to date


@dataclass(frozen=True, slots=True)
class Rename:
    doc: str
    old: str
    new: str
    fixed: bool
    # its summary or body names the old path too, which fix leaves to someone who reads it
    mentioned: bool = False


@dataclass
class UpdateReport:
    source: str  # "git", or "file times" outside a git repository
    dry_run: bool
    flagged: list[Flag] = field(default_factory=list)
    renames: list[Rename] = field(default_factory=list)
    undocumented: list[str] = field(default_factory=list)
    drafted: list[str] = field(default_factory=list)  # drafts written for undocumented code
    not_drafted: str = ""  # what to say of undocumented code no draft can describe
    draftable: int = 0  # undocumented files a draft can describe
    notes: list[str] = field(default_factory=list)
    index: IndexReport | None = None
    check_errors: int | None = None

    @property
    def archive(self) -> list[str]:
        return [f.doc for f in self.flagged if f.archive]


@dataclass(frozen=True, slots=True)
class _Move:
    """An impl_ref whose file git saw renamed, compared at the file's new place with what
    was verified at the old one."""

    new: str  # the impl_ref at its file's new path: "src/b.py#Session"
    drift: str  # what is wrong there ('' when it is what was verified, or none was)
    fingerprint: dict[str, str] | None  # the lock entry for ``new``; None: none was taken


@dataclass
class _Doc:
    entry: Entry
    seen: dict[str, dict[str, str]] = field(default_factory=dict)  # its lock entries
    sources: set[str] = field(default_factory=set)  # which of its refs are sources
    changed: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (old path, new path)
    moves: list[_Move] = field(default_factory=list)


class Updater:
    def __init__(
        self,
        session: Session,
        *,
        history: git.History | None = None,
        since: str | None = None,
        scope: Sequence[str] = (),
    ) -> None:
        self.session = session
        self.root = session.root
        self.project = session.project
        self.today = session.today()
        self.git = history if history is not None else git.Git(self.project)
        if since is not None and ("\0" in since or len(since) > 1_000):
            from mdbrain.core.errors import InvalidRequestError

            why = "it holds a NUL character" if "\0" in since else f"{len(since)} characters"
            raise InvalidRequestError(
                f"since is neither a date (YYYY-MM-DD) nor a revision: {why}", field="since"
            )
        self.since = since
        self.scope = tuple(p.rstrip("/") for p in scope if p.strip("/"))
        self.top = self.git.toplevel()
        self._top_resolved = self.top.resolve() if self.top is not None else Path()
        self._repo_paths: dict[str, str | None] = {}
        self._history_unread = ""  # why git could not say what it saw renamed
        self.base = anchoring.base_folder(session)

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

    def _renames(self) -> dict[str, str]:
        """What git saw renamed, to propose a moved file's new path; nothing when git
        cannot tell (no repository, or a history it cannot read, as in a partial clone):
        drift is judged by content, and a rename only explains it."""
        if self.top is None:
            return {}
        try:
            return self.git.renames()
        except GitError as exc:  # said in the report: a file "gone" may only have moved
            self._history_unread = exc.message
            return {}

    def _in_scope(self, ref_path: str) -> bool:
        path = ref_path.rstrip("/")
        return not self.scope or any(
            path == s or path.startswith(s + "/") or s.startswith(path + "/") for s in self.scope
        )

    # --- the run -------------------------------------------------------------------

    def run(self, *, fix: bool = False, dry_run: bool = False, draft: bool = False) -> UpdateReport:
        report = UpdateReport("git" if self.top is not None else "file times", dry_run)
        if self.top is None:
            report.notes.append("not a git repository: changes are found by content alone")
        found = self.session.manifest()
        self._check_scope(found.entries)
        lock, problem = anchor_lock.read(self.root)
        if problem:
            report.notes.append(problem)
        docs = self._assess(found.entries, lock, report)
        if self._history_unread:  # thanos-io/thanos, missing blobs: a rename called gone
            report.notes.append(
                f"git could not read the history ({self._history_unread}): renamed files"
                " were not looked for, so code said gone may only have moved"
            )
        drafts = sum(1 for e in found.entries if e.status == "draft" and anchoring.refs_of(e))
        if drafts:
            moved = sum(1 for doc in docs if doc.entry.status == "draft" and doc.renamed)
            report.notes.append(
                "Drafts are not compared with the code until someone checks them ('mdbrain"
                f" verify', or status stable): {drafts} draft{'s' if drafts > 1 else ''}"
                f" name{'' if drafts > 1 else 's'} code"
                + (f"; the paths of {moved} follow files git saw renamed" if moved else "")
            )
        imported, drawn = self._stale_drafts(found.entries, lock)
        if imported:
            many = len(imported) > 1
            shown = cells.first_of(imported, STALE_SHOWN)
            report.notes.append(
                f"{len(imported)} draft{'s were' if many else ' was'} imported from"
                f" {'pages' if many else 'a page'} that changed since ({shown}):"
                " importing the same pages again brings those nobody edited up to date"
            )
        if drawn:  # init --scan's, drawn from code: no page to import again
            many = len(drawn) > 1
            shown = cells.first_of(drawn, STALE_SHOWN)
            report.notes.append(
                f"{len(drawn)} draft{'s were' if many else ' was'} drawn from code that"
                f" changed since ({shown}): read {'them' if many else 'it'}"
                " against the code and edit, or delete: 'mdbrain update --draft' draws again"
                " the code no other document describes"
            )
        renamed_to = {new for doc in docs for _old, new in doc.renamed}
        undocumented, aside = self._undocumented(found.entries)
        report.undocumented = [p for p in undocumented if p not in renamed_to]
        report.not_drafted = codemap.not_drafted(report.undocumented)
        report.draftable = sum(map(codemap.draftable, report.undocumented))
        if aside:
            shown = ", ".join(f"{folder} ({n})" for folder, n in sorted(aside.items()))
            report.notes.append(f"{codemap.SET_ASIDE_NOTE}: {shown}")
        if dry_run:
            for doc in docs:
                self._apply(doc, fix=False, report=report, write=False)
            return report
        with self.session.writing():
            for doc in docs:
                self._apply(doc, fix=fix, report=report, write=True)
            anchoring.prune(lock, self.session.manifest(), self.base)
            anchor_lock.write(self.root, lock)
            if draft and report.undocumented:
                report.drafted, kept = self._draft(report.undocumented)
                if not report.drafted:
                    report.draftable = 0  # none made a unit to draft: not asked again
                    report.notes.append(_none_drafted(kept))
            report.index = self.session.reindex()  # in the same hold of the lock
        return report

    def _check_scope(self, entries: Sequence[Entry]) -> None:
        """A path of the scope that names no code and no impl_ref is a mistake to report."""
        from mdbrain.core.errors import InvalidRequestError

        refs = [r.path.rstrip("/") for e in entries for r in anchoring.watched(e, self.base)]
        for path in self.scope:
            known = any(r == path or r.startswith(path + "/") or path.startswith(r + "/")
                        for r in refs)  # fmt: skip
            if not known and not os.path.lexists(self.project / path):
                raise InvalidRequestError(
                    f"{path} matches no file of the project and no impl_ref of the base",
                    field="paths",
                )

    def _assess(
        self, entries: Sequence[Entry], lock: anchor_lock.Lock, report: UpdateReport
    ) -> list[_Doc]:
        refs = {
            e.id: self._watched(e, lock.get(e.id, {})) for e in entries if e.status not in RETIRED
        }
        legacy = {
            repo
            for entry in entries
            for ref in refs.get(entry.id, [])
            if self._in_scope(ref.path) and ref.text not in lock.get(entry.id, {})
            if (repo := self._repo_path(ref.path))
        }
        since_changes = self._changes(refs, entries) if self.since else None
        changes = self.git.last_changes(legacy, today=self.today) if legacy and self.top else {}
        renames = self._renames()
        noted: set[str] = set()
        docs = []
        for entry in counted(entries, self.session.progress, "comparing with the code"):
            if entry.status == "draft":
                moved = self._moved_draft(entry, renames)
                if moved is not None:
                    docs.append(moved)
                continue
            if not refs.get(entry.id):
                continue
            seen = lock.setdefault(entry.id, {})
            doc = _Doc(entry, seen, {ref.text for ref in anchoring.sources_of(entry, self.base)})
            for ref in refs[entry.id]:
                if not self._in_scope(ref.path):
                    continue
                if since_changes is not None and self._repo_path(ref.path) not in since_changes:
                    continue  # --since: only what git saw change after it
                self._assess_ref(doc, ref, seen, changes, renames)
                self._note_symbols(ref, noted, report)
            if doc.changed or doc.gone or doc.renamed:
                docs.append(doc)
        return docs

    def _watched(self, entry: Entry, seen: dict[str, dict[str, str]]) -> list[anchors.Ref]:
        """What a document in force is compared with: its impl_refs, and its sources that
        are files of the project, once fingerprinted or there now. A source never there
        ("notes.md" written as a source by hand) is no code gone."""
        sources = {ref.text for ref in anchoring.sources_of(entry, self.base)}
        return [
            ref
            for ref in anchoring.watched(entry, self.base)
            if ref.text not in sources
            or ref.text in seen
            or os.path.lexists(self.project / ref.path)
        ]

    def _stale_drafts(
        self, entries: Sequence[Entry], lock: anchor_lock.Lock
    ) -> tuple[list[str], list[str]]:
        """The drafts whose source changed since they were written from it: those
        imported from a page, then those ``init --scan`` drew from code."""
        from mdbrain.core import conversion  # the importer's own: loaded for update alone

        imported: list[str] = []
        drawn: list[str] = []
        for entry in entries:
            if entry.status != "draft":
                continue
            changed = [
                ref.path
                for ref in anchoring.sources_of(entry, self.base)
                if self._in_scope(ref.path)
                and anchoring.stale_copy(lock, self.project, entry, ref.text)[0]
            ]
            # a page init --scan drew from (a README it quotes) is among the code it
            # describes: there is no import of it to run again (WebAssembly/design)
            described = {ref.path for ref in anchoring.refs_of(entry)}
            if any(conversion.is_page(path) and path not in described for path in changed):
                imported.append(entry.id)
            elif changed:
                drawn.append(entry.id)
        return imported, drawn

    def _moved_draft(self, entry: Entry, renames: dict[str, str]) -> _Doc | None:
        """A draft whose code files git saw renamed: its impl_refs follow them (a rename is
        a mechanical fix, and ``init --scan`` writes nothing but drafts), though nobody
        checked it against the code, so it is never flagged."""
        doc = _Doc(entry)
        for ref in anchoring.watched(entry, self.base):
            if not self._in_scope(ref.path) or os.path.lexists(self.project / ref.path):
                continue
            moved = self._renamed(ref.path, renames)
            if moved is not None and (ref.path, moved) not in doc.renamed:
                doc.renamed.append((ref.path, moved))
        return doc if doc.renamed else None

    def _changes(self, refs: dict[str, list[anchors.Ref]], entries: Sequence[Entry]) -> set[str]:
        wanted = {
            repo
            for entry in entries
            for ref in refs.get(entry.id, [])
            if (repo := self._repo_path(ref.path))
        }
        if self.top is None:
            return set()
        return set(self.git.last_changes(wanted, self.since, today=self.today))

    def _note_symbols(self, ref: anchors.Ref, noted: set[str], report: UpdateReport) -> None:
        """One note per kind of file whose symbols are followed at file level."""
        suffix = os.path.splitext(ref.path)[1] or ref.path
        if not ref.symbol or anchors.supports(ref.path) or suffix in noted:
            return
        noted.add(suffix)
        if syntax.language_of(ref.path) is not None:
            why = "install mdbrain[anchors] to follow them one by one"
        else:
            why = "a change anywhere in such a file flags the documents on its symbols"
        report.notes.append(f"symbols in {suffix} files are followed at file level ({why})")

    def _assess_ref(
        self,
        doc: _Doc,
        ref: anchors.Ref,
        seen: dict[str, dict[str, str]],
        changes: dict[str, git.Change],
        renames: dict[str, str],
    ) -> None:
        now = anchoring.take(self.project, ref)
        said = "source " if ref.text in doc.sources else ""
        if now.unreadable:
            doc.changed.append(said + now.unreadable)
            return
        if now.gone:
            # a symbol's file renamed moves the symbol with it; a symbol gone from a file
            # still there was not moved by git
            file_gone = not ref.symbol or not os.path.lexists(self.project / ref.path)
            moved = self._renamed(ref.path, renames) if file_gone else None
            if moved is None:
                doc.gone.append(said + now.gone)
                return
            if (ref.path, moved) not in doc.renamed:  # a file and its symbols: one rename
                doc.renamed.append((ref.path, moved))
            doc.moves.append(self._follow(doc.entry, ref, moved, seen))
            return
        drift, taken = self._compare(doc.entry, ref, now, seen.get(ref.text), changes)
        if drift:
            doc.changed.append(said + drift)
        if taken is not None:
            seen[ref.text] = taken

    def _compare(
        self,
        entry: Entry,
        ref: anchors.Ref,
        now: anchoring.Print,
        recorded: dict[str, str] | None,
        changes: dict[str, git.Change],
    ) -> tuple[str, dict[str, str] | None]:
        """What is wrong with ``ref`` (found as ``now``) against the fingerprint recorded
        when it was verified ('' when nothing), and the fingerprint to record for it
        from now on (None to leave the lock as it is)."""
        verified = anchoring.verified_on(entry)
        stamp = verified.isoformat() if verified else self.today.isoformat()
        taken = {"hash": now.hash, "verified": stamp}
        if recorded is None:
            drift = self._legacy_drift(ref, verified, changes)
            return drift, None if drift else taken
        if verified is not None and stamp > recorded.get("verified", ""):
            return "", taken  # verified again since
        if recorded.get("hash") != now.hash and anchoring.taken_first(
            self.project, ref, recorded.get("hash", "")
        ):
            return "", {**recorded, "hash": now.hash}  # the same code, fingerprinted anew
        if recorded.get("hash") != now.hash:
            when = recorded.get("verified") or "its last verification"
            return f"{ref.text} changed since it was verified on {when}{self._why(ref)}", None
        return "", None

    def _follow(
        self, entry: Entry, ref: anchors.Ref, moved: str, seen: dict[str, dict[str, str]]
    ) -> _Move:
        """``ref`` at its file's new path ``moved``, compared with the fingerprint taken
        at the old one: code that only moved is still what was verified."""
        there = anchors.Ref(moved, ref.symbol)
        now = anchoring.take(self.project, there)
        if now.unreadable or now.gone:
            return _Move(there.text, now.unreadable or now.gone, None)
        recorded = seen.get(ref.text)
        if recorded is None:
            # nothing verified to compare with: the next run judges it by git's dates, as
            # any impl_ref without a fingerprint (the rename's commit counts as a change)
            return _Move(there.text, "", None)
        drift, taken = self._compare(entry, there, now, recorded, {})
        # what was verified follows the code, changed or not
        return _Move(there.text, drift, taken or dict(recorded))

    def _why(self, ref: anchors.Ref) -> str:
        """What git says about the last change of an impl_ref ('' outside git)."""
        repo = self._repo_path(ref.path)
        if self.top is None or repo is None:
            return ""
        change = self.git.last_changes([repo], today=self.today).get(repo)
        if change is None:
            return ""
        return f" (last change: {change.commit} on {change.date}: {change.subject})"

    def _legacy_drift(
        self, ref: anchors.Ref, updated: dt.date | None, changes: dict[str, git.Change]
    ) -> str:
        """Drift of an impl_ref that has no fingerprint yet, by date: '' when none."""
        if updated is None:
            return ""
        if self.top is not None:
            change = changes.get(self._repo_path(ref.path) or "")
            if change is not None and change.date > updated:
                return (
                    f"{ref.path} changed after {updated}"
                    f" ({change.commit} on {change.date}: {change.subject})"
                )
            return ""
        modified = dt.date.fromtimestamp(_newest_mtime(self.project / ref.path))
        return f"{ref.path} modified on {modified}, after {updated}" if modified > updated else ""

    def moved(self, ref_paths: Iterable[str]) -> dict[str, str]:
        """Where git saw each of ``ref_paths`` (impl_ref paths that exist no more) renamed
        to, for those it did: what ``fix`` would point them at."""
        wanted = list(ref_paths)
        renames = self._renames() if wanted else {}
        return {p: new for p in wanted if renames and (new := self._renamed(p, renames))}

    def _renamed(self, ref_path: str, renames: dict[str, str]) -> str | None:
        """Where git saw a file moved, or a folder: the one folder every renamed file of
        it went to, under the same names (``git mv src/Tests src/UnitTests``)."""
        repo = self._repo_path(ref_path.rstrip("/"))
        if not repo or self.top is None:
            return None
        moved = renames.get(repo) or _folder_moved(repo, renames)
        if not moved:
            return None
        full = self.top / moved
        if not (full.is_file() or (full.is_dir() and moved != repo)):
            return None
        return os.path.relpath(full, self.project).replace(os.sep, "/")

    # --- writing -----------------------------------------------------------------

    def _apply(self, doc: _Doc, *, fix: bool, report: UpdateReport, write: bool) -> None:
        """Work out the flag and the edits of one document; write them when ``write``."""
        entry = doc.entry
        try:
            text = original = self.session.read(entry.id).text
        except MdbrainError as exc:
            report.notes.append(f"{entry.id}: {exc.message}; left as it is")
            return
        for old, new in doc.renamed:
            # a source that is the moved file names it where it is now
            moved, _ = edit.rename_in_fields(text, ("impl_refs", "sources"), old, new)
            text = moved if fix else text
            report.renames.append(Rename(entry.id, old, new, fix, _names_in_text(moved, old)))
        if entry.status == "draft":  # not compared with the code: only its paths follow
            if write:
                self._write(doc, text, original, fix=fix, report=report)
            return
        if fix:  # what the moved code is now, under its new path
            unresolved = [move.drift for move in doc.moves if move.drift]
        else:
            unresolved = [f"{o} was renamed to {n}" for o, n in doc.renamed]
        reasons = doc.changed + doc.gone + unresolved
        if reasons:
            # proposed for archiving when every impl_ref is gone; a source gone says less
            gone = [g for g in doc.gone if not g.startswith("source ")]
            total = len(fields.strings(entry.meta, "impl_refs"))
            archive = bool(gone) and len(gone) == total
            reason = "; ".join(reasons)
            already = entry.status == "needs-review"
            current = fields.text(entry.meta, "review_reason")
            refreshed = already and current != reason
            if not already:
                text = edit.set_field(text, "status", "needs-review")
            if not already or refreshed:
                text = edit.set_field(text, "review_reason", reason)
            report.flagged.append(Flag(entry.id, reason, archive, already, refreshed))
        elif fix and doc.renamed:
            text = self._mended(text, entry, doc, report)
        if write:
            self._write(doc, text, original, fix=fix, report=report)

    def _write(
        self, doc: _Doc, text: str, original: str, *, fix: bool, report: UpdateReport
    ) -> None:
        """Write a document's new text, and with ``fix`` the fingerprints of its moved code
        under their new impl_refs (the lock is written after every document)."""
        if text != original:
            try:
                self.session.write(doc.entry.id, text)
            except GuardError as exc:  # a commit subject quoted in the reason held a secret
                report.notes.append(f"{doc.entry.id}: left as it is: {exc.message}")
                return
        for move in doc.moves if fix else ():
            if move.fingerprint is not None:
                doc.seen[move.new] = move.fingerprint

    @staticmethod
    def _mended(text: str, entry: Entry, doc: _Doc, report: UpdateReport) -> str:
        """``text`` once the renames of ``doc`` are fixed and nothing else is wrong: the
        reasons a review gave about the old paths go (they say what is no longer so).
        When none is left, the document was flagged for the move alone; if the code
        there is what was verified (its fingerprints match), it is back in force,
        ``stable`` (the one status in force but ``needs-review``). Reasons about
        anything else stay, and so does the review."""
        current = fields.text(entry.meta, "review_reason")
        if entry.status != "needs-review" or not current:
            return text
        reasons = _reasons(current)
        olds = [old for old, _new in doc.renamed]
        kept = [r for r in reasons if not any(_about(r, old) for old in olds)]
        if kept == reasons:
            return text
        # code moved with no fingerprint taken before cannot be shown unchanged
        unknown = [
            f"{move.new} has no fingerprint to compare with"
            for move in doc.moves
            if move.fingerprint is None
        ]
        if kept or unknown:
            return edit.set_field(text, "review_reason", "; ".join(kept + unknown))
        report.notes.append(f"{entry.id}: back in force (stable): its code only moved")
        return edit.remove_field(edit.set_field(text, "status", "stable"), "review_reason")

    def _undocumented(self, entries: Sequence[Entry]) -> tuple[list[str], Counter[str]]:
        """Source files of the project that no impl_ref points at; and how many code files
        each folder of examples, vendored or generated code holds, which init --scan does
        not draft either, counted as init counts them (:func:`codemap.left_out_as`): all
        of them, whether a document names them or not (fastapi/fastapi's docs_src/: update
        said 175, its code files that no document named, where init had said 464)."""
        aside: Counter[str] = Counter()
        if self.top is None:
            return [], aside
        referenced = {ref.path.rstrip("/") for e in entries for ref in anchoring.refs_of(e)}
        root = self.root.resolve()
        project = self.project.resolve()
        tracked = self.git.tracked()
        pages = codemap.page_folders(self._from_project(tracked, project))
        out = []
        for repo_path in tracked:
            if not repo_path.endswith(CODE_SUFFIXES):
                continue
            full = (self.top / repo_path).resolve()
            if full.is_relative_to(root) or not full.is_relative_to(project):
                continue
            rel = full.relative_to(project).as_posix()
            if not self._in_scope(rel):
                continue
            why = codemap.left_out_as(rel, pages, lambda path: self._generated(project / path))
            if why:
                aside[why] += 1
            elif rel not in referenced and not any(rel.startswith(r + "/") for r in referenced):
                out.append(rel)
        return sorted(out), aside

    def _from_project(self, tracked: Iterable[str], project: Path) -> list[str]:
        """The tracked files inside the project folder, as paths from it, read from their
        names alone (no file is looked at): what :func:`codemap.page_folders` is given,
        as init gives it the project's files."""
        try:
            inside = project.relative_to(self._top_resolved).as_posix()
        except ValueError:  # a project outside the repository it is read with
            return []
        if inside == ".":
            return list(tracked)
        return [p[len(inside) + 1 :] for p in tracked if p.startswith(inside + "/")]

    @staticmethod
    def _generated(path: Path) -> bool:
        """Whether a file of code says at its top that a tool wrote it
        (:func:`codemap.generated_code`): no draft describes it, as ``init --scan`` says."""
        try:
            with path.open("rb") as handle:
                head = handle.read(4096).decode("utf-8", "replace")
        except OSError:
            return False
        return codemap.generated_code(head)

    def _draft(self, undocumented: list[str]) -> tuple[list[str], list[str]]:
        """Draft documents for the code units no document describes, never overwriting:
        the ids written, and those of the drafts a document already holds."""
        from mdbrain.service import scanning

        return scanning.draft_units(self.session, set(undocumented))


def _none_drafted(kept: Sequence[str]) -> str:
    """Why ``update --draft`` wrote nothing: rust-lang/rust-analyzer's seven test files
    were listed on every run, and nothing was written or said."""
    if kept:
        shown = ", ".join(kept[:3]) + (f" and {len(kept) - 3} more" if len(kept) > 3 else "")
        return (
            f"--draft wrote nothing: the drafts of the units holding the files listed below"
            f" ({shown}) exist already, and are never replaced; add the files to their"
            " impl_refs, or write a document that names them"
        )
    return (
        "--draft wrote nothing: the files listed below make no unit a draft describes;"
        " name them in the impl_refs of the document that should describe them"
    )


# fields that name code paths for update and the check, not as prose a reader reads
_PATH_FIELDS = frozenset({"impl_refs", "sources", "review_reason"})


def _names_in_text(text: str, path: str) -> bool:
    """Whether a document names ``path`` where a reader reads it: in its body, or in a
    field other than those that list code (``impl_refs`` with a ``#symbol`` are
    followed by their own moves)."""
    from mdbrain.core.document import loads
    from mdbrain.core.errors import DocumentError

    try:
        found = loads(text, "")
    except DocumentError:
        return path in text
    said = [str(v) for k, v in found.meta.items() if k not in _PATH_FIELDS]
    # the path whole: src/app.ts is not named by src/app.tsx, its new name
    named = re.compile(rf"(?<![\w/.-]){re.escape(path)}(?![\w.-])")
    return any(named.search(value) for value in (found.body, *said))


def _folder_moved(folder: str, renames: dict[str, str]) -> str | None:
    """The folder that every file git saw renamed out of ``folder`` went to, keeping its
    path under it; None when there is none, or more than one."""
    prefix = folder + "/"
    targets = set()
    for old, new in renames.items():
        if old.startswith(prefix):
            rest = old[len(prefix) :]
            if not new.endswith("/" + rest):
                return None  # renamed, not only moved: no folder to follow
            targets.add(new[: -len(rest) - 1])
    return targets.pop() if len(targets) == 1 else None


def _reasons(text: str) -> list[str]:
    """The reasons a ``review_reason`` joins with "; ", one "; " inside brackets left
    alone (a commit subject quoted in "(last change: ...)" may hold one)."""
    out, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth <= 0 and text.startswith("; ", at):
            out.append(text[start:at])
            start = at + 2
    return [*out, text[start:]]


def _about(reason: str, path: str) -> bool:
    """Whether a reason update wrote is about the code at ``path``: each starts with the
    impl_ref or its path ("src/a.py#Session no longer exists", "src/a.py was renamed
    to ...", "src/a.py changed since ...")."""
    return reason.startswith(path) and reason[len(path) : len(path) + 1] in ("", "#", " ", ":")


def _newest_mtime(path: Path) -> float:
    """The modification time of a file, or of the newest file under a folder."""
    if not path.is_dir():
        return path.stat().st_mtime
    times = [p.stat().st_mtime for p in path.rglob("*") if p.is_file()]
    return max(times, default=path.stat().st_mtime)


def relative_to_project(project: Path, cwd: Path | None, value: str) -> str:
    """A path given by a user (from ``cwd``, or absolute) as a path from the project."""
    from mdbrain.core import ids
    from mdbrain.core.errors import InvalidRequestError, OutsideBaseError

    if not isinstance(value, str) or "\0" in value:
        raise InvalidRequestError("paths must be text naming code of the project", field="paths")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError("a path is not valid text", field="paths") from None
    given = files.expand_user(value)
    if cwd is not None or given.is_absolute():
        full = given if given.is_absolute() else (cwd or project) / given
        rel = os.path.relpath(os.path.abspath(full), os.path.abspath(project))
        if rel == "." or rel.startswith(".." + os.sep) or rel == "..":
            if rel == ".":
                return ""
            raise OutsideBaseError(f"{value} is outside the project {project}", value=value)
        return ids.code_path(Path(rel).as_posix(), field="paths")
    stripped = value.strip()
    if stripped in (".", "./"):
        return ""
    return ids.code_path(stripped, field="paths")
