"""An import planned in memory: the ids, relations, dates and frontmatter of the pages.

:func:`place` gives each page its slugged id, :func:`decisions` turns what the
decision records state into supersessions both ways, :func:`relink_wiki` turns
wiki links into Markdown links, :func:`retarget_sources` leads HTML images to
their files from a page's new place, and :func:`compose` writes a page's new text:
its own mdbrain frontmatter kept, or one synthesised (title, summary of prose,
type, status, tags, impl_refs, the days the page gives, sources, relations), and
its links written from its new place, without the JavaScript of an MDX page. Links
to MDX pages follow them too, and so do the links sites write without an extension
(``./other``, ``/docs/guide``) when exactly one imported page has that path with a
page's suffix (:func:`site_link`), read from the page's folder or from the address a
site serves the page at, even when that climbs out of the source (:func:`_from_above`);
so do paths with spaces, which MkDocs reads whole (:func:`_spaced`). The records of
what an import found are here too. Pure: the service reads the files and hands the
pages in.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import posixpath
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import quote, unquote

from mdbrain.core import (
    adr,
    cells,
    conversion,
    document,
    edit,
    fields,
    folder_overview,
    foreign_links,
    language,
    links,
    markdown,
    record_names,
    sites,
    slug,
    text,
    yaml_emit,
)
from mdbrain.core.marker import Config
from mdbrain.core.schema import RELATION_FIELDS


@dataclass(frozen=True, slots=True)
class Renamed:
    source: str  # path from the source folder
    wanted: str  # the id its slug asked for
    chosen: str  # the id it got
    reason: str


@dataclass(frozen=True, slots=True)
class Supersession:
    old: str  # new ids
    new: str
    stated_in: str  # the source page that says so, and its words
    text: str


@dataclass(frozen=True, slots=True)
class Case:
    """Something left as it was: a page not imported, words that could not be resolved."""

    source: str  # path from the source folder
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class BrokenLink:
    source: str
    line: int  # in the source file
    target: str  # as written, and kept so


@dataclass(frozen=True, slots=True)
class Stopped:
    """A finding of the guard that kept a page out, and what would let it through."""

    source: str  # path from the source folder
    line: int  # in the source file; 0 when no line of it holds the value
    rule: str
    kind: str  # "secret" or "personal"
    digest: str  # names the value without showing it
    allow: str  # the allow comment, or the guard.allow entry, that would let it through


@dataclass(frozen=True, slots=True)
class CodeLink:
    """A link to a file of the project, written again from the document's new place."""

    source: str  # the page, from the source folder
    line: int  # in the source file
    target: str  # as written
    path: str  # the file, from the project
    impl_ref: bool  # whether it became an impl_ref of the document


@dataclass(slots=True)
class Plan:
    """One import being planned: its settings, the ids and relations it gives the pages,
    and what it has to report."""

    prefix: str  # the theme folder
    verified: bool
    today: dt.date
    origin: Callable[[str], str]  # a path in the source -> the path ``sources`` names
    config: Config
    ids: dict[str, str] = field(default_factory=dict)  # source path -> new id
    folded: dict[str, str] = field(default_factory=dict)
    relations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    records: dict[str, adr.Record] = field(default_factory=dict)
    # the records whose successor the guard stopped: drafts, for the import that brings
    # it in to complete (see drop_refused)
    waiting: set[str] = field(default_factory=set)
    found: adr.Resolved = field(default_factory=adr.Resolved)
    days: dict[str, tuple[dt.date, dt.date] | None] = field(default_factory=dict)
    refs: dict[str, list[str]] = field(default_factory=dict)  # impl_refs from links
    broken: list[BrokenLink] = field(default_factory=list)
    unresolved: list[Case] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # source path -> the template macros its text holds, said in one note (see importing)
    macros: dict[str, list[str]] = field(default_factory=dict)
    named: dict[str, str] = field(default_factory=dict)  # source path -> a site's nav title
    lang: str = ""  # the language of the pages, when a translation's is not the base's
    # what ``sources`` names (casefolded) -> the id an earlier import gave that page
    earlier: dict[str, str] = field(default_factory=dict)
    # source path -> its links the service already wrote from the new place, as now written
    rewritten: dict[str, set[str]] = field(default_factory=dict)
    # a page's path under its top folder (casefolded) -> the ids of the pages with it
    under: dict[str, list[str]] = field(default_factory=dict)
    # a GitHub wiki's page name (casefolded) -> the source paths of the pages it names,
    # when the source is a wiki (a Home page at its top); empty otherwise
    wiki: dict[str, list[str]] = field(default_factory=dict)
    # where the project's repository is served (``github.com/owner/repo``): a link to a
    # page there is a link to the page (:func:`relink_own_files`)
    homes: frozenset[str] = frozenset()
    inside: str = ""  # the project's folder in that repository ("" at its top)
    # the pages of the source an earlier import brought in: source path -> their id
    before: dict[str, str] = field(default_factory=dict)
    leading: tuple[str, ...] | None = None  # folders nearly every page is in (:func:`_leading`)
    # where a site serves a page, as its fields say (Jekyll's ``permalink`` and
    # ``redirect_from``): the address, casefolded, without slashes at its ends -> its path
    addresses: dict[str, str] = field(default_factory=dict)
    slugs: dict[str, str] = field(default_factory=dict)  # a slug field's address -> page
    # a dated post's day and name ("2015/06/01/advanced-service-discovery") -> the page
    dated: dict[str, str] = field(default_factory=dict)
    # source path -> the id of the draft an earlier import made of it, imported again in
    # its place: the page changed since and nobody edited the draft
    refresh: dict[str, str] = field(default_factory=dict)
    # a folder named for a language beside others so named -> that language's code
    # (:func:`_language_folders`), found once the pages are known
    languages: dict[str, str] | None = None
    # title fields (folded) that several pages give word for word: a form's, left as it was
    form_titles: frozenset[str] = frozenset()
    # the opening lines several pages share word for word, their subtitle: no summary
    shared_leads: frozenset[str] = frozenset()
    # each page's summary and title, as composed
    summaries: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the folder, from the source, that the site serves at its root when the source is a
    # site's own folder (Hugo's content/en): a link written from the root is read there
    # first (see :func:`mdbrain.core.sites.hugo_content`)
    served_root: str = ""
    # the folder of a translation, which its site serves under its own name: Starlight's
    # French pages link to each other as "/fr/reference/configuration/"
    served_prefix: str = ""
    # the Jekyll site the source is in, as its _config.yml says (its collections), and
    # the source's folder from the site's ("articles" for etalab/doc.data.gouv.fr's
    # articles/, the site at the project's top): see :func:`_from_liquid`
    jekyll: sites.Jekyll | None = None
    jekyll_at: str = ""

    def title(self, path: str, body: str, meta: Mapping[str, Any]) -> str:
        """The title the page at ``path`` is imported with (:func:`conversion.title_of`);
        a title field the form gave many pages (:func:`form_titles`) names none of them."""
        given = meta.get("title")
        if isinstance(given, str) and " ".join(given.split()).casefold() in self.form_titles:
            meta = {key: value for key, value in meta.items() if key != "title"}
        return conversion.title_of(body, meta, path, self.named.get(path, ""))

    def page(self, old: str) -> str | None:
        """The imported page at ``old`` (a path in the source; any case), or None."""
        return old if old in self.ids else self.folded.get(old.casefold())

    def new_id(self, old: str) -> str | None:
        """The id of the page at ``old`` (a path in the source): the one this import gives
        it, else the one an earlier import gave it; None for neither."""
        found = self.page(old)
        if found is not None:
            return self.ids[found]
        return self.earlier.get(self.origin(old).casefold())

    def linked_id(self, written: str, old: str) -> str | None:
        """The new id of the page a link leads to (``old``: its target resolved from the
        source). A link written from the root (``/docs/adr/1.md``) is read from the
        source's root first, as sites read it, then from the project's, as forges do,
        then as the one imported page with that path under a top folder of the source,
        as Docusaurus or VitePress read it from their pages' folder (``/guide/a.md`` in
        vuejs/docs for ``src/guide/a.md``). A relative link that leads nowhere is read
        from the project's top too, where its author wrote it from (nats-io's
        ``adr/ADR-8.md`` links ``adr/ADR-57.md``), then from the source's top, as
        Docusaurus reads it."""
        found = self.new_id(old)
        if found is not None:
            return found
        prefix = self.origin("")
        target = written.strip()
        if target.startswith("/") and self.served_root:  # where the site serves it
            found = self.new_id(posixpath.normpath(posixpath.join(self.served_root, old)))
            if found is not None:
                return found
        if target.startswith("/"):
            if prefix and old.startswith(prefix):
                found = self.new_id(old.removeprefix(prefix))
            if found is None:  # from the project's top, a page an earlier import brought in
                found = self.earlier.get(old.casefold())  # (prometheus/docs: the blog's
            under = self.under.get(old.casefold(), []) if found is None else []  # /docs/...)
            return under[0] if len(under) == 1 else found
        if not target.startswith("."):
            path = posixpath.normpath(unquote(re.split(r"[#?]", target, maxsplit=1)[0]))
            if prefix and path.startswith(prefix):
                return self.new_id(path.removeprefix(prefix))
            # Docusaurus reads it from its docs folder, the source's top, next
            # (facebook/docusaurus: "guides/creating-pages.mdx" from api/plugins/)
            return self.new_id(path) if conversion.is_page(path) else None
        return None

    def id_of(self, path: str) -> str:
        """The id of a page imported now, or of one of the source an earlier import
        brought in."""
        return self.ids.get(path) or self.before[path]

    def add(self, path: str, key: str, value: str) -> None:
        values = self.relations.setdefault(path, {}).setdefault(key, [])
        values += [] if value in values else [value]


# --- ids ------------------------------------------------------------------------------


