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

import dataclasses
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
    pair_weight: float = 0.0  # what two terms asked in a row count for, found in a row
    pair_gap: int = 5  # characters between two words still "in a row" (one short word)


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


LEAD_MIN = 4  # words sharing at least this many first letters are looked for together


def _shared(first: str, second: str) -> str:
    """The letters two words begin with alike."""
    size = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        size += 1
    return first[:size]


def _leads(words: Sequence[str]) -> tuple[str, ...]:
    """What to look for so that every occurrence of ``words`` is found once: the first
    letters a run of them share (when at least :data:`LEAD_MIN`), or a word with its
    closing space; none is the beginning of another, so no occurrence is found twice."""
    groups: list[list[str]] = []  # sorted, so a run's shared letters are its ends'
    for word in sorted(words):
        if groups and len(_shared(groups[-1][0], word)) >= LEAD_MIN:
            groups[-1].append(word)
        else:
            groups.append([word])
    # Every word beginning with a run's shared letters sorts into that run (it shares them
    # with the run's first word), and a whole word's lead ends with a space: so no lead
    # begins another.
    return tuple(
        _shared(group[0], group[-1]) if len(group) > 1 else group[0] + " " for group in groups
    )


@dataclass(frozen=True, slots=True)
class Asked:
    """Query terms made ready to score many texts: every word that gives a term, for each
    such word the terms it gives (by position in :attr:`terms`) with its share, and the
    :func:`_leads` that find those words in a text."""

    terms: tuple[Term, ...]
    gives: dict[str, tuple[tuple[int, float], ...]]
    leads: tuple[str, ...]


def asked(terms: Sequence[Term]) -> Asked:
    """``terms`` prepared once per question, for :func:`fields_score` and :func:`passage_score`."""
    gives: dict[str, list[tuple[int, float]]] = {}
    for number, item in enumerate(terms):
        for word, share in item.words:
            gives.setdefault(word, []).append((number, share))
    return Asked(tuple(terms), {w: tuple(g) for w, g in gives.items()}, _leads(list(gives)))


def within(question: Asked, held: Sequence[Sequence[float]], sections: int | None = None) -> Asked:
    """``question`` weighted to choose among the ``sections`` of one document: each term's
    weight scaled by how few of them hold it (``held``: the :func:`frequencies` of those
    that hold some term, all of them when ``sections`` is not given), from 1 for a term
    one section holds down to near 0 for one every section holds, which tells them apart
    no more than the page's own subject."""
    sections = len(held) if sections is None else sections
    if sections < 2:
        return question
    top = idf(sections, 1)
    terms = tuple(
        dataclasses.replace(
            term, idf=term.idf * idf(sections, sum(1 for found in held if found[n])) / top
        )
        for n, term in enumerate(question.terms)
    )
    return Asked(terms, question.gives, question.leads)


SECTION_MARK = "\x1e"  # between the sections of a body (see the search index)


def located(question: Asked, text: str) -> list[tuple[int, str]]:
    """Where the words of ``question`` occur in a normalised ``text``, in order: each
    occurrence as its offset and the word.

    A normalised text starts with a space and has a space after every word
    (:func:`mdbrain.core.text.normalise`); a section mark, which may stand before a
    word, is read as a space (one character for one, so offsets stay). Looking for
    a space and each lead, then reading on to the next space, finds exactly the words
    ``text.split()`` would give without making a list of them all: one search in C
    per lead, and Python work only where a lead occurs.
    """
    if SECTION_MARK in text:
        text = text.replace(SECTION_MARK, " ")
    gives = question.gives
    out: list[tuple[int, str]] = []
    for lead in question.leads:
        probe = " " + lead
        at = text.find(probe)
        while at >= 0:
            start = at + 1
            end = text.find(" ", start)
            word = text[start:end] if end >= 0 else text[start:]
            if word in gives:
                out.append((start, word))
            if end < 0:
                break
            at = text.find(probe, end)
    out.sort()
    return out


SHORT = 300  # characters: a text this short is split and counted whole, in C


def counted(question: Asked, text: str) -> Mapping[str, int]:
    """How often each word of ``question`` occurs in a normalised ``text`` (other words
    may be counted too: a short text is counted whole)."""
    if len(text) < SHORT:
        return Counter(text.split())
    return Counter(word for _at, word in located(question, text))


def word_table(text: str) -> str:
    """The words of a normalised ``text``, sorted, one line each with its count
    (``"\\nword count"``): what a search index keeps of a long field so that
    :func:`counted_in_table` finds a question's words without reading the text again."""
    counts = Counter(text.split())
    return "\n" + "\n".join([f"{word} {counts[word]}" for word in sorted(counts)]) + "\n"


