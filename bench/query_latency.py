"""mdbrain query latency: one ``mdbrain query`` as a whole fresh process, on 10,000 documents.

It generates the synthetic corpus of ``corpus.py`` (into ``--workdir``, reused on later
runs, or a temporary folder), runs ``mdbrain index`` once, then one warm-up query that
builds the search index (reported apart, as "first query"). The question is made of the
words of one document's title. The timed runs are whole processes, start-up included:
one discarded warm-up, then ``--repeat`` runs; best and median are printed against the
target of 0.3 s wall clock.

Run from the repository root: ``.venv/bin/python bench/query_latency.py
[--docs 10000] [--repeat 5] [--workdir DIR] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shlex
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

from run import GENERATED_NAMES, Timing, _run_once, prepare_generated, scratch, time_command

TARGET_SECONDS = 0.3
HIDDEN = frozenset({"draft", "deprecated", "archived"})  # not shown by a default query
MIN_WORD = 3
_FRONTMATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


@dataclass(frozen=True)
class Probe:
    doc_id: str
    title: str
    question: str


@dataclass
class LatencyReport:
    docs: int
    question: str
    doc_id: str
    answer_rank: int | None  # where the document whose title made the question ranked
    index_seconds: float | None
    first_query_seconds: float | None
    runs: list[float]
    best: float | None
    median: float | None
    python_floor: float | None
    met: bool


# --- the question ------------------------------------------------------------------


def _meta(path: Path) -> dict[str, object]:
    found = _FRONTMATTER.match(path.read_text(encoding="utf-8"))
    data = yaml.safe_load(found.group(1)) if found else None
    return data if isinstance(data, dict) else {}


def _documents(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*.md")
        if path.name not in GENERATED_NAMES
        and not any(p.startswith((".", "_")) for p in path.relative_to(root).parts)
    )


def pick_probe(root: Path) -> Probe:
    """The first document from the middle on that a default query shows, as a question."""
    docs = _documents(root)
    for path in docs[len(docs) // 2 :] + docs[: len(docs) // 2]:
        meta = _meta(path)
        title = str(meta.get("title") or "")
        if title and meta.get("status") not in HIDDEN:
            words = [w for w in re.findall(r"[^\W_]+", title.lower()) if len(w) >= MIN_WORD]
            question = f"how does {' '.join(words)} work?"
            return Probe(path.relative_to(root).as_posix(), title, question)
    raise SystemExit(f"no visible document with a title under {root}")


# --- timing ------------------------------------------------------------------------


def _answer_rank(stdout: str, doc_id: str) -> int | None:
    try:
        hits = json.loads(stdout).get("hits", [])
    except ValueError:
        return None
    ids = [hit.get("id") for hit in hits]
    return ids.index(doc_id) + 1 if doc_id in ids else None


def _seconds(timing: Timing) -> float | None:
    return None if timing.failure else timing.best


def measure(opts: argparse.Namespace, base: Path) -> LatencyReport:
    project = prepare_generated(base, opts.docs, opts.seed)
    mdbrain = shlex.split(opts.mdbrain)
    print("indexing", file=sys.stderr)
    index_seconds, failure, _ = _run_once([*mdbrain, "index"], project, frozenset({0}), 1800)
    if failure:
        raise SystemExit(f"mdbrain index failed: {failure}")
    probe = pick_probe(project / "docs")
    print(f"question: {probe.question!r} (from {probe.doc_id})", file=sys.stderr)
    query = [*mdbrain, "query", probe.question]
    first, failure, stdout = _run_once([*query, "--json"], project, frozenset({0}), 600)
    if failure:
        raise SystemExit(f"mdbrain query failed: {failure}")
    timed = time_command(query, cwd=project, repeat=opts.repeat, timeout=600)
    if timed.failure:
        raise SystemExit(f"mdbrain query failed: {timed.failure}")
    floor = time_command([sys.executable, "-c", "pass"], cwd=project, repeat=opts.repeat)
    return LatencyReport(
        docs=opts.docs,
        question=probe.question,
        doc_id=probe.doc_id,
        answer_rank=_answer_rank(stdout, probe.doc_id),
        index_seconds=index_seconds,
        first_query_seconds=first,
        runs=list(timed.runs),
        best=timed.best,
        median=statistics.median(timed.runs),
        python_floor=_seconds(floor),
        met=timed.best is not None and timed.best <= TARGET_SECONDS,
    )


# --- output ------------------------------------------------------------------------


def _s(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f} s"


def render(report: LatencyReport, repeat: int) -> str:
    rank = "not in the hits" if report.answer_rank is None else f"#{report.answer_rank}"
    verdict = "ok" if report.met else "OVER"
    return "\n".join(
        [
            f"query latency on {report.docs:,} generated documents",
            f"question: {report.question!r}, from {report.doc_id} (ranked {rank})",
            f"index (once):                       {_s(report.index_seconds)}",
            f"first query (builds search index):  {_s(report.first_query_seconds)}",
            f"mdbrain query, best of {repeat}:          {_s(report.best)}"
            f"   target <= {TARGET_SECONDS} s: {verdict}",
            f"mdbrain query, median of {repeat}:        {_s(report.median)}",
            f"python -c pass, best of {repeat}:         {_s(report.python_floor)}",
        ]
    )


def write_json(path: Path, report: LatencyReport) -> None:
    payload = {
        "meta": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "target_seconds": TARGET_SECONDS,
        },
        "result": asdict(report),
    }
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


# --- command line ------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--docs", type=int, default=10_000, help="documents (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--workdir", type=Path, help="keep the generated corpus here and reuse it")
    parser.add_argument(
        "--mdbrain",
        default=str(Path(sys.executable).parent / "mdbrain"),
        help="mdbrain command (default: the one next to this python)",
    )
    parser.add_argument("--json", type=Path, help="write the result as JSON to this path")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    with scratch(args.workdir, "mdbrain-latency-") as base:
        report = measure(args, base)
    print(render(report, args.repeat))
    if args.json is not None:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
