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
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

# First characters with which a line may open a block other than a paragraph.
_SPECIAL_FIRST = frozenset(" \t#`~<>-*+_=[|0123456789")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
_BLOCK_START = re.compile(r"^ {0,3}(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]|\||<)")
_THEMATIC = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
_REF_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:[ \t]*(<[^>\n]*>|\S+)")
# A link destination: "<anything but >>" or a run without spaces whose
# parentheses balance (one level deep), then a title or the closing parenthesis.
_DESTINATION = re.compile(r"[ \t]*(?:<([^>\n]*)>|((?:[^\s()]|\((?:[^\s()])*\))*))(?=[ \t]|\)|$)")
_CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")
_ESCAPED = re.compile(r"\\[\\`*_{}\[\]()#+\-.!<>|]")
# "[text](" or "![alt](", text allowing one level of nested brackets.
_INLINE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(")
# "[text][label]", "[label][]" and the shortcut "[label]".
_REF_USE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\](?:\[([^\[\]]*)\])?(?![(:\[])")


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


@dataclass(frozen=True, slots=True)
class Body:
    links: tuple[tuple[str, int], ...]  # (written target, file line)
    headings: tuple[Heading, ...]


def _mask(line: str) -> str:
    """Blank out escapes and code spans so that no link is seen inside them."""
    if "\\" in line:
        line = _ESCAPED.sub("  ", line)
    if "`" in line:
        line = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
    return line


def _inline_target(text: str, start: int) -> str | None:
    """The destination that starts at ``text[start]`` (just after ``](``)."""
    match = _DESTINATION.match(text, start)
    if match is None:
        return None
    angled, plain = match.groups()
    return angled if angled is not None else plain


def _label(text: str) -> str:
    return " ".join(text.split()).casefold()


def _inline(line: str, number: int, links: list[tuple[str, int]], used: set[str] | None) -> None:
    """Collect the inline links of ``line``, and the reference labels it uses when ``used``."""
    masked = _mask(line)
    for match in _INLINE.finditer(masked):
        if match.group(1):  # an image
            continue
        # masking keeps every column in place, so the destination is read
        # from the original line where the masked one found the link
        target = _inline_target(line, match.end())
        if target is not None:
            links.append((target, number))
    if used is not None:
        for match in _REF_USE.finditer(_INLINE.sub(" ", masked)):
            if not match.group(1):
                used.add(_label(match.group(3) or match.group(2)))


def scan(body: str, first_line: int = 1) -> Body:  # noqa: PLR0912, PLR0915
    """Links and headings of ``body``; ``first_line`` is the file line of its first line.

    One loop with its state in local variables: this is the hot path of indexing.
    """
    links: list[tuple[str, int]] = []
    headings: list[Heading] = []
    definitions: dict[str, tuple[str, int]] = {}
    used: set[str] | None = set() if "]:" in body else None  # reference links possible
    fence: str | None = None  # the fence that opened the current code block
    in_comment = in_list = indented_code = False
    prev_blank = True
    paragraph: tuple[str, int] | None = None  # first line of the open paragraph
    number = first_line - 1
    for line in body.split("\n"):
        number += 1
        if fence is not None:
            if fence in line:
                stripped = line.strip()
                if stripped.startswith(fence) and not stripped.strip(fence[0]):
                    fence = None
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if not line or line.isspace():
            prev_blank, paragraph = True, None
            continue
        if line[0] not in _SPECIAL_FIRST:
            # plain prose, by far the most common line: no block can start here
            in_list = indented_code = prev_blank = False
            if "[" in line:
                _inline(line, number, links, used)
            if paragraph is None:
                paragraph = (line.strip(), number)
            continue
        if line.startswith(("    ", "\t")) and (prev_blank or indented_code) and not in_list:
            indented_code, prev_blank, paragraph = True, False, None
            continue
        indented_code = prev_blank = False
        if _LIST_ITEM.match(line):
            in_list = True
        elif line[0] not in " \t":
            in_list = False
        first = line.lstrip(" ")[:1]
        if first in "`~" and (opened := _FENCE.match(line)):
            fence, paragraph = opened.group(1), None
        elif first == "<" and line.lstrip().startswith("<!--"):
            in_comment, paragraph = "-->" not in line, None
        elif first in "=-" and paragraph is not None and (underline := _SETEXT.match(line)):
            headings.append(Heading(1 if underline.group(1)[0] == "=" else 2, *paragraph))
            paragraph = None
        elif first in "-*_" and _THEMATIC.match(line):
            paragraph = None
        elif first == "#" and (atx := _ATX.match(line)):
            headings.append(Heading(len(atx.group(1)), (atx.group(2) or "").strip(), number))
            if "[" in line:
                _inline(line, number, links, used)
            paragraph = None
        elif first == "[" and used is not None and (definition := _REF_DEF.match(line)):
            target = definition.group(2).strip("<>")
            definitions.setdefault(_label(definition.group(1)), (target, number))
            paragraph = None
        else:
            if "[" in line:
                _inline(line, number, links, used)
            if _BLOCK_START.match(line):
                paragraph = None
            elif paragraph is None:
                paragraph = (line.strip(), number)
    if used:
        links += [(t, n) for label, (t, n) in definitions.items() if label in used]
        links.sort(key=lambda item: item[1])
    return Body(links=tuple(links), headings=tuple(headings))


def outline(headings: tuple[Heading, ...], last_line: int) -> tuple[Section, ...]:
    """Give each heading the range of lines its section covers, up to ``last_line``."""
    sections: list[Section] = []
    for i, heading in enumerate(headings):
        end = last_line
        for later in headings[i + 1 :]:
            if later.level <= heading.level:
                end = later.line - 1
                break
        sections.append(Section(heading.level, heading.title, heading.line, end))
    return tuple(sections)
