"""The summary of a foreign page: its first paragraph of real prose, as plain text.

Documentation sites wrap their prose in things that are not prose: navigation
("> Back to homepage", "[Home](..) | [Next](..)", breadcrumbs), admonitions
(``!!! hint``, ``:::info``, ``/// tip``, ``> [!NOTE]``, ``> info **Hint**``,
``{% hint %}``), the headers of MkDocs content tabs (``=== "pip"``; the text under
one is read), HTML blocks, badges and images, template tags (``{% from ... %}``,
``{{< figure >}}``), tables of contents, CSS, MDX imports, attribute lists and
metadata lines (``Date: 2021-03-04``, ``sidebar_position: 2``). :func:`blocks` reads
a body into paragraphs, leaving all of that out, and says what each paragraph is;
:func:`first_paragraph` takes the first of prose, else a list, else the text
of an admonition, else a short line. Pure: text in, text out.
"""

from __future__ import annotations

import html
import itertools
import re
import string
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from mdbrain.core import markdown

PROSE: Final = "prose"
LIST: Final = "list"
ASIDE: Final = "aside"  # inside an admonition: an aside, not what the page is about
SHORT: Final = "short"  # fewer than three words
# Never a summary, but what a paragraph ending in ":" may announce: the rows of a table,
# a line of links. :func:`blocks` leaves them out; :func:`first_paragraph` reads them.
TABLE: Final = "table"
NAVIGATION: Final = "navigation"
_COMPLETIONS: Final = (TABLE, NAVIGATION)
# A paragraph that announces what follows (":") where nothing follows it that completes
# it (code, a quote, nothing): the last thing a summary is taken from.
_DANGLING: Final = "dangling"
_RANK: Final = {PROSE: 0, LIST: 1, ASIDE: 2, SHORT: 3, _DANGLING: 4}

