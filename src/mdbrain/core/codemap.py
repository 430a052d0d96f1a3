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
import dataclasses
import posixpath
import re
import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

from mdbrain.core import comments, dependencies, markdown
from mdbrain.core.facts import FileFacts, Symbol, clip, summary_line
from mdbrain.core.javascript import js_facts

LANGUAGES: Final = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript",
    ".mts": "typescript", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript",
    ".cjs": "javascript", ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin",
    ".rb": "ruby", ".php": "php", ".c": "c", ".h": "c", ".cpp": "c++", ".cc": "c++",
    ".cxx": "c++", ".c++": "c++", ".hpp": "c++", ".hh": "c++", ".hxx": "c++",
    ".mm": "objective-c++", ".cs": "c#",
    ".swift": "swift", ".sh": "shell", ".sql": "sql", ".md": "markdown", ".mdx": "markdown",
    ".markdown": "markdown", ".rst": "rest",
    ".html": "html", ".css": "css", ".toml": "toml", ".yaml": "yaml", ".yml": "yaml",
    ".json": "json", ".ini": "ini", ".cfg": "ini", ".tf": "terraform", ".bash": "shell",
    ".zsh": "shell", ".dockerfile": "dockerfile", ".cts": "typescript",
}  # fmt: skip
READ_LANGUAGES: Final = frozenset({"python", "typescript", "javascript", "go", "rust"})
# programming languages whose files are counted but not read: no draft describes them
_UNREAD_CODE: Final = {
    "java": "Java", "kotlin": "Kotlin", "ruby": "Ruby", "php": "PHP", "c": "C", "c++": "C++",
    "objective-c++": "Objective-C++", "c#": "C#", "swift": "Swift",
}  # fmt: skip
# the sources a header (".h") is included by: C's, or C++'s and Objective-C++'s
_C_FAMILY: Final = frozenset({"c", "c++", "objective-c++"})
TEST_DIRS: Final = frozenset(
    {"tests", "test", "__tests__", "spec", "specs", "e2e", "integration-tests",
     "integration_tests", "e2e-tests", "e2e_tests", "unit-tests", "unit_tests",
     "functional-tests", "functional_tests", "test-fixtures", "test_fixtures"}
)  # fmt: skip
# Folders whose code is not the project's own design: examples and snippets, vendored
# and generated code, test data. Their files are counted, never drafted as units.
SET_ASIDE: Final = frozenset({
    "examples", "example", "samples", "sample", "snippets", "docs_src", "vendor", "vendored",
    "code-samples", "code_samples",
    "third_party", "third-party", "thirdparty", "node_modules", "bower_components",
    "generated", "__generated__", "fixtures", "fixture", "__fixtures__", "testdata",
    "test-data", "test_data", "__snapshots__", "__mocks__", "__testdata__",
    # a build's output, committed: microsoft/vscode-docs' dist/extension.js, a webpack
    # bundle of 618 KB, was drafted as the extension's code beside its src/extension.ts
    "dist",
})  # fmt: skip
# Folders whose pages are no documentation of the project: its tests' books and pages,
# vendored ones (examples and snippets may well document it, and pages in a folder
# named spec or generated are as likely the project's specification or reference).
NOT_DOCUMENTATION: Final = (TEST_DIRS | SET_ASIDE) - {
    "examples", "example", "samples", "sample", "snippets", "docs_src", "code-samples",
    "code_samples", "spec", "specs", "generated",
}  # fmt: skip
# set aside at the top only: a book's programs (rust-lang/book's 654), a JavaScript
# project's test applications (vitejs/vite's playground/: 400 of 622 drafts), the
# dependencies a C or C++ project vendors (nodejs/node's deps/: V8's, npm's and acorn's
# pages), where deeper down the same name may be an application's own module (a Django
# app of listings, an Elixir "deps" helper); the last holds no documentation either
_TOP_ASIDE: Final = frozenset({"listings", "playground", "playgrounds", "deps"})
# documentation folders whose "_" folders hold the site's own machinery: Sphinx's
# _themes/ and _ext/, Jekyll's _plugins/ (psf/requests' docs/_themes/ theme was drafted
# as a module of the project)
_SITE_DIRS: Final = frozenset({"docs", "doc", "documentation", "website", "site"})
# top folders of documentation: the code they hold illustrates it or builds its site
# (electron/electron's docs/fiddles/: 54 drafts of examples, most "with no public
# symbols", ranked above the pages that explain them)
_DOC_TOPS: Final = frozenset({"docs", "doc", "documentation"})
# how init and update introduce the folders and files set_aside leaves out, counted
# alike by both (:func:`left_out_as`)
SET_ASIDE_NOTE: Final = (
    "Code files left out as examples, vendored, generated, test data or a site's machinery"
)
# what that note counts the files named or marked as generated under
GENERATED_FILES: Final = "generated files"
# the files init and update count as code, by suffix; update lists those that no
# document names
CODE_SUFFIXES: Final = (
    ".py", ".pyi", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".go", ".rs", ".java", ".kt",
    ".scala", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".mm", ".cs", ".rb",
    ".php", ".swift", ".sh", ".sql",
    ".tf", ".hcl",
)  # fmt: skip
_TOP_NOT_DOCUMENTATION: Final = frozenset({"deps"})
_GENERATED = re.compile(
    r"(?:_pb2(?:_grpc)?\.pyi?|\.pb(?:\.gw)?\.go|\.min\.[cm]?js|[._]generated\.\w+|\.g\.dart"
    r"|[.-][0-9a-f]{8,}\.(?:[cm]?js|css))$"
)
_BUILD_SCRIPT = re.compile(
    r"^(?:[\w.-]+\.config|gruntfile|gulpfile|karma\.conf|\.eslintrc|\.prettierrc)\.[cm]?[jt]s$"
)
_CI_FILES: Final = frozenset({
    ".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml", "bitbucket-pipelines.yml",
    "jenkinsfile", ".drone.yml", "appveyor.yml",
})  # fmt: skip
_COMPOSE = re.compile(r"^(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$")
_SCRIPTS: Final = {"python": "python", "node": "javascript", "nodejs": "javascript",
                   "deno": "javascript", "bun": "javascript", "bash": "shell", "sh": "shell",
                   "zsh": "shell", "dash": "shell", "ksh": "shell"}  # fmt: skip
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
# tests by their names; a component's Storybook stories too (``Chip.stories.tsx``): its
# examples, rendered and checked, whose exports log4brains' drafts listed as its API
_TEST_NAME = re.compile(
    r"^(?:test_.*\.py|.*_test\.(?:py|go)|conftest\.py|.*\.(?:test|spec|stories)\.[cm]?[jt]sx?)$"
)


