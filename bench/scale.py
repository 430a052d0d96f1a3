"""How mdbrain's costs grow with the size of the base: 1,000 to 100,000 documents.

For each corpus (generated ones of ``corpus.py`` and the real ``cpp-docs`` copy) it times,
as whole processes, next to a read-all-bytes floor measured in the same run: from nothing
to the first answer (``index`` on a cleaned root, then the first ``query``), the full
index cold, the re-index with nothing changed and after one edit, ``check``, a query in a
fresh process (next to a fresh process running plain SQLite FTS5 on the same pages), a
warm query through the MCP server (p50), ``update --dry-run`` and the peak memory (RSS)
of each child. Results are merged into ``bench/scale.json`` (per corpus, so a long run
can add one size later), then ``bench/RESULTS.md`` and the plot ``bench/growth.png`` are
written from that file.

Run from the repository root: ``.venv/bin/python bench/scale.py [--sizes 1000,10000]
[--only gen-1000,cpp-docs] [--render]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import platform
import shlex
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from query_latency import pick_probe
from run import (
    CPP_DOCS,
    FLOOR_SOURCE,
    GENERATED_NAMES,
    _hidden,
    clean_index,
    compile_bytecode,
    edits_to,
    pick_doc,
    prepare_copy,
    prepare_generated,
)

BENCH = Path(__file__).resolve().parent
RESULTS_JSON = BENCH / "scale.json"
RESULTS_MD = BENCH / "RESULTS.md"
GROWTH_PNG = BENCH / "growth.png"
STDERR_LINES = 12
TARGET_SIZE = 10_000  # the design sets its targets for this many documents

# A fresh process answering one question with plain SQLite FTS5 (bm25 order, the best
# five, the best page printed whole): the baseline of "query, fresh process".
FTS5_QUERY = """\
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
words = [w for w in sys.argv[2].replace('"', " ").split() if w.isalnum()]
match = " OR ".join('"' + w + '"' for w in words)
rows = db.execute(
    "SELECT path, body FROM pages WHERE pages MATCH ? ORDER BY bm25(pages) LIMIT 5", (match,)
).fetchall()
for path, _ in rows:
    print(path)
if rows:
    print(rows[0][1])
"""


@dataclass(frozen=True)
class Target:
    """``seconds <= factor * basis`` (a row of the same corpus), or an absolute limit."""

    basis: str | None
    factor: float

    def describe(self) -> str:
        if self.basis is None:
            return f"<= {self.factor * 1000:g} ms"
        return f"<= {self.factor:g}x {self.basis}"


TARGETS: dict[str, Target] = {
    "first-answer": Target("floor", 15.0),
    "index-cold": Target("floor", 8.0),
    "index-unchanged": Target("floor", 1.5),
    "index-one-edit": Target("index-unchanged", 2.0),
    "check": Target("index-cold", 1.2),
    "query-fresh": Target("fts5-fresh", 1.5),
    "first-query": Target("query-fresh", 2.0),
    "mcp-query-p50": Target(None, 0.020),
}
# In the plot: every cost but the baselines and the parts of first-answer.
PLOTTED = (
    "floor",
    "first-answer",
    "index-cold",
    "index-unchanged",
    "index-one-edit",
    "check",
    "query-fresh",
    "mcp-query-p50",
    "update",
)


@dataclass
class Row:
    name: str
    seconds: float | None
    runs: list[float] = field(default_factory=list)
    peak_mb: float | None = None  # largest RSS of the child (or of its own children)
    note: str = ""
    failure: str | None = None


@dataclass
class CorpusResult:
    name: str
    docs: int | None = None
    bytes: int | None = None
    measured: str = ""
    rows: list[Row] = field(default_factory=list)

    def row(self, name: str) -> Row | None:
        return next((row for row in self.rows if row.name == name), None)


@dataclass(frozen=True)
class Options:
    sizes: tuple[int, ...]
    only: frozenset[str] | None
    repeat: int
    calls: int
    timeout: float
    workdir: Path | None
    seed: int
    mdbrain: tuple[str, ...]
    results: Path
    render_only: bool


# --- running one process, with its peak memory --------------------------------------


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float
    failure: str | None
    stdout: str


def _high_water_kb(pid: int) -> int:
    """VmHWM of a process and of its children, the largest (0 once it is gone)."""
    peak = 0
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="ascii")
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1])
    return max([peak, *(_high_water_kb(int(child)) for child in children.split())])


class Sampler(threading.Thread):
    """Reads the high-water mark of a running process and its children every few ms.

    ``ru_maxrss`` cannot serve: exec keeps the high-water mark of the forking parent
    (this benchmark, which holds far more than a small command), so the kernel's own
    per-image mark is read instead; the last few milliseconds of a run may be missed.
    """

    def __init__(self, pid: int, every: float = 0.02) -> None:
        super().__init__(daemon=True)
        self.pid, self.every, self.peak_kb = pid, every, 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.every):
            self.peak_kb = max(self.peak_kb, _high_water_kb(self.pid))


def run_process(
    argv: Sequence[str], cwd: Path, timeout: float, ok_codes: frozenset[int] = frozenset({0})
) -> Run:
    """Run one process; wall clock and peak RSS (sampled: the child or its children)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=err)
        except OSError as error:
            return Run(0.0, 0.0, f"cannot start {argv[0]}: {error}", "")
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        sampler = Sampler(proc.pid)
        sampler.start()
        try:
            _, status = os.waitpid(proc.pid, 0)
        finally:
            killer.cancel()
            sampler.done.set()
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    sampler.join()
    peak = sampler.peak_kb / 1024
    if proc.returncode < 0 and seconds >= timeout:
        return Run(seconds, peak, f"timed out after {timeout:g} s", stdout)
    if proc.returncode not in ok_codes:
        tail = "\n".join(stderr.rstrip().splitlines()[-STDERR_LINES:])
        return Run(seconds, peak, f"exit {proc.returncode}\n{tail}", stdout)
    return Run(seconds, peak, None, stdout)


