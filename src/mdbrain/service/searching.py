"""Full-text ranking over the base: the search index kept fresh, then asked.

Fields are weighted so that a word in a title or summary counts more than the
same word deep in a body; the question goes through the same analysis as the
documents (folding, stop words, stems), in the language of each document;
long stems also match as prefixes so that "verrouillage" finds "verrouillé".
Each section is a passage scored on its own, and a document's score adds its
best passage's. Identifiers and code paths are matched exactly, before any
word: the documents naming ``LOGIN_MAX_ATTEMPTS``, or whose ``impl_refs`` cite
``src/auth/login.py``, come first.
"""

from __future__ import annotations

import bisect
import functools
import json
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdbrain.core import graph, language, passages, ranking, text
from mdbrain.core.progress import Progress, phase
from mdbrain.core.record_names import named_for, number_of, page_name
from mdbrain.store import cache, scan
from mdbrain.store.search_index import (
    EVERY,
    META,
    SECTION_MARK,
    Among,
    Candidate,
    Row,
    SearchIndex,
    Statistics,
)

if TYPE_CHECKING:
    from mdbrain.core.manifest import Entry
    from mdbrain.core.marker import Config
    from mdbrain.service.session import View

# title, summary, tags, type, path, body
WEIGHTS: tuple[float, ...] = (4.0, 3.0, 3.0, 1.0, 2.0, 1.0)
K1, B = 1.2, 0.75
PREFIX_MIN = 6  # stems at least this long also match the words they begin...
PREFIX_TRIM = 2  # ...once this many letters are taken off their end...
PREFIX_WEIGHT = 0.5  # ...and such a word counts this much
PLURAL_ENDINGS = ("", "s", "es", "x")  # a word asked as two, written as one, may end so
PASSAGE_WEIGHT = 0.5  # share of the best section's score a document gains
HEADING_WEIGHT = 2.0  # times a word of the headings above a section counts in it
PASSAGE_B = 0.5
PAIR_WEIGHT = 1.0  # what two words asked in a row count for in a section, found in a row
TITLE_WHOLE = 0.2  # share a document gains when its title holds every term asked
TITLE_ASKED = 0.2  # ... and more when its title says nothing else
HEADING_WHOLE = 0.1  # and when the heading of its best section does
NAMED = 3  # the tier of a record a question names ("KEP-3063", "ADR 11"): see Card.exact
LETTERED_PAGES = 2  # pages named for "A27" at most, for it to name them
_NUMBER_ALONE = re.compile(r"#?0*(\d{1,7})")  # a question that is a record's number alone
CANDIDATES = 200  # documents FTS5 hands to the re-ranker
# fewer of them that a read shows, and those it shows are asked for apart (Searcher.rank)
AMONG_ENOUGH = CANDIDATES // 4
HOLDING_ALL = 50  # documents about every term asked added to them, when a word was common
PREFERRED_GAIN = 0.25  # share of its score a document of a type the question asks for gains
# share of its score a document in another language than the question's keeps: the
# Korean copy of rust-lang/rfcs' Leadership Council RFC came before the English one
OTHER_LANGUAGE = 0.5
# share of its score a draft overview of a folder keeps: such a list of a folder's pages,
# as import writes, holds every title of the folder and came before the page that answers
PAGE_LIST = 0.5
# share of its score release notes keep for a question that asks nothing of what changed:
# uv's changelogs, and backstage's, came before the guide or the record that answers
RELEASE_NOTES = 0.5
# ... and pages of a folder of examples, for a question that asks for none: the
# engineering playbook's made-up "Memory" project answered "Did we choose ArgoCD or Flux
# for GitOps?" with its sample trade study
EXAMPLE_PAGES = 0.5
# the idf of a term nine documents in ten hold (ranking.idf): a term of no more weight
# says nothing of what a document is about ("RFC" in rust-lang/rfcs); "Python", in
# two thirds of uv's pages, still does
COMMON_IDF = math.log(1 + 1 / 9) + 1e-9
ABOUT = ("title", "summary", "tags", "path")  # the fields that say what a document is about
_TYPE = META.index("type")
_STATUS = META.index("status")
BUILDING = "building the search index"  # the phase a progress line names
QUESTIONS_KEPT = 256  # analysed questions a searcher remembers (see Searcher.question)
FEW_CHANGED = 64  # changed documents a sync parses itself rather than make the manifest
PASSAGES_OF = 10  # best documents (by their fields) whose sections are scored
# further ones whose sections are scored when a heading of theirs holds what is asked
# (cncf/toc: "What is the definition of an adopter?" is a heading of its FAQ, 11th)
HEADED_OF = 40
EXACT_MIN, EXACT_SHARE = 20, 0.02  # an identifier named by more documents distinguishes none
# ...as a tier; naming it still counts: its holders' scores are multiplied by this, when
# at most half the documents name it (astral-sh/uv: "is uv.lock cross platform?" put
# pages naming "uv" and "lock" apart, in a path, ahead of those naming uv.lock)
NAMED_GAIN = 1.5


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
    lang: str = ""  # the language the document is analysed in, when it says
    superseded_by: tuple[str, ...] = ()  # the documents that replace it
    # 3 (NAMED): the record the question names by its number; 2: its impl_refs cite the
    # code path asked; 1: it names every identifier
    exact: int = 0
    # the share of the question's weight (its terms' idf) the document holds somewhere,
    # and the terms it holds nowhere: a low share is a weak match, however it ranks
    cover: float = 1.0
    lacks: tuple[str, ...] = ()
    passage: passages.Section | None = None  # its best section for the question
    sections: tuple[tuple[passages.Section, float], ...] = ()  # sections that match, best first


def card_of(entry: Entry) -> Card:
    from mdbrain.core import fields

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
        superseded_by=fields.strings(entry.meta, "superseded_by"),
    )


def body_of(path: str, doc_id: str, data: bytes | None = None) -> tuple[str, int]:
    """A document's body as text and the file line it starts on ('' when unreadable: the
    scan reports why), from the file's bytes ``data`` when the caller read them."""
    from mdbrain.core import document, frontmatter
    from mdbrain.core.errors import MdbrainError
    from mdbrain.store import files

    try:
        if data is None:
            data = files.read_path(Path(path), shown=doc_id)
        raw = document.decode(data, path=doc_id)
        norm = frontmatter.normalise_newlines(raw.removeprefix(document.BOM))
        parts = frontmatter.split(norm, path=doc_id)
        return parts.body, parts.body_line
    except MdbrainError:
        return "", 1


def _lang_of(entry: Entry) -> str:
    value = entry.meta.get("lang")
    return text.language(value) if isinstance(value, str) and value.strip() else ""


def _summary_of(entry: Entry) -> str:
    if entry.summary:
        return entry.summary
    value = entry.meta.get("description")  # the field many site generators use instead
    return " ".join(value.split()) if isinstance(value, str) else ""


