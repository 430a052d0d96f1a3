"""Move or rename a document and keep every link to it, then regenerate.

Links in other documents' bodies and their ``related``, ``supersedes``,
``superseded_by`` and ``contradicts`` entries follow the document to its new
id; the moved document's own relative links are rewritten from its new place.
Each file is edited surgically and replaced atomically, under the base's lock.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import edit, links
from mdbrain.core.errors import DocumentError, UsageError
from mdbrain.core.schema import RELATION_FIELDS
from mdbrain.service.indexing import Indexer, IndexReport
from mdbrain.store import atomic, cache, scan


@dataclass(frozen=True, slots=True)
class MoveReport:
    old: str
    new: str
    rewritten: tuple[str, ...]  # documents whose links or fields were updated
    links: int  # how many links and field entries changed
    index: IndexReport


def _as_id(value: str) -> str:
    doc_id = links.normalise_id(value)
    if doc_id is None or not links.is_doc_path(doc_id):
        raise UsageError(f"{value!r} is not a document path inside the knowledge root")
    return doc_id


def _read(path: Path, doc_id: str) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(
            f"{doc_id} cannot be read as UTF-8 text ({exc}); nothing was moved"
        ) from None


def _plan(indexer: Indexer, old_id: str, new_id: str) -> tuple[dict[str, str], int]:
    """The new text of every document the move changes, keyed by id, and the edit count.

    Everything is read and edited in memory first, so that a document that
    cannot be edited stops the move before any file is written.
    """
    root = indexer.root
    found, _ = scan.scan(root, indexer.config)
    if found.get(old_id) is None:
        raise UsageError(f"{old_id} is not a document of this base")
    if (root / new_id).exists():
        raise UsageError(f"{new_id} already exists; nothing was moved")
    texts: dict[str, str] = {}
    count = 0
    for entry in found.entries:
        points = any(t == old_id for t, _ in entry.links) or any(
            old_id in entry.ids(key) for key in RELATION_FIELDS
        )
        if entry.id == old_id or not points:
            continue
        text = _read(scan.path_of(root, entry.id), entry.id)
        try:
            text, in_body = edit.retarget(text, entry.id, old_id, new_id)
            text, in_fields = edit.rename_in_fields(text, RELATION_FIELDS, old_id, new_id)
        except DocumentError as exc:
            raise UsageError(f"{exc}; nothing was moved") from None
        if in_body or in_fields:
            texts[entry.id] = text
            count += in_body + in_fields
    try:
        moved, rebased = edit.rebase(_read(scan.path_of(root, old_id), old_id), old_id, new_id)
    except DocumentError as exc:
        raise UsageError(f"{exc}; nothing was moved") from None
    texts[new_id] = moved
    return texts, count + rebased


def move(indexer: Indexer, old: str, new: str) -> MoveReport:
    root = indexer.root
    old_id, new_id = _as_id(old), _as_id(new)
    reserved = indexer.config.index.reserved()
    if posixpath.basename(new_id) in reserved or any(
        p.startswith(("_", ".")) for p in new_id.split("/")
    ):
        raise UsageError(f"{new_id} is a reserved or ignored name; choose another")
    with atomic.locked(cache.cache_dir(root) / "lock"):
        texts, count = _plan(indexer, old_id, new_id)
        for doc_id, text in texts.items():
            target = root / doc_id if doc_id == new_id else scan.path_of(root, doc_id)
            atomic.write_text(target, text)
        scan.path_of(root, old_id).unlink()
    rewritten = tuple(sorted(doc_id for doc_id in texts if doc_id != new_id))
    return MoveReport(old_id, new_id, rewritten, count, indexer.run())
