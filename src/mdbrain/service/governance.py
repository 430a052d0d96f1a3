"""Replacing knowledge without erasing it, and holding contradictions for a human.

``supersede`` marks an old document deprecated, points it at its successors and
its successors back at it, and at once turns every synthesis page (``type:
overview``) that cites it to ``needs-review``; other documents still linking to
it are reported. ``conflicts`` lists the open contradictions, ``resolve`` settles
one. Every change is a surgical edit of the files involved, planned in memory
first and written atomically under the base's lock; nothing is ever deleted.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field

from mdbrain.core import edit, fields, rules
from mdbrain.core.errors import DocumentError, UsageError
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.service.indexing import Indexer, IndexReport
from mdbrain.store import atomic, cache, scan


@dataclass
class SupersedeReport:
    old: str
    new: tuple[str, ...]
    reviewed: list[str] = field(default_factory=list)  # synthesis pages now needs-review
    still_linking: list[str] = field(default_factory=list)  # other documents citing the old one
    index: IndexReport | None = None


@dataclass(frozen=True, slots=True)
class Conflict:
    claimant: str  # the document that says it contradicts
    target: str
    claimant_summary: str
    target_summary: str
    claimant_updated: str
    target_updated: str


@dataclass
class ResolveReport:
    kept: str
    dropped: str
    superseded: SupersedeReport


def content_hash(data: bytes) -> str:
    """The hash writers pass back with ``--expect-sha`` to prove what they last read."""
    return hashlib.sha256(data).hexdigest()


class Governor:
    def __init__(self, indexer: Indexer, today: dt.date) -> None:
        self.indexer = indexer
        self.root = indexer.root
        self.today = today

    def _manifest(self) -> Manifest:
        return scan.scan(self.root, self.indexer.config)[0]

    def _read(self, doc_id: str, expect: str | None = None) -> str:
        try:
            data = scan.path_of(self.root, doc_id).read_bytes()
        except OSError as exc:
            raise UsageError(f"{doc_id} cannot be read: {exc.strerror}") from None
        if expect is not None and content_hash(data) != expect:
            raise UsageError(
                f"{doc_id} changed since it was read (its hash is now {content_hash(data)});"
                " read it again and retry; nothing was written"
            )
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise UsageError(f"{doc_id} is not UTF-8 text; nothing was written") from None

    @staticmethod
    def _append(text: str, key: str, entry: Entry, values: list[str]) -> str:
        current = list(entry.ids(key))
        merged = current + [v for v in values if v not in current]
        return text if merged == current else edit.set_field(text, key, merged)

    def supersede(
        self,
        old: str,
        new: list[str],
        *,
        reason: str = "",
        expect: str | None = None,
        reindex: bool = True,
    ) -> SupersedeReport:
        """``old`` is replaced by ``new`` (one or several documents)."""
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            found = self._manifest()
            try:
                report = self._supersede(found, old, new, reason, expect)
            except (ValueError, DocumentError) as exc:  # planned in memory: nothing written
                raise UsageError(f"{exc}; nothing was written") from None
        if reindex:
            report.index = self.indexer.run()
        return report

    def _supersede(
        self, found: Manifest, old: str, new: list[str], reason: str, expect: str | None
    ) -> SupersedeReport:
        previous = found.get(old)
        if previous is None:
            raise UsageError(f"{old} is not a document of this base")
        successors = [found.get(n) for n in new]
        missing = [n for n, e in zip(new, successors, strict=True) if e is None]
        if missing or not new:
            raise UsageError(f"successor {', '.join(missing) or '(none)'} is not a document")
        if old in new:
            raise UsageError("a document cannot supersede itself")
        texts: dict[str, str] = {}
        text = self._append(self._read(old, expect), "superseded_by", previous, new)
        text = edit.set_field(text, "status", "deprecated")
        text = edit.set_field(text, "superseded_on", self.today)
        if reason:
            text = edit.set_field(text, "superseded_reason", reason)
        texts[old] = text
        for successor in filter(None, successors):
            texts[successor.id] = self._append(
                self._read(successor.id), "supersedes", successor, [old]
            )
        report = SupersedeReport(old, tuple(new))
        why = f"cites {old}, superseded by {', '.join(new)} on {self.today}"
        for entry in found.entries:
            cites = old in entry.ids("related") or any(t == old for t, _ in entry.links)
            if not cites or entry.id == old or entry.id in new:
                continue
            if entry.type == "overview":
                page = texts.get(entry.id) or self._read(entry.id)
                page = edit.set_field(page, "status", "needs-review")
                texts[entry.id] = edit.set_field(page, "review_reason", why)
                report.reviewed.append(entry.id)
            else:
                report.still_linking.append(entry.id)
        for doc_id, new_text in texts.items():
            atomic.write_text(scan.path_of(self.root, doc_id), new_text)
        return report

    def conflicts(self) -> list[Conflict]:
        """Open contradictions between documents in force (see rules.open_contradictions)."""
        return [
            Conflict(
                entry.id,
                other.id,
                entry.summary,
                other.summary,
                fields.text(entry.meta, "updated"),
                fields.text(other.meta, "updated"),
            )
            for entry, other in rules.open_contradictions(self._manifest())
        ]

    def resolve(self, first: str, second: str, *, keep: str, reason: str, by: str) -> ResolveReport:
        """Settle the contradiction between ``first`` and ``second``: the other one is
        superseded by ``keep``, with who decided and why recorded on it."""
        if keep not in (first, second):
            raise UsageError(f"--keep must be {first} or {second}")
        dropped = second if keep == first else first
        pair = {(c.claimant, c.target) for c in self.conflicts()}
        if (first, second) not in pair and (second, first) not in pair:
            raise UsageError(f"there is no open conflict between {first} and {second}")
        why = f"conflict with {keep} resolved by {by or 'someone'}" + (
            f": {reason}" if reason else ""
        )
        report = self.supersede(dropped, [keep], reason=why, reindex=False)
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            path = scan.path_of(self.root, dropped)
            try:
                text = edit.set_field(self._read(dropped), "resolved_by", by or "unknown")
            except ValueError as exc:
                raise UsageError(f"{dropped}: {exc}") from None
            atomic.write_text(path, text)
        report.index = self.indexer.run()
        return ResolveReport(keep, dropped, report)
