"""Teams on git: the derived files never cause merge pain.

:func:`install` sets up the repository holding the base in three parts, each
merged into what is there and written only when its bytes change, so that a
second install writes nothing:

* a marked block in the knowledge root's ``.gitattributes`` naming the derived
  files and ANCHORS.lock generated (``linguist-generated=true``) and merged by
  the ``mdbrain`` driver (``merge=mdbrain``); other lines are kept as they are;
* the driver itself, in the repository's own git config (``merge.mdbrain.*``);
* a marked block in the ``pre-merge-commit``, ``post-merge`` and ``pre-commit``
  hooks (in the folder ``core.hooksPath`` names, when set), inserted after the
  first line of an existing shell hook; a hook in another language is left
  alone, and the report says what to add to it.

:func:`merge_file` is the driver's work: a derived file is kept as one side has
it (the hooks regenerate it before the merge is committed), ANCHORS.lock is
merged entry by entry (:mod:`mdbrain.core.lock_merge`), and a file that
mdbrain did not write is merged as text by git. :func:`run_hook` is the hooks'
work: regenerate the derived files and stage them, before a merge commit or a
commit that concludes a merge, and (git having built the merge commit's tree
before its hook ran) put them into the merge commit just made.
"""

from __future__ import annotations

import enum
import os
import posixpath
import shlex
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mdbrain.core import folder_overview, indexes, lock_merge
from mdbrain.core.errors import (
    GitError,
    InvalidRequestError,
    MdbrainError,
    RefusedError,
    UnsafePathError,
)
from mdbrain.service.brain import Brain
from mdbrain.service.indexing import IndexReport
from mdbrain.store import anchor_lock, files, location
from mdbrain.store.git import Git
from mdbrain.store.location import Location

DRIVER = "mdbrain"


def invocation() -> str:
    """How git should run mdbrain: ``mdbrain`` when it is on PATH, else this very
    installation by the absolute path of its Python (a virtual environment that is not
    activated), so that the driver and the hooks never miss it."""
    if shutil.which("mdbrain"):
        return "mdbrain"
    return f"{shlex.quote(sys.executable)} -m mdbrain"


def config(command: str) -> dict[str, str]:
    """The repository settings of the merge driver, run as ``command``."""
    return {
        f"merge.{DRIVER}.name": "mdbrain: derived files kept then regenerated, ANCHORS.lock "
        "by entry",
        f"merge.{DRIVER}.driver": f"{command} git merge-file %O %A %B %P",
    }


HOOKS = ("pre-merge-commit", "post-merge", "pre-commit", "post-rewrite")
NOTE = "mdbrain-merge"  # in the git folder: from pre-merge-commit to post-merge
_COMMIT = "mdbrain-merge.commit"  # in the git folder, for a moment: the commit rewritten
ATTRIBUTES = ".gitattributes"
START = "# mdbrain:start"
END = "# mdbrain:end"
MAX_BYTES = 1 << 20  # a hook or attributes file larger than this is left alone
# What git leaves while a merge (or a pick, a revert, a squash) waits for its commit.
_IN_PROGRESS = ("MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "SQUASH_MSG")
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "ash", "mksh"})


class State(enum.StrEnum):
    CURRENT = "current"  # installed, as install would write it now
    MISSING = "missing"  # not there yet
    STALE = "stale"  # mdbrain's part differs from what install would write now
    MANUAL = "manual"  # left alone: the note says why, ``add`` what to add by hand


@dataclass(frozen=True, slots=True)
class Part:
    kind: str  # attributes, config, hook
    name: str  # a file (from the repository top when inside it) or a config key
    state: State  # as found, before anything was written
    changed: bool  # written by this install (with dry_run: would be)
    note: str = ""
    add: str = ""  # with State.MANUAL: the lines to add by hand


@dataclass(frozen=True, slots=True)
class GitSetup:
    """What ``git install`` did (or would do), or what ``git status`` found."""

    repository: Path  # the top of the working tree
    root: str  # the knowledge root, from the repository top
    hooks: str  # the hooks folder, from the repository top when inside it
    installing: bool
    dry_run: bool
    parts: tuple[Part, ...]

    @property
    def complete(self) -> bool:
        """Whether every part is (or, after this install, will be) as install writes it."""
        return all(p.state is State.CURRENT or p.changed for p in self.parts)