# --- files -----------------------------------------------------------------------


def _programming(path: str) -> bool:
    """Whether a file is code in a programming language (not a page, data or settings)."""
    name = language_of(path)
    return name in READ_LANGUAGES or name in _UNREAD_CODE or name == "shell"


def language_of(path: str, headers: str = "c") -> str:
    """The language of a file by its name; a ``.h`` header's is ``headers`` (see
    :func:`header_language`)."""
    name = posixpath.basename(path).lower()
    if name in ("dockerfile", "containerfile") or name.startswith("dockerfile."):
        return "dockerfile"
    suffix = posixpath.splitext(name)[1]
    return headers if suffix == ".h" else LANGUAGES.get(suffix, "")


def header_language(paths: Iterable[str]) -> str:
    """The language of the ``.h`` headers among ``paths``: that of the sources of the C
    family most of them are in, C when as many are in C (electron/electron's 424
    headers go with its 391 ``.cc`` and 63 ``.mm`` files, not with C)."""
    counts: Counter[str] = Counter()
    for path in paths:
        name = language_of(path)
        if name in _C_FAMILY and not path.lower().endswith(".h"):
            counts[name] += 1
    return max(sorted(counts), key=lambda n: (counts[n], n == "c")) if counts else "c"


def script_language(text: str) -> str:
    """The language a ``#!`` line runs a file with: 'python', 'javascript', 'shell' or ''."""
    if not text.startswith("#!"):
        return ""
    words = text[2:200].split("\n", 1)[0].split()
    if words and posixpath.basename(words[0]) == "env":
        words = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
    program = posixpath.basename(words[0]) if words else ""
    return _SCRIPTS.get(re.sub(r"[\d.]+$", "", program), "")