def row_of(entry: Entry, path: str, stamp: str, limit: int, data: bytes | None = None) -> Row:
    """What the index stores of one document: its fields normalised, a part per section
    (its body read from ``data``, the file's bytes, when the caller has them)."""
    body, body_line = ("", 1) if entry.size > limit else body_of(path, entry.id, data)
    body = _without_hidden_lines(body)
    cut = passages.split(body, body_line)
    title = entry.title or next((s.path[0] for s, _a, _b in cut if s.level == 1 and s.path), "")
    summary = _summary_of(entry)
    flat = text.normalise(body)
    marks = [start + 2 * (section.line - body_line) + 1 for section, start, _e in cut]
    marks[0:1] = [0]
    # where normalising kept every length, each section starts right after a line break
    # of the flat text, and the body is cut there; else (a camelCase name followed by its
    # parts, accents composed) the flat text is cut at the same lines, which it keeps
    lines = body.count("\n")
    if len(flat) == len(body) + 2 * lines + 2 and all(
        flat[mark - 2 : mark] == "\n " for mark in marks[1:]
    ):
        parts = [flat[a:b] for a, b in zip(marks, [*marks[1:], len(flat)], strict=True)]
    elif flat.count("\n") == lines:
        flat_lines = flat.split("\n")
        firsts = [0, *(section.line - body_line for section, _s, _e in cut[1:])]
        ends = [*firsts[1:], len(flat_lines)]
        parts = ["\n".join(flat_lines[a:b]) for a, b in zip(firsts, ends, strict=True)]
    else:
        parts = [text.normalise(body[a:b]) for _s, a, b in cut]
    sections = [[s.line, s.end, s.level, list(s.path)] for s, _a, _b in cut]
    fields = (
        text.normalise(title),
        text.normalise(summary),
        text.normalise(" ".join(entry.tags)),
        text.normalise(entry.type),
        text.normalise(entry.id.removesuffix(".md")),
        SECTION_MARK.join(parts) if parts else " ",
    )
    from mdbrain.core import fields as schema_fields

    refs = schema_fields.strings(entry.meta, "impl_refs")
    meta = {
        "title": title,
        "summary": summary,
        "type": entry.type,
        "status": entry.status,
        "priority": entry.priority,
        "tags": list(entry.tags),
        "audience": list(schema_fields.strings(entry.meta, "audience")),
        "impl_refs": list(refs),
        "sha": entry.sha,
        "lang": _lang_of(entry),
        "superseded_by": list(schema_fields.strings(entry.meta, "superseded_by")),
    }
    return Row(
        entry.id,
        stamp,
        fields,
        tuple(len(value) for value in fields),
        meta,
        json.dumps(sections, ensure_ascii=False, separators=(",", ":")),
        ranking.word_table(fields[-1]),
        frozenset(filter(None, [*(_code_path(ref) for ref in refs), *_source_files(entry.meta)])),
        frozenset(text.names_in(f"{title}\n{summary}\n{body}")),
        frozenset(
            [
                *(("links", target) for target, _line in entry.links),
                *((key, target) for key, ids in entry.relations.items() for target in ids),
            ]
        ),
        "\n".join(text.normalise(s.path[-1]) for s, _a, _b in cut if s.path),
    )


def _without_hidden_lines(body: str) -> str:
    """``body`` with the lines that neither match nor make a passage emptied
    (:func:`passages.unread`): HTML comments, reference definitions, empty anchors, and
    the items of a table of contents."""
    if not any(mark in body for mark in ("<!--", "]:", "<a", "](#", ")=", ":::", "{%")):
        return body  # most: not split
    return "\n".join(passages.unread(body.split("\n")))


def _rows(jobs: list[tuple[tuple[Any, ...], str, str, int]]) -> list[Row]:
    """The rows of a share of the documents (run in a worker process for a large base)."""
    return [row_of(cache.from_wire(wire), path, stamp, limit) for wire, path, stamp, limit in jobs]


def _entries_and_rows(
    jobs: list[tuple[scan.DocFile, str, int]],
) -> list[tuple[tuple[Any, ...], Row]]:
    """The manifest entries and the rows of a share of the documents, each file read
    once for both (run in a worker process for a large base)."""
    done = []
    for doc, stamp, limit in jobs:
        entry, data = scan.read_entry(doc, limit)
        done.append((cache.to_wire(entry), row_of(entry, doc.path, stamp, limit, data)))
    return done


def _source_files(meta: Mapping[str, Any]) -> list[str]:
    """The files of the project a document's ``sources`` name (``docs/tutorial/where.md``,
    the page it was imported from): a question naming one is about the document, as
    one naming a file its impl_refs cite. Web addresses, folders and prose are none."""
    from mdbrain.core import fields as schema_fields

    return [
        _code_path(source)
        for source in schema_fields.strings(meta, "sources")
        if "://" not in source
        and not source.rstrip().endswith("/")
        and not any(c.isspace() for c in source.strip())
        and "." in source.rsplit("/", 1)[-1]
    ]


def _code_path(ref: str) -> str:
    """An impl_ref as a plain path: no ``#symbol``, no leading ``./``, no trailing slash."""
    return ref.split("#", 1)[0].strip().removeprefix("./").rstrip("/")


@dataclass(frozen=True, slots=True)
class Question:
    """A question as the ranking reads it, in one language."""

    terms: tuple[ranking.Term, ...]
    asked: ranking.Asked  # the terms made ready to score many texts
    words: frozenset[str]  # its terms that do not come from an identifier
    forms: tuple[str, ...]  # the words to ask FTS5 for first (the common ones left out)
    common: tuple[str, ...]  # the words half the documents or more hold
    # the terms of the words that name something (text.says_little): what a document's
    # share of the question (Card.cover) is weighed on
    naming: frozenset[str] = frozenset()
    # per term held somewhere, the words that give it whole (its prefix's words left
    # out): a document holding one of each holds every term asked
    groups: tuple[tuple[str, ...], ...] = ()
    # the numbers of the terms but those nearly every document holds (COMMON_IDF): what
    # a title or a heading must hold to be about the question
    rare: tuple[int, ...] = ()
    stop: frozenset[str] = frozenset()  # the stop words of the language it is read in


