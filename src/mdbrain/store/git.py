"""What git knows about the project's files, asked in as few processes as possible.

Everything here degrades to "git knows nothing" outside a repository or when
git is not installed: callers then fall back to what the files alone say.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Protocol


class History(Protocol):
    """The part of git mdbrain uses; tests may pass a fake."""

    def toplevel(self) -> Path | None: ...

    def renames(self) -> dict[str, str]: ...


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
