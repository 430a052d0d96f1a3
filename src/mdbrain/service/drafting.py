"""What the first drafts of ``init --scan`` say: their themes, titles, summaries and bodies.

From the facts :mod:`mdbrain.core.codemap` and :mod:`mdbrain.core.layout` read
in the code, themes come from the project's own top-level folders and roles,
and a draft is planned per unit of code, for the entry points, the tests and
the project itself, plus an overview per theme. Drafts list what exists
(docstrings, public symbols, entry points, commands, routes) and nothing else.
:mod:`mdbrain.service.scanning` renders and writes them.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mdbrain.core import anchors, codemap, layout, markdown
from mdbrain.core.codemap import FileFacts
from mdbrain.core.layout import ENTRY_THEME, EntryPoint, Package, Unit
from mdbrain.core.slug import slugify, unique

MAX_THEMES = 8
_NAMES = {"typescript": "TypeScript", "javascript": "JavaScript", "yaml": "YAML", "toml": "TOML",
          "json": "JSON", "ini": "INI", "rest": "reStructuredText"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Theme:
    slug: str
    title: str


@dataclass(frozen=True, slots=True)
class Draft:
    id: str
    title: str
    summary: str
    type: str
    tags: tuple[str, ...]
    impl_refs: tuple[str, ...]
    sources: tuple[str, ...]
    body: tuple[str, ...]  # Markdown lines between the note and the related links
    links: tuple[tuple[str, str], ...] = ()  # (text, target) besides the theme overview


# --- Markdown pieces -------------------------------------------------------------------


def code(text: str) -> str:
    """``text`` as an inline code span."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def link_text(title: str) -> str:
    return title.replace("[", "(").replace("]", ")")


# "[text](target)": neither part may run past a bracket or parenthesis it does not
# close, so that no attempt reads further than the next one starts (a heading of
# thousands of "[a](" is read once, not once per bracket).
_LINK = re.compile(r"\[([^\[\]]*)\]\((?:[^()]|\([^()]*+\))*+\)")
_README_SECTIONS = 100  # headings of a README listed in the project draft


def _plain(text: str) -> str:
    """Markdown links reduced to their text."""
    return _LINK.sub(r"\1", text)


def _readme_sections(text: str) -> list[str]:
    """The level-1 to level-3 headings of a README as list items, indented by level.

    Read with :func:`mdbrain.core.markdown.scan`, which is linear in the text.
    """
    found = [h for h in markdown.scan(text).headings if h.level <= 3]
    lines = [f"{'  ' * (h.level - 1)}- {_plain(h.title)}" for h in found[:_README_SECTIONS]]
    more = len(found) - _README_SECTIONS
    return [*lines, f"- … and {more} more"] if more > 0 else lines


def language_name(path: str) -> str:
    name = codemap.language_of(path) or "other"
    return _NAMES.get(name, name.capitalize())


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def first_sentence(text: str) -> str:
    paragraph = " ".join(text.strip().split("\n\n")[0].split())
    match = re.search(r"(?<=[.!?])\s", paragraph)
    return paragraph[: match.start()] if match else paragraph


def file_section(item: FileFacts) -> list[str]:
    """What one file holds: docstring, exports, public symbols, how it runs."""
    lines = [f"## {code(item.path)}", ""]
    if item.note:
        return [*lines, f"Skipped by the scan: {item.note}.", ""]
    doc = item.doc.strip().splitlines()[:40]
    lines += (
        [*(("\\" + ln if ln.lstrip().startswith("#") else ln) for ln in doc), ""] if doc else []
    )
    if item.exports:
        lines += [f"Exports (`__all__`): {', '.join(map(code, item.exports))}.", ""]
    if item.symbols:
        lines += ["Public symbols:", ""]
        for s in item.symbols:
            members = f" Public methods: {', '.join(map(code, s.members))}." if s.members else ""
            lines.append(f"- {code(s.signature)}" + (f": {s.doc}" if s.doc else "") + members)
        lines.append("")
    lines += [f"How it runs: {item.main}.", ""] if item.main else []
    found = (("Commands it defines", item.commands), ("Routes", item.routes))
    lines += [f"{label}: {', '.join(map(code, v))}.\n" for label, v in found if v]
    return lines if len(lines) > 2 else [*lines, "No docstring and no public symbols found.", ""]


