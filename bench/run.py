"""mdbrain benchmark: whole-process wall-clock times as ratios to a read-all-bytes floor.

For each corpus (generated ones and the real ``cpp-docs`` copy) it times, best of K runs
after one discarded warm-up: the floor (a plain Python process reading every ``.md``
byte), ``mdbrain index`` cold, re-run unchanged, re-run after one edit, and
``mdbrain check``; once per run it times ``mdbrain --version`` against ``python -c pass``.
It prints a table next to the targets of DESIGN §5 and can write the results as JSON.

Run from the repository root: ``.venv/bin/python bench/run.py [--sizes 1000] [--json out]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import corpus
from report import CorpusResult, Row, failures, judge, render_table, write_json

REPO_ROOT = Path(__file__).resolve().parent.parent
CPP_DOCS = REPO_ROOT.parent / "shared" / "corpora" / "cpp-docs" / "files"
GENERATED_NAMES = ("OVERVIEW.md", "INDEX.md", "RELATIONS.yaml")
CACHE_DIR = ".mdbrain"
HEADER_PROBE = 512  # bytes read to recognise an auto-generated shard header
STDERR_LINES = 12

# Reads every byte of every document file under argv[1], the files mdbrain scans: .md and
# .markdown, skipping files and folders whose name starts with "." or "_" (the cache,
# hidden folders, drafts). Run on a cleaned root, so no derived index is read. Prints
# "<files> <bytes>".
FLOOR_SOURCE = """\
import os, sys
files = size = 0
for folder, dirs, names in os.walk(sys.argv[1]):
    dirs[:] = [d for d in dirs if not d.startswith((".", "_"))]
    for name in names:
        if name.endswith((".md", ".markdown")) and not name.startswith((".", "_")):
            with open(os.path.join(folder, name), "rb") as handle:
                size += len(handle.read())
            files += 1
print(files, size)
"""


@dataclass(frozen=True)
class Timing:
    """Best wall-clock time of the timed runs, or the failure that stopped them."""

    best: float | None
    runs: tuple[float, ...]
    failure: str | None = None
    stdout: str = ""


@dataclass(frozen=True)
class Options:
    sizes: tuple[int, ...]
    repeat: int
    only: frozenset[str] | None
    json_path: Path | None
    mdbrain: tuple[str, ...]
    workdir: Path | None
    seed: int
    timeout: float


# --- timing ------------------------------------------------------------------------


def compile_bytecode() -> None:
    """Write the bytecode of every mdbrain module, as installing the package does, so that
    a timed process does not compile a module changed since its last import (a shell with
    PYTHONDONTWRITEBYTECODE never writes it back, and each process pays the compile)."""
    import compileall

    import mdbrain

    compileall.compile_dir(Path(mdbrain.__file__).parent, quiet=1)


def _tail(text: str, lines: int = STDERR_LINES) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def _run_once(
    argv: Sequence[str], cwd: Path, ok_codes: frozenset[int], timeout: float
) -> tuple[float, str | None, str]:
    """Run one process; return (seconds, failure or None, stdout)."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
        )
    except FileNotFoundError as error:
        return 0.0, f"cannot start {argv[0]}: {error}", ""
    except subprocess.TimeoutExpired:
        return timeout, f"timed out after {timeout:g} s", ""
    seconds = time.perf_counter() - start
    if done.returncode not in ok_codes:
        return seconds, f"exit {done.returncode}\n{_tail(done.stderr)}", done.stdout
    return seconds, None, done.stdout


def time_command(
    argv: Sequence[str],
    *,
    cwd: Path,
    repeat: int,
    prepare: Callable[[int], None] | None = None,
    ok_codes: frozenset[int] = frozenset({0}),
    timeout: float = 900.0,
) -> Timing:
    """Best of ``repeat`` runs after one discarded warm-up; ``prepare(i)`` runs before each."""
    runs: list[float] = []
    stdout = ""
    for index in range(repeat + 1):
        if prepare is not None:
            prepare(index)
        seconds, failure, stdout = _run_once(argv, cwd, ok_codes, timeout)
        if failure is not None:
            return Timing(None, tuple(runs), failure, stdout)
        if index > 0:
            runs.append(seconds)
    return Timing(min(runs), tuple(runs), None, stdout)


# --- corpus state ------------------------------------------------------------------


def _is_generated_file(path: Path) -> bool:
    with path.open("rb") as handle:
        head = handle.read(HEADER_PROBE).decode("utf-8", "replace").lower()
    return "auto-generated" in head or "auto-généré" in head


def clean_index(root: Path) -> None:
    """Remove the cache folder, the root's derived files and auto-generated shards."""
    shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
    for name in GENERATED_NAMES:
        (root / name).unlink(missing_ok=True)
    for shard in root.glob("*/**/INDEX.md"):
        if _is_generated_file(shard):
            shard.unlink()


