"""mdbrain update benchmark: drift detection against a git history, as whole processes.

It builds (into ``--workdir``, reused when present, or a temporary folder) a git repository
holding the generated corpus of ``corpus.py`` (``--docs`` documents, default 10,000) whose
``impl_refs`` point at the generated ``src/**/*.py`` files; a share of those refs is
rewritten as symbol anchors (``src/pkg/cart.py#cart_limit``, the function every generated
module defines). On top of the first commit it writes ``--commits`` commits (default 3,000)
with ``git fast-import``: each touches 1-5 source files (one line edited: a comment, or
the constant of the function, which changes the anchor's fingerprint); now and then one
adds a file or renames one. Most commits are dated over the two years before the earliest
document ``updated`` date, a slice (``--after``) in the 90 days after the latest one, so
the documents citing files touched in that slice drift. Because the benchmark knows the
history, it also computes what ``mdbrain update`` should report and compares.

Then it times, best of K (``--repeat``) after one discarded warm-up: the floor (one
``git log --name-only --format=%h`` pass, the cost of reading the history once), each git
command ``mdbrain update`` runs, ``mdbrain update --dry-run --json``, and once
``mdbrain update --json`` for real; the repository is reset afterwards.

Run from the repository root: ``.venv/bin/python bench/update_bench.py
[--docs 10000] [--commits 3000] [--repeat 3] [--workdir DIR] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

import corpus
import prose
from run import GENERATED_NAMES, Timing, _run_once, _tail, scratch, time_command

BUILD_VERSION = 1
STAMP_NAME = "mdbrain-update-bench.json"  # kept inside .git: `git clean` never touches it
RETIRED = frozenset({"deprecated", "archived"})
BEFORE_DAYS = 730  # the main history: the two years before the earliest `updated`
AFTER_DAYS = 90  # the slice: the days after the latest `updated`
ADD_CHANCE = 0.02  # per commit: one of its files is a new module
RENAME_CHANCE = 0.004  # per commit: one of its files is renamed (git mv)
CODE_EDIT_CHANCE = 0.5  # an edit changes the function (else a comment line)
FILES_PER_COMMIT = (1, 1, 1, 2, 2, 3, 4, 5)
AUTHOR = b"Bench <bench@example.com>"
_FRONTMATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Options:
    docs: int
    commits: int
    seed: int
    repeat: int
    anchors: float
    after: float
    workdir: Path | None
    json_path: Path | None
    mdbrain: tuple[str, ...]
    timeout: float

    def params(self) -> dict[str, object]:
        """What identifies a built repository (a reused one must match)."""
        return {
            "version": BUILD_VERSION,
            "corpus": corpus.GENERATOR_VERSION,
            "docs": self.docs,
            "commits": self.commits,
            "seed": self.seed,
            "anchors": self.anchors,
            "after": self.after,
        }


@dataclass
class DocInfo:
    doc_id: str
    status: str
    updated: date | None
    refs: list[str]


@dataclass
class Expected:
    """What ``mdbrain update`` should report, computed from the planned history."""

    flagged: int = 0  # documents flagged by a real run (renames unresolved without --fix)
    already: int = 0  # of those, documents already needs-review
    changed: int = 0  # documents with a file ref changed after their `updated`
    renames: int = 0  # (document, ref) pairs whose file git saw renamed
    gone: int = 0  # refs whose file is gone without a rename
    undocumented: int = 0  # tracked source files no impl_ref names
    refs: int = 0  # impl_refs of documents in force
    anchors: int = 0  # of those, symbol anchors (baselined, never flagged on a first run)


@dataclass
class Build:
    seconds: dict[str, float] = field(default_factory=dict)
    commits: int = 0
    edits: int = 0
    code_edits: int = 0
    adds: int = 0
    renames: int = 0
    first_day: str = ""
    last_day: str = ""
    earliest_updated: str = ""
    latest_updated: str = ""


@dataclass
class Row:
    name: str
    command: str
    best: float | None
    runs: list[float]
    failure: str | None = None


@dataclass
class Counts:
    flagged: int
    already: int
    renames: int
    undocumented: int
    archive: int
    check_errors: int | None


@dataclass
class Result:
    project: str
    params: dict[str, object]
    build: Build
    expected: Expected
    rows: list[Row]
    dry_run: Counts | None
    real: Counts | None
    ratios: dict[str, float]
    problems: list[str]
    meta: dict[str, object]


# --- the documents -----------------------------------------------------------------


def read_docs(root: Path) -> list[DocInfo]:
    """Status, ``updated`` and ``impl_refs`` of every generated document."""
    docs = []
    for path in sorted(root.rglob("*.md")):
        relative = path.relative_to(root)
        if path.name in GENERATED_NAMES or any(p.startswith((".", "_")) for p in relative.parts):
            continue
        found = _FRONTMATTER.match(path.read_text(encoding="utf-8"))
        meta = yaml.load(found.group(1), Loader=_LOADER) if found else None  # noqa: S506 - safe loader
        if not isinstance(meta, dict):
            continue
        updated = meta.get("updated")
        docs.append(
            DocInfo(
                doc_id=relative.as_posix(),
                status=str(meta.get("status") or ""),
                updated=updated if isinstance(updated, date) else None,
                refs=[str(ref) for ref in meta.get("impl_refs") or []],
            )
        )
    return docs


def _rewrite_impl_refs(text: str, refs: Sequence[str]) -> str:
    """``text`` with its frontmatter ``impl_refs`` (flow or block list) set to ``refs``."""
    head, sep, body = text.partition("\n---\n")
    lines = head.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("impl_refs:"))
    if lines[start].rstrip() == "impl_refs:":
        end = start + 1
        while end < len(lines) and lines[end].startswith("  - "):
            end += 1
        lines[start + 1 : end] = [f"  - {ref}" for ref in refs]
    else:
        lines[start] = f"impl_refs: [{', '.join(refs)}]"
    return "\n".join(lines) + sep + body


def anchor_refs(root: Path, docs: Sequence[DocInfo], rng: random.Random, share: float) -> int:
    """Turn about ``share`` of the impl_refs into anchors on the function each module has."""
    written = 0
    for doc in docs:
        if not doc.refs:
            continue
        refs = [
            f"{ref}#{Path(ref).stem}_limit" if rng.random() < share else ref for ref in doc.refs
        ]
        if refs == doc.refs:
            continue
        path = root / doc.doc_id
        text = _rewrite_impl_refs(path.read_text(encoding="utf-8"), refs)
        path.write_text(text, encoding="utf-8", newline="\n")
        written += sum(ref != old for ref, old in zip(refs, doc.refs, strict=True))
        doc.refs = refs
    return written


# --- the history -------------------------------------------------------------------


def _module_lines(stem: str) -> list[str]:
    return [
        f'"""The {stem} module (generated for the mdbrain benchmark)."""',
        "",
        "",
        f"def {stem}_limit(value: int) -> int:",
        f'    """Return the {stem} limit for ``value``."""',
        "    return min(value, 100)",
    ]


def _data(payload: bytes) -> bytes:
    return b"data %d\n" % len(payload) + payload + b"\n"


class History:
    """Plans commits over the source files and writes them as a fast-import stream."""

    def __init__(self, project: Path, rng: random.Random, parent: str) -> None:
        self.rng = rng
        self.parent = parent
        self.files: dict[str, list[str]] = {}  # module path -> its lines now
        self.weights: dict[str, float] = {}  # how often a module is touched (Zipf)
        self.last: dict[str, date] = {}  # path -> day of its last change
        self.moves: dict[str, str] = {}  # old path -> new path, in order
        self.tracked_code: set[str] = set()  # every .py file in the tree now
        self.stream: list[bytes] = []
        self.stats = Build()
        for path in sorted(project.glob("src/**/*.py")):
            relative = path.relative_to(project).as_posix()
            self.tracked_code.add(relative)
            if path.name != "__init__.py":
                self.files[relative] = path.read_text(encoding="utf-8").splitlines()
        order = sorted(self.files)
        rng.shuffle(order)
        self.weights = {path: 1.0 / (rank + 1) for rank, path in enumerate(order)}

    def start(self, day: date) -> None:
        self.last = dict.fromkeys(self.tracked_code, day)

    def _pick(self, count: int) -> list[str]:
        paths = list(self.weights)
        weights = list(self.weights.values())
        chosen: list[str] = []
        while len(chosen) < min(count, len(paths)):
            path = self.rng.choices(paths, weights)[0]
            if path not in chosen:
                chosen.append(path)
        return chosen

    def _edit(self, path: str, number: int) -> bytes:
        lines = self.files[path]
        if self.rng.random() < CODE_EDIT_CHANCE:
            at = next(i for i, line in enumerate(lines) if line.startswith("    return min("))
            lines[at] = f"    return min(value, {100 + number})"
            self.stats.code_edits += 1
        elif lines[-1].startswith("# revision"):
            lines[-1] = f"# revision {number}"
        else:
            lines.append(f"# revision {number}")
        self.stats.edits += 1
        return self._modify(path)

    def _modify(self, path: str) -> bytes:
        content = ("\n".join(self.files[path]) + "\n").encode("utf-8")
        return f"M 100644 inline {path}\n".encode() + _data(content)

    def _add(self, number: int) -> tuple[str, bytes]:
        folder = posix_dir(self.rng.choice(sorted(self.files)))
        stem = f"{self.rng.choice(prose.NOUNS)}_{number}"
        path = f"{folder}/{stem}.py"
        self.files[path] = _module_lines(stem)
        self.weights[path] = self.rng.choice(sorted(self.weights.values()))
        self.tracked_code.add(path)
        self.stats.adds += 1
        return path, self._modify(path)

    def _rename(self, old: str, number: int) -> tuple[str, bytes]:
        stem = Path(old).stem.split("_r", 1)[0]
        new = f"{posix_dir(old)}/{stem}_r{number}.py"
        self.files[new] = self.files.pop(old)
        self.weights[new] = self.weights.pop(old)
        self.tracked_code.discard(old)
        self.tracked_code.add(new)
        self.moves[old] = new
        self.stats.renames += 1
        return new, f"R {old} {new}\n".encode()

    def commit(self, number: int, when: datetime) -> None:
        """One commit touching 1-5 modules, dated ``when``."""
        commands: list[bytes] = []
        touched: list[str] = []
        chosen = self._pick(self.rng.choice(FILES_PER_COMMIT))
        roll = self.rng.random()
        if roll < RENAME_CHANCE:
            new, command = self._rename(chosen.pop(), number)
            commands.append(command)
            touched.append(new)
        elif roll < RENAME_CHANCE + ADD_CHANCE:
            chosen = chosen[:-1]
            path, command = self._add(number)
            commands.append(command)
            touched.append(path)
        for path in chosen:
            commands.append(self._edit(path, number))
            touched.append(path)
        for path in touched:
            self.last[path] = when.date()
        names = ", ".join(Path(path).stem for path in touched)
        stamp = b"%d +0000" % int(when.timestamp())
        header = [
            b"commit refs/heads/main\n",
            b"author " + AUTHOR + b" " + stamp + b"\n",
            b"committer " + AUTHOR + b" " + stamp + b"\n",
            _data(f"Change {names} (bench commit {number})".encode()),
        ]
        if self.parent:
            header.append(f"from {self.parent}\n".encode())
            self.parent = ""
        self.stream.extend([*header, *commands, b"\n"])
        self.stats.commits += 1

    def resolved_moves(self) -> dict[str, str]:
        """Old path -> its newest path, chains followed (as ``git.renames`` does)."""
        out = {}
        for old, first in self.moves.items():
            new = first
            while new in self.moves:
                new = self.moves[new]
            out[old] = new
        return out


def posix_dir(path: str) -> str:
    return path.rsplit("/", 1)[0]


def commit_times(count: int, after: float, earliest: date, latest: date) -> list[datetime]:
    """Increasing commit times: most over the two years before ``earliest``, a slice
    (``after`` of them) over the days after ``latest``."""
    late = round(count * after)
    early = count - late

    def spread(first: date, days: int, n: int) -> list[datetime]:
        base = datetime(first.year, first.month, first.day, tzinfo=UTC)
        return [base + timedelta(days=days * (i + 0.5) / n) for i in range(n)]

    return spread(earliest - timedelta(days=BEFORE_DAYS), BEFORE_DAYS, early) + spread(
        latest + timedelta(days=1), AFTER_DAYS, late
    )


# --- expected report ---------------------------------------------------------------


def expect(docs: Sequence[DocInfo], history: History) -> Expected:
    """What a first ``mdbrain update`` (no ``--fix``) should find."""
    out = Expected()
    moves = history.resolved_moves()
    for doc in docs:
        if doc.status in RETIRED or not doc.refs:
            continue
        flagged = changed = False
        for ref in doc.refs:
            path, _, symbol = ref.partition("#")
            out.refs += 1
            out.anchors += bool(symbol)
            if path not in history.tracked_code:
                if moves.get(path) in history.tracked_code:
                    out.renames += 1
                else:
                    out.gone += 1
                flagged = True
            elif not symbol and doc.updated and history.last[path] > doc.updated:
                flagged = changed = True
        out.changed += changed
        out.flagged += flagged
        out.already += flagged and doc.status == "needs-review"
    referenced = {ref.partition("#")[0] for doc in docs for ref in doc.refs}
    out.undocumented = len(history.tracked_code - referenced)
    return out


# --- building the repository ---------------------------------------------------------


def git(project: Path, *args: str, data: bytes | None = None, day: str | None = None) -> str:
    """Run git in ``project``; raise SystemExit with its stderr when it fails."""
    env = dict(os.environ)
    if day is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = f"{day}T12:00:00+0000"
    done = subprocess.run(
        ["git", "-C", str(project), *args], input=data, capture_output=True, env=env, check=False
    )
    if done.returncode != 0:
        error = done.stderr.decode("utf-8", "replace")
        raise SystemExit(f"git {' '.join(args[:2])} failed:\n{_tail(error)}")
    return done.stdout.decode("utf-8", "replace")


def _clear(project: Path) -> None:
    """Remove a previous build; refuse to wipe a folder this benchmark did not write."""
    if not project.exists():
        return
    ours = (project / ".git" / STAMP_NAME).is_file() or (project / corpus.STAMP_NAME).is_file()
    if any(project.iterdir()) and not ours:
        raise SystemExit(f"{project} is not empty and holds no benchmark repository")
    shutil.rmtree(project)


def _lap(seconds: dict[str, float], name: str, started: float) -> float:
    now = time.perf_counter()
    seconds[name] = round(now - started, 3)
    print(f"  {name}: {now - started:.2f} s", file=sys.stderr)
    return now


def build(project: Path, opts: Options) -> tuple[Build, Expected]:
    """Write the corpus, its first commit and the planned history; return the plan."""
    _clear(project)
    seconds: dict[str, float] = {}
    print(f"building {project}", file=sys.stderr)
    started = time.perf_counter()
    corpus.generate(project, opts.docs, opts.seed)
    started = _lap(seconds, "generate corpus", started)
    rng = random.Random(opts.seed)  # noqa: S311 - seeded on purpose: reproducible history
    docs = read_docs(project / "docs")
    anchor_refs(project / "docs", docs, rng, opts.anchors)
    days = sorted(doc.updated for doc in docs if doc.updated is not None)
    times = commit_times(opts.commits, opts.after, days[0], days[-1])
    first_day = (times[0] if times else datetime.now(UTC)).date() - timedelta(days=1)
    started = _lap(seconds, "read docs + write anchors", started)
    git(project, "init", "-q", "-b", "main")
    for key, value in (
        ("user.name", "Bench"),
        ("user.email", "bench@example.com"),
        ("commit.gpgsign", "false"),
        ("gc.auto", "0"),
    ):
        git(project, "config", key, value)
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "Initial import", day=first_day.isoformat())
    started = _lap(seconds, "first commit (git add + commit)", started)
    history = History(project, rng, git(project, "rev-parse", "HEAD").strip())
    history.start(first_day)
    for number, when in enumerate(times, start=1):
        history.commit(number, when)
    stream = b"".join(history.stream)
    started = _lap(seconds, f"plan {opts.commits} commits", started)
    git(project, "fast-import", "--quiet", data=stream)
    started = _lap(seconds, "git fast-import", started)
    git(project, "reset", "-q", "--hard")
    _lap(seconds, "check out (reset --hard)", started)
    dirty = git(project, "status", "--porcelain", "--untracked-files=no")
    if dirty.strip():
        raise SystemExit(f"the built repository is not clean:\n{_tail(dirty)}")
    stats = history.stats
    stats.seconds = seconds
    stats.first_day = times[0].date().isoformat() if times else ""
    stats.last_day = times[-1].date().isoformat() if times else ""
    stats.earliest_updated, stats.latest_updated = days[0].isoformat(), days[-1].isoformat()
    expected = expect(docs, history)
    stamp = {"params": opts.params(), "build": asdict(stats), "expected": asdict(expected)}
    (project / ".git" / STAMP_NAME).write_text(json.dumps(stamp, indent=2) + "\n")
    return stats, expected


def prepare(base: Path, opts: Options) -> tuple[Path, Build, Expected]:
    """The benchmark repository under ``base``, reused when built with these options."""
    project = base / f"update-{opts.docs}-c{opts.commits}-seed{opts.seed}"
    try:
        stamp = json.loads((project / ".git" / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stamp = None
    if isinstance(stamp, dict) and stamp.get("params") == opts.params():
        print(f"reusing {project}", file=sys.stderr)
        return project, Build(**stamp["build"]), Expected(**stamp["expected"])
    stats, expected = build(project, opts)
    return project, stats, expected


def reset(project: Path) -> None:
    """Back to the built state: tracked files as committed, nothing untracked."""
    git(project, "reset", "-q", "--hard")
    git(project, "clean", "-q", "-f", "-d", "-x")


# --- measurements ------------------------------------------------------------------

GIT_PARTS = (
    (
        "git: last changes",
        (
            "log",
            "--format=%x00%h%x09%cs%x09%s",
            "--name-only",
            "--no-color",
            "--no-renames",
        ),
    ),
    ("git: renames", ("log", "--diff-filter=R", "--name-status", "-M", "--format=", "--no-color")),
    ("git: status", ("status", "--porcelain", "-z", "--untracked-files=no")),
    ("git: ls-files", ("ls-files", "-z")),
)


def _timed(name: str, argv: Sequence[str], project: Path, opts: Options) -> tuple[Row, Timing]:
    print(f"timing {name}", file=sys.stderr)
    timing = time_command(argv, cwd=project, repeat=opts.repeat, timeout=opts.timeout)
    command = shlex.join(argv)
    return Row(name, command, timing.best, list(timing.runs), timing.failure), timing


def counts(stdout: str) -> Counts | None:
    try:
        report = json.loads(stdout)
    except ValueError:
        return None
    flagged = report.get("flagged") or []
    return Counts(
        flagged=len(flagged),
        already=sum(bool(flag.get("already")) for flag in flagged),
        renames=len(report.get("renames") or []),
        undocumented=len(report.get("undocumented") or []),
        archive=sum(bool(flag.get("archive")) for flag in flagged),
        check_errors=report.get("check_errors"),
    )


def measure(project: Path, opts: Options) -> tuple[list[Row], Counts | None, Counts | None]:
    reset(project)
    mdbrain = list(opts.mdbrain)
    rows: list[Row] = []
    print("indexing (once, untimed state for update)", file=sys.stderr)
    seconds, failure, _ = _run_once([*mdbrain, "index"], project, frozenset({0}), opts.timeout)
    rows.append(Row("mdbrain index (once)", "mdbrain index", seconds, [seconds], failure))
    floor = ["git", "log", "--name-only", "--format=%h"]
    rows.append(_timed("floor: git log --name-only", floor, project, opts)[0])
    rows += [
        _timed(name, ["git", *args], project, opts)[0]
        for name, args in GIT_PARTS  # what mdbrain update runs, one process each
    ]
    rows.append(_timed("mdbrain --version", [*mdbrain, "--version"], project, opts)[0])
    row, timing = _timed(
        "update --dry-run", [*mdbrain, "update", "--dry-run", "--json"], project, opts
    )
    rows.append(row)
    dry = counts(timing.stdout) if timing.failure is None else None
    print("running mdbrain update once for real", file=sys.stderr)
    argv = [*mdbrain, "update", "--json"]
    seconds, failure, stdout = _run_once(argv, project, frozenset({0, 1}), opts.timeout)
    rows.append(Row("update (real, once)", shlex.join(argv), seconds, [seconds], failure))
    real = counts(stdout) if failure is None else None
    reset(project)
    return rows, dry, real


def compare(expected: Expected, dry: Counts | None, real: Counts | None) -> list[str]:
    """Where mdbrain's reports differ from what the history says they should be."""
    problems = []
    for label, found in (("dry-run", dry), ("real", real)):
        if found is None:
            problems.append(f"{label}: no JSON report")
            continue
        for name, want, got in (
            ("flagged", expected.flagged, found.flagged),
            ("already needs-review", expected.already, found.already),
            ("renames", expected.renames, found.renames),
            ("undocumented", expected.undocumented, found.undocumented),
        ):
            if want != got:
                problems.append(f"{label}: {name} {got}, expected {want}")
    return problems


