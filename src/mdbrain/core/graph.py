"""The relation graph between documents, both ways.

Edges come from the body's links and from the relation fields of the
frontmatter. Only edges between documents that exist are kept: a link to
nothing is a finding for the check, not a node. ``linked_by`` mirrors every
incoming link and ``related`` entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mdbrain.core.manifest import Manifest

EXTRA_RELATIONS = ("supersedes", "superseded_by", "contradicts")


@dataclass(frozen=True, slots=True)
class Node:
    links: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    linked_by: tuple[str, ...] = ()
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    contradicts: tuple[str, ...] = ()


def _kept(values: tuple[str, ...], own_id: str, existing: Mapping[str, object]) -> tuple[str, ...]:
    return tuple(sorted({v for v in values if v != own_id and v in existing}))


def build(manifest: Manifest) -> dict[str, Node]:
    """A node per document, keyed by id, with sorted and deduplicated lists."""
    existing = manifest.by_id
    outgoing: dict[str, dict[str, tuple[str, ...]]] = {}
    incoming: dict[str, set[str]] = {entry.id: set() for entry in manifest.entries}
    for entry in manifest.entries:
        rel = {
            "links": _kept(tuple(link.target for link in entry.doc_links), entry.id, existing),
            "related": _kept(entry.ids("related"), entry.id, existing),
        }
        for key in EXTRA_RELATIONS:
            rel[key] = _kept(entry.ids(key), entry.id, existing)
        outgoing[entry.id] = rel
        for target in (*rel["links"], *rel["related"]):
            incoming[target].add(entry.id)
    return {
        doc_id: Node(linked_by=tuple(sorted(incoming[doc_id])), **rel)
        for doc_id, rel in outgoing.items()
    }