class Searcher:
    """The search index of one base, for one thread: an SQLite connection and stemmers.

    :meth:`sync` brings it in step with a view of the files before it is asked.
    """

    def __init__(self, root: Path, config: Config) -> None:
        self.root = root
        self.config = config
        self.analyzer = text.Analyzer(config.lang)
        self._analysers: dict[str, text.Analyzer] = {self.analyzer.lang: self.analyzer}
        self.index = SearchIndex(root, config.lang)
        self.files: dict[str, scan.DocFile] = {}
        self._generation = 0
        self._racy = True
        self._stats: Statistics | None = None
        self._words: dict[tuple[str, str, bool], list[tuple[str, str, int]]] = {}
        self._spelled: dict[tuple[str, str], set[str]] = {}  # see _respelled
        self._holders: dict[tuple[str, ...], int] = {}
        # questions analysed since the index last changed: ranking asks again for each
        # page it shows (sections_of), and an agent often asks the same one twice
        self._questions: dict[tuple[str, str], Question] = {}

    def analyser(self, lang: str = "") -> text.Analyzer:
        """The analyser of a language (the base's by default)."""
        code = text.language(lang) if lang else self.analyzer.lang
        found = self._analysers.get(code)
        if found is None:
            found = self._analysers[code] = text.Analyzer(code)
        return found

    def sync(self, view: View, progress: Progress | None = None) -> None:
        """Re-index what changed since the last sync; nothing when the view is the same.
        ``progress`` hears of the documents indexed, when there are any."""
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
        limit = scan.size_limit(self.config)

        def build(ids: Sequence[str]) -> Iterable[Row]:
            if view.unknown and not view.made:  # no entry known: each file read once
                phase(progress, BUILDING)
                return self._entries_and_rows(view, ids, current, limit, progress)
            if len(ids) > FEW_CHANGED:  # the manifest, made only when something is to index
                by_id = view.manifest.by_id
                entries = [by_id[i] for i in ids]
            else:  # a few edits: those files parsed, not every remembered entry loaded
                entries = view.entries(ids, limit)
            jobs = [
                (cache.to_wire(entry), self.files[entry.id].path, current[entry.id], limit)
                for entry in entries
            ]
            phase(progress, BUILDING)
            return scan.mapped(_rows, jobs, progress)

        changed = self.index.sync(current, build)
        if changed or view.generation != self._generation:
            # the files moved: the rows did, by this sync or by another process's, and
            # what was worked out from them goes with them
            self._stats = None
            self._words = {}
            self._spelled = {}
            self._holders = {}
            self._questions = {}
        if changed:
            for lang in {self.analyzer.lang, *self.statistics().languages}:
                self._learn(lang)
        self._generation = view.generation

    def _entries_and_rows(
        self,
        view: View,
        ids: Sequence[str],
        current: Mapping[str, str],
        limit: int,
        progress: Progress | None,
    ) -> Iterator[Row]:
        """The rows of files no manifest entry is known of yet (a base read for the
        first time): the entries are made from the same reading and kept for the
        view's manifest, which then reads none of these files again."""
        jobs = [(self.files[doc_id], current[doc_id], limit) for doc_id in ids]
        kept: dict[str, tuple[cache.Stamp, Entry]] = {}
        for (doc, _stamp, _limit), (wire, row) in zip(
            jobs, scan.mapped(_entries_and_rows, jobs, progress), strict=True
        ):
            kept[doc.id] = (doc.stamp, cache.from_wire(wire))
            yield row
        view.keep(kept)

    def _learn(self, lang: str) -> None:
        """Give every new word of the vocabulary its term in ``lang``."""
        unknown = self.index.unknown_words(lang)
        if unknown:
            terms = self.analyser(lang).terms_of(unknown)
            self.index.learn(lang, zip(unknown, terms, strict=True))

    def close(self) -> None:
        self.index.close()

    def card(self, doc_id: str) -> Card | None:
        meta = self.index.meta(doc_id)
        return None if meta is None else Card(doc_id, **meta)

    def node(self, doc_id: str) -> graph.Node:
        """The document's place in the relation graph (empty when it is not a document)."""
        out, into = self.index.edges(doc_id)
        return graph.node(out, into)

    def statistics(self) -> Statistics:
        if self._stats is None:
            self._stats = self.index.statistics()
        return self._stats

    def params(self) -> ranking.Params:
        return ranking.Params(
            WEIGHTS, K1, B, PREFIX_MIN, PREFIX_TRIM, PREFIX_WEIGHT, PASSAGE_WEIGHT,
            HEADING_WEIGHT, PASSAGE_B, PAIR_WEIGHT,
        )  # fmt: skip

    def question(self, words: str, lang: str = "") -> Question:
        """``words`` analysed in ``lang``: each term with the words that give it and its
        weight in this base."""
        code = text.language(lang) if lang else self.analyzer.lang
        known = self._questions.get((words, code))
        if known is None:
            if len(self._questions) >= QUESTIONS_KEPT:
                self._questions.clear()
            known = self._questions[(words, code)] = self._question(words, code)
        return known

    def _question(self, words: str, code: str) -> Question:
        analyser = self.analyser(code)
        params = self.params()
        documents = self.statistics().documents
        named = " ".join([*_compound(analyser, text.identifiers(words)), *text.split_names(words)])
        from_names = set(analyser.terms(named)) if named else set()
        # an English question read for French pages: "how", "do", "the" are no terms
        said_in = text.guess_language(words)
        read = text.without_stop_words(words, said_in) if said_in not in ("", code) else words
        read = text.without_fillers(read)
        # each term's words: (word, documents holding it, its share of the term)
        expanded: dict[str, dict[str, tuple[int, float]]] = {}
        respelled = self._respelled(code, analyser, read)
        for word in dict.fromkeys(analyser.terms(read)):
            form, prefix = ranking.pattern(word, params)
            found = self._expansion(code, form, prefix)
            if not any(term == word for _w, term, _n in found):
                found = [*found, *self._expansion(code, word, False)]
            expanded[word] = {
                w: (n, 1.0 if term == word else params.prefix_weight) for w, term, n in found
            }
            for term in respelled.get(word, ()):  # "securite" typed, "sécurité" written
                expanded[word].update(
                    (w, (n, 1.0)) for w, _t, n in self._expansion(code, term, False)
                )
        # "lock file" asked, "lockfile" written: the word written as one gives both terms
        # in full; only that word and its plural, not its stem's family ("man age" is no
        # "management"). "use less" gives "useless" too: a page must then also hold the
        # question's other words to come first.
        # A verb and its particle ("log in", "set up"), the particle no term: the word
        # written as one ("login", "setup") gives the verb's term.
        for first, second, both, written in analyser.joined(read):
            if first in expanded and (not second or second in expanded) and both not in expanded:
                for w, _term, n in self._expansion(code, both, False):
                    if w.startswith(written) and w[len(written) :] in PLURAL_ENDINGS:
                        expanded[first][w] = (n, 1.0)
                        if second:
                            expanded[second][w] = (n, 1.0)
        terms, forms, groups = [], [], []
        for word, giving in expanded.items():
            words_of_term = tuple((w, share) for w, (_n, share) in giving.items())
            holders = self._holding([(w, word, n) for w, (n, _share) in giving.items()])
            terms.append(ranking.Term(word, words_of_term, ranking.idf(documents, holders)))
            forms += [(w, n) for w, (n, _share) in giving.items()]
            whole = tuple(w for w, (_n, share) in giving.items() if share == 1.0)
            if whole:
                groups.append(whole)
        plain = frozenset(t.term for t in terms) - from_names
        # FTS5's BM25 gives a word held by half the documents or more no weight at all: asked
        # for, it makes FTS5 read and score every document holding it, and adds those that
        # hold nothing else at the tail of its order. So the other words are asked first,
        # and the common ones only to fill the candidates up (see :meth:`rank`).
        rare = [w for w, n in forms if 2 * n < documents]
        common = [w for w, n in forms if 2 * n >= documents]
        naming = {
            term
            for w in text.words_of(words)
            if not text.says_little(w)
            for term in analyser.terms(w)
        }
        return Question(
            tuple(terms),
            ranking.asked(terms),
            plain,
            tuple(dict.fromkeys(rare)),
            tuple(dict.fromkeys(common)),
            frozenset(naming),
            tuple(groups),
            tuple(n for n, term in enumerate(terms) if term.idf > COMMON_IDF),
            text.stop_words(code),
        )

    def _respelled(self, code: str, analyser: text.Analyzer, read: str) -> dict[str, set[str]]:
        """For the term of each word of ``read`` typed without accents that no word of the
        base gives, the terms of the words of the base it spells without their accents: a
        question typed "quelles options ont ete envisagees ?" met "envisagées" by the
        first letters of its stem alone ("envisage" is not "envisag"), and "securite" met
        "sécurité" not at all."""
        out: dict[str, set[str]] = {}
        for raw in dict.fromkeys(w.casefold() for w in text.words_of(read)):
            if not raw.isascii() or not raw.isalpha():
                continue
            for term in analyser.terms(raw)[:1]:
                if term in out or self._expansion(code, term, False):
                    continue
                accented = self._spelled.get((code, raw))
                if accented is None:  # asked once per index state, as _expansion is
                    found = self.index.spelled(code, raw)
                    accented = self._spelled[(code, raw)] = {t for _w, t, _n in found}
                if accented:
                    out[term] = accented
        return out

    def _holding(self, found: list[tuple[str, str, int]]) -> int:
        """How many documents hold one of the words ``found`` (word, term, documents) at
        least: a lone word's own count, else counted by FTS5 once per index state. Adding
        up the words' counts would count twice every page holding two of them ("proxy"
        and "proxies"), and make a word of a few pages look as common as one of them all."""
        if len(found) < 2:
            return sum(n for _w, _t, n in found)
        words = tuple(w for w, _t, _n in found)
        count = self._holders.get(words)
        if count is None:
            count = self._holders[words] = self.index.holding(words)
        return count

    def _expansion(self, lang: str, form: str, prefix: bool) -> list[tuple[str, str, int]]:
        key = (lang, form, prefix)
        found = self._words.get(key)
        if found is None:
            found = self._words[key] = self.index.words(lang, form, prefix)
        return found

    def rank(
        self,
        question: str,
        limit: int,
        prefer: frozenset[str] = frozenset(),
        among: Among = EVERY,
    ) -> list[Card]:
        """The best documents for ``question``, best first; those of a type in ``prefer``
        gain :data:`PREFERRED_GAIN` of their score. The documents ``among`` admits (those
        a read will show) are candidates too when few of FTS5's first ones are, and follow
        the ``limit`` best when they rank past them: a filter,
        or a base of drafts, must not leave the ones it shows past them (backstage: of six
        decisions on the catalog, ``search catalog --status stable`` found one, the 200
        best pages holding "catalog" being mostly release notes).

        Documents whose impl_refs cite a code path the question names come first,
        then those naming every identifier it names (``LOGIN_MAX_ATTEMPTS``,
        ``src/auth/login.py``); then the rest by score. A question made of
        identifiers only finds only the documents that name them, when some do.
        """
        stats = self.statistics()
        if not stats.documents:
            return []
        with self.index.snapshot():  # candidates and their bodies from one state
            return self._rank(question, limit, stats, prefer, among)

    def _rank(
        self,
        question: str,
        limit: int,
        stats: Statistics,
        prefer: frozenset[str],
        among: Among,
    ) -> list[Card]:
        params = self.params()
        base = self.analyzer.lang
        asked = {lang: self.question(question, lang) for lang in {base, *stats.languages}}
        wanted = max(limit, CANDIDATES)
        found, words = self._candidates(asked, wanted, params)
        shown = self._among(found, words, wanted, among, params)
        holding, headed = self._about(asked, params)
        seen = {c.id for c in found}
        found += [c for doc_id, c in (holding | headed).items() if doc_id not in seen]
        exact, common = self._exact(question, stats.documents)
        if exact:
            holders = {doc_id for doc_id, tier in exact.items() if tier}
            if not asked[base].words:  # only identifiers asked: only their holders
                found = [c for c in found if c.id in holders]
            missing = holders - {c.id for c in found}
            found += self.index.candidates_by_id(sorted(missing))
        elif common and not asked[base].words:  # too many for a tier, still all asked
            kept = [c for c in found if c.id in common]
            # none among FTS5's first (pages titled with its words fill them): by id
            found = kept or self.index.candidates_by_id(sorted(common)[:CANDIDATES])
        # "the ?? operator": the pages titled with it, which no word finds
        symbols = self._titled_with_symbols(question, stats.documents, found)
        if not found:
            return []
        # the pool the re-ranker orders is the same however many are asked: a wider one
        # would let a document past FTS5's first CANDIDATES overtake, and the top of a list
        # would change with its length. Those past it follow, in their own order.
        pool = {c.id for c in found[:CANDIDATES]} | set(exact) | set(holding) | set(headed)
        pool |= symbols | shown
        titled = _names_asked(question)
        # the question's language: its small words or its script tell, else the base's
        said_in = text.guess_language(question) or language.script_language(question) or base
        # whether it asks what changed, or for examples (see _gain)
        changes, examples = (
            p.search(question) is not None for p in (_ASKS_CHANGES, _ASKS_EXAMPLES)
        )
        scored = []
        holds: dict[str, tuple[float, tuple[str, ...]]] = {}
        for candidate in found:
            q = asked.get(candidate.lang or base, asked[base])
            fields = _fields(q.asked, candidate)
            value, held = ranking.fields_score(
                q.asked, fields, candidate.lengths, stats.averages, params
            )
            # a title holding what is asked: its names, its words, or its operator by its
            # symbol (as a word of that weight would: see _symbol_gain)
            value *= (
                _title_gain(q, candidate.texts[0])
                if _titled_by(q, candidate.texts[0], fields[0], titled)
                else 1
            ) * (_symbol_gain(q, len(symbols), stats.documents) if candidate.id in symbols else 1)
            scored.append((candidate.id not in pool, value, candidate))
            holds[candidate.id] = _cover(q.asked.terms, held, q.naming)
        scored.sort(key=lambda item: (item[0], -item[1], item[2].id))
        read = _to_read(
            scored, exact.keys() | headed.keys(), lambda c: asked.get(c.lang or base, asked[base])
        )
        bodies = self.index.bodies(read)
        ranked = []
        for outside, fields_value, candidate in scored:
            q = asked.get(candidate.lang or base, asked[base])
            sections, value = _read(
                q, candidate, bodies.get(candidate.rowid), fields_value, (stats, params)
            )
            total = value + (params.passage_weight * sections[0][1] if sections else 0.0)
            total *= _gain(
                candidate, prefer, (candidate.lang or base) == said_in, changes, examples
            )
            total *= _heading_gain(q, sections)
            if candidate.id in common:
                total *= NAMED_GAIN
            ranked.append(
                (outside, -exact.get(candidate.id, 0), -total, candidate.id, candidate, sections)
            )
        ranked.sort(key=lambda item: item[:4])
        # past the limit, those a read shows still come, in their order: the read would
        # else find none of them below a limit's worth of pages it hides
        ranked[limit:] = [item for item in ranked[limit:] if item[3] in shown]
        return [
            Card(
                candidate.id,
                **candidate.meta,
                score=-negative,
                exact=-tier,
                cover=holds[candidate.id][0],
                lacks=holds[candidate.id][1],
                passage=sections[0][0] if sections else None,
                sections=sections,
            )
            for _outside, tier, negative, _id, candidate, sections in ranked
        ]

    def _candidates(
        self, asked: Mapping[str, Question], wanted: int, params: ranking.Params
    ) -> tuple[list[Candidate], list[str]]:
        """FTS5's ``wanted`` best documents for the words of ``asked`` but the common
        ones, and the words they were found by; the common words fill the rest up when
        too few hold the others."""
        forms = [form for q in asked.values() for form in q.forms]
        found = self.index.candidates(forms, wanted, params.weights) if forms else []
        common = [form for q in asked.values() for form in q.common]
        if len(found) >= wanted or not common:
            return found, forms
        seen = {c.id for c in found}
        words = [*forms, *common]
        more = self.index.candidates(words, wanted, params.weights)
        return found + [c for c in more if c.id not in seen][: wanted - len(found)], words

    def _among(
        self,
        found: list[Candidate],
        words: Sequence[str],
        wanted: int,
        among: Among,
        params: ranking.Params,
    ) -> set[str]:
        """The :data:`AMONG_ENOUGH` best documents ``among`` admits, added to ``found``
        when it is full and fewer of it are (see :meth:`rank`): their ids, else none. No
        more: each costs the re-ranker as much as one of ``found``."""
        if not among or len(found) < wanted or sum(map(among.admits, found)) >= AMONG_ENOUGH:
            return set()
        seen = {c.id for c in found}
        apart = self.index.candidates_among(words, AMONG_ENOUGH, params.weights, among)
        found += [c for c in apart if c.id not in seen]
        return {c.id for c in apart}

    def _about(
        self, asked: Mapping[str, Question], params: ranking.Params
    ) -> tuple[dict[str, Candidate], dict[str, Candidate]]:
        """The documents about every term asked that FTS5's first candidates may leave
        out, by id: those whose title, summary, tags or path hold them all, when a word
        half the documents hold was not asked (a short page about every word asked,
        "Default Catalog File Name", was outranked by pages holding rarer words that
        only begin like one of them; their bodies too would cost twice as much); and
        those with a section headed by them all, however long the rest of the page (a
        glossary's "### Management cluster", a README's "How do I create an RFC?")."""
        holding = {
            c.id: c
            for q in asked.values()
            if q.common and len(q.groups) > 1
            for c in self.index.candidates_holding(
                q.groups, HOLDING_ALL, params.weights, fields=ABOUT
            )
        }
        headed = {
            c.id: c
            for q in asked.values()
            if len(q.groups) > 1
            for c in self.index.candidates_headed(q.groups, HOLDING_ALL)
            if _headed(q, c)
        }
        return holding, headed

    def sections_of(
        self, question: str, doc_id: str
    ) -> tuple[tuple[tuple[passages.Section, float, float], ...], dict[str, float]]:
        """The sections of one indexed document that hold a term of ``question``, best
        first for choosing among them: each with the score :meth:`rank` gives it and the
        one that ordered it (:func:`_scored_sections`); and the weight (idf) of each
        question term in the document's language. Nothing when the document is not
        indexed."""
        stats = self.statistics()
        with self.index.snapshot():
            found = self.index.candidates_by_id([doc_id])
            if not found or not stats.documents:
                return (), {}
            candidate = found[0]
            asked = self.question(question, candidate.lang)
            body = self.index.bodies([candidate.rowid]).get(candidate.rowid, "")
        found_in = _scored_sections(
            asked.asked,
            candidate,
            body,
            stats.passage,
            self.params(),
            within=True,
            symbols=text.operators(question),
            opening=_asking_word(question),
        )
        found_in = _titled_first(asked, candidate.texts[0], found_in)
        return found_in, {term.term: term.idf for term in asked.terms}

    def _titled_with_symbols(
        self, question: str, documents: int, found: list[Candidate]
    ) -> set[str]:
        """The documents whose title holds, as written, every operator ``question`` asks
        about by its symbol (``??``, ``?.``: :func:`mdbrain.core.text.operators`), which
        the search's words leave out; none when more than a few hold them (as for
        identifiers, :data:`EXACT_MIN`, :data:`EXACT_SHARE`). Such a title gains as much
        as the symbol weighs in the question (:func:`_symbol_gain`), not a tier: "Why is
        operator << ambiguous with a CArchive?" is not asked of the page on shift
        operators. Those ``found`` lacks are added to it."""
        symbols = text.operators(question)
        if not symbols:
            return set()
        most = max(EXACT_MIN, int(documents * EXACT_SHARE))
        titled = self.index.titled_with(symbols, most + 1)
        if len(titled) > most:
            return set()
        found += self.index.candidates_by_id(sorted(titled - {c.id for c in found}))
        return titled

    def _exact(self, question: str, documents: int) -> tuple[dict[str, int], set[str]]:
        """Documents matched exactly: 2 when their impl_refs cite a code path the question
        names, 1 when they name every identifier it names that words alone would not find
        (``LOGIN_MAX_ATTEMPTS`` is three words; ``C4996`` and ``parseConfig`` are one term
        each, matched as written, not through their stems).
        An identifier that many documents name makes no tier: the documents naming them
        come second, for :data:`NAMED_GAIN`; named by more than half, by none."""
        out: dict[str, int] = {}
        common: set[str] = set()
        # every identifier of several words, stop words too: try_from is "try" and "from"
        named = sorted(
            n
            for n in text.identifiers(question)
            if len(text.normalise(n).split()) > 1 or n.startswith(text.ONE_WORD_NAMES)
        )
        codes = sorted(text.code_words(question) - set(named))
        most = max(EXACT_MIN, int(documents * EXACT_SHARE))
        holders: set[str] | None = None
        if named:  # as written: the same words in prose ("must use") are no match
            holders = self.index.naming(named)
        if codes and (holders is None or holders):
            # one term each (C4996, parseConfig): FTS5 finds them as written
            phrases = [text.normalise(code).split() for code in codes]
            found = self.index.with_phrases(phrases, documents if holders else most + 1)
            holders = found if holders is None else holders & found
        if holders is not None and len(holders) <= most:
            out = dict.fromkeys(holders, 1)
        elif named and holders is not None and len(holders) <= documents // 2:
            common = holders  # counted whole: codes alone are counted up to most + 1
        for path in text.code_paths(question):
            for doc_id in self.index.citing(_code_path(path)):
                out[doc_id] = 2
        out.update(self._records_named(question))
        return out, common

    def _records_named(self, question: str) -> dict[str, int]:
        """The pages of the records ``question`` names ("ADR 11", "EIP-1559", "A27",
        "SE-0302"), each :data:`NAMED`."""
        out: dict[str, int] = {}
        numbers = text.record_numbers(question)
        alone = _NUMBER_ALONE.fullmatch(question.strip())
        if alone is not None:  # "43651" alone: the page numbered so (golang/proposal)
            numbers.add(int(alone.group(1)))
        proposals = text.records_named(question)
        written = text.records_written(question)
        lettered = text.lettered_records(question)
        records: list[tuple[str | None, int]] = [*proposals, *lettered]  # letters and number
        records += [(None, n) for n in [*numbers, *(n for _, n in written)]]  # number alone
        if not records:
            return out
        files = _numbered(self.files, records)
        if not files:  # no file name carries any of those numbers: no record is named
            return out
        if numbers:  # "ADR 11" names the record numbered 11 as surely as a path names code
            out.update(dict.fromkeys((f for f in files if number_of(f) in numbers), NAMED))
        for series, number in proposals:
            # "EIP-1559" names eips/eip-1559.md: on ethereum/EIPs it ranked 23rd, below
            # every page that cites it
            own = named_for(series, number)
            out.update(dict.fromkeys((f for f in files if own.match(page_name(f))), NAMED))
            # or numbered alone in a folder of that series: "KEP-3063" names
            # keps/sig-node/3063-dynamic-resource-allocation/README.md
            out.update(
                dict.fromkeys(
                    (f for f in files if number_of(f) == number and _in_series(f, series)),
                    NAMED,
                )
            )
        for series_name, number in written:
            out.update(dict.fromkeys(self.naming_themselves(series_name, number, files), NAMED))
        for letters, number in lettered:
            # "A27" names the page whose file name opens with it (grpc/proposal: the pages
            # citing "gRFC A27" ranked above it), when one or two do: a capital and digits
            # name a product or a size as often ("X11", "B2"), not a file of its own
            own = named_for(letters, number)
            pages = [f for f in files if own.match(page_name(f))]
            if len(pages) <= LETTERED_PAGES:
                out.update(dict.fromkeys(pages, NAMED))
        return out

    def naming_themselves(
        self, name: str, number: int, files: Sequence[str] | None = None
    ) -> list[str]:
        """The documents numbered ``number`` whose body names its number first as
        ``name`` does: "SE-0302" is proposals/0302-sendable.md, whose header says
        "Proposal: SE-0302", not the pages citing it; "SE-0001" is not testing/0001-...,
        whose header says "ST-0001" before it cites SE-0001. ``files``: the ids to look
        among, when the caller has narrowed them already (every document by default)."""
        files = _numbered(self.files, [(None, number)]) if files is None else files
        if not files:
            return []
        numbered = [f for f in files if number_of(f) == number]
        if not numbered:
            return []
        series = text.normalise(name).split()[0]
        own = re.compile(rf"(?<![^\W\d_])([^\W\d_]{{2,5}}) 0*{number}(?!\w)")
        found = self.index.candidates_by_id(numbered)
        bodies = self.index.bodies([c.rowid for c in found])
        return [
            c.id
            for c in found
            if (first := own.search(bodies.get(c.rowid, ""))) is not None
            and first.group(1) == series
        ]


