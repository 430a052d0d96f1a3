"""Start a knowledge base: write the ``.rag`` marker and create the root, safely.

``init`` writes into no folder that already serves another purpose: a root
that holds a documentation site (:mod:`mdbrain.core.sites`), Markdown pages not
written for mdbrain, or any other file is refused with what to run instead
(``mdbrain import`` for the pages, another root for the base), before a byte
is written, ``--dry-run`` included. On an existing base ``init --scan`` writes
nothing and proposes ``mdbrain update --draft``.

Nothing is left behind by a failure. The marker is written last; the drafts
of ``init --scan`` are written, indexed and checked in a hidden folder beside
the root, which is moved into place at the end; whatever was created is
removed when anything goes wrong on the way.

The base's ``lang`` is the one the project's own prose is written in (its
README, its documentation pages), unless the caller names one.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import derived_pages, document, language, marker, schema, sites
from mdbrain.core.errors import DocumentError, InvalidRequestError, MdbrainError, UsageError
from mdbrain.core.marker import Config
from mdbrain.store import files, git, location

if TYPE_CHECKING:
    from mdbrain.core.progress import Progress
    from mdbrain.service.scanning import ScanReport

DEFAULT_ROOT = "docs-rag"
FALLBACK_ROOT = "knowledge"  # proposed when the default root is taken
MAX_LISTED = 5_000  # entries of a root looked at before deciding what it holds
MAX_PAGE_BYTES = 256 * 1024  # bytes of a page read to tell an mdbrain document
PROSE_FOLDERS = ("docs", "doc", "documentation")
MAX_PROSE_PAGES = 40
_PAGES = (".md", ".mdx", ".markdown", ".md.erb", ".rst")


@dataclass(frozen=True, slots=True)
class InitReport:
    marker: Path
    root: Path
    created_root: bool
    wrote_marker: bool
    lang: str = "en"
    detected: bool = False  # whether lang was read from the project's own prose
    pages: tuple[sites.Pages, ...] = ()  # documentation outside the root 'import' could bring in
    left_out: tuple[derived_pages.LeftOut, ...] = ()  # folders found but not proposed, and why
    dry_run: bool = False  # nothing was written: the report says what would be
    # the marker and the root, from the project, when git's ignore rules leave them out:
    # a base no one can commit (Homebrew/brew's .gitignore opens on "/*")
    ignored: tuple[str, ...] = ()


# --- what the project says, and what the root holds -------------------------------------


def _readable(project: Path, rel: str, limit: int) -> str:
    try:
        return files.read(project, rel, limit=limit).decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - a page that cannot be read says nothing
        return ""


def project_lang(project: Path) -> str | None:
    """The language of the project's prose: its READMEs (translations left out) and the
    pages of its documentation folder; when they say too little, the first pages found
    anywhere in the project (a GitBook site at the top, whose README is cards and
    tables: betagouv's community guide was set to English); None when those say too
    little as well."""
    texts = []
    try:
        top = sorted(os.listdir(project))
    except OSError:
        return None
    for name in top:
        if name.lower() in ("readme", *(f"readme{s}" for s in (*_PAGES, ".txt"))):
            texts.append(_readable(project, name, MAX_PAGE_BYTES))
    for folder in (f for f in PROSE_FOLDERS if f in top):
        for rel in _pages_under(project, folder)[:MAX_PROSE_PAGES]:
            texts.append(_readable(project, rel, MAX_PAGE_BYTES))
    found = language.detect(texts)
    if found is not None:
        return found
    read = set(texts)
    more = [_readable(project, rel, MAX_PAGE_BYTES) for rel in _pages_under(project, ".")]
    return language.detect([*texts, *(t for t in more if t not in read)])


_NOT_PROSE = frozenset({"node_modules", "vendor", "venv", "target", "dist", "build"})
MAX_FOLDERS_WALKED = 2_000  # folders looked into for pages, at most


def _pages_under(project: Path, folder: str) -> list[str]:
    """The first :data:`MAX_PROSE_PAGES` pages under ``folder``, from ``project``, in the
    order of a sorted walk that skips hidden folders and those of dependencies."""
    found: list[str] = []
    for walked, (here, dirs, names) in enumerate(os.walk(project / folder)):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _NOT_PROSE)
        rel = Path(here).relative_to(project).as_posix()
        found += [
            n if rel == "." else f"{rel}/{n}" for n in sorted(names) if n.lower().endswith(_PAGES)
        ]
        if len(found) >= MAX_PROSE_PAGES or walked >= MAX_FOLDERS_WALKED:
            break
    return found[:MAX_PROSE_PAGES]


@dataclass(frozen=True, slots=True)
class Holding:
    """What a root folder holds before ``init``: nothing, a base, or something else."""

    site: sites.Site | None = None
    foreign: tuple[str, ...] = ()  # pages not written for mdbrain, from the root
    documents: int = 0  # mdbrain documents
    others: tuple[str, ...] = ()  # other files, from the root

    @property
    def empty(self) -> bool:
        return not (self.site or self.foreign or self.documents or self.others)


def _listing(root: Path) -> Iterator[str]:
    """The files under ``root``, from it; links and mdbrain's own cache left out."""
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != ".mdbrain" and not os.path.islink(Path(here, d)))
        rel = Path(here).relative_to(root).as_posix()
        for name in sorted(names):
            yield name if rel == "." else f"{rel}/{name}"


