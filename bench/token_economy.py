"""mdbrain token-economy benchmark: tokens an agent reads to answer a question, and recall.

For each corpus (the demo base, and copies of ``../shared/corpora/cpp-docs`` and
``fr-docs``) and each question of ``bench/questions/<corpus>.yaml``, four strategies hand
text to an agent, every one measured with :func:`mdbrain.core.tokens.estimate`:

* ``read-all``: every document whole;
* ``grep-then-read``: the documents containing any question word (3 letters or more,
  case-insensitive substring, like ``grep -il``), all read whole, ranked by how many
  distinct question words they contain (ties: more occurrences first, then id);
* ``full-pages-json``: the top 5 of mdbrain's own keyword ranking (``Reader.search``)
  returned whole as a JSON list of ``{title, path, content}``, as MCP/wiki bridges answer;
* ``mdbrain-query``: ``Reader.query(question)`` (no --limit: up to 5), tokens = ``tokens["total"]``.

It prints, per corpus, mean tokens per question, the ratio to grep-then-read, recall@1 and
recall@5 (an answer document among the first 1 or 5), and the target "mdbrain-query
≤ 10% of grep-then-read tokens at equal or better recall@5"; ``--json PATH`` keeps every
question's detail.

Run from the repository root: ``.venv/bin/python bench/token_economy.py [--only demo]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml

from mdbrain.adapters import demo
from mdbrain.core.errors import UsageError
from mdbrain.core.tokens import estimate
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters, Reader
from run import copy_tree

BENCH = Path(__file__).resolve().parent
QUESTIONS = BENCH / "questions"
CORPORA = BENCH.parent.parent / "shared" / "corpora"
SOURCES = {"cpp-docs": CORPORA / "cpp-docs" / "files", "fr-docs": CORPORA / "fr-docs" / "files"}
CORPUS_NAMES = ("demo", "cpp-docs", "fr-docs")
STRATEGIES = ("read-all", "grep-then-read", "full-pages-json", "mdbrain-query")
LIMIT = 5  # candidates asked of search and query; recall@5 is read from them
DIAGNOSE_DEPTH = 100  # how deep the plain ranking is searched for the answer's rank
TARGET_RATIO = 0.10
MIN_WORD = 3  # grep ignores shorter words
EVERYTHING = Filters(everything=True)  # the real corpora have no status field
_GREP_WORD = re.compile(r"\w+")


# --- data --------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    text: str
    answers: tuple[str, ...]


@dataclass(frozen=True)
class QuestionSet:
    corpus: str
    lang: str
    questions: tuple[Question, ...]


@dataclass(frozen=True)
class Outcome:
    """What one strategy handed over for one question."""

    tokens: int
    docs: int  # documents read, whole or in part
    rank: int | None  # 1-based rank of the first answer document; None when not ranked
    top: tuple[str, ...] = ()  # the first ids of its ranking
    passage: bool | None = None  # mdbrain-query only: a passage of an answer doc was returned
    error: str | None = None  # the strategy failed on this question (counted as a miss)
    page_share: float | None = None  # mdbrain-query only: its tokens / the answer page's tokens


@dataclass
class Detail:
    question: str
    answers: list[str]
    outcomes: dict[str, Outcome]
    search_rank: int | None  # rank of the answer in the plain ranking, top DIAGNOSE_DEPTH


@dataclass(frozen=True)
class Summary:
    strategy: str
    mean_tokens: float  # over the questions answered without an error
    mean_docs: float
    ratio_to_grep: float
    recall_at_1: float
    recall_at_5: float
    passage_rate: float | None
    failed: int  # questions on which the strategy raised an error
    page_share: float | None = None  # mean of tokens / the whole answer page (mdbrain only)


@dataclass
class CorpusReport:
    name: str
    docs: int
    without_status: int
    hidden_by_default: int
    seconds_index: float
    summaries: list[Summary]
    target_met: bool
    details: list[Detail]


@dataclass
class Corpus:
    """An indexed base ready to be read, and every document's text."""

    reader: Reader
    texts: dict[str, str]
    folded: dict[str, str]
    sizes: dict[str, int]  # id -> estimated tokens of the whole document
    grep_cache: dict[str, dict[str, int]] = field(default_factory=dict)  # word -> id -> count


