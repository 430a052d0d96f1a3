"""The ``import`` operation: bring an existing Markdown folder (or one page) into the base.

The source is only read. Its pages are Markdown (``.md``, ``.markdown``) and MDX
(``.mdx``: Docusaurus, Nextra, Astro), whose JavaScript (``import`` and ``export``
statements, ``{/* comments */}``) is left out of the documents, the rest kept as
written; pages in other formats (reStructuredText, AsciiDoc) are not read, and a
note says how many were left out. Every page becomes a document with slugged names and
an mdbrain frontmatter (its own when it already has a valid one), dated by the
page itself when it says when it was written; links between imported pages
follow them, wiki links included, and so do links to pages an earlier import
brought in; a link or an image that leads to another file of the project keeps
leading to it, and a code file becomes an impl_ref; decision records' status texts
become ``supersedes`` / ``superseded_by``. A page the guard stops is reported
with its line and what would let it through. Everything is planned in memory
first, then written atomically under the base's lock, and the indexes are
regenerated. ``legacy`` copies nothing and lists the old pages in one document.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import fnmatch
import hashlib
import itertools
import os
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote, unquote

from mdbrain.core import (
    adr,
    agent_files,
    allowance,
    cells,
    codemap,
    conversion,
    dates,
    document,
    edit,
    fields,
    folder_overview,
    foreign_links,
    frontmatter,
    guard,
    ids,
    import_plan,
    links,
    markdown,
    progress,
    sites,
    slug,
    snippets,
)
from mdbrain.core.errors import (
    DocumentError,
    GuardError,
    InvalidRequestError,
    MdbrainError,
)
from mdbrain.core.import_plan import (
    BrokenLink,
    Case,
    CodeLink,
    Plan,
    Renamed,
    Stopped,
    Supersession,
)
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.progress import counted
from mdbrain.service import anchoring, governance, guarding, overviews
from mdbrain.service.indexing import IndexReport
from mdbrain.service.session import Read, Session
from mdbrain.store import anchor_lock, files, git, scan, secret_scan

__all__ = [
    "BrokenLink",
    "Case",
    "CodeLink",
    "ImportReport",
    "Renamed",
    "Stopped",
    "Supersession",
    "import_folder",
    "walk",
]

LEGACY_NAME = "legacy-sources.md"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


@dataclass(frozen=True, slots=True)
class ImportReport:
    source: str
    dry_run: bool
    legacy: bool
    imported: dict[str, str]  # source path -> new id
    renamed: tuple[Renamed, ...]
    supersessions: tuple[Supersession, ...]
    unresolved: tuple[Case, ...]
    broken_links: tuple[BrokenLink, ...]
    skipped: tuple[Case, ...]  # pages not imported: secrets, unreadable
    stopped: tuple[Stopped, ...]  # what the guard found in the pages it kept out
    code_links: tuple[CodeLink, ...]
    notes: tuple[str, ...]
    listed: tuple[tuple[str, str], ...]  # legacy: (original path, title)
    written: tuple[str, ...]  # ids written; none on a dry run
    index: IndexReport | None  # None on a dry run
    theme: str = ""  # the folder of the base the pages went to ('' for the root)
    # pages imported again in place of the draft an earlier import made of them: they
    # changed since, or --verified puts them in force, and nobody edited the draft
    # (source path -> its id)
    refreshed: dict[str, str] = field(default_factory=dict)
    verified: bool = False  # the pages came in as in force, as their states say
    # the overviews written beside the pages, listing those nothing links to (ids)
    overviews: tuple[str, ...] = ()


@dataclass(slots=True)
class _Run:
    """One import: the session and source it reads, its plan, and what only the service
    finds (pages kept out, links to the project's files)."""

    session: Session
    source: Path
    plan: Plan
    inside: str | None  # the imported folder, from the project (None: no such limit)
    dry_run: bool = False
    page: str = ""  # the page asked for by its file name: imported whatever it is
    # the pages this import reads, as ``sources`` names them (from the project), casefolded
    walked: frozenset[str] = frozenset()
    site: Path | None = None  # the folder a site builds its pages from: "/img/a.png" is in it
    site_config: Path | None = None  # the folder of an MkDocs site's mkdocs.yml
    snippets: bool = False  # that site turns pymdownx.snippets on
    variants: bool = False  # ... markdown-include-variants ({* file ln[1:8] *})
    mdx: bool = False  # ... mdx_include ({!file!})
    book: bool = False  # the source is an mdBook's: {{#include file}} shows code
    translation: _Translation | None = None  # what the source translates, if it does
    # a language's folder (docs/fr) and the one its site is built with (docs/en), whose
    # files stand in for those it lacks (fastapi: the images, the untranslated pages)
    fallback: tuple[Path, Path] | None = None
    served: tuple[Path, ...] = ()  # folders a site serves at its root as they are (public/)
    # the files snippet includes put in pages, resolved: a page among them is a part
    included: set[Path] = field(default_factory=set)
    skipped: list[Case] = field(default_factory=list)
    # the pages skipped as only saying where they moved, by their path from the project
    # (casefolded): their path in the source, and the place they name
    moved: dict[str, tuple[str, str]] = field(default_factory=dict)
    followed: list[str] = field(default_factory=list)  # pages whose links to them followed
    stopped: list[Stopped] = field(default_factory=list)
    code: list[CodeLink] = field(default_factory=list)
    # pages an earlier import brought in that name a page imported now (paths from the source)
    naming_new: set[str] = field(default_factory=set)
    titles: dict[str, str] = field(default_factory=dict)  # the base's documents' titles, by id
    naming: dict[str, list[str]] = field(default_factory=dict)  # source -> documents naming it
    found: Manifest | None = None  # the base's documents before the import (read once)
    lock: anchor_lock.Lock = field(default_factory=dict)  # the base's ANCHORS.lock, read once
    # documents of the base the import rewrote surgically: id -> (hash before, hash after)
    rewrites: dict[str, tuple[str, str]] = field(default_factory=dict)
    _committed: dict[str, tuple[dt.date, dt.date]] | None = None
    _asked: int = 0  # pages git was asked about one by one (see committed)
    _tree: _Tree | None = None

    @property
    def tree(self) -> _Tree:
        """The project's folders, each listed once when a link first leads into it."""
        if self._tree is None:
            self._tree = _Tree(self.session.project.resolve(), self.session.root.resolve())
        return self._tree

    def committed(self, path: str) -> tuple[dt.date, dt.date] | None:
        """The first and last days git committed a page (a path from the source), for a
        page that states none; None outside git or for a page never committed."""
        if self._committed is None:
            try:
                self._committed = git.Git(self.source).file_days(
                    self.plan.today, follow=conversion.is_page
                )
            except MdbrainError:  # git refused the repository: the files alone speak
                self._committed = {}
        found = self._committed.get(path)
        if found is None and self._committed and self._asked < ASKED_ALONE:
            # named by no commit that lists files: a merge may have brought it (a subtree)
            self._asked += 1
            with contextlib.suppress(MdbrainError):
                found = git.Git(self.source).days_of(path)
        if found is None:
            return None
        today = self.plan.today
        return min(found[0], today), min(found[1], today)


ASKED_ALONE = 200  # pages no commit listing files names, asked of git one by one at most


# --- the source folder -------------------------------------------------------------


def _source(session: Session, source: Path) -> tuple[Path, str | None]:
    """The folder to read and, when SOURCE is one Markdown page, that page's name."""
    src = files.expand_user(source).resolve()
    root = session.root.resolve()
    if src == root or root in src.parents:
        raise InvalidRequestError(
            f"{source} is already inside the knowledge root; nothing to import", field="source"
        )
    if src.is_dir():
        _one_language_asked(source, src, sites.language(session.config.lang))
        return src, None
    if not src.is_file():
        raise InvalidRequestError(f"{source} is not a folder or a file", field="source")
    if not conversion.is_page(src.name):
        raise InvalidRequestError(
            f"{source} is not a Markdown page ({', '.join(conversion.PAGE_SUFFIXES)})",
            field="source",
        )
    return src.parent, src.name


def _a_page_s_folder(folder: Path) -> bool:
    """Whether a folder is a page of documentation whatever its name (MDN's
    ``regexp/test/index.md``): see :func:`mdbrain.core.codemap.pages_only`."""
    names = []
    for here, _dirs, found in os.walk(folder):
        names += [(Path(here) / n).relative_to(folder).as_posix() for n in found]
        if len(names) > PAGES_ONLY_MOST:
            return False  # a tree this large is no one page's
    return codemap.pages_only(names)


PAGES_ONLY_MOST = 64  # files a folder of one documentation page may hold (its pictures)


def walk(src: Path, skip: Path | None = None) -> tuple[list[str], list[str]]:
    """Every Markdown or MDX page under ``src`` but in hidden folders, sorted, and notes
    on what was left out (symbolic links, names that are not UTF-8, pages in formats
    import does not read)."""
    paths, notes = [], []
    foreign: dict[str, int] = {}  # suffix -> pages in another format
    for folder, dirs, names in os.walk(src):
        here = Path(folder)
        links_out = [n for n in dirs + names if (here / n).is_symlink()]
        notes += [
            f"{(here / n).relative_to(src).as_posix()}: symbolic link; left out" for n in links_out
        ]
        dirs[:] = sorted(d for d in dirs if d[0] != "." and here / d != skip and d not in links_out)
        for aside in [
            d
            for d in dirs
            if d.lower() in codemap.NOT_DOCUMENTATION and not _a_page_s_folder(here / d)
        ]:
            # Docusaurus' own site: 47 pages of its tests' fixtures, which init did not count
            dirs.remove(aside)
            shown = (here / aside).relative_to(src).as_posix()
            notes.append(
                f"{shown}/: pages of tests, fixtures or vendored code, not the project's "
                f"documentation; left out (import that folder to bring them in)"
            )
        translations = _translations_beside(here, dirs)
        if translations:  # Starlight's fr/, de/... beside the English pages they translate
            for name in translations:
                dirs.remove(name)
            named = [(here / name).relative_to(src).as_posix() + "/" for name in translations]
            listed = cells.first_of(named, LISTED_FOLDERS)
            notes.append(
                f"{listed}: translations of the pages beside them; left out (import one of"
                " them to bring it in as a translation, in its own language)"
            )
        for name in names:  # Docusaurus's copies of past versions, beside their list
            past = sites.past_versions_folder(name)
            if past in dirs:
                dirs.remove(past)
                old = (here / past).relative_to(src).as_posix()
                notes.append(
                    f"{old}/: the site's past versions, copies of its pages; left out "
                    f"(import one of its folders to bring that version in)"
                )
        for name in names:
            rel = (here / name).relative_to(src).as_posix()
            if name in links_out:
                continue
            if not conversion.is_page(name):
                if name.lower().endswith(conversion.OTHER_PAGE_SUFFIXES):
                    suffix = "." + name.rsplit(".", 1)[-1].lower()
                    foreign[suffix] = foreign.get(suffix, 0) + 1
                continue
            if not rel.isascii() and not scan.utf8_name(rel):
                notes.append(f"{rel!r}: name is not valid UTF-8; left out")
                continue
            paths.append(rel)
    if foreign:
        kinds = ", ".join(f"{suffix}: {n}" for suffix, n in sorted(foreign.items()))
        notes.append(
            f"{sum(foreign.values())} pages not in Markdown left out ({kinds}); "
            "import reads .md, .markdown and .mdx"
        )
    return _not_excluded(src, sorted(paths), notes), notes


LISTED_FOLDERS = 4  # folders a note names, the others counted


def _translations_beside(here: Path, dirs: list[str]) -> list[str]:
    """The folders of ``dirs`` named for a language whose pages are, for half of them or
    more, at the same paths from ``here``: translations of the pages beside them
    (withastro/starlight keeps its English pages in src/content/docs and fr/, de/, ja/...
    in it; importing that folder brought in fifteen languages mixed in one theme)."""
    named = [d for d in dirs if sites.named_for_a_language(d)]
    if not named:
        return []
    out = []
    for name in named:
        try:
            mine = list(itertools.islice(_pages_below(here / name), _SAMPLED))
        except OSError:
            continue
        if mine and 2 * sum(1 for page in mine if (here / page).is_file()) >= len(mine):
            out.append(name)
    return out


def _not_excluded(src: Path, paths: list[str], notes: list[str]) -> list[str]:
    """``paths`` without the pages a Jekyll site's ``_config.yml`` at ``src`` excludes
    from the site (its ``exclude`` list: names, paths or patterns such as ``Gemfile*``),
    said in one note: Homebrew/brew's docs exclude AGENTS.md, README.md and vale-styles,
    which came in as pages of the documentation."""
    patterns = _jekyll_excluded(src)
    if not patterns:
        return paths
    kept, left = [], []
    for path in paths:
        parts = path.split("/")
        prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
        if any(fnmatch.fnmatchcase(p, pattern) for p in prefixes for pattern in patterns):
            left.append(path)
        else:
            kept.append(path)
    if left:
        notes.append(
            f"{len(left)} page{'s' if len(left) > 1 else ''} the site leaves out ('exclude' in"
            f" _config.yml) not imported: {', '.join(left[:5])}"
            + (f" and {len(left) - 5} more" if len(left) > 5 else "")
            + " (import a file alone to bring it in)"
        )
    return kept


def _jekyll_excluded(src: Path) -> list[str]:
    """The patterns of the ``exclude`` list of a Jekyll configuration at ``src``."""
    data = _jekyll_config(src)
    listed = data.get("exclude") if data is not None else None
    if not isinstance(listed, list):
        return []
    return [str(item).strip().strip("/") for item in listed if str(item).strip("/ ")]


_JEKYLL_CONFIGS = ("_config.yml", "_config.yaml")


def _jekyll_config(folder: Path, rel: str = "") -> dict[str, Any] | None:
    """The data of the Jekyll configuration in the folder ``rel`` of ``folder`` (the
    first of :data:`_JEKYLL_CONFIGS` that reads), at most :data:`_CONFIG_MOST` bytes
    of it read by the project's YAML reader; an empty one when it is no mapping or does
    not parse, None without one."""
    for name in _JEKYLL_CONFIGS:
        try:
            raw = files.read(folder, posixpath.join(rel, name), limit=_CONFIG_MOST)
        except MdbrainError:
            continue
        try:
            data = frontmatter.parse_yaml(raw.decode("utf-8", "replace"))
        except frontmatter.InvalidYamlError:
            return {}
        return data if isinstance(data, dict) else {}
    return None


def _jekyll_site(src: Path, project: Path) -> tuple[sites.Jekyll, str] | None:
    """The Jekyll site the source is in, as its configuration says (see
    :func:`sites.jekyll_site`), and the source's folder from the site's: the nearest
    folder from ``src`` up to the project's top (``src`` alone, for a source outside
    the project) that holds a ``_config.yml``. etalab/doc.data.gouv.fr's pages are in
    ``articles/``, its configuration at the project's top."""
    src = src.resolve()
    root = project if src == project or project in src.parents else src
    for place in (src, *src.parents):
        if place != root and root not in place.parents:
            return None
        folder = place.relative_to(root).as_posix()
        data = _jekyll_config(root, "" if folder == "." else folder)
        if data is not None:
            rel = src.relative_to(place).as_posix()
            return sites.jekyll_site(data), "" if rel == "." else rel
    return None


def _one_language_asked(source: Path, src: Path, lang: str) -> None:
    """Refuse a folder that holds the same pages once per language (fastapi's docs/:
    docs/en/docs, docs/fr/docs...), naming the imports to run instead: brought in whole,
    every language mixed in one theme, with no ``lang``, its includes kept raw (each
    language's site configuration sits in its own folder) and five copies of every
    answer."""
    listed = []
    for folder, dirs, names in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        here = Path(folder).relative_to(src.parent).as_posix()
        listed += [f"{here}/{name}" for name in names]
    found = sites.page_folders(listed, {}, lang=lang)
    if len(found) != 1 or not found[0].translations or found[0].folder == src.name:
        return
    own = (source / found[0].folder.partition("/")[2]).as_posix()
    languages = ", ".join(posixpath.basename(t) for t in found[0].translations)
    raise InvalidRequestError(
        f"{source} holds its pages once per language; import one language at a time: "
        f"'mdbrain import {own}' for the base's ({lang}), then a translation the same way "
        f"if you want it ({languages}): its pages get their language and a theme of it",
        field="source",
    )


def _origin(session: Session, src: Path) -> Callable[[str], str]:
    """Provenance: the path from the project when the source is in it, else from its parent."""
    project = session.project.resolve()
    inside = src == project or project in src.parents
    rel = src.relative_to(project).as_posix() if inside else src.name
    base = "" if rel == "." else rel  # ".github/docs" keeps its dot
    return lambda rel: posixpath.join(base, rel)


class _Site(NamedTuple):
    docs: Path  # the folder its pages are built from
    config: str  # its mkdocs.yml
    folder: Path  # where that mkdocs.yml is: the base its snippet includes are read from


def _mkdocs_site(project: Path, src: Path) -> _Site | None:
    """The MkDocs site ``src`` belongs to: from the nearest ``mkdocs.yml`` at or above
    it, within the project, whose docs folder holds ``src`` or lies inside it
    (fastapi's docs/en/mkdocs.yml builds docs/en/docs). Unreadable or foreign
    configurations give None."""
    inside = src == project or project in src.parents
    for folder in [src, *src.parents] if inside else [src, src.parent]:
        for config in _mkdocs_configs(folder):
            docs = (folder / sites.mkdocs_docs_dir(config)).resolve()
            holds = src == docs or docs in src.parents or src in docs.parents
            return _Site(docs, config, folder) if holds else None
        if folder == project:
            break
    return None


_INHERIT = re.compile(r"^INHERIT:[ \t]*['\"]?([\w./-]+?\.ya?ml)['\"]?[ \t]*$", re.MULTILINE)
_INHERIT_DEPTH = 4  # configurations a site's may build on, one after the other


def _mkdocs_configs(folder: Path) -> Iterator[str]:
    """The MkDocs configurations of ``folder``: its ``mkdocs.yml``, else those of its
    ``mkdocs-*.yml`` that build on another (``INHERIT: mkdocs-common.yml``: Textual's
    online and offline sites), each with what it builds on after it (its own settings
    read first). Unreadable files are passed over."""

    def read(name: str) -> str | None:
        with contextlib.suppress(MdbrainError, OSError, UnicodeDecodeError):
            return files.read(folder, name, limit=1 << 20).decode("utf-8")
        return None

    for name in ("mkdocs.yml", "mkdocs.yaml"):
        text = read(name)
        if text is not None:
            yield text
            return
    with contextlib.suppress(OSError):
        names = sorted(
            entry.name
            for entry in os.scandir(folder)
            if entry.name.startswith("mkdocs") and entry.name.endswith((".yml", ".yaml"))
        )
        for name in names:
            text = read(name)
            if text is None or _INHERIT.search(text) is None:
                continue
            chain, seen = [text], {name}
            while (found := _INHERIT.search(chain[-1])) and len(chain) < _INHERIT_DEPTH:
                parent = posixpath.normpath(found.group(1))
                above = None if parent in seen or parent.startswith("..") else read(parent)
                if above is None:
                    break
                seen.add(parent)
                chain.append(above)
            yield "\n".join(chain)


def _site_of(run: _Run, site: _Site | None) -> None:
    """What an import needs of the MkDocs site the source belongs to, if any: the folder
    its pages are built from, and the one its includes are read from (its mkdocs.yml's),
    when it turns pymdownx.snippets on, and which code includes it reads; and whether
    the source is an mdBook's (its book.toml beside it or above, or its SUMMARY.md)."""
    # an mdBook's: its book.toml beside the source or above it, or its table of contents
    book = [run.source / "book.toml", run.source.parent / "book.toml", run.source / "SUMMARY.md"]
    run.book = any(path.is_file() for path in book)
    if site is not None:
        run.site, run.site_config = site.docs, site.folder
        run.snippets = "pymdownx.snippets" in site.config
        run.variants = "markdown_include_variants" in site.config
        run.mdx = "mdx_include" in site.config


def _site_titles(site: _Site | None, src: Path) -> dict[str, str]:
    """The titles the MkDocs navigation of ``site`` gives the pages under ``src``, by
    their path from ``src``; else those of an mdBook's table of contents in ``src``."""
    if site is None:
        return _book_titles(src)
    docs, config, _folder = site
    titles = sites.mkdocs_titles(config)
    if src in docs.parents:  # the site's pages lie in a folder of the source
        below = docs.relative_to(src).as_posix()
        return {f"{below}/{page}": title for page, title in titles.items()}
    under = src.relative_to(docs).as_posix().removeprefix(".")
    return {
        page[len(under) + 1 :] if under else page: title
        for page, title in titles.items()
        if not under or page.startswith(under + "/")
    }


def _book_titles(src: Path) -> dict[str, str]:
    """The chapter titles of the mdBook whose source folder is ``src`` (its
    ``SUMMARY.md``), by their path from ``src``; nothing without one."""
    try:
        text = files.read_path(src / sites.MDBOOK_SUMMARY, limit=1 << 20).decode("utf-8")
    except (MdbrainError, UnicodeDecodeError):
        return {}
    return sites.mdbook_titles(text)


# --- reading ---------------------------------------------------------------------------


def _already_imported(run: _Run) -> dict[str, str]:
    """The source paths earlier imports recorded in the base's ``sources`` fields, each
    with the document that names it (one that names it first, when there are several).
    A source the document also has among its impl_refs is a file it describes, not a
    page it was made from: init --scan's layout draft reads the README's outline, and
    the README can still be imported."""
    if run.dry_run:  # a dry run writes nothing, not even the entry cache
        found = scan.scan(run.session.root, run.session.config, use_cache=False)[0]
    else:
        found = run.session.manifest()
    named: dict[str, str] = {}
    run.found = found
    run.titles = {entry.id: entry.title or "" for entry in found.entries}
    for first in (True, False):
        for entry in found.entries:
            sources = fields.strings(entry.meta, "sources")
            described = set(fields.strings(entry.meta, "impl_refs"))
            for source in sources[:1] if first else sources[1:]:
                if source not in described:
                    named.setdefault(source, entry.id)
                    run.naming.setdefault(source, []).append(entry.id)
    return named


_IMPORTED = "already imported (it is in a document's sources)"


def _refreshed(
    run: _Run, path: str, made: str, entry: Entry | None, lock: anchor_lock.Lock
) -> bool:
    """Whether the page ``path``, which the document ``made`` was imported from, is to be
    imported again in its place: it changed since, and the document is still as that
    import wrote it, a draft, or in force when this import puts its pages in force
    too (``--verified``: linkerd/rfc's records imported so were never refreshed, and
    said to be edited). Otherwise it is skipped, and said to be: a page changed under
    a document someone edited since is left to them (``update`` flags it once the
    document is in force)."""
    source = run.plan.origin(path)
    changed, untouched = (
        anchoring.stale_copy(lock, run.session.project, entry, source)
        if entry is not None
        else (False, False)
    )
    if changed and not untouched and entry is not None:
        untouched = _flagged_alone(run, entry, lock.get(entry.id, {}).get(source, {}))
    again = entry is not None and (entry.status == "draft" or run.plan.verified)
    # or a draft as import wrote it, which --verified asked now puts in force as its page
    # says: nats-io's log, imported once without it, stayed drafts ("already imported")
    promoted = run.plan.verified and entry is not None and entry.status == "draft"
    if (changed or promoted) and untouched and again:
        run.plan.refresh[path] = made
        return True
    why = _IMPORTED
    if changed and untouched:
        why = (
            f"imported as {made}, in force; the page changed since: import it again with"
            " --verified to take its new text, or see what update says"
        )
    elif changed:
        why = (
            f"imported as {made}; the page changed since, and so did the document (edited"
            " or checked): compare them by hand"
        )
    elif promoted:
        why = f"imported as {made}, a draft edited since: 'mdbrain verify {made}' puts it in force"
    run.skipped.append(Case(path, "", why))
    return False


def _written(
    run: _Run, pages: dict[str, conversion.Page], texts: dict[str, str], dry_run: bool
) -> list[str]:
    """Write each page's text as its document (none on a dry run); the ids written. A
    draft made again as it was (``--verified`` leaves a proposal a draft) is neither
    written nor counted, imported or replaced; a page the guard stops at the write is
    left out, and said to be."""
    plan, session = run.plan, run.session
    written = []
    for path, text in counted(list(texts.items()), session.progress, "writing"):
        doc_id = plan.ids[path]
        if path in plan.refresh and _as_it_is(session, doc_id, text):
            del plan.ids[path], plan.refresh[path]
            continue
        try:
            if not dry_run:
                session.write(doc_id, text, marks=True)  # the source's own page
        except GuardError as exc:
            _stopped_at_write(run, pages[path], exc)
            import_plan.drop_refused(plan, {path: plan.ids.pop(path)})
            continue
        written.append(doc_id)
    return written


def _as_it_is(session: Session, doc_id: str, text: str) -> bool:
    """Whether the document ``doc_id`` holds ``text`` already, but for the day it says it
    was reviewed: a proposal --verified leaves a draft would take today's at each import."""
    try:
        now = session.read(doc_id).text
    except MdbrainError:
        return False
    return edit.remove_field(now, "reviewed") == edit.remove_field(text, "reviewed")


def _flagged_alone(run: _Run, entry: Entry, recorded: Mapping[str, str]) -> bool:
    """Whether a document in force differs from what its import wrote only by what
    ``update`` puts on one whose page changed: ``status: needs-review`` and its
    ``review_reason``. grpc/proposal: importing the changed page again with --verified
    was refused, said to be edited, where update alone had flagged it."""
    written = recorded.get("written")
    if entry.status != "needs-review" or not written:
        return False
    try:
        text = run.session.read(entry.id).text
    except MdbrainError:
        return False
    unflagged = edit.remove_field(edit.set_field(text, "status", "stable"), "review_reason")
    return hashlib.sha256(unflagged.encode("utf-8")).hexdigest() == written


def _made_from(run: _Run, path: str, doc_id: str, *, base: Path | None = None) -> bool:
    """Whether the document ``doc_id``, whose ``sources`` name the page ``path`` (from the
    source folder, or from ``base``), was made from it rather than citing it: its file
    is named as import names the page's (moved since, it keeps its title), or its title
    is the page's. golang/proposal: a decision written with ``--source README.md`` kept
    the README from ever being imported."""
    origin = path if base is not None else run.plan.origin(path)
    if "written" in run.lock.get(doc_id, {}).get(origin, {}):
        # the lock says an import wrote it from that page: moved and retitled since
        # (kubernetes/enhancements: a KEP titled from its kep.yaml), it is still its page
        return True
    stem = conversion.page_stem(posixpath.basename(path))
    own = posixpath.basename(doc_id).rsplit(".", 1)[0]
    names = {slug.slugify(stem, fallback="")}
    if stem.lower() in ("index", "_index", "readme"):  # a folder's start page, renamed
        names |= {"home", "contents"}
    if own in names or _NUMBERED_COPY.sub("", own) in names:
        return True
    try:
        raw = document.decode(files.read(base or run.source, path), path=path)
    except MdbrainError:
        return True  # nothing to tell them apart by: as before, the page is not imported
    page = conversion.parse(path, raw.removeprefix(document.BOM))
    title = " ".join(run.plan.title(path, page.body, page.meta).split()).casefold()
    return title == " ".join(run.titles.get(doc_id, "").split()).casefold()


_NUMBERED_COPY = re.compile(r"-\d+$")  # "readme-2": a name import took beside another


# what became of a frontmatter YAML rejects: read line by line, or kept as code
_FRONTMATTER_KEPT = {
    True: "its lines were read one by one as 'key: value'",
    False: "the frontmatter is kept as a code block",
}


def _book_contents(run: _Run, path: str) -> str:
    """Why a book's SUMMARY.md (mdBook's, GitBook's) is not imported ('' for any other
    page): it is the book's table of contents, which the site draws as its side bar.
    Zed's came in as a page titled "Summary", and was then a neighbour of nearly every
    page."""
    top = run.book and path.casefold() == "summary.md"
    if top or (posixpath.basename(path).casefold() == "summary.md" and _book_source(run, path)):
        return (
            "the book's table of contents (its SUMMARY.md, as mdBook and GitBook write it),"
            " which titled its pages;"
            " import the file alone to keep it"
        )
    return ""


def _left_out(run: _Run, path: str, page: conversion.Page, why: str) -> None:
    """Report a page left out as no knowledge of its own; one that only says where it
    moved is remembered, for links to it to lead there (:func:`_followed`)."""
    run.skipped.append(Case(path, "", why))
    moved = conversion.moved_to(page.body)
    if moved:
        run.moved[run.plan.origin(path).casefold()] = (path, moved)


def _no_knowledge(page: conversion.Page, record: adr.Record | None) -> str:
    """Why a page of a folder is no knowledge of its own ('' when it is): a decision
    record template, an API page a site fills from the code, or a page that only points
    at its new place."""
    if record is not None and record.template:
        why = f" ({record.why_template})" if record.why_template else ""
        return f"a decision record template{why}, not a decision; import the file alone to keep it"
    if record is None and adr.is_form(page.path, page.body):
        return (
            "a template to fill in (its name says so, and it holds little but headings);"
            " import the file alone to keep it"
        )
    if conversion.api_stub(page.body):
        return conversion.API_STUB
    if conversion.says_nothing(page):
        return "an empty page (nothing but blank lines and headings), no knowledge to import"
    moved = conversion.moved_to(page.body)
    if moved:  # rust-lang/rfcs: "Moved to [2071-impl-trait-existential-types.md](…)."
        return (
            f"a page that only says it moved to {moved}, no knowledge of its own; import"
            " the file alone to keep it"
        )
    return ""


# frontmatter fields that say who wrote or keeps a page: their e-mail addresses are
# contact details, not knowledge (ethereum/EIPs writes "Ann (@ann) <ann@example.org>")
_ATTRIBUTION = frozenset(
    {
        "author", "authors", "editor", "editors", "maintainer", "maintainers", "owner",
        "owners", "contact", "contacts", "contributor", "contributors", "reviewer",
        "reviewers", "approver", "approvers", "creator", "creators", "shepherd", "shepherds",
    }
)  # fmt: skip
_ADDRESS_IN_FIELD = re.compile(r"\s*<?\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b>?")


def _holds_address(item: object) -> bool:
    if isinstance(item, dict):
        return any(_holds_address(value) for value in item.values())
    # a handle ("@nelson-parente") is no address: dapr/proposals was told of addresses
    # left out of a line that held none
    return isinstance(item, str) and "@" in item and _ADDRESS_IN_FIELD.search(item) is not None


def _without_address(item: Any) -> Any:
    """An author as a field names one, without an e-mail address: a line of text, or a
    mapping (prometheus/docs' OpenMetrics specs: ``name``, ``organization``, ``email``)
    whose address fields are left out and whose other lines lose theirs."""
    if isinstance(item, dict):
        return {
            key: _without_address(value)
            for key, value in item.items()
            if fields.key_name(key).replace("_", "") not in ("email", "mail")
        }
    if isinstance(item, str):
        return _unaddressed(item)
    return item


# what an address left out leaves empty: a link ("[](mailto:)"), brackets, the entities
# around it (golang/proposal's "Dave Cheney &lt;dave@cheney.net&gt;")
_LEFT_EMPTY = re.compile(r"\[\s*\]\(\s*(?:mailto:)?\s*\)|\(\s*\)|<\s*>|&lt;\s*&gt;|\[\s*\]")
_ENTITY_END = re.compile(r"&#?\w{1,8};$")


def _unaddressed(text: str) -> str:
    """``text`` without its e-mail addresses, nor what they leave empty (twice: a link
    inside brackets), on one line, the separators left at its ends gone but an entity's
    own ";"."""
    said = _LEFT_EMPTY.sub("", _LEFT_EMPTY.sub("", _ADDRESS_IN_FIELD.sub("", text)))
    said = " ".join(re.sub(r"\s+([,;])", r"\1", said).split()).strip(" ,")
    while said.endswith(";") and not _ENTITY_END.search(said):
        said = said[:-1].rstrip(" ,")
    return said


def _names_people(key: object) -> bool:
    """Whether a field's name says it names who wrote or keeps the page: ``author``, and
    the names built on one (NixOS/rfcs' ``co-authors``, ``shepherd-leader``)."""
    words = fields.key_name(key).split("_")
    return any(word.removeprefix("co") in _ATTRIBUTION or word in _ATTRIBUTION for word in words)


def _without_addresses(run: _Run, pages: dict[str, conversion.Page]) -> None:
    """Leave the e-mail addresses out of the fields that name a page's authors, when the
    guard refuses personal data: a name and a handle say who wrote it, and the guard
    refused ethereum/EIPs' pages whole, 80 of them, EIP-1 among them, for these alone.
    Said in one note."""
    if not run.session.config.guard_personal_data:
        return
    changed = []
    for path, page in pages.items():
        meta = dict(page.meta)
        for key, value in page.meta.items():
            if not _names_people(key):
                continue
            items = value if isinstance(value, list) else [value]
            if not any(_holds_address(i) for i in items):
                continue
            kept = [_without_address(i) for i in items]
            kept = [i for i in kept if i not in ("", {})]
            meta[key] = kept if isinstance(value, list) else ", ".join(map(str, kept))
        body = _authors_without_addresses(page.body)
        if meta != page.meta or body != page.body:
            fielded = dataclasses.replace(page, meta=meta)
            pages[path] = import_plan.with_body(fielded, body) if body != page.body else fielded
            changed.append(path)
    if changed:
        run.plan.notes.append(
            f"e-mail addresses left out of the author fields of {len(changed)}"
            f" page{'' if len(changed) == 1 else 's'}"
            f" ({_listed(changed)}): the guard refuses personal data; names and handles"
            " are kept (guard.personal_data: false in .rag keeps the addresses)"
        )


# a line at a page's top that names its authors, as a field: "* Author(s): Mark Roth
# (someone@host)", "**Authors:** ..." (grpc/proposal's proposals open so)
_NAMED_BY = "|".join(sorted(_ATTRIBUTION))
_AUTHOR_LINE = re.compile(
    rf"^(?P<head>[ \t]{{0,3}}(?:[-*+][ \t]+)?[*_]*(?:{_NAMED_BY})(?:\(s\))?[*_]*[ \t]*:[*_]*)"
    r"(?P<said>.*)$",
    re.IGNORECASE,
)
_AUTHOR_LINES = 30  # lines of a page's top where its fields are read


def _authors_without_addresses(body: str) -> str:
    """``body`` with the e-mail addresses left out of the lines at its top that name
    its authors (:data:`_AUTHOR_LINE`); brackets left empty go too."""
    if "@" not in body:
        return body
    lines = body.split("\n")
    fence = ""  # a commit's "Author:" in a block of git's output is no field
    # but a preamble's is (Stellar's SEPs: "Author: ... <tom@host>" in a block of fields)
    preamble = bool(conversion.preamble_fields(body))
    inside = ""  # the fence of the preamble, while its lines are read
    for number, line in enumerate(lines[:_AUTHOR_LINES]):
        if fence:
            fence = "" if markdown.closes_fence(line, fence) else fence
            continue
        if inside and markdown.closes_fence(line, inside):
            inside = ""
            continue
        if not inside and (opened := markdown.FENCE.match(line)) is not None:
            if preamble:
                inside, preamble = opened.group(1), False
            else:
                fence = opened.group(1)
            continue
        found = _AUTHOR_LINE.match(line) if "@" in line else None
        if found is None or _ADDRESS_IN_FIELD.search(found.group("said")) is None:
            continue  # no line of authors, or one naming them by their handles alone
        lines[number] = found.group("head") + " " + _unaddressed(found.group("said"))
    return "\n".join(lines)


def _read(run: _Run, paths: list[str]) -> dict[str, conversion.Page]:
    """Every page that can be imported; the others are reported as skipped."""
    pages = {}
    done = _already_imported(run)
    project = run.session.project
    lock = run.lock = anchor_lock.read(run.session.root)[0]
    for source, doc_id in done.items():
        # a document that only cites a file (cncf/toc: a decision written with --source
        # naming an issue template) is not that file's page: links to it stay links to it
        if not conversion.is_page(source) or _made_from(run, source, doc_id, base=project):
            run.plan.earlier.setdefault(source.casefold(), doc_id)
    manifest = run.found if lock else None  # as _already_imported read it: a dry run writes
    for path in counted(paths, run.session.progress, "reading"):
        # importing again adds nothing; a document that only cites the page is no import
        made = next(
            (d for d in run.naming.get(run.plan.origin(path), ()) if _made_from(run, path, d)),
            None,
        )
        entry = manifest.get(made) if manifest is not None and made is not None else None
        if made is not None and not _refreshed(run, path, made, entry, lock):
            run.plan.before[path] = made
            continue
        if _partial(path) and not run.page:
            run.skipped.append(Case(path, "", _PARTIAL))
            continue
        try:
            raw = document.decode(files.read(run.source, path), path=path)
        except MdbrainError as exc:
            run.skipped.append(Case(path, "", f"cannot be read: {exc.message}"))
            continue
        written = raw
        raw = _with_snippets(run, path, _with_code(run, path, _with_book(run, path, raw)))
        raw = _with_hugo(run, path, _with_liquid(run, path, _with_partials(run, path, raw)))
        if agent_files.START in raw:  # the pointer agents install writes is no knowledge
            raw = agent_files.without_section(raw)
            if not any(line.strip() and line.lstrip()[0] != "#" for line in raw.split("\n")):
                run.skipped.append(Case(path, "", _POINTER))
                continue
        page = conversion.with_preamble(
            _with_sibling_fields(run, path, conversion.parse(path, raw.removeprefix(document.BOM)))
        )
        record = adr.read(run.plan.origin(path), page.body, page.meta)  # its folder counts
        if not run.page and (why := _no_knowledge(page, record) or _book_contents(run, path)):
            _left_out(run, path, page, why)
            continue
        if _kept_out(run, page, written, raw):
            continue
        pages[path] = page
        plan = run.plan
        if page.problem:
            plan.notes.append(f"{path}: {page.problem}; {_FRONTMATTER_KEPT[page.loose]}")
        if record is not None:
            plan.records[path] = record
        _dated(run, page, record)
        _note_macros(plan, page)
    _parts_left_out(run, pages)
    _maturities(run, pages)
    _logged(run, pages)
    _macros_note(run.plan)
    _read_earlier(run, pages)
    return pages


_PART = "a part other pages include, shown in them; import the file alone to keep it"


def _parts_left_out(run: _Run, pages: dict[str, conversion.Page]) -> None:
    """Leave out the pages other pages include whole (:data:`_PART`): Textual's
    docs/snippets/ came in as pages of their own, and the check reported their links,
    written for the pages that include them, as leading nowhere."""
    if not run.included or run.page:
        return
    for path in sorted(pages):
        if (run.source / path).resolve() in run.included:
            del pages[path]
            run.plan.records.pop(path, None)
            run.skipped.append(Case(path, "", _PART))


MATURITY_PAGES = 3  # pages giving a maturity on their status line: a convention of the pages


def _maturities(run: _Run, pages: dict[str, conversion.Page]) -> None:
    """Take back the records read from a status line alone when the pages use that line
    for their maturity: "Deprecated" among pages that are "Stable" or "Development"
    (the OpenTelemetry specification) is a page on its way out, no decision record.
    That is the pages' convention when more pages give a maturity there than a state."""
    plan = run.plan
    given = [adr.gives_maturity(page.body) for page in pages.values()]
    mature, stating = given.count(True), given.count(False)
    if mature < MATURITY_PAGES or mature <= stating:
        return  # grpc/proposal: 16 pages "Ready for Implementation", 160 with a state
    weak = [
        path
        for path, page in sorted(pages.items())
        if path in plan.records
        and adr.read(plan.origin(path), page.body, page.meta, by_state=False) is None
    ]
    for path in weak:
        said = plan.records.pop(path).stated
        plan.notes.append(
            f"{path}: its status ({said}) is read as the page's maturity, as {mature} other"
            " pages give theirs: imported as a page, not a decision record"
        )


def _logged(run: _Run, pages: dict[str, conversion.Page]) -> None:
    """Read as records the numbered pages of a folder whose numbered pages are records
    nearly all (:func:`adr.in_a_log`): one kind of page, one type."""

    def shaped(path: str) -> bool:
        return adr.design_shaped(pages[path].body)

    for path in sorted(adr.in_a_log(pages, run.plan.records, shaped)):
        page = pages[path]
        record = adr.read(run.plan.origin(path), page.body, page.meta, in_log=True)
        if record is not None and not record.template:
            run.plan.records[path] = record
            _dated(run, page, record)


def _with_snippets(run: _Run, path: str, raw: str) -> str:
    """The page as its MkDocs site shows it, when the site turns pymdownx.snippets on:
    each snippet include (``--8<-- "CONTRIBUTING.md"``) replaced by the file it names,
    from the folder of mkdocs.yml (the extension's base path) and never outside it.
    Includes that are not read are noted, each with why."""
    base = run.site_config
    if base is None or not run.snippets or snippets.MARK not in raw:
        return raw
    root = base.resolve()
    itself = (run.source / path).resolve()
    own = itself.relative_to(root).as_posix() if root in itself.parents else ""
    read = _reader((base,), root)

    def text_only(name: str) -> str | None:
        # a picture the site draws in the page (Textual's diagrams, SVG of thousands of
        # numbers) is no text of it: its include line stays, and is not noted
        return None if name.lower().endswith(_PICTURES) else read(name)

    found = snippets.expand(raw, text_only, itself=own)
    found.missing[:] = [name for name in found.missing if not name.lower().endswith(_PICTURES)]
    run.included.update((root / name.partition(":")[0]).resolve() for name in found.included)
    missing = "names no file the site's base folder holds, or one it cannot read"
    _note_includes(run, f"{path}: the snippet include", found, missing)
    return found.text


_PICTURES = (".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".bmp")


def _with_code(run: _Run, path: str, raw: str) -> str:
    """The page as its MkDocs site shows it when the site turns on the code includes of
    FastAPI and SQLModel (:func:`snippets.expand_code`): each replaced by the lines of
    the file it names. MkDocs runs them from the folder of mkdocs.yml, and mdx_include
    may be told to read from the docs folder (FastAPI's was): a file is looked for in
    both, in that order. FastAPI's live outside the folder of its mkdocs.yml
    (``../../docs_src/``), so they are read from anywhere in the project, and never
    outside it. Includes that are not read are noted, each with why."""
    base, docs = run.site_config, run.site
    marks = (run.variants and snippets.VARIANTS in raw) or (run.mdx and snippets.MDX in raw)
    if base is None or docs is None or not marks:
        return raw
    project = run.session.project.resolve()
    root = project if project == base.resolve() or project in base.resolve().parents else base
    read = _reader((base, docs), root.resolve())
    found = snippets.expand_code(raw, read, variants=run.variants, mdx=run.mdx)
    missing = (
        "names no file of the project that import can read"
        " (none there, or outside the project, not UTF-8, over 4 MiB)"
    )
    _note_includes(run, f"{path}: the code include", found, missing)
    _describes(run, path, found, (base, docs), project)
    return found.text


def _book_source(run: _Run, path: str) -> bool:
    """Whether the page at ``path`` (from the source) sits in an mdBook's source folder:
    a book.toml in its folder or the one above, inside the source. rust-analyzer's
    book is docs/book/src/: importing docs/ took its SUMMARY.md in as a page, and left
    its includes unexpanded."""
    folder = (run.source / path).parent
    return any(
        (where / "book.toml").is_file()
        for where in (folder, folder.parent)
        if where == run.source or run.source in where.parents
    )


def _with_book(run: _Run, path: str, raw: str) -> str:
    """The chapter as its mdBook shows it (:func:`snippets.expand_book`): each include
    replaced by the lines of the file it names, from the chapter's folder, never outside
    the project. Includes that are not read are noted, each with why."""
    if snippets.BOOK not in raw or not (run.book or _book_source(run, path)):
        return raw
    project = run.session.project.resolve()
    folder = (run.source / path).parent
    found = snippets.expand_book(raw, _reader((folder,), project))
    missing = "names no file of the project that import can read"
    _note_includes(run, f"{path}: the mdBook include", found, missing)
    _describes(run, path, found, (folder,), project)
    return found.text


def _with_partials(run: _Run, path: str, raw: str) -> str:
    """The MDX page as its site shows it (:func:`snippets.expand_partials`): each
    Markdown file it imports as a component (a Docusaurus partial, ``_tags.mdx``) in the
    place of that component, read from the page's folder, never outside the project.
    Partials that are not read are noted, each with why."""
    if not conversion.is_mdx(path) or snippets.PARTIAL not in raw:
        return raw
    project, source = run.session.project.resolve(), run.source.resolve()
    root = project if source == project or project in source.parents else source
    folder = (run.source / path).parent
    local = _reader((folder,), root)

    def read(name: str) -> str | None:
        if not name.startswith(_SITE_ALIAS):
            return local(name)
        site = _docusaurus_site(folder.resolve(), root)  # looked for only when named
        return None if site is None else _reader((site,), root)(name.removeprefix(_SITE_ALIAS))

    found = snippets.expand_partials(raw, read)
    missing = "names no file of the project that import can read"
    _note_includes(run, f"{path}: the partial", found, missing)
    return found.text


def _with_liquid(run: _Run, path: str, raw: str) -> str:
    """The Jekyll page as its site shows it (:func:`snippets.expand_liquid`): each
    Markdown file it includes alone on a line in the place of the include, read from the
    ``_includes`` folder of the site (the nearest folder above the page that holds a
    ``_config.yml``), or from the page's folder for ``include_relative``; never outside
    the project. Includes that are not read are noted, each with why."""
    if snippets.LIQUID not in raw or "include" not in raw:
        return raw
    project, source = run.session.project.resolve(), run.source.resolve()
    root = project if source == project or project in source.parents else source
    folder = (run.source / path).parent.resolve()
    site = next(
        (
            place
            for place in (folder, *folder.parents)
            if (place == root or root in place.parents) and (place / "_config.yml").is_file()
        ),
        None,
    )
    included = _reader(((site / "_includes",) if site else ()), root)
    relative = _reader((folder,), root)

    def read(name: str) -> str | None:
        return relative(name.removeprefix("./")) if name.startswith("./") else included(name)

    found = snippets.expand_liquid(raw, read)
    if found.included or found.missing:
        missing = "names no file of the site's _includes (or the page's folder) import can read"
        _note_includes(run, f"{path}: the include", found, missing)
    return found.text


def _with_hugo(run: _Run, path: str, raw: str) -> str:
    """The page as its Hugo site shows it (:func:`snippets.expand_hugo`): each page it
    includes alone on a line in the place of the shortcode, never outside the project. A
    name is a Markdown page's, its ``.md`` written or not; it is looked for from the
    page's folder up to the folder imported, and one with a leading ``/`` (from the
    content folder) from the folder imported down. The pages included are parts, left
    out as pages of their own (:func:`_parts_left_out`); a page including itself is
    not; the includes that are not read are noted, each with why."""
    if not any(mark in raw for mark in snippets.HUGO) or (
        "include" not in raw and "readfile" not in raw
    ):
        return raw
    project, source = run.session.project.resolve(), run.source.resolve()
    root = project if source == project or project in source.parents else source
    itself = (run.source / path).resolve()
    upwards = tuple(place for place in itself.parents if place == source or source in place.parents)
    loops: list[str] = []

    def found(name: str) -> Path | None:
        rel = name.strip()
        bases = upwards[::-1] if rel.startswith("/") else upwards
        rel = rel.lstrip("/")
        if rel.lower().endswith((".md", ".markdown")):
            names: tuple[str, ...] = (rel,)
        elif "." in posixpath.basename(rel):
            return None  # a file of another kind (readfile's code, a .env): no page
        else:
            names = (f"{rel}.md", f"{rel}/index.md", f"{rel}/_index.md")  # a bundle too
        for base in bases:
            for one in names:
                with contextlib.suppress(OSError, RuntimeError, ValueError):
                    place = (base / one).resolve()
                    if root in place.parents and place.is_file():
                        return place
        return None

    def read(name: str) -> str | None:
        place = found(name)
        if place is None:
            return None
        if place == itself:
            loops.append(name)
            return None
        text = _reader((place.parent,), root)(place.name)
        if text is not None:
            run.included.add(place)
        return text

    expanded = snippets.expand_hugo(raw, read)
    expanded.missing[:] = [name for name in expanded.missing if name not in loops]
    expanded.looping += loops
    missing = "names no Markdown page of the folder imported that import can read"
    _note_includes(run, f"{path}: the include", expanded, missing)
    return expanded.text


_SITE_ALIAS = "@site/"  # Docusaurus: the folder of the site's configuration
_DOCUSAURUS_CONFIGS = tuple(f"docusaurus.config.{suffix}" for suffix in ("js", "ts", "mjs", "cjs"))


def _docusaurus_site(folder: Path, root: Path) -> Path | None:
    """The nearest folder from ``folder`` up to ``root`` that holds a Docusaurus
    configuration, which ``@site/`` names; None without one."""
    for place in (folder, *folder.parents):
        if any((place / name).is_file() for name in _DOCUSAURUS_CONFIGS):
            return place
        if place == root or root not in place.parents:
            return None
    return None


def _describes(
    run: _Run, path: str, found: snippets.Expanded, bases: tuple[Path, ...], project: Path
) -> None:
    """The code files a page shows through its includes become its impl_refs: it
    describes them, and drifts when they change."""
    refs = run.plan.refs.setdefault(path, [])
    for name in dict.fromkeys(found.included):
        code = _project_path(name, bases, project)
        if code and not conversion.is_page(code) and code not in refs:
            refs += [code] if _impl_ref(run, path, code) else []


def _project_path(name: str, bases: tuple[Path, ...], project: Path) -> str | None:
    """The path from the project of the file an include names, as :func:`_reader` finds
    it; None for one outside the project or not there."""
    for base in bases:
        with contextlib.suppress(OSError, RuntimeError):
            found = (base / name).resolve()
            if project in found.parents and found.is_file():
                return found.relative_to(project).as_posix()
    return None


def _reader(bases: tuple[Path, ...], root: Path) -> snippets.Reader:
    """A function reading an included file as text by its name, from the first of
    ``bases`` that holds it, never outside ``root``; None for a file outside it,
    unreadable, not UTF-8 or over :data:`MAX_SNIPPET` bytes."""

    def read(name: str) -> str | None:
        for base in bases:
            try:
                rel = (base / name).resolve().relative_to(root).as_posix()
                found = files.read(root, rel, limit=MAX_SNIPPET + 1)
                return None if len(found) > MAX_SNIPPET else found.decode("utf-8")
            except (ValueError, OSError, RuntimeError, MdbrainError):  # outside, a loop, unread
                continue
        return None

    return read


def _note_includes(run: _Run, what: str, found: snippets.Expanded, missing: str) -> None:
    """A note for each include left as written, saying why."""
    said = [(found.missing, missing), (found.invalid, "asks for lines the file does not hold")]
    said += [(found.looping, "includes itself"), (found.over, "is past what one page may add")]
    for names, why in said:
        for name in dict.fromkeys(names):
            run.plan.notes.append(f"{what} {name!r} {why}; the line is kept as written")


MAX_SNIPPET = 4 * 1024 * 1024  # bytes of one included file, at most
_MACROS_SHOWN = 3  # macros a note names for one page; the others are counted


def _note_macros(plan: Plan, page: conversion.Page) -> None:
    """Remember that a page holds template macros (``{{ conversion_table_all }}``)
    outside code: the site fills them in when it is built, import keeps them as
    written, and the document may hold little else (:func:`_macros_note` says it)."""
    found = conversion.macros(page.body)
    if found:
        plan.macros[page.path] = found


def _macros_note(plan: Plan) -> None:
    """One note for every page holding macros: a page named with its first macros,
    many pages counted (mdn/content: 311 notes, one per page, flooded the report)."""
    said = _macros_said(plan)
    if said:
        plan.notes.append(said)


def _macros_said(plan: Plan) -> str:
    """The note :func:`_macros_note` writes ('' for no page holding macros)."""
    if not plan.macros:
        return ""
    kept = (
        "that a site would fill in when it is built (or text that reads like one);"
        " import does not expand them: kept as written"
    )
    if len(plan.macros) == 1:
        [(path, found)] = plan.macros.items()
        shown = ", ".join(found[:_MACROS_SHOWN])
        more = f" and {len(found) - _MACROS_SHOWN} more" if len(found) > _MACROS_SHOWN else ""
        return f"{path}: holds template macros ({shown}{more}) {kept}"
    first = sorted(plan.macros)[:_MACROS_SHOWN]
    named = ", ".join(f"{path} ({plan.macros[path][0]})" for path in first)
    rest = len(plan.macros) - len(first)
    return f"{len(plan.macros)} pages hold template macros {kept}: {named}" + (
        f" and {rest} more" if rest else ""
    )


def _macros_again(plan: Plan, pages: Mapping[str, conversion.Page]) -> None:
    """Take the macros of ``pages`` (relinked) again, and say so in their note, in its
    place: a link written as a Jekyll tag that now leads to its page
    (``{% link _api/intro.md %}``) is no macro kept as written, and the note of
    etalab/doc.data.gouv.fr's import named six pages whose every macro was such a link."""
    said = _macros_said(plan)
    for path, page in pages.items():
        if path in plan.macros:
            found = conversion.macros(page.body)
            if found:
                plan.macros[path] = found
            else:
                del plan.macros[path]
    now = _macros_said(plan)
    if now == said or said not in plan.notes:
        return
    at = plan.notes.index(said)
    plan.notes[at : at + 1] = [now] if now else []


def _updated_field(meta: dict[str, object]) -> bool:
    """Whether the page's fields say when it last changed (``updated``, ``lastmod``...)."""
    return dates.field_day(meta, dates.UPDATED_KEYS) is not None


def _dated(run: _Run, page: conversion.Page, record: adr.Record | None) -> None:
    plan = run.plan
    stated = [record.date] if record is not None else []
    meta = page.meta
    if record is not None and record.updated is not None and not _updated_field(meta):
        # the day a table at the record's top says it last changed, as a field would say it
        meta = {**meta, "updated": record.updated}
    plan.days[page.path] = dates.of_page(
        meta,
        stated,
        plan.today,
        body=page.body,
        path=plan.origin(page.path),
        known=lambda: run.committed(page.path),
    ) or run.committed(page.path)


# files beside a folder's own page that hold its fields (kubernetes/enhancements: each
# KEP's kep.yaml, its README holding none)
SIBLING_FIELDS = ("kep.yaml", "metadata.yaml", "metadata.yml", "meta.yaml", "meta.yml")
SIBLING_MOST = 64 * 1024  # bytes of such a file read at most


SIBLING_DROPS = 8  # lines of a metadata file left out, at most, before it is given up


def _fields_of(text: str, rel: str) -> tuple[dict[str, Any], list[str]]:
    """The fields of a metadata file, and the lines YAML rejected and that were left out
    to read the rest (a KEP's ``creation-date: 2023-14-05`` cost it its status, authors
    and milestones); raises when more than :data:`SIBLING_DROPS` are."""
    lines = text.split("\n")
    dropped: list[str] = []
    while True:
        try:
            return frontmatter.load("\n".join(lines), path=rel, first_line=1)[0], dropped
        except DocumentError as exc:
            at = (exc.line or 0) - 1
            if len(dropped) >= SIBLING_DROPS or not 0 <= at < len(lines) or not lines[at].strip():
                raise
            dropped.append(f"line {exc.line} ({exc.message})")
            lines[at] = ""  # the others keep their numbers


def _with_sibling_fields(run: _Run, path: str, page: conversion.Page) -> conversion.Page:
    """A folder's own page (``README.md``, ``index.md``) with the fields of the metadata
    file beside it (:data:`SIBLING_FIELDS`) where its own frontmatter gives none: its
    status, days, authors and the records it replaces are read as the page's. One
    that cannot be read as YAML is said in a note and left out."""
    if conversion.page_stem(posixpath.basename(path)).lower() not in ("readme", "index", "_index"):
        return page
    folder = posixpath.dirname(path)
    for name in SIBLING_FIELDS:
        rel = f"{folder}/{name}" if folder else name
        if not (run.source / rel).is_file():
            continue
        try:
            data = files.read(run.source, rel, limit=SIBLING_MOST)
            fields, dropped = _fields_of(document.decode(data, path=rel), rel)
        except MdbrainError as exc:
            run.plan.notes.append(f"{rel}: not read as the fields of {path}: {exc.message}")
            continue
        run.plan.notes += [f"{rel}: {line} left out of the fields of {path}" for line in dropped]
        if not isinstance(fields, dict) or not fields:
            continue
        return dataclasses.replace(page, meta={**fields, **page.meta})
    return page


def _read_earlier(run: _Run, pages: dict[str, conversion.Page]) -> None:
    """Read again the pages of the source an earlier import brought in: the records among
    them, which may state relations with the pages imported now, and which of them name
    one of those pages (their documents then get their side: :func:`_completed`)."""
    plan = run.plan
    if not pages or not plan.before:
        return
    earlier: dict[str, conversion.Page] = {}
    for path in plan.before:
        try:
            raw = document.decode(files.read(run.source, path), path=path)
        except MdbrainError:
            continue
        page = conversion.with_preamble(
            _with_sibling_fields(run, path, conversion.parse(path, raw.removeprefix(document.BOM)))
        )
        earlier[path] = page
        record = adr.read(plan.origin(path), page.body, page.meta)
        if record is not None and not record.template:
            plan.records[path] = record
            _dated(run, page, record)
    named = import_plan.naming(earlier, set(pages))
    run.naming_new = set(earlier) if named is None else named


_POINTER = "only mdbrain's pointer for agents, which 'mdbrain agents install' writes"
_PARTIAL = "a partial that pages include (its name starts with _); import the file alone to keep it"
_SECTION_PAGES = frozenset({"_index.md", "_index.mdx", "_index.markdown"})  # Hugo's


def _partial(path: str) -> bool:
    """Whether a page is a site's partial, included by other pages (Docusaurus, Jekyll):
    its file name starts with ``_``; not Hugo's ``_index.md``, a section's own page."""
    name = posixpath.basename(path)
    return name.startswith("_") and name.lower() not in _SECTION_PAGES


_Hit = tuple[str, int, str, str]  # what the guard found: rule, line, digest, family
_MATCHED_LINES = 20_000  # lines of a page and its expansion matched to place a finding


def _kept_out(run: _Run, page: conversion.Page, written: str, shown: str) -> bool:
    """Whether the guard keeps the page out, reported (:func:`_stop`): ``shown`` is the
    page as its site shows it, ``written`` as its file holds it."""
    config = run.session.config
    allow = frozenset(config.guard_allow)
    found = list(guard.scan(shown, allow))
    if found:  # all in one report, not in rounds: the whole write guard, as _refused asks
        # it (detect-secrets, and personal data when on); nestjs/docs.nestjs.com's
        # passport page, stopped for a bearer token, told its keyword secret a run later
        found = secret_scan.inspect(shown, allow=allow, personal_data=config.guard_personal_data)
    hits = [(h.rule, h.line, h.digest, h.family) for h in found]
    if hits and shown != written:  # lines the includes added: said where they come from
        hits, elsewhere = _in_source(run, page.path, written, shown, hits)
        return _stop(run, page, hits, elsewhere)
    return _stop(run, page, hits)


def _in_source(
    run: _Run, path: str, written: str, shown: str, hits: list[_Hit]
) -> tuple[list[_Hit], dict[tuple[str, str], list[str]]]:
    """The guard's findings in a page as its site shows it (``shown``: includes put in),
    each on its line of the page as written, else (line 0) with where it is in the files
    includes put it from: "docs_src/app.py line 82, which the page includes", each place
    once, by rule and digest."""
    import difflib

    own, lines = written.split("\n"), shown.split("\n")
    placed: dict[int, int] = {}
    if len(own) + len(lines) <= _MATCHED_LINES:  # matching costs up to their product
        matcher = difflib.SequenceMatcher(None, own, lines, autojunk=False)
        for block in matcher.get_matching_blocks():
            placed.update((block.b + n + 1, block.a + n + 1) for n in range(block.size))
    out: list[_Hit] = []
    elsewhere: dict[tuple[str, str], list[str]] = {}
    read: dict[str, list[str] | None] = {}
    for rule, line, digest, family in hits:
        if line in placed:
            out.append((rule, placed[line], digest, family))
            continue
        out.append((rule, 0, digest, family))
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        for code in run.plan.refs.get(path, []):
            if code not in read:
                read[code] = None
                with contextlib.suppress(MdbrainError, UnicodeDecodeError):
                    read[code] = files.read(run.session.project, code).decode("utf-8").split("\n")
            known = elsewhere.setdefault((rule, digest), [])
            at = _included_at(read[code] or [], text, code, known)
            if at is not None:
                known.append(at)
                break
    return out, elsewhere


def _stop(
    run: _Run,
    page: conversion.Page,
    hits: list[_Hit],
    elsewhere: Mapping[tuple[str, str], Sequence[str]] | None = None,
) -> bool:
    """Report a page the guard keeps out, with each finding (rule, line, digest, family)
    and what would let it through; False when there is none. ``elsewhere``: where the
    findings on no line of the page are, when includes put them there."""
    if not hits:
        return False
    # one value found on many lines (an address in pasted logs) is one report
    lines: dict[tuple[str, str, str], list[int]] = {}
    for rule, line, digest, family in hits:
        lines.setdefault((rule, digest, family), []).append(line)
    for (rule, digest, family), found in lines.items():
        kind = "personal" if family == guard.PERSONAL else "secret"
        own = [n for n in found if n > 0]
        included = list((elsewhere or {}).get((rule, digest), ())) if len(own) < len(found) else []
        line = own[0] if own else 0
        allow = allowance.allow_entry(digest)
        if len(own) == len(found) > 1:
            advice = f"also on lines {_listed(list(map(str, own[1:])))}: {allow}"
        elif line > 0 and not included:
            advice = allowance.advice(
                page.raw, line, kind, page.body_line, digest, marker_first=True
            )
        elif line > 0:  # fastapi: "also on lines 0, 0, 0" named the lines includes added
            advice = f"also in {_listed([*map(str, own[1:]), *included])}: {allow}"
        else:
            advice = f"in {_listed(included)}: {allow}" if included else allow
        run.stopped.append(Stopped(page.path, line, rule, kind, digest, advice))
    rule, line, digest, family = hits[0]
    what = "personal data" if family == guard.PERSONAL else "a secret"
    places = (elsewhere or {}).get((rule, digest), ())
    where = f"line {line}" if line > 0 else (places[0] if places else "")
    where = where or "the converted page"
    more = f" and {len(hits) - 1} more" if len(hits) > 1 else ""
    run.skipped.append(
        Case(page.path, "", f"looks like {what} ({rule}, {where}{more}); not imported")
    )
    return True


def _included_at(found: Sequence[str], text: str, code: str, known: Sequence[str]) -> str | None:
    """Where in ``code`` (its lines ``found``) the line ``text`` an include put in a page
    is, the first place not yet ``known``: the same line included twice is at two."""
    if not text.strip():
        return None
    for number, line in enumerate(found, start=1):
        place = f"{code} line {number}, which the page includes"
        if line == text and place not in known:
            return place
    return None


_LINES_SHOWN = 5  # the other lines a value repeated on that a report names


def _listed(places: Sequence[str]) -> str:
    """The first :data:`_LINES_SHOWN` of ``places``, and how many more."""
    return cells.first_of(tuple(places), _LINES_SHOWN)


def _stopped_at_write(run: _Run, page: conversion.Page, exc: GuardError) -> None:
    """A page the guard refused once converted: its findings read again in the source, so
    that each is reported on the line of the page where it is."""
    config = run.session.config
    found = secret_scan.inspect(
        page.raw, allow=frozenset(config.guard_allow), personal_data=config.guard_personal_data
    )
    hits = [(h.rule, h.line, h.digest, h.family) for h in found]
    family = guard.PERSONAL if "personal-data guard" in exc.message else guard.SECRET
    _stop(run, page, hits or [(exc.rule, 0, exc.digest, family)])
    said = f"{page.path}: "  # what the plan noted of a page that is not imported after all
    run.plan.notes[:] = [note for note in run.plan.notes if not note.startswith(said)]


# --- ids ------------------------------------------------------------------------------


def _taken(session: Session, folder: str) -> set[str]:
    """The stems (lowercase) a folder of the base already uses, reserved names included."""
    try:
        names = os.listdir(session.root / folder)
    except OSError:
        names = []
    if folder.count("/") < 1:
        names += list(session.config.index.reserved())
    return {n.rsplit(".", 1)[0].lower() for n in names if links.is_doc_path(n)}


# --- links that need more than a new relative path ---------------------------------


def _relink(run: _Run, pages: dict[str, conversion.Page]) -> dict[str, conversion.Page]:
    """Every page with its wiki links and Doxygen references made Markdown links, and its
    links and images that lead to other files of the project written from its new
    place."""
    out = {}
    own = import_plan.relink_own_files(run.plan, pages)
    own = {path: _to_itself_as_written(run, pages[path], page) for path, page in own.items()}
    _macros_again(run.plan, {path: page for path, page in own.items() if page is not pages[path]})
    wiki = import_plan.relink_wiki(run.plan, own)
    relinked = import_plan.relink_doxygen(run.plan, wiki, run.inside or "")
    for path, page in counted(list(relinked.items()), run.session.progress, "linking"):
        changes = _code_links(run, page)
        body = page.body
        if changes:
            body = import_plan.retarget_sources(foreign_links.retarget(body, changes), changes)
        out[path] = page if body == page.body else import_plan.with_body(page, body)
    if run.followed:
        pages_with = list(dict.fromkeys(run.followed))
        run.plan.notes.append(
            f"{len(run.followed)} link{'' if len(run.followed) == 1 else 's'} of"
            f" {len(pages_with)} page{'' if len(pages_with) == 1 else 's'} ({_listed(pages_with)})"
            " led to pages that only say where they moved: they now lead there"
        )
    return out


def _to_itself_as_written(
    run: _Run, before: conversion.Page, after: conversion.Page
) -> conversion.Page:
    """The page as :func:`import_plan.relink_own_files` relinked it (``after``), with its
    links to its own file on the project's forge as ``before`` wrote them (see
    :func:`foreign_links.kept_to_itself`): a page that says it moved to an address is
    never made to say it moved to itself."""
    plan = run.plan
    doc_id = plan.ids.get(before.path)
    if after.body == before.body or doc_id is None:
        return after

    def itself(local: str) -> bool:
        return plan.linked_id(local, unquote(local.partition("#")[0].lstrip("/"))) == doc_id

    body = foreign_links.kept_to_itself(before.body, after.body, plan.homes, plan.inside, itself)
    return after if body == after.body else import_plan.with_body(after, body)


def _code_links(run: _Run, page: conversion.Page) -> dict[int, dict[str, str]]:
    """The links and images of the page's body that lead to files of the project other
    than the pages this import reads, each written again from the page's new place (see
    :func:`_kept`), by body line; an image that leads to no such file is reported as a
    broken link."""
    changes: dict[int, dict[str, str]] = {}
    scanned = markdown.scan(page.body)
    for written, line in scanned.links:
        new = _kept(run, page, written, line)
        if new is not None:
            changes.setdefault(line, {})[written] = new
        elif run.plan.homes:
            _cited_by_address(run, page, written, line)
    for image in scanned.images:
        new = _kept(run, page, image.target, image.line, image=True)
        if new is not None:
            changes.setdefault(image.line, {})[image.target] = new
        elif _split_target(image.target) is not None:
            at = page.body_line + image.line - 1
            run.plan.broken.append(BrokenLink(page.path, at, image.target))
    return changes


def _cited_by_address(run: _Run, page: conversion.Page, written: str, line: int) -> None:
    """A link to a code file of the project by its address on the project's forge
    (``https://github.com/owner/repo/blob/main/packages/app/src/index.ts``, on a
    current branch) makes that file an impl_ref of the page, as a relative link would;
    the link stays as written, an address every reader can follow. A folder's address is
    a pointer to a part of the repository: every change under it would flag the page,
    and fingerprinting it reads every file it holds."""
    local = foreign_links.own_file(written, run.plan.homes, run.plan.inside)
    if local is None:
        return
    path = run.tree.exact(unquote(local.partition("#")[0]).strip("/"))
    if path is None or path.endswith("/") or conversion.is_page(path):
        return  # a folder by address ("tree/main/plugins/catalog") shows where, not what
    refs = run.plan.refs.setdefault(page.path, [])
    # as for a relative link (_kept): a file of the imported folder is its own, no code
    outside = run.inside is None or not path.startswith(run.inside + "/")
    ref = outside and path not in refs and _impl_ref(run, page.path, path)
    run.code.append(CodeLink(page.path, page.body_line + line - 1, written, path, ref))
    refs += [path] if ref else []


def _kept(
    run: _Run, page: conversion.Page, written: str, line: int, *, image: bool = False
) -> str | None:
    """The link (or image) written again from the page's new place, when it leads to a
    file of the project that is not a page this import reads (None otherwise): to the
    document an earlier import made of it, else to the file, which is then reported;
    a code file outside the imported folder becomes an impl_ref of the page."""
    found = _project_file(run, page.path, written)
    followed = None if image or not run.moved else _followed(run, page, written, found)
    if followed is not None:
        run.followed.append(page.path)
        run.plan.rewritten.setdefault(page.path, set()).add(followed)
        return followed
    if found is None:
        return _missing_outside(run, page, written, line)
    if found[0].casefold() in run.walked:
        return None
    plan = run.plan
    if found[0].endswith("/") and import_plan.site_link(plan, page.path, written) is not None:
        return None  # a folder whose page was imported: the link leads to that page
    path, suffix = found
    doc_id = (
        plan.earlier.get(path.casefold())
        if conversion.is_page(path)
        else _earlier_folder_page(run, path)
        if path.endswith("/")
        else None
    )
    if doc_id is not None:
        new = edit.written_target(plan.ids[page.path], doc_id, suffix)
    else:
        new = _from_new_place(run, page.path, path) + suffix
        outside = run.inside is None or not (path + "/").startswith(run.inside + "/")
        code = not image and not conversion.is_page(path)
        ref = code and outside and _impl_ref(run, page.path, path)
        run.code.append(CodeLink(page.path, page.body_line + line - 1, written, path, ref))
        refs = plan.refs.setdefault(page.path, [])
        refs += [path.rstrip("/")] if ref and path.rstrip("/") not in refs else []
    plan.rewritten.setdefault(page.path, set()).add(new)
    return new


def _followed(
    run: _Run, page: conversion.Page, written: str, found: tuple[str, str] | None
) -> str | None:
    """Where a link to a page skipped as only saying it moved leads from the page's new
    place: the web address it names, or the document made of the page it names (the
    link's anchor kept when that place names none). None for a link to any other file,
    or to such a page naming a place neither. ethereum/EIPs: 365 pages say "This file
    was moved to https://github.com/ethereum/ercs/...", and 82 links of 49 others led
    to them; a link without the page's suffix (``./eip-20``) leads to one as its site
    reads it."""
    split = _split_target(written)
    if split is None:
        return None
    name, suffix = split
    if found is None and not posixpath.splitext(name.rstrip("/"))[1]:
        found = next(
            (
                at
                for ending in conversion.PAGE_SUFFIXES
                if (at := _project_file(run, page.path, name.rstrip("/") + ending)) is not None
            ),
            None,
        )
    stub = None if found is None else run.moved.get(found[0].casefold())
    if stub is None:
        return None
    source, place = stub
    kept = suffix if suffix.startswith("#") and "#" not in place else ""
    if links.is_address(place):
        return place + kept
    there = _split_target(place)
    if there is None or there[0].startswith("/"):
        return None
    named = posixpath.normpath(posixpath.join(posixpath.dirname(source), there[0]))
    doc_id = run.plan.ids.get(named)
    if doc_id is None:
        return None
    return edit.written_target(run.plan.ids[page.path], doc_id, there[1] or kept)


def _earlier_folder_page(run: _Run, folder: str) -> str | None:
    """The document that stands for a folder of the project whose pages an earlier import
    brought in (``folder`` ends with a slash): the overview of the folder of the base
    they all went to, when there is one. ethereum/consensus-specs' README, imported after
    specs/, linked each fork's folder (``specs/phase0``) on the forge, not the pages."""
    prefix = folder.casefold()
    homes = {
        posixpath.dirname(doc_id)
        for source, doc_id in run.plan.earlier.items()
        if source.startswith(prefix) and "/" not in source[len(prefix) :]
    }
    if len(homes) != 1:
        return None
    manifest = run.session.manifest()
    (home,) = homes
    return next((i for i in folder_overview.doc_ids(home) if manifest.get(i) is not None), None)


def _missing_outside(run: _Run, page: conversion.Page, written: str, line: int) -> str | None:
    """A relative link to a file missing from the project, outside the imported folder
    (or inside it, when it names no page): written again from the page's new place, so
    that it names the same path, and reported as missing (None for any other link).
    Kept as written, it would name a path inside the base (ethereum/EIPs:
    ``../assets/eip-7378/LMRSP.pdf``, absent from the clone, was then reported by the
    check under the base's folder)."""
    split = _split_target(written)
    if split is None or split[0].startswith("/") or links.is_address(split[0]):
        return None
    name, suffix = split
    full = Path(os.path.normpath(run.source / posixpath.dirname(page.path) / name))
    project, root = run.tree.project, run.tree.root
    if not full.is_relative_to(project) or full.is_relative_to(root):
        return None
    # inside the imported folder, a missing page is the import's to report; a missing
    # file of another kind (dotnet/designs' jq_queries/*.jq) is this one's, and so is
    # every missing file when one page alone comes in, its folder not (mozilla/fxa's
    # README, imported alone, kept "./packages/x/README.md" and named a path in the base)
    if (
        not run.page
        and full.is_relative_to(run.source.resolve())
        and (
            conversion.is_page(name)
            or not posixpath.splitext(name.rstrip("/"))[1]
            or import_plan.site_link(run.plan, page.path, written) is not None  # "ch02.html"
        )
    ):
        return None
    new = _from_new_place(run, page.path, full.relative_to(project).as_posix()) + suffix
    run.plan.broken.append(BrokenLink(page.path, page.body_line + line - 1, written))
    run.plan.rewritten.setdefault(page.path, set()).add(new)
    return new


def _split_target(written: str) -> tuple[str, str] | None:
    """A link's path (unquoted, not empty) and what follows it (``#anchor``,
    ``?query``), or None for an anchor alone, a web address or a template's expression."""
    target = written.strip()
    if not target or target.startswith(("#", "//")) or _SCHEME.match(target):
        return None
    if import_plan.template_expression(target):  # the site fills it in when it builds
        return None
    cut = min((i for i in (target.find("#"), target.find("?")) if i != -1), default=len(target))
    name = unquote(target[:cut])
    return (name, target[cut:]) if name else None


def _project_file(run: _Run, page: str, written: str) -> tuple[str, str] | None:
    """The file or folder of the project a link names (its path from the project, and
    the anchor or query written after it), when it exists outside the knowledge root."""
    split = _split_target(written)
    if split is None:
        return None
    name, suffix = split
    if not name.strip("/"):  # the site's root, not its folder of static files (vite: "/")
        return None
    if name.startswith(_SITE_ALIAS):  # Docusaurus: from the folder of its configuration
        site = _docusaurus_site((run.source / page).parent.resolve(), run.tree.project)
        starts = [site] if site is not None else []
        name = name.removeprefix(_SITE_ALIAS)
    elif not name.startswith("/"):
        starts = [run.source / posixpath.dirname(page)]
    else:  # from the site's folder as the site reads it, its static files, the project
        starts = [*([run.site] if run.site else []), *run.served, run.tree.project]
    if run.fallback is not None:  # then where the language built with has it
        folder, built = run.fallback
        starts += [
            built / start.relative_to(folder) for start in starts if start.is_relative_to(folder)
        ]
    fulls = [os.path.normpath(os.path.join(start, name.lstrip("/"))) for start in starts]
    for any_case in (False, True):  # as written wherever it may be, then in another case
        for full in fulls:
            found = _existing(run, full, any_case=any_case)
            if found is not None:
                return found, suffix
    return None


# the folders site generators serve from the site's root as they are: Astro, Next.js and
# Vite's public/, Docusaurus and Hugo's static/, VitePress's src/public/
_STATIC = ("public", "static")


def _homes(project: Path, src: Path) -> tuple[frozenset[str], str]:
    """Where the project's repository is served, from its remotes (see
    :func:`foreign_links.forge_home`), and the project's folder in it; nothing for a
    source outside the project, whose pages name another repository's files."""
    if src != project and project not in src.parents:
        return frozenset(), ""
    repository = git.Git(project)
    try:
        remotes, top = repository.remotes(), repository.toplevel()
    except MdbrainError:
        return frozenset(), ""
    if top is None:
        return frozenset(), ""
    try:
        inside = Path(os.path.realpath(project)).relative_to(os.path.realpath(top)).as_posix()
    except ValueError:
        return frozenset(), ""
    homes = frozenset(filter(None, map(foreign_links.forge_home, remotes)))
    return homes, "" if inside == "." else inside


def _pages_of(run: _Run, paths: list[str]) -> dict[str, conversion.Page]:
    """The pages read, with what they tell of the import: where the project is served,
    addresses to leave out, copies of one another."""
    pages = _read(run, paths)
    project = run.session.project.resolve()
    texts = [page.body for page in pages.values()]
    if not run.plan.homes and run.plan.before:
        # the pages an earlier import brought in, unchanged, tell where the project is
        # served as much as those read again: cilium/design-cfps' links to the other
        # CFPs by their GitHub addresses became addresses again when one page changed
        texts += _texts_of(run, sorted(run.plan.before))
    run.plan.homes |= _linked_homes(project, run.source, texts, run.plan.homes)
    _without_addresses(run, pages)
    _note_copies(run.plan, pages)
    import_plan.form_titles(run.plan, pages)
    import_plan.shared_leads(run.plan, pages)
    return pages


def _texts_of(run: _Run, paths: Sequence[str]) -> list[str]:
    """The texts of pages of the source, as written (those that cannot be read left out)."""
    out = []
    for path in paths:
        with contextlib.suppress(MdbrainError):
            out.append(files.read(run.source, path).decode("utf-8", "replace"))
    return out


MANIFEST_MOST = 1 << 20  # bytes of a manifest read for the repository it names


def _linked_homes(
    project: Path, src: Path, texts: Iterable[str], remotes: frozenset[str]
) -> frozenset[str]:
    """Where the manifests at the repository's top say the project is served (see
    :func:`foreign_links.declared_homes`), and where the pages' links to its own files
    say it, unless what ``remotes`` and the manifests declare rules it out (see
    :func:`foreign_links.linked_homes`): NixOS/rfcs, cloned from a mirror, linked its RFCs
    by their GitHub addresses, which stayed links out of the base; nodejs/TSC, cloned
    so too, names itself in its package.json, and its links to nodejs/admin's files of
    the same names as its own are no links to them. The repository's top is where git
    says, else the project."""
    if src != project and project not in src.parents:
        return frozenset()
    try:
        top = git.Git(project).toplevel() or project
    except MdbrainError:
        top = project
    real = Path(os.path.realpath(top))

    def exists(path: str) -> bool:
        return (real / path.lstrip("/")).is_file()

    manifests = {}
    for name in foreign_links.MANIFESTS:
        with contextlib.suppress(OSError), (real / name).open("rb") as manifest:
            manifests[name] = manifest.read(MANIFEST_MOST).decode("utf-8", "replace")  # bounded
    declared = remotes | foreign_links.declared_homes(manifests)
    return declared | foreign_links.linked_homes(texts, exists, declared)


def _served(project: Path, src: Path) -> tuple[Path, ...]:
    """The folders of static files a site may serve at its root: ``public/`` or
    ``static/`` at the project's top, at the source's or a folder above it in the
    project (a Docusaurus site's ``static/`` for ``versioned_docs/version-3.4.0``), in
    a folder of the source, or in the folder beside it of a Docusaurus site that builds
    its pages from it (:func:`_sites_beside`)."""
    above = [p for p in reversed(src.parents) if p == project or project in p.parents]
    bases = [*above, src, *_sites_beside(project, src)]
    with contextlib.suppress(OSError):
        bases += sorted(p for p in src.iterdir() if p.is_dir() and not p.name.startswith("."))
    served = []
    for path in dict.fromkeys(base / name for base in bases for name in _STATIC):
        with contextlib.suppress(OSError):
            served += [path] if path.is_dir() else []
    return tuple(served)


def _sites_beside(project: Path, src: Path) -> list[Path]:
    """The folders beside ``src`` holding a Docusaurus configuration that names ``src``
    as the folder of its pages (prettier's ``website/``, whose configuration reads
    ``path: "../docs"``: the docs' ``/images/...`` are in ``website/static/``)."""
    parent = src.parent
    if parent != project and project not in parent.parents:
        return []
    found = []
    with contextlib.suppress(OSError):
        for folder in sorted(parent.iterdir()):
            if folder == src or folder.name.startswith(".") or not folder.is_dir():
                continue
            for name in _DOCUSAURUS_CONFIGS:
                config = folder / name
                if not config.is_file() or config.stat().st_size > _CONFIG_MOST:
                    continue
                said = sites.docusaurus_paths(config.read_text(encoding="utf-8", errors="replace"))
                if any(os.path.normpath(folder / path) == os.path.normpath(src) for path in said):
                    found.append(folder)
                    break
    return found


def _existing(run: _Run, full: str, *, any_case: bool = False) -> str | None:
    """The path from the project of the file or folder ``full`` (a folder's ending with
    a slash), when it exists in the project outside the knowledge root, links followed
    (``static -> docs-rag`` leads into the root); None for one it may not read. With
    ``any_case``, a path that does not exist as written leads to the one file or folder
    whose path differs from it only by case, as a site served without regard to case
    reads it (None when there are several). ``full`` is a normalised absolute path."""
    rel = run.tree.relative(full)
    if rel is None:
        return None
    return run.tree.any_case(rel) if any_case else run.tree.exact(rel)


class _Tree:
    """The files and folders of the project, read from one listing of each folder a link
    leads into, made when it first does: whether a link's target exists is answered in
    memory, not by asking the disk about each link. A path through a symbolic link, or
    through a folder that cannot be listed, is asked of the disk as it is written."""

    def __init__(self, project: Path, root: Path) -> None:
        self.project = project  # both resolved: no link on the way to them
        self.root = root
        self._inside = str(project).rstrip(os.sep) + os.sep  # what paths inside start with
        self._root = str(root)
        inside = project in root.parents
        self._root_rel = root.relative_to(project).as_posix() if inside else None
        # a folder (from the project; "" for its top) -> its names and what each is
        self._names: dict[str, dict[str, str] | None] = {}
        # a folder -> its names by their case-folded NFC spelling
        self._folded: dict[str, dict[str, list[str]]] = {}

    def relative(self, full: str) -> str | None:
        """The path from the project of ``full`` (normalised, absolute), when it lies in
        the project and outside the knowledge root; None otherwise."""
        inside, root = self._inside, self._root
        if not full.startswith(inside) or full == root or full.startswith(root + os.sep):
            return None
        return full[len(inside) :].replace(os.sep, "/")

    def _listing(self, folder: str) -> dict[str, str] | None:
        """The names in ``folder`` and what each is ("dir", "file", "link" or "other");
        None for a folder that cannot be listed."""
        if folder in self._names:
            return self._names[folder]
        names: dict[str, str] = {}
        try:
            with os.scandir(self.project / folder if folder else self.project) as entries:
                for entry in entries:
                    if entry.is_symlink():
                        kind = "link"
                    elif entry.is_dir(follow_symlinks=False):
                        kind = "dir"
                    else:
                        kind = "file" if entry.is_file(follow_symlinks=False) else "other"
                    names[entry.name] = kind
        except OSError:
            self._names[folder] = None
            return None
        self._names[folder] = names
        return names

    def exact(self, rel: str) -> str | None:
        """``rel`` (from the project, outside the knowledge root) as :func:`_existing`
        gives it: ``rel``, ``rel/`` for a folder, or None when there is no such file or
        folder, or none that may be read."""
        parts = [p for p in rel.split("/") if p not in ("", ".")]
        folder = ""
        for number, part in enumerate(parts):
            names = self._listing(folder)
            if names is None:
                return self._asked(rel)
            name = part
            if name not in names and not part.isascii():  # accents encoded otherwise on disk
                same = (n for n in names if unicodedata.normalize("NFC", n) == part)
                name = next(same, part)
            kind = names.get(name)
            if kind == "link":
                return self._asked(rel)
            if number == len(parts) - 1:
                return rel + "/" if kind == "dir" else rel if kind == "file" else None
            if kind != "dir":
                return None
            folder = f"{folder}/{name}" if folder else name
        return None

    def any_case(self, rel: str) -> str | None:
        """The one path of the project (see :meth:`exact`) that is ``rel`` but for the
        case of its letters; None when no path, or more than one, is."""
        parts = [unicodedata.normalize("NFC", p).casefold() for p in rel.split("/")]
        parts = [p for p in parts if p not in ("", ".")]
        candidates = [""]
        for part in parts:
            following = []
            for folder in candidates:
                for name in self._by_case(folder).get(part, []):
                    following.append(f"{folder}/{name}" if folder else name)
            candidates = following
            if not candidates:
                return None
        root = self._root_rel
        found = []
        for candidate in candidates:
            if root is not None and (candidate == root or candidate.startswith(root + "/")):
                continue
            path = self.exact(candidate)
            found += [path] if path is not None else []
        return found[0] if len(found) == 1 else None

    def _by_case(self, folder: str) -> dict[str, list[str]]:
        """The names in ``folder`` by their case-folded NFC spelling (none when it is no
        folder that can be listed)."""
        if folder not in self._folded:
            folded: dict[str, list[str]] = {}
            for name in self._listing(folder) or {}:
                key = unicodedata.normalize("NFC", name).casefold()
                folded.setdefault(key, []).append(name)
            self._folded[folder] = folded
        return self._folded[folder]

    def _asked(self, rel: str) -> str | None:
        """``rel`` as :meth:`exact` gives it, asked of the disk: for a path through a
        symbolic link, whose target must stay in the project and out of the root."""
        try:
            real = files.locate(self.project, rel)
            target = Path(os.path.realpath(real))
            if target == self.root or self.root in target.parents:
                return None
            if real.is_dir():
                return rel + "/"
            return rel if real.is_file() else None
        except (MdbrainError, OSError):
            return None


# what a page links as reading or media, not as code it describes: a paper, slides, a
# picture (ethereum/EIPs' research PDFs became impl_refs that update said it watched)
_NOT_CODE = (
    ".pdf", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".ico", ".bmp", ".tif", ".tiff",
    ".mp4", ".webm", ".mov", ".mp3", ".wav", ".ogg", ".doc", ".docx", ".ppt", ".pptx", ".xls",
    ".xlsx", ".odt", ".odp", ".ods", ".epub", ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z",
    ".ttf", ".otf", ".woff", ".woff2", ".eps", ".ps", ".key", ".pages", ".numbers",
)  # fmt: skip


def _impl_ref(run: _Run, page: str, path: str) -> bool:
    """Whether ``path`` can be an impl_ref: a code path mdbrain accepts, not a
    credentials file (the guard would refuse the page), nor a LICENSE or CHANGELOG, a
    paper or a picture (:data:`_NOT_CODE`): no code that documentation drifts from."""
    try:
        ids.code_path(path)
    except MdbrainError:
        return False
    if sites.community_file(path) or path.lower().endswith(_NOT_CODE):
        return False
    if guard.credential_path(path.rstrip("/")) is not None:
        run.plan.notes.append(f"{page}: {path} looks like a credentials file; not an impl_ref")
        return False
    where = run.tree.project / path
    # a folder linked to without its slash (edgex-docs' "../legacy-design") is one too
    return not (path.endswith("/") or where.is_dir()) or not _pages_only(where)


_LOOKED_AT = 200  # files of a folder looked at to tell whether it holds code


def _pages_only(folder: Path) -> bool:
    """Whether ``folder`` holds pages and next to no code (its first :data:`_LOOKED_AT`
    files looked at): a folder of documentation, which no impl_ref names (expressjs.com's
    link to ``/2x/`` made its 2.x docs an impl_ref, fingerprinted as code). Pictures and
    papers are a page's own; a tool's settings (``.prettierrc.json``) and a table of
    contents beside ten pages or more are the site's (microsoft/vscode-docs' ``/api``:
    76 pages, ``toc.json``, a template and two dotfiles)."""
    seen = pages = others = 0
    for _here, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            seen += 1
            if conversion.is_page(name):
                pages += 1
            elif not name.startswith(".") and not name.lower().endswith(_NOT_CODE):
                others += 1
            if seen >= _LOOKED_AT:
                break
        else:
            continue
        break
    return seen > 0 and others * _PAGES_PER_OTHER <= pages


_PAGES_PER_OTHER = 10  # pages a folder of documentation holds for each file of another kind


# the images a folder of documentation holds beside its pages
_ASSET_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp")


def _from_new_place(run: _Run, page: str, path: str) -> str:
    """A link from the page's new place to ``path`` (from the project)."""
    project = run.tree.project
    here = (run.tree.root / run.plan.ids[page]).parent
    written = Path(os.path.relpath(project / path, here)).as_posix()
    return quote(written + ("/" if path.endswith("/") else ""), safe="/-._~()")


# --- the operation ---------------------------------------------------------------------

# folders that only hold a project's documentation: their pages go to the base's root


def default_theme(src: Path, project: Path) -> str:
    """The theme a folder's pages are imported into when none is asked: the folder's own
    name (``adr``, ``decision-records``, ``proposals``: each log keeps its folder, and
    two logs numbered from 1 do not mix), or the base's root for the project itself
    and for a folder that only holds its documentation (``docs``, ``wiki``, ``text``), or
    that an MkDocs site builds its pages from (edgex-docs' ``docs_src``)."""
    if src == project or src.name.lower() in import_plan.CONTAINERS:
        return ""
    site = _mkdocs_site(project, src)
    if site is not None and site.docs == src.resolve():
        return ""
    if src.parent.name.endswith(sites.OLDER_VERSIONS):
        return src.name  # one of a Docusaurus site's past versions: a theme of its own
    if _one_copy(src):  # docs/en beside docs/es, k6/v2.2.x beside k6/v2.1.x: those of docs, k6
        return default_theme(src.parent, project)
    return src.name


_SAMPLED = 50  # pages of a folder looked for in its sibling, to tell a translation


def _pages_below(folder: Path) -> Iterator[str]:
    """The pages under ``folder`` that import reads, from it; links to folders are not
    followed."""
    for here, _dirs, names in os.walk(folder):
        below = os.path.relpath(here, folder)
        pages = (n for n in sorted(names) if n.lower().endswith(conversion.PAGE_SUFFIXES))
        yield from (os.path.join(below, n) for n in pages)


def _one_copy(src: Path) -> bool:
    """Whether ``src`` is one language, or one version, of pages kept once per language or
    per version: it is named for one, and a sibling so named holds some of its pages at
    the same paths."""
    named = next(
        (
            test
            for test in (sites.named_for_a_language, sites.named_for_a_version)
            if test(src.name)
        ),
        None,
    )
    if named is None:
        return False
    try:
        mine = list(itertools.islice(_pages_below(src), _SAMPLED))
        siblings = [s for s in src.parent.iterdir() if s != src and named(s.name) and s.is_dir()]
        return any((s / page).is_file() for s in siblings for page in mine)
    except OSError:
        return False


def _prefix(theme: str | None, src: Path, project: Path, *, page: bool, translated: str) -> str:
    """The folder the pages go to: ``theme`` slugged, ``.`` or ``/`` for the root; without
    one, the root for a page, a translation's language (beside the base's pages, not
    among them), else :func:`default_theme`."""
    if theme is None:
        theme = "" if page else translated or default_theme(src, project)
    elif theme.strip() in (".", "/"):
        theme = ""
    return "/".join(slug.slugify(p) for p in theme.replace("\\", "/").split("/") if p.strip())


class _Translation(NamedTuple):
    lang: str  # its language's code
    folder: Path  # the folder of that language (fastapi's docs/fr)


def _language_copy(src: Path, project: Path) -> _Translation | None:
    """The language ``src`` holds pages in when ``src``, or a folder above it in the
    project, is one language of pages kept once per language (:func:`_one_copy`:
    fastapi's ``docs/fr`` beside ``docs/en``), whatever the base's language."""
    for folder in [src, *src.parents]:
        if folder == project or project not in folder.parents:
            return None
        if sites.named_for_a_language(folder.name) and _one_copy(folder):
            return _Translation(sites.language(folder.name), folder)
    return None


def _translation(copy: _Translation | None, lang: str) -> _Translation | None:
    """What the pages of a language ``copy`` are a translation of: the copy, when its
    language is another than the base's ``lang``."""
    return None if copy is None or copy.lang == sites.language(lang) else copy


def _translating(run: _Run, pages: Mapping[str, conversion.Page]) -> None:
    """Each page of a translation is ``related`` to the page it translates, when an
    earlier import brought that one in: the page at the same path in the folder of the
    base's language (fastapi's ``docs/fr/docs/a.md`` to ``docs/en/docs/a.md``)."""
    translation = run.translation
    if translation is None:
        return
    project = run.session.project.resolve()
    below = run.source.relative_to(translation.folder)
    base = sites.language(run.session.config.lang)
    with contextlib.suppress(OSError):
        for sibling in sorted(translation.folder.parent.iterdir()):
            named = sibling.name
            if sibling == translation.folder or not sites.named_for_a_language(named):
                continue
            if sites.language(named) != base:
                continue
            for path in pages:
                original = (sibling / below / path).relative_to(project).as_posix()
                doc_id = run.plan.earlier.get(original.casefold())
                if doc_id is not None:
                    run.plan.add(path, "related", doc_id)


def _translated_site(
    src: Path, project: Path, translation: _Translation | None
) -> tuple[_Site, Path] | None:
    """The MkDocs site of one language's pages without a configuration of their own, as
    its language's sibling that has one builds it (fastapi builds docs/fr/docs with
    docs/en/mkdocs.yml): its settings, its folders moved to the translation's; and that
    sibling's folder (docs/en), where the build finds what the translation lacks."""
    if translation is None:
        return None
    below = src.relative_to(translation.folder)
    for sibling in sorted(translation.folder.parent.iterdir()):
        if sibling == translation.folder or not sites.named_for_a_language(sibling.name):
            continue
        with contextlib.suppress(OSError):
            site = _mkdocs_site(project, sibling / below) if (sibling / below).is_dir() else None
            if (
                site is not None
                and "INHERIT:" not in site.config  # a config of its own, not one named
                and (sibling == site.folder or sibling in site.folder.parents)
            ):
                docs = translation.folder / site.docs.relative_to(sibling)
                folder = translation.folder / site.folder.relative_to(sibling)
                return _Site(docs, site.config, folder), sibling
    return None


def _site_setup(run: _Run, project: Path, copy: _Translation | None) -> None:
    """What the site the source is built into tells an import: its pages' titles, its
    includes, the folders it serves at its root. One language of the pages built with
    another's configuration takes its includes (not its titles) from that one, and the
    files and pages it lacks from that language's folder."""
    src = run.source
    site = _mkdocs_site(project, src)
    run.plan.named = _site_titles(site, src)
    # a translation with a configuration that builds on its sibling's (fastapi's docs/hi:
    # "INHERIT: ../en/mkdocs.yml") is built as one without: its includes as that site
    # reads them, what it lacks from that sibling's folder
    built = _translated_site(src, project, copy)
    run.fallback = (copy.folder, built[1]) if copy and built else None
    inherits = site is None or _INHERIT.search(site.config) is not None
    _site_of(run, built[0] if built and inherits else site)
    run.served = _served(project, src)
    run.plan.served_root = _served_root(src)
    run.plan.served_prefix = copy.folder.name if copy is not None and copy.folder == src else ""
    jekyll = _jekyll_site(src, project)
    if jekyll is not None:
        run.plan.jekyll, run.plan.jekyll_at = jekyll


_CONFIG_MOST = 1_000_000  # bytes of a site's configuration file read, at most


def _served_root(src: Path) -> str:
    """The folder of ``src`` a Hugo site whose folder it is builds its pages from
    (:func:`sites.hugo_content`: ``content/en``), when it holds one; '' otherwise."""
    for name in sites.HUGO_CONFIGS:
        path = src / name
        try:  # a regular file of a configuration's size: no FIFO, nothing huge is read
            if not path.is_file() or path.stat().st_size > _CONFIG_MOST:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        folder = sites.hugo_content(name, text)
        if not folder or folder in {".", ".."} or folder.startswith("../"):
            continue  # the site's own folder, or one above it: nothing to read first
        if (src / folder).is_dir():
            return folder
    return ""


def import_folder(
    session: Session,
    source: Path,
    *,
    theme: str | None = None,
    verified: bool = False,
    legacy: bool = False,
    dry_run: bool = False,
) -> ImportReport:
    """Import the Markdown pages of ``source`` (a folder, or one page) into the base
    (see the module docstring): into ``theme``, by default the one
    :func:`default_theme` gives a folder, the root for a page; ``.`` or ``/`` is the
    root."""
    src, page = _source(session, source)
    root = session.root.resolve()
    paths, notes = ([page], []) if page else walk(src, root if src in root.parents else None)
    project = session.project.resolve()
    copy = None if page else _language_copy(src, project)
    translation = _translation(copy, session.config.lang)
    translated = translation.lang if translation else ""
    # the folder's own code names the theme: fastapi's zh-hant is not its zh (pt-BR, pt)
    coded = translation.folder.name.lower().replace("_", "-") if translation else ""
    prefix = _prefix(theme, src, project, page=page is not None, translated=coded)
    inside = None if page or src == project or project not in src.parents else src
    config = session.config
    plan = Plan(
        prefix,
        verified,
        session.today(),
        _origin(session, src),
        config,
        notes=notes,
        lang=translated,
    )
    plan.homes, plan.inside = _homes(project, src)
    limit = None if inside is None else inside.relative_to(project).as_posix()
    run = _Run(session, src, plan, limit, dry_run, page=page or "", translation=translation)
    _site_setup(run, project, copy)
    run.walked = frozenset(plan.origin(path).casefold() for path in paths)
    if legacy:
        return _legacy(run, paths, dry_run)
    lock = contextlib.nullcontext() if dry_run else session.writing()
    with lock, markdown.remembering():
        pages = _pages_of(run, paths)
        # a page left out (a template, a partial, one the guard stops) is a file of the
        # project like any other: a link to it leads to it where it is
        kept = {plan.origin(path).casefold() for path in pages}
        run.walked = frozenset(o for o in run.walked if o in kept or o in plan.earlier)
        renames = import_plan.place(plan, list(pages), lambda folder: _taken(session, folder))
        import_plan.served_at(plan, pages)
        pages = _relink(run, pages)
        import_plan.decisions(plan)
        _translating(run, pages)
        said = (len(plan.broken), len(plan.notes), len(plan.unresolved))
        texts, added = _alike_summed_up(run, pages, _composed(run, pages), said)
        if prefix:
            files.locate(session.root, prefix)  # a theme folder linked outside is refused
        with secret_scan.asked_ahead(list(texts.values()), session.progress):
            texts = _guarded(run, pages, (texts, added), said)
            written = _written(run, pages, texts, dry_run)
        imported = list(written)
        written += _earlier_ones(run, written)
        # the overviews last: the links the other documents now have to these pages count
        # (ethereum/consensus-specs: ssz/overview.md listed as linked by no other page the
        # SSZ spec that the specs/ imported before link to five times)
        made: list[str] = []
        if imported and not dry_run:
            made = _overviews(run, imported)
            anchoring.record(session, imported + made, from_import=True)
            written += made
        # reported (and re-indexed) in the same hold of the lock: never busy once written
        return _report(
            run, dry_run, renames=renames, written=tuple(sorted(written)), made=tuple(made)
        )


ALIKE_ROUNDS = 2  # times pages whose summaries many share are composed again, at most


def _alike_summed_up(
    run: _Run,
    pages: dict[str, conversion.Page],
    composed: tuple[dict[str, str], dict[str, _Added]],
    said: tuple[int, int, int],
) -> tuple[dict[str, str], dict[str, _Added]]:
    """The pages as ``composed``, those whose summary many share composed again, each
    summed up by what follows that boilerplate (:func:`import_plan.alike_summaries`); a
    second round for the boilerplate found next (the minutes' "No questions this week.").
    The reports made since ``said`` (their lengths before composing) are made again."""
    plan = run.plan
    for _round in range(ALIKE_ROUNDS):
        again = import_plan.alike_summaries(plan)
        if not again:
            break
        del plan.broken[said[0] :], plan.notes[said[1] :], plan.unresolved[said[2] :]
        composed = _composed(run, pages, composed, again)
    return composed


def _guarded(
    run: _Run,
    pages: dict[str, conversion.Page],
    composed: tuple[dict[str, str], dict[str, _Added]],
    said: tuple[int, int, int],
) -> dict[str, str]:
    """The texts to write once the guard has been put to every page (:func:`_refused`):
    when it refused some, links to them now lead nowhere, so the reports made since
    ``said`` (their lengths before composing) are made again, and the pages that name
    a refused one are composed again."""
    plan = run.plan
    before = dict(pages)
    ids = dict(plan.ids)
    notes = plan.notes[: said[1]]  # refusing a page drops its notes: counted before that
    refused = _refused(run, pages, composed[0])
    if not refused:
        return composed[0]
    gone = tuple(f"{path}: " for path in refused)
    plan.notes[:] = [note for note in notes if not note.startswith(gone)]
    import_plan.drop_refused(plan, {path: ids[path] for path in refused})
    del plan.broken[said[0] :], plan.unresolved[said[2] :]
    again = import_plan.naming(pages, set(refused))
    changed = {path for path, page in pages.items() if page is not before[path]}
    # and whatever a page's first text leads to a refused page by, its new file name is in it
    names = {posixpath.basename(ids[path]) for path in refused}
    leading = {path for path in pages if any(name in composed[0][path] for name in names)}
    chosen = set(pages) if again is None else again | changed | leading
    return _composed(run, pages, composed, chosen)[0]


# what composing a page added to the plan's reports: broken links, notes, unresolved cases
_Added = tuple[list[BrokenLink], list[str], list[Case]]


def _composed(
    run: _Run,
    pages: dict[str, conversion.Page],
    earlier: tuple[dict[str, str], dict[str, _Added]] | None = None,
    again: set[str] | None = None,
) -> tuple[dict[str, str], dict[str, _Added]]:
    """The new text of each page (:func:`import_plan.compose`), by path in order, and
    what composing each added to the plan's reports. Given the texts and additions of
    an ``earlier`` pass, only the pages in ``again`` are composed anew: each other page
    keeps its text, and its additions are made again, in the same order, as composing it
    anew would make them (nothing it reads has changed)."""
    plan = run.plan
    texts: dict[str, str] = {}
    added: dict[str, _Added] = {}
    label = "composing" if earlier is None else "composing again"
    for path, page in counted(sorted(pages.items()), run.session.progress, label):
        if earlier is not None and again is not None and path not in again:
            texts[path], added[path] = earlier[0][path], earlier[1][path]
            broken, notes, unresolved = added[path]
            plan.broken += broken
            plan.notes += notes
            plan.unresolved += unresolved
            continue
        sizes = len(plan.broken), len(plan.notes), len(plan.unresolved)
        texts[path] = import_plan.compose(plan, page)
        added[path] = (
            plan.broken[sizes[0] :],
            plan.notes[sizes[1] :],
            plan.unresolved[sizes[2] :],
        )
    return texts, added


def _refused(run: _Run, pages: dict[str, conversion.Page], texts: dict[str, str]) -> list[str]:
    """Put the whole guard to each page as it would be written, before any is: those it
    refuses are reported and taken out of the plan (and of ``pages``), so that no page
    written links to them as if they were imported. The paths of those it refused."""
    config = run.session.config
    refused = []
    for path, text in counted(list(texts.items()), run.session.progress, "guarding"):
        try:
            guarding.check(run.plan.ids[path], text, config, marks=True)
        except GuardError as exc:
            _stopped_at_write(run, pages[path], exc)
            refused.append(path)
    plan = run.plan
    for path in refused:
        doc_id = plan.ids.pop(path)
        plan.folded.pop(path.casefold(), None)
        for same in plan.under.values():
            same[:] = [other for other in same if other != doc_id]
        pages.pop(path)
    if refused:
        _to_files(run, pages, refused)
    return refused


def _to_files(run: _Run, pages: dict[str, conversion.Page], refused: list[str]) -> None:
    """Lead the links to the pages ``refused`` (paths from the source) to their files in
    the project, as :func:`_kept` does for any file of the project this import leaves."""
    left = {path.casefold() for path in refused}
    files = {run.plan.origin(path).casefold() for path in refused}
    run.walked -= files
    stems = {conversion.page_stem(posixpath.basename(path)) for path in left}
    names = stems | {quote(stem).casefold() for stem in stems}  # as links write them
    for path, page in list(pages.items()):
        folded = page.body.casefold()
        if not any(name in folded for name in names):
            continue  # names none of them: links to them cannot be there
        changes: dict[int, dict[str, str]] = {}
        for written, line in markdown.scan(page.body).links:
            split = _split_target(written)  # any page's suffix: .md, .mdx, .markdown...
            if split is None:
                continue
            if split[0].startswith("/"):  # from the site's top or the project's, as read
                # (microsoft/vscode-docs: 44 links to /docs/configure/extensions/...md)
                file = _project_file(run, path, written)
                to_refused = file is not None and file[0].casefold() in files
            else:
                found = posixpath.normpath(posixpath.join(posixpath.dirname(path), split[0]))
                to_refused = found.casefold() in left
            if not to_refused:
                continue
            new = _kept(run, page, written, line)  # None for a source outside the project
            if new is not None:
                changes.setdefault(line, {})[written] = new
        if changes:
            pages[path] = import_plan.with_body(page, foreign_links.retarget(page.body, changes))


def _earlier_ones(run: _Run, written: list[str]) -> list[str]:
    """The documents of the base brought in step with the pages imported now
    (:func:`_completed`, :func:`_linked_from_elsewhere`). Those edits are the import's own,
    which importing their pages again makes the same way: a draft still as its import
    wrote it stays so (:func:`anchoring.keep_written`). The ids edited (or to be)."""
    out = _completed(run)
    out += _linked_from_elsewhere(run, written + out)
    out += _addressed_from_elsewhere(run, written + out)
    if not run.dry_run:
        anchoring.keep_written(run.session, run.rewrites)
    return out


def _completed(run: _Run) -> list[str]:
    """Give the documents earlier imports made of this source's pages their side of what
    the pages imported now add (:func:`import_plan.completed`): the relations their
    records state, and links to the files of those pages leading to their documents, as
    one import of the whole source would have written them. Each is a surgical edit, so
    that what was edited since stays. The ids written (or to be, on a dry run)."""
    plan = run.plan
    session = run.session
    if not plan.before or not plan.ids:
        return []
    moved: dict[str, str] = {}
    above: str | None = None
    project = session.project.resolve()
    if run.source == project or project in run.source.parents:  # links lead to its files
        moved = {plan.origin(path).casefold(): doc_id for path, doc_id in plan.ids.items()}
        with contextlib.suppress(ValueError):
            above = session.root.resolve().relative_to(project).as_posix()
    out = []
    for path in sorted(set(plan.relations) & set(plan.before) | run.naming_new):
        doc_id = plan.before[path]
        try:
            read = session.read(doc_id)
            before = read.text
            text, said = import_plan.completed(plan, path, before, moved, above)
            if text != before and not run.dry_run:
                run.rewrites[doc_id] = (read.sha, session.write(doc_id, text, before=before))
            if text != before:
                said += _now_superseded(session, doc_id, before, text, run.dry_run)
        except MdbrainError as exc:  # gone, moved, or no longer valid: left as it is
            plan.notes.append(f"{doc_id}: left as it is: {exc.message}")
            continue
        if text != before:
            plan.notes.append(f"{doc_id}, imported before: {'; '.join(said)}")
            out.append(doc_id)
    return out


def _linked_from_elsewhere(run: _Run, written: list[str]) -> list[str]:
    """The other documents of the base whose links lead to the files of the pages
    imported now, those links led to the documents made of them (a surgical edit each):
    rust-lang/rfcs' process RFC, imported with text/, kept linking the project's
    README.md once the README was imported too. The ids edited (or to be)."""
    plan, session = run.plan, run.session
    project = session.project.resolve()
    if not plan.ids or not (run.source == project or project in run.source.parents):
        return []
    try:
        above = session.root.resolve().relative_to(project).as_posix()
    except ValueError:
        return []
    moved = {plan.origin(path).casefold(): doc_id for path, doc_id in plan.ids.items()}

    def of_project(target: str) -> str:
        return posixpath.normpath(posixpath.join(above, target)).casefold()

    done = set(written) | set(plan.ids.values())
    out = []
    for entry in session.manifest().entries:
        if entry.id in done or not any(of_project(f.target) in moved for f in entry.files):
            continue

        def to_document(written: str, resolved: str, doc_id: str = entry.id) -> str | None:
            found = moved.get(of_project(resolved))
            return None if found is None else edit.written_target(doc_id, found, written)

        try:
            read = session.read(entry.id)
        except MdbrainError as exc:  # gone: left as it is
            plan.notes.append(f"{entry.id}: left as it is: {exc.message}")
            continue
        if _relinked(run, read, to_document, links.resolve_any):
            out.append(entry.id)
    return out


def _relinked(
    run: _Run,
    read: Read,
    target: Callable[[str, str], str | None],
    resolve: Callable[[str, str], tuple[links.LinkKind, str] | None],
) -> bool:
    """Another document of the base (as ``read``) with the links ``resolve`` reads as
    leading out that ``target`` gives a new destination, a surgical edit, said in a
    note; whether any did (written unless on a dry run)."""
    try:
        text, count = edit.rewrite_links(
            read.text, read.id, target, (links.LinkKind.OUTSIDE,), resolve
        )
        if count and not run.dry_run:
            run.rewrites[read.id] = (read.sha, run.session.write(read.id, text, before=read.text))
    except MdbrainError as exc:  # no longer valid: left as it is
        run.plan.notes.append(f"{read.id}: left as it is: {exc.message}")
        return False
    if count:
        said = "a link now leads" if count == 1 else f"{count} links now lead"
        run.plan.notes.append(f"{read.id}: {said} to the documents imported")
    return bool(count)


def _addressed_from_elsewhere(run: _Run, written: list[str]) -> list[str]:
    """The other documents of the base whose links to a site's address of a page
    imported now (``/blog/2026/02/14/composite-samples/``, ``/docs/practices/alerting/``:
    see :func:`import_plan.page_at`) now lead to its document (a surgical edit each):
    on prometheus/docs, the pages of the docs and of the blog, imported one after the
    other, kept linking the site. The ids edited (or to be)."""
    plan, session = run.plan, run.session
    project = session.project.resolve()
    if not (run.source == project or project in run.source.parents):
        return []  # a source outside the project: no address of its site is known
    days = {key.split("/", 3)[0] + "/" for key, path in plan.dated.items() if path in plan.ids}
    top = plan.origin("")
    # any link from the site's root: one to the project's top or to the source's
    # (import_plan.page_at), the route of a page imported now (nestjs: /security/...)
    marks = [*(f"/{day}" for day in days), *(["](/"] if top else [])]
    if not marks or not plan.ids:
        return []
    done = set(written) | set(plan.ids.values())
    out = []
    for entry in session.manifest().entries:
        if entry.id in done:
            continue
        try:
            read = session.read(entry.id)
        except MdbrainError:
            continue
        before = read.text
        if not any(mark in before for mark in marks):
            continue

        def to_page(link: str, _resolved: str, doc_id: str = entry.id) -> str | None:
            page = import_plan.page_at(plan, link)
            if page is None:
                return None
            return edit.written_target(doc_id, plan.ids[page], link.lstrip("/ "))  # anchor kept

        if _relinked(run, read, to_page, _as_address):
            out.append(entry.id)
    return out


def _as_address(_doc_id: str, written: str) -> tuple[links.LinkKind, str] | None:
    """A link written from a site's root (``/blog/...``), to be told apart by the caller."""
    target = written.strip()
    if not target.startswith("/") or target.startswith("//"):
        return None
    return links.LinkKind.OUTSIDE, target


def _now_superseded(
    session: Session, doc_id: str, before: str, after: str, dry_run: bool
) -> list[str]:
    """Rule 4 for a document an import has just made ``deprecated``: the synthesis pages
    citing it turn ``needs-review``, as they would after ``supersede``. What to say."""
    old, new = (document.loads_leniently(t, doc_id).meta for t in (before, after))
    if old.get("status") == "deprecated" or new.get("status") != "deprecated":
        return []
    successors = [str(s) for s in new.get("superseded_by") or []]
    reviewed = governance.Governor(session).review_citing(doc_id, successors, dry_run=dry_run)
    return [f"{', '.join(reviewed)} now needs review (cites it)"] if reviewed else []


def _overviews(run: _Run, written: list[str]) -> list[str]:
    """Write a draft overview in each folder where an imported page would be an orphan
    (nothing links to it, and the folder has no overview): it lists the folder's orphaned
    pages, so that a first ``check --strict`` passes; a folder of one page hands it to
    its parent's. The ids written."""
    progress.phase(run.session.progress, "writing overviews")
    mine = {posixpath.dirname(doc_id) for doc_id in written}
    # the page asked for by name (ethereum/consensus-specs: "imported from repo", the
    # name of the project's folder, for its README.md)
    source = _origin(run.session, run.source)(run.page).rstrip("/") or run.source.name
    covered = overviews.cover(
        run.session,
        lambda lonely: mine & set(lonely),
        origin="import",
        source=source,
        gather=True,
        under=run.plan.prefix,
    )
    run.plan.notes.extend(covered.notes)
    return list(covered.written)


COPY_WORDS = 30  # words a page must hold for a copy of it to be told


def _note_copies(plan: import_plan.Plan, pages: Mapping[str, conversion.Page]) -> None:
    """Say which pages hold the same text as another, word for word (spacing aside),
    one note a text: they all come in, and a reader or a check should know.
    joelparkerhenderson/architecture-decision-record holds 27 such groups (English
    examples copied under tr/, a template saved under two names), and nothing said so."""
    groups: dict[str, list[str]] = {}
    for path, page in pages.items():
        words = page.body.split()
        if len(words) >= COPY_WORDS:
            groups.setdefault(" ".join(words), []).append(path)
    for same in sorted(sorted(paths) for paths in groups.values() if len(paths) > 1):
        plan.notes.append(
            f"{same[0]}: the same text, word for word, as {', '.join(same[1:])}; each is imported"
        )


def _report(
    run: _Run,
    dry_run: bool,
    *,
    renames: list[Renamed] | None = None,
    written: tuple[str, ...] = (),
    made: tuple[str, ...] = (),
    listed: tuple[tuple[str, str], ...] | None = None,
) -> ImportReport:
    plan = run.plan
    ids = plan.ids
    if not dry_run:
        progress.phase(run.session.progress, "indexing")
    return ImportReport(
        source=str(run.source / run.page) if run.page else str(run.source),
        dry_run=dry_run,
        legacy=listed is not None,
        imported={path: ids[path] for path in sorted(ids)},
        renamed=tuple(renames or ()),
        supersessions=tuple(
            Supersession(plan.id_of(old), plan.id_of(new), *said)
            for (old, new), said in sorted(plan.found.pairs.items())
            if (old in ids or new in ids) and {old, new} <= ids.keys() | plan.before.keys()
        ),
        unresolved=tuple(plan.unresolved),
        # a line linking twice to one missing page says it once (cncf/toc's process page)
        broken_links=tuple(sorted(set(plan.broken), key=lambda b: (b.source, b.line, b.target))),
        skipped=tuple(run.skipped),
        stopped=tuple(run.stopped),
        code_links=tuple(run.code),
        notes=tuple(plan.notes),
        listed=listed or (),
        theme=plan.prefix,
        refreshed=dict(sorted(plan.refresh.items())),
        verified=plan.verified,
        written=() if dry_run else written,
        index=None if dry_run else run.session.reindex(),
        overviews=tuple(sorted(made)),
    )


# --- legacy ----------------------------------------------------------------------------


def _legacy(run: _Run, paths: list[str], dry_run: bool) -> ImportReport:
    """Copy nothing: list every page of the source, with its title, in one document."""
    listed = []
    for path in paths:
        try:
            raw = files.read(run.source, path).decode("utf-8", "replace")
        except MdbrainError as exc:
            run.skipped.append(Case(path, "", f"cannot be read: {exc.message}"))
            continue
        read = conversion.parse(path, raw) if conversion.read_by_site(path) else None
        page = document.loads_leniently(raw, path)
        body, meta = (read.body, read.meta) if read else (page.body, page.meta)
        listed.append((run.plan.origin(path), run.plan.title(path, body, meta)))
    doc_id = posixpath.join(run.plan.prefix, LEGACY_NAME)
    try:
        meta = document.loads_leniently(run.session.read(doc_id).text, doc_id).meta
    except MdbrainError:
        meta = {}
    folder = run.plan.origin("").rstrip("/") or "."
    today, limit = run.plan.today, run.session.config.summary_max
    text = conversion.legacy_page(meta, folder, listed, today, limit)
    if dry_run:
        return _report(run, dry_run, written=(doc_id,), listed=tuple(listed))
    with run.session.writing():
        run.session.write(doc_id, text)
        return _report(run, dry_run, written=(doc_id,), listed=tuple(listed))