def place(plan: Plan, paths: list[str], taken: Callable[[str], set[str]]) -> list[Renamed]:
    """Give every page its id: slugged folders and name, the next free slug on a clash
    (``taken`` gives the names a folder of the base already uses). Pages already named
    by their slug are placed first, then the others, each sorted."""
    used: dict[str, tuple[set[str], set[str]]] = {}  # folder -> (the base's, this import's)
    renames = []
    wished: dict[str, set[str]] = {}  # folder -> the names its pages have themselves
    for path in paths:
        wished.setdefault(posixpath.dirname(path), set()).add(_slug(path))
    lead = _language_folder(plan, paths)
    for path in sorted(paths, key=lambda p: (_slug(p) != _stem(p), p)):
        if path in plan.refresh:  # imported again where it is
            plan.ids[path] = plan.refresh[path]
            continue
        kept = path.split("/")[:-1]
        kept = kept[1:] if lead and kept[:1] == [lead] else kept
        folders = [slug.slugify(f, fallback="folder") for f in kept]
        folder = "/".join([plan.prefix, *folders] if plan.prefix else folders)
        if folder not in used:
            used[folder] = (taken(folder), set())
        base, mine = used[folder]
        wanted = _slug(path) or _spelled(_stem(path)) or "untitled"
        free = wanted not in base and wanted not in mine
        siblings = wished[posixpath.dirname(path)]
        chosen = wanted if free else _landing(plan, folder, wanted, base | mine | siblings)
        plan.ids[path] = posixpath.join(folder, chosen + ".md")
        whole = slug.slugify(_stem(path), fallback="", max_length=len(_stem(path)) * 4)
        if not free or not _slug(path) or len(whole) > len(wanted):
            if not _slug(path):
                why = "no letter or digit in the name: its characters spelled out"
            elif free:
                why = f"its slug would be longer than {slug.MAX_LENGTH} characters: words left out"
            else:
                why = _why_renamed(plan, folder, wanted, mine)
            renames.append(
                Renamed(path, posixpath.join(folder, f"{wanted}.md"), plan.ids[path], why)
            )
        mine.add(chosen)
    plan.folded = {old.casefold(): old for old in sorted(plan.ids, reverse=True)}
    for old in sorted(plan.ids):
        if "/" in old:
            plan.under.setdefault(old.partition("/")[2].casefold(), []).append(plan.ids[old])
    if any(_stem(old).casefold() == "home" and "/" not in old for old in plan.ids):
        for old in sorted(plan.ids):  # GitHub serves a wiki's pages by name, whatever folder
            plan.wiki.setdefault(_stem(old).casefold(), []).append(old)
    return sorted(renames, key=lambda r: r.source)


def _language_folder(plan: Plan, paths: Sequence[str]) -> str:
    """The one folder the pages sit in (pages beside it at the top aside), when it is
    named for the pages' language (a Hugo site's ``content/en`` with no other language
    beside it): a level that tells no page apart, left out of the ids; '' otherwise.
    gohugoio/hugoDocs put its 992 pages in one theme, ``en``, with one index of 1,059
    rows."""
    tops = {path.partition("/")[0] for path in paths if "/" in path}
    if len(tops) != 1:  # pages beside it at the top (hugoDocs' content/LICENSE.md) stay
        return ""
    top = next(iter(tops))
    lang = plan.lang or plan.config.lang
    named = sites.named_for_a_language(top) and sites.language(top) == sites.language(lang)
    return top if named else ""


def _landing(plan: Plan, folder: str, wanted: str, used: set[str]) -> str:
    """The name of a page whose own is taken: a folder's start page (``index.md``) that
    would clash with a derived file becomes the folder's ``home.md``, unless the name is
    ``used`` (by the base, or wished by a page of the same folder); else the next free
    slug. At the root too: the overview import writes there when pages would be
    unreachable then takes ``contents.md`` (a site's home page was ``index-2.md``, and
    ``home.md`` an overview listing pages). Never ``overview.md``, the name of the
    overviews import writes in folders."""
    if wanted in _derived(plan) and "home" not in used:
        return "home"
    return slug.unique(wanted, used)


def _why_renamed(plan: Plan, folder: str, wanted: str, mine: set[str]) -> str:
    if wanted in mine:
        return f"{wanted}.md is taken by another imported page"
    derived = _derived(plan)
    overview = folder_overview.NAME.removesuffix(".md")
    if folder and wanted == overview:  # the base's OVERVIEW.md is at its root only
        return f"{wanted}.md is the name of the overview import writes to list a folder's pages"
    if folder.count("/") < 1 and wanted in derived:
        return f"{wanted}.md would clash with {derived[wanted]}, which mdbrain writes"
    return f"{wanted}.md is taken by a document of the base"


def _derived(plan: Plan) -> dict[str, str]:
    """The derived files mdbrain writes in a folder, by the slug a page would clash on."""
    return {name.rsplit(".", 1)[0].lower(): name for name in plan.config.index.reserved()}


def _stem(path: str) -> str:
    return conversion.page_stem(posixpath.basename(path))


def _slug(path: str) -> str:
    return slug.slugify(_stem(path), fallback="")


_SPELLED = 4  # characters of a name without letters or digits spelled out in its slug


def _spelled(name: str) -> str:
    """A slug for a name of symbols alone, from their names: tldr's page ``$.md`` on
    the shell's variables becomes ``dollar-sign``, ``[[.md`` becomes
    ``left-square-bracket-left-square-bracket``; empty when they have none."""
    return slug.slugify(" ".join(unicodedata.name(c, "") for c in name[:_SPELLED]), fallback="")


# --- links ----------------------------------------------------------------------------

# The pages a link to a folder leads to, as sites serve them.
_FOLDER_PAGES = ("index", "readme", "_index")
_BUILT_SUFFIXES = (".html", ".htm")  # what a site's page is served as, built from Markdown
_FOLDER_OPENERS = (*_FOLDER_PAGES, "index.html")  # Middleman's index.html.md.erb too


# a page of a GitHub wiki by its address: github.com/<owner>/<repo>/wiki/<page name>
_WIKI_PAGE = re.compile(
    r"https?://(?:www\.)?github\.com/[^/\s]+/[^/\s]+/wiki/([^/#?\s]+)/?(?:[#?]\S*)?$"
)


def template_expression(target: str) -> bool:
    """Whether a link's target is an expression a site's templates fill in when it is
    built (Jinja's ``{{ user.avatarUrl }}``, ``{% ... %}``, MDX's ``src={post.image}``,
    ERB's ``<%= image_path 'a.png' %>``, whose brackets Markdown reads as those of a
    destination): no path to follow or report."""
    erb = "<%" in target or (target.startswith(("%=", "%-", "% ")) and target.endswith("%"))
    return erb or target.startswith("{") or "{{" in target or "{%" in target


def _site_path(folder: str, written: str, root: str = "") -> tuple[links.LinkKind, str] | None:
    """A link's path resolved from ``folder`` (both from the source), as
    :func:`links.resolve` reads a link to a Markdown page, whatever its suffix, one
    written from the site's root read from ``root``; the source's own folder (``.``) for
    the site's root (``/``); None for an anchor alone, a web address, or a template's
    expression (:func:`template_expression`)."""
    target = written.strip()
    if not target or target.startswith(("#", "//")) or links.is_address(target):
        return None
    if template_expression(target):
        return None
    for mark in ("#", "?"):
        cut = target.find(mark)
        target = target[:cut] if cut != -1 else target
    target = unicodedata.normalize("NFC", unquote(target))
    if not target.strip("/"):  # the site's root ("/"): the page that opens the source
        return (links.LinkKind.DOC, ".") if target.startswith("/") else None
    from_root = posixpath.join(root, target.lstrip("/"))
    joined = from_root if target.startswith("/") else posixpath.join(folder, target)
    norm = posixpath.normpath(joined)
    if norm == ".." or norm.startswith("../"):
        return links.LinkKind.OUTSIDE, norm
    return links.LinkKind.DOC, norm


def _candidate_id(plan: Plan, written: str, old: str) -> str | None:
    """The id of the page at ``old``: imported now or before, as :meth:`Plan.linked_id`
    finds it, or climbing out of the source to a page an earlier import brought in, or
    back into the source (:func:`_back_inside`)."""
    if old.startswith("../"):
        back = _back_inside(plan, old)
        if back is not None:
            return plan.new_id(back)
        return plan.earlier.get(posixpath.normpath(plan.origin(old)).casefold())
    return plan.linked_id(written, old)


def _back_inside(plan: Plan, old: str) -> str | None:
    """The path in the source of ``old``, a path that climbs out of the source and comes
    back into it (``../adr/0005-x.md`` from the top of ``docs/design/adr``, written for
    the whole site: ``0005-x.md``); None for one that stays out."""
    top = plan.origin("")
    if not top:  # the project itself: nothing above it comes back
        return None
    full = posixpath.normpath(plan.origin(old))
    return full.removeprefix(top) if full.startswith(top) and full != top else None


def _one_page(plan: Plan, written: str, old: str, own: str | None = None) -> list[str]:
    """The paths of the pages a link without a page's suffix may lead to: those whose
    path is ``old`` with a page's suffix, else those that open the folder ``old``
    (``index``, ``README``); one path by id, and never the linking page's own (``own``).
    A link to ``.html`` may name the page a site builds into it (mdBook, Sphinx, Jekyll:
    ``ch03-04-comments.html`` for ``ch03-04-comments.md``)."""
    name = posixpath.basename(old)
    stem, suffix = posixpath.splitext(old)
    built = stem if suffix.lower() in _BUILT_SUFFIXES and posixpath.basename(stem) else ""
    tries = [] if name in (".", "..") else [old + s for s in conversion.PAGE_SUFFIXES]
    # "./other.md/#anchor": the page itself, a folder's slash after its name
    tries = [old, *tries] if conversion.is_page(old) else tries
    tries += [built + s for s in conversion.PAGE_SUFFIXES] if built else []
    if posixpath.basename(built).lower() == "index":  # mdBook builds README.md into index.html
        here = posixpath.dirname(built)
        tries += [
            posixpath.join(here, f + s) for f in _FOLDER_PAGES for s in conversion.PAGE_SUFFIXES
        ]
    folder = [
        posixpath.normpath(posixpath.join(old, stem + suffix))
        for stem in _FOLDER_OPENERS
        for suffix in conversion.PAGE_SUFFIXES
    ]
    for paths in (tries, folder):
        ids = {path: _candidate_id(plan, written, path) for path in paths}
        chosen = {doc_id: path for path, doc_id in ids.items() if doc_id not in (None, own)}
        if chosen:
            return list(chosen.values())
    return []