def inventory(files: Iterable[FileFacts], what: str) -> str:
    """A plain sentence of what files hold: 'Python module with 2 public functions: a, b.'"""
    items = list(files)
    kinds: dict[str, list[str]] = {}
    for symbol in (s for f in items for s in f.symbols):
        kinds.setdefault(symbol.kind, []).append(symbol.name)
    parts = [f"{_count(len(v), 'public ' + k)}: {', '.join(v)}" for k, v in kinds.items()]
    language = language_name(items[0].path) if items else ""
    return f"{language} {what} with {'; '.join(parts) or 'no public symbols'}."


# --- the drafts ----------------------------------------------------------------------


def plan_drafts(
    files: list[str], texts: dict[str, str], summary_max: int
) -> tuple[list[Theme], list[Draft]]:
    """The themes and every draft, from the file list and the texts read."""
    kinds = {f: codemap.kind_of(f) for f in files}
    facts = {
        p: codemap.source_facts(p, t)
        for p, t in texts.items()
        if kinds[p] in ("code", "test") and codemap.language_of(p) in codemap.READ_LANGUAGES
    }
    code_facts = [facts[p] for p in sorted(facts) if kinds[p] == "code"]
    packages = [p for path, t in sorted(texts.items()) if (p := _read_package(path, t))]
    entries = layout.entry_points(code_facts, packages, files)
    apart = bool(entries) or any(f.commands or f.routes for f in code_facts)
    tests = [f for f in files if kinds[f] == "test"]
    extras = [Theme(ENTRY_THEME, "Entry points, commands and routes")] if apart else []
    extras += [Theme("testing", "Tests")] if tests else []
    extras += [Theme("project", "Project: layout, configuration and documentation")]
    budget = max(1, MAX_THEMES - len(extras))
    groups = layout.group_files(code_facts)
    units, folders = layout.plan_units(groups, files, budget, fronts_apart=apart)
    names = {posixpath.dirname(p.path): p.name for p in packages if p.name}
    modules = codemap.python_modules(files).items()
    names |= {posixpath.dirname(f): m for f, m in modules if f.endswith("__init__.py")}
    themes = [Theme(t, _theme_title(t, folders[t], names)) for t in sorted(folders)]
    themes = [t for t in themes if t.slug != ENTRY_THEME] + extras
    near = _Near(units)
    drafts = [_unit_draft(u, near.peers(i)) for i, u in enumerate(units)]
    drafts += [_entry_draft(entries, code_facts, units)] if apart else []
    drafts += _test_drafts(tests, facts)
    drafts += _project_drafts(files, kinds, texts, packages)
    drafts += [_overview(t, drafts, folders.get(t.slug, "")) for t in themes]
    clipped = (codemap.clip(d.summary, summary_max) for d in drafts)
    return themes, [dataclasses.replace(d, summary=s) for d, s in zip(drafts, clipped, strict=True)]


def _read_package(path: str, text: str) -> Package | None:
    """The package a manifest declares; None for any other file, and for a manifest
    nested too deeply for the JSON or TOML reader (it would raise RecursionError)."""
    if posixpath.basename(path).lower() not in codemap.MANIFESTS:
        return None
    try:
        return layout.read_package(path, text)
    except (RecursionError, MemoryError):
        return None


def _theme_title(slug: str, folder: str, names: dict[str, str]) -> str:
    if slug == "other-code":
        return "Other code"
    name = names.get(folder)
    return f"Code in {folder or '.'}/" + (f" ({name})" if name else "")


def _anchors(item: FileFacts) -> list[str]:
    if not anchors.supports(item.path):
        return []
    named = [s for s in item.symbols if s.kind in ("function", "class", "interface", "type")]
    return [f"{item.path}#{s.name}" for s in named[:3]]


def _tags(unit: Unit) -> tuple[str, ...]:
    parts = [p for p in unit.folder.split("/") if p not in ("", "src", "lib")][-4:]
    if len(unit.files) == 1:
        parts.append(posixpath.splitext(posixpath.basename(unit.files[0].path))[0])
    parts.append(unit.files[0].language)
    return tuple(t for t in dict.fromkeys(slugify(p, fallback="") for p in parts) if t)


_PEERS = 8  # links from a unit's draft to the drafts of units near it


