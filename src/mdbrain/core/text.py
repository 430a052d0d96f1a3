"""Turn text into search terms: words, folded accents, stop words out, stems.

The same analysis runs on documents when they are indexed and on questions
when they are asked, so that "verrouillage", "verrouillé" and "Verrouillages"
meet. Stemming uses the Snowball algorithms (PyStemmer) for the base's
language; accents are folded after stemming, since the stemmers expect them.

An index does not analyse every word of every document: it stores text
lowercased with punctuation turned into spaces (:func:`normalise`, done in C),
and analyses each distinct word of its vocabulary once (:meth:`Analyzer.term_of`);
a question's terms are then matched through the words that give them.
"""

from __future__ import annotations

import itertools
import re
import threading
import unicodedata
from collections.abc import Iterator
from typing import Final, Protocol

from mdbrain.core.lazy import lazy_pattern

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_AROUND_WORDS = "\"'()[],.;:!?"  # what may stand before or after a word in a question
_MEMO_MAX = 1_000_000  # pieces an analyser remembers before it starts afresh

_ENGLISH_STOP = """
a an and are as at be been but by can did do does for from had has have how i if in into is
it its me my of on or our so than that the their then there these this those to us was we
were what when where which who why will with you your
"""
_FRENCH_STOP = """
a à ai au aux avec avoir ça ce cela ces cette combien comment dans de des doit du elle en est
et été être faut il ils je la laquelle le lequel les leur leurs lui ma mais me mes mon ne nos
notre nous on ont ou où par pas peut pour pourquoi quand que quel quelle quelles quels qui
quoi qu sa se ses si son sont sur ta te tes ton tu un une vos votre vous y
"""
# the letters an apostrophe cuts from the next word in French ("l'API", "d'un", "qu'il"):
# no terms, though not a sign of French either (English writes "it's" and "don't")
_ELIDED = frozenset("cdjlmnst")
_STOP = {"en": frozenset(_ENGLISH_STOP.split()), "fr": frozenset(_FRENCH_STOP.split()) | _ELIDED}
# the stop words that tell a language from the others
_TELLING = {code: words - _ELIDED if code == "fr" else words for code, words in _STOP.items()}
# Stop words that follow a verb to make it another ("log in", "set up", "roll out"), which
# is often written as one word ("login", "setup", "rollout")
_PARTICLES = {"en": frozenset({"in", "up", "out", "on", "off", "down", "over", "back"})}
_LANGUAGES = {
    "en": "english",
    "fr": "french",
    "de": "german",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
}


# words that ask rather than name, in the languages whose stop words are known: a
# question in another language than its base's still holds them ("pourquoi"), and
# the modal verbs a question is built with ("which database should we use?")
_ASKING = frozenset(
    {
        "pourquoi", "quoi", "quels", "quelles", "combien", "lequel", "laquelle",
        "faut", "doit", "peut", "should", "would", "could", "must", "shall", "may", "might",
        "did",
    }
)  # fmt: skip


def words_of(text: str) -> list[str]:
    """The words of ``text`` as written, apostrophes and underscores cutting them."""
    return _WORD.findall(text)


def guess_language(text: str) -> str:
    """The language whose stop words ``text`` uses most, when it uses two of them or more
    and more than any other's ('' when it does not tell): "pourquoi l'outil est-il écrit
    en shell" is French."""
    words = [w.casefold() for w in _WORD.findall(text)]
    counts = sorted(((sum(w in stop for w in words), code) for code, stop in _TELLING.items()))
    (second, _other), (most, code) = counts[-2], counts[-1]
    return code if most >= 2 and most > second else ""


def stop_words(lang: str) -> frozenset[str]:
    """The stop words mdbrain knows of a language (none for the others)."""
    return _STOP.get(language(lang), frozenset())


def without_stop_words(text: str, lang: str) -> str:
    """``text`` without the words that are stop words of ``lang``, each as written
    between spaces (punctuation around it aside): a question read in another
    language than its own must not take its own grammar for terms."""
    return " ".join(_kept(text, stop_words(lang)))


