"""How a project is laid out beyond its single files, and how its code splits into themes.

The second half of the analysis behind ``mdbrain init --scan``, after
:mod:`mdbrain.core.codemap`: manifests (``pyproject.toml``, ``package.json``,
``go.mod``, ``Cargo.toml``) name packages and programs; READMEs give headings;
tests belong to test folders; programs are the project's entry points. The code
is then planned into themes, from the project's own folders, and into units,
the code each document describes. It reads no disk and invents nothing.
"""

from __future__ import annotations

import json
import posixpath
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from mdbrain.core.codemap import PYTHON_M, TEST_DIRS, FileFacts, python_modules
from mdbrain.core.slug import slugify, unique

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


def _names(values: object) -> tuple[str, ...]:
    if isinstance(values, dict):
        return tuple(sorted(str(k) for k in values))
    items = values if isinstance(values, list) else []
    return tuple(re.split(r"[\s<>=!~;\[(@]", str(v), maxsplit=1)[0] for v in items)


def _get(data: object, *keys: str) -> Any:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _package(path: str, kind: str, data: object, *, programs: object = None) -> Package:
    pairs = programs.items() if isinstance(programs, dict) else ()
    return Package(
        path, kind, str(_get(data, "name") or ""), str(_get(data, "description") or ""),
        tuple(sorted((str(k), str(v)) for k, v in pairs)), _names(_get(data, "scripts")),
        _names(_get(data, "dependencies")),
    )  # fmt: skip


def read_package(path: str, text: str) -> Package | None:
    """The package a manifest declares; None when it declares none or does not parse."""
    name = posixpath.basename(path).lower()
    if name == "go.mod":
        module = re.search(r"^module\s+(\S+)", text, _M)
        deps = re.findall(r"^\s*(?:require\s+)?([\w.\-]+\.[a-z]+/[\w.\-/]+)\s+v\d", text, _M)
        return Package(path, "go", module.group(1) if module else "", dependencies=tuple(deps))
    try:
        data = json.loads(text) if name == "package.json" else tomllib.loads(text)
    except ValueError:  # JSONDecodeError and TOMLDecodeError are ValueErrors
        return None
    if name == "package.json":
        bins = _get(data, "bin")
        short = str(_get(data, "name") or "").rsplit("/", 1)[-1]
        return _package(
            path, "node", data, programs={short: bins} if isinstance(bins, str) else bins
        )
    if name == "cargo.toml":
        bins = [b for b in _get(data, "bin") or [] if isinstance(b, dict)]
        crate = {**(_get(data, "package") or {}), "dependencies": _get(data, "dependencies")}
        programs = {str(b.get("name", "")): str(b.get("path", "")) for b in bins}
        return _package(path, "rust", crate, programs=programs)
    project = _get(data, "project") or _get(data, "tool", "poetry")
    if not isinstance(project, dict):
        return None
    return _package(path, "python", {**project, "scripts": None}, programs=project.get("scripts"))


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
EXTRA_THEMES: Final = (ENTRY_THEME, "testing", "project", "other-code")
_CONTAINERS: Final = frozenset({"src", "lib", "source", "packages", "apps"})
_GENERIC_STEMS: Final = frozenset({"__init__", "__main__", "index", "main", "mod", "lib"})


@dataclass(frozen=True, slots=True)
class Unit:
    """The code one document describes: a module, or a folder of small modules."""

    theme: str
    slug: str
    title: str
    folder: str
    files: tuple[FileFacts, ...]


def group_files(facts: Iterable[FileFacts]) -> list[list[FileFacts]]:
    """One group per folder; a big folder gives one per substantial file, plus its rest."""
    folders: dict[str, list[FileFacts]] = {}
    for item in sorted(facts, key=lambda f: f.path):
        folders.setdefault(posixpath.dirname(item.path), []).append(item)
    groups = []
    for files in folders.values():
        if len(files) <= 3 or sum(f.weight for f in files) <= 12:
            groups.append(files)
            continue
        big = [f for f in files if f.weight >= 3 and not f.path.endswith("__init__.py")]
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


def name_areas(areas: list[Area], budget: int, *, fronts_apart: bool) -> dict[Area, str]:
    """A theme slug for each area; past the budget, the last ones share 'other-code'."""
    names: dict[Area, str] = {}
    taken = set(EXTRA_THEMES)
    themed = [a for a in areas if not (fronts_apart and a[1] and a[0])]
    for position, (prefix, exact) in enumerate(themed):
        slug = slugify(prefix[-1]) if prefix else "application"
        slug = unique(slugify("-".join(prefix)), taken) if slug in taken else slug
        crowded = len(themed) > budget and position >= budget - 1
        names[prefix, exact] = "other-code" if crowded else slug
        taken.add(slug)
    return {a: names.get(a, ENTRY_THEME) for a in areas}


def _unit_name(files: list[FileFacts], modules: dict[str, str], split: bool) -> tuple[str, str]:
    """A title and a slug for a group of files."""
    path = files[0].path
    folder = posixpath.dirname(path)
    base = posixpath.basename(folder) or "root"
    if len(files) == 1 and not path.endswith("__init__.py"):
        stem = posixpath.splitext(posixpath.basename(path))[0]
        return modules.get(path, path), slugify(
            f"{base} {stem}" if stem in _GENERIC_STEMS else stem
        )
    title = modules.get(f"{folder}/__init__.py".lstrip("/"), folder or ".")
    return (f"{title}: package and smaller modules" if split else title), slugify(base)


def plan_units(
    groups: list[list[FileFacts]], files: Iterable[str], budget: int, *, fronts_apart: bool
) -> tuple[list[Unit], dict[str, str]]:
    """The units, each with a theme and a slug unique in it; and each theme's folder."""
    modules = python_modules(files)
    keys = [area_key(posixpath.dirname(g[0].path)) for g in groups]
    areas = choose_areas(keys, budget, fronts_apart=fronts_apart)
    names = name_areas(areas, budget, fronts_apart=fronts_apart)
    folders = [posixpath.dirname(g[0].path) for g in groups]
    units: list[Unit] = []
    taken: dict[str, set[str]] = {}
    theme_folders: dict[str, str] = {}
    for group, key, folder in zip(groups, keys, folders, strict=True):
        theme = names[_owner(key, areas)]
        title, slug = _unit_name(group, modules, folders.count(folder) > 1)
        used = taken.setdefault(theme, {"overview", ENTRY_THEME})
        used.add(slug := unique(slug, used))
        units.append(Unit(theme, slug, title, folder, tuple(group)))
        known = theme_folders.get(theme)
        theme_folders[theme] = folder if known is None else posixpath.commonpath([known, folder])
    return sorted(units, key=lambda u: (u.theme, u.folder, u.files[0].path)), theme_folders
