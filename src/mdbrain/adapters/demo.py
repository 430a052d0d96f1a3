"""The guided demo: build a small example project and walk through mdbrain on it.

The example (a web shop's log-in, sessions and second factor, with five
documents about them) is package data in ``demo_project/``; the ``.rag`` marker
is written by :func:`~mdbrain.service.bootstrap.init_base`, as ``mdbrain init``
would. Every step is a function taking the :class:`Tour` and listed in
:data:`STEPS`, so that adding a step is one function and one line.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from mdbrain.core import marker, tokens
from mdbrain.core.errors import UsageError
from mdbrain.service.bootstrap import init_base
from mdbrain.service.brain import Brain
from mdbrain.service.indexing import IndexReport

Say = Callable[[str], None]

ROOT = "docs"
TODAY = dt.date(2026, 7, 10)  # the example's "today", a few days after its documents
WIDTH = 100  # longest line shown; longer ones are cut with an ellipsis
LOGIN = "features/login.md"
MFA = "security/mfa.md"
MOVED = "security/second-factor.md"
RULE = "rules/lockout-after-failures.md"
QUESTION = "How many failed sign-in attempts lock an account?"
OLD_DECISION = "decisions/server-side-sessions.md"
MFA_LINK = "[multi-factor authentication](../security/mfa.md)"
BROKEN = "features/password-reset.md"
BROKEN_TEXT = """\
---
title: Password reset
summary: Reset by e-mail: the link in the message works for one hour.
type: feature
status: draft
tags: [auth, password]
---

# Password reset

