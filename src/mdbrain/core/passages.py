"""Passages: a document body cut at its headings, and the lines of one worth showing.

A search unit smaller than a document is its section: the text from a heading
to the next heading, whatever its level, with the path of headings above it
("Login > Security"). The text before the first heading is a section too, with
no heading. :func:`split` finds them in one pass over the body, skipping
fenced code, where a ``# comment`` is no heading; :func:`window` picks, inside
one section, the run of lines that holds the most of a question within a
number of tokens, so a reader is shown the lines that answer, not the first
lines of a long section.

Headings are shown as a reader sees them: an HTML anchor (``<a name="x"></a>``)
or an attribute block (``{#x}``) written to make a link target is left out, and
so is a site's template tag (``{% include badge.html %}``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import NamedTuple, overload

from mdbrain.core import markdown
from mdbrain.core.lazy import lazy_pattern

# Lines that may open or close a fence or start an ATX heading, found after a line break:
# a literal first character lets the search skip along in C.
_MARK = re.compile(
    r"\n(?:(?P<fence>[ \t]*(?:" + markdown.FENCE_RUN + r"))| {0,3}#{1,6}(?:[ \t]|$))", re.M
)
# A line of = or - right under a line of text: perhaps a setext heading, which only the
# full scanner (mdbrain.core.markdown) tells from a thematic break, a list or code.
_UNDERLINE = re.compile(r"[^\n]\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)")
# a list item that is a link and nothing else: a "See also" list names pages, says nothing
# a list item that is one link, a label in brackets before it or not (CaenCamp's records:
# "-   [Ressources][best practices ... - pagination](https://...)")
_LINK_ITEM = re.compile(
    r"^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[^\]\n]*\]\s*)?\[[^\]\n]*\]\([^)\n]*\)\s*$"
)
_ATTRIBUTES = lazy_pattern(r"\{:?[ \t]*[#.][^{}]*\}\s*$")  # {#id}, { #id }, {: #id .class }
_MDX_ID = lazy_pattern(r"\{/\*[^{}]*?\*/\}\s*$")  # MDX's {/*my-id*/}, react.dev's heading ids
# a site's template tag, which renders as something else: Liquid's {% include badge.html %},
# Hugo's {{< badge >}} (a {{ variable }} is kept: it may be what the heading is about)
_TAG = lazy_pattern(r"(`+[^`\n]*`+)|\{%[^%\n]*%\}|\{\{[<%][^{}\n]*[>%]\}\}")
PATH_SEPARATOR = " > "


class Section(NamedTuple):
    """One section of a body: its own lines (up to the next heading) and where it sits."""

    line: int  # file line of its heading; of the body's first line for the text before any
    end: int  # last file line of its own text
    level: int  # 1-6; 0 for the text before the first heading
    path: tuple[str, ...]  # the titles of the headings above it and its own, cleaned

    @property
    def title(self) -> str:
        return PATH_SEPARATOR.join(self.path)


# The number a heading gives its section ("1. ", "2.3 ", "iv. ", "a) "): no part of its name.
SECTION_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[ivx]+\.|[a-z]\))\s+", re.I)
_EMPHASIS_MARKS = re.compile(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)")


def heading_text(title: str) -> str:
    """A section's title without code marks, emphasis or numbering: "### 7. **Decision**"
    is the section "Decision"."""
    text = _EMPHASIS_MARKS.sub("", title.replace("`", ""))
    return SECTION_NUMBER.sub("", " ".join(text.split())).strip(" :")


def heading_name(title: str) -> str:
    """A section's title as it is asked for (:func:`heading_text`, folded): "7. decision"
    names "### 7. **Decision**"."""
    return heading_text(title).casefold()


def clean_heading(title: str) -> str:
    """A heading's title as a reader sees it: anchors, ``{#id}``, MDX's ``{/*id*/}``,
    template tags (``{% include badge.html %}``) and closing hashes out, character
    references read (GitBook ends headings on ``&#x20;``)."""
    if "&" in title and ";" in title:
        title = html.unescape(title)
    if "<" not in title and "{" not in title and not title.endswith("#"):
        return " ".join(title.split())
    text = markdown.HTML_ANCHOR().sub("", title)
    if "{" in text:  # a tag in a code span is what the heading shows: kept
        text = _TAG().sub(lambda m: m.group(1) or "", text).strip() or text
    text = _MDX_ID().sub("", _ATTRIBUTES().sub("", text))
    stripped = text.rstrip("#")
    if stripped != text and (not stripped or stripped[-1] in " \t"):
        text = stripped
    return " ".join(text.split())


# a link in a heading, inline or by reference: "## [Part 1][part1]" reads "Part 1"
_HEADING_LINK = re.compile(r"!?\[([^\[\]]*)\](?:\([^()\s]*(?:\s+\"[^\"]*\")?\)|\[[^\[\]]*\])")


def shown_heading(title: str) -> str:
    """A heading's title as a reader sees it (:func:`clean_heading`): the text of its
    links (NixOS/rfcs: "## [Part 1][part1]"), without the marks of a bold or an italic
    that holds it whole: "### **Automatic Code Splitting**" (reactjs/rfcs). Underscores,
    and a single star, only around words: "__init__" is a name."""
    text = clean_heading(title)
    if "[" in text:
        text = markdown.replace_outside_code(_HEADING_LINK, text)
    for mark in ("**", "__", "*", "_"):
        if len(text) > 2 * len(mark) and text.startswith(mark) and text.endswith(mark):
            inner = text[len(mark) : -len(mark)]
            alone = mark[0] not in inner and inner == inner.strip()
            return inner if alone and (mark == "**" or " " in inner) else text
    return text


# an ATX heading: its marks and its title
_ATX = re.compile(r" {0,3}(#{1,6})[ \t]+(.*\S)[ \t]*$")


def headings_shown(lines: Sequence[str]) -> list[str]:
    """``lines`` with each heading outside code written as a reader sees it
    (:func:`shown_heading`): fastapi's docs, imported, keep MkDocs' ``{ #anchor }`` after
    every heading, which ``show --section`` and ``search`` printed as written."""
    out = list(lines)
    fence = ""
    for number, line in enumerate(lines):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := markdown.FENCE.match(line)) is not None:
            fence = opened.group(1)
        elif line.lstrip(" ").startswith("#") and (found := _ATX.match(line)) is not None:
            shown = shown_heading(found.group(2))
            if shown and shown != found.group(2):
                out[number] = f"{found.group(1)} {shown}"
    return out


