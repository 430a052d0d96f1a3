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
from collections.abc import Callable, Collection

from mdbrain.core import fields, folder_overview, rules
from mdbrain.core.errors import GuardError
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
) -> Covered:
    """Write a draft overview in each folder that ``folders`` picks among those holding
    orphans (it is given them, with their orphans)."""
    lonely = orphans_by_folder(session)
    manifest = session.manifest()
    written, notes = [], []
    for folder in sorted(set(folders(lonely)) & set(lonely)):
        doc_id = folder_overview.doc_id(folder)
        if manifest.get(doc_id) is not None or (session.root / doc_id).exists():
            notes.append(f"{folder or 'the root'} has no overview, and {doc_id} is taken")
            continue
        listed = []
        for page in sorted(lonely[folder]):
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