Starts from the [log-in](login.md) page.
"""


@dataclass
class Tour:
    """The example project being walked through, and how to speak."""

    project: Path
    say: Say
    number: int = 0

    @property
    def root(self) -> Path:
        return self.project / ROOT

    def step(self, title: str, why: str) -> None:
        self.number += 1
        self.say("")
        self.say(f"{self.number}. {title}")
        self.say(f"   {why}")

    def show(self, lines: Iterable[str], *, clip: bool = True) -> None:
        for line in lines:
            text = "     " + line
            self.say(text if len(text) <= WIDTH or not clip else text[: WIDTH - 1] + "…")

    def brain(self) -> Brain:
        """The example's base, on the example's calendar: the week its documents were written."""
        return Brain.open(self.project, clock=lambda: TODAY)

    def index(self) -> IndexReport:
        """Run ``mdbrain index`` through the service and show what it did."""
        report = self.brain().index()
        self.show([f"Indexed {report.documents} documents, dated {report.date}."])
        for label, names in (("wrote", report.written), ("unchanged", report.unchanged)):
            if names:
                self.show([f"{label:<9}  {', '.join(names)}"])
        self.show(
            (
                f"{ROOT}/{f.location()}: {f.code} {f.severity.value}: {f.message}"
                for f in report.findings
            ),
            clip=False,
        )
        return report

    def edit(self, doc_id: str, old: str, new: str) -> None:
        """Change a document the way a person would, in their editor."""
        path = self.root / doc_id
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise RuntimeError(f"demo data out of date: {old!r} not in {doc_id}")
        path.write_text(text.replace(old, new), encoding="utf-8")

    def relations(self) -> dict[str, Any]:
        text = (self.root / "RELATIONS.yaml").read_text(encoding="utf-8")
        nodes: dict[str, Any] = yaml.safe_load(text)["nodes"]
        return nodes

    def show_edges(self) -> None:
        """The login document's outgoing edges and the MFA document's incoming ones."""
        nodes = self.relations()
        rows = [(LOGIN, "links"), (LOGIN, "related"), (MFA, "linked_by")]
        for doc, key in rows:
            label = f"{doc.rsplit('/', 1)[-1]} {key}:"
            self.show([f"{label:<18} {', '.join(nodes[doc][key]) or '-'}"])


# --- the steps ------------------------------------------------------------------


def layout(tour: Tour) -> None:
    tour.step(
        "The example project and its .rag marker",
        "Source code under src/, knowledge under docs/; the .rag file at the top turns mdbrain on.",
    )
    paths = sorted(
        p.relative_to(tour.project).as_posix()
        for p in tour.project.rglob("*")
        if p.is_file() and p.name != "__init__.py"
    )
    tour.show(paths)
    tour.say(f"   {marker.MARKER_NAME}, as 'mdbrain init' writes it (first lines):")
    text = (tour.project / marker.MARKER_NAME).read_text(encoding="utf-8")
    tour.show(text.splitlines()[1:5])


def first_index(tour: Tour) -> None:
    tour.step(
        "mdbrain index",
        "Reads each document's frontmatter and links, and writes three files at the root.",
    )
    tour.index()
    for name, count in (("OVERVIEW.md", 8), ("INDEX.md", 6)):
        tour.say(f"   {ROOT}/{name}, first lines:")
        lines = [line for line in (tour.root / name).read_text("utf-8").splitlines() if line]
        tour.show([*lines[:count], "…"])
    tour.say(f"   {ROOT}/RELATIONS.yaml, the entry of {LOGIN}:")
    tour.show(_node_block(tour, LOGIN))


def _node_block(tour: Tour, doc_id: str) -> list[str]:
    """The lines of RELATIONS.yaml that describe one document, as written."""
    lines = (tour.root / "RELATIONS.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index(f"  {doc_id}:")
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):
        end += 1
    return lines[start:end]


def index_again(tour: Tour) -> None:
    tour.step(
        "mdbrain index, again",
        "Nothing changed in the documents, so nothing is rewritten: the indexes are stable.",
    )
    names = ("OVERVIEW.md", "INDEX.md", "RELATIONS.yaml")
    before = {name: (tour.root / name).read_bytes() for name in names}
    tour.index()
    same = all((tour.root / name).read_bytes() == data for name, data in before.items())
    tour.show([f"byte-identical to the previous run: {'yes' if same else 'NO'}"])


def remove_link(tour: Tour) -> None:
    tour.step(
        "A human edit: drop the link to the MFA page from the login body",
        "The 'links' edge goes with it; 'related' in the frontmatter still ties the two.",
    )
    tour.say("   before:")
    tour.show_edges()
    tour.edit(LOGIN, MFA_LINK, "multi-factor authentication")
    tour.say("   after the edit and 'mdbrain index':")
    tour.index()
    tour.show_edges()


def remove_related(tour: Tour) -> None:
    tour.step(
        "Then drop it from 'related' too",
        "No link and no 'related' entry left: the relation is gone from RELATIONS.yaml.",
    )
    tour.edit(LOGIN, f"related: [features/session.md, {MFA}]", "related: [features/session.md]")
    tour.index()
    tour.show_edges()


def broken_file(tour: Tour) -> None:
    tour.step(
        "A document with broken YAML",
        "One bad file never stops the index: the others are indexed, the finding names the line.",
    )
    (tour.root / BROKEN).write_text(BROKEN_TEXT, encoding="utf-8")
    tour.show([f"added {ROOT}/{BROKEN} (an unquoted ': ' in its summary)"])
    tour.index()
    readable = sum(entry.parsed for entry in tour.brain().manifest().entries)
    tour.show([f"INDEX.md: {readable} documents in full, and an empty row for the broken one:"])
    rows = (tour.root / "INDEX.md").read_text(encoding="utf-8").splitlines()
    tour.show(row for row in rows if row.startswith(f"| {BROKEN} "))


def check_base(tour: Tour) -> None:
    tour.step(
        "mdbrain check",
        "Every rule at once: names, fields, links, provenance, supersession, secrets.",
    )
    from mdbrain.adapters import report

    result = tour.brain().check()
    tour.show(report.text(result, Path(ROOT)).splitlines(), clip=False)
    tour.show(
        [f"exit code: {result.exit_code()} (1 means errors; --strict also fails on warnings)"]
    )


def move_doc(tour: Tour) -> None:
    tour.step(
        f"mdbrain mv {MFA} {MOVED}",
        "A rename keeps every link and relation: the documents that pointed to it follow.",
    )
    moved = tour.brain().move(MFA, MOVED, cwd=tour.root)
    others = moved.links - moved.own
    tour.show([f"updated {others} links or relations in: {', '.join(moved.rewritten)}"])
    rule = (tour.root / RULE).read_text(encoding="utf-8")
    tour.show(line for line in rule.splitlines() if MOVED.rsplit("/", 1)[-1] in line)
    broken = [f for f in tour.brain().check().findings if f.code == "W001"]
    tour.show([f"broken links after the move: {len(broken)}"])


def query_base(tour: Tour) -> None:
    tour.step(
        f'mdbrain query "{QUESTION}"',
        "Candidates from the manifest, then the best document's frontmatter and best section only.",
    )
    from mdbrain.adapters import views

    result = tour.brain().reader().query(QUESTION)
    tour.show(views.query_text(result).splitlines(), clip=True)
    whole = sum(
        tokens.estimate(p.read_text(encoding="utf-8"))
        for p in tour.root.rglob("*.md")
        if p.name not in {"INDEX.md", "OVERVIEW.md"}
    )
    tour.show([f"reading every document instead would cost about {whole} tokens"])


def brain_lifecycle(tour: Tour) -> None:
    tour.step(
        "mdbrain write, supersede, brief",
        "An agent records a new decision with its source; the old one is replaced, not erased.",
    )
    from mdbrain.service.writing import WriteRequest

    brain = tour.brain()
    written = brain.write(
        WriteRequest(
            title="Keep sessions in Redis with a one-hour idle timeout",
            summary="Sessions stay server-side, in Redis, and end after an idle hour.",
            type="decision",
            theme="decisions",
            tags=["auth", "session"],
            sources=["Incident review of 2026-07-09"],
            author="demo-agent",
            supersedes=[OLD_DECISION],
            body="# Keep sessions in Redis\n\n## Rationale\n\nThe database could not keep up.",
        )
    )
    tour.show([f"wrote {written.id}", f"status {written.status}: it names its source"])
    for replaced in written.superseded:
        tour.show([f"{replaced.old} is now deprecated and stays readable"])
    result = tour.brain().brief("session")
    tour.show([f"brief 'session': {len(result.items)} documents in force, decisions first:"])
    for item in result.items[:3]:
        tour.show(
            [f"  [{item.type}] {item.id}" + (f" (why: {item.reason})" if item.reason else "")]
        )


Step = Callable[[Tour], None]
STEPS: tuple[Step, ...] = (
    layout,
    first_index,
    index_again,
    remove_link,
    remove_related,
    broken_file,
    check_base,
    move_doc,
    query_base,
    brain_lifecycle,
)


# --- running it -----------------------------------------------------------------


def copy_tree(source: Traversable, target: Path) -> None:
    """Copy package data to disk, leaving out Python's byte-code caches."""
    target.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.name == "__pycache__" or item.name.endswith(".pyc"):
            continue
        if item.is_dir():
            copy_tree(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())