class _Near:
    """The units of each theme by folder and by parent folder, in the order given.

    A unit looks at four lists (the units in its folder or in its parent folder,
    and those whose parent is one of these) and at their first few items only:
    a thousand units in one folder cost a thousand short looks, not a million
    comparisons.
    """

    def __init__(self, units: list[Unit]) -> None:
        self.units = units
        self.by_folder: dict[tuple[str, str], list[int]] = {}
        self.by_parent: dict[tuple[str, str], list[int]] = {}
        for index, unit in enumerate(units):
            self.by_folder.setdefault((unit.theme, unit.folder), []).append(index)
            parent = posixpath.dirname(unit.folder)
            self.by_parent.setdefault((unit.theme, parent), []).append(index)

    def peers(self, index: int) -> tuple[tuple[str, str], ...]:
        """Units of the same theme in the same, parent, child or sibling folder."""
        unit = self.units[index]
        found: set[int] = set()
        for folder in {unit.folder, posixpath.dirname(unit.folder)}:
            for table in (self.by_folder, self.by_parent):
                found.update(table.get((unit.theme, folder), [])[: _PEERS + 1])
        found.discard(index)
        near = [self.units[i] for i in sorted(found)[:_PEERS]]
        return tuple((u.title, f"{u.slug}.md") for u in near)


def _unit_draft(unit: Unit, peers: tuple[tuple[str, str], ...]) -> Draft:
    files = unit.files
    package_doc = next((f.doc for f in files if f.path.endswith("__init__.py") and f.doc), "")
    doc = package_doc or (files[0].doc if len(files) == 1 else "")
    package = any(f.path.endswith("__init__.py") for f in files)
    what = f"{'package' if package else 'folder'} of {_count(len(files), 'file')}"
    return Draft(
        id=f"{unit.theme}/{unit.slug}.md",
        title=unit.title,
        summary=first_sentence(doc)
        if doc
        else inventory(files, "module" if len(files) == 1 else what),
        type="api" if any(f.commands or f.routes for f in files) else "reference",
        tags=_tags(unit),
        impl_refs=tuple(ref for f in files for ref in (f.path, *_anchors(f))),
        sources=tuple(f.path for f in files),
        body=tuple(line for f in files for line in file_section(f)),
        links=peers,
    )


def _entry_draft(entries: list[EntryPoint], facts: list[FileFacts], units: list[Unit]) -> Draft:
    owner = {f.path: u for u in units for f in u.files}

    def described(path: str) -> str:
        unit = owner.get(path)
        return f" ([{link_text(unit.title)}](../{unit.theme}/{unit.slug}.md))" if unit else ""

    body = ["## Entry points", ""] if entries else []
    for e in entries:
        declared = f", declared in {code(e.declared)}" if e.declared != e.file else ""
        runs = f"; runs {code(e.file)}" if e.file not in ("", e.declared, e.name) else ""
        body.append(f"- {code(e.name)}: {e.how}{declared}{runs}{described(e.file)}")
    commands = [(f.path, f.commands) for f in facts if f.commands]
    routes = [(f.path, f.routes) for f in facts if f.routes]
    for title, found in (("Commands", commands), ("Routes", routes)):
        body += ["", f"## {title}", ""] if found else []
        body += [f"- {code(p)}: {', '.join(map(code, n))}{described(p)}" for p, n in found]
    refs = {e.declared for e in entries} | {e.file for e in entries if e.file}
    refs |= {path for path, _ in commands + routes}
    counts = [len(entries), sum(len(n) for _, n in commands), sum(len(n) for _, n in routes)]
    return Draft(
        id=f"{ENTRY_THEME}/entry-points.md",
        title="Entry points, commands and routes",
        summary="{} entry points, {} CLI commands and {} HTTP routes found in the code.".format(
            *counts
        ),
        type="api",
        tags=("entry-points", "cli"),
        impl_refs=tuple(sorted(refs)),
        sources=tuple(sorted(refs)),
        body=tuple(body),
    )


def _test_drafts(tests: list[str], facts: dict[str, FileFacts]) -> list[Draft]:
    roots: dict[str, list[str]] = {}
    for path in tests:
        roots.setdefault(layout.test_root(path), []).append(path)
    drafts: list[Draft] = []
    taken = {"overview"}  # slugs of the drafts so far
    for root, paths in sorted(roots.items()):
        read = [facts[p] for p in paths if p in facts and facts[p].tests]
        summary = (
            f"Tests in {root}/: {_count(len(read), 'test file')} with "
            f"{_count(sum(f.tests for f in read), 'test')}, "
            f"and {_count(len(paths) - len(read), 'other file')}."
        )
        lines = [
            f"- {code(f.path)}, {_count(f.tests, 'test')}"
            + (f": {codemap.first_line(f.doc)}" if f.doc else "")
            for f in read
        ]
        slug = slugify(root, fallback="tests")
        slug = unique(slug, taken) if slug in taken else slug
        taken.add(slug)
        drafts.append(
            Draft(
                id=f"testing/{slug}.md",
                title=f"Tests in {root}/",
                summary=summary,
                type="reference",
                tags=("testing", *sorted({f.language for f in read})),
                impl_refs=(root,) if root != "." else tuple(f.path for f in read),
                sources=tuple(f.path for f in read),
                body=(summary, "", "## Test files", "", *lines),
            )
        )
    return drafts