def ratios(rows: Sequence[Row]) -> dict[str, float]:
    best = {row.name: row.best for row in rows if row.failure is None and row.best}
    floor = best.get("floor: git log --name-only")
    if not floor:
        return {}
    return {
        f"{name} / floor": round(seconds / floor, 2)
        for name, seconds in best.items()
        if name.startswith(("update", "git:"))
    }


# --- output ------------------------------------------------------------------------


def render(result: Result) -> str:
    b, e = result.build, result.expected
    build_s = sum(v for k, v in b.seconds.items() if k.startswith(("plan", "git fast", "check")))
    lines = [
        f"mdbrain update: {result.params['docs']:,} documents, {b.commits:,} commits "
        f"({b.first_day} .. {b.last_day}; documents updated {b.earliest_updated} .. "
        f"{b.latest_updated}); {b.edits:,} edits ({b.code_edits:,} of code), {b.adds} files "
        f"added, {b.renames} renamed",
        f"history built in {build_s:.2f} s (plan + fast-import + checkout); "
        + ", ".join(f"{k} {v:.2f} s" for k, v in b.seconds.items()),
        "",
        f"{'row':<28} {'best':>9} {'/ floor':>8}  runs",
    ]
    floor = next((r.best for r in result.rows if r.name.startswith("floor")), None)
    for row in result.rows:
        if row.failure:
            lines.append(f"{row.name:<28} {'FAILED':>9}  {row.failure.splitlines()[0]}")
            continue
        best = row.best or 0.0
        ratio = f"{best / floor:.1f}x" if floor else "-"
        runs = " ".join(f"{run:.3f}" for run in row.runs)
        lines.append(f"{row.name:<28} {best:>7.3f} s {ratio:>8}  {runs}")
    lines += ["", f"{'count':<22} {'dry-run':>8} {'real':>8} {'expected':>9}"]
    for name, want in (
        ("flagged", e.flagged),
        ("already needs-review", e.already),
        ("renames", e.renames),
        ("undocumented", e.undocumented),
        ("archive", None),
    ):
        got = [getattr(c, name.split()[0]) if c else None for c in (result.dry_run, result.real)]
        shown = ["-" if v is None else str(v) for v in (*got, want)]
        lines.append(f"{name:<22} {shown[0]:>8} {shown[1]:>8} {shown[2]:>9}")
    lines.append(
        f"(expected: {e.changed} documents with a file changed after `updated`, {e.gone} refs "
        f"gone; {e.refs} refs in force, {e.anchors} of them anchors, baselined on a first run)"
    )
    if result.real is not None and result.real.check_errors is not None:
        lines.append(f"check after the real update: {result.real.check_errors} errors")
    lines += [f"MISMATCH {problem}" for problem in result.problems]
    return "\n".join(lines)


