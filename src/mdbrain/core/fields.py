"""Read frontmatter values the same way everywhere, whatever YAML made of them.

Authors write ``tags: [a, b]``, ``tags: a, b`` or ``tags: a``; dates come back
from YAML as dates or as text. These helpers give one shape to each.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any


def key_name(key: object) -> str:
    """A field's name as mdbrain compares names written by other tools: lower case, its
    words joined by "_" whether written with dashes or spaces (``Superseded-By``,
    aws/aws-cdk-rfcs' ``start date``, ``creation-date``)."""
    return "_".join(str(key).lower().replace("-", " ").split())


def text(meta: Mapping[str, Any], key: str) -> str:
    """The value as one line of text; '' when absent, or when it is a mapping (another
    tool's settings under the same name, such as ``summary: {visible: true}``), which no
    line of text could stand for."""
    value = meta.get(key)
    if value is None or isinstance(value, Mapping):
        return ""
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return ", ".join(text({"v": item}, "v") for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return " ".join(str(value).split())


def strings(meta: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """The value as a list of non-empty strings; a comma-separated string is split."""
    value = meta.get(key)
    if value is None:
        return ()
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    out = []
    for item in items:
        if item is None or isinstance(item, dict | list):
            continue
        word = text({"v": item}, "v").strip()
        if word:
            out.append(word)
    return tuple(out)


def date(meta: Mapping[str, Any], key: str) -> dt.date | None:
    """The value as a date when it is one or is ISO text (``2026-07-01``); else None."""
    value = meta.get(key)
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip()[:10])
        except ValueError:
            return None
    return None
