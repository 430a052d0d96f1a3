"""The anchors lock file: the fingerprint of the code each document was verified against.

It sits at the knowledge root, next to the derived indexes, and is committed
with the code, so drift in a symbol is found even where git history is missing
(a shallow clone, an exported tarball). JSON with sorted keys and one entry
per line group, so that it diffs and merges like any lock file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mdbrain.core.errors import MdbrainError
from mdbrain.store import atomic

NAME = "ANCHORS.lock"
VERSION = 1

# doc id -> impl_ref -> {"hash": fingerprint, "verified": the doc's `updated` then}
Lock = dict[str, dict[str, dict[str, str]]]


def read(root: Path) -> Lock:
    path = root / NAME
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise MdbrainError(f"cannot read the anchors lock: {exc}", path=str(path)) from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise MdbrainError("unknown anchors lock format", path=str(path))
    docs = data.get("docs")
    return docs if isinstance(docs, dict) else {}


def dumps(lock: Lock) -> str:
    body = {"version": VERSION, "docs": {k: lock[k] for k in sorted(lock) if lock[k]}}
    return json.dumps(body, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write(root: Path, lock: Lock) -> bool:
    """Write the lock when its text changes; returns whether it did."""
    text = dumps(lock)
    path = root / NAME
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except OSError:
        pass
    atomic.write_text(path, text)
    return True
