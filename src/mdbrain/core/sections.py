"""The Markdown a draft of ``init --scan`` writes about one file, one README, one count.

Pure functions from the facts of :mod:`mdbrain.core.facts` to lines of
Markdown, in the base's language (:mod:`mdbrain.core.wording`). Lists are
capped (:data:`MAX_LISTED` symbols per file, the rest counted) so that a draft
of a large file stays readable, and the guard that reads every draft stays fast.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from typing import Final

from mdbrain.core import codemap, document, language, markdown, summary
from mdbrain.core.facts import FileFacts, Symbol, clip, first_line
from mdbrain.core.wording import Words, words

MAX_LISTED: Final = 40  # symbols, commands, routes listed per file
MAX_MEMBERS: Final = 20  # methods listed per class
MAX_NAMED: Final = 6  # names a summary lists per kind
MAX_DOC_LINES: Final = 40  # lines of a docstring quoted
README_SECTIONS: Final = 100  # headings of a README listed in the project draft
README_CHARS: Final = 1_200  # characters of a README's prose quoted in an overview
ENGLISH: Final = words("en")
_NAMES = {"typescript": "TypeScript", "javascript": "JavaScript", "yaml": "YAML", "toml": "TOML",
          "json": "JSON", "ini": "INI", "rest": "reStructuredText", "hcl": "HCL", "html": "HTML",
          "css": "CSS", "sql": "SQL", "c++": "C++", "c#": "C#",
          "objective-c++": "Objective-C++"}  # fmt: skip
# "[text](target)": neither part may run past a bracket or parenthesis it does not
# close, so that no attempt reads further than the next one starts (a heading of
# thousands of "[a](" is read once, not once per bracket).
_LINK = re.compile(r"\[([^\[\]]*)\]\((?:[^()]|\([^()]*+\))*+\)")
_README = re.compile(r"^readme(?:\.(?:md|markdown|rst|txt))?$", re.IGNORECASE)
_INFRA_ORDER: Final = (
    "requirement", "provider", "module", "resource", "data", "variable", "output",
    "trigger", "stage", "job", "service", "port", "function", "step",
)  # fmt: skip
_DESCRIBED: Final = frozenset({"variable", "output", "module", "job", "service"})
_LISTED_AS_WRITTEN: Final = frozenset({"stage", "requirement", "step"})


def code(text: str) -> str:
    """``text`` as an inline code span."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def link_text(title: str) -> str:
    return title.replace("[", "(").replace("]", ")")


def plain(text: str) -> str:
    """Markdown links reduced to their text, and pictures left out: a README's heading
    "![logo](logo.png) Open Policy Agent" lists as "Open Policy Agent", not "!logo
    Open Policy Agent" (open-policy-agent/opa)."""
    if "![" not in text:
        return _LINK.sub(r"\1", text)
    return " ".join(_LINK.sub(r"\1", _PICTURE.sub("", text)).split())


# a picture, its text and address: "![logo](./logo/logo-144x144.png)"
_PICTURE = re.compile(r"!\[[^\[\]]*\]\((?:[^()]|\([^()]*+\))*+\)")


def language_name(path: str, lang: str = "", headers: str = "c") -> str:
    """The name a report gives the language of a file (``lang``, else its own by its
    name: :func:`codemap.language_of`, a header's being ``headers``)."""
    name = lang or codemap.language_of(path, headers) or "other"
    return _NAMES.get(name, name.capitalize())


# what a text that is no prose opens on: an admonition (!!!, ???, :::), a quote, a badge,
# a table
_HEADING_MARKS = re.compile(r"^#{1,6}[ \t]+|[ \t]+#+$")
# or a heading: rust-analyzer's vfs crate opens its doc on "# Virtual File System"
_MARKUP = re.compile(r"(?:!!!|\?\?\?|:::|>|!\[|\[!\[|\||#{1,6}[ \t])")