def site_link(plan: Plan, page: str, written: str) -> tuple[links.LinkKind, str] | None:
    """Where a link of ``page`` leads that :func:`links.resolve` does not read: the MDX
    page it names (``(DOC, path)``, which may not be there, or ``(OUTSIDE, path)``); or,
    for a link without a page's suffix, as sites write them (``./other``, ``/docs/a``),
    the one page imported now or before whose path it is with a page's suffix, else the
    one that opens the folder it names (``index``, ``README``). A relative link that
    leads to no page from the page's folder is read from the page itself, as a site
    serves it at its own address (``/docs/guide/a/``: ``../b`` for ``guide/b.mdx``).
    In a wiki (a Home page at the source's top), a link to a wiki page by its address
    (``https://github.com/o/r/wiki/Page-Name``) leads to the one page of that name, in
    whatever folder. None otherwise: a link :func:`links.resolve` reads, one that names
    no page, or one that names more than one (left as written)."""
    if links.resolve(page, written) is not None:
        return None
    mine = f"/{plan.served_prefix}/"
    if plan.served_prefix and written.lstrip().startswith(mine):
        written = "/" + written.lstrip()[len(mine) :]
    address = _address(written) if plan.addresses or plan.slugs or plan.dated else None
    if address is not None and address in plan.addresses:  # where the site serves a page
        return links.LinkKind.DOC, plan.addresses[address]
    named = _WIKI_PAGE.match(written.strip()) if plan.wiki else None
    if named is not None:  # https://github.com/owner/repo/wiki/Page-Name: this wiki's page
        same = plan.wiki.get(unquote(named.group(1)).replace(" ", "-").casefold(), [])
        return (links.LinkKind.DOC, same[0]) if len(same) == 1 else None
    here = posixpath.dirname(page)
    found = _site_path(here, written)
    if found is None or conversion.read_by_site(found[1]):
        return found
    served = _served_page(plan, page, written)
    if served is None and address is not None:  # no page at that path
        found_at = _by_address(plan, address)
        return None if found_at is None else (links.LinkKind.DOC, found_at)
    return served


def _served_page(plan: Plan, page: str, written: str) -> tuple[links.LinkKind, str] | None:
    """:func:`site_link` for a link written without a page's suffix: the one page it
    leads to from the page's folder, or from the page's own address."""
    here = posixpath.dirname(page)
    stem = conversion.page_stem(posixpath.basename(page))
    address = "" if stem.lower() in _FOLDER_PAGES else posixpath.join(here, stem)
    if written.lstrip().startswith("/"):  # from where the site serves its root, then the source's
        places = [(here, root) for root in dict.fromkeys([plan.served_root, ""])]
    elif address:
        places = [(here, ""), (address, "")]
    else:  # a folder's own page, which Docusaurus serves at the folder's address, no slash
        # after it: open-policy-agent/opa's errors/index.md links "./errors/rego-type-error/..."
        places = [(here, ""), *([(posixpath.dirname(here), "")] if here else [])]
    for folder, root in places:
        at = _site_path(folder, written, root)
        # never the page itself: honojs/website's guides/examples.md linked "/examples/",
        # the project's folder of examples, and its link was made to lead to itself
        chosen = [] if at is None else _one_page(plan, written, at[1], plan.ids.get(page))
        if chosen:  # one page, or more than one: then the link is left as written
            return (links.LinkKind.DOC, chosen[0]) if len(chosen) == 1 else None
        itself = _one_page(plan, written, at[1]) if at is not None and "#" in written else []
        if len(itself) == 1 and _candidate_id(plan, written, itself[0]) == plan.ids.get(page):
            # to a section of the page itself (prometheus/docs: "/docs/introduction/
            # comparison/#prometheus-vs-graphite" in that page): the section, not the site
            return links.LinkKind.DOC, itself[0]
    return None


_ADDRESS_FIELDS: Final = ("permalink", "redirect_from")


FORM_TITLE_PAGES = 3  # pages giving one title field word for word: the form's, unfilled


def form_titles(plan: Plan, pages: Mapping[str, conversion.Page]) -> None:
    """Learn the title fields :data:`FORM_TITLE_PAGES` pages or more give word for word,
    one of them at least headed with a title of its own: the form's, left as it was
    (argoproj/argo-cd's eight proposals titled "Neat Enhancement Idea", three headed
    with their own titles)."""
    given: dict[str, list[conversion.Page]] = {}
    for page in pages.values():
        title = page.meta.get("title")
        if isinstance(title, str) and title.strip():
            given.setdefault(" ".join(title.split()).casefold(), []).append(page)
    plan.form_titles = frozenset(
        title
        for title, alike in given.items()
        if len(alike) >= FORM_TITLE_PAGES and any(_headed_otherwise(p, title) for p in alike)
    )


def shared_leads(plan: Plan, pages: Mapping[str, conversion.Page]) -> None:
    """Learn the opening lines (:func:`conversion.lead_line`) :data:`FORM_TITLE_PAGES`
    pages or more share word for word: a subtitle their template gives them all, which
    sums none of them up (microsoft/api-guidelines: 16 Graph patterns were summed up as
    "Microsoft Graph API Design Pattern")."""
    counted: dict[str, int] = {}
    for page in pages.values():
        lead = conversion.lead_line(page.body)
        if lead:
            counted[lead] = counted.get(lead, 0) + 1
    plan.shared_leads = frozenset(lead for lead, n in counted.items() if n >= FORM_TITLE_PAGES)


def alike_summaries(plan: Plan) -> set[str]:
    """The pages whose summary, as composed, :data:`FORM_TITLE_PAGES` pages or more share
    word for word, that summary now known as shared (:attr:`Plan.shared_leads`): the
    boilerplate a template gives them all, which sums none of them up. nodejs/TSC's 392
    meeting minutes had 71 summaries, 236 of them "Extracted from tsc-agenda labeled
    issues and pull requests from the nodejs org prior to the meeting."; composed again,
    each says what its page does. A page whose title that summary tells of keeps it:
    fr-docs' four pages on deliveries ("Livraison des données raster", "... vecteur")
    each open on what a delivery is."""
    counted: dict[str, int] = {}
    for said, _title in plan.summaries.values():
        if said:
            counted[said] = counted.get(said, 0) + 1
    shared = {said for said, n in counted.items() if n >= FORM_TITLE_PAGES}
    shared -= plan.shared_leads
    plan.shared_leads |= shared
    return {
        path
        for path, (said, title) in plan.summaries.items()
        if said in shared and not _tells_of(said, title)
    }


def _tells_of(summary: str, title: str) -> bool:
    """Whether ``summary`` holds half the words of ``title`` or more (case and accents
    aside): "La livraison est une entité qui permet de déposer ... de données" tells of
    "Livraison des données raster"; "Extracted from tsc-agenda ... prior to the meeting"
    not of "Node.js TSC Meeting 2023-07-05"."""
    words = {text.fold(w) for w in text.words_of(summary)}
    named = [text.fold(w) for w in text.words_of(title)]
    return bool(named) and 2 * sum(w in words for w in named) >= len(named)


def _headed_otherwise(page: conversion.Page, title: str) -> bool:
    """Whether a page's first level-1 heading names it otherwise than ``title`` (folded):
    three "Overview" pages each headed "# Overview" keep their field."""
    heading = next((h for h in markdown.scan(page.body).headings if h.level == 1), None)
    return heading is not None and " ".join(heading.title.split()).casefold() != title


def served_at(plan: Plan, pages: Mapping[str, conversion.Page]) -> None:
    """Learn where the site serves each page its fields place (``permalink:
    /approche/formation/mooc/``): a link to that address leads to the page. An address
    two pages claim leads to neither. A ``slug`` places a page under the site's root
    for its documentation, whatever that is (mdn/content: ``slug: Web/HTTP/Caching``,
    linked as ``/en-US/docs/Web/HTTP/Caching``): see :func:`_slugged`."""
    claimed: dict[str, set[str]] = {}
    slugs: dict[str, set[str]] = {}
    for path, page in pages.items():
        for key in _ADDRESS_FIELDS:
            for value in fields.strings(page.meta, key):
                if (address := _address(value)) is not None:
                    claimed.setdefault(address, set()).add(path)
        for value in fields.strings(page.meta, "slug"):
            if (address := _address("/" + value.strip().lstrip("/"))) is not None:
                slugs.setdefault(address, set()).add(path)
    _collected(plan, pages, claimed)
    plan.addresses = {a: next(iter(p)) for a, p in claimed.items() if len(p) == 1}
    plan.slugs = {a: next(iter(p)) for a, p in slugs.items() if len(p) == 1}
    # the posts of this import, then those of earlier ones (from the source, which
    # _candidate_id reads): the blog imported before the pages that link it
    top = plan.origin("").rstrip("/") or "."
    earlier = [posixpath.relpath(origin, top) for origin in plan.earlier]
    dated: dict[str, set[str]] = {}
    for path in [*pages, *earlier]:
        day = _DATED_NAME.fullmatch(conversion.page_stem(posixpath.basename(path)))
        if day is not None:
            key = "/".join(day.groups()).casefold()
            dated.setdefault(key, set()).add(path)
    plan.dated = {a: next(iter(p)) for a, p in dated.items() if len(p) == 1}


def _collected(
    plan: Plan, pages: Mapping[str, conversion.Page], claimed: dict[str, set[str]]
) -> None:
    """Add to ``claimed`` where a Jekyll site serves each document of a collection it
    outputs, as the collection's permalink places it (:func:`sites.jekyll_address`), for
    a page whose fields place it nowhere themselves (its own ``permalink`` wins):
    etalab/doc.data.gouv.fr linked ``articles/_moissonnage/dcat.md`` eight times as
    ``/moissonnage/dcat`` or ``/moissonnage/dcat/#geonetwork``, kept as written."""
    site = plan.jekyll
    if site is None or not site.collections:
        return
    for path, page in pages.items():
        if fields.strings(page.meta, "permalink"):
            continue
        slug_field = page.meta.get("slug")
        served = sites.jekyll_address(
            site,
            posixpath.normpath(posixpath.join(plan.jekyll_at, path)),
            slug_field if isinstance(slug_field, str) else "",
        )
        if served is not None and (address := _address(served)) is not None:
            claimed.setdefault(address, set()).add(path)


# a post named for its day ("2015-06-01-advanced-service-discovery.md"), which blogs serve
# at ".../2015/06/01/advanced-service-discovery/" (Jekyll's default, prometheus/docs')
_DATED_NAME = re.compile(r"(\d{4})-(\d{2})-(\d{2})-(.+)")
_DATED_ADDRESS = re.compile(r"(?:^|/)(\d{4}/\d{2}/\d{2}/[^/]+)$")


def page_at(plan: Plan, written: str) -> str | None:
    """The page imported now that a link written from a site's root leads to: the post
    its address ends on by its day and name (``/blog/2015/06/01/service-discovery/``),
    else the page at that path from the project's top (``/docs/practices/alerting/``,
    the source being ``docs/``) or from the source's (``/security/authentication``, a
    site serving ``content/`` at its root), with a page's suffix or opening that folder;
    None for any other link, or a page of an earlier import."""
    address = _address(written)
    if address is None:
        return None
    post = _post_at(plan, address)
    if post is not None:
        return post if post in plan.ids else None
    prefix = plan.origin("").casefold()
    if not prefix:
        return None
    # the path from the project's top (prometheus: /docs/...), else from the source's, a
    # site serving its source at its root (nestjs/docs.nestjs.com's content/: the route
    # /security/authentication, a page a later import brought in)
    rest = address[len(prefix) :] if address.startswith(prefix) else address
    names = [rest, *(posixpath.join(rest, f) for f in _FOLDER_OPENERS)] if rest else []
    for name in names:
        for suffix in conversion.PAGE_SUFFIXES:
            found = plan.page(name + suffix)
            if found is not None:
                return found
    return None


