"""The Brain: one object per knowledge base, where every operation lives once.

Adapters (the command line, the MCP server, the exporters) and library users
open a Brain and call its methods; they hold no logic of their own. Every
method checks the names it is given (:mod:`mdbrain.core.ids`) whoever calls it,
raises the typed errors of :mod:`mdbrain.core.errors`, and returns named
records. A Brain is a warm session: keep it open in a long-lived process and
each call parses only what changed on disk; close it (or use it as a context
manager) when done::

    with mdbrain.Brain.open(".") as brain:
        result = brain.query("how long does a session last?")
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from mdbrain.core import ids, schema
from mdbrain.core.errors import (
    InvalidRequestError,
    MdbrainError,
    NotFoundError,
    OutsideBaseError,
    UsageError,
)
from mdbrain.service.session import Clock, Session, View
from mdbrain.store import location
from mdbrain.store.location import Location

if TYPE_CHECKING:  # loaded by the operations that need them, to keep start-up short
    from mdbrain.core.manifest import Manifest
    from mdbrain.core.marker import Config
    from mdbrain.core.progress import Progress
    from mdbrain.service.briefing import Brief, History, ReviewQueue
    from mdbrain.service.checking import CheckReport
    from mdbrain.service.governance import Conflict, ResolveReport, SupersedeReport
    from mdbrain.service.importing import ImportReport
    from mdbrain.service.indexing import IndexReport
    from mdbrain.service.moving import MoveReport
    from mdbrain.service.reading import (
        Filters,
        NeighboursResult,
        QueryResult,
        Reader,
        SearchResult,
        ShowResult,
    )
    from mdbrain.service.updating import UpdateReport
    from mdbrain.service.verifying import VerifyReport
    from mdbrain.service.writing import WriteReport, WriteRequest

__all__ = ["Brain", "Clock"]


class Brain:
    """A knowledge base found through its ``.rag`` marker, kept warm until closed."""

    def __init__(
        self, where: Location, *, clock: Clock = dt.date.today, watch: bool = False
    ) -> None:
        self.location = where
        self.clock = clock
        self.session = Session(where, clock, watch=watch)

    @classmethod
    def open(
        cls, start: Path | str | None = None, *, clock: Clock = dt.date.today, watch: bool = False
    ) -> Brain:
        """The base that ``start`` (default: the working directory) belongs to. ``watch``
        (for a long-lived process) learns of changes from the kernel instead of walking
        the root before every call, where the system allows it."""
        start_at = Path(start) if start is not None else Path.cwd()
        return cls(location.locate(start_at), clock=clock, watch=watch)

    def __enter__(self) -> Brain:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the search connections; the Brain cannot be used afterwards."""
        self.session.close()

    def reporting(self, progress: Progress | None) -> AbstractContextManager[None]:
        """Tell ``progress`` of the long work any operation does inside the block (a base
        read for the first time, a search index built after its cache was lost)."""
        return self.session.reporting(progress)

    @property
    def config(self) -> Config:
        return self.location.config

    @property
    def root(self) -> Path:
        return self.location.root

    # --- the base as it is -----------------------------------------------------------

    def view(self) -> View:
        """The document files and their manifest now (unchanged files are not read again)."""
        return self.session.view()

    def manifest(self, *, use_cache: bool = True) -> Manifest:
        """Every document's record, fresh from the files; without ``use_cache``, every file
        is parsed again, whatever was remembered."""
        if not use_cache:
            from mdbrain.store import scan

            return scan.scan(self.root, self.config, use_cache=False)[0]
        return self.session.manifest()

    def derived(self, found: Manifest) -> dict[str, str]:
        """The text every derived file should have, keyed by its path from the root."""
        return self.session.indexer().derived(found)

    def index(self, *, progress: Progress | None = None) -> IndexReport:
        """Regenerate the derived indexes, writing only the files whose bytes change, and
        build the search index when there is none, or bring it in step when more than
        ``QUICK_MAX`` documents were read, so that the first query after a new base or
        a large change (a pull, a branch switch) does not pay for indexing them; a few
        changed documents cost a query little. ``progress`` hears of the documents
        parsed."""
        with self.session.reporting(progress):
            if self.session.knows_nothing():
                # a base read for the first time: the search index and the manifest are
                # made from one reading of each file, and the manifest at once, so that
                # the session keeps the entries: if a file too recent to trust makes the
                # run's own walk a new view, that view reads only such files again
                from mdbrain.core.progress import phase

                view = self.session.view()
                self.session.searcher(view)
                view.manifest  # noqa: B018 - made now, for the property's effect
                phase(progress, "")  # what follows is the command's own work
            report = self.session.indexer().run()
        self._search_ready(report.parsed)
        return report

    def _search_ready(self, changed: int) -> None:
        """Build the search index when there is none, or bring it in step when more than
        ``QUICK_MAX`` documents changed: the next query then answers at once."""
        from mdbrain.service.indexing import QUICK_MAX
        from mdbrain.store import cache

        missing = not (cache.cache_dir(self.root) / cache.SEARCH_FILE).exists()
        if missing or changed > QUICK_MAX:
            self.session.searcher()

    def check(
        self,
        *,
        repair: bool = True,
        fix: bool = False,
        scope: str | None = None,
        cwd: Path | None = None,
    ) -> CheckReport:
        """Validate the base against every rule.

        ``repair`` regenerates out-of-date derived indexes (never a document);
        ``fix`` also mends links to documents git saw renamed, in the documents.
        ``scope`` limits the findings to an id or a theme (or, with ``cwd``, a path).
        """
        from mdbrain.service import addressing, checking

        try:
            prefix = addressing.scope(self.root, cwd, scope) if scope else None
        except OutsideBaseError:
            raise
        except InvalidRequestError as error:
            # "check 2000" names a record as "show 2000" does; a path never does
            if not isinstance(scope, str) or any(part in scope for part in ("/", "\\", "..")):
                raise
            try:
                prefix = self._named(scope)
            except UsageError:
                raise error from None  # nothing named so: the scope's own error
        return checking.check(self.session, repair=repair, fix=fix, scope=prefix)

    def update(
        self,
        paths: Sequence[str] = (),
        *,
        since: str | None = None,
        fix: bool = False,
        dry_run: bool = False,
        draft: bool = False,
        cwd: Path | None = None,
        progress: Progress | None = None,
    ) -> UpdateReport:
        """Flag the documents whose code changed since they were last verified.

        ``paths`` (from the project folder, or with ``cwd`` from there, or absolute)
        limit it to some code; ``since`` (a date or a git revision) to recent
        changes; ``fix`` rewrites impl_refs that git saw renamed; ``draft`` writes
        draft documents for code no document describes; ``dry_run`` only reports;
        ``progress`` hears of the documents parsed and assessed.
        """
        from mdbrain.service.updating import Updater, relative_to_project

        if isinstance(paths, str):
            paths = [paths]
        scope = [relative_to_project(self.location.project, cwd, p).split("#", 1)[0] for p in paths]
        updater = Updater(self.session, since=since, scope=scope)
        with self.session.reporting(progress):
            report = updater.run(fix=fix, dry_run=dry_run, draft=draft)
        if not dry_run and self.config.check_on_update:
            report.check_errors = self.check().errors
        return report

    # --- writing ----------------------------------------------------------------------

    def write(self, request: WriteRequest | Mapping[str, object]) -> WriteReport:
        """Create or update one document, after the schema, the guards and, for a new one,
        a search for near duplicates. ``request`` may be plain data (see
        :meth:`WriteRequest.from_dict`)."""
        from mdbrain.service.writing import Writer, WriteRequest

        if not isinstance(request, WriteRequest):
            request = WriteRequest.from_dict(request)
        return Writer(self.session).write(request)

    def import_docs(
        self,
        source: Path,
        *,
        theme: str | None = None,
        verified: bool = False,
        legacy: bool = False,
        dry_run: bool = False,
        progress: Progress | None = None,
    ) -> ImportReport:
        """Bring an existing Markdown folder into the base without touching it: slug paths,
        synthesised frontmatter, links rewritten, decision records' supersessions kept;
        then the search index is brought in step as by :meth:`index`, so the first query
        answers at once. ``progress`` hears of the pages read and written."""
        from mdbrain.service.importing import import_folder

        with self.session.reporting(progress):
            report = import_folder(
                self.session,
                Path(source),
                theme=None if theme is None else ids.theme(theme),
                verified=verified,
                legacy=legacy,
                dry_run=dry_run,
            )
        if not dry_run and report.written:
            self._search_ready(len(report.written))
        return report

    def verify(
        self, docs: Sequence[str], *, sources: Sequence[str] = (), note: str = ""
    ) -> VerifyReport:
        """Mark documents checked against the code or production: drafts with a source and
        documents to review become stable; sources are added; fingerprints taken again."""
        from mdbrain.service import verifying

        return verifying.verify(self.session, docs, sources=sources, note=note)

    def supersede(
        self, old: str, new: Sequence[str], *, reason: str = "", expect_sha: str | None = None
    ) -> SupersedeReport:
        """``old`` is replaced by ``new``: deprecated, never erased; synthesis pages citing
        it turn needs-review. ``expect_sha`` refuses when ``old`` changed since it was read."""
        from mdbrain.service.governance import Governor

        if isinstance(new, str):
            new = [new]
        return Governor(self.session).supersede(old, list(new), reason=reason, expect=expect_sha)

    def conflicts(self) -> list[Conflict]:
        """Open contradictions between documents in force."""
        from mdbrain.service.governance import Governor

        return Governor(self.session).conflicts()

    def resolve(
        self, first: str, second: str, *, keep: str, reason: str = "", by: str = ""
    ) -> ResolveReport:
        """Settle a contradiction: the other document is superseded by ``keep``."""
        from mdbrain.service.governance import Governor

        return Governor(self.session).resolve(first, second, keep=keep, reason=reason, by=by)

    def move(self, old: str, new: str, *, cwd: Path | None = None) -> MoveReport:
        """Move or rename a document (ids, or paths from ``cwd`` when given); every link
        to it follows."""
        from mdbrain.service import moving

        old_id = self.doc(old, cwd, existing=True)  # "mv 2000 ...": the record so numbered
        return moving.move(self.session, old_id, self.doc(new, cwd, field="new"))

    # --- reading ----------------------------------------------------------------------

    def brief(
        self,
        subject: str,
        *,
        as_of: dt.date | None = None,
        cwd: Path | None = None,
        limit: int | None = None,
    ) -> Brief:
        """Everything in force on a subject: a tag, theme, folder or document; else code of
        the project (a file, folder or ``file#symbol``, from the project or ``cwd``), with
        every document describing it; else free text, through the search index. At most
        ``limit`` documents are listed (20 by default, 10 found by search); the rest are
        counted."""
        from mdbrain.service.briefing import Briefer

        if not isinstance(subject, str) or not subject.strip():
            raise InvalidRequestError(
                "name a subject: a tag, a theme or a document", field="subject"
            )
        chosen = None if limit is None else _count(limit, "limit")
        return Briefer(self.session).brief(subject, as_of, cwd, chosen)

    def history(self, doc_id: str) -> History:
        """A document's supersession chain both ways, and its git log."""
        from mdbrain.service.briefing import Briefer

        return Briefer(self.session).history(self._named(doc_id))

    def review(self, limit: int | None = None) -> ReviewQueue:
        """What waits for a human or an agent: reviews, synthesis pages, conflicts, drafts;
        each list cut to ``limit`` when given, its size in ``totals``."""
        from mdbrain.service.briefing import Briefer

        return Briefer(self.session).review(limit)

    def reader(self) -> Reader:
        """Reads (query, show, search, neighbours) on the base as it is now on disk."""
        from mdbrain.service.reading import Reader

        return Reader(self.session)

    def query(
        self,
        question: str,
        *,
        limit: int | None = None,
        budget: int | None = None,
        filters: Filters | None = None,
        with_neighbours: bool = False,
    ) -> QueryResult:
        """Answer a question by progressive disclosure (see :mod:`mdbrain.service.reading`):
        ``limit`` candidates when it is given, else up to five close to the best."""
        from mdbrain.service.reading import Filters

        return self.reader().query(
            _question(question),
            limit=None if limit is None else _count(limit, "limit"),
            budget=None if budget is None else _count(budget, "budget", 10**7),
            filters=self._filters(filters or Filters()),
            with_neighbours=with_neighbours,
        )

    def search(self, text: str, *, limit: int = 10, filters: Filters | None = None) -> SearchResult:
        """Full-text search, with the best line of each hit."""
        from mdbrain.service.reading import Filters

        return self.reader().search(
            _question(text, "text"),
            limit=_count(limit, "limit"),
            filters=self._filters(filters or Filters()),
        )

    def show(self, doc_id: str, *, section: str | None = None, full: bool = False) -> ShowResult:
        """A document's summary, fields, links and outline; a section or the body on request."""
        if section is not None and (not isinstance(section, str) or not section.strip()):
            # ethereum/consensus-specs: --section '' showed the page's first section
            raise InvalidRequestError(
                "name a section by its title or a line number", field="section"
            )
        reader = self.reader()
        return reader.show(self._named(doc_id, reader.view), section=section, full=full)

    def neighbours(
        self, doc_id: str, *, depth: int = 1, filters: Filters | None = None
    ) -> NeighboursResult:
        """The documents reachable from one through the relation graph."""
        from mdbrain.service.reading import Filters

        reader = self.reader()
        return reader.neighbours_of(
            self._named(doc_id, reader.view),
            _count(depth, "depth"),
            self._filters(filters or Filters()),
        )

    # --- names --------------------------------------------------------------------------

    def _filters(self, filters: Filters) -> Filters:
        """``filters`` whose theme, if any, is a folder of the base, and whose types and
        statuses are the base's: a theme misspelt or outside the base, or a status no
        document can have (swift-evolution's ``--status rejected``), is an error, not a
        read that silently finds nothing."""
        for one, field, asked, known in (
            ("type", "types", filters.types, self.session.config.types),
            ("status", "statuses", filters.statuses, schema.STATUSES),
        ):
            unknown = [value for value in asked if value not in known]
            if unknown:
                raise InvalidRequestError(
                    f"no {one} {', '.join(map(repr, unknown))} in this base ({field}:"
                    f" {', '.join(known)})",
                    field=field,
                )
        if not filters.theme:
            return filters
        theme = ids.theme(filters.theme)
        if theme and not (self.root / theme).is_dir():
            themes = sorted(
                p.name for p in self.root.iterdir() if p.is_dir() and p.name[0] not in "._"
            )
            listed = ", ".join(themes[:12]) + (", ..." if len(themes) > 12 else "")
            raise InvalidRequestError(
                f"theme {theme!r} is no folder of the base (themes: {listed or 'none'})",
                field="theme",
            )
        return filters

    def _named(self, value: str, view: View | None = None) -> str:
        """The document a reader names (see :func:`addressing.named`), in ``view`` when
        the caller walked the files already. An id as written needs no manifest."""
        from mdbrain.service import addressing

        view = self.session.view() if view is None else view
        if isinstance(value, str) and value in view.by_id:
            return value
        try:
            return addressing.named(view.manifest, value, moved=self._moved_to)
        except UsageError:  # "SE-0302" is no id (InvalidRequestError), nor a path (NotFound)
            if isinstance(value, str) and value.startswith("/") and value.strip("/"):
                with contextlib.suppress(UsageError):  # a link from the root, as pages write it
                    return addressing.named(view.manifest, value.lstrip("/"), moved=self._moved_to)
            own = self._record_written(value)
            if own is None:
                raise
            return own

    def _record_written(self, value: str) -> str | None:
        """The one document that names itself the record ``value`` is, in a series
        mdbrain does not know: "SE-0302" is proposals/0302-sendable.md, whose header says
        "Proposal: SE-0302" (swiftlang/swift-evolution: ``show SE-0302`` found nothing,
        though ``query SE-0302`` put it first). None when ``value`` is not such a name
        alone; an error saying so when no document or several do."""
        from mdbrain.core import text

        if not isinstance(value, str):  # a number or a list from a client: no name
            return None
        written = text.records_written(value)
        if len(written) != 1 or next(iter(written))[0] != value.strip():
            return None
        ((name, number),) = written
        found = self.reader().searcher.naming_themselves(name, number)
        if len(found) == 1:
            return found[0]
        said = f"{len(found)} do: {', '.join(found[:3])}" if found else "none does"
        raise NotFoundError(
            f"{name} is not a document of this base: a page numbered {number} naming"
            f" itself {name} was looked for, and {said}",
            doc=name,
        )

    def _moved_to(self, doc_id: str) -> str:
        """The id git saw ``doc_id``'s file renamed to, if any ('' otherwise): asked only
        when a name is not found, to say where it went."""
        from mdbrain.service import checking
        from mdbrain.store import git

        try:
            return checking.moved_ids(self.session, git.Git(self.session.project)).get(doc_id, "")
        except MdbrainError:  # git missing or failing: no more than no rename known
            return ""

    def folder(self, value: str, cwd: Path | None = None) -> str | None:
        """The folder of the base ``value`` names, from ``cwd`` or from the root, as a
        theme ('' for the root itself, or a folder holding it); None when it names none."""
        from mdbrain.service import addressing

        if value.lower().endswith((".md", ".markdown")):
            return None
        for start in ([cwd] if cwd is not None else []) + [self.root]:
            try:
                if (start / value).is_dir():
                    found = addressing.inside(self.root, start / value)
                    if found is not None:
                        return found
            except (OSError, ValueError):  # a name too long, a NUL: no folder
                continue
        return None

    def doc(
        self, value: str, cwd: Path | None = None, *, field: str = "doc", existing: bool = False
    ) -> str:
        """The id a value names: an id from the root, or, when ``cwd`` is given, also a
        file path from there (relative or absolute) under the root. With ``existing``, the
        id of a document the base holds, also found by the path it was imported from; a
        value naming none fails with the documents named like it."""
        from mdbrain.service import addressing

        try:
            if cwd is None:
                found = ids.doc_id(value, field=field)
            else:
                found = addressing.document(self.root, cwd, value, field=field)
        except OutsideBaseError as outside:
            if not (existing and value.startswith("/") and not Path(value).exists()):
                raise
            # no such file on the disk: a link as pages write it, from the root (the
            # import keeps nestjs's "/techniques/validation", which check reads so too),
            # as _named reads it
            try:
                return self._named(value)
            except UsageError:
                raise outside from None
        except UsageError:
            if not existing:
                raise
            return self._named(value)
        return self._named(found) if existing else found


ASKED_MOST = 10_000  # characters of a question or a search: a 1 MB one took 5 s to rank


def _question(value: object, name: str = "question") -> str:
    if not isinstance(value, str):
        raise InvalidRequestError(f"{name} must be text", field=name)
    if not value.strip():
        raise InvalidRequestError(f"{name} is blank: give the words to look for", field=name)
    if len(value) > ASKED_MOST:
        raise InvalidRequestError(
            f"{name} is {len(value):,} characters long; at most {ASKED_MOST:,} are read:"
            " ask in fewer words",
            field=name,
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(f"{name} is not valid text", field=name) from None
    return value


def _count(value: object, name: str, most: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= most:
        raise InvalidRequestError(f"{name} must be a whole number from 1 to {most}", field=name)
    return value