# a line opening a definition of a definition list: ": text", three spaces in at most
_DEFINITION = re.compile(r"[ \t]{0,3}:[ \t]+\S")


def definition(lines: Sequence[str], wanted: str) -> tuple[int, int] | None:
    """The first and last line (indexes into ``lines``) of the term of a definition list
    named ``wanted`` (as :func:`heading_name` reads it) and its definition: a line of
    text outside code, then (a blank line between or not) lines opening on ": " and the
    lines under them, indented or not (:func:`_definition_end`). None when no term is
    named so."""
    opening = [n for n, line in enumerate(lines) if _DEFINITION.match(line)]
    if not opening:
        return None  # most pages: no definition list, no line read twice
    prose = markdown.outside_code(lines)
    for follows in opening:
        at = follows - 1 if follows and lines[follows - 1].strip() else follows - 2
        if at < 0 or not (prose[at] and prose[follows]):
            continue
        term = lines[at].strip()
        if term and term[0] not in ":#-*>" and heading_name(shown_heading(term)) == wanted:
            return at, _definition_end(lines, follows)
    return None


def _definition_end(lines: Sequence[str], end: int) -> int:
    """The last line of the definition whose first line is ``end``: the lines after it
    up to a heading, the next term, or a blank line before anything but a definition or
    an indented line."""
    while end + 1 < len(lines):
        following = lines[end + 1]
        after = lines[end + 2] if end + 2 < len(lines) else ""
        if not following.strip():
            if not (_DEFINITION.match(after) or after[:1] in (" ", "\t")):
                break
            end += 2  # a blank line, then the definition goes on
        elif following.lstrip().startswith("#") or (
            not _DEFINITION.match(following) and _DEFINITION.match(after)
        ):
            break  # a heading, or the next term with no blank line before it
        else:
            end += 1
    return end


def _atx(line: str) -> tuple[int, str] | None:
    text = line.lstrip(" ")
    after = text.lstrip("#")
    level = len(text) - len(after)
    if not 1 <= level <= 6 or after[:1] not in ("", " ", "\t"):
        return None
    return level, clean_heading(after)


def split(body: str, first_line: int = 1) -> list[tuple[Section, int, int]]:
    """The sections of ``body`` in order, each with the character span of its own text.

    ``first_line`` is the file line of the body's first line. Text before the
    first heading is a section of level 0; a blank body has none. A body that may
    hold a setext heading is read by :func:`mdbrain.core.markdown.scan`, so that
    its sections are the ones a reader's outline shows.
    """
    if _UNDERLINE.search(body) is not None:
        return _spans(body, first_line, _scanned(body))
    heads: list[tuple[int, int, int, str]] = []  # (char start, line offset, level, title)
    fence = ""
    line_no, counted = 0, 0
    for match in _MARK.finditer("\n" + body):
        opened = match.group("fence")
        start = match.start()  # in the body: one character later, less the one added
        if fence:
            if opened:
                mark = opened.lstrip(" \t")
                stop = body.find("\n", start)
                rest = body[start + len(opened) : stop if stop >= 0 else None]
                if mark[0] == fence[0] and len(mark) >= len(fence) and not rest.strip():
                    fence = ""
            continue
        if opened:
            fence = opened.lstrip(" \t")
            continue
        stop = body.find("\n", start)
        atx = _atx(body[start : stop if stop >= 0 else len(body)])
        if atx is not None:
            line_no += body.count("\n", counted, start)
            counted = start
            heads.append((start, line_no, atx[0], atx[1]))
    return _spans(body, first_line, heads)