def _kept(text: str, dropped: frozenset[str]) -> list[str]:
    """The words of ``text``, as written between spaces, not in ``dropped`` (punctuation
    around them aside, case folded)."""
    return [w for w in text.split() if w.strip(_AROUND_WORDS).casefold() not in dropped]


def without_fillers(text: str) -> str:
    """``text`` without the words that only place a question in time or stress it
    (:data:`_FILLERS`), nor the "often" of "how often"; ``text`` as it is when nothing
    else is left. A page saying "we
    have now one image" is no better an answer to "which versions do we support now?"
    (home-assistant/architecture: the Docker page came first for that word)."""
    asked = _HOW_OFTEN.sub(r"\1", text) if "ow " in text or "OW " in text else text
    kept = _kept(asked, _FILLERS)
    return " ".join(kept) if kept else text


# "how often": the question asks a frequency, which the answer gives ("every six months")
# without the word (NixOS/rfcs: "How often is Nix released?" put the release schedule
# fifth, behind pages that say "often")
_HOW_OFTEN = re.compile(r"\b(how)\s+(?:often|frequently)\b", re.IGNORECASE)


# Words that place a question in time or stress it ("what do we support now?"): the
# answer in force is what they ask for, and a page is no better for holding them.
_FILLERS = frozenset(
    {
        "now", "currently", "nowadays", "still", "anymore", "actually", "really", "just",
        "maintenant", "actuellement", "désormais", "encore", "toujours", "vraiment",
    }
)  # fmt: skip


# Words that count what a question names without naming anything: a page on tagging need
# not say "every" to answer "what tags must every AWS resource have?"
_QUANTIFIERS = frozenset(
    {
        "every", "each", "all", "any", "some", "both", "either",
        "chaque", "tout", "tous", "toute", "toutes", "aucun", "aucune",
    }
)  # fmt: skip


def says_little(word: str) -> bool:
    """Whether ``word`` is a word of any known language's grammar (a stop word, a
    question word, a quantifier, a letter or two, a filler such as "now") rather than one
    that names something: what a base in another language than the question cannot be
    expected to hold, and what a page may lack and still answer."""
    low = word.casefold()
    return (
        len(low) <= 2
        or low in _ASKING
        or low in _FILLERS
        or low in _QUANTIFIERS
        or any(low in stop for stop in _STOP.values())
    )


def language(lang: str) -> str:
    """The two-letter code of a language tag: ``fr-CA`` and ``fr_CA`` are ``fr``."""
    return lang.replace("_", "-").split("-", 1)[0].lower()


def unicode_nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


_KEPT = frozenset("abcdefghijklmnopqrstuvwxyz0123456789\n")
_ASCII_WORDS = str.maketrans({chr(c): chr(c) if chr(c) in _KEPT else " " for c in range(128)})
_NOT_WORD = re.compile(r"[^\w\n]|_")


# A camelCase word (a small letter then a capital) of three parts or more is also read as
# its parts, so that "mutually exclusive" finds MarkFlagsMutuallyExclusive. Parts: runs of
# capitals not followed by a small letter (HTTP in getHTTPServer), a capital and its small
# letters, digits. A word of two parts is left whole: more often a brand or a kind
# (GitHub, ConfigMap) or a prefix in Hungarian notation (pDC, nIndex) than words, and
# splitting those cost answers on the tuning questions.
_CAMEL = re.compile(r"[A-Z](?<=[a-z][A-Z])")  # the capital first: capitals are rare, found fast
_CAMEL_WORD = re.compile(r"\b[A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*")
# an acronym's plural is one part: "APIs", "URLs" ("listAPIs" is "list" and "APIs", never
# "ap" and "is"; "mRNAs" is no "rn" and "as")
_CAMEL_PARTS = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


_DRAWN = 3  # digit runs, or parts of one character, that make a word drawn at random


