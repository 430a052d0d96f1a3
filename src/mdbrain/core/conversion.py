"""Turn a foreign Markdown page into an mdbrain document, in memory.

The front matter of other tools read (YAML, Hugo's TOML, one behind blank lines
or a comment), a title and a summary of real prose (:mod:`mdbrain.core.summary`),
tags from folders and foreign keyword fields, a type guessed from what the page
is, and the check that a frontmatter is already mdbrain's. Pure: nothing here
reads a file.

An MDX page (Docusaurus, Nextra, Astro) is Markdown with JavaScript in it: its ESM
statements (``import X from '...'``, ``export const y = ...``, ``export default ...``,
each to the end of the statement, at the top level and outside code fences) and its
comments alone on their lines (``{/* ... */}``) are no prose, and are left out of the
imported page (:func:`mdx_javascript`); everything else stays as written, JSX tags
included. Docusaurus's ``sidebar_label`` names a page that gives no title of its own.

A Middleman page (``a.html.md.erb``, GOV.UK's technical documentation) is Markdown
with ERB tags in it; a tag that prints a field of the page's own front matter
(``# <%= current_page.data.title %>``) is replaced by that field's value
(:func:`erb_fields`), and the other tags stay as written.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import html
import posixpath
import re
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mdbrain.core import (
    cells,
    fields,
    frontmatter,
    links,
    manifest,
    markdown,
    passages,
    rules,
    schema,
    sites,
    slug,
    yaml_emit,
)
from mdbrain.core.errors import DocumentError
from mdbrain.core.field_table import table_fields
from mdbrain.core.marker import Config
from mdbrain.core.summary import clip, first_paragraph, plain, weak

__all__ = [
    "API_STUB",
    "OTHER_PAGE_SUFFIXES",
    "PAGE_SUFFIXES",
    "Page",
    "api_stub",
    "clip",
    "erb_fields",
    "first_paragraph",
    "is_page",
    "mdx_javascript",
    "moved_to",
    "page_stem",
    "parse",
    "plain",
    "summary_of",
    "title_of",
    "without_lines",
]

# The pages import reads: Markdown, MDX (Markdown with JavaScript in it), and Middleman's
# Markdown with ERB tags in it (".html.md.erb", served as ".html").
PAGE_SUFFIXES: Final = (*links.DOC_SUFFIXES, ".mdx", ".md.erb")
_SERVED_AS: Final = ".html"  # what a Middleman page's name says it is served as
# Documentation pages in formats import does not read (reStructuredText, AsciiDoc); a
# .txt file is seldom a page.
OTHER_PAGE_SUFFIXES: Final = tuple(
    s for s in sites.PAGE_SUFFIXES if s != ".txt" and s not in PAGE_SUFFIXES
)

KEYWORD_FIELDS: Final = (
    "tags", "keywords", "helpviewer_keywords", "f1_keywords", "categories", "category", "topics"
)  # fmt: skip
MAX_TAGS: Final = 12
_TOPIC_TYPES: Final = {
    "conceptual": "concept", "concept": "concept", "how-to": "guide", "howto": "guide",
    "tutorial": "guide", "quickstart": "guide", "troubleshooting": "guide", "guide": "guide",
    "reference": "reference", "language-reference": "reference", "overview": "overview",
    "landing-page": "overview", "hub-page": "overview", "api": "api",
    # a proposal is a decision asked for, taken or refused (thanos-io/thanos' frontmatter
    # says "type: proposal"; RFCs and ADRs are decisions too)
    "proposal": "decision", "rfc": "decision", "adr": "decision", "decision": "decision",
}  # fmt: skip
_INDEX_NAMES: Final = frozenset({"readme", "index", "_index", "home", "toc", "summary"})
# Fields other tools give a page's summary in, first ones first.
# (as :func:`_field_name` writes them: microsoft/vscode-docs' "MetaDescription")
SUMMARY_FIELDS: Final = (
    "summary", "description", "metadescription", "shortdescription", "abstract", "excerpt",
    "subtitle", "lead",
)  # fmt: skip


def _field_name(key: object) -> str:
    """A field's name as :data:`SUMMARY_FIELDS` writes it: lower case, without the
    dashes, underscores and spaces that join its words."""
    return re.sub(r"[-_ ]", "", str(key).lower())


# A front matter behind blank lines or comments (a licence header, a linter's switch).
_LATE_FRONT_MATTER = re.compile(
    r"\A(?:[ \t]*\n|[ \t]*<!--(?:[^-]|-(?!->))*-->[ \t]*\n)+(?=(?:---|\+\+\+)[ \t]*\n)"
)
# Sections a page names as its own summary (a proposal's "Summary", a paper's
# "Abstract"): their first paragraph says more than an opening checklist or notice.
# A page with a short summary and an abstract is summed up by the short one: an older
# EIP's "Simple Summary" is one sentence for anyone, its "Abstract" the technical
# paragraph under it (EIP-1559's opened on a transaction's byte layout)
SUMMARY_SECTIONS: Final = (
    "summary", "simple summary", "tl;dr", "tldr", "executive summary", "in brief", "abstract",
    "synopsis",
    "overview",  # dapr/proposals' template opens on its Overview
    "résumé", "resume", "synthèse", "en bref",
)  # fmt: skip
# The names of a page's sections, in English and French: a first heading that is only
# one of them ("# Summary", "# Unresolved questions") opens a section, it names no page.
SECTION_NAMES: Final = frozenset(
    {
        "summary", "motivation", "introduction", "intro", "overview", "background", "context",
        "abstract", "unresolved questions", "open questions", "reference-level explanation",
        "guide-level explanation", "alternatives", "alternatives considered", "drawbacks",
        "rationale", "rationale and alternatives", "prior art", "future possibilities",
        "future work", "detailed design", "design", "proposal", "status", "decision",
        "consequences", "problem", "problem statement", "goals", "non-goals", "scope",
        "references", "conclusion", "appendix", "tl;dr", "tldr", "synopsis",
        "résumé", "resume", "synthèse", "en bref", "contexte", "décision", "conséquences",
        "statut", "aperçu", "vue d'ensemble", "présentation", "historique", "objectifs",
        "questions ouvertes", "conception détaillée", "justification", "inconvénients",
        "état de l'art", "annexe", "références", "portée",
        # a DACI-style record's (getsentry/rfcs): who decides, the options, the one chosen
        "stakeholders", "options", "options considered", "considered options",
        "option chosen", "final decision", "selected outcome", "decision outcome",
        "meta", "metadata",  # a proposal's fields under a heading (cilium/design-cfps)
        # a table of contents (cluster-api's glossary opened on one, and was titled by it)
        "table of contents", "contents", "toc", "sommaire", "table des matières",
    }
)  # fmt: skip
_TOML_FENCE = re.compile(r"\A\+\+\+[ \t]*\n(.*?)^\+\+\+[ \t]*(?:\n|\Z)", re.S | re.M)


# a preamble's line: "Status: Final", "Protocol version: 14"
_PREAMBLE_FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9 ()/_-]{0,40}?)[ \t]*:(?:[ \t]*(\S.*?))?[ \t]*$")
_PREAMBLE_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[^`\n]*$")
_PREAMBLE_KEYS = frozenset({"title", "status"})  # one of them at least
_PREAMBLE_MOST = 40  # lines of a preamble, at most


def preamble_fields(body: str) -> dict[str, Any]:
    """The fields a page gives in a block of code before any prose, as Stellar's
    proposals do under "## Preamble" (``CAP: 0023``, ``Title: ...``, ``Status: Final``,
    ``Created: 2019-06-04``): three lines at least, every one ``Name: value``, a title or
    a status among them; their names in lower case, words joined by ``_``. Nothing when
    the page opens otherwise."""
    lines = body.split("\n")
    at = 0
    while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
        at += 1  # blank lines and headings ("## Preamble") only
    opening = _PREAMBLE_FENCE.match(lines[at]) if at < len(lines) else None
    if opening is None:
        return {}
    fence = opening.group(1)
    out: dict[str, Any] = {}
    last = ""  # the field indented lines belong to ("Working Group:" over its members)
    stray = 0  # lines of no field ("Version 1.0.0" in SEP-14's), one in four at most
    for line in lines[at + 1 : at + 2 + _PREAMBLE_MOST]:
        if line.strip().startswith(fence):
            enough = len(out) >= 3 and bool(set(out) & _PREAMBLE_KEYS)
            return out if enough and 4 * stray <= len(out) else {}
        if not line.strip():
            continue
        found = _PREAMBLE_FIELD.match(line.strip())
        if found is None:
            stray += 1
            continue
        key = re.sub(r"[\s/-]+", "_", found.group(1).strip().lower()).strip("_()")
        value = _preamble_value(found.group(2) or "")
        if line[:1] in " \t" and isinstance(out.get(last), dict):
            out[last].setdefault(key, value)
        elif line[:1] not in " \t":
            last = key
            out.setdefault(key, value if found.group(2) else {})
    return {}


def _preamble_value(value: str) -> Any:
    """A preamble's value as a frontmatter would hold it: a day as a date."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        with contextlib.suppress(ValueError):
            return dt.date.fromisoformat(value)
    return value


def with_preamble(page: Page) -> Page:
    """``page`` with the fields of its preamble (:func:`preamble_fields`), when it has no
    frontmatter of its own: stellar/stellar-protocol's 159 proposals came in untitled,
    undated and stateless."""
    if page.meta:
        return page
    fields = preamble_fields(page.body)
    return dataclasses.replace(page, meta=dict(fields)) if fields else page


def is_page(path: str) -> bool:
    """Whether import reads the file at ``path`` as a page (Markdown or MDX)."""
    return path.lower().endswith(PAGE_SUFFIXES)


