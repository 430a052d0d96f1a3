"""The ``index`` operation: regenerate the derived files, doing as little as possible.

Three paths, from cheapest to dearest, each proven safe before it is taken:

1. Nothing moved: every document still has the stamp the last run recorded,
   the marker the same bytes, every derived file the same content hash (or the
   same stamp, once the file is old enough for its stamp to vouch for it). Done
   without opening a document.
2. A few documents changed, none added or removed, and each still has the same
   :func:`~mdbrain.core.manifest.digest` (the part of a document the derived
   files read): their prose changed, not their place in the indexes. Done after
   parsing only those files (and, for a synthesis page with a generated block,
   the few documents it cites, to see that the block stays as it is).
3. Anything else: scan (reusing cached entries), render, write what differs.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mdbrain.core import rules
from mdbrain.core.errors import MdbrainError, UnsafePathError
from mdbrain.core.findings import Finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.store import cache, files, lock, scan
from mdbrain.store.location import Location

if TYPE_CHECKING:
    from mdbrain.service.session import Session

QUICK_MAX = 64  # most changed documents the second path will parse before giving up
_GENERATED = re.compile(r'^generated:\s*"?([0-9][0-9T:+\-.Z]*)"?\s*$', re.MULTILINE)


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What ``index`` did: files written, left alone or removed, and what it noticed."""

    documents: int
    date: str | None
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]
    parsed: int
    findings: tuple[Finding, ...]
    refreshed: tuple[str, ...] = ()  # synthesis pages whose generated block was rewritten
    held: tuple[str, ...] = ()  # derived file names held by a file mdbrain did not write (W017)
    # after a change to documents: why the derived files could not be regenerated (the
    # documents stay changed; a later ``index`` makes them), '' when they were
    failed: str = ""

    @property
    def changed(self) -> bool:
        return bool(self.written or self.removed)


class _Parsed(Mapping[str, Entry]):
    """The entries of the documents asked for, each parsed the first time it is asked."""

    def __init__(self, docs: list[scan.DocFile], limit: int) -> None:
        self._docs = {doc.id: doc for doc in docs}
        self._limit = limit
        self._parsed: dict[str, Entry] = {}

    def __getitem__(self, doc_id: str) -> Entry:
        found = self._parsed.get(doc_id)
        if found is None:
            doc = self._docs[doc_id]  # KeyError for a document the base does not hold
            found = self._parsed[doc_id] = scan.read_all([doc], self._limit)[0]
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._docs)

    def __len__(self) -> int:
        return len(self._docs)