def camel_parts(word: str) -> list[str]:
    """The parts of two characters or more of a camelCase ``word`` of three parts or more;
    none for another word, nor for one drawn at random (a key, a hash, a token in
    base64: three runs of digits or three lone characters among its parts), whose
    parts are no words: nats-io's ``search kv`` found a certificate's
    ``6QS2jCKv9hRrgLR0``."""
    if not _CAMEL.search(word):
        return []
    parts = _CAMEL_PARTS.findall(word)
    if len(parts) < 3:
        return []
    kept = [part for part in parts if len(part) > 1]
    if len(parts) - len(kept) >= _DRAWN or sum(p.isdigit() for p in parts) >= _DRAWN:
        return []
    return kept


def _with_parts(found: re.Match[str]) -> str:
    word = found.group()
    return " ".join([word, *camel_parts(word)])


# Chinese and Japanese write no space between words: a run of their characters is read
# as each character and each pair of characters in a row, so that a word of the question
# ("后台") meets the run that holds it ("后台任务"), and a pair asked ranks the pages
# holding that pair above those holding its characters apart. Korean spaces its words.
_CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
_CJK_RUN = lazy_pattern(_CJK + "{2,}")  # compiled when a text is not ASCII: it costs 1 ms


def _cjk_terms(found: re.Match[str]) -> str:
    run = found.group()
    pairs = [run[n : n + 2] for n in range(len(run) - 1)]
    return " " + " ".join([*run, *pairs]) + " "


def cjk_split(text: str) -> str:
    """``text`` with each run of Chinese or Japanese characters written as its characters
    and its pairs of characters, spaced (see :data:`_CJK_RUN`); other text as it is."""
    return _CJK_RUN().sub(_cjk_terms, text)


# A date as ISO 8601 writes it: its year a word, the rest one word with it ("2018-06-27"
# reads "2018 20180627"). Its day and month alone are no words: nodejs/TSC's minutes, named
# and titled by their dates, came first for "when will Node.js 27 be released?".
_DATE = re.compile(r"(?<![\w.-])(\d{4})-(\d{2})-(\d{2})(?:(?![\w-])|(?=T\d))")


# A word written with hyphens between its letters ("e-mail", "pré-remplissage", "read-only"):
# read as its parts and then as one word, which others write it as ("email",
# "préremplissage"): betagouv/doc.demarches-simplifiees.fr's "e-mail de validation" was
# found by no search for "email".
_HYPHENATED = re.compile(r"(?<![\w-])[^\W\d_]++(?:-[^\W\d_]++){1,3}+(?![\w-])")


# What every match of _DATE and of _HYPHENATED holds, found at C speed from their first
# character (a pattern that opens with a look-behind is tried at every position): a
# document is read through these before the costly patterns run, and those only on the
# lines that need them (neither pattern spans a line).
_DATE_SHAPE = re.compile(r"-\d\d-\d\d")
_HYPHEN_LETTER = re.compile(r"-[^\W\d_]")


def respelled(text: str) -> str:
    """``text`` with its ISO dates read as :data:`_DATE` says, and its hyphenated words
    followed by their letters joined (:data:`_HYPHENATED`): the spellings an index and a
    question must read alike."""
    if "-" not in text:
        return text
    if _DATE_SHAPE.search(text):
        text = _DATE.sub(r"\1 \1\2\3", text)
    pieces = []
    done = 0  # the text up to here is in pieces
    for found in _HYPHEN_LETTER.finditer(text):
        if found.start() < done:
            continue  # on a line read already
        start = text.rfind("\n", 0, found.start()) + 1
        end = text.find("\n", found.end())
        end = len(text) if end < 0 else end
        pieces += [text[done:start], _HYPHENATED.sub(_joined, text[start:end])]
        done = end
    return "".join([*pieces, text[done:]]) if pieces else text


# the pronouns French puts after a verb to ask ("peut-on", "faut-il", "est-ce", "a-t-il"):
# no word to join, and joined a rare word that a question alone would hold
_INVERTED = frozenset({"il", "ils", "elle", "elles", "on", "ce", "je", "tu", "nous", "vous"})