def _scanned(body: str) -> list[tuple[int, int, int, str]]:
    """The headings of ``body`` as the full scanner finds them, setext ones included."""
    starts = [0]
    at = body.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = body.find("\n", at + 1)
    return [
        (starts[h.line - 1], h.line - 1, h.level, clean_heading(h.title))
        for h in markdown.scan(body).headings
    ]


def _spans(
    body: str, first_line: int, heads: list[tuple[int, int, int, str]]
) -> list[tuple[Section, int, int]]:
    if not body.strip():
        return []
    total_lines = body.count("\n") + (0 if body.endswith("\n") else 1)
    out: list[tuple[Section, int, int]] = []
    first = heads[0] if heads else None
    if first is None or (first[0] > 0 and body[: first[0]].strip()):
        stop = first[0] if first else len(body)
        last = first[1] - 1 if first else total_lines - 1
        out.append((Section(first_line, first_line + max(last, 0), 0, ()), 0, stop))
    levels: list[int] = []
    titles: list[str] = []
    for index, (start, offset, level, title) in enumerate(heads):
        while levels and levels[-1] >= level:
            levels.pop()
            titles.pop()
        levels.append(level)
        titles.append(title)
        if index + 1 < len(heads):
            stop, last = heads[index + 1][0], heads[index + 1][1] - 1
        else:
            stop, last = len(body), total_lines - 1
        path = tuple(filter(None, titles))
        section = Section(first_line + offset, first_line + max(last, offset), level, path)
        out.append((section, start, stop))
    return out


def window(
    scores: Sequence[float],
    costs: Sequence[int],
    limit: int,
    *,
    keep_first: bool = False,
    ties: Sequence[float] = (),
) -> tuple[int, int]:
    """The run of lines ``[start, end)`` to show: it holds the best-scoring line, and grows
    towards the better neighbour, then towards the lines before it, while the lines'
    ``costs`` (tokens) stay within ``limit``. Lines scoring nothing are added only as
    context around the lines that score. With ``keep_first``, the first line (a
    heading) is kept when it fits. ``ties`` (a score per line) chooses among lines
    scoring as much as the best, before the first of them.
    """
    if not scores:
        return 0, 0
    tied = ties if len(ties) == len(scores) else [0.0] * len(scores)
    best = max(range(len(scores)), key=lambda i: (scores[i], tied[i], -i))
    start, end, spent = best, best + 1, costs[best]
    while True:
        before = start - 1 if start > 0 else None
        after = end if end < len(scores) else None
        options = [i for i in (after, before) if i is not None and spent + costs[i] <= limit]
        # the neighbour that scores more; on a tie, the next line (answers follow questions);
        # one worth nothing on its side leaves the other side to grow (nestjs: "we recommend
        # bcrypt or argon2" stood two lines above the best line, never reached)
        options.sort(key=lambda i: (scores[i], i == after), reverse=True)
        pick = next(
            (i for i in options if scores[i] > 0 or _worth_context(scores, start, end, i)), None
        )
        if pick is None:
            break
        spent += costs[pick]
        start, end = min(start, pick), max(end, pick + 1)
    if keep_first and start > 0 and spent + costs[0] <= limit and start <= 2:
        start = 0
    return start, end


def past_table_head(
    lines: Sequence[str], costs: Sequence[int], start: int, end: int, limit: int
) -> int:
    """Where a window ``[start, end)`` of ``lines`` should end so as not to stop on a
    table's head: a header row and its ``|---|`` row say what the columns are, not what
    is in them, so the rows after them are added while the ``costs`` stay within
    ``limit``, and the first row whatever the limit, when it alone costs no more than
    it (govuk-developer-docs: the head of the backups table was shown, and its one row,
    "Nightly full | 120 days", which answered, was left out). A window that ends
    elsewhere keeps its ``end``."""
    last = end - 1
    opens = end < len(lines) and "|" in lines[last] and bool(markdown.TABLE_RULE.match(lines[end]))
    if not (opens or markdown.TABLE_RULE.match(lines[last])):
        return end
    spent = sum(costs[start:end])
    grown = end
    first = end + (1 if opens else 0)  # the table's first row
    while grown < len(lines) and "|" in lines[grown]:
        within = spent + costs[grown] <= limit
        if not within and not (grown <= first and costs[grown] <= limit):
            break
        spent += costs[grown]
        grown += 1
    rows = grown - end - (1 if opens else 0)
    return grown if rows > 0 else end


_ITEM_LINE = lazy_pattern(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)")
ITEM_ALLOWANCE = 0.5  # share of the limit a list item's own sub-items may add to a window


def _last_said(lines: Sequence[str], start: int, end: int) -> int | None:
    """The last line of a window ``[start, end)`` that is not blank, when lines follow
    the window (None when none does, or nothing follows it)."""
    last = end - 1
    while last >= start and not lines[last].strip():
        last -= 1
    return None if last < start or end >= len(lines) else last


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _item_at(lines: Sequence[str], number: int, floor: int) -> int | None:
    """The list item line ``number`` belongs to: itself when it is one, else the nearest
    item above it (not above ``floor``) indented less, whose text it goes on; None when
    it is in no list."""
    if _ITEM_LINE().match(lines[number]):
        return number
    depth = _indent(lines[number])
    for above in range(number - 1, max(floor, number - 40) - 1, -1):
        line = lines[above]
        if not line.strip():
            continue
        if _indent(line) >= depth:
            continue
        return above if _ITEM_LINE().match(line) else None
    return None