# A link's text: brackets inside it go in pairs ("[UploadData[]](upload-data.md)").
_LINK_TEXT: Final = r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]"
# A link's destination, with one level of parentheses inside ("Foo_(bar)"); never past
# an opening one it cannot close, so that each bracket costs the text up to the next
_DESTINATION: Final = r"\((?:[^()]|\([^()]*\))*\)"
_INLINE: Final = (
    (re.compile(r"\{\{[<%][^{}]*[%>]\}\}|\{%[^%]*%\}|\{\{[^{}]*\}\}"), ""),  # template tags
    # a backslash ending a line breaks it (GitBook's "... la communauté !\"), and a
    # character reference naming no character ("&#xNAN;", as GitBook exports some) is none
    (re.compile(r"\\(?=\s|$)"), " "),
    (re.compile(r"&#(?!x[0-9a-f]{1,6};|[0-9]{1,7};)[^;\s&]{1,10};", re.IGNORECASE), ""),
    (re.compile(rf"!\[\[[^\[\]\n]*\]\]|!{_LINK_TEXT}(?:{_DESTINATION}|\[[^\]]*\])"), ""),  # images
    (re.compile(r"\[\^[^\[\]]+\]"), ""),  # footnote marks
    (re.compile(r"\[\[[^\[\]|\n]+\|([^\[\]\n]+)\]\]"), r"\1"),  # wiki links: [[page|label]]
    (re.compile(r"\[\[([^\[\]|#\n]+)(?:#[^\[\]\n]*)?\]\]"), r"\1"),  # [[page]], [[page#part]]
    (re.compile(rf"{_LINK_TEXT}(?:{_DESTINATION}|\[[^\]]*\])"), r"\1"),
    (re.compile(r"<((?:https?|mailto):[^<>\s]+)>"), r"\1"),
    (re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>"), ""),
    (re.compile(r"\{:?\s*[#.][^{}]*\}"), ""),  # attribute lists: {#id}, { #id }, {: .note}
    (re.compile(r"(\*\*|__|~~)(.+?)\1"), r"\2"),
    (re.compile(r"(?<![\w*])\*([^\s*](?:[^*]*?[^\s*])?)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_([^\s_](?:[^_]*?[^\s_])?)_(?!\w)"), r"\1"),
)
_SENTENCE_END = re.compile(r"[.!?](?=\s)")
# Words a full stop does not end a sentence after, in lower case: English and French.
_ABBREVIATIONS: Final = frozenset(
    {
        "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "incl.", "esp.", "resp.", "viz.",
        "al.", "ca.", "fig.", "figs.", "eq.", "vol.", "ch.", "pp.", "ed.", "eds.", "mr.",
        "mrs.", "dr.", "prof.", "jr.", "sr.", "st.", "dept.", "ibid.", "ex.", "c.-à-d.",
        "chap.", "mme.", "mlle.", "cie.", "éd.", "av.", "apr.", "nb.",
    }
)  # fmt: skip
# Letters each followed by a stop: an initial ("J."), "a.k.a.", "p." (of "p. ex."), "J.-C.".
_INITIALS = re.compile(r"(?:[^\W\d_]\.-?)+")
_LAST_WORD = re.compile(r"[^\s(\[{«“\"']+$")

_FENCE = re.compile(r"^ {0,3}(" + markdown.FENCE_RUN + r")")
_NESTED_FENCE = re.compile(r"^[ \t]{4,}(" + markdown.FENCE_RUN + r")")
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+((?:.*[^ \t#])?))?[ \t#]*$")
_SETEXT = re.compile(r"^ {0,3}(?:=+|-+) *$")
_SKIP_LINE = re.compile(
    r"^ {0,3}(?:\||\[[^\]]+\]:|(?:[-*_] *){3,}$|=+ *$"  # tables, references, rules
    r"|!\[|\[!\["  # images, badges
    r"|\{:?[ \t]*[#.:][^}]*\}[ \t]*$"  # an attribute list alone: {: .note}, {.wide}
    r"|(?-i:import|export)[ \t]+.*['\"][^'\"]+['\"];?[ \t]*$"  # MDX
    r"|\[\[_?toc_?\]\]|\[toc\]|\$\{toc\}|@\[toc\]|\*[ \t]+toc[ \t]*$"  # table-of-contents marks
    r"|(?::{3,}|/{3,}|\?{3,})[ \t]*$|\[![A-Za-z]+\][-+]?[ \t]*$"  # markers of admonitions
    r"|;?-{2,}8<-{2,}"  # a file a site includes there: --8<-- "CONTRIBUTING.md"
    r"|\{\*.*\*\}[ \t]*$|\{!.*!\}[ \t]*$)",  # and {* ../src/app.py hl[3] *}, {!> a.py !}
    re.IGNORECASE,
)
_LIST = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)]) +")
# a paragraph that ends by announcing what follows it: its list completes it
_ANNOUNCES = re.compile(r"(?::|\b(?:because|since|as follows|following|parce que|car))\s*$", re.I)
# a paragraph that stops in the middle of a sentence, on a word no sentence ends on
# ("This RFC proposes to"): a list right under it continues it. "The CLI is written in
# Rust" above a list of features is a whole sentence, and stays one.
_UNFINISHED = re.compile(
    r"\b(?:to|by|of|the|a|an|and|or|with|for|from|in|on|at|into|that|which|are|is|be|will"
    r"|should|must|can|include|includes|including|such as|de|du|des|le|la|les|à|pour|par"
    r"|en|que|qui|sont|est|avec)$",
    re.I,
)
# a list item ending on a conjunction ("..., and") runs on into the next one
_RUNS_ON = re.compile(r"(?:^|[\s,])(?:and|or|but|et|ou|mais)$", re.I)
# an item of a list read into a sentence that stops mid-way: "to Expand the rules" reads
# "to expand the rules" (a word in capitals or a name in mixed case stays as written)
_ITEM_START = re.compile(r"(^|; |, (?:and|or) )([A-Z][a-z]+)(?= [a-z])")
_JOINED = 480  # characters of a list at most read into the paragraph that announces it
# The list a table-of-contents generator keeps between its two comments.
_TOC_REGION = re.compile(
    r"<!--\s*(?:toc\s*|(?:start doctoc|md_toc)[^<>]*)-->"
    r"(?:.*?(<!--\s*(?:/toc\s*|tocstop\s*|(?:end doctoc|/md_toc)[^<>]*)-->)|.*)",
    re.IGNORECASE | re.DOTALL,
)
_TOC_TITLES: Final = frozenset(
    {
        "table of contents", "contents", "toc", "on this page", "in this article",
        "in this section", "in this page", "sommaire", "table des matières", "contenu",
        "inhalt", "inhaltsverzeichnis", "índice", "indice", "contenido", "目次", "目录",
    }
)  # fmt: skip

# HTML: a line opening a tag starts a block that runs to the tag's end (or a blank line).
_HTML_OPEN = re.compile(r"^ {0,3}<(?:([A-Za-z][\w-]*)|!|\?|/[A-Za-z][\w-]*)(?=[\s/>]|$)")
# Block tags whose HTML block runs to their closing tag; any other tag, to a blank line.
_BLOCK_TAGS: Final = frozenset(
    {
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "div",
        "dl", "fieldset", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "iframe", "main", "nav", "noscript", "ol", "p", "picture", "pre", "script",
        "section", "style", "summary", "svg", "table", "textarea", "ul", "video", "audio",
    }
)  # fmt: skip
_LOOKED_AT = 64  # bare markers looked at for the end of one container
# Template tags on a line of their own: Jinja, Liquid, Nunjucks, Hugo shortcodes.
_TEMPLATE_OPEN = re.compile(r"^ {0,3}(\{%|\{\{|\{#)")
_TEMPLATE_CLOSE: Final = {"{%": "%}", "{{": "}}", "{#": "#}"}
_RAW_SHORTCODE = re.compile(r"^ {0,3}\{\{<\s*([A-Za-z][\w-]*)(?![^}]*/>\}\})")
_TEMPLATE_ASIDE = re.compile(
    r"^ {0,3}(?:\{%-?\s*|\{\{[<%]\s*)(hint|note|tip|info|warning|caution|danger|alert|notice"
    r"|callout|admonition|important)\b",
    re.IGNORECASE,
)
# Admonitions: MkDocs (content indented below the marker), Docusaurus / VitePress
# containers, pymdownx blocks, MyST directives (":::{note}"; each closed by its own
# marker), GitHub alerts (a quote).
_MKDOCS = re.compile(r"^ {0,3}(?:!!!|\?\?\?\+?)[ \t]*[\w-]")
_CONTAINER = re.compile(r"^ {0,3}(:{3,}|/{3,}|\?{3,})\+?(?:\{|[ \t]*[\w\"'-])")
_ALERT = re.compile(r"^ {0,3}>[ \t]*\[![A-Za-z]+\][-+]?")
# A callout written as a quote that opens on its kind and a label in bold, as
# nestjs/docs.nestjs.com writes its hints and warnings ("> info **Hint** Learn more...",
# "> warning **Warning** ...": its renderer makes the kind the box's class), or on the
# label alone when the label names a callout ("> **Warning** In this article, ...").
# The kind is written in lower case; a quote opening "> Note **this**" is no callout.
_CALLOUT = re.compile(
    r"^ {0,3}>[ \t]*(?:(?:info|warning|warn|error|danger|tip|note)[ \t]+"
    r"\*\*[A-Za-z]+(?: [A-Za-z]+){0,2}\*\*"
    r"|\*\*(?i:warning|note|hint|tip|info|notice|caution|danger|error|important)\*\*)"
    r"(?=[ \t]|$)"
)
_QUOTE = re.compile(r"^ {0,3}>[ \t]?")

# Navigation: a short line that sends the reader elsewhere, and says nothing else.
_NAVIGATION = re.compile(
    r"^[\W_]*(?:(?:go\s+)?back(?:\s+to\b.*)?|return\s+to\b.*|retour(?:\s+(?:à|au|aux|vers)\b.*)?"
    r"|revenir\s+(?:à|au|aux)\b.*|(?:home(?:page)?|accueil|index|top|up|next|previous|prev|suivant"
    r"|précédent|table of contents|contents|sommaire|table des matières)"
    r"(?:\s*[:|»›>→].*|\s+[-–—]\s.*)?"
    r"|edit (?:this page|on github)\b.*|skip to\b.*)[\W_]*$"
    r"|^\W*[←→↑⬅➡⇐⇒‹›]",
    re.IGNORECASE,
)
_NAVIGATION_WORDS: Final = 8
_SWITCHER_MIN: Final = 3  # links between bars that make a switcher, however long
_SWITCHER_SHARE: Final = 0.8  # of its pieces linked, the page's own one aside
_SEPARATED = re.compile(r"\s[›»>|·•→/]\s")
_LINKS = re.compile(
    rf"!?{_LINK_TEXT}(?:{_DESTINATION}|\[[^\]]*\])|<(?:https?|mailto):[^<>\s]+>|https?://\S+"
)
# Metadata written as lines: "Date: 2021-03-04", "sidebar_position: 2", "* Status: accepted".
_FIELD_LINE = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?\**([A-Za-z][\w .-]{0,30}?(?:\(s\))?)\**[ \t]*:\**[ \t]+\S"
)
_META_KEYS: Final = frozenset(
    {
        "date", "status", "author", "authors", "deciders", "decision-makers", "consulted",
        "informed", "tags", "version", "created", "updated", "last updated", "last modified",
        "owner", "owners", "layout", "title", "slug", "id", "weight", "category", "technical story",
        "discussion", "url", "reviewers", "contributors", "editors", "shepherd", "champion",
        "stability",  # nodejs/node's API pages: "> Stability: 2 - Stable"
    }
)  # fmt: skip
# A field whose bold name is its only mark, no colon: dotnet/designs' template writes
# "**Owner** [Rich Lander](https://github.com/richlander)" under each title.
_BOLD_FIELD_LINE = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\*\*([A-Za-z][\w .-]{0,30}?)\*\*[ \t]+\S")
# a line of links, a bold name before them maybe, each link ending on "|" or ",": the
# same template's "**Owner** [A](...) |", "**Contact** [B](...) |", "[Roslyn](...) |"
_LABELLED_LINKS = re.compile(
    r"^[ \t]*(?:\*\*[A-Za-z][\w .-]{0,30}\*\*[ \t]*:?[ \t]*)?"
    r"(?:\[[^\[\]\n]{1,200}\]\([^()\s]{1,500}\)[ \t]*[|,]?[ \t]*)+$"
)
# A byline: a few short lines, broken by a backslash or <br>, one of them a date
# ("Ian Lance Taylor\", "Robert Griesemer\", "July 31, 2019").
_BREAK = re.compile(r"(?:\\|<br\s*/?>|(?<![ \t])(?=[ \t]*+$)[ \t]*?[ ]{2})[ \t]*$", re.I)
_BYLINE_WORDS: Final = 5
_MONTH_DATE = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}|(?:\d{1,2} )?[^\W\d_]{3,9}\.? (?:\d{1,2}, )?\d{4})$"
)
# a line of a page's history: a field whose value opens with a day ("Approved by TOC
# on: Nov 27, 2017", cncf/toc's principles), or a version and its day
_DATED_LINE = re.compile(
    r"^[ \t*_]*(?:[A-Za-z][\w .-]{0,40}:[ \t*_]*|version\s+[\d.]+,?[ \t]+)"
    r"(?:\d{4}-\d{2}-\d{2}|(?:\d{1,2}\s)?[A-Za-z]{3,9}\.?\s(?:\d{1,2},\s)?\d{4})\b",
    re.IGNORECASE,
)
_AFTER_A_DAY: Final = 4  # words a line of history may hold after its day ("Issue 413")
_CSS_LINE = re.compile(
    r"^[ \t]*(?:[@.#]?[\w-][\w\s,.#:>~+*()\[\]=\"'-]*\{[ \t]*$"  # a selector
    r"|\}[ \t]*$)"  # the end of a rule
)


