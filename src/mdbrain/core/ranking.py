"""Score search candidates: BM25F over a document's fields, plus its best passage.

SQLite FTS5 finds the candidates; its built-in BM25 floors the weight of any
term present in more than half of the documents, so a common word in a title
("request" in "Partition request") counts for nothing. This re-ranker scores
the candidates again from their analysed fields: term frequencies are weighted
per field and normalised by each field's length (BM25F), and the inverse
document frequency is Lucene's, log(1 + (N - n + 0.5) / (n + 0.5)), always
above zero. A document's score adds, with :attr:`Params.passage_weight`, the
BM25 score of its best section, where the words of the headings above it count
:attr:`Params.heading_weight` times: a page whose one section answers the
question beats a page that mentions each word once in a different place.

Matching goes from exact to approximate: a query term counts fully where the
document holds the same term, and a long term (:attr:`Params.prefix_min`
letters or more) also matches, at :attr:`Params.prefix_weight`, the words that
share its prefix ("verrouillage" and "verrouillé"). Fields are normalised text
(:func:`mdbrain.core.text.normalise`), words between spaces: each field is
counted once into a table of its words, and a term's frequency is the sum of
the counts of the words that give it, so the cost does not grow with the number
of words a prefix brings in.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Params:
    weights: tuple[float, ...]  # one per field
    k1: float = 1.2
    b: float = 0.75
    prefix_min: int = 6  # query terms this long match as prefixes (0: never)
    prefix_trim: int = 2  # letters taken off a long term before prefix matching
    prefix_weight: float = 0.5  # what a word sharing only the prefix counts for
    passage_weight: float = 0.5  # share of the best section's score added to a document's
    heading_weight: float = 2.0  # how often a heading word counts in the sections below it
    passage_b: float = 0.5  # length normalisation of sections


@dataclass(frozen=True, slots=True)
class Term:
    """A query term as the ranking matches it: the words that give it, each with the share
    it counts for (1 for the term itself, :attr:`Params.prefix_weight` for a word that only
    shares its prefix)."""

    term: str
    words: tuple[tuple[str, float], ...]
    idf: float


def idf(documents: int, with_term: int) -> float:
    with_term = min(max(with_term, 0), documents)
    return math.log(1 + (documents - with_term + 0.5) / (with_term + 0.5))


def pattern(term: str, params: Params) -> tuple[str, bool]:
    """The form a query term matches with: itself, or a prefix of it."""
    if params.prefix_min and len(term) >= params.prefix_min and term.isalpha():
        return term[: max(params.prefix_min, len(term) - params.prefix_trim)], True
    return term, False


FEW_WORDS = 12  # up to this many words asked, each is counted by a search of the text


def words_of(text: str, wanted: Sequence[str] = ()) -> Mapping[str, int]:
    """How often each word occurs in a normalised ``text``; with ``wanted`` (a few words),
    only those, each counted by a substring search (two searches for the first and the
    last word) rather than by splitting the whole text."""
    if not wanted or len(wanted) > FEW_WORDS:
        return Counter(text.split())
    padded = f" {text} "
    return {word: padded.count(f" {word} ") for word in wanted}


@dataclass(frozen=True, slots=True)
class Asked:
    """Query terms made ready to score many texts: every word that gives a term, and for
    each such word the terms it gives (by position in :attr:`terms`) with its share."""

    terms: tuple[Term, ...]
    wanted: tuple[str, ...]
    gives: dict[str, tuple[tuple[int, float], ...]]


def asked(terms: Sequence[Term]) -> Asked:
    """``terms`` prepared once per question, for :func:`fields_score` and :func:`passage_score`."""
    gives: dict[str, list[tuple[int, float]]] = {}
    for number, item in enumerate(terms):
        for word, share in item.words:
            gives.setdefault(word, []).append((number, share))
    return Asked(tuple(terms), tuple(gives), {w: tuple(g) for w, g in gives.items()})


def frequencies(question: Asked, counts: Mapping[str, int]) -> list[float]:
    """How often each term of ``question`` occurs in a text counted by :func:`words_of`,
    prefix matches discounted; the smaller of the two tables is walked."""
    found = [0.0] * len(question.terms)
    gives = question.gives
    if len(counts) < len(gives):
        for word, count in counts.items():
            for number, share in gives.get(word, ()):
                found[number] += share * count
    else:
        for word, pairs in gives.items():
            seen = counts.get(word)
            if seen:
                for number, share in pairs:
                    found[number] += share * seen
    return found


def fields_score(
    question: Asked,
    texts: Sequence[str],
    lengths: Sequence[int],
    averages: Sequence[float],
    params: Params,
) -> tuple[float, int]:
    """BM25F of one document over its fields, and how many query terms it holds."""
    k1 = params.k1
    counted = [
        (
            frequencies(question, words_of(text, question.wanted)),
            weight / (1 - params.b + params.b * (length / average if average else 1.0)),
        )
        for text, length, average, weight in zip(
            texts, lengths, averages, params.weights, strict=True
        )
        if weight and len(text) > 2
    ]
    total, held = 0.0, 0
    for number, item in enumerate(question.terms):
        weighted = sum(found[number] * factor for found, factor in counted)
        if weighted:
            held += 1
            total += item.idf * weighted * (k1 + 1) / (weighted + k1)
    return total, held


def passage_score(
    question: Asked, text: str, heading: str, average: float, params: Params
) -> float:
    """BM25 of one section: its own words, and its headings' words counted more."""
    length = len(text)
    norm = 1 - params.passage_b + params.passage_b * (length / average if average else 1.0)
    total, k1 = 0.0, params.k1
    found = frequencies(question, words_of(text, question.wanted))
    if heading:
        above = frequencies(question, words_of(heading, question.wanted))
        found = [f + params.heading_weight * h for f, h in zip(found, above, strict=True)]
    for item, count in zip(question.terms, found, strict=True):
        if count:
            weighted = count / norm
            total += item.idf * weighted * (k1 + 1) / (weighted + k1)
    return total
