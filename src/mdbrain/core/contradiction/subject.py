"""Same subject: how much two documents share what they are about.

Same subject
    Two documents are compared only when they share their subject
    (:func:`subject_overlap`): half from the titles (the terms of each title found
    in the other document, the lesser of the two shares), half from the heads
    (title, summary and tags: shared terms, or terms found in the other
    document). The score is halved when neither title is about anything the other
    document mentions, or when each title names something (``WFS``,
    ``CDatabase``, ``/STACK``) the other document never mentions; it loses 40% when
    the new title names a variant the old document never mentions.
"""

from __future__ import annotations

from mdbrain.core.contradiction.claim import Claim
from mdbrain.core.contradiction.document import Doc, read_claim
from mdbrain.core.contradiction.tokens import Reader


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Shared terms over the smaller set (at least two, so one word alone is not enough)."""
    if not a or not b:
        return 0.0
    return len(a & b) / max(2, min(len(a), len(b)))


def cover(a: frozenset[str], b: frozenset[str]) -> float:
    """Share of ``a`` found in ``b``."""
    return len(a & b) / len(a) if a else 0.0


def subject_score(new: Doc, old: Doc) -> float:
    """How much two read documents share their subject (see the module's docstring)."""
    titles = min(cover(new.title, old.terms), cover(old.title, new.terms))
    heads = max(
        overlap(new.head, old.head),
        (cover(new.head, old.terms) + cover(old.head, new.terms)) / 2,
    )
    score = 0.5 * titles + 0.5 * heads
    if not titles:
        score *= 0.5  # neither title is about anything the other document mentions
    distinct = new.title - old.title
    if distinct and not distinct & old.terms:
        score *= 0.6  # the new title names a variant the old document never mentions
    if new.names and old.names:
        meets = any(all(p in old.words for p in name) for name in new.names) or any(
            all(p in new.words for p in name) for name in old.names
        )
        if not meets:
            score *= 0.5  # each title names something the other document never mentions
    return round(min(1.0, score), 4)


def subject_overlap(new: Claim, other: Claim, lang: str = "en") -> float:
    """How much two documents share their subject, from 0 to 1."""
    reader = Reader(lang)
    return subject_score(read_claim(new, reader), read_claim(other, reader))