def build(project: Path) -> None:
    """Lay out the example project in ``project`` and start its knowledge base."""
    copy_tree(files("mdbrain.adapters") / "demo_project", project)
    init_base(project, ROOT, lang="en")


def walk(project: Path, say: Say, steps: Iterable[Step] = STEPS) -> None:
    build(project)
    tour = Tour(project, say)
    say("mdbrain demo: a guided tour on a small example shop (log-in, sessions, MFA).")
    for step in steps:
        step(tour)
    say("")


def check_keep(keep: Path) -> None:
    if keep.exists() and (not keep.is_dir() or any(keep.iterdir())):
        raise UsageError(
            f"--keep needs an empty or new folder, and {keep} is not empty; "
            "choose another folder (nothing was changed)"
        )


def run(keep: Path | None, say: Say) -> None:
    """Build the example in ``keep`` (or a temporary folder) and walk through it."""
    if keep is not None:
        check_keep(keep)
        walk(keep, say)
        say(f"What next: the example is kept in {keep}; cd there and run 'mdbrain index'.")
    else:
        with tempfile.TemporaryDirectory(prefix="mdbrain-demo-") as tmp:
            walk(Path(tmp) / "shop", say)
        say("What next: 'mdbrain demo --keep DIR' keeps the example to explore.")
    say("Start your own base with 'mdbrain init'; 'mdbrain --help' lists every command.")
