"""Findings: what a scan or a check has to say about one place in the base.

A finding is data, never prose to parse: adapters decide how to show it.
Codes are stable; their meaning is listed in :data:`CODES`.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


# Code -> (severity, one-line meaning). E001-E004 and W001-W005 keep the meaning
# the file-format specification gives them; the others are mdbrain's own.
CODES: dict[str, tuple[Severity, str]] = {
    "E001": (Severity.ERROR, "file or folder name breaks the naming convention (a-z0-9-)"),
    "E002": (Severity.ERROR, "frontmatter missing, unparseable, or a required field absent"),
    "E003": (Severity.ERROR, "field value outside its allowed set"),
    "E004": (Severity.ERROR, "summary longer than summary_max"),
    "E005": (Severity.ERROR, "file is not valid UTF-8 text, or cannot be read"),
    "E006": (Severity.ERROR, "date that is not an ISO date (YYYY-MM-DD)"),
    "E007": (Severity.ERROR, "supersedes or superseded_by names no document"),
    "E008": (Severity.ERROR, "looks like a secret, or an impl_ref to a credentials file"),
    "E009": (Severity.ERROR, "personal data (e-mail, phone, national id, IBAN, card number)"),
    "E010": (Severity.ERROR, "unresolved merge conflict: git's conflict markers left in the file"),
    "W001": (Severity.WARNING, "link or related entry points to no document"),
    "W002": (Severity.WARNING, "orphan: no document links to it"),
    "W003": (Severity.WARNING, "impl_ref points to no file, or to no symbol in it"),
    "W004": (Severity.WARNING, "stable document not updated for too long"),
    "W005": (Severity.WARNING, "derived index out of date with the documents"),
    "W006": (Severity.WARNING, "link leaves the knowledge root or leads to no file"),
    "W007": (Severity.WARNING, "file or folder skipped (symbolic link, unreadable name)"),
    "W008": (
        Severity.WARNING,
        "stable document with no provenance (no sources, no existing impl_refs)",
    ),
    "W009": (Severity.WARNING, "link or related entry to a deprecated or archived document"),
    "W010": (Severity.WARNING, "supersession not mirrored on the other document"),
    "W011": (Severity.WARNING, "deprecated document that names no successor"),
    "W012": (Severity.WARNING, "superseded document still marked as in force"),
    "W013": (Severity.WARNING, "open contradiction with a document in force"),
    "W014": (Severity.WARNING, "updated is earlier than created"),
    "W015": (Severity.WARNING, "unknown setting in the .rag marker"),
    "W016": (Severity.WARNING, "document over the size limit: indexed by its frontmatter only"),
    "W017": (Severity.WARNING, "a file mdbrain did not write stands where a derived file goes"),
    "W018": (Severity.WARNING, "two documents of a numbered folder hold the same number"),
    "W019": (Severity.WARNING, "link to a section that the target document does not have"),
    "W020": (Severity.WARNING, "a chain of replacements goes round in a circle"),
    "I001": (Severity.INFO, "byte-order mark ignored"),
    "I002": (Severity.INFO, "document waiting for review, with its reason"),
}


class Finding(NamedTuple):
    """One observation about one place: a file, and a line when known."""

    path: str
    line: int | None
    code: str
    message: str

    @property
    def severity(self) -> Severity:
        return CODES[self.code][0]

    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.path, self.line or 0, self.code, self.message)


def finding(code: str, path: str, message: str, line: int | None = None) -> Finding:
    """Build a finding, refusing codes that are not registered."""
    if code not in CODES:
        raise KeyError(f"unknown finding code {code!r}")
    return Finding(path=path, line=line, code=code, message=message)
