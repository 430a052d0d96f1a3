"""Numbers: a number with a unit, with the noun it counts, or bare; and what is not a
figure.

Figures
    A number with a unit: a duration (ms, s, min, h, days, weeks, months, years,
    and their French forms: secondes, heures, jours, j, semaines, mois, ans), a
    size (B, KB, MB, GB, TB, KiB..., octets, Ko, Mo, Go, To), a percentage, a
    length, an area, bits, a frequency, or a rate (``50 requêtes par seconde``,
    ``40 requests/s``). A number with the noun it counts (``5 attempts``,
    ``19 niveaux de zoom``), or a bare number (``defaults to 30``). Number words
    count when they count something (``five retries``, ``cinq étapes``,
    ``une seule clé``, ``a single cluster``, ``half an hour``). Values are
    normalised, so equal values written in other units never clash: 15 min equals
    900 s and a quarter of an hour; 1 MB equals 1,000,000 or 1,048,576 bytes; two
    weeks equal 336 hours. Bounds (``at most``, ``up to``, ``no more than``,
    ``au plus``, ``jusqu'à``, ``at least``...) are kept for the report; the two
    ends of a range (``de 5 à 10``) are only compared with ends of ranges.

Not figures
    Versions (``Python 3.11``, ``1.3.0``, ``v2``, ``version 15.7``), dates
    (``2026-11-30``, ``28/01/2026``, ``12 novembre``), years, identifiers glued to
    letters or signs (``x86``, ``C6262``, ``UTF-8``, ``EPSG:4326``, ``0x100000``,
    ``key=5``), numbers named by the word before them (RFC, ISO, port, section,
    step, issue, error, HTTP, ``#``), ordinals, list numbers, inline code, code
    blocks, and the figures of examples: a line that introduces a command with a
    colon (unless it states a default), a command line, data rows, and sentences
    that say "for example", "such as" or "par exemple" (or follow one that does).
"""

from __future__ import annotations

from dataclasses import dataclass

from mdbrain.core.contradiction.claim import Figure
from mdbrain.core.contradiction.context import SentenceScan
from mdbrain.core.contradiction.units import unit_of, unit_seconds
from mdbrain.core.contradiction.vocabulary import (
    FUNCTION,
    IDENTIFYING,
    NEGATIONS,
    RATE_WORDS,
    folded_words,
)

_VERSION_WORDS = folded_words("version versions v release releases")
_MONTHS = folded_words(
    """
    january february march april june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
    """
)
_BOUNDS_BEFORE: tuple[tuple[tuple[str, ...], str], ...] = (
    (("no", "more", "than"), "max"),
    (("not", "more", "than"), "max"),
    (("at", "most"), "max"),
    (("up", "to"), "max"),
    (("not", "exceed"), "max"),
    (("limited", "to"), "max"),
    (("less", "than"), "max"),
    (("au", "plus"), "max"),
    (("au", "maximum"), "max"),
    (("jusqu", "a"), "max"),
    (("limite", "a"), "max"),
    (("limitee", "a"), "max"),
    (("moins", "de"), "max"),
    (("maximal", "de"), "max"),
    (("maximale", "de"), "max"),
    (("maximum",), "max"),
    (("max",), "max"),
    (("at", "least"), "min"),
    (("more", "than"), "min"),
    (("au", "moins"), "min"),
    (("plus", "de"), "min"),
    (("minimal", "de"), "min"),
    (("minimale", "de"), "min"),
    (("minimum",), "min"),
    (("approximately",), "approx"),
    (("about",), "approx"),
    (("around",), "approx"),
    (("roughly",), "approx"),
    (("environ",), "approx"),
)
_BOUND_AFTER = {"max": "max", "maximum": "max", "minimum": "min"}
_BETWEEN = folded_words(
    """
    derniers dernieres premiers premieres prochains prochaines consecutifs consecutives
    last first next consecutive additional more full entiers pleins supplementaires
    """
)
_GAP = frozenset({"\u00a0", "\u202f", "\u2009"})  # no-break and thin spaces between digit groups
_OPENING = frozenset("([{«<*")
_CLOSING = frozenset(")]}»\"'’.,;:!?*>")


@dataclass(frozen=True, slots=True)
class _Number:
    """A number as written, before its unit is read."""

    value: float
    last: int  # index of its last token
    end: int  # index after its chunk of glued tokens
    glued: str  # a unit glued to it: 2GB, 90days, 5-minute
    rate: str  # the period glued after a unit: 5MB/s
    dotted: bool  # written with a decimal point: a version unless a unit follows


