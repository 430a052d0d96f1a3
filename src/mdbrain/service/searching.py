"""Full-text ranking over the base: the search index kept fresh, then asked.

Fields are weighted so that a word in a title or summary counts more than the
same word deep in a body; the question goes through the same analysis as the
documents (folding, stop words, stems); long stems also match as prefixes so
that "verrouillage" finds "verrouillé".
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdbrain.core import document, frontmatter, text
from mdbrain.core.errors import DocumentError
from mdbrain.core.manifest import Entry, Manifest
from mdbrain.core.marker import Config
from mdbrain.store import cache, scan
from mdbrain.store.search_index import Row, SearchIndex

# title, summary, tags, type, path, body
WEIGHTS: tuple[float, ...] = (4.0, 3.0, 3.0, 1.0, 2.0, 1.0)
PREFIX_MIN = 6  # stems at least this long also match longer words


@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    score: float


def body_of(path: str, doc_id: str) -> str:
    """A document's body as text ('' when unreadable: the scan reports why)."""
    try:
        with open(path, "rb") as handle:
            raw = document.decode(handle.read(), path=doc_id)
        norm = frontmatter.normalise_newlines(raw.removeprefix(document.BOM))
        return frontmatter.split(norm, path=doc_id).body
    except (OSError, DocumentError):
        return ""


def _row(entry: Entry, path: str, stamp: str, analyzer: text.Analyzer) -> Row:
    terms = analyzer.terms
    fields = (
        " ".join(terms(entry.title)),
        " ".join(terms(entry.summary)),
        " ".join(terms(" ".join(entry.tags))),
        " ".join(terms(entry.type)),
        " ".join(terms(entry.id.replace("/", " ").replace("-", " ").removesuffix(".md"))),
        " ".join(terms(body_of(path, entry.id))),
    )
    return Row(entry.id, stamp, fields)


class Searcher:
    """The manifest and the search index of one base, in step with each other."""

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root
        self.config = config
        self.analyzer = text.Analyzer(config.lang)
        files, problems = scan.walk(root, config)
        self.files = {doc.id: doc for doc in files}
        self.manifest: Manifest = scan.scan_files(root, files, problems)[0]
        self.index = SearchIndex(root, config.lang)
        self._sync()

    def _sync(self) -> None:
        now = time.time_ns()
        trusted = now - cache.RACY_MARGIN_NS
        current = {
            # a file too recent to vouch for gets a stamp that never matches: indexed again
            doc_id: "{}:{}:{}".format(*doc.stamp) if doc.stamp[2] < trusted else f"fresh:{now}"
            for doc_id, doc in self.files.items()
        }

        def build(ids: Sequence[str]) -> Iterable[Row]:
            for doc_id in ids:
                entry = self.manifest.get(doc_id)
                if entry is not None:
                    yield _row(entry, self.files[doc_id].path, current[doc_id], self.analyzer)

        self.index.sync(current, build)

    def close(self) -> None:
        self.index.close()

    def rank(self, question: str, limit: int) -> list[Candidate]:
        terms = self.analyzer.terms(question)
        found = self.index.search(terms, WEIGHTS, limit, prefix_min=PREFIX_MIN)
        return [Candidate(doc_id, score) for doc_id, score in found]
