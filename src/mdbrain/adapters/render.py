"""Turn service results into text for people or JSON for machines.

Nothing here decides anything: it only lays out what the service returned.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mdbrain.core.findings import Finding


def _plain(value: Any) -> Any:
    """JSON stand-in for what the json module cannot write by itself."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        if isinstance(value, Finding):
            data["severity"] = value.severity.value
        return data
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)  # paths, and anything else, as text


def to_json(value: Any) -> str:
    return json.dumps(value, default=_plain, ensure_ascii=False, indent=2)


def shown_path(root: Path, doc_id: str) -> str:
    """A document's path as the user can open it from the working directory."""
    full = root / doc_id
    try:
        return os.path.relpath(full)
    except ValueError:  # another drive on Windows
        return str(full)


def finding_lines(root: Path, found: Iterable[Finding]) -> list[str]:
    out = []
    for item in found:
        where = shown_path(root, item.path)
        if item.line is not None:
            where = f"{where}:{item.line}"
        out.append(f"{where}: {item.code} {item.severity.value}: {item.message}")
    return out