def _is_document(text: str, rel: str) -> bool:
    try:
        meta = document.loads(text, rel).meta
    except DocumentError:
        return False
    return all(meta.get(key) not in (None, "", []) for key in schema.REQUIRED_FIELDS)


def _derived_names(config: Config) -> frozenset[str]:
    """The files at a root's top that mdbrain derives: its indexes and its anchor lock."""
    return config.index.reserved() | marker.RESERVED_NAMES


def holding(project: Path, root: Path, config: Config) -> Holding:
    """What ``root`` holds now: a site, foreign pages, mdbrain documents, other files."""
    if not root.is_dir():
        return Holding()
    inside = []
    for count, rel in enumerate(_listing(root)):
        if count >= MAX_LISTED:
            break
        inside.append(rel)
    around = {n: _readable(project, n, 64_000) for n, _t, _f in sites.AROUND}
    folder = Path(os.path.relpath(root, project)).as_posix()
    site = sites.docs_site(folder, inside, {k: v for k, v in around.items() if v})
    derived = _derived_names(config)
    foreign, others, documents = [], [], 0
    for rel in inside:
        if rel in derived:
            continue
        if not rel.lower().endswith(_PAGES):
            others.append(rel)
        elif _is_document(_readable(root, rel, MAX_PAGE_BYTES), rel):
            documents += 1
        else:
            foreign.append(rel)
    return Holding(site, tuple(foreign), documents, tuple(others))


def _refusal(project: Path, root: Path, held: Holding) -> UsageError:
    """Why ``init`` writes nothing into ``root``, and what to run instead."""
    shown = Path(os.path.relpath(root, project)).as_posix()
    other = FALLBACK_ROOT if shown == DEFAULT_ROOT else DEFAULT_ROOT
    if held.site is not None:
        what = f"a {held.site.tool} documentation site ({held.site.evidence})"
    elif held.foreign:
        home = sites.home_page(held.foreign)
        example = f"{shown}/{home or held.foreign[0]}"
        what = f"{len(held.foreign)} Markdown pages not written for mdbrain (such as {example})"
    elif held.others:
        what = f"{len(held.others)} files that are not mdbrain documents"
    else:
        return UsageError(
            f"{shown}/ holds {held.documents} mdbrain documents but no marker; nothing was "
            f"written. Run 'mdbrain init {shown}' (without --scan) to adopt them as a base, "
            "then 'mdbrain update --draft' to draft the code no document describes",
            path=str(root),
        )
    pages = held.site is not None or held.foreign
    bring = f" and bring its pages in with 'mdbrain import {shown}'" if pages else ""
    return UsageError(
        f"{shown}/ holds {what}: mdbrain writes nothing into it, and nothing was written. "
        f"Start the base in another folder with 'mdbrain init {other}'{bring}",
        path=str(root),
    )


# --- init ---------------------------------------------------------------------------------


def _config(project: Path, root: str, lang: str | None) -> tuple[str, Config, bool]:
    """The marker text init would write, its settings, and whether lang was detected."""
    detected = lang is None
    lang = lang or project_lang(project) or language.DEFAULT
    text = marker.dumps(root, lang=lang)
    return text, marker.loads(text, path=str(project / marker.MARKER_NAME)), detected