def load_questions(name: str) -> QuestionSet:
    data = yaml.safe_load((QUESTIONS / f"{name}.yaml").read_text(encoding="utf-8"))
    questions = tuple(
        Question(str(item["q"]), tuple(str(a) for a in item["answers"]))
        for item in data["questions"]
    )
    return QuestionSet(str(data["corpus"]), str(data["lang"]), questions)


# --- preparing a base ----------------------------------------------------------------


def _marker(lang: str) -> str:
    return f'version: "1"\nroot: kb\nlang: {lang}\n'


def build_project(name: str, lang: str, base: Path) -> Path | None:
    """A project whose knowledge root is a fresh copy of the corpus; None when absent."""
    project = base / name
    if name == "demo":
        demo.build(project)
        return project
    source = SOURCES[name]
    if not source.is_dir():
        print(f"skipping {name}: {source} not found", file=sys.stderr)
        return None
    print(f"copying {source} into {project}", file=sys.stderr)
    copy_tree(source, project / "kb")
    (project / ".rag").write_text(_marker(lang), encoding="utf-8")
    return project


def open_corpus(project: Path) -> tuple[Corpus, float]:
    """Index once, open a reader (which builds the search index), read every document."""
    start = time.perf_counter()
    brain = Brain.open(project)
    brain.index()
    reader = brain.reader()
    seconds = time.perf_counter() - start
    texts = {}
    for doc_id, scanned in sorted(reader.searcher.files.items()):
        with open(scanned.path, "rb") as handle:
            texts[doc_id] = handle.read().decode("utf-8", "replace")
    folded = {doc_id: text.casefold() for doc_id, text in texts.items()}
    sizes = {doc_id: estimate(text) for doc_id, text in texts.items()}
    return Corpus(reader, texts, folded, sizes), seconds


# --- strategies --------------------------------------------------------------------


def _rank(ranking: Sequence[str], answers: Sequence[str]) -> int | None:
    for position, doc_id in enumerate(ranking, start=1):
        if doc_id in answers:
            return position
    return None


def _ranked(tokens: int, docs: int, ranking: Sequence[str], question: Question) -> Outcome:
    return Outcome(tokens, docs, _rank(ranking, question.answers), tuple(ranking[:LIMIT]))


def read_all(corpus: Corpus, _question: Question) -> Outcome:
    # every document is read, so the answer is too: rank 1 by definition
    return Outcome(sum(corpus.sizes.values()), len(corpus.texts), 1)


def grep_words(question: str) -> list[str]:
    words = _GREP_WORD.findall(question.casefold())
    return list(dict.fromkeys(w for w in words if len(w) >= MIN_WORD))


def _grep(corpus: Corpus, word: str) -> dict[str, int]:
    """Documents containing ``word`` (case-insensitive substring), with its count."""
    found = corpus.grep_cache.get(word)
    if found is None:
        found = {i: t.count(word) for i, t in corpus.folded.items() if word in t}
        corpus.grep_cache[word] = found
    return found


def grep_then_read(corpus: Corpus, question: Question) -> Outcome:
    distinct: dict[str, int] = {}
    occurrences: dict[str, int] = {}
    for word in grep_words(question.text):
        for doc_id, count in _grep(corpus, word).items():
            distinct[doc_id] = distinct.get(doc_id, 0) + 1
            occurrences[doc_id] = occurrences.get(doc_id, 0) + count
    ranking = sorted(distinct, key=lambda i: (-distinct[i], -occurrences[i], i))
    tokens = sum(corpus.sizes[doc_id] for doc_id in ranking)
    return _ranked(tokens, len(ranking), ranking, question)


