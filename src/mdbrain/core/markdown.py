"""Read what mdbrain needs from a Markdown body in one pass over its lines.

Two things come out: the link targets the text writes (inline and
reference-style, not images, not inside code) and the heading outline with the
line range each section covers, so that a reader can fetch one section.

This is a line scanner, not a full CommonMark parser: the index has to read
thousands of documents in well under a second, which a full parser cannot do
in Python. It follows CommonMark for the parts that decide where links and
headings are: fenced and indented code, code spans, escapes, HTML comments,
ATX and setext headings. ``tests/test_markdown.py`` compares it with
markdown-it-py on generated documents.

Every step is linear in the length of the text, whatever the text: documents
come from anyone, and one hostile page must not stall an index of thousands.
The expressions below either match at the start of a line only, or cannot
backtrack; code spans, ATX headings and link destinations are read by hand
(``tests/test_bounded_work.py`` holds the inputs that once made them quadratic).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from mdbrain.core.lazy import lazy_pattern

# First characters with which a line may open a block other than a paragraph.
_SPECIAL_FIRST = frozenset(" \t#`~<>-*+_=[|0123456789")
# An admonition as MkDocs (Material, Python-Markdown) writes one, "!!! note" or "??? tip",
# its text indented under it: Markdown in a box, not indented code.
ADMONITION = re.compile(r"^(?:!!!|\?\?\?\+?)[ \t]*[\w-]")
# the run that opens a fenced code block: three backticks or more that no backtick
# follows on their line (its info string may hold none, as CommonMark says: "```a```"
# is a code span), or three tildes or more
FENCE_RUN = r"`{3,}(?![^`\n]*`)|~{3,}"
FENCE = re.compile(r"^ {0,3}(" + FENCE_RUN + r")")  # a line opening a fenced code block
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_BLOCK_START = re.compile(r"^ {0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|\||<)")
# the row under a table's header: |---|:--:| (summaries and excerpts read it)
TABLE_RULE = re.compile(r"^ {0,3}\|?[ \t]*:?-{2,}:?[ \t]*+(?:\|[ \t]*:?-{2,}:?[ \t]*+)+\|?[ \t]*$")
_THEMATIC = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")


def is_rule(line: str) -> bool:
    """Whether ``line`` is written as a thematic break (``---``, ``* * *``, ``___``); right
    under a line of text, ``---`` underlines a heading instead, which the caller tells."""
    return _THEMATIC.match(line) is not None


_REF_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:[ \t]*(<[^>\n]*>|\S+)")
# A link destination without angle brackets: a run without spaces whose
# parentheses balance (one level deep), then a title or the closing parenthesis.
# Possessive, so a run that is not followed by either is given up at once, not
# given back one character at a time.
_PLAIN_DESTINATION = re.compile(r"(?:[^\s()]|\([^\s()]*+\))*+(?=[ \t]|\)|$)")
_TICKS = re.compile(r"`+")
_SINGLE_TICK_SPAN = re.compile(r"`[^`]+`")
_SPACES = " \t"
_BLANKS = re.compile(r"[ \t]*")
_ODD_START = frozenset(" \t<")  # a destination starting so is read by _inline_target
_ESCAPED = re.compile(r"\\[\\`*_{}\[\]()#+\-.!<>|]")
# "[text](" or "![alt](", text allowing one level of nested brackets.
_INLINE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(")
# "[text][label]", "[label][]" and the shortcut "[label]".
# a reference link's use: "[text][label]", "[text][]", or "[text]" alone, which a colon
# after it would make a definition; after "[text][]" a colon is text (nodejs/node's
# "[`util.promisify()`][]:" ending a line lost its link)
_REF_USE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\](?:\[([^\[\]]*)\](?!\()|(?![(:\[]))")
# "![alt](", wherever it stands: inside a link's text too ("[![badge](b.svg)](url)")
_IMAGE = re.compile(r"!\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(")
# <img ... src=: the attributes read up to the end of the tag only, then the value
IMG_SRC_BEFORE = r"(?i:<img\b[^<>]*?\ssrc\s*=\s*)"
_IMG_SRC = lazy_pattern(IMG_SRC_BEFORE + r"(?:\"([^\"<>]*)\"|'([^'<>]*)'|([^\s\"'=<>`]+))")
TAG_SRC_BEFORE = r"(?i:(?:^|(?<=\s))src\s*=\s*)"  # on a line an image tag goes on to
_TAG_SRC = lazy_pattern(TAG_SRC_BEFORE + r"(?:\"([^\"<>]*)\"|'([^'<>]*)'|([^\s\"'=<>`]+))")
# where a link's destination starts: after "](" or a definition's "[label]:", and a "<"
DESTINATION_OPENING = re.compile(r"\]\(\s*<?|^\s{0,3}\[[^\]]+\]:\s*<?")


def ends_destination(line: str, at: int) -> bool:
    """Whether a link's destination may end at column ``at`` of ``line``."""
    return at >= len(line) or line[at] in ">)" or line[at].isspace()