def _by_address(plan: Plan, address: str) -> str | None:
    """The page a site address leads to when no page is at its path: the one whose slug
    ends it (:func:`_slugged`), else the post its day and name end it with (one only)."""
    slugged = _slugged(plan, address) if plan.slugs else None
    return slugged if slugged is not None else _post_at(plan, address)


def _post_at(plan: Plan, address: str) -> str | None:
    """The one post a site address ends on by its day and name, of this import or an
    earlier one (:attr:`Plan.dated`)."""
    found = _DATED_ADDRESS.search(address) if plan.dated else None
    return None if found is None else plan.dated.get(found.group(1))


def _slugged(plan: Plan, address: str) -> str | None:
    """The page whose slug ends a site address, at a folder's boundary: the address
    itself (Docusaurus' ``slug: /intro``), else with its first folders taken off one by
    one (``en-us/docs/web/http/caching`` for ``Web/HTTP/Caching``), two folders left at
    least. Asked only of a link that leads to no page by its path."""
    parts = address.split("/")
    for start in range(len(parts)):
        if start and len(parts) - start < 2:
            break  # one folder's name alone ends too many addresses to say which page
        found = plan.slugs.get("/".join(parts[start:]))
        if found is not None:
            return found
    return None


def _address(written: str) -> str | None:
    """A site address as :attr:`Plan.addresses` keys it, or None for no address of the
    site's own (a web address, a template, the site's root)."""
    target = written.strip()
    if not target.startswith("/") or target.startswith("//") or template_expression(target):
        return None
    for mark in ("#", "?"):
        target = target.split(mark, 1)[0]
    key = unicodedata.normalize("NFC", unquote(target)).strip("/").removesuffix(".html")
    return key.casefold() or None


def _site_links(plan: Plan, page: conversion.Page) -> conversion.Page:
    """The page with its links to MDX pages, and those written without a suffix that
    lead to one imported page (:func:`site_link`), written from its new place; a link
    to an MDX page that was not imported is reported and left as written."""
    done = plan.rewritten.setdefault(page.path, set())
    new_id = plan.ids[page.path]
    changes: dict[int, dict[str, str]] = {}
    for written, line in markdown.scan(page.body).links:
        found = None if written.strip() in done else site_link(plan, page.path, written)
        if found is None:
            continue
        kind, old = found
        target = _candidate_id(plan, written, old) if kind is links.LinkKind.DOC else None
        if target is None:
            plan.broken.append(BrokenLink(page.path, page.body_line + line - 1, written))
            continue
        # written relative, however it was written: the base has a root of its own, and a
        # forge reads a link from the root from the repository's top
        new = edit.written_target(new_id, target, written.lstrip().lstrip("/"))
        changes.setdefault(line, {})[written] = new
        done.add(new)
    if not changes:
        return page
    return with_body(page, foreign_links.retarget(page.body, changes))


def relink_own_files(plan: Plan, pages: dict[str, conversion.Page]) -> dict[str, conversion.Page]:
    """Every page with its links to the project's own pages on its forge (``https://
    github.com/owner/repo/blob/main/text/0230-x.md``) written as links from the project's
    top (``/text/0230-x.md``), when they lead to a page imported now or before: they then
    follow the page like any link. So are those to the site the forge builds from it
    (``https://owner.github.io/repo/0230-x.html``), from the site's top, when they lead
    to a page imported now (see :func:`site_link`). Links to a page at a commit or a
    tag, and to files that are no imported page, stay as written. First, each page's
    links written as Jekyll tags are written as paths (:func:`_from_liquid`), its
    links and images whose path holds spaces are written whole (:func:`_spaced`), and
    its links that climb out of the source to lead to a page are written from inside
    it (:func:`_from_above`): then no file of the project is looked for in their place."""
    pages = {
        path: _from_above(plan, _spaced(plan, _from_liquid(plan, _from_content(page))))
        for path, page in pages.items()
    }
    if not plan.homes:
        return pages
    sites = foreign_links.pages_homes(plan.homes)
    proposed = _proposed_in(plan, pages)
    out = {}
    for path, page in pages.items():
        page = _autolinked(plan, path, page, proposed)  # noqa: PLW2901 - the page relinked
        changes: dict[int, dict[str, str]] = {}
        for written, line in markdown.scan(page.body).links:
            local = foreign_links.own_file(written, plan.homes, plan.inside)
            thread = foreign_links.own_thread(written, plan.homes)
            record = proposed.get(thread) if thread is not None else None
            if record is not None and record != path:
                changes.setdefault(line, {})[written] = "/" + plan.origin(record)
                continue
            if local is None:
                # on the site built from it (rust-lang/rfcs: 111 links to
                # rust-lang.github.io/rfcs/NNNN-name.html): the page built into it
                served = foreign_links.own_site_path(written, sites)
                if served is not None and site_link(plan, path, served) is not None:
                    changes.setdefault(line, {})[written] = served
                continue
            if _imported(plan, local):
                changes.setdefault(line, {})[written] = local
        out[path] = with_body(page, foreign_links.retarget(page.body, changes)) if changes else page
    return out


_AUTOLINK = re.compile(r"<(https?://[^\s<>]{1,2000})>")
_DEFINED = re.compile(r" {0,3}\[[^\]\n]+\]:[ \t]*$")  # a reference definition up to its target


def _autolinked(
    plan: Plan, path: str, page: conversion.Page, proposed: Mapping[tuple[str, int], str]
) -> conversion.Page:
    """The page with its autolinks to its project's pages on the forge
    (``<https://github.com/o/r/blob/main/text/0249-x.md>``, code aside) written as
    Markdown links showing the same address, so that they follow the page as any link
    does: aws/aws-cdk-rfcs' expired 0249 "has been superceded by" its successor so, and
    the two were unrelated."""
    if "<http" not in page.body:
        return page
    lines = page.body.split("\n")
    prose = markdown.outside_code(lines)
    changed = False
    for number, line in enumerate(lines):
        if not prose[number] or "<http" not in line:
            continue
        out, done = [], 0
        for match in _AUTOLINK.finditer(markdown.mask(line)):
            address = line[match.start(1) : match.end(1)]
            if _DEFINED.match(line, 0, match.start()):
                # "[SE-0180]: <https://...>": a definition's destination in brackets, a
                # link already; made "[url](url)" it was garbled (swiftlang/swift-evolution)
                continue
            if _leads_to_a_page(plan, path, address, proposed):
                out += [line[done : match.start()], f"[{address}]({address})"]
                done = match.end()
        if out:
            lines[number] = "".join(out) + line[done:]
            changed = True
    return with_body(page, "\n".join(lines)) if changed else page


def _leads_to_a_page(
    plan: Plan, path: str, address: str, proposed: Mapping[tuple[str, int], str]
) -> bool:
    """Whether an address on the project's forge names an imported page other than the
    one at ``path``: a file of the project, or the thread that proposed a record."""
    thread = foreign_links.own_thread(address, plan.homes)
    if thread is not None:
        return proposed.get(thread, path) != path
    local = foreign_links.own_file(address, plan.homes, plan.inside)
    return local is not None and _imported(plan, local)


def _imported(plan: Plan, local: str) -> bool:
    """Whether a path from the project's top (``/text/0230-x.md#part``) leads to a page
    imported now or before."""
    return plan.linked_id(local, unquote(local.partition("#")[0].lstrip("/"))) is not None


def _read_in(plan: Plan, page: conversion.Page) -> str:
    """The language of a page, when its folders or its prose tell ('' otherwise). Its
    prose tells first (an English example copied under ``tr/`` is English), but the
    small words that tell French apart from English are Spanish, Italian or Catalan
    ones too: a folder named for another language says more than they do."""
    told = language.of_page(page.body)
    named = _path_language(plan, page.path)
    return (named if named and told in (None, "fr") else told or named) or ""


def _path_language(plan: Plan, path: str) -> str:
    """The language the folders of a page name (:func:`_language_folders`), the nearest
    one; '' when none does."""
    if plan.languages is None:
        plan.languages = _language_folders(plan.ids)
    if not plan.languages:
        return ""
    parts = path.split("/")[:-1]
    for depth in range(len(parts), 0, -1):
        found = plan.languages.get("/".join(parts[:depth]))
        if found:
            return found
    return ""


_LOCALE_FOLDERS: Final = frozenset(
    {
        "locales",
        "locale",
        "i18n",
        "l10n",
        "translations",
        "translated",
        "languages",
        "lang",
        "langs",
    }
)


def _language_folders(paths: Iterable[str]) -> dict[str, str]:
    """The folders of ``paths`` named for a language (``es``, ``pt-BR``), each with its
    code, where they are one folder per language: in a folder named for translations
    (``locales/``, ``i18n/``), or beside ``en``, or three or more side by side (``ml/``
    and ``ms/`` alone may be machine learning and microservices). The collection
    joelparkerhenderson/architecture-decision-record keeps its Spanish pages in
    ``locales/es/``: they were read as French by their small words, its Turkish and
    Welsh ones as nothing."""
    children: dict[str, set[str]] = {}
    for path in paths:
        parts = path.split("/")[:-1]
        for depth, name in enumerate(parts):
            if sites.named_for_a_language(name):
                children.setdefault("/".join(parts[:depth]), set()).add(name)
    return {
        "/".join(filter(None, (parent, name))): name
        for parent, names in children.items()
        if len(names) > 1
        and (
            parent.rpartition("/")[2].lower() in _LOCALE_FOLDERS
            or "en" in {sites.language(n) for n in names}
            or len(names) > 2
        )
        for name in names
    }


