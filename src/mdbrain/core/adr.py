"""Architecture decision records: recognise them and read what their status says.

Nygard records (``## Status`` then a line such as ``Superseded by [ADR012](ADR012-x.md)``),
adr-tools ones (``Supersedes [1. Record](0001-record.md)``) and MADR ones (a
``status:`` field, or a ``* Status: ...`` line) all end up as a :class:`Record`:
the record's number, its state word and the clauses of its status text. Only
``superseded by`` / ``supersedes`` (misspellings included) are supersession;
``amended by``, ``supplemented by``, ``extended by``, ``related to``... are
kept as :data:`RELATED` clauses. A record's day comes from a ``Date:`` line
near the top (``* Date: 2021-03-04`` in MADR), a ``Date`` section, its state
("Accepted on 2021-03-04") or a ``date`` field; the day a successor took over
from the clause that names it ("Superseded by ADR 12 on 2022-01-10").
Pure functions over text: nothing here reads a file.
"""

from __future__ import annotations

import datetime as dt
import functools
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from mdbrain.core import dates, links, markdown, schema

SUPERSEDED_BY: Final = "superseded_by"
SUPERSEDES: Final = "supersedes"
RELATED: Final = "related"

_NAME_NUMBER = re.compile(r"^(?:adr|decision|dr|rfc)?[-_ ]?0*(\d{1,5})(?=[-_. ]|$)", re.IGNORECASE)
_ADR_PREFIX = re.compile(r"^adr[-_ ]?\d", re.IGNORECASE)
_ADR_FOLDERS: Final = frozenset({"adr", "adrs", "decisions", "decision-records", "decision-log"})
_STATUS_HEADING = re.compile(r"^(?:status|statut)(?:\s*:\s*(.*))?$", re.IGNORECASE)
_LINKS_HEADING = re.compile(r"^links$", re.IGNORECASE)
_DECISION_HEADING = re.compile(
    r"^(?:" + "|".join(map(re.escape, (*schema.DECISION_SECTIONS, "decision made"))) + r")\W*$",
    re.IGNORECASE,
)
# what a record states before its decision (Nygard, MADR, Tyree and Akerman, French)
_CONTEXT_HEADING = re.compile(
    r"^(?:context(?: and problem statement)?|problem(?: statement)?|issue|background"
    r"|(?:considered )?(?:options|alternatives)(?: considered)?|contexte)\W*$",
    re.IGNORECASE,
)
_RECORD_TITLE = re.compile(r"\bdecision record\b|^ADR\b", re.IGNORECASE)
_DATE_HEADING = re.compile(
    r"^(?:date|decision date|date de (?:la )?décision)(?:\s*:\s*(.*))?$", re.I
)
_DATE_LINE = re.compile(
    r"^\s*(?:[-*+]\s*)?\**(?:date|decided(?: on)?|decision date|accepted(?: on)?|d[ée]cid[ée]e? le"
    r"|date de (?:la )?d[ée]cision)\**\s*:\**\s*(.+)$",
    re.IGNORECASE | re.MULTILINE,
)
_HEAD_LINES = 30
_FENCED = re.compile(r"^ {0,3}(`{3,}|~{3,}).*?(?:^ {0,3}\1[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
_STATUS_LINE = re.compile(r"^\s*(?:[-*+]\s*)?\**status\**\s*:\**\s*(.+)$", re.IGNORECASE | re.M)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_FIELD_STATE = re.compile(r"(?:proposed|accepted|rejected|su+p+er+[sc]e+ded?)\b", re.I)
_VERB = re.compile(
    r"(?P<superseded_by>\b(?:su+p+er+[sc]e+de?d|replaced|obsoleted|overridd?en)\s+by\b)"
    r"|(?P<supersedes>\b(?:su+p+er+[sc]e+de?s|replaces|obsoletes|overrides)\b)"
    r"|(?P<related>\b(?:(?:amended|supplemented|extended|complemented|refined|clarified"
    r"|modified|augmented)\s+by|amends|supplements|extends|complements|refines"
    r"|clarifies|relate[sd]\s+to|see\s+also)\b)",
    re.IGNORECASE,
)
_LINK_REF = re.compile(r"\s*\[(?P<text>[^\]]*)\]\((?P<link><[^>]*>|[^)\s]*)(?:\s+\"[^\"]*\")?\)")
_NUMBER_REF = re.compile(
    r"\s*(?P<text>(?:(?:adr|decision|record|dr)\s*[-_#:]?\s*|#\s*)?0*(?P<n>\d{1,5}))"
    r"(?![\d/.:-]\d)\b",
    re.IGNORECASE,
)
_JOIN = re.compile(r"\s*(?:\([^)]*\)\s*)?(?:,|;|&|\+|/|\band\b|\bor\b)(?:\s*and\b)?", re.I)
_DIGITS = re.compile(r"\d{1,5}")
_ADDRESS = re.compile(r"\]\([^)]*\)|<?\b[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE)
_STATES: Final = (
    ("superseded", re.compile(r"\bsu+p+er+[sc]e+ded?\b", re.I)),
    ("rejected", re.compile(r"\b(?:rejected|declined|abandoned|withdrawn)\b", re.I)),
    ("deprecated", re.compile(r"\b(?:deprecated|retired|obsolete|reverted|revoked)\b", re.I)),
    (
        "accepted",
        re.compile(r"\b(?:accepted|approved|adopted|agreed|done|decided|implemented)\b", re.I),
    ),
    ("proposed", re.compile(r"\b(?:proposed|pending|draft|open|under review|wip)\b", re.I)),
)


@dataclass(frozen=True, slots=True)
class Ref:
    """One record a clause names: by a link, a number, or both."""

    text: str  # as written: "ADR 12", "[ADR028](ADR028-x.md)"
    link: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Clause:
    kind: str  # SUPERSEDED_BY, SUPERSEDES or RELATED
    verb: str  # the words that said it: "Superseded by", "amended by"
    refs: tuple[Ref, ...]
    text: str  # the clause as written


@dataclass(frozen=True, slots=True)
class Record:
    number: int | None
    template: bool
    status: str  # the status text, comments removed, on one line
    state: str  # superseded, rejected, deprecated, accepted, proposed or ""
    clauses: tuple[Clause, ...]
    date: dt.date | None = None  # the day the record gives for itself
    ended: dt.date | None = None  # the day its "superseded by" clause gives


def number_of(path: str) -> int | None:
    """The record number a file name carries (``0012-x.md``, ``ADR012-x.md`` -> 12)."""
    stem = posixpath.basename(path).rsplit(".", 1)[0]
    match = _NAME_NUMBER.match(stem)
    return int(match.group(1)) if match else None


@functools.lru_cache(maxsize=4)
def _outlined(body: str) -> tuple[tuple[str, ...], tuple[markdown.Section, ...]]:
    """The lines and the outline of a page, read once however many of its sections are
    looked for (a page is read as a record in several passes)."""
    lines = tuple(body.split("\n"))
    return lines, markdown.outline(markdown.scan(body).headings, len(lines))


def _sections(body: str, pattern: re.Pattern[str], *, nested: bool = False) -> list[str]:
    """The text of each section whose heading matches, the rest of the heading included.

    Unless ``nested``, only a section of the record itself counts: one at the top of the
    page's outline, or right under its first heading (the title). A ``### Status``
    inside a specification's "Mappings" section is about something else."""
    lines, outline = _outlined(body)
    out = []
    for number, section in enumerate(outline):
        if not nested and any(
            o.level < section.level and section.line <= o.end for o in outline[1:number]
        ):
            continue  # inside a section other than the title's
        match = pattern.match(section.title.strip(" *_"))
        if match is not None:
            rest = (match.group(1) or "") if match.groups() else ""
            out.append("\n".join([rest, *lines[section.line : section.end]]))
    return out


def _status_sections(body: str) -> list[str]:
    """The record's Status sections: at the top of its outline or under its title; deeper
    ones only on a page that has a Decision section too (Tyree and Akerman's template
    puts Issue, Decision and Status under "Summary")."""
    found = _sections(body, _STATUS_HEADING)
    if not found and _sections(body, _DECISION_HEADING, nested=True):
        found = _sections(body, _STATUS_HEADING, nested=True)
    return found


def status_text(body: str, meta: Mapping[str, Any]) -> str:
    """What the record says about its status: a foreign ``status`` field, the
    ``Status`` section, a ``Status:`` line near the top, and MADR's ``Links`` section."""
    parts = []
    field = meta.get("status")
    if isinstance(field, str):
        parts.append(field)
    parts += _status_sections(body)
    if not parts:
        head = "\n".join(body.split("\n")[:30])
        parts += [m.group(1) for m in _STATUS_LINE.finditer(head)]
    parts += _sections(body, _LINKS_HEADING)
    text = _COMMENT.sub(" ", "\n".join(parts))
    return " ".join(text.split())


def looks_like_adr(path: str, body: str, meta: Mapping[str, Any]) -> bool:
    """A decision record: an ``ADR``-numbered name, a status section or line that gives
    a record's state or stands beside a Decision section, a status field that gives a
    state, a Decision section beside a Context section, a title that says it is one, or
    a numbered or template name in a decisions folder (``path`` is read from the
    project, so that the folder the pages came from counts).

    Any other status is a page's maturity: every page of a specification may open
    with ``**Status**: Stable`` without recording a decision."""
    name = posixpath.basename(path)
    if _ADR_PREFIX.match(name):
        return True
    if "tatus" in body:
        head = "\n".join(body.split("\n")[:_HEAD_LINES])
        stated = [*_status_sections(body), *_STATUS_LINE.findall(head)]
        if stated and (
            any(_state(_COMMENT.sub(" ", text)) for text in stated)
            or _sections(body, _DECISION_HEADING, nested=True)
        ):
            return True
    field = meta.get("status")
    if isinstance(field, str) and _FIELD_STATE.match(field.strip()):
        return True
    if _sections(body, _DECISION_HEADING, nested=True) and _sections(
        body, _CONTEXT_HEADING, nested=True
    ):
        return True  # a Decision beside its Context: a record that states no status
    outline = _outlined(body)[1]
    if outline and _RECORD_TITLE.search(outline[0].title):
        return True  # "# Architecture Decision Record: MySQL database"
    folders = {part.lower() for part in path.split("/")[:-1]}
    numbered = number_of(name) is not None or "template" in name.lower()  # MADR's adr-template.md
    return numbered and bool(folders & _ADR_FOLDERS)


def _state(text: str) -> str:
    """The state a status text gives; the targets of its links and its web addresses say
    none (``open`` in ``github.com/open-telemetry``)."""
    text = _ADDRESS.sub(" ", text)
    for name, pattern in _STATES:
        if pattern.search(text):
            return name
    return ""


def _refs(text: str) -> tuple[Ref, ...]:
    """The records named at the start of ``text``: ``ref (and|,|&) ref ...``."""
    refs: list[Ref] = []
    at = 0
    while True:
        link = _LINK_REF.match(text, at)
        if link is not None:
            target = link.group("link").strip("<>")
            found = _DIGITS.search(link.group("text"))
            number = int(found.group()) if found else number_of(target)
            refs.append(Ref(link.group(0).strip(), target, number))
            at = link.end()
        elif (bare := _NUMBER_REF.match(text, at)) is not None:
            refs.append(Ref(bare.group("text"), None, int(bare.group("n"))))
            at = bare.end()
        else:
            return tuple(refs)
        joined = _JOIN.match(text, at)
        if joined is None:
            return tuple(refs)
        at = joined.end()


def clauses(status: str) -> tuple[Clause, ...]:
    """Every supersession or related clause of a status text, in order."""
    found = list(_VERB.finditer(status))
    out = []
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(status)
        kind = match.lastgroup or RELATED
        text = status[match.start() : end].strip(" ,;.")
        out.append(Clause(kind, match.group(0), _refs(status[match.end() : end]), text))
    return tuple(out)


def is_template(path: str, status: str) -> bool:
    """A record template: its name says so, or its status lists the choices (``A | B``)."""
    if "template" in posixpath.basename(path).lower():
        return True
    choices = [part for part in re.split(r"\s*\|\s*", status) if _state(part)]
    return len(choices) >= 2


def date_of(body: str, meta: Mapping[str, Any], status: str) -> dt.date | None:
    """The day a record gives for itself: a ``Date:`` line near the top (code left
    out), a ``Date`` section, a day in its state ("Accepted on 2021-03-04"), or a
    ``date`` field."""
    head = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES]))
    for line in _DATE_LINE.finditer(head):
        found = dates.day(line.group(1))
        if found is not None:
            return found
    for text in _sections(body, _DATE_HEADING):
        found = dates.day(text.strip().split("\n\n")[0])
        if found is not None:
            return found
    verb = _VERB.search(status)
    return dates.day(status[: verb.start()] if verb else status) or dates.day(meta.get("date"))