def init_base(
    project: Path, root: str = DEFAULT_ROOT, *, lang: str | None = None, dry_run: bool = False
) -> InitReport:
    """Write ``project/.rag`` pointing at ``root`` and create that folder; with
    ``dry_run``, write nothing and say what would be written (``wrote_marker`` and
    ``created_root`` then tell what would be).

    Refuses to touch a base that already has documents: the marker of an existing
    base is kept as it is, and the message says what to run instead. A root
    holding anything but mdbrain documents is refused (see :func:`holding`); one
    holding only mdbrain documents is a base whose marker went missing, and is
    adopted as it is. ``lang`` defaults to the language of the project's prose.
    """
    marker_path = project / marker.MARKER_NAME
    if os.path.lexists(marker_path):
        existing = location.read_marker(marker_path)
        base_root = location.root_of(marker_path, existing)
        if base_root.is_dir() and any(base_root.iterdir()):
            raise UsageError(
                f"a knowledge base already exists at {base_root}; nothing was changed. "
                "Run 'mdbrain index' to refresh its indexes, 'mdbrain check' to validate it, "
                "or 'mdbrain update --draft' to draft the code no document describes",
                path=str(marker_path),
            )
        if dry_run:
            return InitReport(marker_path, base_root, created_root=not base_root.is_dir(),
                              wrote_marker=False, lang=existing.lang, dry_run=True)  # fmt: skip
        created = _make_root(project, base_root)
        return InitReport(marker_path, base_root, created_root=bool(created),
                          wrote_marker=False, lang=existing.lang)  # fmt: skip
    text, config, detected = _config(project, root, lang)
    base_root = location.root_of(marker_path, config)
    held = holding(project, base_root, config)
    if held.site or held.foreign or held.others:
        raise _refusal(project, base_root, held)
    pages, left_out = advice_outside(project, base_root, config.lang)  # before any write
    ignored = ignored_by_git(project, base_root)
    if dry_run:
        return InitReport(marker_path, base_root, created_root=not base_root.is_dir(),
                          wrote_marker=True, lang=config.lang, detected=detected, pages=pages,
                          left_out=left_out, dry_run=True, ignored=ignored)  # fmt: skip
    created = _make_root(project, base_root)
    try:
        files.write(project, marker.MARKER_NAME, text)  # last: a failure leaves no marker
    except BaseException:
        _unmake(created)
        raise
    return InitReport(marker_path, base_root, created_root=bool(created), wrote_marker=True,
                      lang=config.lang, detected=detected, pages=pages,
                      left_out=left_out, ignored=ignored)  # fmt: skip


def ignored_by_git(project: Path, root: Path) -> tuple[str, ...]:
    """The marker and the root (as paths from the project) that git's ignore rules leave
    out, so that the base would never be committed; none outside a git repository."""
    from mdbrain.core.errors import GitError

    folder = os.path.relpath(root, project).replace(os.sep, "/")
    asked = {marker.MARKER_NAME: marker.MARKER_NAME, f"{folder}/INDEX.md": folder}
    try:
        found = git.Git(project).ignored(list(asked))
    except (GitError, OSError):
        return ()
    return tuple(asked[path] for path in asked if path in found)


def pages_outside(project: Path, root: Path, lang: str = "en") -> tuple[sites.Pages, ...]:
    """The project's documentation folders outside ``root`` (a site's sources, or folders
    named for documentation or mostly pages): what 'mdbrain import' could bring in, so
    only the pages it reads (Markdown, MDX) are counted: a folder of reStructuredText
    or AsciiDoc is not proposed, since import would bring nothing in. Only advice: a
    project that cannot be listed (no git, a folder it may not read) gets none."""
    return advice_outside(project, root, lang)[0]


def advice_outside(
    project: Path, root: Path, lang: str = "en"
) -> tuple[tuple[sites.Pages, ...], tuple[derived_pages.LeftOut, ...]]:
    """:func:`pages_outside`, and the documentation folders found but left out of it
    since their pages are stubs or copies of others: init says why it does not
    propose them, so that nobody imports them by hand thinking it forgot them."""
    from mdbrain.service.scanning import import_advice, project_files

    try:
        found = project_files(project, root)
    except (MdbrainError, OSError):
        return (), ()
    return import_advice(project, found, lang)


def _make_root(project: Path, root: Path) -> list[Path]:
    """Create ``root`` and its missing parents inside the project; the folders created."""
    missing = [p for p in (root, *root.parents) if not os.path.lexists(p)]
    missing = [p for p in missing if p.is_relative_to(project)]
    try:  # the root lies inside the project, reached through no link leading out
        files.make_folder(project, os.path.relpath(root, project))
    except BaseException:
        _unmake(missing)
        raise
    return missing


def _unmake(folders: list[Path]) -> None:
    """Remove the folders init created (the deepest first), if they are still empty."""
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            continue


# --- init --scan ----------------------------------------------------------------------------


