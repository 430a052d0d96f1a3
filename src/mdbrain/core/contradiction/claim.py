"""What the detector reads and what it reports: a claim, a figure, a clash."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Claim:
    """One document as the detector reads it."""

    id: str
    title: str
    summary: str = ""
    tags: tuple[str, ...] = ()
    body: str = ""


@dataclass(frozen=True, slots=True)
class Figure:
    """A value stated in a sentence.

    ``values`` are normalised: seconds, bytes (a decimal and a binary reading for
    KB, MB...), per second, percent, metres; the number itself for a count or a
    bare number; for a yes/no, the polarity (+1/-1, ``unit`` "state" or
    "negation") or the rule (:data:`FORBIDDEN`, :data:`PERMITTED`,
    :data:`OPTIONAL`, :data:`REQUIRED`, ``unit`` "rule"). Otherwise ``unit`` is the
    base unit, the stems of the noun counted, or ``""`` for a bare number.
    ``bound`` is "max", "min", "approx", "from", "to" or "". ``text`` is the
    figure as written (with its bound: "at most 3 retries"); ``start`` its
    character offset in the sentence.
    """

    kind: str
    values: tuple[float, ...]
    unit: str
    text: str
    bound: str
    start: int


@dataclass(frozen=True, slots=True)
class Clash:
    """A sentence of the new text and a sentence of a document in force that disagree."""

    other: str  # id of the document in force
    new_sentence: str
    old_sentence: str
    kind: str  # duration, size, rate, count, number, percent, ..., yes-no
    differs: str  # "1 minute vs 5 secondes", "disabled vs enabled"
    score: float  # 0..1: how sure the guess is (0.4 x subject + 0.6 x alignment)
    subject: float  # 0..1: how much the two documents share their subject
    alignment: float  # 0..1: how much the two sentences talk about the same thing