def read(path: str, body: str, meta: Mapping[str, Any]) -> Record | None:
    """The record in a page, or None when the page is not a decision record."""
    if not looks_like_adr(path, body, meta):
        return None
    status = status_text(body, meta)
    found = clauses(status)
    verb = _VERB.search(status)
    state = _state(status[: verb.start()] if verb else status)
    if any(c.kind == SUPERSEDED_BY and c.refs for c in found):
        state = "superseded"
    ended = next((dates.day(c.text) for c in found if c.kind == SUPERSEDED_BY), None)
    template = is_template(path, status)
    day = None if template else date_of(body, meta, status)
    return Record(number_of(path), template, status, state, found, day, ended)


# --- from records to relations --------------------------------------------------------


@dataclass(slots=True)
class Resolved:
    """What the records of one import say about each other, by source path."""

    # (old, new) -> (the record that says so, its words)
    pairs: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    related: list[tuple[str, str, str]] = field(default_factory=list)  # (path, other, verb)
    unresolved: list[tuple[str, str, str]] = field(default_factory=list)  # (path, text, why)
    notes: list[str] = field(default_factory=list)


def _numbers(records: Mapping[str, Record]) -> dict[int, list[str]]:
    numbers: dict[int, list[str]] = {}
    for path, record in sorted(records.items()):
        if record.number is not None and not record.template:
            numbers.setdefault(record.number, []).append(path)
    return numbers


