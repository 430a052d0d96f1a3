"""How a project is laid out beyond its single files, and how its code splits into themes.

The second half of the analysis behind ``mdbrain init --scan``, after
:mod:`mdbrain.core.codemap`: manifests (``pyproject.toml``, ``package.json``,
``go.mod``, ``Cargo.toml``) name packages and programs; READMEs give headings;
tests belong to test folders; programs are the project's entry points. The code
is then planned into themes, from the project's own folders, and into units,
the code each document describes. It reads no disk and invents nothing.
"""

from __future__ import annotations

import dataclasses
import json
import posixpath
import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from mdbrain.core.codemap import PYTHON_M, TEST_DIRS, python_modules
from mdbrain.core.facts import FileFacts
from mdbrain.core.slug import slugify, unique
from mdbrain.core.wording import Words

_M = re.MULTILINE


# --- manifests, READMEs, tests, entry points -------------------------------------------


@dataclass(frozen=True, slots=True)
class Package:
    """A manifest: a Python project, a Node package, a Go module or a Rust crate."""

    path: str
    kind: str  # python, node, go, rust
    name: str = ""
    description: str = ""
    programs: tuple[tuple[str, str], ...] = ()  # (command, target as declared)
    tasks: tuple[str, ...] = ()  # npm scripts
    dependencies: tuple[str, ...] = ()
    main: str = ""  # the file a Node package's library starts from, as declared
    scripts: tuple[tuple[str, str], ...] = ()  # npm scripts: (name, command)
    tools: tuple[str, ...] = ()  # tools configured in pyproject.toml ([tool.X])


def _names(values: object) -> tuple[str, ...]:
    if isinstance(values, dict):
        return tuple(sorted(str(k) for k in values))
    items = values if isinstance(values, list) else []
    return tuple(re.split(r"[\s<>=!~;\[(@]", str(v), maxsplit=1)[0] for v in items)


def _get(data: object, *keys: str) -> Any:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _text(value: object) -> str:
    """A manifest's text field, or '' when it holds something else (a table, a flag)."""
    return value if isinstance(value, str) else ""


def _package(path: str, kind: str, data: object, *, programs: object = None) -> Package:
    pairs = programs.items() if isinstance(programs, dict) else ()
    return Package(
        path, kind, _text(_get(data, "name")), _text(_get(data, "description")),
        tuple(sorted((str(k), str(v)) for k, v in pairs)), _names(_get(data, "scripts")),
        _names(_get(data, "dependencies")),
    )  # fmt: skip


def read_package(path: str, text: str) -> Package | None:
    """The package a manifest declares; None when it declares none or does not parse."""
    name = posixpath.basename(path).lower()
    if name == "go.mod":
        module = re.search(r"^module\s+(\S+)", text, _M)
        deps = re.findall(r"^[ \t]*(?:require\s+)?([\w.\-]+\.[a-z]+/[\w.\-/]+)\s+v\d", text, _M)
        return Package(path, "go", module.group(1) if module else "", dependencies=tuple(deps))
    try:
        data = json.loads(text) if name == "package.json" else tomllib.loads(text)
    except ValueError:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        return None
    if name == "package.json":
        bins = _get(data, "bin")
        short = str(_get(data, "name") or "").rsplit("/", 1)[-1]
        package = _package(
            path, "node", data, programs={short: bins} if isinstance(bins, str) else bins
        )
        main = _get(data, "main") or _get(data, "module")
        scripts = _get(data, "scripts")
        pairs = scripts.items() if isinstance(scripts, dict) else ()
        return dataclasses.replace(
            package,
            main=main if isinstance(main, str) else "",
            scripts=tuple((str(k), str(v)) for k, v in pairs),
        )
    if name == "cargo.toml":
        bins = [b for b in _get(data, "bin") or [] if isinstance(b, dict)]
        crate = {**(_get(data, "package") or {}), "dependencies": _get(data, "dependencies")}
        programs = {str(b.get("name", "")): str(b.get("path", "")) for b in bins}
        return _package(path, "rust", crate, programs=programs)
    project = _get(data, "project") or _get(data, "tool", "poetry")
    if not isinstance(project, dict):
        return None
    package = _package(
        path, "python", {**project, "scripts": None}, programs=project.get("scripts")
    )
    tools = _get(data, "tool")
    return dataclasses.replace(
        package, tools=tuple(sorted(tools)) if isinstance(tools, dict) else ()
    )