def _numbered(ids: Collection[str], named: Sequence[tuple[str | None, int]]) -> list[str]:
    """The ids that could be the page of a record ``named`` (its letters, lowercased, when
    its page's name opens with them, and its number): a file or folder name holds the
    number's digits (``0011-x.md``, ``3063-dra/README.md``), after a name opening with the
    letters (``eips/eip-1559.md``, ``keps/.../3063-dra``). A cheap sieve, before the file
    names are read as records: "vitamin B12" reads like one, and SciFact's ids are numbers."""
    openings: dict[str, set[str | None]] = {}
    for letters, number in named:
        openings.setdefault(str(number), set()).add(None if letters is None else "/" + letters)
    kept: set[str] = set()
    for digits, opened in openings.items():
        holding = [i for i in ids if digits in i]  # few: the test runs in C
        if None not in opened:
            holding = [i for i in holding if any(o in "/" + i.casefold() for o in opened if o)]
        kept.update(holding)
    return [i for i in ids if i in kept] if kept else []


def _in_series(doc_id: str, series: str) -> bool:
    """Whether a document sits in a folder named for a record series (``keps/``,
    ``rfcs/``, ``adr/``)."""
    return any(part.startswith(series) for part in doc_id.casefold().split("/")[:-1])


def _fields(
    question: ranking.Asked, candidate: Candidate
) -> list[Mapping[str, int] | Sequence[str]]:
    """A candidate's fields as :func:`ranking.fields_score` reads them: of each short
    one, the words that give a term asked (the others add nothing to its score), and
    the body's counts of those words."""
    gives = question.gives
    return [
        *([word for word in words if word in gives] for words in candidate.split),
        ranking.counted_in_table(question, candidate.words),
    ]


