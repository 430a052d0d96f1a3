"""mdbrain export on the real cpp-docs corpus: the site, the Markdown snapshot and llms.txt.

The corpus (``../shared/corpora/cpp-docs/files``) is copied into a temporary project as
its knowledge root ``docs/`` and indexed once (not timed), so that each export starts
from a warm cache as it would in a repository. Then, as whole processes, best of
``--repeat`` runs after one discarded warm-up:

* ``floor``: a plain Python process reading every byte of the documents (see run.py);
* ``html-cold``: ``mdbrain export --html`` into an empty folder;
* ``html-unchanged``: the same again over the site it wrote (nothing to replace);
* ``markdown``: ``mdbrain export --markdown``;
* ``llms-txt``: ``mdbrain export --llms-txt``.

It prints each time, its ratio to the floor, the pages and files written and their size.
The corpus is skipped with a message when absent. No target is set for exports yet.

Run from the repository root: ``.venv/bin/python bench/export_bench.py [--repeat 1]
[--corpus DIR] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from run import CPP_DOCS, FLOOR_SOURCE, Timing, copy_tree, time_command

MARKER = 'version: "1"\nroot: docs\nlang: en\n'


@dataclass
class Measure:
    name: str
    seconds: float | None
    floor_ratio: float | None
    pages: int | None
    files: int | None
    bytes: int | None
    note: str = ""


def _size(path: Path) -> tuple[int, int]:
    """Files and bytes under ``path`` (or of the file ``path``)."""
    if path.is_file():
        return 1, path.stat().st_size
    found = [p for p in path.rglob("*") if p.is_file()]
    return len(found), sum(p.stat().st_size for p in found)


def _report(output: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(output)
    return data


def _measure(
    name: str,
    argv: Sequence[str],
    project: Path,
    out: Path,
    *,
    floor: float | None,
    repeat: int,
    prepare: Callable[[int], None] | None = None,
) -> Measure:
    timing: Timing = time_command(argv, cwd=project, repeat=repeat, prepare=prepare, timeout=3600.0)
    if timing.failure is not None:
        return Measure(name, None, None, None, None, None, timing.failure)
    report = _report(timing.stdout)
    section = next(iter(report.values()))
    pages = section.get("documents") if isinstance(section, dict) else None
    files, size = _size(out)
    ratio = timing.best / floor if timing.best is not None and floor else None
    measure = Measure(name, timing.best, ratio, pages, files, size)
    print(f"  {name}: {timing.best:.2f} s", file=sys.stderr)
    return measure


def bench(corpus: Path, repeat: int, mdbrain: Sequence[str]) -> tuple[int, list[Measure]]:
    with tempfile.TemporaryDirectory(prefix="mdbrain-export-bench-") as temp:
        project = Path(temp) / "cpp-docs"
        print(f"copying {corpus} into {project}", file=sys.stderr)
        copy_tree(corpus, project / "docs")
        (project / ".rag").write_text(MARKER, encoding="utf-8")
        subprocess.run([*mdbrain, "index"], cwd=project, check=True, capture_output=True)
        floor = time_command(
            [sys.executable, "-c", FLOOR_SOURCE, str(project / "docs")],
            cwd=project,
            repeat=max(repeat, 3),
        )
        docs = int(floor.stdout.split()[0]) if floor.stdout else 0
        measures = [Measure("floor", floor.best, 1.0, docs, None, None, "read every .md byte")]
        print(f"  floor: {floor.best:.3f} s for {docs} documents", file=sys.stderr)
        site = Path(temp) / "site"

        def empty_site(_: int) -> None:
            shutil.rmtree(site, ignore_errors=True)

        exports: list[tuple[str, list[str], Path, Callable[[int], None] | None]] = [
            ("html-cold", ["--html", str(site)], site, empty_site),
            ("html-unchanged", ["--html", str(site)], site, None),
            ("markdown", ["--markdown", str(Path(temp) / "all.md")], Path(temp) / "all.md", None),
            ("llms-txt", ["--llms-txt", str(project / "llms.txt")], project / "llms.txt", None),
        ]
        for name, options, out, prepare in exports:
            argv = [*mdbrain, "export", *options, "--json"]
            measures.append(
                _measure(name, argv, project, out, floor=floor.best, repeat=repeat, prepare=prepare)
            )
        return docs, measures


def table(docs: int, measures: Sequence[Measure]) -> str:
    lines = [
        f"cpp-docs, {docs} documents",
        f"{'row':<16}{'seconds':>10}{'x floor':>10}{'pages':>8}{'files':>8}{'MB':>9}",
    ]
    for m in measures:
        seconds = "FAILED" if m.seconds is None else f"{m.seconds:.3f}"
        ratio = "" if m.floor_ratio is None else f"{m.floor_ratio:.0f}"
        pages = "" if m.pages is None else str(m.pages)
        files = "" if m.files is None else str(m.files)
        size = "" if m.bytes is None else f"{m.bytes / 1e6:.1f}"
        lines.append(f"{m.name:<16}{seconds:>10}{ratio:>10}{pages:>8}{files:>8}{size:>9}")
        if m.seconds is None:
            lines.append("    " + m.note.replace("\n", "\n    "))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="timed runs, best kept (default 1)")
    parser.add_argument("--corpus", type=Path, default=CPP_DOCS, help="folder of Markdown pages")
    parser.add_argument("--json", type=Path, help="write the results as JSON to this path")
    parser.add_argument(
        "--mdbrain", default=str(Path(sys.executable).parent / "mdbrain"), help="mdbrain command"
    )
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"skipping: {args.corpus} not found", file=sys.stderr)
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"cores usable: {cores}", file=sys.stderr)
    docs, measures = bench(args.corpus, max(args.repeat, 1), [args.mdbrain])
    print(table(docs, measures))
    if args.json is not None:
        rows = [asdict(m) for m in measures]
        args.json.write_text(json.dumps({"docs": docs, "rows": rows}, indent=2), encoding="utf-8")
    return 1 if any(m.seconds is None for m in measures) else 0


if __name__ == "__main__":
    sys.exit(main())
