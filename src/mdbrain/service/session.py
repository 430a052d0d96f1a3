"""A session on one base: the files as they are now, kept warm between operations.

A command line run opens a session, does one thing and closes it; a long-lived
process (the MCP server, a library user) keeps one open, and each operation then
costs what its question costs: the session remembers every document's
manifest entry with the stamp (inode, size, modification time) its file had,
and on each call walks the root, compares stamps, and parses only what changed.
Nothing is trusted that the files do not vouch for (DESIGN.md §2.11): a file
modified too recently to trust its stamp is read again next time.

Threads may share a session. The in-memory state is guarded by a lock; every
thread gets its own search index connection and its own stemmer; parsing never
forks while other threads run. Writers take the base's lock through
:meth:`Session.writing`, which is re-entrant within a thread and shared with
other processes through the lock file.

Every read and write of a document goes through here, confined to the root:
:meth:`read` and :meth:`write` take ids that :mod:`mdbrain.service.addressing`
has checked, and the store refuses any link that would lead outside.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import stat
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import document
from mdbrain.core.errors import (
    DocumentError,
    InvalidRequestError,
    MdbrainError,
    NotFoundError,
    StaleReadError,
    UnsafePathError,
    UsageError,
)
from mdbrain.core.findings import Finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.progress import Progress
from mdbrain.store import cache, files, lock, scan
from mdbrain.store.cache import Stamp
from mdbrain.store.location import Location

if TYPE_CHECKING:
    from mdbrain.core.marker import Config
    from mdbrain.service.indexing import Indexer, IndexReport
    from mdbrain.service.searching import Searcher
    from mdbrain.store.watch import Watcher

Clock = Callable[[], dt.date]


def content_hash(data: bytes) -> str:
    """The hash writers pass back as ``expect_sha`` to prove what they last read."""
    return hashlib.sha256(data).hexdigest()


class View:
    """The base as one walk found it: its document files and, on demand, their manifest.

    The walk is cheap (one stat per file); the manifest is not (the cached entries
    loaded, changed files parsed). An operation that only needs to know whether
    anything moved, like a query served by an up-to-date search index or an
    ``index`` with nothing to do, never pays for it.
    """

    def __init__(
        self,
        files: tuple[scan.DocFile, ...],
        problems: tuple[Finding, ...],
        generation: int,
        build: Callable[[Mapping[str, tuple[Stamp, Entry]]], tuple[Manifest, int]],
        *,
        unknown: bool = False,
    ) -> None:
        self.files = files
        self.problems = problems
        self.generation = generation  # grows by one whenever the files differ from the last view
        self.by_id = {doc.id: doc for doc in files}
        # no entry of any file is known (none kept warm, no cache): a base read for the
        # first time, whose search index reads each file once for both (Searcher.sync)
        self.unknown = unknown
        self._build = build
        self._made: tuple[Manifest, int] | None = None
        self._parsed: dict[str, tuple[Stamp, Entry]] = {}  # by :meth:`entries`, for the manifest
        self._guard = threading.Lock()

    def _built(self) -> tuple[Manifest, int]:
        with self._guard:
            if self._made is None:
                self._made = self._build(self._parsed)
                self._parsed = {}
            return self._made

    def entries(self, ids: Sequence[str], limit: int | None) -> list[Entry]:
        """The entries of some of the files: from the manifest when it is made, else
        parsed now and kept, so that making the manifest later reads none of them again."""
        if self.made:
            by_id = self.manifest.by_id
            return [by_id[doc_id] for doc_id in ids]
        docs = [self.by_id[doc_id] for doc_id in ids]
        found = scan.read_all(docs, limit)
        self.keep({d.id: (d.stamp, e) for d, e in zip(docs, found, strict=True)})
        return found

    def keep(self, parsed: Mapping[str, tuple[Stamp, Entry]]) -> None:
        """Keep entries parsed for another purpose (by their file's stamp), so that making
        the manifest reads none of those files again."""
        with self._guard:
            if self._made is None:
                self._parsed.update(parsed)

    @property
    def manifest(self) -> Manifest:
        return self._built()[0]

    @property
    def made(self) -> bool:
        """Whether the manifest has been made already (asking for it then costs nothing)."""
        return self._made is not None

    @property
    def parsed(self) -> int:
        """Documents the manifest of this view had to read (the others were remembered)."""
        return self._built()[1]


@dataclass(frozen=True, slots=True)
class Read:
    """A document's text as read, with the hash a later write may expect."""

    id: str
    text: str
    sha: str


class _Searchers:
    """Every search connection the session opened, in any thread, closed together."""

    def __init__(self) -> None:
        self.items: list[Searcher] = []
        self.guard = threading.Lock()

    def add(self, searcher: Searcher) -> None:
        with self.guard:
            self.items.append(searcher)

    def close(self) -> None:
        with self.guard:
            items, self.items = self.items, []
        for searcher in items:
            searcher.close()


class Session:
    """The warm state of one base. Open it with :meth:`Brain.open`; close it when done."""

    def __init__(
        self, where: Location, clock: Clock = dt.date.today, *, watch: bool = False
    ) -> None:
        self.where = where
        self.clock = clock
        # a long-lived session learns from the kernel whether anything changed (Linux), so a
        # call with nothing changed costs no walk; made before the first walk, so nothing
        # that happens after it is missed
        self._watcher = _watcher(where.root) if watch else None
        self._state = threading.RLock()
        self._entries: dict[str, tuple[Stamp, Entry]] | None = None
        self._view: View | None = None
        # views are numbered for the life of the session, never again from 1 after
        # forget(): a searcher that synced with an older view of the same number would
        # take the new one for it, and answer from files this process has rewritten
        self._generation = 0
        self._racy = True  # the last view held files too recent to trust
        self._local = threading.local()
        self._searchers = _Searchers()
        self._writer = threading.RLock()
        self._writer_depth = 0
        # the view the writing thread took under the write lock, which it reads again
        # until it writes (see :meth:`view`)
        self._pinned: tuple[int, View | None] | None = None
        self._closed = False
        self.progress: Progress | None = None  # told of long work (see reporting)
        self._finalizer = weakref.finalize(self, _release, self._searchers, self._watcher)

    # --- identity ------------------------------------------------------------------

    @property
    def root(self) -> Path:
        return self.where.root

    @property
    def project(self) -> Path:
        return self.where.project

    @property
    def config(self) -> Config:
        return self.where.config

    def today(self) -> dt.date:
        return self.clock()

    # --- lifetime --------------------------------------------------------------------

    def close(self) -> None:
        """Close every search connection; the session cannot be used afterwards."""
        self._closed = True
        self._finalizer()

    def _alive(self) -> None:
        if self._closed:
            raise UsageError("this session on the base is closed; open a new one")

    # --- the files, as they are now -----------------------------------------------------

    def view(self) -> View:
        """The files and manifest of the base now, parsing only what changed since last time."""
        self._alive()
        with self._state:
            last = self._view
            if last is not None and self._pinned == (threading.get_ident(), last):
                # under the write lock, the writer's own view: no other writer can have
                # changed the base since, and its own writes forget it (a write of ten
                # thousand documents walked them ten times)
                return last
            quiet = self._watcher is not None and not self._watcher.changed()
            if last is not None and not self._racy and quiet:
                return last  # the kernel saw nothing change under the root
        found, problems = scan.walk(self.root, self.config)
        with self._state:
            last = self._view
            if last is not None and not self._racy and _same(last, found, problems):
                return last
            self._generation += 1
            generation = self._generation
            # a stamp this recent could still move within the same clock tick
            trusted = time.time_ns() - cache.RACY_MARGIN_NS
            self._racy = any(doc.stamp[2] >= trusted for doc in found)
            build = self._builder(found, problems)
            unknown = self.knows_nothing()
            self._view = View(tuple(found), tuple(problems), generation, build, unknown=unknown)
            if self._pinned is not None and self._pinned[0] == threading.get_ident():
                self._pinned = (self._pinned[0], self._view)
            return self._view

    def _builder(
        self, found: list[scan.DocFile], problems: list[Finding]
    ) -> Callable[[Mapping[str, tuple[Stamp, Entry]]], tuple[Manifest, int]]:
        """How to make the manifest of a walk, the first time someone needs it."""

        def build(parsed: Mapping[str, tuple[Stamp, Entry]]) -> tuple[Manifest, int]:
            with self._state:
                manifest, stats = scan.scan_files(
                    self.root,
                    found,
                    problems,
                    warm=self._entries,
                    parsed=parsed,
                    use_cache=True,
                    limit=scan.size_limit(self.config),
                    progress=self.progress,
                )
                self._entries = stats.trusted
                if len(stats.trusted) < len(found):
                    self._racy = True
                return manifest, stats.parsed

        return build

    def manifest(self) -> Manifest:
        return self.view().manifest

    def knows_nothing(self) -> bool:
        """Whether no entry of any file is known: none kept warm, no entry cache file (a
        base read for the first time, or whose cache was deleted)."""
        return self._entries is None and not cache.entries_saved(self.root)

    @contextmanager
    def reporting(self, progress: Progress | None) -> Iterator[None]:
        """Tell ``progress`` of the long work done inside the block (files parsed, written)."""
        before, self.progress = self.progress, progress
        try:
            yield
        finally:
            self.progress = before

    def forget(self) -> None:
        """Drop the remembered view (after this process wrote files, to read them again)."""
        with self._state:
            self._view = None
            self._racy = True

    # --- search -------------------------------------------------------------------------

    def searcher(self, view: View | None = None) -> Searcher:
        """This thread's search index, brought in step with the files first (with those
        of ``view``, a walk the caller made already, when given)."""
        from mdbrain.service.searching import Searcher

        view = self.view() if view is None else view
        searcher: Searcher | None = getattr(self._local, "searcher", None)
        if searcher is None:
            searcher = Searcher(self.root, self.config)
            self._local.searcher = searcher
            self._searchers.add(searcher)
        searcher.sync(view, self.progress)
        return searcher

    # --- the derived files ---------------------------------------------------------------

    def indexer(self) -> Indexer:
        from mdbrain.service.indexing import Indexer

        return Indexer(self.where, self.today().isoformat(), session=self)

    def reindex(self) -> IndexReport:
        """Regenerate the derived files after a change to documents, under the caller's
        hold of the lock. The change is made by then: a failure here (a derived file made
        read-only, a full disk) is said in the report (``failed``) rather than raised, or
        the caller would report a move or a write that happened as one that did not, and
        a retry would find the document gone or take it for a duplicate."""
        from mdbrain.service.indexing import IndexReport

        try:
            return self.indexer().run()
        except MdbrainError as exc:
            return IndexReport(0, None, (), (), (), 0, (), failed=str(exc))

    # --- writing ----------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the base's write lock: re-entrant in this thread, exclusive across threads
        of this process and across processes."""
        self._alive()
        if not self._writer.acquire(timeout=lock.default_wait()):
            from mdbrain.core.errors import BusyError

            raise BusyError(
                "the base is busy: another thread of this process is writing; retry",
                holder="another thread of this process",
                waited=lock.default_wait(),
            )
        try:
            if self._writer_depth:
                self._writer_depth += 1
                try:
                    yield
                finally:
                    self._writer_depth -= 1
                return
            with lock.held(self.root):
                self._writer_depth = 1
                # the first view under the lock is walked; the next ones reuse it
                self._pinned = (threading.get_ident(), None)
                try:
                    yield
                finally:
                    self._writer_depth = 0
                    self._pinned = None
                    self.forget()
        finally:
            self._writer.release()

    # --- documents ------------------------------------------------------------------------

    def path(self, doc_id: str) -> Path:
        """The file of a document id, checked to stay inside the root."""
        return files.locate(self.root, doc_id)

    def exists(self, doc_id: str) -> bool:
        """Whether the document's file is there; something that is not a regular file
        (a FIFO, a device, a folder) under a document's name is refused, not absent."""
        path = self.path(doc_id)  # a link leading outside is refused here
        try:
            mode = os.stat(path).st_mode
        except OSError:
            return False
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            return stat.S_ISREG(mode)
        raise UnsafePathError(
            f"{doc_id} is not a regular file (a FIFO, a device...); mdbrain does not use it",
            path=doc_id,
            reason="not-a-regular-file",
        )

    def read(self, doc_id: str, *, expect: str | None = None, whole: bool = True) -> Read:
        """A document's text and hash; ``expect`` refuses it when the hash changed.

        Without ``whole``, a document over the size limit is read up to the limit only
        (readers show part of it; a writer always reads it whole).
        """
        if expect is not None and not _SHA.fullmatch(expect):
            # not a hash at all: a slip to say, not a change to read again and retry over
            shown = expect if len(expect) <= 80 else expect[:77] + "..."
            raise InvalidRequestError(
                f"expect_sha {shown!r} is no hash mdbrain gives: pass the 64 hexadecimal"
                " characters a read returned as sha; nothing was written",
                field="expect_sha",
            )
        limit = None if whole else scan.size_limit(self.config)
        try:
            data = files.read(self.root, doc_id, limit=limit)
        except UnsafePathError:
            raise
        except MdbrainError:  # gone, or never there: say which document
            if not self.exists(doc_id):
                raise NotFoundError(
                    f"{doc_id} is not a document of this base", doc=doc_id
                ) from None
            raise
        if limit is not None and len(data) >= limit:  # a part only: no hash, no strict decoding
            return Read(doc_id, data.decode("utf-8", "replace"), "")
        sha = content_hash(data)
        if expect is not None and sha != expect.lower():
            raise StaleReadError(
                f"{doc_id} changed since it was read (its hash is now {sha});"
                " read it again and retry; nothing was written",
                doc=doc_id,
                current_sha=sha,
            )
        try:
            text = document.decode(data, path=doc_id)
        except DocumentError as exc:
            raise DocumentError(f"{exc.message}; nothing was written", path=doc_id) from None
        return Read(doc_id, text, sha)

    def write(
        self,
        doc_id: str,
        text: str,
        *,
        guarded: bool = True,
        before: str | None = None,
        marks: bool = False,
    ) -> str:
        """Replace (or create) a document atomically; returns the hash of what was written.

        The whole new text passes the guard first (see :mod:`mdbrain.service.guarding`):
        what it adds must hold no secret and, when the marker asks, no personal data.
        ``before`` is the text the change starts from, when it is not the file's (a move);
        ``marks``: the text is a page a person wrote, whose allow comments count.
        """
        data = (
            self.vet(doc_id, text, before=before, marks=marks)
            if guarded
            else _encoded(doc_id, text)
        )
        files.write(self.root, doc_id, data)
        self.forget()  # what runs next under the same lock (the index) reads it
        return content_hash(data)

    def write_together(self, texts: Mapping[str, bytes | str]) -> dict[str, str]:
        """Replace (or create) several documents as one change, already vetted
        (:meth:`vet`): should a write fail, those written before it are put back
        (:func:`files.write_together`). Returns the hash written to each."""
        data = {
            doc_id: _encoded(doc_id, text) if isinstance(text, str) else text
            for doc_id, text in texts.items()
        }
        try:
            files.write_together(self.root, data)
        finally:
            self.forget()
        return {doc_id: content_hash(value) for doc_id, value in data.items()}

    def vet(
        self, doc_id: str, text: str, *, before: str | None = None, marks: bool = False
    ) -> bytes:
        """What :meth:`write` checks before writing, without writing: the bytes to write,
        or the typed error that refuses them. An operation that writes several files
        vets them all first, so that a refusal finds none of them changed."""
        from mdbrain.service import guarding

        data = _encoded(doc_id, text)
        if before is None and os.path.lexists(self.root / doc_id):
            try:
                before = files.read(self.root, doc_id).decode("utf-8", "replace")
            except MdbrainError:
                before = None
        guarding.check(doc_id, text, self.config, before=before, marks=marks)
        return data

    def entry(self, doc_id: str) -> Entry:
        """The manifest entry of an existing document, or :class:`NotFoundError`."""
        found = self.manifest().get(doc_id)
        if found is None:
            raise NotFoundError(f"{doc_id} is not a document of this base", doc=doc_id)
        return found


_SHA = re.compile(r"[0-9a-fA-F]{64}")


def _encoded(doc_id: str, text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{doc_id}: the text is not valid UTF-8; nothing was written") from None


def _watcher(root: Path) -> Watcher | None:
    from mdbrain.store import watch as store_watch  # only long-lived sessions need it

    return store_watch.watcher(root)


def _release(searchers: _Searchers, watcher: Watcher | None) -> None:
    searchers.close()
    if watcher is not None:
        watcher.close()


def _same(last: View, found: list[scan.DocFile], problems: list[Finding]) -> bool:
    if len(last.files) != len(found) or list(last.problems) != problems:
        return False
    return all(a.id == b.id and a.stamp == b.stamp for a, b in zip(last.files, found, strict=True))