def with_sub_items(
    lines: Sequence[str], costs: Sequence[int], start: int, end: int, limit: int
) -> int:
    """Where a window ``[start, end)`` should end so as not to leave a list item it ends
    on without the lines under it: its sub-items and the text indented below it say what
    its first line only names ("Endpoint (OTLP/gRPC)" and, under it, "Default:
    http://localhost:4317"). They are added while the ``costs`` stay within ``limit``
    and :data:`ITEM_ALLOWANCE` of it more; a window that ends elsewhere keeps its
    ``end``."""
    last = _last_said(lines, start, end)
    if last is None:
        return end
    item = _item_at(lines, last, start)
    if item is None:
        return end
    depth = _indent(lines[item])
    spent = sum(costs[start:end])
    room = limit + int(limit * ITEM_ALLOWANCE)
    grown = end
    while grown < len(lines):
        line = lines[grown]
        if not line.strip():
            following = next((x for x in lines[grown + 1 :] if x.strip()), "")
            if not following or _indent(following) <= depth:
                break
        elif _indent(line) <= depth:
            break
        if spent + costs[grown] > room:
            break
        spent += costs[grown]
        grown += 1
    while grown > end and not lines[grown - 1].strip():
        grown -= 1
    return grown


def past_other_items(lines: Sequence[str], scores: Sequence[float], start: int, end: int) -> int:
    """Where a window ``[start, end)`` should start when its best line is a list item and
    the lines before it, holding nothing asked, end the item above (its last sub-item,
    taken as context): the window opens on its own item."""
    best = max(range(start, end), key=lambda i: (scores[i], -i), default=start)
    if best == start or not _ITEM_LINE().match(lines[best]):
        return start
    depth = _indent(lines[best])
    before = [n for n in range(start, best) if lines[n].strip()]
    if before and all(scores[n] <= 0 and _indent(lines[n]) > depth for n in before):
        return best
    return start


def table_head(lines: Sequence[str], start: int, end: int) -> tuple[int, str]:
    """A window ``[start, end)`` that opens inside a table, made to show what its columns
    are: one opening on the ``|---|`` row opens on the header row above it; one opening
    further down gets the header and its rule shown above it (the second value, empty
    when none is needed)."""
    if start >= end or "|" not in lines[start]:
        return start, ""
    top = start
    while top > 0 and "|" in lines[top - 1] and lines[top - 1].strip():
        top -= 1
    if top + 1 >= len(lines) or not markdown.TABLE_RULE.match(lines[top + 1]):
        return start, ""
    if start == top + 1:
        return top, ""
    if start <= top:
        return start, ""
    return start, f"{lines[top]}\n{lines[top + 1]}"


# a line that says what comes next, its sentence left open: "Chosen option: X, because",
# "as follows" (a line ending with a colon is most often a heading of what follows: left)
_ANNOUNCES = lazy_pattern(
    # "the following", "the following properties." (expressjs' res.cookie: its table
    # of options was cut off under "The options parameter ... the following properties.")
    r"(?:\bbecause|\bas follows|\bthe following(?:[ \t]++[\w-]++){0,3}+[.:]?|\bparce que)"
    r"[\s*_`)]*+$",
    re.IGNORECASE,
)
_LIST_ITEM = lazy_pattern(r"\s*(?:[-*+]|\d{1,9}[.)])\s")


def past_announcement(
    lines: Sequence[str], costs: Sequence[int], start: int, end: int, limit: int
) -> int:
    """Where a window ``[start, end)`` should end so as not to stop on a line that
    announces what follows ("..., because", "as follows"): the block after it (a paragraph,
    a list, a code block) is added while the ``costs`` stay within ``limit``, up to the
    next heading. A window that ends elsewhere, or that nothing more fits, keeps its
    ``end``."""
    last = _last_said(lines, start, end)
    if last is None:
        return end
    kept = end
    if last > start and _opens_block(lines, last):
        # the window took in the fence of the block its last sentence announces, and
        # nothing of the block ("... in strict and the default lax mode:", "```python"):
        # that sentence decides, the block is added as the loop adds one
        said = _last_said(lines, start, last)
        if said is not None:
            last, end = said, last
    spanned = _introduces_span(lines, last)
    if not (_ANNOUNCES().search(lines[last]) or spanned or _introduces_block(lines, last)):
        return kept
    spent = sum(costs[start:end])
    grown, held, fenced = end, False, False
    while grown < len(lines):
        line = lines[grown]
        fence = line.lstrip().startswith(("```", "~~~"))
        if not fenced and line.lstrip().startswith("#"):
            break
        if not line.strip() and held and not fenced:
            following = next((x for x in lines[grown + 1 :] if x.strip()), "")
            # the block ended, unless a list goes on (a command under its item is whole)
            if spanned or not _LIST_ITEM().match(following):
                break
        if spent + costs[grown] > limit:
            break
        spent += costs[grown]
        fenced = fenced != fence
        held = held or bool(line.strip())
        grown += 1
    while grown > end and not lines[grown - 1].strip():  # no blank line to end on
        grown -= 1
    return grown if held and grown > kept else kept