def destination_starts(
    opening: re.Pattern[str], line: str, written: str, ends: Callable[[str, int], bool]
) -> Iterator[int]:
    """The columns of ``line`` where ``written`` starts right after a match of
    ``opening`` and ends where ``ends`` says a destination may, left to right, none
    inside another: one pattern for every link, where a pattern made of each link
    cost a compilation (7,645 of them, a quarter of importing microsoft/vscode-docs)."""
    done = 0
    for match in opening.finditer(line):
        start = match.end()
        if start < done or not line.startswith(written, start):
            continue
        if ends(line, start + len(written)):
            yield start
            done = start + len(written)


def replaced_destinations(
    opening: re.Pattern[str],
    line: str,
    written: str,
    new: str,
    ends: Callable[[str, int], bool] = ends_destination,
) -> str:
    """``line`` with ``written`` replaced by ``new`` wherever :func:`destination_starts`
    finds it."""
    out, done = [], 0
    for start in destination_starts(opening, line, written, ends):
        out += [line[done:start], new]
        done = start + len(written)
    return "".join(out) + line[done:] if out else line


# A code span on one line, as CommonMark reads it: a run of backticks closed by the next
# run of the same length. Possessive runs, so a run that no run closes is given up at once.
CODE_SPAN = re.compile(r"(?<!`)(`++)(?:[^`\n]++|(?!\1(?!`))`++)++\1(?!`)")
_SPAN_MASK = str.maketrans("[]()", "    ")


def replace_outside_code(pattern: re.Pattern[str], text: str, group: int = 1) -> str:
    """``text`` with each match of ``pattern`` replaced by its ``group``, the matches
    found as if the brackets and parentheses of its code spans were not there: a link's
    text is kept, and `` `fork(modulePath[, args][, options])` `` holds no link."""
    if "`" not in text:
        return pattern.sub(lambda m: m.group(group), text)
    masked = CODE_SPAN.sub(lambda m: m.group(0).translate(_SPAN_MASK), text)
    out, at = [], 0
    for found in pattern.finditer(masked):
        out += [text[at : found.start()], text[found.start(group) : found.end(group)]]
        at = found.end()
    out.append(text[at:])
    return "".join(out)


# An HTML comment, or an opener that is never closed (group 1 unset): "<!--.*?-->" would
# retry its lazy run from every one of many unclosed openers, quadratic in their number.
_COMMENT = lazy_pattern(r"<!--(?:.*?(-->)|.*)", re.DOTALL)


def drop_closed(pattern: re.Pattern[str], text: str, by: str = "") -> str:
    """``text`` with each match of ``pattern`` replaced by ``by`` where the match was
    closed (its group 1 took part), and kept as written where it ran to the end unclosed.
    ``pattern`` is written ``OPEN(?:.*?(CLOSE)|.*)``: one pass, whatever the text."""
    return pattern.sub(lambda m: by if m.group(1) is not None else m.group(), text)


def without_comments(text: str, by: str = "") -> str:
    """``text`` with its HTML comments replaced by ``by``; an unclosed one stays."""
    return drop_closed(_COMMENT(), text, by) if "<!--" in text else text


# A content tab's header (pymdownx.tabbed, MkDocs): '=== "pip"', '===! "A"', '===+ "B"'; the
# tab's text is indented four spaces under it.
_TAB = lazy_pattern(r'^[ \t]*===[!+]{0,2}[ \t]+"(.*)"[ \t]*$')
# A fence at any indentation: in a tab or an admonition, a fence is indented with its text.
_ANY_FENCE = lazy_pattern(r"^[ \t]*(" + FENCE_RUN + r")")


def content_tabs(body: str) -> str:
    """``body`` with its MkDocs content tabs as plain Markdown, line for line: each header
    (``=== "pip"``) becomes its label in bold (``**pip**``), and the text under it loses
    the four spaces that made it the tab's, which would make it code elsewhere. Tabs in
    tabs lose four spaces a level; fenced code is left alone. One pass."""
    if "===" not in body:
        return body
    lines = body.split("\n")
    open_: list[int] = []  # the indentation of each tab open around the line, outer first
    fence = ""
    for number, line in enumerate(lines):
        text = line.lstrip(" \t")
        if not text:
            continue  # a blank line ends no tab
        width = len(line.expandtabs(4)) - len(text)
        while open_ and width < open_[-1] + 4 and not fence:
            open_.pop()
        shown = " " * (width - 4 * len(open_)) + text if open_ else line
        if fence:
            fence = "" if closes_fence(text, fence) else fence
        elif (opened := _ANY_FENCE().match(line)) is not None:
            fence = opened.group(1)
        elif (tab := _TAB().match(line)) is not None:
            label = tab.group(1).strip()
            shown = shown[: len(shown) - len(text)] + (f"**{label}**" if label else "")
            open_.append(width)
        lines[number] = shown
    return "\n".join(lines)


