"""Split a document into its YAML frontmatter and its body, and load the YAML.

Plain frontmatter goes through :mod:`mdbrain.core.yaml_subset`, which is fast;
anything else goes to PyYAML's safe loader (its C version when available) with
one addition: a key given twice in the same mapping is an error, not a silent
"last one wins". Errors carry the line in the *file*, not in the YAML block.
PyYAML is imported on first use, so commands that read no YAML never load it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from mdbrain.core import yaml_subset
from mdbrain.core.errors import DocumentError

_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_OPEN = re.compile(r"---[ \t]*\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)
_TOP_KEY = re.compile(r"^([^\s#:'\"\-][^:\n]*?)[ \t]*:(?:[ \t]|$)", re.MULTILINE)


@functools.cache
def _loader() -> type:
    """PyYAML's safe loader, refusing a key repeated in one mapping."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class StrictLoader(base):  # type: ignore[valid-type,misc]
        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
            seen: set[Any] = set()
            for key_node, _value in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise yaml.MarkedYAMLError(
                            problem=f"duplicate key {key_node.value!r}",
                            problem_mark=key_node.start_mark,
                        )
                    seen.add(key)
            return super().construct_mapping(node, deep)  # type: ignore[no-any-return]

    StrictLoader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, StrictLoader.construct_mapping
    )
    return StrictLoader


@dataclass(frozen=True, slots=True)
class Split:
    """A document cut in two. ``yaml`` is None when there is no frontmatter."""

    yaml: str | None
    body: str
    body_line: int  # 1-based line of the file where the body starts


def normalise_newlines(text: str) -> str:
    """CRLF and lone CR become LF; line numbers are unchanged."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def split(text: str, *, path: str = "") -> Split:
    """Cut ``text`` (LF newlines) into frontmatter and body.

    Raises :class:`DocumentError` when a frontmatter is opened and never closed.
    """
    if not _OPEN.match(text):
        return Split(yaml=None, body=text, body_line=1)
    start = text.index("\n") + 1
    close = _CLOSE.search(text, start)
    if close is None:
        raise DocumentError("frontmatter opened with '---' is never closed", path=path, line=1)
    block = text[start : close.start()]
    end = text.find("\n", close.end())
    body = "" if end == -1 else text[end + 1 :]
    body_line = block.count("\n") + 3
    return Split(yaml=block, body=body, body_line=body_line)


def _pyyaml(block: str, path: str, first_line: int) -> Any:
    import yaml

    try:
        return yaml.load(block, Loader=_loader())  # noqa: S506 - the loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = first_line + mark.line if mark is not None else first_line
        problem = exc.problem or "invalid YAML"
        raise DocumentError(f"invalid frontmatter YAML: {problem}", path=path, line=line) from None
    except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise ValueError and others
        line = first_line + _impossible_date_line(block)
        raise DocumentError(f"invalid frontmatter YAML: {exc}", path=path, line=line) from None


def _impossible_date_line(block: str) -> int:
    """The offset of the first line holding a date that does not exist (2027-02-30), or 0:
    PyYAML reports such a value without saying where it is."""
    import datetime as dt

    for offset, line in enumerate(block.split("\n")):
        for day in _DATE.findall(line):
            try:
                dt.date.fromisoformat(day)
            except ValueError:
                return offset
    return 0


def load(
    block: str, *, path: str = "", first_line: int = 2
) -> tuple[dict[str, Any], dict[str, int]]:
    """Fields of a frontmatter block, and the file line of each top-level key.

    ``first_line`` is the file line of the block's first line.
    """
    fast = yaml_subset.read(block, first_line)
    if fast is not None:
        return fast
    data = _pyyaml(block, path, first_line)
    if data is None:
        return {}, {}
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise DocumentError(
            f"frontmatter must be a mapping of fields, not a {kind}", path=path, line=first_line
        )
    bad = [k for k in data if not isinstance(k, str)]
    if bad:
        raise DocumentError(
            f"frontmatter keys must be text, found {bad[0]!r}", path=path, line=first_line
        )
    return data, key_lines(block, first_line)


def key_lines(block: str, first_line: int = 2) -> dict[str, int]:
    """File line of each top-level key of a frontmatter block (first occurrence)."""
    lines: dict[str, int] = {}
    for match in _TOP_KEY.finditer(block):
        key = match.group(1)
        if key not in lines:
            lines[key] = first_line + block.count("\n", 0, match.start())
    return lines
