"""Cold and warm costs of reading operations, in one process, on a real corpus.

Cold: every call opens a new Brain (as a one-shot command does after start-up):
the walk, the entry cache read from disk, the search index opened and synced.
Warm: one Brain kept open across calls (as the MCP server does): the walk and a
comparison of stamps, nothing parsed again. Both after one discarded call that
builds the caches. Figures are medians of N calls, in milliseconds, with the
warm/cold ratio; the floor is the walk alone (stat of every document file).

    .venv/bin/python bench/session.py                 # cpp-docs, 20 calls each
    .venv/bin/python bench/session.py --corpus DIR --calls 50
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mdbrain.service.brain import Brain
from mdbrain.store import scan

CPP_DOCS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "cpp-docs" / "files"
QUESTIONS = ("how do I enable the address sanitizer", "C4996 deprecated function", "lambda capture")


def timed(call: Callable[[], object], count: int) -> float:
    times = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CPP_DOCS)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"skipped: the corpus is not here ({args.corpus})", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        project = Path(scratch)
        shutil.copytree(args.corpus, project / "docs")
        (project / ".rag").write_text('version: "1"\nroot: docs\nlang: en\n', encoding="utf-8")
        with Brain.open(project) as brain:  # builds the entry cache and the search index
            brain.index()
            brain.query(QUESTIONS[0])
        documents = len(brain_files(project))
        rows = []
        floor = timed(lambda: brain_files(project), args.calls)
        operations: dict[str, Callable[[Brain], object]] = {
            "query": lambda b: [b.query(q) for q in QUESTIONS],
            "brief": lambda b: b.brief("cpp"),
            "conflicts": lambda b: b.conflicts(),
            "search": lambda b: b.search("sanitizer"),
        }
        for name, operation in operations.items():
            per = len(QUESTIONS) if name == "query" else 1

            def cold(operation: Callable[[Brain], object] = operation) -> None:
                with Brain.open(project) as fresh:
                    operation(fresh)

            cold_ms = timed(cold, args.calls) / per
            with Brain.open(project) as warm_brain:
                operation(warm_brain)
                warm_ms = timed(lambda op=operation, b=warm_brain: op(b), args.calls) / per
            rows.append((name, cold_ms, warm_ms))
    print(f"corpus: {args.corpus} ({documents} documents), median of {args.calls} calls")
    print(f"floor (walk and stat every document file): {floor:.1f} ms")
    print(f"{'operation':<10} {'cold ms':>9} {'warm ms':>9} {'warm/cold':>10} {'warm/floor':>11}")
    for name, cold_ms, warm_ms in rows:
        print(
            f"{name:<10} {cold_ms:>9.1f} {warm_ms:>9.1f} {warm_ms / cold_ms:>10.2f}"
            f" {warm_ms / floor:>11.2f}"
        )
    return 0


def brain_files(project: Path) -> list[scan.DocFile]:
    with Brain.open(project) as brain:
        return scan.walk(brain.root, brain.config)[0]


if __name__ == "__main__":
    sys.exit(main())
