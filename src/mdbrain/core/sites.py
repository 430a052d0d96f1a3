"""Documentation sites: the folders a site generator builds pages from.

``init`` never writes into a folder that already serves another purpose: a
folder an MkDocs, Docusaurus, Sphinx, Hugo, Jekyll... site is built from holds
pages that tool owns. A site is recognised by the file that configures it,
either inside the folder (``conf.py``, ``_config.yml``, ``book.toml``...) or at
the top of the project naming the folder (``mkdocs.yml`` and its
``docs_dir``, ``docusaurus.config.js`` and its ``docs/``). Nothing here reads a
disk: the caller passes the folder's file names and the few configuration
texts found at the project's top.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

# A file inside a folder that shows a site is built from it, and the tool it belongs to.
INSIDE: Final = (
    ("mkdocs.yml", "MkDocs"), ("mkdocs.yaml", "MkDocs"),
    ("docusaurus.config.js", "Docusaurus"), ("docusaurus.config.ts", "Docusaurus"),
    ("docusaurus.config.mjs", "Docusaurus"), ("conf.py", "Sphinx"),
    ("source/conf.py", "Sphinx"), ("hugo.toml", "Hugo"), ("hugo.yaml", "Hugo"),
    ("hugo.json", "Hugo"), ("myst.yml", "MyST"), ("_toc.yml", "Jupyter Book"),
    ("_config.yml", "Jekyll"), ("_config.yaml", "Jekyll"),
    (".vitepress/config.js", "VitePress"), (".vitepress/config.ts", "VitePress"),
    (".vitepress/config.mts", "VitePress"), (".vuepress/config.js", "VuePress"),
    (".vuepress/config.ts", "VuePress"), ("book.toml", "mdBook"), ("antora.yml", "Antora"),
    ("_sidebar.md", "docsify"), (".gitbook.yaml", "GitBook"), ("SUMMARY.md", "GitBook"),
    ("_quarto.yml", "Quarto"), ("mint.json", "Mintlify"), ("docs.json", "Mintlify"),
    ("theme.config.tsx", "Nextra"), ("astro.config.mjs", "Astro"), ("Doxyfile", "Doxygen"),
)  # fmt: skip
# Files at a project's top that build a site from a folder, with the folder they use
# when they do not name one.
AROUND: Final = (
    ("mkdocs.yml", "MkDocs", "docs"), ("mkdocs.yaml", "MkDocs", "docs"),
    ("docusaurus.config.js", "Docusaurus", "docs"), ("docusaurus.config.ts", "Docusaurus", "docs"),
    ("docusaurus.config.mjs", "Docusaurus", "docs"), ("book.toml", "mdBook", "src"),
    ("hugo.toml", "Hugo", "content"), ("config.toml", "Hugo", "content"),
    ("_config.yml", "Jekyll", "_posts"), ("config/tech-docs.yml", "Middleman", "source"),
)  # fmt: skip
# How each of those names another folder: "docs_dir: site" in mkdocs.yml...
_NAMED: Final = {
    "MkDocs": re.compile(r"^docs_dir:[ \t]*['\"]?([^'\"\s#]+)", re.MULTILINE),
    "mdBook": re.compile(r"^src[ \t]*=[ \t]*['\"]([^'\"\n]+)", re.MULTILINE),
    "Hugo": re.compile(r"^contentDir[ \t]*=[ \t]*['\"]([^'\"\n]+)", re.MULTILINE),
}
NAMING_TOOLS: Final = frozenset(_NAMED)  # the tools whose configuration may name that folder
# Markdown as the site generators keep it; Middleman (GOV.UK's technical documentation)
# runs the ERB tags of a page named "a.html.md.erb" and then reads it as Markdown
MARKDOWN_SUFFIXES: Final = (".md", ".mdx", ".markdown", ".md.erb")
PAGE_SUFFIXES: Final = (*MARKDOWN_SUFFIXES, ".rst", ".adoc", ".txt")
_COUNTED: Final = PAGE_SUFFIXES[:-1]  # a .txt file is seldom a page
HOME_PAGES: Final = frozenset(
    {"index.md", "readme.md", "index.rst", "_index.md", "index.mdx", "index.html.md.erb"}
)


@dataclass(frozen=True, slots=True)
class Site:
    """A documentation site built from a folder: the tool, and the file that shows it."""

    tool: str
    evidence: str  # a path from the project


def _norm(folder: str) -> str:
    return posixpath.normpath(folder.strip().strip("/") or ".").removeprefix("./")


def docs_site(folder: str, inside: Iterable[str], around: Mapping[str, str]) -> Site | None:
    """The site built from ``folder`` (a path from the project), if any.

    ``inside`` holds the paths of the folder's files, from the folder;
    ``around`` the texts of the files at the project's top named in
    :data:`AROUND` (missing ones left out).
    """
    names = set(inside)
    here = _norm(folder)
    for name, tool in INSIDE:
        if name in names and not (name == "SUMMARY.md" and _around(here, around)):
            return Site(tool, name if here == "." else posixpath.join(folder, name))
    hugo_content = here.endswith("content") and {"archetypes", "layouts"} & {
        n.split("/", 1)[0] for n in names
    }
    if hugo_content:
        return Site("Hugo", folder)
    return _around(here, around)


def _around(here: str, around: Mapping[str, str]) -> Site | None:
    """The site a file at the project's top builds from the folder ``here``, if any."""
    for name, tool, default in AROUND:
        text = around.get(name)
        if text is None or (tool == "Hugo" and name == "config.toml" and here != "content"):
            continue
        pattern = _NAMED.get(tool)
        named = pattern.search(text) if pattern else None
        if _norm(named.group(1) if named else default) == here:
            # Zola reads its config.toml from content/ too, with snake_case keys
            # (bevyengine/bevy-website: "base_url"), where Hugo writes "baseURL"
            zola = name == "config.toml" and _ZOLA_KEY.search(text) is not None
            return Site("Zola" if zola else tool, name)
    return None


