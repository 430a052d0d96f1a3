"""Spot a possible contradiction between a new document and the documents in force.

When an agent writes a decision, a rule or a fact, :func:`possible` reads it against
the documents the search found for it (typically the top five) and reports each
pair of sentences, one on each side, that talk about the same thing and disagree on
a figure or on a yes/no. Nothing is refused on this guess: the writer reads the
report and declares the contradiction (``--contradicts``), supersedes the old
document, or says the new one is about something else.

Where each part lives
    :mod:`~mdbrain.core.contradiction.claim` (a claim, a figure, a clash),
    :mod:`~mdbrain.core.contradiction.subject` (same subject),
    :mod:`~mdbrain.core.contradiction.prose` (Markdown to sentences),
    :mod:`~mdbrain.core.contradiction.tokens` (the tokens of a sentence and the stems
    of its words), :mod:`~mdbrain.core.contradiction.vocabulary` (words shared by
    the readers),
    :mod:`~mdbrain.core.contradiction.scan` (the figures of one sentence: numbers in
    :mod:`~mdbrain.core.contradiction.numbers`,
    :mod:`~mdbrain.core.contradiction.number_words` and
    :mod:`~mdbrain.core.contradiction.units`, yes and no in
    :mod:`~mdbrain.core.contradiction.polarity`, the words around a figure in
    :mod:`~mdbrain.core.contradiction.context`),
    :mod:`~mdbrain.core.contradiction.document` (a document as the detector reads it)
    and :mod:`~mdbrain.core.contradiction.comparison` (which sentences meet, and
    :func:`possible`).

Staying linear
    Each document is read once, sentence by sentence, with small regular
    expressions whose repetitions are bounded (possessive where they could
    retry). At most :data:`MAX_TEXT` characters of a body are read, paragraphs are
    cleaned in pieces and sentences cut at :data:`MAX_SENTENCE` characters, at
    most :data:`MAX_TOKENS` tokens are scanned, and reading stops once
    :data:`MAX_FIGURES` figures of each family are found; so comparing two
    documents costs at most MAX_FIGURES x MAX_FIGURES alignments, whatever their
    length.
"""

from __future__ import annotations

from mdbrain.core.contradiction.claim import Claim, Clash, Figure
from mdbrain.core.contradiction.comparison import (
    ALIGN_MIN,
    ALIGN_MIN_NEGATION,
    ALIGN_MIN_YESNO,
    RATIO_MAX,
    SCORE_MIN,
    SCORE_MIN_YESNO,
    SUBJECT_MIN,
    TIE,
    possible,
)
from mdbrain.core.contradiction.limits import (
    MAX_FIGURES,
    MAX_SENTENCE,
    MAX_TEXT,
    MAX_TOKENS,
    WINDOW,
)
from mdbrain.core.contradiction.polarity import FORBIDDEN, OPTIONAL, PERMITTED, REQUIRED
from mdbrain.core.contradiction.prose import sentences
from mdbrain.core.contradiction.scan import figures
from mdbrain.core.contradiction.subject import subject_overlap

__all__ = [
    "ALIGN_MIN",
    "ALIGN_MIN_NEGATION",
    "ALIGN_MIN_YESNO",
    "FORBIDDEN",
    "MAX_FIGURES",
    "MAX_SENTENCE",
    "MAX_TEXT",
    "MAX_TOKENS",
    "OPTIONAL",
    "PERMITTED",
    "RATIO_MAX",
    "REQUIRED",
    "SCORE_MIN",
    "SCORE_MIN_YESNO",
    "SUBJECT_MIN",
    "TIE",
    "WINDOW",
    "Claim",
    "Clash",
    "Figure",
    "figures",
    "possible",
    "sentences",
    "subject_overlap",
]
