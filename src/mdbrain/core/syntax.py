"""Symbols of JavaScript, TypeScript, Rust, Go and Java files, through tree-sitter when
it is installed.

The grammars come from the ``tree-sitter-javascript``, ``tree-sitter-typescript``,
``tree-sitter-rust``, ``tree-sitter-go`` and ``tree-sitter-java`` packages (the
``anchors`` extra), which ship compiled and need no download. Without one,
:func:`available` says no for its files and callers follow them as a whole. A
symbol's fingerprint hashes its tokens without comments, semicolons and commas (the
tree keeps what they separate apart), so formatting and comments do not count, code
does.

A symbol is dotted (``Class.method``; ``Type::method`` in Rust is read the same). A
declaration is found by its name among those of the file, looking through exports,
bodies and blocks of declarations; a dotted name goes down the bodies of the first
part. Rust's ``impl Rectangle`` blocks are named by their type, so ``Rectangle.area``
is the method ``area`` of one of them, and a nested ``mod`` by its name, so
``sum_tree_impl.TabStopCount`` is an item of ``mod sum_tree_impl`` (as
:mod:`mdbrain.core.codemap` lists it); Go's methods are declared beside their type,
so ``Server.Start`` is the method ``Start`` whose receiver is a ``Server``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import re
from dataclasses import dataclass
from typing import Any

SUFFIXES = {".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
            ".ts": "typescript", ".tsx": "tsx", ".rs": "rust", ".go": "go",
            ".java": "java"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Grammar:
    module: str  # the package that ships it
    entry: str  # its function that gives the language
    declarations: frozenset[str]  # nodes that declare a name
    wrappers: frozenset[str]  # nodes looked through for declarations


_JS_DECLARATIONS = frozenset({
    "function_declaration", "generator_function_declaration", "class_declaration",
    "abstract_class_declaration", "interface_declaration", "type_alias_declaration",
    "enum_declaration", "method_definition", "variable_declarator", "public_field_definition",
    # TypeScript's namespaces (``namespace Connect {...}``) and the members of an interface
    "internal_module", "module", "property_signature", "method_signature",
    "abstract_method_signature", "function_signature",
})  # fmt: skip
_JS_WRAPPERS = frozenset({
    "export_statement", "lexical_declaration", "variable_declaration", "class_body",
    "program", "statement_block", "interface_body", "object_type", "ambient_declaration",
})  # fmt: skip
_RUST_DECLARATIONS = frozenset({
    "function_item", "function_signature_item", "struct_item", "enum_item", "union_item",
    "trait_item", "impl_item", "mod_item", "const_item", "static_item", "type_item",
    "macro_definition",
})  # fmt: skip
_GO_DECLARATIONS = frozenset({
    "function_declaration", "method_declaration", "type_spec", "type_alias", "const_spec",
    "var_spec",
})  # fmt: skip
_GO_WRAPPERS = frozenset({
    "source_file", "type_declaration", "const_declaration", "var_declaration", "var_spec_list",
})  # fmt: skip
_JAVA_DECLARATIONS = frozenset({
    "class_declaration", "interface_declaration", "enum_declaration", "record_declaration",
    "annotation_type_declaration", "method_declaration", "constructor_declaration",
    "variable_declarator",
})  # fmt: skip
_JAVA_WRAPPERS = frozenset({
    "program", "class_body", "interface_body", "enum_body", "enum_body_declarations",
    "field_declaration", "constant_declaration",
})  # fmt: skip
_GRAMMARS = {
    "javascript": _Grammar("tree_sitter_javascript", "language", _JS_DECLARATIONS, _JS_WRAPPERS),
    "typescript": _Grammar(
        "tree_sitter_typescript", "language_typescript", _JS_DECLARATIONS, _JS_WRAPPERS
    ),
    "tsx": _Grammar("tree_sitter_typescript", "language_tsx", _JS_DECLARATIONS, _JS_WRAPPERS),
    "rust": _Grammar(
        "tree_sitter_rust",
        "language",
        _RUST_DECLARATIONS,
        # an ``extern "C" {...}`` block's functions are its module's: looked through
        frozenset({"source_file", "declaration_list", "foreign_mod_item"}),
    ),
    "go": _Grammar("tree_sitter_go", "language", _GO_DECLARATIONS, _GO_WRAPPERS),
    "java": _Grammar("tree_sitter_java", "language", _JAVA_DECLARATIONS, _JAVA_WRAPPERS),
}
# what formatting alone adds or takes away: a semicolon automatic insertion would put
# there, a trailing comma (prettier's "semi" and "trailingComma")
_FORMATTING = frozenset({b";", b","})
_PARTS = re.compile(r"\.|::")


def symbol_parts(symbol: str) -> list[str]:
    """The names of a dotted symbol, outermost first (``Type::method`` read as
    ``Type.method``)."""
    return [part for part in _PARTS.split(symbol) if part]


def language_of(path: str) -> str | None:
    for suffix, name in SUFFIXES.items():
        if path.endswith(suffix):
            return name
    return None


@functools.cache
def _parser(name: str) -> Any:
    try:
        import tree_sitter

        grammar = _GRAMMARS[name]
        language = getattr(importlib.import_module(grammar.module), grammar.entry)()
    except (ImportError, AttributeError):
        return None
    return tree_sitter.Parser(tree_sitter.Language(language))


def available(path: str) -> bool:
    """Whether symbols of this file can be followed here."""
    name = language_of(path)
    return name is not None and _parser(name) is not None


def _children(node: Any, grammar: _Grammar) -> list[Any]:
    """Declarations directly inside ``node``, looking through exports and bodies."""
    found = []
    for child in node.children:
        if child.type in grammar.declarations:
            found.append(child)
        elif child.type in grammar.wrappers:
            found.extend(_children(child, grammar))
    return found


def _type_name(node: Any | None) -> str:
    """The name of a type as written where a method is given to it: ``Rectangle`` of
    ``Rectangle<T>``, ``*Server`` or ``crate::shapes::Rectangle``."""
    while node is not None and node.child_by_field_name("name") is None and node.children:
        inner = node.child_by_field_name("type")
        node = inner if inner is not None else node.named_children[-1]
    if node is None:
        return ""
    named = node.child_by_field_name("name")
    return str((named or node).text.decode("utf-8"))


def _name(node: Any) -> str:
    if node.type == "impl_item":  # Rust: named by the type it gives methods to
        return _type_name(node.child_by_field_name("type"))
    named = node.child_by_field_name("name")
    return "" if named is None else str(named.text.decode("utf-8"))


def _receiver(node: Any) -> str:
    """The type a Go method is declared on ('' for anything else)."""
    receiver = node.child_by_field_name("receiver") if node.type == "method_declaration" else None
    if receiver is None:
        return ""
    declared = receiver.named_children
    return _type_name(declared[0].child_by_field_name("type")) if declared else ""


def _find(node: Any, names: list[str], grammar: _Grammar) -> Any:
    """The declaration ``names`` leads to; of an overloaded function or method, the one
    with a body (its signatures come first and hold none of its code)."""
    children = _children(node, grammar)
    found = [child for child in children if _name(child) == names[0]]
    # stable: a declaration of the name itself before a Go method of that name (a bare
    # "Config" is cio.go's type Config, not the Config method of two other types), then
    # bodies first
    found.sort(key=lambda c: (bool(_receiver(c)), c.child_by_field_name("body") is None))
    if len(names) == 1:
        return found[0] if found else None
    for child in found:
        body = child.child_by_field_name("body")
        inside = _find(body, names[1:], grammar) if body is not None else None
        if inside is not None:
            return inside
    if len(names) == 2:  # Go: a method beside its type
        return next(
            (c for c in children if _receiver(c) == names[0] and _name(c) == names[1]), None
        )
    return None


def _tokens(node: Any, out: list[bytes], skipped: frozenset[bytes]) -> None:
    if "comment" in node.type:
        return
    if not node.children:
        # the punctuation itself, never a string's text that happens to be "," or ";"
        if node.is_named or node.text not in skipped:
            out.append(node.text)
        return
    for child in node.children:
        _tokens(child, out, skipped)


VERSION = "2:"  # opens a fingerprint taken without the formatting tokens


def namesakes(source: bytes, path: str, symbol: str) -> list[str]:
    """The Go methods a bare name given as ``symbol`` may mean, each as ``Type.Method``,
    when two types or more of the file declare one of that name (jaegertracing/jaeger's
    ``gocql.go#Close``: ``CQLSession.Close`` and ``CQLIterator.Close``, of which only
    the first is followed); none when the name is not so shared, or is qualified."""
    if language_of(path) != "go" or len(symbol_parts(symbol)) != 1:
        return []
    parser = _parser("go")
    if parser is None:
        return []
    children = _children(parser.parse(source).root_node, _GRAMMARS["go"])
    named = [c for c in children if _name(c) == symbol]
    if any(not _receiver(c) for c in named):
        return []  # a type or a function of that name: the bare name is it
    found = [f"{_receiver(c)}.{symbol}" for c in named]
    return found if len(found) > 1 else []


def fingerprint(source: bytes, path: str, symbol: str, *, first: bool = False) -> str | None:
    """The hash of ``symbol``'s tokens in ``source``; None when it is not there. With
    ``first``, as the first version took it, semicolons and commas counted (a lock
    written then holds such hashes, :data:`VERSION` before the others)."""
    name = language_of(path)
    parser = _parser(name) if name else None
    if name is None or parser is None:
        raise LookupError(f"no grammar for {path}")
    parts = symbol_parts(symbol)
    node = _find(parser.parse(source).root_node, parts, _GRAMMARS[name]) if parts else None
    if node is None:
        return None
    tokens: list[bytes] = []
    _tokens(node, tokens, frozenset() if first else _FORMATTING)
    digest = hashlib.sha256(b" ".join(tokens)).hexdigest()[:16]
    return digest if first else VERSION + digest