def page_stem(name: str) -> str:
    """A page's file name without its suffix: ``a`` for ``a.md``, and for Middleman's
    ``a.html.md.erb`` or ``a.html.md`` (a page served as ``a.html``)."""
    low = name.lower()
    suffix = next((s for s in PAGE_SUFFIXES if low.endswith(s)), None)
    if suffix is None:
        return name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    stem = name[: -len(suffix)]
    if stem.lower().endswith(_SERVED_AS) and len(stem) > len(_SERVED_AS):
        stem = stem[: -len(_SERVED_AS)]
    return stem


_SERVED_PAGES: Final = tuple(_SERVED_AS + s for s in PAGE_SUFFIXES)  # a.html.md.erb...


def _served_as_html(path: str) -> bool:
    return path.lower().endswith(_SERVED_PAGES)


def read_by_site(path: str) -> bool:
    """Whether the page at ``path`` is one import reads that :func:`links.resolve` does
    not take for a document (MDX, Middleman's ``.md.erb``): a link to it is followed by
    :func:`import_plan.site_link`."""
    return is_page(path) and not links.is_doc_path(path)


def is_mdx(path: str) -> bool:
    return path.lower().endswith(".mdx")


# --- text out of Markdown -----------------------------------------------------------


def section(
    body: str, names: Sequence[str], *, own: bool = False, outline: bool = False, title: str = ""
) -> str:
    """The body of the section headed by one of ``names`` (any case), or '': the highest
    such heading ("## Abstract" before a "### Summary" deeper in), then the first of
    ``names``, then the first in the page. With ``own``, only a section that is the
    page's own part (:func:`_own_part`), not one item of a list of like sections. With
    ``outline``, only one of the page's outline (:func:`_in_outline`). The page's
    ``title`` tells where its own part starts when a notice comes first."""
    lines = body.split("\n")
    rank = {name: index for index, name in enumerate(names)}
    parts = markdown.outline(markdown.scan(body).headings, len(lines))
    found = [
        (part.level, rank[name], part.line, part.end)
        for number, part in enumerate(parts)
        if (name := _named_first(passages.heading_name(part.title), rank)) in rank
        and (not own or _own_part(parts, number, title))
        and (not outline or _in_outline(parts, number))
    ]
    if not found:
        return ""
    _level, _rank, line, end = min(found)
    return "\n".join(lines[line:end])


_JOINED_NAMES = re.compile(r"\s*/\s*|\s+(?:&|and|et)\s+")


def _named_first(title: str, rank: Mapping[str, int]) -> str:
    """``title``, or the first of the section names it joins when that one is among
    ``rank``'s: tektoncd/community's "Summary and Motivation" and "Summary /
    Motivation" are their TEPs' summaries."""
    if title in rank or _JOINED_NAMES.search(title) is None:
        return title
    first = _JOINED_NAMES.split(title, maxsplit=1)[0].strip()
    return first if first in rank and is_section_name(title) else title


# headings a page's own summary section may come after: its title, and a preliminary
# (a KEP's release checklist)
_SUMMARY_AFTER = 2


def _own_part(parts: Sequence[markdown.Section], number: int, title: str = "") -> bool:
    """Whether section ``number`` is a part of the page itself: one of its first headings
    (:data:`_SUMMARY_AFTER`: on prometheus/docs, a guide's closing "# Summary" and a
    "### Summary" deep in the OpenMetrics guide summarised the pages), and the first or
    second of its siblings (the sections of its level under the same heading: a KEP's
    Summary follows its release checklist), or one among siblings
    that are mostly section names too (a proposal's Motivation, Design, Drawbacks). A
    "Summary" beside "Counter", "Gauge" and "Histogram" is a metric type: on
    prometheus/docs it gave the page on metric types the summary of that one type."""
    # who wrote it, when, where it stands: fields as sections, before the page's own
    # (cilium/design-cfps' CFP-36975: Author(s), Date and Status above its Abstract)
    fields = sum(
        1 for i in range(1, number) if passages.heading_name(parts[i].title) in _PRELIMINARIES
    )
    # past the page's opening: a recap ("In this guide, you learned..."), or the part of
    # one topic (OpenMetrics')
    if number - fields - _preface(parts, number, title) > _SUMMARY_AFTER:
        return False
    level = parts[number].level

    def parent(at: int) -> int:
        return next((i for i in range(at - 1, -1, -1) if parts[i].level < level), -1)

    mine = parent(number)
    siblings = [
        i
        for i, part in enumerate(parts)
        if part.level == level and i != number and parent(i) == mine
    ]
    before = sum(
        1
        for i in siblings
        if i < number and passages.heading_name(parts[i].title) not in _PRELIMINARIES
    )
    if before <= 1:  # first, or second after a page's preliminaries (a KEP's checklist)
        return True
    named = sum(1 for i in siblings if is_section_name(parts[i].title))
    return 2 * named >= len(siblings)


def _preface(parts: Sequence[markdown.Section], number: int, title: str) -> int:
    """The sections before the page's own ``title``, when section ``number`` sits under
    a later top heading that is that title: npm/rfcs' withdrawn RFCs open on
    "# Withdrawal Amendment" and its resources, then "# Creating a npm audit xml report"
    and its Summary (0 for a section under the page's first heading, or under a later
    one of another name: a guide's closing part and its recap)."""
    top = number
    while True:
        level = parts[top].level
        above = next((i for i in range(top - 1, -1, -1) if parts[i].level < level), -1)
        if above < 0:
            break
        top = above
    named = " ".join(plain(parts[top].title).casefold().split())
    return top if 0 < top < number and title and named == " ".join(title.casefold().split()) else 0


# the parts of a record where a "Proposal" or a "Decision" heading answers something
# else: one open question and what was proposed for it
_ASIDE_PARTS: Final = frozenset(
    {
        "unresolved questions", "open questions", "resolved questions", "questions",
        "open issues", "alternatives", "alternatives considered", "considered alternatives",
        "rejected alternatives", "drawbacks", "appendix", "discussion", "design meetings",
        "faq", "future work", "future possibilities", "history",
    }
)  # fmt: skip


def _in_outline(parts: Sequence[markdown.Section], number: int) -> bool:
    """Whether section ``number`` is one of the page's outline: at most one level below
    its shallowest sections (the title aside), and inside no part of it about something
    else (:data:`_ASIDE_PARTS`). dotnet/csharplang's collection expressions were
    summarised from a "#### Proposal" for one of their unresolved questions, a thousand
    lines below their own "## Summary"."""
    levels = [part.level for part in parts]
    top = min((lv for lv in levels if lv > 1), default=1) if levels.count(1) == 1 else min(levels)
    level = parts[number].level
    if level > top + 1:
        return False
    for at in range(number - 1, -1, -1):
        if parts[at].level < level:
            if passages.heading_name(parts[at].title) in _ASIDE_PARTS:
                return False
            level = parts[at].level
    return True


_TAGS = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>\n]*)?/?>")  # not an autolink <https://...>


def title_of(body: str, meta: Mapping[str, Any], path: str, named: str = "") -> str:
    """A title field, else the first level-1 heading, else the title a site's navigation
    gives the page (``named``, else the ``sidebar_label`` of a Docusaurus page), else a
    heading the page opens with, else the file name. A level-2 heading after some text
    names a section, not the page, and so does one that another of its level follows,
    unless it opens the page as its title all the same (:func:`_opens_as_title`)."""
    given = meta.get("title")
    if isinstance(given, str) and given.strip():
        written = " ".join(given.split())
        if _SLUG_TITLE.fullmatch(written) is None:
            return written
        # a slug in the title field names the file, not the page: the page's own
        # heading does (516 openshift enhancements are titled "agent-based-installer"
        # over "# Agent-based Installer", one with another proposal's slug)
        heading = title_of(body, {}, path)
        return heading if _read_from(body, heading) else written
    label = meta.get("sidebar_label")
    named = named if named.strip() or not isinstance(label, str) else label
    headings = markdown.scan(body).headings
    # an empty "#" (a home page that hides its title behind a logo) names nothing
    top = next((h for h in headings if h.level == 1 and plain(h.title)), None)
    # "# Summary": the page's headings name its sections, not the page; but a folder's own
    # page (README, index) opening on "# Overview" or "# Introduction" is named by it,
    # unless the site's navigation names it
    folder_page = page_stem(posixpath.basename(path)).lower() in _INDEX_NAMES
    if top is not None and _names_no_page(top.title) and (named.strip() or not folder_page):
        top = None
    # a file's name as its heading ("# 6.-choix-des-investigations-retenues.md", as GitBook
    # writes a page nobody titled): the navigation's title names it ("6. Choix des ...")
    if top is not None and named.strip() and _FILE_TITLE.search(plain(top.title)) is not None:
        top = None
    # one of several level-1 headings, after a table of contents: the page's first
    # section (openshift's featuresets.md was titled "Definition of terms")
    if top is not None and sum(h.level == 1 for h in headings) > 1 and _seen_before(body, top.line):
        top = None
    if top is None and named.strip():
        return " ".join(named.split())
    # a heading below level 1 that another of its level follows opens the page's first
    # section, not the page ("## npm" then "## Next Line Release Process" in backstage's
    # publishing.md): the file names the page then
    first = headings[0] if headings else None
    if (
        first is not None
        and first.level > 1
        and not folder_page  # a README's opening heading names its folder's subject
        and any(h.level <= first.level for h in headings[1:])
        and not _opens_as_title(body, first, headings, path)
    ):
        first = None
    if top is None and first is not None and (folder_page or not _names_no_page(first.title)):
        top = None if _seen_before(body, first.line) else first
    text = (plain(top.title) if top is not None else "") or _html_title(body, headings)
    if text:
        return text
    bold = _BOLD_TITLE.match(body)  # cilium's CFP-35631: "**CFP-35631: Support CNI ...**"
    said = " ".join(bold.group(1).split()) if bold is not None else ""
    ends = bold.end() if bold is not None else 0
    if (
        said
        and said[-1] not in ".:!?"  # a sentence, a label: no title
        and not _names_no_page(said)
        and (not headings or headings[0].line > body[:ends].count("\n"))
    ):
        return said
    return _field_title(body) or _file_title(path)


