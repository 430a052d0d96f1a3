"""The mechanical half of judging the drafts of ``mdbrain init --scan`` (see drafts_rubric.md).

    python bench/drafts_eval.py run REPO [--workdir DIR] [--seed N]
        copy the git repository REPO into DIR/<name> (never into this project), run
        ``mdbrain init --scan`` there, then print the report below and the sample to judge
    python bench/drafts_eval.py report PROJECT [--seed N]
        the report of a project already scanned: drafts, themes, priorities, impl_refs and
        related entries that resolve, sizes; and the drafts to judge (all, or 30 at random)
    python bench/drafts_eval.py rates [bench/drafts_eval.md]
        the useful-draft rate of each project from the tables scored by hand in the file:
        a table follows a line ``<!-- scores: NAME -->``, with the columns
        ``| draft | T | U | R | why |`` and ``y`` or ``n`` in T, U and R

The judging itself is a person's (or an agent's) reading; this script counts.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
SAMPLE = 30
DERIVED = frozenset({"INDEX.md", "OVERVIEW.md"})


def _load(text: str) -> dict[str, object]:
    import yaml

    head = text.split("\n---\n", 1)[0].removeprefix("---\n")
    data = yaml.safe_load(head)
    return data if isinstance(data, dict) else {}


def _root(project: Path) -> Path:
    import yaml

    marker = yaml.safe_load((project / ".rag").read_text(encoding="utf-8"))
    return project / str(marker["root"])


def _resolves(project: Path, ref: str) -> bool:
    from mdbrain.core import anchors

    path, _, symbol = ref.partition("#")
    if not (project / path).exists():
        return False
    if not symbol:
        return True
    try:
        data = (project / path).read_bytes()
        return anchors.symbol_fingerprint(path, data, symbol) is not None
    except (LookupError, SyntaxError, ValueError):
        return False


@dataclass(frozen=True)
class Seen:
    """One draft, as far as it can be checked without reading it."""

    id: str
    type: str
    priority: str
    summary: str
    chars: int
    impl_refs: int
    unresolved: list[str]
    related: int
    related_missing: list[str]


def drafts(project: Path) -> list[Seen]:
    """Every draft of the base of ``project``, with what can be checked mechanically."""
    root = _root(project)
    found = []
    for path in sorted(root.rglob("*.md")):
        rel = path.relative_to(root).as_posix()
        if path.name in DERIVED or "/." in f"/{rel}":
            continue
        text = path.read_text(encoding="utf-8")
        meta = _load(text)
        refs = [str(r) for r in _list(meta.get("impl_refs"))]
        related = [str(r) for r in _list(meta.get("related"))]
        found.append(
            Seen(
                rel,
                str(meta.get("type")),
                str(meta.get("priority")),
                str(meta.get("summary")),
                len(text),
                len(refs),
                [r for r in refs if not _resolves(project, r)],
                len(related),
                [r for r in related if not (root / r).is_file()],
            )
        )
    return found


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def report(project: Path, seed: int) -> dict[str, object]:
    found = drafts(project)
    ids = [d.id for d in found]
    draw = random.Random(seed)  # noqa: S311 - a sample to read, not a secret
    chosen = sorted(draw.sample(ids, SAMPLE)) if len(ids) > SAMPLE else ids
    sizes = sorted(d.chars for d in found)
    return {
        "project": project.name,
        "drafts": len(found),
        "themes": len({i.split("/", 1)[0] for i in ids}),
        "priorities": dict(Counter(d.priority for d in found)),
        "types": dict(Counter(d.type for d in found)),
        "impl_refs": sum(d.impl_refs for d in found),
        "unresolved": [r for d in found for r in d.unresolved],
        "related": sum(d.related for d in found),
        "related_missing": [r for d in found for r in d.related_missing],
        "chars_median": sizes[len(sizes) // 2] if sizes else 0,
        "chars_max": sizes[-1] if sizes else 0,
        "sample": chosen,
    }


def run(repo: Path, workdir: Path, seed: int, extra: list[str]) -> dict[str, object]:
    target = workdir.resolve() / repo.resolve().name
    if target.is_relative_to(PROJECT) or PROJECT.is_relative_to(target):
        sys.exit(f"refusing to run init inside this project: {target}")
    if target.exists():
        shutil.rmtree(target)
    workdir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "-q", str(repo), str(target)], check=True)
    mdbrain = Path(sys.executable).with_name("mdbrain")
    command = [str(mdbrain), "init", "--scan", *extra]
    done = subprocess.run(command, cwd=target, capture_output=True, text=True, check=False)
    print(done.stdout.strip(), file=sys.stderr)
    if done.returncode != 0:
        sys.exit(f"init --scan failed ({done.returncode}): {done.stderr.strip()}")
    return report(target, seed)


_ROW = re.compile(r"^\|\s*([^|]+?)\s*\|\s*([yn])\s*\|\s*([yn])\s*\|\s*([yn])\s*\|\s*(.*?)\s*\|$")


def rates(path: Path) -> list[dict[str, object]]:
    """The scored tables of ``path``: per project, the useful-draft rate, wrong and useless."""
    out = []
    name = ""
    rows: list[tuple[str, str, str, str, str]] = []
    for line in [*path.read_text(encoding="utf-8").splitlines(), "<!-- scores: -->"]:
        start = re.match(r"^<!-- scores: ?([^>]*?) ?-->$", line.strip())
        if start:
            if name:
                useful = [r for r in rows if r[1:4] == ("y", "y", "y")]
                out.append(
                    {
                        "project": name,
                        "judged": len(rows),
                        "useful": len(useful),
                        "rate": round(len(useful) / len(rows), 2) if rows else 0.0,
                        "wrong": [(r[0], r[4]) for r in rows if r[1] == "n"],
                        "useless": [(r[0], r[4]) for r in rows if r[1] == "y" and "n" in r[2:4]],
                    }
                )
            name, rows = start.group(1), []
            continue
        row = _ROW.match(line.strip())
        if name and row:
            rows.append((row[1], row[2], row[3], row[4], row[5]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("run")
    one.add_argument("repo", type=Path)
    one.add_argument("--workdir", type=Path, default=Path("/tmp/mdbrain-drafts"))
    one.add_argument("--seed", type=int, default=7)
    one.add_argument("extra", nargs="*", help="more arguments for init, after --")
    seen = sub.add_parser("report")
    seen.add_argument("project", type=Path)
    seen.add_argument("--seed", type=int, default=7)
    scored = sub.add_parser("rates")
    scored.add_argument("path", type=Path, nargs="?", default=HERE / "drafts_eval.md")
    args = parser.parse_args()
    if args.command == "run":
        result: object = run(args.repo, args.workdir, args.seed, args.extra)
    elif args.command == "report":
        result = report(args.project, args.seed)
    else:
        result = rates(args.path)
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
