"""A fast reader for the plain frontmatter most documents have.

Most frontmatter is a flat list of ``key: value`` lines whose values are plain
words, quoted strings without escapes, dates, small integers, or lists of those.
PyYAML builds those in Python objects one node at a time, which costs more than
everything else the index does. This module reads exactly that subset and
returns None for anything else, so the caller hands the block to PyYAML, the
authority. A property test checks that whenever this module answers, PyYAML
gives the same answer.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from typing import Any

from mdbrain.core.lazy import lazy_pattern

# A key: a plain name, or a quoted one without escapes ("ms.date", 'it''s').
_KEY = re.compile(r"""([A-Za-z_][A-Za-z0-9_.\-]*|"[^"\\]*"|'(?:[^']|'')*'):(?: +(.*))?$""")
_ITEM = re.compile(r"( *)- +(.*)$")
_INT = re.compile(r"(?:0|-?[1-9][0-9]*)$")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_WORDS = {
    **dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
    **dict.fromkeys(("null", "Null", "NULL", "~"), None),
}
# One item of a flow list and what follows it: a quoted string, or plain text
# without the characters that would open anything else (a quote may come after
# the first character: l'Entrepôt).
_FLOW_SCALAR = (
    r"""("(?:[^"\\]|\\.)*+"|'(?:[^']|'')*'"""
    r"""|(?:[^,\[\]{}"'#? \n](?:[^,\[\]{}#?\n]*[^,\[\]{}#? \n])?)?)"""
)
_FLOW_ITEM = re.compile(r" *+" + _FLOW_SCALAR + r" *+(,|$)")
# One pair of a flow mapping ({key: Intro, order: 1}) and what follows it.
_FLOW_PAIR = lazy_pattern(
    r""" *+([A-Za-z_][A-Za-z0-9_\-]*+|"[^"\\]*+"): ++""" + _FLOW_SCALAR + r" *+(,|$)"
)
# A double-quoted scalar's inside, when each escape is one of those below.
_ESCAPED_TEXT = lazy_pattern(
    r"""(?:[^"\\]|\\(?:["\\/0nrt]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}))*"""
)
# What YAML cannot hold as it is (PyYAML refuses it) or reads as a line break (NEL, the
# line and paragraph separators): a block holding one is left to PyYAML. The class lists
# them (control characters but tab and line ends, the separators, surrogates, U+FFFE and
# U+FFFF) rather than negating what may stay, which compiles ten times slower.
_UNPRINTABLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]"
)
_QUOTED = lazy_pattern(r'"(?:[^"\\]|\\.)*+"')
_ESCAPE = lazy_pattern(r"\\(?:x(..)|u(....)|U(........)|(.))")
_SHORT_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "0": "\0", "n": "\n", "r": "\r", "t": "\t"}
# The YAML 1.1 forms of int, float and timestamp that start with a digit: a plain
# scalar matching none of them is text.
_TYPED = lazy_pattern(
    r"""(?:0b[0-1_]+
    |0[0-7_]+
    |(?:0|[1-9][0-9_]*)
    |0x[0-9a-fA-F_]+
    |[1-9][0-9_]*(?::[0-5]?[0-9])+
    |[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?
    |[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[0-9]{4}-[0-9]{2}-[0-9]{2}
    |[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?
        (?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?
    )$""",
    re.VERBOSE,
)
# The YAML 1.1 numbers that start with a dot.
_DOT_TYPED = re.compile(r"\.(?:[0-9][0-9_]*(?:[eE][-+][0-9]+)?|inf|Inf|INF|nan|NaN|NAN)$")
_PLAIN_START_BAD = frozenset("[]{}#&*!|>'\"%@`,?:-<=.+~")
# Whole numbers this long or longer are left to PyYAML, which refuses those of more
# than 100 digits (Python itself refuses to read one of more than 4,300).
_LONG_INT = 19
# The most values (keys, scalars, lists, mappings) a block may hold, counted as
# PyYAML's nodes are; a bigger block goes to the loader, which refuses it.
MAX_VALUES = 10_000


class _OutsideSubsetError(Exception):
    """The block uses YAML beyond the subset: let PyYAML read it."""