def pick_doc(root: Path) -> Path:
    """A deterministic document to edit: the middle one in path order."""
    docs = sorted(
        path
        for path in root.rglob("*.md")
        if path.name not in GENERATED_NAMES and not _hidden(path.relative_to(root))
    )
    if not docs:
        raise FileNotFoundError(f"no .md document under {root}")
    return docs[len(docs) // 2]


def _hidden(relative: Path) -> bool:
    return any(part.startswith((".", "_")) for part in relative.parts)


@contextmanager
def edits_to(doc: Path) -> Iterator[Callable[[int], None]]:
    """Yield a ``prepare`` that appends one line to ``doc``; restore it on exit."""
    original = doc.read_bytes()

    def append_line(index: int) -> None:
        with doc.open("a", encoding="utf-8", newline="\n") as handle:
            handle.write(f"\nBenchmark edit number {index}.\n")

    try:
        yield append_line
    finally:
        doc.write_bytes(original)


# --- corpora -----------------------------------------------------------------------


def prepare_generated(base: Path, n_docs: int, seed: int) -> Path:
    """Project root of a generated corpus under ``base``, reused when already there."""
    project = base / f"gen-{n_docs}-seed{seed}"
    if corpus.is_generated(project, n_docs, seed):
        print(f"reusing {project}", file=sys.stderr)
    else:
        print(f"generating {n_docs} documents into {project}", file=sys.stderr)
        corpus.generate(project, n_docs, seed)
    return project


def copy_tree(source: Path, dest: Path) -> None:
    """Copy file contents only (no modes: the source tree is read-only)."""
    for folder, dirs, names in os.walk(source):
        dirs.sort()
        target = dest / Path(folder).relative_to(source)
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copyfile(Path(folder) / name, target / name)


def prepare_copy(source: Path, base: Path) -> Path:
    """A temporary project whose knowledge root is a writable copy of ``source``."""
    project = base / "cpp-docs"
    print(f"copying {source} into {project}", file=sys.stderr)
    copy_tree(source, project / "docs")
    (project / ".rag").write_text(corpus.RAG_MARKER, encoding="utf-8")
    return project


# --- measurements ------------------------------------------------------------------


def _progress(row: Row) -> Row:
    shown = row.verdict if row.seconds is None else f"{row.seconds:.3f} s"
    print(f"  {row.name}: {shown}", file=sys.stderr)
    if row.verdict == "FAILED":
        print("    " + row.note.replace("\n", "\n    "), file=sys.stderr)
    return row


def _row(name: str, timing: Timing, note: str = "") -> Row:
    """A result row, printed to stderr as progress."""
    if timing.failure is not None:
        row = Row(name, None, list(timing.runs), verdict="FAILED", note=timing.failure)
    else:
        row = Row(name, timing.best, list(timing.runs), note=note)
    return _progress(row)


def _supports_check(mdbrain: Sequence[str], project: Path, timeout: float) -> str | None:
    """None when ``mdbrain check --help`` exits 0, else why check is skipped."""
    _, failure, _ = _run_once([*mdbrain, "check", "--help"], project, frozenset({0}), timeout)
    return None if failure is None else f"skipped: `check --help` {failure.splitlines()[0]}"


def measure_floor(result: CorpusResult, root: Path, opts: Options) -> Row:
    timing = time_command(
        [sys.executable, "-c", FLOOR_SOURCE, str(root)],
        cwd=root,
        repeat=opts.repeat,
        timeout=opts.timeout,
    )
    if timing.failure is None:
        files, size = timing.stdout.split()
        result.docs, result.bytes = int(files), int(size)
    return _row("floor", timing, "python: os.walk + read every .md byte")


def _mdbrain(
    opts: Options,
    project: Path,
    command: str,
    prepare: Callable[[int], None] | None = None,
    ok_codes: frozenset[int] = frozenset({0}),
) -> Timing:
    return time_command(
        [*opts.mdbrain, command],
        cwd=project,
        repeat=opts.repeat,
        prepare=prepare,
        ok_codes=ok_codes,
        timeout=opts.timeout,
    )


def measure_index(project: Path, root: Path, opts: Options) -> list[Row]:
    """Index cold, unchanged and after one edit, then check (while the edit stands)."""
    rows = [
        _row("index-cold", _mdbrain(opts, project, "index", lambda _: clean_index(root))),
        _row("index-unchanged", _mdbrain(opts, project, "index")),
    ]
    doc = pick_doc(root)
    with edits_to(doc) as append_line:
        edited = _mdbrain(opts, project, "index", append_line)
        rows.append(_row("index-one-edit", edited, f"appends to {doc.relative_to(root)}"))
        skipped = _supports_check(opts.mdbrain, project, opts.timeout)
        if skipped:
            rows.append(_progress(Row("check", None, [], verdict="skipped", note=skipped)))
        else:
            checked = _mdbrain(opts, project, "check", ok_codes=frozenset({0, 1}))
            rows.append(_row("check", checked, "exit 0 or 1 (findings) accepted"))
    return rows


def bench_corpus(name: str, project: Path, opts: Options) -> CorpusResult:
    root = project / "docs"
    result = CorpusResult(name)
    print(f"== {name} ({project})", file=sys.stderr)
    clean_index(root)
    result.rows.append(measure_floor(result, root, opts))
    result.rows.extend(measure_index(project, root, opts))
    judge(result.rows, floor="floor")
    return result


def bench_cli(opts: Options) -> CorpusResult:
    cwd = Path(tempfile.gettempdir())
    print("== cli", file=sys.stderr)
    base = time_command(
        [sys.executable, "-c", "pass"], cwd=cwd, repeat=opts.repeat, timeout=opts.timeout
    )
    version = time_command(
        [*opts.mdbrain, "--version"], cwd=cwd, repeat=opts.repeat, timeout=opts.timeout
    )
    rows = [_row("python -c pass", base), _row("mdbrain --version", version)]
    judge(rows, floor="python -c pass")
    return CorpusResult("cli", rows=rows)


# --- command line ------------------------------------------------------------------


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part.strip())


