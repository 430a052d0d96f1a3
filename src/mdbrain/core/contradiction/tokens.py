"""The tokens of a sentence, and the stems of its words."""

from __future__ import annotations

import re

from mdbrain.core.text import Analyzer, fold

_TOKEN = re.compile(r"\d+|[^\W\d_]+|\S")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'"})
_CODE = re.compile(r"`[^`\n]{1,300}`")


class Reader:
    """Words to stems for one language; one per call of :func:`possible`."""

    def __init__(self, lang: str) -> None:
        self.analyzer = Analyzer(lang)
        self.french = lang.lower().startswith("fr")
        self.stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        """The search term of one word, or "" for a stop word or a single letter."""
        found = self.stems.get(word)
        if found is None:
            terms = self.analyzer.terms(word)
            found = terms[0] if len(terms) == 1 and len(terms[0]) > 1 else ""
            if len(self.stems) < 100_000:
                self.stems[word] = found
        return found

    def terms(self, text: str) -> frozenset[str]:
        """The search terms of a text, without numbers and single letters."""
        return frozenset(t for t in self.analyzer.terms(text) if len(t) > 1 and not t.isdigit())


class Tokens:
    """The tokens of one sentence: digit runs, letter runs, single signs."""

    def __init__(self, text: str) -> None:
        self.text = text
        matches = list(_TOKEN.finditer(text))
        raw = [m.group() for m in matches]
        if "\u2019" in text or "\u2018" in text or "\u02bc" in text or "\u2032" in text:
            raw = [r.translate(_APOSTROPHES) for r in raw]  # l’API and l'API alike
        self.raw = raw
        self.low = [fold(r) for r in raw]
        self.start = [m.start() for m in matches]
        self.end = [m.end() for m in matches]
        self.words = [r[0].isalpha() for r in raw]
        self.numeric = [r.isdecimal() for r in raw]  # what \d and float() read: not "³"
        self.code = [False] * len(raw)
        k = 0
        for span in _CODE.finditer(text):  # tokens and spans both in order: one walk
            while k < len(raw) and self.start[k] < span.start():
                k += 1
            while k < len(raw) and self.start[k] < span.end():
                self.code[k] = True
                k += 1

    def __len__(self) -> int:
        return len(self.raw)

    def glued(self, i: int) -> bool:
        """Whether token ``i`` touches the token before it."""
        return 0 < i < len(self.raw) and self.end[i - 1] == self.start[i]

    def word(self, i: int) -> bool:
        return 0 <= i < len(self.words) and self.words[i]

    def digits(self, i: int) -> bool:
        return 0 <= i < len(self.numeric) and self.numeric[i]

    def next_low(self, i: int) -> str:
        return self.low[i + 1] if i + 1 < len(self.raw) else ""
