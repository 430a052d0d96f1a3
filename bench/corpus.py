"""Deterministic generator of synthetic mdbrain knowledge bases for the benchmark.

``generate(dest, n_docs, seed)`` writes a project: ``dest/.rag``, the knowledge root
``dest/docs/`` (themes, sub-themes, documents with frontmatter, a few SVG images) and
``dest/src/`` (the small Python modules that documents cite in ``impl_refs``). The same
``(n_docs, seed)`` always gives the same bytes. Every inter-document link and every
``related``/``supersedes``/``superseded_by`` id points to a generated document; link-like
text inside fenced code blocks deliberately points nowhere and must be ignored.

Standard library only. Command line: ``python bench/corpus.py DEST N [--seed S]``.
"""

from __future__ import annotations

import argparse
import json
import math
import posixpath
import random
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

import prose

GENERATOR_VERSION = 1
STAMP_NAME = ".bench-corpus.json"


RAG_MARKER = """\
version: "1"
root: ./docs
lang: en
summary_max: 240
check_on_update: true
index:
  shard_threshold: 500
"""

FIRST_DATE = date(2024, 1, 1)
LAST_DATE = date(2026, 7, 1)


@dataclass
class Doc:
    """One planned document; ``doc_id`` is its path relative to the knowledge root."""

    doc_id: str
    theme: str
    title: str
    doc_type: str
    status: str
    tags: list[str]
    related: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    impl_refs: list[str] = field(default_factory=list)
    supersedes: list[str] = field(default_factory=list)
    superseded_by: list[str] = field(default_factory=list)

    @property
    def folder(self) -> str:
        return posixpath.dirname(self.doc_id)


@dataclass(frozen=True)
class Plan:
    docs: list[Doc]
    modules: dict[str, list[str]]  # theme -> paths of Python files under src/


# --- plan --------------------------------------------------------------------------


def _plan_folders(rng: random.Random) -> list[tuple[str, str, int]]:
    """Return (folder, top-level theme, weight) for themes and 0-2 sub-theme levels."""
    folders: list[tuple[str, str, int]] = []
    for theme in sorted(rng.sample(prose.THEMES, rng.randint(8, 12))):
        folders.append((theme, theme, 3))
        for sub in rng.sample(prose.SUB_THEMES, rng.randint(0, 4)):
            folders.append((f"{theme}/{sub}", theme, 2))
            for subsub in rng.sample(prose.SUB_THEMES, rng.choice((0, 0, 1, 2, 3))):
                if subsub != sub:
                    folders.append((f"{theme}/{sub}/{subsub}", theme, 1))
    return folders


def _unique_slug(rng: random.Random, taken: set[str]) -> str:
    for _ in range(20):
        slug = "-".join(rng.sample((*prose.NOUNS, *prose.ADJECTIVES), rng.randint(1, 3)))
        if slug not in taken:
            return slug
    index = 2
    while f"{slug}-{index}" in taken:
        index += 1
    return f"{slug}-{index}"


def _plan_modules(rng: random.Random, themes: set[str]) -> dict[str, list[str]]:
    modules: dict[str, list[str]] = {}
    for theme in sorted(themes):
        package = theme.replace("-", "_")
        names = rng.sample(prose.NOUNS, rng.randint(3, 8))
        modules[theme] = [f"src/{package}/{name}.py" for name in sorted(names)]
    return modules


def _new_doc(rng: random.Random, doc_id: str, theme: str, modules: list[str]) -> Doc:
    doc_type = prose.weighted(rng, prose.TYPES)
    status = prose.weighted(rng, prose.STATUSES)
    tags = sorted({theme.split("-", 1)[0], *rng.sample(prose.TAGS, rng.randint(1, 4))})
    doc = Doc(doc_id, theme, prose.title(rng), doc_type, status, tags)
    if rng.random() < 0.45:
        doc.impl_refs = sorted(rng.sample(modules, rng.randint(1, min(2, len(modules)))))
    return doc


def _plan_docs(rng: random.Random, n_docs: int) -> Plan:
    folders = _plan_folders(rng)
    modules = _plan_modules(rng, {theme for _, theme, _ in folders})
    top_level = [entry for entry in folders if entry[2] == 3]
    chosen = top_level[:n_docs]
    chosen += rng.choices(folders, [w for _, _, w in folders], k=n_docs - len(chosen))
    taken: dict[str, set[str]] = {}
    docs: list[Doc] = []
    for folder, theme, _ in chosen:
        names = taken.setdefault(folder, set())
        slug = _unique_slug(rng, names)
        names.add(slug)
        docs.append(_new_doc(rng, f"{folder}/{slug}.md", theme, modules[theme]))
    docs.sort(key=lambda doc: doc.doc_id)
    _plan_supersessions(rng, docs)
    _plan_links(rng, docs)
    return Plan(docs, modules)


