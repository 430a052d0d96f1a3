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
rendered by markdown-it with HTML off (raw HTML shows as text), only web, mail
and in-page addresses stay links, links between documents point to their pages,
images are shown as their description (nothing is fetched), and every page
forbids inline scripts and any request outside the site.

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
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
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
    """An image is shown as its description: the site fetches nothing."""
    item = tokens[idx]
    alt = self.renderInlineAsText(item.children or [], options, env)
    return f'<span class="image">[image: {Markup.escape(alt or item.attrGet("src") or "")}]</span>'


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
    return self.renderToken(tokens, idx, options, env)


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


def markdown() -> MarkdownIt:
    """The body renderer: CommonMark with what code hosts and documentation sites add
    (tables, strikethrough, task lists, alerts, footnotes, definition lists), HTML off
    (shown as text); bodies are given to it without their comments
    (:func:`without_comments`)."""
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.container import container_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin

    # "> [!NOTE]" quotes (GitHub's alerts) and "- [x]" items as the host shows them
    options = {"html": False, "alerts": True, "tasklists": True}
    md = MarkdownIt("commonmark", options).enable(["table", "strikethrough"])
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
    base = "../" * page_path(doc_id).count("/")
    env: EnvType = {"doc": doc_id, "pages": pages, "base": base, "anchors": {}}
    tokens = md.parse(without_comments(text), env)
    if (
        len(tokens) >= 3
        and tokens[0].type == "heading_open"
        and tokens[0].tag == "h1"
        and " ".join(tokens[1].content.split()) == " ".join(title.split())
    ):
        tokens = tokens[3:]
    html = md.renderer.render(tokens, md.options, env)
    return Markup(html)  # noqa: S704 - markdown-it escapes all text, HTML off


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


def render(snapshot: Snapshot) -> tuple[list[str], Iterator[tuple[str, bytes]]]:
    """The paths of every file of the site (from the site's folder), and the files
    themselves as they are made: pages come one share at a time, so memory follows the
    manifest, not the bodies."""
    fixed = ["index.html", "manifest.html", "conflicts.html", "review.html", "graph.html"]
    names = fixed + [page_path(p.id) for p in snapshot.pages] + [f"assets/{n}" for n in ASSETS]
    return names, _files(snapshot)


def _files(snapshot: Snapshot) -> Iterator[tuple[str, bytes]]:
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


def _page(env: Environment, site: Site, template: str, name: str = "", **values: Any) -> bytes:
    base = "../" * name.count("/")
    text = env.get_template(template).render(site=site, base=base, **values)
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
    for doc_id in ids:
        item = snapshot.by_id[doc_id]
        body = snapshot.body(doc_id)
        html = body_html(md, body.text, doc_id, snapshot.by_id, item.title)
        name = page_path(doc_id)
        out.append((name, _page(env, site, "document.html", name, page=item, body=body, html=html)))
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
