"""The one YAML emitter: every value mdbrain writes into a frontmatter or a derived file.

Values come out the way a person writes them by hand: a plain scalar when YAML
reads it back as the same string (``title: Sessions live in Postgres``), a
double-quoted one otherwise (``title: "yes"``, ``tags: ["2.0", auth]``), with
every character YAML cannot hold as it is escaped (control characters, the
C1 range, line and paragraph separators, the byte-order mark). Plain output
is chosen by rules that hold in block and in flow context alike, so the same
text is right after ``key:`` and inside ``[...]``. The round trip (emit, then
read with PyYAML or with mdbrain's own reader) gives back the value, which a
property test checks.

>>> scalar("Sessions live in Postgres")
'Sessions live in Postgres'
>>> scalar("no")
'"no"'
>>> flow(["auth", "2.0", "a, b"])
'[auth, "2.0", "a, b"]'
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

# Characters a plain scalar may hold anywhere: not the flow indicators, not a
# quote or a backslash (legal, but a reader may trip on them), nothing YAML
# treats as a break or cannot print.
_PLAIN_BODY = re.compile(
    r"[^\x00-\x1f\x7f-\x9f,\[\]{}\"\\\u2028\u2029\ufeff\ud800-\udfff\ufffe\uffff]+"
)
_PLAIN_FIRST_BAD = frozenset("-?:,[]{}#&*!|>'\"%@`.+~=<\\ \t")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
# The YAML 1.1 words and numbers PyYAML would read as something other than text, and
# whole numbers with a leading zero, which a YAML 1.2 reader takes for numbers.
_BOOLEANS = ("yes", "no", "true", "false", "on", "off", "null", "y", "n")
_WORDS = frozenset(w for b in _BOOLEANS for w in (b, b.capitalize(), b.upper()))
_TYPED = re.compile(
    r"""[-+]?(?:0b[0-1_]+
    |0[0-7_]+
    |[0-9][0-9_]*
    |0x[0-9a-fA-F_]+
    |[1-9][0-9_]*(?::[0-5]?[0-9])+
    |[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?
    |\.[0-9_]+(?:[eE][-+]?[0-9]+)?
    |[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)
    |[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*
    )""",
    re.VERBOSE,
)
_ESCAPED = re.compile(
    '["\\\\]|[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]'
)
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


def is_plain(text: str, *, in_flow: bool = False) -> bool:
    """Whether ``text`` may be written unquoted after ``key:`` (or, ``in_flow``, in a list)."""
    if not text or text[0] in _PLAIN_FIRST_BAD or text[-1] == ":":
        return False
    if text[0].isspace() or text[-1].isspace():  # readers differ on what a space is
        return False
    if in_flow and "?" in text:  # a flow collection ends a plain scalar at "?"
        return False
    if _PLAIN_BODY.fullmatch(text) is None:
        return False
    if ": " in text or " #" in text or ":\t" in text or "\t#" in text:
        return False
    return text not in _WORDS and _TYPED.fullmatch(text) is None


def quote(text: str) -> str:
    """``text`` as a double-quoted scalar, escaping what YAML cannot hold as it is."""
    return '"' + _ESCAPED.sub(_escape, text) + '"'


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    short = _SHORT.get(char)
    if short is not None:
        return short
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def text(value: str, *, in_flow: bool = False) -> str:
    """A string as a scalar: plain when that reads back the same, else quoted."""
    return value if is_plain(value, in_flow=in_flow) else quote(value)


def _number(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    mantissa, _e, exponent = repr(value).partition("e")  # YAML 1.1 floats need a dot
    dot = "" if "." in mantissa else ".0"
    return mantissa + dot + (f"e{int(exponent):+03d}" if exponent else "")


def scalar(value: Any, *, in_flow: bool = False) -> str:
    """Any value on one line: text, numbers, booleans, dates, and lists or maps as flows."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int | float | dt.date):  # dt.datetime is a dt.date
        return _number(value) if isinstance(value, int | float) else value.isoformat()
    if isinstance(value, Mapping):
        pairs = (f"{key(str(k))}: {scalar(v, in_flow=True)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return flow(items)
    if isinstance(value, bytes):
        return text(value.decode("utf-8", "replace"), in_flow=in_flow)
    return text(str(value), in_flow=in_flow)


def flow(values: Iterable[Any]) -> str:
    """A flow list: ``[a, "b c: d", 3]``."""
    return "[" + ", ".join(scalar(v, in_flow=True) for v in values) + "]"


def key(name: str) -> str:
    """A mapping key: bare when it is a plain name, quoted otherwise."""
    return name if _PLAIN_KEY.fullmatch(name) and name not in _WORDS else quote(name)


def field(name: str, value: Any) -> str:
    """One frontmatter line, without its line ending."""
    return f"{key(name)}: {scalar(value)}"


def block(meta: Mapping[str, Any]) -> str:
    """A whole frontmatter block, ``---`` lines included, in the order of ``meta``."""
    return "\n".join(["---", *(field(k, v) for k, v in meta.items()), "---", ""])
