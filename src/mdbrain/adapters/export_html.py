"""The static site of a base: a snapshot of it rendered to HTML pages, CSS, JS and an SVG.

:func:`render` turns a :class:`~mdbrain.service.exporting.Snapshot` into the
files of the site (paths relative to its folder -> bytes); the service writes
them. The site needs nothing but a browser: no server, no network, no library,
and it opens from ``file://``. It holds a home page (the theme tree and the
counts), a manifest filtered in the page by type, status, tag, theme and
words, one page per document, the open conflicts, the review queue, and a
graph of the relations laid out in Python (:mod:`export_graph`).

A base may come from a repository nobody vetted, so its text is data, never
markup: templates escape every value (Jinja2 with autoescape), bodies are
rendered by markdown-it, their HTML read tag by tag and rebuilt from an
allow-list (formatting tags without attributes, links through the same checks as
Markdown links, images as their description; everything else leaves only its
text, script and style not even that), only web, mail and in-page addresses stay
links, links between documents point to their pages, nothing is fetched, and
every page forbids inline scripts and any request outside the site.

The output is a function of the snapshot: sorted, with no date but the base's.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.rules_block import StateBlock, html_block
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup, escape

from mdbrain.adapters import export_graph
from mdbrain.core import fragments, links
from mdbrain.core.markdown import CODE_SPAN, FENCE, closes_fence
from mdbrain.service.exporting import Page, Snapshot

ASSETS = ("site.css", "manifest.js")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_NOT_IN_A_SLUG = re.compile(r"[^\w\- ]")
_NOT_IN_A_TOKEN = re.compile(r"[^a-z0-9-]+")


def page_path(doc_id: str) -> str:
    """Where a document's page lies in the site: ``docs/`` and its id, ``.html`` for ``.md``."""
    stem = doc_id[:-3] if doc_id.endswith(".md") else doc_id
    return f"docs/{stem}.html"


def page_url(doc_id: str) -> str:
    """The page's path from the site's top, escaped for an address."""
    return quote(page_path(doc_id), safe="/")


def slug(text: str) -> str:
    """A heading's anchor, as code hosts make it: lower case, punctuation out, spaces to '-'."""
    words = _NOT_IN_A_SLUG.sub("", unicodedata.normalize("NFC", text).lower()).strip()
    return words.replace(" ", "-") or "section"


def token(value: str) -> str:
    """A value made safe as part of a CSS class name."""
    return _NOT_IN_A_TOKEN.sub("-", value.lower()).strip("-") or "none"


# --- Markdown bodies --------------------------------------------------------------------


def _safe_link(url: str) -> bool:
    """Only web and mail addresses, and addresses without a scheme, may be links."""
    scheme = _SCHEME.match(url.strip())
    return scheme is None or scheme.group(1).lower() in _SAFE_SCHEMES


def _target(env: EnvType, href: str) -> tuple[str | None, str]:
    """Where a link written in a body goes in the site, and its kind (a CSS class)."""
    if href.startswith("#"):
        return href, ""
    if _SCHEME.match(href):
        return href, "external"
    resolved = links.resolve(env["doc"], href)
    if resolved is None:
        return None, "file"  # a file of the repository: not in the site
    kind, target = resolved
    if kind is links.LinkKind.OUTSIDE:  # a page of the project above the base (its README)
        return None, "file"
    if target not in env["pages"]:
        return None, "broken"
    fragment = href.partition("#")[2]
    anchor = "#" + quote(fragment, safe="-_.~") if fragment else ""
    return env["base"] + page_url(target) + anchor, "doc"


def _link_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    item = tokens[idx]
    written = str(item.attrs.pop("href", ""))
    href, kind = _target(env, written)
    if href is not None:
        item.attrs = {"href": href, **item.attrs}
    if kind:
        item.attrSet("class", kind)
    if kind == "external":
        item.attrSet("rel", "noopener noreferrer nofollow")
    elif href is None:  # the path as written, for a reader with the repository at hand
        item.attrSet("title", f"not in this site: {written.strip()}")
    return self.renderToken(tokens, idx, options, env)


