"""Lay out a :class:`CheckReport` for people, scripts, code scanning and GitHub Actions.

:data:`FORMATS` maps a format name to a renderer taking the report and the
knowledge root (to show paths the user can open). Renderers decide nothing:
they only lay out what ``Brain.check`` returned. Paths in ``text``, ``sarif``
and ``github`` are shown from the working directory; ``json`` keeps the ids
(paths from the knowledge root), as its schema says
(``knowledge/reference/check-report-json.md``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from mdbrain._version import __version__
from mdbrain.adapters.render import plural, shown_path
from mdbrain.core import findings
from mdbrain.core.findings import Finding, Severity

if TYPE_CHECKING:
    from mdbrain.service.checking import CheckReport

JSON_SCHEMA = "mdbrain.check/1"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
INFORMATION_URI = "https://pypi.org/project/mdbrain/"

_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)
_HEADINGS = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.INFO: "Info"}
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_GITHUB_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def _sorted(report: CheckReport) -> list[Finding]:
    return sorted(report.findings, key=Finding.sort_key)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if word == "info" else plural(count, word)


def summary_line(report: CheckReport) -> str:
    """``Checked 3 documents: 1 error, 2 warnings, 0 info.`` (or ``no findings``)."""
    where = f" (findings under {report.scope})" if report.scope else ""
    head = f"Checked {_plural(report.documents, 'document')}{where}"
    if not report.findings:
        return f"{head}: no findings."
    counts = ", ".join(_plural(report.count(severity), severity.value) for severity in _ORDER)
    return f"{head}: {counts}."


def _where(root: Path, item: Finding) -> str:
    path = shown_path(root, item.path)
    return f"{path}:{item.line}" if item.line is not None else path


def _repair_lines(report: CheckReport, root: Path) -> list[str]:
    return [f"repaired: {shown_path(root, r.path)} {r.action}" for r in report.repairs]


def text(report: CheckReport, root: Path) -> str:
    """For people: counts, then findings by severity and code, then the repairs made."""
    lines = [summary_line(report)]
    for severity in _ORDER:
        found = [f for f in _sorted(report) if f.severity is severity]
        if not found:
            continue
        lines += ["", _HEADINGS[severity]]
        found.sort(key=lambda f: (f.code, *f.sort_key()))
        for code, group in groupby(found, key=lambda f: f.code):
            lines.append(f"  {code} {findings.CODES[code][1]}")
            lines += [f"    {_where(root, item)}: {item.message}" for item in group]
    repairs = _repair_lines(report, root)
    if repairs:
        lines += ["", *repairs] if report.findings else repairs
    return "\n".join(lines)


def to_data(report: CheckReport) -> dict[str, Any]:
    """The ``mdbrain.check/1`` document: ids from the knowledge root, findings sorted."""
    summary = {severity.value: report.count(severity) for severity in _ORDER}
    return {
        "schema": JSON_SCHEMA,
        "documents": report.documents,
        "scope": report.scope,
        "summary": summary,
        "findings": [
            {
                "code": item.code,
                "severity": item.severity.value,
                "path": item.path,
                "line": item.line,
                "message": item.message,
            }
            for item in _sorted(report)
        ],
        "repairs": [
            {"code": repair.code, "path": repair.path, "action": repair.action}
            for repair in report.repairs
        ],
    }


def as_json(report: CheckReport, root: Path) -> str:
    """For scripts: see ``knowledge/reference/check-report-json.md`` (ids need no root)."""
    del root
    return json.dumps(to_data(report), ensure_ascii=False, indent=2)


def _uri(root: Path, doc_id: str) -> str:
    """A finding's path from the working directory as a relative URI (forward slashes)."""
    return quote(shown_path(root, doc_id).replace(os.sep, "/"), safe="/")


def sarif(report: CheckReport, root: Path) -> str:
    """For code scanning: SARIF 2.1.0, one run, every finding code declared as a rule."""
    codes = list(findings.CODES)
    rules = [
        {
            "id": code,
            "shortDescription": {"text": meaning},
            "defaultConfiguration": {"level": _SARIF_LEVEL[severity]},
        }
        for code, (severity, meaning) in findings.CODES.items()
    ]
    results = []
    for item in _sorted(report):
        physical: dict[str, Any] = {
            "artifactLocation": {"uri": _uri(root, item.path), "uriBaseId": "%SRCROOT%"}
        }
        # code-scanning services want a line on every result: a file-level finding is on line 1
        physical["region"] = {"startLine": item.line or 1}
        results.append(
            {
                "ruleId": item.code,
                "ruleIndex": codes.index(item.code),
                "level": _SARIF_LEVEL[item.severity],
                "message": {"text": item.message},
                "locations": [{"physicalLocation": physical}],
            }
        )
    log = {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "mdbrain",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(log, ensure_ascii=False, indent=2)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def github(report: CheckReport, root: Path) -> str:
    """For GitHub Actions: one workflow command per finding, then the summary line."""
    lines = []
    for item in _sorted(report):
        props = [f"file={_escape_property(shown_path(root, item.path))}"]
        if item.line is not None:
            props.append(f"line={item.line}")
        props.append(f"title={_escape_property(item.code)}")
        command = _GITHUB_COMMAND[item.severity]
        lines.append(f"::{command} {','.join(props)}::{_escape_data(item.message)}")
    last = summary_line(report)
    if report.repairs:
        last += f" Repaired: {', '.join(shown_path(root, r.path) for r in report.repairs)}."
    lines.append(last)
    return "\n".join(lines)


Renderer = Callable[["CheckReport", Path], str]

FORMATS: dict[str, Renderer] = {
    "text": text,
    "json": as_json,
    "sarif": sarif,
    "github": github,
}