def _proposed_in(plan: Plan, pages: Mapping[str, conversion.Page]) -> dict[tuple[str, int], str]:
    """The imported record each pull request or issue of the project proposed or tracks,
    by its kind and number (:func:`foreign_links.own_thread`): the one whose fields at
    its top name it (reactjs/rfcs' ``- RFC PR: https://github.com/reactjs/rfcs/pull/2``
    in ``0002-new-version-of-context.md``, aws/aws-cdk-rfcs' ``Tracking Issue: #745``,
    :func:`adr.filings`). When every record that names a thread of a kind carries its
    number in its file name, and two do at least, records are numbered by those
    threads, and the one that names none is found by its number (reactjs' 0147, whose
    field names another project's pull request, is linked 3 times as pull/147). A
    number two records claim leads to neither."""
    named: dict[tuple[str, int], set[str]] = {}
    for path, page in pages.items():
        for kind, written in adr.filings(page.body, page.meta):
            thread = (
                (kind, int(written[1:]))
                if written.startswith("#")
                else foreign_links.own_thread(written, plan.homes)
            )
            if thread is not None and thread[0] == kind:
                named.setdefault(thread, set()).add(path)
    found = {thread: paths.pop() for thread, paths in named.items() if len(paths) == 1}
    for kind in (foreign_links.PULL, foreign_links.ISSUE):
        own = {n: path for (k, n), path in found.items() if k == kind}
        if len(own) < 2 or any(record_names.number_of(path) != n for n, path in own.items()):
            continue
        by_number: dict[int, set[str]] = {}
        for path in pages:
            number = record_names.number_of(path)
            if number is not None and (kind, number) not in named:
                by_number.setdefault(number, set()).add(path)
        found |= {(kind, n): paths.pop() for n, paths in by_number.items() if len(paths) == 1}
    return found


# the words after a destination's first (Python-Markdown reads a destination whole, spaces
# and all), up to a quoted title or the closing parenthesis: "](img/flow chart.png)"
_SPACED_REST = re.compile(r"((?: +[^\s\"'()<>]+)+)(?=(?: +(?:\"[^\"]*\"|'[^']*'))? *\))")
_FILE_SUFFIX = re.compile(r"[^/]*[^/.][.][A-Za-z0-9]{1,10}")  # a file's name by its suffix
_SPACED = re.compile(r"\]\( *[^\s\"'()<>]+ +[^\s\"'()<>]")  # a page that may write one


def _from_content(page: conversion.Page) -> conversion.Page:
    """The page with its Zola internal links (``@/guide/setup.md``: from the site's
    ``content`` folder) written from the source's top (``/guide/setup.md``), which
    links read first, as Zola does: bevyengine/bevy-website's 19 such links were kept
    as missing, and the check read ``guide/@/guide/setup.md``."""
    if "](@/" not in page.body:
        return page
    changes: dict[int, dict[str, str]] = {}
    for written, number in markdown.scan(page.body).links:
        if written.strip().startswith("@/"):
            changes.setdefault(number, {})[written] = "/" + written.strip()[2:]
    return with_body(page, foreign_links.retarget(page.body, changes)) if changes else page


# a link's destination written as a Jekyll tag naming a page's file, the site's base
# address before it or not, an anchor after it or not: "{{ site.baseurl }}{% link
# _moissonnage/intro.md %}#filtrage", "{%- post_url 2015-06-01-name -%}"; linear: each run
# possessive, and no two of them able to take the same characters
_LIQUID_LINK = re.compile(
    r"(?:\{\{-?+[ \t]*+site\.baseurl[ \t]*+-?+\}\})?+"
    r"\{%-?+[ \t]*+(?P<tag>link|post_url)[ \t]++(?P<name>[^\s{}%()<>-][^\s{}%()<>]{0,500}+)"
    r"[ \t]*+-?+%\}(?P<rest>[#?][^\s()<>]{0,500}+)?+"
)
_LIQUID_TAGS: Final = ("link", "post_url")
_OPENING_MOST = 40  # characters before a destination read for the "](" opening it
# a reference's definition up to its destination ("[ref]: "), bounded and linear
_DEFINITION = re.compile(r" {0,3}\[[^\]\n]{1,999}+\]:[ \t]*+")


def _from_liquid(plan: Plan, page: conversion.Page) -> conversion.Page:
    """The page with the links its Jekyll site writes as tags (``{% link
    _moissonnage/intro.md %}``, ``{% post_url 2015-06-01-name %}``, the site's
    ``{{ site.baseurl }}`` before them or not) written as paths from the page's place
    to the page each names, anchor kept: they then follow the page like any link.
    etalab/doc.data.gouv.fr's 22 such links were kept as written, and the pages they
    lead to were linked by none. ``link`` names a file from the site's folder, a
    collection's from the folder of the collections (``collections_dir``) first;
    ``post_url`` a post by its day and name. A tag naming no page imported now or
    before is kept as written, and reported when it names a page's file; one in code
    stays code."""
    if "{%" not in page.body or not any(tag in page.body for tag in _LIQUID_TAGS):
        return page
    lines = page.body.split("\n")
    prose = markdown.outside_code(lines)
    here = posixpath.dirname(page.path)
    changed = False
    for number, line in enumerate(lines):
        if not prose[number] or "{%" not in line:
            continue
        masked = markdown.mask(line)  # the same columns, code spans blanked
        defined = _DEFINITION.match(masked)
        out, done = [], 0
        for match in _LIQUID_LINK.finditer(masked):
            start, end = match.span()
            opened = masked[max(0, start - _OPENING_MOST) : start].rstrip(" \t").endswith("](")
            if not (opened or (defined and defined.end() == start)):
                continue  # no link's destination: text, or a tag's parameter
            if end < len(masked) and masked[end] not in ") \t\r":
                continue
            tag, name = match.group("tag", "name")
            old = _liquid_target(plan, tag, name)
            if old is None:
                if tag == "post_url" or conversion.is_page(name):  # a page, missing
                    written = line[start:end]
                    plan.broken.append(BrokenLink(page.path, page.body_line + number, written))
                continue
            # climbing out of the source, from the page's folder up to its top: relpath
            # would read the climb from the folder the process runs in
            mine = posixpath.join(_up(here), old) if old.startswith("../") else ""
            path = quote(mine or posixpath.relpath(old, here or "."), safe="/-._~")
            after = line[match.start("rest") : end] if match.group("rest") else ""
            out += [line[done:start], path + after]
            done = end
        if out:
            lines[number] = "".join(out) + line[done:]
            changed = True
    return with_body(page, "\n".join(lines)) if changed else page


def _liquid_target(plan: Plan, tag: str, name: str) -> str | None:
    """The path from the source of the page a Jekyll tag names (see :func:`_from_liquid`),
    imported now or before; None for none."""
    if tag == "post_url":
        day = _DATED_NAME.fullmatch(posixpath.basename(name))
        return None if day is None else plan.dated.get("/".join(day.groups()).casefold())
    wanted = name.strip("/")
    site = plan.jekyll
    tries = [posixpath.join(site.collections_dir, wanted)] if site and site.collections_dir else []
    for at in [*tries, wanted]:
        old = posixpath.normpath(posixpath.join(_up(plan.jekyll_at), at))
        if conversion.is_page(old) and _candidate_id(plan, "./" + old, old) is not None:
            return old
    return None


def _up(folder: str) -> str:
    """The way up from ``folder`` (a relative path) to the folder it is a path from:
    ``../..`` for ``a/b``, '' for that folder itself."""
    return "/".join(".." for part in folder.split("/") if part)


def _spaced(plan: Plan, page: conversion.Page) -> conversion.Page:
    """The page with the destinations of its links and images that hold spaces written
    whole, each space as ``%20``, which CommonMark and MkDocs read alike. MkDocs reads
    ``![](img/flow chart.png)`` and ``[x](./adr/0026-Common Configuration.md)`` whole
    (Python-Markdown), where CommonMark reads no link and mdbrain read ``img/flow``:
    such a destination is taken whole when it leads to a page of the source (or one an
    earlier import brought in), or when it names a file by its suffix, an image's or a
    link's to a file that is no page (the file is then looked for as any other's)."""
    if _SPACED.search(page.body) is None:
        return page
    scanned = markdown.scan(page.body)
    found = [(w, n, False) for w, n in scanned.links]
    found += [(image.target, image.line, True) for image in scanned.images if not image.tag]
    lines = page.body.split("\n")
    changes: dict[int, dict[str, str]] = {}
    for written, number, image in found:
        line = lines[number - 1]
        masked = markdown.mask(line)  # the same columns, code spans blanked
        opened = re.compile(r"\]\( *" + re.escape(written))
        for match in opened.finditer(masked):
            rest = _SPACED_REST.match(masked, match.end())
            if rest is None:
                continue
            whole = written + line[rest.start(1) : rest.end(1)]
            new = whole.replace(" ", "%20")
            if _names_whole(plan, page.path, new, image):
                changes.setdefault(number, {})[whole] = new
    return with_body(page, foreign_links.retarget(page.body, changes)) if changes else page


def _names_whole(plan: Plan, path: str, written: str, image: bool) -> bool:
    """Whether ``written`` (spaces written ``%20``), a destination of the page at ``path``,
    names what :func:`_spaced` reads whole: a page, or a file by its suffix."""
    target = written.strip()
    if not target or target.startswith("#") or links.is_address(target):
        return False
    if template_expression(target):
        return False
    if not image:
        found = links.resolve(path, target) or site_link(plan, path, target)
        if found is not None and conversion.is_page(found[1]):
            return _candidate_id(plan, target, found[1]) is not None
    name = posixpath.basename(re.split(r"[#?]", target, maxsplit=1)[0])
    return not conversion.is_page(name) and _FILE_SUFFIX.fullmatch(name) is not None


def _from_above(plan: Plan, page: conversion.Page) -> conversion.Page:
    """The page with its links that climb out of the source and lead to a page written as
    links from the page's place in the source to that page's file (anchor kept), which
    then follow it like any link. A site that serves each page at an address of its own
    (MkDocs' ``use_directory_urls``: ``microservices/general/messagebus/``) reads a link
    from there: ``../../../security/Ch-APIGateway`` leads to ``security/Ch-APIGateway.md``,
    though it climbs out of the source from the page's folder (see :func:`site_link`);
    and a link written for the whole site comes back into a folder imported alone
    (``../../adr/0005-x/`` from ``docs/design/adr``, :func:`_back_inside`). Read from the
    page's folder, such a link would name a file of the project that is not there."""
    changes: dict[int, dict[str, str]] = {}
    here = posixpath.dirname(page.path)
    for written, line in markdown.scan(page.body).links:
        at = _site_path(here, written)
        if at is None or at[0] is not links.LinkKind.OUTSIDE:
            continue  # inside the source: followed when the page is composed (_site_links)
        found = links.resolve(page.path, written) or site_link(plan, page.path, written)
        if found is None:
            continue
        kind, old = found
        back = _back_inside(plan, old) if old.startswith("../") else old
        if back is None and kind is links.LinkKind.OUTSIDE:
            continue  # a page above the source by its file: the service leads to it
        old = back or old
        if _candidate_id(plan, written, old) is None:
            continue
        target = written.strip()
        cut = min((i for i in (target.find("#"), target.find("?")) if i != -1), default=len(target))
        path = posixpath.relpath(old, here or ".")
        changes.setdefault(line, {})[written] = quote(path, safe="/-._~()") + target[cut:]
    return with_body(page, foreign_links.retarget(page.body, changes)) if changes else page


