"""The drafts of ``init --scan`` about the project as a whole: its layout, its
configuration, its tests, and the overview of each theme.

What these drafts say is read from the project's files: the READMEs (their
introduction, their sections), the manifests (scripts and their commands,
the tools configured, the dependencies), the test files and how the project
runs them, and, for an overview, which drafts of the theme to start with and
why. A theme gets an overview when it has something of its own to say (the
README of its folder, or where to start among several drafts); the drafts of
the other themes are linked from the project's overview, which is always
written and maps every theme, so that no draft is left unlinked.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable
from typing import Final

from mdbrain.core import codemap, layout, sections
from mdbrain.core.draft import MAX_RELATED, MAX_SECTIONS, Draft, Project, Theme, relative
from mdbrain.core.facts import clip, first_line
from mdbrain.core.layout import Package, UnitGraph
from mdbrain.core.sections import code, language_name, link_text
from mdbrain.core.slug import slugify, unique
from mdbrain.core.wording import Words

_TRANSLATION = re.compile(r"^readme[-_.][a-z]{2}(?:[-_][a-z]{2,4})?\.", re.IGNORECASE)
_TEST_TOOLS: Final = ("pytest", "tox", "nox", "hatch", "coverage")
_TEST_CONFIGS: Final = {
    "pytest.ini": "pytest", "tox.ini": "tox", "noxfile.py": "nox", "jest.config.js": "jest",
    "jest.config.ts": "jest", "vitest.config.ts": "vitest", "vitest.config.js": "vitest",
    "karma.conf.js": "karma", ".mocharc.yml": "mocha", ".mocharc.json": "mocha",
    "phpunit.xml": "phpunit",
}  # fmt: skip
MAX_LISTED: Final = 40
_HOOK = re.compile(r"^[ \t]*-[ \t]+id:[ \t]*['\"]?([\w.:-]+)", re.MULTILINE)


# --- tests -----------------------------------------------------------------------------------


def _runs(project: Project, packages: Iterable[Package]) -> list[str]:
    """How the project runs its tests, as its files say: npm scripts, the tools a
    manifest or a configuration file sets up, the usual command of a Go or Rust module."""
    w, c = project.w, project.w("colon")
    found: list[str] = []
    for p in packages:
        if p.kind == "node":
            for name, command in p.scripts:
                if name.startswith("test"):
                    run = "npm test" if name == "test" else f"npm run {name}"
                    found.append(f"- {code(run)}{c}{code(clip(command, 120))} ({code(p.path)})")
        found += [f"- {w('configured', tool=t, file=code(p.path))}" for t in _TEST_TOOLS
                  if t in p.tools]  # fmt: skip
        if p.kind == "go":
            found += [f"- {code(run)} ({code(p.path)})" for run in _go_test_runs(project, p.path)]
        elif p.kind == "rust":
            found.append(f"- {code('cargo test')} ({code(p.path)})")
    for path in project.files:
        tool = _TEST_CONFIGS.get(posixpath.basename(path).lower())
        found += [f"- {w('configured', tool=tool, file=code(path))}"] if tool else []
    return list(dict.fromkeys(found))[:12]


# a Go file's build constraint, a tag alone: "//go:build unit" (not "linux && amd64")
_GO_BUILD_TAG = re.compile(r"^//go:build[ \t]+([A-Za-z_][\w.]*)[ \t]*$", re.MULTILINE)
_GO_TAG_SHARE = 4  # a tag the tests of a module run under: one of that many at least
# tags Go sets itself (systems, architectures, cgo, a release) or that leave a file out:
# no tag to ask for ("-tags=linux" would be wrong, and break the build elsewhere)
_GO_SYSTEM = re.compile(
    r"aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|nacl|netbsd|openbsd"
    r"|plan9|solaris|wasip1|windows|zos|unix|386|amd64|arm|arm64|loong64|mips|mipsle|mips64"
    r"|mips64le|ppc64|ppc64le|riscv64|s390x|wasm|cgo|gc|gccgo|race|ignore|go1\.\d+"
)


def _go_test_runs(project: Project, manifest: str) -> list[str]:
    """How the tests of the Go module whose ``go.mod`` is ``manifest`` run: from its
    folder, under each build tag a good share of its test files need (fluxcd/flux2's
    ``//go:build unit`` and ``e2e``: "go test ./..." ran none of them), and without one
    when as many need none. Test files of a module nested inside are not its own."""
    folder = posixpath.dirname(manifest)
    inside = f"{folder}/" if folder else ""
    nested = tuple(
        posixpath.dirname(path) + "/"
        for path in project.files
        if posixpath.basename(path) == "go.mod" and path != manifest and path.startswith(inside)
    )
    tags: Counter[str] = Counter()
    for path in project.files:
        if path.endswith("_test.go") and path.startswith(inside) and not path.startswith(nested):
            head = project.texts.get(path, "")[:2000]
            found = _GO_BUILD_TAG.search(head)
            tag = found.group(1) if found else ""
            tags["" if _GO_SYSTEM.fullmatch(tag) else tag] += 1
    total = sum(tags.values())
    shared = [tag for tag, n in tags.most_common(3) if _GO_TAG_SHARE * n >= total] or [""]
    start = f"cd {folder} && " if folder else ""
    return [f"{start}go test{f' -tags={tag}' if tag else ''} ./..." for tag in shared]


def test_drafts(
    tests: list[str], project: Project, graph: UnitGraph, packages: list[Package]
) -> list[Draft]:
    """A draft per tests folder that holds tests: its files and test counts, how they run,
    what they test."""
    w = project.w
    roots: dict[str, list[str]] = {}
    for path in tests:
        roots.setdefault(layout.test_root(path), []).append(path)
    runs = _runs(project, packages)
    drafts: list[Draft] = []
    taken = {"overview"}  # slugs of the drafts so far
    for root, paths in sorted(roots.items()):
        read = [project.facts[p] for p in paths if p in project.facts and project.facts[p].tests]
        unread = [] if read else codemap.unread_languages(paths)
        if not (read or unread):
            # no test file, only a folder named like one: ethereum/consensus-specs'
            # specs/, 87 pages, was "Tests in specs/: 0 test files with 0 tests"
            continue
        if unread:  # C# tests ("[Test]") are not read: "0 tests" would be wrong
            summary = w(
                "tests_unread", root=root, others=w.count(len(paths), "file"),
                languages=", ".join(unread),
            )  # fmt: skip
        else:
            summary = w(
                "tests_summary", root=root, files=w.count(len(read), "test file"),
                tests=w.count(sum(f.tests for f in read), "test"),
                others=w.count(len(paths) - len(read), "other file"),
            )  # fmt: skip
        lines = [
            f"- {code(f.path)}, {w.count(f.tests, 'test')}"
            + (w("colon") + first_line(f.doc) if f.doc else "")
            for f in read[: MAX_SECTIONS * 4]
        ]
        slug = slugify(root, fallback="tests")
        slug = unique(slug, taken) if slug in taken else slug
        taken.add(slug)
        here = f"testing/{slug}.md"
        tested = graph.imported_by_files(paths)[:MAX_RELATED]
        how = [f"## {w('how_tests_run')}", "", *runs, ""] if runs else []
        drafts.append(
            Draft(
                id=here,
                title=w("tests_title", root=root),
                summary=summary,
                type="reference",
                tags=("testing", *sorted({f.language for f in read})),
                impl_refs=(root,) if root != "." else tuple(f.path for f in read),
                sources=tuple(f.path for f in read[:40]),
                body=(summary, "", *how, *([f"## {w('test_files')}", "", *lines] if lines else [])),
                links=tuple(
                    (
                        w("tested", title=layout.unit_title(graph.units[i], w)),
                        relative(here, graph.doc(i)),
                    )
                    for i in tested
                ),
                related=tuple(graph.doc(i) for i in tested),
            )
        )
    return drafts


# --- the repository and its configuration ------------------------------------------------------


def readmes(project: Project) -> tuple[list[str], list[str]]:
    """The READMEs of the project, the top ones first; and the translations of a README."""
    found = [f for f in project.texts if f.lower().rsplit("/", 1)[-1].startswith("readme")]
    found = [f for f in found if project.kinds[f] != "test" and f not in project.aside]
    found.sort(key=lambda f: (f.count("/"), f.lower()))
    translated = [f for f in found if _TRANSLATION.match(posixpath.basename(f))]
    return [f for f in found if f not in translated], translated


def _folders(project: Project, drafts: Iterable[Draft]) -> list[str]:
    """Each top-level folder: its files, and the themes that describe it or why none does."""
    w, c = project.w, project.w("colon")
    tops = Counter(f.split("/")[0] + "/" if "/" in f else "./" for f in project.files)
    themes: dict[str, set[str]] = {}
    listed = set(project.files)
    for draft in drafts:
        for ref in draft.impl_refs:
            path = ref.partition("#")[0]
            top = path.split("/")[0] + "/" if "/" in path or path not in listed else "./"
            themes.setdefault(top, set()).add(draft.id.split("/", 1)[0])
    aside = {why.split("/")[0] + "/" for why in project.aside.values() if "/" in why}
    lines = []
    for name, n in sorted(tops.items()):
        said = w.count(n, "file")
        if themes.get(name, set()) - {"project"}:
            said += w("drafted_in", themes=", ".join(map(code, sorted(themes[name]))))
        elif name in aside:
            said += w("set_aside")
        lines.append(f"- {code(name)}{c}{said}")
    return lines


def project_drafts(project: Project, packages: list[Package], drafts: list[Draft]) -> list[Draft]:
    """The repository's layout and READMEs; its configuration and build files."""
    files, kinds, w, c = project.files, project.kinds, project.w, project.w("colon")
    headers = codemap.header_language(files)
    counts = Counter(w.term(language_name(f, headers=headers)) for f in files)
    top, translated = readmes(project)
    docs = Counter(
        posixpath.dirname(f)
        for f in files
        if kinds[f] == "doc" and "/" in f and f not in project.aside
    )
    body = [f"## {w('languages')}", ""]
    body += [f"- {k}{c}{w.count(n, 'file')}" for k, n in counts.most_common()]
    body += ["", f"## {w('top_folders')}", "", *_folders(project, drafts)]
    for readme in top[:3]:
        body += ["", f"## {w('readme_sections', readme=code(readme))}", ""]
        body += sections.readme_sections(project.texts[readme], w)
    if translated:
        body += ["", f"## {w('translations')}", "", ", ".join(map(code, translated[:40]))]
    folders = [f"- {code(d + '/')}{c}{w.count(n, 'document')}" for d, n in docs.items() if n > 1]
    body += ["", f"## {w('doc_folders')}", "", *_capped(sorted(folders), w)] if folders else []
    aside = Counter(project.aside.values())
    if aside:
        body += ["", f"## {w('left_out')}", "", w("left_out_why"), ""]
        left = [f"- {code(why)}{c}{w.count(n, 'file')}" for why, n in sorted(aside.items())]
        body += _capped(left, w)
    common = ", ".join(f"{name} ({n})" for name, n in counts.most_common(3)) or "-"
    found = [
        Draft(
            id="project/repository.md",
            title=w("repository_title"),
            summary=w("repository_summary", files=w.count(len(files), "file"), common=common)
            if files
            else w("repository_summary_empty"),
            type="reference",
            tags=("project", "layout", "documentation"),
            impl_refs=tuple(top[:3]),
            sources=tuple(top[:3]),
            body=tuple(body),
        )
    ]
    configs = [f for f in files if kinds[f] == "config"]
    return found + ([_configuration(configs, packages, project)] if configs else [])


def _package_lines(p: Package, w: Words) -> list[str]:
    c = w("colon")
    name = code(p.name) if p.name else ""
    lines = ["", f"## {code(p.path)}{c}{w('package', kind=p.kind, name=name).strip()}", ""]
    lines += [p.description, ""] if p.description else []
    programs = [f"{command} -> {target}" for command, target in p.programs]
    lines += [f"- {w('programs')}{c}{', '.join(map(code, programs))}."] if programs else []
    if p.scripts:
        lines.append(f"- {w('scripts')}{c.rstrip()}")
        lines += [f"  - {code(n)}{c}{code(clip(s, 120))}" for n, s in p.scripts[:MAX_LISTED]]
    elif p.tasks:
        lines.append(f"- {w('scripts')}{c}{', '.join(map(code, p.tasks))}.")
    lines += [f"- {w('tools')}{c}{', '.join(map(code, p.tools))}."] if p.tools else []
    if p.dependencies:
        shown = sections.listed(p.dependencies, w, MAX_LISTED)
        lines.append(f"- {w('dependencies')}{c}{shown}.")
    return lines


def _configuration(configs: list[str], packages: list[Package], project: Project) -> Draft:
    w = project.w
    body = [f"## {w('files')}", "", *(f"- {code(f)}" for f in configs[:80])]
    for p in packages:
        body += _package_lines(p, w)
    hooks = _HOOK.findall(project.texts.get(".pre-commit-config.yaml", ""))
    if hooks:
        shown = sections.listed(list(dict.fromkeys(hooks)), w, MAX_LISTED)
        body += [
            "",
            f"## {code('.pre-commit-config.yaml')}",
            "",
            f"{w('hooks')}{w('colon')}{shown}.",
        ]
    shown = ", ".join(configs[:5]) + (w("more_items", n=len(configs) - 5) if configs[5:] else "")
    return Draft(
        id="project/configuration.md",
        title=w("configuration_title"),
        summary=w("configuration_summary", files=w.count(len(configs), "config file"), shown=shown),
        type="reference",
        tags=("project", "configuration"),
        impl_refs=tuple(configs[:40]),
        sources=tuple(p.path for p in packages),
        body=tuple(body),
    )


# --- theme overviews ---------------------------------------------------------------------------


def overview(
    theme: Theme,
    drafts: list[Draft],
    folder: str,
    project: Project,
    reasons: dict[str, str],
    *,
    hub: tuple[str, ...] = (),
) -> Draft | None:
    """The overview of a theme: the README of its folder, where to start (the drafts of
    priority p1, and why, when there are several drafts), and its drafts; None when it
    would only list them. The project's overview is always written, with ``hub``: the
    lines that map the other themes."""
    w, c = project.w, project.w("colon")
    mine = [d for d in drafts if d.id.startswith(theme.slug + "/")]
    top = theme.slug == "project"
    readme = sections.readme_of("" if top else folder, project.texts) if top or folder else None
    if readme and not top and folder in project.documents:
        readme = None  # a folder of documents: its README introduces them, not its code
    said = sections.prose(project.texts[readme]) if readme else []
    start = [
        f"- [{link_text(d.title)}]({posixpath.basename(d.id)}){c}{reasons[d.id]}"
        for d in mine
        if d.id in reasons
    ]
    start = start if len(mine) > 1 else []
    if not (said or start or top):
        return None
    body = [w("code_in", folder=code(folder + "/")), ""] if folder else []
    if said and readme:
        body += [f"## {w('readme_says', readme=code(readme))}", ""]
        for paragraph in said:
            body += [f"> {paragraph}", ">"]
        body[-1] = ""
    body += [f"## {w('start_here')}", "", *start, ""] if start else []
    body += [f"## {w('themes')}", "", *hub, ""] if hub else []
    body += [f"## {w('documents')}", ""]
    body += [
        f"- [{link_text(d.title)}]({posixpath.basename(d.id)}){c}{clip(d.summary, 200)}"
        for d in mine
    ]
    default = w("overview_summary", title=theme.title, drafts=w.count(len(mine), "draft"))
    return Draft(
        id=f"{theme.slug}/overview.md",
        title=theme.title,
        summary=(sections.first_sentence(said[0]) if said else "") or default,
        type="overview",
        tags=(theme.slug,),
        impl_refs=(folder,) if folder else ((readme,) if readme else ()),
        sources=(readme,) if readme and said else (),
        body=tuple(body),
        priority="p1" if top and said else "p2",
    )


def hub(
    themes: list[Theme], overviews: dict[str, Draft], drafts: list[Draft], w: Words
) -> list[str]:
    """A line per theme but the project's, for the project's overview: the theme's
    overview, or, when it has none, each of its drafts."""
    lines = []
    for theme in (t for t in themes if t.slug != "project"):
        page = overviews.get(theme.slug)
        if page is not None:
            lines.append(f"- [{link_text(theme.title)}](../{page.id})")
            continue
        mine = [d for d in drafts if d.id.startswith(theme.slug + "/")]
        links = ", ".join(f"[{link_text(d.title)}](../{d.id})" for d in mine)
        lines.append(f"- {theme.title}{w('colon')}{links}")
    return lines


LISTED_MOST = 30  # lines of one list of the repository page, the rest counted


def _capped(lines: list[str], w: Words) -> list[str]:
    """``lines``, the first :data:`LISTED_MOST` of them and how many more there are:
    dotnet/csharplang's page listed 30 of its documentation folders and said nothing of
    the 13 after them."""
    more = len(lines) - LISTED_MOST
    return [*lines[:LISTED_MOST], "- …" + w("more_items", n=more)] if more > 0 else lines