# A reference link (mkdocs-autorefs): "[`Field()`][pydantic.fields.Field]", "[`a.b`][]".
# Not after a word, a bracket or a parenthesis (code: "x[0][self.size]"), nor an image.
_REFERENCE = lazy_pattern(r"(?<![\w\])!\\])\[((?:[^\[\]\n]|\[[^\[\]\n]*+\])++)\]\[([^\[\]\n]*+)\]")
_DOTTED = lazy_pattern(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_DEFINITION = lazy_pattern(r"^[ \t]*\[([^\]\n]+)\]:")


def without_autorefs(body: str) -> str:
    """``body`` with the reference links whose label is a Python dotted name and which
    the page defines nowhere as their text: ``[`Field()`][pydantic.fields.Field]`` reads
    `` `Field()` ``. mkdocs-autorefs makes them links to the API pages it builds from the
    code; anywhere else they lead nowhere and show their brackets. Code is left alone."""
    if "][" not in body:
        return body
    lines = body.split("\n")
    defined = {_label(m.group(1)) for line in lines if (m := _DEFINITION().match(line))}
    fence = ""
    for number, line in enumerate(lines):
        if fence:
            fence = "" if closes_fence(line, fence) else fence
            continue
        if (opened := _ANY_FENCE().match(line)) is not None:
            fence = opened.group(1)
            continue
        if "][" not in line:
            continue
        out, at = [], 0
        for found in _REFERENCE().finditer(mask(line)):
            text = line[found.start(1) : found.end(1)]
            written = line[found.start(2) : found.end(2)]
            label = written or text.strip(" `")
            # "[`os.Getenv`][]" is defined by "[`os.Getenv`]:", its text as written
            # (gohugoio/hugoDocs: 202 such links were taken for autorefs and lost)
            own = {_label(label)} | (set() if written else {_label(text)})
            if _DOTTED().fullmatch(label.strip()) and not own & defined:
                out += [line[at : found.start()], text]
                at = found.end()
        if out:
            lines[number] = "".join(out) + line[at:]
    return "\n".join(lines)


def comment_lines(lines: Sequence[str]) -> frozenset[int]:
    """The lines (0-based) that hold an HTML comment and nothing else, code blocks aside:
    what a renderer hides, such as a template's guidance left between ``<!--`` and
    ``-->``, which a search should neither match nor show. A line that holds text beside
    a comment is not one of them."""
    if not any("<!--" in line for line in lines):
        return frozenset()  # most pages: no comment at all
    out: set[int] = set()
    fence: str | None = None
    in_comment = False
    for number, line in enumerate(lines):
        if in_comment:
            closed = line.find("-->")
            in_comment = closed == -1
            if in_comment or not line[closed + 3 :].strip():
                out.add(number)
            continue
        if fence is not None:
            fence = None if closes_fence(line, fence) else fence
            continue
        if (opened := FENCE.match(line)) is not None:
            fence = opened.group(1)
            continue
        stripped = line.strip()
        if stripped.startswith("<!--"):
            closed = stripped.find("-->", 4)
            in_comment = closed == -1
            if in_comment or closed + 3 == len(stripped):
                out.add(number)
    return frozenset(out)


# an HTML anchor a page links to, and which shows nothing: <a name="x"></a>, <a id=y/>
# (the value quoted or not: <a name=usage></a> is valid HTML too)
HTML_ANCHOR = lazy_pattern(
    r"<a\s+(?:name|id)\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'<>=`]+)\s*/?>\s*(?:</a>)?"
    # or an empty link naming itself, its other attributes first: GitBook's headings end
    # on <a href="#a-la-connexion" id="a-la-connexion"></a> (betagouv/doc.demarches-...)
    r"|<a\s[^<>]{0,500}?\b(?:name|id)\s*=[^<>]{0,500}>\s*</a>",
    re.I,
)


# a line that only opens or closes a container: GitBook's blocks without a title of their
# own (a hint's style is no text; a tab's or a code block's title, an embed's address are;
# a content-ref's address is the link it holds, said again), the end of any Liquid block,
# and the ":::" closing an admonition
_CONTAINER_MARK = lazy_pattern(
    r"\{%-?\s*(?:end[\w-]{1,30}|hint(?:\s+style=\S{1,40})?|tabs|stepper|step|columns|column"
    r"|content-ref(?:\s+url=\S{1,400})?)\s*-?%\}|:{3,}"
)


# a MyST target: a label in parentheses and "=", alone on its line, naming what follows
# ("(appendix-repositories)=": jupyter/enhancement-proposals), the label its group
MYST_TARGET = lazy_pattern(r"[ \t]{0,3}\(([^\s()]{1,200})\)=[ \t]*")


def hidden_lines(lines: Sequence[str]) -> frozenset[int]:
    """The lines (0-based) a reader never sees, code blocks aside: those of an HTML
    comment (:func:`comment_lines`), and the definitions of reference links
    (``[KaTeX]: https://katex.org/``), which a renderer turns into the links that name
    them (footnotes, ``[^1]: ...``, are shown and stay). A section of such lines said
    nothing, yet matched its links' words: hugoDocs' math page showed its "Chemistry"
    section, all definitions, for a question on LaTeX. So are the lines holding only
    an empty HTML anchor (``<a id="constants"></a>``): the Rust book's matched a
    question through the anchor's name, and a passage showed that line alone. So are
    the lines that only open or close a site's container and say nothing of it
    (:data:`_CONTAINER_MARK`: GitBook's ``{% hint style="info" %}`` and
    ``{% endhint %}``, a lone ``:::`` closing VuePress' and Docusaurus' boxes):
    betagouv/doc.demarches-simplifiees.fr's passages opened on them. So are MyST's
    targets, ``(syntax/colon_fence)=`` on a line of its own above the heading it
    names: executablebooks/MyST-Parser's query printed a passage of that line alone."""
    hidden = set(comment_lines(lines))
    # what each kind of hidden line holds, so that a page holding none is read no further
    kinds: list[tuple[str, str, Callable[[str], bool]]] = [
        ("{%", ":::", lambda line: _CONTAINER_MARK().fullmatch(line.strip()) is not None),
        ("<a", "<a", lambda line: not HTML_ANCHOR().sub("", line).strip()),
        (")=", ")=", lambda line: MYST_TARGET().fullmatch(line) is not None),
        ("]:", "]:", _reference_definition),
    ]
    asked = [(a, b, test) for a, b, test in kinds if any(a in ln or b in ln for ln in lines)]
    if not asked:
        return frozenset(hidden)  # most pages: none of them
    prose = outside_code(lines)  # read once, for every kind
    for first, second, test in asked:
        hidden.update(
            number
            for number, line in enumerate(lines)
            if prose[number] and (first in line or second in line) and test(line)
        )
    return frozenset(hidden)


def _reference_definition(line: str) -> bool:
    """Whether ``line`` defines a reference link (``[KaTeX]: https://katex.org/``), not
    a footnote (``[^1]: ...``, which is shown)."""
    found = _REF_DEF.match(line)
    return found is not None and not found.group(1).startswith("^")


def outside_code(lines: Sequence[str], opener: re.Pattern[str] = FENCE) -> list[bool]:
    """For each line, whether it stands outside fenced code, the fences' own lines being
    code; a block opens where ``opener`` matches (:data:`FENCE` by default: at most three
    spaces in) and closes as CommonMark says (:func:`closes_fence`)."""
    flags: list[bool] = []
    fence = ""
    for line in lines:
        if fence:
            fence = "" if closes_fence(line, fence) else fence
            flags.append(False)
        elif (opened := opener.match(line)) is not None:
            fence = opened.group(1)
            flags.append(False)
        else:
            flags.append(True)
    return flags


class Heading(NamedTuple):
    level: int
    title: str
    line: int  # file line of the heading


class Section(NamedTuple):
    """A heading and the file lines its section spans (inclusive)."""

    level: int
    title: str
    line: int
    end: int


class Image(NamedTuple):
    """An image a page shows, and the file line where the path to its file is written."""

    target: str  # as written
    line: int  # a reference's is its definition's
    tag: bool  # the ``src`` of an HTML ``<img>``, not a Markdown image


@dataclass(frozen=True, slots=True)
class Body:
    links: tuple[tuple[str, int], ...]  # (written target, file line)
    headings: tuple[Heading, ...]
    images: tuple[Image, ...] = ()


def _blank(match: re.Match[str]) -> str:
    return " " * (match.end() - match.start())


def _blank_code_spans(line: str) -> str:
    """``line`` with its code spans blanked.

    A span opens at a run of backticks and closes at the next run of the same
    length; a run with no such match opens with as many of its backticks as a
    later run has, else it is text. Each run learns, in one pass from the right,
    the nearest later run of the longest length it could use, at a cost of its
    own length at most: a line of many unmatched runs costs no more than its
    length.
    """
    if "``" not in line:  # single backticks only: each pairs with the next one
        return _SINGLE_TICK_SPAN.sub(_blank, line)
    runs = [match.span() for match in _TICKS.finditer(line)]
    closer = [-1] * len(runs)
    latest: dict[int, int] = {}  # run length -> index of the nearest such run to the right
    for index in range(len(runs) - 1, -1, -1):
        start, end = runs[index]
        length = end - start
        if length in latest:
            closer[index] = latest[length]
        elif latest:
            # the longest shorter length seen, looked for among the fewer of the
            # lengths this run allows and the lengths seen so far
            if length <= len(latest):
                usable = next((n for n in range(length - 1, 0, -1) if n in latest), 0)
            else:
                usable = max((n for n in latest if n < length), default=0)
            closer[index] = latest[usable] if usable else -1
        latest[length] = index
    parts: list[str] = []
    done = index = 0
    while index < len(runs):
        if closer[index] < 0:
            index += 1
            continue
        start, end = runs[index][0], runs[closer[index]][1]
        parts += (line[done:start], " " * (end - start))
        done, index = end, closer[index] + 1
    return "".join(parts) + line[done:] if parts else line


def mask(line: str) -> str:
    """Blank out escapes, code spans and comments closed on the line, so that no link
    is seen inside them (a MADR template's "<!-- example: Refined by
    [ADR-0005](0005-example.md) -->" was checked as a broken link)."""
    if "\\" in line:
        line = _ESCAPED.sub("  ", line)
    if "`" in line:
        line = _blank_code_spans(line)
    if "<!--" in line:
        line = _COMMENT().sub(lambda m: _blank(m) if m.group(1) is not None else m.group(), line)
    return line


class _NextAngle:
    """Where the next ``>`` of a line is, for positions asked in increasing order.

    Remembering the last answer keeps a line of many ``[a](<`` without a ``>``
    from being searched to its end once per link.
    """

    __slots__ = ("found", "line", "since")

    def __init__(self, line: str) -> None:
        self.line = line
        self.since = self.found = len(line)  # no '>' in line[since:found]

    def after(self, start: int) -> int:
        if not self.since <= start <= self.found:
            self.since, self.found = start, self.line.find(">", start)
            if self.found < 0:
                self.found = len(self.line)
        return self.found


def _inline_target(text: str, start: int, angle: _NextAngle) -> tuple[str, int] | None:
    """The destination that starts at ``text[start]`` (just after ``](``), and where it ends.

    ``<anything but >>`` or a plain run, followed by a space or tab (a title), a
    closing parenthesis or the end of the line; after spaces that lead nowhere,
    the empty destination.
    """
    blanks = _BLANKS.match(text, start)  # always matches, if only the empty string
    at = blanks.end() if blanks else start
    if text.startswith("<", at):
        close = angle.after(at + 1)
        if close < len(text) and (close + 1 == len(text) or text[close + 1] in " \t)"):
            return text[at + 1 : close], close + 1
    plain = _PLAIN_DESTINATION.match(text, at)
    if plain is not None:
        return plain.group(0), plain.end()
    return ("", at - 1) if at > start else None


def _label(text: str) -> str:
    return " ".join(text.split()).casefold()


def definitions(body: str) -> dict[str, str]:
    """The link reference definitions of ``body`` ("[label]: target"), the first of each
    label, by the label as a link names it (:func:`label`); footnotes and definitions in
    fenced code are left out."""
    out: dict[str, str] = {}
    if "]:" not in body:
        return out
    fence = ""
    for line in body.split("\n"):
        if fence:
            fence = "" if closes_fence(line, fence) else fence
        elif (opened := FENCE.match(line)) is not None:
            fence = opened.group(1)
        elif (found := _REF_DEF.match(line)) is not None and not found.group(1).startswith("^"):
            out.setdefault(_label(found.group(1)), found.group(2).strip("<>"))
    return out


def label(text: str) -> str:
    """A reference link's label as :func:`definitions` keys it: case and spacing aside."""
    return _label(text)


class _Found:
    """What a scan collects besides headings: links, images, the references they use."""

    __slots__ = ("images", "links", "pictured", "used")

    def __init__(self, references: bool) -> None:
        self.links: list[tuple[str, int]] = []
        self.images: list[Image] = []
        self.used: set[str] | None = set() if references else None  # labels links use
        self.pictured: set[str] = set()  # labels images use


def _inline(line: str, number: int, seen: _Found, opened: bool = False) -> bool:
    """Collect the inline links and images of ``line``, and the reference labels it uses
    when references are possible. ``opened``: a link's text opened on a line above it,
    in the same paragraph ("[metric" then "types](/docs/concepts/)"), whose destination
    this line may hold; the link is counted on this line, where its destination is.
    Returns whether a bracket is left open at the end of the line, for the next one."""
    still = opened and "]" not in line  # the bracket opened above stays open
    if opened and not still:
        line = "[" + line  # the text's opening bracket, so the link reads whole
    links, used = seen.links, seen.used
    masked = mask(line)
    angle = None
    at = 0
    while (match := _INLINE.search(masked, at)) is not None:
        at = match.end()
        # masking keeps every column in place, so the destination is read
        # from the original line where the masked one found the link
        if line[at : at + 1] not in _ODD_START:  # the common case: a plain destination
            plain = _PLAIN_DESTINATION.match(line, at)
            if plain is None:
                continue
            target, end = plain.group(), plain.end()
        else:
            angle = angle or _NextAngle(line)
            found = _inline_target(line, at, angle)
            if found is None:
                continue
            target, end = found
        if not match.group(1):  # not an image
            links.append((target, number))
        at = end  # a destination is not searched again for links: each byte is read once
    if "![" in masked:
        _images(line, masked, number, seen.images)
    if used is not None:
        # a label is read from the line as written (masking keeps every column in place):
        # "[RFC 2000, `const_generics`]" names its definition with its code span
        for match in _REF_USE.finditer(_INLINE.sub(_blank, masked)):
            group = 3 if match.group(3) else 2
            label = _label(line[match.start(group) : match.end(group)])
            (seen.pictured if match.group(1) else used).add(label)
    return still or masked.rfind("[") > masked.rfind("]")


def _images(line: str, masked: str, number: int, images: list[Image]) -> None:
    angle = _NextAngle(line)
    for match in _IMAGE.finditer(masked):
        destination = _inline_target(line, match.end(), angle)
        if destination is not None and destination[0]:
            images.append(Image(destination[0], number, tag=False))


def _tags(line: str, number: int, images: list[Image]) -> bool:
    """The ``src`` of the HTML images of ``line``; whether an image tag it opens goes on
    to the next line (``<img alt="..."`` then ``src="a.svg" />``: the Rust book's)."""
    masked = mask(line)
    images += [_tag_image(line, match, number) for match in _IMG_SRC().finditer(masked)]
    opened = masked.lower().rfind("<img")
    return opened >= 0 and masked.find(">", opened) < 0


def _continued_tag(line: str, number: int, images: list[Image]) -> bool:
    """The ``src`` of an image tag an earlier line opened, in the part of ``line`` before
    the tag closes; whether it goes on to the next line still."""
    end = line.find(">")
    inside = line if end < 0 else line[:end]
    found = _TAG_SRC().search(inside)
    if found is not None:
        images.append(_tag_image(line, found, number))
    return end < 0


def _tag_image(line: str, match: re.Match[str], number: int) -> Image:
    """The image whose ``src`` ``match`` found: quoted either way, or not at all."""
    group = next(g for g in (1, 2, 3) if match.group(g) is not None)
    return Image(line[match.start(group) : match.end(group)], number, tag=True)


# a line that opens a list item, however far in: the marker and where it ends
_ANY_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)")