# A word of letters (apostrophes and hyphens inside), punctuation after it.
_WORD = re.compile(r"[«“\"'(]?[^\W\d_]+(?:['’-][^\W\d_]+)*[.,;:!?…»”\")]*")
_NO_SPACES = 0x2E80  # CJK and the scripts after it are written without spaces
_CODE_SPAN = re.compile(r"(?<!`)(`++)[^`]+?\1")
# A line in bold alone, standing for a heading: "**Extra features**".
_PSEUDO_HEADING = re.compile(r"\s*(\*\*|__)[^*_]+\1:?\s*")
_READ_BLOCKS = 400  # paragraphs read at most for one summary
_BLOCK_LINES = 60  # lines of one paragraph kept for its text
_MAX_DEPTH = 8  # admonitions read inside admonitions; deeper ones are left out


@dataclass(frozen=True, slots=True)
class Block:
    kind: str  # PROSE, LIST, ASIDE or SHORT (TABLE inside this module)
    text: str  # plain text, on one line
    # right under the paragraph before it, with only blank lines between: no code,
    # table, heading or anything left out between them
    follows: bool = False
    quote: bool = False  # written as a quote ("> ...")


# --- text out of Markdown -----------------------------------------------------------


# A backslash escape (an ASCII punctuation character after a backslash), or a code span.
_LITERAL = re.compile(r"\\([!-/:-@\[-`{-~])|(?<!`)(`++)((?:[^`\n]++|(?!\2(?!`))`++)++)\2(?!`)")
_KEPT_CODE = re.compile(r"\x00(\d+)\x00")


# a macro called with quoted arguments, as MDN's KumaScript writes them: the words it shows
# are its second argument when it has one ({{Glossary("CORS", "cross-origin")}}), else its
# first ({{HTTPHeader("Range")}}); other template tags stand for nothing to read
_MACRO_CALL = re.compile(
    r"\{\{\s*+[\w.-]+\(\s*+([\"'])([^\"'{}\n]*)\1\s*+(?:,\s*+([\"'])([^\"'{}\n]*)\3)?"
    r"[^{}\n]*\)\s*+\}\}"
)


_MACRO_LINE = re.compile(rf"^[ \t]*(?:{_MACRO_CALL.pattern})[ \t]*$", re.MULTILINE)


def _shown(found: re.Match[str]) -> str:
    return found.group(4) or found.group(2)


def plain(text: str) -> str:
    """Markdown inline text as plain text on one line. What a code span holds is kept as
    written: `` `<Activity>` lets you hide...`` is no HTML tag to drop; an escaped
    character is that character, never the start of a tag or a link: ``Record\\<string\\>``
    reads ``Record<string>``. A macro called with quoted words reads as those words
    (mdn/content: "Cross-Origin Resource Sharing () is an -header based mechanism")."""
    codes: list[str] = []
    if "`" in text or "\\" in text:

        def kept(found: re.Match[str]) -> str:
            codes.append(found.group(1) or found.group(3))
            return f"\x00{len(codes) - 1}\x00"

        text = _LITERAL.sub(kept, text)
    # a comment is no text a reader sees: "Templed ... <!-- Rhoi teitl ADR --> yn ei le"
    text = markdown.without_comments(text, " ")
    if "{{" in text:
        # alone on its line, a macro is a block the site draws (a sidebar, a live
        # sample): no words; inside a sentence, the words it shows
        text = _MACRO_CALL.sub(_shown, _MACRO_LINE.sub("", text))
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    text = html.unescape(text)
    if codes:
        text = _KEPT_CODE.sub(lambda found: codes[int(found.group(1))], text)
    return " ".join(text.split())


