"""Start a knowledge base: write the ``.rag`` marker and create the root."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import marker
from mdbrain.core.errors import UsageError
from mdbrain.store import atomic, location


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
    base_root.mkdir(parents=True, exist_ok=True)
    atomic.write_text(marker_path, text)
    return InitReport(marker_path, base_root, created_root=created, wrote_marker=True)