def _opens_block(lines: Sequence[str], number: int) -> bool:
    """Whether line ``number`` opens a fenced code block (rather than closing one)."""
    fence = ""
    for at, line in enumerate(lines[: number + 1]):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := markdown.FENCE.match(line)) is not None:
            fence = opened.group(1)
            if at == number:
                return True
    return False


# "...illustrate them:", French's "les attributs suivants :" (a space before, often a
# no-break one), not "::" nor a lone ":"
_COLON_END = lazy_pattern(r"[^\s:][ \u00a0\u202f]?:[\s*_`)]*+$")
_BLOCK_START = lazy_pattern(r"\s*(?:[-*+]\s|\d{1,9}[.)]\s|```|~~~|\|)")


_SPAN_LINE = lazy_pattern(r"\s*(`+)[^`].*?\1\s*$")  # a line that is one code span, whole


def _introduces_span(lines: Sequence[str], last: int) -> bool:
    """Whether line ``last`` ends with a colon and the next line said is a code span
    alone: the command a list item describes ("- Generate a changelog of what no tag
    holds:" over `` `git cliff --unreleased` ``, as tldr pages write every example)."""
    if not _COLON_END().search(lines[last]) or lines[last].lstrip().startswith("#"):
        return False
    following = next((x for x in lines[last + 1 : last + 3] if x.strip()), "")
    return bool(_SPAN_LINE().match(following))


def _introduces_block(lines: Sequence[str], last: int) -> bool:
    """Whether line ``last`` ends a sentence with a colon and a list, a code block or a
    table comes next (a blank line between them or not): "Keep these rules in mind as we
    work through the examples that illustrate them:" over the rules themselves, in the
    Rust book. A colon over a paragraph is left alone: it is as often a label."""
    if not _COLON_END().search(lines[last]) or lines[last].lstrip().startswith("#"):
        return False
    following = next((x for x in lines[last + 1 : last + 3] if x.strip()), "")
    return bool(_BLOCK_START().match(following))


SENTENCE_BACK = 3  # lines a window may reach back for the start of its first sentence
_SENTENCE_END = (".", "!", "?", ":", ";", "…", "。", "！", "？")
_CLOSERS = ")]\"'*_»”’`"  # what may follow the end of a sentence
_LINE_STARTS_BLOCK = lazy_pattern(r"\s*(?:[-*+>|#]|\d{1,9}[.)]\s|```|~~~|<)")
# a line that no paragraph runs on from: a fence, a heading, HTML, a table row, a rule or
# a setext underline
_NO_PROSE_ABOVE = lazy_pattern(r" {0,3}(?:```|~~~|#|<|\||(?:[-*_=][ \t]*){3,}$)")
_SENTENCE_INSIDE = lazy_pattern(r"[.!?;:…。！？][)\]\"'*_»”’`]*\s+\S")  # one ends, one begins


def sentence_start(
    lines: Sequence[str], costs: Sequence[int], start: int, end: int, limit: int
) -> int:
    """Where a window ``[start, end)`` of ``lines`` should start so as not to open in the
    middle of a sentence: on the line where that sentence begins (after a blank line,
    after a line ending a sentence, or inside a line, wrapped prose), at most
    :data:`SENTENCE_BACK` lines earlier and while the ``costs`` stay within ``limit``.
    A window whose sentence begins further back keeps its ``start``."""
    spent = sum(costs[start:end])
    at = start
    while at > 0:
        line, before = lines[at], lines[at - 1].rstrip()
        if (
            not before
            or before.rstrip(_CLOSERS).endswith(_SENTENCE_END)
            or _LINE_STARTS_BLOCK().match(line)
            or _NO_PROSE_ABOVE().match(before)
        ):
            return at
        if start - at == SENTENCE_BACK or spent + costs[at - 1] > limit:
            return start
        spent += costs[at - 1]
        at -= 1
        if _SENTENCE_INSIDE().search(before):
            return at
    return at


SENTENCE_FORWARD = 2  # lines a window may reach forward for the end of its last sentence


