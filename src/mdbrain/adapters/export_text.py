"""Text snapshots of a base for agents that cannot reach it over MCP.

:func:`snapshot_markdown` writes the whole base as one Markdown file: the
documents in force first, theme by theme, then those to review (with the
reason), the drafts, the deprecated ones (with their successors) and the
archived ones, each marked, with its summary, the fields that matter and its
body, headings moved down so that they sit under the document's own.

:func:`llms_txt` follows the llms.txt convention: an H1 with the project's name,
a blockquote saying what the file holds, a paragraph on how to read it, then
one H2 section per theme listing ``- [title](path): summary`` for the documents
in force, and an ``Optional`` section for the others, marked. Paths lead from
the file's folder to the documents.

Both are functions of the snapshot (and, for llms.txt, of where the file goes):
the same base gives the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import quote

from mdbrain.core import edit, links, markdown
from mdbrain.service.exporting import Page, Snapshot

MARKDOWN_SIGNATURE = "mdbrain export --markdown"
LLMS_SIGNATURE = "mdbrain export --llms-txt"
PART_TITLES = {
    "stable": "In force",
    "needs-review": "To review",
    "draft": "Drafts (not verified)",
    "deprecated": "Deprecated (replaced)",
    "archived": "Archived",
}
SHIFT = 2  # a body's level-2 heading sits at level 4, under the document's level 3


def _part(status: str) -> str:
    return PART_TITLES.get(status, f"Status {status or 'missing'}")


def _theme(theme: str) -> str:
    return theme or "at the root"


def _count(status: str, count: int) -> str:
    words = {"stable": "in force", "needs-review": "to review", "draft": "draft"}
    word = words.get(status, status or "without a status")
    return f"{count} {word}s" if word == "draft" and count != 1 else f"{count} {word}"


def _tally(snapshot: Snapshot) -> str:
    parts = [_count(status, len(pages)) for status, pages in snapshot.in_standing_order()]
    dated = f", as of {snapshot.date}" if snapshot.date else ""
    return f"{len(snapshot.pages)} documents{dated}: {', '.join(parts) or 'none'}"


# --- the Markdown snapshot ---------------------------------------------------------------


def _mark(page: Page) -> str:
    if page.status == "stable":
        return ""
    return f"[{page.status or 'no status'}] "


def _facts(page: Page) -> list[str]:
    head = [f"`{page.id}`", page.type or "no type", page.status or "no status"]
    if page.priority:
        head.append(page.priority)
    if page.tags:
        head.append("tags: " + ", ".join(page.tags))
    lines = [" · ".join(head), ""]
    if page.withheld:
        lines.append(f"> Summary and body withheld: {page.withheld}.")
    elif page.summary:
        lines.append(f"> {page.summary}")
    lines.append("")
    items: list[tuple[str, str]] = []
    if page.status == "needs-review":
        items.append(("To review", page.review_reason or "no reason given"))
    for step in page.newer:
        when = f" on {step.date}" if step.date else ""
        why = f": {step.reason}" if step.reason else ""
        items.append(("Replaced by", f"`{step.id}`{when}{why}"))
    for step in page.older:
        when = f" on {step.date}" if step.date else ""
        items.append(("Replaces", f"`{step.id}`{when}"))
    items += [(name.replace("_", " ").capitalize(), value) for name, value in page.fields
              if name in ("updated", "author", "rationale")]  # fmt: skip
    for name, values in (
        ("Sources", page.sources),
        ("Code", page.impl_refs),
        ("Contradicts", page.contradicts),
        ("Related", page.related),
        ("Links to", page.links),
    ):
        if values:
            items.append((name, ", ".join(f"`{v}`" for v in values)))
    lines += [f"- {name}: {value}" for name, value in items]
    return [*lines, ""] if items else lines


_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")


def shift_headings(body: str, title: str, shift: int = SHIFT) -> str:
    """``body`` with every heading ``shift`` levels deeper (at most 6), setext headings
    as ATX ones, and a first level-1 heading that repeats ``title`` left out. Headings
    are found by mdbrain's line scanner, which knows code blocks from headings."""
    lines = body.split("\n")
    edits: dict[int, tuple[int, list[str]]] = {}  # first line -> (line after, new lines)
    found = markdown.scan(body, 0).headings
    for number, heading in enumerate(found):
        start = heading.line
        line = lines[start]
        hashes = line.lstrip(" ")
        level = min(heading.level + shift, 6)
        if hashes.startswith("#"):  # ATX: only the run of hashes changes
            end = start + 1
            indent = line[: len(line) - len(hashes)]
            new = [indent + "#" * level + hashes.lstrip("#")]
        else:  # setext: the text lines and their underline become one ATX line
            end = next((i for i in range(start + 1, len(lines)) if _UNDERLINE.match(lines[i])),
                       start) + 1  # fmt: skip
            new = ["#" * level + " " + heading.title]
        first_text = number == 0 and not "".join(lines[:start]).strip()
        same = " ".join(heading.title.split()) == " ".join(title.split())  # spaces aside
        if first_text and heading.level == 1 and same:
            new = []
        edits[start] = (end, new)
    out: list[str] = []
    number = 0
    while number < len(lines):
        if number in edits:
            end, replacement = edits[number]
            out += replacement
            number = end
        else:
            out.append(lines[number])
            number += 1
    return "\n".join(out).strip("\n")


