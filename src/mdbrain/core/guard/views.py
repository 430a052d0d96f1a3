"""Views: the text as written, and normalised.

What the rules read
    The text as written, and a normalised view of it: invisible format
    characters removed (zero-width space, joiners, word joiner, byte-order mark,
    soft hyphen, bidirectional controls), strings split by a concatenation
    (``"ab" + "cd"``, ``'ab' 'cd'``, ``"ab" . "cd"``) or a backslash line
    continuation joined again, and a token cut over several lines joined when
    its first piece starts like one (``AKIA…``, ``ghp_…``, ``sk-…``). Runs of 24
    to 4,096 base64 characters are decoded: a decoding that is mostly printable
    is read by the same rules, and one that starts like a private key (DER,
    OpenSSH, OpenPGP) is a hit by itself. A hit found in a view is reported on
    the line of the original text where it starts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

_INVISIBLE = "\u00ad\u034f\u180e\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
_INVISIBLE += "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
# a character class of single characters: each match is one run, found left to right
_INVISIBLE_RUN = re.compile(f"[{_INVISIBLE}]+")


# A closing quote, then (bounded) spaces, a line break with an optional backslash, a
# concatenation operator, and the same quote opening again before a token character;
# or a backslash line continuation before a token character. Each pattern starts with
# a literal the engine jumps to (the look-behind that checks the character before it
# comes after the literal, so the engine still jumps), and every repetition is bounded,
# so a match costs a bounded number of steps from each quote or backslash.
_JOIN_GAP = (
    r"[ \t]{0,8}(?:\\?\r?\n[ \t]{0,64})?(?:\+|\.\.?|&|\|\||~|<<)?[ \t]{0,8}(?:\\?\r?\n[ \t]{0,64})?"
)
_JOINS = (
    *(
        re.compile(quote + r"(?<=[\w+/=-]" + quote + ")" + _JOIN_GAP + quote + r"(?=[\w+/=-])")
        for quote in ('"', "'", "`")
    ),
    re.compile(r"\\(?<=[\w+/=-]\\)\r?\n[ \t]{0,64}(?=[\w+/=-])"),
)

# What each join must contain: its quote, or a backslash right before a line break.
# Where none is in the text the join cannot match.
_JOIN_NEEDLES = tuple(
    (regex, ("\\\n", "\\\r\n") if regex.pattern[0] == "\\" else (regex.pattern[0],))
    for regex in _JOINS
)


class _Splice:
    """A text with spans cut out (every match of a pattern, one pass of C code, or spans
    given), and the way back to the offsets of the source, worked out on first use: most
    views hold no hit that needs it."""

    def __init__(
        self,
        source: str,
        regex: re.Pattern[str] | None = None,
        spans: list[tuple[int, int]] | None = None,
    ) -> None:
        self.source = source
        self.regex = regex
        self._spans = spans
        if regex is not None:
            self.text = regex.sub("", source)
        else:
            cuts = spans or []
            starts = [0, *(end for _start, end in cuts)]
            ends = [*(start for start, _end in cuts), len(source)]
            self.text = "".join(source[a:b] for a, b in zip(starts, ends, strict=True))
        self._map: tuple[list[int], list[int]] | None = None

    def origin(self, offset: int) -> int:
        if self._map is None:
            spans = self._spans
            if spans is None and self.regex is not None:
                spans = [m.span() for m in self.regex.finditer(self.source)]
            spans = spans or []
            kept = accumulate((start - end for start, end in spans), initial=0)
            old = [0, *(end for _start, end in spans)]
            new = [end + removed for end, removed in zip(old, kept, strict=True)]
            self._map = (new, old)
        new, old = self._map
        i = bisect_right(new, offset) - 1
        return old[i] + offset - new[i]


# A line break between two token characters, and the indentation after it: found from
# the literal newline, the characters around it checked by look-arounds. The word
# before it is then read in Python (100 characters at most).
_BREAK_IN_WORD = re.compile(
    r"\n(?:(?<=[A-Za-z0-9_+/=-]\n)|(?<=[A-Za-z0-9_+/=-]\r\n))[ \t]{0,8}(?=[A-Za-z0-9_+/=-])"
)
# How the tokens with a known prefix start; read on one word of 100 characters at most.
_TOKEN_HEAD = re.compile(
    r"AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|gl(?:pat|ptt|dt|rt|soat|cbt)-|xox[abposrce]-"
    r"|xapp-|sk-|[rs]k_(?:live|test)_|whsec_|npm_|pypi-|AIza|GOCSPX-|hf_|SG\.|do[opr]_v1_"
    r"|shp(?:at|ca|pa|ss)_|dapi|AGE-SECRET-KEY-1|ATATT3|eyJ"
)


def _split_token_spans(text: str) -> list[tuple[int, int]]:
    """Line breaks inside a token cut over two lines or more ("AKIA12…" then "…XYZ" on
    the next line): a break after a word that starts like a token, or after the piece
    of one already joined."""
    if "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    for match in _BREAK_IN_WORD.finditer(text):
        at = match.start() - (text[match.start() - 1] == "\r")
        tail = text[max(0, at - 100) : at]
        word = tail.rsplit(None, 1)[-1] if tail.strip() else ""
        if len(word) < 4 or (word.isalpha() and word.islower()):
            continue
        continued = bool(spans) and spans[-1][1] == at - len(word)
        if continued or _TOKEN_HEAD.search(word):
            spans.append((at, match.end()))
    return spans


def views_of(text: str) -> list[tuple[str, Callable[[int], int]]]:
    """The text as written, then its normalised view when that differs."""
    views: list[tuple[str, Callable[[int], int]]] = [(text, lambda offset: offset)]
    splices: list[_Splice] = []
    clean = text
    # the class holds single characters: it matches iff one of them is in the text, and a
    # substring test per character (C code, none when the text is narrower) is cheaper
    if not text.isascii() and any(char in text for char in _INVISIBLE):
        splices.append(_Splice(clean, _INVISIBLE_RUN))
        clean = splices[-1].text
    for regex, needles in _JOIN_NEEDLES:
        if any(needle in clean for needle in needles) and regex.search(clean):
            splices.append(_Splice(clean, regex))
            clean = splices[-1].text
    split = _split_token_spans(clean)
    if split:
        splices.append(_Splice(clean, spans=split))
        clean = splices[-1].text
    if not splices:
        return views

    def origin(offset: int) -> int:
        for splice in reversed(splices):
            offset = splice.origin(offset)
        return offset

    views.append((clean, origin))
    return views


def normalise(text: str) -> str:
    """The view the rules read besides the text itself: invisible characters removed,
    split strings and continued lines joined."""
    return views_of(text)[-1][0]


# Words (whitespace-separated) of 16 characters or more: every token, key and base64
# run the rules look for lies inside one. str.split is one pass of C code; most
# literal patterns, the base64 decoder and the entropy rules only look at these words.
# A password said in a sentence may be shorter (prose): words of 12 to 20 characters,
# its quotes and stop included, are kept for that rule.
_LONG_WORD = 16
_MEDIUM_WORD = 12
_LONG_WORDS = re.compile(r"\S{16,}")  # the same words with their offsets, when needed
_PEM_WORD = re.compile(r"[A-Za-z0-9+/]{60,80}")


class Text:
    """A text, lower-cased, and its long words joined by newlines, with the way back
    from an offset in the joined words to an offset in the text; and its words of 12 to
    20 characters."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lowered = text.lower()
        kept = [word for word in text.split() if len(word) >= _MEDIUM_WORD]
        found = [word for word in kept if len(word) >= _LONG_WORD]
        self.medium = [word for word in kept if len(word) <= _LONG_WORD + 4]
        self.longest = max(map(len, found), default=0)
        # words of PEM width made of base64 only: three are needed before a block of them
        # is looked for. A line of a block (keys._B64_LINE) holds one such word between
        # blanks and line ends, all whitespace to str.split, so it is one of these words.
        self.pem_wide = sum(
            1 for word in found if 60 <= len(word) <= 80 and _PEM_WORD.fullmatch(word)
        )
        self.runs = "\n".join(found)
        self._starts: tuple[list[int], list[int]] | None = None

    def origin(self, offset: int) -> int:
        """The offset in the text of an offset in the joined words (computed on first use:
        most texts never need it)."""
        if self._starts is None:
            in_text, in_runs, at = [], [], 0
            for match in _LONG_WORDS.finditer(self.text):
                in_text.append(match.start())
                in_runs.append(at)
                at += match.end() - match.start() + 1
            self._starts = (in_text, in_runs)
        in_text, in_runs = self._starts
        i = bisect_right(in_runs, offset) - 1
        return in_text[i] + offset - in_runs[i]