_ZOLA_KEY = re.compile(
    r"^(?:base_url|compile_sass|build_search_index|generate_feeds?)[ \t]*=", re.MULTILINE
)


# Hugo's configuration, at the top of a site's folder, by the names Hugo reads it under
HUGO_CONFIGS: Final = (
    "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml",
    "config.yml", "config.json",
)  # fmt: skip
# keys of a Hugo configuration one of which a "config.*" file must hold to be Hugo's
_HUGO_KEYS: Final = frozenset({"baseURL", "baseurl", "contentDir", "languages", "module", "theme"})


def hugo_content(name: str, text: str) -> str | None:
    """The folder a Hugo site builds its default language's pages from, from the site's
    folder, as its configuration file ``name`` holding ``text`` says: the folder a module
    mount serves as ``content``, else the default language's ``contentDir``, else the
    site's own, else ``content``. None when the file is no Hugo configuration or does
    not parse. kubernetes-sigs/gateway-api builds from ``content/en``, and its pages
    link one another from the site's root (``/docs/concepts/versioning/``)."""
    data = _parsed(name, text)
    if data is None or (name.startswith("config.") and not _HUGO_KEYS & set(data)):
        return None
    default = str(data.get("defaultContentLanguage") or "en")
    module = data.get("module")
    mounts = module.get("mounts") if isinstance(module, dict) else None
    for mount in mounts if isinstance(mounts, list) else []:
        if (
            isinstance(mount, dict)
            and str(mount.get("target", "")).strip("/") == "content"
            and str(mount.get("lang") or default) == default
            and isinstance(mount.get("source"), str)
        ):
            return _norm(mount["source"])
    languages = data.get("languages")
    own = languages.get(default) if isinstance(languages, dict) else None
    for holder in (own, data):
        if isinstance(holder, dict) and isinstance(holder.get("contentDir"), str):
            return _norm(holder["contentDir"])
    return "content"


def _parsed(name: str, text: str) -> dict[str, Any] | None:
    """A configuration file's data, by its suffix; None when it does not parse."""
    if name.endswith((".yaml", ".yml")):
        import yaml

        try:
            data = yaml.safe_load(text)
        except (yaml.YAMLError, RecursionError):
            return None
    else:
        import json
        import tomllib

        try:
            data = tomllib.loads(text) if name.endswith(".toml") else json.loads(text)
        except (ValueError, RecursionError):
            return None
    return data if isinstance(data, dict) else None


def pages(inside: Iterable[str]) -> list[str]:
    """The documentation pages among a folder's files (Markdown, reStructuredText...)."""
    return sorted(p for p in inside if p.lower().endswith(_COUNTED))


def home_page(inside: Iterable[str]) -> str | None:
    """The page a folder opens on (``index.md``, ``README.md``...) at its top, if any."""
    return next((p for p in sorted(inside) if "/" not in p and p.lower() in HOME_PAGES), None)


@dataclass(frozen=True, slots=True)
class Pages:
    """A folder of documentation pages: what ``mdbrain import`` could bring into a base."""

    folder: str  # or, for the project's README alone, its file name
    count: int
    site: Site | None
    lines: int = 0  # the README's lines; 0 for a folder
    translations: tuple[str, ...] = ()  # the folders beside it that translate its pages
    versions: tuple[str, ...] = ()  # the folders beside it that hold its other versions


