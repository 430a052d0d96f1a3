"""Findings: what a scan or a check has to say about one place in the base.

A finding is data, never prose to parse: adapters decide how to show it.
Codes are stable; their meaning is listed in :data:`CODES`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


# Code -> (severity, one-line meaning). Codes from E001 to W005 keep the meaning
# the file-format specification gives them; the others are mdbrain's own.
CODES: dict[str, tuple[Severity, str]] = {
    "E001": (Severity.ERROR, "file or folder name breaks the naming convention (a-z0-9-)"),
    "E002": (Severity.ERROR, "frontmatter missing, unparseable, or a required field absent"),
    "E003": (Severity.ERROR, "field value outside its allowed set"),
    "E004": (Severity.ERROR, "summary longer than summary_max"),
    "E005": (Severity.ERROR, "file is not valid UTF-8 text"),
    "W001": (Severity.WARNING, "link or related entry points to no document"),
    "W002": (Severity.WARNING, "orphan: no document links to it"),
    "W003": (Severity.WARNING, "impl_ref points to no file"),
    "W004": (Severity.WARNING, "stable document not updated for too long"),
    "W005": (Severity.WARNING, "derived index out of date with the documents"),
    "W006": (Severity.WARNING, "link leaves the knowledge root"),
    "W007": (Severity.WARNING, "symbolic link skipped"),
    "I001": (Severity.INFO, "byte-order mark ignored"),
}


@dataclass(frozen=True, slots=True)
class Finding:
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
