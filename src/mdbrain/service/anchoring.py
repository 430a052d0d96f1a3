"""Fingerprints of the code each document describes, kept in ``ANCHORS.lock``.

Every impl_ref, and every source that is a file of the project (the page a
document was imported from), gets a fingerprint of what it names, taken when its
document is written, verified, drafted by ``init --scan`` or imported:

* a symbol (``file.py#Class.method``): a hash of its syntax tree, so comments
  and layout do not count (:func:`mdbrain.core.anchors.symbol_fingerprint`);
* a file: a hash of its bytes, line endings made alike;
* a folder: a hash of the names and fingerprints of the files under it
  (hidden folders and build output left out, at most :data:`FOLDER_FILES`).

``update`` compares the code with these fingerprints, so a change is found by
its content, whatever the calendar says: a commit on the day the document was
written, a shallow clone, a folder outside git. git dates only explain what
changed. Entries of documents that no longer exist, or of impl_refs a
document no longer lists, are pruned whenever the lock is written.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import anchors, fields, ids, links
from mdbrain.core.errors import MdbrainError
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.store import anchor_lock, files

if TYPE_CHECKING:
    from mdbrain.service.session import Session

FOLDER_FILES = 5_000  # files of a folder impl_ref read for its fingerprint
FILE_BYTES = 8 * 1024 * 1024  # a larger file is fingerprinted by its first bytes and size
_SKIPPED = frozenset({"node_modules", "__pycache__", "dist", "build", "target", "venv"})


@dataclass(frozen=True, slots=True)
class Print:
    """What an impl_ref names now: its fingerprint, or why there is none."""

    hash: str = ""  # '' when gone or unreadable
    gone: str = ""  # why the code is not there any more ('' when it is)
    unreadable: str = ""  # why it could not be read ('' when it could)


def _file_hash(path: Path, shown: str) -> str:
    return _hashed(path, files.read_path(path, limit=FILE_BYTES, shown=shown))


def _hashed(path: Path, data: bytes) -> str:
    """The fingerprint of a whole file from its first :data:`FILE_BYTES` (``data``)."""
    digest = hashlib.sha256(data.replace(b"\r\n", b"\n"))
    if len(data) >= FILE_BYTES:
        digest.update(str(path.stat().st_size).encode())
    return digest.hexdigest()


def _folder_hash(folder: Path, shown: str) -> str:
    digest = hashlib.sha256()
    count = 0
    for current, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED)
        for name in sorted(names):
            path = Path(current, name)
            if name.startswith(".") or path.is_symlink() or not path.is_file():
                continue
            rel = path.relative_to(folder).as_posix()
            try:
                digest.update(f"{rel}\0{_file_hash(path, f'{shown}/{rel}')}\n".encode())
            except MdbrainError:
                digest.update(f"{rel}\0unreadable\n".encode())
            count += 1
            if count >= FOLDER_FILES:
                return digest.hexdigest()
    return digest.hexdigest()


def take(project: Path, ref: anchors.Ref) -> Print:
    """The fingerprint of what ``ref`` names in the project now."""
    try:
        return _take(files.locate(project, ref.path), ref)
    except MdbrainError as exc:
        return Print(unreadable=exc.message)
    except (UnicodeDecodeError, SyntaxError, ValueError, LookupError) as exc:
        return Print(unreadable=f"{ref.text} cannot be read ({exc.__class__.__name__})")


def _take(path: Path, ref: anchors.Ref) -> Print:
    if path.is_dir():
        return Print(_folder_hash(path, ref.path))
    if not path.is_file():
        return Print(gone=f"{ref.text} no longer exists")
    if not (ref.symbol and anchors.supports(ref.path)):
        data = files.read_path(path, limit=FILE_BYTES, shown=ref.path)
        whole = len(data) < FILE_BYTES  # a name past the bytes read may still be there
        if ref.symbol and whole and not anchors.named_in(data, ref.symbol):
            return Print(gone=f"{ref.text}: {ref.symbol} is nowhere in {ref.path}")
        return Print(_hashed(path, data))
    data = files.read_path(path, shown=ref.path)
    found = anchors.symbol_fingerprint(ref.path, data, ref.symbol)
    if found is None:
        return Print(gone=f"{ref.text}: symbol {ref.symbol} is no longer in {ref.path}")
    return Print(found)


def taken_first(project: Path, ref: anchors.Ref, recorded: str) -> bool:
    """Whether ``recorded``, a JavaScript or TypeScript symbol's fingerprint from a lock
    written before semicolons and commas stopped counting, is that of the code now."""
    from mdbrain.core import syntax

    if (
        not ref.symbol
        or syntax.language_of(ref.path) is None
        or recorded.startswith(syntax.VERSION)
    ):
        return False
    try:
        data = files.read_path(files.locate(project, ref.path), shown=ref.path)
        return anchors.symbol_fingerprint(ref.path, data, ref.symbol, first=True) == recorded
    except (MdbrainError, SyntaxError, ValueError, LookupError):
        return False


def missing(project: Path, written: str) -> str:
    """Why an impl_ref (as written) names no code of the project now: no file or folder
    at its path, or no such symbol in its file (for a language whose symbols are not
    read here: its name nowhere in the file); '' when the code is there, and when it
    cannot be told (a file that does not parse)."""
    try:
        ref = anchors.parse(ids.code_path(written))
    except MdbrainError:
        return ""
    found = take(project, ref)
    if not found.gone:
        return ""
    if ref.symbol and os.path.lexists(project / ref.path):
        if not anchors.supports(ref.path):
            return f"{ref.symbol} is nowhere in {ref.path}"
        return f"no symbol {ref.symbol} in {ref.path}"
    return f"no file or folder {ref.path} in the project"


def shared_name(project: Path, written: str) -> str:
    """Why an impl_ref naming a bare method name follows less than it says: two types of
    its Go file or more have a method of that name, and only the first is followed
    (:func:`syntax.namesakes`); '' otherwise."""
    from mdbrain.core import syntax

    try:
        ref = anchors.parse(ids.code_path(written))
        data = files.read(project, ref.path)
    except MdbrainError:
        return ""
    shared = syntax.namesakes(data, ref.path, ref.symbol)
    if not shared:
        return ""
    return (
        f"{ref.symbol} is a method of {len(shared)} types in {ref.path}"
        f" ({', '.join(shared)}); name one as Type.Method, as only the first is followed"
    )


def refs_of(entry: Entry) -> list[anchors.Ref]:
    """The impl_refs of a document that name a place inside the project."""
    out = []
    for written in fields.strings(entry.meta, "impl_refs"):
        try:
            out.append(anchors.parse(ids.code_path(written)))
        except MdbrainError:
            continue
    return out


def sources_of(entry: Entry, base: str) -> list[anchors.Ref]:
    """The ``sources`` of a document that name a file of the project outside the base
    (``base``: the knowledge root from the project folder, '.' when they are one): the
    page it was imported from, the code it was drawn from. When one changes, the
    document may say what it no longer says. Addresses, prose ("discussion #2001") and
    the base's own documents are none."""
    out = []
    for written in fields.strings(entry.meta, "sources"):
        path = written.strip()
        if "://" in path or any(c.isspace() for c in path) or path.endswith("/"):
            continue
        if "." not in path.rsplit("/", 1)[-1]:
            continue
        try:
            ref = anchors.parse(ids.code_path(path))
        except MdbrainError:
            continue
        inside = base in (".", ref.path) or ref.path.startswith(base + "/")
        if ref.symbol or (inside and ref.path.lower().endswith(links.DOC_SUFFIXES)):
            continue
        out.append(ref)
    return out


