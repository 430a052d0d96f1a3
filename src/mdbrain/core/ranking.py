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


def wanted_words(terms: Sequence[Term]) -> tuple[str, ...]:
    """Every word that gives one of ``terms``, once."""
    return tuple(dict.fromkeys(word for item in terms for word, _share in item.words))


def frequency(counts: Mapping[str, int], query_term: Term) -> float:
    """How often ``query_term`` occurs in a text counted by :func:`words_of`, prefix
    matches discounted."""
    total = 0.0
    for word, share in query_term.words:
        found = counts.get(word)
        if found:
            total += share * found
    return total


def fields_score(
    terms: Sequence[Term],
    texts: Sequence[str],
    lengths: Sequence[int],
    averages: Sequence[float],
    params: Params,
) -> tuple[float, int]:
    """BM25F of one document over its fields, and how many query terms it holds."""
    norms = [
        1 - params.b + params.b * (length / average if average else 1.0)
        for length, average in zip(lengths, averages, strict=True)
    ]
    total, held = 0.0, 0
    k1 = params.k1
    wanted = wanted_words(terms)
    counted = [
        (words_of(text, wanted), norm, weight)
        for text, norm, weight in zip(texts, norms, params.weights, strict=True)
        if weight and len(text) > 2
    ]
    for item in terms:
        weighted = 0.0
        for counts, norm, weight in counted:
            found = frequency(counts, item)
            if found:
                weighted += weight * found / norm
        if weighted:
            held += 1
            total += item.idf * weighted * (k1 + 1) / (weighted + k1)
    return total, held


def passage_score(
    terms: Sequence[Term], text: str, heading: str, average: float, params: Params
) -> float:
    """BM25 of one section: its own words, and its headings' words counted more."""
    length = len(text)
    norm = 1 - params.passage_b + params.passage_b * (length / average if average else 1.0)
    total, k1 = 0.0, params.k1
    wanted = wanted_words(terms)
    counts = words_of(text, wanted)
    above = words_of(heading, wanted) if heading else None
    for item in terms:
        found = frequency(counts, item)
        if above:
            found += params.heading_weight * frequency(above, item)
        if found:
            weighted = found / norm
            total += item.idf * weighted * (k1 + 1) / (weighted + k1)
    return total
