"""The Brain: one object per knowledge base, where every operation lives once.

Adapters (the command line, later the MCP server and the exporters) open a
Brain and call one method; they hold no logic of their own.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import indexes
from mdbrain.core.findings import Finding
from mdbrain.core.manifest import Manifest
from mdbrain.core.marker import Config
from mdbrain.store import atomic, cache, location, scan
from mdbrain.store.location import Location

Clock = Callable[[], dt.date]
_GENERATED = re.compile(r'^generated:\s*"?([0-9][0-9T:+\-.Z]*)"?\s*$', re.MULTILINE)


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What ``index`` did: files written, left alone or removed, and what it noticed."""

    documents: int
    date: str | None
    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]
    parsed: int
    findings: tuple[Finding, ...]

    @property
    def changed(self) -> bool:
        return bool(self.written or self.removed)


class Brain:
    """A knowledge base found through its ``.rag`` marker."""

    def __init__(self, where: Location, *, clock: Clock = dt.date.today) -> None:
        self.location = where
        self.clock = clock

    @classmethod
    def open(cls, start: Path | str | None = None, *, clock: Clock = dt.date.today) -> Brain:
        """The base that ``start`` (default: the working directory) belongs to."""
        return cls(location.locate(Path(start) if start is not None else Path.cwd()), clock=clock)

    @property
    def config(self) -> Config:
        return self.location.config

    @property
    def root(self) -> Path:
        return self.location.root

    def manifest(self, *, use_cache: bool = True) -> Manifest:
        """Every document's record, fresh from the files (unchanged ones come from the cache)."""
        found, _stats = scan.scan(self.root, self.config, use_cache=use_cache)
        return found

    def _date(self, found: Manifest) -> str:
        date = indexes.generation_date(found)
        if date is not None:
            return date
        # No document carries a date: keep the one already written, so that
        # regenerating does not churn; a first index takes today's.
        try:
            text = (self.root / self.config.index.relations).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        match = _GENERATED.search(text)
        return match.group(1) if match else self.clock().isoformat()

    def derived(self, found: Manifest) -> dict[str, str]:
        """The text every derived file should have, keyed by its path from the root."""
        return indexes.derive(found, self.config, self._date(found))

    def index(self) -> IndexReport:
        """Regenerate the derived indexes, writing only the files whose bytes change."""
        with atomic.locked(cache.cache_dir(self.root) / "lock"):
            found, stats = scan.scan(self.root, self.config)
            wanted = self.derived(found)
            written, unchanged = [], []
            for rel, text in sorted(wanted.items()):
                path = self.root / rel
                data = text.encode("utf-8")
                try:
                    same = path.read_bytes() == data
                except OSError:
                    same = False
                if same:
                    unchanged.append(rel)
                else:
                    atomic.write_bytes(path, data)
                    written.append(rel)
            removed = self._remove_stale_shards(wanted)
        return IndexReport(
            documents=len(found),
            date=self._date(found),
            written=tuple(written),
            unchanged=tuple(unchanged),
            removed=tuple(removed),
            parsed=stats.parsed,
            findings=tuple(found.all_findings()),
        )

    def _remove_stale_shards(self, wanted: dict[str, str]) -> list[str]:
        """Delete per-theme index shards that mdbrain wrote and no longer needs."""
        removed = []
        name = self.config.index.manifest
        for shard in sorted(self.root.glob(f"*/{name}")):
            rel = f"{shard.parent.name}/{name}"
            if rel in wanted or shard.parent.name.startswith(("_", ".")):
                continue
            try:
                text = shard.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if indexes.is_generated(text):
                shard.unlink()
                removed.append(rel)
        return removed
