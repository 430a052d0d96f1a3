"""Caches that let re-indexing skip what did not change, always checked against the files.

Two files live in a git-ignored ``.mdbrain`` folder of the base:

``entries.pickle``
    the manifest entry of every document, keyed by id, with the stamp (inode,
    size, modification time) its file had when it was parsed. An entry is reused
    only while its file still has that stamp.
``state.json``
    what the last ``index`` saw and wrote: the stamp and digest of every
    document, the marker's fingerprint, the content hash of every derived file
    and the findings. When all of them still hold, nothing can have changed and
    ``index`` is done without reading a document.

A file whose modification time is within :data:`RACY_MARGIN_NS` of the moment
it was stamped is not trusted: it could change again within the same clock tick
without its stamp moving, so it is read again next time. Nothing is trusted
across versions of mdbrain. The pickle is read by an unpickler that only builds
plain values, so a cache planted in a repository cannot run code.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mdbrain._version import __version__
from mdbrain.core.errors import MdbrainError
from mdbrain.core.findings import Finding
from mdbrain.core.links import Link
from mdbrain.core.manifest import Entry
from mdbrain.store import files

FORMAT = 21  # 12: links whose text runs over lines; 13: links in admonitions; 14: image
# tags over several lines, and three backticks closed on their line read as code, no fence;
# 15: a definition list's terms are anchors, and the guard lets more samples through;
# 16: code in list items (fences and indented code under an item's text); 17: links
# written as a site's routes (Entry.routes), and the guard's new credential rules; 18: the
# guard lets a credential's methods that look into it through (token.startswith("x_")),
# and an identifier's value that looks like a card number (project_id IN array(...)); 19:
# Kotlin's this@Label.call(), a number all a code span holds, "01 02 03 04 05"; and a
# reference link followed by a colon ("[`util.promisify()`][]:") is read; 20: a code name
# in parentheses after a credential word, and addresses joined across strings, pass; 21:
# the anchors links ask for keep their case (W019 quotes them as written)
CACHE_DIR = ".mdbrain"
ENTRIES_FILE = "entries.pickle"
STATE_FILE = "state.json"
SEARCH_FILE = "search.sqlite"  # the search index (mdbrain.store.search_index)
RACY_MARGIN_NS = 250_000_000

Stamp = tuple[int, int, int]  # inode, size, mtime_ns
_KEY = [FORMAT, __version__]
_ALLOWED = {
    ("datetime", "date"),
    ("datetime", "datetime"),
    ("datetime", "time"),
    ("datetime", "timedelta"),
    ("datetime", "timezone"),
    ("builtins", "set"),
    ("builtins", "frozenset"),
    ("builtins", "bytes"),
}


def cache_dir(root: Path) -> Path:
    return root / CACHE_DIR


def prepare(root: Path) -> Path:
    """The cache folder, created with a .gitignore that keeps it out of commits.

    Raises :class:`~mdbrain.core.errors.MdbrainError` when it cannot be made
    inside the root (a link leading outside, a file in the way, a read-only base).
    """
    folder = files.make_folder(root, CACHE_DIR)
    if not (folder / ".gitignore").exists():
        files.write(root, f"{CACHE_DIR}/.gitignore", "# mdbrain's caches: never commit them\n*\n")
    return folder


_LINKS = Entry._fields.index("links")
_FINDINGS = Entry._fields.index("findings")
_FILES = Entry._fields.index("files")


def to_wire(entry: Entry) -> tuple[Any, ...]:
    """An entry as plain tuples, which pickle and unpickle several times faster."""
    wire = list(entry)
    wire[_LINKS] = tuple(map(tuple, entry.links))
    wire[_FINDINGS] = tuple(map(tuple, entry.findings))
    wire[_FILES] = tuple(map(tuple, entry.files))
    return tuple(wire)


def from_wire(data: tuple[Any, ...]) -> Entry:
    fields = list(data)
    fields[_LINKS] = tuple(Link._make(t) for t in data[_LINKS])
    fields[_FINDINGS] = tuple(Finding._make(t) for t in data[_FINDINGS])
    fields[_FILES] = tuple(Link._make(t) for t in data[_FILES])
    return Entry._make(fields)


def entries_saved(root: Path) -> bool:
    """Whether a base has an entry cache file (usable or not: only loading it tells)."""
    return (cache_dir(root) / ENTRIES_FILE).is_file()


def load_entries(root: Path) -> dict[str, tuple[Stamp, Entry]]:
    """The cached entries of a base; empty when there is no usable cache."""
    import pickle  # only indexing reads the entries: a read need not load pickle

    class SafeUnpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            if (module, name) not in _ALLOWED:
                raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a cache")
            return super().find_class(module, name)

    try:
        data = files.read(root, f"{CACHE_DIR}/{ENTRIES_FILE}")
        payload = SafeUnpickler(io.BytesIO(data)).load()
        if not isinstance(payload, dict) or payload.get("key") != _KEY:
            return {}
        return {
            doc_id: (tuple(stamp), from_wire(wire))
            for doc_id, (stamp, wire) in payload["entries"].items()
        }
    except Exception:  # noqa: BLE001 - a missing or damaged cache only means "no cache"
        return {}


def save_entries(root: Path, entries: Mapping[str, tuple[Stamp, Entry]]) -> None:
    """Write the entry cache; failing to write it is not an error (it is only a cache)."""
    import pickle

    wire = {doc_id: (stamp, to_wire(entry)) for doc_id, (stamp, entry) in entries.items()}
    payload = pickle.dumps({"key": _KEY, "entries": wire}, protocol=pickle.HIGHEST_PROTOCOL)
    with contextlib.suppress(MdbrainError):
        prepare(root)
        files.write(root, f"{CACHE_DIR}/{ENTRIES_FILE}", payload)


def load_state(root: Path) -> dict[str, Any] | None:
    try:
        state = json.loads(files.read(root, f"{CACHE_DIR}/{STATE_FILE}"))
    except (MdbrainError, ValueError):
        return None
    if not isinstance(state, dict) or state.get("key") != _KEY:
        return None
    return state


def save_state(root: Path, state: dict[str, Any]) -> None:
    with contextlib.suppress(MdbrainError):
        text = json.dumps({"key": _KEY, **state}, separators=(",", ":"))
        prepare(root)
        files.write(root, f"{CACHE_DIR}/{STATE_FILE}", text)
