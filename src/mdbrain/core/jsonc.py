"""JSON with comments, read with the place of every value, and edited in place.

Agent tools keep their settings in JSON files that people annotate with ``//``
and ``/* */`` comments and trailing commas (JSONC). mdbrain adds one member to
such a file without rewriting it: :func:`loads` parses the text into nodes that
know where each value starts and ends, and :func:`set_member` splices the new
text in, so every other byte (comments, order, spacing, quoting) stays as it
was. The result is parsed again and compared with what was meant; anything
that cannot be edited safely (a duplicate key, a value in the way that is not
an object, text that is not JSONC) raises :class:`DocumentError` and changes
nothing.

>>> set_member('{\\n  // mine\\n  "a": 1\\n}\\n', ["servers"], "x", {"on": True})
'{\\n  // mine\\n  "a": 1,\\n  "servers": {\\n    "x": {\\n      "on": true\\n    }\\n  }\\n}\\n'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mdbrain.core.errors import DocumentError

MAX_DEPTH = 200  # nesting deeper than this is refused, not recursed into
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null")
_SPACE = " \t\r\n\ufeff"


@dataclass(frozen=True, slots=True)
class Member:
    key: str
    key_start: int
    value: Node


@dataclass(frozen=True, slots=True)
class Node:
    """A value of the text: ``text[start:end]`` is its source."""

    start: int
    end: int
    value: Any
    members: tuple[Member, ...] = ()  # an object's members, in order
    is_object: bool = False

    def member(self, key: str) -> Member | None:
        for item in self.members:
            if item.key == key:
                return item
        return None


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, at: int | None = None) -> DocumentError:
        where = self.pos if at is None else at
        return DocumentError(message, line=self.text.count("\n", 0, where) + 1)

    def skip(self) -> None:
        """Move past spaces and comments."""
        text, size = self.text, len(self.text)
        while self.pos < size:
            char = text[self.pos]
            if char in _SPACE:
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = size if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("a /* comment is never closed")
                self.pos = end + 2
            else:
                return

    def value(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise self.fail(f"values nested more than {MAX_DEPTH} deep")
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("the text ends where a value should be")
        char = self.text[self.pos]
        if char == "{":
            return self.object(depth)
        if char == "[":
            return self.array(depth)
        if char == '"':
            start = self.pos
            return Node(start, self.pos, self.string())
        match = _SCALAR.match(self.text, self.pos)
        if match is None:
            raise self.fail(f"unexpected {char!r}")
        self.pos = match.end()
        return Node(match.start(), match.end(), json.loads(match.group()))

    def string(self) -> str:
        start, text = self.pos, self.text
        end = start + 1
        while True:
            end = text.find('"', end)
            if end < 0:
                raise self.fail("a string is never closed", start)
            backslashes = len(text[:end]) - len(text[:end].rstrip("\\"))
            if backslashes % 2 == 0:
                break
            end += 1
        self.pos = end + 1
        try:
            decoded: str = json.loads(text[start : end + 1])
        except json.JSONDecodeError as error:
            raise self.fail(f"a string is not valid: {error.msg}", start) from None
        return decoded

    def object(self, depth: int) -> Node:
        start = self.pos
        self.pos += 1
        members: list[Member] = []
        data: dict[str, Any] = {}
        while True:
            self.skip()
            if self.text.startswith("}", self.pos):
                self.pos += 1
                return Node(start, self.pos, data, tuple(members), is_object=True)
            if members and not self.comma_before_member():
                raise self.fail("a ',' or a '}' is missing")
            self.skip()
            if self.text.startswith("}", self.pos):
                continue
            if not self.text.startswith('"', self.pos):
                raise self.fail("a key must be a string in double quotes")
            key_start = self.pos
            key = self.string()
            if key in data:
                raise self.fail(f"the key {key!r} appears twice", key_start)
            self.skip()
            if not self.text.startswith(":", self.pos):
                raise self.fail(f"a ':' is missing after {key!r}")
            self.pos += 1
            node = self.value(depth + 1)
            members.append(Member(key, key_start, node))
            data[key] = node.value

    def comma_before_member(self) -> bool:
        if self.text.startswith(",", self.pos):
            self.pos += 1
            return True
        return False

    def array(self, depth: int) -> Node:
        start = self.pos
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip()
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return Node(start, self.pos, items)
            if items:
                if not self.text.startswith(",", self.pos):
                    raise self.fail("a ',' or a ']' is missing")
                self.pos += 1
                self.skip()
                if self.text.startswith("]", self.pos):
                    continue
            items.append(self.value(depth + 1).value)


def loads(text: str) -> Node:
    """The value of a JSONC text, with the place of each value; DocumentError if it is not."""
    parser = _Parser(text)
    node = parser.value(0)
    parser.skip()
    if parser.pos != len(text):
        raise parser.fail("text follows the value")
    return node


def set_member(text: str, path: Sequence[str], name: str, value: Any) -> str:
    """``text`` with ``value`` as member ``name`` of the object reached through ``path``
    (objects created where missing); every other byte is kept."""
    root = loads(text)
    if not root.is_object:
        raise DocumentError("the file does not hold an object")
    wanted = _with(root.value, [*path, name], value)
    node, parent, depth = root, None, 0
    for index, key in enumerate(path):
        member = node.member(key)
        if member is None:
            nested: Any = value
            for inner in reversed([*path[index + 1 :], name]):
                nested = {inner: nested}
            return _checked(_insert(text, parent, node, depth, key=key, value=nested), wanted)
        if not member.value.is_object:
            raise DocumentError(f"{key!r} is not an object; mdbrain does not replace it")
        node, parent, depth = member.value, node, depth + 1
    existing = node.member(name)
    if existing is None:
        return _checked(_insert(text, parent, node, depth, key=name, value=value), wanted)
    indent = _line_indent(text, existing.key_start)
    rendered = _render(value, _unit(text), indent, compact=_one_line(text, node))
    rendered = rendered.replace("\n", _newline(text))
    edited = text[: existing.value.start] + rendered + text[existing.value.end :]
    return _checked(edited, wanted)


def _with(data: Mapping[str, Any], keys: Sequence[str], value: Any) -> dict[str, Any]:
    """A copy of ``data`` with ``value`` at ``keys``."""
    out = dict(data)
    head = keys[0]
    if len(keys) == 1:
        out[head] = value
    else:
        inner = out.get(head)
        out[head] = _with(inner if isinstance(inner, Mapping) else {}, keys[1:], value)
    return out


def _checked(edited: str, wanted: Any) -> str:
    if loads(edited).value != wanted:
        raise DocumentError("the edit would change more than the entry; nothing was changed")
    return edited


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _unit(text: str) -> str:
    """The indentation step the file uses (two spaces when it says nothing)."""
    match = re.search(r"\n([ \t]+)\S", text)
    return match.group(1) if match else "  "


def _line_indent(text: str, at: int) -> str:
    """The spaces that open the line holding ``at``."""
    line_start = text.rfind("\n", 0, at) + 1
    head = text[line_start:at]
    return head if head.strip() == "" else ""


def _one_line(text: str, node: Node) -> bool:
    return "\n" not in text[node.start : node.end]


def _render(value: Any, unit: str, indent: str, *, compact: bool) -> str:
    """``value`` as JSON: objects one member a line under ``indent`` (unless ``compact``),
    lists and scalars on one line."""
    if compact or not isinstance(value, Mapping) or not value:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    inner = indent + unit
    lines = [
        f"{inner}{json.dumps(k, ensure_ascii=False)}: {_render(v, unit, inner, compact=False)}"
        for k, v in value.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n" + indent + "}"


def _insert(text: str, parent: Node | None, node: Node, depth: int, *, key: str, value: Any) -> str:
    """``text`` with the member ``key: value`` added at the end of object ``node``: on
    the same line when the object (or, empty, its parent) is written on one line."""
    newline, unit = _newline(text), _unit(text)
    inline_parent = parent is not None and _one_line(text, parent)
    compact = _one_line(text, node) and (bool(node.members) or inline_parent)
    close = node.end - 1  # the closing brace
    closing_indent = _line_indent(text, close)
    if not closing_indent and text.rfind("\n", 0, close) < node.start:
        closing_indent = unit * depth
    if node.members:
        indent = _line_indent(text, node.members[-1].key_start) or unit * (depth + 1)
    else:
        indent = closing_indent + unit
    rendered = _render(value, unit, indent, compact=compact).replace("\n", newline)
    member = f"{json.dumps(key, ensure_ascii=False)}: {rendered}"
    if compact:
        if not node.members:
            return text[: node.start + 1] + member + text[close:]
        after, comma = _after_last(text, node)
        return text[:after] + ("" if comma else ",") + " " + member + text[after:]
    head = text
    if node.members:
        after, comma = _after_last(text, node)
        if not comma:
            head, close = text[:after] + "," + text[after:], close + 1
    line_start = head.rfind("\n", 0, close) + 1
    if head[line_start:close].strip() == "" and line_start > node.start:
        return head[:line_start] + indent + member + newline + head[line_start:]
    return head[:close] + newline + indent + member + newline + closing_indent + head[close:]


def _after_last(text: str, node: Node) -> tuple[int, bool]:
    """Where the last member's value ends, or after its trailing comma, and whether
    there is one."""
    parser = _Parser(text)
    end = node.members[-1].value.end
    parser.pos = end
    parser.skip()
    if text.startswith(",", parser.pos):
        return parser.pos + 1, True
    return end, False
