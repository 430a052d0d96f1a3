"""Turn a foreign Markdown page into an mdbrain document, in memory.

The front matter of other tools read (YAML, Hugo's TOML, one behind blank lines
or a comment), a title and a summary of real prose (:mod:`mdbrain.core.summary`),
tags from folders and foreign keyword fields, a type guessed from what the page
is, and the check that a frontmatter is already mdbrain's. Pure: nothing here
reads a file.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mdbrain.core import (
    cells,
    fields,
    frontmatter,
    links,
    manifest,
    markdown,
    rules,
    schema,
    slug,
    yaml_emit,
)
from mdbrain.core.errors import DocumentError
from mdbrain.core.marker import Config
from mdbrain.core.summary import clip, first_paragraph, plain

__all__ = ["Page", "clip", "first_paragraph", "parse", "plain", "summary_of", "title_of"]

KEYWORD_FIELDS: Final = (
    "tags", "keywords", "helpviewer_keywords", "f1_keywords", "categories", "category", "topics"
)  # fmt: skip
MAX_TAGS: Final = 12
_TOPIC_TYPES: Final = {
    "conceptual": "concept", "concept": "concept", "how-to": "guide", "howto": "guide",
    "tutorial": "guide", "quickstart": "guide", "troubleshooting": "guide", "guide": "guide",
    "reference": "reference", "language-reference": "reference", "overview": "overview",
    "landing-page": "overview", "hub-page": "overview", "api": "api",
}  # fmt: skip
_INDEX_NAMES: Final = frozenset({"readme", "index", "_index", "home", "toc", "summary"})
# Fields other tools give a page's summary in, first ones first.
SUMMARY_FIELDS: Final = ("summary", "description", "abstract", "excerpt", "subtitle", "lead")
# A front matter behind blank lines or comments (a licence header, a linter's switch).
_LATE_FRONT_MATTER = re.compile(
    r"\A(?:[ \t]*\n|[ \t]*<!--(?:[^-]|-(?!->))*-->[ \t]*\n)+(?=(?:---|\+\+\+)[ \t]*\n)"
)
# Sections a page names as its own summary (a proposal's "Summary", a paper's
# "Abstract"): their first paragraph says more than an opening checklist or notice.
SUMMARY_SECTIONS: Final = (
    "summary", "abstract", "tl;dr", "tldr", "synopsis", "executive summary", "in brief",
    "résumé", "resume", "synthèse", "en bref",
)  # fmt: skip
_TOML_FENCE = re.compile(r"\A\+\+\+[ \t]*\n(.*?)^\+\+\+[ \t]*(?:\n|\Z)", re.S | re.M)


# --- text out of Markdown -----------------------------------------------------------


def section(body: str, names: Sequence[str]) -> str:
    """The body of the section headed by one of ``names`` (any case), or '': the highest
    such heading ("## Abstract" before a "### Summary" deeper in), then the first of
    ``names``, then the first in the page."""
    lines = body.split("\n")
    rank = {name: index for index, name in enumerate(names)}
    found = [
        (part.level, rank[title], part.line, part.end)
        for part in markdown.outline(markdown.scan(body).headings, len(lines))
        if (title := part.title.strip(" *_:").lower()) in rank
    ]
    if not found:
        return ""
    _level, _rank, line, end = min(found)
    return "\n".join(lines[line:end])


def title_of(body: str, meta: Mapping[str, Any], path: str, named: str = "") -> str:
    """A title field, else the first level-1 heading, else the title a site's navigation
    gives the page (``named``), else a heading the page opens with, else the file name.
    A level-2 heading after some text names a section, not the page."""
    given = meta.get("title")
    if isinstance(given, str) and given.strip():
        return " ".join(given.split())
    headings = markdown.scan(body).headings
    top = next((h for h in headings if h.level == 1), None)
    if top is None and named.strip():
        return " ".join(named.split())
    if top is None and headings:
        first = headings[0]
        before = body.split("\n", first.line - 1)[: first.line - 1]
        top = None if any(line.strip() for line in before) else first
    text = plain(top.title) if top is not None else ""
    if text:
        return text
    stem = posixpath.basename(path).rsplit(".", 1)[0]
    words = " ".join(re.split(r"[-_\s]+", stem)).strip() or stem
    return words[:1].upper() + words[1:]


def summary_of(body: str, meta: Mapping[str, Any], limit: int, decision: bool) -> str:
    """A summary or description field, else the first paragraph of prose: of a record's
    Decision section, else of a section the page calls its summary, else of the page;
    cut to ``limit``."""
    found = ""
    for key in SUMMARY_FIELDS:
        value = meta.get(key)
        if isinstance(value, str) and plain(value):
            found = plain(value)
            break
    if not found and decision:
        found = first_paragraph(section(body, (*schema.DECISION_SECTIONS, "context")))
    if not found:
        found = first_paragraph(section(body, SUMMARY_SECTIONS))
    return clip(found or first_paragraph(body), limit)


# --- fields ---------------------------------------------------------------------------


def tags_of(folders: Sequence[str], meta: Mapping[str, Any], fallback: str) -> list[str]:
    """Slugs of the folder names and of foreign keyword fields, first ones first."""
    words = list(folders)
    for key in KEYWORD_FIELDS:
        words += fields.strings(meta, key)
    tags = list(dict.fromkeys(slug.slugify(w, fallback="", max_length=40) for w in words))
    return [t for t in tags if t][:MAX_TAGS] or [fallback]


_WORDS_PER_LINK: Final = 80  # words an index page gives each page it links to, at most
# Folders of how-tos, compared in lower case with "-" for "_" and spaces, no number in front.
_GUIDE_FOLDERS: Final = frozenset(
    {
        "tutorial", "tutorials", "guide", "guides", "how-to", "howto", "how-tos", "howtos",
        "walkthrough", "walkthroughs", "getting-started", "cookbook", "recipes", "tutoriel",
        "tutoriels",
    }
)  # fmt: skip
_GUIDE_TITLE = re.compile(r"^\W*(?:how to|how-to|tutorial|tutoriel)\b|\bguides?\b", re.I)
_FOLDER_NUMBER = re.compile(r"^\d+[-_. ]*")


def _in_guide_folder(path: str) -> bool:
    """Whether a folder on the page's path holds how-tos: "tutorial/", "docs/how-to/"."""
    names = (_FOLDER_NUMBER.sub("", f.lower()) for f in posixpath.dirname(path).split("/"))
    return any(n.replace("_", "-").replace(" ", "-") in _GUIDE_FOLDERS for n in names)


