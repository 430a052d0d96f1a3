"""Render the three derived indexes: OVERVIEW.md, INDEX.md and RELATIONS.yaml.

Each is a pure function of the manifest, the settings and one date, so that
regenerating an unchanged base gives the same bytes. The date is the latest
``updated`` (or ``created``) among the documents: it moves when the knowledge
does, not when the command runs. Above the shard threshold, INDEX.md becomes a
table of contents and each top-level theme gets an INDEX.md of its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from mdbrain.core import fields, graph, yaml_emit
from mdbrain.core.cells import cell, clip
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.marker import Config


@dataclass(frozen=True, slots=True)
class Labels:
    overview_title: str
    index_title: str
    banner: str  # first words of every header; how a generated file is recognised
    generated: str  # "{date}" is replaced
    count: str  # "{count}" is replaced
    columns: tuple[str, ...]
    toc_columns: tuple[str, ...]
    toc_rest: str


LABELS = {
    "fr": Labels(
        overview_title="# OVERVIEW — Carte de la base de connaissance",
        index_title="# INDEX — Manifeste",
        banner="Auto-généré — NE PAS ÉDITER.",
        generated="Dernière modification : {date}.",
        count="Documents : {count}.",
        columns=("chemin", "type", "statut", "prio", "tags", "résumé"),
        toc_columns=("thème", "documents", "manifeste"),
        toc_rest="Documents hors thème",
    ),
    "en": Labels(
        overview_title="# OVERVIEW — Map of the knowledge base",
        index_title="# INDEX — Manifest",
        banner="Auto-generated — DO NOT EDIT.",
        generated="Latest change: {date}.",
        count="Documents: {count}.",
        columns=("path", "type", "status", "prio", "tags", "summary"),
        toc_columns=("theme", "documents", "manifest"),
        toc_rest="Documents outside any theme",
    ),
}

GENERATED_MARKERS = tuple(label.banner for label in LABELS.values())
_ALWAYS_SHOWN = ("links", "related", "linked_by")
_RELATION_KEYS = (*_ALWAYS_SHOWN, *graph.EXTRA_RELATIONS)


def labels_for(lang: str) -> Labels:
    """Labels in the base's language; English for a language mdbrain does not speak."""
    return LABELS.get(lang.replace("_", "-").split("-", 1)[0].lower(), LABELS["en"])


def is_generated(text: str) -> bool:
    """True when ``text`` is an index mdbrain wrote (its header is in the first lines)."""
    head = text[:400]
    return any(marker in head for marker in GENERATED_MARKERS)


def generation_date(manifest: Manifest) -> str | None:
    """The latest ``updated`` or ``created`` date among the documents, as ISO text: the
    header says it as the base's latest change, never the day the file was written
    (the same base gives the same file on any day, and two branches merge it)."""
    latest = None
    for entry in manifest.entries:
        for key in ("updated", "created"):
            day = fields.date(entry.meta, key)
            if day is not None and (latest is None or day > latest):
                latest = day
    return None if latest is None else latest.isoformat()


def theme_of(doc_id: str) -> str:
    """The top-level folder of a document; '' for a document at the root."""
    head, sep, _ = doc_id.partition("/")
    return head if sep else ""


_DIGITS = re.compile(r"(\d+)")


def natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that reads runs of digits as numbers: ``adr-2`` before ``adr-10``, as a
    person counts (nats-io's log came out adr-1, adr-10, adr-11... adr-2)."""
    return tuple((1, int(part)) if part.isdigit() else (0, part) for part in _DIGITS.split(text))


def _header(labels: Labels, date: str | None, count: int) -> str:
    parts = [labels.banner]
    if date:
        parts.append(labels.generated.format(date=date))
    parts.append(labels.count.format(count=count))
    return "> " + " ".join(parts)


# --- OVERVIEW.md -------------------------------------------------------------


def _tree(ids: Iterable[str]) -> dict[str, object]:
    root: dict[str, object] = {}
    for doc_id in ids:
        node = root
        *folders, name = doc_id.split("/")
        for folder in folders:
            node = node.setdefault(folder + "/", {})  # type: ignore[assignment]
        node[name] = None
    return root


def _count(node: dict[str, object]) -> int:
    return sum(_count(c) if isinstance(c, dict) else 1 for c in node.values())


def _tree_lines(node: dict[str, object], depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for key in sorted(node, key=lambda k: natural(k.rstrip("/"))):
        child = node[key]
        if not isinstance(child, dict):
            out.append(f"{pad}{key}")
        else:
            out.append(f"{pad}{key.rstrip('/')} ({_count(child)})")
            _tree_lines(child, depth + 1, out)


def render_overview(manifest: Manifest, config: Config, date: str | None) -> str:
    labels = labels_for(config.lang)
    lines = [labels.overview_title, "", _header(labels, date, len(manifest)), ""]
    _tree_lines(_tree(e.id for e in manifest.entries), 0, lines)
    return "\n".join(lines) + "\n"


# --- INDEX.md ------------------------------------------------------------------


def row(entry: Entry, summary_max: int) -> str:
    """The manifest row of one document."""
    cells = (
        entry.id,
        entry.type,
        entry.status,
        entry.priority,
        ",".join(entry.tags),
        clip(entry.summary, summary_max),
    )
    return "| " + " | ".join(cell(c) for c in cells) + " |"


def _table(columns: tuple[str, ...], rows: Iterable[str]) -> list[str]:
    head = "| " + " | ".join(columns) + " |"
    rule = "|" + "---|" * len(columns)
    return [head, rule, *rows]


def render_index(
    entries: Iterable[Entry], config: Config, date: str | None, title: str | None = None
) -> str:
    labels = labels_for(config.lang)
    chosen = sorted(entries, key=lambda e: natural(e.id))
    lines = [title or labels.index_title, "", _header(labels, date, len(chosen)), ""]
    lines += _table(labels.columns, (row(e, config.summary_max) for e in chosen))
    return "\n".join(lines) + "\n"


def render_index_toc(manifest: Manifest, config: Config, date: str | None) -> str:
    """The root INDEX.md of a sharded base: one row per theme, then the root's own documents."""
    labels = labels_for(config.lang)
    themes: dict[str, int] = {}
    loose = []
    for entry in manifest.entries:
        theme = theme_of(entry.id)
        if theme:
            themes[theme] = themes.get(theme, 0) + 1
        else:
            loose.append(entry)
    lines = [labels.index_title, "", _header(labels, date, len(manifest)), ""]
    rows = (
        f"| {cell(t)} | {n} | {cell(t + '/' + config.index.manifest)} |"
        for t, n in sorted(themes.items())
    )
    lines += _table(labels.toc_columns, rows)
    if loose:
        lines += ["", f"## {labels.toc_rest}", ""]
        loose.sort(key=lambda e: natural(e.id))
        lines += _table(labels.columns, (row(e, config.summary_max) for e in loose))
    return "\n".join(lines) + "\n"


# --- RELATIONS.yaml ------------------------------------------------------------


def render_relations(manifest: Manifest, config: Config, date: str | None) -> str:
    labels = labels_for(config.lang)
    lines = [f"# {labels.banner}", 'version: "1"']
    if date:
        lines.append(f'generated: "{date}"')
    nodes = graph.build(manifest)
    if not nodes:
        lines.append("nodes: {}")
        return "\n".join(lines) + "\n"
    lines.append("nodes:")
    quoted: dict[str, str] = {}

    def q(value: str) -> str:
        text = quoted.get(value)
        if text is None:
            text = quoted[value] = yaml_emit.text(value)
        return text

    for doc_id in sorted(nodes):
        node = nodes[doc_id]
        lines.append(f"  {q(doc_id)}:")
        for key in _RELATION_KEYS:
            values = getattr(node, key)
            if values:
                lines.append(f"    {key}:")
                lines.extend(["      - " + q(v) for v in values])
            elif key in _ALWAYS_SHOWN:
                lines.append(f"    {key}: []")
    return "\n".join(lines) + "\n"


# --- all of them -------------------------------------------------------------


def derive(manifest: Manifest, config: Config, date: str | None) -> dict[str, str]:
    """Every derived file, keyed by its path from the knowledge root."""
    names = config.index
    files = {
        names.overview: render_overview(manifest, config, date),
        names.relations: render_relations(manifest, config, date),
    }
    if len(manifest) <= names.shard_threshold:
        files[names.manifest] = render_index(manifest.entries, config, date)
        return files
    files[names.manifest] = render_index_toc(manifest, config, date)
    by_theme: dict[str, list[Entry]] = {}
    for entry in manifest.entries:
        theme = theme_of(entry.id)
        if theme:
            by_theme.setdefault(theme, []).append(entry)
    labels = labels_for(config.lang)
    for theme, entries in by_theme.items():
        title = f"{labels.index_title} — {theme}"
        files[f"{theme}/{names.manifest}"] = render_index(entries, config, date, title)
    return files
