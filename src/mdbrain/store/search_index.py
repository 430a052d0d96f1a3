"""A full-text index of the base in SQLite FTS5, kept in step with the files.

Each document is one row of ``docs`` (its analysed title, summary, tags, type,
path and body, see :mod:`mdbrain.core.text`), where FTS5 finds the candidates
of a search, and one row of ``meta`` with the stamp of the file it came from,
the manifest fields a reader needs to filter and show it, and the length of
each analysed field for the re-ranker (:mod:`mdbrain.core.ranking`). Before every
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
from mdbrain.core.errors import MdbrainError
from mdbrain.store import cache

FILE = "search.sqlite"
FORMAT = "5"
FIELDS = ("title", "summary", "tags", "type", "path", "body")
META = (
    "title", "summary", "type", "status", "priority", "tags", "audience", "impl_refs", "sha"
)  # fmt: skip
LENGTHS = tuple(f"length_{name}" for name in FIELDS)  # words per analysed field


@dataclass(frozen=True, slots=True)
class Row:
    """A document as the index stores it."""

    id: str
    stamp: str
    fields: tuple[str, ...]  # analysed text, one per name in FIELDS
    meta: dict[str, Any]  # one value per name in META (lists for tags, audience, impl_refs)
    identifiers: frozenset[str] = frozenset()  # lowercased, matched exactly


class SearchIndex:
    def __init__(self, root: Path, lang: str) -> None:
        self.path: Path | str = cache.cache_dir(root) / FILE
        self.lang = lang
        try:
            cache.prepare(root)
            self.db = self._open()
        except (MdbrainError, OSError, sqlite3.Error):  # read-only, a link out, corrupt...
            self.path = ":memory:"
            self.db = self._open()

    def _connect(self) -> sqlite3.Connection:
        # One connection per thread (the session sees to it); closing it from the thread
        # that closes the session is allowed.
        return sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)

    def _open(self) -> sqlite3.Connection:
        key = f"{FORMAT}/{__version__}/{self.lang}"
        db = self._connect()
        try:
            if _key(db) == key:
                return db
            db.execute("BEGIN IMMEDIATE")  # another connection may be building it too
            if _key(db) != key:
                _create(db, key)
            db.execute("COMMIT")
            return db
        except sqlite3.DatabaseError:  # not a database at all: start a new one
            db.close()
            if isinstance(self.path, Path):
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
            db = self._connect()
            _create(db, key)
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
                values += [len(text.split()) for text in row.fields]
                names = ", ".join((*META, *LENGTHS))
                cursor = db.execute(
                    f"INSERT INTO meta(id, stamp, {names})"  # noqa: S608 - fixed names
                    f" VALUES (?, ?, {', '.join('?' * len(values))})",
                    (row.id, row.stamp, *values),
                )
                db.execute(
                    f"INSERT INTO docs(rowid, {', '.join(FIELDS)})"  # noqa: S608 - fixed names
                    f" VALUES (?, {', '.join('?' * len(FIELDS))})",
                    (cursor.lastrowid, *row.fields),
                )
                db.executemany(
                    "INSERT INTO idents(ident, doc) VALUES (?, ?)",
                    [(ident, cursor.lastrowid) for ident in sorted(row.identifiers)],
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
            self.db.execute("DELETE FROM idents WHERE doc = ?", found)

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

    def candidates(self, forms: Sequence[tuple[str, bool]], limit: int) -> list[Candidate]:
        """Documents holding any of ``forms`` (term, is-prefix), best first by FTS5's BM25,
        each with its manifest fields and its analysed text per field."""
        if not forms:
            return []
        phrases = []
        for form, prefix in dict.fromkeys(forms):
            quoted = '"' + form.replace('"', '""') + '"'
            phrases.append(quoted + "*" if prefix else quoted)
        columns = ", ".join("meta." + m for m in META)
        texts = ", ".join("docs." + f for f in FIELDS)
        lengths = ", ".join("meta." + n for n in LENGTHS)
        sql = (
            f"SELECT meta.id, {columns}, {texts}, {lengths} FROM docs"  # noqa: S608 - fixed names
            " JOIN meta ON meta.rowid = docs.rowid WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?"
        )
        rows = self.db.execute(sql, (" OR ".join(phrases), limit)).fetchall()
        return [_candidate(row) for row in rows]

    def with_identifiers(self, idents: Sequence[str]) -> set[str]:
        """The ids of the documents that hold every one of ``idents`` (lowercased)."""
        if not idents:
            return set()
        marks = ", ".join("?" * len(idents))
        rows = self.db.execute(
            f"SELECT meta.id FROM idents JOIN meta ON meta.rowid = idents.doc"  # noqa: S608
            f" WHERE ident IN ({marks}) GROUP BY idents.doc HAVING COUNT(DISTINCT ident) = ?",
            (*idents, len(set(idents))),
        ).fetchall()
        return {row[0] for row in rows}

    def candidates_by_id(self, doc_ids: Sequence[str]) -> list[Candidate]:
        """The candidate rows of the given documents (whatever FTS5 would rank them)."""
        if not doc_ids:
            return []
        columns = ", ".join("meta." + m for m in META)
        texts = ", ".join("docs." + f for f in FIELDS)
        lengths = ", ".join("meta." + n for n in LENGTHS)
        marks = ", ".join("?" * len(doc_ids))
        rows = self.db.execute(
            f"SELECT meta.id, {columns}, {texts}, {lengths} FROM docs"  # noqa: S608 - fixed names
            f" JOIN meta ON meta.rowid = docs.rowid WHERE meta.id IN ({marks})",
            tuple(doc_ids),
        ).fetchall()
        return [_candidate(row) for row in rows]

    def statistics(self) -> tuple[int, tuple[float, ...]]:
        """How many documents there are, and the average length of each field."""
        averages = ", ".join(f"AVG({n})" for n in LENGTHS)
        found = self.db.execute(f"SELECT COUNT(*), {averages} FROM meta").fetchone()  # noqa: S608 - fixed names
        return int(found[0]), tuple(float(v or 0.0) for v in found[1:])

    def documents_with(self, form: str, prefix: bool) -> int:
        """How many documents hold ``form`` (or, for a prefix, a word it begins; an upper bound)."""
        if not prefix:
            found = self.db.execute("SELECT doc FROM vocabulary WHERE term = ?", (form,)).fetchone()
            return int(found[0]) if found else 0
        found = self.db.execute(
            "SELECT COALESCE(SUM(doc), 0) FROM vocabulary WHERE term >= ? AND term < ?",
            (form, form + "\uffff"),
        ).fetchone()
        return int(found[0])


@dataclass(frozen=True, slots=True)
class Candidate:
    id: str
    meta: dict[str, Any]
    texts: tuple[str, ...]  # analysed text per field
    lengths: tuple[int, ...]


def _candidate(row: Sequence[Any]) -> Candidate:
    size, count = len(META), len(FIELDS)
    return Candidate(
        row[0],
        _decoded(row[1 : 1 + size]),
        tuple(row[1 + size : 1 + size + count]),
        tuple(row[1 + size + count :]),
    )


def _key(db: sqlite3.Connection) -> str | None:
    try:
        found = db.execute("SELECT value FROM settings WHERE key = 'key'").fetchone()
    except sqlite3.OperationalError:  # no such table: a new or a foreign file
        return None
    return None if found is None else str(found[0])


def _create(db: sqlite3.Connection, key: str) -> None:
    """Drop whatever tables are there and make the index's own, empty."""
    for table in ("idents", "vocabulary", "docs", "meta", "settings"):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    db.execute("CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT)")
    db.execute(
        "CREATE TABLE meta(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL,"
        f" stamp TEXT NOT NULL, {', '.join(META)}, {', '.join(LENGTHS)})"
    )
    db.execute(
        f"CREATE VIRTUAL TABLE docs USING fts5({', '.join(FIELDS)},"
        " tokenize = 'unicode61 remove_diacritics 0')"
    )
    db.execute("CREATE VIRTUAL TABLE vocabulary USING fts5vocab(docs, 'row')")
    db.execute("CREATE TABLE idents(ident TEXT NOT NULL, doc INTEGER NOT NULL)")
    db.execute("CREATE INDEX idents_by_ident ON idents(ident)")
    db.execute("CREATE INDEX idents_by_doc ON idents(doc)")
    db.execute("INSERT INTO settings VALUES ('key', ?)", (key,))


def _decoded(values: Sequence[Any]) -> dict[str, Any]:
    out = dict(zip(META, values, strict=True))
    for key in ("tags", "audience", "impl_refs"):
        out[key] = tuple(json.loads(out[key] or "[]"))
    return out
