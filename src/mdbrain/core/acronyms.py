"""Acronyms: "NLB" and the words it stands for, "network load balancer".

A question and the page that answers it often name one thing in two ways: "why not put
Elastic IPs on the ingress network load balancer?" asks of a page saying "It is not
possible to attach EIPs to an existing NLB"; "what does PGO need?" of a page on
"profile-guided optimization". A line holding the other form holds what the question
asks, as surely as one repeating its words.

:func:`spelled` reads the acronyms a run of words spells, each word giving its initial
(an acronym among them gives its own letters: "Elastic IPs" spells EIP), and
:func:`written` the acronyms a text writes in capitals, a plural's "s" left out. Only
acronyms of :data:`SHORTEST` letters or more count: two letters are spelled by too many
pairs of words ("in order", "to do") to say anything. Runs of words stop at punctuation
and at the stop words of the language, so "NLB (Network Load Balancer)" writes NLB and
spells it apart. :class:`Asked` holds both readings of a question, as the analyser's
terms, and tells which of them a line holds in its other form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from mdbrain.core.lazy import lazy_pattern

SHORTEST = 3  # letters of the shortest acronym read
LONGEST = 6  # words of the longest run one spells
# a word in capitals, a plural's s or an 's after it: NLB, EIPs, DNS's
_WRITTEN = lazy_pattern(r"(?<![\w-])([A-Z]{3,8})(?:s|'s)?(?![\w-])")  # SHORTEST letters
# words as a run reads them: letters only; anything else between two words ends the run,
# but a hyphen or a space ("Profile-Guided Optimization")
_PIECE = lazy_pattern(r"[^\W\d_]+|[ \t]*-[ \t]*|[ \t]+|(?s:.)")
_CAPITALS = lazy_pattern(r"[A-Z]{2,8}s?")


def written(text: str) -> set[str]:
    """The acronyms ``text`` writes in capitals, as written, a plural's "s" left out."""
    if not any("A" <= c <= "Z" for c in text):
        return set()
    return set(_WRITTEN().findall(text))


def _runs(text: str, stop: frozenset[str]) -> Iterator[list[str]]:
    """The runs of words of ``text`` that nothing but spaces and hyphens separates, cut
    at stop words (which spell nothing)."""
    run: list[str] = []
    for piece in _PIECE().findall(text):
        if piece[0].isalpha() and piece.casefold() not in stop:
            run.append(piece)
        elif not piece.strip(" \t-"):  # a space or a hyphen: the run goes on
            continue
        else:
            if len(run) > 1:
                yield run
            run = []
    if len(run) > 1:
        yield run


def _letters(word: str) -> str:
    if _CAPITALS().fullmatch(word):  # an acronym among the words gives its own letters
        return word[:-1] if word.endswith("s") else word
    return word[0].upper()


def spelled(text: str, stop: frozenset[str]) -> dict[str, str]:
    """Each acronym of :data:`SHORTEST` letters or more that two to :data:`LONGEST`
    words of ``text`` in a row spell, with those words as written."""
    out: dict[str, str] = {}
    for run in _runs(text, stop):
        letters = [_letters(word) for word in run]
        for first in range(len(run) - 1):
            for last in range(first + 2, min(first + LONGEST, len(run)) + 1):
                acronym = "".join(letters[first:last])
                if len(acronym) >= SHORTEST:
                    out.setdefault(acronym, " ".join(run[first:last]))
    return out


class Asked(NamedTuple):
    """The acronyms of a question, each with the question's terms it stands for."""

    spelled: dict[str, frozenset[str]]  # "NLB": the terms of "network load balancer"
    written: dict[str, frozenset[str]]  # "NLB": the terms of "NLB"
    stop: frozenset[str]

    def held(self, line: str) -> set[str]:
        """The question's terms ``line`` holds in their other form: those of the words
        an acronym it writes spells, and the acronym's own for the words spelling it."""
        out: set[str] = set()
        if self.spelled:
            for acronym in written(line):
                out |= self.spelled.get(acronym, frozenset())
        if self.written and len(line.split()) > 1:
            for acronym in spelled(line, self.stop).keys() & self.written.keys():
                out |= self.written[acronym]
        return out


def asked(question: str, terms: Callable[[str], list[str]], stop: frozenset[str]) -> Asked:
    """The acronyms ``question`` spells and writes, as the ``terms`` of the analyser that
    reads it (a form whose terms the question does not hold is left out)."""
    said = set(terms(question))
    spelled_terms = {
        acronym: kept
        for acronym, words in spelled(question, stop).items()
        if (kept := frozenset(terms(words)) & said)
    }
    written_terms = {
        acronym: kept for acronym in written(question) if (kept := frozenset(terms(acronym)) & said)
    }
    return Asked(spelled_terms, written_terms, stop)