def measure(
    name: str,
    argv: Sequence[str],
    cwd: Path,
    opts: Options,
    *,
    prepare: Callable[[int], None] | None = None,
    ok_codes: frozenset[int] = frozenset({0}),
    note: str = "",
    warmup: bool = True,
) -> Row:
    """Best of ``opts.repeat`` runs, after one discarded warm-up unless told otherwise."""
    runs: list[float] = []
    peak = 0.0
    for index in range(opts.repeat + (1 if warmup else 0)):
        if prepare is not None:
            prepare(index)
        done = run_process(argv, cwd, opts.timeout, ok_codes)
        peak = max(peak, done.peak_mb)
        if done.failure is not None:
            return _shown(Row(name, None, runs, peak, note, done.failure))
        if index > 0 or not warmup:
            runs.append(done.seconds)
    return _shown(Row(name, min(runs), runs, peak, note))


def _shown(row: Row) -> Row:
    shown = row.failure.splitlines()[0] if row.failure else f"{row.seconds:.3f} s"
    memory = f", {row.peak_mb:.0f} MB" if row.peak_mb else ""
    print(f"  {row.name}: {shown}{memory}", file=sys.stderr, flush=True)
    return row


# --- the measurements ---------------------------------------------------------------


def _pages(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*.md")
        if path.name not in GENERATED_NAMES and not _hidden(path.relative_to(root))
    )


def build_fts5(root: Path, database: Path) -> None:
    """The plain FTS5 baseline's database: every page's path and text (not timed)."""
    database.unlink(missing_ok=True)
    with sqlite3.connect(database) as db:
        db.execute("CREATE VIRTUAL TABLE pages USING fts5(path, body)")
        db.executemany(
            "INSERT INTO pages VALUES (?, ?)",
            (
                (p.relative_to(root).as_posix(), p.read_text("utf-8", "replace"))
                for p in _pages(root)
            ),
        )
    db.close()


def ensure_git(project: Path) -> None:
    """A git repository holding the project in one commit, for ``update`` (kept on reuse)."""
    if (project / ".git").is_dir():
        return
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@example.invalid",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@example.invalid",
        "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
        "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    }
    (project / ".gitignore").write_text(".mdbrain/\n", encoding="utf-8")
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
        subprocess.run(["git", "-C", str(project), *args], env=env, check=True)


