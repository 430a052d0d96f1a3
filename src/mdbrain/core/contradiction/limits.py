"""How much of a document is read: the bounds that keep the detector linear."""

from __future__ import annotations

MAX_TEXT = 100_000  # characters of one document read; the rest is ignored
MAX_SENTENCE = 500  # a longer sentence is cut into pieces of at most this length
MAX_FIGURES = 100  # figures kept per document, for numbers and for yes/no each
# tokens of one document scanned for figures: about 120,000 characters of prose
MAX_TOKENS = 30_000
WINDOW = 6  # content words on each side of a figure that say what it measures
