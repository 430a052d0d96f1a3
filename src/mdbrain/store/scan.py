"""Walk the knowledge root and turn every document file into a manifest entry.

What is a document: every ``.md`` or ``.markdown`` file under the root, except
files and folders whose name starts with ``_`` (drafts) or ``.`` (hidden), the
derived index files at the root, and the per-theme index shards. A symbolic link
is followed only when it is a file that stays inside the root; anything else is
reported and skipped. One unreadable file never stops the scan.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import links, manifest
from mdbrain.core.findings import Finding, finding
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.marker import Config
from mdbrain.store import cache


@dataclass(frozen=True, slots=True)
class DocFile:
    id: str
    path: Path
    stamp: cache.Stamp


def _skipped_name(name: str) -> bool:
    return name.startswith(("_", "."))


def _utf8(name: str) -> bool:
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
            if _skipped_name(name):
                continue
            rel = prefix + name
            if not _utf8(name):
                shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                problems.append(finding("W007", prefix + shown, "name is not valid UTF-8; skipped"))
                continue
            if item.is_dir(follow_symlinks=False):
                visit(item.path, rel + "/", depth + 1)
                continue
            if not links.is_doc_path(name):
                if item.is_symlink() and item.is_dir():
                    problems.append(finding("W007", rel, "symbolic link to a folder; not followed"))
                continue
            if (depth == 0 and name in reserved_top) or (depth == 1 and name == shard_name):
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
                problems.append(
                    finding("W007", rel, f"symbolic link to {target}, outside the root; skipped")
                )
                return None
            st = os.stat(item.path)
        else:
            st = item.stat(follow_symlinks=False)
    except OSError as exc:
        problems.append(finding("W007", rel, f"cannot be read: {exc.strerror}"))
        return None
    if not os.path.isfile(item.path):
        return None
    return DocFile(id=rel, path=Path(item.path), stamp=(st.st_ino, st.st_size, st.st_mtime_ns))


def _read(doc: DocFile) -> Entry:
    try:
        data = doc.path.read_bytes()
    except OSError as exc:
        problem = finding("E005", doc.id, f"cannot be read: {exc.strerror}")
        return Entry(id=doc.id, meta={}, findings=(problem,), parsed=False)
    return manifest.entry_from_bytes(data, doc.id)


@dataclass(frozen=True, slots=True)
class ScanStats:
    files: int
    parsed: int  # files read and parsed in this scan (the others came from the cache)


def scan(root: Path, config: Config, *, use_cache: bool = True) -> tuple[Manifest, ScanStats]:
    """The manifest of the base at ``root``, reading only files that changed."""
    started_ns = time.time_ns()
    files, problems = walk(root, config)
    previous = cache.load(root) if use_cache else {}
    fresh: dict[str, tuple[cache.Stamp, Entry]] = {}
    entries: list[Entry] = []
    parsed = 0
    for doc in files:
        hit = previous.get(doc.id)
        if hit is not None and hit[0] == doc.stamp:
            entry = hit[1]
        else:
            entry = _read(doc)
            parsed += 1
        entries.append(entry)
        if doc.stamp[2] < started_ns - cache.RACY_MARGIN_NS:
            fresh[doc.id] = (doc.stamp, entry)
    if use_cache and (parsed or len(fresh) != len(previous)):
        cache.save(root, fresh)
    return manifest.build(entries, problems), ScanStats(files=len(files), parsed=parsed)
