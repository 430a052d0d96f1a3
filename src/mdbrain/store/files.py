"""Files of a base, read and written without ever leaving it.

Every path mdbrain reads or writes under a knowledge root (documents, derived
indexes, caches, the anchors lock) or under a project (code, the marker) goes
through here, named relative to that folder:

* the path may not climb out (``..``), be absolute, or hold a NUL;
* after symbolic links are resolved it must still lie inside the folder: a
  link leading outside is refused and named, never followed;
* only regular files are read or replaced: a FIFO, a device, a socket or a
  folder in the way is refused, and reading never blocks on one;
* a write goes to a temporary file beside the target, is flushed, renamed over
  it, and the folder is flushed too, so a reader sees the old bytes or the new
  ones, never half of each, even after a crash. A link inside the base is kept:
  the file it points to is the one replaced. Permission bits of a replaced file
  are kept; a new file gets the usual ones (the process's umask applies).
  The temporary file is named ``.NAME.PID-RANDOM.tmp``: a writer killed before
  its rename leaves one behind, which :func:`sweep_leftovers` removes once that
  process is gone (the next writer of the base does, under its lock).

Errors are :class:`~mdbrain.core.errors.UnsafePathError` for what mdbrain
refuses to touch and :class:`~mdbrain.core.errors.StorageError` for what the
file system refuses (read-only, full, missing).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from mdbrain.core.errors import MdbrainError, StorageError, UnsafePathError

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
# the temporary file of a write in progress: ".NAME.PID-RANDOM.tmp"
LEFTOVER = re.compile(r"^\..+\.([0-9]{1,10})-[0-9a-f]{8}\.tmp$")


def expand_user(value: str | Path) -> Path:
    """``value`` with a leading ``~`` or ``~user`` expanded; taken as written when that
    user or the home folder is unknown (``~0`` is then a plain name, not an error)."""
    path = Path(value)
    try:
        return path.expanduser()
    except RuntimeError:
        return path


def storage_error(path: Path | str, exc: OSError, doing: str) -> StorageError:
    reason = exc.strerror or exc.__class__.__name__
    return StorageError(f"cannot {doing}: {reason}", path=str(path), reason=reason)


def _inside(real_root: str, real: str) -> bool:
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def _clean(rel: str) -> list[str]:
    """The components of a relative path, refusing what cannot be a path inside a folder."""
    if "\0" in rel:
        raise UnsafePathError(f"{rel!r} holds a NUL character", path=rel, reason="nul")
    parts = [p for p in rel.replace("\\", "/").split("/") if p not in ("", ".")]
    if rel.startswith(("/", "\\")) or ".." in parts or not parts:
        raise UnsafePathError(f"{rel!r} is not a path inside the base", path=rel, reason="outside")
    return parts


def _on_disk(folder: Path, parts: list[str]) -> Path:
    """``folder/parts``, matching a name whose accents are encoded differently on disk
    (ids are NFC; a disk may hold NFD names)."""
    path = folder.joinpath(*parts)
    if all(p.isascii() for p in parts) or os.path.lexists(path):
        return path
    current = folder
    for part in parts:
        match = current / part
        if not os.path.lexists(match) and current.is_dir():
            with contextlib.suppress(OSError), os.scandir(current) as entries:
                for candidate in entries:
                    if unicodedata.normalize("NFC", candidate.name) == part:
                        match = current / candidate.name
                        break
        current = match
    return current


def locate(folder: Path, rel: str) -> Path:
    """The path of ``rel`` under ``folder``, refused when it (or a link on the way) leaves it.

    The path returned is the one to open: a symbolic link inside the folder is
    kept, so that replacing the file keeps the link.
    """
    path = _on_disk(folder, _clean(rel))
    real_root = os.path.realpath(folder)
    real = os.path.realpath(path)
    if not _inside(real_root, real):
        link = _first_link_out(folder, path, real_root)
        raise UnsafePathError(
            f"{link} is a symbolic link to {os.path.realpath(link)}, outside the base; "
            "mdbrain does not follow it",
            path=rel,
            reason="symlink-outside",
        )
    return path


def _first_link_out(folder: Path, path: Path, real_root: str) -> Path:
    current = folder
    for part in path.relative_to(folder).parts:
        current = current / part
        if not _inside(real_root, os.path.realpath(current)):
            return current
    return path


def read(folder: Path, rel: str, *, limit: int | None = None) -> bytes:
    """The bytes of a regular file under ``folder`` (at most ``limit`` of them)."""
    return read_path(locate(folder, rel), limit=limit, shown=rel)


def read_path(path: Path, *, limit: int | None = None, shown: str = "") -> bytes:
    """The bytes of the regular file at ``path``; anything else is refused without blocking."""
    name = shown or str(path)
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        raise storage_error(name, exc, "read it") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafePathError(
                f"{name} is not a regular file ({_kind(info.st_mode)}); mdbrain does not read it",
                path=name,
                reason=_kind(info.st_mode),
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read() if limit is None else handle.read(limit)
    except OSError as exc:
        raise storage_error(name, exc, "read it") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def make_folder(folder: Path, rel: str) -> Path:
    """Create ``rel`` (and its parents) under ``folder``; a link leading outside is refused."""
    path = locate(folder, rel)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UnsafePathError(
            f"{rel} is in the way: a file where a folder should be", path=rel, reason="not-a-folder"
        ) from None
    except OSError as exc:
        raise storage_error(rel, exc, "create the folder") from None
    return path


def write(folder: Path, rel: str, data: bytes | str) -> Path:
    """Replace ``rel`` under ``folder`` with ``data``, atomically; returns the path written."""
    import secrets  # loads random and hmac: most commands never write

    payload = data.encode("utf-8") if isinstance(data, str) else data
    path = locate(folder, rel)
    target = _target(path, rel)
    parent = target.parent
    if not parent.is_dir():
        make_folder(folder, str(Path(rel).parent))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise storage_error(rel, exc, "write it") from None
    tmp = parent / f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(tmp, _CREATE_FLAGS, 0o666 if mode is None else 0o600)
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            with os.fdopen(fd, "wb", closefd=False) as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise storage_error(rel, exc, "write it") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(parent)
    return target


def _target(path: Path, rel: str) -> Path:
    """The file a write replaces: ``path`` itself, or what a link inside the base points to."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise storage_error(rel, exc, "write it") from None
    if stat.S_ISLNK(info.st_mode):
        real = Path(os.path.realpath(path))
        try:
            info = os.stat(real)
        except FileNotFoundError:
            raise UnsafePathError(
                f"{rel} is a symbolic link to {real}, which does not exist; mdbrain does not "
                "create files through links",
                path=rel,
                reason="dangling-symlink",
            ) from None
        path = real
    if not stat.S_ISREG(info.st_mode):
        kind = _kind(info.st_mode)
        raise UnsafePathError(
            f"{rel} is {kind}, not a regular file; mdbrain does not replace it",
            path=rel,
            reason=kind,
        )
    return path


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries, so that a rename survives a crash (where supported)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise storage_error(folder, exc, "flush the folder") from None
    finally:
        os.close(fd)