def infra_category(path: str) -> str:
    """'terraform', 'container', 'ci' or 'shell' for infrastructure files; '' otherwise."""
    name = posixpath.basename(path).lower()
    folders = path.lower().split("/")[:-1]
    language = language_of(path)
    if language == "terraform":
        return "terraform"
    if language == "dockerfile" or _COMPOSE.match(name):
        return "container"
    workflow = folders[-2:] == [".github", "workflows"] and name.endswith((".yml", ".yaml"))
    if workflow or name in _CI_FILES or folders[-1:] == [".circleci"]:
        return "ci"
    return "shell" if language == "shell" else ""


# what a folder of documentation pages holds besides them: pictures and media
_PAGE_COMPANIONS: Final = (
    ".md", ".mdx", ".markdown", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif",
    ".ico", ".mp4", ".webm", ".ogg", ".mp3",
)  # fmt: skip
_OWN_PAGES: Final = frozenset({"index.md", "index.mdx", "readme.md", "_index.md", "index.markdown"})


def pages_only(names: Iterable[str]) -> bool:
    """Whether a folder holding the files ``names`` (paths from it) is a page of
    documentation, whatever its name: its own page at its top (``index.md``,
    ``README.md``) and nothing but pages and pictures below. MDN documents
    ``RegExp.prototype.test()`` in ``regexp/test/index.md`` and ``Navigator.vendor`` in
    ``navigator/vendor/``: no tests, no vendored code."""
    listed = list(names)
    own = any("/" not in name and name.lower() in _OWN_PAGES for name in listed)
    return own and all(name.lower().endswith(_PAGE_COMPANIONS) for name in listed)


def page_folders(files: Iterable[str]) -> frozenset[str]:
    """The folders among ``files`` whose names would set them aside (``test/``,
    ``vendor/``...) but that are pages of documentation (:func:`pages_only`), each as
    its path and a slash."""
    below: dict[str, list[str]] = {}
    for path in files:
        parts = path.split("/")
        for depth, part in enumerate(parts[:-1]):
            if part.lower() in TEST_DIRS or part.lower() in SET_ASIDE:
                folder = "/".join(parts[: depth + 1]) + "/"
                below.setdefault(folder, []).append("/".join(parts[depth + 1 :]))
    return frozenset(folder for folder, names in below.items() if pages_only(names))


def not_documentation(path: str, pages: frozenset[str] = frozenset()) -> bool:
    """Whether ``path`` lies in a folder whose pages are no documentation of the project
    (:data:`NOT_DOCUMENTATION`), unless that folder is one of ``pages``."""
    parts = path.split("/")[:-1]
    return any(
        (
            part.lower() in NOT_DOCUMENTATION
            or (depth == 0 and part.lower() in _TOP_NOT_DOCUMENTATION)
        )
        and "/".join(parts[: depth + 1]) + "/" not in pages
        for depth, part in enumerate(parts)
    )


def set_aside(path: str, pages: frozenset[str] = frozenset()) -> str:
    """Why a file is not drafted as the project's own code: the folder that sets it aside
    (``examples/``), or the file itself when its name says it is generated; else ''.
    A folder of ``pages`` (:func:`page_folders`) sets nothing aside."""
    parts = path.split("/")
    if len(parts) > 1 and parts[0].lower() in _DOC_TOPS and _programming(path):
        # the documentation's examples and its site's machinery: named by the folder
        # under it that holds them (docs/fiddles/), or by itself (docs/conf.py)
        return "/".join(parts[: min(2, len(parts) - 1)]) + "/"
    for depth, part in enumerate(parts[:-1]):
        tooling = part.startswith("_") and depth > 0 and parts[depth - 1].lower() in _SITE_DIRS
        if part.lower() in SET_ASIDE or (depth == 0 and part.lower() in _TOP_ASIDE) or tooling:
            folder = "/".join(parts[: depth + 1]) + "/"
            if folder not in pages:
                return folder
    return path if _GENERATED.search(parts[-1]) else ""


def left_out_as(path: str, pages: frozenset[str], says_generated: Callable[[str], bool]) -> str:
    """What ``init --scan`` and ``update`` count a file of the project under when they say
    which code they left out (:data:`SET_ASIDE_NOTE`): the folder that sets it aside
    (:func:`set_aside`, ``pages`` as there), or :data:`GENERATED_FILES` for a file named
    as generated or, when it is code or a test in a language the scan reads, whose top
    says a tool wrote it (``says_generated(path)``, asked only then: init holds the text
    of those files, update reads their first lines); '' for a file that is no code
    (:data:`CODE_SUFFIXES`) or is not left out.

    Both commands count with it every such file of their project, whether a document
    names it or not, so that the numbers agree: on fastapi/fastapi, init counted all 464
    files of docs_src/, its CSS and HTML among them, and update minutes later the 175 of
    its 462 code files that no document named."""
    if not path.endswith(CODE_SUFFIXES):
        return ""
    why = set_aside(path, pages)
    if why.endswith("/"):
        return why
    read = language_of(path) in READ_LANGUAGES and kind_of(path) in ("code", "test")
    if why or (read and says_generated(path)):
        return GENERATED_FILES
    return ""


