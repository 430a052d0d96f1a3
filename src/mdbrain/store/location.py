"""Find the ``.rag`` marker and the knowledge root it names.

Like git looking for ``.git``, the search walks up from the start folder to the
file system root and stops at the first marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import marker
from mdbrain.core.errors import MarkerError, NoMarkerError, NotInitialisedError
from mdbrain.core.marker import Config


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
    """The nearest ``.rag`` file at or above ``start``, or None."""
    folder = start.absolute()
    for candidate in (folder, *folder.parents):
        path = candidate / marker.MARKER_NAME
        if path.is_file():
            return path
    return None


def read_marker(path: Path) -> Config:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MarkerError(f"cannot read the marker: {exc.strerror}", path=str(path)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MarkerError("the marker is not UTF-8 text", path=str(path)) from None
    return marker.loads(text, path=str(path))


def root_of(marker_path: Path, config: Config) -> Path:
    return Path(marker.resolve_root(marker_path.parent, str(Path(config.root).expanduser())))


def locate(start: Path, *, require_root: bool = True) -> Location:
    """The base that ``start`` belongs to.

    Raises :class:`NoMarkerError` when there is no marker above ``start``,
    :class:`MarkerError` for a bad marker, and :class:`NotInitialisedError`
    when the root it names does not exist (unless ``require_root`` is false).
    """
    path = find_marker(start)
    if path is None:
        raise NoMarkerError(
            f"no {marker.MARKER_NAME} marker in {start.absolute()} or any folder above it; "
            "mdbrain is off here (run 'mdbrain init' to start a knowledge base)"
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