def _cover(
    terms: Sequence[ranking.Term], held: Sequence[bool], naming: frozenset[str]
) -> tuple[float, tuple[str, ...]]:
    """The share of the weight of the ``naming`` ones of ``terms`` (their idf) a
    document holding the ``held`` ones holds, and those it lacks."""
    weighed = [(t, has) for t, has in zip(terms, held, strict=True) if t.term in naming]
    weight = sum(term.idf for term, _has in weighed)
    kept = sum(term.idf for term, has in weighed if has)
    lacks = tuple(term.term for term, has in weighed if not has)
    return (kept / weight if weight else 1.0), lacks


def _symbol_gain(q: Question, holders: int, documents: int) -> float:
    """The gain of a document whose title holds the operator asked by its symbol: one
    plus the symbol's weight (its idf, as if it were a word held by the ``holders``
    titles) over the weight of the question's words. "What does the ?? operator
    return?" is mostly "??": MDN's page titled with it gains 2.5 times; a question of
    many rare words besides gains little."""
    rest = sum(term.idf for term in q.asked.terms)
    weight = math.log(1 + (documents - holders + 0.5) / (holders + 0.5))
    return 1 + weight / max(rest, 1.0)


def _names_asked(question: str) -> list[str]:
    """The identifiers ``question`` names (``std::is_base_of``, ``C4996``), each as its
    words stand in a normalised title: a title naming one is about it. A name that is one
    plain word once normalised (``.spd``, ``--offline``) is no sign: titles use words."""
    named = [text.normalise(name).split() for name in text.identifiers(question)]
    codes = [text.normalise(code).split() for code in text.code_words(question)]
    return sorted(
        {f" {' '.join(words)} " for words in named + codes if len(words) > 1 or words in codes}
    )


