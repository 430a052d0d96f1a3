"""A cache of manifest entries, so that re-indexing reads only what changed.

An entry is reused only when its file has the same inode, size and
modification time as when it was parsed, and when that modification time was
already in the past at the moment of parsing (a file written during the same
clock tick as the scan is parsed again next time). The cache lives in a
git-ignored folder of the base and is never trusted across versions of mdbrain.

The file is a pickle read with an unpickler that only builds mdbrain's own
record types and plain values, so a cache planted in a repository cannot run code.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import pickle
from pathlib import Path
from typing import Any

from mdbrain._version import __version__
from mdbrain.core.findings import Finding
from mdbrain.core.links import Link, LinkKind
from mdbrain.core.manifest import Entry
from mdbrain.core.markdown import Section
from mdbrain.store import atomic

FORMAT = 1
CACHE_DIR = ".mdbrain"
CACHE_FILE = "manifest.cache"
RACY_MARGIN_NS = 1_000_000_000  # a file this recent is parsed again next time

Stamp = tuple[int, int, int]  # inode, size, mtime_ns

_ALLOWED = {
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("datetime", "date"),
    ("datetime", "datetime"),
    ("datetime", "timedelta"),
    ("datetime", "timezone"),
    ("mdbrain.core.manifest", "Entry"),
    ("mdbrain.core.links", "Link"),
    ("mdbrain.core.links", "LinkKind"),
    ("mdbrain.core.markdown", "Section"),
    ("mdbrain.core.findings", "Finding"),
    ("copyreg", "_reconstructor"),
    ("builtins", "object"),
}
_KEEP_IMPORTS = (dt, Entry, Finding, Link, LinkKind, Section)


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a cache")
        return super().find_class(module, name)


def cache_dir(root: Path) -> Path:
    return root / CACHE_DIR


def load(root: Path) -> dict[str, tuple[Stamp, Entry]]:
    """The cached entries of a base; empty when there is no usable cache."""
    path = cache_dir(root) / CACHE_FILE
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    try:
        payload = _SafeUnpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - a damaged cache only means "no cache"
        return {}
    if not isinstance(payload, dict) or payload.get("key") != (FORMAT, __version__):
        return {}
    entries = payload.get("entries")
    return entries if isinstance(entries, dict) else {}


def save(root: Path, entries: dict[str, tuple[Stamp, Entry]]) -> None:
    """Write the cache; a failure to write it is not an error (it is only a cache)."""
    folder = cache_dir(root)
    with contextlib.suppress(OSError):
        folder.mkdir(exist_ok=True)
        ignore = folder / ".gitignore"
        if not ignore.exists():
            ignore.write_text("# mdbrain's caches: never commit them\n*\n", encoding="utf-8")
        payload = {"key": (FORMAT, __version__), "entries": entries}
        atomic.write_bytes(
            folder / CACHE_FILE, pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
        )