@dataclass(frozen=True, slots=True)
class MergeOutcome:
    path: str  # the file being merged, from the repository top
    clean: bool  # False: a conflict for git to report
    how: str


@dataclass(frozen=True, slots=True)
class HookReport:
    hook: str
    acted: bool
    reason: str
    staged: tuple[str, ...] = ()  # paths from the repository top
    index: IndexReport | None = None


@dataclass(frozen=True, slots=True)
class _Place:
    where: Location
    top: Path
    hooks: Path
    label: str  # the project folder from the repository top ("." when the same)


# --- install and status ----------------------------------------------------------


def install(start: Path, *, dry_run: bool = False) -> GitSetup:
    """Set up the repository of the base at ``start``; write only what changes."""
    return _setup(_place(start), write=not dry_run, installing=True, dry_run=dry_run)


def status(start: Path) -> GitSetup:
    """Which parts are installed, missing, stale or left for a hand; writes nothing."""
    return _setup(_place(start), write=False, installing=False, dry_run=False)


def _place(start: Path) -> _Place:
    where = location.locate(start)
    top = Git(where.project).toplevel()
    if top is None:
        raise InvalidRequestError(
            f"{where.project} is not in a git repository: run 'git init' there first",
            field="repository",
        )
    hooks = top / (Git(top)._run("rev-parse", "--git-path", "hooks") or ".git/hooks").strip()
    label = _relative(where.project, top)
    if any(c in label for c in "\r\n"):
        raise InvalidRequestError(f"{label!r}: a line break in a folder name", field="project")
    return _Place(where, top, hooks, label)


def _relative(path: Path, top: Path) -> str:
    """``path`` from the repository top ('.' for the top), or absolute when outside it."""
    real = os.path.realpath(path)
    rel = os.path.relpath(real, os.path.realpath(top))
    return real if rel == os.pardir or rel.startswith(os.pardir + os.sep) else Path(rel).as_posix()


def _setup(place: _Place, *, write: bool, installing: bool, dry_run: bool) -> GitSetup:
    parts = [_attributes(place, write), *_config(place, write)]
    parts += [_hook(place, hook, write) for hook in HOOKS]
    return GitSetup(
        repository=place.top,
        root=_relative(place.where.root, place.top),
        hooks=_relative(place.hooks, place.top),
        installing=installing,
        dry_run=dry_run,
        parts=tuple(p if installing else _unchanged(p) for p in parts),
    )


def _unchanged(part: Part) -> Part:
    return Part(part.kind, part.name, part.state, False, part.note, part.add)


def _attributes(place: _Place, write: bool) -> Part:
    root = place.where.root
    shown = _relative(root / ATTRIBUTES, place.top)
    names = place.where.config.index
    wanted = [names.overview, names.manifest, names.relations, anchor_lock.NAME]
    patterns = [_pattern("/", name) for name in wanted]
    patterns.insert(3, _pattern("/*/", names.manifest))
    lines = [f"{pattern} linguist-generated=true merge={DRIVER}" for pattern in patterns]
    # documents, not derived: the driver merges them as text, unless both sides are the
    # overview write made of a new folder (two branches that each wrote a page there)
    pages = [folder_overview.NAME, *(_pattern("/", n) for n in OVERVIEWS[1:])]
    block = [
        START,
        "# Written by 'mdbrain git install'; replaced when it runs again. mdbrain writes",
        "# these files: folded in code review, merged without conflict by its driver.",
        *(f"{page} merge={DRIVER}" for page in pages),
        *lines,
        END,
    ]
    try:
        existing = _read(root, ATTRIBUTES)
    except MdbrainError as error:
        return Part("attributes", shown, State.MANUAL, False, error.message, "\n".join(block))
    text: str | None
    if existing is None:
        state, text, note = State.MISSING, "\n".join(block) + "\n", ""
    else:
        state, text, note = _merge_block(existing, block, after_first_line=False)
    if write and text is not None:
        files.write(root, ATTRIBUTES, text)
    add = "\n".join(block) if state is State.MANUAL else ""
    return Part("attributes", shown, state, text is not None, note, add)