def counted_in_table(question: Asked, table: str) -> dict[str, int]:
    """How often each word of ``question`` occurs in the text ``table`` was made from (by
    :func:`word_table`): the words a lead begins are on lines next to each other, so
    each lead costs one search and the walk over its own lines."""
    gives = question.gives
    out: dict[str, int] = {}
    for lead in question.leads:
        probe = "\n" + lead
        at = table.find(probe)
        while at >= 0:
            end = table.find("\n", at + 1)
            word, _space, count = table[at + 1 : end].rpartition(" ")
            if word in gives:
                out[word] = int(count)
            at = end if table.startswith(probe, end) else -1
    return out


def frequencies(question: Asked, counts: Mapping[str, int]) -> list[float]:
    """How often each term of ``question`` occurs in a text whose words are ``counts``,
    prefix matches discounted."""
    found = [0.0] * len(question.terms)
    gives = question.gives
    for word, count in counts.items():
        for number, share in gives.get(word, ()):
            found[number] += share * count
    return found


def fields_score(
    question: Asked,
    fields: Sequence[Mapping[str, int] | Sequence[str]],
    lengths: Sequence[int],
    averages: Sequence[float],
    params: Params,
) -> tuple[float, list[bool]]:
    """BM25F of one document over its fields, and which query terms it holds. A field
    is given by its words' counts (:func:`counted`, :func:`counted_in_table`) or, for a
    short one, by its list of words."""
    k1, b = params.k1, params.b
    gives = question.gives
    weighted = [0.0] * len(question.terms)
    for words, length, average, weight in zip(
        fields, lengths, averages, params.weights, strict=True
    ):
        if not weight or not words:
            continue
        factor = weight / (1 - b + b * (length / average if average else 1.0))
        pairs = words.items() if isinstance(words, Mapping) else ((word, 1) for word in words)
        for word, count in pairs:
            for number, share in gives.get(word, ()):
                weighted[number] += share * count * factor
    total = 0.0
    for item, value in zip(question.terms, weighted, strict=True):
        if value:
            total += item.idf * value * (k1 + 1) / (value + k1)
    return total, [bool(value) for value in weighted]


def passage_score(
    question: Asked,
    words: Mapping[str, int],
    length: int,
    *,
    heading: Mapping[str, int],
    average: float,
    params: Params,
    pairs: Mapping[int, int] | None = None,
) -> float:
    """BM25 of one section of ``length`` characters from its ``words`` and the words of
    the headings above it, which count more (both as :func:`counted` gives them), plus,
    for each two terms asked one after the other, how often ``pairs`` (:func:`pairs_of`,
    by the number of the first term) found them one after the other, weighted by the
    IDF of the more common of the two (a pair is as telling as its weaker word)."""
    norm = 1 - params.passage_b + params.passage_b * (length / average if average else 1.0)
    total, k1 = 0.0, params.k1
    found = frequencies(question, words)
    if heading:
        above = frequencies(question, heading)
        found = [f + params.heading_weight * h for f, h in zip(found, above, strict=True)]
    for item, count in zip(question.terms, found, strict=True):
        if count:
            weighted = count / norm
            total += item.idf * weighted * (k1 + 1) / (weighted + k1)
    for number, count in (pairs or {}).items():
        first, second = question.terms[number], question.terms[number + 1]
        weighted = count / norm
        weaker = min(first.idf, second.idf)
        total += params.pair_weight * weaker * weighted * (k1 + 1) / (weighted + k1)
    return total


def pairs_of(question: Asked, hits: Sequence[tuple[int, str]], gap: int) -> list[tuple[int, int]]:
    """Where two terms asked one after the other are found one after the other in a text,
    from :func:`located`'s ``hits``: the offset of the second word and the number of the
    first term, for every such meeting. At most ``gap`` characters may separate the two
    words (a space, or a short word such as "of": stop words are not asked). The text is
    normalised, so punctuation and line breaks between them are spaces too: "byte-order"
    and a table's "| byte | order |" both count."""
    gives = question.gives
    out: list[tuple[int, int]] = []
    last_end, last_terms = -gap - 1, frozenset[int]()
    for at, word in hits:
        terms = frozenset(number for number, _share in gives[word])
        if at - last_end <= gap:
            follows = [n for n in last_terms if n + 1 in terms]
            if follows:
                out.append((at, min(follows)))
        last_end, last_terms = at + len(word), terms
    return out
