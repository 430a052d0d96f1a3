"""Connect agent tools to a project: the pointer, the skills, the commands, the MCP entry.

:func:`install` merges mdbrain's part into each file the chosen tools read
(:mod:`mdbrain.core.agent_tools` says which, :mod:`mdbrain.core.agent_files`
and :mod:`mdbrain.core.mcp_config` how) and writes only the files whose bytes
change, so a second install touches nothing. :func:`status` says the same
without writing: per tool, what is current, missing, stale, or left alone.

Project files are read and written under the folder of the ``.rag`` marker,
user files (``user_level``) under the home folder, each through
:mod:`mdbrain.store.files`: confined to that folder, links leading out refused,
atomic replacement. Without a list of tools, the tools the folder already uses
are chosen (by their files), or every tool when it shows none.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import agent_tools
from mdbrain.core.agent_files import Merge, State
from mdbrain.core.agent_tools import AGENTS_FILE, Artifact, Kind
from mdbrain.core.errors import GitError, InvalidRequestError, UnsafePathError
from mdbrain.store import files, location

MAX_BYTES = 8 * 1024 * 1024  # an agent's settings file larger than this is left alone
CODEX_CAP = 32 * 1024  # Codex reads at most this much of the AGENTS.md files together
_DONE = frozenset({State.CURRENT})


@dataclass(frozen=True, slots=True)
class Item:
    kind: str  # pointer, skill, command, mcp
    path: str  # from the project folder, or ~/... at user level
    state: State  # as found, before anything was written
    changed: bool  # written by this install (or, with dry_run, would be)
    note: str = ""


@dataclass(frozen=True, slots=True)
class ToolReport:
    name: str
    label: str
    items: tuple[Item, ...]
    note: str  # what is left to do by hand once installed

    @property
    def complete(self) -> bool:
        """Whether every item is (or, after this install, will be) as install writes it."""
        return all(i.state in _DONE or i.changed for i in self.items)


@dataclass(frozen=True, slots=True)
class IntegrationReport:
    folder: Path  # the project folder, or the home folder at user level
    user_level: bool
    detected: bool  # the tools were chosen by their files, not named
    installing: bool  # an install (False: a status)
    dry_run: bool
    tools: tuple[ToolReport, ...]
    notes: tuple[str, ...]
    ignored: tuple[str, ...] = ()  # files of the project the tools read that git ignores

    @property
    def written(self) -> tuple[str, ...]:
        """The files this install wrote (would write, with dry_run), each once."""
        seen = dict.fromkeys(i.path for t in self.tools for i in t.items if i.changed)
        return tuple(seen)

    @property
    def complete(self) -> bool:
        return all(t.complete for t in self.tools)


def project_of(start: Path) -> Path:
    """The project folder: where the ``.rag`` marker at or above ``start`` lies."""
    return location.locate(start, require_root=False).project


def chosen(names: Sequence[str] | None, folder: Path, *, user_level: bool = False) -> list[str]:
    """The tools named (checked), or those the folder uses, or every tool."""
    if names:
        wanted: list[str] = []
        for raw in names:
            for name in (n.strip().lower() for n in raw.split(",")):
                if name == "all":
                    wanted.extend(agent_tools.NAMES)
                elif name not in agent_tools.TOOLS:
                    known = ", ".join(agent_tools.NAMES)
                    raise InvalidRequestError(
                        f"unknown agent tool {name!r}; choose among {known} (or all)",
                        field="for",
                    )
                elif name:
                    wanted.append(name)
        return [n for n in agent_tools.NAMES if n in wanted]
    found = agent_tools.detect(_exists(folder), user_level=user_level)
    return list(found or agent_tools.NAMES)


def install(
    folder: Path,
    *,
    tools: Sequence[str] | None = None,
    user_level: bool = False,
    dry_run: bool = False,
) -> IntegrationReport:
    """Merge mdbrain's part into every file the tools read; write only what changes."""
    return _survey(folder, tools, user_level=user_level, write=True, dry_run=dry_run)


def status(
    folder: Path, *, tools: Sequence[str] | None = None, user_level: bool = False
) -> IntegrationReport:
    """What is installed for each tool, missing, stale, or left alone; writes nothing."""
    return _survey(folder, tools, user_level=user_level, write=False, dry_run=False)


def _survey(
    folder: Path,
    tools: Sequence[str] | None,
    *,
    user_level: bool,
    write: bool,
    dry_run: bool,
) -> IntegrationReport:
    """Every artifact of the chosen tools, as found, written when ``write``."""
    exists = _exists(folder)
    names = chosen(tools, folder, user_level=user_level)
    artifacts = agent_tools.plan(names, exists, user_level=user_level)
    detected = not tools and bool(agent_tools.detect(exists, user_level=user_level))
    return _run(
        folder,
        names,
        artifacts,
        detected=detected,
        user_level=user_level,
        write=write,
        dry_run=dry_run,
    )