def clip(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters: whole sentences when they fit, else whole
    words and an ellipsis."""
    if len(text) <= limit:
        return text
    ends = [
        m.end() for m in _SENTENCE_END.finditer(text, 0, limit) if ends_sentence(text, m.start())
    ]
    if ends and ends[-1] >= limit // 2:
        return text[: ends[-1]]
    cut = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return cut.rstrip(" ,;:-–—") + "…"


def ends_sentence(text: str, stop: int, *, initial: bool = True) -> bool:
    """Whether the mark at ``stop`` ends a sentence: a full stop after an abbreviation
    ("e.g.", "etc.", "p. ex.") or initials ("a.k.a.") does not, nor one after a single
    letter ("J. Smith") unless ``initial`` is False ("The module does X. More")."""
    if text[stop] != ".":
        return True
    word = _LAST_WORD.search(text, max(0, stop - 24), stop + 1)
    found = word.group(0).lower() if word else ""
    initials = _INITIALS.fullmatch(found) is not None and (initial or len(found) > 2)
    return found not in _ABBREVIATIONS and not initials


# --- what a paragraph is ----------------------------------------------------------------


def is_navigation(raw: str, text: str) -> bool:
    """A paragraph made only of links (a table of contents, "Previous | Next"), short
    links in a row (breadcrumbs, languages), or a short line that sends the reader
    elsewhere ("Back to homepage")."""
    if _LINKS.search(raw) and not any(c.isalnum() for c in plain(_LINKS.sub(" ", raw))):
        return True
    if _LINKS.search(raw) and _SEPARATED.search(text) and len(text.split()) <= _NAVIGATION_WORDS:
        return True  # breadcrumbs, a language switcher: "Docs › Guides › Setup"
    pieces = [piece for piece in raw.split("|") if piece.strip()]
    linked = sum(1 for piece in pieces if _LINKS.search(piece))
    if len(pieces) >= _SWITCHER_MIN and linked >= _SWITCHER_SHARE * len(pieces):
        return True  # cncf/toc: "[Deutsch](#deutsch) (German) | ..." for 24 languages
    return len(text.split()) <= _NAVIGATION_WORDS and bool(_NAVIGATION.match(text))


def is_prose(text: str) -> bool:
    """Words, not names: three words or more, two of them written in letters and not
    in capitals alone ("Headers: fo1.hpp" and "FO2SAVE* or NULL" are not prose); in a
    script written without spaces, eight letters."""
    words = text.split()
    if len(words) < 3:
        return (
            len(words) <= 2
            and any(ord(c) >= _NO_SPACES for c in text)
            and (sum(c.isalpha() for c in text) >= 8)
        )
    return sum(1 for word in words if _WORD.fullmatch(word) and not word.isupper()) >= 2


# a field of the list Sphinx reads at a page's top, MyST's and reStructuredText's
# (":orphan:", ":tocdepth: 2", ":nosearch:"): settings, no words of the page
_DOCINFO = re.compile(r"[ \t]{0,3}:[A-Za-z][\w-]*:(?:[ \t]+\S.*)?[ \t]*")


def _is_metadata(lines: list[str]) -> bool:
    """Whether a paragraph is made of fields ("Author(s): …", "Last updated: …", Sphinx's
    ":orphan:") or is a byline of names and a date."""
    if _is_byline(lines):
        return True
    if all(_DOCINFO.fullmatch(line) for line in lines):
        # executablebooks/MyST-Parser: two pages were summed up as ":orphan:"
        return True
    if any(line.lstrip().startswith("**") for line in lines) and all(
        _LABELLED_LINKS.match(line) for line in lines
    ):
        return True  # names and links under labels: who owns it, where work is tracked
    for line in lines:
        found = _FIELD_LINE.match(line)
        key = found.group(1).strip().lower().removesuffix("(s)") if found else ""
        if key and (key in _META_KEYS or "_" in key):
            continue
        dated = _DATED_LINE.match(line)  # "Approved by TOC on: Nov 27, 2017", "Version 1.0"
        if dated is not None and len(plain(line[dated.end() :]).split()) <= _AFTER_A_DAY:
            continue
        bold = _BOLD_FIELD_LINE.match(line)
        if bold is None or bold.group(1).strip().lower() not in _META_KEYS:
            return False
    return True


def _is_byline(lines: list[str]) -> bool:
    if len(lines) < 2 or not all(_BREAK.search(line) for line in lines[:-1]):
        return False
    shown = [_BREAK.sub("", line).strip() for line in lines]
    return all(len(line.split()) <= _BYLINE_WORDS for line in shown) and any(
        _MONTH_DATE.match(line) for line in shown
    )


def _kind(lines: list[str], is_list: bool, aside: bool) -> Block | None:
    raw = " ".join(lines)
    if len(lines) == 1 and _PSEUDO_HEADING.fullmatch(raw):
        return None
    text = plain(raw)
    if text and is_navigation(raw, text):
        return Block(NAVIGATION, text) if any(c.isalnum() for c in text) else None
    if not text or _is_metadata(lines) or any(_CSS_LINE.match(line) for line in lines):
        return None
    if aside:
        return Block(ASIDE, text)
    if not is_prose(text) or not any(c.isalpha() for c in plain(_CODE_SPAN.sub(" ", raw))):
        return Block(SHORT, text)
    return Block(LIST if is_list else PROSE, text)


# --- reading a body --------------------------------------------------------------------


def _paragraph_end(lines: list[str], start: int) -> int:
    """The index of the last line of the paragraph that starts at ``start``."""
    end = start
    while end + 1 < len(lines) and lines[end + 1].strip():
        end += 1
    return end


class _Ends:
    """Where what a line opens ends: an HTML block, a container, a template tag. Each
    kind of end is looked for once over the lines (or once per tag name, at most one
    per name of :data:`_BLOCK_TAGS`), so that no page costs more than a few passes."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self._balanced: dict[str, list[int | None]] = {}
        self._marks: dict[str, tuple[list[int], list[int]]] = {}
        self._found: dict[str, tuple[int, int | None]] = {}

    def _next(self, key: str, start: int, test: Callable[[str], bool]) -> int | None:
        """The first line after ``start`` that passes ``test``; a search is not done twice
        over the same lines."""
        known = self._found.get(key)
        if known is not None and known[0] <= start and (known[1] is None or start < known[1]):
            return known[1]
        lines = self.lines
        found = next((i for i in range(start + 1, len(lines)) if test(lines[i])), None)
        self._found[key] = (start, found)
        return found

    def html(self, start: int, name: str) -> int:
        """The last line of an HTML block opened at ``start`` by the tag ``name``: where a
        block tag closes again, else the end of the paragraph."""
        name = name.lower()
        if name in _BLOCK_TAGS:
            if name not in self._balanced:
                self._balanced[name] = _balance(self.lines, name)
            end = self._balanced[name][start]
            if end is not None and end > start:
                return end
        return _paragraph_end(self.lines, start)

    def container(self, start: int, marks: str) -> int | None:
        """The line closing a container opened by ``marks`` (``:::``, ``///``, ``???``):
        the first bare run of the same mark, as long or longer, among the next ones."""
        if marks[0] not in self._marks:
            bare = re.compile(rf"^ {{0,3}}({re.escape(marks[0])}{{3,}})[ \t]*$")
            found = [
                (i, m.end(1) - m.start(1))
                for i, line in enumerate(self.lines)
                if (m := bare.match(line))
            ]
            self._marks[marks[0]] = ([i for i, _n in found], [n for _i, n in found])
        at, length = self._marks[marks[0]]
        first = bisect_right(at, start)
        for k in range(first, min(len(at), first + _LOOKED_AT)):
            if length[k] >= len(marks):
                return at[k]
        return None

    def template(self, start: int, opener: str) -> int:
        """The line where a template tag opened at ``start`` closes (``%}``, ``}}``)."""
        closer = _TEMPLATE_CLOSE[opener]
        if closer in self.lines[start][self.lines[start].index(opener) + len(opener) :]:
            return start
        found = self._next(closer, start, lambda line: closer in line)
        return start if found is None else found

    def template_aside(self, start: int, name: str) -> int | None:
        """The closing tag of a Liquid, Jinja or Hugo container (``{% endhint %}``,
        ``{{% /notice %}}``, ``{{< /hint >}}``)."""
        name = name.lower()
        end = re.compile(rf"^ {{0,3}}(?:\{{%-?\s*end{name}\b|\{{\{{[<%]\s*/\s*{name}\b)", re.I)
        return self._next("aside:" + name, start, lambda line: bool(end.match(line)))


def _balance(lines: list[str], name: str) -> list[int | None]:
    """For each line, the line where the ``name`` tags open from it on are all closed
    again (the depth falls back to where it was before it), or None: one pass."""
    opened = re.compile(rf"<{name}(?=[\s/>])(?![^<>]*/>)", re.IGNORECASE)
    closed = re.compile(rf"</{name}\s*>", re.IGNORECASE)
    depth = [0]
    for line in lines:
        moved = len(opened.findall(line)) - len(closed.findall(line)) if "<" in line else 0
        depth.append(depth[-1] + moved)
    after: list[int | None] = [None] * len(depth)
    stack: list[int] = []
    for k in range(len(depth) - 1, -1, -1):  # the next depth at or below each one
        while stack and depth[stack[-1]] > depth[k]:
            stack.pop()
        after[k] = stack[-1] if stack else None
        stack.append(k)
    return [None if k is None else k - 1 for k in after[: len(lines)]]


def _inline_tag(row: str, opener: str) -> bool:
    """A template tag closed on its line with words after it ("{{ site.name }} is...")."""
    rest = row.split(opener, 1)[1]
    closed = _TEMPLATE_CLOSE[opener] in rest
    return closed and not _TEMPLATE_ASIDE.match(row) and bool(plain(row))


def _indented(lines: list[str], start: int) -> int:
    """The last line of the indented (or blank) lines after ``start``."""
    end = start
    while end + 1 < len(lines) and (
        not lines[end + 1].strip() or lines[end + 1].startswith(("    ", "\t"))
    ):
        end += 1
    while end > start and not lines[end].strip():
        end -= 1
    return end


def _dedent(lines: list[str]) -> str:
    return "\n".join(line[4:] if line.startswith("    ") else line.lstrip("\t") for line in lines)


def blocks(body: str, depth: int = 0) -> Iterator[Block]:
    """The paragraphs of ``body`` that say something, in order, each with its kind;
    ``depth`` counts the admonitions ``body`` lies in."""
    return (block for block in _blocks(body, depth) if block.kind not in _COMPLETIONS)


_TABLE_ROWS = 24  # rows of a table read at most
_CELL = re.compile(r"(?<!\\)\|")


def _row(line: str) -> str:
    """A table's row as text: its two cells as ``key: value``, else its first cell."""
    cells = [plain(cell) for cell in _CELL.split(line.strip().strip("|"))]
    cells = [cell for cell in cells if cell]
    return ": ".join(cells) if len(cells) <= 2 else cells[0]


def _blocks(body: str, depth: int = 0) -> Iterator[Block]:  # noqa: PLR0912, PLR0915
    """:func:`blocks`, tables included (their rows, the head left out)."""
    aside = depth > 0
    text = markdown.without_comments(markdown.drop_closed(_TOC_REGION, body))
    lines = (markdown.content_tabs(text) if depth == 0 else text).split("\n")
    ends = _Ends(lines)
    block: list[str] = []
    is_list = False
    i = -1
    skip_to_heading = False
    start = block_end = 0  # the lines the paragraph being read starts and ends on
    last: int | None = None  # the last line of the last paragraph yielded
    quoted = False

    def follows(first: int) -> bool:
        """Whether a paragraph starting on line ``first`` is right under the last one."""
        return last is not None and not any(lines[k].strip() for k in range(last + 1, first))

    def flush() -> Iterator[Block]:
        nonlocal last
        found = _kind(block, is_list, aside) if block else None
        block.clear()
        if found is not None:
            yield Block(found.kind, found.text, follows(start), quoted)
            last = block_end

    while i + 1 < len(lines):
        i += 1
        row = lines[i]
        heading = _HEADING.match(row)
        if heading is not None:
            yield from flush()
            title = plain(heading.group(1) or "").strip(" :").lower()
            skip_to_heading = title in _TOC_TITLES
            continue
        if skip_to_heading:
            continue
        # code fenced inside a list's item, indented past a fence of its own: it ends the
        # items read so far (home-assistant/architecture's 0009 read it as fields)
        fence = _NESTED_FENCE.match(row) if block and is_list else None
        nested = fence is not None
        if (fence := fence or _FENCE.match(row)) is not None:
            yield from flush()
            marks = fence.group(1)
            indent = "[ \t]*" if nested else " {0,3}"
            close = re.compile(rf"^{indent}{marks[0]}{{{len(marks)},}}[ \t]*$")
            end = next((k for k in range(i + 1, len(lines)) if close.match(lines[k])), None)
            i = len(lines) if end is None else end  # code to its end, or to the end of the page
            continue
        if not row.strip():
            yield from flush()
            continue
        if block and _SETEXT.match(row):
            block.clear()  # the lines above were a heading
            continue
        table = block and markdown.TABLE_RULE.match(row)
        if not table and row.lstrip().startswith("|") and i + 1 < len(lines):
            table = markdown.TABLE_RULE.match(lines[i + 1])
            if table:
                yield from flush()
                i += 1  # its head is left out
        if table:
            block.clear()  # the line above was the head of a table
            stop = _paragraph_end(lines, i)
            rows = (_row(lines[k]) for k in range(i + 1, min(stop, i + _TABLE_ROWS) + 1))
            text = "; ".join(row for row in rows if row)
            if text:
                yield Block(TABLE, text, follows(i - 1))
                last = stop
            i = stop
            continue
        container = _CONTAINER.match(row)
        end = ends.container(i, container.group(1)) if container else None
        if end is not None:
            yield from flush()
            yield from _inner("\n".join(lines[i + 1 : end]), depth)
            i = end
            continue
        if _MKDOCS.match(row):
            yield from flush()
            end = _indented(lines, i)
            yield from _inner(_dedent(lines[i + 1 : end + 1]), depth)
            i = end
            continue
        if container is not None:
            yield from flush()  # a marker whose end is missing: the marker alone is left out
            continue
        callout = _CALLOUT.match(row) if ">" in row else None
        if callout is not None or _ALERT.match(row):
            # a GitHub alert ("> [!NOTE]" on a line of its own) or a callout, whose text
            # starts on its marker's line: an aside either way, read without its marker
            yield from flush()
            end = i
            while end + 1 < len(lines) and _QUOTE.match(lines[end + 1]):
                end += 1
            inner = [_QUOTE.sub("", line, count=1) for line in lines[i + 1 : end + 1]]
            if callout is not None:
                inner.insert(0, row[callout.end() :])
            yield from _inner("\n".join(inner), depth)
            i = end
            continue
        if (template := _TEMPLATE_OPEN.match(row)) is not None and not _inline_tag(
            row, template.group(1)
        ):
            yield from flush()
            named = _TEMPLATE_ASIDE.match(row)
            end = ends.template_aside(i, named.group(1)) if named else None
            if end is not None:
                yield from _inner("\n".join(lines[i + 1 : end]), depth)
                i = end
            else:
                # Hugo renders no Markdown between "{{< name >}}" and "{{< /name >}}":
                # a code-toggle's settings, a highlight's code (gohugoio/hugoDocs' roles
                # page was summed up by its TOML)
                raw = _RAW_SHORTCODE.match(row)
                closed = ends.template_aside(i, raw.group(1)) if raw else None
                i = closed if closed is not None else ends.template(i, template.group(1))
            continue
        if (tag := _HTML_OPEN.match(row)) is not None:
            yield from flush()
            i = ends.html(i, tag.group(1) or "")
            continue
        if row.startswith(("    ", "\t")) and not block:
            yield from flush()
            i = _indented(lines, i)  # indented code
            continue
        text = _QUOTE.sub("", row.lstrip(" "), count=1) if row.lstrip().startswith(">") else row
        if _SKIP_LINE.match(text) or _HEADING.match(text):
            yield from flush()
            continue
        if not block:
            is_list = bool(_LIST.match(text))
        elif _LIST.match(text) and not is_list:
            yield from flush()
            is_list = True
        if not block:
            start, quoted = i, row.lstrip().startswith(">")
        if len(text.split()) <= _NAVIGATION_WORDS and _NAVIGATION.match(plain(text)):
            yield from flush()  # a line of navigation ends what came before it
            continue
        item = _LIST.match(text) is not None
        if item and block and block[-1][-1:] not in ".;:!?," and not _RUNS_ON.search(block[-1]):
            block[-1] += ";"  # items read on one line stay apart
        block.append(_LIST.sub("", text).strip())
        block_end = i
        if len(block) >= _BLOCK_LINES:  # enough for a summary: the rest is not read
            i = _paragraph_end(lines, i)
            yield from flush()
    yield from flush()


def _inner(text: str, depth: int) -> Iterator[Block]:
    """The paragraphs of an admonition, read as asides (none past :data:`_MAX_DEPTH`)."""
    if depth < _MAX_DEPTH:
        yield from _blocks(text, depth + 1)


def first_paragraph(
    body: str, *, lists: bool = False, poor: Callable[[str], bool] | None = None
) -> str:
    """The first paragraph of prose (a quote counts), else the first list, else the
    first text of an admonition, else the first short line, as plain text; with
    ``lists``, a list that comes first is taken as prose is (a record's Decision
    section often decides in a list: "- We no longer accept integrations that use GPIO").

    A paragraph that announces what follows ("...:", "because", or a sentence that
    stops mid-way above a list) takes in what is right under it: a list, a line, a
    table's rows, a paragraph (:func:`_completed`). When what follows is code, a quote
    or nothing, it cannot make a sentence: its sentences before the announcing one are
    taken, else the next paragraph that stands alone. A paragraph that is an aside in
    parentheses ("(This is a result of discussion of issue #961.)") comes after prose;
    so does one that ``poor`` says is a poor summary ("Created on 12/27/2022")."""
    best: Block | None = None
    read = _Peeked(itertools.islice(_blocks(body), _READ_BLOCKS))
    for block in read:
        if block.kind in _COMPLETIONS:
            continue
        found = _completed(block, read)
        if (
            found.kind == PROSE
            and not _ADDRESS_ONLY.match(found.text)
            and (poor is None or not poor(found.text))
        ):
            return found.text
        if lists and best is None and (found.kind == LIST or _short_sentence(found)):
            return found.text
        if found.kind == PROSE:  # "Source Code: https://...": a page's links, not its subject
            best = best or found
            continue
        if best is None or _RANK[found.kind] < _RANK[best.kind]:
            best = found
    return best.text if best else ""


def _short_sentence(block: Block) -> bool:
    """Whether a short block is a sentence of two words or more, as a record's Decision
    section may open: "Use external-secrets." (alphagov/govuk-infrastructure's ADR 8
    was summed up by the paragraph after it, on the option it rejected)."""
    text = block.text.strip()
    return (
        block.kind == SHORT
        and len(text.split()) >= 2
        and text[:1].isupper()
        and text.endswith((".", "!"))
        and not weak(text)
    )


# a paragraph that only names an address ("Documentation: https://typer.tiangolo.com",
# "Source Code: https://github.com/..."), as a project's home page opens
_ADDRESS_ONLY = re.compile(r"(?:[^:\n]{1,40}:\s*)?<?https?://\S+?>?\s*$")

# what a section holds before it is written: "TBD", "TODO", "To be decided", "N/A" (its
# punctuation around taken off first, and a text of punctuation alone is one too)
_PLACEHOLDER = re.compile(
    r"tbd|tbc|todo|to ?do|to be (?:decided|determined|confirmed|defined|written)|n/?a"
    r"|none(?: yet)?",
    re.IGNORECASE,
)
_AROUND_A_PLACE = string.punctuation + "…–— \t"


def _holds_a_place(text: str) -> bool:
    core = text.strip(_AROUND_A_PLACE)
    return not core or _PLACEHOLDER.fullmatch(core) is not None


# a few words saying where a record stands rather than what it decides: "Implemented and
# merged to master." (a Decision section of nats-io's ADRs)
_STATE_NOTE = re.compile(
    r"(?:implemented|accepted|approved|merged|done|completed?|shipped|released|rejected"
    r"|deprecated|withdrawn)\b[^.!?]{0,60}[.!]?",
    re.IGNORECASE,
)
_ADDRESS = re.compile(r"<?https?://\S+>?")
_LABEL_WORDS = 3  # words a bare address may have before it: "Server PR:"


# a user story: who wants what, not what the page decides ("As a cluster operator, I want
# to...": 41 of kubernetes/enhancements' proposals opened their Proposal so)
_USER_STORY = re.compile(r"\s*As an? [^,.]{1,80},?\s+I\s+(?:want|would like|need|wish)\b", re.I)


def _says_where_it_stands(text: str) -> bool:
    """Whether ``text`` only says how a record stands ("Implemented and merged to
    master.") or only points elsewhere ("Server PR: https://...")."""
    core = text.strip()
    if _STATE_NOTE.fullmatch(core):
        return True
    return _ADDRESS.search(core) is not None and len(_ADDRESS.sub(" ", core).split()) <= (
        _LABEL_WORDS
    )


# a line that only dates the page: "Created on 12/27/2022 3:06:56 PM", "Last updated: May
# 2021" (a report generated from a tool opens so)
_DATED_ONLY = re.compile(
    r"(?:created|generated|updated|last\s+updated|modified|published|written|date[ds]?"
    # French: "Dernière mise à jour : 16 juillet 2025", "Publié le 3 mars 2024"
    r"|(?:derni[eè]re\s+)?mise\s+[àa]\s+jour|mis\s+[àa]\s+jour|cr[ée]{2}e?|publi[ée]e?"
    r"|modifi[ée]e?)(?:\s+(?:on|at|le))?\s*:?\s*[\w/.,:-]*\d[\w/.,: -]{0,40}"
    # or a date alone: "16/05/2024", "2024-05-16"
    r"|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}",
    re.IGNORECASE,
)
# a greeting that opens a talk's transcript or a letter: "Bonjour à tous ,", "Hi everyone!"
_GREETING = re.compile(
    r"(?:bonjour|bonsoir|salut|hello|hi|hey)(?:\s+(?:à\s+tou(?:te)?s(?:\s+et\s+à\s+tou(?:te)?s)?"
    r"|tout\s+le\s+monde|everyone|everybody|all|folks|there))?\s*[,!.]?",
    re.IGNORECASE,
)


# a post's dateline and the pointer after it: "July 23, 2022 - Check out the Vite 4.0
# announcement" (vitejs/vite's blog), "2024-01-15 — See the new release"
_DATELINE = re.compile(
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r",?\s+\d{4}|\d{4}-\d{2}-\d{2})\s*[-–—:|]\s*"
    r"(?:check\s+out|see|read|look\s+at|go\s+to|visit|find)\b.{0,100}",
    re.IGNORECASE,
)
# a sentence that only sends the reader elsewhere: "See Rollup's troubleshooting guide for
# more information too." (vitejs/vite), "Refer to the API page for details."
# where a proposal is discussed, and nothing of what it proposes: "Discussion of this
# proposal is held in this issue." (Kotlin/KEEP)
_DISCUSSED_ELSEWHERE = re.compile(
    r"(?:the\s+)?(?:discussions?|feedback|comments)\s+(?:(?:of|on|about|for|regarding)\s+"
    r"(?:this|the)\s+[\w\s-]{1,40}?\s+)?(?:is|are|was|were|takes?\s+place|happens?|goes|go"
    r"|can\s+be|should\s+be)\s+(?:(?:held|found|left|posted|given|tracked)\s+)?"
    r"(?:in|at|on|to|via|through|under)\s+[^.!?]{0,100}",
    re.IGNORECASE,
)
# what only goes on from what came before: a sentence's end after a code block ("is parsed
# as a lambda expression with the suspend modifier."), or a point made above ("We propose
# to solve the problems mentioned above")
_GOES_ON = re.compile(
    r"(?:is|are|was|were|and|or|but|which|where|that|then|so|to|with|for|of|in|on|as|by"
    r"|because|since|when|while|if|although|than|from|into|will|would|can|could|should"
    r"|must|has|have|had|et|ou|mais|qui|est|sont|pour|avec|dans|par|puis)\b"
)
_BACK_REFERENCE = re.compile(
    r"\b(?:mentioned|described|discussed|outlined|listed|shown|stated|explained)\s+above\b"
    r"|\bthe\s+above\b|\bci-dessus\b",
    re.IGNORECASE,
)
_ELSEWHERE = re.compile(
    r"(?:see|check\s+out|read|refer\s+to|consult)\b[^.!?:;]{0,120}?\bfor\s+"
    r"(?:more|further|additional|the\s+full|full|all\s+the)?\s*"
    r"(?:information|details|info|reference|instructions|options)"
    r"(?:\s+(?:too|also|on\s+(?:this|that|it)|about\s+(?:this|that|it)))?"
    # a sentence that is nothing but a pointer: "See rationale for motivating scenarios."
    # (WebAssembly/design's FeatureTest.md)
    r"|(?:see|refer\s+to|consult)\s+[^.!?:;]{1,60}?\s+for\s+[^.!?:;]{1,60}"
    # or nothing but where to look: "See the section", "See Goals and Motivation" (the
    # Summary of an openshift enhancement, of KEP-1453)
    r"|(?:see|refer\s+to|consult)\s+[^.!?:;]{1,60}",
    re.IGNORECASE,
)


# a notice set before what a page says: "⚠️ NOTE: We strongly recommend watching our talk
# before reading this RFC." (reactjs/rfcs' Server Components), "Warning: experimental."
_NOTICE = re.compile(
    r"(?:[\W_]{1,6}\s*)?(?:note|nota|warning|caution|important|attention|disclaimer"
    r"|avertissement|remarque)\s*[:!]"
    # a note under a label of its own: "Working with AI tools note: Some teams..." (the
    # playbook's ceremonies page)
    r"|[\w ]{1,40}?\bnote\s*:"
    # a page's state or its people, given as a line: "State: Ready for implementation",
    # "Author(s): @a @b" (dapr/proposals, whose header lines are paragraphs)
    r"|(?:status|state|stage|statut|last\s+updated|updated|created|date|authors?|author\(s\)"
    r"|owners?|reviewers?|approvers?|sponsors?)\s*:",
    re.IGNORECASE,
)


# what a template asks its writer, left in: "Write one sentence which is a brief
# description of the feature." (aws/aws-cdk-rfcs); and a field written as a line, one
# value after its label: "Tracking Issue: #745", "Original Author(s):: @rohang9000"
_INSTRUCTION = re.compile(
    r"(?:please\s+)?(?:write|describe|explain|provide|give|summari[sz]e|replace|fill\s+in"
    r"|insert)\b[^.!?\n]{0,80}?\b(?:sentences?|paragraphs?|description|summary|here)\b"
    # "This section should contain one or more artifacts from the future" (the same)
    r"|this\s+section\s+(?:should|must|will|may|can|is\s+to)\s+(?:contain|include|describe"
    r"|explain|list|hold|be\s+used|provide|give|outline|summari[sz]e)\b",
    re.IGNORECASE,
)
# a run of pictographs opening a paragraph: a banner's news ("💥💥💥 Jaeger v2 is out!")
_PICTOGRAPHS = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f\\s]{2,}")


