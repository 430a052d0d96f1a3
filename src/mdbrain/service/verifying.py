"""The ``verify`` operation: "I checked this against the code, or against production".

Verifying is how knowledge comes into force, or comes back into it:

* a draft becomes ``stable`` once it has at least one source (given now, or
  already listed): provenance decides trust;
* a ``needs-review`` document (drift found by ``update``, a synthesis page whose
  sources were superseded) becomes ``stable`` and loses its ``review_reason``;
* ``reviewed`` is set to today, an optional note is kept in ``review_note``,
  and the fingerprints of its impl_refs are taken again, so that ``update``
  compares the code with what was just checked.

Sources are appended, never replaced. A document with no source at all is
refused, saying how to give one, and so is one whose impl_refs name code that
is not there (a file gone, a symbol its file no longer holds): verified, the
next ``update`` would flag it again. Deprecated and archived documents are not
verified back into force (supersede or resolve instead), and an imported record
whose ``original_status`` says it was only proposed, or turned down, is verified
but stays a draft: its text is checked, not its coming into force. Every
document is planned before any is written.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdbrain.core import edit, fields, ids
from mdbrain.core.errors import InvalidRequestError, MdbrainError
from mdbrain.service import anchoring
from mdbrain.service.indexing import IndexReport

if TYPE_CHECKING:
    from mdbrain.service.session import Session

RETIRED = frozenset({"deprecated", "archived"})


@dataclass(frozen=True, slots=True)
class Verified:
    id: str
    before: str  # status before
    after: str  # status after
    sources: tuple[str, ...]
    sha: str  # content hash as written
    # code files among the sources, made impl_refs: update compares the document with them
    followed: tuple[str, ...] = ()
    held: str = ""  # why a draft stays one: its original_status ('' when it came into force)


@dataclass
class VerifyReport:
    verified: list[Verified] = field(default_factory=list)
    index: IndexReport | None = None
    # of the documents a folder named, those left as they were: (id, why)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def verify(
    session: Session, docs: Sequence[str], *, sources: Sequence[str] = (), note: str = ""
) -> VerifyReport:
    """Mark ``docs`` verified (see the module docstring)."""
    if isinstance(docs, str):
        docs = [docs]
    if not docs:
        raise InvalidRequestError("name at least one document to verify", field="docs")
    given = [_one_line(s, "sources") for s in sources]
    note = _one_line(note, "note")
    today = session.today()
    report = VerifyReport()
    with session.writing():
        named, gathered = _named(session, docs)
        plans = [_plan(session, doc_id, given, note, today) for doc_id in named]
        for doc_id in gathered:
            try:
                plans.append(_plan(session, doc_id, given, note, today))
            except MdbrainError as refused:  # no source, code gone: said, not fatal
                report.skipped.append((doc_id, refused.message.removesuffix(_NOTHING)))
        for text, planned in plans:
            sha = session.write(planned.id, text)
            report.verified.append(dataclasses.replace(planned, sha=sha))
        anchoring.record(session, [planned.id for _text, planned in plans], day=today)
        report.index = session.reindex()  # in the same hold of the lock
    return report


_NOTHING = "; nothing was written"  # true of a refused call, not of a folder's one page


def _named(session: Session, docs: Sequence[str]) -> tuple[list[str], list[str]]:
    """The documents ``docs`` name, each id as given, and those the folders among them
    hold (a name ending in ``/``, ``proposals/``; ``/`` alone for the whole base) that
    verify would change: drafts and documents to review. A document named is verified
    or the whole call refused; one a folder gathered and that cannot be is left out and
    said to be (carbon-lang: 144 imported proposals, verified one by one or not at all,
    one deprecated page or a generated overview refusing the lot)."""
    named: list[str] = []
    gathered: list[str] = []
    for value in docs:
        if not (isinstance(value, str) and value.endswith("/")):
            named.append(ids.doc_id(value, field="docs"))
            continue
        theme = ids.theme(value, field="docs")
        if theme and not (session.root / theme).is_dir():
            raise InvalidRequestError(f"{theme}/ is no folder of the base", field="docs")
        inside = [
            entry.id
            for entry in session.manifest().entries
            if (not theme or entry.id.startswith(theme + "/"))
            and entry.status in ("draft", "needs-review")
        ]
        if not inside:
            raise InvalidRequestError(
                f"{theme or 'the base'} holds no draft and no document to review", field="docs"
            )
        gathered += [doc_id for doc_id in inside if doc_id not in named + gathered]
    return named, [doc_id for doc_id in gathered if doc_id not in named]


def _plan(
    session: Session, doc_id: str, given: list[str], note: str, today: dt.date
) -> tuple[str, Verified]:
    """The new text of ``doc_id`` and what verifying it does (its sha still to come)."""
    entry = session.entry(doc_id)
    if entry.status in RETIRED:
        raise InvalidRequestError(
            f"{doc_id} is {entry.status}: it is not verified back into force;"
            " supersede it or write a new document instead",
            field="docs",
        )
    current = list(fields.strings(entry.meta, "sources"))
    merged = _merged(current, given)
    if not merged:
        raise InvalidRequestError(
            f"{doc_id} has no source: say what it was checked against with --source"
            " (a file, a URL, a ticket, 'checked in production on ...'); nothing was written",
            field="sources",
        )
    text = session.read(doc_id).text
    waits = _held(entry.meta) if entry.status == "draft" else ""
    after = "stable" if entry.status in ("draft", "needs-review") and not waits else entry.status
    refs = fields.strings(entry.meta, "impl_refs")
    gone = [f"{r} ({why})" for r in refs if (why := anchoring.missing(session.project, r))]
    if gone:  # verified, it would be flagged again by the next update, and again...
        raise InvalidRequestError(
            f"{doc_id} names code that is not there: {'; '.join(gone)}. Point its impl_refs"
            " at the code as it is now ('mdbrain update --fix' follows files git saw renamed;"
            f" 'mdbrain write --doc {doc_id} --replace --impl-ref ...' sets the list), or"
            " supersede or archive it if that code is gone for good; nothing was written",
            field="docs",
        )
    # a file named whole only: checked against the whole file, the document is compared
    # with all of it from now on, not with the symbol it names of it (jaegertracing/jaeger:
    # an edit to another function of admission.go went unflagged)
    held = {posixpath.normpath(r) for r in refs if "#" not in r}
    followed = tuple(
        dict.fromkeys(
            path
            for s in given
            if (path := posixpath.normpath(s)) not in held and _code_file(session.project, path)
        )
    )
    try:
        if merged != current:
            text = edit.set_field(text, "sources", merged)
        if followed:  # checked against this code: compared with it from now on
            text = edit.set_field(text, "impl_refs", [*refs, *followed])
        if after != entry.status:
            text = edit.set_field(text, "status", after)
        text = edit.remove_field(text, "review_reason")
        text = edit.set_field(text, "reviewed", today)
        if note:
            text = edit.set_field(text, "review_note", note)
    except edit.NoFrontmatterError as error:  # a file with no fields to record it in
        error.path = doc_id
        raise
    return text, Verified(doc_id, entry.status, after, tuple(merged), "", followed, waits)


def _held(meta: Mapping[str, Any]) -> str:
    """Why an imported record is not in force whatever its checking: its
    ``original_status`` reads as proposed or turned down (nats-io's ADR-54,
    "Proposed", was made stable by verify); '' otherwise."""
    from mdbrain.core import adr

    said = fields.text(meta, "original_status")
    state = adr.state_of(said) if said else ""
    if state not in ("proposed", "rejected"):
        return ""
    return (
        f"its original_status ({said!r}) says it is {state}, not in force: it stays a draft;"
        " once it is decided, change original_status and verify it again"
    )


def _code_file(project: Path, source: str) -> bool:
    """Whether a source is a file of code in the project (``src/Meetings/Root.cs``):
    verifying a document against it says that the document describes it."""
    from mdbrain.service.updating import CODE_SUFFIXES

    if not source.endswith(CODE_SUFFIXES) or any(c.isspace() for c in source):
        return False
    try:
        full = (project / source).resolve()
    except (OSError, ValueError):
        return False
    return full.is_relative_to(project.resolve()) and full.is_file()


# a revision: seven to forty hexadecimal digits, a letter among them ("aeafafe" is one;
# a day, 20240115, or a ticket, 1234567, is not; a word such as "defaced" counts only
# beside a source of the same shape)
_REVISION = re.compile(r"\b(?=[0-9]*[a-f])[0-9a-f]{7,40}\b")


def _merged(current: list[str], given: list[str]) -> list[str]:
    """The sources once ``given`` are added. One that names another revision of what
    sources already name ("code at 1a2b3c4" after "code at 9f8e7d6", a commit's address)
    takes the place of those: each verification against newer code would otherwise add
    one more (a page of this project's own base had gathered 45)."""
    out = list(current)
    for new in given:
        if new in out:
            continue
        shape = _REVISION.sub("#", new)
        named = shape != new  # it names a revision
        older = [i for i, old in enumerate(out) if named and _REVISION.sub("#", old) == shape]
        if older:
            out[older[0]] = new
            out = [old for i, old in enumerate(out) if i not in older[1:]]
        else:
            out.append(new)
    return out


def _one_line(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InvalidRequestError(f"{name} must be text", field=name)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(f"{name} is not valid text", field=name) from None
    return value.strip()