def _target(
    path: str, ref: Ref, find: Callable[[str], str | None], numbers: Mapping[int, list[str]]
) -> tuple[str | None, str]:
    """The source path ``ref`` names, or None and why not."""
    if ref.link is not None:
        resolved = links.resolve(path, ref.link)
        hit = find(resolved[1]) if resolved and resolved[0] is links.LinkKind.DOC else None
        if hit is not None:
            return hit, ""
    if ref.number is None:
        return None, "the link names no imported page and no record number"
    candidates = numbers.get(ref.number, [])
    same = [c for c in candidates if posixpath.dirname(c) == posixpath.dirname(path)]
    pool = same or candidates
    if len(pool) == 1:
        return pool[0], ""
    if not pool:
        return None, f"no imported record is numbered {ref.number}"
    return None, f"record number {ref.number} is ambiguous: {', '.join(pool)}"


def _clause(
    path: str,
    clause: Clause,
    find: Callable[[str], str | None],
    numbers: Mapping[int, list[str]],
    out: Resolved,
) -> None:
    if not clause.refs and clause.kind != RELATED:
        out.unresolved.append((path, clause.text, "names no record (no link, no number)"))
    for ref in clause.refs:
        target, why = _target(path, ref, find, numbers)
        if target is None or target == path:
            out.unresolved.append((path, ref.text, why or "names the record itself"))
            continue
        if ref.link is not None and not _links_to(path, ref.link, target):
            out.notes.append(f"{path}: broken link {ref.link!r} read as record {target}")
        if clause.kind == SUPERSEDED_BY:
            out.pairs.setdefault((path, target), (path, clause.text))
        elif clause.kind == SUPERSEDES:
            out.pairs.setdefault((target, path), (path, clause.text))
        else:
            out.related.append((path, target, clause.verb))
            out.notes.append(f"{path}: {clause.text!r} is not a supersession; kept as related")


def _links_to(path: str, link: str, target: str) -> bool:
    resolved = links.resolve(path, link)
    return resolved is not None and resolved[1].casefold() == target.casefold()


def resolve(records: Mapping[str, Record], find: Callable[[str], str | None]) -> Resolved:
    """Supersessions and related records the status texts state, and what could not be
    resolved. ``find`` turns a path in the source folder into an imported page's path."""
    numbers = _numbers(records)
    out = Resolved()
    for path, record in sorted(records.items()):
        if record.template:
            if record.clauses:
                why = "a template: its status lists the choices; not read"
                out.unresolved.append((path, record.status, why))
            continue
        for clause in record.clauses:
            _clause(path, clause, find, numbers, out)
        if record.state == "superseded" and not any(
            c.kind == SUPERSEDED_BY and c.refs for c in record.clauses
        ):
            out.unresolved.append((path, record.status, "superseded, but names no successor"))
    cycles = sorted(pair for pair in out.pairs if pair[::-1] in out.pairs)
    for old, new in cycles:  # each replaces the other: a human must say which
        del out.pairs[(old, new)]
        if old < new:
            out.unresolved.append((old, f"{old} <-> {new}", "each record replaces the other"))
    return out