def _quoted(text: str) -> str:
    """A single- or double-quoted scalar; a double-quoted one may hold the common escapes."""
    quote, inner = text[0], text[1:-1]
    if len(text) < 2 or text[-1] != quote:
        raise _OutsideSubsetError
    if quote == '"':
        if "\\" not in inner:
            if '"' in inner:
                raise _OutsideSubsetError
            return inner
        if _ESCAPED_TEXT().fullmatch(inner) is None:
            raise _OutsideSubsetError
        return _ESCAPE().sub(_unescape, inner)
    if "'" in inner.replace("''", ""):
        raise _OutsideSubsetError
    return inner.replace("''", "'")


def _unescape(match: re.Match[str]) -> str:
    *codes, short = match.groups()
    if short is not None:
        return _SHORT_ESCAPES[short]
    code = int(next(c for c in codes if c is not None), 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise _OutsideSubsetError  # PyYAML decides what a surrogate or an impossible code is
    return chr(code)


def _key(text: str) -> str:
    """The name a key stands for: as written, or the inside of its quotes."""
    if text[0] == '"':
        return text[1:-1]
    if text[0] == "'":
        return text[1:-1].replace("''", "'")
    if text in _WORDS:
        raise _OutsideSubsetError  # "yes:" is a boolean key
    return text


def _scalar(text: str) -> Any:
    text = text.strip()
    if not text:
        raise _OutsideSubsetError
    first = text[0]
    if first in "'\"":
        return _quoted(text)
    if first.isdigit() or (first == "-" and text[1:2].isdigit()):
        number = _number_or_date(text)
        if number is not None:
            return number
        # no YAML 1.1 number or timestamp looks like this: plain text ("11/14/2022")
    elif first == "." and not _DOT_TYPED.match(text):
        pass  # "./docs" is text; only ".5", ".inf" and ".nan" are numbers
    elif first in _PLAIN_START_BAD:
        raise _OutsideSubsetError
    if ": " in text or " #" in text or text.endswith(":") or "\\" in text:
        raise _OutsideSubsetError
    if text in _WORDS:
        return _WORDS[text]
    return text


def _number_or_date(text: str) -> int | dt.date | None:
    """A whole number (-20260803) or a date that ``text`` is, or None when it is text."""
    if _INT.match(text):
        if len(text) >= _LONG_INT:
            raise _OutsideSubsetError
        return int(text)
    if text[0] == "-":
        raise _OutsideSubsetError  # another negative number, or text: PyYAML decides
    if _DATE.match(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            raise _OutsideSubsetError from None
    if _TYPED().match(text):
        raise _OutsideSubsetError  # another number or a timestamp: PyYAML decides
    return None


def _flow_list(text: str) -> list[Any]:
    return [_scalar(value) for _key_, value in _flow(text, _FLOW_ITEM)]


def _flow_map(text: str) -> dict[str, Any]:
    pairs: dict[str, Any] = {}
    for written, value in _flow(text, _FLOW_PAIR()):
        name = _key(written)
        if name in pairs:
            raise _OutsideSubsetError
        pairs[name] = _scalar(value)
    return pairs


def _flow(text: str, part: re.Pattern[str]) -> list[tuple[str, str]]:
    """The parts of a one-level flow collection: ``(key, value)``, the key empty in a list."""
    inner = text[1:-1]
    if not inner.strip():
        return []
    parts = []
    at = 0
    while at <= len(inner):
        match = part.match(inner, at)
        if match is None:
            raise _OutsideSubsetError
        *found, comma = match.groups()
        parts.append(("", found[0]) if len(found) == 1 else (found[0], found[1]))
        at = match.end()
        if comma != ",":
            break
    if at != len(inner):
        raise _OutsideSubsetError
    return parts


def _closing(text: str) -> int:
    """Index of the character that closes the quote or bracket opening ``text``."""
    first = text[0]
    if first == "'":
        at = 1
        while (at := text.find("'", at)) != -1 and text[at + 1 : at + 2] == "'":
            at += 2
        return at
    if first == '"':
        closed = _QUOTED().match(text)
        return -1 if closed is None else closed.end() - 1
    return text.find({"[": "]", "{": "}"}[first], 1)


def _without_comment(text: str) -> str:
    """``text`` without a trailing ``# comment``."""
    if text[:1] in ("'", '"', "[", "{"):
        end = _closing(text)
        if end == -1:
            raise _OutsideSubsetError
        rest = text[end + 1 :]
        if rest.strip() and not (rest[:1] == " " and rest.lstrip().startswith("#")):
            raise _OutsideSubsetError
        return text[: end + 1]
    cut = text.find(" #")
    return text if cut == -1 else text[:cut]


def _value(text: str) -> Any:
    text = text.strip()
    if "#" in text:
        text = _without_comment(text).rstrip()
    if not text:
        raise _OutsideSubsetError
    if text.startswith("[") and text.endswith("]"):
        return _flow_list(text)
    if text.startswith("{") and text.endswith("}"):
        return _flow_map(text)
    return _scalar(text)


class _Block:
    """Reading state: the fields so far, and the list or mapping under an open key."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.lines: dict[str, int] = {}
        self.open_key: str | None = None  # a "key:" line with nothing after it
        self.indent = -1  # indentation of what is under the open key
        self.children: list[Any] | dict[str, Any] | None = None

    def close(self) -> None:
        if self.open_key is not None:
            # "key:" with nothing under it is null
            self.data[self.open_key] = self.children or None
        self.open_key, self.indent, self.children = None, -1, None

    def child(self, line: str) -> bool:
        """Take ``line`` as a list item or a nested key of the open key, if it is one."""
        if (item := _ITEM.match(line)) is not None:
            if isinstance(self.children, dict):
                raise _OutsideSubsetError
            self._indent(len(item.group(1)))
            self.children = self.children or []
            self.children.append(_value(item.group(2)))
            return True
        indent = len(line) - len(line.lstrip(" "))
        if indent == 0:
            return False
        key = _KEY.match(line, indent)
        if key is None or isinstance(self.children, list):
            raise _OutsideSubsetError
        self._indent(indent)
        self.children = self.children or {}
        name, raw = _key(key.group(1)), key.group(2)
        if name in self.children or raw is None or not raw.strip():
            raise _OutsideSubsetError  # a repeated key, or a deeper level
        self.children[name] = _value(raw)
        return True

    def _indent(self, indent: int) -> None:
        if self.indent not in (-1, indent):
            raise _OutsideSubsetError
        self.indent = indent

    def line(self, line: str, number: int) -> None:
        if self.open_key is not None and self.child(line):
            return
        key = _KEY.match(line)
        if key is None:
            raise _OutsideSubsetError
        # keys repeat across thousands of documents: one shared string each
        name, raw = sys.intern(_key(key.group(1))), key.group(2)
        if name in self.data:
            raise _OutsideSubsetError
        self.close()
        self.lines[name] = number
        if raw is None or not raw.strip():
            self.data[name] = None
            self.open_key = name
        else:
            self.data[name] = _value(raw)


def read(block: str, first_line: int = 2) -> tuple[dict[str, Any], dict[str, int]] | None:
    """``(fields, file line of each key)`` for a block in the subset, else None."""
    if "\t" in block or _UNPRINTABLE.search(block):
        return None
    state = _Block()
    try:
        for number, line in enumerate(block.split("\n"), start=first_line):
            if line.strip() and not line.lstrip().startswith("#"):
                state.line(line, number)
        state.close()
    except _OutsideSubsetError:
        return None
    # four values a line at most, two more a comma: the exact count only when that is not enough
    if 4 + 4 * block.count("\n") + 2 * block.count(",") > MAX_VALUES and (
        _values(state.data) > MAX_VALUES
    ):
        return None
    return state.data, state.lines


def _values(value: Any) -> int:
    """How many nodes PyYAML would compose for ``value``: a mapping counts itself, each key
    and each value; a list itself and each item."""
    if isinstance(value, dict):
        return 1 + sum(1 + _values(item) for item in value.values())
    if isinstance(value, list):
        return 1 + sum(_values(item) for item in value)
    return 1
