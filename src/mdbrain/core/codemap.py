"""What a project's source files hold: their kinds, languages and plain facts.

The first half of the analysis behind ``mdbrain init --scan`` (the second is
:mod:`mdbrain.core.layout`). It takes a project's file list and the texts of the
few files worth reading, and returns facts, each tied to the file it was read
from; it reads no disk and invents nothing. Python is read with :mod:`ast`;
JavaScript, TypeScript, Go and Rust with a few regular expressions, so they
yield only what is plainly written: exported names, ``main``, routes and
commands.

Every reader is linear in the size of the file, whatever the file holds: no
expression can backtrack across lines, a symbol's doc comment is looked for
only between it and the symbol before it, and a file larger than
:data:`MAX_TEXT` is not read at all. A file that cannot be read (Python that
does not parse, or nests deeper than the parser goes) yields a fact that says
so in ``note`` rather than an error.
"""

from __future__ import annotations

import ast
import posixpath
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

LANGUAGES: Final = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript",
    ".mts": "typescript", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript",
    ".cjs": "javascript", ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin",
    ".rb": "ruby", ".php": "php", ".c": "c", ".h": "c", ".cpp": "c++", ".cs": "c#",
    ".swift": "swift", ".sh": "shell", ".sql": "sql", ".md": "markdown", ".rst": "rest",
    ".html": "html", ".css": "css", ".toml": "toml", ".yaml": "yaml", ".yml": "yaml",
    ".json": "json", ".ini": "ini", ".cfg": "ini",
}  # fmt: skip
READ_LANGUAGES: Final = frozenset({"python", "typescript", "javascript", "go", "rust"})
TEST_DIRS: Final = frozenset({"tests", "test", "__tests__", "spec", "specs"})
MANIFESTS: Final = frozenset({"pyproject.toml", "package.json", "go.mod", "cargo.toml"})
CONFIG_NAMES: Final = MANIFESTS | {
    "setup.py", "setup.cfg", "tox.ini", "noxfile.py", "requirements.txt", "tsconfig.json",
    "makefile", "dockerfile", "justfile", ".gitignore", ".editorconfig", ".dockerignore",
    ".pre-commit-config.yaml", ".pre-commit-hooks.yaml", "mypy.ini", "pytest.ini",
}  # fmt: skip
PYTHON_M: Final = "runs with `python -m`"
# Longest text a reader reads (characters). Every reader is linear, so this is not a
# guard against slow expressions but a bound on the time one file may take.
MAX_TEXT: Final = 2_000_000
_TEST_NAME = re.compile(
    r"^(?:test_.*\.py|.*_test\.(?:py|go)|conftest\.py|.*\.(?:test|spec)\.[cm]?[jt]sx?)$"
)


@dataclass(frozen=True, slots=True)
class Symbol:
    name: str
    kind: str  # function, class, const, type, struct...
    signature: str
    doc: str = ""  # the first line of its documentation
    members: tuple[str, ...] = ()  # public methods of a Python class


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What one source file plainly holds."""

    path: str
    language: str
    doc: str = ""  # the module docstring or leading doc comment
    symbols: tuple[Symbol, ...] = ()
    exports: tuple[str, ...] = ()  # names a Python module lists in __all__
    commands: tuple[str, ...] = ()
    routes: tuple[str, ...] = ()  # "GET /users"
    main: str = ""  # how it runs as a program, when it does
    tests: int = 0  # test functions or cases
    note: str = ""  # why the file was skipped, when it was: "not valid Python (line 3)"

    @property
    def weight(self) -> int:
        return len(self.symbols) + len(self.commands) + len(self.routes) + bool(self.main)


# --- files -----------------------------------------------------------------------


def language_of(path: str) -> str:
    return LANGUAGES.get(posixpath.splitext(path)[1].lower(), "")


def kind_of(path: str) -> str:
    """'test', 'config', 'code', 'doc' or 'other'."""
    name = posixpath.basename(path).lower()
    folders = {part.lower() for part in path.split("/")[:-1]}
    if _TEST_NAME.match(name) or folders & TEST_DIRS:
        return "test"
    if name in CONFIG_NAMES or folders & {".github", ".ci", ".circleci"}:
        return "config"
    if language_of(path) in READ_LANGUAGES:
        return "code"
    if name.endswith((".toml", ".ini", ".cfg", ".yaml", ".yml")):
        return "config"
    return "doc" if name.endswith((".md", ".rst", ".txt")) or name.startswith("readme") else "other"


def worth_reading(path: str) -> bool:
    """Whether the analysis needs this file's text."""
    name = posixpath.basename(path).lower()
    source = kind_of(path) in ("code", "test") and language_of(path) in READ_LANGUAGES
    return source or name in MANIFESTS or name.startswith("readme")