def parse_options(argv: Sequence[str] | None) -> Options:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--docs", type=int, default=10_000, help="documents (default 10000)")
    parser.add_argument("--commits", type=int, default=3_000, help="commits (default 3000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs, best kept (default 3)")
    parser.add_argument(
        "--anchors", type=float, default=0.3, help="share of impl_refs made anchors (0.3)"
    )
    parser.add_argument(
        "--after",
        type=float,
        default=0.01,
        help="share of commits dated after the latest `updated` (default 0.01)",
    )
    parser.add_argument("--workdir", type=Path, help="build here and reuse (default: temp)")
    parser.add_argument("--json", type=Path, help="write the results as JSON to this file")
    parser.add_argument(
        "--mdbrain",
        default=shlex.quote(str(Path(sys.executable).with_name("mdbrain"))),
        help="command that runs mdbrain (default: the one next to this Python)",
    )
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per process")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.docs < 1 or args.commits < 1:
        parser.error("--repeat, --docs and --commits must be at least 1")
    if not 0.0 <= args.after <= 1.0 or not 0.0 <= args.anchors <= 1.0:
        parser.error("--after and --anchors are shares between 0 and 1")
    return Options(
        docs=args.docs,
        commits=args.commits,
        seed=args.seed,
        repeat=args.repeat,
        anchors=args.anchors,
        after=args.after,
        workdir=args.workdir,
        json_path=args.json,
        mdbrain=tuple(shlex.split(args.mdbrain)),
        timeout=args.timeout,
    )


def _meta(opts: Options) -> dict[str, object]:
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "git": subprocess.run(
            ["git", "--version"], capture_output=True, text=True, check=False
        ).stdout.strip(),
        "mdbrain": list(opts.mdbrain),
        "repeat": opts.repeat,
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def main(argv: Iterable[str] | None = None) -> int:
    opts = parse_options(None if argv is None else list(argv))
    with scratch(opts.workdir, prefix="mdbrain-update-bench-") as base:
        project, stats, expected = prepare(base, opts)
        rows, dry, real = measure(project, opts)
    result = Result(
        project=str(project),
        params=opts.params(),
        build=stats,
        expected=expected,
        rows=rows,
        dry_run=dry,
        real=real,
        ratios=ratios(rows),
        problems=compare(expected, dry, real),
        meta=_meta(opts),
    )
    print(render(result))
    if opts.json_path is not None:
        opts.json_path.write_text(
            json.dumps(asdict(result), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    failed = [row for row in rows if row.failure]
    for row in failed:
        print(f"\nFAILED {row.name}: {row.failure}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
