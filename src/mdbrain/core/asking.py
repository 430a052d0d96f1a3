"""What a question asks beyond its words: "what replaced X?" asks for X's successor,
"why did we choose X?" for the decision that chose it, "was X accepted?" for the record
of X whatever became of it.

In such a question the verb says what to do with the answer, not what the answer is
about: a page that merely holds the word "replaced" (a node replacement, a cache that
replaces another), or "choose" ("you should choose the GitHub provider"), is no better
match for X. :func:`read` takes the frame off, so that the words left find X, and says
what the question asks for: what came after it (the reader then leads with the
documents that supersede the best match), why it was chosen (the reader then leads
with the decisions among the best matches), or whether it was accepted (the reader
then leads with the decisions, rejected and withdrawn ones too, and shows the status
each gave itself).

A question may also ask for a part of a record rather than the whole of it: its
consequences ("what are the downsides of X?", "what do we lose with X?"), the
alternatives it weighed, or its limitations. :func:`part_asked` says which, and
:func:`names_part` which headings hold it (Nygard's "Consequences", an RFC's
"Drawbacks", a KEP's "Risks and Mitigations", MADR's "Considered Options"): the reader
then leads with that section of the best match, which the question's words alone would
seldom choose, since a section of downsides rarely says "downside".

English and French frames are read; anything else is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mdbrain.core.lazy import lazy_pattern

_REPLACED_EN = r"(?:replaced|replaces|replace|superseded|supersedes|supersede|succeeded|obsoleted)"
_REPLACED_FR = r"(?:remplac[ée]e?s?|remplace(?:nt)?|succ[ée]d[ée]e?s?|succ[èe]de(?:nt)?)"

# the frame, from the start of the question to its verb: "What replaced", "Which record
# supersedes", "What has superseded", "Qu'est-ce qui a remplacé", "Quelle décision remplace"
# what "which ..." asks for when it asks for a successor: a record, not a function that
# replaces tabs with spaces
_RECORD_EN = (
    r"(?:record|decision|adr|rfc|proposal|document|doc|page|rule|policy|version|standard"
    r"|approach|design|choice|option|one)s?"
)
_RECORD_FR = (
    r"(?:décision|decision|adr|rfc|proposition|document|page|règle|regle|politique|version"
    r"|norme|approche|option|choix)s?"
)
_LEADING = lazy_pattern(
    r"^\s*(?:"
    rf"(?:what|which(?:\s+[\w-]+)?\s+{_RECORD_EN})\s+"
    rf"(?:has\s+|have\s+|had\s+|did\s+|now\s+)?{_REPLACED_EN}"
    r"|what(?:'s|’s|\s+is|\s+was)\s+(?:the\s+)?(?:successor|replacement)\s+(?:of|to|for)"
    rf"|(?:qu['’]est[- ]ce\s+qui|quoi|quel(?:le)?s?(?:\s+[\w-]+)?\s+{_RECORD_FR})\s+"
    rf"(?:a\s+|ont\s+|avait\s+)?{_REPLACED_FR}"
    r"|quel(?:le)?\s+est\s+(?:le|la)\s+(?:successeur|remplaçant|remplacement)\s+(?:de|du|des|d['’])"
    r")\b\s*",
    re.IGNORECASE,
)
# the frame at the end: "What was X replaced by?", "X was superseded by what?"
_TRAILING = lazy_pattern(
    rf"\b(?:been\s+|got\s+|get\s+|gets\s+)?{_REPLACED_EN}\s+(?:by|with)(?:\s+what)?\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# "What did we replace X with?"
_WITH = lazy_pattern(
    r"^\s*what\s+(?:did|do|does|have|has|had|will|should)\s+[\w-]+\s+(?:replace|supersede)\s+"
    r"(?P<rest>.+?)\s+with\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# "Par quoi X a-t-il été remplacé ?": the frame both sides of X
_PAR_QUOI = lazy_pattern(r"^\s*par\s+quoi\b\s*", re.IGNORECASE)
_FRENCH_TAIL = lazy_pattern(
    rf"\b(?:a-t-(?:il|elle)\s+été|ont-(?:ils|elles)\s+été|est-(?:il|elle)|a\s+été|ont\s+été|"
    rf"est|sont|fut|furent)?\s*{_REPLACED_FR}\s*[?.!]*\s*$",
    re.IGNORECASE,
)


# "Why did we choose X?", "Why do we use X", "Why did the team go with X over Y?": the
# verb of a choice after "why" and its subject
_CHOSE_EN = (
    r"(?:choose|chose|chosen|pick|picked|select|selected|adopt|adopted|prefer|preferred"
    r"|use|used|go\s+with|gone\s+with|went\s+with|opt\s+for|opted\s+for|decide\s+on"
    r"|decided\s+on|settle\s+on|settled\s+on|standardi[sz]e\s+on|standardi[sz]ed\s+on"
    r"|switch\s+to|switched\s+to|move\s+to|moved\s+to|migrate\s+to|migrated\s+to)"
)
_CHOSE_FR = (
    r"(?:choisi|retenu|adopté|adopte|préféré|prefere|opté\s+pour|opte\s+pour|utilisé"
    r"|utilise|migré\s+vers|migre\s+vers|passé\s+à|passe\s+a)"
)
_WHY_CHOSE = lazy_pattern(
    r"^\s*(?:"
    r"why\s+(?:did|do|does|have|has|had|would|should|are|were|is|was)\s+"
    r"(?:we|you|they|i|the\s+team|our\s+team)\s+"
    r"(?:(?:ever|originally|first|initially|now)\s+)?" + _CHOSE_EN + r"(?:\s+using)?"
    r"|(?:what\s+(?:was|is)\s+)?the\s+reasons?\s+(?:for|behind)\s+"
    r"(?:choosing|picking|selecting|adopting|using|preferring)"
    r"|pourquoi\s+(?:avons-nous|a-t-on|on\s+a|avez-vous|ont-ils|l['’]équipe\s+a|nous\s+avons)"
    r"\s+" + _CHOSE_FR + r"|pourquoi\s+(?:utilise-t-on|utilisons-nous|utilisez-vous)"
    r")\b\s*",
    re.IGNORECASE,
)
# "Why was X chosen (over Y)?", "Pourquoi X a-t-il été choisi ?": the frame both sides of X
# the participle ends the question or comes before what it was chosen over or for: "the
# selected row", "the preferred region ignored" are no choice asked about
_WHY_WAS = lazy_pattern(
    r"^\s*why\s+(?:was|were|is|are|has|have)\s+(?P<rest>.+?)\s+(?:been\s+)?"
    r"(?:chosen|picked|selected|adopted|preferred|decided\s+on)\b"
    r"(?=\s*(?:[?.!]|$)|\s+(?:over|instead|rather|as|for)\b)(?P<tail>.*)$"
    r"|^\s*pourquoi\s+(?P<rest_fr>.+?)\s+(?:a-t-(?:il|elle)|ont-(?:ils|elles)|a|ont)\s+été\s+"
    r"(?:choisie?s?|retenue?s?|adoptée?s?|préférée?s?)\b"
    r"(?=\s*(?:[?.!]|$)|\s+(?:plutôt|au\s+lieu|comme|pour)\b)(?P<tail_fr>.*)$",
    re.IGNORECASE,
)


# "Was the !! operator accepted?", "Did SE-0217 get rejected?", "La proposition 12 a-t-elle
# été retenue ?": whether a proposal or a record was accepted, the verdict ending the
# question (a tail such as "in Swift 5" asks something else). "Is X accepted?" is left
# alone: it asks as often whether a tool accepts X.
_VERDICTS = "accepted|rejected|approved|declined|withdrawn|adopted"
_VERDICT_FR = r"(?:acceptée?s?|rejetée?s?|refusée?s?|approuvée?s?|adoptée?s?|retenue?s?)"
_VERDICT = lazy_pattern(
    r"^\s*(?:was|were|has|have|had)\s+(?P<rest>.+?)\s+"
    r"(?:(?:ever|finally|ultimately|actually|officially|formally|eventually|been)\s+)*"
    rf"(?:{_VERDICTS})(?:\s+or\s+(?:not|{_VERDICTS}))?\s*[?.!]*\s*$"
    rf"|^\s*did\s+(?P<rest_did>.+?)\s+(?:ever\s+|finally\s+)?(?:get|become)\s+(?:{_VERDICTS})"
    r"\s*[?.!]*\s*$"
    r"|^\s*(?:est-ce\s+que\s+)?(?P<rest_fr>.+?)\s+(?:a-t-(?:il|elle)|ont-(?:ils|elles)|a|ont)\s+"
    r"(?:été|ete)\s+(?:finalement\s+)?" + _VERDICT_FR + r"\s*[?.!]*\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Asking:
    """A question read: the words to search with, and whether it asks for a successor,
    for the decision behind a choice, or for the verdict on a proposal or a record."""

    words: str
    successor: bool = False
    decision: bool = False
    verdict: bool = False


# Words without which no frame matches (each pattern above needs one of them), so that
# most questions are read without compiling the patterns at all.
_CHOICE_WORDS = ("why", "reason", "pourquoi")
_SUCCESSION_WORDS = ("replac", "supersed", "succ", "obsolet", "remplac", "remplaç")
# "Why was the conda distribution proposal rejected?" (pytorch/rfcs): the record turned
# down, whatever else the question asks after it ("... and what alternatives were
# considered?"); its verdict is the answer, so it is read though retired
_WHY_TURNED = lazy_pattern(
    r"^\s*why\s+(?:was|were|has|have|had|did|is|are)\s+(?P<rest>.+?)\s+(?:been\s+|get\s+|got\s+)?"
    r"(?P<verb>rejected|declined|withdrawn|abandoned|turned\s+down|refused)\b"
    r"(?P<rest_did>(?!))?(?P<rest_fr>(?!))?",
    re.IGNORECASE,
)
_A_RECORD = lazy_pattern(
    rf"\b{_RECORD_EN}\b|\b(?:idea|pep|kep|eip|adr|rfc)s?[-\s#]?\d*\b",
    re.IGNORECASE,
)


def _why_turned(question: str) -> re.Match[str] | None:
    """The frame of "Why was X rejected?" when X is a record (a proposal, an RFC, "KEP-3063"):
    "Why are my requests rejected by the proxy?" asks of no verdict."""
    found = _WHY_TURNED().match(question)
    return found if found is not None and _A_RECORD().search(found.group("rest")) else None


_VERDICT_WORDS = ("accept", "reject", "approv", "declin", "withdr", "adopt", "rejet", "refus",
                  "abandon", "approuv", "retenu")  # fmt: skip
# "Is the ADR about non-standard user infrastructure still in force?", "La règle 12
# est-elle toujours en vigueur ?": whether a record still holds, its status the answer,
# so it is read though retired (ministryofjustice/modernisation-platform's superseded
# ADR 25 was only named, below a page of the user guide)
_STILL = lazy_pattern(
    r"^\s*(?:is|are)\s+(?P<rest>.+?)\s+still\s+(?:in\s+force|in\s+effect|valid|current"
    r"|applicable|standing|in\s+place)\s*[?.!]*\s*$"
    r"|^\s*(?:est-ce\s+que\s+)?(?P<rest_fr>.+?)\s+(?:est|sont)(?:-(?:il|elle|ils|elles))?\s+"
    r"toujours\s+(?:en\s+vigueur|valables?|valides?|d'actualité|applicables?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)
_STILL_WORDS = ("still", "toujours")
# what a base holds in force or retires: a record, a decision, a rule; "Is my API key
# still valid?" or "Are the docs still current?" ask of no status
_GOVERNED = lazy_pattern(
    r"\b(?:pep|kep|eip|adr|rfc|records?|decisions?|proposals?|rules?|polic(?:y|ies)"
    r"|guidelines?|conventions?|standards?|d[ée]cisions?|propositions?|r[èe]gles?"
    r"|politiques?|normes?)\b",
    re.IGNORECASE,
)

QUESTION_MOST = 400  # characters of a question read for a frame; a longer one is kept whole


def _verdict(question: str, holds: Callable[[tuple[str, ...]], bool]) -> Asking | None:
    """``question`` read as asking for a record's verdict or whether it still holds (see
    :data:`_VERDICT`, :func:`_why_turned`, :data:`_STILL`); None when it asks neither."""
    found = None
    if holds(_VERDICT_WORDS):
        found = _VERDICT().match(question) or _why_turned(question)
    if found is None and holds(_STILL_WORDS):
        found = _STILL().match(question)
        if found is not None and not _GOVERNED().search(
            found.group("rest") or found.group("rest_fr")
        ):
            found = None  # "Is the session token still valid?": a token, not a record
    if found is None:
        return None
    named = found.groupdict()
    rest = next(named[g] for g in ("rest", "rest_did", "rest_fr") if named.get(g) is not None)
    # why it was turned down: the reason says the verdict's word ("Withdrawn: ...")
    said = named.get("verb") or ""
    if not re.search(r"\w", rest):
        return None
    return Asking(f"{rest.strip()} {said}".strip(), verdict=True)


def read(question: str) -> Asking:
    """``question`` without its frame, if it has one: a choice's, a verdict's or a
    successor's (see the module's text). A question that would be left with no word of
    its own is kept whole, and so is one longer than :data:`QUESTION_MOST` characters
    (no question of that length asks only what replaced something, and the frames at
    its end would cost its length squared)."""
    if len(question) > QUESTION_MOST:
        return Asking(question)
    folded = question.casefold()

    def holds(words: tuple[str, ...]) -> bool:
        return any(word in folded for word in words)

    chosen = _choice(question) if holds(_CHOICE_WORDS) else None
    if chosen is not None:
        return chosen
    verdict = _verdict(question, holds)
    if verdict is not None:
        return verdict
    if not holds(_SUCCESSION_WORDS):
        return Asking(question)
    rest = _LEADING().sub("", question, count=1)
    if rest == question:
        rest = _TRAILING().sub("", question, count=1)
    if rest == question and (found := _WITH().match(question)):
        rest = found.group("rest")
    if rest == question and _PAR_QUOI().match(question):
        tail = _FRENCH_TAIL().sub("", question, count=1)
        if tail != question:
            rest = _PAR_QUOI().sub("", tail, count=1)
    if rest == question or not re.search(r"\w", rest):
        return Asking(question)
    return Asking(rest.strip(), successor=True)


def _choice(question: str) -> Asking | None:
    """``question`` without its why-did-we-choose frame, when it has one and words are
    left; else None."""
    rest = _WHY_CHOSE().sub("", question, count=1)
    if rest == question and (found := _WHY_WAS().match(question)):
        if found.group("rest"):
            rest = f"{found.group('rest')}{found.group('tail')}"
        else:
            rest = f"{found.group('rest_fr')}{found.group('tail_fr')}"
    if rest == question or not re.search(r"\w", rest):
        return None
    return Asking(rest.strip(), decision=True)


# --- the part of a record a question asks for --------------------------------------

CONSEQUENCES = "consequences"
ALTERNATIVES = "alternatives"
LIMITATIONS = "limitations"

# the words that ask for a part, whole words of the question (casefolded)
_PARTS = lazy_pattern(
    r"\b(?:"
    r"(?P<consequences>consequences?|downsides?|drawbacks?|disadvantages?|trade-?offs?"
    r"|trade\s+offs?|cons|risks?|pitfalls?|lose|losing|give\s+up|giving\s+up"
    r"|conséquences?|inconvénients?|désavantages?|risques?|contreparties?"
    r"|perd(?:ons|ez|re|rait|rions|u)?)"
    r"|(?P<alternatives>alternatives?|other\s+options?|other\s+approaches"
    r"|options?\s+(?:(?:were|was|we)\s+)?(?:considered|rejected|weighed|evaluated)"
    r"|considered\s+options?|rejected\s+(?:ideas?|options?|approaches)"
    r"|autres?\s+options?|options?\s+(?:envisagées?|étudiées?|écartées?))"
    r"|(?P<limitations>limitations?|caveats?|known\s+issues?|restrictions?|limites)"
    r")\b",
)
# a word any of them holds: most questions are read without the pattern
_PART_WORDS = ("conse", "consé", "down", "draw", "disad", "trade", "cons", "risk", "risq",
               "pitfall", "los", "give", "giving", "inconv", "désav", "contrep", "perd",
               "altern", "option", "approach", "limit", "caveat", "issue", "restrict")  # fmt: skip

# the words (or phrases) of a heading that names each part, casefolded
_CONSEQUENCE_HEADINGS = ("consequences", "conséquences", "drawbacks", "downsides",
                         "disadvantages", "tradeoffs", "cons", "risks", "inconvénients",
                         "risques", "implications", "pitfalls")  # fmt: skip
_HEADING_WORDS = {
    CONSEQUENCES: frozenset(_CONSEQUENCE_HEADINGS),
    ALTERNATIVES: frozenset(("alternatives", "alternative")),
    LIMITATIONS: frozenset(("limitations", "caveats", "restrictions", "limites")),
}
_HEADING_PHRASES = {
    CONSEQUENCES: ("trade-off",),
    ALTERNATIVES: ("considered options", "options considered", "rejected ideas",
                   "rejected options", "options envisagées", "pros and cons of the options"),
    LIMITATIONS: ("known issues",),
}  # fmt: skip


# a question asking why: read for the reasons a record gives for what it chose
REASONS = "reasons"
_WHY = lazy_pattern(r"^\W*(?:why|pourquoi)\b|\breasons?\s+(?:for|why|behind)\b", re.IGNORECASE)


def asks_why(question: str) -> bool:
    """Whether ``question`` asks why something was chosen or done ("Why does MADR use
    YAML front matter?", "the reasons for ...", "Pourquoi ...")."""
    return len(question) <= QUESTION_MOST and _WHY().search(question) is not None


def part_asked(question: str) -> str | None:
    """The part of a record ``question`` asks for (:data:`CONSEQUENCES`,
    :data:`ALTERNATIVES` or :data:`LIMITATIONS`), the first it names; None when it asks
    for none, or is longer than :data:`QUESTION_MOST` characters."""
    if len(question) > QUESTION_MOST:
        return None
    folded = question.casefold()
    if not any(word in folded for word in _PART_WORDS):
        return None
    found = _PARTS().search(folded)
    return None if found is None else found.lastgroup


# a heading over the options a record turned down, and over them alone (not "Rationale
# and alternatives", nor MADR's "Considered Options", the chosen one among them)
_SET_ASIDE = lazy_pattern(
    r"(?:(?:rejected|considered|other)\s+)?alternatives?"
    r"(?:\s+(?:considered|rejected|approaches|designs?|solutions?|proposals?|options?))?"
    r"|rejected\s+(?:ideas?|options?|approaches|designs?|alternatives?)"
    r"|alternatives?\s+(?:that\s+were\s+)?(?:considered|rejected)(?:\s+and\s+rejected)?"
    r"|alternatives\s+et\s+options\s+écartées|options?\s+écartées?|pistes?\s+écartées?"
)


def sets_aside(heading: str) -> bool:
    """Whether a heading's name (:func:`mdbrain.core.passages.heading_name`) heads the
    options a record turned down: "Alternatives considered", "Rejected ideas". What such
    a section says of an option is no decision (carbon-lang's proposals answered "how
    does Carbon handle errors" from two rejected alternatives, labelled as if chosen)."""
    return _SET_ASIDE().fullmatch(heading) is not None


def names_part(heading: str, part: str) -> bool:
    """Whether a heading's name (:func:`mdbrain.core.passages.heading_name`) names
    ``part``: "Consequences", "Negative Consequences", "Risks and Mitigations",
    "Rationale and alternatives", "Known issues"."""
    words = set(re.findall(r"\w+", heading))
    return not words.isdisjoint(_HEADING_WORDS[part]) or any(
        phrase in heading for phrase in _HEADING_PHRASES[part]
    )
