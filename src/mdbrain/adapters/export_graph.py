"""The graph view of the exported site: the relations between documents, laid out here.

:func:`layout` places the documents for an SVG drawn by the ``graph.html``
template, the same way every time for the same pages: from its most connected
document, each group of connected documents grows in rows by distance (breadth
first), the rows ordered by the mean place of their neighbours (the barycentre
rule, three sweeps), wide rows wrapped; documents linked to none of the others
come last, in a grid. Between two documents one edge is drawn, of the strongest
kind. No randomness, no simulation, no script in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mdbrain.core import cells
from mdbrain.service.exporting import Page

GRAPH_LIMIT = 150  # most documents the graph draws; the most connected are kept
NODE_WIDTH, NODE_HEIGHT = 170, 36
STEP_X, STEP_Y = 190, 80  # distance between the centres of two neighbouring nodes
MARGIN = 40
WRAP = 10  # a layer wider than this many nodes continues on the next row
KINDS = ("supersedes", "contradicts", "related", "links")  # the strongest kind wins a pair


@dataclass(frozen=True, slots=True)
class Node:
    id: str
    label: str
    status: str
    summary: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    kind: str
    x1: int
    y1: int
    x2: int
    y2: int


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Graph:
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    labels: tuple[Label, ...]
    width: int
    height: int
    left_out: int
    node_width: int = NODE_WIDTH
    node_height: int = NODE_HEIGHT


def _relations(page: Page) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return (
        ("supersedes", page.supersedes),
        ("contradicts", page.contradicts),
        ("related", page.related),
        ("links", page.links),
    )


def _degree(page: Page) -> int:
    """How many documents one is related to, any way."""
    relations = (page.links, page.related, page.linked_by, page.supersedes)
    more = (page.superseded_by, page.contradicts, page.contradicted_by)
    return len({doc_id for ids in (*relations, *more) for doc_id in ids})


def _pairs(pages: Sequence[Page], chosen: set[str]) -> dict[frozenset[str], tuple[str, str, str]]:
    """One edge per pair of documents, of the strongest kind between them: (from, to, kind)."""
    out: dict[frozenset[str], tuple[str, str, str]] = {}
    for page in pages:
        if page.id not in chosen:
            continue
        for kind, targets in _relations(page):
            for target in targets:
                if target not in chosen or target == page.id:
                    continue
                key = frozenset((page.id, target))
                known = out.get(key)
                if known is None or KINDS.index(kind) < KINDS.index(known[2]):
                    out[key] = (page.id, target, kind)
    return out


def _layers(start: str, around: Mapping[str, list[str]], seen: set[str]) -> list[list[str]]:
    """The documents reachable from ``start``, by distance (breadth first)."""
    layers = [[start]]
    seen.add(start)
    while True:
        following: list[str] = []
        for node in layers[-1]:
            for other in around[node]:
                if other not in seen:
                    seen.add(other)
                    following.append(other)
        if not following:
            return layers
        layers.append(following)


def _order(layers: list[list[str]], around: Mapping[str, list[str]]) -> None:
    """Reorder each layer by the mean place of its neighbours in the layer before, then
    after, then before again (the barycentre rule), so that fewer edges cross."""
    passes = [range(1, len(layers)), range(len(layers) - 2, -1, -1), range(1, len(layers))]
    for direction, sweep in enumerate(passes):
        for index in sweep:
            other = layers[index - 1] if direction != 1 else layers[index + 1]
            place = {node: i for i, node in enumerate(other)}

            def centre(item: tuple[int, str], place: dict[str, int] = place) -> tuple[float, int]:
                near = [place[n] for n in around[item[1]] if n in place]
                return (sum(near) / len(near) if near else float(item[0]), item[0])

            layers[index] = [n for _, n in sorted(enumerate(layers[index]), key=centre)]


def layout(pages: Sequence[Page], limit: int = GRAPH_LIMIT) -> Graph:
    """A layered drawing of the relations, the same for the same pages: each group of
    connected documents grows in rows from its most connected one, the rows ordered so
    that fewer edges cross; documents linked to none of the others come last, in a grid."""
    degree = {p.id: _degree(p) for p in pages}
    ranked = sorted(pages, key=lambda p: (-degree[p.id], p.id))[:limit]
    chosen = {p.id for p in ranked}
    pairs = _pairs(pages, chosen)
    around: dict[str, list[str]] = {node: [] for node in sorted(chosen)}
    for key in sorted(pairs, key=sorted):
        first, second = sorted(key)
        around[first].append(second)
        around[second].append(first)
    seen: set[str] = set()
    groups: list[list[list[str]]] = []
    alone: list[str] = []
    for page in ranked:
        if page.id in seen:
            continue
        if not around[page.id]:
            seen.add(page.id)
            alone.append(page.id)
            continue
        layers = _layers(page.id, around, seen)
        _order(layers, around)
        groups.append(layers)
    rows: list[list[str]] = []
    labels: list[tuple[str, int]] = []  # (text, row before which it stands)
    for layers in groups:
        for layer in layers:
            rows += [layer[i : i + WRAP] for i in range(0, len(layer), WRAP)]
        rows.append([])  # a gap between groups
    if alone:
        labels.append(("Linked to none of the documents shown", len(rows)))
        rows += [sorted(alone)[i : i + WRAP] for i in range(0, len(alone), WRAP)]
    columns = max((len(row) for row in rows), default=1)
    width = 2 * MARGIN + columns * STEP_X
    where: dict[str, tuple[int, int]] = {}
    for number, row in enumerate(rows):
        offset = (columns - len(row)) * STEP_X // 2
        for place, node in enumerate(row):
            x = MARGIN + offset + place * STEP_X + STEP_X // 2
            where[node] = (x, MARGIN + number * STEP_Y + STEP_Y // 2)
    by_id = {p.id: p for p in pages}
    nodes = tuple(
        Node(n, cells.clip(by_id[n].title, 24), by_id[n].status,
             "" if by_id[n].withheld else by_id[n].summary, *where[n])
        for n in sorted(chosen)
    )  # fmt: skip
    edges = tuple(
        Edge(a, b, kind, *where[a], *_short_of(where[a], where[b]))
        for a, b, kind in sorted(pairs.values())
    )
    texts = tuple(Label(text, MARGIN, MARGIN + row * STEP_Y + 4) for text, row in labels)
    height = 2 * MARGIN + max(len(rows), 1) * STEP_Y
    return Graph(nodes, edges, texts, width, height, len(pages) - len(chosen))


def _short_of(start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
    """Where a line from ``start`` to the centre of ``end`` meets the box around ``end``,
    so that an arrow's head is seen."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if dx == 0 and dy == 0:
        return end
    half_w, half_h = NODE_WIDTH / 2, NODE_HEIGHT / 2
    scale = min(half_w / abs(dx) if dx else float("inf"), half_h / abs(dy) if dy else float("inf"))
    return round(end[0] - dx * scale), round(end[1] - dy * scale)
