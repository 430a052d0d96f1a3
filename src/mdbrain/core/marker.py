"""The ``.rag`` marker: its fields, their defaults, and their validation.

A marker is a small YAML file at the top of a repository. Its presence turns the
knowledge base on; ``root`` says where the documents live. Every field but
``version`` and ``root`` is optional. This module reads the marker's text; the
store finds the file and checks that the root exists and lies in the project.

A marker comes with the repository, so it is read as untrusted input, like a
document: the YAML limits of :mod:`mdbrain.core.frontmatter` apply, a key given
twice is refused, every field has a type and a range, and the names of the
derived files are plain file names that no document can have.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from mdbrain.core import frontmatter, schema, yaml_subset
from mdbrain.core.errors import MarkerError
from mdbrain.core.lazy import lazy_pattern

MARKER_NAME = ".rag"
SUPPORTED_VERSIONS = ("1",)
MAX_MARKER_BYTES = 64 * 1024  # a marker is a few hundred bytes; this is 100 times that
MAX_ROOT_CHARS = 1024
# Inclusive bounds of the numeric settings.
SUMMARY_MAX_RANGE = (1, 10_000)
STALE_DAYS_RANGE = (1, 36_500)  # a hundred years
SHARD_THRESHOLD_RANGE = (1, 1_000_000)
MAX_DOCUMENT_KB_RANGE = (16, 1_048_576)  # 16 KB to 1 GB
# Files mdbrain keeps in the knowledge root besides the three indexes.
RESERVED_NAMES = frozenset({"ANCHORS.lock"})
MAX_EXTRA_WORDS = 100  # words a marker may add to each built-in list
_LANG = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NOT_IN_A_NAME = re.compile(r'[/\\:<>"|?*]')
# The stem a well-named document has (finding E001): a derived file may not have one,
# so that no document can be overwritten by an index.
_DOCUMENT_STEM = re.compile(r"[a-z0-9-]+")
_KEY = lazy_pattern(r"([A-Za-z_][A-Za-z0-9_.\-]*)[ \t]*:")  # a key at the start of a line
_WORD = lazy_pattern(r"[^\x00-\x1f\x7f-\x9f\u2028\u2029]{1,64}")


@dataclass(frozen=True, slots=True)
class IndexNames:
    manifest: str = "INDEX.md"
    relations: str = "RELATIONS.yaml"
    overview: str = "OVERVIEW.md"
    shard_threshold: int = 500  # above this many documents, INDEX.md is split per theme

    def reserved(self) -> frozenset[str]:
        return frozenset({self.manifest, self.relations, self.overview})


@dataclass(frozen=True, slots=True)
class Config:
    """A parsed marker. ``root`` is as written; see :func:`resolve_root`."""

    root: str
    version: str = "1"
    lang: str = "fr"
    index: IndexNames = field(default_factory=IndexNames)
    summary_max: int = 240
    check_on_update: bool = True
    stale_days: int = 90
    types: tuple[str, ...] = schema.TYPES
    statuses: tuple[str, ...] = schema.STATUSES
    priorities: tuple[str, ...] = schema.PRIORITIES
    audiences: tuple[str, ...] = schema.AUDIENCES
    guard_allow: tuple[str, ...] = ()  # exact values the secret guard lets pass
    guard_personal_data: bool = True  # refuse e-mails, phone numbers, national ids in writes
    # a document larger than this is indexed by its frontmatter only, and reported
    max_document_kb: int = 4096
    unknown_keys: tuple[str, ...] = ()
    root_line: int | None = field(default=None, compare=False)  # the marker line of ``root``


KNOWN_KEYS = frozenset(
    {
        "version",
        "root",
        "lang",
        "index",
        "summary_max",
        "check_on_update",
        "stale_days",
        "max_document_kb",
        "types",
        "statuses",
        "priorities",
        "audiences",
        "guard",
    }
)


def resolve_root(marker_dir: PurePath, root: str) -> PurePath:
    """Where the documents live: ``root`` as is when absolute, else from the marker's folder.

    The store then checks that the place lies inside ``marker_dir``.
    """
    path = PurePath(root)
    return path if path.is_absolute() else marker_dir / path


def _climbs_out(root: str) -> bool:
    """Whether a relative ``root`` leaves its starting folder by its own ``..`` parts."""
    depth = 0
    for part in PurePath(root).parts:
        if part == "..":
            depth -= 1
            if depth < 0:
                return True
        elif part != ".":
            depth += 1
    return False


class _Reader:
    """Checks one marker's fields, raising errors that name the field and its line."""

    def __init__(self, data: Mapping[str, Any], text: str, path: str) -> None:
        self.data = data
        self.text = text
        self.path = path

    def fail(self, key: str, expected: str, got: object = None) -> MarkerError:
        shown = "" if got is None else f", got {_shown(got)}"
        return MarkerError(
            f"field '{key}' must be {expected}{shown}",
            path=self.path,
            line=_line_of(self.text, key),
            field=key,
        )

    def mapping(self, key: str, expected: str) -> Mapping[str, Any]:
        value = self.data.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.fail(key, expected, value)
        return value

    def text_field(
        self,
        key: str,
        default: str | None,
        source: Mapping[str, Any] | None = None,
        name: str | None = None,
    ) -> str:
        src = self.data if source is None else source
        value = src.get(key)
        label = name or key
        if value is None:
            if default is None:
                raise self.fail(label, "present (it has no default)")
            return default
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.fail(label, "text", value)
        return str(value)

    def int_field(
        self,
        key: str,
        default: int,
        bounds: tuple[int, int],
        source: Mapping[str, Any] | None = None,
        name: str | None = None,
    ) -> int:
        src = self.data if source is None else source
        value = src.get(key, default)
        low, high = bounds
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(name or key, f"a whole number from {low} to {high:,}", value)
        return value

    def bool_field(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "true or false", value)
        return value

    def extension(self, key: str, base: tuple[str, ...]) -> tuple[str, ...]:
        """Built-in values plus the ones the marker adds under ``key``."""
        value = self.data.get(key)
        if value is None:
            return base
        if (
            not isinstance(value, list)
            or len(value) > MAX_EXTRA_WORDS
            or not all(isinstance(v, str) and _WORD().fullmatch(v) for v in value)
        ):
            raise self.fail(
                key,
                f"a list of at most {MAX_EXTRA_WORDS} words (at most 64 characters each) "
                "to add to the built-in ones",
                value,
            )
        return base + tuple(dict.fromkeys(v for v in value if v not in base))

    def root(self) -> str:
        root = self.text_field("root", None)
        if not root.strip():
            raise self.fail("root", "a folder path")
        if _CONTROL.search(root) or len(root) > MAX_ROOT_CHARS:
            raise self.fail(
                "root",
                "a folder path without control characters, "
                f"of at most {MAX_ROOT_CHARS:,} characters",
                root,
            )
        if _climbs_out(root):
            raise self.fail("root", "a folder inside the project (the marker's folder)", root)
        return root

    def index_names(self) -> IndexNames:
        index = self.mapping("index", "a mapping (manifest, relations, overview, shard_threshold)")
        names = IndexNames(
            manifest=self.text_field("manifest", "INDEX.md", index, "index.manifest"),
            relations=self.text_field("relations", "RELATIONS.yaml", index, "index.relations"),
            overview=self.text_field("overview", "OVERVIEW.md", index, "index.overview"),
            shard_threshold=self.int_field(
                "shard_threshold", 500, SHARD_THRESHOLD_RANGE, index, "index.shard_threshold"
            ),
        )
        for key, suffixes in (
            ("manifest", (".md",)),
            ("relations", (".yaml", ".yml")),
            ("overview", (".md",)),
        ):
            self.index_name(f"index.{key}", getattr(names, key), suffixes)
        if len(names.reserved()) < 3:
            raise self.fail("index", "three different file names")
        return names

    def index_name(self, key: str, value: str, suffixes: tuple[str, ...]) -> None:
        """Refuse a name that is not a plain file name, or that a document could have."""
        stem = value[: -len(suffix)] if (suffix := _suffix(value, suffixes)) else value
        if (
            not stem
            or _CONTROL.search(value)
            or _NOT_IN_A_NAME.search(value)
            or value.startswith((".", "_"))
            or value.strip() != value
            or len(value.encode("utf-8", "surrogatepass")) > 255
        ):
            raise self.fail(
                key, "a plain file name (no folder, not hidden, no control character)", value
            )
        if value.lower() in {name.lower() for name in RESERVED_NAMES}:
            raise self.fail(key, "a name mdbrain does not keep for itself", value)
        if not suffix:
            raise self.fail(key, f"a file name ending in {' or '.join(suffixes)}", value)
        if suffix == ".md" and _DOCUMENT_STEM.fullmatch(stem):
            raise self.fail(
                key,
                "a name no document can have (documents are named a-z0-9-; use capitals, "
                "as in INDEX.md)",
                value,
            )

    def guard(self) -> tuple[tuple[str, ...], bool]:
        guard = self.mapping("guard", "a mapping (allow, personal_data)")
        allow = guard.get("allow")
        if allow is None:
            allow = []
        if not isinstance(allow, list) or not all(isinstance(v, str) for v in allow):
            raise self.fail("guard.allow", "a list of exact values to let pass", allow)
        personal = guard.get("personal_data", True)
        if not isinstance(personal, bool):
            raise self.fail("guard.personal_data", "true or false", personal)
        return tuple(allow), personal