# a level-1 heading written in HTML near the top, its text on one line: a README that
# centres its name over badges (casey/just's "<h1 align=center><code>just</code></h1>")
_HTML_TITLE = re.compile(r"^[ \t]*<[hH]1(?:\s[^<>\n]*)?>([^\n]*?)</[hH]1\s*>", re.M)
_HTML_TITLE_MOST = 4000  # characters of a page's top where it is looked for


def _html_title(body: str, headings: Sequence[markdown.Heading]) -> str:
    """The text of a level-1 heading written in HTML near the top of ``body``, when no
    heading of the page comes before it; '' for none."""
    found = _HTML_TITLE.search(body, 0, _HTML_TITLE_MOST)
    if found is None or (headings and headings[0].line <= body[: found.start()].count("\n")):
        return ""
    return plain(_TAGS.sub("", found.group(1)))


def _file_title(path: str) -> str:
    """The words of a page's file name, as a title."""
    stem = page_stem(posixpath.basename(path))
    # "CodeOfConduct.md" is titled "Code Of Conduct", as its slug reads it
    words = " ".join(re.split(r"[-_\s]+", slug.camel_words(stem))).strip() or stem
    return words[:1].upper() + words[1:]


# a field naming the page at its top: "- Name: Move to Jammy Jellyfish", "**Title:** X"
_TITLE_FIELD = re.compile(
    r"(?:[-*+][ \t]+)?(?P<mark>\*\*|__)?(?:name|title)[ \t]*"
    r"(?:(?P=mark)[ \t]*:|:[ \t]*(?P=mark)|(?(mark)(?!)|:))[ \t]*(?P<value>\S.{0,200}?)[ \t]*",
    re.IGNORECASE,
)
_FIELD_TITLE_LINES = 12  # the lines of a page's top where such a field is looked for


def _field_title(body: str) -> str:
    """The name a field at the page's top gives it, under a heading that names no page
    ("# Meta"), before any paragraph: cloudfoundry/community's 60 RFCs open on "# Meta"
    and "- Name: Move to Jammy Jellyfish ...", and were titled by their file names."""
    headed = False  # the fields follow a heading ("# Meta"): unfenced YAML is no page's
    for line in body.split("\n")[:_FIELD_TITLE_LINES]:
        found = _TITLE_FIELD.fullmatch(line)
        if found is not None and headed:
            return plain(found.group("value")).rstrip(".").strip()
        headed = headed or line.lstrip().startswith("#")
        prose = line.strip() and not line.lstrip().startswith(("#", "[", "-", "*", "<"))
        if prose and _PREAMBLE_FIELD.match(line.strip()) is None:
            return ""  # the fields, if any, are not the page's
    return ""


# a page opening on a line in bold alone, as its title, before any heading
_BOLD_TITLE = re.compile(r"\A\s*(?:\*\*|__)([^*_\n]{3,120})(?:\*\*|__)[ \t]*(?:\n|\Z)")


def _seen_before(body: str, line: int) -> bool:
    """Whether a reader sees text in ``body`` before ``line``: comments and empty tags
    (``<a id="old-name"></a>``) are none."""
    before = "\n".join(body.split("\n", line - 1)[: line - 1])
    seen = _TAGS.sub("", markdown.without_comments(before)) if "<" in before else before
    return bool(seen.strip())


# a title written as a slug: lower-case words joined by hyphens or underscores
_SLUG_TITLE = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")
_FILE_TITLE = re.compile(r"(?:^|\s)[\w.-]+\.(?:md|markdown|mdx)\s*$", re.IGNORECASE)


def _read_from(body: str, title: str) -> bool:
    """Whether ``title`` is a heading of ``body`` (not the file name's words)."""
    return any(plain(h.title) == title for h in markdown.scan(body).headings)


_SETEXT_RULE = re.compile(r" {0,3}(?:=+|-+)[ \t]*")
_NAME_NUMBER = re.compile(r"[A-Za-z]{0,6}[-_ ]?\d{1,5}")  # A53, KEP-859, 0042


def _opens_as_title(
    body: str, heading: markdown.Heading, headings: Sequence[markdown.Heading], path: str
) -> bool:
    """Whether a heading that others of its level follow is the page's title all the
    same: it opens the page, underlined (``A53: Option for Ignoring xDS Resource
    Deletion`` over ``----``, as grpc/proposal writes every title and section), at level
    3 or deeper with no heading above its level in the page, holding the words of its
    file's name, or naming the number its file name starts with."""
    line, title = heading.line, heading.title
    lines = body.split("\n")
    if any(text.strip() for text in lines[: line - 1]):
        return False
    if line < len(lines) and _SETEXT_RULE.fullmatch(lines[line]):
        return True
    # a page that opens on a heading of level 3 or more (only blank lines before it),
    # and has no heading above that level, writes its title at that level:
    # nestjs/docs.nestjs.com opens each page so, and its pages were titled by their file
    # names ("### Database" then "### TypeORM Integration" in techniques/sql.md came in
    # as "Sql", "### SWC" as "Swc", "### Official NestJS Consulting" then "### Official
    # Support" in enterprise.md as "Enterprise"). A "##" heading that others follow
    # stays a section: a page whose site gives its title elsewhere starts its sections
    # at level 2 (backstage's publishing.md: "## npm"). Unless the file's name names a
    # later section of that level too: then it names the page's sections together
    # ("### Unions" then "### Enums" in the same site's graphql/unions-and-enums.md,
    # titled "Unions and enums")
    named = re.split(r"[-_\s]+", slug.camel_words(page_stem(posixpath.basename(path))).lower())
    if (
        heading.level > 2
        and all(h.level >= heading.level for h in headings)
        # and deeper ones below: its sections ("### Linux", "### macOS", "### Windows"
        # alone are an installation page's sections, not a title and two more)
        and any(h.level > heading.level for h in headings)
        and not any(
            h.line > line and h.level == heading.level and _words_in(h.title, named)
            for h in headings
        )
    ):
        return True
    # or holding every word of its file's name, two at least, numbers aside:
    # thanos-io/thanos' "202203-grpc-query-api.md" opens on "## Introduce a Query gRPC
    # API", and was titled "202203 grpc query api"
    words = [word for word in named if word and not word.isdigit()]
    if len(words) >= 2 and set(words) <= set(re.findall(r"\w+", title.lower())):
        return True
    number = _NAME_NUMBER.match(page_stem(posixpath.basename(path)))
    if number is None:
        return False
    said = re.sub(r"[-_ ]", "", number.group(0)).lower()
    return said in re.sub(r"[-_ ]", "", title).lower()


def _words_in(heading: str, named: Sequence[str]) -> bool:
    """Whether every word of ``heading`` (one at least) is one of the words ``named``."""
    words = set(re.findall(r"\w+", plain(heading).lower()))
    return bool(words) and words <= set(named)


# a heading that only says the page's state, as a banner over its text: NixOS/rfcs' RFC 25
# opens on "# Superseded!", then "This RFC is superseded by RFC 44"
_BANNERS = frozenset(
    {
        "superseded", "deprecated", "obsolete", "outdated", "withdrawn", "rejected",
        "archived", "abandoned", "replaced", "draft", "work in progress", "wip",
        "notice", "warning", "important", "note",
    }
)  # fmt: skip


# a template's heading left as it was: tikv/rfcs' 0049 was titled "Title"
_PLACEHOLDERS = frozenset(
    {
        "title", "your title", "title here", "your title here", "page title", "rfc title",
        "proposal title", "document title", "untitled", "todo", "tbd",
    }
)  # fmt: skip


def _names_no_page(heading: str) -> bool:
    """Whether a heading names no page: a section's name, a banner of its state, or a
    template's placeholder."""
    said = " ".join(plain(heading).strip(" *_:#.!").casefold().split())
    return said in _BANNERS or said.strip("[]<>{}() ") in _PLACEHOLDERS or is_section_name(heading)


def is_section_name(heading: str) -> bool:
    """Whether a heading only names a section of a page (``Summary``, ``1. Motivation``,
    ``Unresolved questions``, ``Contexte``, ``Summary / Motivation``), not what the page
    is about."""
    text = passages.SECTION_NUMBER.sub("", plain(heading).strip(" *_:#.").casefold())
    said = " ".join(text.replace("’", "'").split())
    # "Summary / Motivation", "Context & Problem": names of sections joined
    return said in SECTION_NAMES or all(
        part.strip() in SECTION_NAMES for part in re.split(r"\s*/\s*|\s+(?:&|and|et)\s+", said)
    )