# a link a docstring writes for the site that renders it ("../concepts/models.md"): from
# a draft it leads nowhere, so its text stands alone; a web address stays a link. The
# text may hold brackets one deep (an image, a footnote), the destination angle brackets,
# parentheses one deep, and a title.
_SITE_LINK = re.compile(
    r"(?<![\w\]\\!)`])\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]"
    r"\((?![A-Za-z][\w+.-]*:|#|//)(?:<[^<>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)"
    r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?\)"
)
_CODE_SPAN = re.compile(r"(`+[^`\n]*`+)")
_ADMONITION = re.compile(r"[ \t]*(?:!!!|\?\?\?\+?)[ \t]*\w")


def _quoted(doc: str, most: int) -> list[str]:
    """The first ``most`` lines of a docstring as a draft quotes them: a line opening on
    ``#`` escaped (no heading), links to the pages of a site as their text, except in
    code (fenced, indented, a session's ``>>>`` lines, code spans)."""
    out, fence, aside, code, blank = [], "", False, False, True
    for line in doc.strip().splitlines()[:most]:
        opened = markdown.FENCE.match(line)
        shown = line
        indented = line.startswith(("    ", "\t"))
        # MkDocs indents an admonition's text under its "!!! note" line: no code there
        aside = bool(_ADMONITION.match(line)) or (aside and (indented or not line.strip()))
        # indented code opens after a blank line only: under a line of text ("Warning:"
        # and its indented lines, as Google's docstrings write them) it is the same text
        code = (not aside and indented and (code or blank)) or (code and not line.strip())
        blank = not line.strip()
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif opened is not None:
            fence = opened.group(1)
        elif not code and not line.lstrip().startswith((">>>", "...")):
            shown = _unlinked(line)
        out.append("\\" + shown if shown.lstrip().startswith("#") else shown)
    return out


def _unlinked(line: str) -> str:
    """``line`` with its links to a site's pages as their text, those in code spans left
    alone (a link's own text may hold one: ``[`Color`](../types.md)``)."""
    masked = _CODE_SPAN.sub(lambda span: "\0" * len(span.group()), line) if "`" in line else line
    out, at = [], 0
    for link in _SITE_LINK.finditer(masked):
        out += [line[at : link.start()], line[link.start(1) : link.end(1)]]
        at = link.end()
    return "".join(out) + line[at:] if out else line


# a shortcut reference link: "[text]" alone (not an inline link's text, not a full
# reference, not a definition, not an image's)
_SHORTCUT = re.compile(r"(?<![\]!\\])\[([^\[\]\n]+)\](?![(:\[])")


def _unbracketed(paragraph: str, defined: dict[str, str]) -> str:
    """``paragraph`` with its shortcut reference links as their text, as the other links
    of an introduction are: quoted without the definitions, "[WebAssembly Community
    Group]" showed its brackets (WebAssembly/design's README)."""

    def text_of(found: re.Match[str]) -> str:
        known = markdown.label(found.group(1)) in defined
        return found.group(1) if known else found.group(0)

    return _SHORTCUT.sub(text_of, paragraph)


_LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d{1,9}[.)])\s")


def first_sentence(text: str) -> str:
    """The first sentence of a docstring or a README's paragraph; when the text opens on
    markup (an admonition such as pydantic's ``!!! abstract``, a quote, a badge), that
    of its first paragraph of prose (:func:`summary.first_paragraph`). None ("") when it
    only leads to what follows it (httpx's "Our exception hierarchy:", then a tree):
    alone, it sums up nothing."""
    text = text.strip()
    if _MARKUP.match(text):
        text = summary.first_paragraph(text) or text
    lines = text.split("\n\n")[0].split("\n")
    # a list may start on the next line, with no blank line before it: it ends the sentence
    cut = next((n for n, line in enumerate(lines) if n and _LIST_ITEM.match(line)), len(lines))
    paragraph = plain(" ".join(" ".join(lines[:cut]).split()))  # a summary: no links
    paragraph = _HEADING_MARKS.sub("", paragraph)  # a heading alone: its words
    # not after "i.e." or "e.g.": hir-ty's inference was summed up as "Type inference, i.e."
    for match in re.finditer(r"(?<=[.!?])\s", paragraph):
        if summary.ends_sentence(paragraph, match.start() - 1, initial=False):
            return paragraph[: match.start()]
    return "" if paragraph.endswith(":") else paragraph


