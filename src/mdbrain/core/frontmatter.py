"""Split a document into its YAML frontmatter and its body, and load the YAML.

Plain frontmatter goes through :mod:`mdbrain.core.yaml_subset`, which is fast;
anything else goes to PyYAML's safe loader (its C version when available) with
two additions: a key given twice in the same mapping is an error, not a silent
"last one wins", and the text must stay within the limits below, so that a
hostile file cannot stall or crash a command. Errors carry the line in the
*file*, not in the YAML block. PyYAML is imported on first use, so commands
that read no YAML never load it.

The limits, for every frontmatter block and for the ``.rag`` marker:

- a frontmatter block holds at most :data:`MAX_BLOCK_CHARS` characters;
- at most :data:`MAX_DEPTH` lists and mappings nest in one another, the top
  mapping included;
- the YAML holds at most :data:`MAX_VALUES` values (scalars, lists and
  mappings) once every alias is expanded, and uses at most :data:`MAX_ALIASES`
  aliases; an alias inside the value it names (``a: &x [*x]``) is refused;
- an integer has at most :data:`MAX_INT_DIGITS` digits.

The composed node graph is measured before anything is built from it. An alias
shares its node, so the measure visits each node once and adds up sizes: a
"billion laughs" block is refused after a few hundred steps, never expanded.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from mdbrain.core import yaml_subset
from mdbrain.core.errors import DocumentError
from mdbrain.core.lazy import lazy_pattern

MAX_BLOCK_CHARS = 256 * 1024
MAX_DEPTH = 50
MAX_VALUES = yaml_subset.MAX_VALUES
MAX_ALIASES = 50
MAX_INT_DIGITS = 100

_DATE = lazy_pattern(r"\b\d{4}-\d{2}-\d{2}\b")
_OPEN = re.compile(r"---[ \t]*\n")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)
_TOP_KEY = lazy_pattern(r"^([^\s#:'\"\-](?:[^:\n]*[^ \t:\n])?)[ \t]*:(?:[ \t]|$)", re.MULTILINE)
_INT_NOISE = lazy_pattern(r"^[-+]?(?:0[xXbBoO])?|[_:]")
# Numbers YAML 1.1 reads where YAML 1.2 and people do not: a leading zero makes an octal
# number of "0161" (113), colons a sexagesimal one of "1:30" (90). Written so, they are
# numbers of records or times of day, kept as the text they are.
_AS_WRITTEN = lazy_pattern(r"[-+]?(?:0[0-9_]|[0-9][0-9_]*:)")
# libyaml refuses, on its own, nesting deeper than 1,000 levels from this version
# on; an older one would recurse in C without a bound, so the pure-Python loader
# (which counts levels as it goes) reads in its place.
_LIBYAML_WITH_DEPTH_LIMIT = (0, 2, 6)
_TOO_DEEP = f"lists and mappings nested more than {MAX_DEPTH} levels deep"


class InvalidYamlError(Exception):
    """YAML that PyYAML or one of the limits refuses. ``line`` counts from 0 in the text."""

    def __init__(self, problem: str, line: int | None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


@functools.cache
def _native_loader_usable() -> bool:
    try:
        from yaml import _yaml
    except ImportError:
        return False
    return tuple(_yaml.get_version()) >= _LIBYAML_WITH_DEPTH_LIMIT


@functools.cache
def _loader(native: bool) -> type:
    """PyYAML's safe loader, refusing a repeated key and an integer too long to be one.

    ``native`` picks libyaml's parser; otherwise the pure-Python one, which
    stops composing at :data:`MAX_DEPTH` levels instead of recursing further.
    """
    import yaml

    base = yaml.CSafeLoader if native else yaml.SafeLoader

    class StrictLoader(base):  # type: ignore[valid-type,misc]
        _depth = 0

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

        def construct_yaml_int(self, node: yaml.ScalarNode) -> int | str:
            if _AS_WRITTEN().match(node.value):
                return str(node.value)
            if len(_INT_NOISE().sub("", node.value)) > MAX_INT_DIGITS:
                raise yaml.MarkedYAMLError(
                    problem=f"an integer of more than {MAX_INT_DIGITS} digits",
                    problem_mark=node.start_mark,
                )
            return super().construct_yaml_int(node)  # type: ignore[no-any-return]

        def construct_yaml_float(self, node: yaml.ScalarNode) -> float | str:
            if _AS_WRITTEN().match(node.value):
                return str(node.value)
            return super().construct_yaml_float(node)  # type: ignore[no-any-return]

        def compose_node(self, parent: Any, index: Any) -> Any:  # pure-Python parser only
            if not self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
                return super().compose_node(parent, index)
            self._depth += 1
            try:
                if self._depth > MAX_DEPTH:
                    raise yaml.MarkedYAMLError(
                        problem=_TOO_DEEP, problem_mark=self.peek_event().start_mark
                    )
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

    StrictLoader.add_constructor(
        yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, StrictLoader.construct_mapping
    )
    StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)
    StrictLoader.add_constructor("tag:yaml.org,2002:float", StrictLoader.construct_yaml_float)
    return StrictLoader


def _measure(root: Any) -> None:
    """Refuse a node graph too deep, too big once aliases are expanded, or looping.

    One iterative depth-first walk; each node is entered once and its expanded
    size and height are remembered, so a node reached again through an alias
    costs one step whatever it would expand to.
    """
    if not isinstance(root.value, list):
        return  # a lone scalar
    walk = _Walk()
    # a frame: the node, its children, the next child, its values so far, its height
    frames: list[list[Any]] = [[root, _children(root), 0, 1, 1]]
    walk.open_ids.add(id(root))
    while frames:
        frame = frames[-1]
        node, children, at = frame[0], frame[1], frame[2]
        if at == len(children):
            frames.pop()
            walk.open_ids.discard(id(node))
            known = walk.measured[id(node)] = (frame[3], frame[4])
            if not frames:
                return
            frame = frames[-1]
            node = frame[0]
        else:
            frame[2] = at + 1
            child = children[at]
            found = walk.known(child, node)
            if found is None:
                if len(frames) >= MAX_DEPTH:
                    raise _refusal(_TOO_DEEP, child)
                walk.open_ids.add(id(child))
                frames.append([child, _children(child), 0, 1, 1])
                continue
            known = found
        if len(frames) + known[1] > MAX_DEPTH:
            raise _refusal(_TOO_DEEP, node)
        frame[3] += known[0]
        frame[4] = max(frame[4], known[1] + 1)
        if frame[3] > MAX_VALUES:
            raise _refusal(f"more than {MAX_VALUES:,} values once aliases are expanded", node)


def _measure_tree(root: Any) -> None:
    """:func:`_measure` for a graph without aliases, where no node is reached twice."""
    if not isinstance(root.value, list):
        return
    values = 1
    stack = [(root, 1)]
    while stack:
        node, level = stack.pop()
        children = _children(node)
        values += len(children)
        if values > MAX_VALUES:
            raise _refusal(f"more than {MAX_VALUES:,} values once aliases are expanded", node)
        for child in children:
            if isinstance(child.value, list):
                if level >= MAX_DEPTH:
                    raise _refusal(_TOO_DEEP, child)
                stack.append((child, level + 1))


class _Walk:
    """What the walk of :func:`_measure` has seen so far."""

    def __init__(self) -> None:
        self.measured: dict[int, tuple[int, int]] = {}  # id -> (values once expanded, height)
        self.open_ids: set[int] = set()  # the lists and mappings being walked
        self.aliases = 0

    def known(self, child: Any, parent: Any) -> tuple[int, int] | None:
        """The size and height of ``child`` when known without walking it, else None."""
        if id(child) in self.open_ids:
            raise _refusal("an alias inside the list or mapping it names (recursive)", parent)
        found = self.measured.get(id(child))
        if found is not None:  # a node reached twice: an alias
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise _refusal(f"more than {MAX_ALIASES} aliases", parent)
            return found
        if isinstance(child.value, str):  # a scalar
            found = self.measured[id(child)] = (1, 0)
        return found


def _refusal(problem: str, node: Any) -> Exception:
    import yaml

    return yaml.MarkedYAMLError(problem=problem, problem_mark=node.start_mark)


def _children(node: Any) -> list[Any]:
    value = node.value
    if value and isinstance(value[0], tuple):  # a mapping: its keys and values
        return [part for pair in value for part in pair]
    return value  # type: ignore[no-any-return]


def parse_yaml(text: str, *, native: bool | None = None) -> Any:
    """``text`` read by PyYAML within the limits of this module.

    Raises :class:`InvalidYamlError`. ``native`` forces libyaml's parser (True) or the
    pure-Python one (False); by default libyaml reads when it limits nesting itself.
    """
    import yaml

    if native is None:
        native = _native_loader_usable()
    loader = _loader(native)(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if "&" in text:
            _measure(node)
        else:  # no anchor, hence no alias: the nodes form a plain tree
            _measure_tree(node)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        context = exc.context or ""
        if exc.context_mark is not None and ("quoted" in context or "flow" in context):
            # a quote or a bracket never closed: where it opens, not where that shows
            mark, problem = exc.context_mark, f"{problem} {context}"
        line = None if mark is None else mark.line
        raise InvalidYamlError(problem, line) from None
    except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise ValueError and others
        raise InvalidYamlError(str(exc), None) from None
    finally:
        loader.dispose()


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
    try:
        return parse_yaml(block)
    except InvalidYamlError as exc:
        offset = _impossible_date_line(block) if exc.line is None else exc.line
        raise DocumentError(
            f"invalid frontmatter YAML: {exc.problem}", path=path, line=first_line + offset
        ) from None


def _impossible_date_line(block: str) -> int:
    """The offset of the first line holding a date that does not exist (2027-02-30), or 0:
    PyYAML reports such a value without saying where it is."""
    import datetime as dt

    for offset, line in enumerate(block.split("\n")):
        for day in _DATE().findall(line):
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
    if len(block) > MAX_BLOCK_CHARS:
        raise DocumentError(
            f"frontmatter of {len(block):,} characters, over the limit of {MAX_BLOCK_CHARS:,}",
            path=path,
            line=first_line,
        )
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
    for match in _TOP_KEY().finditer(block):
        key = match.group(1)
        if key not in lines:
            lines[key] = first_line + block.count("\n", 0, match.start())
    return lines
