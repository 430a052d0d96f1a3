"""Turn service results into text for people or JSON for machines.

Nothing here decides anything: it only lays out what the service returned.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mdbrain.core.findings import Finding


def to_data(value: Any) -> Any:
    """Plain JSON-ready data from records, dataclasses, paths, dates and enums."""
    if isinstance(value, Finding):
        return {**value._asdict(), "severity": value.severity.value}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {k: to_data(v) for k, v in value._asdict().items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [to_data(v) for v in value]
        return items if isinstance(value, list | tuple) else sorted(items, key=str)
    return _scalar(value)


def _scalar(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def to_json(value: Any) -> str:
    return json.dumps(to_data(value), ensure_ascii=False, indent=2)


def plural(count: int, word: str) -> str:
    """``1 document``, ``2 documents``: a count and its noun in the right number."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
