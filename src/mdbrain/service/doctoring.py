"""The production checklist: is this base ready to be relied on?

:func:`diagnose` runs every check of the list and says, for each, either that
it passes or the command that fixes it. It writes nothing: the validation runs
without repairs (``check(repair=False)``), drift is measured with a dry-run
update, and the agent integrations are only looked at.

1. the ``.rag`` marker is found and valid, its root exists;
2. names follow the convention (E001);
3. every frontmatter is readable and valid (E002-E006);
4. the derived indexes match the documents (W005);
5. no link to a missing document, a missing file or a missing heading, no impl_ref to
   missing code (W001, W003, W006, W019);
6. statuses are honest: nothing the code has drifted from is still in force,
   nothing waits for review without a reason;
7. the agent tools of the repository are connected (``agents status``);
8. git tracks the marker and every document;
9. no secret (E008) and no personal data (E009) in the base.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import fields
from mdbrain.core.agent_files import State
from mdbrain.core.errors import (
    EXIT_FINDINGS,
    EXIT_OK,
    GitError,
    MarkerError,
    NoMarkerError,
    NotInitialisedError,
)
from mdbrain.core.findings import Finding
from mdbrain.core.slug import slugify
from mdbrain.service import integrations
from mdbrain.service.brain import Brain
from mdbrain.service.session import Clock
from mdbrain.store import git

FRONTMATTER = ("E002", "E003", "E004", "E005", "E006")


@dataclass(frozen=True, slots=True)
class Item:
    name: str  # a stable key: marker, names, frontmatter...
    label: str  # what is checked, for people
    ok: bool
    detail: str = ""  # what is wrong, when it is
    fix: str = ""  # the command (or the edit) that fixes it


@dataclass(frozen=True, slots=True)
class DoctorReport:
    project: Path | None
    items: tuple[Item, ...]

    @property
    def ok(self) -> bool:
        return all(item.ok for item in self.items)

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.ok else EXIT_FINDINGS


# what "links" covers: to no document, impl_refs to no code, out of the root or to no
# file, to no heading of the page they name
LINK_CODES = ("W001", "W003", "W006", "W019")

LABELS = {
    "marker": "marker found and valid",
    "names": "names (E001)",
    "frontmatter": "frontmatter (E002-E006)",
    "indexes": "derived indexes current (W005)",
    "links": "links, anchors and impl_refs (W001, W003, W006, W019)",
    "statuses": "statuses honest after drift",
    "agents": "agent integrations",
    "git": "base tracked by git",
    "secrets": "no secrets (E008)",
    "personal-data": "no personal data (E009)",
}


def diagnose(start: Path, *, clock: Clock | None = None) -> DoctorReport:
    """Every item of the checklist for the base ``start`` belongs to; writes nothing."""
    try:
        brain = Brain.open(start) if clock is None else Brain.open(start, clock=clock)
    except (NoMarkerError, NotInitialisedError) as error:
        return _without_base(error.message, "mdbrain init")
    except MarkerError as error:
        return _without_base(str(error), "correct .rag as the message says")
    with brain:
        return DoctorReport(brain.location.project, tuple(_items(brain)))


def _without_base(detail: str, fix: str) -> DoctorReport:
    first = Item("marker", LABELS["marker"], False, detail, fix)
    rest = (
        Item(name, label, False, "needs a base", "fix the marker first")
        for name, label in LABELS.items()
        if name != "marker"
    )
    return DoctorReport(None, (first, *rest))


def _items(brain: Brain) -> Iterable[Item]:
    project = brain.location.project
    found = brain.check(repair=False).findings

    def shown(item: Finding) -> str:
        return _shown(project, brain.root, item)

    marker = [f for f in found if f.code == "W015"]
    yield _item("marker", marker, shown, "remove the unknown settings from .rag")
    names = [f for f in found if f.code == "E001"]
    yield _item("names", names, shown, _rename(project, brain.root, names))
    frontmatter = [f for f in found if f.code in FRONTMATTER]
    yield _item("frontmatter", frontmatter, shown, _edit(frontmatter, shown))
    yield _item("indexes", [f for f in found if f.code == "W005"], shown, "mdbrain index")
    links = [f for f in found if f.code in LINK_CODES]
    yield _item("links", links, shown, _links_fix(links, shown))
    yield _statuses(brain)
    yield _agents(project)
    yield _git(brain)
    secrets = [f for f in found if f.code == "E008"]
    yield _item("secrets", secrets, shown, "remove it: " + _edit(secrets, shown))
    personal = [f for f in found if f.code == "E009"]
    yield _item("personal-data", personal, shown, "remove it: " + _edit(personal, shown))


def _shown(project: Path, root: Path, item: Finding) -> str:
    where = item.path if item.path.startswith(os.sep) else str(root / item.path)
    path = os.path.relpath(where, project)
    return f"{path}:{item.line}" if item.line is not None else path


def _item(name: str, found: list[Finding], shown: Callable[[Finding], str], fix: str) -> Item:
    if not found:
        return Item(name, LABELS[name], True)
    first = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return Item(name, LABELS[name], False, f"{shown(first)}: {first.message}{more}", fix)


def _links_fix(found: list[Finding], shown: Callable[[Finding], str]) -> str:
    """The commands that mend what they can (a target git saw renamed, an impl_ref whose
    code moved), then the file to edit by hand for the rest."""
    moved = [f for f in found if f.code == "W001" and "check --fix" in f.message]
    steps = ["mdbrain update --fix"] if any(f.code == "W003" for f in found) else []
    steps += ["mdbrain check --fix"] if moved else []
    mended = set(moved)
    by_hand = [f for f in found if f not in mended]
    edit = _edit(by_hand, shown)
    if not steps:
        return edit
    return " && ".join(steps) + (f", then {edit}" if edit else "")


def _edit(found: list[Finding], shown: Callable[[Finding], str]) -> str:
    if not found:
        return ""
    listing = " (mdbrain check --no-fix lists them all)" if len(found) > 1 else ""
    return f"edit {shown(found[0])}{listing}"


def _rename(project: Path, root: Path, found: list[Finding]) -> str:
    """``mdbrain mv`` for the first badly named document, or the folder to rename."""
    if not found:
        return ""
    first = found[0].path
    parts = first.split("/")
    stem, dot, suffix = parts[-1].rpartition(".")
    if dot and suffix.lower() in ("md", "markdown"):
        renamed = [*(slugify(p) for p in parts[:-1]), f"{slugify(stem)}.{suffix.lower()}"]
        return f"mdbrain mv {first} {'/'.join(renamed)}"
    folder = os.path.relpath(root / first, project)
    return f"rename the folder {folder} to {slugify(parts[-1])}, then mdbrain index"


def _statuses(brain: Brain) -> Item:
    """Nothing the code drifted from is still in force; every review has its reason."""
    try:
        drifted = [flag for flag in brain.update(dry_run=True).flagged if not flag.already]
    except GitError as error:  # one item fails, not the whole checklist
        return Item("statuses", LABELS["statuses"], False, error.message, "see what git says")
    unexplained = [
        entry.id
        for entry in brain.manifest().entries
        if entry.status == "needs-review" and not fields.text(entry.meta, "review_reason")
    ]
    label = LABELS["statuses"]
    if drifted:
        flag = drifted[0]
        more = f" (and {len(drifted) - 1} more)" if len(drifted) > 1 else ""
        detail = f"{flag.doc} is still in force but {flag.reason}{more}"
        return Item("statuses", label, False, detail, "mdbrain update")
    if unexplained:
        doc = unexplained[0]
        more = f" (and {len(unexplained) - 1} more)" if len(unexplained) > 1 else ""
        detail = f"{doc} needs review but gives no review_reason{more}"
        fix = f"check it against the code, then mdbrain verify {doc} --source <what you checked>"
        return Item("statuses", label, False, detail, fix)
    return Item("statuses", label, True)


def _agents(project: Path) -> Item:
    report = integrations.status(project)
    label = LABELS["agents"]
    missing = [
        f"{tool.name}: {item.path} {item.state.value}"
        for tool in report.tools
        for item in tool.items
        if item.state is not State.CURRENT
    ]
    if not missing and report.ignored:  # connected on this machine only
        path = report.ignored[0]
        more = f" (and {len(report.ignored) - 1} more)" if len(report.ignored) > 1 else ""
        detail = f"{path} is ignored by git{more}: the team does not get it"
        return Item("agents", label, False, detail, f"git add -f {path}, or edit .gitignore")
    if not missing:
        return Item("agents", label, True)
    if not report.detected:  # every tool was surveyed: the folder uses none of them yet
        why = "no agent tool is connected to the base yet"
        return Item("agents", label, False, why, "mdbrain agents install --for <tool>, or all")
    more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
    fixable = any(i.state in (State.MISSING, State.STALE) for t in report.tools for i in t.items)
    fix = "mdbrain agents install" if fixable else "mdbrain agents status, and do what it says"
    return Item("agents", label, False, missing[0] + more, fix)


def _git(brain: Brain) -> Item:
    project, label = brain.location.project, LABELS["git"]
    root = os.path.relpath(brain.root, project)
    repository = git.Git(project)
    try:
        if repository.toplevel() is None:
            fix = f"git init && git add .rag {root} && git commit"
            return Item("git", label, False, "the project is not in a git repository", fix)
        tracked = set(repository.tracked())
    except GitError as error:
        return Item("git", label, False, error.message, "see what git says, then run again")
    wanted = [".rag"] + [
        os.path.relpath(brain.root / entry.id, project) for entry in brain.manifest().entries
    ]
    untracked = [path for path in wanted if path.replace(os.sep, "/") not in tracked]
    if not untracked:
        return Item("git", label, True)
    more = f" (and {len(untracked) - 1} more)" if len(untracked) > 1 else ""
    detail = f"git does not track {untracked[0]}{more}"
    fix = f"git add .rag {root}"
    try:
        ignored = repository.ignored(untracked[:_IGNORED_ASKED])
    except GitError:
        ignored = []
    if ignored:
        fix += f" ({ignored[0]} is ignored by git: take it out of .gitignore first)"
    return Item("git", label, False, detail, fix)


_IGNORED_ASKED = 200  # untracked paths git is asked about, at most
