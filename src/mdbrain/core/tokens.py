"""How many tokens a text costs a language model, estimated without a tokenizer.

Every read reports its cost with :func:`estimate`. It follows the byte-pair
tokenizers of current models (calibrated on ``cl100k_base``) without their
vocabulary: the text is cut the way those tokenizers cut it before merging
(runs of letters, of digits, of punctuation, line breaks, indentation), and
each piece costs what pieces of its kind and length cost on average in the real
tokenizer, measured on the project's corpora (English and French prose,
Markdown, code, abstracts). A space before a word costs nothing: it travels
with the word. ``bench/retrieval.py --tokens`` compares it with the real
tokenizer when ``tiktoken`` is installed; on every corpus it lands within a few
percent in total and within 10% for nine documents in ten.

Costs are kept in hundredths of a token and rounded once, so the estimate of
two texts joined by a space differs from the sum of their estimates by at most
one token.
"""

from __future__ import annotations

import functools
import re

_PIECE = re.compile(r"[^\W\d_]+|\d+|\n+|[ \t]{2,}|[^\w\s]+|_+")
# Hundredths of a token for a run of ASCII letters, by length (index 0 unused).
_ASCII = (0, 87, 87, 100, 100, 104, 104, 119, 119, 150, 150, 209, 209, 322, 322, 322)
# Hundredths of a token for a run of letters holding a non-ASCII one, by length.
_OTHER = (0, 211, 211, 211, 211, 321, 321, 321, 420, 420, 420)
_PUNCT = (0, 83, 73, 167, 193)  # a run of punctuation, by length (4 and more: the last)
_DIGITS = 127  # each group of up to three digits
_BREAK = 27  # a run of line breaks: most merge with the punctuation before them
_INDENT = 113  # a run of two spaces or more


def _letters(piece: str) -> int:
    size = len(piece)
    if piece.isascii():
        return _ASCII[size] if size < len(_ASCII) else max(520, size * 28)
    return _OTHER[size] if size < len(_OTHER) else max(470, size * 36)


_MEMO_LONGEST = 8_192  # characters of the longest text whose estimate is remembered


def estimate(text: str) -> int:
    """Estimated tokens of ``text`` (0 for empty or blank text). An answer counts the
    same passages and rows again as it shortens itself: short texts are remembered."""
    return _remembered(text) if len(text) <= _MEMO_LONGEST else _estimate(text)


def _estimate(text: str) -> int:
    total = 0
    for piece in _PIECE.findall(text):
        first = piece[0]
        if first.isalpha():
            total += _letters(piece)
        elif first.isdigit():
            total += _DIGITS * ((len(piece) + 2) // 3)
        elif first == "\n":
            total += _BREAK
        elif first in " \t":
            total += _INDENT
        else:
            total += _PUNCT[min(len(piece), 4)] + 100 * (len(piece) // 12)
    return (total + 50) // 100


_remembered = functools.lru_cache(maxsize=1024)(_estimate)  # 8 MiB of text at most
