"""What git knows about the project's files, asked in as few processes as possible.

Everything here degrades to "git knows nothing" outside a repository or when
git is not installed: callers then fall back to what the files alone say.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Change:
    """The last change of a file: a commit, or uncommitted edits in the working tree."""

    date: dt.date
    commit: str  # short hash, or "working tree"
    subject: str


class History(Protocol):
    """The part of git mdbrain uses; tests may pass a fake."""

    def toplevel(self) -> Path | None: ...

    def renames(self) -> dict[str, str]: ...

    def tracked(self) -> list[str]: ...

    def last_changes(
        self, paths: Iterable[str], since: str | None = None, *, today: dt.date | None = None
    ) -> dict[str, Change]: ...


class Git:
    """The real git, run in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _run(self, *args: str) -> str | None:
        if shutil.which("git") is None:
            return None
        try:
            done = subprocess.run(
                ["git", "-C", str(self.folder), *args],
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                check=False,
            )
        except OSError:
            return None
        return done.stdout if done.returncode == 0 else None

    def toplevel(self) -> Path | None:
        out = self._run("rev-parse", "--show-toplevel")
        return Path(out.strip()) if out else None

    def renames(self) -> dict[str, str]:
        """Old path -> newest path of every file git saw renamed, repository-relative.

        One ``git log`` pass; chains (a -> b -> c) are followed to their end.
        """
        out = self._run("log", "--diff-filter=R", "--name-status", "-M", "--format=", "--no-color")
        if not out:
            return {}
        moves: dict[str, str] = {}
        for line in reversed(out.splitlines()):  # oldest first
            parts = line.split("\t")
            if len(parts) == 3 and parts[0].startswith("R"):
                old, new = parts[1], parts[2]
                moves[old] = new
        resolved = {}
        for old, first in moves.items():
            seen = {old}
            new = first
            while new in moves and new not in seen:
                seen.add(new)
                new = moves[new]
            resolved[old] = new
        return resolved

    def file_log(self, path: str) -> list[tuple[str, str, str, str]]:
        """(short hash, date, author, subject) of every commit touching ``path``, newest first,
        following renames."""
        out = self._run("log", "--follow", "--format=%h%x09%cs%x09%an%x09%s", "--", path) or ""
        rows = []
        for line in out.splitlines():
            parts = line.split("\t", 3)
            if len(parts) == 4:
                rows.append((parts[0], parts[1], parts[2], parts[3]))
        return rows

    def tracked(self) -> list[str]:
        """Every file git tracks, repository-relative."""
        out = self._run("ls-files", "-z")
        return [name for name in (out or "").split("\0") if name]

    def uncommitted(self) -> set[str]:
        """Files with changes not yet committed (staged or not), repository-relative."""
        out = self._run("status", "--porcelain", "-z", "--untracked-files=no")
        found = set()
        for item in (out or "").split("\0"):
            if len(item) > 3:
                found.add(item[3:])
        return found

    def last_changes(
        self, paths: Iterable[str], since: str | None = None, *, today: dt.date | None = None
    ) -> dict[str, Change]:
        """The last commit touching each of ``paths`` (a folder: any file under it), found
        in one pass over the history.

        ``since`` limits the history to after a date (YYYY-MM-DD) or a revision.
        Uncommitted edits count as a change on ``today``.
        """
        wanted = {p.rstrip("/") for p in paths}
        found: dict[str, Change] = {}
        now = today or dt.date.today()
        for path in self.uncommitted():
            for owner in _owners(path, wanted):
                found.setdefault(owner, Change(now, "working tree", "uncommitted changes"))
        args = ["log", "--format=%x00%h%x09%cs%x09%s", "--name-only", "--no-color", "--no-renames"]
        if since:
            args += [f"--since={since}"] if _is_date(since) else [f"{since}..HEAD"]
        out = self._run(*args) or ""
        current: Change | None = None
        for line in out.splitlines():
            if line.startswith("\0"):
                commit, _, rest = line[1:].partition("\t")
                day, _, subject = rest.partition("\t")
                current = Change(dt.date.fromisoformat(day), commit, subject)
            elif line and current is not None:
                for owner in _owners(line, wanted):
                    found.setdefault(owner, current)
                if len(found) == len(wanted):
                    break
        return found


def _owners(path: str, wanted: set[str]) -> list[str]:
    """The wanted paths that ``path`` is, or lies under."""
    owners = [path] if path in wanted else []
    parent = path
    while "/" in parent:
        parent = parent.rsplit("/", 1)[0]
        if parent in wanted:
            owners.append(parent)
    return owners


def _is_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True
