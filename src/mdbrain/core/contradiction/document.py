"""A document as the detector reads it: its sentences, terms and figures.

The figures of examples are set aside: a line that introduces a command with a colon
(unless it states a default), a command line, data rows, and sentences that say "for
example", "such as" or "par exemple" (or follow one that does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mdbrain.core.contradiction.claim import Claim
from mdbrain.core.contradiction.context import Found
from mdbrain.core.contradiction.limits import MAX_FIGURES, MAX_TEXT, MAX_TOKENS
from mdbrain.core.contradiction.prose import iter_sentences
from mdbrain.core.contradiction.scan import Scan
from mdbrain.core.contradiction.tokens import Reader
from mdbrain.core.contradiction.vocabulary import folded_words
from mdbrain.core.text import fold

_DEFAULT = folded_words("default defaults défaut défauts")
_EXAMPLE = re.compile(
    r"\b(?:for example|for instance|such as|e\.g\.|par exemple|example|exemple)\b", re.IGNORECASE
)
_COMMAND = re.compile(r"(?:^|\s)--[a-z][a-z-]{0,40}", re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class Sentence:
    text: str
    terms: frozenset[str]
    prev: frozenset[str]  # terms of the sentence before, in the same text
    default: bool  # speaks of a default
    versions: frozenset[str]


@dataclass(slots=True)
class Doc:
    claim: Claim
    title: frozenset[str]
    head: frozenset[str]
    names: frozenset[tuple[str, ...]]
    terms: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    sentences: tuple[Sentence, ...] = ()
    numbers: tuple[Found, ...] = ()
    polar: tuple[Found, ...] = ()


_NAME = re.compile(r"[^\s:,;()]+")
_NAME_PART = re.compile(r"[^\W_]+")


def _title_names(title: str) -> frozenset[tuple[str, ...]]:
    """Names a title gives: WFS, CDatabase, /STACK, C6262, OAuth2, WMS-Raster."""
    found: set[tuple[str, ...]] = set()
    for match in _NAME.finditer(title[:1000]):
        word = match.group().strip("\"'«»")
        inner_upper = any(c.isupper() for c in word[1:])
        mixed = any(c.isdigit() for c in word) and any(c.isalpha() for c in word)
        if inner_upper or mixed or (word.startswith("/") and len(word) > 2):
            parts = tuple(fold(p) for p in _NAME_PART.findall(word))
            if parts:
                found.add(parts)
    return frozenset(found)


def _data_like(sentence: str) -> bool:
    """Whether a "sentence" is code or data: quotes, brackets and equal signs, not prose."""
    marks = sum(sentence.count(c) for c in '"[]{}=<>|')
    return marks >= 6 or (marks >= 3 and marks > len(sentence) / 20)


def _illustrative(sentence: str, default: bool, previous: str) -> bool:
    """Whether the figures of a sentence are examples rather than claims.

    A sentence that introduces a command with a colon ("Re-run a command every 60
    seconds:") gives an example unless it states a default; so does a command line
    (it has a long option, ``--keep-within 7d``), a data row, a sentence that says
    "for example", "such as", "par exemple", or one that follows such a sentence.
    """
    if sentence.rstrip().endswith(":") and not default:
        return True
    if _COMMAND.search(sentence) or _data_like(sentence):
        return True
    return bool(_EXAMPLE.search(sentence) or _EXAMPLE.search(previous))


def read_claim(claim: Claim, reader: Reader) -> Doc:
    """Sentences, terms and figures of a document: title, summary, then body.

    Sentences are read until both families of figures are full (or 4 x MAX_FIGURES
    sentences are read); the terms of the document come from all of it.
    """
    title, summary, body = claim.title[:1000], claim.summary[:2000], claim.body[:MAX_TEXT]
    tags = " ".join(t[:100] for t in claim.tags[:50])
    head = reader.terms(f"{title} {summary} {tags}")
    words = {fold(p) for tag in claim.tags[:50] for p in _NAME_PART.findall(tag)}
    found: list[Sentence] = []
    numbers: list[Found] = []
    polar: list[Found] = []
    tokens = 0
    for text in (title, summary, body):
        prev, previous = frozenset[str](), ""
        for sentence in iter_sentences(text):
            full = min(len(numbers), len(polar)) >= MAX_FIGURES
            if full or len(found) >= 4 * MAX_FIGURES or tokens >= MAX_TOKENS:
                break
            if not _LETTER.search(sentence):
                continue  # no word, so no unit, noun or yes/no: nothing to compare
            wanted = MAX_FIGURES - len(numbers)
            scan = Scan(reader, sentence, len(found), numbers=wanted).run()
            tokens += len(scan.t)
            words.update(scan.t.low)
            default = any(w in _DEFAULT for w in scan.t.low)
            current = reader.terms(sentence)
            found.append(Sentence(sentence, current, prev, default, frozenset(scan.versions)))
            if not _illustrative(sentence, default, previous):
                numbers.extend(scan.numbers[: max(0, MAX_FIGURES - len(numbers))])
            polar.extend(scan.polar[: max(0, MAX_FIGURES - len(polar))])
            prev, previous = current, sentence
    words.update(fold(w) for w in _NAME_PART.findall(body))
    return Doc(
        claim=claim,
        title=reader.terms(title),
        head=head,
        names=_title_names(title),
        terms=head | reader.terms(f"{summary}\n{body}"),
        words=frozenset(words),
        sentences=tuple(found),
        numbers=tuple(numbers),
        polar=tuple(polar),
    )