def write_together(folder: Path, items: Mapping[str, bytes]) -> None:
    """Write several files, each atomically, in order; should one fail (a full disk, a
    file made read-only), put back those written before it as they were and remove
    those it created, with the folders made for them, then raise. A process killed
    half-way still leaves each file whole, old or new."""
    made = {rel: _missing_folders(folder, rel) for rel in items}
    before = {
        rel: read(folder, rel) if os.path.lexists(locate(folder, rel)) else None for rel in items
    }
    touched: list[str] = []
    try:
        for rel, data in items.items():
            touched.append(rel)  # the one failing too: it may have been replaced already
            write(folder, rel, data)
    except BaseException:
        for rel in reversed(touched):
            with contextlib.suppress(OSError, MdbrainError):
                old = before[rel]
                if old is not None:
                    write(folder, rel, old)
                    continue
                remove(folder, rel)
                for name in made[rel]:
                    os.rmdir(folder / name)  # fails, and stops, on a folder not empty
        raise


def _held(folder: Path, rel: str) -> bytes | None:
    """The bytes of ``rel`` when it exists (None when it does not)."""
    return read(folder, rel) if os.path.lexists(locate(folder, rel)) else None


def _missing_folders(folder: Path, rel: str) -> list[str]:
    """The folders of ``rel`` that do not exist yet, deepest first."""
    parts = rel.split("/")[:-1]
    paths = ["/".join(parts[: depth + 1]) for depth in range(len(parts))]
    return [path for path in reversed(paths) if not (folder / path).is_dir()]


def remove(folder: Path, rel: str) -> None:
    """Delete a regular file under ``folder`` (a link inside the base: the link itself)."""
    path = locate(folder, rel)
    try:
        info = os.lstat(path)
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
            raise UnsafePathError(
                f"{rel} is {_kind(info.st_mode)}; mdbrain does not remove it",
                path=rel,
                reason=_kind(info.st_mode),
            )
        os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise storage_error(rel, exc, "remove it") from None
    _sync_folder(path.parent)


def prune_empty(folder: Path, rel: str) -> None:
    """Remove the folder ``rel`` under ``folder`` when nothing is left in it, then each
    folder above it that is left empty, up to ``folder`` itself (kept): a move out of a
    theme leaves no empty folder behind. A folder holding anything stays."""
    parts = [part for part in rel.split("/") if part]
    while parts:
        path = locate(folder, "/".join(parts))
        try:
            if os.path.islink(path):
                return
            with os.scandir(path) as entries:
                if any(entries):
                    return
            os.rmdir(path)
        except OSError:  # gone, not a folder, or written to since: left as it is
            return
        parts.pop()
        _sync_folder(path.parent)


def is_regular(folder: Path, rel: str) -> bool:
    """Whether ``rel`` is a regular file inside ``folder`` (links inside followed)."""
    try:
        path = locate(folder, rel)
    except UnsafePathError:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _gone(pid: int) -> bool:
    """Whether no process ``pid`` runs on this machine."""
    if pid <= 0 or pid == os.getpid():
        return pid <= 0
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False  # alive under another user, or a number the system refuses
    return False


def sweep_leftovers(folder: Path, *, deep: bool = True) -> list[str]:
    """Remove the temporary files that writers killed before their rename left under
    ``folder`` (its subfolders too when ``deep``); returns their paths relative to it.

    Only names of the exact shape :func:`write` gives, whose process has ended, are
    removed: a write still in progress elsewhere keeps its file. Links are not followed.
    """
    removed: list[str] = []
    pending = [folder]
    while pending:
        current = pending.pop()
        try:
            with os.scandir(current) as entries:
                items = list(entries)
        except OSError:
            continue
        for item in items:
            try:
                if item.is_dir(follow_symlinks=False):
                    if deep:
                        pending.append(Path(item.path))
                    continue
                found = LEFTOVER.match(item.name)
                if found and item.is_file(follow_symlinks=False) and _gone(int(found[1])):
                    os.unlink(item.path)
                    removed.append(Path(item.path).relative_to(folder).as_posix())
            except OSError:
                continue
    return sorted(removed)