def full_pages_json(corpus: Corpus, question: Question) -> Outcome:
    found = corpus.reader.search(question.text, limit=LIMIT, filters=EVERYTHING)
    ranking = [item.hit.id for item in found.hits]
    pages = [
        {"title": item.hit.title, "path": item.hit.id, "content": corpus.texts[item.hit.id]}
        for item in found.hits
    ]
    tokens = estimate(json.dumps(pages, ensure_ascii=False))
    return _ranked(tokens, len(ranking), ranking, question)


def mdbrain_query(corpus: Corpus, question: Question) -> Outcome:
    try:
        result = corpus.reader.query(question.text, filters=EVERYTHING)  # no --limit
    except UsageError as error:  # reported as a failed answer, not as a crash of the bench
        print(f"    mdbrain-query failed: {error}", file=sys.stderr)
        return Outcome(0, 0, None, passage=False, error=str(error))
    read = {p.doc for p in (*result.frontmatters, *result.sections)}
    ranking = [h.id for h in result.hits]
    page = max((corpus.sizes.get(a, 0) for a in question.answers), default=0)
    return Outcome(
        result.tokens["total"],
        len(read),
        _rank(ranking, question.answers),
        tuple(ranking),
        passage=bool(read & set(question.answers)),
        page_share=result.tokens["total"] / page if page else None,
    )


RUNNERS: dict[str, Callable[[Corpus, Question], Outcome]] = {
    "read-all": read_all,
    "grep-then-read": grep_then_read,
    "full-pages-json": full_pages_json,
    "mdbrain-query": mdbrain_query,
}


# --- one corpus --------------------------------------------------------------------


def _recall(outcomes: Sequence[Outcome], k: int) -> float:
    return sum(1 for o in outcomes if o.rank is not None and o.rank <= k) / len(outcomes)


def summarise(details: Sequence[Detail]) -> list[Summary]:
    by_strategy = {s: [d.outcomes[s] for d in details] for s in STRATEGIES}
    grep_mean = statistics.fmean(o.tokens for o in by_strategy["grep-then-read"])
    summaries = []
    for name, outcomes in by_strategy.items():
        answered = [o for o in outcomes if o.error is None] or outcomes  # failures cost nothing
        mean = statistics.fmean(o.tokens for o in answered)
        flags = [o.passage for o in outcomes if o.passage is not None]
        shares = [o.page_share for o in answered if o.page_share is not None]
        summaries.append(
            Summary(
                name,
                mean,
                statistics.fmean(o.docs for o in answered),
                mean / grep_mean if grep_mean else float("nan"),
                _recall(outcomes, 1),
                _recall(outcomes, LIMIT),
                sum(flags) / len(flags) if flags else None,
                sum(1 for o in outcomes if o.error is not None),
                statistics.median(shares) if shares else None,
            )
        )
    return summaries


def target_met(summaries: Sequence[Summary]) -> bool:
    by_name = {s.strategy: s for s in summaries}
    query, grep = by_name["mdbrain-query"], by_name["grep-then-read"]
    return query.ratio_to_grep <= TARGET_RATIO and query.recall_at_5 >= grep.recall_at_5


def ask(corpus: Corpus, question: Question) -> Detail:
    outcomes = {name: run(corpus, question) for name, run in RUNNERS.items()}
    plain = corpus.reader.ranked(question.text, EVERYTHING, DIAGNOSE_DEPTH)[0]
    plain_rank = _rank([h.id for h in plain], question.answers)
    return Detail(question.text, list(question.answers), outcomes, plain_rank)


def _check_answers(corpus: Corpus, questions: QuestionSet) -> None:
    for question in questions.questions:
        for answer in question.answers:
            if answer not in corpus.texts:
                raise SystemExit(f"{questions.corpus}: answer {answer!r} is not a document")