def _indent(line: str) -> int:
    """How many columns of blanks ``line`` opens with, a tab reaching the next fourth."""
    text = line.lstrip(" \t")
    lead = line[: len(line) - len(text)]
    return len(lead.expandtabs(4)) if "\t" in lead else len(lead)


def _in_item(
    line: str, items: list[int], after_gap: bool
) -> tuple[int, re.Match[str] | None, bool]:
    """Where a line of a list stands, as CommonMark reads list items: what is written
    under an item is read from the column its text starts at, so that a fence four
    spaces in under ``- : text`` opens code as one at the margin does.

    ``items`` holds the content column of each item open, outer first, and is brought up
    to date: an item ends at a block that starts left of its text (after a blank line or
    code, at a fence, at another item; a paragraph's lazy line ends none), and a line
    that opens an item opens one more. ``after_gap``: a blank line or code is just above.
    Returns the content column of the item that holds the line (0 for none), the fence
    the line opens (three spaces in at most from that column, or right after its own
    marker), and whether the line is indented code (four spaces in, after a gap)."""
    width = _indent(line)
    text = line.lstrip(" \t")
    marker = _ANY_ITEM.match(line)
    fenced = FENCE.match(text) if text[:1] in "`~" else None
    if marker or fenced or after_gap:
        while items and items[-1] > width:
            items.pop()
    holder = items[-1] if items and items[-1] <= width else 0
    if width - holder >= 4:  # four spaces in: code, or a paragraph's line
        return holder, None, after_gap
    if fenced:
        return holder, fenced, False
    if marker is None:
        return holder, None, False
    rest = line[marker.end() :]
    content = rest.lstrip(" \t")
    gap = _indent(rest)
    column = width + len(text) - len(rest)  # just after the marker
    if not content or gap > 4:  # an empty item, or one opening on code
        items.append(column + 1)
        return holder, None, False
    items.append(column + gap)
    opened = FENCE.match(content) if content[:1] in "`~" else None
    return (column + gap, opened, False) if opened else (holder, None, False)


