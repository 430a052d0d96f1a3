"""Impl_refs that name a symbol, and a fingerprint of that symbol's code.

An impl_ref is a path, optionally followed by ``#`` and a symbol:
``src/auth/login.py#authenticate`` or ``src/auth/login.py#LoginService.lock``.
For Python the symbol is found with the standard ``ast`` module, and its
fingerprint is a hash of its syntax tree: comments, blank lines and spacing do
not change it, code does. JavaScript, TypeScript, Rust, Go and Java symbols are
found with tree-sitter when its grammars are installed (:mod:`mdbrain.core.syntax`);
other files are followed as a whole, and a symbol of theirs only said gone when its
name is nowhere in the file (:func:`named_in`).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import re
import warnings
from dataclasses import dataclass

from mdbrain.core import syntax

PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True, slots=True)
class Ref:
    path: str
    symbol: str = ""  # dotted: "Class.method"; '' for the whole file

    @property
    def text(self) -> str:
        return f"{self.path}#{self.symbol}" if self.symbol else self.path


def parse(ref: str) -> Ref:
    path, _, symbol = ref.strip().partition("#")
    return Ref(path.strip(), symbol.strip())


def supports(path: str) -> bool:
    """Whether symbols of this file can be followed (else the file as a whole is)."""
    return path.endswith(PYTHON_SUFFIXES) or syntax.available(path)


def named_in(data: bytes, symbol: str) -> bool:
    """Whether every name of ``symbol`` (``Rectangle.area``, ``Rectangle::area``) is a
    word of ``data``: for a file whose symbols are not read here, a name it does not
    hold at all is surely not defined in it (a typo, a deleted function)."""
    return all(
        re.search(rb"(?<![\w$])" + re.escape(p.encode()) + rb"(?![\w$])", data)
        for p in syntax.symbol_parts(symbol)
    )


def symbol_fingerprint(path: str, data: bytes, symbol: str, *, first: bool = False) -> str | None:
    """The fingerprint of ``symbol`` in the file ``path`` holding ``data``; None if absent.
    ``first``: as a lock of the first version holds it (see :func:`syntax.fingerprint`).

    Raises SyntaxError for a file that does not parse or nests too deeply to be
    read (never RecursionError or MemoryError), UnicodeDecodeError for a Python
    file that is not UTF-8, and LookupError for a language mdbrain cannot read here.
    """
    if path.endswith(PYTHON_SUFFIXES):
        return fingerprint(data.decode("utf-8"), symbol)
    try:
        return syntax.fingerprint(data, path, symbol, first=first)
    except (RecursionError, MemoryError):
        raise _too_deep(path) from None


def _too_deep(path: str = "") -> SyntaxError:
    return SyntaxError(f"{path or 'the code'} is nested too deeply to be read")


def _find(body: list[ast.stmt], names: list[str]) -> ast.AST | None:
    """The statement that defines ``names`` in ``body``: a function, a class (and down
    its body for a dotted name), an assignment (a tuple's too) or an import; looked for
    in the branches of an ``if``, ``try`` or ``with`` as well (``if sys.version_info...:
    def batched``), the first one found."""
    for node in body:
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        if isinstance(node, kinds) and node.name == names[0]:
            if len(names) == 1:
                return node
            return _find(node.body, names[1:]) if isinstance(node, ast.ClassDef) else None
        if len(names) == 1 and names[0] in _assigned(node):
            return node
        for branch in _branches(node):
            found = _find(branch, names)
            if found is not None:
                return found
    return None


def _assigned(node: ast.stmt) -> set[str]:
    """The names a statement binds at its level: assignment targets, a tuple's too, and
    what an import binds."""
    if isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    if isinstance(node, ast.Import | ast.ImportFrom):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    return set()


def _branches(node: ast.stmt) -> list[list[ast.stmt]]:
    """The bodies a definition may sit in below a statement of the same level."""
    if isinstance(node, ast.If):
        return [node.body, node.orelse]
    if isinstance(node, ast.Try | ast.TryStar):
        return [node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody]
    if isinstance(node, ast.With | ast.AsyncWith):
        return [node.body]
    return []


@functools.lru_cache(maxsize=64)
def _parsed(source: str) -> ast.Module:
    with warnings.catch_warnings():  # "invalid escape sequence" is the code's business
        warnings.simplefilter("ignore")
        return ast.parse(source)


def fingerprint(source: str, symbol: str) -> str | None:
    """The hash of ``symbol``'s code in Python ``source``; None when it is not there.

    Raises SyntaxError when the source does not parse or nests too deeply for
    the parser or for the walk of its tree.
    """
    try:
        tree = _parsed(source)
        node = _find(tree.body, symbol.split(".")) if symbol else tree
        if node is None:
            return None
        dump = ast.dump(node, annotate_fields=False, include_attributes=False)
    except (RecursionError, MemoryError):
        raise _too_deep() from None
    return hashlib.sha256(dump.encode("utf-8")).hexdigest()[:16]