def parse_options(argv: Sequence[str] | None) -> Options:
    default_mdbrain = str(Path(sys.executable).parent / "mdbrain")
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--sizes",
        type=_int_list,
        default=(1000, 10000),
        help="generated corpus sizes, comma-separated (default 1000,10000)",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="timed runs per measurement, best kept (default 3)"
    )
    parser.add_argument("--only", help="comma-separated corpora: gen-N, cpp-docs, cli")
    parser.add_argument("--json", type=Path, help="write results as JSON to this path")
    parser.add_argument(
        "--mdbrain",
        default=default_mdbrain,
        help="mdbrain command (default: the one next to this python)",
    )
    parser.add_argument(
        "--workdir", type=Path, help="keep generated corpora here and reuse them (default: temp)"
    )
    parser.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=900.0,
        help="seconds before one process counts as failed (default 900)",
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    only = None if args.only is None else frozenset(args.only.split(","))
    known = {"cli", "cpp-docs", *(f"gen-{size}" for size in args.sizes)}
    if only is not None and not only <= known:
        parser.error(
            f"--only: unknown {', '.join(sorted(only - known))}; "
            f"choose from {', '.join(sorted(known))}"
        )
    return Options(
        sizes=tuple(args.sizes),
        repeat=int(args.repeat),
        only=only,
        json_path=args.json,
        mdbrain=tuple(shlex.split(str(args.mdbrain))),
        workdir=args.workdir,
        seed=int(args.seed),
        timeout=float(args.timeout),
    )


def _selected(name: str, opts: Options) -> bool:
    return opts.only is None or name in opts.only


@contextmanager
def scratch(path: Path | None, prefix: str = "mdbrain-bench-") -> Iterator[Path]:
    """``path`` when given (created if needed and kept), else a temporary folder."""
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    with tempfile.TemporaryDirectory(prefix=prefix) as temp:
        yield Path(temp)


def run_all(opts: Options) -> list[CorpusResult]:
    results: list[CorpusResult] = []
    if _selected("cli", opts):
        results.append(bench_cli(opts))
    with scratch(opts.workdir) as base:
        for size in opts.sizes:
            if _selected(f"gen-{size}", opts):
                project = prepare_generated(base, size, opts.seed)
                results.append(bench_corpus(f"gen-{size}", project, opts))
    if _selected("cpp-docs", opts):
        if not CPP_DOCS.is_dir():
            print(f"skipping cpp-docs: {CPP_DOCS} not found", file=sys.stderr)
        else:
            with tempfile.TemporaryDirectory(prefix="mdbrain-bench-cpp-") as temp:
                results.append(bench_corpus("cpp-docs", prepare_copy(CPP_DOCS, Path(temp)), opts))
    return results


def _meta(opts: Options) -> dict[str, object]:
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "mdbrain": list(opts.mdbrain),
        "repeat": opts.repeat,
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse_options(argv)
    results = run_all(opts)
    print(render_table(results))
    if opts.json_path is not None:
        write_json(opts.json_path, results, _meta(opts))
    problems = failures(results)
    for problem in problems:
        print("\nFAILED " + problem.replace("\n", "\n    "), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
