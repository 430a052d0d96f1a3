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


class _Scanner:
    """Line-by-line state: which block the scan is in, and what it found so far."""

    def __init__(self, references: bool) -> None:
        self.references = references  # whether the body may define reference links
        self.links: list[tuple[str, int]] = []
        self.headings: list[Heading] = []
        self.definitions: dict[str, tuple[str, int]] = {}
        self.used_labels: set[str] = set()
        self.fence: str | None = None  # the fence that opened the current code block
        self.in_comment = False
        self.in_list = False
        self.indented_code = False
        self.prev_blank = True
        self.paragraph: tuple[str, int] | None = None  # first line of the open paragraph

    def feed(self, line: str, number: int) -> None:
        if self.fence is not None:
            stripped = line.strip()
            if stripped.startswith(self.fence) and not stripped.strip(self.fence[0]):
                self.fence = None
            return
        if self.in_comment:
            self.in_comment = "-->" not in line
            return
        if not line or line.isspace():
            self.prev_blank, self.paragraph = True, None
            return
        if line[0] not in _SPECIAL_FIRST:
            # plain prose, by far the most common line: no block can start here
            self.in_list = self.indented_code = self.prev_blank = False
            if "[" in line:
                self.inline(line, number)
            if self.paragraph is None:
                self.paragraph = (line.strip(), number)
            return
        indented = line.startswith(("    ", "\t"))
        if indented and (self.prev_blank or self.indented_code) and not self.in_list:
            self.indented_code, self.prev_blank, self.paragraph = True, False, None
            return
        self.indented_code = False
        if _LIST_ITEM.match(line):
            self.in_list = True
        elif not line.startswith((" ", "\t")):
            self.in_list = False
        if not self.block(line, number):
            self.paragraph_line(line, number)
        self.prev_blank = False

    def block(self, line: str, number: int) -> bool:
        """Handle a line that opens or is a block of its own; False for paragraph text."""
        first = line.lstrip(" ")[:1]
        if first in "`~" and (opened := _FENCE.match(line)):
            self.fence = opened.group(1)
        elif first == "<" and line.lstrip().startswith("<!--"):
            self.in_comment = "-->" not in line
        elif first in "=-" and self.paragraph is not None and (underline := _SETEXT.match(line)):
            level = 1 if underline.group(1)[0] == "=" else 2
            self.headings.append(Heading(level, *self.paragraph))
        elif first in "-*_" and _THEMATIC.match(line):
            pass
        elif first == "#" and (atx := _ATX.match(line)):
            self.headings.append(Heading(len(atx.group(1)), (atx.group(2) or "").strip(), number))
            self.inline(line, number)
        elif first == "[" and self.references and (definition := _REF_DEF.match(line)):
            target = definition.group(2).strip("<>")
            self.definitions.setdefault(_label(definition.group(1)), (target, number))
        else:
            return False
        self.paragraph = None
        return True

    def paragraph_line(self, line: str, number: int) -> None:
        self.inline(line, number)
        if _BLOCK_START.match(line):
            self.paragraph = None
        elif self.paragraph is None:
            self.paragraph = (line.strip(), number)

    def inline(self, line: str, number: int) -> None:
        if "[" not in line:
            return
        masked = _mask(line)
        for match in _INLINE.finditer(masked):
            if match.group(1):  # an image
                continue
            # masking keeps every column in place, so the destination is read
            # from the original line where the masked one found the link
            target = _inline_target(line, match.end())
            if target is not None:
                self.links.append((target, number))
        if self.references:
            for match in _REF_USE.finditer(_INLINE.sub(" ", masked)):
                if not match.group(1):
                    self.used_labels.add(_label(match.group(3) or match.group(2)))

    def finish(self) -> Body:
        for label, (target, number) in self.definitions.items():
            if label in self.used_labels:
                self.links.append((target, number))
        self.links.sort(key=lambda item: item[1])
        return Body(links=tuple(self.links), headings=tuple(self.headings))


def scan(body: str, first_line: int = 1) -> Body:
    """Links and headings of ``body``; ``first_line`` is the file line of its first line."""
    scanner = _Scanner(references="]:" in body)
    for index, line in enumerate(body.split("\n")):
        scanner.feed(line, first_line + index)
    return scanner.finish()


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
