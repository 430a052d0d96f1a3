"""The anchors a page offers to links (``guide.md#install``), as sites and code hosts
make them, (what a link asks is read by :func:`mdbrain.core.links.anchor_asked`).

A heading's anchor is its text lowered, punctuation out, spaces to hyphens, and a
number after a repeated one (``install``, ``install-1``), as GitHub writes it; the
forms other generators write count too (MkDocs: accents dropped; Hugo: punctuation as
hyphens; MDN: underscores for spaces; VitePress: HTML tags and components left out), and
so do ``#top``, a heading inside a quote, a definition list's term (Hugo's
``autoDefinitionTermID``), and an id a page gives itself:
``{#id}`` after a heading or any element, ``<a name="id">`` or any HTML ``id="..."``.
Anchors are kept casefolded: a link is judged by what some site could resolve, never
by one generator's exact rules.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

from mdbrain.core import passages
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
_LINKED = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")  # "[text](url)": the text stays
# a definition list's term: a line of text, then (a blank line between or not) its
# definition opening on ": " ("`publishDir`" then ": (`string`) The directory...")
_DEFINITION_TERM = lazy_pattern(r"^([^\s:>#|*+-][^\n]{0,200})\n(?:[ \t]*\n)?:[ \t]+\S", re.M)
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


_SPACES = re.compile(r"[-\s]+")
_TAG = re.compile(r"<[A-Za-z/][^<>]*>")  # an HTML tag, or a component: <Badge />
_PUNCTUATION = re.compile(r"[\W_]+")


def explicit_id(title: str) -> tuple[str, str] | None:
    """The id a heading gives itself at its end (``Title { #id }``, attr_list's and
    Pandoc's form) and the heading without it; None when it gives none."""
    found = _EXPLICIT().search(title) if "{" in title else None
    return None if found is None else (found.group(1), title[: found.start()].rstrip())


def of(body: str, headings: Iterable[Heading]) -> tuple[str, ...]:
    """Every anchor a page offers, casefolded and sorted."""
    found = {"top"}  # a browser's own: the top of the page
    seen: Counter[str] = Counter()
    if ">" in body:  # the scanner reads no heading inside a quote; sites do
        quoted = [Heading(len(m.group(1)), m.group(2), 0) for m in _QUOTED_HEADING().finditer(body)]
        headings = [*headings, *quoted]
    for heading in headings:
        title = heading.title
        if "{" in title and (explicit := _EXPLICIT().search(title)) is not None:
            found.add(explicit.group(1).casefold())
        text = passages.clean_heading(title)
        if "&" in text:  # "on_&lt;event_name&gt;()" reads "on_<event_name>()"
            import html  # a heading holding an entity is rare: most runs never load it

            text = html.unescape(text)
        if "[" in text:
            text = _LINKED.sub(r"\1", text)
        text = text.replace("`", "") if "`" in text else text
        github, site, hyphens = _slugs(text)
        count = seen[github]
        seen[github] += 1
        if count:
            found.update((f"{github}-{count}", f"{site}_{count}", f"{hyphens}_{count}"))
        else:
            found.update((github, site, hyphens))
        found.add(github.strip("-") or "section")  # as sites that trim write it
        # MDN: spaces as underscores, "Avoiding mid-air collisions" #avoiding_mid-air_collisions
        found.add(_NOT_IN_A_SLUG.sub("", text.lower()).strip().replace(" ", "_"))
        if "<" in text and (untagged := _TAG.sub("", text)) != text:
            # VitePress: "input <NonInheritBadge />" is #input, the component left out
            found.update(part.strip("-") for part in _slugs(untagged))
    if "\n:" in body:  # a definition list: Hugo gives each term an id (autoDefinitionTermID)
        for term in _DEFINITION_TERM().finditer(body):
            text = passages.clean_heading(term.group(1)).replace("`", "")
            found.update(part.strip("-") for part in _slugs(text))
    if "{" in body and "#" in body:
        found.update(m.group(1).casefold() for m in _ATTRIBUTE_ID().finditer(body))
    if "id=" in body or "name=" in body or "id =" in body or "name =" in body:
        found.update(next(filter(None, m.groups())).casefold() for m in _HTML_ID().finditer(body))
    found.discard("")
    return tuple(sorted(found))