_DOC_FOLDERS: Final = frozenset(
    {"docs", "doc", "documentation", "wiki", "guides", "handbook", "manual", "site", "website"}
)


_BODY: Final = 20  # pages that make a folder a body of documentation by their number alone
_MANY: Final = 8  # folders of pages beyond which a project mostly of them is proposed whole
# sites whose settings sit in the folder they are built from, which at a project's top
# makes the whole project a site (etalab's guides: .vuepress/ beside its sections);
# not Jekyll, whose _config.yml many a code repository keeps only to pick a theme
_TOP_SITES: Final = frozenset({"VuePress", "VitePress", "docsify", "GitBook", "Mintlify"})


OLDER_VERSIONS: Final = "versioned_docs"  # Docusaurus: a copy of the pages per past version
VERSIONS_FILE: Final = "versions.json"  # beside it, the list of those versions


def past_versions_folder(versions_file: str) -> str | None:
    """The folder of past versions a Docusaurus versions list stands beside:
    ``versioned_docs`` for ``versions.json``, ``community_versioned_docs`` for
    ``community_versions.json`` (a second docs instance); None for another file."""
    if versions_file == VERSIONS_FILE:
        return OLDER_VERSIONS
    if versions_file.endswith("_" + VERSIONS_FILE):
        return versions_file.removesuffix(VERSIONS_FILE) + OLDER_VERSIONS
    return None


def older_versions(files: Iterable[str]) -> set[str]:
    """The folders of a Docusaurus site's past versions (``versioned_docs/`` beside a
    ``versions.json``), each with a slash after it: copies of pages the site's own
    ``docs/`` holds as they are now."""
    found = set()
    for path in files:
        folder = past_versions_folder(posixpath.basename(path))
        if folder is not None:
            found.add(posixpath.join(posixpath.dirname(path), folder) + "/")
    return found


def page_folders(
    files: Iterable[str], around: Mapping[str, str], least: int = 3, lang: str = "en"
) -> list[Pages]:
    """The top-level folders that hold documentation: built into a site (any number of
    pages), or named for it, or mostly pages, or holding most of the project's pages
    (``keps/``, ``rfcs/``: a page per folder beside its metadata), with at least
    ``least`` pages; sites first, then the richest. The project's folder alone when a
    site is built from it, when it is a wiki, or when more than ``_MANY`` folders
    hold four fifths of its pages (kubernetes/community: a folder per group). A folder
    that holds the same pages in several languages gives the one in ``lang``, and one
    that holds them once per version the newest; a Docusaurus site's past versions
    are left out (:func:`older_versions`)."""
    files = list(files)
    past = tuple(older_versions(files))
    if past:
        files = [path for path in files if not path.startswith(past)]
    tops: dict[str, list[str]] = {}
    for path in files:
        top, _, rest = path.partition("/")
        if rest and not top.startswith((".", "_")):
            tops.setdefault(top, []).append(rest)
    counts = {top: len(pages(inside)) for top, inside in tops.items()}
    total = sum(counts.values())
    found = []
    paged = 0  # folders of pages, whatever their number
    in_paged = 0  # and the pages they hold
    for top, inside in sorted(tops.items()):
        count = counts[top]
        site = docs_site(top, inside, around) if count else None
        named = top.lower() in _DOC_FOLDERS
        own = len(inside) - _companions(inside)
        mostly = 2 * count >= own or (count >= _BODY and 2 * count >= total)
        if count and 2 * count >= own:
            paged += 1
            in_paged += count
        if site or (count >= least and (named or mostly)):
            found.append(
                _one_language(top, inside, lang, around)
                or _one_version(top, inside, around)
                or _from_source(Pages(top, count, site), inside)
            )
    found = _tagged_translations(found, tops, lang)
    found = _language_tops(found, tops, lang)
    found.sort(key=lambda p: (p.site is None, -p.count, p.folder))
    every = pages(files)
    at_top = docs_site(".", files, {})  # a site built from the project's own folder
    if at_top is not None and at_top.tool in _TOP_SITES:
        # a dot-folder of settings says so; a SUMMARY.md, docs.json or _sidebar.md at the
        # top of a code repository may be anything, unless pages sit beside it
        beside = every if at_top.evidence.startswith(".") else [p for p in every if "/" not in p]
        if sum(not community_file(page) for page in beside) >= least:
            return [Pages(".", len(every), at_top)]  # its folders are the site's sections
    # many folders of pages, counting those too small to be named, which the list above
    # leaves out (temporalio/proposals: 13 proposals in nine folders of one or two pages
    # were never mentioned); a package's README among its code makes no folder of pages
    many = (len(found) > _MANY or paged > _MANY) and not any(p.site for p in found)
    # a project of documentation, even when each folder holds one page (jupyter's JEPs:
    # 30 folders of one, and init proposed the README alone)
    if many and 5 * max(sum(p.count for p in found), in_paged) >= 4 * len(every):
        return [Pages(".", len(every), None)]  # one import, not one per folder
    wiki = _wiki(files, tops)
    if wiki is not None and not any(p.site for p in found):
        return [wiki]  # importing the project's folder brings its page folders in too
    return found