WIKI_SAMPLE = 8  # names in wiki links an import holds before the share naming pages counts
WIKI_SHARE = 0.5  # share of them that must name a page for them to be read as links
WIKI_PAGES_MIN = 40  # pages an import holds before the share of them writing wiki links counts
WIKI_PAGES_SHARE = 0.05  # share of them that must write some for them to be read as links


def relink_wiki(plan: Plan, pages: dict[str, conversion.Page]) -> dict[str, conversion.Page]:
    """Every page with its wiki links written as Markdown links to the pages they name
    (from the page's place in the source: they then follow the pages like any link);
    the wiki links that name no page are reported and left as written."""
    if not any("[[" in page.body for page in pages.values()):
        return pages
    titles = {path: plan.title(path, p.body, p.meta) for path, p in pages.items()}
    catalogue = foreign_links.Catalogue(titles)
    named: dict[str, bool] = {}  # each name written, whether it names a page
    for path, page in pages.items():
        for link in foreign_links.wiki_links(page.body) if "[[" in page.body else ():
            name = link.first.partition("#")[0].strip()
            if name and not named.get(name):
                named[name] = catalogue.find(name, path) is not None
    found = sum(named.values())
    using = sum(1 for page in pages.values() if "[[" in page.body)
    rare = len(pages) >= WIKI_PAGES_MIN and using < WIKI_PAGES_SHARE * len(pages)
    if rare or (len(named) >= WIKI_SAMPLE and found < WIKI_SHARE * len(named)):
        # brackets of another notation (MDN's [[Prototype]], [[Get]], [[Call]]: a
        # specification's internal slots), not links, even those that match a title:
        # in 15,000 pages, a word names a page as often as not; a wiki links in most
        if named:  # brackets that name nothing (a list's "[[2023, 2, 3]]") need no word
            why = (
                f"only {using} of {len(pages)} pages write them"
                if rare
                else f"{len(named) - found} of the {len(named)} names in them name no page"
            )
            plan.notes.append(f"[[...]] left as written, no wiki links: {why}")
        return pages
    out = {}
    for path, page in pages.items():
        if "[[" not in page.body:
            out[path] = page
            continue

        def destination(name: str, near: str = path) -> str | None:
            found = catalogue.find(name, near)
            return None if found is None else edit.written_target(near, found)

        body, missing = foreign_links.rewrite_wiki(page.body, destination)
        plan.broken += [BrokenLink(path, page.body_line + n - 1, w) for n, w in missing]
        out[path] = page if body == page.body else with_body(page, body)
    return out


def relink_doxygen(
    plan: Plan, pages: dict[str, conversion.Page], folder: str = ""
) -> dict[str, conversion.Page]:
    """Every page with its Doxygen references (``@subpage adr_0001``, ``@ref sql_tables``)
    to a heading an imported page names (``# Title {#adr_0001}``), or to the name
    Doxygen gives a page from its path (``docs_topics_storage`` for ``topics/storage.md``
    imported from ``folder`` ``docs``, or ``md_docs_topics_storage``), written as
    Markdown links: to the page for its first heading, to the section for another.
    References to names no page declares (a class, a function) are left as written."""
    referring = {path for path, page in pages.items() if foreign_links.has_doxygen_refs(page.body)}
    if not referring:
        return pages
    named: dict[str, tuple[str, str, str]] = {}  # name -> page, anchor or "", title
    for path, page in sorted(pages.items()):
        for name, heading in foreign_links.doxygen_names(page.body).items():
            named.setdefault(name, (path, "" if heading.first else name, heading.title))
    above = folder.strip("/").replace("/", "_")
    for path, page in sorted(pages.items()):
        made = path.rsplit(".", 1)[0].replace("/", "_")
        title = plan.title(path, page.body, page.meta)
        for name in {made, f"{above}_{made}" if above else made}:
            for written in (name, f"md_{name}"):
                named.setdefault(written, (path, "", title))
    out = {}
    for path, page in pages.items():
        if path not in referring:
            out[path] = page
            continue

        def resolve(name: str, near: str = path) -> tuple[str, str] | None:
            target, anchor, title = named.get(name, (near, "", ""))
            if target == near and not anchor:
                return None  # unknown, or the page itself
            written = edit.written_target(near, target) if target != near else ""
            return written + (f"#{anchor}" if anchor else ""), title

        body = foreign_links.rewrite_doxygen(page.body, resolve)
        out[path] = page if body == page.body else with_body(page, body)
    return out


_SOURCE_OPENINGS: Final = tuple(
    re.compile(f"{before}[\"']?") for before in (markdown.IMG_SRC_BEFORE, markdown.TAG_SRC_BEFORE)
)


def _ends_source(line: str, at: int) -> bool:
    return at >= len(line) or line[at] in "\"'>" or line[at].isspace() or line.startswith("/>", at)


def retarget_sources(text: str, changes: Mapping[int, Mapping[str, str]]) -> str:
    """``text`` with the ``src`` of its HTML images replaced: ``changes`` maps a 1-based
    line to {path as written: new path}, as :func:`foreign_links.retarget` takes them
    for Markdown links. Every other byte stays."""
    lines = text.split("\n")
    for number, wanted in changes.items():
        line = lines[number - 1]
        for written, new in wanted.items():
            if written not in line:
                continue
            # in the tag, or on a line the tag goes on to ("src=..." alone: the Rust book's)
            for before in _SOURCE_OPENINGS:
                changed = markdown.replaced_destinations(before, line, written, new, _ends_source)
                if changed != line:
                    line = changed
                    break
        lines[number - 1] = line
    return "\n".join(lines)


_LEADING_SHARE = 0.9  # of the pages a folder must hold to say nothing about any of them
_LEADING_PAGES = 10  # pages an import must have for a folder they share to be told apart


def _leading(plan: Plan) -> tuple[str, ...]:
    """The folders nearly every page of the import sits in, from the top: a site's
    ``pages/pmd/`` (pmd/pmd's Jekyll site) tags every page alike, so it tags none."""
    if plan.leading is None:
        paths = [path.split("/")[:-1] for path in plan.ids]
        shared: list[str] = []
        while len(paths) >= _LEADING_PAGES:
            depth = len(shared)
            names = Counter(folders[depth] for folders in paths if len(folders) > depth)
            if not names:
                break
            name, count = names.most_common(1)[0]
            if count < _LEADING_SHARE * len(plan.ids):
                break
            paths = [f for f in paths if len(f) > depth and f[depth] == name]
            shared.append(name)
        plan.leading = tuple(shared)
    return plan.leading


def _own_folders(plan: Plan, path: str) -> list[str]:
    """The folders of a page that tell it apart: those nearly every page shares left
    out, when the page is in them (a page beside them keeps all of its own)."""
    folders = path.split("/")[:-1]
    shared = _leading(plan)
    return folders[len(shared) :] if tuple(folders[: len(shared)]) == shared else folders


def with_body(page: conversion.Page, body: str) -> conversion.Page:
    """``page`` with a body whose lines were changed in place (none added or removed);
    the text as read follows, unless its lines end in lone carriage returns."""
    if page.raw.count("\r") != page.raw.count("\r\n"):
        return dataclasses.replace(page, body=body)
    raw = page.raw.split("\n")
    for number, (old, new) in enumerate(zip(page.body.split("\n"), body.split("\n"), strict=True)):
        at = page.body_line - 1 + number
        if old != new and 0 <= at < len(raw):
            raw[at] = new + ("\r" if raw[at].endswith("\r") else "")
    return dataclasses.replace(page, raw="\n".join(raw), body=body)


# --- decisions and frontmatter ------------------------------------------------------


def decisions(plan: Plan) -> None:
    """Supersessions and related records, as the records state them, on both sides: among
    the pages imported now, and between them and the pages of the source an earlier
    import brought in (:attr:`Plan.before`, whose documents :func:`completed` gives
    their side). What earlier pages say of each other was said when they came in."""
    before = {path.casefold(): path for path in plan.before}

    def find(old: str) -> str | None:
        found = plan.page(old)
        return found if found is not None else before.get(old.casefold())

    sources = {new: old for old, new in [*plan.ids.items(), *plan.before.items()]}

    def locate(page: str, link: str) -> str | None:
        # "/enhancements/x.md", "enhancements/x.md" from the project's top, or the page's
        # address on the forge ("replaces: https://github.com/o/r/blob/main/.../x.md")
        written = foreign_links.own_file(link, plan.homes, plan.inside) or link
        resolved = links.resolve(page, written)
        if resolved is None or resolved[0] is not links.LinkKind.DOC:
            return None
        found = plan.linked_id(written, resolved[1])
        return None if found is None else sources.get(found)

    plan.found = adr.resolve(plan.records, find, locate)
    if before:
        plan.found = _about_new_pages(plan.found, set(plan.ids))
    _hold_proposals(plan)
    for old, new in plan.found.pairs:
        plan.add(old, "superseded_by", plan.id_of(new))
        plan.add(new, "supersedes", plan.id_of(old))
    for path, other, _verb in plan.found.related:
        plan.add(path, "related", plan.id_of(other))
    plan.unresolved += [Case(*case) for case in plan.found.unresolved]
    plan.notes += plan.found.notes
    _note_stateless(plan)
    _note_in_force(plan)


STATELESS_NOTED = 3  # records stating no state before the import says what --verified does
# the states of a record that has replaced nothing, whatever it says it supersedes
_UNDECIDED = frozenset({"proposed", "rejected"})
# the states of a record that says it was replaced, in its own words
_RETIRED = frozenset({"superseded", "amended", "deprecated"})


def _hold_proposals(plan: Plan) -> None:
    """A record that is only proposed (or was rejected) and says it supersedes another
    replaces nothing yet: the other stays as it stands, the two related, and a note says
    what to run once it is decided (mozilla/fxa: ADR 0052, "proposed" with its outcome
    still "TBD", retired 0049 and left nothing in force on scope resolution). When the
    older record says itself that it was replaced, it was."""
    for (old, new), _said in list(plan.found.pairs.items()):
        proposal, older = plan.records.get(new), plan.records.get(old)
        if proposal is None or proposal.state not in _UNDECIDED:
            continue
        if older is not None and older.state in _RETIRED:
            continue
        del plan.found.pairs[(old, new)]
        plan.found.related.append((new, old, "would supersede"))
        plan.notes.append(
            f"{new}: a {proposal.state} record that would supersede {old}, which stays as it"
            f" stands; once it is accepted, `mdbrain supersede {plan.id_of(old)} --by"
            f" {plan.id_of(new)}` retires it"
        )