def summary_of(
    body: str,
    meta: Mapping[str, Any],
    limit: int,
    decision: bool,
    title: str = "",
    *,
    shared: frozenset[str] = frozenset(),
) -> str:
    """A summary or description field, else the first paragraph of prose: of a record's
    Decision section, else of a section the page calls its summary, else of the page;
    cut to ``limit``. A field that only repeats the ``title`` (``description: Windows
    PowerShell SDK`` under that title) says nothing the row does not: the prose does.
    A paragraph that still ends announcing what follows ("...:"), or an aside in
    parentheses, is taken only when neither the next place nor the page has better; so
    is a line other pages open on too (``shared``, :func:`lead_line`)."""
    named = {_field_name(key): value for key, value in meta.items()} if meta else {}
    field = ""  # a field that only dates the page or greets: taken when nothing says more
    for key in SUMMARY_FIELDS:
        value = named.get(key)
        if isinstance(value, str) and plain(value) and not _says_no_more(plain(value), title):
            if not weak(plain(value)):
                return clip(plain(value), limit)
            # betagouv/doc.demarches-simplifiees.fr's GitBook descriptions: "16/05/2024",
            # "Dernière mise à jour : 16 juillet 2025"
            field = field or plain(value)
    # what a record decides; else the summary it writes of itself; else, in a proposal's
    # words, what it proposes; else why. A proposal's own Summary is what its authors
    # wrote to sum it up: its Proposal section opens as often on a glossary, a user story,
    # a template's instructions or "Each goal is addressed below" (openshift/enhancements:
    # in 14 proposals drawn at random, the Summary read better in 9, the Proposal in 2;
    # in 16 KEPs, 9 and 3) ... and a record's own summary says more of it than its
    # Context, which says why (pytorch/rfcs' RFC-0024 was summarised from its Context)
    decided, proposed, why = schema.DECISION_SECTIONS, ("proposal",), ("context",)
    places = [decided, SUMMARY_SECTIONS, proposed, why] if decision else []
    if decision and _in_parts(section(body, decided, outline=True)):
        # a Decision made of parts, opening on the first one's heading: its first
        # paragraph tells one part; the record's own Summary tells the whole
        # (celestia-app's ADR-029 was summed up by "The budget is the cap directly")
        places = [SUMMARY_SECTIONS, decided, proposed, why]
    # a record's Status section says where it stands, not what it decides ("Incomplete");
    # a page's list of its authors says who wrote it, not what it is about
    aside = decision or _ASIDE_HEADING.search(body) is not None  # most pages: none
    page = _without(body, _ASIDE_SECTIONS) if aside else body
    defined = _REFERENCE_DEFINITION.findall(body) if "]:" in body else []
    poor = ""

    def thin(text: str) -> bool:
        if weak(text):
            return True
        said = " ".join(text.split())
        return bool(shared) and (said in shared or clip(said, limit) in shared)

    for names in (*places, None) if decision else (SUMMARY_SECTIONS, None):
        own = names is SUMMARY_SECTIONS  # a Decision section is one wherever it stands
        found = first_paragraph(
            page if names is None else section(body, names, own=own, outline=not own, title=title),
            lists=names is decided or names is proposed or names is why,
            poor=thin if names is None else None,  # the page's: its next paragraph may do
        )
        found = _unbracketed(found, defined) if defined and "[" in found else found
        found = _POINTING.sub("", found) if "(" in found else found
        if found and not thin(found):
            return clip(found, limit)
        poor = poor or found
    return clip(field or poor, limit)


_ATX = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
_LEAD_MOST = 120  # characters of a page's opening line that may be a template's subtitle


def lead_line(body: str) -> str:
    """The first line of text under a page's first heading, as a summary would read it
    (spaces folded, marks of emphasis kept out), when it is a short paragraph of its own:
    what a template may give every page ("Microsoft Graph API Design Pattern"), a rule
    above it or not (opentofu's OCI RFC: "This document is part of the OCI registries
    RFC" between two rules, on each of its eleven parts)."""
    lines = body.lstrip("\n").split("\n", 12)[:12]
    start = 1 if lines and _ATX.match(lines[0]) else 0
    rest = [line for line in lines[start:] if line.strip() and not markdown.is_rule(line)]
    if not rest or len(rest[0]) > _LEAD_MOST or not rest[0][:1].isalnum():
        return ""
    at = lines.index(rest[0])
    if at + 1 < len(lines) and lines[at + 1].strip():
        return ""  # a paragraph of several lines: the page's own words
    return " ".join(plain(rest[0]).split())


def _in_parts(text: str) -> bool:
    """Whether a section's text (its heading first) opens on a sub-heading, with no
    paragraph of its own before it."""
    lines = [line for line in text.split("\n")[1:] if line.strip()]
    return bool(lines) and _ATX.match(lines[0]) is not None


# an aside that points into the page, which a summary is read apart from: MADR's stock
# 'Chosen option: "X", because comes out best (see below).'
_POINTING = re.compile(
    r"\s*\((?:see|voir)\s+(?:below|above|ci-dessous|ci-dessus|plus\s+(?:bas|haut))\)",
    re.IGNORECASE,
)
# "[label]: destination" at the start of a line: a reference a shortcut link names
_REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[([^\[\]\n]{1,200})\]:[ \t]*\S", re.MULTILINE)
_SHORTCUT = re.compile(r"\[([^\[\]\n]{1,200})\](?![(\[:])")


def _unbracketed(text: str, defined: list[str]) -> str:
    """``text`` with its shortcut links (``[RFC 2052]``, defined in the page) as their
    words: rust-lang/rfcs' summaries said "It supersedes [RFC 2052]". Brackets that are
    no link stay ("[x; N]")."""
    labels = {" ".join(label.split()).casefold() for label in defined}
    return _SHORTCUT.sub(
        lambda found: (
            found.group(1)
            if " ".join(found.group(1).split()).casefold() in labels
            else found.group(0)
        ),
        text,
    )


# (and a banner of the record's state as a section: Stellar's CAP-13 opens on "## Rejected"
# over "Superceded by CAP23", SEP-3 on a "## Deprecation Notice")
_RECORD_STATE_SECTIONS: Final = frozenset(
    {"status", "statut", "date", "rejected", "superseded", "deprecated", "withdrawn",
     "abandoned", "obsolete", "deprecation notice", "deprecation"}
)  # fmt: skip
# who wrote a page and when it changed: not what it is about
_WHO_AND_WHEN_SECTIONS: Final = frozenset(
    {"submitters", "submitter", "authors", "author", "author(s)", "contributors", "reviewers",
     "reviewer(s)", "owners", "owner(s)", "maintainers", "approvers", "deciders", "auteurs",
     "auteur", "contributeurs", "change log", "changelog", "revision history",
     "historique des modifications", "meta", "metadata"}
)  # fmt: skip
_ASIDE_SECTIONS: Final = _RECORD_STATE_SECTIONS | _WHO_AND_WHEN_SECTIONS  # no summary there
# what may come before a page's own sections, besides its fields: its table of contents
# and the words it defines (cluster-api's proposals: "## Table of Contents", "## Glossary"
# and its terms, then "## Summary", were summed up by their first term's definition)
_PRELIMINARIES: Final = _ASIDE_SECTIONS | frozenset(
    {"table of contents", "contents", "toc", "glossary", "terminology", "definitions",
     "sommaire", "table des matières", "glossaire", "terminologie"}
)  # fmt: skip
_ASIDE_NAMES = "|".join(sorted(_ASIDE_SECTIONS))
_ASIDE_HEADING = re.compile(
    rf"^ {{0,3}}#{{1,6}}[ \t]+[*_]*(?:{_ASIDE_NAMES})[*_:]*[ \t]*$", re.IGNORECASE | re.MULTILINE
)


def _without(body: str, names: frozenset[str]) -> str:
    """``body`` without the sections headed by one of ``names`` (any case): each one's
    own lines, up to the next heading of any level (a Context under a setext Status
    stays). The page's own title is no such section: a page titled "Changelog" is
    about its changes (adr/madr's was summarised from its oldest entry)."""
    lines = body.split("\n")
    parts = markdown.outline(markdown.scan(body).headings, len(lines))
    starts = [part.line for part in parts]
    titled = bool(parts) and [part.level for part in parts].count(parts[0].level) == 1
    dropped: set[int] = set()
    for number, part in enumerate(parts):
        if number == 0 and titled:
            continue
        if part.title.strip(" *_:").lower() in names:
            own_end = starts[number + 1] - 1 if number + 1 < len(parts) else len(lines)
            dropped.update(range(part.line - 1, min(part.end, own_end)))
    return "\n".join(line for at, line in enumerate(lines) if at not in dropped)


# what a site's records and pages all say of themselves: "Architecture Decision Record
# (ADR) log on Default Catalog File Name" (every record of backstage/backstage) says only
# its title, as "Documentation on Architecture overview" (63 of its other pages) does
_RECORD_WORDS: Final = frozenset(
    {"architecture", "decision", "record", "records", "adr", "log", "on", "about", "for", "the",
     "a", "an", "of", "rfc", "proposal", "enhancement", "documentation", "docs", "page",
     "information"}
)  # fmt: skip


def _says_no_more(field: str, title: str) -> bool:
    """Whether a summary field only repeats the title (:func:`_same_words`), or is the
    title's words with what a site's records all say of themselves."""
    if _same_words(field, title):
        return True
    words = set(re.findall(r"\w+", field.casefold()))
    said = set(re.findall(r"\w+", title.casefold()))
    return bool(said) and bool(words & said) and words - _RECORD_WORDS <= said


def _same_words(one: str, other: str) -> bool:
    """Whether two texts are the same words, case and punctuation aside."""
    return bool(other) and re.findall(r"\w+", one.casefold()) == re.findall(
        r"\w+", other.casefold()
    )


# A page that says at its top that it is retired: "> # DEPRECATION NOTICE", "This
# document has been deprecated and has been moved to...", "This guide is no longer
# maintained". Of the page itself: "This API is deprecated" opens a page on an API, which
# still holds as knowledge.
_RETIRED_NOTICE = re.compile(
    # a banner: quoted, in bold or in an admonition, never a section's heading ("## Deprecated"
    # opens the list of what a release deprecates)
    r"^\s*(?:>[\s>#]*|[*_]{2}|\[!\w+\]\s*|(?:!!!|:::)\s*\w*\s*)[*_]*"
    r"(?:deprecat(?:ed|ion\s+notice)|obsolete|archived)\b[*_]*\s*(?:$|[:!.]|to\s+readers)"
    r"|\b(?:this|the)\s+(?:document|page|guide|guidelines?|article|doc|documentation"
    r"|file|repository|specification|spec|proposal|rfc)\s+(?:(?:has\s+been|is\s+(?:now\s+)?"
    r"(?:being\s+)?|was)\s*(?:deprecated|obsolete|superseded|retired|archived"
    r"|replaced|moved)|is\s+no\s+longer\s+(?:maintained|updated|current|valid))\b",
    re.IGNORECASE | re.MULTILINE,
)
_NOTICE_LINES = 12  # lines at a page's top where it says it is retired


