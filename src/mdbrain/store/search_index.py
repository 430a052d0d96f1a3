"""A full-text index of the base in SQLite FTS5, kept in step with the files.

Each document is one row of ``docs`` (its title, summary, tags, type, path and
body, lowercased with punctuation turned into spaces, see
:func:`mdbrain.core.text.normalise`), where FTS5 finds the candidates of a
search, and one row of ``meta`` with the stamp of the file it came from, the
manifest fields a reader needs to filter and show it, the length of each field,
its sections (:mod:`mdbrain.core.passages`) and a sorted table of its body's
words with their counts, for the re-ranker (:mod:`mdbrain.core.ranking`): a
question's words are looked up in the table rather than counted in the body.
Sections are separated in the body by :data:`SECTION_MARK`, so a section is
scored from the row already read.
``lexicon`` gives every word of the vocabulary its term (stem, accents folded)
in each language: a question's terms are matched through the words that give
them, and no document is ever stemmed word by word. The code paths of
``impl_refs`` sit in a plain table, matched exactly, and so do the identifiers each
document names (``must_use``, ``LOGIN_MAX_ATTEMPTS``, ``os.path.join``), which the
body's normalised words no longer tell from the same words in prose.

Before every search, rows whose file changed, appeared or went away are brought
up to date, so no answer is computed from a stale index, and a query needs
neither the manifest cache nor any document it does not show. The database is
a cache in the git-ignored ``.mdbrain`` folder, rebuilt from scratch when its
format, its language or mdbrain's version changes; where the base cannot be
written, it lives in memory for the length of the command. That is decided when
it is opened, and again when a write to it fails (a base mounted read-only with a
cache already there, a disk that fills up): the command goes on with a copy in
memory, brought up to date from the files, instead of failing.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdbrain._version import __version__
from mdbrain.core import ranking, text
from mdbrain.core.errors import MdbrainError
from mdbrain.store import cache

FILE = cache.SEARCH_FILE
FORMAT = "37"  # 22: "did" and "had" are English stop words, as "do", "does", "has" and
# "have" were; 23: a table of contents is no text either; 24: an option's dotted name
# (--web.route-prefix) is one name, and so is that name without its dashes; 25: the
# headings of each document searched apart (heads); 26: a name after a dollar sign ($on);
# 27: a word drawn at random (a key, a hash) is not split into camelCase parts
# 28: an acronym's plural is one camelCase part ("listAPIs": no "ap" and "is")
# 29: French possessives and elided letters ("mes", "l'") are stop words; "œ" is "oe"
# 30: an ISO date is its year and one word of its digits ("2018 20180627")
# 31: French question words and modals ("combien", "faut", "peut") are stop words
# 32: headings without GitBook's self-named empty links, their character references read
# 33: a hyphenated word is its parts and then one word ("e-mail": "e mail email")
# 34: lines that only open or close a container ({% hint %}, {% endhint %}, ":::") are no text
# 35: so is the line opening GitBook's {% content-ref url="..." %}, its link said below it
# 36: each word of the lexicon with its spelling without accents, for questions typed so
# 37: MyST's targets ("(syntax/colon_fence)=") are no text, nor container lines alone
# between sections in the body: a separator to the tokenizer, a space to the re-ranker
SECTION_MARK = ranking.SECTION_MARK
FIELDS = ("title", "summary", "tags", "type", "path", "body")
META = (
    "title", "summary", "type", "status", "priority", "tags", "audience", "impl_refs", "sha",
    "lang", "superseded_by",
)  # fmt: skip
LISTS = ("tags", "audience", "impl_refs", "superseded_by")
_LANG = META.index("lang")
LENGTHS = tuple(f"length_{name}" for name in FIELDS)  # characters per field


@dataclass(frozen=True, slots=True)
class Row:
    """A document as the index stores it."""

    id: str
    stamp: str
    fields: tuple[str, ...]  # normalised text, one per name in FIELDS
    lengths: tuple[int, ...]  # characters per field
    meta: dict[str, Any]  # one value per name in META (lists for the names in LISTS)
    sections: str  # JSON: one [line, end, level, [titles]] per section
    words: str  # the body's words and their counts (:func:`ranking.word_table`)
    refs: frozenset[str] = frozenset()  # paths of impl_refs (without anchors) and source files
    names: frozenset[str] = frozenset()  # identifiers named, lowercased (text.names_in)
    edges: frozenset[tuple[str, str]] = frozenset()  # (relation, target id): links, related...
    headings: str = ""  # the titles of its sections, normalised, one a line


@dataclass(frozen=True)
class Candidate:
    """A document as the re-ranker reads it: every field but the body, which only the few
    documents whose sections are scored need (:meth:`SearchIndex.bodies`). A warm
    process keeps it from one question to the next (:meth:`SearchIndex._candidates`),
    and with it what it derives once."""

    id: str
    values: tuple[Any, ...]  # one per name in META, as stored (see :meth:`meta`)
    texts: tuple[str, ...]  # normalised text per field, the body left out
    lengths: tuple[int, ...]  # characters per field, the body's included
    sections: str  # JSON, see Row.sections
    words: str  # see Row.words
    rowid: int

    @property
    def lang(self) -> str:
        """The language the document is analysed in, when it says ('' otherwise)."""
        return str(self.values[_LANG] or "")

    @functools.cached_property
    def meta(self) -> dict[str, Any]:
        """The manifest fields, lists decoded: read, not changed."""
        return _decoded(self.values)

    @property
    def size(self) -> int:
        """About how many characters it holds: its word table and sections grow with
        its body."""
        return len(self.words) + len(self.sections) + sum(map(len, self.texts)) + 200

    @functools.cached_property
    def split(self) -> tuple[list[str], ...]:
        """The words of each text: read, not changed."""
        return tuple(text.split() for text in self.texts)


@dataclass(frozen=True, slots=True)
class Statistics:
    documents: int
    averages: tuple[float, ...]  # characters per field
    passage: float  # characters per section
    languages: tuple[str, ...]  # the languages documents are analysed in


class SearchIndex:
    def __init__(self, root: Path, lang: str) -> None:
        self.path: Path | str = cache.cache_dir(root) / FILE
        self.lang = lang
        self._last: tuple[dict[str, str], Callable[[Sequence[str]], Iterable[Row]]] | None = None
        self._kept: dict[int, Candidate] = {}  # see :meth:`_candidates`
        self._kept_from: tuple[sqlite3.Connection, int] | None = None
        self._kept_size = 0  # characters the kept candidates hold (Candidate.size)
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

    @property
    def key(self) -> str:
        """What ``settings`` holds under ``key`` in an index this code can read."""
        return f"{FORMAT}/{__version__}/{self.lang}"

    def _open(self) -> sqlite3.Connection:
        key = self.key
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

    def _spill(self) -> bool:
        """Go on in memory after a write to the file failed: with a copy of its rows when
        they can be read, else empty (the next sync fills it). False when already there."""
        if not isinstance(self.path, Path):
            return False
        old = self.db
        readable = self._readable() and _key(old) == self.key  # not another version's
        self.path = ":memory:"
        self.db = self._connect()
        copied = False
        if readable:
            with contextlib.suppress(sqlite3.Error):
                old.backup(self.db)
                copied = _key(self.db) == self.key
        if not copied:
            self.db.close()
            self.db = self._open()
        with contextlib.suppress(sqlite3.Error):
            old.close()
        return True

    def _readable(self) -> bool:
        try:
            _key(self.db)
        except sqlite3.Error:
            return False
        return True

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads that must see one state of the index, such as candidates and then their
        bodies: another process's update waits until they are done."""
        if self.db.in_transaction:
            yield
            return
        self.db.execute("BEGIN")
        try:
            yield
        finally:
            _rollback(self.db)  # nothing was written: ending it is all

    def stamps(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, stamp FROM meta").fetchall())

    def update(self, rows: Iterable[Row], removed: Iterable[str], stamps: str = "") -> None:
        """Replace the rows of changed documents and drop those of removed ones, atomically.

        ``stamps`` is the :func:`stamps_digest` of every document once this is done, when
        the caller knows it; the statistics are left to be computed again.
        """
        self._kept_from = None  # a new row may take the number of one dropped
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM settings WHERE key IN ('statistics', 'stamps')")
            if stamps:
                db.execute("INSERT INTO settings VALUES ('stamps', ?)", (stamps,))
            for doc_id in removed:
                self._drop(doc_id)
            # one read of the ids held, under the write lock (another process may have just
            # written some), not one lookup per row: a first build looks up none
            held = {doc_id for (doc_id,) in db.execute("SELECT id FROM meta")}
            rowid = int(db.execute("SELECT COALESCE(MAX(rowid), 0) FROM meta").fetchone()[0])
            metas: list[tuple[Any, ...]] = []
            texts: list[tuple[Any, ...]] = []
            refs: list[tuple[str, int]] = []
            names: list[tuple[str, int]] = []
            edges: list[tuple[int, str, str]] = []
            heads: list[tuple[int, str]] = []
            for row in rows:
                if row.id in held:
                    self._drop(row.id)
                rowid += 1
                values = [json.dumps(v) if isinstance(v, list) else v for v in row.meta.values()]
                metas.append(
                    (rowid, row.id, row.stamp, row.sections, row.words, *values, *row.lengths)
                )
                texts.append((rowid, *row.fields))
                refs += [(ref, rowid) for ref in row.refs]
                names += [(name, rowid) for name in row.names]
                edges += [(rowid, relation, target) for relation, target in row.edges]
                heads += [(rowid, row.headings)] if row.headings else []
                if len(metas) >= _BATCH:  # written as they come: memory follows the batch
                    self._insert(metas, texts, refs, names, edges, heads=heads)
            self._insert(metas, texts, refs, names, edges, heads=heads)
            db.execute("COMMIT")
        except BaseException:
            _rollback(db)
            raise

    def _insert(
        self,
        metas: list[tuple[Any, ...]],
        texts: list[tuple[Any, ...]],
        refs: list[tuple[str, int]],
        names: list[tuple[str, int]],
        edges: list[tuple[int, str, str]],
        *,
        heads: list[tuple[int, str]],
    ) -> None:
        """Write a batch of rows inside the caller's transaction, and empty the lists."""
        columns = ", ".join((*META, *LENGTHS))
        self.db.executemany(
            f"INSERT INTO meta(rowid, id, stamp, sections, words, {columns})"  # noqa: S608
            f" VALUES ({', '.join('?' * (5 + len(META) + len(LENGTHS)))})",
            metas,
        )
        self.db.executemany(
            f"INSERT INTO docs(rowid, {', '.join(FIELDS)})"  # noqa: S608 - fixed names
            f" VALUES (?, {', '.join('?' * len(FIELDS))})",
            texts,
        )
        self.db.executemany("INSERT INTO refs(ref, doc) VALUES (?, ?)", refs)
        self.db.executemany("INSERT INTO names(name, doc) VALUES (?, ?)", names)
        self.db.executemany("INSERT INTO edges(doc, relation, target) VALUES (?, ?, ?)", edges)
        self.db.executemany("INSERT INTO heads(rowid, headings) VALUES (?, ?)", heads)
        for done in (metas, texts, refs, names, edges, heads):
            done.clear()

    def _drop(self, doc_id: str) -> None:
        found = self.db.execute("SELECT rowid FROM meta WHERE id = ?", (doc_id,)).fetchone()
        if found is not None:
            self.db.execute("DELETE FROM docs WHERE rowid = ?", found)
            self.db.execute("DELETE FROM meta WHERE rowid = ?", found)
            self.db.execute("DELETE FROM refs WHERE doc = ?", found)
            self.db.execute("DELETE FROM names WHERE doc = ?", found)
            self.db.execute("DELETE FROM edges WHERE doc = ?", found)
            self.db.execute("DELETE FROM heads WHERE rowid = ?", found)

    def sync(self, current: dict[str, str], build: Callable[[Sequence[str]], Iterable[Row]]) -> int:
        """Bring the index in line with ``current`` (id -> stamp); returns how many rows changed."""
        self._last = (current, build)
        if isinstance(self.path, Path) and _key(self.db) != self.key:
            # another version of mdbrain rebuilt the file for itself since it was opened
            self.db.close()
            self.db = self._open()
        digest = stamps_digest(current)
        if _setting(self.db, "stamps") == digest:
            return 0  # the rows are those of these very files: nothing to compare one by one
        known = self.stamps()
        stale = [doc_id for doc_id, stamp in current.items() if known.get(doc_id) != stamp]
        gone = [doc_id for doc_id in known if doc_id not in current]
        if not stale and not gone:
            self._remember(current, digest)
            return 0
        try:
            self.update(build(stale), gone, digest)
        except sqlite3.DatabaseError:  # read-only, full, damaged: on in memory
            if not self._spill():
                raise
            return self.sync(current, build)
        return len(stale) + len(gone)

    def _remember(self, current: dict[str, str], digest: str) -> None:
        """Record that the rows are those of ``current``, checked again under the write
        lock so that no other process's update slips in between; on failure, nothing."""
        db = self.db
        with contextlib.suppress(sqlite3.Error):
            db.execute("BEGIN IMMEDIATE")
            try:
                if self.stamps() == current:
                    db.execute("INSERT OR REPLACE INTO settings VALUES ('stamps', ?)", (digest,))
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise

    def meta(self, doc_id: str) -> dict[str, Any] | None:
        """The stored manifest fields of one document, or None."""
        found = self.db.execute(
            f"SELECT {', '.join(META)} FROM meta WHERE id = ?",  # noqa: S608 - fixed names
            (doc_id,),
        ).fetchone()
        return None if found is None else _decoded(found)

    def edges(self, doc_id: str) -> tuple[list[tuple[str, str]], list[str]]:
        """The relations of one document to the others that exist, as ``(relation,
        target)`` pairs, and the documents whose links or ``related`` name it: the
        node :func:`mdbrain.core.graph.build` makes, without reading every document."""
        out = self.db.execute(
            "SELECT DISTINCT edges.relation, edges.target FROM edges"
            " JOIN meta AS source ON source.rowid = edges.doc"
            " JOIN meta AS target ON target.id = edges.target"
            " WHERE source.id = ? AND edges.target != ?",
            (doc_id, doc_id),
        ).fetchall()
        into = self.db.execute(
            "SELECT DISTINCT source.id FROM edges"
            " JOIN meta AS source ON source.rowid = edges.doc"
            " WHERE edges.target = ? AND edges.relation IN ('links', 'related')"
            " AND source.id != ?",
            (doc_id, doc_id),
        ).fetchall()
        return [(str(r), str(t)) for r, t in out], [str(row[0]) for row in into]

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM meta").fetchone()[0])

    def candidates(
        self, words: Sequence[str], limit: int, weights: Sequence[float]
    ) -> list[Candidate]:
        """Documents holding any of ``words``, best first by FTS5's BM25 with field
        ``weights``, each as a :class:`Candidate` (its body left to :meth:`bodies`)."""
        if not words:
            return []
        return self._ranked(_any_of(dict.fromkeys(words)), limit, weights)

    def candidates_among(
        self, words: Sequence[str], limit: int, weights: Sequence[float], among: Among
    ) -> list[Candidate]:
        """:meth:`candidates`, of the documents ``among`` admits only."""
        if not words:
            return []
        where, values = among.sql()
        return self._ranked(_any_of(dict.fromkeys(words)), limit, weights, (where, values))

    def _ranked(
        self,
        query: str,
        limit: int,
        weights: Sequence[float],
        among: tuple[str, list[str]] = ("", []),
    ) -> list[Candidate]:
        """The documents an FTS5 ``query`` matches (those whose ``meta`` row meets the
        condition ``among`` gives, when it gives one), best first by BM25 with
        ``weights``."""
        ranking = ", ".join(f"{w:g}" for w in weights)
        where, values = among
        joined = f" JOIN meta ON meta.rowid = docs.rowid AND {where}" if where else ""
        # the order first, on row numbers alone: sorting whole rows would carry every
        # matching body through the sort, not only the ones kept
        order = [
            row[0]
            for row in self.db.execute(
                f"SELECT docs.rowid FROM docs{joined} WHERE docs MATCH ?"  # noqa: S608
                f" ORDER BY bm25(docs, {ranking}) LIMIT ?",  # fixed names, values bound
                (*values, query, limit),
            )
        ]
        return self._candidates(order)

    def _candidates(self, rowids: Sequence[int]) -> list[Candidate]:
        """The candidates of these rows, in their order, read once while the index stays
        as it is: a warm process asks for many of the same documents question after
        question. SQLite's ``data_version`` tells of another connection's commit; this
        connection's own writes forget them (:meth:`update`)."""
        state = (self.db, int(self.db.execute("PRAGMA data_version").fetchone()[0]))
        if state != self._kept_from:
            self._kept, self._kept_size = {}, 0
            self._kept_from = state
        kept = self._kept
        if len(kept) > KEPT_MAX or self._kept_size > KEPT_CHARS:
            # the older half goes (a dict keeps the order they came in); a question asks
            # again for the ones it reads, which come back at the end
            for rowid in list(itertools.islice(kept, len(kept) // 2)):
                self._kept_size -= kept.pop(rowid).size
        else:
            for rowid in rowids:  # the ones read again stay the newest
                if rowid in kept:
                    kept[rowid] = kept.pop(rowid)
        missing = [rowid for rowid in rowids if rowid not in kept]
        for start in range(0, len(missing), _BATCH):
            part = missing[start : start + _BATCH]
            rows = self.db.execute(
                f"SELECT {_COLUMNS} FROM meta JOIN docs ON docs.rowid = meta.rowid"  # noqa: S608
                f" WHERE meta.rowid IN ({', '.join('?' * len(part))})",
                part,
            )
            for row in rows:
                candidate = kept[row[-1]] = _candidate(row)
                self._kept_size += candidate.size
        return [kept[rowid] for rowid in rowids if rowid in kept]

    def candidates_holding(
        self,
        groups: Sequence[Sequence[str]],
        limit: int,
        weights: Sequence[float],
        fields: Sequence[str] = FIELDS,
    ) -> list[Candidate]:
        """Documents holding a word of every group (each group: the words of one term)
        in their ``fields`` (each word in any of them), best first by FTS5's BM25 with
        field ``weights``, as :meth:`candidates` gives them."""
        wanted = [dict.fromkeys(group) for group in groups if group]
        if not wanted:
            return []
        held = " AND ".join(f"({_any_of(group)})" for group in wanted)
        within = "{" + " ".join(name for name in fields if name in FIELDS) + "}"
        return self._ranked(f"{within} : ({held})", limit, weights)

    def candidates_headed(self, groups: Sequence[Sequence[str]], limit: int) -> list[Candidate]:
        """Documents with one heading holding a word of every group (each the words of
        one term), those whose shortest such heading is shortest first: a page with a
        section on what is asked, whatever else it holds ("### Management cluster" in a
        long glossary, a README's "How do I create an RFC?"). FTS5 finds the documents
        whose headings hold them all; each heading is then read apart, since a long
        glossary would rank low by its headings together."""
        wanted = [frozenset(group) for group in groups if group]
        if not wanted:
            return []
        held = " AND ".join(f"({_any_of(sorted(group))})" for group in wanted)
        found: list[tuple[int, int]] = []
        for rowid, headings in self.db.execute(
            "SELECT rowid, headings FROM heads WHERE heads MATCH ? LIMIT ?", (held, HEADED_READ)
        ):
            lengths = [
                len(line)
                for line in headings.split("\n")
                if all(not group.isdisjoint(line.split()) for group in wanted)
            ]
            if lengths:
                found.append((min(lengths), rowid))
        return self._candidates([rowid for _length, rowid in sorted(found)[:limit]])

    def bodies(self, rowids: Sequence[int]) -> dict[int, str]:
        """The normalised bodies of the given rows, by row number."""
        out: dict[int, str] = {}
        for start in range(0, len(rowids), _BATCH):
            part = rowids[start : start + _BATCH]
            out.update(
                self.db.execute(
                    f"SELECT rowid, body FROM docs WHERE rowid IN ({', '.join('?' * len(part))})",  # noqa: S608
                    part,
                )
            )
        return out

    def naming(self, names: Sequence[str]) -> set[str]:
        """The ids of the documents that name every one of ``names`` (lowercased), as
        written: ``must_use``, not "must use"."""
        wanted = sorted(set(names))
        if not wanted:
            return set()
        marks = ", ".join("?" * len(wanted))
        rows = self.db.execute(
            f"SELECT meta.id FROM names JOIN meta ON meta.rowid = names.doc"  # noqa: S608
            f" WHERE name IN ({marks}) GROUP BY names.doc HAVING COUNT(*) = ?",
            (*wanted, len(wanted)),
        ).fetchall()
        return {row[0] for row in rows}

    def titled_with(self, pieces: Sequence[str], limit: int) -> set[str]:
        """The ids of the documents whose title holds every one of ``pieces`` as written
        (symbols, which the search's words leave out), at most ``limit``."""
        if not pieces:
            return set()
        held = " AND ".join("instr(title, ?) > 0" for _ in pieces)
        rows = self.db.execute(
            f"SELECT id FROM meta WHERE {held} LIMIT ?",  # noqa: S608 - fixed text
            (*pieces, limit),
        ).fetchall()
        return {row[0] for row in rows}

    def with_phrases(self, phrases: Sequence[Sequence[str]], limit: int) -> set[str]:
        """The ids of the documents holding every phrase (words in a row), at most ``limit``."""
        if not phrases:
            return set()
        quoted = " AND ".join(_phrase(" ".join(words)) for words in phrases if words)
        rows = self.db.execute(
            "SELECT meta.id FROM docs JOIN meta ON meta.rowid = docs.rowid"
            " WHERE docs MATCH ? LIMIT ?",
            (quoted, limit),
        ).fetchall()
        return {row[0] for row in rows}

    def words(self, lang: str, term: str, prefix: bool) -> list[tuple[str, str, int]]:
        """The words whose term is ``term`` (or begins with it, for a prefix), each with its
        term and the number of documents holding it."""
        select = (
            "SELECT l.word, l.term, v.doc FROM lexicon l JOIN vocabulary v ON v.term = l.word"
            " WHERE l.lang = ? AND "
        )
        if prefix:
            rows = self.db.execute(
                select + "l.term >= ? AND l.term < ?", (lang, term, term + "\uffff")
            ).fetchall()
        else:
            rows = self.db.execute(select + "l.term = ?", (lang, term)).fetchall()
        return [(str(w), str(t), int(n)) for w, t, n in rows]

    def spelled(self, lang: str, folded: str) -> list[tuple[str, str, int]]:
        """The words of the vocabulary that ``folded`` spells without their accents
        ("securite": "sécurité"), each with its term and the number of documents holding
        it; the word itself is left out."""
        rows = self.db.execute(
            "SELECT l.word, l.term, v.doc FROM lexicon l JOIN vocabulary v ON v.term = l.word"
            " WHERE l.lang = ? AND l.folded = ? AND l.word != ?",
            (lang, folded, folded),
        ).fetchall()
        return [(str(w), str(t), int(n)) for w, t, n in rows]

    def holding(self, words: Sequence[str]) -> int:
        """How many documents hold at least one of ``words``."""
        if not words:
            return 0
        found = self.db.execute("SELECT COUNT(*) FROM docs WHERE docs MATCH ?", (_any_of(words),))
        return int(found.fetchone()[0])

    def unknown_words(self, lang: str) -> list[str]:
        """Words of the vocabulary that the lexicon has no term for in ``lang``."""
        rows = self.db.execute(
            "SELECT v.term FROM vocabulary v LEFT JOIN lexicon l ON l.lang = ? AND l.word = v.term"
            " WHERE l.word IS NULL",
            (lang,),
        ).fetchall()
        return [row[0] for row in rows]

    def learn(self, lang: str, terms: Iterable[tuple[str, str]]) -> None:
        """Record the term of each word (word, term) in ``lang``."""
        pairs = [(lang, word, term, text.fold(word)) for word, term in terms]
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany(
                    "INSERT OR REPLACE INTO lexicon(lang, word, term, folded) VALUES (?, ?, ?, ?)",
                    pairs,
                )
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise
        except sqlite3.DatabaseError:  # read-only, full, damaged: on in memory
            if not self._spill():
                raise
            if self._last is not None and not self.count():
                self.sync(*self._last)  # the copy could not be made: rebuilt from the files
            self.learn(lang, [(word, term) for _, word, term, _folded in pairs])

    def citing(self, path: str) -> set[str]:
        """The ids of the documents whose impl_refs name ``path`` or a folder holding it."""
        rows = self.db.execute(
            "SELECT meta.id FROM refs JOIN meta ON meta.rowid = refs.doc"
            " WHERE ref = ? OR (substr(?, 1, length(ref) + 1) = ref || '/')",
            (path, path),
        ).fetchall()
        return {row[0] for row in rows}

    def candidates_by_id(self, doc_ids: Sequence[str]) -> list[Candidate]:
        """The candidate rows of the given documents (whatever FTS5 would rank them)."""
        if not doc_ids:
            return []
        marks = ", ".join("?" * len(doc_ids))
        rows = self.db.execute(
            f"SELECT {_COLUMNS} FROM docs JOIN meta ON meta.rowid = docs.rowid"  # noqa: S608
            f" WHERE meta.id IN ({marks})",
            tuple(doc_ids),
        ).fetchall()
        return [_candidate(row) for row in rows]

    def statistics(self) -> Statistics:
        """How many documents there are, the average length of each field and section,
        and the languages the documents are analysed in.

        Kept in the index from one process to the next until its rows change, since
        computing them reads every row.
        """
        kept = _setting(self.db, "statistics")
        if kept is not None:
            with contextlib.suppress(ValueError, TypeError):
                documents, averages, passage, languages = json.loads(kept)
                return Statistics(int(documents), tuple(averages), float(passage), tuple(languages))
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")  # no update can land between counting and keeping
        except sqlite3.Error:  # read-only: computed each time
            return self._statistics()
        try:
            found = self._statistics()
            kept = json.dumps([found.documents, found.averages, found.passage, found.languages])
            db.execute("INSERT OR REPLACE INTO settings VALUES ('statistics', ?)", (kept,))
            db.execute("COMMIT")
        except sqlite3.Error:
            _rollback(db)
            return self._statistics()
        return found

    def _statistics(self) -> Statistics:
        averages = ", ".join(f"AVG({n})" for n in LENGTHS)
        found = self.db.execute(
            f"SELECT COUNT(*), {averages}, SUM(length_body), SUM(json_array_length(sections))"  # noqa: S608 - fixed names
            " FROM meta"
        ).fetchone()
        languages = [row[0] for row in self.db.execute("SELECT DISTINCT lang FROM meta")]
        passages = float(found[-1] or 0)
        return Statistics(
            int(found[0]),
            tuple(float(v or 0.0) for v in found[1 : 1 + len(LENGTHS)]),
            float(found[-2] or 0) / passages if passages else 0.0,
            tuple(sorted(lang for lang in languages if lang)),
        )

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

    def listing(self, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """Up to ``limit`` documents with their manifest fields, by id."""
        rows = self.db.execute(
            f"SELECT id, {', '.join(META)} FROM meta ORDER BY id LIMIT ?",  # noqa: S608
            (limit,),
        ).fetchall()
        return [(row[0], _decoded(row[1:])) for row in rows]


# candidates a connection keeps between questions, and the characters they may hold in
# all (a connection per thread): past either, the older half goes
KEPT_MAX, KEPT_CHARS = 5_000, 16_000_000
HEADED_READ = 2_000  # documents whose headings together hold every term, read one by one
_BATCH = 500  # row numbers bound in one statement (old SQLite allows 999 parameters)


def stamps_digest(stamps: dict[str, str]) -> str:
    """One value that changes whenever any document's stamp does, or a document comes or goes."""
    text = "\n".join(f"{doc_id}\t{stamp}" for doc_id, stamp in sorted(stamps.items()))
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


_COLUMNS = ", ".join(
    [
        "meta.id",
        *("meta." + m for m in META),
        *("docs." + f for f in FIELDS[:-1]),
        *("meta." + n for n in LENGTHS),
        "meta.sections",
        "meta.words",
        "meta.rowid",
    ]
)


def _phrase(text: str) -> str:
    """``text`` as one FTS5 phrase: quoted, its own quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


@dataclass(frozen=True, slots=True)
class Among:
    """The documents a read can show, told by their rows: any value of a field given
    (``types``, ``statuses``, a tag of ``tags``, an audience of ``audiences``), none of
    the ``shunned`` statuses, and under the folder ``prefix`` ('' for the whole base).
    Empty, it admits every document."""

    types: frozenset[str] = frozenset()
    statuses: frozenset[str] = frozenset()
    shunned: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()
    audiences: frozenset[str] = frozenset()
    prefix: str = ""

    def __bool__(self) -> bool:
        return any((self.types, self.statuses, self.shunned, self.tags, self.audiences)) or bool(
            self.prefix
        )

    def admits(self, candidate: Candidate) -> bool:
        meta = candidate.meta
        return (
            (not self.types or meta["type"] in self.types)
            and (not self.statuses or meta["status"] in self.statuses)
            and meta["status"] not in self.shunned
            and (not self.tags or not self.tags.isdisjoint(meta["tags"]))
            and (not self.audiences or not self.audiences.isdisjoint(meta["audience"]))
            and (not self.prefix or candidate.id.startswith(self.prefix + "/"))
        )

    def sql(self) -> tuple[str, list[str]]:
        """A condition on ``meta`` rows meeting these limits, and the values it binds."""
        terms: list[str] = []
        values: list[str] = []

        def one_of(column: str, allowed: frozenset[str], negated: bool = False) -> None:
            marks = ", ".join("?" * len(allowed))
            terms.append(f"COALESCE(meta.{column}, '') {'NOT ' if negated else ''}IN ({marks})")
            values.extend(sorted(allowed))

        def listing(column: str, allowed: frozenset[str]) -> None:
            marks = ", ".join("?" * len(allowed))
            terms.append(
                f"EXISTS (SELECT 1 FROM json_each(meta.{column})"  # noqa: S608 - fixed names
                f" WHERE value IN ({marks}))"
            )
            values.extend(sorted(allowed))

        if self.types:
            one_of("type", self.types)
        if self.statuses:
            one_of("status", self.statuses)
        if self.shunned:
            one_of("status", self.shunned, negated=True)
        if self.tags:
            listing("tags", self.tags)
        if self.audiences:
            listing("audience", self.audiences)
        if self.prefix:
            terms.append("substr(meta.id, 1, ?) = ?")
            values.extend([str(len(self.prefix) + 1), self.prefix + "/"])
        return " AND ".join(terms), values


EVERY = Among()  # no limit


def _any_of(words: Iterable[str]) -> str:
    """An FTS5 query matching the documents that hold any of ``words``."""
    return " OR ".join(_phrase(word) for word in words)


def _candidate(row: Sequence[Any]) -> Candidate:
    size, count = len(META), len(FIELDS)
    return Candidate(
        row[0],
        tuple(row[1 : 1 + size]),
        tuple(row[1 + size : size + count]),  # every field but the body
        tuple(row[size + count : size + 2 * count]),
        row[-3],
        row[-2],
        row[-1],
    )


def _rollback(db: sqlite3.Connection) -> None:
    """End a failed transaction; SQLite may have ended it already (a full disk does)."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _key(db: sqlite3.Connection) -> str | None:
    return _setting(db, "key")


def _setting(db: sqlite3.Connection, key: str) -> str | None:
    """A value of the ``settings`` table; None when absent or when there is no such table
    (a new or a foreign file)."""
    try:
        found = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    except sqlite3.OperationalError:
        return None
    return None if found is None else str(found[0])


def _create(db: sqlite3.Connection, key: str) -> None:
    """Drop whatever tables are there and make the index's own, empty."""
    for table in (
        "heads",
        "lexicon",
        "refs",
        "names",
        "edges",
        "idents",
        "vocabulary",
        "docs",
        "meta",
        "settings",
    ):
        db.execute(f"DROP TABLE IF EXISTS {table}")
    db.execute("CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT)")
    db.execute(
        "CREATE TABLE meta(rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL,"
        " stamp TEXT NOT NULL, sections TEXT NOT NULL, words TEXT NOT NULL,"
        f" {', '.join(META)}, {', '.join(LENGTHS)})"
    )
    db.execute(
        f"CREATE VIRTUAL TABLE docs USING fts5({', '.join(FIELDS)},"
        " tokenize = 'unicode61 remove_diacritics 0')"
    )
    db.execute("CREATE VIRTUAL TABLE vocabulary USING fts5vocab(docs, 'row')")
    db.execute(
        "CREATE VIRTUAL TABLE heads USING fts5(headings,"
        " tokenize = 'unicode61 remove_diacritics 0')"
    )
    db.execute(
        "CREATE TABLE lexicon(lang TEXT NOT NULL, word TEXT NOT NULL, term TEXT NOT NULL,"
        " folded TEXT NOT NULL, PRIMARY KEY (lang, word)) WITHOUT ROWID"
    )
    db.execute("CREATE INDEX lexicon_by_term ON lexicon(lang, term)")
    db.execute("CREATE INDEX lexicon_by_folded ON lexicon(lang, folded)")
    db.execute("CREATE TABLE refs(ref TEXT NOT NULL, doc INTEGER NOT NULL)")
    db.execute("CREATE INDEX refs_by_ref ON refs(ref)")
    db.execute("CREATE INDEX refs_by_doc ON refs(doc)")
    db.execute("CREATE TABLE names(name TEXT NOT NULL, doc INTEGER NOT NULL)")
    db.execute("CREATE INDEX names_by_name ON names(name)")
    db.execute("CREATE INDEX names_by_doc ON names(doc)")
    db.execute(
        "CREATE TABLE edges(doc INTEGER NOT NULL, relation TEXT NOT NULL, target TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX edges_by_doc ON edges(doc)")
    db.execute("CREATE INDEX edges_by_target ON edges(target)")
    db.execute("INSERT INTO settings VALUES ('key', ?)", (key,))


def _decoded(values: Sequence[Any]) -> dict[str, Any]:
    out = dict(zip(META, values, strict=True))
    for key in LISTS:
        out[key] = _strings(out[key])
    out["lang"] = out["lang"] or ""
    return out


def _strings(value: str | None) -> tuple[Any, ...]:
    """A list field as stored (JSON), read back. The re-ranker reads those of two hundred
    candidates per question: a list of plain strings, as ``json.dumps`` writes it, is
    split without the JSON parser (an escape, a quote or another value is parsed)."""
    if not value or value == "[]":  # most are empty
        return ()
    if value.startswith('["') and value.endswith('"]') and "\\" not in value:
        return tuple(value[2:-2].split('", "'))
    return tuple(json.loads(value))
