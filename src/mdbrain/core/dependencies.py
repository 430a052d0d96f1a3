"""Which file of a project uses which: the imports the code plainly writes.

Each reader takes a file's code (comments already blanked, for the languages
read with expressions) and returns what it imports, as written; :func:`resolve`
then finds, among the project's own files, the files those names stand for.
Imports of other packages (the standard library, dependencies) resolve to
nothing and are dropped. ``init --scan`` relates the draft of a unit of code to
the drafts of the units it imports.

Python: ``import a.b`` gives ``a.b``; ``from .c import d`` gives ``.c:d`` (the
module, then the name, which may be a module too). JavaScript and TypeScript:
relative specifiers of ``import``, ``export ... from``, ``require()`` and
``import()``. Go: import paths. Rust: ``crate::`` paths and ``mod`` items.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterable, Mapping
from typing import Final

MAX_IMPORTS: Final = 200  # names kept per file
_JS_SPECIFIER = re.compile(
    r"(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*['\"](\.{1,2}/[^'\"\n]{0,300}|\.{1,2})['\"]"
)
_JS_SUFFIXES: Final = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
_GO_SINGLE = re.compile(r"^import[ \t]+(?:[\w.]+[ \t]+)?\"([^\"\n]+)\"", re.MULTILINE)
_GO_BLOCK = re.compile(r"^import[ \t]*\(([^()]{0,20000}+)\)", re.MULTILINE)
_GO_PATH = re.compile(r"\"([^\"\n]+)\"")
_RS_USE = re.compile(r"\buse[ \t]+crate::([\w:]+)")
_RS_MOD = re.compile(r"^[ \t]*(?:pub(?:\([\w ]+\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;", re.MULTILINE)


def python_imports(tree: ast.Module) -> tuple[str, ...]:
    """The modules a Python module imports, anywhere in it, as written."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found += [f"{module}:{alias.name}" for alias in node.names if alias.name != "*"]
            found += [module] if any(a.name == "*" for a in node.names) else []
        if len(found) >= MAX_IMPORTS:
            break
    return tuple(dict.fromkeys(found))[:MAX_IMPORTS]


def js_imports(code: str) -> tuple[str, ...]:
    """The relative specifiers a JavaScript or TypeScript file imports or requires."""
    return tuple(dict.fromkeys(_JS_SPECIFIER.findall(code)))[:MAX_IMPORTS]


def go_imports(code: str) -> tuple[str, ...]:
    found = _GO_SINGLE.findall(code)
    for block in _GO_BLOCK.findall(code):
        found += _GO_PATH.findall(block)
    return tuple(dict.fromkeys(found))[:MAX_IMPORTS]


def rust_imports(code: str) -> tuple[str, ...]:
    found = [f"crate::{p}" for p in _RS_USE.findall(code)]
    found += [f"mod::{m}" for m in _RS_MOD.findall(code)]
    return tuple(dict.fromkeys(found))[:MAX_IMPORTS]


# --- resolution -------------------------------------------------------------------------


def _python(path: str, name: str, modules: Mapping[str, str], by_name: dict[str, str]) -> str:
    module, _, attribute = name.partition(":")
    dots = len(module) - len(module.lstrip("."))
    if dots:  # relative to the package of the importing module
        own = modules.get(path, "").split(".")
        keep = len(own) - dots + (1 if path.endswith("__init__.py") else 0)
        module = ".".join([*own[: max(keep, 0)], module.lstrip(".")]).strip(".")
    for candidate in (f"{module}.{attribute}" if attribute else "", module):
        if candidate and candidate in by_name:
            return by_name[candidate]
    return ""


def _js(path: str, name: str, files: set[str]) -> str:
    base = posixpath.normpath(posixpath.join(posixpath.dirname(path), name))
    if base in files:
        return base
    stem = base.removesuffix(posixpath.splitext(base)[1]) if base.endswith(".js") else base
    for candidate in (
        *(stem + s for s in _JS_SUFFIXES),
        *(posixpath.normpath(posixpath.join(base, "index" + s)) for s in _JS_SUFFIXES),
    ):
        if candidate in files:
            return candidate
    return ""


def _go(name: str, go_modules: Mapping[str, str], folders: dict[str, str]) -> str:
    for folder, module in go_modules.items():
        if name == module or name.startswith(module + "/"):
            inner = name[len(module) :].strip("/")
            return folders.get(posixpath.join(folder, inner).strip("/").removeprefix("./"), "")
    return ""


def _rust(path: str, name: str, files: set[str]) -> str:
    if name.startswith("mod::"):
        here = posixpath.dirname(path)
        stem = posixpath.splitext(posixpath.basename(path))[0]
        if stem not in ("main", "lib", "mod"):
            here = posixpath.join(here, stem)
        item = name[5:]
        options = (posixpath.join(here, item + ".rs"), posixpath.join(here, item, "mod.rs"))
    else:
        parts = path.split("/")
        top = "/".join(parts[: parts.index("src") + 1]) if "src" in parts[:-1] else ""
        item = name[len("crate::") :].split("::", maxsplit=1)[0]
        options = (posixpath.join(top, item + ".rs"), posixpath.join(top, item, "mod.rs"))
    return next((o for o in options if o in files), "")


def resolve(
    imports: Mapping[str, tuple[str, tuple[str, ...]]],
    files: Iterable[str],
    modules: Mapping[str, str],
    go_modules: Mapping[str, str] | None = None,
) -> dict[str, tuple[str, ...]]:
    """For each file, the project files its imports stand for (itself left out).

    ``imports`` maps each file to its language and the names it imports;
    ``modules`` maps Python files to their dotted names; ``go_modules`` maps the
    folder of each ``go.mod`` to the module it declares.
    """
    paths = set(files)
    by_name = {name: path for path, name in sorted(modules.items(), reverse=True)}
    folders: dict[str, str] = {}
    for file in sorted(paths):
        if file.endswith(".go") and not file.endswith("_test.go"):
            folders.setdefault(posixpath.dirname(file), file)
    out: dict[str, tuple[str, ...]] = {}
    for path, (language, names) in imports.items():
        found: list[str] = []
        for name in names:
            if language == "python":
                target = _python(path, name, modules, by_name)
            elif language in ("javascript", "typescript"):
                target = _js(path, name, paths)
            elif language == "go":
                target = _go(name, go_modules or {}, folders)
            elif language == "rust":
                target = _rust(path, name, paths)
            else:
                target = ""
            if target and target != path:
                found.append(target)
        out[path] = tuple(dict.fromkeys(found))
    return out