def _plan_supersessions(rng: random.Random, docs: list[Doc]) -> None:
    """Pair some docs: the new one ``supersedes`` the old, which turns deprecated."""
    if len(docs) < 4:
        return
    pool = rng.sample(docs, 2 * max(1, len(docs) // 40))
    pairs = [(pool[i], pool[i + 1]) for i in range(0, len(pool), 2)]
    if len(pairs) >= 2:  # one doc with two successors
        pairs.append((pairs[0][0], pairs[1][1]))
    for old, new in pairs:
        old.status = "deprecated"
        old.superseded_by = sorted({*old.superseded_by, new.doc_id})
        new.supersedes = sorted({*new.supersedes, old.doc_id})
        new.doc_type = "decision"
    for _, new in pairs:
        if new.status != "deprecated":
            new.status = "stable"


def _plan_links(rng: random.Random, docs: list[Doc]) -> None:
    by_theme: dict[str, list[Doc]] = {}
    for doc in docs:
        by_theme.setdefault(doc.theme, []).append(doc)
    for doc in docs:
        if doc.doc_type == "overview":
            _overview_links(rng, doc, by_theme[doc.theme])
        else:
            _ordinary_links(rng, doc, by_theme[doc.theme], docs)


def _overview_links(rng: random.Random, doc: Doc, siblings: list[Doc]) -> None:
    """A synthesis page cites exactly the docs it lists in ``related``; none deprecated."""
    candidates = [d.doc_id for d in siblings if d is not doc and d.status != "deprecated"]
    doc.related = sorted(rng.sample(candidates, min(len(candidates), rng.randint(2, 6))))
    doc.links = list(doc.related)


def _ordinary_links(rng: random.Random, doc: Doc, siblings: list[Doc], docs: list[Doc]) -> None:
    def pick() -> str:
        pool = siblings if rng.random() < 0.7 and len(siblings) > 1 else docs
        return rng.choice(pool).doc_id

    if len(docs) < 2:
        return
    related = {pick() for _ in range(rng.choice((0, 0, 1, 2, 3)))}
    doc.related = sorted(related - {doc.doc_id})
    links = [pick() for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4, 5, 6)))]
    doc.links = [link for link in links if link != doc.doc_id]


# --- rendering ---------------------------------------------------------------------


