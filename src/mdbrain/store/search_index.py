"""A full-text index of the base in SQLite FTS5, kept in step with the files.

Each document is one row: its analysed title, summary, tags, type, path and
body (see :mod:`mdbrain.core.text`), ranked by FTS5's BM25 with a weight per
field. The row remembers the stamp of the file it came from; before every
search, rows whose file changed, appeared or went away are brought up to date,
so no answer is computed from a stale index. The database is a cache in the
git-ignored ``.mdbrain`` folder and is rebuilt from scratch when its format,
language or mdbrain's version changes.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdbrain._version import __version__
from mdbrain.store import cache

FILE = "search.sqlite"
FORMAT = "1"
FIELDS = ("title", "summary", "tags", "type", "path", "body")


@dataclass(frozen=True, slots=True)
class Row:
    """A document as the index stores it: analysed text per field."""

    id: str
    stamp: str
    fields: tuple[str, str, str, str, str, str]


class SearchIndex:
    def __init__(self, root: Path, lang: str) -> None:
        self.path: Path | str = cache.cache_dir(root) / FILE
        self.lang = lang
        try:
            cache.cache_dir(root).mkdir(exist_ok=True)
            self.db = self._open()
        except (OSError, sqlite3.OperationalError):
            # a base we may not write to (read-only media, shared corpora): index in memory
            self.path = ":memory:"
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        key = f"{FORMAT}/{__version__}/{self.lang}"
        try:
            found = db.execute("SELECT value FROM meta WHERE key = 'key'").fetchone()
        except sqlite3.DatabaseError:
            found = None
        if found is None or found[0] != key:
            db.close()
            if isinstance(self.path, Path):
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.executescript(
                "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
                "CREATE TABLE stamps(id TEXT PRIMARY KEY, stamp TEXT NOT NULL);"
                f"CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, {', '.join(FIELDS)},"
                " tokenize = 'unicode61 remove_diacritics 0');"
            )
            db.execute("INSERT INTO meta VALUES ('key', ?)", (key,))
        return db

    def close(self) -> None:
        self.db.close()

    def stamps(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, stamp FROM stamps").fetchall())

    def update(self, rows: Iterable[Row], removed: Iterable[str]) -> None:
        """Replace the rows of changed documents and drop those of removed ones, atomically."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for doc_id in removed:
                db.execute("DELETE FROM docs WHERE id = ?", (doc_id,))
                db.execute("DELETE FROM stamps WHERE id = ?", (doc_id,))
            for row in rows:
                db.execute("DELETE FROM docs WHERE id = ?", (row.id,))
                db.execute("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)", (row.id, *row.fields))
                db.execute("INSERT OR REPLACE INTO stamps VALUES (?, ?)", (row.id, row.stamp))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def sync(self, current: dict[str, str], build: Callable[[Sequence[str]], Iterable[Row]]) -> int:
        """Bring the index in line with ``current`` (id -> stamp); returns how many rows changed."""
        known = self.stamps()
        stale = [doc_id for doc_id, stamp in current.items() if known.get(doc_id) != stamp]
        gone = [doc_id for doc_id in known if doc_id not in current]
        if stale or gone:
            self.update(build(stale), gone)
        return len(stale) + len(gone)

    def search(
        self, terms: Sequence[str], weights: Sequence[float], limit: int, *, prefix_min: int = 0
    ) -> list[tuple[str, float]]:
        """Ids and scores (higher is better) of the documents matching any of ``terms``."""
        if not terms:
            return []
        phrases = []
        for term in dict.fromkeys(terms):
            quoted = '"' + term.replace('"', '""') + '"'
            phrases.append(quoted + "*" if prefix_min and len(term) >= prefix_min else quoted)
        query = " OR ".join(phrases)
        weight_args = ", ".join(str(float(w)) for w in (0.0, *weights))
        sql = (
            f"SELECT id, -bm25(docs, {weight_args}) AS score FROM docs WHERE docs MATCH ?"  # noqa: S608 - only numbers are formatted in
            " ORDER BY score DESC LIMIT ?"
        )
        return [(doc_id, float(score)) for doc_id, score in self.db.execute(sql, (query, limit))]