def _note_in_force(plan: Plan) -> None:
    """Say it when records of this import say they are in force (accepted, implemented,
    final): tektoncd/community's 100 implemented or implementable TEPs came in as drafts,
    and nothing said how to bring them in force."""
    if plan.verified:
        return
    decided = sorted(
        path
        for path, record in plan.records.items()
        if path in plan.ids and not record.template and record.state == "accepted"
    )
    if len(decided) >= STATELESS_NOTED:
        plan.notes.append(
            f"{len(decided)} decision records say they are in force (accepted, implemented,"
            f" final: {', '.join(decided[:3])}{' and more' if len(decided) > 3 else ''}):"
            " they come in as drafts, as all imported knowledge does; importing with"
            " --verified puts them in force, the others staying as they say"
        )


def _note_stateless(plan: Plan) -> None:
    """Say it when records of this import state no state (NixOS/rfcs: a merged RFC is
    accepted, and none says so): they come in as drafts, and every answer then said
    nothing was in force; ``--verified`` puts them in force, superseded ones aside."""
    if plan.verified:
        return
    stateless = [
        (path, record)
        for path, record in sorted(plan.records.items())
        if path in plan.ids and not record.template and not record.state
    ]
    silent = [path for path, record in stateless if not record.status]
    if len(silent) >= STATELESS_NOTED:
        plan.notes.append(
            f"{len(silent)} decision records state no status ({_some(silent)}): they come"
            " in as drafts; when the repository keeps only accepted ones (a merged RFC is"
            " accepted), importing with --verified puts them in force"
        )
    # a status written in words no state of mdbrain's reads ("Expired"): no --verified
    # puts those in force, and the note said they stated none (swiftlang/swift-evolution)
    unknown = [path for path, record in stateless if record.status]
    if len(unknown) >= STATELESS_NOTED:
        said = dict.fromkeys(
            record.status.strip("*_ ")[:40] for _path, record in stateless if record.status
        )
        plan.notes.append(
            f"{len(unknown)} decision records give a status mdbrain does not know"
            f" ({_some([repr(s) for s in said])}: {_some(unknown)}): they come in as"
            " drafts, with --verified too; set each one's status by hand"
        )


def _some(names: Sequence[str]) -> str:
    """The first three of ``names``, and whether there are more."""
    return ", ".join(names[:3]) + (" and more" if len(names) > 3 else "")


def _about_new_pages(found: adr.Resolved, new: set[str]) -> adr.Resolved:
    """What ``found`` says that concerns one of the pages imported now (``new``)."""

    def names_one(text: str) -> bool:
        return any(path in text for path in new)

    return adr.Resolved(
        pairs={pair: said for pair, said in found.pairs.items() if set(pair) & new},
        related=[r for r in found.related if r[0] in new or r[1] in new],
        unresolved=[u for u in found.unresolved if u[0] in new or names_one(u[1])],
        notes=[n for n in found.notes if n.partition(": ")[0] in new or names_one(n)],
    )


def drop_refused(plan: Plan, refused: Mapping[str, str]) -> None:
    """Take the pages the guard refused (source path -> the id they were to have) out of
    the relations planned for the others, each with a note: a document must not name a
    page that is not written. An import that brings such a page in later adds them.
    Their broken links and unresolved values are not reported: they are not imported,
    and those may hold what the guard stopped."""
    gone = {doc_id: path for path, doc_id in refused.items()}
    for path in refused:
        plan.relations.pop(path, None)
    # nor is what such a page links to said: openshift's dev-guide import listed, as a
    # broken link of a page refused for an e-mail address, that address
    plan.broken = [b for b in plan.broken if b.source not in refused]
    plan.unresolved = [case for case in plan.unresolved if case.source not in refused]
    for path, relations in sorted(plan.relations.items()):
        for key, values in list(relations.items()):
            for doc_id in (v for v in values if v in gone):
                if key == "superseded_by":
                    plan.waiting.add(path)
                plan.notes.append(
                    f"{path}: {key} {doc_id} left out, since the guard stopped"
                    f" {gone[doc_id]}; the import that brings it in adds it"
                )
            relations[key] = [v for v in values if v not in gone]
            if not relations[key]:
                del relations[key]
    found = plan.found
    found.pairs = {pair: said for pair, said in found.pairs.items() if not set(pair) & set(refused)}
    found.related = [r for r in found.related if r[0] not in refused and r[1] not in refused]


def completed(
    plan: Plan, path: str, text: str, moved: Mapping[str, str], above: str | None
) -> tuple[str, list[str]]:
    """The document an earlier import made of the page at ``path`` (``text``), given its
    side of what this import adds, and what that is in words: the relations its record
    states with the pages imported now (appended: nothing it holds is taken out), the
    status deprecated once superseded (an archived document stays so) with the day, and
    its links to the files of those pages leading to their documents (``moved``: their
    paths from the project, casefolded -> their ids; ``above``: the knowledge root's
    path from the project, None when it is not in it). Every other byte stays: the
    document may have been edited since it was imported."""
    doc_id = plan.before[path]
    meta = document.loads(text, doc_id).meta
    said = []
    wanted = plan.relations.get(path, {})
    for key in RELATION_FIELDS:
        current = fields.strings(meta, key)
        added = [v for v in wanted.get(key, []) if v not in current]
        if added:
            text = edit.set_field(text, key, [*current, *added])
            said.append(f"{key} {', '.join(added)}")
    if "superseded_by" in wanted and meta.get("status") not in ("deprecated", "archived"):
        text = edit.set_field(text, "status", "deprecated")
        said.append("status deprecated")
    ended = _ended(plan, path)
    if "superseded_by" in wanted and ended is not None and "superseded_on" not in meta:
        created = (plan.days.get(path) or (ended, ended))[0]
        text = edit.set_field(text, "superseded_on", max(ended, created))

    now = set(plan.ids.values())

    def target(written: str, resolved: str) -> str | None:
        if above is not None and not written.strip().startswith("/"):
            new = moved.get(posixpath.normpath(posixpath.join(above, resolved)).casefold())
            if new is not None:
                return edit.written_target(doc_id, new, written)
        # a link the earlier import left as written, since it led to no page imported
        # then, read from the page's own place as its site reads it: nodejs/node's
        # "util.html#util_inspect", once util.md came in after the guard let it through
        found = site_link(plan, path, written)
        if found is None or found[0] is not links.LinkKind.DOC:
            return None
        new = _candidate_id(plan, written, found[1])
        return edit.written_target(doc_id, new, written) if new in now else None

    text, count = edit.rewrite_links(
        text, doc_id, target, (links.LinkKind.OUTSIDE,), resolve=links.resolve_any
    )
    if count:
        said.append(f"links to their files now lead to the documents: {count}")
    return text, said


def _own_relations(plan: Plan, page: conversion.Page) -> None:
    """Map the page's own relation fields to the new ids (the written values stay as
    ``original_<key>``); report the values that name no imported page, but a record's
    number in a record's fields, which the records' own reading resolves or reports."""
    record = page.path in plan.records
    for key in RELATION_FIELDS:
        for value in fields.strings(page.meta, key):
            new = plan.new_id(links.normalise_id(value) or "")
            if new is None and record and adr.field_number(value) is not None:
                continue
            if new is None:
                plan.unresolved.append(Case(page.path, value, f"{key} names no imported page"))
            else:
                plan.add(page.path, key, new)


def _status(plan: Plan, page: conversion.Page) -> str:
    record = plan.records.get(page.path)
    if plan.relations.get(page.path, {}).get("superseded_by"):
        # replaced; but a record turned down was never in force, and stays archived
        # (swift-evolution's withdrawn SE-0262 and rejected SE-0030 read as held till then)
        turned_down = record is not None and "rejected" in (
            record.state,
            adr.state_of(record.stated),
        )
        return "archived" if turned_down else "deprecated"
    said = f" ({record.stated!r})" if record is not None and record.stated else ""
    if record is not None and record.state and not record.stated:
        folder = adr.folder_state(page.path)[1]
        said = f" (by its folder {folder}/)" if folder else said
    # any page a folder sets aside ("rejected/", "archive/") is out of force, record or not
    state, folder = adr.folder_state(page.path) if record is None else (record.state, "")
    if record is not None and record.template:
        # a form imported on its own: the states it lists are choices ("proposé | ... |
        # remplacé par 0123-ADR-description"), none of them its own (ansforge's modèle)
        state = ""
    # a page that is no record may still say where it stands in its own status field
    # (openshift/enhancements: "status: provisional" over a design with no Proposal
    # heading was put in force by --verified)
    written = page.meta.get("status") if record is None and not state else None
    if isinstance(written, str) and (state := adr.state_of(written)):
        said = f" ({written.strip()!r})"
    notice = conversion.retired_notice(page.body) if record is None and not state else ""
    if notice:  # "This document has been deprecated...": out of force by its own word
        state, said = "deprecated", f" ({cells.clip(notice, 80)!r})"
    if record is not None and state == "superseded" and page.path not in plan.waiting:
        # replaced by what this import does not hold (an issue, an old path, a number no
        # folder carries): out of force by its own word, and a draft would still answer
        # (cloudfoundry/community's RFC-0005, "Superseded by community#375"); an import
        # that brings its successor in relates the two. One whose successor the guard
        # stopped stays a draft, which the import that lets it through deprecates
        plan.notes.append(
            f"{page.path}: a superseded record{said} with no successor among the pages imported;"
            " imported as archived"
        )
        return "archived"
    if state in ("rejected", "deprecated"):
        what = (
            f"a {state} record{said}"
            if record is not None
            else f"in the folder {folder}/,"
            if folder
            else f"a {state} page{said}"
        )
        more = (
            "; 'mdbrain supersede' it by the page that replaces it, if one does" if notice else ""
        )
        plan.notes.append(f"{page.path}: {what} imported as archived{more}")
        return "archived"
    why = _kept_out_of_force(record, state, said) if plan.verified else ""
    if why:
        plan.notes.append(f"{page.path}: {why}; imported as draft despite --verified")
    return "stable" if plan.verified and not why else "draft"