# a comment near a file's top saying a tool wrote it: Go's "// Code generated by mockery;
# DO NOT EDIT." (below a license header: jaegertracing/jaeger's 15 mocks were drafted),
# protoc's "# Generated by the protocol buffer compiler.  DO NOT EDIT!", "@generated"
_GENERATED_MARK = re.compile(
    r"^[ \t]*(?://|#|/?\*+|--|;)[^\n]*(?:\bgenerated\b[^\n]*\bdo not edit\b|@generated\b)",
    re.IGNORECASE | re.MULTILINE,
)
_GENERATED_HEAD = 40  # lines of a file looked at for that comment


def generated_code(text: str) -> bool:
    """Whether a file says, in a comment among its first lines, that a tool wrote it."""
    if "enerated" not in text[:4000] and "ENERATED" not in text[:4000]:
        return False
    head = "\n".join(text.split("\n", _GENERATED_HEAD)[:_GENERATED_HEAD])
    return _GENERATED_MARK.search(head) is not None


def kind_of(path: str, pages: frozenset[str] = frozenset()) -> str:
    """'test', 'infra', 'config', 'code', 'doc' or 'other'; a page in a folder of
    ``pages`` (:func:`page_folders`) named ``test/`` is documentation."""
    name = posixpath.basename(path).lower()
    parts = path.split("/")[:-1]
    folders = {
        part.lower()
        for depth, part in enumerate(parts)
        if "/".join(parts[: depth + 1]) + "/" not in pages
    }
    if _TEST_NAME.match(name) or folders & TEST_DIRS:
        return "test"
    if infra_category(path):
        return "infra"
    if name in CONFIG_NAMES or folders & {".github", ".ci", ".circleci"}:
        return "config"
    sphinx = name == "conf.py" and bool(folders & {"docs", "doc", "source"})
    settings = sphinx or _BUILD_SCRIPT.match(name) is not None  # a tool's settings, not code
    if language_of(path) in READ_LANGUAGES and not settings:
        return "code"
    if settings or name.endswith((".toml", ".ini", ".cfg", ".yaml", ".yml")):
        return "config"
    documentation = name.endswith((".md", ".mdx", ".markdown", ".rst", ".txt"))
    return "doc" if documentation or name.startswith("readme") else "other"


def _unread(paths: Iterable[str]) -> Counter[str]:
    """How many of ``paths`` each programming language the scan does not read holds."""
    listed = list(paths)
    headers = header_language(listed)
    return Counter(
        _UNREAD_CODE[n] for p in listed if (n := language_of(p, headers)) in _UNREAD_CODE
    )


def unread_languages(paths: Iterable[str]) -> list[str]:
    """The names of the programming languages of ``paths`` that the scan does not read,
    most files first."""
    return [name for name, _n in _unread(paths).most_common()]


def draftable(path: str) -> bool:
    """Whether a draft can describe this file: code in a language the scan reads, or
    infrastructure (a query in SQL or a data file makes no unit a draft describes)."""
    return language_of(path) in READ_LANGUAGES or kind_of(path) == "infra"


def not_drafted(paths: Iterable[str]) -> str:
    """What to say of the code among ``paths`` that no draft can describe, since it is in
    a language the scan does not read (a C# solution gave 16 drafts of its tests and
    infrastructure, none of its 1,062 C# files, and nothing said why); '' when none."""
    counts = _unread(paths)
    if not counts:
        return ""
    listed = ", ".join(f"{name} ({n})" for name, n in counts.most_common())
    return (
        f"code in {listed} is counted, not drafted: drafts describe Python, TypeScript,"
        " JavaScript, Go and Rust code; write documents for the rest, naming it in impl_refs"
    )