def _cheer(text: str) -> bool:
    """Whether a paragraph only cheers: it opens on pictographs, or every sentence of it
    is an exclamation ("We'd love your help!": jaegertracing/jaeger's CONTRIBUTING.md)."""
    opening = _PICTOGRAPHS.match(text)
    if opening is not None and sum(not c.isspace() for c in opening.group()) >= 2:
        return True
    ends = [text[m.start()] for m in _SENTENCE_END.finditer(text)]
    # short ones: a long sentence may end on a "!" and still say what the page is about
    # (Stellar's CAP-10: "Transactions get stuck because of insufficient fee sometimes,
    # especially if the protocol changes!")
    short = len(text.split()) <= _CHEER_WORDS * max(1, len(ends))
    if not short or not all(end == "!" for end in ends):
        return False
    # a wave after it is no more ("Hello Thanos Community! 👋", a blog post's opening)
    at = len(text)
    while at and (text[at - 1].isspace() or _pictograph(text[at - 1])):
        at -= 1
    return text[:at].endswith("!")


def _pictograph(char: str) -> bool:
    point = ord(char)
    return 0x1F300 <= point <= 0x1FAFF or 0x2600 <= point <= 0x27BF or point == 0xFE0F


_CHEER_WORDS = 10  # words of a cheer's sentence, at most