def closes_fence(line: str, fence: str) -> bool:
    """Whether ``line`` closes the code block ``fence`` (the run that opened it) opened."""
    stripped = line.strip()
    return stripped.startswith(fence) and not stripped.strip(fence[0])


def _atx(line: str) -> tuple[int, str] | None:
    """Level and title of an ATX heading line, else None.

    By hand rather than with an expression: a lazy title followed by optional
    closing hashes backtracks over every space of a long run of spaces.
    """
    text = line.lstrip(" ")
    if len(line) - len(text) > 3:
        return None
    after = text.lstrip("#")
    level = len(text) - len(after)
    if not 1 <= level <= 6 or after[:1] not in ("", " ", "\t"):
        return None
    title = after.strip(_SPACES)
    closing = title.rstrip("#")
    if closing != title and closing.endswith((" ", "\t")):  # "## Title ##"
        title = closing
    return level, title.strip()


_remembered: dict[str, Body] | None = None  # while :func:`remembering`: every body read


@contextlib.contextmanager
def remembering() -> Iterator[None]:
    """Remember every body :func:`scan` reads inside the block, not only the last few:
    an import reads each page in several passes over all of them (titles, records,
    links), and would otherwise read each one again in every pass."""
    global _remembered  # noqa: PLW0603 - one memo for the block, dropped after it
    if _remembered is not None:  # nested: the outer block keeps it
        yield
        return
    _remembered = {}
    try:
        yield
    finally:
        _remembered = None