def guess_type(path: str, meta: Mapping[str, Any], body: str, title: str, decision: bool) -> str:
    """decision for a record; a foreign topic field's meaning; overview for an index
    page made of links; guide for a how-to (a title that says so, or a page in a folder
    of tutorials or guides); reference otherwise."""
    if decision:
        return "decision"
    for key in ("type", "ms.topic", "topic", "layout"):
        value = meta.get(key)
        if isinstance(value, str) and value.strip().lower() in _TOPIC_TYPES:
            return _TOPIC_TYPES[value.strip().lower()]
    if posixpath.basename(path).rsplit(".", 1)[0].lower() in _INDEX_NAMES:
        targets = [t for t, _ in markdown.scan(body).links if links.is_doc_path(t.split("#")[0])]
        # made of links: a few lines of text for each, not a proposal's README of
        # thousands of words that cites a few other pages
        if len(targets) >= 3 and len(body.split()) <= _WORDS_PER_LINK * len(targets):
            return "overview"
    if _GUIDE_TITLE.search(title) or _in_guide_folder(path):
        return "guide"
    return "reference"


def is_mdbrain(text: str, path: str, config: Config) -> bool:
    """Whether the page already has a complete mdbrain frontmatter that check accepts."""
    if not text.startswith("---") or any(f"\n{key}:" not in text for key in schema.REQUIRED_FIELDS):
        return False  # the quick answer for most foreign pages
    entry = manifest.entry_from_text(text, path)
    context = rules.Context(manifest.build([entry]), config, dt.date.min)
    found = rules.run(context, (rules.required_fields, rules.enumerations, rules.summary_length))
    return entry.parsed and not found and not list(rules.dates(context))


def _valid(key: str, value: Any, config: Config) -> bool:
    """Whether a foreign value can stay under a key mdbrain gives a meaning to."""
    if key == "priority":
        return value in config.priorities
    if key == "audience":
        return all(a in config.audiences for a in fields.strings({key: value}, key))
    if key in ("reviewed", "created", "updated"):
        return fields.date({key: value}, key) is not None
    return key not in schema.RELATION_FIELDS


def merge(wanted: Mapping[str, Any], foreign: Mapping[str, Any], config: Config) -> dict[str, Any]:
    """``wanted`` first, then the foreign fields; a foreign value ``wanted`` replaces, or
    one mdbrain would reject, is kept as ``original_<key>``: nothing the page said is lost."""
    out = dict(wanted)
    kept = {}
    for key, value in foreign.items():
        if key not in wanted and _valid(key, value, config):
            out[key] = value
        elif value != wanted.get(key) and value not in (None, "", []):
            kept[f"original_{key}"] = value
    out.update((k, v) for k, v in kept.items() if k not in out)
    return out


# --- whole pages ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the source folder, read."""

    path: str  # from the source folder
    raw: str  # as read, byte-order mark removed
    meta: dict[str, Any]
    body: str  # after the frontmatter; a frontmatter YAML cannot read is kept as code
    body_line: int  # the source line where ``body`` starts
    problem: str = ""  # what was wrong with the frontmatter


