"""Polarity: the yes/no figures of a sentence.

Yes and no
    A yes/no: on/off and enabled/disabled (``activé``/``désactivé``), what a rule
    allows (may, can, allowed, ``autorisé``, ``peut``), forbids (must not,
    cannot, ``interdit``), requires (must, required, ``obligatoire``) or leaves
    optional (optional, ``facultatif``), each turned by a negation before it
    (``not``, ``n't``, ``never``, ``ne ... pas``); two modals only meet when they
    govern the same verb. A clause with none of those words has its plain
    polarity (``will have`` against ``will not have``, ``is`` against ``is not``).
"""

from __future__ import annotations

from mdbrain.core.contradiction.claim import Figure
from mdbrain.core.contradiction.context import Found, SentenceScan
from mdbrain.core.contradiction.vocabulary import FUNCTION, NEGATIONS, folded_words, word_table
from mdbrain.core.text import fold

FORBIDDEN, PERMITTED, OPTIONAL, REQUIRED = -1.0, 1.0, 2.0, 3.0
RULE_CONFLICTS = frozenset(
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

_STATE_ON = folded_words(
    "enabled activated active supported compatible activé activée activés activées actif actifs"
)
_STATE_OFF = folded_words(
    """
    disabled deactivated inactive unsupported incompatible désactivé désactivée désactivés
    désactivées inactif inactifs inactives
    """
)
_ON_OFF_BEFORE = folded_words(
    "is are was were be been being turned switched set remains stays always est sont"
)
_RULE = word_table(
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
_MODALS = folded_words(
    "can cannot may must mustn able peut peuvent pouvez pouvons doit doivent devez devons"
)
_MUST = folded_words(
    "must mustn doit doivent devez devons"
)  # "must not" forbids, "not required" does not
_SKIP_AFTER_MODAL = folded_words(
    """
    t be ever never always still also only then therefore explicitly really safely easily
    être plus jamais toujours maintenant également aussi seulement alors désormais
    """
)
_CONFIG_VALUES = {"true": 1.0, "false": -1.0, "yes": 1.0, "oui": 1.0, "no": -1.0}
_FRENCH_NOT = folded_words("pas plus jamais rien aucun aucune personne guère nul nulle")
_CLAUSE_ENDS = frozenset(",;:()")


class PolarityScan(SentenceScan):
    """The yes/no words of a sentence, and the polarity of its other clauses."""

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
        return low in NEGATIONS

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
            self.polar.append(Found(figure, verb, window, self.index))
        self.clauses(used)

    def governed(self, i: int) -> frozenset[str]:
        """The verb a modal governs: "can't [be] used", "must not contain", "peut voir"."""
        t = self.t
        for j in range(i + 1, min(len(t), i + 7)):
            if t.word(j) and t.low[j] not in FUNCTION and t.low[j] not in _SKIP_AFTER_MODAL:
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
                self.polar.append(Found(figure, frozenset(), terms, self.index))
            begin = stop + 1
