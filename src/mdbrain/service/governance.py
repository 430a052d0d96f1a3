"""Replacing knowledge without erasing it, and holding contradictions for a human.

``supersede`` marks an old document deprecated, points it at its successors and
its successors back at it, and at once turns every synthesis page (``type:
overview``) that cites it to ``needs-review``; other documents still linking to
it are reported. ``conflicts`` lists the open contradictions, ``resolve`` settles
one. Every change is a surgical edit of the files involved, planned in memory
first and written atomically under the base's lock; nothing is ever deleted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mdbrain.core import adr, document, edit, fields, graph, ids, rules
from mdbrain.core.errors import DocumentError, InvalidRequestError, NotFoundError, UsageError
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.schema import HIDDEN_STATUSES
from mdbrain.service import guarding
from mdbrain.service.indexing import IndexReport

if TYPE_CHECKING:
    from mdbrain.service.session import Session


@dataclass
class SupersedeReport:
    old: str
    new: tuple[str, ...]
    reviewed: list[str] = field(default_factory=list)  # synthesis pages now needs-review
    still_linking: list[str] = field(default_factory=list)  # other documents citing the old one
    shas: dict[str, str] = field(default_factory=dict)  # the new hash of every document changed
    index: IndexReport | None = None
    # successors not in force: drafts (verify puts them in force), and deprecated or
    # archived ones; default reads may then have nothing on the subject
    not_in_force: list[str] = field(default_factory=list)
    retired_successors: list[str] = field(default_factory=list)
    again: bool = False  # it was superseded by them already: its day and reason were kept
    status: str = "deprecated"  # the old document's status now (an archived one stays so)


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


def _refused(exc: Exception) -> UsageError:
    """A supersession refused while planned: nothing was written, said once (the error
    of a read may say it already)."""
    said = str(exc).removesuffix("; nothing was written")
    return UsageError(f"{said}; nothing was written")


def _link(found: Manifest, old: str, successor: str) -> str:
    """A Markdown link from ``old`` to ``successor``, its title as the text (the id of one
    not written yet); brackets in a title would end the link's text early."""
    entry = found.get(successor)
    title = entry.title if entry is not None and entry.title else successor
    title = title.replace("[", "(").replace("]", ")")
    return f"[{title}]({edit.written_target(old, successor)})"