def scan(body: str, first_line: int = 1) -> Body:
    """Links and headings of ``body``; ``first_line`` is the file line of its first line.

    The last few bodies read are remembered whatever line they start on: an import
    reads the same page for its title, its type, its links and its record, from the
    body's first line and from the file's, and the answer (tuples) cannot be changed
    by a caller.
    """
    memo = _remembered
    found = memo.get(body) if memo is not None else None
    if found is None:
        found = _scan(body)
        if memo is not None:
            memo[body] = found
    if first_line == 1:
        return found
    shift = first_line - 1
    return Body(
        tuple((target, line + shift) for target, line in found.links),
        tuple(h._replace(line=h.line + shift) for h in found.headings),
        tuple(i._replace(line=i.line + shift) for i in found.images),
    )


@functools.lru_cache(maxsize=8)
def _scan(body: str) -> Body:  # noqa: PLR0912, PLR0915
    """:func:`scan` from the first line. One loop with its state in local variables:
    this is the hot path of indexing."""
    first_line = 1
    found = _Found(references="]:" in body)
    headings: list[Heading] = []
    definitions: dict[str, tuple[str, int]] = {}
    used = found.used
    tags = "<img" in body or "<IMG" in body
    tag_open = False  # an image tag of an earlier line goes on to this one
    fence: str | None = None  # the fence that opened the current code block
    fenced_in = 0  # the content column of the list item that holds the code block, if any
    items: list[int] = []  # the content column of each list item open, outer first
    in_comment = in_list = indented_code = False
    prev_blank = True
    paragraph: tuple[str, int] | None = None  # first line of the open paragraph
    unclosed = False  # a link's text opened on a line of the paragraph above, not closed
    boxes = 0  # admonitions open: their lines are read four spaces in, for each
    number = first_line - 1
    for written in body.split("\n"):
        number += 1
        line = written
        if boxes and line and not line.isspace():
            inside = min(boxes, (len(line) - len(line.lstrip(" "))) // 4)
            boxes, line = inside, line[4 * inside :]
        if fence is not None:
            if fence in line:
                stripped = line.strip()
                if stripped.startswith(fence) and not stripped.strip(fence[0]):
                    fence = None
                    continue
            if not fenced_in or not line.strip() or _indent(line) >= fenced_in:
                continue
            fence = None  # a line left of its list item's text ends the item, and its code
        if in_comment:
            in_comment = "-->" not in line
            continue
        if not line or line.isspace():
            prev_blank, paragraph, unclosed, tag_open = True, None, False, False
            continue
        if tag_open:
            tag_open = _continued_tag(line, number, found.images)
        if line[0] in "!?" and ADMONITION.match(line):
            boxes += 1  # its text, indented under it, is read as Markdown
            in_list = indented_code = prev_blank = unclosed = False
            paragraph = None
            continue
        if line[0] not in _SPECIAL_FIRST:
            # plain prose, by far the most common line: no block can start here
            in_list = indented_code = prev_blank = False
            if "[" in line or unclosed:
                unclosed = _inline(line, number, found, unclosed)
            if tags and "<" in line:
                tag_open = _tags(line, number, found.images)
            if paragraph is None:
                paragraph = (line.strip(), number)
            continue
        if line[0] == "#" and (atx := _atx(line)) is not None:
            # a heading at the margin, the next most common: what the branches below
            # would do with it, without trying the other kinds of block first
            in_list = indented_code = prev_blank = False
            headings.append(Heading(atx[0], atx[1], number))
            if "[" in line:
                _inline(line, number, found)
            paragraph = None
            continue
        if line.startswith(("    ", "\t")) and (prev_blank or indented_code) and not in_list:
            indented_code, prev_blank, paragraph = True, False, None
            continue
        if _LIST_ITEM.match(line):
            if not in_list:
                items.clear()  # a new list: what an earlier one left open is closed
            in_list = True
        elif line[0] not in " \t":
            in_list = False
        opened, holder = None, 0
        if in_list:
            # inside a list item, code is indented from the item's text, not the margin
            holder, opened, code = _in_item(line, items, prev_blank or indented_code)
            if code:
                indented_code, prev_blank, paragraph = True, False, None
                continue
        indented_code = prev_blank = False
        # a block that starts here ends the paragraph, and any link text it left open
        carried, unclosed = unclosed and not _BLOCK_START.match(line), False
        first = line.lstrip(" ")[:1]
        if not in_list and first in "`~":
            holder, opened = 0, FENCE.match(line)
        if opened:
            fence, fenced_in, paragraph = opened.group(1), holder, None
        elif first == "<" and line.lstrip().startswith("<!--"):
            in_comment, paragraph = "-->" not in line, None
        elif first in "=-" and paragraph is not None and (underline := _SETEXT.match(line)):
            headings.append(Heading(1 if underline.group(1)[0] == "=" else 2, *paragraph))
            paragraph = None
        elif first in "-*_" and _THEMATIC.match(line):
            paragraph = None
        elif first == "#" and (atx := _atx(line)) is not None:
            headings.append(Heading(atx[0], atx[1], number))
            if "[" in line:
                _inline(line, number, found)
            paragraph = None
        elif first == "[" and used is not None and (definition := _REF_DEF.match(line)):
            if definition.group(1).startswith("^"):
                # a footnote's ("[^1]: It is..."): text, with links of its own, and no
                # destination
                _inline(line, number, found)
                if tags and "<" in line:
                    tag_open = _tags(line, number, found.images)
            else:
                target = definition.group(2).strip("<>")
                definitions.setdefault(_label(definition.group(1)), (target, number))
            paragraph = None
        else:
            if "[" in line or carried:
                unclosed = _inline(line, number, found, carried)
            if tags and "<" in line:
                tag_open = _tags(line, number, found.images)
            if _BLOCK_START.match(line):
                paragraph = None
            elif paragraph is None:
                paragraph = (line.strip(), number)
    links, images = found.links, found.images
    if used:
        links += [(t, n) for label, (t, n) in definitions.items() if label in used]
        links.sort(key=lambda item: item[1])
    if found.pictured:
        shown = set(links)
        images += [
            Image(t, n, tag=False)
            for label, (t, n) in definitions.items()
            if label in found.pictured and (t, n) not in shown
        ]
        images.sort(key=lambda image: image.line)
    return Body(links=tuple(links), headings=tuple(headings), images=tuple(images))


def outline(headings: tuple[Heading, ...], last_line: int) -> tuple[Section, ...]:
    """Give each heading the range of lines its section covers, up to ``last_line``.

    A section ends before the next heading of its level or above: the headings
    still open wait on a stack, and each heading closes those it outranks.
    """
    ends = [last_line] * len(headings)
    open_: list[int] = []  # indexes of the sections still open, levels increasing
    for index, heading in enumerate(headings):
        while open_ and headings[open_[-1]].level >= heading.level:
            ends[open_.pop()] = heading.line - 1
        open_.append(index)
    return tuple(
        Section(h.level, h.title, h.line, end) for h, end in zip(headings, ends, strict=True)
    )