# what a folder of pages holds beside them: pictures and media, and the one data file a
# page's folder may keep its fields in (a GEP's metadata.yaml beside its index.md)
_PICTURES: Final = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".mp4", ".webm")
_DATA: Final = (".yaml", ".yml", ".json", ".toml")


def _companions(inside: Sequence[str]) -> int:
    """How many of a folder's files (``inside``, paths from it) are its pages' companions:
    pictures and media, and a data file alone beside one page in its folder
    (kubernetes-sigs/gateway-api's geps/: 62 pages, 62 metadata files and 22 pictures
    were "not mostly pages", and init never named them); none in a folder that holds
    anything else, code above all (a folder of examples, each a README beside its
    configuration and its program, is no documentation)."""
    by_folder: dict[str, list[str]] = {}
    for path in inside:
        by_folder.setdefault(posixpath.dirname(path), []).append(path.lower())
    count = 0
    for names in by_folder.values():
        own = set(pages(names))
        if any(n not in own and not n.endswith((*_PICTURES, *_DATA)) for n in names):
            continue
        count += sum(name.endswith(_PICTURES) for name in names)
        data = [name for name in names if name.endswith(_DATA)]
        count += len(data) == 1 and len(pages(names)) == 1
    return count


# a folder named for a language: en, de, pt-BR, zh-hant, zh_CN, es-419
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:[-_](?:[A-Za-z]{2}|[A-Za-z]{4}|\d{3}))?")
# ISO 639-1, and the three-letter codes documentation sites use where it has none; code
# folders named go, js, py, api or cli are none of them
_LANGUAGES: Final = frozenset(
    re.findall(
        r"[a-z]+",
        """aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs
    cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he
    hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr
    ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng
    nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk
    sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz
    ve vi vo wa wo xh yi yo za zh zu fil yue ckb ast""",
    )
)


def named_for_a_language(name: str) -> bool:
    """Whether a folder's name is a language's code (en, pt-BR, zh-hant), as a site
    that keeps a folder per translation names them; on its own no proof it is one."""
    return _LANGUAGE.fullmatch(name) is not None and language(name) in _LANGUAGES


def _one_language(
    top: str, inside: list[str], lang: str, around: Mapping[str, str]
) -> Pages | None:
    """The folder of ``top`` in the language ``lang``, when ``top`` holds its pages once
    per language (:func:`_copies` of folders named for languages: fastapi's docs/en,
    docs/es...; Astro's src/content/docs/en...). None otherwise, and when no such
    folder is in ``lang`` (a site whose own pages sit above its translations' folders)."""
    copies = _copies(inside, named_for_a_language, outer=False)
    if copies is None:
        return None
    mirrored, parent = copies
    chosen = next((c for c in sorted(mirrored) if language(c) == lang), None)
    if chosen is None:
        return None
    found = _one_of(top, inside, around, copies, chosen)
    others = tuple(_beside(top, parent, c) for c in sorted(mirrored) if c != chosen)
    if found.site is None:  # built with another language's configuration: from its folder
        found = _as_built(found, top, inside, around=around, copies=copies, name=chosen)
    return dataclasses.replace(found, translations=others)


def _as_built(
    found: Pages,
    top: str,
    inside: list[str],
    *,
    around: Mapping[str, str],
    copies: _Copies,
    name: str,
) -> Pages:
    """The copy ``name`` (``found``, with no site configuration of its own) proposed from
    the folder another copy's site reads its pages from, when it has that folder too:
    fastapi builds docs/fr/docs with docs/en/mkdocs.yml, and ``init --lang fr``
    proposed docs/fr, its translation prompt and all."""
    mirrored, parent = copies
    for other in sorted(mirrored):
        built = _one_of(top, inside, around, copies, other) if other != name else None
        beside = f"{top}/{parent}/{other}" if parent else f"{top}/{other}"
        if built is None or built.site is None or not built.folder.startswith(beside + "/"):
            continue
        folder = found.folder + built.folder[len(beside) :]
        below = folder[len(top) + 1 :] + "/"
        count = len(pages([path[len(below) :] for path in inside if path.startswith(below)]))
        return dataclasses.replace(found, folder=folder, count=count) if count else found
    return found


_Copies = tuple[dict[str, set[str]], str]  # pages by copy, and the folder holding them


