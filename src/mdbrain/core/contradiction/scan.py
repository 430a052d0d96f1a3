"""The figures of one sentence: a single pass over its tokens, then each number's window."""

from __future__ import annotations

from dataclasses import replace

from mdbrain.core.contradiction.claim import Figure
from mdbrain.core.contradiction.context import Found
from mdbrain.core.contradiction.number_words import NumberWordScan
from mdbrain.core.contradiction.polarity import PolarityScan
from mdbrain.core.contradiction.prose import sentences
from mdbrain.core.contradiction.tokens import Reader
from mdbrain.core.contradiction.vocabulary import folded_words

_RANGE_WORDS = (["a"], ["to"], ["-"], ["–"], ["through"], ["au"])
_BOUNDARIES = folded_words(", ; and or but et ou mais while whereas")


class Scan(NumberWordScan, PolarityScan):
    """The figures of one sentence: a single pass over its tokens."""

    def run(self) -> Scan:
        t = self.t
        i = 0
        while i < len(t):
            if t.code[i] or len(self.spans) >= self.budget:
                i += 1
            elif t.digits(i):
                i = self.number(i)
            elif t.word(i):
                i = self.number_word(i)
            else:
                i += 1
        self.place()
        self.yes_no()
        return self

    # -- where each number stands ---------------------------------------------

    def place(self) -> None:
        """Give each number its window: the words around it, up to its neighbours.

        Between two figures, the window of each stops at the first comma or
        conjunction that separates them ("5 bytes on x86 and 6 bytes on x64").
        """
        t = self.t
        spans = self.spans
        for k in range(len(spans) - 1):
            if self.ranged(spans[k][2], spans[k][3], spans[k + 1][2]):
                first, second = spans[k], spans[k + 1]
                spans[k] = (replace(first[0], bound="from"), *first[1:])
                spans[k + 1] = (replace(second[0], bound="to"), *second[1:])
        for k, (figure, noun, i, end) in enumerate(spans):
            low, high = 0, len(t) - 1
            if k > 0:
                cut = self.boundary(spans[k - 1][3] + 1, i)
                low = cut + 1 if cut >= 0 else low
            if k + 1 < len(spans):
                cut = self.boundary(end + 1, spans[k + 1][2])
                high = cut - 1 if cut >= 0 else high
            inside = {self.reader.stem(t.low[j]) for j in range(i + 1, end) if t.word(j)}
            window = (self.window(i, end, low=low, high=high) | inside) - noun - {""}
            self.numbers.append(Found(figure, noun, frozenset(window), self.index))

    def ranged(self, i: int, end: int, nxt: int) -> bool:
        """Whether the figure at i..end and the one at ``nxt`` make a range: "de 5 à 10"."""
        between = [self.t.low[j] for j in range(end + 1, nxt)]
        if between in _RANGE_WORDS:
            return True
        return between in (["and"], ["et"]) and self.prev_word(i) in ("between", "entre")

    def boundary(self, begin: int, stop: int) -> int:
        """The first comma or conjunction in tokens begin..stop-1, or -1."""
        for j in range(begin, stop):
            if self.t.low[j] in _BOUNDARIES:
                return j
        return -1


def figures(text: str, lang: str = "en") -> list[Figure]:
    """The numbers, then the yes/no words, the detector sees in ``text`` (examples included)."""
    reader = Reader(lang)
    numbers: list[Figure] = []
    polar: list[Figure] = []
    for index, sentence in enumerate(sentences(text)):
        scan = Scan(reader, sentence, index).run()
        numbers.extend(f.figure for f in scan.numbers)
        polar.extend(f.figure for f in scan.polar if f.figure.unit != "negation")
    return numbers + polar