def _project_drafts(
    files: list[str], kinds: dict[str, str], texts: dict[str, str], packages: list[Package]
) -> list[Draft]:
    counts = Counter(language_name(f) for f in files)
    tops = Counter(f.split("/")[0] + "/" if "/" in f else "./" for f in files)
    readmes = [f for f in texts if f.lower().rsplit("/", 1)[-1].startswith("readme")]
    readmes = sorted((f for f in readmes if kinds[f] != "test"), key=lambda f: (f.count("/"), f))
    docs = Counter(posixpath.dirname(f) for f in files if kinds[f] == "doc" and "/" in f)
    body = ["## Languages", "", *(f"- {k}: {_count(n, 'file')}" for k, n in counts.most_common())]
    body += ["", "## Top-level folders", ""]
    body += [f"- {code(name)}: {_count(n, 'file')}" for name, n in sorted(tops.items())]
    for readme in readmes[:3]:
        body += ["", f"## Sections of {code(readme)}", ""]
        body += _readme_sections(texts[readme])
    folders = [f"- {code(d + '/')}: {_count(n, 'document')}" for d, n in docs.items() if n > 1]
    body += ["", "## Documentation folders", "", *sorted(folders)[:30]] if folders else []
    common = ", ".join(f"{name} ({n})" for name, n in counts.most_common(3))
    drafts = [
        Draft(
            id="project/repository.md",
            title="Repository layout and documentation",
            summary=f"Layout of the repository: {_count(len(files), 'file')}, mostly {common}; "
            "its READMEs and documentation folders.",
            type="reference",
            tags=("project", "layout", "documentation"),
            impl_refs=tuple(readmes[:3]),
            sources=tuple(readmes[:3]),
            body=tuple(body),
        )
    ]
    configs = [f for f in files if kinds[f] == "config"]
    return drafts + ([_configuration_draft(configs, packages)] if configs else [])


def _configuration_draft(configs: list[str], packages: list[Package]) -> Draft:
    body = ["## Files", "", *(f"- {code(f)}" for f in configs[:80])]
    for p in packages:
        body += ["", f"## {code(p.path)}: {p.kind} package {code(p.name) if p.name else ''}", ""]
        body += [p.description, ""] if p.description else []
        programs = [f"{c} -> {t}" for c, t in p.programs]
        found = (("Programs", programs), ("Scripts", p.tasks), ("Dependencies", p.dependencies))
        body += [f"- {label}: {', '.join(map(code, v))}." for label, v in found if v]
    shown = ", ".join(configs[:5]) + (f" and {len(configs) - 5} more" if len(configs) > 5 else "")
    return Draft(
        id="project/configuration.md",
        title="Configuration and build files",
        summary=f"{_count(len(configs), 'configuration and build file')}: {shown}.",
        type="reference",
        tags=("project", "configuration"),
        impl_refs=tuple(configs[:40]),
        sources=tuple(p.path for p in packages),
        body=tuple(body),
    )


def _overview(theme: Theme, drafts: list[Draft], folder: str) -> Draft:
    mine = [d for d in drafts if d.id.startswith(theme.slug + "/")]
    listed = [
        f"- [{link_text(d.title)}]({posixpath.basename(d.id)}): {codemap.clip(d.summary, 200)}"
        for d in mine
    ]
    return Draft(
        id=f"{theme.slug}/overview.md",
        title=theme.title,
        summary=f"{theme.title}: {_count(len(mine), 'draft document')} generated from the code.",
        type="overview",
        tags=(theme.slug,),
        impl_refs=(folder,) if folder else (),
        sources=(),
        body=(
            *([f"Code in {code(folder + '/')}.", ""] if folder else []),
            "## Documents",
            "",
            *listed,
        ),
    )