def _suffix(name: str, suffixes: tuple[str, ...]) -> str:
    return next((suffix for suffix in suffixes if name.endswith(suffix)), "")


def _shown(value: object) -> str:
    """A value for a message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _line_of(text: str, key: str) -> int | None:
    """The marker line of ``key`` (``index.manifest`` is looked for under ``index:``)."""
    parent, _, name = key.rpartition(".")
    lines = text.split("\n")
    top = parent or name
    start = next((n for n, line in enumerate(lines) if _starts_key(line, top)), None)
    if start is None or not parent:
        return None if start is None else start + 1
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line[:1] not in (" ", "\t") and line.strip() and not line.startswith("#"):
            break  # the next top-level key: the field is not under the parent
        if _starts_key(line.lstrip(" \t"), name):
            return number + 1
    return start + 1  # the field is in a flow mapping on the parent's line, or absent


def _starts_key(line: str, key: str) -> bool:
    if not line.startswith(key):
        return False
    rest = line[len(key) :].lstrip(" \t")
    return rest.startswith(":")


def _field_at(text: str, line: int) -> str | None:
    """The setting written on a marker line, dotted when nested (``index.manifest``)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    own = lines[line - 1]
    key = _KEY().match(own.lstrip(" \t"))
    if own[:1] not in (" ", "\t"):
        return None if key is None else key.group(1)
    parent = next(
        (found for above in reversed(lines[: line - 1]) if (found := _KEY().match(above))), None
    )
    if parent is None:
        return None
    return parent.group(1) if key is None else f"{parent.group(1)}.{key.group(1)}"


