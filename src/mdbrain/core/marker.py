"""The ``.rag`` marker: its fields, their defaults, and their validation.

A marker is a small YAML file at the top of a repository. Its presence turns the
knowledge base on; ``root`` says where the documents live. Every field but
``version`` and ``root`` is optional. This module reads the marker's text; the
store finds the file and checks that the root exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from mdbrain.core import schema, yaml_subset
from mdbrain.core.errors import MarkerError

MARKER_NAME = ".rag"
SUPPORTED_VERSIONS = ("1",)
_LANG = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")


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
    guard_personal_data: bool = False  # refuse e-mails, phone numbers, national ids in writes
    unknown_keys: tuple[str, ...] = ()


KNOWN_KEYS = frozenset(
    {
        "version",
        "root",
        "lang",
        "index",
        "summary_max",
        "check_on_update",
        "stale_days",
        "types",
        "statuses",
        "priorities",
        "audiences",
        "guard",
    }
)


def resolve_root(marker_dir: PurePath, root: str) -> PurePath:
    """Where the documents live: ``root`` as is when absolute, else from the marker's folder."""
    path = PurePath(root)
    return path if path.is_absolute() else marker_dir / path


class _Reader:
    """Checks one marker's fields, raising errors that name the field and its line."""

    def __init__(self, data: Mapping[str, Any], text: str, path: str) -> None:
        self.data = data
        self.text = text
        self.path = path

    def fail(self, key: str, expected: str, got: object = None) -> MarkerError:
        line = _line_of(self.text, key.rsplit(".", 1)[-1])
        shown = "" if got is None else f", got {got!r}"
        return MarkerError(
            f"field '{key}' must be {expected}{shown}", path=self.path, line=line, field=key
        )

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
        source: Mapping[str, Any] | None = None,
        name: str | None = None,
    ) -> int:
        src = self.data if source is None else source
        value = src.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise self.fail(name or key, "a whole number above 0", value)
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
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(key, "a list of words to add to the built-in ones", value)
        return base + tuple(v for v in value if v not in base)


def _line_of(text: str, key: str) -> int | None:
    match = re.search(rf"^\s*{re.escape(key)}\s*:", text, re.MULTILINE)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def _pyyaml(text: str, path: str) -> Any:
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", exc)
        raise MarkerError(f"not valid YAML: {problem}", path=path, line=line) from None
    except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise ValueError and others
        raise MarkerError(f"not valid YAML: {exc}", path=path) from None


def loads(text: str, *, path: str = MARKER_NAME) -> Config:
    """Parse a marker's text into a :class:`Config`, or raise :class:`MarkerError`."""
    fast = yaml_subset.read(text, first_line=1)
    data = fast[0] if fast is not None else _pyyaml(text, path)
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
    root = read.text_field("root", None)
    if not root.strip():
        raise read.fail("root", "a folder path")
    lang = read.text_field("lang", "fr")
    if not _LANG.match(lang):
        raise read.fail("lang", "a language code such as 'en' or 'fr'", lang)
    index = data.get("index") or {}
    if not isinstance(index, dict):
        raise read.fail(
            "index", "a mapping (manifest, relations, overview, shard_threshold)", index
        )
    names = IndexNames(
        manifest=read.text_field("manifest", "INDEX.md", index, "index.manifest"),
        relations=read.text_field("relations", "RELATIONS.yaml", index, "index.relations"),
        overview=read.text_field("overview", "OVERVIEW.md", index, "index.overview"),
        shard_threshold=read.int_field("shard_threshold", 500, index, "index.shard_threshold"),
    )
    for key in ("manifest", "relations", "overview"):
        value = getattr(names, key)
        if "/" in value or "\\" in value or value.startswith((".", "_")):
            raise read.fail(f"index.{key}", "a plain file name (no folder, not hidden)", value)
    if len(names.reserved()) < 3:
        raise read.fail("index", "three different file names")
    guard = data.get("guard") or {}
    if not isinstance(guard, dict):
        raise read.fail("guard", "a mapping (allow, personal_data)", guard)
    allow = guard.get("allow") or []
    if not isinstance(allow, list) or not all(isinstance(v, str) for v in allow):
        raise read.fail("guard.allow", "a list of exact values to let pass", allow)
    personal = guard.get("personal_data", False)
    if not isinstance(personal, bool):
        raise read.fail("guard.personal_data", "true or false", personal)
    return Config(
        guard_allow=tuple(allow),
        guard_personal_data=personal,
        root=root,
        version=version,
        lang=lang,
        index=names,
        summary_max=read.int_field("summary_max", 240),
        check_on_update=read.bool_field("check_on_update", True),
        stale_days=read.int_field("stale_days", 90),
        types=read.extension("types", schema.TYPES),
        statuses=read.extension("statuses", schema.STATUSES),
        priorities=read.extension("priorities", schema.PRIORITIES),
        audiences=read.extension("audiences", schema.AUDIENCES),
        unknown_keys=tuple(sorted(str(k) for k in data if k not in KNOWN_KEYS)),
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