def listed(names: Sequence[str], w: Words, limit: int = MAX_LISTED) -> str:
    shown = ", ".join(map(code, names[:limit]))
    return shown + (w("more_items", n=len(names) - limit) if len(names) > limit else "")


def _symbol_line(symbol: Symbol, w: Words) -> str:
    members = list(symbol.members)
    methods = w("methods", names=listed(members, w, MAX_MEMBERS)) if members else ""
    doc = _unlinked(symbol.doc) if "](" in symbol.doc else symbol.doc  # a site's links
    if doc and methods and not doc.endswith((".", "!", "?", ":", "…")):
        doc += "."
    return f"- {code(symbol.signature)}" + (w("colon") + doc if doc else "") + methods


def _note(note: str, w: Words) -> str:
    return w.term(note.split(" (", 1)[0]) + (f" ({note.split(' (', 1)[1]}" if " (" in note else "")


def file_section(item: FileFacts, w: Words = ENGLISH) -> list[str]:
    """What one file holds: docstring, exports, public symbols, how it runs."""
    lines = [f"## {code(item.path)}", ""]
    if item.note:
        return [*lines, w("skipped", note=_note(item.note, w)), ""]
    doc = _quoted(item.doc, MAX_DOC_LINES)
    lines += [*doc, ""] if doc else []
    if item.exports:
        lines += [w("exports", names=listed(item.exports, w)), ""]
    if item.symbols:
        lines += [w("symbols"), ""]
        lines += [_symbol_line(s, w) for s in item.symbols[:MAX_LISTED]]
        more = len(item.symbols) - MAX_LISTED
        lines += [w("more", n=more), ""] if more > 0 else [""]
    lines += [w("runs", how=w.term(item.main)), ""] if item.main else []
    found = (("commands", item.commands), ("routes", item.routes))
    lines += [w(key, names=listed(v, w)) + "\n" for key, v in found if v]
    return lines if len(lines) > 2 else [*lines, w("nothing"), ""]


def is_bare(item: FileFacts) -> bool:
    """Whether a file gave nothing to say: no note, docstring, symbol or entry point."""
    said = item.note or item.doc.strip() or item.symbols or item.main or item.exports
    return not (said or item.commands or item.routes)


def infra_section(item: FileFacts, w: Words) -> list[str]:
    """What one infrastructure file declares, grouped by kind: described items one a line,
    the others as a list of names."""
    title = f"## {code(item.path)}"
    named = item.language == "yaml" and item.doc
    lines = [title + (w("colon") + first_line(item.doc) if named else "")]
    lines.append("")
    doc = _quoted(item.doc, 10) if item.language != "yaml" else []
    lines += [*doc, ""] if doc else []
    kinds: dict[str, list[Symbol]] = {}
    for symbol in item.symbols:
        kinds.setdefault(symbol.kind, []).append(symbol)
    for kind in sorted(kinds, key=lambda k: (*_INFRA_ORDER, k).index(k)):
        found = kinds[kind]
        label = w.noun(kind, len(found))
        label = label[:1].upper() + label[1:]
        if kind in _DESCRIBED and any(s.doc for s in found):
            lines += [f"{label}{w('colon').rstrip()}", ""]
            lines += [f"- {code(s.signature)}" + (w("colon") + s.doc if s.doc else "")
                      for s in found[:MAX_LISTED]]  # fmt: skip
            more = len(found) - MAX_LISTED
            lines += [w("more", n=more), ""] if more > 0 else [""]
        else:
            names = [s.signature if kind in _LISTED_AS_WRITTEN else s.name for s in found]
            lines += [f"{label}{w('colon')}{listed(names, w)}.", ""]
    lines += [w("runs", how=item.main), ""] if item.main else []
    return lines if len(lines) > 2 else [*lines, w("nothing"), ""]


