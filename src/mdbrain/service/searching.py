"""Full-text ranking over the base: the search index kept fresh, then asked.

Fields are weighted so that a word in a title or summary counts more than the
same word deep in a body; the question goes through the same analysis as the
documents (folding, stop words, stems); long stems also match as prefixes so
that "verrouillage" finds "verrouillé".
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mdbrain.core import document, fields, frontmatter, ranking, text
from mdbrain.core.errors import MdbrainError
from mdbrain.core.manifest import Entry
from mdbrain.core.marker import Config
from mdbrain.store import cache, files, scan
from mdbrain.store.search_index import Row, SearchIndex

if TYPE_CHECKING:
    from mdbrain.service.session import View

# title, summary, tags, type, path, body
WEIGHTS: tuple[float, ...] = (4.0, 3.0, 3.0, 1.0, 2.0, 1.0)
K1, B = 1.2, 0.75
PREFIX_MIN = 6  # stems at least this long also match the words they begin...
PREFIX_TRIM = 2  # ...once this many letters are taken off their end
CANDIDATES = 200  # documents FTS5 hands to the re-ranker


@dataclass(frozen=True, slots=True)
class Card:
    """What a reader needs to filter and show a document, without opening it."""

    id: str
    title: str = ""
    summary: str = ""
    type: str = ""
    status: str = ""
    priority: str = ""
    tags: tuple[str, ...] = ()
    audience: tuple[str, ...] = ()
    impl_refs: tuple[str, ...] = ()
    sha: str = ""  # content hash of the file as indexed
    score: float = 0.0


def card_of(entry: Entry) -> Card:
    return Card(
        entry.id,
        entry.title,
        entry.summary,
        entry.type,
        entry.status,
        entry.priority,
        entry.tags,
        fields.strings(entry.meta, "audience"),
        fields.strings(entry.meta, "impl_refs"),
        entry.sha,
    )


def body_of(path: str, doc_id: str) -> str:
    """A document's body as text ('' when unreadable: the scan reports why)."""
    try:
        raw = document.decode(files.read_path(Path(path), shown=doc_id), path=doc_id)
        norm = frontmatter.normalise_newlines(raw.removeprefix(document.BOM))
        return frontmatter.split(norm, path=doc_id).body
    except MdbrainError:
        return ""


def _row(entry: Entry, path: str, stamp: str, analyzer: text.Analyzer, limit: int) -> Row:
    terms = analyzer.terms
    body = "" if entry.size > limit else body_of(path, entry.id)  # too large: fields only
    analysed = (
        " ".join(terms(entry.title)),
        " ".join(terms(entry.summary)),
        " ".join(terms(" ".join(entry.tags))),
        " ".join(terms(entry.type)),
        " ".join(terms(entry.id.replace("/", " ").replace("-", " ").removesuffix(".md"))),
        " ".join(terms(body)),
    )
    card = card_of(entry)
    meta = {
        "title": card.title,
        "summary": card.summary,
        "type": card.type,
        "status": card.status,
        "priority": card.priority,
        "tags": list(card.tags),
        "audience": list(card.audience),
        "impl_refs": list(card.impl_refs),
        "sha": card.sha,
    }
    raw = " ".join([entry.title, entry.summary, " ".join(entry.tags), entry.id, body])
    return Row(entry.id, stamp, analysed, meta, frozenset(text.identifiers(raw)))


class Searcher:
    """The search index of one base, for one thread: an SQLite connection and a stemmer.

    :meth:`sync` brings it in step with a view of the files before it is asked.
    """

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root
        self.config = config
        self.analyzer = text.Analyzer(config.lang)
        self.index = SearchIndex(root, config.lang)
        self.files: dict[str, scan.DocFile] = {}
        self._generation = 0
        self._racy = True
        self._stats: tuple[int, tuple[float, ...]] | None = None
        self._df: dict[tuple[str, bool], int] = {}

    def sync(self, view: View) -> None:
        """Re-index what changed since the last sync; nothing when the view is the same."""
        if view.generation == self._generation and not self._racy:
            return
        self.files = dict(view.by_id)
        now = time.time_ns()
        trusted = now - cache.RACY_MARGIN_NS
        self._racy = False
        current = {}
        for doc_id, doc in self.files.items():
            if doc.stamp[2] < trusted:
                current[doc_id] = "{}:{}:{}".format(*doc.stamp)
            else:  # too recent to vouch for: a stamp that never matches, indexed again
                current[doc_id] = f"fresh:{now}"
                self._racy = True
        entries = view.manifest.by_id
        limit = scan.size_limit(self.config)

        def build(ids: Sequence[str]) -> Iterable[Row]:
            for doc_id in ids:
                doc = self.files[doc_id]
                yield _row(entries[doc_id], doc.path, current[doc_id], self.analyzer, limit)

        if self.index.sync(current, build):
            self._stats = None
            self._df = {}
        self._generation = view.generation

    def close(self) -> None:
        self.index.close()

    def card(self, doc_id: str) -> Card | None:
        meta = self.index.meta(doc_id)
        return None if meta is None else Card(doc_id, **meta)

    def rank(self, question: str, limit: int) -> list[Card]:
        """The best documents for ``question``: FTS5 finds candidates, BM25F orders them."""
        terms = self.analyzer.terms(question)
        params = ranking.Params(WEIGHTS, K1, B, PREFIX_MIN, PREFIX_TRIM)
        forms = [ranking.pattern(term, params) for term in terms]
        found = self.index.candidates(forms, max(limit, CANDIDATES))
        named = sorted(text.identifiers(question))
        if named:  # an identifier is matched exactly: the documents holding it, and only them
            exact = self.index.with_identifiers(named)
            if exact:
                missing = exact - {c.id for c in found}
                found = [c for c in found if c.id in exact]
                found += self.index.candidates_by_id(sorted(missing))
        if not found:
            return []
        documents, averages = self._statistics()
        idf = {
            term: ranking.idf(documents, self._documents_with(form))
            for term, form in zip(terms, forms, strict=True)
        }
        cards = []
        for candidate in found:
            value = ranking.score(
                terms,
                [Counter(text.split()) for text in candidate.texts],
                lengths=candidate.lengths,
                averages=averages,
                frequencies=idf,
                params=params,
            )
            cards.append(Card(candidate.id, **candidate.meta, score=value))
        cards.sort(key=lambda card: (-card.score, card.id))
        return cards[:limit]

    def _statistics(self) -> tuple[int, tuple[float, ...]]:
        if self._stats is None:
            self._stats = self.index.statistics()
        return self._stats

    def _documents_with(self, form: tuple[str, bool]) -> int:
        found = self._df.get(form)
        if found is None:
            found = self._df[form] = self.index.documents_with(*form)
        return found
