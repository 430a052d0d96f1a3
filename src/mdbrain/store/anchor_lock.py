"""The anchors lock file: the fingerprint of the code each document was verified against.

It sits at the knowledge root, next to the derived indexes, and is committed
with the code, so drift in a symbol is found even where git history is missing
(a shallow clone, an exported tarball). JSON with sorted keys and one entry
per line group, so that it diffs and merges like any lock file.

A lock that cannot be read (broken JSON after a bad merge, a foreign format)
never stops a run: it reads as empty, with a note saying why, and the entries
are taken again from the documents' code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mdbrain.core.errors import MdbrainError
from mdbrain.store import files

NAME = "ANCHORS.lock"
VERSION = 1

# doc id -> impl_ref -> {"hash": fingerprint, "verified": the doc's `updated` then}
Lock = dict[str, dict[str, dict[str, str]]]


def read(root: Path) -> tuple[Lock, str]:
    """The lock, and a note when it could not be read ('' when all is well)."""
    try:
        data: Any = json.loads(files.read(root, NAME))
    except MdbrainError as exc:
        if not (root / NAME).exists() and not (root / NAME).is_symlink():
            return {}, ""
        return {}, f"{NAME} cannot be read ({exc.message}); its entries are taken again"
    except ValueError as exc:
        return {}, f"{NAME} is not valid JSON ({exc}); its entries are taken again"
    docs = data.get("docs") if isinstance(data, dict) else None
    if not isinstance(docs, dict) or data.get("version") != VERSION or not _valid(docs):
        return {}, f"{NAME} has an unknown format; its entries are taken again"
    return docs, ""


def _valid(docs: Any) -> bool:
    return isinstance(docs, dict) and all(
        isinstance(refs, dict)
        and all(
            isinstance(entry, dict) and all(isinstance(v, str) for v in entry.values())
            for entry in refs.values()
        )
        for refs in docs.values()
    )


def dumps(lock: Lock) -> str:
    body = {"version": VERSION, "docs": {k: lock[k] for k in sorted(lock) if lock[k]}}
    return json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write(root: Path, lock: Lock) -> bool:
    """Write the lock when its text changes; returns whether it did."""
    text = dumps(lock)
    try:
        if files.read(root, NAME).decode("utf-8") == text:
            return False
    except (MdbrainError, UnicodeDecodeError):
        pass
    files.write(root, NAME, text)
    return True
