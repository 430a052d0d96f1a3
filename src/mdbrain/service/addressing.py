"""Turn what a person types (an id, a folder, a file path) into a document id or prefix.

People name documents as ids from the knowledge root (``securite/mfa.md``), as
themes (``securite``), or as file paths from where they stand
(``docs/securite/mfa.md``, or absolute). These functions accept all three.
"""

from __future__ import annotations

import os
from pathlib import Path

from mdbrain.core import links
from mdbrain.core.errors import UsageError


def _inside(root: Path, path: Path) -> str | None:
    """``path`` as a posix path from ``root`` ('' for the root or a folder holding it), or None."""
    for base, full in (
        (os.path.abspath(root), os.path.abspath(path)),
        (os.path.realpath(root), os.path.realpath(path)),
    ):
        try:
            common = os.path.commonpath([base, full])
        except ValueError:  # another drive on Windows
            continue
        if common == base:
            rel = os.path.relpath(full, base)
            return "" if rel == "." else Path(rel).as_posix()
        if common == full:
            return ""  # a folder holding the whole root
    return None


def scope(root: Path, cwd: Path, value: str) -> str | None:
    """The id prefix ``value`` names, or None for the whole base.

    Raises :class:`UsageError` for a path outside the root, or a name that is
    neither a path under the root nor an id in it.
    """
    given = Path(value).expanduser()
    path = given if given.is_absolute() else cwd / given
    if os.path.lexists(path):
        rel = _inside(root, path)
        if rel is not None:
            return rel or None
    if not given.is_absolute():
        doc_id = links.normalise_id(value)
        if doc_id is not None and os.path.lexists(root / doc_id):
            return doc_id
    if given.is_absolute() or os.path.lexists(path):
        raise UsageError(f"{value} is outside the knowledge root {root}")
    raise UsageError(f"{value!r} is no path under the knowledge root {root}, nor a document in it")


def document(root: Path, cwd: Path, value: str) -> str:
    """A document id (existing or to be) from an id or a file path under the root."""
    given = Path(value).expanduser()
    path = given if given.is_absolute() else cwd / given
    rel = _inside(root, path) if (given.is_absolute() or os.path.lexists(path.parent)) else None
    if (
        rel
        and links.is_doc_path(rel)
        and (given.is_absolute() or not os.path.lexists(root / value))
    ):
        candidate: str | None = rel
    else:
        candidate = links.normalise_id(value)
    if candidate is None or not links.is_doc_path(candidate) or candidate.startswith("../"):
        raise UsageError(f"{value!r} is not a document path inside the knowledge root {root}")
    return candidate