def _image(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """A picture of the project the site holds a copy of is drawn (see :func:`_pictures`);
    any other image is shown as its description (its alt text, else its title, else its
    address): the site fetches nothing from elsewhere."""
    item = tokens[idx]
    alt = self.renderInlineAsText(item.children or [], options, env)
    src = str(item.attrGet("src") or "")
    drawn = env.get("picture")
    shown = drawn(env["doc"], src) if drawn is not None and src else None
    if shown is not None:
        title = str(item.attrGet("title") or "")
        said = f' title="{escape(title)}"' if title.strip() else ""
        url = env["base"] + quote(shown)
        return f'<img src="{url}" alt="{escape(alt)}"{said} loading="lazy">'
    said_as = (alt, str(item.attrGet("title") or ""), src)
    told = next((" ".join(words.split()) for words in said_as if words.strip()), "")
    return f'<span class="image">[image{": " if told else ""}{escape(told)}]</span>'


# an image a body shows, as Markdown or HTML writes it: its address
_PICTURE_REF = re.compile(
    r"!\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*<?([^)\s>]+)|<img\b[^>]*?\bsrc\s*=\s*[\"']?([^\"'\s>]+)",
    re.IGNORECASE,
)
PICTURE_FOLDER = "pictures"  # where the site keeps its copies of the project's pictures


def _pictures(snapshot: Snapshot) -> dict[str, str]:
    """The project's pictures the documents show (PNG, JPEG, GIF, WebP), each by its path
    from the project, with the name of its copy in the site: tikv/rfcs' design diagrams
    were shown as "[image: Old schedule limit scheme]"."""
    out: dict[str, str] = {}
    for page in snapshot.pages:
        if not snapshot.may_show_pictures(page.id):
            continue
        text = snapshot.body(page.id).text
        for found in _PICTURE_REF.finditer(text):
            rel = snapshot.picture_path(page.id, found.group(1) or found.group(2))
            if rel is not None:
                out.setdefault(rel, f"{PICTURE_FOLDER}/{rel}")
    return out


def _drawing(snapshot: Snapshot, pictures: Mapping[str, str]) -> Callable[[str, str], str | None]:
    """What an image of a document shows in the site: the copy of its picture, if any."""

    def drawn(doc_id: str, src: str) -> str | None:
        rel = snapshot.picture_path(doc_id, src)
        return pictures.get(rel) if rel is not None else None

    return drawn


def _anchored(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """A heading or a defined term, given the id links to it name (see :func:`slug`)."""
    inline = tokens[idx + 1].children if idx + 1 < len(tokens) else None
    text = "".join(c.content for c in inline or () if c.type in ("text", "code_inline"))
    anchor = slug(text)
    last = inline[-1] if inline else None
    given = fragments.explicit_id(last.content) if last and last.type == "text" else None
    if last is not None and given is not None:  # "## Title { #id }": the id it asks for
        anchor, last.content = given
    seen: dict[str, int] = env["anchors"]
    count = seen.get(anchor, 0)
    seen[anchor] = count + 1
    tokens[idx].attrSet("id", f"{anchor}-{count}" if count else anchor)
    # the anchors other sites make of the same heading, which the pages' links name:
    # vite's pages link to "#server-proxy", GitHub's slug is "serverproxy"
    others = [a for a in fragments.slugs(text) if a not in seen] if given is None else []
    seen.update((a, 1) for a in others)
    marks = "".join(f'<a id="{escape(a)}"></a>' for a in others)
    return self.renderToken(tokens, idx, options, env) + marks


_EMPTY_COMMENT = re.compile(r"-?>")  # right after "<!--": a comment that ends at once


def without_comments(text: str) -> str:
    """``text`` without its HTML comments, as a browser leaves them out; those inside
    fenced code or a code span stay, being code. The rest of any HTML is left to be
    shown as text."""
    if "<!--" not in text:
        return text
    out: list[str] = []
    fence = ""
    inside = False  # in a comment opened on an earlier line
    for line in text.split("\n"):
        if fence or (not inside and FENCE.match(line)):
            opened = FENCE.match(line)
            if not fence and opened:
                fence = opened.group(1)
            elif fence and closes_fence(line, fence):
                fence = ""
            out.append(line)
            continue
        kept, inside = _line_without_comments(line, inside)
        if kept.strip() or not line.strip():  # a line all comment goes, not a blank one
            out.append(kept)
    return "\n".join(out)


def _line_without_comments(line: str, inside: bool) -> tuple[str, bool]:
    """One line without the comments it holds; whether a comment is still open after it."""
    kept: list[str] = []
    at = 0
    spans = [m.span() for m in CODE_SPAN.finditer(line)] if "`" in line else []
    next_span = 0  # the first code span not yet behind
    while True:
        if inside:
            close = line.find("-->", at)
            if close < 0:
                return "".join(kept), True
            at, inside = close + 3, False
        start = line.find("<!--", at)
        while start >= 0:
            while next_span < len(spans) and spans[next_span][1] <= start:
                next_span += 1
            if next_span == len(spans) or start < spans[next_span][0]:
                break
            start = line.find("<!--", spans[next_span][1])  # past the code span it is in
        if start < 0:
            kept.append(line[at:])
            return "".join(kept), False
        kept.append(line[at:start])
        empty = _EMPTY_COMMENT.match(line, start + 4)
        if empty is not None:  # "<!-->" and "<!--->" end where they open
            at = empty.end()
        else:
            at, inside = start + 4, True


# --- HTML in bodies: read tag by tag, rebuilt from an allow-list ----------------------------

# formatting that means something in prose and does nothing else: kept, bare
_KEPT = frozenset(
    {"abbr", "b", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s"}
    | {"samp", "small", "strong", "sub", "sup", "u", "var"}
)
_TITLED = frozenset({"abbr", "dfn"})  # their title is kept, as text (a link's too)
_DEEPEST = 16  # kept tags open at once: deeper ones are dropped, their text kept
_HIDDEN = frozenset({"script", "style"})  # dropped with everything they hold
# tags a browser shows on lines of their own: a line break between their contents
_BLOCKS = frozenset(
    {"address", "article", "aside", "blockquote", "caption", "center", "dd", "details"}
    | {"dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form"}
    | {"h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "nav"}
    | {"ol", "p", "pre", "section", "summary", "table", "td", "textarea", "th", "tr", "ul"}
)
# the HTML blocks whose content is no Markdown: raw text up to an end tag, <?...?>, <!...>
_RAW_BLOCK = re.compile(r"<(?:(script|pre|style|textarea)(?=[\s>]|$)|[!?])", re.I)
_RAW_END = re.compile(r"</(script|pre|style|textarea)>", re.I)

_Event = tuple[str, str, tuple[tuple[str, str], ...]]  # ("start"|"end"|"text", what, attrs)
_LINKS = {"link_open": 1, "link_close": -1}


class _Reader(HTMLParser):
    """HTML as the list of what it holds: start tags with their attributes (names lower
    case, values with their entities read), end tags and text; comments, declarations
    and processing instructions are left out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[_Event] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append(("start", tag, tuple((k, v or "") for k, v in attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.found.append(("end", tag, ()))

    def handle_data(self, data: str) -> None:
        self.found.append(("text", data, ()))


def _read(html: str) -> tuple[_Event, ...]:
    """What a piece of HTML holds (see :class:`_Reader`)."""
    reader = _Reader()
    try:
        reader.feed(html)
        reader.close()
    except AssertionError:  # "<![ x" and other broken declarations before Python 3.13
        reader = _Reader()
        reader.feed(html.replace("<!", "&lt;!"))  # read as text, which they are
        reader.close()
    return tuple(reader.found)


_read_tag = lru_cache(maxsize=4096)(_read)  # one tag: the same ones come back often


def _text(content: str) -> Token:
    return Token("text", "", 0, content=content)


def _html_image(attrs: Mapping[str, str]) -> Token:
    """An ``<img>`` as the image token Markdown makes, shown as its description by
    :func:`_image`; an address that could not be a link (``data:``) is not shown."""
    src = attrs.get("src", "")
    alt = attrs.get("alt", "")
    shown = {"src": src if _safe_link(src) else "", "title": attrs.get("title", "")}
    return Token("image", "img", 0, attrs=dict(shown), children=[_text(alt)] if alt else [])


class _Inert:
    """The tokens of one run of inline text (a paragraph, a heading, a cell) with their
    HTML rebuilt: tags of :data:`_KEPT` without attributes (but a title, as text), an
    ``<a href>`` as a Markdown link (the same checks, see :func:`_link_open`) or else
    its words, an ``<img>`` as an image, ``<br>`` as a line break, a line break for the
    tags of :data:`_BLOCKS` between what they hold, script and style dropped with their
    content (unless their end tag never comes in the run: then only the tag goes), and
    every other tag dropped, its text kept. Kept tags still open at the end are closed,
    an end tag never opened is dropped."""

    def __init__(self, md: MarkdownIt) -> None:
        self.md = md
        self.out: list[Token] = []
        self.open: list[str] = []  # the HTML tags kept and still open, innermost last
        self.hidden = ""  # the script or style being dropped
        self.held: list[Token] = []  # what it holds, in case its end never comes
        self.unclosed: set[str] = set()  # script or style with no end tag after
        self.links = 0  # Markdown links open around
        self.shown = False  # something shown since the start of the run
        self.pending = False  # a block tag passed since: a line break before what follows

    def run(self, tokens: Sequence[Token]) -> list[Token]:
        for item in tokens:
            self.token(item)
        return self.finish()

    def finish(self) -> list[Token]:
        while self.hidden:  # never closed: the tag goes, what followed it shows
            self.unclosed.add(self.hidden)
            held, self.held, self.hidden = self.held, [], ""
            for item in held:
                self.token(item)
        while self.open:
            self._close(self.open.pop())
        return self.out

    def token(self, item: Token) -> None:
        if self.hidden:
            ends = item.type == "html_inline" and ("end", self.hidden, ()) in _read_tag(
                item.content
            )
            if not ends:
                self.held.append(item)
                return
            self.hidden = ""  # what it held goes, but the Markdown around stays whole
            for kept in self.held:
                if kept.nesting:
                    self._markdown(kept)
            self.held = []
            return
        if item.type == "html_inline":
            for event in _read_tag(item.content):
                self.event(event)
            return
        if item.type == "image" and item.children:
            item.children = _Inert(self.md).run(item.children)
        self._markdown(item)

    def _markdown(self, item: Token) -> None:
        """A token of Markdown's own, kept as it is (but a line break before anything)."""
        quiet = item.type in ("softbreak", "hardbreak") or (
            item.type == "text" and not item.content.strip()
        )
        if quiet and not self.shown:
            return
        if item.nesting == 1 or (item.nesting == 0 and not quiet):
            self._show()
        if item.type == "hardbreak":
            self.pending = False
        self.links += _LINKS.get(item.type, 0)
        self.out.append(item)

    def event(self, event: _Event) -> None:
        kind, value, pairs = event
        if self.hidden:  # in a block: what the script or style holds
            if kind == "end" and value == self.hidden:
                self.hidden = ""
        elif kind == "text":
            if value.strip():
                self._show()
            if self.shown:
                self.out.append(_text(value))
        elif kind == "start":
            self._start(value, dict(pairs))
        elif value in self.open:
            while self._close(self.open.pop()) != value:
                pass
        elif value in _BLOCKS:
            self.pending = self.pending or self.shown

    def _start(self, name: str, attrs: Mapping[str, str]) -> None:
        title = " ".join(attrs.get("title", "").split())
        if name in _HIDDEN and name not in self.unclosed:
            self.hidden = name
        elif name == "img":
            self._show()
            self.out.append(_html_image(attrs))
        elif name == "br":
            if self.shown:  # not before anything
                self.out.append(Token("hardbreak", "br", 0))
            self.pending = False
        elif name in _KEPT and len(self.open) < _DEEPEST:
            self._show()
            tag = Token("html_open", name, 1)
            if title and name in _TITLED:
                tag.attrSet("title", title)
            self.out.append(tag)
            self.open.append(name)
        elif name == "a" and not self.links and "a" not in self.open and len(self.open) < _DEEPEST:
            href = self.md.normalizeLink(attrs.get("href", "").strip())
            if not href or not self.md.validateLink(href):
                return  # "javascript:" and the like: its words only
            self._show()
            link = Token("link_open", "a", 1, attrs={"href": href}, markup="html")
            if title:
                link.attrSet("title", title)
            self.out.append(link)
            self.open.append("a")
        elif name in _BLOCKS:
            self.pending = self.pending or self.shown

    def _close(self, name: str) -> str:
        kind = "link_close" if name == "a" else "html_close"
        self.out.append(Token(kind, name, -1, markup="html"))
        return name

    def _show(self) -> None:
        if self.pending:
            self.out.append(Token("hardbreak", "br", 0))
            self.pending = False
        self.shown = True


def _raw_block(block: Token, md: MarkdownIt) -> list[Token]:
    """An HTML block of raw text (see :func:`_raw_html_block`): a ``<pre>`` as code,
    script and style dropped, any other text as a paragraph, tags as :class:`_Inert`
    makes them."""
    made: list[Token] = []
    inert = _Inert(md)
    pre: list[str] | None = None

    def paragraph() -> None:
        nonlocal inert
        children = inert.finish()
        if inert.shown:
            made.append(Token("paragraph_open", "p", 1, block=True))
            made.append(Token("inline", "", 0, children=children, content=block.content))
            made.append(Token("paragraph_close", "p", -1, block=True))
        inert = _Inert(md)

    for kind, value, pairs in _read(block.content):
        if pre is not None:
            if kind == "text":
                pre.append(value)
            elif kind == "end" and value == "pre":
                code = "".join(pre).removeprefix("\n").rstrip()
                made.append(Token("code_block", "code", 0, content=code + "\n", block=True))
                pre = None
        elif kind == "start" and value == "pre" and not inert.hidden:
            paragraph()
            pre = []
        else:
            inert.event((kind, value, pairs))
    if pre is not None:  # cut short by the end of its container
        made.append(Token("code_block", "code", 0, content="".join(pre).strip("\n") + "\n"))
    paragraph()
    return made


def _inert_html(state: StateCore) -> None:
    """Every HTML tag of a body rebuilt (:class:`_Inert`, :func:`_raw_block`): none
    reaches the page as it was written."""
    made: list[Token] = []
    emptied = False  # a paragraph that held only tags: it goes
    for item in state.tokens:
        if item.type == "html_block":
            made.extend(_raw_block(item, state.md))
            continue
        if emptied and item.type == "paragraph_close":
            emptied = False
            continue
        if item.type == "inline" and item.children:
            inert = _Inert(state.md)
            item.children = inert.run(item.children)
            if not inert.shown and made and made[-1].type == "paragraph_open":
                made.pop()
                emptied = True
                continue
        made.append(item)
    state.tokens = made


def _raw_html_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """Only the HTML blocks whose content is not Markdown: script, style, pre and
    textarea up to their end tag (when it comes: else the line is text like any other),
    and ``<?...?>``, ``<!...>``. Any other HTML (``<div>``, ``<p align="center">``,
    ``<details>``) is read in its paragraph, tag by tag, so that the Markdown around
    and between its tags is still read."""
    if state.is_code_block(start):
        return False
    pos = state.bMarks[start] + state.tShift[start]
    found = _RAW_BLOCK.match(state.src, pos, state.eMarks[start])
    if found is None:
        return False
    name = (found.group(1) or "").lower()
    if name and _last_end(state, name) < pos:
        return False
    return html_block(state, start, end, silent)


def _last_end(state: StateBlock, name: str) -> int:
    """Where the last ``</name>`` of the source is (-1: none), found once per source."""
    known = state.env.get("raw_html_ends")
    if known is None or known[0] is not state.src:
        ends = {m.group(1).lower(): m.start() for m in _RAW_END.finditer(state.src)}
        known = state.env["raw_html_ends"] = (state.src, ends)
    last: int = known[1].get(name, -1)
    return last


def _html_as_text(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    """HTML left as markdown-it read it (:func:`_inert_html` leaves none): text."""
    return escapeHtml(tokens[idx].content)


def markdown() -> MarkdownIt:
    """The body renderer: CommonMark with what code hosts and documentation sites add
    (tables, strikethrough, task lists, alerts, footnotes, definition lists), its HTML
    rebuilt from an allow-list (:func:`_inert_html`); bodies are given to it without
    their comments (:func:`without_comments`)."""
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.container import container_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin

    # "> [!NOTE]" quotes (GitHub's alerts) and "- [x]" items as the host shows them
    options = {"html": True, "alerts": True, "tasklists": True}
    md = MarkdownIt("commonmark", options).enable(["table", "strikethrough"])
    # HTML is read, never passed on: tags are rebuilt from an allow-list (_inert_html)
    md.block.ruler.at(
        "html_block", _raw_html_block, {"alt": ["paragraph", "reference", "blockquote"]}
    )
    md.core.ruler.push("inert_html", _inert_html)
    md.add_render_rule("html_inline", _html_as_text)
    md.add_render_rule("html_block", _html_as_text)
    # admonitions as sites write them: '!!! note "Title"' (MkDocs), ':::tip Title' ...
    # ':::' (Docusaurus, VitePress); each a box with its title, not paragraphs of markup
    md.use(admon_plugin)
    md.use(container_plugin, name="admonition", validate=_is_callout, render=_callout)
    md.use(footnote_plugin, inline=False)  # "[^1]" and its note, not the markup as text
    md.use(deflist_plugin)  # "Term" then ": definition" (MkDocs, Hugo, Pandoc)
    md.validateLink = _safe_link  # type: ignore[method-assign]
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("image", _image)
    md.add_render_rule("heading_open", _anchored)
    md.add_render_rule("dt_open", _anchored)  # a term is an anchor, as Hugo makes it
    return md


_CALLOUT = re.compile(r"\s*([A-Za-z][\w-]*)\s*(?:\[(.*)\]|(.*))$")


def _is_callout(params: str, *_markup: str) -> bool:
    """Whether ``:::`` is followed by a kind (``tip``, ``note[Title]``, ``info Title``)."""
    return _CALLOUT.match(params) is not None


def _callout(
    renderer: Any, tokens: Sequence[Token], idx: int, _options: OptionsDict, _env: EnvType
) -> str:
    """A ``:::kind Title`` block as the box MkDocs admonitions are rendered as."""
    token = tokens[idx]
    if token.nesting != 1:
        return "</div>\n"
    found = _CALLOUT.match(token.info)
    kind = found.group(1).lower() if found else "note"
    title = ((found.group(2) or found.group(3) or "") if found else "").strip()
    shown = escape(title or kind.capitalize())
    return f'<div class="admonition {escape(kind)}">\n<p class="admonition-title">{shown}</p>\n'


def body_html(
    md: MarkdownIt, text: str, doc_id: str, pages: Mapping[str, Any], title: str = ""
) -> Markup:
    """A document's body as safe HTML, links to other documents pointing to their pages;
    a first level-1 heading that repeats ``title`` is left out (the page shows the title)."""
    return body_parts(md, text, doc_id, pages, title)[0]


def _words(inline: Any) -> str:
    """The words an inline token shows, markup aside ("`enum class`" shows enum class)."""
    shown = [
        " " if c.type in ("softbreak", "hardbreak") else c.content
        for c in inline.children or ()
        if c.type in ("text", "code_inline", "softbreak", "hardbreak")
    ]
    return " ".join("".join(shown).split()) if shown else " ".join(inline.content.split())


def body_parts(
    md: MarkdownIt,
    text: str,
    doc_id: str,
    pages: Mapping[str, Any],
    title: str = "",
    *,
    summary: str = "",
    picture: Callable[[str, str], str | None] | None = None,
) -> tuple[Markup, bool]:
    """:func:`body_html`, and whether the body opens on its ``summary`` (an imported page's
    summary is its first paragraph: shown above the body, it was read twice). A heading
    repeats the title whatever its markup (dotnet/csharplang: "Discriminated unions /
    `enum class`" was shown twice)."""
    base = "../" * page_path(doc_id).count("/")
    env: EnvType = {
        "doc": doc_id, "pages": pages, "base": base, "anchors": {}, "picture": picture,
    }  # fmt: skip
    tokens = md.parse(without_comments(text), env)
    if (
        len(tokens) >= 3
        and tokens[0].type == "heading_open"
        and tokens[0].tag == "h1"
        and _words(tokens[1]) == " ".join(title.split())
    ):
        tokens = tokens[3:]
    wanted = " ".join(summary.split()).rstrip("…").strip()
    opens = (
        bool(wanted)
        and len(tokens) >= 2
        and tokens[0].type == "paragraph_open"
        and _words(tokens[1]).startswith(wanted)
    )
    html = md.renderer.render(tokens, md.options, env)
    return Markup(html), opens  # noqa: S704 - markdown-it escapes all text, HTML is rebuilt


# --- the theme tree ---------------------------------------------------------------------


@dataclass
class Folder:
    name: str
    path: str
    count: int = 0
    folders: list[Folder] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)


def tree(pages: Sequence[Page]) -> Folder:
    """Folders with their document counts, and their documents, sorted by name."""
    top = Folder("", "")
    known: dict[str, Folder] = {"": top}
    for page in sorted(pages, key=lambda p: p.id):
        *parts, _name = page.id.split("/")
        folder = top
        top.count += 1
        for depth in range(len(parts)):
            path = "/".join(parts[: depth + 1])
            child = known.get(path)
            if child is None:
                child = known[path] = Folder(parts[depth], path)
                folder.folders.append(child)
            child.count += 1
            folder = child
        folder.pages.append(page)
    for folder in known.values():
        folder.folders.sort(key=lambda f: f.name)
    return top


# --- the site ---------------------------------------------------------------------------


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("mdbrain.adapters", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["token"] = token
    env.globals["page_url"] = page_url
    return env


@dataclass(frozen=True, slots=True)
class Counts:
    statuses: tuple[tuple[str, int], ...]
    types: tuple[tuple[str, int], ...]
    in_force: int
    to_review: int


def _tally(values: Sequence[str]) -> tuple[tuple[str, int], ...]:
    found: dict[str, int] = {}
    for value in values:
        found[value] = found.get(value, 0) + 1
    return tuple(sorted(found.items()))


def _counts(snapshot: Snapshot) -> Counts:
    statuses = [p.status for p in snapshot.pages]
    return Counts(
        statuses=_tally(statuses),
        types=_tally([p.type for p in snapshot.pages]),
        in_force=statuses.count("stable"),
        to_review=statuses.count("needs-review"),
    )


@dataclass(frozen=True)
class Site:
    """What every template sees of the base."""

    project: str
    lang: str
    date: str
    pages: tuple[Page, ...]
    conflicts: tuple[Any, ...]
    review: Any
    review_count: int
    get: Callable[[str], Page | None]
    # the project's pictures the site holds copies of: path from the project -> in the site
    pictures: Mapping[str, str] = field(default_factory=dict)


def render(snapshot: Snapshot) -> tuple[list[str], Iterator[tuple[str, bytes]]]:
    """The paths of every file of the site (from the site's folder), and the files
    themselves as they are made: pages come one share at a time, so memory follows the
    manifest, not the bodies."""
    fixed = ["index.html", "manifest.html", "conflicts.html", "review.html", "graph.html"]
    names = fixed + [page_path(p.id) for p in snapshot.pages] + [f"assets/{n}" for n in ASSETS]
    pictures = _pictures(snapshot)
    return names + sorted(pictures.values()), _files(snapshot, pictures)


def _files(snapshot: Snapshot, pictures: Mapping[str, str]) -> Iterator[tuple[str, bytes]]:
    env = environment()
    review = snapshot.review
    site = Site(
        project=snapshot.project,
        lang=snapshot.lang,
        date=snapshot.date,
        pages=snapshot.pages,
        conflicts=snapshot.conflicts,
        review=review,
        review_count=len(review.to_review) + len(review.synthesis) + len(review.drafts),
        get=snapshot.get,
        pictures=pictures,
    )
    counts, top = _counts(snapshot), tree(site.pages)
    yield "index.html", _page(env, site, "home.html", counts=counts, tree=top)
    choices, dates = _choices(snapshot), _dates(snapshot)
    yield "manifest.html", _page(env, site, "manifest.html", choices=choices, dates=dates)
    yield "conflicts.html", _page(env, site, "conflicts.html")
    yield "review.html", _page(env, site, "review.html")
    yield "graph.html", _page(env, site, "graph.html", graph=export_graph.layout(snapshot.pages))
    yield from _documents(snapshot, env, site)
    folder = files("mdbrain.adapters") / "templates"
    for name in ASSETS:
        yield f"assets/{name}", (folder / name).read_bytes()
    for rel, name in sorted(pictures.items(), key=lambda item: item[1]):
        yield name, snapshot.picture(rel)


INTERFACE_LANG = "en"  # the language of the site's own words: its menus, labels, footer


def _page(
    env: Environment,
    site: Site,
    template: str,
    name: str = "",
    lang: str = INTERFACE_LANG,
    **values: Any,
) -> bytes:
    """One page of the site, declared in ``lang`` (a document's page: the document's
    language); when that is not the interface's, ``frame`` marks the site's own words
    as English, so that a reader or a screen reader takes each part for what it is."""
    base = "../" * name.count("/")
    own = lang.split("-", 1)[0].lower() == INTERFACE_LANG
    frame = Markup("") if own else Markup(' lang="{}"').format(INTERFACE_LANG)
    text = env.get_template(template).render(site=site, base=base, lang=lang, frame=frame, **values)
    return text.encode("utf-8")


# --- the document pages, shared with forked processes on a large base ---------------------

PARALLEL_MIN = 200  # fewer documents than this are rendered in this process
MAX_WORKERS = 8
SHARE = 100  # pages a worker renders and hands back at a time
_shared: tuple[Snapshot, Environment, Site] | None = None  # what forked workers inherit


def _render_documents(ids: Sequence[str]) -> list[tuple[str, bytes]]:
    if _shared is None:
        raise RuntimeError("document pages are rendered only from within _documents")
    snapshot, env, site = _shared
    md = markdown()
    out = []
    drawn = _drawing(snapshot, site.pictures)
    for doc_id in ids:
        item = snapshot.by_id[doc_id]
        body = snapshot.body(doc_id)
        html, repeated = body_parts(
            md, body.text, doc_id, snapshot.by_id, item.title, summary=item.summary or "",
            picture=drawn,
        )  # fmt: skip
        name = page_path(doc_id)
        shown = _page(
            env, site, "document.html", name, item.lang,
            page=item, body=body, html=html, repeated=repeated,
        )  # fmt: skip
        out.append((name, shown))
    return out


def _workers(count: int) -> int:
    """How many processes render ``count`` pages (see the decision on parallel parsing:
    fork only, with no other thread running, on two cores or more)."""
    if count < PARALLEL_MIN or threading.active_count() > 1:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cpus or 1, MAX_WORKERS))


def _documents(snapshot: Snapshot, env: Environment, site: Site) -> Iterator[tuple[str, bytes]]:
    """Every document's page; on a large base, forked workers render shares of them while
    this process hands on (and the caller writes) what they made, in order."""
    global _shared  # noqa: PLW0603 - handed to forked workers by inheritance, not pickling
    ids = [page.id for page in snapshot.pages]
    workers = _workers(len(ids))
    _shared = (snapshot, env, site)
    try:
        if workers == 1:
            for start in range(0, len(ids), SHARE):
                yield from _render_documents(ids[start : start + SHARE])
            return
        shares = [ids[i : i + SHARE] for i in range(0, len(ids), SHARE)]
        context = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        try:
            for made in pool.map(_render_documents, shares):
                yield from made
        finally:  # also when the caller stops early: the shares not begun are dropped
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        _shared = None


@dataclass(frozen=True, slots=True)
class Choices:
    types: tuple[str, ...]
    statuses: tuple[str, ...]
    tags: tuple[str, ...]
    themes: tuple[str, ...]


def _choices(snapshot: Snapshot) -> Choices:
    pages = snapshot.pages
    return Choices(
        types=tuple(sorted({p.type for p in pages if p.type})),
        statuses=tuple(sorted({p.status for p in pages if p.status})),
        tags=tuple(sorted({t for p in pages for t in p.tags})),
        themes=tuple(sorted({folder for p in pages for folder in _folders(p.id)})),
    )


def _folders(doc_id: str) -> list[str]:
    parts = doc_id.split("/")[:-1]
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def _dates(snapshot: Snapshot) -> dict[str, str]:
    return {p.id: dict(p.fields).get("updated", "") for p in snapshot.pages}