def retired_notice(body: str) -> str:
    """The line of a page's top (its first lines of text, code aside) saying that the
    page is retired ('' when none does): microsoft/api-guidelines' deprecated guidelines,
    "> # DEPRECATION NOTICE TO READERS", came in as a draft like any other and answered
    three questions of five before the guidelines that replace them."""
    lines = [line for line in body.split("\n", 80)[:80] if line.strip()][:_NOTICE_LINES]
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            break
        if _RETIRED_NOTICE.search(line):
            return line.strip(" >#*_")
    return ""


# --- fields ---------------------------------------------------------------------------


def tags_of(folders: Sequence[str], meta: Mapping[str, Any], fallback: str) -> list[str]:
    """Slugs of the folder names and of foreign keyword fields, first ones first."""
    words = list(folders)
    for key in KEYWORD_FIELDS:
        words += fields.strings(meta, key)
    tags = list(dict.fromkeys(_tag(w) for w in words))
    return [t for t in tags if t][:MAX_TAGS] or [fallback]


# a release tag as projects write it: "2.11", "v1.4.0"
_VERSION_TAG = re.compile(r"v?\d+(?:\.\d+)+", re.IGNORECASE)


def _tag(word: str) -> str:
    """One tag: a slug, except a version number, kept as written (nats-io's ADRs are
    grouped by "2.11", "2.12": as "2-11" no ``--tag 2.11`` found them, and a new page
    tagged by hand split each group in two)."""
    word = word.strip()
    if _VERSION_TAG.fullmatch(word):
        return word.lower()
    return slug.slugify(word, fallback="", max_length=40)


_WORDS_PER_LINK: Final = 80  # words an index page gives each page it links to, at most
# Folders of how-tos, compared in lower case with "-" for "_" and spaces, no number in front.
_GUIDE_FOLDERS: Final = frozenset(
    {
        "tutorial", "tutorials", "guide", "guides", "how-to", "howto", "how-tos", "howtos",
        "walkthrough", "walkthroughs", "getting-started", "cookbook", "recipes", "tutoriel",
        "tutoriels",
    }
)  # fmt: skip
_GUIDE_TITLE = re.compile(r"^\W*(?:how to|how-to|tutorial|tutoriel)\b|\bguides?\b", re.I)
_FOLDER_NUMBER = re.compile(r"^\d+[-_. ]*")


def _in_guide_folder(path: str) -> bool:
    """Whether a folder on the page's path holds how-tos: "tutorial/", "docs/how-to/"."""
    names = (_FOLDER_NUMBER.sub("", f.lower()) for f in posixpath.dirname(path).split("/"))
    return any(n.replace("_", "-").replace(" ", "-") in _GUIDE_FOLDERS for n in names)


# a site's own kind of page (MDN's ``page-type``: "javascript-operator", "css-property",
# "guide", "landing-page"): words in it that say what kind of document it is
_PAGE_TYPE_FIELDS: Final = ("page-type", "page_type", "pagetype")
_PAGE_TYPE_WORDS: Final = (
    ("landing", "overview"), ("hub", "overview"), ("tutorial", "guide"), ("guide", "guide"),
    ("how-to", "guide"), ("glossary", "concept"), ("concept", "concept"),
)  # fmt: skip


def _page_type(meta: Mapping[str, Any]) -> str:
    """The type a page's own kind field gives (see :data:`_PAGE_TYPE_FIELDS`): what its
    words say, else reference, since a page the site files under a kind of its own is
    no hub of links ('' when there is no such field)."""
    value = next((meta[k] for k in _PAGE_TYPE_FIELDS if isinstance(meta.get(k), str)), "")
    kind = value.strip().lower()
    if not kind:
        return ""
    if kind in _TOPIC_TYPES:
        return _TOPIC_TYPES[kind]
    return next((found for word, found in _PAGE_TYPE_WORDS if word in kind), "reference")


def guess_type(path: str, meta: Mapping[str, Any], body: str, title: str, decision: bool) -> str:
    """decision for a record; a foreign topic field's meaning, or a site's kind of page
    (:func:`_page_type`); overview for an index page made of links; guide for a how-to
    (a title that says so, or a page in a folder of tutorials or guides); reference
    otherwise."""
    if decision:
        return "decision"
    for key in ("type", "ms.topic", "topic", "layout"):
        value = meta.get(key)
        if isinstance(value, str) and value.strip().lower() in _TOPIC_TYPES:
            return _TOPIC_TYPES[value.strip().lower()]
    declared = _page_type(meta)
    if declared:
        return declared
    if page_stem(posixpath.basename(path)).lower() in _INDEX_NAMES:
        # a Middleman page links the others as they are served: a.html
        ends = (*PAGE_SUFFIXES, _SERVED_AS) if _served_as_html(path) else PAGE_SUFFIXES
        written = (t.split("#")[0] for t, _ in markdown.scan(body).links)
        targets = [t for t in written if t.lower().endswith(ends)]
        # made of links: a few lines of text for each, not a proposal's README of
        # thousands of words that cites a few other pages
        if len(targets) >= 3 and len(body.split()) <= _WORDS_PER_LINK * len(targets):
            return "overview"
    if _GUIDE_TITLE.search(title) or _in_guide_folder(path):
        return "guide"
    return "reference"


def is_mdbrain(text: str, path: str, config: Config) -> bool:
    """Whether the page already has a complete mdbrain frontmatter that check accepts."""
    if not text.startswith("---") or any(f"\n{key}:" not in text for key in schema.REQUIRED_FIELDS):
        return False  # the quick answer for most foreign pages
    entry = manifest.entry_from_text(text, path)
    context = rules.Context(manifest.build([entry]), config, dt.date.min)
    found = rules.run(context, (rules.required_fields, rules.enumerations, rules.summary_length))
    return entry.parsed and not found and not list(rules.dates(context))


def _valid(key: str, value: Any, config: Config) -> bool:
    """Whether a foreign value can stay under a key mdbrain gives a meaning to."""
    if key == "priority":
        return value in config.priorities
    if key == "audience":
        return all(a in config.audiences for a in fields.strings({key: value}, key))
    if key in ("reviewed", "created", "updated"):
        return fields.date({key: value}, key) is not None
    return key not in schema.RELATION_FIELDS


def merge(wanted: Mapping[str, Any], foreign: Mapping[str, Any], config: Config) -> dict[str, Any]:
    """``wanted`` first, then the foreign fields; a foreign value ``wanted`` replaces, or
    one mdbrain would reject, is kept as ``original_<key>``: nothing the page said is lost."""
    out = dict(wanted)
    kept = {}
    for key, value in foreign.items():
        if key not in wanted and _valid(key, value, config):
            out[key] = value
        elif value != wanted.get(key) and value not in (None, "", []):
            kept[f"original_{key}"] = value
    out.update((k, v) for k, v in kept.items() if k not in out)
    return out


# --- whole pages ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the source folder, read."""

    path: str  # from the source folder
    raw: str  # as read, byte-order mark removed
    meta: dict[str, Any]
    body: str  # after the frontmatter; a frontmatter YAML cannot read is kept as code
    body_line: int  # the source line where ``body`` starts
    problem: str = ""  # what was wrong with the frontmatter
    loose: bool = False  # YAML rejected the frontmatter; it was read line by line instead
    # the lines of ``body`` (0-based) an MDX page holds JavaScript in: blank in ``body``,
    # left out of the page written (:func:`without_lines`)
    javascript: frozenset[int] = frozenset()


def parse(path: str, raw: str) -> Page:
    """Read a page leniently: a frontmatter never closed is body, a broken one code.
    Hugo's TOML front matter (``+++``) is read too, and so is a front matter behind
    blank lines or comments, which are left out. The JavaScript of an MDX page is
    blanked in its body, MkDocs content tabs are made plain Markdown
    (:func:`markdown.content_tabs`), cross-references to Python names left as their
    text (:func:`markdown.without_autorefs`), and the other markup of MkDocs extensions
    made plain (:func:`mkdocs_markup`): the body keeps its lines where they were in the
    file."""
    page = _parse(path, raw)
    if path.lower().endswith(_ERB):
        page = dataclasses.replace(page, body=erb_fields(page.body, page.meta))
    elif is_mdx(path) and (found := mdx_javascript(page.body)):
        lines = page.body.split("\n")
        body = "\n".join("" if n in found else line for n, line in enumerate(lines))
        page = dataclasses.replace(page, body=body, javascript=found)
    body = mkdocs_markup(markdown.content_tabs(markdown.without_autorefs(page.body)))
    return page if body == page.body else dataclasses.replace(page, body=body)


def _parse(path: str, raw: str) -> Page:
    text = frontmatter.normalise_newlines(raw)
    late = _LATE_FRONT_MATTER.match(text)
    skipped = late.group(0).count("\n") if late else 0
    head = text[late.end() :] if late else text
    if head.startswith("+++"):
        return _toml(path, raw, head, skipped)
    try:
        parts = frontmatter.split(head, path=path)
    except DocumentError:
        parts = frontmatter.Split(None, text, 1)
    if parts.yaml is None:
        return Page(path, raw, table_fields(text), text, 1)
    try:
        meta = frontmatter.load(parts.yaml, path=path)[0]
    except DocumentError as exc:
        # YAML's own complaint, not a block over the limits nor one that is no mapping:
        # each line is then read on its own, and a block any line of which is not
        # understood so is kept as code (see loose_fields)
        lenient = exc.message.startswith(_YAML_SAYS)
        loose = loose_fields(parts.yaml, path) if lenient and not late else None
        if loose is not None:
            return Page(path, raw, loose, parts.body, parts.body_line, exc.message, loose=True)
        if not late:
            return _as_code(
                path,
                raw,
                block=parts.yaml,
                language="yaml",
                body=parts.body,
                body_line=parts.body_line,
                problem=exc.message,
            )
        meta = {}  # not a front matter after all
    if late and not meta:
        return Page(path, raw, {}, text, 1)
    return Page(path, raw, meta, parts.body, parts.body_line + skipped)