def worth_reading(path: str) -> bool:
    """Whether the analysis needs this file's text (a file without a suffix may be a
    script: the caller reads its first line to know)."""
    name = posixpath.basename(path).lower()
    kind = kind_of(path)
    source = kind in ("code", "test") and language_of(path) in READ_LANGUAGES
    settings = name == ".pre-commit-config.yaml"
    return source or settings or kind == "infra" or name in MANIFESTS or name.startswith("readme")


def may_be_script(path: str) -> bool:
    """Whether a file, by its name alone, could be a program started by a ``#!`` line."""
    name = posixpath.basename(path)
    return "." not in name and name.lower() not in CONFIG_NAMES and name.isascii()


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


# --- Python ----------------------------------------------------------------------

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_HTTP: Final = ("get", "post", "put", "delete", "patch", "head", "options", "websocket")


# an admonition's first line in a docstring that MkDocs renders: '!!! abstract "Usage
# Documentation"', '??? note', '???+ tip'; its text is indented under it
_ADMONITION = re.compile(r"([ \t]*)(?:!!!|\?\?\?\+?)[ \t]*[\w-]")


def without_admonitions(doc: str) -> str:
    """A docstring with its admonitions left out (the first line and the text indented
    under it), so that its first sentence is prose, not ``!!!``; the admonitions' text,
    de-indented, when nothing else is left."""
    if "!!!" not in doc and "???" not in doc:
        return doc
    kept: list[str] = []
    inner: list[str] = []
    indent = -1  # that of the admonition being read, -1 outside one
    for line in doc.split("\n"):
        text = line.lstrip(" \t")
        width = len(line) - len(text)
        if indent >= 0 and (not text or width >= indent + 4):
            inner.append(text)
            continue
        header = _ADMONITION.match(line)
        indent = width if header is not None else -1
        kept.append("" if header is not None else line)
    prose = "\n".join(kept).strip()
    return prose or "\n".join(inner).strip()


def _py_symbol(node: ast.stmt) -> Symbol | None:
    said = ast.get_docstring(node) if isinstance(node, _Def | ast.ClassDef) else None
    doc = summary_line(without_admonitions(markdown.without_autorefs(said))) if said else ""
    if isinstance(node, _Def):
        returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
        prefix = "async " if isinstance(node, ast.AsyncFunctionDef) else ""
        signature = f"{prefix}{node.name}({ast.unparse(node.args)}){returns}"
        return Symbol(node.name, "function", clip(signature), doc)
    if isinstance(node, ast.ClassDef):
        bases = ", ".join(ast.unparse(b) for b in node.bases)
        methods = tuple(
            dict.fromkeys(m.name for m in node.body if isinstance(m, _Def) and m.name[0] != "_")
        )
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


def _decorations(tree: ast.Module, urls: bool = False) -> tuple[list[str], list[str]]:
    """CLI commands (click, typer, argparse) and HTTP routes (Flask, FastAPI; Django's
    ``path()`` in a ``urls.py``) of a module."""
    commands: list[str] = []
    routes: list[str] = []
    for node in ast.walk(tree):
        # "x.add_parser(...)": read from the node, never unparsed, so that a chain of
        # a thousand calls is not written out again for each of its calls
        if isinstance(node, ast.Call) and _attribute(node.func) == "add_parser":
            commands += [_text_arg(node)] if _text_arg(node) else []
        called = (
            node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""
        )
        if urls and called in ("path", "re_path") and isinstance(node, ast.Call):
            pattern = _text_arg(node)
            routes += [f"ANY /{pattern.lstrip('^/')}"] if node.args[1:] else []
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


def _reexports(tree: ast.Module) -> tuple[str, ...]:
    """The public names a package's ``__init__.py`` imports from its own modules, and
    those it imports from elsewhere as ``name as name``, the idiom typed packages
    write to re-export (sqlmodel hands on SQLAlchemy's ``create_engine`` so)."""
    names = (
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if node.level > 0 or alias.asname == alias.name
    )
    return tuple(dict.fromkeys(n for n in names if n != "*" and not n.startswith("_")))