# a paragraph on the section it opens, not on the subject: "Each subsection here contains
# a decision along with arguments..." (NixOS/rfcs' RFC 145, under "# Decisions")
_ABOUT_ITS_SECTION = re.compile(
    r"(?:each|every)\s+(?:sub-?)?section\b"
    r"|(?:this|the\s+following|the\s+(?:sub-?)?sections?\s+below)\s+(?:sub-?)?sections?\s+"
    r"(?:describes?|lists?|contains?|explains?|covers?|presents?|outlines?|gives?|holds?)\b"
    r"|in\s+this\s+(?:sub-?)?section\b"
    # "Each goal is addressed in the subsections below." (an openshift enhancement's
    # Proposal). Not "The following ... are": a page's own opening says so too
    # ("The following are real-world examples of feedback", the playbook's)
    r"|[^.]*?\bin\s+the\s+(?:sub-?)?sections?\s+below\b"
    r"|(?:cette|chaque)\s+(?:sous-)?section\s+(?:d[ée]crit|pr[ée]sente|liste|contient|explique)\b",
    re.IGNORECASE,
)
_ONE_FIELD = re.compile(r"[\w()'’ -]{1,40}?::?[ \t]*(?:#\d{1,9}|@[\w.-]{1,64}|\S{1,40})")


