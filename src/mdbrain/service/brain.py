"""The Brain: one object per knowledge base, where every operation lives once.

Adapters (the command line, later the MCP server and the exporters) open a
Brain and call one method; they hold no logic of their own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.service.indexing import Indexer, IndexReport
from mdbrain.store import location
from mdbrain.store.location import Location

if TYPE_CHECKING:  # loaded by the operations that need them, to keep start-up short
    from mdbrain.core.manifest import Manifest
    from mdbrain.core.marker import Config
    from mdbrain.service.briefing import Brief, History, ReviewQueue
    from mdbrain.service.checking import CheckReport
    from mdbrain.service.governance import Conflict, Governor, ResolveReport, SupersedeReport
    from mdbrain.service.importing import ImportReport
    from mdbrain.service.moving import MoveReport
    from mdbrain.service.reading import Reader
    from mdbrain.service.updating import UpdateReport
    from mdbrain.service.writing import WriteReport, WriteRequest

__all__ = ["Brain", "CheckReport", "Clock", "IndexReport", "MoveReport"]

Clock = Callable[[], dt.date]


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
        from mdbrain.store import scan

        found, _stats = scan.scan(self.root, self.config, use_cache=use_cache)
        return found

    def _indexer(self) -> Indexer:
        return Indexer(self.location, self.clock().isoformat())

    def derived(self, found: Manifest) -> dict[str, str]:
        """The text every derived file should have, keyed by its path from the root."""
        return self._indexer().derived(found)

    def index(self) -> IndexReport:
        """Regenerate the derived indexes, writing only the files whose bytes change."""
        return self._indexer().run()

    def check(
        self, *, fix: bool = True, scope: str | None = None, cwd: Path | None = None
    ) -> CheckReport:
        """Validate the base: every rule; with ``fix``, renamed links and stale indexes mended.

        ``scope`` (an id, a theme, or a path from ``cwd``) limits the findings reported.
        """
        from mdbrain.service import addressing, checking

        prefix = addressing.scope(self.root, cwd or Path.cwd(), scope) if scope else None
        return checking.check(self._indexer(), self.clock(), fix=fix, scope=prefix)

    def update(
        self,
        paths: Sequence[str] = (),
        *,
        since: str | None = None,
        fix: bool = False,
        dry_run: bool = False,
    ) -> UpdateReport:
        """Flag the documents whose code changed since they were last verified.

        ``paths`` (from the project folder) limit it to some code; ``since`` (a
        date or a git revision) to recent changes; ``fix`` rewrites impl_refs that
        git saw renamed; ``dry_run`` only reports.
        """
        from mdbrain.service.updating import Updater

        updater = Updater(self._indexer(), self.clock(), since=since, scope=paths)
        report = updater.run(fix=fix, dry_run=dry_run)
        if not dry_run and self.config.check_on_update:
            report.check_errors = self.check().errors
        return report

    def write(self, request: WriteRequest) -> WriteReport:
        """Create or update one document, after the schema, the guards and, for a new one,
        a search for near duplicates."""
        from mdbrain.service.writing import Writer

        return Writer(self._indexer(), self.clock()).write(request)

    def import_docs(
        self,
        source: Path,
        *,
        theme: str = "",
        verified: bool = False,
        legacy: bool = False,
        dry_run: bool = False,
    ) -> ImportReport:
        """Bring an existing Markdown folder into the base without touching it: slug paths,
        synthesised frontmatter, links rewritten, decision records' supersessions kept."""
        from mdbrain.service.importing import import_folder

        return import_folder(
            self._indexer(),
            source,
            theme=theme,
            verified=verified,
            legacy=legacy,
            dry_run=dry_run,
            today=self.clock(),
        )

    def _governor(self) -> Governor:
        from mdbrain.service.governance import Governor

        return Governor(self._indexer(), self.clock())

    def supersede(
        self, old: str, new: Sequence[str], *, reason: str = "", expect_sha: str | None = None
    ) -> SupersedeReport:
        """``old`` is replaced by ``new``: deprecated, never erased; synthesis pages citing
        it turn needs-review. ``expect_sha`` refuses when ``old`` changed since it was read."""
        return self._governor().supersede(old, list(new), reason=reason, expect=expect_sha)

    def conflicts(self) -> list[Conflict]:
        """Open contradictions between documents in force."""
        return self._governor().conflicts()

    def resolve(
        self, first: str, second: str, *, keep: str, reason: str = "", by: str = ""
    ) -> ResolveReport:
        """Settle a contradiction: the other document is superseded by ``keep``."""
        return self._governor().resolve(first, second, keep=keep, reason=reason, by=by)

    def brief(self, subject: str, *, as_of: dt.date | None = None) -> Brief:
        """Everything in force on a subject (a tag, theme, folder or document)."""
        from mdbrain.service.briefing import Briefer

        return Briefer(self._governor()).brief(subject, as_of)

    def history(self, doc_id: str) -> History:
        """A document's supersession chain both ways, and its git log."""
        from mdbrain.service.briefing import Briefer

        return Briefer(self._governor()).history(doc_id)

    def review(self) -> ReviewQueue:
        """What waits for a human or an agent: reviews, synthesis pages, conflicts, drafts."""
        from mdbrain.service.briefing import Briefer

        return Briefer(self._governor()).review()

    def reader(self) -> Reader:
        """Reads (query, show, search, neighbours) on the base as it is now on disk."""
        from mdbrain.service.reading import Reader
        from mdbrain.service.searching import Searcher

        return Reader(Searcher(self.root, self.config), self.config.summary_max)

    def doc(self, value: str, cwd: Path | None = None) -> str:
        """The id of an existing document named by an id or a path from ``cwd``."""
        from mdbrain.service import addressing

        return addressing.document(self.root, cwd or Path.cwd(), value)

    def move(self, old: str, new: str, *, cwd: Path | None = None) -> MoveReport:
        """Move or rename a document (ids or paths from ``cwd``); every link to it follows."""
        from mdbrain.service import addressing, moving

        here = cwd or Path.cwd()
        old_id = addressing.document(self.root, here, old)
        new_id = addressing.document(self.root, here, new)
        return moving.move(self._indexer(), old_id, new_id)
