"""Comparison: which sentences meet, and when their figures clash.

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
"""

from __future__ import annotations

from collections.abc import Sequence

from mdbrain.core.contradiction.claim import Claim, Clash, Figure
from mdbrain.core.contradiction.context import Found
from mdbrain.core.contradiction.document import Doc, Sentence, read_claim
from mdbrain.core.contradiction.polarity import RULE_CONFLICTS
from mdbrain.core.contradiction.subject import cover, overlap, subject_score
from mdbrain.core.contradiction.tokens import Reader

SUBJECT_MIN = 0.3  # shared subject needed before any sentence is compared
ALIGN_MIN = 0.3  # alignment of two numbers needed to say they measure one thing
ALIGN_MIN_YESNO = 0.55  # the same, for two yes/no words
ALIGN_MIN_NEGATION = 0.75  # the same, for a clause against its negation
SCORE_MIN = 0.45  # 0.4 x subject + 0.6 x alignment needed to report two numbers
SCORE_MIN_YESNO = 0.5  # the same, for a yes/no
TIE = 0.05  # figures within this much of the best alignment are as well aligned
RATIO_MAX = 100.0  # two values further apart than this measure two different things
_ENDS = frozenset({"from", "to"})


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


def _qualified(fs: Sentence, gs: Sentence, a: Figure, b: Figure) -> bool:
    """Whether two sentences speak under the same qualifiers: default, versions, range ends."""
    if fs.default != gs.default:
        return False
    if (a.bound in _ENDS or b.bound in _ENDS) and a.bound != b.bound:
        return False  # one end of a range ("de 16 384 à 270 336") against a plain value
    return not (fs.versions and gs.versions and not fs.versions & gs.versions)


def _comparable(f: Found, fs: Sentence, g: Found, gs: Sentence) -> bool:
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


def _align(f: Found, fs: Sentence, g: Found, gs: Sentence) -> float:
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
    window = overlap(f.window, g.window)
    sentence = overlap(fs.terms, gs.terms)
    before = cover(f.window, gs.prev - fs.prev) if gs.prev else 0.0
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
        return frozenset((a.values[0], b.values[0])) in RULE_CONFLICTS
    return a.values[0] != b.values[0]


def _threshold(figure: Figure) -> tuple[float, float]:
    """(least alignment, least score) for a figure of this kind to be reported."""
    if figure.kind != "yes-no":
        return ALIGN_MIN, SCORE_MIN
    if figure.unit == "negation":
        return ALIGN_MIN_NEGATION, SCORE_MIN_YESNO
    return ALIGN_MIN_YESNO, SCORE_MIN_YESNO


def _against(new: Doc, old: Doc, subject: float) -> list[Clash]:
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
    reader = Reader(lang)
    mine = read_claim(new, reader)
    found: list[Clash] = []
    seen = {new.id}
    for other in others:
        if other.id in seen:
            continue
        seen.add(other.id)
        theirs = read_claim(other, reader)
        subject = subject_score(mine, theirs)
        if subject >= SUBJECT_MIN:
            found.extend(_against(mine, theirs, subject))
    found.sort(key=lambda c: (-c.score, c.other, c.new_sentence, c.old_sentence))
    return found