# the conventions paragraph of a specification ("The key words MUST ... are to be
# interpreted as described in BCP 14 [RFC2119]"): every such document writes it
_KEY_WORDS_NOTICE = re.compile(r"\bto be interpreted as described in\b", re.IGNORECASE)


def weak(text: str) -> bool:
    """Whether a summary found is a poor one, to be taken only when nothing better is
    found: it ends announcing what follows, it is an aside in parentheses, it only
    holds a place ("TBD": a Decision section not written yet), it only says where the
    record stands or where to look, it is a user story, it only dates the page (or
    dates a post and points at another), it only sends the reader elsewhere ("See X
    for more information.", "Discussion of this proposal is held in this issue."), it
    goes on from what came before (it opens in lower case on a word no sentence opens
    on, or on an ellipsis, or names "the problems mentioned above"), it is a
    specification's notice on its key words, it is a notice ("⚠️ NOTE: ...", "Warning:
    ..."), what a template asks its writer ("Write one sentence which is ..."), a field
    written as a line ("Tracking Issue: #745"), a word on the section it opens ("Each
    subsection here contains..."), a cheer ("We'd love your help!", a banner of
    pictographs), or it is one word (a command's synopsis: "ikm")."""
    core = text.strip()
    return (
        bool(_ANNOUNCES.search(text))
        or _parenthetical(text)
        or _holds_a_place(text)
        or _says_where_it_stands(text)
        or _USER_STORY.match(text) is not None
        or any(
            p.fullmatch(core.rstrip("."))
            for p in (_DATED_ONLY, _DATELINE, _ELSEWHERE, _DISCUSSED_ELSEWHERE)
        )
        or _GOES_ON.match(core) is not None
        or core.startswith(("...", "…"))  # "... especially since pthreads": a FAQ's answer
        or _BACK_REFERENCE.search(core) is not None
        or _KEY_WORDS_NOTICE.search(core) is not None
        or _NOTICE.match(core) is not None
        or _INSTRUCTION.match(core) is not None
        or _ABOUT_ITS_SECTION.match(core) is not None
        or _cheer(core)
        or _GREETING.fullmatch(core) is not None
        or _ONE_FIELD.fullmatch(core.rstrip(".")) is not None
        or len(core.split()) < 2
    )