def _python_facts(path: str, tree: ast.Module) -> FileFacts:
    exported = _all_names(tree)
    found = [s for node in tree.body if (s := _py_symbol(node)) is not None]
    # an overloaded function is its stubs, then its implementation: one symbol, the last,
    # with the last documentation any of them gives
    last = {s.name: s for s in found}
    said = {s.name: s.doc for s in found if s.doc}
    symbols = [
        dataclasses.replace(last[name], doc=last[name].doc or said.get(name, ""))
        for name in dict.fromkeys(s.name for s in found)
    ]
    public = [s for s in symbols if (s.name in exported if exported else s.name[0] != "_")]
    commands, routes = _decorations(tree, posixpath.basename(path) == "urls.py")
    main = PYTHON_M if path.endswith("__main__.py") else ""
    main = main or ("runs as a script (`__name__ == '__main__'`)" if _main_guard(tree) else "")
    tests = sum(1 for n in ast.walk(tree) if isinstance(n, _Def) and n.name.startswith("test"))
    tests += sum(  # a test class that only inherits its tests runs them too
        1
        for n in ast.walk(tree)
        if isinstance(n, ast.ClassDef)
        and n.name.startswith("Test")
        and not any(isinstance(m, _Def) and m.name.startswith("test") for m in n.body)
    )
    doc = markdown.without_autorefs(ast.get_docstring(tree) or "")
    reexported = _reexports(tree) if path.endswith("__init__.py") else ()
    return FileFacts(
        path, "python", doc, tuple(public), exported or reexported, tuple(commands), tuple(routes),
        main, tests, imports=dependencies.python_imports(tree),
    )  # fmt: skip


# --- Go, Rust ----------------------------------------------------------------------

_M = re.MULTILINE
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
# a test: "#[test]", "#[tokio::test(flavor = ...)]", Zed's "#[gpui::test]"
_RS_TEST = re.compile(r"#\[(?:\w+::)*test\b")
_RS_MAIN = re.compile(r"^fn[ \t]+main[ \t]*\(", _M)
_RS_BRACES = re.compile(r"[{};]")
# the keyword of the item a block belongs to, the first in the text before its brace
_RS_BLOCK = re.compile(
    r"\b(mod|impl|trait|extern|fn|struct|enum|union|macro_rules|static|const|let|type)\b"
)
_RS_NAME = re.compile(r"\s+((?:r#)?\w+)")  # "r#type" as tree-sitter names it
_RS_PATH_MOST: Final = 200  # characters of the path of nested blocks followed


def _closed(signature: str) -> str:
    """A signature cut at its line's end (its parameters go on below), or at a brace
    (Go's ``struct{}``), with its parentheses closed: ``fn rebuild(…)``."""
    opened = signature.count("(") - signature.count(")")
    return signature.rstrip() + "…" + ")" * opened if opened > 0 else signature


# the type a Go method is declared on: "(c *CQLSession)", "(s Store[T])"
_GO_RECEIVER = re.compile(r"\(\s*(?:\w+\s+)?\*?\s*([A-Za-z_]\w*)")
# exported values: "var NewFactory = impl.NewFactory", "const Version = 3", and each name
# of a "var (" or "const (" block, one per line at its first indentation
_GO_VALUE = re.compile(r"^(var|const)[ \t]+([A-Z]\w*)([^\n]*)", _M)
_GO_BLOCK = re.compile(r"^(var|const)[ \t]*\($(.{0,20000}?)^\)", _M | re.DOTALL)
_GO_BLOCK_NAME = re.compile(r"^[ \t]+([A-Z]\w*)\b([^\n]*)", _M)


def _go_symbols(text: str) -> tuple[Symbol, ...]:
    """The exported functions, types, variables and constants of a Go file; a method as
    ``Type.Method`` (two types of a file may each have a ``Close``: jaegertracing/jaeger's
    impl_refs named the first one only), and none of an unexported type (no API)."""
    found = []
    for m, doc in comments.documented(_GO_ITEM, text, "//"):
        name = m.group(2)
        if m.group(1):  # a method: named with its type, the type's own case deciding
            receiver = _GO_RECEIVER.match(m.group(1))
            if receiver is None or not receiver.group(1)[:1].isupper():
                continue
            name = f"{receiver.group(1)}.{name}"
        kind = "function" if m.group(0).startswith("func") else "type"
        found.append(Symbol(name, kind, clip(_closed(m.group(0))), doc))
    code = comments.code_only(text, "go")
    for m in _GO_VALUE.finditer(code):
        found.append(Symbol(m.group(2), m.group(1), clip(m.group(0).strip()), anchored=False))
    for block in _GO_BLOCK.finditer(code):
        for m in _GO_BLOCK_NAME.finditer(block.group(2)):
            said = f"{block.group(1)} {m.group(1)}{m.group(2)}".strip()
            found.append(Symbol(m.group(1), block.group(1), clip(said), anchored=False))
    return tuple(found)


