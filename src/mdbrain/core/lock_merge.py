"""A three-way merge of ANCHORS.lock, entry by entry, so that no fingerprint is lost.

Two branches that both write or verify documents both change the lock; a
merge of its text would stop on lines that touch. The lock is data, so it is
merged as data: per document, then per impl_ref, between the common ancestor
(``base``) and the two sides.

* An entry changed on one side only takes that side's value (an entry added,
  changed or removed on one side wins over one left alone on the other).
* An entry changed on both sides in different ways keeps the one verified
  later (the ``verified`` day); on the same day the larger fingerprint wins,
  so that merging A into B and B into A give the same lock.
* A document removed on one side stays removed, whatever the other side did
  to its entries; so does an impl_ref entry.
* A document moved on one side (removed, and a new id holding exactly its old
  entries) carries the other side's changes to its new id.

Pure functions from parsed locks to a parsed lock: :func:`loads` reads the
text, and the store writes the result (:func:`mdbrain.store.anchor_lock.dumps`).

>>> base = {"a.md": {"x.py": {"hash": "1", "verified": "2026-01-01"}}}
>>> ours = {"a.md": {"x.py": {"hash": "2", "verified": "2026-02-01"}}}
>>> theirs = {**base, "b.md": {"y.py": {"hash": "3", "verified": "2026-01-05"}}}
>>> sorted(merge(base, ours, theirs))
['a.md', 'b.md']
>>> merge(base, ours, theirs)["a.md"]["x.py"]["hash"]
'2'
"""

from __future__ import annotations

import json
from typing import Any

VERSION = 1

Entry = dict[str, str]  # "hash" and "verified", and any field a later version adds
Entries = dict[str, Entry]  # impl_ref -> entry
Lock = dict[str, Entries]  # document id -> its entries


def loads(text: str) -> Lock:
    """The documents of a lock's text; ValueError saying why when it is not a lock.

    An empty text (a file one side of a merge does not have) is an empty lock.
    """
    if not text.strip():
        return {}
    data: Any = json.loads(text)
    docs = data.get("docs") if isinstance(data, dict) else None
    if not isinstance(docs, dict) or data.get("version") != VERSION or not _valid(docs):
        raise ValueError("not an anchors lock of version 1")
    return docs


def _valid(docs: dict[Any, Any]) -> bool:
    return all(
        isinstance(refs, dict)
        and all(
            isinstance(entry, dict) and all(isinstance(v, str) for v in entry.values())
            for entry in refs.values()
        )
        for refs in docs.values()
    )


def merge(base: Lock, ours: Lock, theirs: Lock) -> Lock:
    """The lock both sides agree on, each conflict settled by the rules above."""
    carried = {**_moves(base, ours, theirs), **_moves(base, theirs, ours)}
    merged: Lock = {}
    for doc in sorted(base.keys() | ours.keys() | theirs.keys()):
        if doc in base and (doc not in ours or doc not in theirs):
            continue  # removed on a side (or moved: see below)
        entries = merge_entries(base.get(doc, {}), ours.get(doc, {}), theirs.get(doc, {}))
        if entries:
            merged[doc] = entries
    for old, (new, moved, other) in carried.items():
        entries = merge_entries(base[old], moved, other)
        if entries:
            merged[new] = entries
        else:
            merged.pop(new, None)
    return merged


def merge_entries(base: Entries, ours: Entries, theirs: Entries) -> Entries:
    """One document's entries, merged impl_ref by impl_ref."""
    merged: Entries = {}
    for ref in sorted(base.keys() | ours.keys() | theirs.keys()):
        kept = _pick(base.get(ref), ours.get(ref), theirs.get(ref))
        if kept is not None:
            merged[ref] = kept
    return merged


def _pick(base: Entry | None, ours: Entry | None, theirs: Entry | None) -> Entry | None:
    if theirs in (ours, base):
        return ours
    if ours == base:
        return theirs
    if ours is None or theirs is None:
        return None  # removed on one side, changed on the other: stays removed
    return max(ours, theirs, key=_recency)


def _recency(entry: Entry) -> tuple[str, str, str]:
    return (
        entry.get("verified", ""),
        entry.get("hash", ""),
        json.dumps(entry, sort_keys=True),
    )


def _moves(base: Lock, side: Lock, other: Lock) -> dict[str, tuple[str, Entries, Entries]]:
    """Documents ``side`` moved while ``other`` changed their entries.

    Old id -> (new id, the entries on ``side`` at the new id, ``other``'s entries
    at the old id). A move is recognised only when exactly one new id holds the
    old entries unchanged.
    """
    fresh = [doc for doc in side if doc not in base and doc not in other]
    moves = {}
    for old, entries in base.items():
        if old in side or old not in other or other[old] == entries:
            continue
        targets = [new for new in fresh if side[new] == entries]
        if len(targets) == 1:
            moves[old] = (targets[0], side[targets[0]], other[old])
    return moves
