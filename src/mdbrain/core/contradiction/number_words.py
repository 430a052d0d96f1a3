"""Numbers written as words: they count when they count something (``five retries``,
``cinq étapes``, ``une seule clé``, ``a single cluster``, ``half an hour``)."""

from __future__ import annotations

from mdbrain.core.contradiction.claim import Figure
from mdbrain.core.contradiction.numbers import NumberScan
from mdbrain.core.contradiction.units import unit_seconds
from mdbrain.core.contradiction.vocabulary import IDENTIFYING, RATE_WORDS, folded_words, word_table

_NUMBER_WORDS = word_table(
    (
        ("zero", 0),
        ("one", 1),
        ("two deux", 2),
        ("three trois", 3),
        ("four quatre", 4),
        ("five cinq", 5),
        ("six", 6),
        ("seven sept", 7),
        ("eight huit", 8),
        ("nine neuf", 9),
        ("ten dix", 10),
        ("eleven onze", 11),
        ("twelve douze", 12),
        ("thirteen treize", 13),
        ("fourteen quatorze", 14),
        ("fifteen quinze", 15),
        ("sixteen seize", 16),
        ("seventeen", 17),
        ("eighteen", 18),
        ("nineteen", 19),
        ("twenty vingt", 20),
        ("thirty trente", 30),
        ("forty quarante", 40),
        ("fifty cinquante", 50),
        ("sixty soixante", 60),
        ("hundred cent", 100),
        ("thousand mille", 1000),
    )
)
_ONE = frozenset({"un", "une", "a", "an"})  # as written, not folded: "à jour" is no day
_SINGLE = folded_words("single seul seule seuls seules unique")
_FRACTIONS = {"half": 0.5, "demi": 0.5, "quarter": 0.25, "quart": 0.25}
_FRACTION_GLUE = folded_words("an a of d ' - une")


class NumberWordScan(NumberScan):
    """The numbers written as words, and fractions of a unit of time."""

    def number_word(self, i: int) -> int:
        """Read a number written as a word (five, cinq, une seule, an hour, half an hour)."""
        t = self.t
        if t.low[i] in _FRACTIONS:
            return self.fraction(i)
        read = self.word_value(i)
        if read is None:
            return i + 1
        value, last = read
        if (t.glued(i) and t.raw[i - 1] == "-") or self.prev_word(i) in IDENTIFYING:
            return i + 1
        before = len(self.spans)
        end = self.figure(i, last, value)
        if len(self.spans) > before and self.spans[-1][0].kind == "number":
            self.spans.pop()  # a number word must count something: not "one of", "six"
            return i + 1
        return end + 1

    def word_value(self, i: int) -> tuple[float, int] | None:
        """(value, last token) of the number word at ``i``, or None."""
        t = self.t
        low = t.low[i]
        if low in _NUMBER_WORDS:
            return _NUMBER_WORDS[low], i
        if t.raw[i].lower() not in _ONE or i + 1 >= len(t):
            return None  # one only before a unit of time, or before "seul(e)", "single"
        if t.low[i + 1] in _SINGLE:
            return 1.0, i + 1  # une seule clé, a single cluster
        prev = t.low[i - 1] if i > 0 else ""
        if not unit_seconds(t.raw[i + 1]) or prev in ("once", "twice", "times", "/", *RATE_WORDS):
            return None  # "a" and "un" are one only before a unit of time: an hour, un an
        return 1.0, i

    def fraction(self, i: int) -> int:
        """half an hour, a quarter of an hour, une demi-heure, un quart d'heure."""
        t = self.t
        j = i + 1
        while j < len(t) and j - i <= 3 and t.low[j] in _FRACTION_GLUE:
            j += 1
        seconds = unit_seconds(t.raw[j]) if j < len(t) else 0.0
        if not seconds:
            return i + 1
        begin = i - 1 if i > 0 and t.low[i - 1] in ("a", "un", "une") else i
        value = _FRACTIONS[t.low[i]] * seconds
        text = t.text[t.start[begin] : t.end[j]]
        figure = Figure("duration", (value,), "s", text, "", t.start[begin])
        self.spans.append((figure, frozenset(), begin, j))
        return j + 1
