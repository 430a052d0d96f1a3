"""The relation graph between documents, both ways.

Edges come from the body's links and from the relation fields of the
frontmatter. Only edges between documents that exist are kept: a link to
nothing is a finding for the check, not a node. ``linked_by`` mirrors every
incoming link and ``related`` entry.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def build(manifest: Manifest) -> dict[str, Node]:
    """A node per document, keyed by id, with sorted and deduplicated lists."""
    existing = manifest.by_id
    outgoing: dict[str, dict[str, tuple[str, ...]]] = {}
    incoming: dict[str, set[str]] = {}
    for entry in manifest.entries:
        own = entry.id
        rel: dict[str, tuple[str, ...]] = {}
        if entry.links:
            rel["links"] = tuple(sorted({t for t, _ in entry.links if t in existing and t != own}))
        for key, ids in entry.relations.items():
            rel[key] = tuple(sorted({t for t in ids if t in existing and t != own}))
        outgoing[own] = rel
        for key in ("links", "related"):
            for target in rel.get(key, ()):
                incoming.setdefault(target, set()).add(own)
    return {
        doc_id: Node(linked_by=tuple(sorted(incoming.get(doc_id, ()))), **rel)
        for doc_id, rel in outgoing.items()
    }


def node(relations: Iterable[tuple[str, str]], linked_by: Iterable[str]) -> Node:
    """The node of one document from its ``(relation, target)`` pairs and the documents
    linking to it, each list sorted and deduplicated as :func:`build` makes them; the
    caller keeps to targets that exist and leaves the document itself out."""
    lists: dict[str, set[str]] = {}
    for relation, target in relations:
        lists.setdefault(relation, set()).add(target)
    return Node(
        linked_by=tuple(sorted(set(linked_by))),
        **{relation: tuple(sorted(targets)) for relation, targets in lists.items()},
    )


def replacement_path(manifest: Manifest, start: str, goal: str) -> list[str] | None:
    """The shortest walk from ``start`` to ``goal`` along ``superseded_by`` (both ends
    included), or None when replacing ``start`` never leads to ``goal``. Superseding
    ``goal`` by ``start`` when such a walk exists would close a circle: each document
    would stand replaced by the other, and nothing would be left in force."""
    came_from: dict[str, str] = {start: ""}
    frontier = [start]
    while frontier:
        current = frontier.pop(0)
        if current == goal:
            path = [current]
            while came_from[path[-1]]:
                path.append(came_from[path[-1]])
            return path[::-1]
        entry = manifest.get(current)
        for target in entry.ids("superseded_by") if entry is not None else ():
            if target not in came_from:
                came_from[target] = current
                frontier.append(target)
    return None