def sentence_end(
    lines: Sequence[str], costs: Sequence[int], start: int, end: int, limit: int
) -> int:
    """Where a window ``[start, end)`` of ``lines`` should end so as not to stop in the
    middle of a sentence wrapped over several lines: past the line where it ends, at most
    :data:`SENTENCE_FORWARD` lines further and while the ``costs`` stay within ``limit``;
    else at ``end``. alphagov/govuk-infrastructure's records, wrapped at 120 columns,
    were shown up to "...because `ReadOnly` didn't grant them access", the reason cut."""
    if end <= start or end >= len(lines):
        return end
    last = lines[end - 1].rstrip()
    if not last or last.rstrip(_CLOSERS).endswith(_SENTENCE_END) or _NO_PROSE_ABOVE().match(last):
        return end
    spent = sum(costs[start:end])
    at = end
    while at < len(lines) and at - end < SENTENCE_FORWARD:
        line = lines[at]
        if not line.strip() or _LINE_STARTS_BLOCK().match(line):
            return end  # the paragraph stops unfinished: nothing ends the sentence
        spent += costs[at]
        if spent > limit:
            return end
        at += 1
        if line.rstrip().rstrip(_CLOSERS).endswith(_SENTENCE_END) or _SENTENCE_INSIDE().search(
            line
        ):
            return at
    return end


_REACH_COST = 1 << 20  # what reaching back may cost before the window is shortened to pay


def opening(
    lines: Sequence[str],
    costs: Sequence[int],
    scores: Sequence[float],
    window: tuple[int, int],
    limit: int,
) -> tuple[int, int]:
    """The ``window`` of ``lines`` moved to open where its first sentence begins
    (:func:`sentence_start`); when that costs more than ``limit``, its last lines go to
    make room, as long as the best-scoring line of the window stays in it."""
    start, end = window
    if start < len(lines) and not lines[start].strip():
        return window  # a blank line: the paragraph after it begins there
    begins = sentence_start(lines, costs, start, end, sum(costs[start:end]) + _REACH_COST)
    if begins == start:
        return window
    spent = sum(costs[begins:end])
    best = max(range(start, end), key=lambda i: (scores[i], -i))
    while spent > limit and end - 1 > best:
        end -= 1
        spent -= costs[end]
    if spent > limit or (end < window[1] and _table_head_at(lines, end)):
        return window  # no room, or the rows of a table cut off under its head
    return begins, end


def whole_sentences(
    lines: Sequence[str],
    costs: Sequence[int],
    scores: Sequence[float],
    window: tuple[int, int],
    limits: tuple[int, int],
) -> tuple[int, int]:
    """The ``window`` of ``lines`` opening where its first sentence begins
    (:func:`opening`, within the first of ``limits``) and ending where its last one ends
    (:func:`sentence_end`, within the second)."""
    start, end = opening(lines, costs, scores, window, limits[0])
    return start, sentence_end(lines, costs, start, end, limits[1])


def _table_head_at(lines: Sequence[str], end: int) -> bool:
    """Whether a window ending before line ``end`` ends on a table's head (its header
    row, or the ``|---|`` row under it): what :func:`past_table_head` avoids."""
    last = end - 1
    opens = end < len(lines) and "|" in lines[last] and bool(markdown.TABLE_RULE.match(lines[end]))
    return opens or bool(markdown.TABLE_RULE.match(lines[last]))


def _worth_context(scores: Sequence[float], start: int, end: int, pick: int) -> bool:
    """Whether a line that scores nothing is still worth showing: it stands between the
    window and a line that scores, or it is the one line of context each side gets."""
    step = 1 if pick >= end else -1
    probe = pick + step
    while 0 <= probe < len(scores) and abs(probe - pick) <= 3:
        if scores[probe] > 0:
            return True
        probe += step
    return (pick == end and end - start <= 2) or (pick == start - 1 and end - start <= 2)


class LineCosts(Sequence[int]):
    """The tokens of each line, counted only when :func:`window` asks for them: a section
    of a hundred thousand lines costs what the lines around its answer cost."""

    def __init__(self, lines: Sequence[str], cost: Callable[[str], int]) -> None:
        self._lines = lines
        self._cost = cost
        self._known: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...

    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        found = self._known.get(index)
        if found is None:
            found = self._known[index] = self._cost(self._lines[index]) + 1  # and its newline
        return found


SHORT_BLOCK = 6  # lines of a block a window ending inside it or on its fence takes in


def fenced(
    lines: Sequence[str],
    start: int,
    end: int,
    costs: Sequence[int] | None = None,
    limit: int | None = None,
) -> tuple[int, int, str, str]:
    """A window ``[start, end)`` of ``lines`` made whole as to code blocks: where it
    should start (past the closing fence of a block it would open on) and end (a window
    that would end inside a block, or on its opening fence, takes the rest of the block
    in when it closes within :data:`SHORT_BLOCK` lines, as "The file should be named" and
    the name below it; else a fence with nothing under it is left out), the fence line
    to show above it when it starts inside a block, and the fence to show below it when
    it ends inside one; empty strings when it needs none. Given the lines' ``costs``, the
    rest of a block is taken in only when the window then costs ``limit`` at most."""
    fence, opener, opened_at = "", "", -1
    for number in range(start):
        line = lines[number]
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := markdown.FENCE.match(line)) is not None:
            fence, opener, opened_at = opened.group(1), line.strip(), number
    if fence and start < end and markdown.closes_fence(lines[start], fence):
        start, fence = start + 1, ""  # the block's end alone shows nothing of it
    if start >= end:
        return start, end, "", ""  # nothing shown: no block to show it in
    if fence and start - opened_at <= SHORT_BLOCK:
        # a block's first lines name what it does ("app.notFound((c) => {"): a window
        # opening a few lines into it starts with it (honojs/website's 404 answer)
        start, fence = opened_at, ""
    above = opener if fence else ""
    last_opened = -1
    for number in range(start, end):
        line = lines[number]
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := markdown.FENCE.match(line)) is not None:
            fence, last_opened = opened.group(1), number
    if not fence:
        return start, end, above, ""
    closing = next(
        (n for n in range(end, min(len(lines), end + SHORT_BLOCK + 1))
         if markdown.closes_fence(lines[n], fence)),
        None,
    )  # fmt: skip
    fits = costs is None or limit is None or sum(costs[start : (closing or 0) + 1]) <= limit
    if closing is not None and fits:
        # a few lines short of its end, a block is shown to it: fastapi's 404 answer cut
        # its example after the comment opening it, before the one line that raises
        return start, closing + 1, above, ""
    if last_opened == end - 1 and end - 1 > start:  # a fence with nothing under it
        return start, end - 1, above, ""
    return start, end, above, fence