def snapshot_markdown(snapshot: Snapshot, target: Path | None = None) -> str:
    """The whole base as one Markdown file, documents in force first."""
    out = [
        f"<!-- {MARKDOWN_SIGNATURE}: a snapshot of the knowledge base of {snapshot.project}."
        " Regenerate it rather than editing it. -->",
        "",
        f"# {snapshot.project}: knowledge snapshot",
        "",
        f"> {_tally(snapshot)}. Documents in force come first, by theme; the others follow,"
        " marked with their status.",
        "",
    ]
    named = anchors(page.id for page in snapshot.pages)
    if snapshot.conflicts:
        out += ["Open conflicts, to be settled by a human:", ""]
        out += [f"- `{c.claimant}` contradicts `{c.target}`" for c in snapshot.conflicts]
        out.append("")
    for status, pages in snapshot.in_standing_order():
        theme = None
        for page in pages:
            if page.theme != theme:
                theme = page.theme
                out += [f"## {_part(status)}: {_theme(theme)}", ""]
            out += [f'<a id="{named[page.id]}"></a>', ""]
            out += [f"### {_mark(page)}{page.title}", "", *_facts(page)]
            body = snapshot.body(page.id)
            if body.note:
                out += [f"(Body {body.note}.)", ""]
            text = shift_headings(_within(snapshot, named, page.id, body.text, target), page.title)
            if text.strip():
                out += [text, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def anchors(doc_ids: Iterable[str]) -> dict[str, str]:
    """The anchor of each document's heading in the snapshot: ``doc-`` and its id, its
    other characters as hyphens (``pages/fast/selection.md``: ``doc-pages-fast-selection-md``);
    with a digest of the id when that reading is shared (``a-b.md`` and ``a/b.md``) or
    loses letters (``заметки.md``), so that no two documents share one."""
    plain = {i: re.sub(r"[^a-z0-9]+", "-", i.lower()).strip("-") for i in doc_ids}
    shared = Counter(plain.values())
    out = {}
    for doc_id, name in plain.items():
        lost = shared[name] > 1 or not doc_id.isascii()
        digest = hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:6]
        out[doc_id] = f"doc-{name}-{digest}" if lost else f"doc-{name}"
    return out


def _within(
    snapshot: Snapshot, named: dict[str, str], doc_id: str, body: str, target: Path | None
) -> str:
    """``body`` with its links made to work from the snapshot: a link to a document of
    it leads to that document's heading, and a link or image to a file (a page above
    the root, code, a picture), from the snapshot's folder when it is written to one.
    Any other link stays as written (``named``: the anchors, :func:`anchors`)."""

    def new(written: str) -> str | None:
        resolved = links.resolve(doc_id, written)
        if resolved is not None and resolved[0] is links.LinkKind.DOC:
            return f"#{named[resolved[1]]}" if resolved[1] in named else None
        path = resolved[1] if resolved is not None else links.file_target(doc_id, written)
        if path is None or target is None:
            return None
        rel = os.path.relpath(snapshot.root / path, target.parent)
        kept = next((written[written.find(m) :] for m in "#?" if m in written), "")
        return quote(Path(rel).as_posix(), safe="/.-_~") + kept

    return edit.rewrite_destinations(body, new) if "](" in body or "]:" in body else body


# --- llms.txt ----------------------------------------------------------------------------


def _link_text(text: str) -> str:
    return " ".join(text.split()).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _path(snapshot: Snapshot, doc_id: str, target: Path | None) -> str:
    if target is None:
        return quote(doc_id, safe="/")
    rel = os.path.relpath(snapshot.root / doc_id, target.parent)
    return quote(Path(rel).as_posix(), safe="/.")


def _entry(snapshot: Snapshot, page: Page, target: Path | None, note: str = "") -> str:
    summary = "" if page.withheld else page.summary
    words = "; ".join(w for w in (note, summary) if w)
    link = f"- [{_link_text(page.title)}]({_path(snapshot, page.id, target)})"
    return f"{link}: {words}" if words else link


def _note(page: Page) -> str:
    if page.status == "needs-review":
        return f"to review ({page.review_reason})" if page.review_reason else "to review"
    if page.superseded_by:
        return f"{page.status}, replaced by {', '.join(page.superseded_by)}"
    return page.status or "no status"


def _sections(pages: Iterable[Page]) -> dict[str, list[Page]]:
    out: dict[str, list[Page]] = {}
    for page in pages:
        name = page.theme or "Documents at the root"
        if name.lower() == "optional":
            name = f"{name} (theme)"
        out.setdefault(name, []).append(page)
    return out


def llms_txt(snapshot: Snapshot, target: Path | None = None) -> str:
    """The base as an llms.txt file placed at ``target`` (its links lead from there)."""
    parts = dict(snapshot.in_standing_order())
    root = _path(snapshot, "", target).rstrip("/") or "."
    out = [
        f"# {snapshot.project}",
        "",
        f"> The knowledge base of {snapshot.project}: {_tally(snapshot)}. The documents in"
        " force are listed by theme, with their summaries; the others are under Optional.",
        "",
        f"Generated by {LLMS_SIGNATURE} from the Markdown documents in `{root}`. Each link"
        " is one document: YAML frontmatter (title, summary, type, status, tags, relations)"
        " then its body. Regenerate this file rather than editing it.",
        "",
    ]
    for name, pages in sorted(_sections(parts.get("stable", [])).items()):
        out += [f"## {name}", ""]
        out += [_entry(snapshot, page, target) for page in pages]
        out.append("")
    rest = [p for status, pages in parts.items() if status != "stable" for p in pages]
    if rest:
        out += ["## Optional", ""]
        out += [_entry(snapshot, page, target, _note(page)) for page in rest]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