def _joined(found: re.Match[str]) -> str:
    word = found.group()
    if word.rpartition("-")[2].casefold() in _INVERTED:
        return word
    return f"{word} {word.replace('-', '')}"


def normalise(text: str) -> str:
    """``text`` lowercased, every character that is not part of a word turned into a space,
    and a space at both ends of every line: what an index stores so that a word is counted
    with ``str.count(" word ")``, in C. Lines stay where they were; a camelCase word is
    followed by its parts (:func:`camel_parts`), a run of Chinese or Japanese characters
    read as its characters and their pairs (:func:`cjk_split`), dates and hyphenated words
    as :func:`respelled` reads them."""
    text = respelled(text)
    if _CAMEL.search(text):
        text = _CAMEL_WORD.sub(_with_parts, text)
    if text.isascii():
        low = text.lower().translate(_ASCII_WORDS)
    else:
        low = cjk_split(_NOT_WORD.sub(" ", unicode_nfc(text).lower()))
    return " " + low.replace("\n", " \n ") + " "


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae"})  # NFKD leaves them whole


def fold(word: str) -> str:
    """``word`` without accents or case, its ligatures spelt out (é -> e, œ -> oe): French
    writes "œuvre" and "oeuvre" alike."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return plain.translate(_LIGATURES) if not plain.isascii() else plain


class _Stemmer(Protocol):
    def stemWords(self, words: list[str]) -> list[str]: ...  # noqa: N802 - PyStemmer's name


class Analyzer:
    """Words to terms for one language; unknown languages get folding without stemming.

    An analyzer holds its thread's stemmer and its memory of words: make one per thread.
    """

    def __init__(self, lang: str) -> None:
        code = language(lang)
        self.lang = code
        self.stop = _STOP.get(code, _STOP["en"] if code not in _LANGUAGES else frozenset())
        self._stemmer = _stemmer(_LANGUAGES.get(code, ""))
        self._memo: dict[str, str] = {}  # piece of text -> its terms, each after a space

    def _piece(self, piece: str) -> str:
        """The terms of one piece of text without white space, each after a space."""
        found = self._memo.get(piece)
        if found is None:
            # as :func:`normalise` reads it: a camelCase word followed by its parts
            read = _CAMEL_WORD.sub(_with_parts, piece) if _CAMEL.search(piece) else piece
            read = read if read.isascii() else cjk_split(read)
            words = [w for w in _WORD.findall(read.casefold()) if w not in self.stop]
            if words and self._stemmer is not None:
                words = self._stemmer.stemWords(words)
            found = "".join(" " + fold(w) for w in words)
            if len(self._memo) >= _MEMO_MAX:
                self._memo.clear()
            self._memo[piece] = found
        return found

    def terms(self, text: str) -> list[str]:
        """The search terms of ``text``, in order, stop words left out, dates and hyphenated
        words read as :func:`respelled` reads them."""
        text = respelled(text)
        if not text.isascii():  # composed and decomposed accents must give the same words
            text = unicode_nfc(text)
        piece = self._piece
        return "".join([piece(chunk) for chunk in text.split()]).split()

    def joined(self, text: str) -> list[tuple[str, str, str, str]]:
        """Two words in a row that are also written as one ("lock file" and "lockfile",
        "data base" and "database", a verb and its particle: "log in" and "login"): for
        each such pair in ``text``, the term of each word ('' for a particle, a stop
        word), the term of the two joined, when that is a third term, and the two
        joined as written (in lower case, as the index keeps words)."""
        if not text.isascii():
            text = unicode_nfc(text)
        chunks = text.casefold().split()
        out = []
        particles = _PARTICLES.get(self.lang, frozenset())
        for left, right in itertools.pairwise(chunks):
            # not across punctuation: "the file, please" joins nothing
            first, second = left.lstrip(_AROUND_WORDS), right.rstrip(_AROUND_WORDS)
            if not (first.isalpha() and second.isalpha()) or first in self.stop:
                continue
            if second in self.stop and second not in particles:
                continue
            # a verb's particle is no term: "log in" gives "log" and "login" (the second
            # term is empty then)
            one, two = self._piece(first).split(), self._piece(second).split() or [""]
            both = self._piece(first + second).split()
            if len(one) == len(two) == len(both) == 1 and both[0] not in (one[0], two[0]):
                out.append((one[0], two[0], both[0], first + second))
        return out

    def terms_of(self, words: list[str]) -> list[str]:
        """The term of each word an index tokenizer cut ('' for a stop word), in one call
        to the stemmer."""
        kept = [w.casefold() for w in words]
        stemmed = self._stemmer.stemWords(kept) if self._stemmer is not None else kept
        return ["" if w in self.stop else fold(t) for w, t in zip(kept, stemmed, strict=True)]

    def forget(self) -> None:
        """Drop the remembered words (after analysing a whole vocabulary)."""
        self._memo.clear()


_STEMMERS = threading.local()  # a PyStemmer object must not be shared between threads


def _stemmer(name: str) -> _Stemmer | None:
    if not name:
        return None
    mine: dict[str, _Stemmer] = _STEMMERS.__dict__.setdefault("by_name", {})
    found = mine.get(name)
    if found is None:
        import Stemmer  # type: ignore[import-not-found,unused-ignore]

        stemmer = Stemmer.Stemmer(name)
        stemmer.maxCacheSize = 50_000
        found = mine[name] = stemmer
    return found


# An identifier as code and error messages write it, made of several words a search would
# otherwise match one by one: snake_case or CONSTANT_NAME (an underscore inside), a dotted
# name (os.path.join), a path with a slash (src/auth/login.py), a command-line option
# (--refresh-package), a dotfile or a path under one (.python-version, .github/workflows,
# the .local/bin of ~/.local/bin), a name after a dollar sign (Vue's $on and $attrs, a
# shell's $HOME: "on" alone is a stop word, and vuejs/rfcs' search for $on found
# nothing). A camelCase name or a code mixing letters and digits (C4996) is one term for
# the analyser (see camel_parts), matched exactly anyway.
_IDENTIFIER = re.compile(
    r"(?<![\w./-])(?:[A-Za-z_][\w-]{0,63}(?:[./][\w-]{1,64}){1,8}|[A-Za-z_]\w{0,62}_\w{1,63})"
    r"|(?<![\w-])--[A-Za-z][\w-]{1,63}(?:\.[\w-]{1,64}){0,8}"  # --web.route-prefix too
    r"|(?<![\w.-])\.[A-Za-z][\w-]{1,63}(?:[./][\w-]{1,64}){0,8}"
    r"|(?<![\w$])\$[A-Za-z_]\w{1,62}"
)
# identifiers that are one word to the analyser, still matched as written
ONE_WORD_NAMES = ("--", ".", "$")


def _is_identifier(word: str) -> bool:
    if word.startswith("$"):
        return len(word) > 2
    if word.startswith("--"):
        return len(word) > 3
    if "/" in word or "." in word:
        return len(word) > 3 and not word.endswith(".")
    return "_" in word.strip("_")


def identifiers_as_written(text: str) -> set[str]:
    """The identifiers ``text`` names, as written (paths are case-sensitive)."""
    found = set()
    for found_word in set(_IDENTIFIER.findall(text)):
        word = found_word.rstrip(".-/")
        if _is_identifier(word):
            found.add(word)
    return found


def identifiers(text: str) -> set[str]:
    """The identifiers ``text`` names, lowercased: what a search must match exactly."""
    return {word.lower() for word in identifiers_as_written(text)}


def names_in(text: str) -> set[str]:
    """:func:`identifiers` of a long text (a document), found faster (an identifier never
    holds a blank, so only the words with an underscore, a slash or an inner dot are read,
    and a plain word is never tried), with the tails of its paths and dotted names that
    are identifiers still: a page naming ``src/auth/login.py`` names ``auth/login.py``
    and ``login.py`` too, as a question may write them."""
    words = [  # a plain word (most of them) is told at once by isalnum, in C
        w
        for w in text.split()
        if not w.isalnum() and ("_" in w or "/" in w or "." in w[:-1] or "--" in w or "$" in w)
    ]
    found = identifiers("\n".join(words)) if words else set()
    return found | {tail for name in found for tail in _tails(name)}


def _tails(name: str) -> Iterator[str]:
    """The identifiers ``name`` ends with: after each dot or slash, and an option's name
    without its dashes when that is one (thanos-io/thanos: "web.route-prefix" asked,
    the page explaining ``--web.route-prefix`` left out)."""
    if name.startswith("--") and _is_identifier(name[2:]):
        yield name[2:]
    for mark in _PART_MARK.finditer(name):
        tail = name[mark.end() :]
        if _is_identifier(tail):
            yield tail


_PART_MARK = re.compile(r"[./]")


# a record named by its number in prose: "ADR 11", "adr-011", "ADR#7", "RFC 0042"
_RECORD_NAMED = re.compile(r"\b(?:adr|rfc|dr)[\s#_-]{0,2}0*(\d{1,5})\b", re.IGNORECASE)


def record_numbers(text: str) -> set[int]:
    """The record numbers ``text`` names after the word of a decision log ("ADR 11")."""
    return {int(found) for found in _RECORD_NAMED.findall(text)}


# a proposal named by its series and number: "EIP-1559", "PEP 8", "KEP-859", "BIP32";
# only the series of known proposal logs: names in capitals with a number are as often a
# product's or an architecture's ("SCAN 25", "ARM64", "UTF-8"), and those questions were
# sent to the page named so
_SERIES_NAMED = re.compile(r"(?<![\w.-])([A-Za-z]{2,5})[ #_-]?0*(\d{1,5})(?![\w.-]*\w)")
# the series decision logs and proposal processes number their records in
# (Stellar's CAPs and SEPs, Solana's SIMDs, Zcash's ZIPs, Starknet's SNIPs among them:
# "CAP-23" found every page citing it but cap-0023.md)
RECORD_SERIES = ("adr", "rfc", "dr", "eip", "erc", "pep", "kep", "bip", "jep", "tip", "sip",
                 "nep", "cip", "keep", "kip", "flip", "gep", "tep", "xep", "nip", "aip",
                 "fip", "hip", "cap", "sep", "simd", "zip", "snip")  # fmt: skip
_SERIES = frozenset(RECORD_SERIES)


def records_named(text: str) -> set[tuple[str, int]]:
    """The proposals ``text`` names by series and number, the series lowercased:
    ``{("eip", 1559)}`` for "What is the status of EIP-1559?". A file named for one
    (``eip-1559.md``) is that proposal's page."""
    return {
        (series.lower(), int(number))
        for series, number in _SERIES_NAMED.findall(text)
        if series.lower() in _SERIES
    }


