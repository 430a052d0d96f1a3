"""Symbols of JavaScript and TypeScript files, through tree-sitter when it is installed.

The grammars come from the ``tree-sitter-javascript`` and
``tree-sitter-typescript`` packages (the ``anchors`` extra), which ship compiled
and need no download. Without them, :func:`available` says no and callers
follow such files as a whole. A symbol's fingerprint hashes its tokens without
comments, semicolons and commas (the tree keeps what they separate apart), so
formatting and comments do not count, code does.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any

SUFFIXES = {".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
            ".ts": "typescript", ".tsx": "tsx"}  # fmt: skip
_DECLARATIONS = {
    "function_declaration", "generator_function_declaration", "class_declaration",
    "abstract_class_declaration", "interface_declaration", "type_alias_declaration",
    "enum_declaration", "method_definition", "variable_declarator", "public_field_definition",
    # TypeScript's namespaces (``namespace Connect {...}``) and the members of an interface
    "internal_module", "module", "property_signature", "method_signature",
    "abstract_method_signature", "function_signature",
}  # fmt: skip
_WRAPPERS = {"export_statement", "lexical_declaration", "variable_declaration", "class_body",
             "program", "statement_block", "interface_body", "object_type",
             "ambient_declaration"}  # fmt: skip
# what formatting alone adds or takes away: a semicolon automatic insertion would put
# there, a trailing comma (prettier's "semi" and "trailingComma")
_FORMATTING = frozenset({b";", b","})


def language_of(path: str) -> str | None:
    for suffix, name in SUFFIXES.items():
        if path.endswith(suffix):
            return name
    return None


@functools.cache
def _parser(name: str) -> Any:
    try:
        import tree_sitter
    except ImportError:
        return None
    try:
        if name == "javascript":
            import tree_sitter_javascript as javascript

            language = javascript.language()
        else:
            import tree_sitter_typescript as typescript

            language = (
                typescript.language_typescript()
                if name == "typescript"
                else typescript.language_tsx()
            )
    except ImportError:
        return None
    return tree_sitter.Parser(tree_sitter.Language(language))


def available(path: str) -> bool:
    """Whether symbols of this file can be followed here."""
    name = language_of(path)
    return name is not None and _parser(name) is not None


def _children(node: Any) -> list[Any]:
    """Declarations directly inside ``node``, looking through exports and bodies."""
    found = []
    for child in node.children:
        if child.type in _DECLARATIONS:
            found.append(child)
        elif child.type in _WRAPPERS:
            found.extend(_children(child))
    return found


def _find(node: Any, names: list[str]) -> Any:
    """The declaration ``names`` leads to; of an overloaded function or method, the one
    with a body (its signatures come first and hold none of its code)."""
    found = [
        child
        for child in _children(node)
        if (name := child.child_by_field_name("name")) is not None
        and name.text.decode("utf-8") == names[0]
    ]
    if not found:
        return None
    child = next((c for c in found if c.child_by_field_name("body") is not None), found[0])
    if len(names) == 1:
        return child
    body = child.child_by_field_name("body")
    return _find(body, names[1:]) if body is not None else None


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


def fingerprint(source: bytes, path: str, symbol: str, *, first: bool = False) -> str | None:
    """The hash of ``symbol``'s tokens in ``source``; None when it is not there. With
    ``first``, as the first version took it, semicolons and commas counted (a lock
    written then holds such hashes, :data:`VERSION` before the others)."""
    name = language_of(path)
    parser = _parser(name) if name else None
    if parser is None:
        raise LookupError(f"no grammar for {path}")
    node = _find(parser.parse(source).root_node, symbol.split("."))
    if node is None:
        return None
    tokens: list[bytes] = []
    _tokens(node, tokens, frozenset() if first else _FORMATTING)
    digest = hashlib.sha256(b" ".join(tokens)).hexdigest()[:16]
    return digest if first else VERSION + digest
