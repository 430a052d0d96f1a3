"""Move or rename a document and keep every link to it, then regenerate.

Links in other documents' bodies and their ``related``, ``supersedes``,
``superseded_by`` and ``contradicts`` entries follow the document to its new
id; the moved document's own relative links are rewritten from its new place.
Each file is edited surgically and replaced atomically, under the base's lock.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from mdbrain.core import edit, links
from mdbrain.core.errors import UsageError
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


def move(indexer: Indexer, old: str, new: str) -> MoveReport:
    root = indexer.root
    old_id, new_id = _as_id(old), _as_id(new)
    reserved = indexer.config.index.reserved()
    if posixpath.basename(new_id) in reserved or any(
        p.startswith(("_", ".")) for p in new_id.split("/")
    ):
        raise UsageError(f"{new_id} is a reserved or ignored name; choose another")
    with atomic.locked(cache.cache_dir(root) / "lock"):
        found, _ = scan.scan(root, indexer.config)
        if found.get(old_id) is None:
            raise UsageError(f"{old_id} is not a document of this base")
        if (root / new_id).exists():
            raise UsageError(f"{new_id} already exists; nothing was moved")
        rewritten, count = [], 0
        for entry in found.entries:
            if entry.id == old_id:
                continue
            points = any(t == old_id for t, _ in entry.links) or any(
                old_id in entry.ids(key) for key in RELATION_FIELDS
            )
            if not points:
                continue
            path = root / entry.id
            text = path.read_bytes().decode("utf-8")
            text, in_body = edit.retarget(text, entry.id, old_id, new_id)
            text, in_fields = edit.rename_in_fields(text, RELATION_FIELDS, old_id, new_id)
            if in_body or in_fields:
                atomic.write_text(path, text)
                rewritten.append(entry.id)
                count += in_body + in_fields
        source = root / old_id
        text, rebased = edit.rebase(source.read_bytes().decode("utf-8"), old_id, new_id)
        atomic.write_bytes(root / new_id, text.encode("utf-8"))
        source.unlink()
        count += rebased
    return MoveReport(old_id, new_id, tuple(rewritten), count, indexer.run())