ELIDED = "…"  # the line standing for the lines of a code block a passage leaves out


def block_to_end(
    lines: Sequence[str], costs: Sequence[int], window: tuple[int, int], fence: str, limit: int
) -> tuple[int, str]:
    """Where a window ``[start, end)`` that ends inside a code block (opened by
    ``fence``) should end: past the block's closing fence when the rest of the block
    fits within ``limit`` tokens with the window, and the fence still to show below it
    ('' then); else where it ends, and ``fence``. nestjs's APP_GUARD example was cut
    after its imports, the module that registers the guard six lines below them."""
    start, end = window
    room = limit - sum(costs[start:end])
    for number in range(end, len(lines)):
        room -= costs[number]
        if room < 0:
            break
        if markdown.closes_fence(lines[number], fence):
            return number + 1, ""
    return end, fence


# a box's head as MkDocs (Python-Markdown) reads one: the whole line, a type and maybe
# a quoted title ("!!!IMPORTANT!!! do not run this" is a sentence)
_BOX_OPENER = re.compile(r"([ \t]*)(?:!!!|\?\?\?\+?) ?[\w-]+(?: [\w-]+)*(?: +\"[^\"\n]*\")?[ \t]*$")
BOX_REACH = 3  # lines above a window's first one where the head of its box is looked for


def boxed(
    lines: Sequence[str], start: int, end: int, scores: Sequence[float] = ()
) -> tuple[int, int]:
    """A window ``[start, end)`` of ``lines`` (outside code blocks: see :func:`fenced`)
    made whole as to MkDocs' boxes (``!!! warning``, ``??? note``, their text indented
    under them) and rules: it never ends on a box's head, whose text it leaves out, nor
    on a rule (``---`` after a blank line), nor on the blank lines before them; and a
    window opening on a box's indented text opens on the box's head, a few lines above,
    so that the text reads as a warning rather than as indented code (fastapi's CORS
    answer showed the indented lines alone). A box's head that ``scores`` says matched the
    question stays: it is what answers."""

    def matched(number: int) -> bool:
        return number < len(scores) and scores[number] > 0

    while end > start and (
        not lines[end - 1].strip()
        or (_BOX_OPENER.match(lines[end - 1]) and not matched(end - 1))
        # a rule between parts of a page, after a blank line (under text it underlines)
        or (markdown.is_rule(lines[end - 1]) and (end - 1 == start or not lines[end - 2].strip()))
    ):
        end -= 1
    if start >= end:
        return start, end
    indent = len(lines[start]) - len(lines[start].lstrip(" \t"))
    if indent >= 4:
        for number in range(start - 1, max(-1, start - 1 - BOX_REACH), -1):
            line = lines[number]
            if not line.strip():
                continue
            head = _BOX_OPENER.match(line)
            if head is not None and len(head.group(1)) < indent:
                return number, end
            if len(line) - len(line.lstrip(" \t")) < indent:
                break  # other text at a lesser indent: no box holds the window
    return start, end


