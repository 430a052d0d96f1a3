"""No page left unreachable by mdbrain itself: draft overviews for orphaned folders.

After ``import`` or ``write`` adds pages, :func:`cover` finds the orphans the
check would report (the same rule, :func:`mdbrain.core.rules.orphans`) in the
folders it is asked about, and writes a draft overview in each such folder that
lists its orphaned pages. A folder whose overview name is already taken is left
as it is and said in a note. Call it holding the base's write lock.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections import Counter
from collections.abc import Callable, Collection

from mdbrain.core import fields, folder_overview, rules
from mdbrain.core.errors import GuardError, MdbrainError
from mdbrain.service.session import Session


@dataclasses.dataclass(frozen=True, slots=True)
class Covered:
    written: tuple[str, ...]  # the overviews written
    notes: tuple[str, ...]  # folders left as they were, and why


def orphans_by_folder(session: Session) -> dict[str, list[str]]:
    """The pages the check would call orphans, by folder ('' for the root)."""
    session.forget()
    manifest = session.manifest()
    found: dict[str, list[str]] = {}
    context = rules.Context(manifest, session.config, session.today())
    for finding in rules.orphans(context):
        found.setdefault(posixpath.dirname(finding.path), []).append(finding.path)
    return found


def cover(
    session: Session,
    folders: Callable[[dict[str, list[str]]], Collection[str]],
    *,
    origin: str,
    source: str = "",
    gather: bool = False,
    under: str = "",
) -> Covered:
    """Write a draft overview in each folder that ``folders`` picks among those holding
    orphans (it is given them, with their orphans). With ``gather``, a folder whose only
    page is an orphan hands it to its parent's overview (below the top level), so that a
    tree of one page per folder (``sig-node/753-sidecars/README.md``) gets one overview
    listing them all instead of one per page; ``under`` is the theme the pages came
    into, whose own folders count as the top-level ones."""
    lonely = orphans_by_folder(session)
    manifest = session.manifest()

    def free(folder: str) -> str | None:
        """The first of the overview's names that neither a document nor a file holds."""
        for doc_id in folder_overview.doc_ids(folder):
            if manifest.get(doc_id) is None and not (session.root / doc_id).exists():
                return doc_id
        return None

    def taken(folder: str) -> bool:
        return free(folder) is None

    picked = {folder: list(lonely[folder]) for folder in set(folders(lonely)) & set(lonely)}
    if gather:
        held = Counter(posixpath.dirname(entry.id) for entry in manifest.entries)
        picked = _gathered(picked, taken, held, under)
    written, notes = [], []
    for folder in sorted(picked):
        doc_id = free(folder)
        if doc_id is None:
            names = folder_overview.doc_ids(folder)
            said = f"{' and '.join(names)} {'are' if len(names) > 1 else 'is'} taken"
            notes.append(f"{folder or 'the root'} has no overview, and {said}")
            continue
        listed = []
        for page in sorted(picked[folder]):
            entry = manifest.get(page)
            if entry is not None:
                listed.append((page, fields.text(entry.meta, "title") or page, entry.summary))
        text = folder_overview.page(
            folder,
            listed,
            session.today(),
            session.config.lang,
            origin=origin,
            source=source,
            summary_max=session.config.summary_max,
        )
        try:
            session.write(doc_id, text)
        except GuardError:
            notes.append(f"{doc_id} was not written: a title or summary it lists looks secret")
            continue
        written.append(doc_id)
    return Covered(tuple(written), tuple(notes))


@dataclasses.dataclass(frozen=True, slots=True)
class Listed:
    """What became of the overview of a written page's folder."""

    added_to: str = ""  # the overview write made, now listing the page too
    left: str = ""  # an overview write made that someone changed since: left as it is


def extend(session: Session, doc_id: str) -> Listed:
    """Add ``doc_id`` to the overview of its folder when ``write`` made that overview and
    nobody has changed it since (:func:`folder_overview.listing`): it says it lists the
    folder's pages, and went on listing the first one alone. A page someone wrote or
    completed is never touched; one that still says ``write`` made it is named, for
    the writer to add the page by hand."""
    folder = posixpath.dirname(doc_id)
    config = session.config
    for overview in folder_overview.doc_ids(folder):
        if overview == doc_id or not (session.root / overview).is_file():
            continue
        try:
            text = session.read(overview).text
        except MdbrainError:
            return Listed()
        listing = folder_overview.listing(text, folder, config.summary_max)
        if listing is None:
            return Listed(left=overview if folder_overview.made_by_write(text) else "")
        if any(page == doc_id for page, _t, _s in listing.pages):
            return Listed()
        entry = session.entry(doc_id)
        added = (doc_id, fields.text(entry.meta, "title") or doc_id, entry.summary)
        grown = listing.with_pages([added], session.today()).text(config.summary_max)
        try:
            session.write(overview, grown)
        except GuardError:
            return Listed()
        return Listed(added_to=overview)
    return Listed()


def _gathered(
    picked: dict[str, list[str]], taken: Callable[[str], bool], held: Counter[str], under: str
) -> dict[str, list[str]]:
    """``picked`` with each folder that holds one orphan and no other document (in it or
    handed up from below) merged into its parent, deepest first, up to ``under``, the
    theme an import writes into (a subset such as ``keps/sig-cli`` gets one overview
    listing its 32 proposals, not one per proposal's folder), or up to the top-level
    folders when there is none; never into the root, nor into a parent whose overview
    name is taken. ``held`` counts the documents of each folder."""
    out = {folder: list(pages) for folder, pages in picked.items()}
    around = {a for f in picked for a in _ancestors(f)} | set(picked)
    top = under.count("/") + 1 if under else 0  # the slashes in a top-level folder's path
    for folder in sorted(around, key=lambda f: (-f.count("/"), f)):
        pages = out.get(folder, [])
        parent = posixpath.dirname(folder)
        if folder.count("/") < top or not parent or len(pages) != 1:
            continue
        alone = held[folder] == (1 if posixpath.dirname(pages[0]) == folder else 0)
        if alone and not taken(parent):
            out.setdefault(parent, []).extend(out.pop(folder))
    return out


def _ancestors(folder: str) -> list[str]:
    """The folders above ``folder``, below the root."""
    parts = folder.split("/")
    return ["/".join(parts[:n]) for n in range(1, len(parts))]