def install_pointer(project: Path, *, tools: Sequence[str] | None = None) -> IntegrationReport:
    """The always-on pointer only: the AGENTS.md section, and the CLAUDE.md or GEMINI.md
    import for the tools named, or else for those the project shows it uses. Meant for
    the end of ``mdbrain init``; writes nothing that is already there."""
    names = chosen(tools, project) if tools else list(agent_tools.detect(_exists(project)))
    if not names:  # AGENTS.md alone, which these tools read as it is
        names = [n for n, tool in agent_tools.TOOLS.items() if tool.pointer is None]
    artifacts = agent_tools.pointer_plan(names)
    return _run(
        project, names, artifacts, detected=not tools, user_level=False, write=True, dry_run=False
    )


def _exists(folder: Path) -> agent_tools.Exists:
    return lambda rel: os.path.lexists(folder / rel)


def _run(
    folder: Path,
    names: Sequence[str],
    artifacts: Sequence[Artifact],
    *,
    detected: bool,
    user_level: bool,
    write: bool,
    dry_run: bool,
) -> IntegrationReport:
    done: dict[str, Item] = {}  # path -> item: a file several tools read is merged once
    for artifact in artifacts:
        if artifact.path not in done:
            done[artifact.path] = _merge_one(folder, artifact, user_level, write, dry_run)
    ignored = () if user_level else _ignored(folder, done.values())
    reports = []
    for name in names:
        tool = agent_tools.TOOLS[name]
        items = tuple(done[a.path] for a in artifacts if a.tool == name)
        reports.append(ToolReport(name, tool.label, items, tool.note))
    return IntegrationReport(
        folder=folder,
        user_level=user_level,
        detected=detected,
        installing=write,
        dry_run=dry_run,
        tools=tuple(reports),
        notes=() if user_level else (*_notes(folder, names), *map(_ignored_note, ignored)),
        ignored=ignored,
    )


def _merge_one(
    folder: Path, artifact: Artifact, user_level: bool, write: bool, dry_run: bool
) -> Item:
    shown = f"~/{artifact.path}" if user_level else artifact.path
    if artifact.kind is Kind.POINTER and _same_file(folder, artifact.path, AGENTS_FILE):
        return Item(artifact.kind.value, shown, State.CURRENT, False, "the same file as AGENTS.md")
    try:
        existing = _read(folder, artifact.path)
        merge = artifact.merge(existing) if isinstance(existing, str | None) else existing
        changed = merge.text is not None and merge.state in (State.MISSING, State.STALE)
        if changed and write and not dry_run:
            files.write(folder, artifact.path, merge.text or "")
    except UnsafePathError as error:
        return Item(artifact.kind.value, shown, State.REFUSED, False, error.message)
    return Item(artifact.kind.value, shown, merge.state, changed and write, merge.note)


def _same_file(folder: Path, rel: str, other: str) -> bool:
    """Whether ``rel`` is another name of ``other`` (a CLAUDE.md linked to AGENTS.md...)."""
    if rel == other:
        return False
    return os.path.realpath(folder / rel) == os.path.realpath(folder / other)


def _read(folder: Path, rel: str) -> str | Merge | None:
    """The text of ``rel`` under ``folder``; None when absent; a Merge saying why it is
    left alone when it cannot be read as text."""
    if not os.path.lexists(files.locate(folder, rel)):
        return None
    data = files.read(folder, rel, limit=MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        return Merge(State.MANUAL, note=f"larger than {MAX_BYTES // 1024 // 1024} MB: left alone")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Merge(State.MANUAL, note="not UTF-8 text: left alone")


def _ignored(project: Path, items: Iterable[Item]) -> tuple[str, ...]:
    """The files of the project the tools read that git ignores: written or found, they
    stay on this machine, and the rest of the team never gets them."""
    from mdbrain.store import git

    paths = [i.path for i in items if i.state is not State.REFUSED]
    if not paths:
        return ()
    repository = git.Git(project)
    try:
        if repository.toplevel() is None:
            return ()
        return tuple(repository.ignored(paths))
    except GitError:
        return ()


def _ignored_note(path: str) -> str:
    return (
        f"{path} is ignored by git (.gitignore): it stays on this machine; take it out of"
        f" .gitignore, or add it with git add -f {path}, for the team to share it"
    )


def _notes(project: Path, names: Sequence[str]) -> tuple[str, ...]:
    """What the files of the project say that a person should know."""
    notes = []
    if "codex" in names and os.path.lexists(project / "AGENTS.override.md"):
        notes.append("AGENTS.override.md exists: Codex reads it instead of AGENTS.md here.")
    agents = project / AGENTS_FILE
    try:
        size = agents.stat().st_size
    except OSError:
        size = 0
    if "codex" in names and size > CODEX_CAP:
        notes.append(
            f"AGENTS.md is over {CODEX_CAP // 1024} KiB: Codex reads only its beginning, so "
            "move the mdbrain section up."
        )
    return tuple(notes)
