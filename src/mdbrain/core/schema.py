"""The document schema: field names, required fields and allowed values.

The enumerations are the file format's, widened with the brain's ``rule`` and
``fact`` types; a base may add values of its own in ``.rag`` (see
:class:`mdbrain.core.marker.Config`).
"""

from __future__ import annotations

from typing import Final

TYPES: Final = (
    "concept",
    "feature",
    "api",
    "guide",
    "process",
    "decision",
    "reference",
    "overview",
    "rule",
    "fact",
)
STATUSES: Final = ("draft", "stable", "needs-review", "deprecated", "archived")
PRIORITIES: Final = ("p0", "p1", "p2")
AUDIENCES: Final = (
    "dev",
    "ops",
    "po",
    "qa",
    "security",
    "architect",
    "design",
    "data",
    "support",
    "user",
    "all",
)

REQUIRED_FIELDS: Final = ("title", "summary", "type", "status", "tags", "updated")

# Frontmatter keys whose values are lists of document ids (paths from the root).
RELATION_FIELDS: Final = ("related", "supersedes", "superseded_by", "contradicts")

# Statuses that default reads leave out.
HIDDEN_STATUSES: Final = frozenset({"draft", "deprecated", "archived"})

# Headings of the section in which a decision record states what was decided (Nygard's
# "Decision", MADR's "Decision Outcome", the DACI-style RFCs of getsentry/rfcs' "Option
# Chosen", "Final Decision", "Selected Outcome"; MADR in French, "Résultat de la
# décision", as ansforge's and CaenCamp's records have it), lower case, most usual first.
# Not "Conclusion": an essay's last section is no decision.
DECISION_SECTIONS: Final = (
    "decision", "decision outcome", "decisions", "décision", "option chosen", "chosen option",
    "final decision", "selected outcome", "selected option", "résultat de la décision",
    "resultat de la decision", "décision retenue", "option choisie", "option retenue",
)  # fmt: skip
