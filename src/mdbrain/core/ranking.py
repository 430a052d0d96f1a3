"""Re-rank search candidates with BM25F, an IDF that stays positive, and field weights.

SQLite FTS5 finds the candidates; its built-in BM25 floors the weight of any
term present in more than half of the documents, so a common word in a title
("request" in "Partition request") counts for nothing. This re-ranker scores
the candidates again from their analysed fields: term frequencies are weighted
per field and normalised by each field's length (BM25F), and the inverse
document frequency is Lucene's, log(1 + (N - n + 0.5) / (n + 0.5)), always
above zero. A query term of :data:`PREFIX_MIN` letters or more also matches
the words it begins.
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


def idf(documents: int, with_term: int) -> float:
    with_term = min(max(with_term, 0), documents)
    return math.log(1 + (documents - with_term + 0.5) / (with_term + 0.5))


def pattern(term: str, params: Params) -> tuple[str, bool]:
    """The form a query term matches with: itself, or a prefix of it."""
    if params.prefix_min and len(term) >= params.prefix_min:
        return term[: max(params.prefix_min, len(term) - params.prefix_trim)], True
    return term, False


def _frequency(counts: Counter[str], form: str, prefix: bool) -> int:
    if not prefix:
        return counts.get(form, 0)
    return sum(n for word, n in counts.items() if word.startswith(form))


def score(
    terms: Sequence[str],
    fields: Sequence[Counter[str]],
    *,
    lengths: Sequence[int],
    averages: Sequence[float],
    frequencies: Mapping[str, float],
    params: Params,
) -> float:
    """BM25F of one document for ``terms``; ``frequencies`` maps each term to its IDF."""
    total = 0.0
    for term in dict.fromkeys(terms):
        form, prefix = pattern(term, params)
        weighted = 0.0
        for counts, length, average, weight in zip(
            fields, lengths, averages, params.weights, strict=True
        ):
            if not weight:
                continue
            found = _frequency(counts, form, prefix)
            if found:
                norm = 1 - params.b + params.b * (length / average if average else 1.0)
                weighted += weight * found / norm
        if weighted:
            saturated = weighted * (params.k1 + 1) / (weighted + params.k1)
            total += frequencies.get(term, 0.0) * saturated
    return total