# a record of a series mdbrain does not know, as its project writes it: capitals, a hyphen
# and its number ("SE-0302", "ST-0001" in swiftlang/swift-evolution), not "utf-8"
_OTHER_SERIES_NAMED = re.compile(r"(?<![\w.-])([A-Z]{2,5})-(\d{1,5})(?![\w.-]*\w)")


# a record a project names by one or two capitals and its number, its file named so:
# grpc/proposal's "A27" is A27-xds-global-load-balancing.md, "L74" L74-java-channel-creds.md
_LETTERED_NAMED = re.compile(r"(?<![\w.-])([A-Z]{1,2})-?(\d{1,5})(?![\w.-]*\w)")


def lettered_records(text: str) -> set[tuple[str, int]]:
    """The records ``text`` names by one or two capitals and a number, the letters
    lowercased: ``{("a", 27)}`` for "What does gRFC A27 define?". A page whose file name
    opens with them is that record's (see ``Searcher._exact``)."""
    return {(letters.lower(), int(number)) for letters, number in _LETTERED_NAMED.findall(text)}


def records_written(text: str) -> set[tuple[str, int]]:
    """The records of other series than :data:`RECORD_SERIES` that ``text`` names, each
    as written and by its number: ``{("SE-0302", 302)}``. Their pages are known by their
    number and by naming themselves so, not by their file names (``0302-sendable.md``)."""
    return {
        (found.group(0), int(found.group(2)))
        for found in _OTHER_SERIES_NAMED.finditer(text)
        if found.group(1).lower() not in _SERIES
    }