def inventory(files: Iterable[FileFacts], what: str, w: Words = ENGLISH) -> str:
    """A plain sentence of what files hold: 'Python module with 2 public functions: a, b.'"""
    items = list(files)
    name = language_name(items[0].path, items[0].language) if items else ""
    parts = [counted((s for f in items for s in f.symbols), w)]
    routes = list(dict.fromkeys(r for f in items for r in f.routes))  # each once
    commands = list(dict.fromkeys(c for f in items for c in f.commands))
    for noun, found in (("route", routes), ("command", commands)):
        more = len(found) - MAX_NAMED
        shown = ", ".join(found[:MAX_NAMED]) + (w("more_items", n=more) if more > 0 else "")
        parts += [w.count(len(found), noun) + w("colon") + shown] if found else []
    said = "; ".join(p for p in parts if p)
    key = "inventory" if said else "inventory_empty"
    return w(key, language=name, what=what, What=what[:1].upper() + what[1:], parts=said)


def counted(symbols: Iterable[Symbol], w: Words = ENGLISH, *, names: bool = True) -> str:
    """'2 public functions: a, b; 1 public class: C' (each kind with its first names)."""
    kinds: dict[str, dict[str, None]] = {}
    for symbol in symbols:  # a name given twice (Rust's #[cfg] variants) is one
        kinds.setdefault(symbol.kind, {})[symbol.name] = None
    parts = []
    for kind, named in kinds.items():
        found = list(named)
        more = len(found) - MAX_NAMED
        listed = ", ".join(found[:MAX_NAMED]) + (w("more_items", n=more) if more > 0 else "")
        parts.append(w.count(len(found), kind) + (w("colon") + listed if names else ""))
    return "; ".join(parts) if names else ", ".join(parts)


# --- READMEs ---------------------------------------------------------------------------


def readme_of(folder: str, texts: Iterable[str]) -> str | None:
    """The README right in ``folder`` (a path from the project; '' for its top), if any."""
    found = [
        p for p in texts if posixpath.dirname(p) == folder and _README.match(posixpath.basename(p))
    ]
    order = (".md", ".markdown", ".rst", ".txt", "")
    return min(
        found, key=lambda p: (order.index(posixpath.splitext(p)[1].lower()), p), default=None
    )


PAGES_FOLDER_MIN = 3  # pages besides its README that make a folder one of documents


def pages_folders(files: Iterable[str]) -> frozenset[str]:
    """The folders (paths from the project) that hold more Markdown pages than other
    files, :data:`PAGES_FOLDER_MIN` at least besides their README: folders of documents,
    whose README introduces them and not the code beside them (ministryofjustice/
    modernisation-platform's architecture-decision-record/, 45 records and an empty
    script, whose draft was summed up as "This is our architecture decision log")."""
    pages: dict[str, int] = {}
    others: dict[str, int] = {}
    for path in files:
        folder, name = posixpath.split(path)
        if _README.match(name):
            continue
        counted = pages if name.lower().endswith((".md", ".markdown")) else others
        counted[folder] = counted.get(folder, 0) + 1
    return frozenset(
        folder
        for folder, count in pages.items()
        if count >= PAGES_FOLDER_MIN and count > others.get(folder, 0)
    )


def prose(text: str, limit: int = README_CHARS) -> list[str]:
    """The paragraphs of a README's introduction (up to the first heading after them) that
    read as sentences, up to ``limit`` characters."""
    found: list[str] = []
    size = 0
    defined = markdown.definitions(text) if "]:" in text else {}
    for written in language.introduction(text):
        if not language.is_sentence(written):
            continue
        # its definitions are not quoted with it
        paragraph = _unbracketed(written, defined) if defined and "[" in written else written
        if found and size + len(paragraph) > limit:
            break
        found.append(clip(paragraph, limit))
        size += len(found[-1])
    return found


def readme_sections(text: str, w: Words = ENGLISH) -> list[str]:
    """The level-1 to level-3 headings of a README as list items, indented by level.

    Read with :func:`mdbrain.core.markdown.scan`, which is linear in the text, past the
    README's frontmatter: its closing ``---`` made a heading of the line above it
    (Homebrew/brew's ``last_review_date: "2026-06-08"``).
    """
    body = document.loads_leniently(text, "").body if text.startswith("---") else text
    found = [h for h in markdown.scan(body).headings if h.level <= 3]
    lines = [f"{'  ' * (h.level - 1)}- {plain(h.title)}" for h in found[:README_SECTIONS]]
    more = len(found) - README_SECTIONS
    return [*lines, "- …" + w("more_items", n=more)] if more > 0 else lines
