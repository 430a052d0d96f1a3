"""The context of a figure: the words around it, that say what it measures.

A scan of one sentence keeps its tokens and the figures found so far; a figure's
window is the content words on each side of it, up to
:data:`~mdbrain.core.contradiction.limits.WINDOW` on each side.
"""

from __future__ import annotations

from dataclasses import dataclass

from mdbrain.core.contradiction.claim import Figure
from mdbrain.core.contradiction.limits import MAX_FIGURES, WINDOW
from mdbrain.core.contradiction.tokens import Reader, Tokens
from mdbrain.core.contradiction.vocabulary import FUNCTION, NEGATIONS


@dataclass(frozen=True, slots=True)
class Found:
    figure: Figure
    noun: frozenset[str]  # the noun counted, the words before a bare number, a modal's verb
    window: frozenset[str]  # the words around the figure (a whole clause for a plain polarity)
    sentence: int  # index of the sentence in its document


class SentenceScan:
    """The state of the scan of one sentence, and the words around a figure."""

    def __init__(
        self, reader: Reader, text: str, index: int, *, numbers: int = MAX_FIGURES
    ) -> None:
        self.reader = reader
        self.t = Tokens(text)
        self.index = index
        self.budget = numbers  # numbers still wanted: none once the document has its fill
        self.numbers: list[Found] = []
        self.polar: list[Found] = []
        self.versions: set[str] = set()
        self.spans: list[tuple[Figure, frozenset[str], int, int]] = []

    def window(
        self, i: int, end: int, *, skip: frozenset[int] = frozenset(), low: int = 0, high: int = -1
    ) -> frozenset[str]:
        """Stems of the WINDOW content words on each side of tokens i..end, within low..high."""
        t = self.t
        high = len(t) - 1 if high < 0 else high
        stems: set[str] = set()
        for step, start in ((-1, i - 1), (1, end + 1)):
            j, seen = start, 0
            while low <= j <= high and seen < WINDOW and abs(j - start) < 3 * WINDOW:
                if t.word(j) and j not in skip and t.low[j] not in FUNCTION:
                    stem = self.term(j)
                    if stem:
                        stems.add(stem)
                        seen += 1
                j += step
        return frozenset(stems)

    def term(self, j: int) -> str:
        """The term of word ``j``: its stem, or the whole name when digits follow (x86, C6262)."""
        t = self.t
        if t.digits(j + 1) and t.glued(j + 1):
            return t.low[j] + t.raw[j + 1]
        return self.reader.stem(t.low[j])

    def stems(self, begin: int, stop: int) -> frozenset[str]:
        """Stems of the content words of tokens begin..stop-1."""
        t = self.t
        found = {
            self.reader.stem(t.low[j])
            for j in range(begin, stop)
            if t.word(j) and t.low[j] not in FUNCTION and t.low[j] not in NEGATIONS
        }
        return frozenset(found - {""})

    def prev_word(self, i: int) -> str:
        """The word just before token ``i``, over an opening bracket, a quote or a colon."""
        t = self.t
        j = i - 1
        while j >= 0 and t.raw[j] in "([{«\"':":
            j -= 1
        return t.low[j] if j >= 0 and t.word(j) else ""