_NAME_WORD = re.compile(r"[^\W\d_]{2,}")


def unnamed(doc_id: str, title: str) -> bool:
    """Whether a document's file name says nothing of its title: a number and a series'
    letters (nats-io's ``adr-31.md``, carbon-lang's ``p2287.md``), or words its title
    does not hold (``README.md``). A reader is then given the title beside the id: an
    agent reading ``brief kv`` could not tell which of adr-8, 48 and 54 was the main one."""
    stem = doc_id.rpartition("/")[2].rsplit(".", 1)[0].casefold()
    words = [w for w in _NAME_WORD.findall(stem) if w not in _SERIES]
    said = _NAME_WORD.findall(title.casefold())
    # the same word, or one beginning the other ("postgres" names "PostgreSQL")
    return not any(
        w == t or (min(len(w), len(t)) >= _NAMING_LENGTH and (w.startswith(t) or t.startswith(w)))
        for w in words
        for t in said
    )


_NAMING_LENGTH = 4  # letters a word beginning another has, at least, to name it


def code_paths(text: str) -> set[str]:
    """The file paths ``text`` names (a slash inside), as written: what impl_refs hold."""
    return {word for word in identifiers_as_written(text) if "/" in word}


# A name written as one word that still reads as code: camelCase (a capital letter after a
# small one) or letters and digits mixed (C4996, LNK2019). The analyser keeps it as one
# term (a long one with its parts besides), but its stem also gives other words
# ("parseConfigs"): a search matches it exactly.
_CODE_WORD = re.compile(
    r"(?<![\w./-])(?=[A-Za-z]*\d|[A-Za-z]*[a-z][A-Z])[A-Za-z][A-Za-z\d]{2,63}(?![\w/-])"
)


