"""Slugs: the a-z, 0-9 and hyphen names the file format asks for.

Every script is transliterated (python-slugify), so that a title in any
language gives a name a person can read and tell apart from its neighbours::

    "Authentification 2FA" -> "authentification-2fa"
    "Gestion des accès"    -> "gestion-des-acces"
    "API_Utilisateur"      -> "api-utilisateur"
    "Łódź"                 -> "lodz"
    "Привет мир"           -> "privet-mir"
    "日本語"                -> "ri-ben-yu"

A name written as one word is split at its capitals ("loginService" -> "login-service",
a file named "GettingStarted.md"); in text of several words, spaced or joined by
dashes, each word is kept whole, since a capital inside a word is part of its name
("WhiteNoise and CloudFront" -> "whitenoise-and-cloudfront",
"use-#-for-BibTeX-strings" -> "use-for-bibtex-strings").

A folder whose documents are numbered (``0001-record-decisions``, as ADR tools name
them) or dated (``20240105-...``, ``2024-01-05-...``) is a :class:`Series`: a new
document takes the next number, or today's date, in the same form.

python-slugify is imported on first use: commands that name nothing never load it.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from mdbrain.core.text import RECORD_SERIES

_NOT_SLUG = re.compile(r"[^a-z0-9]+")
# where a name written in one word starts another: "CodeOfConduct", "JITLibrary", "CAndC"
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# Apostrophes of every kind separate words, as the ASCII one does ("l’accès" -> "l-acces").
_APOSTROPHES = str.maketrans(dict.fromkeys("’‘ʼʹ`´′", " "))


MAX_LENGTH = 80  # characters of a slug, at most, unless asked otherwise
_ARTICLES = frozenset(("a", "an", "the"))
# "C++", "C#", "F#": the signs after a one-letter name are part of it
_SIGNED_NAME = re.compile(r"(?<![\w+#])([A-Za-z])(\+\+|#)(?![\w+#])")
_SIGNS = {"++": "pp", "#": "sharp"}


def camel_words(name: str, between: str = " ") -> str:
    """A name written in one word, its words apart: "CodeOfConduct" -> "Code Of Conduct",
    "JITLibrary" -> "JIT Library" (WebAssembly/design's CAndC++.md was slugged "candc").
    A name whose words are apart already (a space, a dash, an underscore) keeps each
    whole: "for-BibTeX-strings", "RFC-0019-Extending-PyTorch"."""
    if any(c.isspace() or c in "-_" for c in name):
        return name
    return _CAMEL.sub(between, name)


def slugify(text: str, *, fallback: str = "document", max_length: int = MAX_LENGTH) -> str:
    """``text`` as a slug; ``fallback`` when nothing is left of it."""
    from slugify import slugify as transliterate

    text = text.strip()
    text = camel_words(text, "-")  # a file name such as GettingStarted or CAndC++
    # a language's name by its signs: "Using C++ from Swift" was slugged using-c-from-swift
    text = _SIGNED_NAME.sub(lambda m: m.group(1) + _SIGNS[m.group(2)], text)
    spaced = text.translate(_APOSTROPHES).replace("'", " ")
    if not spaced.isascii():  # signs such as ® or ° name no sound: "SCAN 25®" -> "scan-25"
        spaced = "".join(" " if unicodedata.category(c) == "So" else c for c in spaced)
    slug = _NOT_SLUG.sub("-", transliterate(spaced)).strip("-")
    if len(slug) > max_length:
        slug = _shortened(slug, max_length)
    return slug or fallback


def _shortened(slug: str, max_length: int) -> str:
    """A slug too long, without its articles first (they change no meaning: a cut in
    the middle turned swift-evolution's "...in Swift Numerics instead of the standard
    library" into "...-in-swift-numerics-of-the-standard-library"); then, if still too
    long, cut in its middle at hyphens: its first words and its last ones, up to a third
    of the room, where names of a series tell themselves apart
    (``...-entry-selected-by-for-list-entry`` and ``...-for-table-control``)."""
    words = slug.split("-")
    words = words[:1] + [word for word in words[1:] if word not in _ARTICLES]
    if sum(len(word) + 1 for word in words) - 1 <= max_length:
        return "-".join(words)
    tail: list[str] = []
    size = 0
    for word in reversed(words[1:]):
        if size + len(word) + 1 > max_length // 3:
            break
        tail.insert(0, word)
        size += len(word) + 1
    head: list[str] = []
    for word in words[: len(words) - len(tail)]:
        if size + len(word) + (1 if head else 0) > max_length:
            break
        head.append(word)
        size += len(word) + 1
    if not head:
        return slug[:max_length].rsplit("-", 1)[0] or slug[:max_length]
    return "-".join(head + tail)


def unique(slug: str, taken: Iterable[str]) -> str:
    """``slug``, or ``slug-2``, ``slug-3``... the first one not in ``taken``."""
    used = set(taken)
    if slug not in used:
        return slug
    number = 2
    while f"{slug}-{number}" in used:
        number += 1
    return f"{slug}-{number}"


# --- folders whose documents are named in order -----------------------------------------

# a record number, maybe after the letters a decision log puts first: "0007-", "adr013-",
# "ADR-0013-", "KEEP-0452-" (the series import reads as a record's prefix)
_LEADS = "|".join(("decision", *RECORD_SERIES))
_NUMBERED = re.compile(r"((?:" + _LEADS + r")[-_]?)?(\d+)-.", re.IGNORECASE)
# or a number after those letters, and nothing else: nats-io's adr/ADR-1.md ... ADR-60.md
_NUMBERED_ALONE = re.compile(r"((?:" + _LEADS + r")[-_]?)(\d+)(?:\.md)?$", re.IGNORECASE)
_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})-.")
# a number a title starts with: "33. Title", "33 - Title", "ADR 33: Title", "ADR-0033 Title"
# (not "RFC 7231 compliance": an RFC's number is no record's)
_TITLE_NUMBER = re.compile(
    r"\s*(?:adr[\s_-]*#?(\d{1,9})(?:[.:)]|\s+[-–—])?|#?(\d{1,9})(?:[.:)]|\s+[-–—]))"
    r"\s+(?=\S)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Series:
    """How a folder names its documents in order: ``number`` (``0007-slug``, ``width``
    digits), ``date`` (``20240105-slug``) or ``day`` (``2024-01-05-slug``)."""

    kind: str
    width: int = 0
    numbers: tuple[tuple[int, str], ...] = ()  # number -> the name that holds it, sorted
    lead: str = ""  # what the names write before their number: "adr" of "adr013-..."

    def holder(self, number: int) -> str:
        """The name that holds ``number`` ('' when it is free)."""
        return next((name for n, name in self.numbers if n == number), "")

    @property
    def last(self) -> str:
        return self.numbers[-1][1] if self.numbers else ""

    @property
    def given_elsewhere(self) -> bool:
        """Whether the numbers are ids given elsewhere (an issue's, a pull request's), not
        a count: :data:`SPARSE_MIN` of them at least, spread over more than
        :data:`SPARSE_SPAN` times as many numbers (golang/proposal's design/ holds 2775,
        2981, 4238 ... 74609, each document named for its issue)."""
        if len(self.numbers) < SPARSE_MIN:
            return False
        span = self.numbers[-1][0] - self.numbers[0][0] + 1
        return span > SPARSE_SPAN * len(self.numbers)

    @property
    def next(self) -> int:
        return self.numbers[-1][0] + 1 if self.numbers else 1

    def prefix(self, number: int, today: dt.date) -> str:
        """What a new name starts with: its number in the folder's width, or today (this
        month, for a folder whose names start with one: ``202012-...``)."""
        if self.kind == "date":
            return today.strftime("%Y%m" if self.width == _MONTH_WIDTH else "%Y%m%d")
        if self.kind == "day":
            return today.isoformat()
        return f"{self.lead}{number:0{self.width}d}"


def _is_date(year: str, month: str, day: str) -> bool:
    try:
        dt.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


_MONTH_WIDTH = 6  # "202012": a month, as thanos-io/thanos names its proposals
SPARSE_MIN, SPARSE_SPAN = 5, 10  # see Series.given_elsewhere
_YEARS = range(1970, 2101)  # a month's year: "123456" is no month


def _dated(digits: str) -> bool:
    """Whether the digits a name starts with are a day (``20221129``) or a month
    (``202012``)."""
    if len(digits) == 8:
        return _is_date(digits[:4], digits[4:6], digits[6:])
    if len(digits) == _MONTH_WIDTH:
        return int(digits[:4]) in _YEARS and _is_date(digits[:4], digits[4:], "01")
    return False


def series(names: Iterable[str]) -> Series | None:
    """The order the names of a folder's documents (without suffix) follow, if they do:
    more than half of them start with a number, and the most common width is held by at
    least two of them or by one padded with zeros (``0001-...``, as an ADR tool writes
    its first record)."""
    names = list(names)
    days = [n for n in names if (m := _DAY.match(n)) and _is_date(*m.groups())]
    if len(days) >= 2 and len(days) * 2 > len(names):
        return Series("day")
    matched = [(m.group(1) or "", m.group(2), n) for n in names if (m := _numbered(n))]
    found = [(digits, n) for _lead, digits, n in matched]
    widths: dict[int, int] = {}
    leads: dict[str, int] = {}
    for lead, digits, _name in matched:
        widths[len(digits)] = widths.get(len(digits), 0) + 1
        leads[lead] = leads.get(lead, 0) + 1
    if not widths:
        return None
    width = max(widths, key=lambda w: (widths[w], w))
    same = [(digits, n) for digits, n in found if len(digits) == width]
    padded = any(digits.startswith("0") and width > 1 for digits, _n in same)
    if len(found) * 2 <= len(names) or (len(same) < 2 and not padded):
        return None
    # days or months, all of them: thanos-io/thanos's proposals, 202012-... and
    # 20221129-..., were a series of numbers with 202005 held three times
    if width in (8, _MONTH_WIDTH) and all(_dated(d) for d, _n in found if len(d) >= width - 2):
        return Series("date", width)
    numbers = sorted({int(digits): n for digits, n in sorted(found, reverse=True)}.items())
    lead = max(leads, key=lambda written: (leads[written], written))
    return Series("number", width, tuple(numbers), lead)


def _numbered(name: str) -> re.Match[str] | None:
    """The lead letters (group 1) and number (group 2) of a numbered name: ``0003-...``,
    ``adr013-...``, or a record's series and number alone, ``ADR-13``."""
    return _NUMBERED.match(name) or _NUMBERED_ALONE.match(name)


def number_of(name: str) -> int | None:
    """The number a numbered name starts with (``0003-use-http-2``: 3; ``adr-13``: 13),
    else None."""
    found = _numbered(name)
    return int(found.group(2)) if found else None


def title_number(title: str) -> tuple[int | None, str]:
    """The number a title starts with ("33. Cache assets", "ADR 33: Cache assets") and
    the rest of it; ``None`` and the title when it starts with none."""
    match = _TITLE_NUMBER.match(title)
    if match is None:
        return None, title
    return int(match.group(1) or match.group(2)), title[match.end() :]
