"""Whether anything changed under a folder tree, from the kernel, without walking it.

A long-lived process (the MCP server) answers many calls; walking the knowledge root
and stat-ing every document before each one costs more than most answers. On Linux,
inotify tells at once: every folder of the tree is watched, and before a call the
events the kernel queued since the last one are read without blocking. Any event (a
file written, created, moved, deleted, a folder added), or a full event queue, means
"walk again"; no event means nothing under the tree changed. New folders are watched as
they appear.

Where inotify is not available (another system, no more watches allowed), the
watcher is not made and callers walk every time, as a one-shot command does.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import struct
import sys
from pathlib import Path

_IN_NONBLOCK = 0o4000
_IN_CLOEXEC = 0o2000000
_IN_MODIFY = 0x002
_IN_ATTRIB = 0x004
_IN_CLOSE_WRITE = 0x008
_IN_MOVED_FROM = 0x040
_IN_MOVED_TO = 0x080
_IN_CREATE = 0x100
_IN_DELETE = 0x200
_IN_DELETE_SELF = 0x400
_IN_MOVE_SELF = 0x800
_IN_Q_OVERFLOW = 0x4000
_IN_ISDIR = 0x40000000
_MASK = (
    _IN_MODIFY | _IN_ATTRIB | _IN_CLOSE_WRITE | _IN_MOVED_FROM | _IN_MOVED_TO | _IN_CREATE
    | _IN_DELETE | _IN_DELETE_SELF | _IN_MOVE_SELF
)  # fmt: skip
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, length of the name that follows
_SKIPPED = (".", "_")  # folders the scan leaves out: their files are no documents


class Watcher:
    """The folders of a tree, watched by inotify. Make it with :func:`watcher`."""

    def __init__(self, fd: int, libc: ctypes.CDLL, root: Path) -> None:
        self.fd = fd
        self.libc = libc
        self.root = root
        self.folders: dict[int, Path] = {}

    def watch(self, folder: Path) -> None:
        """Watch ``folder`` and every folder under it (except those the scan leaves out)."""
        for current, dirs, _names in os.walk(folder):
            dirs[:] = [d for d in dirs if not d.startswith(_SKIPPED)]
            number = self.libc.inotify_add_watch(self.fd, os.fsencode(current), _MASK)
            if number < 0:
                raise OSError(ctypes.get_errno(), f"cannot watch {current}")
            self.folders[number] = Path(current)

    def changed(self) -> bool:
        """Whether anything happened under the tree since the last call (events drained)."""
        seen = False
        while True:
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                return seen
            if not data:
                return seen
            offset = 0
            while offset < len(data):
                number, mask, _cookie, size = _EVENT.unpack_from(data, offset)
                name = data[offset + _EVENT.size : offset + _EVENT.size + size].rstrip(b"\0")
                offset += _EVENT.size + size
                if name.startswith((b".", b"_")):
                    continue  # a hidden name (caches, temporary files): never a document
                seen = True
                if mask & _IN_Q_OVERFLOW:
                    continue  # events were lost: changed, and the caller walks anyway
                if (
                    mask & _IN_ISDIR
                    and mask & (_IN_CREATE | _IN_MOVED_TO)
                    and number in self.folders
                ):
                    folder = self.folders[number] / os.fsdecode(name)
                    if not folder.name.startswith(_SKIPPED):
                        with contextlib.suppress(OSError):
                            self.watch(folder)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)


def watcher(root: Path) -> Watcher | None:
    """A watcher of ``root``'s tree, or None where inotify cannot watch it."""
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    libc = ctypes.CDLL(name, use_errno=True)
    if not hasattr(libc, "inotify_init1"):
        return None
    fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
    if fd < 0:
        return None
    made = Watcher(fd, libc, root)
    try:
        made.watch(root)
    except OSError:  # no more watches allowed, a folder gone meanwhile...
        made.close()
        return None
    return made
