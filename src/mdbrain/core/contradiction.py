"""Spot a possible contradiction between a new document and the documents in force.

When an agent writes a decision, a rule or a fact, :func:`possible` reads it against
the documents the search found for it (typically the top five) and reports each
pair of sentences, one on each side, that talk about the same thing and disagree on
a figure or on a yes/no. Nothing is refused on this guess: the writer reads the
report and declares the contradiction (``--contradicts``), supersedes the old
document, or says the new one is about something else.

Same subject
    Two documents are compared only when they share their subject
    (:func:`subject_overlap`): half from the titles (the terms of each title found
    in the other document, the lesser of the two shares), half from the heads
    (title, summary and tags: shared terms, or terms found in the other
    document). The score is halved when neither title is about anything the other
    document mentions, or when each title names something (``WFS``,
    ``CDatabase``, ``/STACK``) the other document never mentions; it loses 40% when
    the new title names a variant the old document never mentions.

Figures
    A number with a unit: a duration (ms, s, min, h, days, weeks, months, years,
    and their French forms: secondes, heures, jours, j, semaines, mois, ans), a
    size (B, KB, MB, GB, TB, KiB..., octets, Ko, Mo, Go, To), a percentage, a
    length, an area, bits, a frequency, or a rate (``50 requêtes par seconde``,
    ``40 requests/s``). A number with the noun it counts (``5 attempts``,
    ``19 niveaux de zoom``), or a bare number (``defaults to 30``). Number words
    count when they count something (``five retries``, ``cinq étapes``,
    ``une seule clé``, ``a single cluster``, ``half an hour``). Values are
    normalised, so equal values written in other units never clash: 15 min equals
    900 s and a quarter of an hour; 1 MB equals 1,000,000 or 1,048,576 bytes; two
    weeks equal 336 hours. Bounds (``at most``, ``up to``, ``no more than``,
    ``au plus``, ``jusqu'à``, ``at least``...) are kept for the report; the two
    ends of a range (``de 5 à 10``) are only compared with ends of ranges.

    A yes/no: on/off and enabled/disabled (``activé``/``désactivé``), what a rule
    allows (may, can, allowed, ``autorisé``, ``peut``), forbids (must not,
    cannot, ``interdit``), requires (must, required, ``obligatoire``) or leaves
    optional (optional, ``facultatif``), each turned by a negation before it
    (``not``, ``n't``, ``never``, ``ne ... pas``); two modals only meet when they
    govern the same verb. A clause with none of those words has its plain
    polarity (``will have`` against ``will not have``, ``is`` against ``is not``).

Not figures
    Versions (``Python 3.11``, ``1.3.0``, ``v2``, ``version 15.7``), dates
    (``2026-11-30``, ``28/01/2026``, ``12 novembre``), years, identifiers glued to
    letters or signs (``x86``, ``C6262``, ``UTF-8``, ``EPSG:4326``, ``0x100000``,
    ``key=5``), numbers named by the word before them (RFC, ISO, port, section,
    step, issue, error, HTTP, ``#``), ordinals, list numbers, inline code, code
    blocks, and the figures of examples: a line that introduces a command with a
    colon (unless it states a default), a command line, data rows, and sentences
    that say "for example", "such as" or "par exemple" (or follow one that does).

Which sentences meet
    Every figure of the new text is set against the figures of the same family in
    the old text, and the best aligned one wins. Alignment (:func:`_align`) weighs
    the words around each figure (up to the next comma or conjunction when
    another figure stands there: "5 bytes on x86 and 6 bytes on x64"), the two
    sentences, the sentence before the old figure, and what is measured. There is
    a clash only when that figure, and every figure aligned as well, differs.
    Sentences whose qualifiers differ are not compared: one speaks of a default
    and the other does not, or both name versions and not the same ones. Values
    more than a hundred times apart measure two different things.

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

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from mdbrain.core.text import Analyzer, fold

MAX_TEXT = 100_000  # characters of one document read; the rest is ignored
MAX_SENTENCE = 500  # a longer sentence is cut into pieces of at most this length
MAX_FIGURES = 100  # figures kept per document, for numbers and for yes/no each
# tokens of one document scanned for figures: about 120,000 characters of prose
MAX_TOKENS = 30_000
WINDOW = 6  # content words on each side of a figure that say what it measures

SUBJECT_MIN = 0.3  # shared subject needed before any sentence is compared
ALIGN_MIN = 0.3  # alignment of two numbers needed to say they measure one thing
ALIGN_MIN_YESNO = 0.55  # the same, for two yes/no words
ALIGN_MIN_NEGATION = 0.75  # the same, for a clause against its negation
SCORE_MIN = 0.45  # 0.4 x subject + 0.6 x alignment needed to report two numbers
SCORE_MIN_YESNO = 0.5  # the same, for a yes/no
TIE = 0.05  # figures within this much of the best alignment are as well aligned
RATIO_MAX = 100.0  # two values further apart than this measure two different things


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


FORBIDDEN, PERMITTED, OPTIONAL, REQUIRED = -1.0, 1.0, 2.0, 3.0
_RULE_CONFLICTS = frozenset(
    {
        frozenset((FORBIDDEN, PERMITTED)),
        frozenset((FORBIDDEN, REQUIRED)),
        frozenset((FORBIDDEN, OPTIONAL)),
        frozenset((OPTIONAL, REQUIRED)),
    }
)
_RULE_NAMES = {
    FORBIDDEN: "forbidden",
    PERMITTED: "allowed",
    OPTIONAL: "optional",
    REQUIRED: "required",
}
_NEGATED_RULE = {PERMITTED: FORBIDDEN, FORBIDDEN: PERMITTED, OPTIONAL: REQUIRED, REQUIRED: OPTIONAL}

# ---------------------------------------------------------------------------
# Vocabulary: every word is folded (lower case, no accents) before it is looked up


def _words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


def _table(groups: Iterable[tuple[str, float]]) -> dict[str, float]:
    return {word: value for words, value in groups for word in _words(words)}


_KILO, _KIBI = 1e3, 1024.0
_SIZE_POWERS = _table(
    (
        ("b byte bytes octet octets", 0),
        ("kb ko kilobyte kilobytes kilooctet kilooctets", 1),
        ("mb mo megabyte megabytes megaoctet megaoctets", 2),
        ("gb go gigabyte gigabytes gigaoctet gigaoctets", 3),
        ("tb to terabyte terabytes teraoctet teraoctets", 4),
    )
)
_SIZE: dict[str, tuple[float, ...]] = {
    name: (_KILO**power, _KIBI**power) if power else (1.0,) for name, power in _SIZE_POWERS.items()
}
_SIZE.update({"kib": (_KIBI,), "mib": (_KIBI**2,), "gib": (_KIBI**3,), "tib": (_KIBI**4,)})
_DURATION = _table(
    (
        ("ns nanosecond nanoseconds nanoseconde nanosecondes", 1e-9),
        ("µs microsecond microseconds microseconde microsecondes", 1e-6),
        ("ms msec millisecond milliseconds milliseconde millisecondes", 1e-3),
        ("s sec secs second seconds seconde secondes", 1.0),
        ("min mins minute minutes", 60.0),
        ("h hr hrs hour hours heure heures", 3600.0),
        ("d j day days jour jours journee journees", 86400.0),
        ("wk wks week weeks semaine semaines", 604800.0),
        ("month months mois", 2592000.0),
        ("yr yrs year years an ans annee annees", 31536000.0),
    )
)
# word -> (kind, base unit, factor)
_OTHER: dict[str, tuple[str, str, float]] = {
    **dict.fromkeys(("%", "percent", "pourcent", "pourcents"), ("percent", "%", 1.0)),
    **{w: ("length", "m", f) for w, f in _table((("mm", 1e-3), ("cm", 1e-2))).items()},
    **dict.fromkeys(_words("m metre metres meter meters"), ("length", "m", 1.0)),
    **dict.fromkeys(_words("km kilometre kilometres kilometer kilometers"), ("length", "m", 1e3)),
    **{w: ("area", "m²", f) for w, f in (("m²", 1.0), ("km²", 1e6))},
    **dict.fromkeys(("ha", "hectare", "hectares"), ("area", "m²", 10000.0)),
    **{w: ("bits", "bit", f) for w, f in _table((("bit bits", 1), ("kbit", 1e3))).items()},
    **{w: ("bits", "bit", f) for w, f in _table((("mbit", 1e6), ("gbit", 1e9))).items()},
    **{w: ("bitrate", "bit/s", f) for w, f in _table((("bps", 1), ("kbps", 1e3))).items()},
    **{w: ("bitrate", "bit/s", f) for w, f in _table((("mbps", 1e6), ("gbps", 1e9))).items()},
    **{w: ("frequency", "Hz", f) for w, f in _table((("hz", 1), ("khz", 1e3))).items()},
    **{w: ("frequency", "Hz", f) for w, f in _table((("mhz", 1e6), ("ghz", 1e9))).items()},
    **dict.fromkeys(("px", "pixel", "pixels"), ("pixels", "px", 1.0)),
}
# Short units that are words too: a unit only when written exactly so ("2 To", not "to").
_CASED: dict[str, frozenset[str]] = {
    "b": frozenset({"B"}),
    "ko": frozenset({"Ko", "KO"}),
    "mo": frozenset({"Mo", "MO"}),
    "go": frozenset({"Go", "GO"}),
    "to": frozenset({"To", "TO"}),
    "m": frozenset({"m"}),
    "s": frozenset({"s"}),
    "h": frozenset({"h"}),
    "d": frozenset({"d"}),
    "j": frozenset({"j"}),
    "an": frozenset({"an"}),
}
_UNFOLDED = frozenset({"µs", "m²", "km²"})

_NUMBER_WORDS = _table(
    (
        ("zero", 0),
        ("one", 1),
        ("two deux", 2),
        ("three trois", 3),
        ("four quatre", 4),
        ("five cinq", 5),
        ("six", 6),
        ("seven sept", 7),
        ("eight huit", 8),
        ("nine neuf", 9),
        ("ten dix", 10),
        ("eleven onze", 11),
        ("twelve douze", 12),
        ("thirteen treize", 13),
        ("fourteen quatorze", 14),
        ("fifteen quinze", 15),
        ("sixteen seize", 16),
        ("seventeen", 17),
        ("eighteen", 18),
        ("nineteen", 19),
        ("twenty vingt", 20),
        ("thirty trente", 30),
        ("forty quarante", 40),
        ("fifty cinquante", 50),
        ("sixty soixante", 60),
        ("hundred cent", 100),
        ("thousand mille", 1000),
    )
)
_ONE = frozenset({"un", "une", "a", "an"})  # as written, not folded: "à jour" is no day
_SINGLE = _words("single seul seule seuls seules unique")
_FRACTIONS = {"half": 0.5, "demi": 0.5, "quarter": 0.25, "quart": 0.25}
_FRACTION_GLUE = _words("an a of d ' - une")

_FUNCTION = _words(
    """
    a an the and or but nor if unless until when while whereas than then so as at by for from
    in into of off on onto over per to up with within without via vs versus each every any all
    both either neither no not only also just still even very more most less least much many
    few same such own other another this that these those it its they them their there here is
    are was were be been being has have had do does did will would shall should can could may
    might must default defaults given after before since because though although whether which
    who whom whose what where why how i we you he she our your his her my me us about around
    approximately roughly maximum minimum max once twice times
    au aux avec ce ces cet cette dans de des du d en entre et ou par pour sans sous sur le la
    les l qu que qui quoi est sont etait etaient sera seront ete etre ont avait plus moins
    chaque tout tous toute toutes ne pas n se s sa son ses leur leurs y il ils elle elles nous
    vous je tu ci ca cela ceci soit comme si mais donc car puis ainsi afin lors depuis vers chez
    jusqu jusque environ defaut parmi selon chacun chacune
    """
)
_IDENTIFYING = _words(
    """
    version versions release releases v python node java jdk rfc rfcs iso ieee iec ecma pep
    port ports section sections chapter chapitre article articles step etape option solution
    adr issue issues pr ticket bug error erreur errors erreurs http status statut code level
    niveau id numero no n page phase table tableau figure line ligne annexe annex appendix
    sprint epsg utf windows ubuntu debian macos ios android studio kubernetes k8s eks es
    ecmascript gcc clang php ruby postgres postgresql mysql openssl tls ssl type item slot
    rank rang tier classe class modele model
    """
)
_VERSION_WORDS = _words("version versions v release releases")
_MONTHS = _words(
    """
    january february march april june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
    """
)
_BOUNDS_BEFORE: tuple[tuple[tuple[str, ...], str], ...] = (
    (("no", "more", "than"), "max"),
    (("not", "more", "than"), "max"),
    (("at", "most"), "max"),
    (("up", "to"), "max"),
    (("not", "exceed"), "max"),
    (("limited", "to"), "max"),
    (("less", "than"), "max"),
    (("au", "plus"), "max"),
    (("au", "maximum"), "max"),
    (("jusqu", "a"), "max"),
    (("limite", "a"), "max"),
    (("limitee", "a"), "max"),
    (("moins", "de"), "max"),
    (("maximal", "de"), "max"),
    (("maximale", "de"), "max"),
    (("maximum",), "max"),
    (("max",), "max"),
    (("at", "least"), "min"),
    (("more", "than"), "min"),
    (("au", "moins"), "min"),
    (("plus", "de"), "min"),
    (("minimal", "de"), "min"),
    (("minimale", "de"), "min"),
    (("minimum",), "min"),
    (("approximately",), "approx"),
    (("about",), "approx"),
    (("around",), "approx"),
    (("roughly",), "approx"),
    (("environ",), "approx"),
)
_BOUND_AFTER = {"max": "max", "maximum": "max", "minimum": "min"}
_BETWEEN = _words(
    """
    derniers dernieres premiers premieres prochains prochaines consecutifs consecutives
    last first next consecutive additional more full entiers pleins supplementaires
    """
)
_RATE_WORDS = _words("per par a an each every chaque")
_DEFAULT = _words("default defaults défaut défauts")
_RANGE_WORDS = (["a"], ["to"], ["-"], ["–"], ["through"], ["au"])
_ENDS = frozenset({"from", "to"})
_BOUNDARIES = _words(", ; and or but et ou mais while whereas")

_STATE_ON = _words(
    "enabled activated active supported compatible activé activée activés activées actif actifs"
)
_STATE_OFF = _words(
    """
    disabled deactivated inactive unsupported incompatible désactivé désactivée désactivés
    désactivées inactif inactifs inactives
    """
)
_ON_OFF_BEFORE = _words(
    "is are was were be been being turned switched set remains stays always est sont"
)
_RULE = _table(
    (
        ("can may allowed permitted able possible peut peuvent pouvez pouvons", PERMITTED),
        ("autorisé autorisée autorisés autorisées", PERMITTED),
        (
            "cannot forbidden prohibited disallowed banned interdit interdite interdits interdites",
            FORBIDDEN,
        ),
        (
            "must mustn required mandatory compulsory obligatoire obligatoires requis requise",
            REQUIRED,
        ),
        (
            "requises doit doivent devez devons exige exigent exigé exigée exigés impératif",
            REQUIRED,
        ),
        ("exigées impérative impératifs impératives", REQUIRED),
        ("optional optionally facultatif facultative facultatifs facultatives", OPTIONAL),
        ("optionnel optionnelle optionnels optionnelles", OPTIONAL),
    )
)
_MODALS = _words(
    "can cannot may must mustn able peut peuvent pouvez pouvons doit doivent devez devons"
)
_MUST = _words(
    "must mustn doit doivent devez devons"
)  # "must not" forbids, "not required" does not
_SKIP_AFTER_MODAL = _words(
    """
    t be ever never always still also only then therefore explicitly really safely easily
    être plus jamais toujours maintenant également aussi seulement alors désormais
    """
)
_CONFIG_VALUES = {"true": 1.0, "false": -1.0, "yes": 1.0, "oui": 1.0, "no": -1.0}
_NEGATIONS = _words("not never no none nothing neither nor ne n pas jamais aucun aucune rien")
_FRENCH_NOT = _words("pas plus jamais rien aucun aucune personne guère nul nulle")

# ---------------------------------------------------------------------------
# Text to sentences

_TOKEN = re.compile(r"\d+|[^\W\d_]+|\S")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'"})
_IMAGE = re.compile(r"!\[[^\]\n]{0,200}+\]\([^)\n]{0,300}+\)")
_LINK = re.compile(r"\[([^\]\n]{0,200}+)\]\([^)\n]{0,300}+\)")
_REF_LINK = re.compile(r"\[([^\]\n]{0,200}+)\]\[[^\]\n]{0,100}+\]")
_URL = re.compile(r"<?https?://[^\s<>]{1,2000}>?")
_TAG = re.compile(r"</?[A-Za-z][^<>\n]{0,300}>")
_TEMPLATE = re.compile(r"\{[{%][^\n{}]{0,500}[}%]\}")
_EMPHASIS = re.compile(r"\*\*|__")
_ITEM = re.compile(r"[ \t]{0,12}(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)[ \t]+")
_END = re.compile(r"[.!?;]{1,5}[)\"'’»]?[ \t]+")
_CODE = re.compile(r"`[^`\n]{1,300}`")
_EXAMPLE = re.compile(
    r"\b(?:for example|for instance|such as|e\.g\.|par exemple|example|exemple)\b", re.IGNORECASE
)
_COMMAND = re.compile(r"(?:^|\s)--[a-z][a-z-]{0,40}", re.IGNORECASE)
_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "approx", "no", "fig", "resp"})
_GAP = frozenset({"\u00a0", "\u202f", "\u2009"})  # no-break and thin spaces between digit groups
_OPENING = frozenset("([{«<*")
_CLOSING = frozenset(")]}»\"'’.,;:!?*>")
_CLAUSE_ENDS = frozenset(",;:()")
_LETTER = re.compile(r"[^\W\d_]")


def _clean(line: str) -> str:
    """A line of Markdown without images, link targets, URLs, tags or emphasis marks."""
    if "](" in line or "][" in line:
        line = _IMAGE.sub(" ", line)
        line = _LINK.sub(r"\1", line)
        line = _REF_LINK.sub(r"\1", line)
    if "://" in line:
        line = _URL.sub(" ", line)
    if "<" in line:
        line = _TAG.sub(" ", line)
    if "{" in line:
        line = _TEMPLATE.sub(" ", line)
    return _EMPHASIS.sub("", line)


def _units(text: str) -> list[str]:
    """Paragraphs, list items, headings and table cells, without code blocks."""
    units: list[str] = []
    current: list[str] = []

    def close() -> None:
        if current:
            units.append(" ".join(current))
            current.clear()

    fence = ""
    for raw in text.split("\n"):
        stripped = raw.strip()
        if fence:
            fence = "" if stripped.startswith(fence) else fence
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            close()
        elif not stripped:
            close()
        elif stripped.startswith("|"):
            close()
            units.extend(cell for cell in stripped.split("|") if cell.strip(" -:"))
        elif (item := _ITEM.match(raw)) is not None:
            close()
            current.append(raw[item.end() :].strip())
        else:
            current.append(stripped)
    close()
    return units


def _split(unit: str) -> list[str]:
    """The sentences of one paragraph, each at most MAX_SENTENCE characters."""
    pieces: list[str] = []
    begin = 0
    for end in _END.finditer(unit):
        before = unit[max(begin, end.start() - 8) : end.start()].split()
        if before and unit[end.start()] == "." and fold(before[-1]) in _ABBREVIATIONS:
            continue
        pieces.append(unit[begin : end.end()].strip())
        begin = end.end()
    pieces.append(unit[begin:].strip())
    found: list[str] = []
    for piece in pieces:
        rest = piece
        while len(rest) > MAX_SENTENCE:
            cut = rest.rfind(" ", 0, MAX_SENTENCE)
            cut = cut if cut > MAX_SENTENCE // 2 else MAX_SENTENCE
            found.append(rest[:cut].strip())
            rest = rest[cut:].strip()
        if rest:
            found.append(rest)
    return found


def _sentences(text: str) -> Iterator[str]:
    """The sentences of a Markdown text, one at a time; a paragraph is cleaned in
    pieces of at most 20 x MAX_SENTENCE characters, cut between words."""
    text = unicodedata.normalize("NFC", text[:MAX_TEXT])
    size = 20 * MAX_SENTENCE
    for unit in _units(text):
        rest = unit
        while rest:
            cut = len(rest) if len(rest) <= size else rest.rfind(" ", size // 2, size) + 1
            cut = cut if cut > 0 else size
            yield from _split(_clean(rest[:cut]))
            rest = rest[cut:]


def sentences(text: str) -> list[str]:
    """The sentences of a Markdown text, as the detector cuts them."""
    return list(_sentences(text))


# ---------------------------------------------------------------------------
# Sentences to figures


@dataclass(frozen=True, slots=True)
class _Found:
    figure: Figure
    noun: frozenset[str]  # the noun counted, the words before a bare number, a modal's verb
    window: frozenset[str]  # the words around the figure (a whole clause for a plain polarity)
    sentence: int  # index of the sentence in its document


@dataclass(frozen=True, slots=True)
class _Sentence:
    text: str
    terms: frozenset[str]
    prev: frozenset[str]  # terms of the sentence before, in the same text
    default: bool  # speaks of a default
    versions: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Number:
    """A number as written, before its unit is read."""

    value: float
    last: int  # index of its last token
    end: int  # index after its chunk of glued tokens
    glued: str  # a unit glued to it: 2GB, 90days, 5-minute
    rate: str  # the period glued after a unit: 5MB/s
    dotted: bool  # written with a decimal point: a version unless a unit follows


class _Reader:
    """Words to stems for one language; one per call of :func:`possible`."""

    def __init__(self, lang: str) -> None:
        self.analyzer = Analyzer(lang)
        self.french = lang.lower().startswith("fr")
        self.stems: dict[str, str] = {}

    def stem(self, word: str) -> str:
        """The search term of one word, or "" for a stop word or a single letter."""
        found = self.stems.get(word)
        if found is None:
            terms = self.analyzer.terms(word)
            found = terms[0] if len(terms) == 1 and len(terms[0]) > 1 else ""
            if len(self.stems) < 100_000:
                self.stems[word] = found
        return found

    def terms(self, text: str) -> frozenset[str]:
        """The search terms of a text, without numbers and single letters."""
        return frozenset(t for t in self.analyzer.terms(text) if len(t) > 1 and not t.isdigit())


class _Tokens:
    """The tokens of one sentence: digit runs, letter runs, single signs."""

    def __init__(self, text: str) -> None:
        self.text = text
        matches = list(_TOKEN.finditer(text))
        raw = [m.group() for m in matches]
        if "\u2019" in text or "\u2018" in text or "\u02bc" in text or "\u2032" in text:
            raw = [r.translate(_APOSTROPHES) for r in raw]  # l’API and l'API alike
        self.raw = raw
        self.low = [fold(r) for r in raw]
        self.start = [m.start() for m in matches]
        self.end = [m.end() for m in matches]
        self.words = [r[0].isalpha() for r in raw]
        self.numeric = [r.isdigit() for r in raw]
        self.code = [False] * len(raw)
        k = 0
        for span in _CODE.finditer(text):  # tokens and spans both in order: one walk
            while k < len(raw) and self.start[k] < span.start():
                k += 1
            while k < len(raw) and self.start[k] < span.end():
                self.code[k] = True
                k += 1

    def __len__(self) -> int:
        return len(self.raw)

    def glued(self, i: int) -> bool:
        """Whether token ``i`` touches the token before it."""
        return 0 < i < len(self.raw) and self.end[i - 1] == self.start[i]

    def word(self, i: int) -> bool:
        return 0 <= i < len(self.words) and self.words[i]

    def digits(self, i: int) -> bool:
        return 0 <= i < len(self.numeric) and self.numeric[i]

    def next_low(self, i: int) -> str:
        return self.low[i + 1] if i + 1 < len(self.raw) else ""


def _unit_of(raw: str) -> tuple[str, str, tuple[float, ...]] | None:
    """(kind, base unit, factors) of a unit word as written, or None."""
    low = raw if raw in _UNFOLDED else fold(raw)
    allowed = _CASED.get(low)
    if allowed is not None and raw not in allowed:
        return None
    if low in _SIZE:
        return ("size", "B", _SIZE[low])
    if low in _DURATION:
        return ("duration", "s", (_DURATION[low],))
    other = _OTHER.get(low)
    return None if other is None else (other[0], other[1], (other[2],))


def _seconds(raw: str) -> float:
    """Seconds in one unit of time written ``raw``, or 0 when it is not a unit of time."""
    unit = _unit_of(raw)
    return unit[2][0] if unit is not None and unit[0] == "duration" else 0.0


class _Scan:
    """The figures of one sentence: a single pass over its tokens."""

    def __init__(
        self, reader: _Reader, text: str, index: int, *, numbers: int = MAX_FIGURES
    ) -> None:
        self.reader = reader
        self.t = _Tokens(text)
        self.index = index
        self.budget = numbers  # numbers still wanted: none once the document has its fill
        self.numbers: list[_Found] = []
        self.polar: list[_Found] = []
        self.versions: set[str] = set()
        self.spans: list[tuple[Figure, frozenset[str], int, int]] = []

    def run(self) -> _Scan:
        t = self.t
        i = 0
        while i < len(t):
            if t.code[i] or len(self.spans) >= self.budget:
                i += 1
            elif t.digits(i):
                i = self.number(i)
            elif t.word(i):
                i = self.number_word(i)
            else:
                i += 1
        self.place()
        self.yes_no()
        return self

    # -- where each number stands ---------------------------------------------

    def place(self) -> None:
        """Give each number its window: the words around it, up to its neighbours.

        Between two figures, the window of each stops at the first comma or
        conjunction that separates them ("5 bytes on x86 and 6 bytes on x64").
        """
        t = self.t
        spans = self.spans
        for k in range(len(spans) - 1):
            if self.ranged(spans[k][2], spans[k][3], spans[k + 1][2]):
                first, second = spans[k], spans[k + 1]
                spans[k] = (replace(first[0], bound="from"), *first[1:])
                spans[k + 1] = (replace(second[0], bound="to"), *second[1:])
        for k, (figure, noun, i, end) in enumerate(spans):
            low, high = 0, len(t) - 1
            if k > 0:
                cut = self.boundary(spans[k - 1][3] + 1, i)
                low = cut + 1 if cut >= 0 else low
            if k + 1 < len(spans):
                cut = self.boundary(end + 1, spans[k + 1][2])
                high = cut - 1 if cut >= 0 else high
            inside = {self.reader.stem(t.low[j]) for j in range(i + 1, end) if t.word(j)}
            window = (self.window(i, end, low=low, high=high) | inside) - noun - {""}
            self.numbers.append(_Found(figure, noun, frozenset(window), self.index))

    def ranged(self, i: int, end: int, nxt: int) -> bool:
        """Whether the figure at i..end and the one at ``nxt`` make a range: "de 5 à 10"."""
        between = [self.t.low[j] for j in range(end + 1, nxt)]
        if between in _RANGE_WORDS:
            return True
        return between in (["and"], ["et"]) and self.prev_word(i) in ("between", "entre")

    def boundary(self, begin: int, stop: int) -> int:
        """The first comma or conjunction in tokens begin..stop-1, or -1."""
        for j in range(begin, stop):
            if self.t.low[j] in _BOUNDARIES:
                return j
        return -1

    def window(
        self, i: int, end: int, *, skip: frozenset[int] = frozenset(), low: int = 0, high: int = -1
    ) -> frozenset[str]:
        """Stems of the WINDOW content words on each side of tokens i..end, within low..high."""
        t = self.t
        high = len(t) - 1 if high < 0 else high
        stems: set[str] = set()
        for step, start in ((-1, i - 1), (1, end + 1)):
            j, seen = start, 0
            while low <= j <= high and seen < WINDOW and abs(j - start) < 3 * WINDOW:
                if t.word(j) and j not in skip and t.low[j] not in _FUNCTION:
                    stem = self.term(j)
                    if stem:
                        stems.add(stem)
                        seen += 1
                j += step
        return frozenset(stems)

    def term(self, j: int) -> str:
        """The term of word ``j``: its stem, or the whole name when digits follow (x86, C6262)."""
        t = self.t
        if t.digits(j + 1) and t.glued(j + 1):
            return t.low[j] + t.raw[j + 1]
        return self.reader.stem(t.low[j])

    def stems(self, begin: int, stop: int) -> frozenset[str]:
        """Stems of the content words of tokens begin..stop-1."""
        t = self.t
        found = {
            self.reader.stem(t.low[j])
            for j in range(begin, stop)
            if t.word(j) and t.low[j] not in _FUNCTION and t.low[j] not in _NEGATIONS
        }
        return frozenset(found - {""})

    def prev_word(self, i: int) -> str:
        """The word just before token ``i``, over an opening bracket, a quote or a colon."""
        t = self.t
        j = i - 1
        while j >= 0 and t.raw[j] in "([{«\"':":
            j -= 1
        return t.low[j] if j >= 0 and t.word(j) else ""

    # -- numbers --------------------------------------------------------------

    def chunk_end(self, i: int) -> int:
        """Index after the last token glued to token ``i``."""
        j = i + 1
        while j < len(self.t) and self.t.glued(j):
            j += 1
        return j

    def inner_end(self, i: int, end: int) -> int:
        """``end`` without the closing punctuation that ends the chunk."""
        while end - 1 > i and self.t.raw[end - 1] in _CLOSING:
            end -= 1
        return end

    def number(self, i: int) -> int:
        """Read the number at token ``i``; the index to go on from."""
        number = self.read_number(i)
        if number is None:
            return self.chunk_end(i)
        if self.named(i, number) or self.plain_name(i, number):
            return number.end
        last = self.figure(i, number.last, number.value, glued=number.glued, rate=number.rate)
        return max(number.end, last + 1)

    def read_number(self, i: int) -> _Number | None:
        """The number that starts at token ``i``, or None when the chunk is a name."""
        t = self.t
        end = self.chunk_end(i)
        if t.glued(i) and t.raw[i - 1] not in _OPENING and t.raw[i - 1] != "~":
            return None  # x86, UTF-8, EPSG:4326, C6262, v2
        if len(t.raw[i]) > 15:
            return None  # a long run of digits is an identifier, and beyond a float's precision
        inner = self.inner_end(i, end)
        parsed = self.parse(t.raw[i:inner])
        if parsed is None:
            return None
        value, used, dotted = parsed
        last = i + used - 1
        rest = t.raw[last + 1 : inner]
        if not rest and inner == end and value == int(value):
            value, last, end = self.thousands(value, last, end)
        glued, rate = "", ""
        if len(rest) == 1:
            glued = rest[0]
        elif len(rest) == 3 and rest[1] == "/":
            glued, rate = rest[0], rest[2]
        elif len(rest) == 2 and rest[0] == "-" and _seconds(rest[1]):
            glued = rest[1]  # 5-minute; 64-bit and 2-eyes qualify, they do not measure
        elif rest:
            return None  # 7zip, 1er, 2026-01-28, mon_fichier.001.7z
        if glued and _unit_of(glued) is None:
            return None
        return _Number(value, last + len(rest), end, glued, rate, dotted)

    def parse(self, parts: list[str]) -> tuple[float, int, bool] | None:
        """(value, tokens used, written with a dot) of the number opening ``parts``."""
        head, k = parts[0], 1
        digits = head
        if k + 1 < len(parts) and parts[k] == "," and parts[k + 1].isdigit():
            groups: list[str] = []
            while k + 1 < len(parts) and parts[k] == "," and parts[k + 1].isdigit():
                groups.append(parts[k + 1])
                k += 2
            thousands = len(head) <= 3 and all(len(g) == 3 for g in groups)
            if thousands and (len(groups) > 1 or not self.reader.french):
                digits = head + "".join(groups)  # 1,048,576 and, in English, 2,048
            elif len(groups) == 1 and not (k < len(parts) and parts[k] in ".,"):
                return float(f"{head}.{groups[0]}"), k, False  # 1,5 Go: a decimal comma
            else:
                return None
        if k + 1 < len(parts) and parts[k] == "." and parts[k + 1].isdigit():
            if k + 2 < len(parts) and parts[k + 2] in ".,":
                return None  # 1.3.0, 8.8.8.8
            return float(f"{digits}.{parts[k + 1]}"), k + 2, True
        if len(head) > 1 and head.startswith("0") and k == 1:
            return None  # 04000000, 001: octal, padded identifiers
        return float(digits), k, False

    def thousands(self, value: float, last: int, end: int) -> tuple[float, int, int]:
        """Join groups of three digits after a no-break space, or a space in French.

        "200 000", "1 073 152": (value, index of the last token, index after the chunk).
        """
        t = self.t
        while (
            value < 1e15
            and t.digits(last + 1)
            and len(t.raw[last + 1]) == 3
            and t.start[last + 1] - t.end[last] == 1
            and (t.text[t.end[last]] in _GAP or (t.text[t.end[last]] == " " and self.reader.french))
        ):
            following = self.chunk_end(last + 1)
            if self.inner_end(last + 1, following) != last + 2:
                break
            value = value * 1000 + int(t.raw[last + 1])
            last, end = last + 1, following
        return value, last, end

    def named(self, i: int, number: _Number) -> bool:
        """Whether the words or signs around the number make it a name or a date."""
        t = self.t
        last = number.last
        prev = self.prev_word(i)
        if prev in _IDENTIFYING or prev in _MONTHS:
            if prev in _VERSION_WORDS or number.dotted:
                self.versions.add(t.text[t.start[i] : t.end[last]])  # version 15.7, Python 3.11
            return True
        if i > 0 and t.raw[i - 1] in ("#", "§", "="):
            return True  # #42, § 3, key=5: a name or a setting in code
        nxt = last + 1
        if nxt < len(t) and t.low[nxt] in _MONTHS:
            return True
        return t.digits(nxt + 1) and t.raw[nxt] in ("/", ":") and t.glued(nxt)  # 28/01, 10:30

    def plain_name(self, i: int, number: _Number) -> bool:
        """Whether a number with no unit is a version, a year or a list number."""
        t = self.t
        if number.glued or self.unit_after(number.last) is not None:
            return False
        if number.dotted:
            self.versions.add(t.text[t.start[i] : t.end[number.last]])
            return True  # Python 3.11, As of 1.12: no unit, so not 0.5 seconds
        nxt = number.last + 1
        year = number.last == i and len(t.raw[i]) == 4 and 1900 <= number.value <= 2099
        alone = i > 0 and t.raw[i - 1] == "(" and nxt < len(t) and t.raw[nxt] == ")"  # (3)
        listed = i == 0 and nxt < len(t) and t.raw[nxt] in (".", ")") and t.glued(nxt)
        return year or alone or listed

    def unit_after(self, last: int) -> tuple[int, tuple[str, str, tuple[float, ...]]] | None:
        """The unit written after token ``last``: (index of its last token, unit)."""
        t = self.t
        j = last + 1
        found: tuple[int, tuple[str, str, tuple[float, ...]]] | None = None
        if j < len(t) and t.raw[j] == "%":
            found = j, ("percent", "%", (1.0,))
        elif not t.word(j):
            found = None
        elif t.low[j] in ("pour", "per") and t.next_low(j) == "cent":
            found = j + 1, ("percent", "%", (1.0,))
        elif t.low[j] in ("kilo", "mega", "giga", "tera") and t.raw[j + 1 : j + 2] == ["-"]:
            unit = _unit_of(t.low[j] + t.next_low(j + 1))
            found = None if unit is None else (j + 2, unit)
        elif t.low[j] in _BETWEEN and t.word(j + 1) and _seconds(t.raw[j + 1]):
            unit = _unit_of(t.raw[j + 1])
            found = None if unit is None else (j + 1, unit)  # les 30 derniers jours
        elif not (t.raw[j + 1 : j + 2] == ["'"] and t.glued(j + 1)):  # d'heure: elided
            unit = _unit_of(t.raw[j])
            found = None if unit is None else (j, unit)
        return found

    def figure(self, i: int, last: int, value: float, *, glued: str = "", rate: str = "") -> int:
        """Record the figure that starts at token ``i``; the index of its last token."""
        t = self.t
        unit = _unit_of(glued) if glued else None
        end = last
        if unit is None and not glued:
            after = self.unit_after(last)
            if after is not None:
                end, unit = after
        noun: frozenset[str] = frozenset()
        if unit is not None:
            kind, label, factors = unit
            values = tuple(value * f for f in factors)
        else:
            kind, label, values = "number", "", (value,)
            nouns, noun_end = self.noun_after(last)
            if nouns:
                kind, end, noun = "count", noun_end, frozenset(nouns)
                label = " ".join(sorted(noun))
            else:
                noun = frozenset(self.nouns_before(i))
        per = _seconds(rate) if rate else 0.0
        if (
            not rate
            and t.word(end + 2)
            and (t.low[end + 1] in _RATE_WORDS or t.raw[end + 1 : end + 2] == ["/"])
        ):
            per = _seconds(t.raw[end + 2])
            end = end + 2 if per else end
        if per:
            values = tuple(v / per for v in values)
            kind = "rate" if kind in ("count", "number") else f"{kind}-rate"
            label = f"{label}/s" if label else "/s"
        bound, begin = self.bound(i, end)
        text = t.text[t.start[begin] : t.end[end]]
        self.spans.append((Figure(kind, values, label, text, bound, t.start[begin]), noun, i, end))
        return end

    def noun_after(self, last: int) -> tuple[list[str], int]:
        """Stems of the words the number counts ("5 failed attempts"), and the last index."""
        t = self.t
        stems: list[str] = []
        j, end = last + 1, last
        while j < len(t) and len(stems) < 4 and j - last <= 8:
            if t.raw[j] in "()-" or (t.raw[j] == "'" and t.glued(j)):
                j += 1
                continue
            if not t.word(j) or t.low[j] in _FUNCTION or t.low[j] in _NEGATIONS:
                break
            stem = self.reader.stem(t.low[j])
            if stem:
                stems.append(stem)
            end, j = j, j + 1
        return stems, end

    def nouns_before(self, i: int) -> list[str]:
        """Stems of the content words just before a bare number ("baud rate of 9600")."""
        t = self.t
        stems: list[str] = []
        j = i - 1
        while j >= 0 and i - j <= 5 and len(stems) < 2:
            if t.word(j) and t.low[j] not in _FUNCTION:
                stem = self.reader.stem(t.low[j])
                if stem:
                    stems.append(stem)
            j -= 1
        return stems

    def bound(self, i: int, end: int) -> tuple[str, int]:
        """max, min, approx or "", from the words around the number; where the figure starts."""
        t = self.t
        words: list[int] = []
        j = i - 1
        while j >= 0 and len(words) < 3 and i - j <= 5:
            if t.word(j):
                words.insert(0, j)
            elif t.raw[j] not in "'(":
                break
            j -= 1
        before = tuple(t.low[k] for k in words)
        for phrase, bound in _BOUNDS_BEFORE:
            if before[-len(phrase) :] == phrase:
                return bound, words[-len(phrase)]
        for j in range(end + 1, min(end + 3, len(t))):
            if t.low[j] in _BOUND_AFTER:
                return _BOUND_AFTER[t.low[j]], i
        return "", i

    def number_word(self, i: int) -> int:
        """Read a number written as a word (five, cinq, une seule, an hour, half an hour)."""
        t = self.t
        if t.low[i] in _FRACTIONS:
            return self.fraction(i)
        read = self.word_value(i)
        if read is None:
            return i + 1
        value, last = read
        if (t.glued(i) and t.raw[i - 1] == "-") or self.prev_word(i) in _IDENTIFYING:
            return i + 1
        before = len(self.spans)
        end = self.figure(i, last, value)
        if len(self.spans) > before and self.spans[-1][0].kind == "number":
            self.spans.pop()  # a number word must count something: not "one of", "six"
            return i + 1
        return end + 1

    def word_value(self, i: int) -> tuple[float, int] | None:
        """(value, last token) of the number word at ``i``, or None."""
        t = self.t
        low = t.low[i]
        if low in _NUMBER_WORDS:
            return _NUMBER_WORDS[low], i
        if t.raw[i].lower() not in _ONE or i + 1 >= len(t):
            return None  # one only before a unit of time, or before "seul(e)", "single"
        if t.low[i + 1] in _SINGLE:
            return 1.0, i + 1  # une seule clé, a single cluster
        prev = t.low[i - 1] if i > 0 else ""
        if not _seconds(t.raw[i + 1]) or prev in ("once", "twice", "times", "/", *_RATE_WORDS):
            return None  # "a" and "un" are one only before a unit of time: an hour, un an
        return 1.0, i

    def fraction(self, i: int) -> int:
        """half an hour, a quarter of an hour, une demi-heure, un quart d'heure."""
        t = self.t
        j = i + 1
        while j < len(t) and j - i <= 3 and t.low[j] in _FRACTION_GLUE:
            j += 1
        seconds = _seconds(t.raw[j]) if j < len(t) else 0.0
        if not seconds:
            return i + 1
        begin = i - 1 if i > 0 and t.low[i - 1] in ("a", "un", "une") else i
        value = _FRACTIONS[t.low[i]] * seconds
        text = t.text[t.start[begin] : t.end[j]]
        figure = Figure("duration", (value,), "s", text, "", t.start[begin])
        self.spans.append((figure, frozenset(), begin, j))
        return j + 1

    # -- yes and no -----------------------------------------------------------

    def is_negation(self, j: int) -> bool:
        """Whether token ``j`` negates: not, n't, never, no + word, ne ... pas (not ne ... que)."""
        t = self.t
        low = t.low[j]
        if low == "t":  # can't, don't, isn't
            return j >= 2 and t.raw[j - 1] == "'" and t.glued(j) and t.low[j - 2].endswith("n")
        if low == "non":
            return t.raw[j + 1 : j + 2] != ["-"]  # non-PR-authoring is a prefix
        if low in ("ne", "n"):
            elided = low == "ne" or t.raw[j + 1 : j + 2] == ["'"]
            ahead = t.low[j + 1 : j + 9]
            only = next((w for w in ahead if w in _FRENCH_NOT or w in ("que", "qu")), "")
            return elided and only not in ("que", "qu")  # "ne concerne que": only, not a no
        if low == "no":
            return t.word(j + 1)  # "no way", not the answer "No."
        if low in ("pas", "jamais", "rien"):  # "par pas de 5 minutes" is a step, not a no
            return any(w in ("ne", "n") for w in t.low[max(0, j - 6) : j])
        return low in _NEGATIONS

    def negation_before(self, i: int) -> int:
        """Index of a negation within four tokens before token ``i``, or -1."""
        for j in range(i - 1, max(-1, i - 5), -1):
            if self.is_negation(j):
                return j
            if self.t.raw[j] in (".", ";", ",", ":"):
                break
        return -1

    def rule_at(self, i: int) -> tuple[str, float, int, int] | None:
        """("rule", level, first token, last token) of a rule word at ``i``."""
        t = self.t
        low, nxt = t.low[i], t.next_low(i)
        if (low == "able" and nxt != "to") or (
            low == "possible" and not (i > 0 and t.low[i - 1] in ("est", "is", "are", "sont"))
        ):
            return None
        level = _RULE[low]
        before = self.negation_before(i)
        after = -1
        if nxt in ("not", "pas"):
            after = i + 1
        elif nxt == "'" and t.low[i + 2 : i + 3] == ["t"]:
            after = i + 2  # can't
        if low == "mustn":
            after = max(after, i)
        if low == "cannot" or (before < 0 and after < 0):
            return "rule", level, i, i
        # "must not" forbids; "not required" leaves it optional
        level = FORBIDDEN if level == REQUIRED and low in _MUST else _NEGATED_RULE[level]
        return "rule", level, before if before >= 0 else i, max(i, after)

    def state_at(self, i: int) -> tuple[str, float, int, int] | None:
        """("state", +1 or -1, first token, last token) of an on/off word at ``i``."""
        t = self.t
        low, nxt = t.low[i], t.next_low(i)
        if low in ("on", "off"):
            by_default = nxt in ("by", "par") and t.low[i + 2 : i + 3] in (["default"], ["defaut"])
            if not (by_default or (i > 0 and t.low[i - 1] in _ON_OFF_BEFORE)):
                return None
        elif low in _CONFIG_VALUES:
            setting = i > 1 and t.word(i - 2) and t.raw[i - 1] in (":", "=")
            if not setting or (t.raw[i - 1] == ":" and t.glued(i)):
                return None  # "privileged: false" is a setting; "/DYNAMICBASE:NO" a name
            return "state", _CONFIG_VALUES[low], i - 2, i  # privileged: false
        value = 1.0 if (low in _STATE_ON or low == "on") else -1.0
        before = self.negation_before(i)
        return ("state", -value, before, i) if before >= 0 else ("state", value, i, i)

    def yes_no(self) -> None:
        """Record the yes/no words of the sentence, and the polarity of its other clauses."""
        t = self.t
        used: set[int] = set()
        for i in range(len(t)):
            if not t.word(i) or t.code[i]:
                continue
            low = t.low[i]
            hit = None
            if low in _RULE:
                hit = self.rule_at(i)
            elif low in _STATE_ON or low in _STATE_OFF or low in ("on", "off", *_CONFIG_VALUES):
                hit = self.state_at(i)
            if hit is None:
                continue
            kind, value, start, last = hit
            used.update(range(start, last + 1))
            words = t.text[t.start[start] : t.end[last]]
            name = _RULE_NAMES.get(value, "") if kind == "rule" else ""
            label = f"{words} ({name})" if name and fold(words) != name else words
            figure = Figure("yes-no", (value,), kind, label, "", t.start[start])
            window = self.window(start, last, skip=frozenset(range(start, last + 1)))
            verb = self.governed(i) if low in _MODALS else frozenset()
            self.polar.append(_Found(figure, verb, window, self.index))
        self.clauses(used)

    def governed(self, i: int) -> frozenset[str]:
        """The verb a modal governs: "can't [be] used", "must not contain", "peut voir"."""
        t = self.t
        for j in range(i + 1, min(len(t), i + 7)):
            if t.word(j) and t.low[j] not in _FUNCTION and t.low[j] not in _SKIP_AFTER_MODAL:
                stem = self.reader.stem(t.low[j])
                return frozenset({stem}) if stem else frozenset()
        return frozenset()

    def clauses(self, used: set[int]) -> None:
        """The plain polarity of each clause without a yes/no word: said, or negated."""
        t = self.t
        begin = 0
        for stop in [*(j for j in range(len(t)) if t.raw[j] in _CLAUSE_ENDS), len(t)]:
            terms = self.stems(begin, stop)
            if len(terms) >= 3 and not any(begin <= j <= stop for j in used):
                negations = [j for j in range(begin, stop) if self.is_negation(j)]
                where = negations[0] if negations else begin
                value = -1.0 if negations else 1.0
                text = f"negated ({t.raw[where]})" if negations else "affirmed"
                figure = Figure("yes-no", (value,), "negation", text, "", t.start[where])
                self.polar.append(_Found(figure, frozenset(), terms, self.index))
            begin = stop + 1