_GO_TEST = re.compile(r"^func[ \t]+(\([^)\n]*\)[ \t]*)?Test(?!Main\()(?![a-z])\w*[ \t]*\(", _M)


def _go_facts(path: str, text: str) -> FileFacts:
    symbols = _go_symbols(text)
    code = comments.code_only(text, "go")
    package = re.search(r"^package\s+(\w+)", code, _M)
    doc = comments.comment_before(text, package.start(), "//") if package else ""
    main = package is not None and package.group(1) == "main" and "\nfunc main()" in code
    routes = tuple(f"{m.strip() or (how if how.isupper() else 'ANY')} {p}"
                   for how, m, p in _GO_ROUTE.findall(code))  # fmt: skip
    commands = tuple(re.findall(r"\bUse:\s*\"([\w-]+)", code))
    # go test runs the Test functions of _test.go files (TestMain sets up; "Testify" is
    # no test), and a suite's Test methods: celestia-app's helpers named Test... in
    # other files were counted, its 43 suite methods were not
    imports = dependencies.go_imports(code)
    # a method named Test... runs only in a suite (testify's); elsewhere it is a helper
    # (containerd's TestContext methods were counted)
    suite = any(name.endswith("/suite") for name in imports)
    found = _GO_TEST.finditer(code) if path.endswith("_test.go") else iter(())
    tests = sum(1 for m in found if suite or not m.group(1))
    how = "Go program (`package main`)" if main else ""
    return FileFacts(path, "go", doc, symbols, (), commands, routes, how, tests, imports=imports)


def _impl_type(header: str) -> str:
    """The type an ``impl`` block gives methods to, read from what follows ``impl``:
    ``Rectangle`` of ``<T: Copy> Shape for crate::shapes::Rectangle<T> where T: Eq``,
    as :mod:`mdbrain.core.syntax` names the block; '' when none is written."""
    kept, depth = [], 0
    for char in header.replace("->", "  "):  # generics set aside: "<F: Fn() -> u8>"
        depth += (char == "<") - (char == ">") * (depth > 0)
        kept.append(char if depth == 0 and char != ">" else " ")
    written = re.split(r"\bwhere\b", "".join(kept), maxsplit=1)[0]
    names = re.findall(r"\w+", re.split(r"\bfor\b", written)[-1])
    return names[-1] if names else ""


def _rust_block(header: str) -> str | None:
    """The name a Rust block gives the items declared in it, from the text before its
    brace: a module's, a trait's, the type of an ``impl``; '' for an ``extern`` block,
    whose items are its module's; None for a block no symbol's path leads into (a
    function's body, a macro's, a struct's fields)."""
    keyword = _RS_BLOCK.search(header)
    kind = keyword.group(1) if keyword else ""
    rest = header[keyword.end() :] if keyword else ""
    if kind in ("mod", "trait"):
        named = _RS_NAME.match(rest)
        return named.group(1) if named else None
    if kind == "impl":
        return _impl_type(rest) or None
    return "" if kind == "extern" and not re.search(r"\bfn\b", rest) else None


def _inside(outer: str | None, name: str | None) -> str | None:
    """The path of a block named ``name`` inside the block at ``outer``; None past
    :data:`_RS_PATH_MOST` characters (a file of a million nested ``mod a {`` would
    otherwise write its path out again at each)."""
    if outer is None or name is None or len(outer) > _RS_PATH_MOST:
        return None
    return f"{outer}.{name}" if outer and name else outer or name


def _rust_paths(code: str, starts: Iterable[int]) -> list[str | None]:
    """For each of ``starts`` (ascending positions in ``code``, a Rust text without
    comments and strings), the dotted path of the blocks it lies in: '' at the file's
    top, ``sum_tree_impl`` in ``mod sum_tree_impl {...}``, ``Rectangle`` in ``impl
    Rectangle {...}``, ``a.b`` in ``mod a { mod b {...} }``; None where no symbol's path
    leads (a function's body). One reading of ``code`` for all of them."""
    paths: list[str | None] = []
    blocks: list[str | None] = []  # the path of each block open
    wanted = iter(starts)
    start = next(wanted, None)
    after = 0  # where the text before the next brace starts
    for mark in _RS_BRACES.finditer(code):
        while start is not None and start < mark.start():
            paths.append(blocks[-1] if blocks else "")
            start = next(wanted, None)
        if mark.group() == "{":
            header = code[after : mark.start()]
            blocks.append(_inside(blocks[-1] if blocks else "", _rust_block(header)))
        elif mark.group() == "}" and blocks:
            blocks.pop()
        after = mark.end()
    while start is not None:
        paths.append(blocks[-1] if blocks else "")
        start = next(wanted, None)
    return paths