def _parse(text: str, path: str) -> Any:
    fast = yaml_subset.read(text, first_line=1)
    if fast is not None:
        return fast[0]
    try:
        return frontmatter.parse_yaml(text)
    except frontmatter.InvalidYamlError as exc:
        line = None if exc.line is None else exc.line + 1
        raise MarkerError(
            f"not valid YAML: {exc.problem}",
            path=path,
            line=line,
            field=None if line is None else _field_at(text, line),
        ) from None


def loads(text: str, *, path: str = MARKER_NAME) -> Config:
    """Parse a marker's text into a :class:`Config`, or raise :class:`MarkerError`."""
    if len(text) > MAX_MARKER_BYTES:
        raise MarkerError(
            f"the marker holds {len(text):,} characters, over the limit of {MAX_MARKER_BYTES:,}",
            path=path,
        )
    data = _parse(text, path)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MarkerError(
            "must be a YAML mapping of settings (version, root, ...)", path=path, line=1
        )
    read = _Reader(data, text, path)
    version = read.text_field("version", None)
    if version not in SUPPORTED_VERSIONS:
        raise read.fail(
            "version", f"one of {', '.join(repr(v) for v in SUPPORTED_VERSIONS)}", version
        )
    root = read.root()
    lang = read.text_field("lang", "fr")
    if not _LANG.match(lang):
        raise read.fail("lang", "a language code such as 'en' or 'fr'", lang)
    names = read.index_names()
    allow, personal = read.guard()
    return Config(
        guard_allow=allow,
        guard_personal_data=personal,
        root=root,
        version=version,
        lang=lang,
        index=names,
        summary_max=read.int_field("summary_max", 240, SUMMARY_MAX_RANGE),
        check_on_update=read.bool_field("check_on_update", True),
        stale_days=read.int_field("stale_days", 90, STALE_DAYS_RANGE),
        max_document_kb=read.int_field("max_document_kb", 4096, MAX_DOCUMENT_KB_RANGE),
        types=read.extension("types", schema.TYPES),
        statuses=read.extension("statuses", schema.STATUSES),
        priorities=read.extension("priorities", schema.PRIORITIES),
        audiences=read.extension("audiences", schema.AUDIENCES),
        unknown_keys=tuple(sorted(str(k) for k in data if k not in KNOWN_KEYS)),
        root_line=_line_of(text, "root"),
    )


def dumps(root: str, *, lang: str = "en") -> str:
    """The text ``mdbrain init`` writes: every default spelled out, with a word on each."""
    return "\n".join(
        [
            "# mdbrain knowledge base marker: delete this file to turn the base off.",
            'version: "1"',
            f"root: {root}  # where the documents live, from this file's folder",
            f"lang: {lang}  # language of the documents and of the generated indexes",
            "summary_max: 240  # longest summary, in characters",
            "check_on_update: true  # run the check after each update",
            "stale_days: 90  # a stable document not updated for longer is reported",
            "index:",
            "  manifest: INDEX.md",
            "  relations: RELATIONS.yaml",
            "  overview: OVERVIEW.md",
            "  shard_threshold: 500  # above this many documents, INDEX.md is split per theme",
            "",
        ]
    )
