"""Start a knowledge base: write the ``.rag`` marker and create the root."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import marker
from mdbrain.core.errors import UsageError
from mdbrain.store import files, location

if TYPE_CHECKING:
    from mdbrain.service.scanning import ScanReport


@dataclass(frozen=True, slots=True)
class InitReport:
    marker: Path
    root: Path
    created_root: bool
    wrote_marker: bool


def init_base(project: Path, root: str = "docs", *, lang: str = "en") -> InitReport:
    """Write ``project/.rag`` pointing at ``root`` and create that folder.

    Refuses to touch a base that already has documents: the marker of an existing
    base is kept as it is, and the message says what to run instead. A folder
    of Markdown files without a marker is adopted as it is.
    """
    marker_path = project / marker.MARKER_NAME
    text = marker.dumps(root, lang=lang)
    config = marker.loads(text, path=str(marker_path))  # validates root and lang
    if marker_path.exists():
        existing = location.read_marker(marker_path)
        base_root = location.root_of(marker_path, existing)
        if base_root.is_dir() and any(base_root.iterdir()):
            raise UsageError(
                f"a knowledge base already exists at {base_root}; nothing was changed. "
                "Run 'mdbrain index' to refresh its indexes, or 'mdbrain check' to validate it",
                path=str(marker_path),
            )
        base_root.mkdir(parents=True, exist_ok=True)
        return InitReport(marker_path, base_root, created_root=True, wrote_marker=False)
    base_root = location.root_of(marker_path, config)
    created = not base_root.is_dir()
    files.write(project, marker.MARKER_NAME, text)
    try:  # the root lies inside the project, reached through no link leading out
        files.make_folder(project, os.path.relpath(base_root, project))
    except BaseException:
        files.remove(project, marker.MARKER_NAME)  # nothing left behind
        raise
    return InitReport(marker_path, base_root, created_root=created, wrote_marker=True)


def init_from_code(
    project: Path, root: str = "docs", *, lang: str = "en", today: dt.date, dry_run: bool = False
) -> tuple[InitReport | None, ScanReport]:
    """Start (or extend) a base with draft documents read from the project's code.

    An existing base is kept: the scan adds drafts and never overwrites a
    document. With ``dry_run`` nothing at all is written, the marker included.
    """
    from mdbrain.service.scanning import scan_project
    from mdbrain.service.session import Session

    marker_path = project / marker.MARKER_NAME
    started: InitReport | None = None
    if marker_path.exists():
        where = location.locate(project, require_root=not dry_run)
    elif dry_run:
        config = marker.loads(marker.dumps(root, lang=lang), path=str(marker_path))
        where = location.Location(marker_path, config, location.root_of(marker_path, config))
    else:
        started = init_base(project, root, lang=lang)
        where = location.locate(project)
    session = Session(where, lambda: today)
    try:
        report = scan_project(session, dry_run=dry_run)
    finally:
        session.close()
    return started, report