def mcp_p50(project: Path, root: Path, calls: int) -> Row:
    """Warm ``query`` calls through ``mdbrain mcp`` over stdio (bench/mcp_latency.py)."""
    from mcp_latency import measure as mcp_measure
    from mcp_latency import questions

    try:
        times, _size = asyncio.run(mcp_measure(project, questions(root, calls)))
    except Exception as error:  # noqa: BLE001 - any failure of the server is a result
        return _shown(Row("mcp-query-p50", None, failure=f"{type(error).__name__}: {error}"))
    times.sort()
    p50 = times[len(times) // 2] / 1000
    note = f"{len(times)} calls after one warm-up; p95 {times[int(len(times) * 0.95) - 1]:.1f} ms"
    return _shown(Row("mcp-query-p50", p50, [t / 1000 for t in times[:5]], note=note))


def bench_corpus(name: str, project: Path, opts: Options) -> CorpusResult:
    root = project / "docs"
    mdbrain = opts.mdbrain
    result = CorpusResult(name, measured=time.strftime("%Y-%m-%dT%H:%M:%S%z"))
    print(f"== {name} ({project})", file=sys.stderr, flush=True)
    ensure_git(project)
    clean_index(root)
    floor = measure("floor", [sys.executable, "-c", FLOOR_SOURCE, str(root)], root, opts)
    result.rows.append(floor)
    if floor.failure is None:
        files, size = run_process(
            [sys.executable, "-c", FLOOR_SOURCE, str(root)], root, opts.timeout
        ).stdout.split()
        result.docs, result.bytes = int(files), int(size)
    probe = pick_probe(root)
    query = [*mdbrain, "query", probe.question]

    # From nothing: a cleaned root (no cache, no derived file, no search index), then
    # index and the first query, timed apart and summed, best pair kept.
    cold: list[Run] = []
    first: list[Run] = []
    for _ in range(opts.repeat):
        clean_index(root)
        cold.append(run_process([*mdbrain, "index"], project, opts.timeout))
        first.append(run_process(query, project, opts.timeout))
        if cold[-1].failure or first[-1].failure:
            break
    for label, runs in (("index-cold", cold), ("first-query", first)):
        failure = next((r.failure for r in runs if r.failure), None)
        seconds = None if failure else min(r.seconds for r in runs)
        peak = max(r.peak_mb for r in runs)
        row = Row(label, seconds, [r.seconds for r in runs], peak, failure=failure)
        result.rows.append(_shown(row))
    if not any(r.failure for r in cold + first):
        pairs = [c.seconds + f.seconds for c, f in zip(cold, first, strict=True)]
        note = "index on a cleaned root, then the first query (marker already written)"
        result.rows.append(_shown(Row("first-answer", min(pairs), pairs, note=note)))

    result.rows.append(measure("index-unchanged", [*mdbrain, "index"], project, opts))
    doc = pick_doc(root)
    with edits_to(doc) as append_line:
        note = f"appends a line to {doc.relative_to(root)}"
        result.rows.append(
            measure(
                "index-one-edit", [*mdbrain, "index"], project, opts, prepare=append_line, note=note
            )
        )
    run_process([*mdbrain, "index"], project, opts.timeout)  # the edit undone: index again
    result.rows.append(
        measure("check", [*mdbrain, "check"], project, opts, ok_codes=frozenset({0, 1}))
    )
    result.rows.append(measure("query-fresh", query, project, opts, note=probe.question))
    with tempfile.TemporaryDirectory(prefix="mdbrain-fts5-") as temp:
        database = Path(temp) / "pages.db"
        build_fts5(root, database)
        fts5 = [sys.executable, "-c", FTS5_QUERY, str(database), probe.question]
        result.rows.append(measure("fts5-fresh", fts5, project, opts, note="python + sqlite3"))
    result.rows.append(mcp_p50(project, root, opts.calls))
    update = [*mdbrain, "update", "--dry-run", "--json"]
    result.rows.append(measure("update", update, project, opts, note="--dry-run, one commit"))
    return result


# --- results: the JSON, the table, the plot -----------------------------------------


def load_results(path: Path) -> dict[str, CorpusResult]:
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for item in data.get("corpora", []):
        rows = [Row(**row) for row in item.pop("rows", [])]
        out[item["name"]] = CorpusResult(**item, rows=rows)
    return out


def save_results(path: Path, results: dict[str, CorpusResult]) -> None:
    payload = {
        "meta": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "targets": {name: target.describe() for name, target in TARGETS.items()},
        "corpora": [asdict(result) for result in _ordered(results)],
    }
    text = json.dumps(payload, ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


def _ordered(results: dict[str, CorpusResult]) -> list[CorpusResult]:
    def key(result: CorpusResult) -> tuple[int, int]:
        generated = result.name.startswith("gen-")
        return (0 if generated else 1, result.docs or 0)

    return sorted(results.values(), key=key)


def verdict(result: CorpusResult, row: Row) -> tuple[str, str, str]:
    """(target, actual ratio to its basis, ok/OVER/n/a) of one row."""
    target = TARGETS.get(row.name)
    if target is None:
        return "", "", ""
    if row.seconds is None:
        return target.describe(), "", "n/a"
    if target.basis is None:
        ok = row.seconds <= target.factor
        return target.describe(), f"{row.seconds / target.factor:.2f}x", "ok" if ok else "OVER"
    basis = result.row(target.basis)
    if basis is None or not basis.seconds:
        return target.describe(), "", "n/a"
    ratio = row.seconds / basis.seconds
    return target.describe(), f"{ratio:.2f}x", "ok" if ratio <= target.factor else "OVER"


def _fmt(value: float | None, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


def corpus_table(result: CorpusResult) -> list[str]:
    floor = result.row("floor")
    floor_s = floor.seconds if floor else None
    lines = [
        "| measurement | seconds | × floor | target | actual | verdict | peak RSS MB | note |",
        "|---|--:|--:|---|--:|---|--:|---|",
    ]
    for row in result.rows:
        ratio = row.seconds / floor_s if row.seconds is not None and floor_s else None
        target, actual, judged = verdict(result, row)
        note = row.failure.splitlines()[0] if row.failure else row.note
        cells = (
            row.name,
            _fmt(row.seconds, "{:.3f}"),
            _fmt(ratio, "{:.2f}"),
            target,
            actual,
            judged,
            _fmt(row.peak_mb, "{:.0f}") if row.peak_mb else "",
            note.replace("|", "\\|"),
        )
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def growth_exponent(a: tuple[int, float], b: tuple[int, float]) -> float:
    """The slope of log(cost) against log(documents) between two sizes."""
    return math.log(b[1] / a[1]) / math.log(b[0] / a[0])


def growth_table(results: list[CorpusResult]) -> list[str]:
    generated = [r for r in results if r.name.startswith("gen-") and r.docs]
    if len(generated) < 2:
        return []
    head = " | ".join(f"{r.docs:,} docs: s (× floor)" for r in generated)
    lines = [
        f"| cost | {head} | growth exponent |",
        "|---|" + "--:|" * len(generated) + "--:|",
    ]
    for name in PLOTTED:
        cells, points = [], []
        for result in generated:
            row, floor = result.row(name), result.row("floor")
            if row is None or row.seconds is None:
                cells.append("-")
                continue
            ratio = f" ({row.seconds / floor.seconds:.2f})" if floor and floor.seconds else ""
            cells.append(f"{row.seconds:.3f}{ratio}")
            points.append((result.docs or 0, row.seconds))
        slopes = [f"{growth_exponent(a, b):.2f}" for a, b in itertools.pairwise(points)]
        lines.append(f"| {name} | {' | '.join(cells)} | {' → '.join(slopes) or '-'} |")
    return lines


def render_markdown(results: dict[str, CorpusResult], meta: str) -> str:
    ordered = _ordered(results)
    out = [
        "# Scale benchmark results",
        "",
        "Written by `make scale` (`.venv/bin/python bench/scale.py`); do not edit by hand.",
        "Every time is the wall clock of whole processes (start-up included), the best of the",
        "timed runs; `× floor` divides it by the read-all-bytes floor of the same corpus,",
        "measured in the same run (bench/README.md). `actual` is the ratio to the target's",
        "basis (another row of the same corpus), or to the absolute limit. The design's",
        f"targets are set for {TARGET_SIZE:,} documents; they are shown for every corpus.",
        "`peak RSS MB` is the largest resident set of the child or of its own children.",
        "",
        meta,
        "",
        "## Growth",
        "",
        "Generated corpora; the exponent is the slope of log(seconds) against",
        "log(documents) between two sizes (1 = linear, 0 = constant).",
        "",
        *growth_table(ordered),
        "",
        "![growth](growth.png)",
    ]
    for result in ordered:
        size = f"{result.docs:,} documents" if result.docs else "size unknown"
        mib = f", {result.bytes / 2**20:.1f} MiB" if result.bytes else ""
        out += ["", f"## {result.name} ({size}{mib}, measured {result.measured})", ""]
        out += corpus_table(result)
    return "\n".join(out) + "\n"


def plot(results: dict[str, CorpusResult], path: Path) -> bool:
    """The log-log growth plot; False (and a message) when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot written", file=sys.stderr)
        return False
    generated = [r for r in _ordered(results) if r.name.startswith("gen-") and r.docs]
    real = [r for r in _ordered(results) if not r.name.startswith("gen-") and r.docs]
    figure, axes = plt.subplots(figsize=(8, 5.5), dpi=110)
    for index, name in enumerate(PLOTTED):
        colour = f"C{index % 10}"
        points = [
            (r.docs, row.seconds)
            for r in generated
            if (row := r.row(name)) is not None and row.seconds
        ]
        if points:
            style = "--" if name == "floor" else "-"
            axes.plot(*zip(*points, strict=True), style, marker="o", color=colour, label=name)
        for r in real:
            row = r.row(name)
            if row is not None and row.seconds:
                axes.plot([r.docs], [row.seconds], marker="x", color=colour, linestyle="none")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("documents (x: cpp-docs, real pages)")
    axes.set_ylabel("seconds (wall clock, whole process)")
    axes.set_title("mdbrain: cost against base size")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8, loc="upper left")
    figure.tight_layout()
    figure.savefig(path, metadata={"Software": None})
    plt.close(figure)
    return True


def write_outputs(opts: Options, results: dict[str, CorpusResult]) -> None:
    meta = (
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs (shared with other work), "
        f"Python {sys.version.split()[0]}, best of {opts.repeat} after one warm-up "
        "(1 run at 100,000 documents)."
    )
    RESULTS_MD.write_text(render_markdown(results, meta), encoding="utf-8")
    plot(results, GROWTH_PNG)
    print(f"wrote {RESULTS_MD} and {GROWTH_PNG}", file=sys.stderr)


# --- command line -------------------------------------------------------------------


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part.strip())


def parse_options(argv: Sequence[str] | None) -> Options:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=_int_list, default=(1000, 10_000, 100_000))
    parser.add_argument("--only", help="comma-separated corpora: gen-N, cpp-docs")
    parser.add_argument("--repeat", type=int, default=2, help="timed runs (default 2)")
    parser.add_argument("--calls", type=int, default=60, help="MCP calls (default 60)")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per process")
    parser.add_argument("--workdir", type=Path, help="keep generated corpora here and reuse them")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mdbrain", default=str(Path(sys.executable).parent / "mdbrain"))
    parser.add_argument("--results", type=Path, default=RESULTS_JSON, help="the merged JSON")
    parser.add_argument(
        "--render", action="store_true", help="measure nothing: rewrite RESULTS.md and the plot"
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return Options(
        sizes=tuple(args.sizes),
        only=None if args.only is None else frozenset(args.only.split(",")),
        repeat=int(args.repeat),
        calls=int(args.calls),
        timeout=float(args.timeout),
        workdir=args.workdir,
        seed=int(args.seed),
        mdbrain=tuple(shlex.split(str(args.mdbrain))),
        results=args.results,
        render_only=bool(args.render),
    )


def run_all(opts: Options, results: dict[str, CorpusResult]) -> None:
    """Measure the selected corpora, saving the merged results after each one."""

    def selected(name: str) -> bool:
        return opts.only is None or name in opts.only

    def keep(result: CorpusResult) -> None:
        # read the file again first: another run (a long size in the background) may
        # have added its corpus since this one started
        results.update(load_results(opts.results))
        results[result.name] = result
        save_results(opts.results, results)

    base = opts.workdir or Path(tempfile.mkdtemp(prefix="mdbrain-scale-"))
    base.mkdir(parents=True, exist_ok=True)
    for size in opts.sizes:
        if selected(f"gen-{size}"):
            project = prepare_generated(base, size, opts.seed)
            large = opts if size < 50_000 else _once(opts)
            keep(bench_corpus(f"gen-{size}", project, large))
    if selected("cpp-docs"):
        if not CPP_DOCS.is_dir():
            print(f"skipping cpp-docs: {CPP_DOCS} not found", file=sys.stderr)
            return
        with tempfile.TemporaryDirectory(prefix="mdbrain-scale-cpp-") as temp:
            keep(bench_corpus("cpp-docs", prepare_copy(CPP_DOCS, Path(temp)), opts))


def _once(opts: Options) -> Options:
    """At 50,000 documents and more: one timed run, still after a warm-up."""
    return replace(opts, repeat=1)


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_options(argv)
    results = load_results(opts.results)
    if not opts.render_only:
        compile_bytecode()
        run_all(opts, results)
    write_outputs(opts, results)
    failed = [
        f"{r.name} {row.name}: {row.failure}"
        for r in results.values()
        for row in r.rows
        if row.failure
    ]
    for line in failed:
        print("FAILED " + line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