def code_words(text: str) -> set[str]:
    """The camelCase names and letter-and-digit codes ``text`` names, lowercased."""
    return {word.lower() for word in _CODE_WORD.findall(text)}


# operators a question may ask about by their symbols alone, which no word search finds
# ("What does the ?? operator return?": MDN's page is "Nullish coalescing operator (??)")
_OPERATORS: Final = (
    "??=", "&&=", "||=", "**=", ">>>", "===", "!==", "<=>", "<<=", ">>=",
    "??", "?.", "=>", "->", "::", "**", "&&", "||", "|>", "<<", ">>", "==", "!=", "<=",
    ">=", ":=", "+=", "-=", "*=", "/=", "%=", "^=", "++", "--",
)  # fmt: skip
# alone: after a blank, a backquote, a quote or a bracket opened after none of those
# ("(??)" is one; "defined(...)" and an ellipsis are none)
_OPERATOR = re.compile(
    r"(?:^|(?<=[\s`\"'])|(?<=[\s`\"']\()|(?<=^\())("
    + "|".join(re.escape(op) for op in _OPERATORS)
    + r")(?=$|[\s`),.\"'?])"
)


def operators(text: str) -> list[str]:
    """The operators ``text`` writes as symbols standing alone (`` ?? ``, ``(?.)``,
    `` `=>` ``), in order, once each: "what is this??" holds none."""
    return list(dict.fromkeys(found.group(1) for found in _OPERATOR.finditer(text)))


def split_names(text: str) -> list[str]:
    """The camelCase names of ``text`` read as their parts too (:func:`camel_parts`), as
    written: a question naming one asks for a name, not for its words."""
    return [word for word in _CODE_WORD.findall(text) if camel_parts(word)]