def parse(path: str, raw: str) -> Page:
    """Read a page leniently: a frontmatter never closed is body, a broken one code.
    Hugo's TOML front matter (``+++``) is read too, and so is a front matter behind
    blank lines or comments, which are left out."""
    text = frontmatter.normalise_newlines(raw)
    late = _LATE_FRONT_MATTER.match(text)
    skipped = late.group(0).count("\n") if late else 0
    head = text[late.end() :] if late else text
    if head.startswith("+++"):
        return _toml(path, raw, head, skipped)
    try:
        parts = frontmatter.split(head, path=path)
    except DocumentError:
        parts = frontmatter.Split(None, text, 1)
    if parts.yaml is None:
        return Page(path, raw, table_fields(text), text, 1)
    try:
        meta = frontmatter.load(parts.yaml, path=path)[0]
    except DocumentError as exc:
        if not late:
            return _as_code(
                path,
                raw,
                block=parts.yaml,
                language="yaml",
                body=parts.body,
                body_line=parts.body_line,
                problem=exc.message,
            )
        meta = {}  # not a front matter after all
    if late and not meta:
        return Page(path, raw, {}, text, 1)
    return Page(path, raw, meta, parts.body, parts.body_line + skipped)


# A row of a table: cells between pipes ("| Status | Accepted |", "|Date|2020-04-30|").
_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$")
_DELIMITER = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$")
# The rows a page's metadata table may hold, and the field each becomes.
_TABLE_FIELDS: Final = {
    "status": "status", "state": "status", "date": "date", "tags": "tags",
    "keywords": "tags", "author": "author", "authors": "authors", "deciders": "deciders",
}  # fmt: skip
_HEAD_LINES: Final = 12  # a metadata table starts within this many lines of the top


def table_fields(body: str) -> dict[str, Any]:
    """The fields a page without a frontmatter gives in a two-column table at its top,
    under its title at most (``|Status|Implemented|``, ``| Date | 2020-04-30 |``): the
    rows named in :data:`_TABLE_FIELDS`, tags split at commas. Nothing when the page
    opens with prose, or the table has more than two columns."""
    lines = body.split("\n", 64)[:64]
    start = 0
    while start < min(len(lines), _HEAD_LINES) and (
        not lines[start].strip() or lines[start].lstrip().startswith("#")
    ):
        start += 1
    out: dict[str, Any] = {}
    for line in lines[start:]:
        row = _ROW.match(line)
        if row is None:
            break
        if _DELIMITER.match(line):
            continue
        cells = [cell.strip(" \t*_`:") for cell in row.group(1).split("|")]
        if len(cells) != 2:
            return {}
        key = _TABLE_FIELDS.get(cells[0].lower())
        if key and cells[1] and key not in out:
            out[key] = (
                [t.strip() for t in cells[1].split(",") if t.strip()] if key == "tags" else cells[1]
            )
    return out


def _as_code(
    path: str, raw: str, *, block: str, language: str, body: str, body_line: int, problem: str
) -> Page:
    """A page whose front matter cannot be read: the block kept as code, body lines kept."""
    fence = "`" * max([3, *(len(run) + 1 for run in re.findall("`+", block))])
    text = f"{fence}{language}\n{block}{fence}\n\n{body}"
    return Page(path, raw, {}, text, body_line - block.count("\n") - 3, problem)


def _toml(path: str, raw: str, text: str, skipped: int) -> Page:
    found = _TOML_FENCE.match(text)
    if found is None:
        return Page(path, raw, {}, frontmatter.normalise_newlines(raw), 1)
    block = found.group(1)
    body, body_line = text[found.end() :], skipped + block.count("\n") + 3
    try:
        meta = tomllib.loads(block)
    except tomllib.TOMLDecodeError as exc:
        return _as_code(
            path,
            raw,
            block=block,
            language="toml",
            body=body,
            body_line=body_line,
            problem=f"invalid TOML: {exc}",
        )
    return Page(path, raw, _plain_values(meta), body, body_line)


def _plain_values(value: Any) -> Any:
    """TOML values as YAML can write them: a time of day becomes text."""
    if isinstance(value, dict):
        return {str(k): _plain_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_values(v) for v in value]
    if isinstance(value, dt.time):
        return value.isoformat()
    return value


def legacy_page(
    meta: Mapping[str, Any],
    folder: str,
    listed: Sequence[tuple[str, str]],
    today: dt.date,
    summary_max: int,
) -> str:
    """``legacy-sources.md``: every page of the old ``folder``, (path, title) in ``listed``;
    ``meta`` is the frontmatter the page had, if any."""
    summary = (
        f"Where the old documentation in {folder} lives: its {len(listed)} pages, with their "
        "titles and paths. They stay readable there; this base is the source of truth."
    )
    wanted = {
        "title": "Legacy documentation sources",
        "summary": clip(summary, summary_max),
        "type": "reference",
        "status": "draft",
        "tags": list(fields.strings(meta, "tags")) or ["legacy"],
        "created": fields.date(meta, "created") or today,
        "updated": today,
        "sources": [folder],
    }
    body = [
        "# Legacy documentation sources\n",
        f"The pages of `{folder}` stay where they are, readable as before. They are not part",
        "of the knowledge base: what they say counts once imported here (`mdbrain import`).\n",
        "| Title | Original path |",
        "|---|---|",
        *(f"| {cells.cell(title)} | `{cells.cell(path)}` |" for path, title in listed),
    ]
    return yaml_emit.block({**meta, **wanted}) + "\n" + "\n".join(body) + "\n"
