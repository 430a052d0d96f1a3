"""mdbrain retrieval quality on BEIR SciFact: nDCG@10 and recall@100 of the search ranking.

Each abstract of ``../shared/corpora/scifact/corpus.jsonl`` becomes a Markdown document
(``<doc id>.md``: title, summary = first sentence cut to 240 characters, type reference,
status stable, tags [scifact], updated 2026-01-01; body = the abstract) in a temporary
knowledge root, indexed once with ``Brain.index()``. Every test query (``qrels/test.tsv``)
is ranked with ``Reader.ranked(query, Filters(everything=True), 100)``; nDCG@10 uses the
graded relevance of the qrels with a log2 discount (gain = grade, as trec_eval and BEIR),
the ideal DCG coming from that query's qrels. The figures are printed next to the
published BM25 figure (0.665, BEIR paper, Table 2) and the target 0.70.

The field weights and the prefix length can be overridden to tune the ranking: they are
monkeypatched into ``mdbrain.service.searching`` (``WEIGHTS``, ``PREFIX_MIN``) at query
time, so one index serves every setting. Repeat ``--weights`` and ``--prefix-min`` to try
every combination in one run.

Run from the repository root: ``.venv/bin/python bench/scifact.py
[--weights 4,3,3,1,2,1 --weights 2,1,1,0,0,1] [--prefix-min 6 --prefix-min 0]``.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import itertools
import json
import math
import platform
import re
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

from mdbrain.service import searching
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters, Reader
from run import scratch

SCIFACT = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "scifact"
PUBLISHED_BM25 = 0.665  # nDCG@10, BEIR paper (Thakur et al. 2021), Table 2
TARGET = 0.70
DEPTH = 100  # ranked documents per query (recall@100)
CUTOFF = 10  # nDCG@10
SUMMARY_MAX = 240
UPDATED = dt.date(2026, 1, 1)
MARKER = 'version: "1"\nroot: kb\nlang: en\nsummary_max: 240\n'
EVERYTHING = Filters(everything=True)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

Qrels = Mapping[str, Mapping[str, int]]  # query id -> doc id -> grade


@dataclass(frozen=True)
class Setting:
    weights: tuple[float, ...]
    prefix_min: int

    def label(self) -> str:
        return ",".join(f"{w:g}" for w in self.weights)


@dataclass(frozen=True)
class Score:
    setting: Setting
    ndcg_at_10: float
    recall_at_100: float
    seconds: float
    queries: int


# --- the corpus as a knowledge base --------------------------------------------------


def read_jsonl(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def first_sentence(text: str, limit: int = SUMMARY_MAX) -> str:
    """The first sentence of ``text``, cut on a word boundary to at most ``limit`` chars."""
    sentence = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    if len(sentence) <= limit:
        return sentence
    cut = sentence[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + "…"


def to_markdown(record: Mapping[str, object]) -> str:
    title = str(record["title"]).strip()
    abstract = str(record["text"]).strip()
    meta = {
        "title": title,
        "summary": first_sentence(abstract or title),
        "type": "reference",
        "status": "stable",
        "tags": ["scifact"],
        "updated": UPDATED,
    }
    head = yaml.safe_dump(
        meta, allow_unicode=True, sort_keys=False, width=1_000_000, default_flow_style=None
    )
    return f"---\n{head}---\n\n{abstract}\n"


def write_if_changed(path: Path, text: str) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8", newline="\n")
    return True


def build_base(project: Path) -> int:
    """Write the knowledge root (unchanged files are left alone); returns the documents."""
    root = project / "kb"
    root.mkdir(parents=True, exist_ok=True)
    write_if_changed(project / ".rag", MARKER)
    count = 0
    for record in read_jsonl(SCIFACT / "corpus.jsonl"):
        write_if_changed(root / f"{record['_id']}.md", to_markdown(record))
        count += 1
    return count


# --- queries and judgements ----------------------------------------------------------


def read_qrels(path: Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            qrels.setdefault(row["query-id"], {})[row["corpus-id"]] = int(row["score"])
    return qrels


def read_queries(path: Path, wanted: Qrels) -> dict[str, str]:
    queries = {str(r["_id"]): str(r["text"]) for r in read_jsonl(path) if str(r["_id"]) in wanted}
    missing = sorted(set(wanted) - set(queries))
    if missing:
        print(
            f"warning: {len(missing)} judged queries have no text: {missing[:5]}", file=sys.stderr
        )
    return queries


# --- metrics -------------------------------------------------------------------------


def dcg(grades: Sequence[int]) -> float:
    return sum(grade / math.log2(rank + 2) for rank, grade in enumerate(grades))


def ndcg(ranking: Sequence[str], judged: Mapping[str, int], cutoff: int = CUTOFF) -> float:
    ideal = dcg(sorted(judged.values(), reverse=True)[:cutoff])
    if ideal == 0:
        return 0.0
    return dcg([judged.get(doc_id, 0) for doc_id in ranking[:cutoff]]) / ideal


def recall(ranking: Sequence[str], judged: Mapping[str, int], depth: int = DEPTH) -> float:
    relevant = {doc_id for doc_id, grade in judged.items() if grade > 0}
    if not relevant:
        return 0.0
    return len(relevant & set(ranking[:depth])) / len(relevant)


# --- ranking -------------------------------------------------------------------------


@contextmanager
def patched(setting: Setting) -> Iterator[None]:
    """``searching.WEIGHTS`` and ``PREFIX_MIN`` set to ``setting`` for the duration."""
    saved = searching.WEIGHTS, searching.PREFIX_MIN
    searching.WEIGHTS, searching.PREFIX_MIN = setting.weights, setting.prefix_min
    try:
        yield
    finally:
        searching.WEIGHTS, searching.PREFIX_MIN = saved


def rank(reader: Reader, query: str) -> list[str]:
    hits = reader.ranked(query, EVERYTHING, DEPTH)[0]
    return [hit.id.removesuffix(".md") for hit in hits]


def evaluate(reader: Reader, queries: Mapping[str, str], qrels: Qrels, setting: Setting) -> Score:
    start = time.perf_counter()
    ndcgs, recalls = [], []
    with patched(setting):
        for query_id, text in queries.items():
            ranking = rank(reader, text)
            ndcgs.append(ndcg(ranking, qrels[query_id]))
            recalls.append(recall(ranking, qrels[query_id]))
    seconds = time.perf_counter() - start
    return Score(setting, statistics.fmean(ndcgs), statistics.fmean(recalls), seconds, len(queries))


# --- output --------------------------------------------------------------------------


def render(scores: Sequence[Score], docs: int, timings: Mapping[str, float]) -> str:
    lines = [
        f"SciFact test: {scores[0].queries} queries over {docs:,} documents "
        f"(converted {timings['convert']:.1f} s, indexed {timings['index']:.1f} s)",
        f"{'weights (title,summary,tags,type,path,body)':<44} {'prefix':>6} "
        f"{'nDCG@10':>8} {'R@100':>7} {'queries s':>10}",
    ]
    for score in scores:
        lines.append(
            f"{score.setting.label():<44} {score.setting.prefix_min:>6} "
            f"{score.ndcg_at_10:>8.4f} {score.recall_at_100:>7.4f} {score.seconds:>10.1f}"
        )
    best = max(scores, key=lambda s: s.ndcg_at_10)
    verdict = "MET" if best.ndcg_at_10 >= TARGET else "MISSED"
    lines += [
        f"published BM25 (BEIR): nDCG@10 {PUBLISHED_BM25:.3f}",
        f"target nDCG@10 >= {TARGET:.2f}: {verdict} (best {best.ndcg_at_10:.4f} with "
        f"weights {best.setting.label()}, prefix {best.setting.prefix_min})",
        f"whole run: {timings['total']:.1f} s",
    ]
    return "\n".join(lines)


def write_json(
    path: Path, scores: Sequence[Score], docs: int, timings: Mapping[str, float]
) -> None:
    payload = {
        "meta": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "documents": docs,
            "published_bm25_ndcg_at_10": PUBLISHED_BM25,
            "target_ndcg_at_10": TARGET,
            "seconds": dict(timings),
        },
        "scores": [asdict(score) for score in scores],
    }
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


# --- command line --------------------------------------------------------------------


def _weights(text: str) -> tuple[float, ...]:
    values = tuple(float(part) for part in text.split(","))
    if len(values) != len(searching.WEIGHTS):
        raise argparse.ArgumentTypeError(
            f"{len(searching.WEIGHTS)} weights needed: title,summary,tags,type,path,body"
        )
    return values


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--weights",
        type=_weights,
        action="append",
        help="field weights title,summary,tags,type,path,body (repeatable; default: mdbrain's)",
    )
    parser.add_argument(
        "--prefix-min",
        type=int,
        action="append",
        help="shortest stem matched as a prefix, 0 = never (repeatable; default: mdbrain's)",
    )
    parser.add_argument("--json", type=Path, help="write results as JSON to this path")
    parser.add_argument(
        "--workdir", type=Path, help="keep the converted base here and reuse it (default: temp)"
    )
    return parser.parse_args(argv)


def settings_of(args: argparse.Namespace) -> list[Setting]:
    weights = args.weights or [tuple(searching.WEIGHTS)]
    prefixes = args.prefix_min if args.prefix_min is not None else [searching.PREFIX_MIN]
    return [Setting(w, p) for w, p in itertools.product(weights, prefixes)]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if not (SCIFACT / "corpus.jsonl").is_file():
        print(f"skipping scifact: {SCIFACT} not found", file=sys.stderr)
        return 0
    started = time.perf_counter()
    qrels = read_qrels(SCIFACT / "qrels" / "test.tsv")
    queries = read_queries(SCIFACT / "queries.jsonl", qrels)
    with scratch(args.workdir, "mdbrain-scifact-") as project:
        print(f"converting SciFact into {project}", file=sys.stderr)
        docs = build_base(project)
        converted = time.perf_counter()
        print("indexing", file=sys.stderr)
        brain = Brain.open(project)
        brain.index()
        reader = brain.reader()  # builds the search index
        indexed = time.perf_counter()
        scores = []
        for setting in settings_of(args):
            print(f"  weights {setting.label()} prefix {setting.prefix_min}", file=sys.stderr)
            scores.append(evaluate(reader, queries, qrels, setting))
        reader.searcher.close()
    timings = {
        "convert": converted - started,
        "index": indexed - converted,
        "total": time.perf_counter() - started,
    }
    print(render(scores, docs, timings))
    if args.json is not None:
        write_json(args.json, scores, docs, timings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