def _kept_out_of_force(record: adr.Record | None, state: str, said: str) -> str:
    """Why a page --verified would put in force is not in force ('' when it is)."""
    if record is None:
        stands = state in ("superseded", *_NOT_IN_FORCE)
        return f"its status{said} says it is not in force" if stands else ""
    if record.state == "superseded":  # its successor stopped by the guard
        return f"a superseded record{said} whose successor is not imported"
    if record.state in _NOT_IN_FORCE:
        return f"a {record.state} record{said} is not in force yet"
    if record.stated and not record.state:
        # "imlpemented", a template's list of states: a state nobody can read is no
        # sign that the record is in force
        return (
            f"its state{said} is none mdbrain knows as in force or out of it"
            " (such as accepted, rejected, superseded)"
        )
    return ""


# the states of a record that is not yet decided (pending, draft, under discussion...):
# --verified does not put it in force
_NOT_IN_FORCE = frozenset({"proposed"})
_STATED_MAX = 160  # characters of the state a record writes, kept as original_status


def _original_status(plan: Plan, page: conversion.Page, out: dict[str, Any]) -> None:
    """Keep the state a record writes in its body ("Accepted", "Pending", "Partly
    superseded") as ``original_status``, when its frontmatter left none there (a foreign
    ``status`` field is kept by :func:`conversion.merge`) and it differs from the
    status the import gives."""
    record = plan.records.get(page.path)
    if record is None or not record.stated or "original_status" in out:
        return
    if record.stated not in (out.get("status"), page.meta.get("status")):
        out["original_status"] = cells.clip(record.stated, _STATED_MAX)


def _ended(plan: Plan, path: str) -> dt.date | None:
    """The day a superseded record stopped being in force: the day its status gives,
    else the day its first successor was written."""
    successors = [new for old, new in plan.found.pairs if old == path]
    record = plan.records.get(path)
    if not successors or (record is not None and record.ended is not None):
        return None if record is None else record.ended
    return min((plan.days.get(new) or (plan.today, plan.today))[0] for new in successors)


def _dated(plan: Plan, page: conversion.Page) -> dict[str, Any]:
    """created and updated as the page gives them (today when it does not), reviewed
    today when verified pages carry older days, and superseded_on for a record."""
    days = plan.days.get(page.path)
    created, updated = days or (plan.today, plan.today)
    out: dict[str, Any] = {"created": created, "updated": updated}
    if plan.verified and updated < plan.today:
        out["reviewed"] = plan.today
    ended = _ended(plan, page.path)
    if ended is not None:
        out["superseded_on"] = max(ended, created)
    return out


# the folder a site or a book reads its pages from, named for nothing but that: Zed's
# docs/src (an mdBook's) tagged every page at the base's root "src"
_WHERE_PAGES_ARE: Final = frozenset({"src", "source", "sources", "content", "contents", "pages"})


def _source_name(origin: str) -> str:
    """The name of the folder pages were imported from, as a tag says it: a book's or a
    site's folder of pages (:data:`_WHERE_PAGES_ARE`) by the folder holding it."""
    parts = [part for part in origin.split("/") if part]
    while len(parts) > 1 and parts[-1].casefold() in _WHERE_PAGES_ARE:
        parts.pop()
    return parts[-1] if parts else ""


# folders named for holding a project's pages, whatever they are about: imported into
# the base's root, and no tag of their pages
CONTAINERS: Final = frozenset(
    {
        "docs", "doc", "documentation", "wiki", "site", "website", "content", "contents",
        "text", "pages", "src", "source", "book", "handbook", "manual", "www", "public",
    }
)  # fmt: skip


def _note_numbers(plan: Plan, path: str, title: str, decision: bool) -> None:
    """Say when a record's title gives another number than its file name (govuk-aws's
    0033 is titled "3. Networking Outline", as 0003 is): a reader asking for a record
    by number would be misled. Both stay as written; the file name numbers the id."""
    named = slug.number_of(posixpath.basename(path))
    titled = slug.title_number(title)[0]
    if decision and named is not None and titled is not None and named != titled:
        plan.notes.append(
            f"{path}: its title says {titled}, its file name {named}; both kept as written"
        )


def _fields(plan: Plan, page: conversion.Page) -> dict[str, Any]:
    _own_relations(plan, page)
    meta = {k: v for k, v in page.meta.items() if k != "sources"}
    config = plan.config
    record = plan.records.get(page.path)
    decision = record is not None and not record.template
    title = plan.title(page.path, page.body, meta)
    _note_numbers(plan, page.path, title, decision)
    summary = conversion.summary_of(
        page.body, meta, config.summary_max, record is not None, title, shared=plan.shared_leads
    )
    plan.summaries[page.path] = (summary, title)
    kind = meta.get("type")
    if kind not in config.types:
        kind = conversion.guess_type(page.path, meta, page.body, title, decision)
    # a page with no folder of its own is tagged with its theme, else with the name of the
    # folder it came from ("adr"), which says more than that it was imported
    source = _source_name(plan.origin("").rstrip("/"))
    fallback = plan.prefix.rsplit("/", 1)[-1] or slug.slugify(source, fallback="imported")
    # rust-lang/rfcs' 647 records were all "text"; grpc/proposal's, imported from the
    # project's own folder, all "imported"
    if decision and (fallback in CONTAINERS or not source):
        fallback = "decisions"
    wanted = {
        "title": title,
        "summary": summary or conversion.clip(title, config.summary_max),
        "type": kind,
        "status": _status(plan, page),
        "tags": conversion.tags_of(_own_folders(plan, page.path), meta, fallback),
    }
    # a translation: its words are read, and searched, in its language; so are those
    # of a page whose prose is in another language than the base's (rust-lang/rfcs'
    # Leadership Council RFC in Japanese, named only by a suffix of its file name)
    lang = plan.lang or _read_in(plan, page)
    if lang and sites.language(lang) != sites.language(config.lang):
        wanted["lang"] = lang
    refs = [*fields.strings(page.meta, "impl_refs"), *plan.refs.get(page.path, [])]
    if refs:
        wanted["impl_refs"] = list(dict.fromkeys(refs))
    wanted |= {
        **_dated(plan, page),
        "sources": list(
            dict.fromkeys([plan.origin(page.path), *fields.strings(page.meta, "sources")])
        ),
        **plan.relations.get(page.path, {}),
    }
    out = conversion.merge(wanted, meta, config)
    _original_status(plan, page, out)
    return out


def _kept(plan: Plan, page: conversion.Page) -> str:
    """A page whose mdbrain frontmatter stays as written: only its ids follow the pages,
    and ``sources`` is added when it has none."""
    text = page.raw
    for key in RELATION_FIELDS:
        for value in fields.strings(page.meta, key):
            new = plan.new_id(links.normalise_id(value) or "") or value
            text = edit.rename_in_fields(text, (key,), value, new)[0] if new != value else text
    if "sources" not in page.meta:
        text = edit.set_field(text, "sources", [plan.origin(page.path)])
    refs = list(fields.strings(page.meta, "impl_refs"))
    added = [ref for ref in plan.refs.get(page.path, []) if ref not in refs]
    if added:
        text = edit.set_field(text, "impl_refs", refs + added)
    return text


def _without_javascript(page: conversion.Page) -> conversion.Page:
    """An MDX page whose text as read has its JavaScript left out (kept when its lines
    end in lone carriage returns, which body lines cannot be matched with)."""
    if not page.javascript or page.raw.count("\r") != page.raw.count("\r\n"):
        return page
    raw = conversion.without_lines(page.raw, page.javascript, page.body_line - 1)
    return dataclasses.replace(page, raw=raw)


def _keeps(plan: Plan, page: conversion.Page) -> bool:
    """Whether the page keeps its frontmatter: a valid mdbrain one whose ids all name
    imported pages, with no supersession to add."""
    own = [
        links.normalise_id(v) or "" for k in RELATION_FIELDS for v in fields.strings(page.meta, k)
    ]
    return (
        bool(page.meta)
        and not plan.relations.get(page.path)
        and all(plan.new_id(old) for old in own)
        and conversion.is_mdbrain(page.raw, page.path, plan.config)
    )


def _check_links(plan: Plan, page: conversion.Page) -> bool:
    """Report the page's links to Markdown pages that were not imported (now or before)
    and that the service did not lead elsewhere; True when it has links to documents at
    all (which then need rewriting)."""
    to_docs = False
    done = plan.rewritten.get(page.path, set())
    for written, line in markdown.scan(page.body, page.body_line).links:
        found = None if written.strip() in done else links.resolve(page.path, written)
        if found is not None and (
            found[0] is links.LinkKind.OUTSIDE or not plan.linked_id(written, found[1])
        ):
            plan.broken.append(BrokenLink(page.path, line, written))
        to_docs = to_docs or (found is not None and found[0] is links.LinkKind.DOC)
    return to_docs


def naming(pages: Mapping[str, conversion.Page], paths: set[str]) -> set[str] | None:
    """The pages (of ``pages``, by path) whose text may lead to one of the pages at
    ``paths``: those that name one, as a link or a relation would (its file name
    without its suffix, in any case, written as it is or as a link encodes it, and the
    name of its folder for a page that opens one). None when any page may (a start
    page at the source's top, which a link to a folder above may open)."""
    names: set[str] = set()
    for path in paths:
        stem = conversion.page_stem(posixpath.basename(path))
        if stem.lower() in _FOLDER_OPENERS:  # named by its folder: "readme" is in every page
            folder = posixpath.dirname(path)
            if not folder:
                return None
            stem = posixpath.basename(folder)
        names |= {stem, stem.replace(" ", "-"), stem.replace("-", " ")}  # [[Page Name]]
    names |= {quote(name) for name in names}
    folded = {unicodedata.normalize("NFC", name).casefold() for name in names}
    out = set()
    for path, page in pages.items():
        text = unicodedata.normalize("NFC", page.raw + "\n" + page.body).casefold()
        plain = unquote(text)  # once a page, not once a name
        if any(name in text or name in plain for name in folded):
            out.add(path)
    return out


def compose(plan: Plan, page: conversion.Page) -> str:
    """The page's new text: its frontmatter, and its links written from its new place."""
    new_id = plan.ids[page.path]
    page = _site_links(plan, page)
    to_docs = _check_links(plan, page)
    if _keeps(plan, page):
        text = _kept(plan, _without_javascript(page))
    else:
        body = conversion.without_lines(page.body, page.javascript)
        text = yaml_emit.block(_fields(plan, page)) + "\n" + body.lstrip("\n")

    done = plan.rewritten.get(page.path, set())

    def target(written: str, old: str) -> str | None:
        found = None if written.strip() in done else plan.linked_id(written, old)
        if found is None:
            return None
        # written relative (see _site_links)
        return edit.written_target(new_id, found, written.lstrip().lstrip("/"))

    return edit.rewrite_links(text, page.path, target)[0] if to_docs else text