def _pattern(folder: str, name: str) -> str:
    """A gitattributes pattern for the file ``name`` in ``folder`` (itself a pattern)."""
    escaped = folder + "".join(f"\\{c}" if c in "\\*?[" else c for c in name)
    if any(c.isspace() or c == '"' for c in escaped):
        return '"' + escaped.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return escaped


def _config(place: _Place, write: bool) -> list[Part]:
    repo = Git(place.top)
    out = repo._run("config", "--local", "-z", "--list") or ""
    found = {}
    for item in out.split("\0"):
        key, _, value = item.partition("\n")
        found[key] = value
    parts = []
    command = invocation()
    for key, value in config(command).items():
        state = State.MISSING if key not in found else State.CURRENT
        if key in found and found[key] != value:
            state = State.STALE
        if write and state is not State.CURRENT:
            repo._run("config", "--local", key, value)
        note = ""
        if key.endswith(".driver") and command != "mdbrain":
            note = f"mdbrain is not on PATH: git runs it as {command}"
        parts.append(Part("config", key, state, state is not State.CURRENT, note))
    return parts


def _hook(place: _Place, hook: str, write: bool) -> Part:
    folder, rel = place.hooks.parent, f"{place.hooks.name}/{hook}"
    shown = _relative(place.hooks / hook, place.top)
    block = _hook_block(hook, place.label, invocation())
    add = "\n".join(block)
    try:
        existing = _read(folder, rel)
    except MdbrainError as error:
        return Part("hook", shown, State.MANUAL, False, error.message, add)
    text: str | None
    if existing is None:
        state, text, note = State.MISSING, "\n".join(["#!/bin/sh", *block]) + "\n", ""
    elif not _is_shell(existing):
        return Part(
            "hook", shown, State.MANUAL, False, "not a shell script: add these lines by hand", add
        )
    elif not os.access(place.hooks / hook, os.X_OK):
        note = "not executable, so git does not run it: make it executable, then install again"
        return Part("hook", shown, State.MANUAL, False, note, add)
    else:
        state, text, note = _merge_block(existing, block, after_first_line=True)
    if write and text is not None:
        path = files.write(folder, rel, text)
        if existing is None:
            mode = path.stat().st_mode & 0o777
            path.chmod(mode | (mode & 0o444) >> 2)  # executable by whoever may read it
    return Part("hook", shown, state, text is not None, note, add if state is State.MANUAL else "")


def _hook_block(hook: str, label: str, command: str = "mdbrain") -> list[str]:
    found = (
        "command -v mdbrain >/dev/null 2>&1"
        if command == "mdbrain"
        else f"[ -x {shlex.quote(sys.executable)} ]"
    )
    return [
        f"{START} {label}",
        "# Written by 'mdbrain git install'; replaced when it runs again. Regenerates the",
        "# derived files of the knowledge base and stages them before a merge is committed",
        "# (after a rebase: puts them into the commit it ended on).",
        "# Does nothing where mdbrain is not installed or the base has no .rag marker.",
        f"if {found}; then",
        f'  {command} -C {shlex.quote(label)} git hook {hook} "$@" || exit 1',
        "fi",
        f"{END} {label}",
    ]


def _is_shell(text: str) -> bool:
    first = text.split("\n", 1)[0].strip()
    words = first[2:].split() if first.startswith("#!") else []
    if words and os.path.basename(words[0]) == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    return bool(words) and os.path.basename(words[0]) in _SHELLS