def watched(entry: Entry, base: str) -> list[anchors.Ref]:
    """What ``update`` compares a document with: its impl_refs, then its sources
    (:func:`sources_of`) that are not among them."""
    refs = refs_of(entry)
    known = {ref.path for ref in refs}
    return refs + [ref for ref in sources_of(entry, base) if ref.path not in known]


def base_folder(session: Session) -> str:
    """The knowledge root as a path from the project folder ('.' when they are one)."""
    return Path(os.path.relpath(session.root, session.project)).as_posix()


def verified_on(entry: Entry) -> dt.date | None:
    """The day a document was last checked against its code: its ``reviewed`` date, or
    its ``updated`` one when later."""
    days = [fields.date(entry.meta, key) for key in ("reviewed", "updated")]
    known = [d for d in days if d is not None]
    return max(known) if known else None


def baseline(
    lock: anchor_lock.Lock,
    project: Path,
    entry: Entry,
    day: dt.date | None = None,
    base: str = ".",
    *,
    edited: bool = False,
) -> None:
    """Record in ``lock`` what every impl_ref and source file of ``entry`` names now, as
    verified on ``day`` (``base``: see :func:`sources_of`). After an ``edited``
    document (a write, no check), the fingerprint an import took of a page the
    document was made from is kept as it was: importing the page again tells the
    document was edited since, and whether the page changed (grpc/proposal: a draft
    edited with ``write --doc``, its page changed after, was named nowhere)."""
    when = (day or verified_on(entry) or dt.date.today()).isoformat()
    before = lock.get(entry.id, {}) if edited else {}
    recorded: dict[str, dict[str, str]] = {}
    for ref in watched(entry, base):
        if "written" in before.get(ref.text, {}):
            recorded[ref.text] = dict(before[ref.text])
            continue
        found = take(project, ref)
        if found.hash:
            recorded[ref.text] = {"hash": found.hash, "verified": when}
    lock[entry.id] = recorded