def init_from_code(
    project: Path,
    root: str = DEFAULT_ROOT,
    *,
    lang: str | None = None,
    today: dt.date,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> tuple[InitReport | None, ScanReport]:
    """Start a base with draft documents read from the project's code (``progress``
    hears of the drafts written).

    On an existing base nothing is written: the report lists the drafts the
    scan would add (``existing``) and proposes ``mdbrain update --draft``. With
    ``dry_run`` nothing at all is written, the marker included. The marker is
    written last; on a failure nothing is left behind.
    """
    marker_path = project / marker.MARKER_NAME
    if os.path.lexists(marker_path):
        config = location.read_marker(marker_path)
        base_root = location.root_of(marker_path, config)
        if base_root.is_dir() and any(base_root.iterdir()):
            where = location.Location(marker_path, config, base_root)
            report = _scan(where, today, dry_run=True, progress=progress)
            return None, replace(report, existing=True, next_step=EXISTING_NEXT, dry_run=dry_run)
        text = None  # the marker is the user's: kept as it is
        detected = False
    else:
        text, config, detected = _config(project, root, lang)
        base_root = location.root_of(marker_path, config)
        held = holding(project, base_root, config)
        if not held.empty:
            raise _refusal(project, base_root, held)
    if Path(os.path.relpath(base_root, project)).as_posix() == ".":
        raise InvalidRequestError(
            "the knowledge root is the project folder itself: scan needs its own", field="root"
        )
    started = InitReport(
        marker_path, base_root, created_root=not base_root.is_dir(), wrote_marker=True,
        lang=config.lang, detected=detected, ignored=ignored_by_git(project, base_root),
    )  # fmt: skip
    where = location.Location(marker_path, config, base_root)
    if dry_run:
        report = _scan(where, today, dry_run=True, progress=progress)
    else:
        report = _staged(where, text, today, progress)
    return (started if text is not None and not dry_run else None), report


EXISTING_NEXT = (
    "A knowledge base already exists here: init --scan adds nothing to it. "
    "Run 'mdbrain update --draft' to draft the code no document describes."
)


def _scan(
    where: location.Location,
    today: dt.date,
    *,
    dry_run: bool,
    progress: Progress | None = None,
) -> ScanReport:
    from mdbrain.service.scanning import scan_project
    from mdbrain.service.session import Session

    session = Session(where, lambda: today)
    session.progress = progress
    try:
        return scan_project(session, dry_run=dry_run)
    finally:
        session.close()


def _staged(
    where: location.Location, text: str | None, today: dt.date, progress: Progress | None = None
) -> ScanReport:
    """Scan into a hidden folder beside the root, move it into place, then write the
    marker (``text``, when there is none yet); on any failure, remove all this wrote."""
    project, root = where.project, where.root
    created = _make_root(project, root.parent) if not root.parent.is_dir() else []
    stage: Path | None = None
    moved = False
    existed = root.is_dir()
    try:
        stage = _stage(root, existed)
        report = _scan(replace(where, root=stage), today, dry_run=False, progress=progress)
        if existed:  # empty but for what mdbrain derives (checked before the scan)
            _clear_derived(root, _derived_names(where.config))
            root.rmdir()
        os.rename(stage, root)
        moved = True
        if text is not None:
            files.write(project, marker.MARKER_NAME, text)  # last
    except BaseException:
        _remove_tree(root if moved else stage)
        if existed and not root.exists():
            root.mkdir()
        _unmake(created)
        raise
    return report


def _clear_derived(root: Path, derived: frozenset[str]) -> None:
    """Remove from ``root`` what :func:`holding` counts as nothing: mdbrain's caches
    (``.mdbrain/``), the derived files at its top, and the folders left empty. A root
    that kept only its cache once its pages were gone made ``init --scan`` fail with
    "Directory not empty" (Zed's trial)."""
    for here, _dirs, names in os.walk(root, topdown=False):
        folder = Path(here)
        if folder.name == ".mdbrain":
            shutil.rmtree(folder)
            continue
        for name in names if folder == root else ():
            if name in derived:
                (folder / name).unlink()
        if folder != root and not any(folder.iterdir()):
            folder.rmdir()


def _stage(root: Path, existed: bool) -> Path:
    """A new hidden folder beside ``root`` to scan into, with the permissions ``root``
    would get (the umask's, not the owner-only ones of a temporary folder), or has when
    it exists already."""
    for _ in range(100):
        stage = root.parent / f".{root.name}.{secrets.token_hex(4)}.partial"
        try:
            stage.mkdir()
        except FileExistsError:
            continue
        try:
            if existed:
                stage.chmod(stat.S_IMODE(root.stat().st_mode))
        except BaseException:
            stage.rmdir()
            raise
        return stage
    raise FileExistsError(f"no free name for a folder beside {root}")


def _remove_tree(folder: Path | None) -> None:
    """Remove a folder init created and filled, whole; never through a link."""
    if folder is None or not folder.exists() or stat.S_ISLNK(folder.lstat().st_mode):
        return
    shutil.rmtree(folder, ignore_errors=True)