class NumberScan(SentenceScan):
    """The numbers written in digits, with their units, nouns and bounds."""

    def chunk_end(self, i: int) -> int:
        """Index after the last token glued to token ``i``."""
        j = i + 1
        while j < len(self.t) and self.t.glued(j):
            j += 1
        return j

    def inner_end(self, i: int, end: int) -> int:
        """``end`` without the closing punctuation that ends the chunk."""
        while end - 1 > i and self.t.raw[end - 1] in _CLOSING:
            end -= 1
        return end

    def number(self, i: int) -> int:
        """Read the number at token ``i``; the index to go on from."""
        number = self.read_number(i)
        if number is None:
            return self.chunk_end(i)
        if self.named(i, number) or self.plain_name(i, number):
            return number.end
        last = self.figure(i, number.last, number.value, glued=number.glued, rate=number.rate)
        return max(number.end, last + 1)

    def read_number(self, i: int) -> _Number | None:
        """The number that starts at token ``i``, or None when the chunk is a name."""
        t = self.t
        end = self.chunk_end(i)
        if t.glued(i) and t.raw[i - 1] not in _OPENING and t.raw[i - 1] != "~":
            return None  # x86, UTF-8, EPSG:4326, C6262, v2
        if len(t.raw[i]) > 15:
            return None  # a long run of digits is an identifier, and beyond a float's precision
        inner = self.inner_end(i, end)
        parsed = self.parse(t.raw[i:inner])
        if parsed is None:
            return None
        value, used, dotted = parsed
        last = i + used - 1
        rest = t.raw[last + 1 : inner]
        if not rest and inner == end and value == int(value):
            value, last, end = self.thousands(value, last, end)
        glued, rate = "", ""
        if len(rest) == 1:
            glued = rest[0]
        elif len(rest) == 3 and rest[1] == "/":
            glued, rate = rest[0], rest[2]
        elif len(rest) == 2 and rest[0] == "-" and unit_seconds(rest[1]):
            glued = rest[1]  # 5-minute; 64-bit and 2-eyes qualify, they do not measure
        elif rest:
            return None  # 7zip, 1er, 2026-01-28, mon_fichier.001.7z
        if glued and unit_of(glued) is None:
            return None
        return _Number(value, last + len(rest), end, glued, rate, dotted)

    def parse(self, parts: list[str]) -> tuple[float, int, bool] | None:
        """(value, tokens used, written with a dot) of the number opening ``parts``."""
        head, k = parts[0], 1
        digits = head
        if k + 1 < len(parts) and parts[k] == "," and parts[k + 1].isdecimal():
            groups: list[str] = []
            while k + 1 < len(parts) and parts[k] == "," and parts[k + 1].isdecimal():
                groups.append(parts[k + 1])
                k += 2
            thousands = len(head) <= 3 and all(len(g) == 3 for g in groups)
            if thousands and (len(groups) > 1 or not self.reader.french):
                digits = head + "".join(groups)  # 1,048,576 and, in English, 2,048
            elif len(groups) == 1 and not (k < len(parts) and parts[k] in ".,"):
                return float(f"{head}.{groups[0]}"), k, False  # 1,5 Go: a decimal comma
            else:
                return None
        if k + 1 < len(parts) and parts[k] == "." and parts[k + 1].isdecimal():
            if k + 2 < len(parts) and parts[k + 2] in ".,":
                return None  # 1.3.0, 8.8.8.8
            return float(f"{digits}.{parts[k + 1]}"), k + 2, True
        if len(head) > 1 and head.startswith("0") and k == 1:
            return None  # 04000000, 001: octal, padded identifiers
        return float(digits), k, False

    def thousands(self, value: float, last: int, end: int) -> tuple[float, int, int]:
        """Join groups of three digits after a no-break space, or a space in French.

        "200 000", "1 073 152": (value, index of the last token, index after the chunk).
        """
        t = self.t
        while (
            value < 1e15
            and t.digits(last + 1)
            and len(t.raw[last + 1]) == 3
            and t.start[last + 1] - t.end[last] == 1
            and (t.text[t.end[last]] in _GAP or (t.text[t.end[last]] == " " and self.reader.french))
        ):
            following = self.chunk_end(last + 1)
            if self.inner_end(last + 1, following) != last + 2:
                break
            value = value * 1000 + int(t.raw[last + 1])
            last, end = last + 1, following
        return value, last, end

    def named(self, i: int, number: _Number) -> bool:
        """Whether the words or signs around the number make it a name or a date."""
        t = self.t
        last = number.last
        prev = self.prev_word(i)
        if prev in IDENTIFYING or prev in _MONTHS:
            if prev in _VERSION_WORDS or number.dotted:
                self.versions.add(t.text[t.start[i] : t.end[last]])  # version 15.7, Python 3.11
            return True
        if i > 0 and t.raw[i - 1] in ("#", "§", "="):
            return True  # #42, § 3, key=5: a name or a setting in code
        nxt = last + 1
        if nxt < len(t) and t.low[nxt] in _MONTHS:
            return True
        return t.digits(nxt + 1) and t.raw[nxt] in ("/", ":") and t.glued(nxt)  # 28/01, 10:30

    def plain_name(self, i: int, number: _Number) -> bool:
        """Whether a number with no unit is a version, a year or a list number."""
        t = self.t
        if number.glued or self.unit_after(number.last) is not None:
            return False
        if number.dotted:
            self.versions.add(t.text[t.start[i] : t.end[number.last]])
            return True  # Python 3.11, As of 1.12: no unit, so not 0.5 seconds
        nxt = number.last + 1
        year = number.last == i and len(t.raw[i]) == 4 and 1900 <= number.value <= 2099
        alone = i > 0 and t.raw[i - 1] == "(" and nxt < len(t) and t.raw[nxt] == ")"  # (3)
        listed = i == 0 and nxt < len(t) and t.raw[nxt] in (".", ")") and t.glued(nxt)
        return year or alone or listed

    def unit_after(self, last: int) -> tuple[int, tuple[str, str, tuple[float, ...]]] | None:
        """The unit written after token ``last``: (index of its last token, unit)."""
        t = self.t
        j = last + 1
        found: tuple[int, tuple[str, str, tuple[float, ...]]] | None = None
        if j < len(t) and t.raw[j] == "%":
            found = j, ("percent", "%", (1.0,))
        elif not t.word(j):
            found = None
        elif t.low[j] in ("pour", "per") and t.next_low(j) == "cent":
            found = j + 1, ("percent", "%", (1.0,))
        elif t.low[j] in ("kilo", "mega", "giga", "tera") and t.raw[j + 1 : j + 2] == ["-"]:
            unit = unit_of(t.low[j] + t.next_low(j + 1))
            found = None if unit is None else (j + 2, unit)
        elif t.low[j] in _BETWEEN and t.word(j + 1) and unit_seconds(t.raw[j + 1]):
            unit = unit_of(t.raw[j + 1])
            found = None if unit is None else (j + 1, unit)  # les 30 derniers jours
        elif not (t.raw[j + 1 : j + 2] == ["'"] and t.glued(j + 1)):  # d'heure: elided
            unit = unit_of(t.raw[j])
            found = None if unit is None else (j, unit)
        return found

    def figure(self, i: int, last: int, value: float, *, glued: str = "", rate: str = "") -> int:
        """Record the figure that starts at token ``i``; the index of its last token."""
        t = self.t
        unit = unit_of(glued) if glued else None
        end = last
        if unit is None and not glued:
            after = self.unit_after(last)
            if after is not None:
                end, unit = after
        noun: frozenset[str] = frozenset()
        if unit is not None:
            kind, label, factors = unit
            values = tuple(value * f for f in factors)
        else:
            kind, label, values = "number", "", (value,)
            nouns, noun_end = self.noun_after(last)
            if nouns:
                kind, end, noun = "count", noun_end, frozenset(nouns)
                label = " ".join(sorted(noun))
            else:
                noun = frozenset(self.nouns_before(i))
        per = unit_seconds(rate) if rate else 0.0
        if (
            not rate
            and t.word(end + 2)
            and (t.low[end + 1] in RATE_WORDS or t.raw[end + 1 : end + 2] == ["/"])
        ):
            per = unit_seconds(t.raw[end + 2])
            end = end + 2 if per else end
        if per:
            values = tuple(v / per for v in values)
            kind = "rate" if kind in ("count", "number") else f"{kind}-rate"
            label = f"{label}/s" if label else "/s"
        bound, begin = self.bound(i, end)
        text = t.text[t.start[begin] : t.end[end]]
        self.spans.append((Figure(kind, values, label, text, bound, t.start[begin]), noun, i, end))
        return end

    def noun_after(self, last: int) -> tuple[list[str], int]:
        """Stems of the words the number counts ("5 failed attempts"), and the last index."""
        t = self.t
        stems: list[str] = []
        j, end = last + 1, last
        while j < len(t) and len(stems) < 4 and j - last <= 8:
            if t.raw[j] in "()-" or (t.raw[j] == "'" and t.glued(j)):
                j += 1
                continue
            if not t.word(j) or t.low[j] in FUNCTION or t.low[j] in NEGATIONS:
                break
            stem = self.reader.stem(t.low[j])
            if stem:
                stems.append(stem)
            end, j = j, j + 1
        return stems, end

    def nouns_before(self, i: int) -> list[str]:
        """Stems of the content words just before a bare number ("baud rate of 9600")."""
        t = self.t
        stems: list[str] = []
        j = i - 1
        while j >= 0 and i - j <= 5 and len(stems) < 2:
            if t.word(j) and t.low[j] not in FUNCTION:
                stem = self.reader.stem(t.low[j])
                if stem:
                    stems.append(stem)
            j -= 1
        return stems

    def bound(self, i: int, end: int) -> tuple[str, int]:
        """max, min, approx or "", from the words around the number; where the figure starts."""
        t = self.t
        words: list[int] = []
        j = i - 1
        while j >= 0 and len(words) < 3 and i - j <= 5:
            if t.word(j):
                words.insert(0, j)
            elif t.raw[j] not in "'(":
                break
            j -= 1
        before = tuple(t.low[k] for k in words)
        for phrase, bound in _BOUNDS_BEFORE:
            if before[-len(phrase) :] == phrase:
                return bound, words[-len(phrase)]
        for j in range(end + 1, min(end + 3, len(t))):
            if t.low[j] in _BOUND_AFTER:
                return _BOUND_AFTER[t.low[j]], i
        return "", i