def bench_corpus(name: str, base: Path) -> CorpusReport | None:
    questions = load_questions(name)
    project = build_project(name, questions.lang, base)
    if project is None:
        return None
    print(f"== {name}: indexing {project}", file=sys.stderr)
    corpus, seconds = open_corpus(project)
    _check_answers(corpus, questions)
    cards = [corpus.reader.card(doc_id) for doc_id in corpus.texts]
    details = []
    for number, question in enumerate(questions.questions, start=1):
        print(f"  [{number}/{len(questions.questions)}] {question.text}", file=sys.stderr)
        details.append(ask(corpus, question))
    corpus.reader.searcher.close()
    summaries = summarise(details)
    return CorpusReport(
        name,
        len(corpus.texts),
        sum(1 for card in cards if not card.status),
        sum(1 for card in cards if not Filters().visible(card)),
        seconds,
        summaries,
        target_met(summaries),
        details,
    )


# --- output ------------------------------------------------------------------------


def _cell(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def render(report: CorpusReport) -> str:
    lines = [
        f"== {report.name}: {report.docs:,} documents, {len(report.details)} questions, "
        f"indexed in {report.seconds_index:.1f} s",
        f"   {report.without_status:,} documents have no status; the default filters would "
        f"hide {report.hidden_by_default:,} (queries use Filters(everything=True))",
        f"{'strategy':<16} {'docs read':>10} {'tokens/question':>16} {'vs grep':>8} "
        f"{'R@1':>5} {'R@5':>5} {'passage':>8} {'failed':>7}",
    ]
    for s in report.summaries:
        lines.append(
            f"{s.strategy:<16} {s.mean_docs:>10.1f} {s.mean_tokens:>16,.0f} "
            f"{s.ratio_to_grep:>8.4f} {s.recall_at_1:>5.2f} {s.recall_at_5:>5.2f} "
            f"{_cell(s.passage_rate):>8} {s.failed:>7}"
        )
    query = next(s for s in report.summaries if s.strategy == "mdbrain-query")
    if query.page_share is not None:
        lines.append(
            f"mdbrain-query tokens / the whole answer page: median {query.page_share:.0%}"
            " (DESIGN target ≤ 35%)"
        )
    verdict = "MET" if report.target_met else "MISSED"
    lines.append(
        f"target: mdbrain ≤ {TARGET_RATIO:.0%} of grep-then-read tokens at equal or better "
        f"recall@5: {verdict}"
    )
    return "\n".join(lines)


def write_json(path: Path, reports: Sequence[CorpusReport]) -> None:
    payload = {
        "meta": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "limit": LIMIT,
            "target_ratio": TARGET_RATIO,
            "full_pages_ranking": "Reader.search (mdbrain's FTS5 BM25), top 5, whole pages",
        },
        "corpora": [asdict(report) for report in reports],
    }
    text = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")


# --- command line ------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", help=f"comma-separated corpora: {', '.join(CORPUS_NAMES)}")
    parser.add_argument("--json", type=Path, help="write results as JSON to this path")
    args = parser.parse_args(argv)
    chosen = CORPUS_NAMES if args.only is None else tuple(args.only.split(","))
    unknown = sorted(set(chosen) - set(CORPUS_NAMES))
    if unknown:
        parser.error(f"--only: unknown {', '.join(unknown)}; choose from {CORPUS_NAMES}")
    args.corpora = chosen
    return args


@contextmanager
def _scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="mdbrain-tokens-") as temp:
        yield Path(temp)


def main(argv: Sequence[str] | None = None) -> int:
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    args = parse_args(argv)
    reports = []
    with _scratch() as base:
        for name in args.corpora:
            report = bench_corpus(name, base)
            if report is not None:
                reports.append(report)
                print(render(report) + "\n", flush=True)
    if args.json is not None:
        write_json(args.json, reports)
    return 0


if __name__ == "__main__":
    sys.exit(main())
