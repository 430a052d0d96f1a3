"""Move or rename a document and keep every link to it, then regenerate.

Links in other documents' bodies and their ``related``, ``supersedes``,
``superseded_by`` and ``contradicts`` entries follow the document to its new
id; the moved document's own relative links are rewritten from its new place.
Each file is edited surgically and replaced atomically, under the base's lock. The
documents' entries in the anchors lock follow: the moved one's to its new id, and a
draft still as an import wrote it stays so once its links are rewritten.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mdbrain.core import edit, ids, rules, slug
from mdbrain.core.errors import DocumentError, InvalidRequestError, NotFoundError, UsageError
from mdbrain.core.schema import RELATION_FIELDS
from mdbrain.service import anchoring
from mdbrain.service.indexing import IndexReport
from mdbrain.service.session import content_hash
from mdbrain.store import anchor_lock, files

if TYPE_CHECKING:
    from mdbrain.service.session import Session


_ById = dict[str, str]  # document id -> a text, or a hash


@dataclass(frozen=True, slots=True)
class MoveReport:
    old: str
    new: str
    rewritten: tuple[str, ...]  # documents whose links or fields were updated
    links: int  # how many links and field entries changed, the moved document's included
    index: IndexReport
    own: int = 0  # how many of them are the moved document's own, written from its new place


def _plan(session: Session, old_id: str, new_id: str) -> tuple[_ById, tuple[int, int], _ById]:
    """The new text of every document the move changes, keyed by id, the edit counts (in
    the others, in the moved one), and the hash of each as it was read (keyed the same
    way: the moved one by its new id).

    Everything is read and edited in memory first, so that a document that
    cannot be edited stops the move before any file is written.
    """
    found = session.manifest()
    if found.get(old_id) is None:
        raise NotFoundError(f"{old_id} is not a document of this base", doc=old_id)
    if not rules.slug_named(new_id) and rules.slug_named(old_id):
        stem, _dot, suffix = new_id.rpartition(".")
        wanted = "/".join(slug.slugify(part) for part in stem.split("/")) + "." + suffix.lower()
        raise InvalidRequestError(
            f"{new_id} breaks the naming rule (a-z, 0-9 and hyphens, as check's E001 says);"
            f" {wanted} keeps to it; nothing was moved",
            field="new",
        )
    if files.is_regular(session.root, new_id) or (session.root / new_id).exists():
        raise InvalidRequestError(f"{new_id} already exists; nothing was moved", field="new")
    blocked = _blocking_file(session, new_id)
    if blocked:
        raise InvalidRequestError(
            f"{blocked} is a file, so {new_id} cannot be created under it; nothing was moved",
            field="new",
        )
    texts: dict[str, str] = {}
    read: dict[str, str] = {}
    count = 0
    for entry in found.entries:
        points = any(t == old_id for t, _ in entry.links) or any(
            old_id in entry.ids(key) for key in RELATION_FIELDS
        )
        if entry.id == old_id or not points:
            continue
        was = session.read(entry.id)
        text = was.text
        try:
            text, in_body = edit.retarget(text, entry.id, old_id, new_id)
            text, in_fields = edit.rename_in_fields(text, RELATION_FIELDS, old_id, new_id)
        except DocumentError as exc:
            raise UsageError(f"{exc}; nothing was moved") from None
        if in_body or in_fields:
            texts[entry.id] = text
            read[entry.id] = was.sha
            count += in_body + in_fields
    try:
        old = session.read(old_id)
        moved, rebased = edit.rebase(old.text, old_id, new_id)
    except DocumentError as exc:
        raise UsageError(f"{exc}; nothing was moved") from None
    texts[new_id] = moved
    read[new_id] = old.sha
    return texts, (count, rebased), read


def _anchors(
    session: Session, old_id: str, new_id: str, shas: dict[str, tuple[str, str]]
) -> bytes | None:
    """The anchors lock as the move leaves it, when that changes it (None when not, or
    when the lock cannot be read: it is taken again on the next write of it).

    The fingerprints of the code the document was verified against follow it: under
    its old id they would be dropped as a gone document's, and a change of that code
    after the move taken for the one it was checked against. And the move's rewrites
    (``shas``: each document's hash before and after) are no one's edit: an imported
    draft untouched before the move is still as its import wrote it after, so that
    importing its changed page again still refreshes it (:func:`anchoring.rewritten`)."""
    lock, problem = anchor_lock.read(session.root)
    if problem:
        return None
    before = anchor_lock.dumps(lock)
    if old_id in lock:
        lock[new_id] = lock.pop(old_id)
    anchoring.rewritten(lock, shas)
    after = anchor_lock.dumps(lock)
    return None if after == before else after.encode("utf-8")


def _blocking_file(session: Session, new_id: str) -> str:
    """A file standing where a folder of ``new_id`` must go ('' when the way is clear)."""
    parts = new_id.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        folder = "/".join(parts[:depth])
        path = session.root / folder
        if path.exists() and not path.is_dir():
            return folder
    return ""


def move(session: Session, old: str, new: str) -> MoveReport:
    old_id = ids.doc_id(old, field="old")
    new_id = ids.doc_id(new, field="new")
    reserved = session.config.index.reserved()
    if posixpath.basename(new_id) in reserved:
        raise InvalidRequestError(f"{new_id} is a reserved name; choose another", field="new")
    files.locate(session.root, new_id)  # a theme folder linked outside the base is refused
    with session.writing():
        texts, (count, own), read = _plan(session, old_id, new_id)
        # every file vetted before the first is written: a refusal leaves the base as it was
        first = session.vet(new_id, texts.pop(new_id), before=session.read(old_id).text)
        vetted = {doc_id: session.vet(doc_id, text) for doc_id, text in texts.items()}
        data: dict[str, bytes] = {new_id: first, **vetted}
        shas = {doc_id: (read[doc_id], content_hash(value)) for doc_id, value in data.items()}
        lock = _anchors(session, old_id, new_id, shas)
        if lock is not None:  # written with the documents: all put back should one fail
            data[anchor_lock.NAME] = lock
        session.write_together(data)
        files.remove(session.root, old_id)
        session.forget()  # what runs next under the lock reads the base without it
        index = session.reindex()  # in the same hold of the lock: never busy once moved
        files.prune_empty(session.root, posixpath.dirname(old_id))
    return MoveReport(old_id, new_id, tuple(sorted(texts)), count + own, index, own)