def _headings(question: ranking.Asked, paths: Sequence[Sequence[str]]) -> dict[int, Counter[str]]:
    """How often each word of ``question`` occurs in the headings above each section
    (``paths``), for the sections where one does: all headings normalised as one text,
    a line each, and searched at once."""
    lines = text.normalise("\n".join(" ".join(path).replace("\n", " ") for path in paths))
    breaks = []
    at = lines.find("\n")
    while at >= 0:
        breaks.append(at)
        at = lines.find("\n", at + 1)
    out: dict[int, Counter[str]] = {}
    for offset, word in ranking.located(question, lines):
        out.setdefault(bisect.bisect_left(breaks, offset), Counter())[word] += 1
    return out


def _compound(analyser: text.Analyzer, names: Iterable[str]) -> list[str]:
    """The identifiers that analyse into several terms: those words alone would scatter."""
    return sorted(name for name in names if len(analyser.terms(name)) > 1)


def _to_read(
    scored: Sequence[tuple[bool, float, Candidate]],
    chosen: Set[str],
    question_of: Callable[[Candidate], Question],
) -> list[int]:
    """The rows whose sections are scored: the first :data:`PASSAGES_OF` by their
    fields, the ``chosen`` ones (matched exactly, or headed by what is asked), and those
    of the first :data:`HEADED_OF` with a heading that holds what is asked
    (:func:`_headed`)."""
    return [
        c.rowid
        for n, (_o, _v, c) in enumerate(scored)
        if n < PASSAGES_OF or c.id in chosen or (n < HEADED_OF and _headed(question_of(c), c))
    ]


def _heading_gain(q: Question, sections: Sequence[tuple[passages.Section, float]]) -> float:
    """What a document's score is multiplied by when the heading of its best section
    holds what is asked (:data:`HEADING_WHOLE`)."""
    best = sections[0][0].path if sections else ()
    return 1 + HEADING_WHOLE if best and _holds_all(q, best[-1]) else 1.0