def python_modules(files: Iterable[str]) -> dict[str, str]:
    """Python file -> dotted module name, packages being folders with ``__init__.py``."""
    paths = list(files)
    packages = {posixpath.dirname(p) for p in paths if posixpath.basename(p) == "__init__.py"}
    names = {}
    for path in (p for p in paths if p.endswith(".py")):
        folder, stem = posixpath.split(path[:-3])
        parts = [] if stem == "__init__" else [stem]
        while folder in packages:
            folder, name = posixpath.split(folder)
            parts.insert(0, name)
        names[path] = ".".join(parts) or stem
    return names


def first_line(doc: str | None) -> str:
    lines = (doc or "").strip().splitlines()
    return lines[0].strip() if lines else ""


def clip(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


# --- Python ----------------------------------------------------------------------

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_HTTP: Final = ("get", "post", "put", "delete", "patch", "head", "options", "websocket")


def _py_symbol(node: ast.stmt) -> Symbol | None:
    doc = first_line(ast.get_docstring(node)) if isinstance(node, _Def | ast.ClassDef) else ""
    if isinstance(node, _Def):
        returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
        prefix = "async " if isinstance(node, ast.AsyncFunctionDef) else ""
        signature = f"{prefix}{node.name}({ast.unparse(node.args)}){returns}"
        return Symbol(node.name, "function", clip(signature), doc)
    if isinstance(node, ast.ClassDef):
        bases = ", ".join(ast.unparse(b) for b in node.bases)
        methods = tuple(m.name for m in node.body if isinstance(m, _Def) and m.name[0] != "_")
        signature = f"class {node.name}({bases})" if bases else f"class {node.name}"
        return Symbol(node.name, "class", clip(signature), doc, methods)
    return None


def _all_names(tree: ast.Module) -> tuple[str, ...] | None:
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        target = node.target if isinstance(node, ast.AnnAssign) else target
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "__all__":
            items = value.elts if isinstance(value, ast.List | ast.Tuple) else []
            names = [e.value for e in items if isinstance(e, ast.Constant)]
            return tuple(n for n in names if isinstance(n, str))
    return None


def _text_arg(call: ast.expr, keyword: str = "") -> str:
    if not isinstance(call, ast.Call):
        return ""
    values = [*call.args[:1], *(k.value for k in call.keywords if k.arg == keyword)]
    texts = [v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return texts[-1] if texts else ""


def _methods(call: ast.expr) -> str:
    for keyword in call.keywords if isinstance(call, ast.Call) else []:
        if keyword.arg == "methods" and isinstance(keyword.value, ast.List | ast.Tuple):
            names = [e.value for e in keyword.value.elts if isinstance(e, ast.Constant)]
            return ",".join(str(n).upper() for n in names)
    return "ROUTE"


def _attribute(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else ""


def _decorations(tree: ast.Module) -> tuple[list[str], list[str]]:
    """CLI commands (click, typer, argparse) and HTTP routes (Flask, FastAPI) of a module."""
    commands: list[str] = []
    routes: list[str] = []
    for node in ast.walk(tree):
        # "x.add_parser(...)": read from the node, never unparsed, so that a chain of
        # a thousand calls is not written out again for each of its calls
        if isinstance(node, ast.Call) and _attribute(node.func) == "add_parser":
            commands += [_text_arg(node)] if _text_arg(node) else []
        for deco in node.decorator_list if isinstance(node, _Def) else []:
            attr = _attribute(deco.func if isinstance(deco, ast.Call) else deco)
            path = _text_arg(deco)
            if attr in ("command", "group") and isinstance(node, _Def):
                name = _text_arg(deco, "name") or node.name.replace("_", "-")
                commands.append(name + (" (group)" if attr == "group" else ""))
            elif attr in ("route", "api_route") and path.startswith("/"):
                routes.append(f"{_methods(deco)} {path}")
            elif attr in _HTTP and path.startswith("/"):
                routes.append(f"{attr.upper()} {path}")
    return commands, routes


def _is_main_test(test: ast.expr) -> bool:
    """Whether ``test`` is ``__name__ == '__main__'``, either way round."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s.id for s in sides if isinstance(s, ast.Name)]
    texts = [s.value for s in sides if isinstance(s, ast.Constant)]
    return isinstance(test.ops[0], ast.Eq) and names == ["__name__"] and texts == ["__main__"]


def _main_guard(tree: ast.Module) -> bool:
    return any(_is_main_test(n.test) for n in tree.body if isinstance(n, ast.If))


def _skipped(path: str, language: str, why: str) -> FileFacts:
    """The facts of a file that was not read, saying why."""
    return FileFacts(path, language, note=why)


def python_facts(path: str, text: str) -> FileFacts:
    """The facts of a Python module; one that :mod:`ast` cannot read is skipped with a note."""
    try:
        with warnings.catch_warnings():  # "invalid escape sequence" is the code's business
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
        return _python_facts(path, tree)
    except SyntaxError as exc:  # IndentationError, "too many nested parentheses"...
        where = f" (line {exc.lineno}: {exc.msg})" if exc.lineno else f" ({exc.msg})"
        return _skipped(path, "python", "not valid Python" + where)
    except ValueError as exc:  # null bytes, on some versions of Python
        return _skipped(path, "python", f"not valid Python ({exc})")
    except (RecursionError, MemoryError):
        # the parser, or a walk of its tree, gave up on code nested thousands deep
        return _skipped(path, "python", "Python nested too deeply to be read")


def _python_facts(path: str, tree: ast.Module) -> FileFacts:
    exported = _all_names(tree)
    symbols = [s for node in tree.body if (s := _py_symbol(node)) is not None]
    public = [s for s in symbols if (s.name in exported if exported else s.name[0] != "_")]
    commands, routes = _decorations(tree)
    main = PYTHON_M if path.endswith("__main__.py") else ""
    main = main or ("runs as a script (`__name__ == '__main__'`)" if _main_guard(tree) else "")
    tests = sum(1 for n in ast.walk(tree) if isinstance(n, _Def) and n.name.startswith("test"))
    doc = ast.get_docstring(tree) or ""
    return FileFacts(
        path, "python", doc, tuple(public), exported or (), tuple(commands), tuple(routes),
        main, tests,
    )  # fmt: skip


# --- JavaScript, TypeScript, Go, Rust ------------------------------------------------

_M = re.MULTILINE
_JS_EXPORT = re.compile(
    r"^export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?"
    r"(function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)([^{;]*)",
    _M,
)
_JS_ROUTE = re.compile(  # Express-style: app.get('/x'), router.post("/y"), apiRouter.put(`/z`)
    r"\b(?:app|router|server|api|\w*Router|\w*App)\.(get|post|put|delete|patch|all)"
    r"\(\s*['\"`](/[^'\"`\n]*)"
)
# Go receivers and quoted paths stop at the end of their line: a "func (" or a quote
# that never closes must not be searched for to the end of the file at every line.
_GO_ITEM = re.compile(r"^(?:func\s+(\([^)\n]*\)\s*)?|type\s+)([A-Z]\w*)([^{\n]*)", _M)
_GO_ROUTE = re.compile(
    r"\.(HandleFunc|Handle|GET|POST|PUT|DELETE|PATCH)\(\s*\"([A-Z]+ )?(/[^\"\n]*)"
)
# "[ \t]*", not "\s*", at the start of a line: "\s" runs on through the blank
# lines below, and would be tried again from each of them.
_RS_ITEM = re.compile(
    r"^[ \t]*pub[ \t]+(?:async[ \t]+)?(fn|struct|enum|trait|type)[ \t]+(\w+)([^{;\n]*)", _M
)
_RS_ROUTE = re.compile(r"#\[(get|post|put|delete|patch)\(\s*\"(/[^\"\n]*)\"")
_JS_TEST = re.compile(r"^[ \t]*(?:it|test)(?:\.\w+)?\(", _M)


def _comment_before(text: str, start: int, prefix: str, floor: int = 0) -> str:
    """The first line of the comment right above ``start``: ``/** */``, or ``prefix`` lines.

    Only ``text[floor:start]`` is looked at: readers pass the start of the symbol
    before, so that the comments of all the symbols of a file cost one reading of it.
    """
    before = text[floor:start].rstrip()
    if prefix == "//" and before.endswith("*/") and "/**" in before:
        block = before[before.rfind("/**") + 3 : -2]
        return first_line("\n".join(line.strip().lstrip("*") for line in block.splitlines()))
    lines: list[str] = []
    for line in reversed(before.splitlines()):
        if not line.strip().startswith(prefix) or line.strip().startswith(prefix + "/"):
            break
        lines.append(line.strip()[len(prefix) :].strip())
    return "\n".join(reversed(lines))


def _documented(
    pattern: re.Pattern[str], text: str, prefix: str
) -> Iterator[tuple[re.Match[str], str]]:
    """Each match of ``pattern`` with the first line of the comment above it."""
    floor = 0
    for match in pattern.finditer(text):
        yield match, first_line(_comment_before(text, match.start(), prefix, floor))
        floor = match.start()


def _js_facts(path: str, text: str) -> FileFacts:
    symbols = []
    for match, doc in _documented(_JS_EXPORT, text, "//"):
        kind, name, rest = match.groups()
        rest = rest if kind.startswith("function") else rest.split("=")[0]
        symbols.append(Symbol(name, kind.rstrip("*"), clip(f"{kind} {name}{rest}"), doc))
    head = (text.split("\n", 1)[-1] if text.startswith("#!") else text).lstrip()
    end = head.find("*/") if head.startswith("/*") else -1
    lines = [line.strip().lstrip("*").strip() for line in head[2:end].splitlines()]
    doc = "\n".join(lines).strip() if end > 0 and head[end + 2 :].startswith("\n\n") else ""
    routes = tuple(f"{m.upper()} {p}" for m, p in _JS_ROUTE.findall(text))
    main = "Node script (shebang line)" if text.startswith("#!") else ""
    main = main or (
        "runs as a script (`require.main === module`)" if "require.main" in text else ""
    )
    commands = tuple(re.findall(r"\.command\(\s*['\"`]([^'\"`\s]+)", text))
    tests = len(_JS_TEST.findall(text))
    return FileFacts(
        path, language_of(path), doc, tuple(symbols), (), commands, routes, main, tests
    )


def _go_facts(path: str, text: str) -> FileFacts:
    symbols = tuple(
        Symbol(m.group(2), "function" if m.group(0).startswith("func") else "type",
               clip(m.group(0)), doc)
        for m, doc in _documented(_GO_ITEM, text, "//")
    )  # fmt: skip
    package = re.search(r"^package\s+(\w+)", text, _M)
    doc = _comment_before(text, package.start(), "//") if package else ""
    main = package is not None and package.group(1) == "main" and "\nfunc main()" in text
    routes = tuple(f"{m.strip() or (how if how.isupper() else 'ANY')} {p}"
                   for how, m, p in _GO_ROUTE.findall(text))  # fmt: skip
    commands = tuple(re.findall(r"\bUse:\s*\"([\w-]+)", text))
    tests = len(re.findall(r"^func\s+Test\w*\(", text, _M))
    how = "Go program (`package main`)" if main else ""
    return FileFacts(path, "go", doc, symbols, (), commands, routes, how, tests)


def _rust_facts(path: str, text: str) -> FileFacts:
    symbols = tuple(
        Symbol(m.group(2), m.group(1), clip(f"{m.group(1)} {m.group(2)}{m.group(3)}"), doc)
        for m, doc in _documented(_RS_ITEM, text, "///")
    )  # fmt: skip
    doc = "\n".join(ln.strip()[3:].strip() for ln in text.splitlines() if ln.strip()[:3] == "//!")
    routes = tuple(f"{m.upper()} {p}" for m, p in _RS_ROUTE.findall(text))
    main = "Rust program (`fn main`)" if re.search(r"^fn\s+main\s*\(", text, _M) else ""
    tests = len(re.findall(r"#\[(?:tokio::)?test\]", text))
    return FileFacts(path, "rust", doc, symbols, (), (), routes, main, tests)


_READERS: Final[dict[str, Callable[[str, str], FileFacts]]] = {
    "python": python_facts, "typescript": _js_facts, "javascript": _js_facts,
    "go": _go_facts, "rust": _rust_facts,
}  # fmt: skip


def source_facts(path: str, text: str) -> FileFacts:
    """The facts of one source file; for languages not read, only the language.

    A file longer than :data:`MAX_TEXT` is skipped with a note.
    """
    language = language_of(path)
    reader = _READERS.get(language)
    if reader is None:
        return FileFacts(path, language)
    if len(text) > MAX_TEXT:
        return _skipped(path, language, f"larger than {MAX_TEXT // 1_000_000} MB")
    return reader(path, text)
