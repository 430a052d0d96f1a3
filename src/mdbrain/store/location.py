"""Find the ``.rag`` marker and the knowledge root it names.

Like git looking for ``.git``, the search walks up from the start folder and
stops at the first marker. It also stops at the top of a repository: a folder
holding ``.git`` (a folder, or a file in a worktree or a submodule) and no
marker ends the search, so a repository nested in another one never answers
from the outer repository's base.

Only a regular file of at most :data:`~mdbrain.core.marker.MAX_MARKER_BYTES`
is read as a marker (a symbolic link named ``.rag`` is refused), and the root
it names must lie inside the project folder, the marker's folder, once every
symbolic link on the way is resolved: the root may be that folder itself or
any folder below it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import marker
from mdbrain.core.errors import MarkerError, NoMarkerError, NotInitialisedError
from mdbrain.core.marker import Config
from mdbrain.store import files

REPOSITORY_TOP = ".git"


@dataclass(frozen=True, slots=True)
class Location:
    marker: Path  # the .rag file
    config: Config
    root: Path  # the knowledge root, absolute

    @property
    def project(self) -> Path:
        """The folder holding the marker: where impl_refs are resolved from."""
        return self.marker.parent


def find_marker(start: Path) -> Path | None:
    """The nearest ``.rag`` at or above ``start`` within its repository, or None."""
    return _search(start)[0]


def _search(start: Path) -> tuple[Path | None, Path | None]:
    """The marker found, or None and the repository top that ended the search, if any.

    Anything named ``.rag`` but a folder is the marker, so that a symbolic link
    or a pipe in its place is refused by :func:`read_marker`, never skipped.
    """
    folder = start.absolute()
    for candidate in (folder, *folder.parents):
        path = candidate / marker.MARKER_NAME
        try:
            if not stat.S_ISDIR(path.lstat().st_mode):
                return path, None
        except OSError:
            pass
        if os.path.lexists(candidate / REPOSITORY_TOP):
            return None, candidate
    return None, None


def read_marker(path: Path) -> Config:
    """The marker's settings; a :class:`MarkerError` unless it is a small regular file."""
    where = str(path)
    try:
        info = path.lstat()
    except OSError as exc:
        raise MarkerError(f"cannot read the marker: {exc.strerror}", path=where) from None
    if stat.S_ISLNK(info.st_mode):
        raise MarkerError(
            "the marker is a symbolic link; mdbrain reads only a regular file named "
            f"{marker.MARKER_NAME}",
            path=where,
        )
    if not stat.S_ISREG(info.st_mode):
        raise MarkerError("the marker is not a regular file", path=where)
    data = _read_small(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MarkerError("the marker is not UTF-8 text", path=where) from None
    return marker.loads(text, path=where)


def _read_small(path: Path) -> bytes:
    """The bytes of a regular file of at most the marker limit, never following a link."""
    limit = marker.MAX_MARKER_BYTES
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise MarkerError("the marker is not a regular file", path=str(path))
            data = handle.read(limit + 1)
    except OSError as exc:
        raise MarkerError(f"cannot read the marker: {exc.strerror}", path=str(path)) from None
    if len(data) > limit:
        raise MarkerError(f"the marker is over the size limit of {limit:,} bytes", path=str(path))
    return data


def root_of(marker_path: Path, config: Config) -> Path:
    """The knowledge root the marker names; a :class:`MarkerError` when it leaves the project."""
    project = marker_path.parent
    root = Path(marker.resolve_root(project, str(files.expand_user(config.root))))
    why = _outside_because(project, root)
    if why is not None:
        raise MarkerError(
            f"root {config.root!r} {why}: the knowledge root must be the project folder "
            f"({project.absolute()}) or a folder inside it",
            path=str(marker_path),
            line=config.root_line,
            field="root",
        )
    return root


def _outside_because(project: Path, root: Path) -> str | None:
    """Why ``root`` is not inside ``project``, or None when it is."""
    try:
        real_project = Path(os.path.realpath(project))
        real_root = Path(os.path.realpath(root))
    except (OSError, ValueError) as exc:
        return f"cannot be resolved ({exc})"
    if real_root.is_relative_to(real_project):
        return None
    plain_project = Path(os.path.abspath(project))
    plain_root = Path(os.path.abspath(root))
    if plain_root.is_relative_to(plain_project):
        return f"leads through a symbolic link to {real_root}, outside the project"
    return f"is {real_root}, outside the project"


def locate(start: Path, *, require_root: bool = True) -> Location:
    """The base that ``start`` belongs to.

    Raises :class:`NoMarkerError` when there is no marker above ``start`` within
    its repository, :class:`MarkerError` for a bad marker or a root outside the
    project, and :class:`NotInitialisedError` when the root it names does not
    exist (unless ``require_root`` is false).
    """
    path, top = _search(start)
    if path is None:
        stop = "" if top is None else f" up to the repository top {top}"
        raise NoMarkerError(
            f"no {marker.MARKER_NAME} marker in {start.absolute()} or any folder above it"
            f"{stop}; mdbrain is off here (run 'mdbrain init' to start a knowledge base)"
        )
    config = read_marker(path)
    root = root_of(path, config)
    if require_root and not root.is_dir():
        raise NotInitialisedError(
            f"the knowledge root {root} does not exist yet: the base is not initialised "
            "(run 'mdbrain init' to create it)",
            path=str(path),
            field="root",
        )
    return Location(marker=path, config=config, root=root)