def imported(lock: anchor_lock.Lock, entry: Entry, base: str) -> None:
    """Mark in ``lock`` the fingerprints of ``entry``'s source files as those of pages it
    was just imported from, with the document's own hash as written: importing again
    brings a draft nobody has edited since up to date with its page (:func:`stale_copy`)."""
    sources = {ref.text for ref in sources_of(entry, base)}
    for text, recorded in lock.get(entry.id, {}).items():
        if text in sources:
            recorded["written"] = entry.sha


def rewritten(lock: anchor_lock.Lock, shas: Mapping[str, tuple[str, str]]) -> None:
    """Keep mdbrain's own rewrite of documents from counting, in ``lock``, as someone's
    edit: ``shas`` gives each rewritten document's hash before the rewrite and after (by
    its id in the lock: the new one for a document moved). One still as an import wrote
    it stays so, with its hash after, and importing again still brings it up to date
    (:func:`stale_copy`); one edited since stays edited. Such rewrites are those importing
    again writes the same way: a move's links in the documents that link to the moved
    one and in the moved one itself (opentelemetry-specification: a move of glossary.md
    froze the 15 drafts linking to it), links ``check --fix`` leads to a document git saw
    renamed, links and relations an import adds to the drafts of earlier ones."""
    for doc_id, (before, after) in shas.items():
        for recorded in lock.get(doc_id, {}).values():
            if recorded.get("written") == before:
                recorded["written"] = after


def keep_written(
    session: Session,
    shas: Mapping[str, tuple[str, str]],
    renamed: Mapping[str, str] | None = None,
) -> bool:
    """:func:`rewritten` in the base's lock, written when that changes it (not when it
    cannot be read: it is taken again on its next write); returns whether it was.
    ``renamed``: documents renamed by other means than ``mv`` (old id -> new id), whose
    entries follow them unless the new id has its own. Call it holding the base's lock,
    once the documents of ``shas`` are written."""
    if not shas and not renamed:
        return False
    lock, problem = anchor_lock.read(session.root)
    if problem:
        return False
    before = anchor_lock.dumps(lock)
    for old, new in (renamed or {}).items():
        if old in lock and new not in lock:
            lock[new] = lock.pop(old)
    rewritten(lock, shas)
    return anchor_lock.dumps(lock) != before and anchor_lock.write(session.root, lock)


def stale_copy(
    lock: anchor_lock.Lock, project: Path, entry: Entry, source: str
) -> tuple[bool, bool]:
    """Whether the page ``source`` (as ``sources`` names it) changed since ``entry`` was
    imported from it, or checked against it by ``verify``; and whether the document is
    still as that import wrote it (never once verified). Both False when neither left a
    fingerprint (an import made before they were kept)."""
    recorded = lock.get(entry.id, {}).get(source)
    if recorded is None or ("written" not in recorded and "verified" not in recorded):
        return False, False
    try:
        now = take(project, anchors.parse(ids.code_path(source)))
    except MdbrainError:
        return False, False
    changed = bool(now.hash) and now.hash != recorded.get("hash")
    return changed, recorded.get("written") == entry.sha


def prune(lock: anchor_lock.Lock, found: Manifest, base: str = ".") -> None:
    """Drop the entries of documents that are gone and of impl_refs (or sources) no
    longer listed."""
    for doc_id in list(lock):
        entry = found.get(doc_id)
        if entry is None:
            del lock[doc_id]
            continue
        listed = {ref.text for ref in watched(entry, base)}
        for ref_text in list(lock[doc_id]):
            if ref_text not in listed:
                del lock[doc_id][ref_text]


def record(
    session: Session,
    doc_ids: Iterable[str],
    *,
    day: dt.date | None = None,
    from_import: bool = False,
) -> bool:
    """Take the fingerprints of the impl_refs of ``doc_ids`` and write the lock (pruned);
    returns whether the lock file changed. ``from_import``: the documents were just
    imported from their sources (see :func:`imported`). Call it holding the base's lock."""
    wanted = list(doc_ids)
    found = session.manifest()
    base = base_folder(session)
    lock, _problem = anchor_lock.read(session.root)
    for doc_id in wanted:
        entry = found.get(doc_id)
        if entry is not None:
            edited = day is None and not from_import  # a write: no check, no import
            baseline(lock, session.project, entry, day, base, edited=edited)
            if from_import:
                imported(lock, entry, base)
    prune(lock, found, base)
    return anchor_lock.write(session.root, lock)