# an item of a table of contents: a list item that is a link to a part of its page alone
_CONTENTS_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[^\]\n]*\]\(#[^()\s]*\)[ \t]*$")


def contents_lines(lines: Sequence[str]) -> set[int]:
    """The 0-based numbers of the ``lines`` that are items of a table of contents (a
    link to a part of the page alone, ``- [Weak Subjectivity Period](#weak-...)``):
    they say the page's headings again, and neither match nor choose a passage.
    "How is the weak subjectivity period computed?" was shown the lines of
    ethereum/consensus-specs' guide that list its sections, not the one that answers."""
    return {n for n, line in enumerate(lines) if "](#" in line and _CONTENTS_ITEM.match(line)}


def unread(lines: list[str]) -> list[str]:
    """``lines`` with those that neither match a question nor make a passage emptied
    (their numbers kept): those a reader never sees (:func:`markdown.hidden_lines`) and
    those of a table of contents (:func:`contents_lines`)."""
    gone = markdown.hidden_lines(lines) | contents_lines(lines)
    return [("" if n in gone else line) for n, line in enumerate(lines)] if gone else lines


def not_prose(lines: Sequence[str]) -> set[int]:
    """The 1-based numbers of the ``lines`` that are no prose: those of fenced code
    (its fences too), and list items that are a link alone."""
    out: set[int] = set()
    fence = ""
    for number, line in enumerate(lines, start=1):
        if fence:
            out.add(number)
            if markdown.closes_fence(line, fence):
                fence = ""
            continue
        opened = markdown.FENCE.match(line)
        if opened is not None:
            fence = opened.group(1)
            out.add(number)
        elif _LINK_ITEM.match(line):
            out.add(number)
    return out


def without_inline_comments(lines: list[str]) -> list[str]:
    """``lines`` with the HTML comments inside a line of prose taken out, the line's other
    text kept: alphagov/govuk-infrastructure's upgrade guide showed "version for each
    <!-- vale RedHat.SimpleWords=OFF -->component<!-- vale RedHat.SimpleWords=ON -->".
    Code keeps its comments, in a block or a span; a line that is a comment alone is
    left to the caller."""
    if not any("<!--" in line for line in lines):
        return lines
    code = not_prose(lines)
    out = list(lines)
    for number, line in enumerate(lines):
        if "<!--" not in line or number + 1 in code:
            continue
        if "`" in line and any("<!--" in s.group() for s in markdown.CODE_SPAN.finditer(line)):
            continue
        kept = markdown.without_comments(line)
        if kept.strip():
            out[number] = kept
    return out


# a line that is an address alone, bare, in angle brackets or as a link's destination
_ADDRESS_ALONE = lazy_pattern(
    r"^[ \t]*+(?:[-*+][ \t]++)?+(?:<?https?://[^\s<>]++>?|\[[^\]\n]*+\]\([^()\s]*+\))[ \t]*+$"
)


def cited(lines: Sequence[str], scores: Sequence[float]) -> list[float]:
    """``scores`` of ``lines`` with what an address alone on its line scores given to the
    paragraph just above it, which the address cites, and half of it kept: backstage's
    ADR007 was shown by its line "https://github.com/mswjs/msw" alone, for "Why did we
    choose msw?", and not by the paragraph saying why the library was chosen."""
    out = list(scores)
    for number, score in enumerate(scores):
        if not score or not _ADDRESS_ALONE().match(lines[number]):
            continue
        above = number - 1
        while above >= 0 and not lines[above].strip():
            above -= 1
        if (
            above < 0
            or above < number - 2
            or _ADDRESS_ALONE().match(lines[above])
            or lines[above].lstrip().startswith("#")
        ):
            continue  # no paragraph just above: a heading, or a list of addresses
        out[number] = score / 2
        while above >= 0 and lines[above].strip() and not lines[above].lstrip().startswith("#"):
            out[above] = max(out[above], score)
            above -= 1
    return out


def prose_share(lines: Sequence[str], start: int, end: int, code: set[int]) -> float:
    """The share of the non-blank lines ``start`` to ``end`` (1-based, both included)
    that are prose, ``code`` being :func:`not_prose` of ``lines``; 1.0 when all are blank."""
    filled = [n for n in range(start, end + 1) if lines[n - 1].strip()]
    if not filled:
        return 1.0
    return sum(1 for n in filled if n not in code) / len(filled)


CLIP_WORDS = 30  # words of a piece of a long line, when a sentence is longer
_SENTENCE_BREAK = lazy_pattern(r"(?<=[.!?;:…。！？])[)\]\"'*_»”’`]*\s+")


def pieces(line: str) -> list[str]:
    """``line`` cut into its sentences, a sentence longer than :data:`CLIP_WORDS` words
    into runs of that many: the parts a line too long to show whole is chosen from."""
    out: list[str] = []
    for sentence in _SENTENCE_BREAK().split(line.strip()):
        words = sentence.split()
        out += [" ".join(words[at : at + CLIP_WORDS]) for at in range(0, len(words), CLIP_WORDS)]
    return out


def clip(
    line: str,
    score: Callable[[list[str]], Sequence[float]],
    cost: Callable[[str], int],
    limit: int,
) -> str:
    """The part of a ``line`` costing more than ``limit`` tokens that is worth showing:
    its best-scoring piece (:func:`pieces`, scored by ``score``) and the pieces around it
    that fit (:func:`window`), with an ellipsis where it was cut. A paragraph written as
    one line, however long, costs no more than a passage of several lines."""
    parts = pieces(line)
    if len(parts) > 1:
        start, end = window(score(parts), [cost(p) + 1 for p in parts], limit)
        indent = line[: len(line) - len(line.lstrip())]
        head = "… " if start else ""
        tail = " …" if end < len(parts) else ""
        line = indent + head + " ".join(parts[start:end]) + tail
    spent = cost(line)
    if spent <= limit:
        return line
    # one piece still too long (a word of thousands of characters): its beginning
    return line[: max(1, len(line) * limit // spent - 2)] + " …"
