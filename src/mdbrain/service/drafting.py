"""What the first drafts of ``init --scan`` say: their themes, titles, summaries and bodies.

From the facts :mod:`mdbrain.core.codemap`, :mod:`mdbrain.core.infrastructure`
and :mod:`mdbrain.core.layout` read in the project (:func:`mdbrain.core.draft.read_project`),
themes come from its own top-level folders and roles, and a draft is planned per
unit of code and per infrastructure group, for the entry points, plus the drafts
about the project as a whole (:mod:`mdbrain.core.digest`). Drafts list what
exists (docstrings, public symbols, entry points, commands, routes, resources,
jobs, the README's own words) and nothing else, in the base's language
(:mod:`mdbrain.core.wording`). Examples, vendored and generated code and test
data are counted, not drafted.

Each draft carries a ``priority`` (p1: entry points, where a library starts, the
units many others import, a Terraform root module; p2: the rest) and
``related`` (the units a unit imports, the modules a Terraform module calls).
:mod:`mdbrain.service.scanning` renders and writes them.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Callable, Sequence

from mdbrain.core import anchors, codemap, dependencies, digest, layout, sections
from mdbrain.core.draft import (
    MAX_RELATED,
    MAX_SECTIONS,
    Draft,
    Project,
    Theme,
    read_project,
    relative,
)
from mdbrain.core.facts import FileFacts, Symbol, clip
from mdbrain.core.layout import (
    ENTRY_THEME,
    INFRA_THEME,
    EntryPoint,
    InfraGroup,
    Package,
    Unit,
    UnitGraph,
)
from mdbrain.core.sections import code, file_section, language_name, link_text
from mdbrain.core.slug import slugify
from mdbrain.core.wording import Words

__all__ = ["Draft", "Theme", "file_section", "language_name", "link_text", "plan_drafts"]

MAX_THEMES = 8


def plan_drafts(
    files: list[str], texts: dict[str, str], summary_max: int, *, lang: str = "en"
) -> tuple[list[Theme], list[Draft]]:
    """The themes and every draft, from the file list and the texts read."""
    project = read_project(files, texts, lang)
    w = project.w
    code_facts = [f for p, f in sorted(project.facts.items()) if project.kinds[p] == "code"]
    packages = [p for path, t in sorted(texts.items()) if (p := _read_package(path, t))]
    entries = layout.entry_points(code_facts, packages, files)
    apart = bool(entries) or any(f.commands or f.routes for f in code_facts)
    tests = [f for f in files if project.kinds[f] == "test" and f not in project.aside]
    groups = layout.infra_groups(project.infra.values(), project.categories)
    extras = [Theme(ENTRY_THEME, w("theme_entry"))] if apart else []
    extras += [Theme(INFRA_THEME, w("theme_infra"))] if groups else []
    extras += [Theme("testing", w("theme_testing"))] if tests else []
    extras += [Theme("project", w("theme_project"))]
    budget = max(1, MAX_THEMES - len(extras))
    units, folders = layout.plan_units(
        layout.group_files(code_facts), files, budget, fronts_apart=apart
    )
    names = {posixpath.dirname(p.path): p.name for p in packages if p.name}
    modules = codemap.python_modules(files)
    names |= {posixpath.dirname(f): m for f, m in modules.items() if f.endswith("__init__.py")}
    themes = [Theme(t, _theme_title(t, folders[t], names, w)) for t in sorted(folders)]
    themes = [t for t in themes if t.slug != ENTRY_THEME] + extras
    graph = _graph(units, project, modules, packages)
    near = layout.Neighbours(units)
    roots = layout.library_roots(packages, files)
    reasons = {graph.doc(i): _reasons(u, i, graph, roots, w) for i, u in enumerate(units)}
    drafts = [
        _unit_draft(u, i, near.peers(i), graph, project, reasons) for i, u in enumerate(units)
    ]
    drafts += [_entry_draft(entries, code_facts, units, graph, w)] if apart else []
    modules_at = {
        g.folder: (f"{INFRA_THEME}/{g.slug}.md", _infra_title(g, w))
        for g in groups
        if g.category == "terraform"
    }
    drafts += [_infra_draft(g, project, modules_at) for g in groups]
    reasons |= {f"{INFRA_THEME}/{g.slug}.md": w("reason_root") for g in groups
                if g.category == "terraform" and not g.folder}  # fmt: skip
    drafts += digest.test_drafts(tests, project, graph, packages)
    drafts += digest.project_drafts(project, packages, drafts)
    reasons = {k: v for k, v in reasons.items() if v}
    pages = {
        t.slug: page
        for t in themes
        if t.slug != "project"
        and (page := digest.overview(t, drafts, folders.get(t.slug, ""), project, reasons))
    }
    lines = digest.hub(themes, pages, drafts, w)
    top = next(t for t in themes if t.slug == "project")
    front = digest.overview(top, drafts, "", project, reasons, hub=tuple(lines))
    pages |= {"project": front} if front else {}
    # each draft links up to its theme's overview by the theme's folder name: a phrase of
    # its own in every draft ("Theme overview") made "theme" a word of no weight in Zed's
    # base, and a theme's title may be a sentence ("Project: layout, configuration...")
    drafts = [
        dataclasses.replace(d, links=((theme, "overview.md"), *d.links))
        if (theme := d.id.split("/", 1)[0]) in pages
        else d
        for d in drafts
    ]
    drafts += [pages[t.slug] for t in themes if t.slug in pages]
    clipped = (clip(d.summary, summary_max) for d in drafts)
    return themes, [dataclasses.replace(d, summary=s) for d, s in zip(drafts, clipped, strict=True)]


def _reasons(unit: Unit, index: int, graph: UnitGraph, roots: set[str], w: Words) -> str:
    """Why a unit is one to start with (priority p1); '' when it is not."""
    found = [w("reason_program")] if any(f.main for f in unit.files) else []
    routes = sum(len(f.routes) for f in unit.files)
    commands = sum(len(f.commands) for f in unit.files)
    found += [w("reason_routes", routes=w.count(routes, "route"))] if routes else []
    found += [w("reason_commands", commands=w.count(commands, "command"))] if commands else []
    found += [w("reason_library", file=code(f.path)) for f in unit.files if f.path in roots][:1]
    if graph.core(index):
        found.append(w("reason_core", n=graph.indegree[index]))
    return "; ".join(found)


def _read_package(path: str, text: str) -> Package | None:
    """The package a manifest declares; None for any other file, and for a manifest
    nested too deeply for the JSON or TOML reader (it would raise RecursionError)."""
    if posixpath.basename(path).lower() not in codemap.MANIFESTS:
        return None
    try:
        return layout.read_package(path, text)
    except (RecursionError, MemoryError):
        return None


def _theme_title(slug: str, folder: str, names: dict[str, str], w: Words) -> str:
    if slug == "other-code":
        return w("theme_other")
    name = names.get(folder)
    title = w("theme_code", folder=folder) if folder else w("theme_code_root")
    return title + (f" ({name})" if name else "")


def _anchors(item: FileFacts) -> list[str]:
    if not anchors.supports(item.path):
        return []
    kinds = ("function", "class", "interface", "type")
    named = [s for s in item.symbols if s.kind in kinds and s.anchored]
    # the symbol the file is named for first, errors last (Textual's app.py cited
    # SystemCommand, get_system_commands_provider and AppError, not App)
    stem = posixpath.splitext(posixpath.basename(item.path))[0].replace("_", "").lower()

    def weight(symbol: Symbol) -> int:
        own = symbol.name.rsplit(".", 1)[-1]
        if own.lower() == stem:
            return 0
        return 2 if _ERROR_NAME.search(own) else 1

    named.sort(key=weight)
    return [f"{item.path}#{s.name}" for s in named[:3]]


# a symbol named for a failure: an exception or a warning class
_ERROR_NAME = re.compile(r"(?:Error|Exception|Warning|DoesNotExist|Failure)$")


def _tags(unit: Unit) -> tuple[str, ...]:
    parts = [p for p in unit.folder.split("/") if p not in ("", "src", "lib")][-4:]
    if len(unit.files) == 1:
        parts.append(posixpath.splitext(posixpath.basename(unit.files[0].path))[0])
    parts.append(unit.files[0].language)
    return tuple(t for t in dict.fromkeys(slugify(p, fallback="") for p in parts) if t)


def _graph(
    units: list[Unit], project: Project, modules: dict[str, str], packages: list[Package]
) -> UnitGraph:
    imports = {p: (f.language, f.imports) for p, f in project.facts.items() if f.imports}
    go = {posixpath.dirname(p.path): p.name for p in packages if p.kind == "go" and p.name}
    return UnitGraph(units, dependencies.resolve(imports, project.files, modules, go))


def _deduplicated(
    files: Sequence[FileFacts], render: Callable[[FileFacts, Words], list[str]], w: Words
) -> list[str]:
    """A section per file, in order; a file whose section would say what an earlier one
    says is named after it instead of repeating it."""
    kept: list[tuple[str, list[str]]] = []
    first: dict[tuple[str, ...], int] = {}
    same: dict[int, list[str]] = {}
    for item in files[:MAX_SECTIONS]:
        lines = render(item, w)
        key = tuple(lines[1:])
        if key in first:
            same.setdefault(first[key], []).append(item.path)
            continue
        first[key] = len(kept)
        kept.append((item.path, lines))
    body: list[str] = []
    for number, (path, lines) in enumerate(kept):
        body += lines
        others = same.get(number)
        body += (
            [w("same_as", first=code(path), others=", ".join(map(code, others))), ""]
            if others
            else []
        )
    # the files past the sections a draft gives: named, not said to hold nothing
    # (Textual's src/textual: "no docstring and no public symbol" of timer.py and theme.py)
    rest = [f.path for f in files[MAX_SECTIONS:]]
    said = w("more_files", most=MAX_SECTIONS, names=", ".join(map(code, rest)))
    return body + ([said, ""] if rest else [])


def _unit_body(files: Sequence[FileFacts], w: Words) -> list[str]:
    """A section per file with something to say; the files with nothing, named together."""
    bare = [f.path for f in files if sections.is_bare(f)]
    said = [f for f in files if not sections.is_bare(f)]
    if len(files) == 1 and bare:
        return file_section(files[0], w)
    body = _deduplicated(said, file_section, w)
    return body + ([w("bare_files", names=", ".join(map(code, bare))), ""] if bare else [])


def _folder_readme(folder: str, project: Project) -> list[str]:
    """The prose of the README of a folder of the project (not its top), unless the
    folder is one of documents (:func:`sections.pages_folders`)."""
    if not folder or folder in project.documents:
        return []
    readme = sections.readme_of(folder, project.texts)
    return sections.prose(project.texts[readme]) if readme else []


def _unit_draft(  # noqa: PLR0917 - the unit, and what the plan knows around it
    unit: Unit,
    index: int,
    peers: list[int],
    graph: UnitGraph,
    project: Project,
    reasons: dict[str, str],
) -> Draft:
    files, w = unit.files, project.w
    package_doc = next((f.doc for f in files if f.path.endswith("__init__.py") and f.doc), "")
    doc = package_doc or (files[0].doc if len(files) == 1 else "")
    # a folder's README speaks for the folder: not for one of its files that has a draft
    # of its own (opentofu's keyprovider/output.go, addr.go and errors.go were each summed
    # up as "This folder contains the interface that key providers must implement")
    apart = len(files) == 1 and any(graph.units[i].folder == unit.folder for i in peers)
    readme = _folder_readme(unit.folder, project) if not doc and not apart else []
    package = any(f.path.endswith("__init__.py") for f in files)
    count = w.count(len(files), "file")
    what = w("what_package" if package else "what_folder", files=count)
    what = w("what_module") if len(files) == 1 else what
    summary = sections.first_sentence(doc or (readme[0] if readme else ""))
    uses = graph.used_by(index)
    here = graph.doc(index)
    related = tuple(graph.doc(i) for i in uses[:MAX_RELATED])

    def named(i: int) -> str:
        return layout.unit_title(graph.units[i], w)

    links = [(w("imported", title=named(i)), relative(here, graph.doc(i)))
             for i in uses[:MAX_RELATED]]  # fmt: skip
    links += [(named(i), relative(here, graph.doc(i)))
              for i in peers if graph.doc(i) not in related]  # fmt: skip
    return Draft(
        id=here,
        title=layout.unit_title(unit, w),
        summary=summary or sections.inventory(files, what, w),
        type="api" if any(f.commands or f.routes for f in files) else "reference",
        tags=_tags(unit),
        impl_refs=tuple(ref for f in files for ref in (f.path, *_anchors(f))),
        sources=tuple(f.path for f in files),
        body=(*([*readme, ""] if readme else []), *_unit_body(files, w)),
        links=tuple(links[: 2 * MAX_RELATED]),
        priority="p1" if reasons[here] else "p2",
        related=related,
    )


def _entry_parts(counts: Sequence[int], w: Words) -> str:
    """What the entry points page found, the kinds of none left out: "5 CLI commands",
    not "0 entry points, 5 CLI commands and 0 HTTP routes" (spf13/cobra)."""
    said = [
        w.count(n, noun)
        for n, noun in zip(counts, ("entry point", "command", "route"), strict=True)
    ]
    return w.listed([part for part, n in zip(said, counts, strict=True) if n] or said)


def _entry_draft(
    entries: list[EntryPoint], facts: list[FileFacts], units: list[Unit], graph: UnitGraph, w: Words
) -> Draft:
    owner = {f.path: u for u in units for f in u.files}
    c = w("colon")

    def described(path: str) -> str:
        unit = owner.get(path)
        if unit is None:
            return ""
        return f" ([{link_text(layout.unit_title(unit, w))}](../{unit.theme}/{unit.slug}.md))"

    body = [f"## {w('entry_points')}", ""] if entries else []
    for e in entries:
        declared = w("declared", file=code(e.declared)) if e.declared != e.file else ""
        runs = w("runs_file", file=code(e.file)) if e.file not in ("", e.declared, e.name) else ""
        body.append(f"- {code(e.name)}{c}{w.term(e.how)}{declared}{runs}{described(e.file)}")
    commands = [(f.path, f.commands) for f in facts if f.commands]
    routes = [(f.path, f.routes) for f in facts if f.routes]
    for key, found in (("commands_heading", commands), ("routes_heading", routes)):
        body += ["", f"## {w(key)}", ""] if found else []
        body += [f"- {code(p)}{c}{sections.listed(n, w)}{described(p)}" for p, n in found]
    refs = {e.declared for e in entries} | {e.file for e in entries if e.file}
    refs |= {path for path, _ in commands + routes}
    counts = [len(entries), sum(len(n) for _, n in commands), sum(len(n) for _, n in routes)]
    holders = sorted({graph.owner[p] for p in refs if p in graph.owner}, key=graph.doc)
    return Draft(
        id=f"{ENTRY_THEME}/entry-points.md",
        title=w("theme_entry"),
        summary=w("entry_summary", parts=_entry_parts(counts, w)),
        type="api",
        tags=("entry-points", "cli"),
        impl_refs=tuple(sorted(refs)),
        sources=tuple(sorted(refs)),
        body=tuple(body),
        priority="p1",
        related=tuple(graph.doc(i) for i in holders[:MAX_RELATED]),
    )  # fmt: skip


def _infra_title(group: InfraGroup, w: Words) -> str:
    if group.category == "terraform":
        return w("terraform_module", folder=group.folder) if group.folder else w("terraform_root")
    if group.category == "shell":
        return w("shell_title", folder=group.folder or ".")
    return w("containers_title" if group.category == "container" else "ci_title")


def _infra_summary(group: InfraGroup, project: Project) -> str:
    w = project.w
    symbols = [s for f in group.files for s in f.symbols]
    if group.category == "terraform":
        readme = sections.readme_of(group.folder, project.texts)
        if group.folder and group.folder in project.documents:
            readme = None  # a folder of documents: its README introduces them
        said = sections.prose(project.texts[readme]) if readme else []
        parts = sections.counted(symbols, w, names=False)
        default = w("terraform_summary", parts=parts)
        return (sections.first_sentence(said[0]) if said else "") or default
    if group.category == "shell":
        names = ", ".join(posixpath.basename(f.path) for f in group.files[:8])
        return w("shell_summary", files=w.count(len(group.files), "script"), names=names)
    parts = sections.counted(symbols, w, names=False) or w("inventory_none")
    if group.category == "ci":
        return w("ci_summary", files=w.count(len(group.files), "pipeline file"), parts=parts)
    return w("containers_summary", parts=parts)


def _infra_draft(
    group: InfraGroup, project: Project, modules_at: dict[str, tuple[str, str]]
) -> Draft:
    w = project.w
    here = f"{INFRA_THEME}/{group.slug}.md"
    called = [modules_at[f] for f in layout.module_sources(group.files) if f in modules_at]
    calls = [(d, title) for d, title in dict.fromkeys(called) if d != here][:MAX_RELATED]
    related = tuple(d for d, _title in calls)
    folder = group.folder
    readme = _folder_readme(folder, project) if group.category == "terraform" else []
    body = [*readme, ""] if readme else []
    body += _deduplicated(group.files, sections.infra_section, w)
    root_module = group.category == "terraform" and not folder
    tail = [slugify(part, fallback="") for part in folder.split("/")[-2:]]
    return Draft(
        id=here,
        title=_infra_title(group, w),
        summary=_infra_summary(group, project),
        type="reference",
        tags=tuple(t for t in dict.fromkeys(["infrastructure", group.category, *tail]) if t),
        impl_refs=tuple(f.path for f in group.files[:40]),
        sources=tuple(f.path for f in group.files[:40]),
        body=tuple(body),
        links=tuple((w("called", title=t), posixpath.basename(d)) for d, t in calls),
        priority="p1" if root_module else "p2",
        related=related,
    )  # fmt: skip