def _read(
    q: Question,
    candidate: Candidate,
    body: str | None,
    value: float,
    scoring: tuple[Statistics, ranking.Params],
) -> tuple[tuple[tuple[passages.Section, float], ...], float]:
    """A candidate's scored sections, best first, when its ``body`` was read, and its
    score by its fields (``value``), or by a section's heading (:func:`_titled_section`)."""
    if body is None:
        return (), value
    stats, params = scoring
    sections = _sections(q.asked, candidate, body, stats.passage, params)
    return _titled_section(q, candidate, sections, value, scoring)


TITLED_TERMS_MIN = 2  # terms a question needs for a heading to stand for a title
TITLED_AHEAD = 2.0  # a section so headed, over the best order of the others of its page


def _says_only(q: Question, heading: str, stop: frozenset[str], title: str) -> bool:
    """Whether ``heading`` holds every term asked and nothing else but ``stop`` words,
    and is not the page's ``title`` (normalised) again."""
    words = _heading_words(heading)
    if list(words) == title.split():
        return False
    gives = q.asked.gives
    return all(word in gives or word in stop for word in words) and all(
        ranking.frequencies(q.asked, words)
    )


def _titled_at(q: Question, sections: Sequence[passages.Section], title: str) -> int | None:
    """The first of ``sections`` whose heading says what is asked and nothing else
    (:func:`_says_only`), for a question of :data:`TITLED_TERMS_MIN` terms or more; None
    for none."""
    if len(q.asked.terms) < TITLED_TERMS_MIN:
        return None
    return next(
        (
            n
            for n, section in enumerate(sections)
            if section.path and _says_only(q, section.path[-1], q.stop, title)
        ),
        None,
    )


def _titled_first(
    q: Question, title: str, sections: tuple[tuple[passages.Section, float, float], ...]
) -> tuple[tuple[passages.Section, float, float], ...]:
    """``sections`` (each with its score and its order) where the first one whose heading
    says what is asked and nothing else (:func:`_says_only`, as :func:`_titled_section`
    reads it for the ranking) orders ahead of all: casey/just's README answered "how do I
    set a variable from the command line?" from two sections on options before the one
    headed "Setting Variables from the Command Line", its code and console sessions
    costing it more than the lead it had."""
    at = _titled_at(q, [section for section, _value, _order in sections], title)
    if at is None:
        return sections
    # ahead by enough that no discount of its code or names puts another before it
    section, value, _order = sections[at]
    ahead = (section, value, TITLED_AHEAD * max(order for _s, _v, order in sections))
    return (ahead, *sections[:at], *sections[at + 1 :])


def _titled_section(
    q: Question,
    candidate: Candidate,
    sections: tuple[tuple[passages.Section, float], ...],
    value: float,
    scoring: tuple[Statistics, ranking.Params],
) -> tuple[tuple[tuple[passages.Section, float], ...], float]:
    """A section whose heading says what is asked and nothing else (stop words aside)
    comes first, and the document scores at least as if that heading were its title:
    "### Management cluster" in a long glossary asked what a management cluster is,
    "## How do I create an RFC?" in a README asked just that, and pages naming the words
    in passing came before them. Else the sections and ``value`` as they are.

    Only for a question of two terms or more, every one of them in the heading: one
    word asked ("installation") would make every README's "## Installation" a page on
    it. Nor for the page's own title as a heading: the title counts already."""
    at = _titled_at(q, [section for section, _score in sections], candidate.texts[0])
    if at is None:
        return sections, value
    gives = q.asked.gives
    chosen = (sections[at], *sections[:at], *sections[at + 1 :])
    heading = text.normalise(sections[at][0].path[-1])
    stats, params = scoring
    fields = _fields(q.asked, candidate)
    fields[0] = [word for word in heading.split() if word in gives]
    lengths = (len(heading), *candidate.lengths[1:])
    titled, _held = ranking.fields_score(q.asked, fields, lengths, stats.averages, params)
    return chosen, max(value, titled * (1 + TITLE_WHOLE))


def _holds_all(q: Question, heading: str) -> bool:
    """Whether a heading holds every term asked but those nearly every document holds
    (as :func:`_titled_by` reads a title)."""
    if not q.rare:
        return False
    held = ranking.frequencies(q.asked, _heading_words(heading))
    return all(held[n] for n in q.rare)


@functools.lru_cache(maxsize=8192)
def _heading_words(heading: str) -> dict[str, int]:
    """The words of a heading, normalised, each counted once (not to be changed: it is
    shared). A warm server reads the headings of the same pages question after question."""
    return dict.fromkeys(text.normalise(heading).split(), 1)


def _headed(q: Question, candidate: Candidate) -> bool:
    """Whether one heading of a candidate holds every term asked (:func:`_holds_all`)."""
    if not candidate.sections:
        return False
    described = json.loads(candidate.sections)
    return any(path and _holds_all(q, path[-1]) for _s, _e, _l, path in described)


def _title_gain(q: Question, title: str) -> float:
    """What a title holding what is asked gains: :data:`TITLE_WHOLE`, and
    :data:`TITLE_ASKED` more when it says nothing else (its stop words and numbers
    aside), as "Graceful Node Shutdown" does asked "graceful node shutdown": it came
    fourth on kubernetes/enhancements, behind "Pod Priority Based Graceful Node
    Shutdown" and pages that only use the words. A title of one word says nothing else
    only when that word is the whole question: pydantic's page "Validators" came after
    the modules named pydantic.v1.validators, asked "validators"; a question on crash
    dumps of AddressSanitizer is not about the page titled "AddressSanitizer" alone."""
    gives = q.asked.gives
    words = [w for w in title.split() if w not in q.stop and not w.isdigit()]
    asked = len(words) >= 2 and all(w in gives for w in words)
    if len(words) == 1 and words[0] in gives:
        whole = {n for n, share in gives[words[0]] if share == 1}
        asked = len(whole) == len(q.asked.terms)
    return 1 + TITLE_WHOLE + (TITLE_ASKED if asked else 0.0)


def _titled_by(
    q: Question, title: str, words: Mapping[str, int] | Sequence[str], named: Sequence[str]
) -> bool:
    """Whether a document's title names an identifier asked, or holds every term asked
    but those nearly every document holds (:data:`COMMON_IDF`): it is about them (a
    gain, not a tier: "FranceConnect" names a brand as well as a page).
    rust-lang/rfcs' "2052 epochs" lost the gain to "What replaced the epochs RFC?",
    asked of 648 pages that all say "RFC"."""
    if any(name in title for name in named):
        return True
    held = ranking.frequencies(q.asked, dict.fromkeys(words, 1))
    return all(held[n] for n in q.rare) if q.rare else all(held)


# release notes by their file or folder name: CHANGELOG.md, CHANGES.md, HISTORY.md,
# NEWS.md, release-notes.md, what's new pages, a releases/ folder of them
_RELEASE_NOTES = re.compile(
    r"(?:^|/)(?:change[-_ ]?logs?|changes|history|news|release[-_ ]?notes?|what-?s-new[^/]*)"
    r"(?:\.mdx?|\.markdown)?$|(?:^|/)(?:releases|changelogs?|release-notes)/"
    # a blog's posts tell what was new when they were written (Textual's 43 posts, its
    # release announcements among them, ranked above its guide)
    r"|(?:^|/)(?:blog|blogs|_posts)/",
    re.I,
)
# a folder of examples or samples, at any depth ("decision-log/examples/memory/...")
_EXAMPLE_FOLDER = re.compile(r"(?:^|/)(?:examples?|samples?|exemples?)/", re.I)
# a question that asks for one
_ASKS_EXAMPLES = re.compile(r"\b(?:examples?|samples?|exemples?|illustrat\w*)\b", re.I)
# a question about what changed: such notes may answer it
_ASKS_CHANGES = re.compile(
    r"\b(?:new|changed?|changes|changelog|releases?|released|versions?|upgrad\w*|migrat\w*"
    r"|breaking|deprecat\w*|removed|added|since|history|when|nouveau\w*|chang\w*)\b"
    r"|\bv?\d+\.\d+",
    re.I,
)


