"""The running prose of a project's pages, and the language it is written in.

``init`` writes the base in the language the project already writes in: its
README and its documentation pages are reduced to their paragraphs (code,
headings, tables, markup and link-only lines left out) and the frequent small
words of each language are counted. English and French are told apart; a text
with too few of those words says nothing, and the caller keeps its default.

Every function here is linear in its input: lines are read one at a time, and
no expression can look past the end of its line.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable
from typing import Final

from mdbrain.core import markdown
from mdbrain.core.lazy import lazy_pattern

# Small words that carry no subject, frequent in running text, and rare in the
# other language (a word both languages use, like "a" or "on", is left out).
_ENGLISH = (
    "the and of to is in that it for with as are this be by you can not or from an which "
    "your have will when how if was were has its their they we our these those into than "
    "then there what would should about"
)
_FRENCH = (
    "le la les des et est une un du dans pour que qui sur pas par avec ce cette sont au aux "
    "ou vous nous il elle être plus ne se ses leur leurs été fait peut comme mais donc lors "
    "afin également"
)
STOP_WORDS: Final = {"en": frozenset(_ENGLISH.split()), "fr": frozenset(_FRENCH.split())}
DEFAULT: Final = "en"
MIN_HITS: Final = 20  # small words needed before a language is named
FEW_HITS: Final = 8  # fewer are enough when the other language is far behind:
CLEAR_LEAD: Final = 3  # this many times its count (a short README is still read)
MAX_CHARS: Final = 400_000  # prose read in all, the first texts first
_WORD = lazy_pattern(r"[a-zàâäéèêëîïôöùûüç]+")
_LATIN: Final = "latin"
_IMAGE = lazy_pattern(r"!\[[^\[\]\n]*+\]\([^()\n]*+\)")
_LINK = lazy_pattern(r"\[([^\[\]\n]*+)\]\([^()\n]*+\)")
_REF_LINK = lazy_pattern(r"\[([^\[\]\n]*+)\]\[[^\[\]\n]*+\]")
_TAG = lazy_pattern(r"<[^<>\n]{0,400}+>")
_AUTOLINK = lazy_pattern(r"<(https?://[^<>\s]{1,400}+)>")
_CODE_SPAN = lazy_pattern(r"`[^`\n]*+`")
_URL = lazy_pattern(r"\bhttps?://\S++")
_LETTERS = lazy_pattern(r"[^\W\d_]{2,}")
_UNDERLINE = lazy_pattern(r"^[ \t]*(?:={3,}|-{3,}|~{3,}|\^{3,})[ \t]*$")
_FENCE = lazy_pattern(r"^\s{0,3}(" + markdown.FENCE_RUN + r")")
_SKIPPED_START = ("#", "|", "<", ">", "..", ":", "[!", "---", "===", "***", "___", "{%", "{{")
_SENTENCE_END = (".", "!", "?", "…", ")")  # not ":", that opens a list or a block


def _inline(line: str) -> str:
    """A line of Markdown with images and tags removed, links kept as their text and an
    address written as one (``<https://...>``) kept as the address."""
    line = _IMAGE().sub("", line)
    line = _LINK().sub(r"\1", line)
    line = _REF_LINK().sub(r"\1", line)
    line = _AUTOLINK().sub(r"\1", line)
    line = _TAG().sub("", line)
    return " ".join(line.replace("**", "").replace("__", "").split())


def _prose_line(raw: str, *, within: bool = False) -> str | None:
    """The text of a line that belongs to a paragraph; None for a line that ends one.

    A line of links only (badges, a menu) starts no paragraph, but inside one it is
    part of the sentence (``within``).
    """
    if raw.startswith(("    ", "\t")) or not raw.strip():
        return None
    line = raw.strip()
    if line.startswith(_SKIPPED_START) or line.startswith(("- [", "* [")):
        return None
    bare = _URL().sub("", _TAG().sub("", _LINK().sub("", _IMAGE().sub("", line))))
    words = _LETTERS().findall(_REF_LINK().sub("", _CODE_SPAN().sub("", bare)))
    text = _inline(line)
    return text if len(words) >= 2 or (within and text) else None


def introduction(text: str, limit: int = 12) -> list[str]:
    """The paragraphs a page opens with: those before the first heading that follows one."""
    return paragraphs(text, limit=limit, stop_at_heading=True)


def paragraphs(text: str, *, limit: int = 0, stop_at_heading: bool = False) -> list[str]:
    """The paragraphs of a Markdown or reStructuredText page, as single lines of plain text.

    Front matter, code blocks, headings, tables, HTML, block quotes, directives,
    and lines made only of images or links are left out; list items are kept as
    paragraphs of their own. ``limit`` stops after that many (0: all of them).
    """
    lines = text.split("\n")
    start = 0
    if lines and lines[0].strip() == "---":  # a front matter block
        start = next((i + 1 for i, ln in enumerate(lines[1:], 1) if ln.strip() == "---"), 0)
    found: list[str] = []
    current: list[str] = []
    fence = ""
    for raw in lines[start:]:
        opening = _FENCE().match(raw)
        if fence or opening:
            if opening and not fence:
                fence = opening.group(1)[0] * 3
            elif raw.strip().startswith(fence):
                fence = ""
            line: str | None = None
        else:
            line = _prose_line(raw, within=bool(current))
            underline = _UNDERLINE().match(raw) is not None
            if underline and len(current) == 1:  # the title of a setext or rst heading
                current = []
            if stop_at_heading and (underline or raw.startswith("#")) and found:
                break
        item = line is not None and re.match(r"^(?:[-*+]|\d{1,3}[.)])\s", raw.strip()) is not None
        if current and (line is None or item):
            found.append(" ".join(current))
            current = []
            if limit and len(found) >= limit:
                return found
        if line is not None:
            current.append(re.sub(r"^(?:[-*+]|\d{1,3}[.)])\s+", "", line) if item else line)
    if current:
        found.append(" ".join(current))
    return found[:limit] if limit else found


def is_sentence(paragraph: str) -> bool:
    """Whether a paragraph reads as a sentence: several words, ending as sentences end."""
    return len(paragraph.split()) >= 6 and paragraph.rstrip().endswith(_SENTENCE_END)


def counts(texts: Iterable[str]) -> dict[str, int]:
    """How many of each language's small words the paragraphs of ``texts`` hold."""
    found = dict.fromkeys(STOP_WORDS, 0)
    budget = MAX_CHARS
    for text in texts:
        if budget <= 0:
            break
        prose = " ".join(paragraphs(text[:budget]))
        budget -= len(prose) or 1
        _count_small_words(prose, found)
    return found


def _count_small_words(prose: str, found: dict[str, int]) -> None:
    """Add to ``found`` the small words of each language ``prose`` holds."""
    for word in _WORD().findall(prose.lower().replace("’", "'").replace("'", " ")):
        for lang, words in STOP_WORDS.items():
            found[lang] += word in words


# Letters of the scripts a language can be told by alone, and of Latin: the first and
# last code point of each block, in order (kana is Japanese, whatever Han it mixes in).
_BLOCKS: Final = sorted(
    [
        (0x3040, 0x30FF, "ja"),
        (0xAC00, 0xD7AF, "ko"),
        (0x1100, 0x11FF, "ko"),
        (0x3130, 0x318F, "ko"),
        (0x4E00, 0x9FFF, "zh"),
        (0x3400, 0x4DBF, "zh"),
        (0x0400, 0x04FF, "ru"),
        (0x0370, 0x03FF, "el"),
        (0x0600, 0x06FF, "ar"),
        (0x0590, 0x05FF, "he"),
        (0x0900, 0x097F, "hi"),
        (0x0E00, 0x0E7F, "th"),
        (0x0041, 0x005A, _LATIN),
        (0x0061, 0x007A, _LATIN),
        (0x00C0, 0x024F, _LATIN),
    ]
)
_STARTS: Final = [first for first, _last, _code in _BLOCKS]
# the scripts in the order they are weighed: of two counting alike, the first is named
_SCRIPTS: Final = ("ja", "ko", "zh", "ru", "el", "ar", "he", "hi", "th")
# a Han or kana sign says about as much as three Latin letters, a Hangul syllable two
_WEIGHT: Final = {"ja": 3, "zh": 3, "ko": 2}
SCRIPT_SHARE: Final = 0.4  # of the prose's letters, for its script to name its language
SCRIPT_MIN: Final = 20  # letters of that script at the least
KANA_SHARE: Final = 0.05  # of the Han and kana letters: kana among Han is Japanese


def script_language(text: str) -> str | None:
    """The language a text's letters name by their script alone (Japanese, Korean,
    Chinese, Russian, Greek, Arabic, Hebrew, Hindi, Thai), when a good share of its
    letters are in that script; None for Latin letters, and for too few letters.
    Identifiers and English words in a translated page do not make it English:
    rust-lang/rfcs keeps its Leadership Council RFC in five languages, named only by
    a suffix glued to the file name."""
    letters = _letters_by_script(text)
    latin = letters.pop(_LATIN)
    counted = {code: n * _WEIGHT.get(code, 1) for code, n in letters.items()}
    han, kana = counted["zh"], counted["ja"]
    if kana and kana >= KANA_SHARE * (han + kana):
        counted["ja"], counted["zh"] = han + kana, 0
    code, most = max(counted.items(), key=lambda item: item[1])
    total = sum(counted.values()) + latin
    return code if most >= SCRIPT_MIN and most >= SCRIPT_SHARE * total else None


def _letters_by_script(text: str) -> dict[str, int]:
    """How many of ``text``'s characters each script of :data:`_BLOCKS` holds, Latin's
    under :data:`_LATIN`. Each distinct character is placed once, however often it
    occurs: no pattern of ten thousand code points is compiled (some milliseconds, in
    every process that reads a page with letters beyond ASCII)."""
    found = dict.fromkeys((*_SCRIPTS, _LATIN), 0)
    for char, count in Counter(text).items():
        point = ord(char)
        at = bisect.bisect_right(_STARTS, point) - 1
        if at >= 0 and point <= _BLOCKS[at][1]:
            found[_BLOCKS[at][2]] += count
    return found


def of_page(text: str) -> str | None:
    """The language a page's prose is written in, when it tells: by its script, else
    English or French by their small words (:func:`detect`); None when it does not."""
    prose = " ".join(paragraphs(text[:MAX_CHARS]))  # read once, for both ways
    told = None if prose.isascii() else script_language(prose)
    if told is None:
        found = dict.fromkeys(STOP_WORDS, 0)
        _count_small_words(prose, found)
        told = _decided(found)
    return told


def detect(texts: Iterable[str]) -> str | None:
    """The language of the prose of ``texts`` ('en' or 'fr'); None when too little is said:
    fewer than :data:`MIN_HITS` small words, unless at least :data:`FEW_HITS` and
    :data:`CLEAR_LEAD` times as many as the other language has."""
    return _decided(counts(texts))


def _decided(found: dict[str, int]) -> str | None:
    """The language whose small words ``found`` counts tell (see :func:`detect`)."""
    best = max(sorted(found), key=lambda lang: found[lang])
    other = max((n for lang, n in found.items() if lang != best), default=0)
    if found[best] >= MIN_HITS:
        return best
    return best if found[best] >= FEW_HITS and found[best] >= CLEAR_LEAD * other else None
