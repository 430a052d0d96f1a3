"""Turn text into search terms: words, folded accents, stop words out, stems.

The same analysis runs on documents when they are indexed and on questions
when they are asked, so that "verrouillage", "verrouillé" and "Verrouillages"
meet. Stemming uses the Snowball algorithms (PyStemmer) for the base's
language; accents are folded after stemming, since the stemmers expect them.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from typing import Protocol

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

_ENGLISH_STOP = """
a an and are as at be been but by can do does for from has have how i if in into is it its
of on or so than that the their then there these this those to was we were what when where
which who why will with you your
"""
_FRENCH_STOP = """
a au aux avec ce ces cette comment dans de des du elle en est et il ils je la le les leur
lui mais me nous on ou où par pas pour quand que quel quelle qui sa se ses son sont sur ta
te tes ton tu un une vous y
"""
_STOP = {"en": frozenset(_ENGLISH_STOP.split()), "fr": frozenset(_FRENCH_STOP.split())}
_LANGUAGES = {
    "en": "english",
    "fr": "french",
    "de": "german",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
}


def fold(word: str) -> str:
    """``word`` without accents or case (é -> e, Œ stays a letter)."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class _Stemmer(Protocol):
    def stemWords(self, words: list[str]) -> list[str]: ...  # noqa: N802 - PyStemmer's name


class Analyzer:
    """Words to terms for one language; unknown languages get folding without stemming.

    An analyzer holds its thread's stemmer: make one per thread.
    """

    def __init__(self, lang: str) -> None:
        code = lang.replace("_", "-").split("-", 1)[0].lower()
        self.stop = _STOP.get(code, _STOP["en"] if code not in _LANGUAGES else frozenset())
        self._stemmer = _stemmer(_LANGUAGES.get(code, ""))

    def terms(self, text: str) -> list[str]:
        """The search terms of ``text``, in order, stop words left out."""
        if not text.isascii():  # composed and decomposed accents must give the same words
            text = unicodedata.normalize("NFC", text)
        words = [w for w in _WORD.findall(text.casefold()) if w not in self.stop]
        if self._stemmer is not None:
            words = self._stemmer.stemWords(words)
        return [fold(w) for w in words]


_STEMMERS = threading.local()  # a PyStemmer object must not be shared between threads


def _stemmer(name: str) -> _Stemmer | None:
    if not name:
        return None
    mine: dict[str, _Stemmer] = _STEMMERS.__dict__.setdefault("by_name", {})
    found = mine.get(name)
    if found is None:
        import Stemmer  # type: ignore[import-not-found,unused-ignore]

        stemmer = Stemmer.Stemmer(name)
        stemmer.maxCacheSize = 50_000
        found = mine[name] = stemmer
    return found


# An identifier as code and error messages write it: snake_case or CONSTANT_NAME (an
# underscore inside), camelCase (a capital after a small letter), a dotted name, a code
# mixing letters and digits (C4996, E0308), or a path with a slash and a suffix.
_IDENTIFIER = re.compile(
    r"(?<![\w./-])(?:[A-Za-z][\w-]{0,63}(?:[./][\w-]{1,64}){1,8}|[A-Za-z_][A-Za-z0-9_]{1,63})"
)
_CAMEL = re.compile(r"[a-z][A-Z]")
_MIXED = re.compile(r"[A-Za-z]\d|\d[A-Za-z]")


def identifiers(text: str) -> set[str]:
    """The identifiers ``text`` names, lowercased: what a search must match exactly."""
    found = set()
    for match in _IDENTIFIER.finditer(text):
        word = match.group(0).rstrip(".-/")
        if (
            "_" in word.strip("_")
            or _CAMEL.search(word)
            or _MIXED.search(word)
            or (("/" in word or "." in word) and len(word) > 3)
        ):
            found.add(word.lower())
    return found