# ---------------------------------------------------------------------------
# Documents


@dataclass(slots=True)
class _Doc:
    claim: Claim
    title: frozenset[str]
    head: frozenset[str]
    names: frozenset[tuple[str, ...]]
    terms: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    sentences: tuple[_Sentence, ...] = ()
    numbers: tuple[_Found, ...] = ()
    polar: tuple[_Found, ...] = ()


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


def _read(claim: Claim, reader: _Reader) -> _Doc:
    """Sentences, terms and figures of a document: title, summary, then body.

    Sentences are read until both families of figures are full (or 4 x MAX_FIGURES
    sentences are read); the terms of the document come from all of it.
    """
    title, summary, body = claim.title[:1000], claim.summary[:2000], claim.body[:MAX_TEXT]
    tags = " ".join(t[:100] for t in claim.tags[:50])
    head = reader.terms(f"{title} {summary} {tags}")
    words = {fold(p) for tag in claim.tags[:50] for p in _NAME_PART.findall(tag)}
    found: list[_Sentence] = []
    numbers: list[_Found] = []
    polar: list[_Found] = []
    tokens = 0
    for text in (title, summary, body):
        prev, previous = frozenset[str](), ""
        for sentence in _sentences(text):
            full = min(len(numbers), len(polar)) >= MAX_FIGURES
            if full or len(found) >= 4 * MAX_FIGURES or tokens >= MAX_TOKENS:
                break
            if not _LETTER.search(sentence):
                continue  # no word, so no unit, noun or yes/no: nothing to compare
            wanted = MAX_FIGURES - len(numbers)
            scan = _Scan(reader, sentence, len(found), numbers=wanted).run()
            tokens += len(scan.t)
            words.update(scan.t.low)
            default = any(w in _DEFAULT for w in scan.t.low)
            current = reader.terms(sentence)
            found.append(_Sentence(sentence, current, prev, default, frozenset(scan.versions)))
            if not _illustrative(sentence, default, previous):
                numbers.extend(scan.numbers[: max(0, MAX_FIGURES - len(numbers))])
            polar.extend(scan.polar[: max(0, MAX_FIGURES - len(polar))])
            prev, previous = current, sentence
    words.update(fold(w) for w in _NAME_PART.findall(body))
    return _Doc(
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


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Shared terms over the smaller set (at least two, so one word alone is not enough)."""
    if not a or not b:
        return 0.0
    return len(a & b) / max(2, min(len(a), len(b)))


def _cover(a: frozenset[str], b: frozenset[str]) -> float:
    """Share of ``a`` found in ``b``."""
    return len(a & b) / len(a) if a else 0.0


def _subject(new: _Doc, old: _Doc) -> float:
    """How much two read documents share their subject (see the module's docstring)."""
    titles = min(_cover(new.title, old.terms), _cover(old.title, new.terms))
    heads = max(
        _overlap(new.head, old.head),
        (_cover(new.head, old.terms) + _cover(old.head, new.terms)) / 2,
    )
    score = 0.5 * titles + 0.5 * heads
    if not titles:
        score *= 0.5  # neither title is about anything the other document mentions
    distinct = new.title - old.title
    if distinct and not distinct & old.terms:
        score *= 0.6  # the new title names a variant the old document never mentions
    if new.names and old.names:
        meets = any(all(p in old.words for p in name) for name in new.names) or any(
            all(p in new.words for p in name) for name in old.names
        )
        if not meets:
            score *= 0.5  # each title names something the other document never mentions
    return round(min(1.0, score), 4)


def subject_overlap(new: Claim, other: Claim, lang: str = "en") -> float:
    """How much two documents share their subject, from 0 to 1."""
    reader = _Reader(lang)
    return _subject(_read(new, reader), _read(other, reader))


def figures(text: str, lang: str = "en") -> list[Figure]:
    """The numbers, then the yes/no words, the detector sees in ``text`` (examples included)."""
    reader = _Reader(lang)
    numbers: list[Figure] = []
    polar: list[Figure] = []
    for index, sentence in enumerate(sentences(text)):
        scan = _Scan(reader, sentence, index).run()
        numbers.extend(f.figure for f in scan.numbers)
        polar.extend(f.figure for f in scan.polar if f.figure.unit != "negation")
    return numbers + polar


# ---------------------------------------------------------------------------
# Comparison


def _same(a: Figure, b: Figure) -> bool:
    """Whether two values are equal once normalised (2%, or 5% when one is approximate)."""
    tolerance = 0.05 if "approx" in (a.bound, b.bound) else 0.02
    return any(
        x == y or abs(x - y) <= tolerance * max(abs(x), abs(y)) for x in a.values for y in b.values
    )


def _near(x: float, y: float, ratio: float) -> bool:
    """Whether x and y are within a factor ``ratio`` of each other (zero is near anything)."""
    low, high = sorted((abs(x), abs(y)))
    return low == 0 or high / low <= ratio


def _qualified(fs: _Sentence, gs: _Sentence, a: Figure, b: Figure) -> bool:
    """Whether two sentences speak under the same qualifiers: default, versions, range ends."""
    if fs.default != gs.default:
        return False
    if (a.bound in _ENDS or b.bound in _ENDS) and a.bound != b.bound:
        return False  # one end of a range ("de 16 384 à 270 336") against a plain value
    return not (fs.versions and gs.versions and not fs.versions & gs.versions)


def _comparable(f: _Found, fs: _Sentence, g: _Found, gs: _Sentence) -> bool:
    """Whether two figures may measure the same thing: same family, same qualifiers."""
    a, b = f.figure, g.figure
    if not _qualified(fs, gs, a, b):
        return False
    if a.kind == "yes-no" or b.kind == "yes-no":
        verbs_meet = not (f.noun and g.noun) or bool(f.noun & g.noun)  # can use / cannot change
        return a.kind == b.kind and a.unit == b.unit and verbs_meet
    counted = a.kind in ("count", "number") and b.kind in ("count", "number")
    if not _near(a.values[0], b.values[0], 10 * RATIO_MAX if counted else RATIO_MAX):
        return False
    if not counted:
        return a.kind == b.kind and a.unit == b.unit
    # two counts of one noun; a count and a bare number whose sentence names that noun
    # ("20 valeurs" and "valeurs ... (maximum 50)"); or two bare numbers
    if a.kind == "count" and b.kind == "count":
        meets = bool(f.noun & g.noun)
    elif a.kind == "count":
        meets = bool(f.noun & (gs.terms | g.noun))
    else:
        meets = b.kind != "count" or bool(g.noun & (fs.terms | f.noun))
    return meets


def _align(f: _Found, fs: _Sentence, g: _Found, gs: _Sentence) -> float:
    """How much two figures talk about the same thing, from 0 to 1.

    For a plain polarity, the Dice similarity of the two clauses (three shared words
    at least). Otherwise 0.4 x the words around each figure, 0.3 x the two
    sentences, 0.1 x the sentence before the old figure, 0.15 x what is measured
    (the same noun counted, the same words before two bare numbers, the same
    physical unit) and 0.05 x the same bound.
    """
    a, b = f.figure, g.figure
    if a.unit == "negation":
        shared = len(f.window & g.window)
        return 2 * shared / (len(f.window) + len(g.window)) if shared >= 3 else 0.0
    window = _overlap(f.window, g.window)
    sentence = _overlap(fs.terms, gs.terms)
    before = _cover(f.window, gs.prev - fs.prev) if gs.prev else 0.0
    if a.kind == "count" and b.kind == "count":
        unit = 1.0
    elif a.kind in ("count", "number"):
        unit = 0.75 if f.noun & g.noun else 0.0
    else:
        unit = 0.5
    bound = 1.0 if a.bound and a.bound == b.bound else 0.0
    score = 0.4 * window + 0.3 * sentence + 0.1 * before + 0.15 * unit + 0.05 * bound
    return round(min(1.0, score), 4)


def _differ(a: Figure, b: Figure) -> bool:
    if a.kind != "yes-no":
        return not _same(a, b)
    if a.unit == "rule":
        return frozenset((a.values[0], b.values[0])) in _RULE_CONFLICTS
    return a.values[0] != b.values[0]


def _threshold(figure: Figure) -> tuple[float, float]:
    """(least alignment, least score) for a figure of this kind to be reported."""
    if figure.kind != "yes-no":
        return ALIGN_MIN, SCORE_MIN
    if figure.unit == "negation":
        return ALIGN_MIN_NEGATION, SCORE_MIN_YESNO
    return ALIGN_MIN_YESNO, SCORE_MIN_YESNO


def _against(new: _Doc, old: _Doc, subject: float) -> list[Clash]:
    """The clashes of ``new`` with one document in force, one per pair of sentences."""
    clashes: dict[tuple[int, int], Clash] = {}
    for mine, theirs in ((new.numbers, old.numbers), (new.polar, old.polar)):
        for f in mine:
            fs = new.sentences[f.sentence]
            scored = [
                (_align(f, fs, g, old.sentences[g.sentence]), g)
                for g in theirs
                if _comparable(f, fs, g, old.sentences[g.sentence])
            ]
            if not scored:
                continue
            best = max(alignment for alignment, _ in scored)
            least_alignment, least_score = _threshold(f.figure)
            score = round(0.4 * subject + 0.6 * best, 4)
            close = [g for alignment, g in scored if alignment >= best - TIE]
            if best < least_alignment or score < least_score:
                continue
            if any(not _differ(f.figure, g.figure) for g in close):
                continue  # as well aligned, an equal value: the two texts agree
            g = next(g for alignment, g in scored if alignment == best)
            key = (f.sentence, g.sentence)
            if key in clashes and clashes[key].score >= score:
                continue
            a, b = f.figure, g.figure
            clashes[key] = Clash(
                other=old.claim.id,
                new_sentence=fs.text,
                old_sentence=old.sentences[g.sentence].text,
                kind=a.kind if a.kind == b.kind else f"{a.kind}/{b.kind}",
                differs=f"{a.text} vs {b.text}",
                score=score,
                subject=subject,
                alignment=best,
            )
    return list(clashes.values())


def possible(new: Claim, others: Sequence[Claim], lang: str = "en") -> list[Clash]:
    """Possible contradictions between ``new`` and each of ``others``, surest first.

    ``others`` are documents in force (typically the search's top five for the new
    title and summary); ``lang`` is the base's language, for stemming ("en", "fr").
    An empty list means that no figure or yes/no of the new text disagrees with a
    sentence about the same thing in the others; it proves nothing more.
    """
    reader = _Reader(lang)
    mine = _read(new, reader)
    found: list[Clash] = []
    seen = {new.id}
    for other in others:
        if other.id in seen:
            continue
        seen.add(other.id)
        theirs = _read(other, reader)
        subject = _subject(mine, theirs)
        if subject >= SUBJECT_MIN:
            found.extend(_against(mine, theirs, subject))
    found.sort(key=lambda c: (-c.score, c.other, c.new_sentence, c.old_sentence))
    return found
