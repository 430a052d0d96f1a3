"""Safe writes: a file is replaced whole or not at all, under a lock.

A write goes to a temporary file in the same folder, is flushed to disk, then
renamed over the target, so a reader sees the old bytes or the new ones, never
half of each. Writers of one base take its lock first.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

LOCK_TIMEOUT_S = 30.0


def write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    A symbolic link is kept: the file it points to is the one replaced.
    """
    if path.is_symlink():
        path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = path.stat().st_mode & 0o777
    except FileNotFoundError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


@contextlib.contextmanager
def locked(lock_path: Path, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the base's write lock for the duration of the block."""
    import filelock  # imported here: it is slow to import and only writers need it

    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with filelock.FileLock(str(lock_path), timeout=timeout):
        yield