class Indexer:
    def __init__(self, where: Location, today: str, *, session: Session | None = None) -> None:
        self.where = where
        self.root = where.root
        self.config = where.config
        self.today = today
        self.session = session

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        if self.session is not None:
            with self.session.writing():
                yield
        else:
            with lock.held(self.root):
                yield

    def _walk(self) -> tuple[list[scan.DocFile], list[Finding]]:
        if self.session is not None:
            view = self.session.view()
            return list(view.files), list(view.problems)
        return scan.walk(self.root, self.config)

    def _scan(
        self, found: list[scan.DocFile], problems: list[Finding]
    ) -> tuple[Manifest, scan.ScanStats]:
        if self.session is not None:
            view = self.session.view()
            return view.manifest, scan.ScanStats(len(view.files), view.parsed)
        return scan.scan_files(self.root, found, problems, limit=scan.size_limit(self.config))

    # --- the date ----------------------------------------------------------------

    def date(self, found: Manifest) -> str:
        """The latest document date; without any, the one already written, else today."""
        from mdbrain.core import indexes

        date = indexes.generation_date(found)
        if date is not None:
            return date
        try:
            text = files.read(self.root, self.config.index.relations).decode("utf-8")
        except (MdbrainError, UnicodeDecodeError):
            text = ""
        match = _GENERATED.search(text)
        return match.group(1) if match else self.today

    def derived(self, found: Manifest) -> dict[str, str]:
        from mdbrain.core import indexes

        return indexes.derive(found, self.config, self.date(found))

    def derived_names(self, found: Manifest) -> list[str]:
        """The paths of the derived files, without rendering them."""
        from mdbrain.core import indexes

        names = self.config.index
        base = [names.overview, names.relations, names.manifest]
        if len(found) > names.shard_threshold:
            themes = {indexes.theme_of(e.id) for e in found.entries} - {""}
            base += [f"{theme}/{names.manifest}" for theme in sorted(themes)]
        return base

    # --- the three paths ---------------------------------------------------------

    def run(self) -> IndexReport:
        found, problems = self._walk()
        state, restamp = self._valid_state()
        if state is not None:
            quick = self._quick(state, found, problems, restamp=restamp)
            if quick is not None:
                return quick
        with self._locked():
            found, problems = self._walk()
            return self._full(found, problems)

    def _valid_state(self) -> tuple[dict[str, Any] | None, bool]:
        """The last run's record, if the marker and every derived file are as it left
        them; and whether a derived file had to be read to tell (its stamp could not
        vouch for it then, and may now: the record is worth writing again)."""
        state = cache.load_state(self.root)
        if not state or state.get("fingerprint") != self._fingerprint():
            return None, False
        outputs, stamps = state.get("outputs"), state.get("stamps") or {}
        if not isinstance(outputs, dict) or not isinstance(stamps, dict):
            return None, False
        read = False
        for rel, digest in outputs.items():
            known = stamps.get(rel)
            if known is not None and known == self._output_stamp(rel):
                continue
            read = True
            if self._output_hash(rel) != digest:
                return None, False
        if state.get("held"):
            return None, False  # a file not ours held a derived name: look again every time
        return state, read

    def _quick(
        self,
        state: dict[str, Any],
        files: list[scan.DocFile],
        problems: list[Finding],
        *,
        restamp: bool = False,
    ) -> IndexReport | None:
        docs: dict[str, list[Any]] = state.get("docs") or {}
        if len(docs) != len(files) or any(doc.id not in docs for doc in files):
            return None  # a document was added or removed
        changed = [doc for doc in files if docs[doc.id][:3] != list(doc.stamp)]
        if len(changed) > QUICK_MAX:
            return None
        entries = scan.read_all(changed, scan.size_limit(self.config))
        if any(e.digest != docs[e.id][3] for e in entries):
            return None
        if any(e.type == "overview" and self._block_moves(e, files) for e in entries):
            return None  # a synthesis page's prose changed its generated block
        per_doc: dict[str, list[list[Any]]] = dict(state.get("findings") or {})
        for entry in entries:
            per_doc.pop(entry.id, None)
            if entry.findings:
                per_doc[entry.id] = [list(f) for f in entry.findings]
        found = [*problems, *(Finding(*f) for rows in per_doc.values() for f in rows)]
        report = IndexReport(
            documents=len(files),
            date=state.get("date"),
            written=(),
            unchanged=tuple(sorted(state["outputs"])),
            removed=(),
            parsed=len(entries),
            findings=tuple(sorted(rules.guarded(found, self.config), key=Finding.sort_key)),
        )
        if changed or restamp:
            projections = {e.id: e.digest for e in entries}
            with self._locked():
                self._remember(files, projections, docs, per_doc, report)
        return report

    def _block_moves(self, entry: Entry, docs: list[scan.DocFile]) -> bool:
        """Whether a synthesis page's generated block would change; the documents it cites
        are parsed on demand, not the whole base."""
        from mdbrain.core import synthesis

        try:
            text = files.read(self.root, entry.id).decode("utf-8")
        except (MdbrainError, UnicodeDecodeError):
            return True  # let the full path look at it
        if synthesis.BEGIN not in text:
            return False
        cited = _Parsed(docs, scan.size_limit(self.config))
        new = synthesis.refresh(entry, text, entry.body_line, cited)
        return new is not None and new != text

    def _refresh_blocks(self, found: Manifest) -> list[str]:
        """Bring the generated blocks of synthesis pages up to date; the pages rewritten."""
        from mdbrain.core import synthesis

        refreshed = []
        for entry in found.entries:
            if entry.type != "overview":
                continue
            try:
                text = files.read(self.root, entry.id).decode("utf-8")
            except (MdbrainError, UnicodeDecodeError):
                continue
            if synthesis.BEGIN not in text:
                continue
            new = synthesis.refresh(entry, text, entry.body_line, found.by_id)
            if new is not None and new != text:
                files.write(self.root, entry.id, new)
                refreshed.append(entry.id)
        return refreshed

    def _full(self, files: list[scan.DocFile], problems: list[Finding]) -> IndexReport:
        found, stats = self._scan(files, problems)
        refreshed = self._refresh_blocks(found)
        if refreshed:  # those pages changed: read them again before deriving anything
            if self.session is not None:
                self.session.forget()
            files, problems = self._walk()
            found, _again = self._scan(files, problems)
        wanted = self.derived(found)
        written, kept = [], []
        held = self.foreign(wanted)
        for rel, text in sorted(wanted.items()):
            if rel in held:
                continue  # not ours: the check reports it (W017)
            if self._write_if_changed(rel, text.encode("utf-8")):
                written.append(rel)
            else:
                kept.append(rel)
        removed = self._remove_stale_shards(wanted)
        report = IndexReport(
            documents=len(found),
            date=self.date(found),
            written=tuple(written),
            unchanged=tuple(kept),
            removed=tuple(removed),
            parsed=stats.parsed,
            findings=tuple(rules.guarded(found.all_findings(), self.config)),
            refreshed=tuple(refreshed),
            held=tuple(sorted(held)),
        )
        projections = {e.id: e.digest for e in found.entries}
        per_doc = {e.id: [list(f) for f in e.findings] for e in found.entries if e.findings}
        self._remember(files, projections, {}, per_doc, report)
        return report

    # --- the record of the last run ---------------------------------------------

    def _fingerprint(self) -> str:
        """What, besides the documents, the derived files depend on: the marker's bytes."""
        try:
            data = files.read_path(self.where.marker, limit=1 << 20)
        except MdbrainError:
            data = b""
        return hashlib.sha256(data).hexdigest()

    def _output_stamp(self, rel: str) -> list[int] | None:
        """The stamp (inode, size, modification time) of a derived file, None without one."""
        try:
            st = os.lstat(files.locate(self.root, rel))
        except (OSError, MdbrainError):
            return None
        return [st.st_ino, st.st_size, st.st_mtime_ns] if stat.S_ISREG(st.st_mode) else None

    def _output_hash(self, rel: str) -> str | None:
        try:
            return hashlib.sha256(files.read(self.root, rel)).hexdigest()
        except MdbrainError:
            return None

    def _outputs(
        self, names: tuple[str, ...]
    ) -> tuple[dict[str, str], dict[str, list[int]]] | None:
        """The content hash of each derived file, and the stamps that can vouch for it
        next time; None when a file is missing.

        A stamp is kept only when the file did not move while it was read and was last
        modified before the racy margin: a derived file is often read again within the
        clock tick it was written in, where its stamp could not tell a rewrite.
        """
        hashes, stamps = {}, {}
        trusted = time.time_ns() - cache.RACY_MARGIN_NS
        for rel in names:
            before = self._output_stamp(rel)
            digest = self._output_hash(rel)
            if digest is None:
                return None
            hashes[rel] = digest
            if before is not None and before[2] < trusted and before == self._output_stamp(rel):
                stamps[rel] = before
        return hashes, stamps

    def _remember(
        self,
        files: list[scan.DocFile],
        projections: dict[str, str],
        previous: dict[str, list[Any]],
        per_doc: dict[str, list[list[Any]]],
        report: IndexReport,
    ) -> None:
        """Record this run, so that the next one can take a cheaper path when it is safe.

        A document modified too recently to trust its stamp is recorded with an
        impossible modification time, so that the next run parses it again.
        """
        outputs = self._outputs(report.written + report.unchanged)
        if outputs is None:
            cache.save_state(self.root, {})
            return
        trusted = time.time_ns() - cache.RACY_MARGIN_NS
        docs = {}
        for doc in files:
            known = previous.get(doc.id)
            digest = projections.get(doc.id) or (known[3] if known else None)
            if digest is None:  # appeared while this run worked: the next run reads it
                continue
            ino, size, mtime = doc.stamp
            docs[doc.id] = [ino, size, mtime if mtime < trusted else -1, digest]
        cache.save_state(
            self.root,
            {
                "fingerprint": self._fingerprint(),
                "docs": docs,
                "outputs": outputs[0],
                "stamps": outputs[1],
                "held": list(report.held),
                "date": report.date,
                "findings": per_doc,
            },
        )

    def _remove_stale_shards(self, wanted: dict[str, str]) -> list[str]:
        """Delete per-theme index shards that mdbrain wrote and no longer needs."""
        from mdbrain.core import indexes

        removed = []
        name = self.config.index.manifest
        for shard in sorted(self.root.glob(f"*/{name}")):
            rel = f"{shard.parent.name}/{name}"
            if rel in wanted or shard.parent.name.startswith(("_", ".")):
                continue
            try:
                text = files.read(self.root, rel).decode("utf-8")
            except (MdbrainError, UnicodeDecodeError):
                continue
            if indexes.is_generated(text):
                files.remove(self.root, rel)
                removed.append(rel)
        return removed

    def foreign(self, names: Iterable[str]) -> set[str]:
        """The derived file names held by a file mdbrain did not write: never overwritten."""
        from mdbrain.core import indexes

        out = set()
        for rel in names:
            try:
                head = files.read(self.root, rel, limit=400).decode("utf-8", "replace")
            except UnsafePathError:
                out.add(rel)  # a FIFO, a folder or a link leading out: not ours either
                continue
            except MdbrainError:
                continue  # absent: ours to write
            if not indexes.is_generated(head):
                out.add(rel)
        return out

    def _write_if_changed(self, rel: str, data: bytes) -> bool:
        try:
            if files.read(self.root, rel) == data:
                return False
        except MdbrainError:
            pass
        files.write(self.root, rel, data)
        return True
