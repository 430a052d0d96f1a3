"""What git knows about the project's files, asked in as few processes as possible.

Outside a repository, or where git is not installed, every question answers
"git knows nothing" and callers fall back to what the files alone say. Any
other failure is reported as what it is (:class:`~mdbrain.core.errors.GitError`
with git's own words): a repository git refuses, for "dubious ownership" say,
is not silently treated as no repository. Every call has a timeout, and values
that come from users are kept apart from git's options.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from mdbrain.core.errors import GitError, InvalidRequestError

TIMEOUT_S = 60.0
MOVED_MIN = 5  # files sharing their first day before git is asked whether they moved
MOVED_SHARE = 5  # ... and a fifth of the folder's files at least
RENAMES_MOST = 5000  # files a commit may rename for git to follow them
RENAME_ROUNDS = 3  # moves followed back, one after the other
MOVE_DAYS = 3  # days of a history whose moves are followed, those most files share
_NOT_A_REPOSITORY = "not a git repository"
_NO_COMMITS = "does not have any commits yet"
_PATHSPECS = 64  # up to this many paths asked, git log is told them


@dataclass(frozen=True, slots=True)
class Change:
    """The last change of a file: a commit, or uncommitted edits in the working tree."""

    date: dt.date
    commit: str  # short hash, or "working tree"
    subject: str


class History(Protocol):
    """The part of git mdbrain uses; tests may pass a fake."""

    def toplevel(self) -> Path | None: ...

    def renames(self, under: str = "") -> dict[str, str]: ...

    def tracked(self) -> list[str]: ...

    def last_changes(
        self, paths: Iterable[str], since: str | None = None, *, today: dt.date | None = None
    ) -> dict[str, Change]: ...


class Git:
    """The real git, run in ``folder``."""

    def __init__(self, folder: Path, *, timeout: float = TIMEOUT_S) -> None:
        self.folder = folder
        self.timeout = timeout

    def _run(self, *args: str) -> str | None:
        """git's output; None outside a repository or without git; GitError otherwise."""
        if shutil.which("git") is None:
            return None
        command = f"git {args[0]}"
        env = {**os.environ, "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}
        try:
            done = subprocess.run(
                # paths as they are: git quotes a name holding a byte past ASCII
                # ("locales/ja/\343\203\211..."), and such pages went undated
                ["git", "-c", "core.quotePath=false", "-C", str(self.folder), *args],
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                check=False,
                timeout=self.timeout,
                env=env,
            )
        except subprocess.TimeoutExpired:
            raise GitError(
                f"{command} did not answer within {self.timeout:.0f} s", command=command
            ) from None
        except OSError as exc:
            raise GitError(f"{command} could not run: {exc.strerror}", command=command) from None
        if done.returncode == 0:
            return done.stdout
        said = " ".join(done.stderr.split())
        if _NOT_A_REPOSITORY in said:
            return None
        if _NO_COMMITS in said:
            return ""  # a repository without history: nothing to tell
        raise GitError(f"{command} failed: {said or 'no message'}", command=command, said=said)

    def revision(self, value: str) -> str:
        """The commit a user's revision names, or an error: never an option for git."""
        if "\0" in value:  # git cannot even be asked
            raise InvalidRequestError(f"{value!r} holds a NUL character", field="since")
        try:
            out = self._run(
                "rev-parse", "--verify", "--quiet", "--end-of-options", value + "^{commit}"
            )
        except GitError:
            out = None
        if not out or not out.strip():
            raise InvalidRequestError(
                f"{value!r} is neither a date (YYYY-MM-DD) nor a revision of this repository",
                field="since",
            )
        return out.strip()

    def user_name(self) -> str:
        """git's ``user.name`` ('' when unset, outside git, or when git fails)."""
        try:
            out = self._run("config", "--get", "user.name")
        except GitError:
            return ""
        return (out or "").strip()

    def remotes(self) -> list[str]:
        """The addresses of the repository's remotes (none outside git, or when git fails)."""
        try:
            out = self._run("config", "--get-regexp", r"^remote\..*\.url$")
        except GitError:  # no remote: git config says so by failing
            return []
        return [line.split(" ", 1)[1] for line in (out or "").splitlines() if " " in line]

    def toplevel(self) -> Path | None:
        out = self._run("rev-parse", "--show-toplevel")
        return Path(out.strip()) if out else None

    def renames(self, under: str = "") -> dict[str, str]:
        """Old path -> newest path of every file git saw renamed, repository-relative;
        only those renamed within the folder ``under`` (from the repository's top) when
        it is given, which spares git the rename detection of the whole history.

        One ``git log`` pass, read from the oldest rename: chains (a -> b -> c) are
        followed to their end, a rename undone (a -> b, then b -> a) leaves a where it
        is and sends b back to it, and a name used again by another file (a -> b, then
        a new a -> c) names the last file that had it.
        """
        limit = ["--", f":(top){under}"] if under else []
        out = self._run(
            "log", "--diff-filter=R", "--name-status", "-M", "--format=", "--no-color", *limit
        )
        if not out:
            return {}
        names: dict[str, set[str]] = {}  # a file's name now -> the names it had before
        owner: dict[str, str] = {}  # a name a file had -> that file's name now
        for line in reversed(out.splitlines()):  # oldest first
            parts = line.split("\t")
            if len(parts) != 3 or not parts[0].startswith("R"):
                continue
            old, new = parts[1], parts[2]
            earlier = owner.get(old)
            if earlier is not None and earlier != old:  # another file had this name
                names[earlier].discard(old)
            moved = names.pop(old, set()) | {old}
            names.setdefault(new, set()).update(moved)
            owner.update(dict.fromkeys(moved, new))
        return {name: now for now, had in names.items() for name in had if name != now}

    def names_before(self, path: str) -> list[str]:
        """The names the file at ``path`` (from this folder) had before git's renames,
        from this folder too, newest first: one ``git log --follow`` of that file alone,
        not the rename detection of the whole history."""
        out = self._run(
            "log", "--follow", "--diff-filter=R", "--name-status", "-M", "--format=",
            "--no-color", "--", path,
        )  # fmt: skip
        if not out:
            return []
        prefix = self._run("rev-parse", "--show-prefix") or ""
        prefix = prefix.strip()
        found = []
        for line in out.splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[0].startswith("R") and parts[1].startswith(prefix):
                found.append(parts[1][len(prefix) :])
        return list(dict.fromkeys(found))

    def file_log(self, path: str) -> list[tuple[str, str, str, str]]:
        """(short hash, date, author, subject) of every commit touching ``path``, newest first,
        following renames; not copies: a file that began as a copy of another (one proposal
        written from the last, git's "C059") has no history of that other's."""
        out = self._run(
            "log", "--follow", "--name-status", "--format=%x00%h%x09%cs%x09%an%x09%s", "--", path
        ) or ""  # fmt: skip
        rows = []
        for record in out.split("\0")[1:]:
            head, _newline, changes = record.partition("\n")
            parts = head.split("\t", 3)
            if len(parts) == 4:
                rows.append((parts[0], parts[1], parts[2], parts[3]))
            if any(line.startswith("C") for line in changes.splitlines()):
                break  # made here by copying another file: what came before is the other's
        return rows

    def tracked(self) -> list[str]:
        """Every file git tracks, repository-relative."""
        out = self._run("ls-files", "-z")
        return [name for name in (out or "").split("\0") if name]

    def ignored(self, paths: Iterable[str]) -> list[str]:
        """Those of ``paths`` (relative to the folder) that git's ignore rules leave out."""
        asked = list(paths)
        if not asked:
            return []
        try:
            out = self._run("check-ignore", "--", *asked)
        except GitError as error:
            if not error.said:  # git says "none of them" by failing without a word
                return []
            raise
        return [line for line in (out or "").split("\n") if line]

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
            args += [f"--since={since}"] if _is_date(since) else [f"{self.revision(since)}..HEAD"]
        if 0 < len(wanted) <= _PATHSPECS and "" not in wanted and "." not in wanted:
            # git keeps to the commits touching them: not the whole history's file lists
            args += ["--", *(f":(top,literal){path}" for path in sorted(wanted))]
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

    def file_days(
        self, today: dt.date | None = None, follow: Callable[[str], bool] | None = None
    ) -> dict[str, tuple[dt.date, dt.date]]:
        """The first and last commit days of every file committed under this folder, by
        its path from the folder, in one pass over the history (renames not followed:
        a file's history starts where it got its name, unless a folder's move gave it,
        and ``follow`` accepts it: see :meth:`_before_moves`); a file with uncommitted
        changes was last changed ``today``. A commit that touched most of the folder's
        files gives none of them its last day (:func:`_first_and_last`); a file no other
        commit changed was last changed the day it was added: rust-lang/rfcs' pages were
        all "updated" the day every heading was made one level deeper."""
        out = self._run(
            "log", "--format=%x00%cs", "--name-only", "--no-color", "--no-renames",
            "--relative", "--", ".",
        )  # fmt: skip
        commits: list[tuple[dt.date, list[str]]] = []  # the newest first
        for line in (out or "").splitlines():
            if line.startswith("\0"):
                commits.append((dt.date.fromisoformat(line[1:].strip()), []))
            elif line and commits:
                commits[-1][1].append(line)
        days = _first_and_last(commits)
        if days:
            prefix = (self._run("rev-parse", "--show-prefix") or "").strip()
            self._before_moves(days, prefix, follow)
            now = today or dt.date.today()
            for path in self.uncommitted():
                rel = path.removeprefix(prefix) if path.startswith(prefix) else None
                if rel in days:
                    days[rel] = (days[rel][0], now)
        return days

    def days_of(self, path: str) -> tuple[dt.date, dt.date] | None:
        """The first and last days of the commits git lists for one file (a path from
        this folder), merges included: a folder merged in from another repository (a
        subtree: betagouv's les-standards/) is named only by the merge that brought it,
        which :meth:`file_days` reads no file of. None when no commit names it."""
        out = self._run("log", "--format=%cs", "--no-color", "--", path)
        days = [
            dt.date.fromisoformat(line.strip()) for line in (out or "").splitlines() if line.strip()
        ]
        return (days[-1], days[0]) if days else None

    def _before_moves(
        self,
        days: dict[str, tuple[dt.date, dt.date]],
        prefix: str,
        follow: Callable[[str], bool] | None,
    ) -> None:
        """Move back the first day of the files a folder's move gave one day (cncf/toc:
        200 proposals dated the day ``proposals/`` became ``projects/``) to the first
        day of the names git saw them renamed from, when that day is earlier. Asked only
        for the files ``follow`` accepts (all without it), when a fifth of those of a
        folder or more, five at least, share their first day (:func:`_moving_days`), and
        only of the commits of the :data:`MOVE_DAYS` days most of them share: a history
        of 20,000 commits read whole with rename detection took 16 s (microsoft/vscode-
        docs' pictures). Git errors (a history too slow to read) leave git's days as
        they are."""
        followed = {rel: d for rel, d in days.items() if follow is None or follow(rel)}
        moving = _moving_days(followed)
        if not moving:
            return
        dated = {
            rel: first
            for rel, (first, _last) in followed.items()
            if any(moving.get(folder) == first for folder in _folders_of(rel))
        }
        chosen = [day for day, _count in Counter(dated.values()).most_common(MOVE_DAYS)]
        # a name from the top -> the first name git saw it under, found so far
        moved = {prefix + rel: prefix + rel for rel, first in dated.items() if first in chosen}
        try:
            for day in chosen:
                asked = ["."]  # the folder first, then the names found, a move at a time
                for _round in range(RENAME_ROUNDS):
                    before = self._renamed_from(asked, day)
                    found = {now: before[name] for now, name in moved.items() if name in before}
                    if not found:
                        break
                    moved.update(found)
                    asked = [f":(top){name}" for name in sorted(set(found.values()))]
            oldest = {name for now, name in moved.items() if name != now}
            first = self._first_days(sorted(oldest)) if oldest else {}
        except GitError:
            return
        for now, name in moved.items():
            rel = now.removeprefix(prefix)
            if name in first and first[name] < days[rel][0]:
                days[rel] = (first[name], days[rel][1])

    def _renamed_from(self, pathspecs: list[str], day: dt.date) -> dict[str, str]:
        """The names the files of ``pathspecs`` had before a rename git saw on ``day``
        (names from the top: new -> old), all the renames of those commits read. A day on
        either side is read too: git compares a commit's time in the local time zone, its
        day was written in the committer's."""
        since, until = day - dt.timedelta(days=1), day + dt.timedelta(days=2)
        out = self._run(
            "log", "-M", f"-l{RENAMES_MOST}", "--full-diff", "--diff-filter=R", "--full-history",
            "--name-status", "--format=", "--no-color", f"--since={since.isoformat()}",
            f"--until={until.isoformat()}", "--", *pathspecs,
        )  # fmt: skip
        before: dict[str, str] = {}
        for line in (out or "").splitlines():
            parts = line.split("\t")
            if len(parts) == 3 and parts[0].startswith("R"):
                before.setdefault(parts[2], parts[1])
        return before

    def _first_days(self, names: list[str]) -> dict[str, dt.date]:
        """The first commit day of each of ``names`` (from the top), merges no longer
        holding them aside."""
        out = self._run(
            "log", "--format=%x00%cs", "--name-only", "--no-color", "--no-renames",
            "--full-history", "--", *(f":(top){name}" for name in names),
        )  # fmt: skip
        first: dict[str, dt.date] = {}
        when: dt.date | None = None
        for line in (out or "").splitlines():
            if line.startswith("\0"):
                when = dt.date.fromisoformat(line[1:].strip())
            elif line and when is not None:
                first[line] = when  # the oldest commit comes last
        return first


def _folders_of(path: str) -> Iterable[str]:
    """The folders ``path`` is in, the top ("") first: "", "docs", "docs/decisions"."""
    yield ""
    at = path.find("/")
    while at >= 0:
        yield path[:at]
        at = path.find("/", at + 1)


SWEEP_FILES = 20  # files a commit touches at least to be a sweep over a folder...
SWEEP_SHARE = 0.5  # ... and this share of the files git knows there


def _first_and_last(commits: list[tuple[dt.date, list[str]]]) -> dict[str, tuple[dt.date, dt.date]]:
    """Each file's first and last days from ``commits`` (newest first, each with the
    files it touched), the last one from the newest commit that is no sweep (a
    reformatting, a new licence header: see :meth:`Git.file_days`), else its first."""
    known = {name for _day, touched in commits for name in touched}
    sweep = max(SWEEP_FILES, SWEEP_SHARE * len(known))
    first: dict[str, dt.date] = {}
    last: dict[str, dt.date] = {}
    for day, touched in commits:
        swept = len(touched) >= sweep
        for name in touched:
            first[name] = day  # the oldest comes last
            if not swept:
                last.setdefault(name, day)
    return {name: (day, last.get(name, day)) for name, day in first.items()}


def _moving_days(days: dict[str, tuple[dt.date, dt.date]]) -> dict[str, dt.date]:
    """The folders (by their path, "" for the top) a fifth of whose files or more, five
    at least, were first committed on one day, each with that day: where a folder's
    move may have dated them. Each folder is counted on its own: adr/madr's 9 records
    moved from docs/adr/ are not a fifth of its whole repository, which an import of
    its top reads."""
    counted: dict[str, Counter[dt.date]] = {}
    for rel, (first, _last) in days.items():
        for folder in _folders_of(rel):
            counted.setdefault(folder, Counter())[first] += 1
    out = {}
    for folder, firsts in counted.items():
        day, count = firsts.most_common(1)[0]
        if count >= MOVED_MIN and count * MOVED_SHARE >= firsts.total():
            out[folder] = day
    return out


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