# ``key: rest of the line`` and ``  - item`` under a key: what a hand-written front matter
# that YAML rejects (``title: ADR006: Avoid React.FC``) usually means
# blanks cut after, in Python; "see-also:[]", a list with no blank before it, too
# a key may hold spaces: bazelbuild/proposals' "last updated:" (the block was given up)
_LOOSE_KEY = re.compile(r"([A-Za-z_][\w-]*(?: [\w-]+){0,3}):(?:[ \t]+(.*)|(\[\]|\{\}))?")
_LOOSE_ITEM = re.compile(r"[ \t]*-(?:[ \t]+(.*))?")  # "-" alone: an item left empty
_YAML_SAYS = "invalid frontmatter YAML:"  # what frontmatter.load says of YAML's errors
# a value YAML rejects, read as the text it means: one opening on a sign YAML keeps
# (a GitHub handle, code), a Markdown link ("- [Secure OAuth storage](https://...)"), or
# one quoted and closed by a typographic quote ("@gnufied”: 36 openshift enhancements
# lost their authors and status to these)
_AS_TEXT = re.compile(
    r"[@`*][^\n]*"  # "@handle", "`code`", "**provisional**|implementable|..." (a form's choice)
    r"|\[[^\[\]\n]*\]\([^()\s]*\)[^\n]*"  # a Markdown link, maybe more: "[Name](url), Team"
    r"|\"[^\"\n]*\"[^\"\n]+"  # '"Allow-From-Router" NetworkPolicy': quoted, then more
    r"|\d{4}-\d{1,2}-\d{1,2}"  # a day that does not exist ("2019-13-05")
)
_CURLY_CLOSED = re.compile(r"[\"“]([^\"“”\n]*)”")


def loose_fields(block: str, path: str) -> dict[str, Any] | None:
    """A front matter YAML rejects, read a line at a time: each ``key: value`` line gives
    its key the value YAML reads in it alone, or, when YAML rejects it for a colon (a
    title such as ``ADR006: Avoid React.FC``) or for a sign it keeps (``- @name``), the
    rest of the line as text, or, quoted and closed by a typographic quote, what the
    quotes hold (:data:`_AS_TEXT`, :data:`_CURLY_CLOSED`); ``- item``
    lines under a key without a value make its list. None when a line is anything else
    (nesting, a block of text, a key given twice, a value broken otherwise, such as
    ``[oops``): such a block is not guessed at."""
    out: dict[str, Any] = {}
    key = ""
    for raw in block.split("\n"):
        line = raw.rstrip(" \t")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        found = _LOOSE_KEY.fullmatch(line)
        item = None if found is not None else _LOOSE_ITEM.fullmatch(line)
        if found is not None:
            key = found.group(1)
            if key in out:
                return None
            value = _loose_value(key, found.group(2) or found.group(3) or "", path)
        elif item is not None and key and isinstance(out[key], list | None):
            if not (item.group(1) or "").strip():
                continue  # an item left empty says nothing
            value = _loose_value(key, item.group(1), path)
        else:
            return None
        if value is _BROKEN:
            return None
        out[key] = value if found is not None else [*(out[key] or []), value]
    return out or None


_BROKEN: Final = object()  # a value YAML rejects for another reason than a colon


def _loose_value(key: str, value: str, path: str) -> Any:
    try:
        return frontmatter.load(f"{key}: {value}", path=path)[0].get(key)
    except DocumentError:
        if ": " in value or _AS_TEXT.fullmatch(value):
            return value
        curly = _CURLY_CLOSED.fullmatch(value)
        return curly.group(1) if curly else _BROKEN


# --- MkDocs ---------------------------------------------------------------------------

# mkdocstrings: "::: pydantic.fields", its options indented under it
_DIRECTIVE = re.compile(r"^:::[ \t]+[A-Za-z_][\w.-]*[ \t]*$")
_ATX = re.compile(r"^ {0,3}#{1,6}(?:[ \t]|$)")
API_STUB: Final = (
    "an API page mkdocstrings fills from the code when the site is built (only ::: lines,"
    " no text of its own); import the file alone to keep it"
)


def api_stub(body: str) -> bool:
    """Whether a page is only mkdocstrings directives (``::: pydantic.fields``, with
    their options indented under them), headings and blank lines: the site builds its
    text from the code, and the page holds none of its own."""
    found = False
    for line in markdown.without_comments(body).split("\n"):
        if not line.strip() or (found and line.startswith((" ", "\t"))):
            continue
        if _DIRECTIVE.match(line):
            found = True
        elif not _ATX.match(line):
            return False
    return found


# "Moved to [x](x.md).", "This page has moved to …", "This document now lives at …",
# "This document was renamed … Please see [SE-0519](…)" (swift-evolution): what a page
# that only points at its new place says
_MOVED = re.compile(  # at the start of what the page says, emphasis and quotes aside
    r"^[>*_\s]*(?:(?:note[:*_\s]*)?(?:this|the)\s+(?:page|document|file|doc|content|rfc|article"
    r"|section|proposal)\s+(?:has\s+|was\s+|is\s+)?(?:been\s+)?"
    r"(?:moved|relocated|now\s+lives|renamed|redirected)"
    # "The code of conduct has moved to …" (WebAssembly/design)
    r"|(?:the|this|our)\s+(?:[\w-]+\s+){0,3}?(?:conduct|documentation|docs|guide|guidelines"
    r"|spec|specification|readme|wiki|faq|changelog|policy|tutorial|handbook|manual|roadmap)"
    r"\s+(?:has|have)\s+(?:been\s+)?(?:moved|relocated)\b"
    # "This file historically contained the description of …; for the current
    # description, see [the normative documentation](…)" (WebAssembly/design)
    r"|(?:this|the)\s+(?:page|document|file|doc)\s+(?:historically|previously|formerly|once"
    r"|used\s+to)\s+(?:contained|held|described|hold|contain|describe)\b"
    r"|(?:page\s+|content\s+)?(?:moved|relocated|renamed|redirected)\b"
    r"|(?:cette\s+page\s+a\s+[ée]t[ée]\s+|page\s+)?d[ée]plac[ée]e?\b)",
    re.IGNORECASE,
)
_MOVED_WORDS = 30  # words of such a page at most


def moved_to(body: str) -> str:
    """The link a page that only says it moved points to, '' when it says more: one
    short paragraph (headings and blank lines aside) saying it moved, with one link."""
    text = [
        line.strip()
        for line in markdown.without_comments(body).split("\n")
        if line.strip() and not _ATX.match(line)
    ]
    said = " ".join(text)
    if not _MOVED.search(said) or len(said.split()) > _MOVED_WORDS:
        return ""
    found = {target for target, _line in markdown.scan(said).links}
    if not found:  # "This file was moved to https://…" (ethereum/EIPs): a bare address
        found = {address.rstrip(".,;)") for address in _BARE_ADDRESS.findall(said)}
    if not found:  # "This page is redirected to /docs/containers/overview.md and only
        # exists to keep the "Containers" TOC item" (microsoft/vscode-docs): a page's path
        found = set(_BARE_PAGE.findall(said))
    return found.pop() if len(found) == 1 else ""


_BARE_ADDRESS = re.compile(r"\bhttps?://[^\s<>()\[\]]{1,2000}")
_BARE_PAGE = re.compile(
    r"(?<![\w/.-])/?(?:[\w.-]{1,200}/){0,20}[\w.-]{1,200}\.(?:md|mdx|markdown)\b"
)


def says_nothing(page: Page) -> bool:
    """Whether a page holds no words of its own: no frontmatter, and nothing but blank
    lines, comments and headings (dotnet/csharplang's empty rejected/README.md came in
    as a page titled and summarised "README")."""
    if page.meta:
        return False
    lines = markdown.without_comments(page.body).split("\n")
    return all(not line.strip() or _ATX.match(line) for line in lines)


# --- MkDocs markup ----------------------------------------------------------------------