def _flow_list(items: Sequence[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _yaml_list(key: str, items: Sequence[str], block: bool) -> list[str]:
    if not block:
        return [f"{key}: {_flow_list(items)}"]
    return [f"{key}:", *(f"  - {item}" for item in items)]


def _dates(rng: random.Random) -> tuple[date, date]:
    span = (LAST_DATE - FIRST_DATE).days
    created = FIRST_DATE + timedelta(days=rng.randint(0, span))
    updated = min(LAST_DATE, created + timedelta(days=rng.choice((0, 0, 3, 30, 120, 400))))
    return created, updated


def _frontmatter(rng: random.Random, doc: Doc) -> str:
    block = rng.random() < 0.15
    lines = [f'title: "{doc.title}"', f'summary: "{prose.summary(rng, doc.title)}"']
    comment = "  # see the type list in the handbook" if rng.random() < 0.1 else ""
    lines += [f"type: {doc.doc_type}{comment}", f"status: {doc.status}"]
    lines += _yaml_list("tags", doc.tags, block)
    if rng.random() < 0.8:
        lines += _yaml_list(
            "audience", sorted(rng.sample(prose.AUDIENCES, rng.randint(1, 3))), block
        )
    for key, values in (
        ("impl_refs", doc.impl_refs),
        ("related", doc.related),
        ("supersedes", doc.supersedes),
        ("superseded_by", doc.superseded_by),
    ):
        if values:
            lines += _yaml_list(key, values, block)
    if doc.status == "needs-review":
        lines.append(f'review_reason: "{rng.choice(prose.REVIEW_REASONS)}"')
    if doc.status == "stable" and (not doc.impl_refs or rng.random() < 0.2):
        lines.append(f"sources: [https://example.com/specs/{posixpath.basename(doc.doc_id)}]")
    created, updated = _dates(rng)
    lines += [f"created: {created.isoformat()}", f"updated: {updated.isoformat()}"]
    if rng.random() < 0.85:
        lines.append(f"owners: [team-{doc.theme}]")
    if rng.random() < 0.9:
        lines.append(f"priority: {prose.weighted(rng, prose.PRIORITIES)}")
    return "---\n" + "\n".join(lines) + "\n---\n"


def _code_block(rng: random.Random) -> str:
    """A fenced block; about half contain link-like text that is not a link."""
    fence = "~~~" if rng.random() < 0.15 else "```"
    trap = rng.random() < 0.5
    name = rng.choice(prose.NOUNS)
    bodies = {
        "python": f'def {name}_handler(request):\n    return request["{rng.choice(prose.NOUNS)}"]',
        "yaml": f"{name}:\n  timeout_ms: {rng.randint(10, 900)}\n  retries: 3",
        "bash": f"mdbrain query {name} --limit {rng.randint(1, 20)}",
        "json": f'{{"{name}": {rng.randint(1, 99)}, "enabled": true}}',
    }
    lang = rng.choice(sorted(bodies))
    body = bodies[lang]
    if trap:
        traps = (
            f"# see [the {name} notes](../ghost/{name}.md)",
            f"# [{name}]: ./phantom/{name}.md",
            f"# items[0]({name}) is not a link, nor is [x](nowhere.md)",
        )
        body = rng.choice(traps) + "\n" + body
    return f"{fence}{lang}\n{body}\n{fence}"


def _bullets(rng: random.Random) -> str:
    items = (
        f"- `{rng.choice(prose.NOUNS)}`: {prose.sentence(rng)}" for _ in range(rng.randint(2, 5))
    )
    return "\n".join(items)


def _table(rng: random.Random) -> str:
    rows = [
        f"| `{rng.choice(prose.NOUNS)}` | {rng.randint(1, 500)} | {rng.choice(prose.ADJECTIVES)} |"
        for _ in range(rng.randint(2, 5))
    ]
    return "\n".join(["| name | limit | mode |", "|---|---|---|", *rows])


def _headings(rng: random.Random) -> list[tuple[int, str]]:
    """3-8 sections; the first is a ``##``, later ones are sometimes ``###``."""
    count = rng.randint(3, 8)
    names = rng.sample(prose.HEADINGS, count)
    levels = [2] + [3 if rng.random() < 0.25 else 2 for _ in range(count - 1)]
    return list(zip(levels, names, strict=True))


def _target_size(rng: random.Random) -> int:
    return max(1000, min(5500, int(rng.lognormvariate(math.log(2000), 0.5))))


def _fill_sections(rng: random.Random, count: int, budget: int) -> list[list[str]]:
    sections = [[prose.paragraph(rng)] for _ in range(count)]
    size = sum(len(s[0]) for s in sections)
    while True:
        block = prose.paragraph(rng)
        roll = rng.random()
        if roll < 0.06:
            block = _code_block(rng)
        elif roll < 0.12:
            block = _bullets(rng)
        elif roll < 0.15:
            block = _table(rng)
        if size + len(block) > budget:
            return sections
        rng.choice(sections).append(block)
        size += len(block) + 2


def _link_sentence(rng: random.Random, text: str, target: str, ref: str | None) -> str:
    anchor = f"[{text}][{ref}]" if ref else f"[{text}]({target})"
    templates = (
        f"See {anchor} for the details.",
        f"The {rng.choice(prose.NOUNS)} follows {anchor}.",
        f"This mirrors {anchor}, which {prose.third_person(rng.choice(prose.VERBS))} the same "
        f"{rng.choice(prose.NOUNS)}.",
    )
    return rng.choice(templates)


def _relative(source: Doc, target_id: str, rng: random.Random) -> str:
    rel = posixpath.relpath(target_id, source.folder or ".")
    if "/" not in rel and rng.random() < 0.3:
        return "./" + rel
    return rel


def _add_links(
    rng: random.Random, doc: Doc, titles: dict[str, str], sections: list[list[str]]
) -> list[str]:
    """Weave the planned links into paragraphs; return reference definitions."""
    definitions: list[str] = []
    for number, target_id in enumerate(doc.links, start=1):
        rel = _relative(doc, target_id, rng)
        ref = f"ref-{number}" if rng.random() < 0.25 else None
        if ref:
            definitions.append(f"[{ref}]: {rel}")
        section = rng.choice(sections)
        section[0] += " " + _link_sentence(rng, titles[target_id].lower(), rel, ref)
    if rng.random() < 0.2:
        label, url = rng.choice(prose.EXTERNAL_LINKS)
        sections[0][0] += f" The format follows [{label}]({url})."
    if rng.random() < 0.05:
        sections[-1][0] += " Status page: <https://status.example.com/>."
    return definitions


def _image(rng: random.Random, doc: Doc) -> tuple[str, str | None]:
    """Markdown for an image and, when local, the id-relative path of its file."""
    if rng.random() < 0.5:
        return "![Build status](https://img.shields.io/badge/build-passing-green.svg)", None
    name = posixpath.basename(doc.doc_id)[:-3] + ".svg"
    return f"![Sequence diagram](img/{name})", posixpath.join(doc.folder, "img", name)


def _render(rng: random.Random, doc: Doc, titles: dict[str, str]) -> tuple[str, str | None]:
    """Return the document text and the path of a local image it needs, if any."""
    front = _frontmatter(rng, doc)
    headings = _headings(rng)
    sections = _fill_sections(rng, len(headings), _target_size(rng) - len(front))
    definitions = _add_links(rng, doc, titles, sections)
    image_path = None
    if rng.random() < 0.1:
        image, image_path = _image(rng, doc)
        sections[0].append(image)
    parts = [f"# {doc.title}"]
    for (level, heading), blocks in zip(headings, sections, strict=True):
        parts.append("#" * level + " " + heading)
        parts.extend(blocks)
    if definitions:
        parts.append("\n".join(definitions))
    return front + "\n" + "\n\n".join(parts) + "\n", image_path


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
    '<rect width="120" height="40" fill="#eee"/></svg>\n'
)


def _module_source(path: str) -> str:
    name = posixpath.basename(path)[:-3]
    return (
        f'"""The {name} module (generated for the mdbrain benchmark)."""\n\n\n'
        f"def {name}_limit(value: int) -> int:\n"
        f'    """Return the {name} limit for ``value``."""\n'
        f"    return min(value, 100)\n"
    )


# --- writing -----------------------------------------------------------------------


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def _prepare_dest(dest: Path) -> None:
    """Make ``dest`` empty; refuse to wipe a folder this generator did not write."""
    if not dest.exists():
        dest.mkdir(parents=True)
        return
    if not any(dest.iterdir()):
        return
    if not (dest / STAMP_NAME).is_file():
        raise FileExistsError(f"{dest} is not empty and holds no generated corpus")
    shutil.rmtree(dest)
    dest.mkdir()


def stamp(n_docs: int, seed: int) -> dict[str, int]:
    """The parameters that identify a generated corpus."""
    return {"generator": GENERATOR_VERSION, "n_docs": n_docs, "seed": seed}


def is_generated(dest: Path, n_docs: int, seed: int) -> bool:
    """True when ``dest`` holds a complete corpus generated with these parameters."""
    try:
        found = json.loads((dest / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(found == stamp(n_docs, seed))


def generate(dest: Path, n_docs: int, seed: int = 0) -> None:
    """Write a project with ``n_docs`` documents into ``dest`` (empty or absent)."""
    if n_docs < 1:
        raise ValueError("n_docs must be at least 1")
    _prepare_dest(dest)
    rng = random.Random(seed)  # noqa: S311 - seeded on purpose: reproducible test data
    plan = _plan_docs(rng, n_docs)
    titles = {doc.doc_id: doc.title for doc in plan.docs}
    root = dest / "docs"
    for doc in plan.docs:
        text, image = _render(rng, doc, titles)
        _write(root / doc.doc_id, text)
        if image:
            _write(root / image, SVG)
    for paths in plan.modules.values():
        _write(dest / posixpath.dirname(paths[0]) / "__init__.py", "")
        for path in paths:
            _write(dest / path, _module_source(path))
    _write(dest / ".rag", RAG_MARKER)
    _write(dest / STAMP_NAME, json.dumps(stamp(n_docs, seed)) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("dest", type=Path, help="project folder to write (empty or absent)")
    parser.add_argument("n_docs", type=int, help="number of documents")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    args = parser.parse_args(argv)
    dest: Path = args.dest
    n_docs: int = args.n_docs
    seed: int = args.seed
    try:
        generate(dest, n_docs, seed)
    except (FileExistsError, ValueError) as error:
        print(f"corpus.py: {error}", file=sys.stderr)
        return 2
    print(f"wrote {n_docs} documents to {dest / 'docs'} (seed {seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