def _read(folder: Path, rel: str) -> str | None:
    """The text of ``rel`` under ``folder``; None when absent. Refused (an error saying
    why) when it is a link leading out, not a regular file, too large or not UTF-8."""
    if not os.path.lexists(files.locate(folder, rel)):
        return None
    data = files.read(folder, rel, limit=MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise UnsafePathError(f"{rel} is over 1 MB: left alone", path=rel, reason="size")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnsafePathError(
            f"{rel} is not UTF-8 text: left alone", path=rel, reason="encoding"
        ) from None


def _merge_block(
    existing: str, block: Sequence[str], *, after_first_line: bool
) -> tuple[State, str | None, str]:
    """``existing`` with the marked ``block`` in it: the state found, the text to write
    (None: leave it as it is) and a note. Every other line is kept byte for byte."""
    newline = "\r\n" if "\r\n" in existing else "\n"
    lines = existing.splitlines(keepends=True)
    own = [line + newline for line in block]
    starts = [i for i, line in enumerate(lines) if line.strip() == block[0]]
    ends = [i for i, line in enumerate(lines) if line.strip() == block[-1]]
    if not starts and not ends:
        if lines and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += newline
        if after_first_line:
            return State.MISSING, "".join(lines[:1] + own + lines[1:]), ""
        gap = [newline] if lines and lines[-1].strip() else []
        return State.MISSING, "".join(lines + gap + own), ""
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        note = f"its '{block[0]}' and '{block[-1]}' lines do not pair up: keep one pair"
        return State.MANUAL, None, note
    text = "".join(lines[: starts[0]] + own + lines[ends[0] + 1 :])
    return (State.CURRENT, None, "") if text == existing else (State.STALE, text, "")


# --- the driver --------------------------------------------------------------------


def merge_file(
    base: Path, ours: Path, theirs: Path, name: str, top: Path | None = None
) -> MergeOutcome:
    """Merge one file as git's ``mdbrain`` driver: the result replaces ``ours``. ``name``
    is the file's path from ``top``, the top of the working tree (git runs its drivers
    there: the default)."""
    if PurePosixPath(name).name == anchor_lock.NAME:
        return _merge_lock(base, ours, theirs, name)
    mine, other = _text(ours), _text(theirs)
    if mine and other and indexes.is_generated(mine) and indexes.is_generated(other):
        how = "derived: this side's copy kept; the hooks regenerate it before the commit"
        return MergeOutcome(name, True, how)
    if mine and other and PurePosixPath(name).name in OVERVIEWS:
        merged = _merge_overview(base, mine, other, (top or Path.cwd()) / name)
        if merged is not None:
            files.write(ours.parent, ours.name, merged)
            return MergeOutcome(name, True, "an overview write made: the pages of both sides")
    return _merge_text(base, ours, theirs, name, "not written by mdbrain: merged as text")


# the names of the overviews ``write`` makes (:mod:`mdbrain.core.folder_overview`)
OVERVIEWS = (folder_overview.NAME, folder_overview.ROOT_NAME, folder_overview.ROOT_SPARE)


def _merge_overview(base: Path, mine: str, other: str, path: Path) -> str | None:
    """Two sides of an overview that ``write`` made and nobody changed, as one listing
    every page either side lists, less those one side dropped since the base: two
    branches that each wrote a first page in a new folder both made it. None when
    either side is a page someone wrote or completed (merged as text then)."""
    try:
        where = location.locate(path.parent)
    except MdbrainError:
        return None
    found = _relative(path, where.root)  # absolute when the file is not under the root
    if os.path.isabs(found):
        return None
    folder = posixpath.dirname(found)
    most = where.config.summary_max
    ours_ = folder_overview.listing(mine, folder, most)
    theirs_ = folder_overview.listing(other, folder, most)
    if ours_ is None or theirs_ is None:
        return None
    held = folder_overview.listing(_text(base) or "", folder, most)
    before = {page for page, _t, _s in held.pages} if held is not None else set()
    listed = [{page for page, _t, _s in side.pages} for side in (ours_, theirs_)]
    dropped = {page for page in before if not (page in listed[0] and page in listed[1])}
    # theirs first, ours over them: a title both list is as this side has it
    pages = {p[0]: p for side in (theirs_, ours_) for p in side.pages if p[0] not in dropped}
    merged = folder_overview.Listing(
        folder,
        tuple(pages[p] for p in sorted(pages)),
        ours_.lang,
        min(ours_.created, theirs_.created),
        max(ours_.updated, theirs_.updated),
    )
    return merged.text(most)


def _merge_lock(base: Path, ours: Path, theirs: Path, name: str) -> MergeOutcome:
    mine, other = _lock(ours), _lock(theirs)
    if mine is None or other is None:
        return _merge_text(base, ours, theirs, name, "a side is not a readable lock: as text")
    common = _lock(base) or {}  # unreadable: every entry counts as added on both sides
    merged = lock_merge.merge(common, mine, other)
    files.write(ours.parent, ours.name, anchor_lock.dumps(merged))
    return MergeOutcome(name, True, "merged entry by entry")


def _lock(path: Path) -> lock_merge.Lock | None:
    """The lock in ``path`` (an empty file: an empty lock); None when it is not one."""
    text = _text(path)
    try:
        return None if text is None else lock_merge.loads(text)
    except ValueError:
        return None


def _text(path: Path) -> str | None:
    try:
        return files.read_path(path).decode("utf-8")
    except (MdbrainError, UnicodeDecodeError):
        return None


def _merge_text(base: Path, ours: Path, theirs: Path, name: str, why: str) -> MergeOutcome:
    """git's own line merge, conflict markers and all, written into ``ours``."""
    labels = ("-L", f"{name} (ours)", "-L", f"{name} (base)", "-L", f"{name} (theirs)")
    places = (str(ours.absolute()), str(base.absolute()), str(theirs.absolute()))
    try:
        done = Git(ours.absolute().parent)._run("merge-file", *labels, *places)
    except GitError as error:
        said = f"; git said: {error.said}" if error.said else ""
        return MergeOutcome(name, False, f"{why}; conflict{said}")
    return MergeOutcome(name, done is not None, why)


# --- the hooks ---------------------------------------------------------------------


def run_hook(start: Path, hook: str, kind: str = "") -> HookReport:
    """The hooks' work for the base at ``start``; nothing outside a base or a repository.

    ``pre-commit``, when the commit concludes a merge (or a pick, a revert, a
    squash), and ``pre-merge-commit`` regenerate the derived files and stage
    them. git builds a merge commit's tree before ``pre-merge-commit`` runs, so
    that hook also leaves a note, and ``post-merge`` puts the staged files into
    the merge commit just made (:func:`_complete_merge`). ``post-rewrite`` after a
    rebase (``kind``, git's first argument) regenerates them and puts them into the
    commit the rebase ended on: each commit replayed kept the derived files it had,
    made before the commits it now follows.
    """
    if hook not in HOOKS:
        raise InvalidRequestError(f"{hook!r} is not one of {', '.join(HOOKS)}", field="hook")
    top = Git(start).toplevel() if start.is_dir() else None
    idle = _idle(start, top, hook, kind)
    if idle or top is None:
        return HookReport(hook, False, idle)
    repo = Git(top)
    if hook == "post-merge":
        return _complete_merge(repo)
    if hook == "pre-commit" and not _concluding(repo, top):
        return HookReport(hook, False, "not concluding a merge: nothing to do")
    with Brain.open(start) as brain:
        unsettled = [
            f"{entry.id} (line {found.line})"
            for entry in brain.manifest().entries
            for found in entry.findings
            if found.code == "E010"
        ]
        if unsettled:  # the commit would record both sides of a conflict as knowledge
            more = f" and {len(unsettled) - 3} more" if len(unsettled) > 3 else ""
            raise RefusedError(
                "git's conflict markers are still in "
                + ", ".join(unsettled[:3])
                + f"{more}: settle the conflict, then commit again"
            )
        report = brain.index()
        root = brain.root
    present = [*report.written, *report.unchanged, *report.refreshed]
    paths = [_relative(root / rel, top) for rel in present]
    gone = [_relative(root / rel, top) for rel in report.removed]
    if paths:
        repo._run("add", "--", *paths)
    if gone:
        repo._run("rm", "--cached", "--quiet", "--ignore-unmatch", "--", *gone)
    if hook == "pre-merge-commit":
        head = (repo._run("rev-parse", "--verify", "HEAD") or "").strip()
        files.write(_git_dir(repo), NOTE, "\n".join([head, *paths, *gone]) + "\n")
    if hook == "post-rewrite":
        said = _amend_head(
            repo, {*paths, *gone}, "mdbrain: derived files regenerated after a rebase"
        )
        return HookReport(hook, said is None, said or "the rebased commit holds the derived files"
                          " as regenerated", tuple(paths + gone), report)  # fmt: skip
    return HookReport(hook, True, "derived files regenerated", tuple(paths + gone), report)


def _idle(start: Path, top: Path | None, hook: str, kind: str) -> str:
    """Why the hook has nothing to do ('' when it has)."""
    if hook == "post-rewrite" and kind != "rebase":
        return f"{kind or 'a rewrite'} is not a rebase: nothing to do"
    if not start.is_dir() or location.find_marker(start) is None:
        return "no .rag marker: nothing to do"
    if top is None:
        return "not in a git repository: nothing to do"
    return ""


def _concluding(repo: Git, top: Path) -> bool:
    """Whether git is waiting for the commit that concludes a merge, pick or revert."""
    asked = [arg for name in _IN_PROGRESS for arg in ("--git-path", name)]
    out = repo._run("rev-parse", *asked) or ""
    return any((top / line).exists() for line in out.splitlines() if line)


def _git_dir(repo: Git) -> Path:
    return Path((repo._run("rev-parse", "--absolute-git-dir") or "").strip())


def _complete_merge(repo: Git) -> HookReport:
    """Put the files ``pre-merge-commit`` staged into the merge commit it preceded.

    Acts only on the note that hook left, and only when HEAD is a merge commit
    whose first parent is the HEAD the note names and the index differs from it
    in the noted files alone. The commit is written again with the index's tree
    and nothing else changed (author, committer, dates, message; a signature no
    longer valid is dropped), and HEAD moves to it.
    """
    hook, folder = "post-merge", _git_dir(repo)
    try:
        noted = files.read(folder, NOTE).decode("utf-8").splitlines()
    except (MdbrainError, UnicodeDecodeError):
        return HookReport(hook, False, "no merge commit made by this merge: nothing to do")
    files.remove(folder, NOTE)
    shown = (repo._run("show", "--no-patch", "--format=%H %T %P", "HEAD") or "").split()
    if len(shown) < 4 or not noted or shown[2] != noted[0]:
        return HookReport(hook, False, "HEAD is not the merge commit noted: left alone")
    differ = (repo._run("diff", "--cached", "--name-only", "-z", "HEAD") or "").split("\0")
    why = "mdbrain: derived files regenerated from the merged documents"
    said = _amend_head(repo, set(noted[1:]), why, merge=True)
    if said is not None:
        return HookReport(hook, False, said)
    return HookReport(hook, True, "merge commit completed", tuple(filter(None, differ)))


def _amend_head(repo: Git, allowed: set[str], why: str, *, merge: bool = False) -> str | None:
    """Write HEAD's commit again with the index's tree, when the index differs from it in
    ``allowed`` paths alone, nothing else changed (author, committer, dates, message; a
    signature no longer valid is dropped), and move HEAD to it. None when done, else
    why not."""
    what = "the merge commit" if merge else "the commit"
    head = (repo._run("rev-parse", "--verify", "HEAD") or "").strip()
    shown = (repo._run("show", "--no-patch", "--format=%T", "HEAD") or "").strip()
    tree = (repo._run("write-tree") or "").strip()
    differ = (repo._run("diff", "--cached", "--name-only", "-z", "HEAD") or "").split("\0")
    if not head or tree == shown or not set(filter(None, differ)) <= allowed:
        return f"nothing to add to {what}"
    text = _with_tree(repo._run("cat-file", "commit", head) or "", tree)
    if text is None:
        return f"{what} cannot be rewritten: commit the files"
    folder = _git_dir(repo)
    files.write(folder, _COMMIT, text)
    try:
        commit = repo._run("hash-object", "-t", "commit", "-w", "--", str(folder / _COMMIT)) or ""
    finally:
        files.remove(folder, _COMMIT)
    repo._run("update-ref", "-m", why, "HEAD", commit.strip(), head)
    return None


def _with_tree(commit: str, tree: str) -> str | None:
    """A commit object's text with another tree, its signature left out; None when the
    text may not be the commit's exact bytes (another encoding, undecodable bytes)."""
    head, blank, message = commit.partition("\n\n")
    if not blank or "\ufffd" in commit or not head.startswith("tree "):
        return None
    kept: list[str] = []
    skipping = False
    for line in head.split("\n"):
        if line.startswith(" ") and skipping:
            continue
        skipping = line.startswith(("gpgsig ", "gpgsig-sha256 "))
        if line.startswith("encoding "):
            return None
        if not skipping:
            kept.append(f"tree {tree}" if line.startswith("tree ") else line)
    return "\n".join(kept) + "\n\n" + message