# mkdocs-autorefs' anchor, which a site renders as nothing: "[](){#some-anchor}"
_AUTOREF_ANCHOR = re.compile(r"\[\]\(\)\{[ \t]*#([\w.:-]+)[ \t]*\}")
# an attribute list on a fence (pymdownx.superfences), after its language or in its place:
# ```py {test="skip"}, ``` { .python .annotate hl_lines="2" }
_FENCE_ATTRIBUTES = re.compile(
    r"^(?P<fence>[ \t]*(?:" + markdown.FENCE_RUN + r"))(?P<language>[ \t]*[^\s`{}]+)?[ \t]*"
    r"\{(?P<attributes>[^{}\n]*)\}[ \t]*$"
)
_CLASS = re.compile(r"(?:^|\s)\.([\w+#-]+)")  # ".python" in an attribute list
# an attribute list as superfences (and Pandoc) write it: classes, an id, key=value pairs
# only. Anything else between braces is the fence's own and stays: Docusaurus' and
# VitePress' line ranges (```js {3}, ```js{1,4-6}), an R Markdown chunk (```{r})
_ATTRIBUTE = r"(?:\.[\w+#-]+|#[\w:.-]+|[\w:.-]+=(?:\"[^\"]*\"|'[^']*'|[^\s\"']+))"
# items apart, as superfences writes them: each split of the text is then the only one
_ATTRIBUTE_LIST = re.compile(rf"[ \t]*{_ATTRIBUTE}(?:[ \t]+{_ATTRIBUTE})*[ \t]*")
# the attributes that say something to the reader: the file a block is, its title
_SHOWN_ATTRIBUTE = re.compile(
    r"(?<![\w.-])(?:title|file|filename)=(?:\"[^\"]*\"|'[^']*'|[^\s\"']+)", re.IGNORECASE
)
_ANY_FENCE = re.compile(r"^[ \t]*(" + markdown.FENCE_RUN + r")")  # in a tab or an admonition too
# pymdownx blocks: "/// note", "/// details | Title", closed by as many slashes alone at
# the same indentation (in an admonition, both are indented with its text); their
# options indented on the lines right under the header ("    type: warning")
_BLOCK_OPEN = re.compile(r"^([ \t]*)(/{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*$")
_BLOCK_CLOSE = re.compile(r"^([ \t]*)(/{3,})[ \t]*$")
_BLOCK_OPTION = re.compile(r"^(?: {4}|\t)[ \t]*([\w-]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
# blocks that are no admonition: a tab shows its label, the others only wrap their text
_TAB_BLOCK: Final = "tab"
_WRAPPING_BLOCKS: Final = frozenset(
    {"html", "caption", "figure-caption", "table-caption", "define"}
)


@dataclass(frozen=True, slots=True)
class _Block:
    """A pymdownx block: the lines (0-based) of its header and of its closing slashes,
    their indentation, its name and title, and its options (read from the lines right
    under the header)."""

    start: int
    end: int
    indent: str
    name: str
    title: str
    options: dict[str, str]

    @property
    def admonition(self) -> bool:
        return self.name != _TAB_BLOCK and self.name not in _WRAPPING_BLOCKS

    def header(self) -> str:
        """The line the header becomes: an admonition as MkDocs writes one with ``!!!``
        (``???`` for a collapsible one), which the import keeps as written; a tab's
        label in bold, as content tabs become (:func:`markdown.content_tabs`); nothing
        for a block that only wraps its text."""
        if self.name == _TAB_BLOCK:
            return f"**{self.title}**" if self.title else ""
        if not self.admonition:
            return ""
        kind = self.options.get("type") or ("note" if self.name in _PLAIN_KINDS else self.name)
        opened = "+" if self.options.get("open", "").lower() == "true" else ""
        mark = f"???{opened}" if self.name == "details" else "!!!"
        title = f' "{self.title.replace(chr(34), chr(39))}"' if self.title else ""
        return f"{mark} {kind}{title}"


_PLAIN_KINDS: Final = frozenset({"details", "admonition"})  # a kind only their type names


def _blocks(lines: list[str]) -> list[_Block]:
    """The pymdownx blocks of a page that are closed, outside fenced code; a block
    opened and never closed is text."""
    found: list[_Block] = []
    # (indentation, slashes), line, name, title
    open_: list[tuple[tuple[str, str], int, str, str]] = []
    fence = ""
    for number, line in enumerate(lines):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := _ANY_FENCE.match(line)) is not None:
            fence = opened.group(1)
        elif (head := _BLOCK_OPEN.match(line)) is not None:
            marks = (head.group(1), head.group(2))
            open_.append((marks, number, head.group(3).lower(), head.group(4) or ""))
        elif (close := _BLOCK_CLOSE.match(line)) is not None:
            opened_by = [entry[0] for entry in open_]
            marks = (close.group(1), close.group(2))
            if marks in opened_by:  # blocks opened inside it and never closed: text
                at = len(opened_by) - 1 - opened_by[::-1].index(marks)
                (indent, _slashes), start, name, title = open_[at]
                del open_[at:]
                options = _options(lines, start, indent)
                found.append(_Block(start, number, indent, name, title.strip(), options))
    return sorted(found, key=lambda block: block.start)


def _options(lines: list[str], start: int, indent: str) -> dict[str, str]:
    """The options of the block whose header is at ``start``, indented by ``indent``:
    ``key: value`` lines indented further right under it."""
    out = {}
    for line in lines[start + 1 :]:
        option = _BLOCK_OPTION.match(line[len(indent) :]) if line.startswith(indent) else None
        if option is None:
            break
        out[option.group(1).lower()] = option.group(2).strip("'\"")
    return out


def _anchors_as_html(line: str) -> str:
    """``line`` with its autorefs anchors (code spans aside) written as the HTML anchors
    they render as (``<a id="some-anchor"></a>``): nothing shows, and links to them still
    land (pydantic's "see [note](#pattern-constraint-note)" did not, once they were left
    out)."""
    masked = markdown.mask(line)
    if _AUTOREF_ANCHOR.search(masked) is None:
        return line
    out, at = [], 0
    for found in _AUTOREF_ANCHOR.finditer(masked):
        out += [line[at : found.start()], f'<a id="{found.group(1)}"></a>']
        at = found.end()
    return "".join(out) + line[at:]


def _fence_language(found: re.Match[str]) -> str:
    """A fence line with only its language: the one written before the attribute
    list, else its first class (``{ .python .annotate }``), as superfences reads it.
    The file a block is and its title (``file=``, ``filename=``, ``title=``: Hugo's and
    superfences' own) stay after the language, as Docusaurus writes a title. Braces
    that hold no attribute list (``{3}``, ``{r}``) are left as written."""
    if _ATTRIBUTE_LIST.fullmatch(found.group("attributes")) is None:
        return found.group(0)  # not an attribute list: the fence's own, kept as written
    language = found.group("language")
    if not language:
        first = _CLASS.search(found.group("attributes"))
        language = first.group(1) if first else ""
    shown = _SHOWN_ATTRIBUTE.findall(found.group("attributes"))
    return found.group("fence") + language + "".join(f" {item}" for item in shown)


def mkdocs_markup(body: str) -> str:
    """``body`` with the markup of MkDocs extensions that shows as noise elsewhere made
    plain, line for line (no line added or removed), fenced code left alone:
    mkdocs-autorefs anchors (``[](){#some-anchor}``) as HTML anchors, the attribute list of a
    fence (```` ```py {test="skip"} ````) left out, its language kept (the list's first
    class when none is written before it: ```` ``` { .python .annotate } ````), and
    pymdownx blocks (``/// note | Title`` ... ``///``) written as MkDocs admonitions are
    (``!!! note "Title"``, their text indented under it; see :meth:`_Block.header`).
    A character written as an HTML entity outside code (``&mdash;``, ``&eacute;``) is
    written as itself, but for ``<``, ``>`` and ``&``, which would turn into markup."""
    if "{" not in body and "///" not in body and "&" not in body:  # most pages
        return body
    lines = body.split("\n")
    blocks = _blocks(lines) if "///" in body else []
    shift = [0] * (len(lines) + 1)  # spaces each line gains inside admonitions
    replaced: dict[int, str] = {}
    for block in blocks:
        indent = " " * shift[block.start] + block.indent
        replaced[block.start] = indent + block.header() if block.header() else ""
        replaced[block.end] = ""
        for number in range(block.start + 1, block.start + 1 + len(block.options)):
            replaced[number] = ""  # options are read, not shown
        if block.admonition:
            for number in range(block.start + 1, block.end):
                shift[number] += 4
    fence = ""
    for number, line in enumerate(lines):
        if number in replaced:
            lines[number] = replaced[number]
            continue
        text = line
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := _ANY_FENCE.match(line)) is not None:
            fence = opened.group(1)
            text = _FENCE_ATTRIBUTES.sub(_fence_language, line)
        else:
            if "[](){" in line:
                text = _anchors_as_html(text)
            if "&" in text:
                text = _plain_entities(text)
        lines[number] = " " * shift[number] + text if text.strip() else text
    return "\n".join(lines)


# an entity a backslash escapes (\&#xA9; shows "&#xA9;": MDN's page on XML explains
# character references so) is text, and stays
_ENTITY = re.compile(r"(?<!\\)&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+\1")


def _plain_entities(line: str) -> str:
    """``line`` with its HTML entities outside code spans written as the characters they
    stand for, but for those of ASCII punctuation and spaces, and of spaces and marks no
    one sees (``&nbsp;``, ``&zwj;``): as characters they could read as markup, not as
    text, or be taken for what they are not (``&vert;`` would split a table cell, ``&quot;`` end an
    attribute, ``&lt;`` open a tag, ``&ast;`` start emphasis)."""

    def plain(found: re.Match[str]) -> str:
        char = html.unescape(found.group())
        markup = len(char) == 1 and char.isascii() and not char.isalnum()
        # a space of another width (&nbsp;, &thinsp;) or one not seen (&zwj;) stays named
        unseen = len(char) == 1 and unicodedata.category(char) in ("Zs", "Cf", "Cc")
        return found.group() if markup or unseen or char == found.group() else char

    out, at = [], 0
    for span in _CODE_SPAN.finditer(line):
        out += [_ENTITY.sub(plain, line[at : span.start()]), span.group()]
        at = span.end()
    return "".join([*out, _ENTITY.sub(plain, line[at:])])


# template macros the site fills in when it is built: "{{ conversion_table_all }}",
# "{{ page.title }}", and tags: Liquid's and Jinja's "{% include x.html %}",
# "{%- capture alt -%}"; not inside code
# not a JSX attribute's object, "style={{color: 'red'}}" in an MDX page: no site fills it
_MACRO = re.compile(r"(?<!=)\{\{[^{}\n]{1,200}\}\}|\{%[^{}\n]{1,200}?%\}")


def macros(body: str) -> list[str]:
    """The template macros and tags of a page outside code and comments, each once, in
    order."""
    if "{{" not in body and "{%" not in body:
        return []
    found: dict[str, None] = {}
    fence = ""
    for line in markdown.without_comments(body).split("\n"):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
        elif (opened := _ANY_FENCE.match(line)) is not None:
            fence = opened.group(1)
        elif "{{" in line or "{%" in line:
            for macro in _MACRO.finditer(markdown.mask(line)):
                found[" ".join(macro.group().split())] = None
    return list(found)