def _copies(inside: list[str], named: Callable[[str], bool], *, outer: bool) -> _Copies | None:
    """The folders of a folder's files (``inside``) that hold its pages once per language
    or version: folders side by side at any depth whose names ``named`` accepts, each
    with at least half of its pages where the largest one has them, holding together
    four fifths of the pages, at least two of them. Their pages by name, and the folder
    holding them; None when there are none such. With ``outer``, a path counts for its
    outermost such folder only."""
    every = pages(inside)
    held: dict[str, dict[str, set[str]]] = {}  # the folder holding them -> name -> pages
    for path in every:
        parts = path.split("/")
        for depth, part in enumerate(parts[:-1]):
            if named(part):
                where = held.setdefault("/".join(parts[:depth]), {})
                where.setdefault(part, set()).add("/".join(parts[depth + 1 :]))
                if outer:
                    break
    if not held:
        return None
    found = [(_mirrored(names), parent) for parent, names in held.items()]
    mirrored, parent = max(found, key=lambda f: sum(map(len, f[0].values())))
    if len(mirrored) < 2 or 5 * sum(map(len, mirrored.values())) < 4 * len(every):
        return None
    return mirrored, parent


# where a site's tool reads its pages from when its configuration names no folder, for
# those whose configuration sits above the pages (fastapi's docs/en/mkdocs.yml builds
# docs/en/docs/; an mdBook's book.toml, src/)
_SOURCE_FOLDER: Final = {"MkDocs": "docs", "mdBook": "src"}


def _from_source(found: Pages, inside: list[str]) -> Pages:
    """``found``, proposed from the folder its site reads its pages from when that is a
    folder of it (``inside``: the paths of its files, from it), so that an import puts
    the pages where the site does, not one folder down."""
    source = _SOURCE_FOLDER.get(found.site.tool) if found.site else None
    if (
        source is None
        or found.site is None
        or posixpath.dirname(found.site.evidence) != found.folder
    ):
        return found
    below = [path for path in inside if path.startswith(source + "/")]
    count = len(pages(below))
    return (
        dataclasses.replace(found, folder=f"{found.folder}/{source}", count=count)
        if count
        else found
    )


def _one_of(
    top: str, inside: list[str], around: Mapping[str, str], copies: _Copies, name: str
) -> Pages:
    """The proposal of the copy ``name`` of those :func:`_copies` found in ``top``."""
    mirrored, parent = copies
    below = f"{parent}/{name}" if parent else name
    mine = [path[len(below) + 1 :] for path in inside if path.startswith(f"{below}/")]
    folder = f"{top}/{below}"
    return _from_source(Pages(folder, len(mirrored[name]), docs_site(folder, mine, around)), mine)


def _beside(top: str, parent: str, name: str) -> str:
    return f"{top}/{parent}/{name}".replace("//", "/")


# a folder named for a version of the documentation: v1.2.x, 2.0, version-2.1, next;
# not a bare number, which numbers chapters, weeks or years as often
_VERSION = re.compile(
    r"(?:version-|v)(\d{1,4}(?:\.(?:\d{1,4}|x)){0,3})|(latest|current|stable)"
    r"|(next|main|master|dev|develop|unreleased)|(\d{1,4}(?:\.(?:\d{1,4}|x)){1,3})",
    re.IGNORECASE,
)


_VERSION_PAGES: Final = 3  # pages the newest version holds at least, to be documentation


def named_for_a_version(name: str) -> bool:
    """Whether a folder's name is that of a version (``v1.2.x``, ``2.0``, ``next``)."""
    return _VERSION.fullmatch(name) is not None


def _newest(name: str) -> tuple[int, tuple[int, ...]]:
    """How recent a version's folder is, to sort by: the released versions by number
    (``x`` above any), those named latest, current or stable above them, and those
    not released yet (``next``, ``main``) below."""
    found = _VERSION.fullmatch(name)
    if found is None or found.group(3):
        return (0, ())
    if found.group(2):
        return (2, ())
    number = found.group(1) or found.group(4)
    return (1, tuple(10**6 if n.lower() == "x" else int(n) for n in number.split(".")))


def _one_version(top: str, inside: list[str], around: Mapping[str, str]) -> Pages | None:
    """The folder of ``top``'s newest version, when ``top`` holds its pages once per
    version (:func:`_copies` of folders named for versions, one of them numbered:
    grafana/k6-docs' docs/sources/k6/v0.47.x to v2.2.x and next). None otherwise."""
    copies = _copies(inside, named_for_a_version, outer=True)  # a version's own "v2" API
    if copies is None or not any(_newest(name)[0] == 1 for name in copies[0]):
        return None
    mirrored, parent = copies
    newest_first = sorted(mirrored, key=lambda name: (_newest(name), name), reverse=True)
    if len(mirrored[newest_first[0]]) < _VERSION_PAGES:
        return None  # releases/v1.0.0/README.md, lessons/1.1/: notes, not documentation
    found = _one_of(top, inside, around, copies, newest_first[0])
    others = tuple(_beside(top, parent, name) for name in newest_first[1:])
    return dataclasses.replace(found, versions=others)