def _gain(
    candidate: Candidate,
    prefer: frozenset[str],
    own_language: bool,
    changes: bool = True,
    examples: bool = True,
) -> float:
    """What a candidate's score is multiplied by: more when it is of a type the question
    asks for (:data:`PREFERRED_GAIN`), less when it is written in another language than
    the question (:data:`OTHER_LANGUAGE`), is a draft list of pages (:data:`PAGE_LIST`),
    is release notes and the question (``changes`` False) asks nothing of what
    changed (:data:`RELEASE_NOTES`), or is a page of a folder of examples and the
    question (``examples`` False) asks for none (:data:`EXAMPLE_PAGES`)."""
    kind = candidate.values[_TYPE]
    gain = 1 + PREFERRED_GAIN if prefer and kind in prefer else 1.0
    if kind == "overview" and candidate.values[_STATUS] == "draft":
        from mdbrain.core import folder_overview  # seldom: not loaded for every query

        # the list import or write leaves in a folder, not a README typed as an overview
        # (dotnet/designs': 19th for "Creating a proposal", its own section's title)
        if candidate.id.rpartition("/")[2] in folder_overview.NAMES:
            gain *= PAGE_LIST
    notes, example = _placed(candidate.id)
    if notes and not changes:
        gain *= RELEASE_NOTES
    if example and not examples:
        gain *= EXAMPLE_PAGES
    return gain if own_language else gain * OTHER_LANGUAGE


@functools.lru_cache(maxsize=16384)
def _placed(doc_id: str) -> tuple[bool, bool]:
    """Whether a document's path names release notes, and a folder of examples: read
    once per document, not once per question it is a candidate for."""
    return _RELEASE_NOTES.search(doc_id) is not None, _EXAMPLE_FOLDER.search(doc_id) is not None


def _sections(
    question: ranking.Asked,
    candidate: Candidate,
    body: str,
    average: float,
    params: ranking.Params,
) -> tuple[tuple[passages.Section, float], ...]:
    """The sections of a candidate that hold a query term, best first, with the score
    the ranking gives each (:func:`_scored_sections`)."""
    found = _scored_sections(question, candidate, body, average, params)
    return tuple((section, value) for section, value, _order in found)


SYMBOL_HEADING = 2.0  # a section headed by the operators asked, in choosing among them
ASKED_AS_HEADED = 1.0  # share gained by a section whose heading asks as the question does
# the words a question asks with, that a heading may open on as well ("When to ...")
_ASKING_WORDS = frozenset(
    {"how", "why", "when", "where", "what", "which", "who", "comment", "pourquoi", "quand"}
)
_FIRST_WORD = re.compile(r"[^\W\d_]+")


def _asking_word(text: str) -> str:
    """The word ``text`` opens on, when it is one a question asks with ('' otherwise)."""
    found = _FIRST_WORD.search(passages.heading_name(text))
    word = found.group(0) if found is not None else ""
    return word if word in _ASKING_WORDS else ""


def _scored_sections(
    question: ranking.Asked,
    candidate: Candidate,
    body: str,
    average: float,
    params: ranking.Params,
    *,
    within: bool = False,
    symbols: Sequence[str] = (),
    opening: str = "",
) -> tuple[tuple[passages.Section, float, float], ...]:
    """The sections of a candidate that hold a query term, best first: where the
    question's words occur in its ``body``, told apart by section.

    ``within`` orders them to choose among them rather than to rank the document:
    each term weighing as much as few of the sections hold it (:func:`ranking.within`),
    and each keeping its score as the ranking gives it. Among them, a section whose
    own heading writes every operator the question asks about by its ``symbols`` comes
    first (dotnet/csharplang: "Why no == and != in chained comparisons?" was shown the
    section "Why not include `is` and `as`?" beside "Why not include `==` and `!=`?").
    A section whose own heading opens on the word the question asks with (``opening``:
    "When to optimistically import blocks" for "When should a node import blocks
    optimistically?") gains :data:`ASKED_AS_HEADED` of its order: ethereum/
    consensus-specs' sync guide answered from "Why `SAFE_SLOTS_TO_IMPORT_...`?"."""
    hits = ranking.located(question, body)
    described: list[list[Any]] = json.loads(candidate.sections) if candidate.sections else []
    starts, ends = [0], []  # each section's part of the body
    at = body.find(SECTION_MARK)
    while at >= 0:
        ends.append(at)
        starts.append(at + 1)
        at = body.find(SECTION_MARK, at + 1)
    ends.append(len(body))
    described = described[: len(starts)]
    # only the sections where a question word occurs, in the text or the headings above,
    # are looked at one by one: a page of 100,000 sections costs two searches in C
    per_part: dict[int, Counter[str]] = {}
    for offset, word in hits:
        per_part.setdefault(bisect.bisect_right(starts, offset) - 1, Counter())[word] += 1
    pairs: dict[int, Counter[int]] = {}
    if params.pair_weight:
        for offset, number in ranking.pairs_of(question, hits, params.pair_gap):
            part = bisect.bisect_right(starts, offset) - 1
            pairs.setdefault(part, Counter())[number] += 1
    headings = _headings(question, [path for _s, _e, _l, path in described])
    chooser = question
    if within:  # the words every section holds tell none apart (see ranking.within)
        held = [
            ranking.frequencies(question, per_part.get(n, Counter()) + headings.get(n, Counter()))
            for n in sorted(per_part.keys() | headings.keys())
        ]
        chooser = ranking.within(question, held, len(described))
    headed = {
        n
        for n, (_s, _e, _l, path) in enumerate(described)
        if symbols and path and all(symbol in path[-1] for symbol in symbols)
    }
    out = []
    for number in sorted(per_part.keys() | headings.keys() | headed):
        if number >= len(described):
            continue
        start, end, level, path = described[number]
        score = functools.partial(
            ranking.passage_score,
            words=per_part.get(number, {}),
            length=ends[number] - starts[number],
            heading=headings.get(number, {}),
            average=average,
            params=params,
            pairs=pairs.get(number),
        )
        value = score(question)
        order = score(chooser) if within else value
        if number in headed:
            order = order * SYMBOL_HEADING + SYMBOL_HEADING
        # and names something asked: etalab's guides answered "Comment utiliser l'IA pour
        # pseudonymiser ?" from "## Comment contribuer ?"
        if (
            opening
            and path
            and value > 0
            and _asking_word(path[-1]) == opening
            and any(ranking.frequencies(question, _heading_words(path[-1])))
        ):
            order *= 1 + ASKED_AS_HEADED
        if value > 0 or order > value:
            out.append((order, passages.Section(start, end, level, tuple(path)), value))
    out.sort(key=lambda item: (-item[0], item[1].line))
    return tuple((section, value, order) for order, section, value in out)
