"""Walk the knowledge root and turn every document file into a manifest entry.

What is a document: every ``.md`` or ``.markdown`` file under the root, except
files and folders whose name starts with ``_`` (drafts) or ``.`` (hidden), the
derived index files at the root, and the per-theme index shards. A symbolic link
is followed only when it is a file that stays inside the root; anything else is
reported and skipped. One unreadable file never stops the scan.
"""

from __future__ import annotations

import itertools
import os
import stat
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from mdbrain.core import links, manifest
from mdbrain.core.errors import MdbrainError
from mdbrain.core.findings import Finding, finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.marker import Config
from mdbrain.core.progress import Progress, counted
from mdbrain.store import cache
from mdbrain.store.files import locate, read_path

PARALLEL_MIN = 400  # below this many files to parse, one process is faster
MAX_WORKERS = 8
# Rewriting the entry cache costs about as much as parsing a few dozen files, so
# a handful of changes is left for the next scan to parse again.
SAVE_MIN = 32


class DocFile(NamedTuple):
    id: str
    path: str  # absolute path on disk
    stamp: cache.Stamp


def path_of(root: Path, doc_id: str) -> Path:
    """The file of a document: its id under the root (see :func:`mdbrain.store.files.locate`)."""
    return locate(root, doc_id)


def utf8_name(name: str) -> bool:
    """Whether a file name from the disk is valid UTF-8 (undecodable bytes are not)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reserved(config: Config) -> tuple[frozenset[str], str]:
    return config.index.reserved(), config.index.manifest


def walk(root: Path, config: Config) -> tuple[list[DocFile], list[Finding]]:
    """Every document file under ``root``, and findings about what was skipped."""
    reserved_top, shard_name = _reserved(config)
    real_root = os.path.realpath(root)
    files: list[DocFile] = []
    problems: list[Finding] = []

    def visit(folder: str, prefix: str, depth: int) -> None:
        try:
            with os.scandir(folder) as it:
                items = list(it)
        except OSError as exc:
            problems.append(
                finding("W007", prefix or ".", f"folder cannot be read: {exc.strerror}")
            )
            return
        for item in items:
            name = item.name
            if name[0] in "_.":
                continue
            rel = prefix + name
            if not name.isascii() and not utf8_name(name):
                shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                problems.append(finding("W007", prefix + shown, "name is not valid UTF-8; skipped"))
                continue
            try:
                if item.is_dir(follow_symlinks=False):
                    visit(item.path, rel + "/", depth + 1)
                    continue
                if not name.lower().endswith(links.DOC_SUFFIXES):
                    if item.is_symlink() and item.is_dir():
                        message = "symbolic link to a folder; not followed"
                        problems.append(finding("W007", rel, message))
                    continue
            except OSError as exc:  # a looping or broken link, a vanished entry
                problems.append(finding("W007", rel, f"cannot be read: {exc.strerror}; skipped"))
                continue
            if depth < 2 and ((depth == 0 and name in reserved_top) or name == shard_name):
                continue
            doc = _doc_file(item, rel, real_root, problems)
            if doc is not None:
                files.append(doc)

    visit(str(root), "", 0)
    files.sort(key=lambda d: d.id)
    return files, problems


def _doc_file(
    item: os.DirEntry[str], rel: str, real_root: str, problems: list[Finding]
) -> DocFile | None:
    try:
        if item.is_symlink():
            target = os.path.realpath(item.path)
            if os.path.commonpath([real_root, target]) != real_root:
                message = f"symbolic link to {target}, outside the root; skipped"
                problems.append(finding("W007", rel, message))
                return None
            st = os.stat(item.path)
            if not stat.S_ISREG(st.st_mode):
                problems.append(
                    finding("W007", rel, "link to something not a regular file; skipped")
                )
                return None
        elif item.is_file(follow_symlinks=False):
            st = item.stat(follow_symlinks=False)
        else:
            problems.append(
                finding("W007", rel, "not a regular file (a FIFO, a device...); skipped")
            )
            return None
    except OSError as exc:
        problems.append(finding("W007", rel, f"cannot be read: {exc.strerror}"))
        return None
    doc_id = rel if rel.isascii() else unicodedata.normalize("NFC", rel)
    return DocFile(doc_id, item.path, (st.st_ino, st.st_size, st.st_mtime_ns))


def _read(doc: DocFile, limit: int | None = None) -> Entry:
    """The entry of one file; above ``limit`` bytes, of its frontmatter alone."""
    return read_entry(doc, limit)[0]


def read_entry(doc: DocFile, limit: int | None = None) -> tuple[Entry, bytes | None]:
    """The entry of one file (above ``limit`` bytes, of its frontmatter alone) and the
    bytes it was made from, for a caller that reads the file for more than its entry
    (None when it could not be read: the entry says why)."""
    over = limit is not None and doc.stamp[1] > limit
    try:
        data = read_path(Path(doc.path), shown=doc.id, limit=manifest.HEAD_BYTES if over else None)
    except MdbrainError as exc:  # gone, unreadable, or replaced by a FIFO since the walk
        problem = finding("E005", doc.id, f"cannot be read: {exc.message}")
        return Entry(id=doc.id, findings=(problem,), parsed=False), None
    if over:
        return manifest.entry_from_head(data, doc.id, doc.stamp[1]), data
    return manifest.entry_from_bytes(data, doc.id), data


def _read_chunk(chunk: list[DocFile], limit: int | None) -> list[tuple[Any, ...]]:
    return [cache.to_wire(_read(doc, limit)) for doc in chunk]


def _workers(count: int) -> int:
    """How many processes to parse ``count`` files with, this one included."""
    if count < PARALLEL_MIN or threading.active_count() > 1:
        return 1  # few files; or other threads, which a fork would copy in whatever state
    import multiprocessing

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if cpus < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(cpus, MAX_WORKERS)


CHUNK = 256  # items a worker takes at a time in :func:`mapped`


def mapped(
    work: Callable[[list[Any]], list[Any]], items: Sequence[Any], progress: Progress | None = None
) -> Iterator[Any]:
    """``work`` over ``items`` in chunks, results in order, shared with forked processes
    when there are enough items (see :func:`_workers`).

    At most two chunks per process are in flight, so the results waiting to be
    consumed stay few however many items there are: a caller that streams them
    on (into a database) holds a bounded share of them. ``work`` must be a
    module-level function and its items and results plain enough to pickle.
    """
    workers = _workers(len(items))
    chunks = [list(items[i : i + CHUNK]) for i in range(0, len(items), CHUNK)]
    done = 0
    if workers == 1:
        for chunk in chunks:
            yield from work(chunk)
            done += len(chunk)
            if progress is not None:
                progress(done, len(items))
        return
    import multiprocessing
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        waiting: deque[Any] = deque()
        queued = iter(chunks)
        for chunk in itertools.islice(queued, 2 * workers):
            waiting.append((len(chunk), pool.submit(work, chunk)))
        while waiting:
            size, future = waiting.popleft()
            results = future.result()
            following = next(queued, None)
            if following is not None:
                waiting.append((len(following), pool.submit(work, following)))
            yield from results
            done += size
            if progress is not None:
                progress(done, len(items))


def read_all(
    docs: list[DocFile], limit: int | None = None, progress: Progress | None = None
) -> list[Entry]:
    """Parse many files, sharing them with forked processes when there are enough of them.

    This process parses the last share itself while the others work, so that no
    core waits and one share never crosses a process boundary. ``progress`` hears
    of every file this process parses and of every share another one finishes.
    """
    workers = _workers(len(docs))
    if workers == 1:
        return [_read(doc, limit) for doc in counted(docs, progress)]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    share = -(-len(docs) // workers)
    parts = [docs[i : i + share] for i in range(0, len(docs), share)]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=len(parts) - 1, mp_context=context) as pool:
        futures = [pool.submit(_read_chunk, part, limit) for part in parts[:-1]]
        own = []
        for doc in parts[-1]:
            own.append(_read(doc, limit))
            if progress is not None:
                done = sum(len(p) for p, f in zip(parts, futures, strict=False) if f.done())
                progress(done + len(own), len(docs))
        others = [cache.from_wire(wire) for future in futures for wire in future.result()]
    if progress is not None:
        progress(len(docs), len(docs))
    return others + own


@dataclass(frozen=True, slots=True)
class ScanStats:
    files: int
    parsed: int  # files read and parsed in this scan (the others came from the cache)
    # entries whose stamp can be trusted (old enough), for a caller to keep warm
    trusted: dict[str, tuple[cache.Stamp, Entry]] = field(default_factory=dict)


def scan(root: Path, config: Config, *, use_cache: bool = True) -> tuple[Manifest, ScanStats]:
    """The manifest of the base at ``root``, reading only files that changed."""
    files, problems = walk(root, config)
    return scan_files(root, files, problems, use_cache=use_cache, limit=size_limit(config))


def size_limit(config: Config) -> int:
    """Bytes above which a document is indexed by its frontmatter only."""
    return config.max_document_kb * 1024


def scan_files(
    root: Path,
    files: list[DocFile],
    problems: list[Finding],
    *,
    use_cache: bool = True,
    warm: dict[str, tuple[cache.Stamp, Entry]] | None = None,
    parsed: Mapping[str, tuple[cache.Stamp, Entry]] | None = None,
    limit: int | None = None,
    progress: Progress | None = None,
) -> tuple[Manifest, ScanStats]:
    """Like :func:`scan`, for files already found by :func:`walk`.

    ``warm`` holds entries a session kept in memory; without it, the cache
    file is read (when ``use_cache``). ``parsed`` holds changed files this
    process has just parsed for another purpose: they count as parsed by this
    scan, but are not read again when their stamp still matches.
    """
    started_ns = time.time_ns()
    previous = warm if warm is not None else (cache.load_entries(root) if use_cache else {})
    entries: dict[str, Entry] = {}
    stale: list[DocFile] = []
    for doc in files:
        hit = previous.get(doc.id)
        if hit is not None and hit[0] == doc.stamp:
            entries[doc.id] = hit[1]
        else:
            stale.append(doc)
    unread = []
    for doc in stale:
        just = (parsed or {}).get(doc.id)
        if just is not None and just[0] == doc.stamp:
            entries[doc.id] = just[1]
        else:
            unread.append(doc)
    if unread:  # else nothing to tell of either
        for doc, entry in zip(unread, read_all(unread, limit, progress), strict=True):
            entries[doc.id] = entry
    reused = len(files) - len(stale)
    limit = started_ns - cache.RACY_MARGIN_NS
    fresh = {d.id: (d.stamp, entries[d.id]) for d in files if d.stamp[2] < limit}
    if use_cache and (len(stale) >= SAVE_MIN or len(previous) - reused >= SAVE_MIN or not previous):
        cache.save_entries(root, fresh)
    found = manifest.build(entries.values(), problems)
    return found, ScanStats(files=len(files), parsed=len(stale), trusted=fresh)