def library_roots(packages: Iterable[Package], files: Iterable[str]) -> set[str]:
    """The files a library starts from: a Node package's ``main`` (``index.js`` by
    default), a Python project's top package, a crate's ``src/lib.rs``, the files of a
    Go module's own folder."""
    paths = set(files)
    found: set[str] = set()
    for package in packages:
        here = posixpath.dirname(package.path)
        if package.kind == "node":
            main = posixpath.normpath(posixpath.join(here, package.main or "index.js"))
            stem = main.removesuffix(".js")
            found |= {c for c in (main, stem + ".js", stem + "/index.js") if c in paths}
        elif package.kind == "python" and package.name:
            name = re.sub(r"[-.]+", "_", package.name).lower()
            options = (f"src/{name}/__init__.py", f"{name}/__init__.py", f"{name}.py")
            found |= {c for o in options if (c := posixpath.join(here, o)) in paths}
        elif package.kind == "rust":
            found |= {c for c in (posixpath.join(here, "src/lib.rs"),) if c in paths}
        elif package.kind == "go":
            found |= {
                p for p in paths
                if posixpath.dirname(p) == here and p.endswith(".go") and not p.endswith("_test.go")
            }  # fmt: skip
    return found


def headings(text: str) -> list[tuple[int, str]]:
    """The level-1 to level-3 ATX headings of a Markdown text, outside code fences."""
    found, fenced = [], False
    for line in text.splitlines():
        fenced ^= line.lstrip().startswith(("```", "~~~"))
        match = None if fenced else re.match(r"^(#{1,3})\s+(.+?)\s*#*\s*$", line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def test_root(path: str) -> str:
    """The folder a test file belongs to: its tests folder, else its own folder."""
    parts = path.split("/")
    for depth, part in enumerate(parts[:-1]):
        if part.lower() in TEST_DIRS:
            return "/".join(parts[: depth + 1])
    return posixpath.dirname(path) or "."


@dataclass(frozen=True, slots=True)
class EntryPoint:
    name: str  # how it is started: a command, `python -m pkg`, a file
    how: str
    file: str  # the project file it runs, '' when it is not among the files
    declared: str  # the file that declares it


def entry_points(
    facts: Iterable[FileFacts], packages: Iterable[Package], files: Iterable[str]
) -> list[EntryPoint]:
    """Programs the manifests declare, then the files that run as programs."""
    paths = set(files)
    modules = python_modules(paths)
    by_module = {name: path for path, name in sorted(modules.items(), reverse=True)}
    found = []
    for package in packages:
        how = {"python": "console script", "node": "package bin"}.get(package.kind, "binary")
        for command, target in package.programs:
            base = posixpath.dirname(package.path)
            file = posixpath.normpath(posixpath.join(base, target)) if target else ""
            file = (
                by_module.get(target.split(":")[0].strip(), "")
                if package.kind == "python"
                else file
            )
            found.append(EntryPoint(command, how, file if file in paths else "", package.path))
    for item in (f for f in facts if f.main):
        name = modules.get(item.path, "").removesuffix(".__main__")
        name = f"python -m {name}" if item.main == PYTHON_M else item.path
        found.append(EntryPoint(name, item.main, item.path, item.path))
    return found


# --- the plan: themes, and the code each document describes -----------------------------

Area = tuple[tuple[str, ...], bool]  # a folder path; True: only the files right in it
ENTRY_THEME: Final = "entry-points"
INFRA_THEME: Final = "infrastructure"
OTHER_THEME: Final = "other-code"  # the smallest folders, when they are too many
EXTRA_THEMES: Final = (ENTRY_THEME, INFRA_THEME, "testing", "project", OTHER_THEME)
_CONTAINERS: Final = frozenset({"src", "lib", "source", "packages", "apps"})
# folders named by the folder holding them (a crate's src/, src/bin/), unless a Python
# package is so named (django/utils/lib/)
_UNNAMED: Final = frozenset({"src", "source", "lib", "bin"})
# file names that name no module of their own, but their folder's (a crate's lib.rs)
_GENERIC_STEMS: Final = frozenset({"__init__", "__main__", "index", "main", "mod", "lib"})
_GENERIC_IN: Final = {
    "index": (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx"), "mod": (".rs",), "lib": (".rs",),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Unit:
    """The code one document describes: a module, or a folder of small modules."""

    theme: str
    slug: str
    title: str  # "." for the files at the top of the repository
    folder: str
    files: tuple[FileFacts, ...]
    # the rest of a folder whose bigger modules have units of their own (the wording
    # says so: "httpx: package and smaller modules")
    split: bool = False


def unit_title(unit: Unit, w: Words) -> str:
    """The title of a unit's draft: the files at the top of the repository said so, and
    the rest of a folder whose bigger modules have drafts of their own said so too."""
    title = w("root_files") if unit.title == "." else unit.title
    return w("split", title=title) if unit.split else title


def group_files(facts: Iterable[FileFacts]) -> list[list[FileFacts]]:
    """One group per folder; a big folder gives one per substantial file, plus its rest.
    A Rust module's file (``hir.rs``) goes with the folder of its submodules (``hir/``),
    last: the two are one module."""
    ordered = sorted(facts, key=lambda f: f.path)
    held = {posixpath.dirname(item.path) for item in ordered}
    folders: dict[str, list[FileFacts]] = {}
    roots: list[tuple[str, FileFacts]] = []
    for item in ordered:
        stem, suffix = posixpath.splitext(item.path)
        if suffix == ".rs" and stem in held:
            roots.append((stem, item))
            continue
        folders.setdefault(posixpath.dirname(item.path), []).append(item)
    for stem, item in roots:
        folders.setdefault(stem, []).append(item)
    rooted = {id(item) for _stem, item in roots}
    groups = []
    for files in folders.values():
        if len(files) <= 3 or sum(f.weight for f in files) <= 12:
            groups.append(files)
            continue
        big = [
            f
            for f in files
            if f.weight >= 3 and not f.path.endswith("__init__.py") and id(f) not in rooted
        ]
        rest = [f for f in files if f not in big]
        groups += ([rest] if rest else []) + [[f] for f in big]
    return groups


def area_key(folder: str) -> tuple[str, ...]:
    parts = [part for part in folder.split("/") if part]
    while parts and parts[0] in _CONTAINERS:
        parts.pop(0)
    return tuple(parts)


def _owner(key: tuple[str, ...], areas: list[Area]) -> Area:
    inside = [a for a in areas if (key == a[0] if a[1] else key[: len(a[0])] == a[0] != ())]
    return max(inside, key=lambda a: (len(a[0]), a[1]))


def choose_areas(keys: list[tuple[str, ...]], budget: int, *, fronts_apart: bool) -> list[Area]:
    """Top-level folders; the dominant one is opened into its sub-folders while they fit.

    The files right in an opened folder (its front) go to the entry-points theme
    when ``fronts_apart``, else form an area of their own.
    """

    def themes(areas: list[Area]) -> int:
        return sum(1 for prefix, exact in areas if not (fronts_apart and exact and prefix))

    if not keys:  # no code at all: a repository of documents, scripts or infrastructure
        return []
    areas = sorted({(k[:1], False) if k else ((), True) for k in keys})
    while True:
        owners = [_owner(k, areas) for k in keys]
        area = max(areas, key=lambda a: (owners.count(a), a))
        prefix, exact = area
        inside = [k for k, owner in zip(keys, owners, strict=True) if owner == area]
        children = sorted({k[: len(prefix) + 1] for k in inside if len(k) > len(prefix)})
        front = [(prefix, True)] if prefix in inside else []
        opened = sorted([a for a in areas if a != area] + [(c, False) for c in children] + front)
        wanted = themes(areas) < 3 or 2 * len(inside) > len(keys)
        if exact or len(children) < 2 or themes(opened) > budget or not wanted:
            return areas
        areas = opened


def name_areas(
    areas: list[Area], budget: int, *, fronts_apart: bool, sizes: Mapping[Area, int] | None = None
) -> dict[Area, str]:
    """A theme slug for each area; past the budget, the smallest ones (by ``sizes``, the
    units each holds; else the last ones) share 'other-code'. vitejs/vite's own package,
    ``packages/vite``, shared it with 104 other drafts, being last by name."""
    names: dict[Area, str] = {}
    taken = set(EXTRA_THEMES)
    themed = [a for a in areas if not (fronts_apart and a[1] and a[0])]
    ranked = sorted(themed, key=lambda a: -(sizes or {}).get(a, 0))  # stable: by name next
    kept = set(ranked[: budget - 1]) if len(themed) > budget else set(themed)
    for prefix, exact in themed:
        slug = slugify(prefix[-1]) if prefix else "application"
        slug = unique(slugify("-".join(prefix)), taken) if slug in taken else slug
        names[prefix, exact] = slug if (prefix, exact) in kept else OTHER_THEME
        taken.add(slug)
    return {a: names.get(a, ENTRY_THEME) for a in areas}


def _named_parts(folder: str, modules: dict[str, str]) -> list[str]:
    """The folders of ``folder`` down to the one that names its code: a source folder
    such as ``src`` or ``src/bin`` is named by the folder holding it
    (``crates/uv-auth/src`` is the crate ``uv-auth``), unless it is a Python package."""
    parts = [part for part in folder.split("/") if part]
    while (
        len(parts) > 1
        and parts[-1] in _UNNAMED
        and "/".join([*parts, "__init__.py"]) not in modules
    ):
        parts.pop()
    return parts


def _generic(path: str) -> bool:
    """Whether a file's name says nothing of its own (``lib.rs``, ``index.ts``)."""
    stem, suffix = posixpath.splitext(posixpath.basename(path))
    return stem in _GENERIC_STEMS and suffix in _GENERIC_IN.get(stem, (suffix,))


def _unit_name(
    files: list[FileFacts], modules: dict[str, str], split: bool
) -> tuple[str, str, str]:
    """A title and a slug for a group of files, and a longer slug for when that one is
    taken: the folder's name before a file's, the parent's before a folder's."""
    path = files[0].path
    folder = posixpath.dirname(path)
    parts = _named_parts(folder, modules)
    base = parts[-1] if parts else "root"
    parent = _named_parts("/".join(parts[:-1]), modules)
    qualified = f"{parent[-1]} {base}" if parent else base
    if len(files) == 1 and not path.endswith("__init__.py"):
        stem = posixpath.splitext(posixpath.basename(path))[0]
        if _generic(path) and not split:  # its folder's module, alone: named as the folder
            return modules.get(path, path), slugify(base), _named(base, stem)
        if _generic(path):  # beside its folder's other units: "uv-cache-lib", "root-main"
            return (
                modules.get(path, path),
                _named(base, stem),
                _named(qualified, stem),
            )
        return modules.get(path, path), slugify(stem), _named(base, stem)
    title = modules.get(f"{folder}/__init__.py".lstrip("/"), folder or ".")
    return title, slugify(base), _named(qualified)


def _package_of(parts: tuple[str, ...], packages: set[tuple[str, ...]]) -> str:
    """The name of the nearest folder above ``parts`` that is a unit's own (a crate or a
    package holding this folder), when it is at least two deep; else ''."""
    for depth in range(len(parts) - 1, 1, -1):
        if parts[:depth] in packages:
            return parts[depth - 1]
    return ""


def _own_folder(theme: str, folder: str, modules: dict[str, str]) -> bool:
    """Whether ``folder``, as it names its code, is the theme's own: the theme's last
    part is its name (``auth`` for ``src/auth``), or it is the project's top, which
    names nothing."""
    parts = _named_parts(folder, modules)
    return not parts or slugify(parts[-1]) == theme.rsplit("/", 1)[-1]


def _fullest(theme: str, parts: tuple[str, ...], group: list[FileFacts]) -> str:
    """A unit's slug from every folder that names it, but those its theme names, and its
    file's name when it is one file: thanos-io/thanos' pkg/discovery/cache/cache.go was
    "pkg/cache-cache-2" beside pkg/cache/cache.go, and electron/electron's
    lib/renderer/api/exports/electron.ts "other-code/lib-api-exports-electron-2"."""
    named = set(theme.split("/"))
    folders = [part for part in parts if slugify(part) not in named]
    path = group[0].path
    whole = len(group) > 1 or path.endswith("__init__.py")
    return _named(*folders, *(() if whole else (posixpath.splitext(posixpath.basename(path))[0],)))


def _named(*names: str) -> str:
    """A unit's name from its folder's and file's names, each slugged alone: a name is
    split at its capitals as it would be on its own ("components UserProfile" gives
    "components-user-profile", as "UserProfile" gives "user-profile")."""
    words = (slugify(word, fallback="") for name in names for word in name.split())
    return slugify("-".join(word for word in words if word))  # bounded, as any name


def plan_units(
    groups: list[list[FileFacts]], files: Iterable[str], budget: int, *, fronts_apart: bool
) -> tuple[list[Unit], dict[str, str]]:
    """The units, each with a theme and a slug unique in it; and each theme's folder."""
    modules = python_modules(files)
    keys = [area_key(posixpath.dirname(g[0].path)) for g in groups]
    areas = choose_areas(keys, budget, fronts_apart=fronts_apart)
    sizes = Counter(_owner(key, areas) for key in keys)
    names = name_areas(areas, budget, fronts_apart=fronts_apart, sizes=sizes)
    folders = [posixpath.dirname(g[0].path) for g in groups]
    named = [
        _unit_name(g, modules, folders.count(f) > 1) for g, f in zip(groups, folders, strict=True)
    ]
    titles = Counter(title for title, _slug, _longer in named)
    parts = [tuple(_named_parts(f, modules)) for f in folders]
    packages = set(parts)
    units: list[Unit] = []
    taken: dict[str, set[str]] = {}
    theme_folders: dict[str, str] = {}
    # the shallowest folders name themselves first: rust-lang/rust-analyzer's folder
    # crates/hir-def/src/hir took "hir", and the crate crates/hir was "crates-hir"
    order = sorted(range(len(groups)), key=lambda n: (len(parts[n]), folders[n]))
    for n in order:
        group, key, folder, (own, short, longer) = groups[n], keys[n], folders[n], named[n]
        theme = names[_owner(key, areas)]
        inside = _package_of(parts[n], packages)
        if inside and slugify(inside) != theme.rsplit("/", 1)[-1]:
            # a folder inside another unit's package is named with it: "hir-def-hir";
            # so is a file of it, with its own name: celestia-app's x/mint/keeper/
            # keeper.go was "x/keeper-keeper-5", beside four other modules' keepers
            path = group[0].path
            whole = len(group) > 1 or path.endswith("__init__.py") or _generic(path)
            stem = () if whole else (posixpath.splitext(posixpath.basename(path))[0],)
            short = longer = _named(inside, parts[n][-1], *stem)
        if (
            theme == OTHER_THEME
            and parts[n]
            and not slugify(short).startswith(slugify(parts[n][0]))
        ):
            # the folders no theme of their own holds, side by side: each unit says which
            # it comes from ("app-a", "cmd-a"), not a number ("a-2")
            short, longer = _named(parts[n][0], short), _named(parts[n][0], longer)
        title, slug = own, short
        if titles[own] > 1 and len(group) == 1:  # scripts named alike in many folders
            title, slug = group[0].path, longer
        elif (
            len(group) == 1
            and not _generic(group[0].path)  # lib.rs, main.rs: named by their folder already
            and not _own_folder(theme, folder, modules)
        ):
            # a file of one of the theme's packages is named with it: astral-sh/uv's
            # crates/uv-auth/src/cache.rs was "crates/cache", beside the crate uv-cache
            slug = longer
        used = taken.setdefault(theme, {"overview", ENTRY_THEME, "index"})  # not INDEX.md
        slug = longer if slug in used else slug
        if slug in used:  # every folder down to it tells it apart, before a number does
            slug = _fullest(theme, parts[n], group)
        used.add(slug := unique(slug, used))
        whole = len(group) > 1 or group[0].path.endswith("__init__.py")
        split = whole and folders.count(folder) > 1
        units.append(Unit(theme, slug, title, folder, tuple(group), split))
        known = theme_folders.get(theme)
        theme_folders[theme] = folder if known is None else posixpath.commonpath([known, folder])
    return sorted(units, key=lambda u: (u.theme, u.folder, u.files[0].path)), theme_folders


# --- infrastructure ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class InfraGroup:
    """Infrastructure files one draft describes: a Terraform module, the container
    builds, the CI pipelines, or a folder of scripts."""

    category: str  # terraform, container, ci, shell
    folder: str
    slug: str
    files: tuple[FileFacts, ...]


def module_sources(files: Iterable[FileFacts]) -> list[str]:
    """The folders of the project that the Terraform ``module`` blocks of ``files`` call."""
    found = []
    for item in files:
        for symbol in item.symbols:
            source = symbol.doc.removeprefix("source: ") if symbol.kind == "module" else ""
            if source.startswith(("./", "../")):
                joined = posixpath.normpath(posixpath.join(posixpath.dirname(item.path), source))
                found.append("" if joined == "." else joined.removeprefix("./"))
    return found


def _wrapper_only(files: list[FileFacts]) -> bool:
    """Whether Terraform files only call modules of the project: no resource, no data."""
    kinds = {s.kind for f in files for s in f.symbols}
    calls = [s for f in files for s in f.symbols if s.kind == "module"]
    local = len(module_sources(files)) == len(calls)
    return bool(calls) and local and not kinds & {"resource", "data"}


def _fold_wrappers(buckets: dict[tuple[str, str], list[FileFacts]]) -> None:
    """Terraform folders that only wrap other local modules join their parent folder when
    it is one of those too (never the project's top): one draft, not one per wrapper."""
    folders = sorted((f for c, f in buckets if c == "terraform"), key=lambda f: -f.count("/"))
    for folder in folders:
        parent = posixpath.dirname(folder)
        above = buckets.get(("terraform", parent))
        inner = buckets[("terraform", folder)]
        if parent and above is not None and _wrapper_only(inner) and _wrapper_only(above):
            above += buckets.pop(("terraform", folder))


def _path(item: FileFacts) -> str:
    return item.path


def infra_groups(facts: Iterable[FileFacts], categories: dict[str, str]) -> list[InfraGroup]:
    """Terraform and scripts by folder; container builds together; CI pipelines together."""
    buckets: dict[tuple[str, str], list[FileFacts]] = {}
    for item in sorted(facts, key=lambda f: f.path):
        category = categories[item.path]
        folder = posixpath.dirname(item.path) if category in ("terraform", "shell") else ""
        buckets.setdefault((category, folder), []).append(item)
    _fold_wrappers(buckets)
    taken: set[str] = {"overview"}
    groups = []
    for (category, folder), files in sorted(buckets.items()):
        tail = "-".join(folder.split("/")[-2:])
        base = {"container": "containers", "ci": "ci-pipelines"}.get(category, "")
        base = base or (f"{category}-{tail}" if folder else category)
        slug = unique(slugify(base), taken)
        taken.add(slug)
        groups.append(InfraGroup(category, folder, slug, tuple(sorted(files, key=_path))))
    return groups


# --- how units relate ------------------------------------------------------------------

_PEERS: Final = 4  # units near a unit, listed in its draft


class UnitGraph:
    """Which unit imports which, from the files each file imports (see
    :func:`mdbrain.core.dependencies.resolve`); and the core units: those that at
    least two others import (five, in a project of fifty units or more)."""

    def __init__(self, units: list[Unit], imports: dict[str, tuple[str, ...]]) -> None:
        self.units = units
        self.files = imports
        self.owner = {f.path: i for i, u in enumerate(units) for f in u.files}
        self.uses: list[set[int]] = [set() for _ in units]
        for path, targets in imports.items():
            if path in self.owner:
                here = self.owner[path]
                self.uses[here] |= {self.owner[t] for t in targets if t in self.owner} - {here}
        self.indegree = Counter(t for used in self.uses for t in used)
        self.threshold = min(5, max(2, len(units) // 10))

    def doc(self, index: int) -> str:
        """The id of the draft of a unit."""
        unit = self.units[index]
        return f"{unit.theme}/{unit.slug}.md"

    def core(self, index: int) -> bool:
        return self.indegree[index] >= self.threshold

    def used_by(self, index: int) -> list[int]:
        """The units ``index`` imports, the most imported first."""
        return sorted(self.uses[index], key=lambda i: (-self.indegree[i], self.doc(i)))

    def imported_by_files(self, paths: Iterable[str]) -> list[int]:
        """The units the files import, the most imported by them first."""
        counts = Counter(
            self.owner[t] for p in paths for t in self.files.get(p, ()) if t in self.owner
        )
        return sorted(counts, key=lambda i: (-counts[i], self.doc(i)))


class Neighbours:
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

    def peers(self, index: int) -> list[int]:
        """Units of the same theme in the same, parent or child folder. Not the sibling
        folders: containerd's internal/kmutex was linked to internal/cleanup, dmverity
        and eventq, the first of thirty packages side by side, and its neighbours
        counted them."""
        unit = self.units[index]
        found: set[int] = set()
        parent = posixpath.dirname(unit.folder)
        lookups = [(self.by_folder, unit.folder), (self.by_parent, unit.folder)]
        lookups += [(self.by_folder, parent)] if parent != unit.folder else []
        for table, folder in lookups:
            found.update(table.get((unit.theme, folder), [])[: _PEERS + 1])
        found.discard(index)
        return sorted(found)[:_PEERS]