# --- ERB ------------------------------------------------------------------------------

_ERB: Final = ".erb"
# <%= current_page.data.title %>, current_page.data[:title], current_page.data["title"]
_ERB_FIELD = re.compile(
    r"<%=[ \t]*current_page\.data(?:\.(\w+)|\[[ \t]*(?::(\w+)|\"(\w+)\"|'(\w+)')[ \t]*\])[ \t]*-?%>"
)


def erb_fields(body: str, meta: Mapping[str, Any]) -> str:
    """``body`` with each ERB tag that prints a field of the page's front matter ``meta``
    replaced by that field's value, when it is text, a number or a date; other tags, and
    those naming a field the page does not give, stay as written."""
    if "<%" not in body:
        return body

    def value(match: re.Match[str]) -> str:
        name = next(group for group in match.groups() if group)
        given = meta.get(name)
        if isinstance(given, bool) or not isinstance(given, str | int | float | dt.date):
            return match.group(0)
        shown = given.isoformat() if isinstance(given, dt.date) else str(given)
        return " ".join(shown.split()) or match.group(0)

    return _ERB_FIELD.sub(value, body)


# --- MDX ------------------------------------------------------------------------------

# The first line of an ESM statement, at the start of a line: ``import X from 'x'``,
# ``import {``, ``import 'x.css'``, ``export const``, ``export default``...
_ESM_START = re.compile(
    r"^(?:import(?:\s*[{*'\"]|\s+type\b|\s+[\w$]+\s*(?:,|from\b))"
    r"|export\s+(?:default|const|let|var|function|async|class|type|interface|enum)\b"
    r"|export\s*[{*])"
)
_IMPORTS_FROM = re.compile(r"^import\s*['\"]|\bfrom\s*['\"]")
# What continues a statement on the next line, at its end or at the next one's start.
_ENDS_OPEN = tuple("=,([{+-*/%&|^!?:<>.")
_STARTS_OPEN = re.compile(r"^(?:[.?:)\]},=]|&&|\|\||from\s*['\"])")
_FENCE = markdown.FENCE
_COMMENT_LINES = 64  # a comment ``{/* ... */}`` closes within this many lines, or is text


def mdx_javascript(body: str) -> frozenset[int]:
    """The lines of an MDX body (0-based) that are JavaScript: its ESM statements, each
    from a line that starts with ``import`` or ``export`` (at the top level: a
    paragraph's first line, outside code fences) to the end of the statement, and its
    comments alone on their lines (``{/* ... */}``)."""
    lines = body.split("\n")
    found: set[int] = set()
    fence = ""
    number = 0
    while number < len(lines):
        line = lines[number]
        if fence:
            if markdown.closes_fence(line, fence):
                fence = ""
            number += 1
            continue
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group(1)
            number += 1
            continue
        first = number == 0 or not lines[number - 1].strip() or number - 1 in found
        end = _statement(lines, number) if first and _ESM_START.match(line) else None
        if end is None and line.lstrip().startswith("{/*"):
            end = _comment(lines, number)
        if end is None:
            number += 1
            continue
        found.update(range(number, end))
        number = end
    return frozenset(found)


def _statement(lines: list[str], start: int) -> int | None:
    """The line after the ESM statement that starts at ``start``, or None when the lines
    are not one: an import that names no module, or one that never ends."""
    stack: list[str] = []
    number = start
    while number < len(lines):
        line = lines[number]
        _javascript(line, stack)
        number += 1
        following = lines[number].strip() if number < len(lines) else ""
        if stack:  # open: it goes on, past blank lines too, but not into a new paragraph
            if not following:
                after = _text_after(lines, number)
                if after < len(lines) and lines[after][:1] not in _CONTINUED:
                    break
                number = after  # blank lines leave what is open as it is
            continue
        ended = line.rstrip().endswith(";") or not line.rstrip().endswith(_ENDS_OPEN)
        if not following or (ended and not _STARTS_OPEN.match(following)):
            break
    if stack:  # never closed: what MDX reads, up to the first blank line
        number = next((n for n in range(start, len(lines)) if not lines[n].strip()), start)
        number = max(number, start + 1)
    text = " ".join(lines[start:number])
    if text.startswith("import") and not _IMPORTS_FROM.search(text):
        return None
    return number


def _text_after(lines: list[str], blank: int) -> int:
    """The first line with text from ``blank`` on (``len(lines)`` when none). An open
    statement does not run into a paragraph that starts there at the margin (not an
    indented line, nor one that closes brackets), which also bounds the reading of a
    page of unclosed statements."""
    return next((n for n in range(blank, len(lines)) if lines[n].strip()), len(lines))


_CONTINUED = frozenset(" \t)]}`*")


def _javascript(line: str, stack: list[str]) -> None:
    """Follow one line of JavaScript: ``stack`` holds what is open at its end (brackets,
    template literals and their ``${``, block comments); a string ends with its line."""
    quote = ""
    at = 0
    while 0 <= at < len(line):
        top = stack[-1] if stack else ""
        if top == "/*":
            close = line.find("*/", at)
            if close >= 0:
                stack.pop()
            at = close + 2 if close >= 0 else -1
        elif quote or top == "`":
            at, quote = _quoted(line, at, quote, stack)
        else:
            at, quote = _code(line, at, stack)


def _quoted(line: str, at: int, quote: str, stack: list[str]) -> tuple[int, str]:
    """One step in a string (``quote``) or a template literal: where the next starts."""
    char = line[at]
    if char == "\\":
        return at + 2, quote
    if quote:
        return at + 1, "" if char == quote else quote
    if char == "`":
        stack.pop()
    elif line.startswith("${", at):
        stack.append("${")
        return at + 2, quote
    return at + 1, quote


def _code(line: str, at: int, stack: list[str]) -> tuple[int, str]:
    """One step in code: where the next starts (-1: the rest is a comment), and the
    quote of a string it opens."""
    char = line[at]
    if char in "'\"":
        return at + 1, char
    if line.startswith("//", at):
        return -1, ""
    if line.startswith("/*", at):
        stack.append("/*")
        return at + 2, ""
    if char == "`" or char in "([{":
        stack.append(char)
    elif char in ")]}" and stack and stack[-1] in ("(", "[", "{", "${"):
        stack.pop()
    return at + 1, ""


def _comment(lines: list[str], start: int) -> int | None:
    """The line after an MDX comment that starts ``start`` and ends a line, or None."""
    for number in range(start, min(len(lines), start + _COMMENT_LINES)):
        if "*/}" in lines[number]:
            return number + 1 if lines[number].rstrip().endswith("*/}") else None
    return None


def without_lines(text: str, dropped: frozenset[int] | set[int], first: int = 0) -> str:
    """``text`` without its lines ``first + n`` for each ``n`` in ``dropped``; a blank line
    that would follow another one where lines were left out goes too."""
    if not dropped:
        return text
    out: list[str] = []
    gap = False  # lines were left out after a blank line (or the start)
    for number, line in enumerate(text.split("\n")):
        if number - first in dropped:
            gap = gap or not out or not out[-1].strip()
            continue
        if gap and not line.strip():
            gap = False
            continue
        gap = False
        out.append(line)
    return "\n".join(out)


def _as_code(
    path: str, raw: str, *, block: str, language: str, body: str, body_line: int, problem: str
) -> Page:
    """A page whose front matter cannot be read: the block kept as code, body lines kept."""
    fence = "`" * max([3, *(len(run) + 1 for run in re.findall("`+", block))])
    text = f"{fence}{language}\n{block}{fence}\n\n{body}"
    return Page(path, raw, {}, text, body_line - block.count("\n") - 3, problem)


def _toml(path: str, raw: str, text: str, skipped: int) -> Page:
    found = _TOML_FENCE.match(text)
    if found is None:
        return Page(path, raw, {}, frontmatter.normalise_newlines(raw), 1)
    block = found.group(1)
    body, body_line = text[found.end() :], skipped + block.count("\n") + 3
    try:
        meta = tomllib.loads(block)
    except tomllib.TOMLDecodeError as exc:
        return _as_code(
            path,
            raw,
            block=block,
            language="toml",
            body=body,
            body_line=body_line,
            problem=f"invalid TOML: {exc}",
        )
    return Page(path, raw, _plain_values(meta), body, body_line)


def _plain_values(value: Any) -> Any:
    """TOML values as YAML can write them: a time of day becomes text."""
    if isinstance(value, dict):
        return {str(k): _plain_values(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_values(v) for v in value]
    if isinstance(value, dt.time):
        return value.isoformat()
    return value


def legacy_page(
    meta: Mapping[str, Any],
    folder: str,
    listed: Sequence[tuple[str, str]],
    today: dt.date,
    summary_max: int,
) -> str:
    """``legacy-sources.md``: every page of the old ``folder``, (path, title) in ``listed``;
    ``meta`` is the frontmatter the page had, if any."""
    summary = (
        f"Where the old documentation in {folder} lives: its {len(listed)} pages, with their "
        "titles and paths. They stay readable there; this base is the source of truth."
    )
    wanted = {
        "title": "Legacy documentation sources",
        "summary": clip(summary, summary_max),
        "type": "reference",
        "status": "draft",
        "tags": list(fields.strings(meta, "tags")) or ["legacy"],
        "created": fields.date(meta, "created") or today,
        "updated": today,
        "sources": [folder],
    }
    body = [
        "# Legacy documentation sources\n",
        f"The pages of `{folder}` stay where they are, readable as before. They are not part",
        "of the knowledge base: what they say counts once imported here (`mdbrain import`).\n",
        "| Title | Original path |",
        "|---|---|",
        *(f"| {cells.cell(title)} | `{cells.cell(path)}` |" for path, title in listed),
    ]
    return yaml_emit.block({**meta, **wanted}) + "\n" + "\n".join(body) + "\n"
