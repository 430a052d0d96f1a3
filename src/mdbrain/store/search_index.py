"""A full-text index of the base in SQLite FTS5, kept in step with the files.

Each document is one row of ``docs`` (its analysed title, summary, tags, type,
path and body, see :mod:`mdbrain.core.text`), ranked by FTS5's BM25 with a
weight per field, and one row of ``meta`` with the stamp of the file it came
from and the manifest fields a reader needs to filter and show it. Before every
search, rows whose file changed, appeared or went away are brought up to date,
so no answer is computed from a stale index, and a query needs neither the
manifest cache nor any document it does not show. The database is a cache in
the git-ignored ``.mdbrain`` folder, rebuilt from scratch when its format, its
language or mdbrain's version changes; where the base cannot be written, it
lives in memory for the length of the command.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdbrain._version import __version__
from mdbrain.store import cache

FILE = "search.sqlite"
FORMAT = "2"
FIELDS = ("title", "summary", "tags", "type", "path", "body")
META = ("title", "summary", "type", "status", "priority", "tags", "audience", "impl_refs")


@dataclass(frozen=True, slots=True)
class Row:
    """A document as the index stores it."""

    id: str
    stamp: str
    fields: tuple[str, ...]  # analysed text, one per name in FIELDS
    meta: dict[str, Any]  # one value per name in META (lists for tags, audience, impl_refs)


class SearchIndex:
    def __init__(self, root: Path, lang: str) -> None:
        self.path: Path | str = cache.cache_dir(root) / FILE
        self.lang = lang
        try:
            cache.prepare(root)
            self.db = self._open()
        except (OSError, sqlite3.OperationalError):
            self.path = ":memory:"
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        key = f"{FORMAT}/{__version__}/{self.lang}"
        try:
            found = db.execute("SELECT value FROM settings WHERE key = 'key'").fetchone()
        except sqlite3.DatabaseError:
            found = None
        if found is None or found[0] != key:
            db.close()
            if isinstance(self.path, Path):
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.executescript(
                "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT);"
                "CREATE TABLE meta(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL,"
                f" stamp TEXT NOT NULL, {', '.join(META)});"
                f"CREATE VIRTUAL TABLE docs USING fts5({', '.join(FIELDS)},"
                " tokenize = 'unicode61 remove_diacritics 0');"
            )
            db.execute("INSERT INTO settings VALUES ('key', ?)", (key,))
        return db

    def close(self) -> None:
        self.db.close()

    def stamps(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, stamp FROM meta").fetchall())

    def update(self, rows: Iterable[Row], removed: Iterable[str]) -> None:
        """Replace the rows of changed documents and drop those of removed ones, atomically."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            for doc_id in removed:
                self._drop(doc_id)
            for row in rows:
                self._drop(row.id)
                values = [json.dumps(v) if isinstance(v, list) else v for v in row.meta.values()]
                cursor = db.execute(
                    f"INSERT INTO meta(id, stamp, {', '.join(META)})"  # noqa: S608 - fixed names
                    f" VALUES (?, ?, {', '.join('?' * len(META))})",
                    (row.id, row.stamp, *values),
                )
                db.execute(
                    f"INSERT INTO docs(rowid, {', '.join(FIELDS)})"  # noqa: S608 - fixed names
                    f" VALUES (?, {', '.join('?' * len(FIELDS))})",
                    (cursor.lastrowid, *row.fields),
                )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _drop(self, doc_id: str) -> None:
        found = self.db.execute("SELECT rowid FROM meta WHERE id = ?", (doc_id,)).fetchone()
        if found is not None:
            self.db.execute("DELETE FROM docs WHERE rowid = ?", found)
            self.db.execute("DELETE FROM meta WHERE rowid = ?", found)

    def sync(self, current: dict[str, str], build: Callable[[Sequence[str]], Iterable[Row]]) -> int:
        """Bring the index in line with ``current`` (id -> stamp); returns how many rows changed."""
        known = self.stamps()
        stale = [doc_id for doc_id, stamp in current.items() if known.get(doc_id) != stamp]
        gone = [doc_id for doc_id in known if doc_id not in current]
        if stale or gone:
            self.update(build(stale), gone)
        return len(stale) + len(gone)

    def meta(self, doc_id: str) -> dict[str, Any] | None:
        """The stored manifest fields of one document, or None."""
        found = self.db.execute(
            f"SELECT {', '.join(META)} FROM meta WHERE id = ?",  # noqa: S608 - fixed names
            (doc_id,),
        ).fetchone()
        return None if found is None else _decoded(found)

    def search(
        self, terms: Sequence[str], weights: Sequence[float], limit: int, *, prefix_min: int = 0
    ) -> list[tuple[str, float, dict[str, Any]]]:
        """Id, score (higher is better) and fields of the documents matching any of ``terms``."""
        if not terms:
            return []
        phrases = []
        for term in dict.fromkeys(terms):
            quoted = '"' + term.replace('"', '""') + '"'
            phrases.append(quoted + "*" if prefix_min and len(term) >= prefix_min else quoted)
        weight_args = ", ".join(str(float(w)) for w in weights)
        columns = ", ".join("meta." + m for m in META)
        sql = (
            f"SELECT meta.id, -bm25(docs, {weight_args}) AS score, {columns}"  # noqa: S608 - numbers and fixed names
            " FROM docs JOIN meta ON meta.rowid = docs.rowid WHERE docs MATCH ?"
            " ORDER BY score DESC LIMIT ?"
        )
        rows = self.db.execute(sql, (" OR ".join(phrases), limit)).fetchall()
        return [(row[0], float(row[1]), _decoded(row[2:])) for row in rows]


def _decoded(values: Sequence[Any]) -> dict[str, Any]:
    out = dict(zip(META, values, strict=True))
    for key in ("tags", "audience", "impl_refs"):
        out[key] = tuple(json.loads(out[key] or "[]"))
    return out
