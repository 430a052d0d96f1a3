"""MkDocs snippet includes (pymdownx.snippets): the text a built page shows in their place.

A page of an MkDocs site may be no more than ``--8<-- "CONTRIBUTING.md"``: the site
shows the file there when it is built. Imported as written, such a page holds one
line and none of what it says. :func:`expand` puts each included file's text in its
place, read through a caller's function (which confines it to the site's base
folder), so the imported page holds what a reader of the site reads.

Both forms are read, as the extension reads them, code blocks included: a line
``--8<-- "file.md"`` (a ``:start:end`` range of its lines kept, counted from 1,
before its own includes are expanded), and a block of file names between two
``--8<--`` lines. An escaped include (``;--8<--``), a file that cannot be read and a
file already being expanded (one that includes itself, directly or not) are left as
written, and said. Includes are expanded :data:`DEPTH` levels deep, and add
:data:`MOST` characters, at most.

:func:`expand_code` does the same for the code includes of FastAPI's and SQLModel's
sites (markdown-include-variants' ``{* file ln[1:8] *}``, mdx_include's ``{!file!}``),
within the same limits, :func:`expand_book` for mdBook's (``{{#include file:2:9}}``), and
:func:`expand_hugo` for the include shortcodes of Hugo sites (``{{% include "/x.md" %}}``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final

from mdbrain.core import codemap, markdown

DEPTH = 3  # levels of includes expanded, at most
MOST = 4_000_000  # characters all the includes of one page may add, at most
MARK = "--8<--"
_LINE = re.compile(r"""^(?P<indent>[ \t]*)--8<--[ \t]+(?P<q>["'])(?P<name>[^"'\n]+)(?P=q)[ \t]*$""")
_BLOCK = re.compile(r"^[ \t]*--8<--[ \t]*$")
_RANGE = re.compile(r"^(?P<file>.+?)(?::(?P<start>\d{0,9})(?::(?P<end>\d{0,9}))?)?$")

Reader = Callable[[str], "str | None"]  # a file's text by its name as written; None: unreadable


@dataclass
class Expanded:
    text: str
    included: list[str] = field(default_factory=list)  # names read, in order
    missing: list[str] = field(default_factory=list)  # names that could not be read
    looping: list[str] = field(default_factory=list)  # names that include themselves
    over: list[str] = field(default_factory=list)  # names left once MOST was reached
    invalid: list[str] = field(default_factory=list)  # code includes asking for no lines
    added: int = 0  # characters the includes added


def expand(text: str, read: Reader, depth: int = DEPTH, itself: str = "") -> Expanded:
    """``text`` with its snippet includes replaced by the files they name (see above);
    ``itself`` names the file the text is, as an include would name it."""
    out = Expanded(text)
    if MARK in text:  # most pages: one search in C
        out.text = _expanded(text, read, depth, (itself,) if itself else (), out)
    return out


def _expanded(text: str, read: Reader, depth: int, chain: tuple[str, ...], out: Expanded) -> str:
    result: list[str] = []
    block: list[str] | None = None  # the lines of a block of names, as written
    taken: list[str] | None = []  # what that block gives (None: a name was not read)
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        if block is not None:
            if _BLOCK.match(line):  # the block's end: what it gives, or as written
                result += taken if taken is not None else [*block, raw]
                block = None
            else:
                block.append(raw)
                name = line.strip()
                if name and not name.startswith(";") and taken is not None:
                    got = _included(name, "", read=read, depth=depth, chain=chain, out=out)
                    taken = None if got is None else taken + got
            continue
        if _BLOCK.match(line):
            block, taken = [raw], []
            continue
        found = _LINE.match(line)
        got = None
        if found is not None:
            indent = found.group("indent")
            got = _included(
                found.group("name"), indent, read=read, depth=depth, chain=chain, out=out
            )
        result += [raw] if got is None else got
    if block is not None:  # a block never closed: left as it was written
        result += block
    return "\n".join(result)


def _included(
    name: str, indent: str, *, read: Reader, depth: int, chain: tuple[str, ...], out: Expanded
) -> list[str] | None:
    """The lines of the file ``name`` names (a range of them), its own includes expanded,
    indented as the include was; None when it is not read."""
    parts = _RANGE.match(name)
    file = (parts.group("file") if parts else name).strip()
    if file in chain:
        out.looping.append(file)
        return None
    if out.added > MOST:
        out.over.append(name)
        return None
    text = read(file) if depth > 0 else None
    if text is None:
        out.missing.append(name)
        return None
    out.included.append(file)
    out.added += len(text)
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").rstrip("\n").split("\n")
    if parts and (parts.group("start") or parts.group("end")):
        start = int(parts.group("start") or 1)
        end = int(parts.group("end") or len(lines))
        lines = lines[max(start, 1) - 1 : end]
    inner = "\n".join(lines)
    if MARK in inner:
        inner = _expanded(inner, read, depth - 1, (*chain, file), out)
    return [indent + line if line else line for line in inner.split("\n")]


# --- code includes ----------------------------------------------------------------------
#
# FastAPI and SQLModel show their tutorial code with two other extensions, which MkDocs
# runs before pymdownx.snippets:
#
# - markdown-include-variants: a line ``{* ./docs_src/where/tutorial001_py310.py ln[34:39]
#   hl[36] *}`` becomes a ``python`` code block of those lines of the file (of its newest
#   variant: ``tutorial001_an_py310.py`` before ``tutorial001.py``), a comment saying
#   where lines were left out; ``hl[...]`` only highlights lines, and the other variants
#   are only offered in tabs, so both are left out here. A page often shows the same
#   file again, highlighting other lines each time (fastapi's OAuth2 scopes page holds
#   one file of 182 lines eight times): the first include gives the lines asked, a later
#   one of the same lines only those it highlights, or none, a comment saying so.
# - mdx_include: ``{!./docs_src/update/tutorial004_py310.py[ln:42-68]!}``, anywhere in a
#   line, becomes the file's text as it is, mostly inside a code block the page opens;
#   the includes of the files it reads are expanded in turn.
#
# Standing alone on its line outside a code block, the include of a code file becomes a
# code block whose language comes from the file's suffix, so that it stays code once
# imported; a Markdown file is text of the page, and inside a code block the lines are
# put as they are. An include that is not read is left as written, and said.

VARIANTS = "{*"  # markdown-include-variants
MDX = "{!"  # mdx_include
_VARIANTS_LINE = re.compile(
    r"^(?P<indent>[ \t]*)\{\*[ \t]*(?P<file>[^\s*]\S*)(?P<options>.*?)\*\}[ \t]*$"
)
_OPTION = re.compile(r"(\w+)\[([^\]]*)\]")
_MDX_INCLUDE = re.compile(
    r"(?P<escape>\\)?\{![+>-]?[ \t]*(?P<path>[^|\n]+?)[ \t]*(?:\|[^!\n]*)?!\}"
)
_MDX_LINES = re.compile(r"^(?P<file>.+?)[ \t]*\[ln:(?P<ranges>[^\]]*)\]$")
_VARIANT_SPAN = re.compile(r"(\d{1,9})(?::(\d{1,9}))?", re.ASCII)  # 5, 5:8
_MDX_SPAN = re.compile(r"(\d{1,9})?(-(\d{1,9})?)?", re.ASCII)  # 5, 5-8, 5-, -8
_FENCE = re.compile(r"^[ \t]*(" + markdown.FENCE_RUN + r")")  # in a tab or an admonition too
_TICKS = re.compile(r"^[ \t]*(`{3,})", re.MULTILINE)
_PAGE_TEXT = (".md", ".markdown", ".mdx", ".txt", ".html", ".htm")  # not code
# how a language starts a comment: the lines that say code was left out are comments
_HASH_COMMENTS = frozenset({"python", "shell", "ruby", "yaml", "toml", "terraform", "dockerfile"})
_SLASH_COMMENTS = frozenset(
    {"javascript", "typescript", "go", "rust", "java", "kotlin", "c", "c++", "c#", "swift", "php"}
)

Span = tuple[int, "int | None"]  # first and last line, counted from 1; None: to the end
Part = tuple[int, list[str]]  # lines of a file, with the number of the first


@dataclass(frozen=True, slots=True)
class _Include:
    """One code include: as written (what a note names), the files it may read, in
    order, the lines it asks for (none: all; None: a range that cannot be read), and
    whether a comment marks the lines left out (include-variants does)."""

    written: str
    files: tuple[str, ...]
    spans: list[Span] | None
    marked: bool
    highlight: tuple[Span, ...] = ()  # the lines ``hl[...]`` highlights
    again: bool = False  # the same lines of the same file were shown above in the page


@dataclass(frozen=True, slots=True)
class _Reading:
    read: Reader
    mdx: bool  # the site expands mdx_include's includes, in the files they read too
    out: Expanded
    shown: set[tuple[tuple[str, ...], tuple[Span, ...]]] = field(default_factory=set)


def expand_code(
    text: str, read: Reader, *, variants: bool, mdx: bool, depth: int = DEPTH
) -> Expanded:
    """``text`` with the code includes of the extensions its site turns on replaced by
    the lines they name (see above). ``invalid`` lists the includes whose line ranges
    cannot be read, or that the file does not hold."""
    out = Expanded(text)
    if (variants and VARIANTS in text) or (mdx and MDX in text):  # most pages: no include
        out.text = _code_expanded(text, _Reading(read, mdx, out), variants, depth, ())
    return out


def _code_expanded(
    text: str, reading: _Reading, variants: bool, depth: int, chain: tuple[str, ...]
) -> str:
    result: list[str] = []
    fence = ""  # the run of backticks or tildes of the code block the line is in
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        got: list[str] | None = None
        found = _VARIANTS_LINE.match(line) if variants and VARIANTS in line else None
        if found is not None:
            include = _variant(found.group("file"), found.group("options"), line.strip())
            if include.spans is not None:
                key = (include.files, tuple(include.spans))
                include = replace(include, again=key in reading.shown)
                reading.shown.add(key)
            got = _placed(
                include, found.group("indent"), not fence, reading, depth=depth, chain=chain
            )
        elif reading.mdx and MDX in line:
            got = _mdx_line(line, not fence, reading, depth, chain)
        if got is not None:
            result += got
            continue
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := _FENCE.match(line)) is not None:
            fence = opened.group(1)
        result.append(raw)
    return "\n".join(result)


def _variant(file: str, options: str, written: str) -> _Include:
    """A ``{* file ln[...] hl[...] *}`` include: the file's variants, as
    markdown-include-variants prefers them, and the ranges of ``ln``, in order."""
    spans: list[Span] | None = []
    highlight: list[Span] = []
    for option in _OPTION.finditer(options):
        # ``ln[0]`` shows no line of the file, only the whole file folded under it
        # ("Full file preview"): SQLModel's way to recall the code a page goes on from
        if option.group(1) == "ln" and spans is not None and option.group(2).strip() != "0":
            more = _spans(option.group(2), _variant_span)
            spans = None if more is None else sorted([*spans, *more], key=_span_order)
        elif option.group(1) == "hl":
            highlight += _spans(option.group(2), _variant_span) or []
    marked = sorted(highlight, key=_span_order)
    return _Include(written, _variants_of(file), spans, marked=True, highlight=tuple(marked))


def _variants_of(file: str) -> tuple[str, ...]:
    """The files markdown-include-variants looks for when a page names ``file``, the one
    it shows first: Annotated forms before plain ones, newer Python first."""
    if not file.endswith(".py"):
        return (file,)
    stem = file.removesuffix(".py")
    tails = ("_an_py310", "_an_py39", "_an", "_py310", "_py39", "")
    return tuple(dict.fromkeys(f"{stem}{tail}.py" for tail in tails))


def _mdx_line(
    line: str, block: bool, reading: _Reading, depth: int, chain: tuple[str, ...]
) -> list[str] | None:
    """``line`` with its mdx_include includes replaced; None when none was."""
    found = [m for m in _MDX_INCLUDE.finditer(line) if not m.group("escape")]
    if not found:
        return None
    first = found[0]
    if len(found) == 1 and not line[: first.start()].strip() and not line[first.end() :].strip():
        return _placed(_mdx(first), line[: first.start()], block, reading, depth=depth, chain=chain)
    pieces, at, changed = [], 0, False  # includes within a line of text: put in its place
    for match in found:
        got = _placed(_mdx(match), "", False, reading, depth=depth, chain=chain)
        pieces += [line[at : match.start()], match.group() if got is None else "\n".join(got)]
        at, changed = match.end(), changed or got is not None
    return "".join([*pieces, line[at:]]).split("\n") if changed else None


def _mdx(match: re.Match[str]) -> _Include:
    """An mdx_include include: its file and the ranges of its ``[ln:...]``."""
    path = match.group("path")
    ranged = _MDX_LINES.match(path)
    if ranged is None:
        return _Include(match.group(), (path,), [], marked=False)
    spans = _spans(ranged.group("ranges"), _mdx_span)
    return _Include(match.group(), (ranged.group("file"),), spans, marked=False)


def _spans(written: str, one: Callable[[str], Span | None]) -> list[Span] | None:
    """The comma-separated line ranges of ``written``; None when one is no range."""
    spans = []
    for part in written.split(","):
        span = one(part.strip())
        if span is None or span[0] < 1 or (span[1] is not None and span[1] < span[0]):
            return None
        spans.append(span)
    return spans


def _variant_span(written: str) -> Span | None:
    found = _VARIANT_SPAN.fullmatch(written)
    if found is None:
        return None
    start = int(found.group(1))
    return start, int(found.group(2) or start)


def _mdx_span(written: str) -> Span | None:
    found = _MDX_SPAN.fullmatch(written)
    if found is None or not written:
        return None
    start = int(found.group(1) or 1)
    if not found.group(2):  # one line
        return start, start
    return start, int(found.group(3)) if found.group(3) else None


def _span_order(span: Span) -> tuple[int, int]:
    return span[0], span[1] if span[1] is not None else 1 << 40


def _placed(
    include: _Include,
    indent: str,
    block: bool,
    reading: _Reading,
    *,
    depth: int,
    chain: tuple[str, ...],
) -> list[str] | None:
    """The lines an include stands for, indented as it is: in a code block of their
    own when ``block`` (it stands alone outside one) and the file is code; None when
    the include is not read."""
    got = _code_file(include, reading, depth, chain)
    if got is None:
        return None
    file, parts, length = got
    language = _language(file)
    fenced = block and language is not None
    comment = _comment(language) if include.marked and fenced else None
    # "shown above" misled a passage read alone (fastapi's 404 answer): the page says where
    again = " (shown whole further up the page)" if include.again else ""
    lines = _joined(parts, length, comment, again)
    text = "\n".join(lines)
    if reading.mdx and MDX in text and depth > 1:  # mdx_include reads the file's includes
        lines = _code_expanded(text, reading, False, depth - 1, (*chain, file)).split("\n")
    if fenced:
        ticks = "`" * max([3, *(len(run) + 1 for run in _TICKS.findall(text))])
        lines = [f"{ticks}{language}", *lines, ticks]
    return [indent + line if line else line for line in lines]


def _code_file(
    include: _Include, reading: _Reading, depth: int, chain: tuple[str, ...]
) -> tuple[str, list[Part], int] | None:
    """The file an include reads, the parts of it it asks for and its length in lines;
    None, and said, when it is not read."""
    out = reading.out
    files = [name.strip() for name in include.files]
    if any(name in chain for name in files):
        out.looping.append(include.written)
        return None
    if out.added > MOST:
        out.over.append(include.written)
        return None
    for file in files if depth > 0 else ():
        text = reading.read(file)
        if text is not None:
            break
    else:
        out.missing.append(include.written)
        return None
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").rstrip("\n").split("\n")
    parts = _parts(lines, include.spans) if not include.again else _again(lines, include)
    if parts is None:
        out.invalid.append(include.written)
        return None
    out.included.append(file)
    out.added += sum(len(line) + 1 for _start, part in parts for line in part)
    return file, parts, len(lines)


def _parts(lines: list[str], spans: list[Span] | None) -> list[Part] | None:
    """The lines each range asks for, with the number of its first; all of them when
    none is asked; None when a range starts past the file's end (it may end past it)."""
    if spans is None:
        return None
    if not spans:
        return [(1, lines)]
    parts = []
    for start, end in spans:
        if start > len(lines):
            return None
        parts.append((start, lines[start - 1 : end]))
    return parts


def _again(lines: list[str], include: _Include) -> list[Part] | None:
    """The lines of a file shown again in a page: those it highlights, within the lines
    asked; none when it highlights none."""
    asked = _parts(lines, include.spans)
    if asked is None:
        return None
    out = []
    for first, last in include.highlight:
        for start, part in asked:
            low, high = max(first, start), min(last or first, start + len(part) - 1)
            if low <= high:
                out.append((low, part[low - start : high - start + 1]))
    return sorted(out, key=lambda found: found[0])


def _joined(parts: list[Part], length: int, comment: str | None, said: str = "") -> list[str]:
    """The parts one after the other; with a ``comment`` mark, a comment says which
    lines of the file were left out before, between and after them (and ``said``, why)."""
    if comment is None:
        return [line for _start, part in parts for line in part]
    lines: list[str] = []
    shown = 0  # the last line shown so far
    for start, part in parts:
        if start > shown + 1:
            lines += [*([""] if lines else []), _gap(comment, shown + 1, start - 1, said), ""]
        lines += part
        shown = max(shown, start + len(part) - 1)
    if shown < length:
        lines += [*([""] if lines else []), _gap(comment, shown + 1, length, said)]
    return lines


def _gap(comment: str, first: int, last: int, said: str = "") -> str:
    lines = f"line {first}" if first == last else f"lines {first}-{last}"
    return f"{comment} ... {lines} of the file left out{said}"


def _language(file: str) -> str | None:
    """The language of a code block holding ``file``, from its suffix ('' when it names
    none); None for a page's text (Markdown, HTML), put in the page as it is."""
    name = file.rsplit("/", 1)[-1]
    suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name.strip(".") else ""
    if suffix in _PAGE_TEXT:
        return None
    return codemap.LANGUAGES.get(suffix, suffix[1:] if suffix[1:].isalnum() else "")


def _comment(language: str | None) -> str | None:
    if language in _HASH_COMMENTS:
        return "#"
    return "//" if language in _SLASH_COMMENTS else None


# --- mdBook ----------------------------------------------------------------------------
#
# An mdBook chapter shows code with ``{{#include ../listings/ch02/src/main.rs}}`` (the
# path from the chapter's folder), mostly inside a code block the chapter opens. After
# the path: ``:N`` (that line), ``:N:M``, ``:N:`` or ``::M`` (lines, an end left open),
# or ``:name``, the lines between ``ANCHOR: name`` and ``ANCHOR_END: name``; the lines
# marking anchors are never shown. ``{{#rustdoc_include}}`` shows the same lines (the
# rest of its file is only there for rustdoc, hidden) and ``{{#playground}}`` the whole
# file in a Rust code block of its own (``editable`` and its other words become the
# block's attributes, ```` ```rust,editable ````). mdBook reads no include of an
# included file; ``\{{#include ...}}`` is text.

BOOK = "{{#"
_BOOK_INCLUDE = re.compile(
    r"(?P<escape>\\)?\{\{#(?P<kind>include|rustdoc_include|playground)"
    r"[ \t]++(?P<spec>[^\s{}]++)(?P<attributes>[^{}\n]*+)\}\}"  # possessive: linear
)
_ANCHOR_MARK = re.compile(r"ANCHOR(?:_END)?:[ \t]*([\w-]+)")
_BOOK_LINE = re.compile(r"[0-9]{1,9}")  # a line number as mdBook reads one


def expand_book(text: str, read: Reader) -> Expanded:
    """``text`` with each mdBook include replaced by the lines it shows (see above);
    ``missing`` lists those whose file cannot be read, ``invalid`` those asking for
    lines or an anchor the file does not hold."""
    out = Expanded(text)
    if BOOK not in text:  # most pages: one search in C
        return out

    def shown(found: re.Match[str]) -> str:
        if found.group("escape") or out.added > MOST:
            return found.group()
        file, _, where = found.group("spec").partition(":")
        whole = read(file)
        if whole is None:
            out.missing.append(found.group())
            return found.group()
        lines = _book_lines(whole.removeprefix("\ufeff").replace("\r\n", "\n").split("\n"), where)
        if lines is None:
            out.invalid.append(found.group())
            return found.group()
        out.included.append(file)
        got = "\n".join(line for line in lines if not _ANCHOR_MARK.search(line)).rstrip("\n")
        if found.group("kind") == "playground":  # shown as a Rust code block of its own
            attributes = "".join("," + word for word in found.group("attributes").split())
            got = f"```rust{attributes}\n{got}\n```"
        out.added += len(got)
        return got

    out.text = _BOOK_INCLUDE.sub(shown, text)
    return out


def _book_lines(lines: list[str], where: str) -> list[str] | None:
    """The lines of a file an include's ``where`` names ('' for all; see above), or None
    when the file does not hold them."""
    if not where:
        return lines
    start, colon, end = where.partition(":")
    if not colon and _BOOK_LINE.fullmatch(start) is None:  # an anchor's name
        opened = next((n for n, line in enumerate(lines) if _anchor(line, "ANCHOR", start)), None)
        if opened is None:
            return None
        ends = (n for n in range(opened + 1, len(lines)) if _anchor(lines[n], "ANCHOR_END", start))
        return lines[opened + 1 : next(ends, len(lines))]
    if any(part and _BOOK_LINE.fullmatch(part) is None for part in (start, end)):
        return None  # "²" and "٣" are digits to Python, not to mdBook
    first = int(start) if start else 1
    last = first if not colon else (int(end) if end else len(lines))
    if first < 1 or first > len(lines) or last < first:
        return None
    return lines[first - 1 : last]


def _anchor(line: str, mark: str, name: str) -> bool:
    found = _ANCHOR_MARK.search(line)
    return found is not None and found.group(1) == name and found.group().startswith(mark + ":")


# --- MDX partials -------------------------------------------------------------------------
# Docusaurus (and any MDX site) shows another Markdown file inside a page by importing it
# as a component and writing that component where its text goes:
#   import TagsFileSection from './_partial-tags-file.mdx';
#   <TagsFileSection />
# The import is JavaScript, left out of the page written, and the component is nothing to a
# Markdown reader: :func:`expand_partials` puts the file's text in its place.

PARTIAL = "import "
_PARTIAL_IMPORT = re.compile(
    r"^import[ \t]+(?P<name>[A-Z][\w$]*)[ \t]+from[ \t]+"
    r"""(?P<q>["'])(?P<file>[^"'\n]+\.mdx?)(?P=q)[ \t]*;?[ \t]*$""",
    re.MULTILINE,
)
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_ANY_FENCE = re.compile(r"^[ \t]*(" + markdown.FENCE_RUN + r")")  # in a list or a tab too
# an import of one line in a partial: JavaScript, which the page it goes into would show
_ONE_LINE_IMPORT = re.compile(
    r"""^import[ \t][^\n]*?[ \t]from[ \t]+(["'])[^"'\n]+\1[ \t]*;?[ \t]*$"""
)


def expand_partials(text: str, read: Reader, depth: int = DEPTH) -> Expanded:
    """``text`` (an MDX page) with each Markdown file it imports as a component
    (``import Intro from './_intro.mdx'``) shown where the component stands alone on its
    line (``<Intro />``, props and all), outside code: the file's text without its
    front matter, indented as the component is, its own partials expanded in turn
    (``depth`` levels, names taken from its folder). The import lines stay (an MDX
    page's JavaScript is left out later). ``missing`` names the files that cannot be
    read; a component used inside a line, or with children, stays as written. A name
    may start with an alias (``@site/``), which ``read`` is left to resolve."""
    out = Expanded(text)
    if PARTIAL in text and "<" in text:  # most pages: two searches in C
        out.text = _partials(text, read, depth=depth, folder="", chain=(), out=out)
    return out


def _partials(
    text: str, read: Reader, *, depth: int, folder: str, chain: tuple[str, ...], out: Expanded
) -> str:
    imported = {m.group("name"): m.group("file") for m in _PARTIAL_IMPORT.finditer(text)}
    if not imported:
        return text
    if depth <= 0:  # nested deeper than DEPTH: left as written, and said
        out.over += [_partial_name(folder, file) for file in imported.values()]
        return text
    used = re.compile(
        r"^(?P<indent>[ \t]*)<(?P<name>" + "|".join(map(re.escape, imported)) + r")"
        r"(?:[ \t][^<>\n]*)?/>[ \t]*$"
    )
    lines = text.split("\n")
    prose = markdown.outside_code(lines, _ANY_FENCE)
    for number, line in enumerate(lines):
        found = used.match(line) if prose[number] and "<" in line else None
        if found is None or out.added > MOST:
            continue
        name = _partial_name(folder, imported[found.group("name")])
        body = _read_include(name, read, chain, out)
        if body is None:
            continue
        inner = _partials(
            body,
            read,
            depth=depth - 1,
            folder=_partial_folder(name),
            chain=(*chain, name),
            out=out,
        )
        indent = found.group("indent")
        shown = "\n".join(
            indent + piece if piece.strip() else piece
            for piece in _without_imports(inner).split("\n")
        )
        out.added += len(shown)
        lines[number] = shown
    return "\n".join(lines)


def _read_include(name: str, read: Reader, chain: tuple[str, ...], out: Expanded) -> str | None:
    """The text of the file an include or a partial names, without its front matter,
    and it said in ``out``; None (and said) for one that includes itself on ``chain``
    and for one that cannot be read."""
    if name in chain:
        out.looping.append(name)
        return None
    whole = read(name)
    if whole is None:
        out.missing.append(name)
        return None
    out.included.append(name)
    body = _FRONT_MATTER.sub("", whole.removeprefix("\ufeff").replace("\r\n", "\n"), count=1)
    return body.strip("\n")


def _without_imports(text: str) -> str:
    """A partial's text without its one-line imports (outside code), and the blank line
    after each when one comes before: in the page, indented, nothing would leave them
    out."""
    if PARTIAL not in text:
        return text
    kept: list[str] = []
    dropped = False
    lines = text.split("\n")
    for line, prose in zip(lines, markdown.outside_code(lines, _ANY_FENCE), strict=True):
        if prose and _ONE_LINE_IMPORT.match(line):
            dropped = True
            continue
        if prose and dropped and not line.strip() and (not kept or not kept[-1].strip()):
            continue
        dropped = False
        kept.append(line)
    return "\n".join(kept)


def _partial_name(folder: str, name: str) -> str:
    """An import's file as a name the reader takes: from the page's folder ('' for the
    page's own), normalised, so that a loop is seen however it is written; an alias as
    written."""
    if name.startswith("@"):  # an alias (Docusaurus' @site/) is no path
        return name
    return posixpath.normpath(posixpath.join(folder, name))  # "./_a.mdx" is "_a.mdx"


def _partial_folder(name: str) -> str:
    return posixpath.dirname(name)


# --- Jekyll's Liquid includes -----------------------------------------------------------

LIQUID: Final = "{%"
# an include of a Markdown file alone on its line: "{% include api/en/5x/app-get.md %}",
# "{%- include_relative notes.md -%}"; its parameters, if any, are left to Liquid
_LIQUID_INCLUDE = re.compile(  # linear: possessive runs, a lazy name up to its suffix
    r"^(?P<indent>[ \t]*+)\{%-?[ \t]*+(?P<kind>include_relative|include)[ \t]++"
    r"(?P<file>[\w/-][\w./-]*?\.(?:markdown|md))(?![\w./-])"
    r"(?:[ \t]++[^%\n]*+)?+-?%\}[ \t]*+$"
)


def expand_liquid(text: str, read: Reader, depth: int = DEPTH) -> Expanded:
    """``text`` (a Jekyll page) with each Markdown file it includes alone on a line,
    outside code, in the place of the include: the file's text without its front matter,
    its own includes expanded in turn (``depth`` levels). ``read`` is given the name as
    written, ``include_relative`` ones prefixed with ``./``: an include names a file of the
    site's ``_includes``, an ``include_relative`` one of the page's folder.
    expressjs/expressjs.com wrote its API reference so, a page of 31 includes."""
    out = Expanded(text)
    if LIQUID in text and "include" in text:
        out.text = _expand_tags(text, read, _liquid_tag, depth=depth, chain=(), out=out)
    return out


def _liquid_tag(line: str) -> tuple[str, str] | None:
    """The file a Liquid include alone on ``line`` names (``include_relative`` ones
    prefixed with ``./``) and the tag's indent; None for any other line."""
    found = _LIQUID_INCLUDE.match(line) if LIQUID in line else None
    if found is None:
        return None
    name = ("./" if found.group("kind") == "include_relative" else "") + found.group("file")
    return name, found.group("indent")


def _expand_tags(
    text: str,
    read: Reader,
    tag: Callable[[str], tuple[str, str] | None],
    *,
    depth: int,
    chain: tuple[str, ...],
    out: Expanded,
) -> str:
    """``text`` with each line outside code that ``tag`` reads as an include (the name it
    gives and its indent) replaced by the text of the file named, its own includes
    expanded in turn: Liquid's and Hugo's alike. The text goes where the tag stands: only
    its first line takes the tag's indent."""
    lines = text.split("\n")
    prose = markdown.outside_code(lines, _ANY_FENCE)
    for number, line in enumerate(lines):
        found = tag(line) if prose[number] else None
        if found is None:
            continue
        name, indent = found
        if name not in chain and (depth <= 0 or out.added > MOST):
            out.over.append(name)
            continue
        body = _read_include(name, read, chain, out)
        if body is None:
            continue
        inner = _expand_tags(body, read, tag, depth=depth - 1, chain=(*chain, name), out=out)
        shown = indent + inner
        out.added += len(shown)
        lines[number] = shown
    return "\n".join(lines)


# --- Hugo's include shortcodes ----------------------------------------------------------

HUGO: Final = ("{{%", "{{<")
# a shortcode alone on its line that puts another page's text in its place: hugoDocs'
# own "{{% include "/_common/gitignore-public.md" %}}", Docsy's "{{% readfile
# file="/docs/_setup.md" %}}"; an escaped one ("{{%/* include */%}}") shows itself
_HUGO_INCLUDE = re.compile(  # linear: possessive runs, one quoted name
    r"^(?P<indent>[ \t]*+)\{\{[%<][ \t]*+(?:include|readfile)[ \t]++(?:file[ \t]*+=[ \t]*+)?"
    r"(?P<q>[\"'`])(?P<file>[^\"'`\n]{1,300})(?P=q)[ \t]*+[%>]\}\}[ \t]*+$"
)


def expand_hugo(text: str, read: Reader, depth: int = DEPTH) -> Expanded:
    """``text`` (a page of a Hugo site) with each page it includes alone on a line,
    outside code, in the place of the shortcode: that page's text without its front
    matter, its own includes expanded in turn (``depth`` levels). ``read`` is given the
    name as written (``/_common/x.md``, ``functions/_common/glob-patterns``).
    gohugoio/hugoDocs includes shared parts so in 162 pages: the options a page links
    to were in the part, which came in as a page of its own."""
    out = Expanded(text)
    if any(mark in text for mark in HUGO) and ("include" in text or "readfile" in text):
        out.text = _expand_tags(text, read, _hugo_tag, depth=depth, chain=(), out=out)
    return out


def _hugo_tag(line: str) -> tuple[str, str] | None:
    """The page a Hugo include shortcode alone on ``line`` names, and its indent; None
    for any other line."""
    found = _HUGO_INCLUDE.match(line) if "{{" in line else None
    return None if found is None else (found.group("file"), found.group("indent"))