class _Peeked:
    """An iterator whose next item can be looked at before it is taken."""

    def __init__(self, items: Iterator[Block]) -> None:
        self._items = items
        self._next: list[Block] = []

    def __iter__(self) -> _Peeked:
        return self

    def __next__(self) -> Block:
        return self._next.pop() if self._next else next(self._items)

    def peek(self) -> Block | None:
        if not self._next:
            found = next(self._items, None)
            if found is None:
                return None
            self._next.append(found)
        return self._next[-1]


def _completed(block: Block, read: _Peeked) -> Block:
    """``block`` as a summary may take it: with what completes it when it announces
    what follows, else cut before its announcing sentence, else ranked last. A
    paragraph in parentheses is ranked as an aside."""
    text = block.text
    kind = block.kind
    if kind == PROSE and _parenthetical(text):
        return Block(ASIDE, text)
    announces = bool(_ANNOUNCES.search(text))
    after = read.peek()
    unfinished = (
        kind == PROSE
        and _UNFINISHED.search(text) is not None
        and after is not None
        and after.follows
        and after.kind == LIST
    )
    if _runs_past(block, after) and (before := _before_last_sentence(text)):
        return Block(PROSE, before)
    if not announces and not unfinished:
        return block
    completion = _completion(read, unfinished, defines=_DEFINES.search(text) is not None)
    if completion:
        if unfinished and not announces:
            completion = _ITEM_START.sub(lambda m: m.group(1) + m.group(2).lower(), completion)
        text = f"{text} {completion}"
        if not _ANNOUNCES.search(text):
            return Block(kind if kind in (PROSE, ASIDE) else LIST, text)
    return _cut_or_dangling(block, text)


def _cut_or_dangling(block: Block, text: str) -> Block:
    """An announcing paragraph nothing completes: cut before its announcing sentence,
    or its one sentence made a statement (:func:`_stated`), else ranked last."""
    before = _before_last_sentence(block.text)
    if before and block.kind in (PROSE, LIST):
        # a list's items before the one announcing code: "Adopt S3 as the canonical
        # Terraform backend for all workspaces." above "Example workspace backend block:"
        return Block(block.kind, before)
    if block.kind == PROSE and _stated(block.text):
        return Block(PROSE, block.text.rstrip()[:-1].rstrip() + ".")
    return Block(_DANGLING, text)


# what a statement ending in ":" may not end on: it only announces ("The options are:",
# "For example:"), or what it announces is what it says ("Run the following command:")
_ANNOUNCING_ONLY = re.compile(
    r"\b(?:following|follows|below|example|examples|e\.g|i\.e|like|such as|include|includes"
    r"|are|is|was|were|be|these|this|here|to|of|with|for|by|and|or|run|use|type|enter|suivants?"
    r"|specifically|namely|so|then|now|thus|say|says|said|see|reads?|looks?|goes"
    r"|means?|states?|stated|writes|wrote|defined\s+as"
    r"|suivantes?|exemple|ci-dessous|sont|est)\W*$",
    re.IGNORECASE,
)
_STATED_WORDS = 6  # words a sentence ending in ":" holds, at least, to say something itself
# a sentence that gives a term's meaning in what follows ("... in this context means:"):
# home-assistant/architecture's 0012 defines its subject in a quote under it
_DEFINES = re.compile(
    r"\b(?:means|mean|is\s+defined\s+as|are\s+defined\s+as|signifie|signifient)\s*:\s*$",
    re.IGNORECASE,
)
# what opens a clause that leans on what follows: "To check that...:", "Afin de vérifier...:"
_LEANING = re.compile(
    r"(?:to|in\s+order|for|when|if|once|after|before|as|while|with|by|using|here|below"
    r"|afin|pour|quand|lorsque|si|une\s+fois|après|avant|avec|dans|en|voici|ci-dessous)\b",
    re.IGNORECASE,
)


def _stated(text: str) -> bool:
    """Whether a lone sentence ending in ":" says something itself, its colon aside:
    carbon-lang's "Carbon provides a conventional set of arithmetic operators:", above
    a table, was passed over for the next paragraph ("These operators have predefined
    meanings..."), which goes on from it."""
    core = text.strip()
    if not core.endswith(":") or "\n\n" in core or not core[:1].isupper():
        return False
    body = core[:-1]
    return (
        len(body.split()) >= _STATED_WORDS
        and _LEANING.match(body) is None
        and _ANNOUNCING_ONLY.search(body) is None
        and "following" not in body.casefold()
        and _before_last_sentence(core) == ""
    )


def _runs_past(block: Block, after: Block | None) -> bool:
    """Whether a paragraph's last sentence runs on past what comes between it and the
    next one (code, mostly): it stops on a word, and the next paragraph opens in lower
    case or it stops on a word no sentence ends on. rust-analyzer's contributing guide
    was summed up as "... doesn't depend on C libraries. So, just", a code block and
    "should be enough to get you started!" following."""
    if block.kind != PROSE or not block.text.rstrip()[-1:].isalnum():
        return False
    if after is None or after.follows:
        return False
    return after.text[:1].islower() or _UNFINISHED.search(block.text) is not None


def _completion(read: _Peeked, unfinished: bool, *, defines: bool = False) -> str:
    """What is right under a paragraph that announces it: the items of a list (a list
    whose items are paragraphs too), a short line, a table's rows, or a paragraph that
    is not a quote, unless the paragraph ``defines`` a term by what follows ("... means:"):
    that quote is the page's own definition; '' when something else comes between, or
    nothing follows."""
    after = read.peek()
    if after is None or not after.follows:
        return ""
    if after.quote:  # words quoted, no sentence of the page's: nor what stands alone
        next(read)
        return after.text if defines and after.kind in (PROSE, ASIDE) else ""
    if after.kind in (PROSE, ASIDE) and not unfinished:
        next(read)
        return after.text
    if after.kind not in (LIST, SHORT, *_COMPLETIONS):
        return ""
    parts = [next(read).text]
    size = len(parts[0])
    while size < _JOINED and after.kind == LIST:
        more = read.peek()
        if more is None or not more.follows or more.kind != LIST:
            break
        next(read)
        sep = "" if parts[-1][-1:] in ".;:!?," or _RUNS_ON.search(parts[-1]) else ";"
        parts[-1] += sep
        parts.append(more.text)
        size += len(more.text) + 2
    return " ".join(parts)


def _before_last_sentence(text: str) -> str:
    """The sentences of ``text`` before its last one, when they are prose; else ''."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text) if ends_sentence(text, m.start())]
    ends = [at for at in ends if at < len(text.rstrip())]
    if not ends:
        return ""
    kept = text[: ends[-1]].rstrip()
    return kept if is_prose(kept) and not _ANNOUNCES.search(kept) else ""


def _parenthetical(text: str) -> bool:
    """Whether ``text`` is all in parentheses: it opens one that closes only at its end,
    or never ("(This is a result of discussion of issue #961.)"), or it closes one it
    never opened (the end of an aside cut by code)."""
    if not text.startswith("("):  # or the end of one: "... reference manual.)"
        return text.rstrip().endswith((".)", "!)", "?)")) and text.count(")") > text.count("(")
    depth = 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return not text[at + 1 :].strip(" .:;")
    return True
