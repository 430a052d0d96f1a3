"""The anchors a page offers to links (``guide.md#install``), as sites and code hosts
make them, (what a link asks is read by :func:`mdbrain.core.links.anchor_asked`).

A heading's anchor is its text lowered, punctuation out, spaces to hyphens, and a
number after a repeated one (``install``, ``install-1``), as GitHub writes it; the
forms other generators write count too (MkDocs: accents dropped; Hugo: punctuation as
hyphens; MDN: underscores for spaces; VitePress: HTML tags and components left out), and
so do ``#top``, a heading inside a quote, a definition list's term (Hugo's
``autoDefinitionTermID``, and MDN's: ``- `src``` then ``  - : The URL``), and an id a
page gives itself: ``{#id}`` after a heading or any element, ``<a name="id">`` or any
HTML ``id="..."``. Anchors are kept casefolded: a link is judged by what some site could
resolve, never by one generator's exact rules. So beyond those forms, a link finds a
heading or an id whose letters and digits are its own, whatever lies between them
(``#numbers_vs._strings``: "Numbers vs. strings"), when nothing else on the page has
them (:func:`offers`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Iterator

from mdbrain.core import markdown, passages
from mdbrain.core.lazy import lazy_pattern
from mdbrain.core.markdown import Heading

_NOT_IN_A_SLUG = re.compile(r"[^\w\- ]")
_EXPLICIT = lazy_pattern(r"\{:?[ \t]*#([^\s{}]+)[^{}]*\}\s*$")  # "## Title {#id .class}"
# an id given to any element with attr_list: "**`locale`**{ #mkdocs-locale }"
_ATTRIBUTE_ID = lazy_pattern(r"\{:?[ \t]*#([^\s{}#]+)[^{}\n]*\}")
# the value quoted or not (<a name=run-prometheus> is valid HTML): the group that matched
_HTML_ID = lazy_pattern(
    r"<[A-Za-z][^<>]*?\s(?:id|name)\s*=\s*(?:\"([^\"<>]+)\"|'([^'<>]+)'|([^\s\"'<>=`/]+))"
)
# "[text](url)", "[text][label]", "[text][]": the text stays
_LINKED = re.compile(r"!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])")
# a definition list's term: a line of text, then (a blank line between or not) its
# definition opening on ": " ("`publishDir`" then ": (`string`) The directory...")
_DEFINITION_TERM = lazy_pattern(r"^([^\s:>#|*+-][^\n]{0,200})\n(?:[ \t]*\n)?:[ \t]+\S", re.M)
# MDN's definition list: a bulleted item holding the term, then (a blank line between or
# not) an item further in that opens on ": " ("- `src`" then "  - : The image URL.")
_MDN_TERM = lazy_pattern(
    r"^([ \t]*)[-*+][ \t]+([^\s:][^\n]{0,200})\n(?:[ \t]*\n)?\1[ \t]+[-*+][ \t]+:[ \t]",
    re.M,
)
_MACRO = re.compile(r"\{\{[^{}\n]*\}\}")  # MDN's {{experimental_inline}}, {{deprecated_inline}}
_FIRST_CODE = re.compile(r"`+([^`]+)`+")  # the code span a term opens on: "`loading` {{...}}"
# what MDN's ids leave out of a heading, its other punctuation kept ("numbers_vs._strings")
_NOT_IN_MDN = str.maketrans(dict.fromkeys("\"#$%&+,/:;=?@[\\]^`{|}~'()<>!*", ""))
# a heading written in HTML, its text on one line ("<h1 align=center><code>just</code></h1>",
# casey/just's README: "Back to the top!" links to #just)
_HTML_HEADING = lazy_pattern(r"<[hH]([1-6])(?:\s[^<>\n]*)?>([^\n]*?)</[hH]\1\s*>")
# a heading inside a quote, which sites give an id too ("> #### custom_dir" in MkDocs' docs)
_QUOTED_HEADING = lazy_pattern(r"^ {0,3}(?:>[ \t]?)+ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)


def slug(text: str) -> str:
    """A heading's anchor as code hosts make it: lower case, punctuation out, spaces to
    '-' ("section" for a heading with nothing left)."""
    words = _NOT_IN_A_SLUG.sub("", unicodedata.normalize("NFC", text).lower()).strip()
    return words.replace(" ", "-") or "section"


def _slugs(text: str) -> tuple[str, str, str]:
    """The anchors sites make of a heading: GitHub's (:func:`slug`), Python-Markdown's
    table of contents (MkDocs: accents dropped, punctuation out), and that of those that
    turn each run of punctuation into a hyphen ("l'extraction": ``l-extraction``, as Hugo
    sites write)."""
    lowered = text.lower()
    if lowered.isascii():
        bare = plain = lowered
    else:
        lowered = unicodedata.normalize("NFC", lowered)
        decomposed = unicodedata.normalize("NFKD", lowered)
        bare = "".join(c for c in decomposed if not unicodedata.combining(c))
        plain = bare.encode("ascii", "ignore").decode("ascii")
    kept = _NOT_IN_A_SLUG.sub("", lowered)
    # GitHub trims nothing: "🚀 Getting started" is "-getting-started"
    github = kept.replace(" ", "-") if kept.strip() else "section"
    site = _SPACES.sub("-", _NOT_IN_A_SLUG.sub("", plain).strip())
    return github, site, _PUNCTUATION.sub("-", bare).strip("-")


def slugs(text: str) -> tuple[str, ...]:
    """The anchors sites make of a heading's text (see :func:`_slugs`), each once, those
    that trim their hyphens trimmed: ``server.proxy`` gives ``serverproxy`` (GitHub's) and
    ``server-proxy`` (VitePress', Hugo's)."""
    return tuple(dict.fromkeys(part.strip("-") for part in _slugs(text) if part.strip("-")))


_SPACES = re.compile(r"[-\s]+")
_TAG = re.compile(r"<[A-Za-z/][^<>]*>")  # an HTML tag, or a component: <Badge />
_PUNCTUATION = re.compile(r"[\W_]+")


def explicit_id(title: str) -> tuple[str, str] | None:
    """The id a heading gives itself at its end (``Title { #id }``, attr_list's and
    Pandoc's form) and the heading without it; None when it gives none."""
    found = _EXPLICIT().search(title) if "{" in title else None
    return None if found is None else (found.group(1), title[: found.start()].rstrip())


def of(body: str, headings: Iterable[Heading]) -> tuple[str, ...]:
    """Every anchor a page offers, casefolded and sorted; and with them the letters and
    digits (:func:`loose`) that only one heading, term or id of the page has, marked
    (:data:`LOOSE`) so that no link asks for them as written."""
    found = _Found()
    found.add("top", ("top",))  # a browser's own: the top of the page
    seen: Counter[str] = Counter()
    if ">" in body:  # the scanner reads no heading inside a quote; sites do
        quoted = [Heading(len(m.group(1)), m.group(2), 0) for m in _QUOTED_HEADING().finditer(body)]
        headings = [*headings, *quoted]
    for heading in [*headings, *_html_headings(body)]:
        found.add(*_heading(heading.title, seen))
    if "\n:" in body:  # a definition list: Hugo gives each term an id (autoDefinitionTermID)
        _add_terms(body, seen, found)
    if "- :" in body or "* :" in body or "+ :" in body:  # MDN's: its terms have ids too
        for term in _MDN_TERM().finditer(body):
            found.add(*_mdn_term(term.group(2)))
    if "{" in body and "#" in body:
        for m in _ATTRIBUTE_ID().finditer(body):
            found.add(m.group(1).casefold(), (m.group(1).casefold(),))
    if ")=" in body:  # MyST's targets: "(name)=" on its own line, above what it names
        for target in _myst_targets(body):
            found.add(target, (target,))
    if "id=" in body or "name=" in body or "id =" in body or "name =" in body:
        for m in _HTML_ID().finditer(body):
            given = next(filter(None, m.groups())).casefold()
            found.add(given, (given,))
    return found.anchors()


def _add_terms(body: str, seen: Counter[str], found: _Found) -> None:
    """The ids of the terms of the definition lists of ``body``, outside fenced code.
    Terms and headings share the page's ids (``seen``, the headings counted first): a
    term "OPTIONS" and a heading "Options" offer #options and #options-1, as a site
    numbers them whichever comes first."""
    prose = markdown.outside_code(body.split("\n"))
    line, counted = 0, 0
    for term in _DEFINITION_TERM().finditer(body):
        line += body.count("\n", counted, term.start())
        counted = term.start()
        if not prose[line]:
            continue
        text = passages.clean_heading(term.group(1)).replace("`", "")
        made = _slugs(text)
        mine = {part.strip("-") for part in made}
        if count := seen[made[0]]:
            mine.add(f"{made[0]}-{count}")
        seen[made[0]] += 1
        found.add(text.casefold(), mine)


def _myst_targets(body: str) -> Iterator[str]:
    """The names of the MyST targets of ``body`` outside fenced code, casefolded."""
    fence = ""
    for line in body.split("\n"):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
            continue
        opened = markdown.FENCE.match(line)
        if opened is not None:
            fence = opened.group(1)
        elif (target := markdown.MYST_TARGET().fullmatch(line)) is not None:
            yield target.group(1).casefold()


def _html_headings(body: str) -> list[Heading]:
    """The headings ``body`` writes in HTML, their tags left out: GitHub gives them an
    id as it does to the others."""
    if "<h" not in body and "<H" not in body:
        return []
    found = _HTML_HEADING().finditer(body)
    return [Heading(int(m.group(1)), _TAG.sub("", m.group(2)), 0) for m in found]


def _heading(title: str, seen: Counter[str]) -> tuple[str, set[str]]:
    """What names a heading (its id, else its text) and the anchors sites make of it;
    ``seen`` counts the headings of each GitHub anchor so far, which numbers a repeated
    one (``install-1``)."""
    mine: set[str] = set()
    given = None
    if "{" in title and (explicit := _EXPLICIT().search(title)) is not None:
        given = explicit.group(1).casefold()
        mine.add(given)
    text = _shown(passages.clean_heading(title))
    github, site, hyphens = _slugs(text)
    count = seen[github]
    seen[github] += 1
    # MDN: spaces as underscores, "Avoiding mid-air collisions" #avoiding_mid-air_collisions,
    # "Numbers vs. strings" #numbers_vs._strings
    mdn = (_NOT_IN_A_SLUG.sub("", text.lower()).strip().replace(" ", "_"), _mdn(text))
    if count:
        mine.update((f"{github}-{count}", f"{site}_{count}", f"{hyphens}_{count}"))
        # MDN numbers a repeat from 2: the second "Specificity" is #specificity_2
        mine.update(f"{one}_{count + 1}" for one in mdn)
    else:
        mine.update((github, site, hyphens, *mdn))
    mine.add(github.strip("-") or "section")  # as sites that trim write it
    if "<" in text and (untagged := _TAG.sub("", text)) != text:
        # VitePress: "input <NonInheritBadge />" is #input, the component left out
        mine.update(part.strip("-") for part in _slugs(untagged))
    return given or text.casefold(), mine


def _shown(title: str) -> str:
    """A heading's title as its text reads: entities, links and code marks out."""
    text = title
    if "&" in text:  # "on_&lt;event_name&gt;()" reads "on_<event_name>()"
        import html  # a heading holding an entity is rare: most runs never load it

        text = html.unescape(text)
    if "[" in text:
        text = markdown.replace_outside_code(_LINKED, text)
    return text.replace("`", "") if "`" in text else text


def _mdn(text: str) -> str:
    """A heading's id as MDN writes it: lower case, spaces as underscores, and only some
    punctuation out (``numbers_vs._strings``, ``marketplaces_—_distribution_platforms``)."""
    return "_".join(unicodedata.normalize("NFC", text).lower().translate(_NOT_IN_MDN).split())


def _mdn_term(written: str) -> tuple[str, set[str]]:
    """What names an MDN definition list's term (``- `src```, ``- `loading`
    {{experimental_inline}}``), and the anchors it offers: those of its text, its macros
    left out, and those of the code span it opens on (MDN makes its id of that)."""
    text = " ".join(_MACRO.sub("", passages.clean_heading(written)).split())
    shown = _shown(text)
    mine = {part.strip("-") for part in _slugs(shown)}
    mine.add(_mdn(shown))
    if (code := _FIRST_CODE.match(text)) is not None:
        mine.update(part.strip("-") for part in _slugs(code.group(1)))
        mine.add(code.group(1).strip().casefold())
    mine.discard("section")  # a term with no text left names nothing
    return shown.casefold(), mine


# Marks the letters and digits of an anchor in what :func:`of` returns: no id holds a
# space with a '<' (an HTML id holds no '<', one given in braces no space), no slug either,
# so no link can ask for it.
LOOSE = "< "


def loose(anchor: str) -> str:
    """An anchor's letters and digits, case folded: ``numbers_vs._strings``,
    ``numbers-vs-strings`` and ``Numbers vs. strings`` are all ``numbersvsstrings``."""
    return "".join(c for c in unicodedata.normalize("NFC", anchor).casefold() if c.isalnum())


_GITHUB_PREFIX = "user-content-"  # "#user-content-req-ref" finds <a id="req-ref">


def offers(offered: Collection[str], anchor: str) -> bool:
    """Whether a page that offers ``offered`` (:func:`of`) has the ``anchor`` a link asks
    for, whatever its case: as written, or by its letters and digits alone when only one
    heading, term or id of the page has them (``#numbers_vs._strings``,
    ``#numbers-vs-strings``)."""
    anchor = anchor.casefold()
    if anchor in offered:
        return True
    if anchor.startswith(_GITHUB_PREFIX):  # GitHub's own prefix of the ids it serves
        return offers(offered, anchor.removeprefix(_GITHUB_PREFIX))
    key = loose(anchor)
    return bool(key) and LOOSE + key in offered


class _Found:
    """The anchors of a page, and the letters and digits of each, by what gives them."""

    __slots__ = ("clashes", "offered", "owners")

    def __init__(self) -> None:
        self.offered: set[str] = set()
        self.owners: dict[str, str] = {}  # letters and digits -> what gives them
        self.clashes: set[str] = set()  # letters and digits two things give

    def add(self, owner: str, anchors: Iterable[str]) -> None:
        """The anchors of one heading, term or id; ``owner`` names it (two headings of
        the same text give the same anchors, which is no clash)."""
        for anchor in anchors:
            if not anchor:
                continue
            self.offered.add(anchor)
            key = loose(anchor)
            if not key:
                continue
            held = self.owners.setdefault(key, owner)
            if held != owner:
                self.clashes.add(key)

    def anchors(self) -> tuple[str, ...]:
        keys = (LOOSE + key for key in self.owners if key not in self.clashes)
        return tuple(sorted({*self.offered, *keys}))