def _rust_module_doc(text: str, code: str) -> str:
    """A Rust file's own documentation: the ``//!`` lines at its top, below blank lines,
    ``#![...]`` attributes and other comments, above its first item; not those of a
    module nested further down (Zed's zeta_prompt.rs documents each of its ``pub mod
    v0120_git_merge_markers {...}``, and one of them was taken for the file's).
    ``code`` is ``text`` without comments and strings, line for line."""
    said: list[str] = []
    attribute = 0  # brackets a "#![" attribute still has open
    for line, bare_line in zip(text.split("\n"), code.split("\n"), strict=True):
        bare = bare_line.strip()
        if attribute or bare.startswith("#!["):
            attribute = max(attribute + bare.count("[") - bare.count("]"), 0)
        elif bare:
            break
        elif line.strip()[:3] == "//!":
            said.append(line.strip()[3:].strip())
    return "\n".join(said).strip()


def _rust_symbols(text: str, code: str, bare: str) -> tuple[Symbol, ...]:
    """The public items of a Rust file, read from its code (``bare``: without comments
    and strings, so that none is read from a test's ``r#"..."#``), each named by its
    path as :mod:`mdbrain.core.syntax` finds it: ``sum_tree_impl.TabStopCount`` in a
    ``mod sum_tree_impl`` (Zed's tab_stop.rs: a bare ``TabStopCount`` was no symbol the
    impl_ref's check found), ``Rectangle.area`` in an ``impl Rectangle``. One in a
    function's body is named alone, and no impl_ref names it."""
    found = list(comments.documented(_RS_ITEM, text, "///", within=bare))
    symbols = []
    for (m, doc), path in zip(found, _rust_paths(bare, (m.start() for m, _ in found)), strict=True):
        kind, name = m.group(1), m.group(2)
        signature = clip(_closed(f"{kind} {name}{code[m.start(3) : m.end(3)]}"))
        named = f"{path}.{name}" if path else name
        symbols.append(Symbol(named, kind, signature, doc, anchored=path is not None))
    return tuple(symbols)


def _rust_facts(path: str, text: str) -> FileFacts:
    code = comments.code_only(text, "rust")
    bare = comments.code_only(text, "rust", strings=False)
    symbols = _rust_symbols(text, code, bare)
    doc = _rust_module_doc(text, bare)
    routes = tuple(f"{m.upper()} {p}" for m, p in _RS_ROUTE.findall(code))
    # the crate's own "fn main": at the top of the file, never in a block (a test
    # module's) nor in a string (Zed's bracket_colorization.rs: r#"fn main() {"#)
    mains = _rust_paths(bare, (m.start() for m in _RS_MAIN.finditer(bare)))
    main = "Rust program (`fn main`)" if "" in mains else ""
    tests = len(_RS_TEST.findall(bare))
    imports = dependencies.rust_imports(code)
    return FileFacts(path, "rust", doc, symbols, (), (), routes, main, tests, imports=imports)


def _js(path: str, text: str) -> FileFacts:
    return js_facts(path, text, "typescript" if language_of(path) == "typescript" else "")


_READERS: Final[dict[str, Callable[[str, str], FileFacts]]] = {
    "python": python_facts, "typescript": _js, "javascript": _js,
    "go": _go_facts, "rust": _rust_facts,
}  # fmt: skip


def source_facts(path: str, text: str, language: str = "") -> FileFacts:
    """The facts of one source file; for languages not read, only the language.

    ``language`` is the one its ``#!`` line names, for a file without a suffix.
    A file longer than :data:`MAX_TEXT` is skipped with a note.
    """
    language = language or language_of(path)
    reader = _READERS.get(language)
    if reader is None:
        return FileFacts(path, language)
    if len(text) > MAX_TEXT:
        return _skipped(path, language, f"larger than {MAX_TEXT // 1_000_000} MB")
    facts = reader(path, text)
    return facts if facts.language == language else dataclasses.replace(facts, language=language)