def _mirrored(codes: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """Of the folders named for languages side by side (code -> their pages), the largest
    and those that translate it: half of their pages or more where it has them too."""
    largest = max(codes, key=lambda code: len(codes[code]))
    return {c: p for c, p in codes.items() if c == largest or 2 * len(p & codes[largest]) >= len(p)}


def language(code: str) -> str:
    """The language a folder's code names, without its region or script: pt-BR gives pt."""
    return code.lower().replace("_", "-").split("-")[0]


# a folder named for another one and a language: tldr's pages.fr, pages.pt_BR beside pages
_TAGGED = re.compile(rf"(.+?)[._-]({_LANGUAGE.pattern})")


def _tagged_translations(
    found: list[Pages], tops: Mapping[str, list[str]], lang: str
) -> list[Pages]:
    """``found`` with the folders that translate another one beside it (``pages.fr`` has
    at least half of its pages where ``pages`` has them) folded into it: the one in
    ``lang`` is kept (the untagged one for the language the project is written in),
    naming the others as its translations."""
    translated: dict[str, list[Pages]] = {}
    for page_folder in found:
        tagged = _TAGGED.fullmatch(page_folder.folder)
        original = tagged.group(1) if tagged and named_for_a_language(tagged.group(2)) else ""
        if original in tops and original != page_folder.folder:
            mine, theirs = set(pages(tops[page_folder.folder])), set(pages(tops[original]))
            if 2 * len(mine & theirs) >= len(mine) > 0:
                translated.setdefault(original, []).append(page_folder)
    if not translated:
        return found
    out = [p for p in found if not any(p in group for group in translated.values())]
    for original, group in translated.items():
        plain = next((p for p in out if p.folder == original), None)
        every = ([plain] if plain else []) + group
        chosen = next((p for p in group if _language_of(p.folder) == lang), plain or group[0])
        names = tuple(sorted(p.folder for p in every if p is not chosen))
        out = [p for p in out if p is not plain]
        out.append(dataclasses.replace(chosen, translations=names))
    return out


def _language_tops(found: list[Pages], tops: Mapping[str, list[str]], lang: str) -> list[Pages]:
    """``found`` with top-level folders named for languages that mirror one another's
    pages (a Jekyll site's ``en/``, ``fr/``, ``ja/``: :func:`_copies` of the project's
    top) folded into the one in ``lang``, naming the others as its translations:
    expressjs/expressjs.com's init proposed ten imports as equals."""
    named = [p for p in found if named_for_a_language(p.folder) and p.folder in tops]
    if len(named) < 2:
        return found
    every = [f"{p.folder}/{rest}" for p in named for rest in tops[p.folder]]
    copies = _copies(every, named_for_a_language, outer=True)
    if copies is None or copies[1]:  # mirrored at the top only
        return found
    mirrored = set(copies[0])
    chosen = next((p for p in named if p.folder in mirrored and language(p.folder) == lang), None)
    if chosen is None:
        return found
    others = tuple(sorted(p.folder for p in named if p.folder in mirrored and p is not chosen))
    kept = [p for p in found if p.folder not in mirrored or p is chosen]
    return [dataclasses.replace(p, translations=others) if p is chosen else p for p in kept]


def _language_of(folder: str) -> str:
    tagged = _TAGGED.fullmatch(folder)
    return language(tagged.group(2)) if tagged else ""


# the files most repositories keep at their top beside the code: no body of documentation
_COMMUNITY = re.compile(
    r"^(?:readme|changelog|changes|history|news|license|licence|copying|notice|authors"
    r"|contributors|contributing|code_of_conduct|code-of-conduct|security|support"
    r"|governance|maintainers|codeowners|citation|releasing|release|todo)(?:[._-].*)?$",
    re.IGNORECASE,
)
_WIKI_PAGES: Final = 10  # pages at the top that make the project's folder a wiki


def community_file(path: str) -> bool:
    """Whether a file is one most repositories keep at their top beside their code
    (README, LICENSE, CHANGELOG, CONTRIBUTING...): no code, nor a body of documentation.
    Not ``src/security.py`` nor ``docs/support.md``, named like one elsewhere."""
    return "/" not in path.rstrip("/") and _COMMUNITY.match(path) is not None


def _wiki(files: Iterable[str], tops: Mapping[str, list[str]]) -> Pages | None:
    """The project's folder itself, when its top is mostly pages other than the usual
    README, CHANGELOG, LICENSE... (a GitHub wiki's clone): ``mdbrain import .``, counted
    with the pages of its folders, which that import brings in as well."""
    top = [path for path in files if "/" not in path]
    at_top = pages(top)
    own = [page for page in at_top if not community_file(page)]
    if len(own) < _WIKI_PAGES or 2 * len(at_top) < len(top):
        return None
    below = sum(len(pages(inside)) for inside in tops.values())
    return Pages(".", len(at_top) + below, None)


MDBOOK_SUMMARY = "SUMMARY.md"  # an mdBook's table of contents, in its source folder
_SUMMARY_ENTRY = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\[((?:[^\[\]\\]|\\.)+)\]\(<?([^()<>\s]+)>?\)")


def mdbook_titles(summary: str) -> dict[str, str]:
    """The title an mdBook's ``SUMMARY.md`` gives each chapter (``- [Title](path.md)``,
    or a prefix chapter's ``[Title](path.md)`` alone on its line), by the chapter's path
    from the book's source folder; the first title of a page listed twice wins."""
    out: dict[str, str] = {}
    for line in summary.split("\n"):
        entry = _SUMMARY_ENTRY.match(line)
        if entry is None:
            continue
        target = entry.group(2).split("#", 1)[0].removeprefix("./")
        title = " ".join(entry.group(1).replace("\\", "").split())
        if target.lower().endswith(".md") and title:
            out.setdefault(target, title)
    return out


def named_source(tool: str, config: str) -> str | None:
    """The folder a site's configuration names for its pages, as written (``src`` in a
    book.toml, ``docs_dir`` in an mkdocs.yml, ``contentDir`` in Hugo's); None when it
    names none, or the tool is none of those."""
    pattern = _NAMED.get(tool)
    named = pattern.search(config) if pattern else None
    return named.group(1).strip() if named else None


# a folder a Docusaurus configuration names: its docs plugin's "path" ("../docs")
_DOCUSAURUS_PATH = re.compile(r"""\bpath\s*:\s*["']([^"'\n]+)["']""")


def docusaurus_paths(config: str) -> tuple[str, ...]:
    """The folders a Docusaurus configuration names as ``path`` (its docs, its blog),
    as written, from the configuration's folder."""
    return tuple(found.group(1).strip() for found in _DOCUSAURUS_PATH.finditer(config))


def mkdocs_docs_dir(config: str) -> str:
    """The folder an ``mkdocs.yml`` builds its pages from, from the file's folder."""
    named = _NAMED["MkDocs"].search(config)
    return _norm(named.group(1) if named else "docs")


def mkdocs_titles(config: str) -> dict[str, str]:
    """The title an ``mkdocs.yml`` gives each page in its navigation (``nav``), by the
    page's path from the docs folder; nothing when the file cannot be read as YAML.

    An entry is ``Title: page.md``, a section ``Title: [entries]``, or a bare
    ``page.md`` (which names no title); links to other sites are left out. MkDocs
    configurations often hold tags of their own (``!ENV``, ``!!python/name:``):
    they are read as nothing, since only the navigation matters here.
    """
    import yaml

    class _Lenient(yaml.SafeLoader):
        pass

    def _nothing(_loader: yaml.SafeLoader, _suffix: str, _node: yaml.Node) -> None:
        return None

    _Lenient.add_multi_constructor("!", _nothing)
    _Lenient.add_multi_constructor("tag:yaml.org,2002:python/", _nothing)
    try:
        data = yaml.load(config, Loader=_Lenient)  # noqa: S506 - a SafeLoader, unknown tags dropped
    except yaml.YAMLError:
        return {}
    out: dict[str, str] = {}
    _nav_titles(data.get("nav") if isinstance(data, dict) else None, out, depth=0)
    return out


def _nav_titles(entries: object, out: dict[str, str], depth: int) -> None:
    """The titles of a list of ``nav`` entries into ``out``, in the order written (the
    first title of a page listed twice wins); nesting deeper than 32 is left out."""
    if not isinstance(entries, list) or depth > 32:
        return
    for entry in entries:
        if not isinstance(entry, dict):
            continue  # a bare page names no title
        for title, target in entry.items():
            if isinstance(target, list):
                _nav_titles(target, out, depth + 1)
            elif _page_entry(title, target):
                out.setdefault(_norm(str(target)), " ".join(str(title).split()))


def _page_entry(title: object, target: object) -> bool:
    """Whether a ``nav`` entry gives a title to a page of the site (not another site)."""
    return (
        isinstance(title, str)
        and isinstance(target, str)
        and bool(title.strip())
        and "://" not in target
        and target.lower().endswith(MARKDOWN_SUFFIXES)
    )


# --- Jekyll's collections ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Jekyll:
    """Where a Jekyll site keeps its collections and serves their documents, as its
    ``_config.yml`` says: the folder they are in (``collections_dir``, '' for the site's
    own), and the permalink of each collection whose documents the site outputs, by
    name (etalab/doc.data.gouv.fr: ``collections_dir: articles``, its ``moissonnage``
    collection in ``articles/_moissonnage/`` served at ``/moissonnage/dcat/``)."""

    collections_dir: str = ""
    collections: tuple[tuple[str, str], ...] = ()  # (name, permalink), in order written

    def collection_of(self, path: str) -> tuple[str, str, str] | None:
        """The collection holding the file at ``path`` (from the site's folder), its
        permalink, and the file's path in the collection's folder; None for a file of
        none that the site outputs."""
        inside = path
        if self.collections_dir:
            if not path.startswith(self.collections_dir + "/"):
                return None
            inside = path[len(self.collections_dir) + 1 :]
        folder, _, rest = inside.partition("/")
        if not rest or not folder.startswith("_"):
            return None
        name = folder[1:]
        permalink = next((link for named, link in self.collections if named == name), None)
        return None if permalink is None else (name, permalink, rest)


# the permalink Jekyll serves a collection's documents at when the collection names none:
# "/:collection/:path:output_ext", ended by a slash with "permalink: pretty" (an address
# :func:`jekyll_address` reads alike either way)
JEKYLL_PERMALINK: Final = "/:collection/:path/"
# the permalink styles Jekyll names (its site-wide "permalink: pretty"): a collection
# given one is served at the default address, its ending aside
_PERMALINK_STYLES: Final = frozenset({"pretty", "date", "ordinal", "none", "weekdate"})
_COLLECTIONS_MOST: Final = 200  # collections of one site read, at most
_PERMALINK_MOST: Final = 300  # characters of a collection's permalink read, at most
# a placeholder of a permalink (":collection", ":path", ":output_ext"): a run of word
# characters after a colon, linear
_PLACEHOLDER = re.compile(r":([a-z_]{1,40})")


def jekyll_site(data: Mapping[str, Any]) -> Jekyll:
    """What a Jekyll configuration (``data``, its YAML as read) says of its collections
    (see :class:`Jekyll`): the collections listed by name alone, or not output
    (``output: true`` is not their default), are served nowhere, and a permalink style
    (``pretty``) or none is :data:`JEKYLL_PERMALINK`; a ``collections_dir``
    outside the site's folder is read as none. Posts, served by their day and name, are
    found so elsewhere."""
    folder = data.get("collections_dir")
    where = _norm(folder) if isinstance(folder, str) else "."
    where = "" if where in {".", ".."} or where.startswith("../") else where
    listed = data.get("collections")
    found: list[tuple[str, str]] = []
    for name, meta in list(listed.items())[:_COLLECTIONS_MOST] if isinstance(listed, dict) else []:
        if not isinstance(name, str) or not name or "/" in name or name == "posts":
            continue
        if not isinstance(meta, dict) or meta.get("output") in (None, False):
            continue  # Ruby's truth: any value but nil and false outputs
        permalink = meta.get("permalink")
        if not isinstance(permalink, str) or permalink.strip() in _PERMALINK_STYLES:
            permalink = JEKYLL_PERMALINK
        if len(permalink) <= _PERMALINK_MOST:
            found.append((name, permalink.strip()))
    return Jekyll(where, tuple(found))


def jekyll_address(site: Jekyll, path: str, slug: str = "") -> str | None:
    """The address the site serves the collection document at ``path`` (from the site's
    folder) at, as its collection's permalink places it (``/moissonnage/dcat/`` for
    ``articles/_moissonnage/dcat.md``): ``:collection``, ``:path`` (from the collection's
    folder, without suffix), ``:name``, ``:title`` (the page's ``slug`` field, else its
    name) and ``:output_ext`` filled in. None for a file of no collection the site
    outputs, or a permalink holding another placeholder (a day's, categories')."""
    found = site.collection_of(path)
    if found is None:
        return None
    name, permalink, rest = found
    stem = posixpath.splitext(rest)[0]
    values = {
        "collection": name,
        "path": stem,
        "name": posixpath.basename(stem),
        "title": slug.strip() or posixpath.basename(stem),
        "output_ext": "",
    }
    unknown = False

    def fill(match: re.Match[str]) -> str:
        nonlocal unknown
        value = values.get(match.group(1))
        unknown = unknown or value is None
        return value or ""

    address = _PLACEHOLDER.sub(fill, permalink)
    if unknown:
        return None
    return "/" + "/".join(part for part in address.split("/") if part)