def _joined(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: as the decision-record reader reads a list."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


class Governor:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.root = session.root

    def _manifest(self) -> Manifest:
        return self.session.manifest()

    def _read(self, doc_id: str, expect: str | None = None) -> str:
        return self.session.read(doc_id, expect=expect).text

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
        old = ids.doc_id(old, field="old")
        new = [ids.doc_id(n, field="by") for n in new]
        with self.session.writing():
            found = self._manifest()
            try:
                report = self._supersede(found, old, new, reason, expect)
            except (ValueError, DocumentError) as exc:  # planned in memory: nothing written
                raise _refused(exc) from None
            if reindex:  # in the same hold of the lock: never busy once written
                report.index = self.session.reindex()
        return report

    def check(self, old: str, coming: list[str]) -> None:
        """Refuse, as :meth:`supersede` would, to supersede ``old`` by ``coming``, documents
        a writer is about to create; nothing is written. The writer calls it before it
        writes them, so that a supersession that cannot be done leaves no new document
        behind. The caller holds the lock, so the base cannot change in between."""
        old = ids.doc_id(old, field="supersedes")
        try:
            self._plan(self._manifest(), old, coming, "", None, coming=frozenset(coming))
        except (ValueError, DocumentError) as exc:
            raise _refused(exc) from None

    def _supersede(
        self, found: Manifest, old: str, new: list[str], reason: str, expect: str | None
    ) -> SupersedeReport:
        report, texts = self._plan(found, old, new, reason, expect)
        # every text passed the guard in _plan: a refusal half-way cannot happen, and a
        # full disk half-way puts back what was written
        report.shas.update(self.session.write_together(texts))
        return report

    def _plan(
        self,
        found: Manifest,
        old: str,
        new: list[str],
        reason: str,
        expect: str | None,
        *,
        coming: frozenset[str] = frozenset(),
    ) -> tuple[SupersedeReport, dict[str, str]]:
        """The report and the new text of every document to change, all checked, nothing
        written. Successors in ``coming`` may not exist yet (their writer adds them)."""
        previous = found.get(old)
        if previous is None:
            raise NotFoundError(f"{old} is not a document of this base", doc=old)
        if not new:
            raise InvalidRequestError("name at least one successor", field="by")
        successors = [found.get(n) for n in new]
        missing = [n for n, e in zip(new, successors, strict=True) if e is None and n not in coming]
        if missing:
            raise NotFoundError(f"successor {missing[0]} is not a document", doc=missing[0])
        if old in new:
            raise InvalidRequestError("a document cannot supersede itself", field="by")
        for successor_id in new:
            circle = graph.replacement_path(found, successor_id, old)
            if circle is not None:
                walk = " -> ".join(circle)
                raise InvalidRequestError(
                    f"{successor_id} cannot replace {old}: {successor_id} is itself replaced,"
                    f" through superseded_by, by {old} ({walk}); the chain would go round in"
                    " a circle and leave nothing in force",
                    field="by",
                )
        # done before (a retry, a writer killed half-way): the day and the reason stay
        # those of the first time; what is missing of it is completed
        again = previous.status in ("deprecated", "archived") and set(new) <= set(
            previous.ids("superseded_by")
        )
        today = self.session.today()
        texts: dict[str, str] = {}
        text = self._append(self._read(old, expect), "superseded_by", previous, new)
        if not again:
            # an archived document, never in force (a rejected proposal), stays archived:
            # "deprecated" would say it held until today (swiftlang/swift-evolution's
            # SE-0030, rejected in 2016, read as "a draft then" in a brief of 2019)
            if previous.status != "archived":
                text = edit.set_field(text, "status", "deprecated")
            text = edit.set_field(text, "superseded_on", today)
            if reason:
                text = edit.set_field(text, "superseded_reason", reason)
        texts[old] = self._said_superseded(found, old, text, new)
        for successor in filter(None, successors):
            texts[successor.id] = self._append(
                self._read(successor.id), "supersedes", successor, [old]
            )
        report = SupersedeReport(old, tuple(new), again=again)
        if previous.status == "archived":  # it stays so (see above), and is said so
            report.status = "archived"
        named = [e for e in successors if e is not None]
        report.not_in_force = [e.id for e in named if e.status == "draft"]
        report.retired_successors = [
            e.id for e in named if e.status in HIDDEN_STATUSES and e.status != "draft"
        ]
        report.reviewed, report.still_linking = self._citing(found, old, new, texts)
        # the guard judges every text before the first is written: a refusal of the
        # last one must not leave the first ones changed
        for doc_id, new_text in texts.items():
            guarding.check(doc_id, new_text, self.session.config, before=self._read(doc_id))
        return report, texts

    @staticmethod
    def _said_superseded(found: Manifest, old: str, text: str, new: list[str]) -> str:
        """The text of ``old`` whose body, a decision record's, says it is superseded where
        it stated its state ("## Status" then "Accepted", or "* Status: accepted"), with a
        link to each successor as adr-tools writes it: "Superseded by [10. Title](0010-x.md)".
        Whoever reads the Markdown without mdbrain must not see a record in force. Only
        those words change; a body that states no state (or a rejected one) stays."""
        page = document.loads(text, old)
        entry = found.get(old)
        is_record = entry is not None and entry.type == "decision"
        if not is_record and not adr.looks_like_adr(old, page.body, {}):
            return text
        said = adr.statement(page.body)
        if said is None or said.state == "rejected":  # never in force: not replaced either
            return text
        written = page.body[said.start : said.end]
        verb = "Superseded by" if written[:1].isupper() else "superseded by"  # its own style
        linked = [_link(found, old, successor) for successor in new]
        if said.alone:  # one paragraph for each successor, as adr-tools adds them
            words = "\n\n".join(f"{verb} {link}" for link in linked)
        else:  # the value of a "Status:" line holds them all
            words = f"{verb} {_joined(linked)}"
        return edit.replace_in_body(text, old, said.start, said.end, words)

    def _citing(
        self, found: Manifest, old: str, new: list[str], texts: dict[str, str]
    ) -> tuple[list[str], list[str]]:
        """Rule 4 for ``old``, superseded by ``new``: each synthesis page in force citing it
        turns ``needs-review`` (its new text put in ``texts``); the other documents citing
        it, drafts among them, are only named. Returns both lists of ids."""
        said = f"cites {old}, superseded by {', '.join(new)}"  # the same another day
        why = f"{said} on {self.session.today()}"
        reviewed, linking = [], []
        for entry in found.entries:
            cites = old in entry.ids("related") or any(t == old for t, _ in entry.links)
            if not cites or entry.id == old or entry.id in new:
                continue
            # a draft page is not in force yet, nor a retired one any more: needs-review
            # would put it in force; whoever verifies a draft reads it whole anyway
            if entry.type == "overview" and entry.status not in HIDDEN_STATUSES:
                page = texts.get(entry.id) or self._read(entry.id)
                page = edit.set_field(page, "status", "needs-review")
                # a page already waiting for review keeps the reasons it was waiting for
                earlier = fields.text(entry.meta, "review_reason")
                if entry.status == "needs-review" and earlier and f"{said} on " in earlier:
                    texts[entry.id] = edit.set_field(page, "review_reason", earlier)
                elif entry.status == "needs-review" and earlier:
                    texts[entry.id] = edit.set_field(page, "review_reason", f"{earlier}; {why}")
                else:
                    texts[entry.id] = edit.set_field(page, "review_reason", why)
                reviewed.append(entry.id)
            else:
                linking.append(entry.id)
        return reviewed, linking

    def review_citing(self, old: str, new: list[str], *, dry_run: bool = False) -> list[str]:
        """The synthesis pages citing ``old``, which ``new`` now supersedes by another way
        than :meth:`supersede` (an import completing an earlier one), set to
        ``needs-review`` unless ``dry_run``; the caller holds the lock. Their ids."""
        texts: dict[str, str] = {}
        reviewed, _linking = self._citing(self._manifest(), old, new, texts)
        for doc_id, new_text in texts.items() if not dry_run else ():
            self.session.write(doc_id, new_text)
        return reviewed

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
        first, second = ids.doc_id(first, field="first"), ids.doc_id(second, field="second")
        keep = ids.doc_id(keep, field="keep")
        if first == second:
            raise InvalidRequestError(
                f"first and second are both {first}: a conflict is between two documents",
                field="second",
            )
        if keep not in (first, second):
            raise InvalidRequestError(f"keep must be {first} or {second}", field="keep")
        dropped = second if keep == first else first
        pair = {(c.claimant, c.target) for c in self.conflicts()}
        if (first, second) not in pair and (second, first) not in pair:
            raise InvalidRequestError(
                f"there is no open conflict between {first} and {second}", field="first"
            )
        why = f"conflict with {keep} resolved by {by or 'someone'}" + (
            f": {reason}" if reason else ""
        )
        with self.session.writing():
            report = self.supersede(dropped, [keep], reason=why, reindex=False)
            try:
                text = edit.set_field(self._read(dropped), "resolved_by", by or "unknown")
            except ValueError as exc:
                raise UsageError(f"{dropped}: {exc}") from None
            report.shas[dropped] = self.session.write(dropped, text)
            report.index = self.session.reindex()  # in the same hold of the lock
        return ResolveReport(keep, dropped, report)
