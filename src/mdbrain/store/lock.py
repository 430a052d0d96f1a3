"""The base's write lock: one writer at a time, and a busy base said so within seconds.

The lock is an OS file lock (``filelock``) on ``.mdbrain/lock`` under the
knowledge root, so it is released by the kernel when its holder dies: a killed
writer never leaves a lock behind. Whoever takes it leaves a note beside it
(process, host, command, time), so that a writer kept waiting can be told who
holds the base instead of a bare timeout.

A note still there when the lock is taken was left by a holder that died: its
writes may have left temporary files, which the new holder removes from the whole
base before it starts (:func:`mdbrain.store.files.sweep_leftovers`). The cache
folder, which readers write too, is swept on every take; it holds a few files.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from mdbrain.core.errors import BusyError
from mdbrain.store import files

FOLDER = ".mdbrain"
LOCK = f"{FOLDER}/lock"
HOLDER = f"{FOLDER}/lock.holder"


def default_wait() -> float:
    """Seconds a writer waits for the lock before reporting the base busy."""
    try:
        return max(0.0, float(os.environ.get("MDBRAIN_LOCK_WAIT", "5")))
    except ValueError:
        return 5.0


def holder(root: Path) -> str:
    """Who holds the lock: as its holder wrote it down, else as the kernel knows it on
    Linux ('' when neither says)."""
    try:
        note = json.loads(files.read(root, HOLDER, limit=4096))
        return f"process {note['pid']} on {note['host']} ({note['command']}), since {note['since']}"
    except Exception:  # noqa: BLE001 - a note missing, half-written or foreign: ask the kernel
        return _from_kernel(root / LOCK)


def _from_kernel(path: Path) -> str:
    """The process holding a lock on ``path``, from /proc/locks (Linux only)."""
    try:
        inode = str(os.stat(path).st_ino)
        with open("/proc/locks", encoding="ascii", errors="replace") as table:
            rows = table.read().splitlines()
    except OSError:
        return ""
    for row in rows:
        parts = row.split()
        # "1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234 0 EOF"; waiting requests hold "->"
        if len(parts) >= 6 and parts[1] != "->" and parts[5].rsplit(":", 1)[-1] == inode:
            pid = parts[4]
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as raw:
                    argv = raw.read(512).split(b"\0")
                shown = " ".join(os.path.basename(a.decode("utf-8", "replace")) for a in argv[:2])
            except OSError:
                shown = ""
            return f"process {pid}" + (f" ({shown.strip()})" if shown.strip() else "")
    return ""


@contextlib.contextmanager
def held(root: Path, *, wait: float | None = None) -> Iterator[None]:
    """Hold the lock of the base at ``root`` for the block, or raise :class:`BusyError`."""
    import filelock  # slow to import, and only writers need it

    folder = files.make_folder(root, FOLDER)
    seconds = default_wait() if wait is None else wait
    lock = filelock.FileLock(str(folder / "lock"), timeout=seconds)
    started = time.monotonic()
    try:
        lock.acquire()
    except filelock.Timeout:
        waited = time.monotonic() - started
        who = holder(root) or "another process"
        raise BusyError(
            f"the base is busy: {who} holds its lock (waited {waited:.1f} s); retry later",
            holder=who,
            waited=waited,
            path=str(root / LOCK),
        ) from None
    except OSError as exc:  # a read-only base: the lock file cannot be made or opened
        raise files.storage_error(root / LOCK, exc, "take the base's write lock") from None
    try:
        _tidy(root, folder)
        with contextlib.suppress(Exception):  # the note is a courtesy, never a reason to fail
            files.write(root, HOLDER, _note())
        yield
    finally:
        with contextlib.suppress(Exception):
            files.remove(root, HOLDER)
        lock.release()


def _tidy(root: Path, folder: Path) -> None:
    """Remove what a writer killed while holding the lock left behind."""
    died = os.path.lexists(root / HOLDER)
    with contextlib.suppress(OSError):
        files.sweep_leftovers(root if died else folder, deep=died)


def _note() -> str:
    import socket

    # the program and its command only: later arguments may hold what a note must not
    command = " ".join([os.path.basename(sys.argv[0]) if sys.argv else "?", *sys.argv[1:2]])
    since = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return json.dumps(
        {"pid": os.getpid(), "host": socket.gethostname(), "command": command, "since": since}
    )
