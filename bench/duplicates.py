"""How well `mdbrain write` tells a near duplicate from a distinct but related document.

Real data: the tldr pages (``../shared/corpora/tldr/files/pages``). The same command
documented for two platforms (``common/date.md`` and ``osx/date.md``) is a near
duplicate; two commands of one family in one folder (``git-add`` and ``git-commit``)
are distinct but related. One side of every pair goes into a fresh base; the other is
offered to the search that runs before a write, and the duplicate rule decides. The
run prints precision and recall of "refused as a duplicate" for several overlap
thresholds, the rule's own (``writing.DUPLICATE_OVERLAP``) marked.

Run from the repository root: ``.venv/bin/python bench/duplicates.py [--pairs 150]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from mdbrain.service.brain import Brain
from mdbrain.service.indexing import Indexer
from mdbrain.service.searching import Searcher
from mdbrain.service.writing import DUPLICATE_OVERLAP, Writer, WriteRequest

TLDR = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "corpora"
    / "tldr"
    / "files"
    / "pages"
)
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9)


def describe(path: Path) -> tuple[str, str]:
    """Title (the heading) and summary (the first quoted line) of a tldr page."""
    lines = path.read_text(encoding="utf-8").splitlines()
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), path.stem)
    summary = next((line[2:].strip() for line in lines if line.startswith("> ")), title)
    return title, summary


def pairs(limit: int) -> tuple[list[tuple[Path, Path]], list[tuple[Path, Path]]]:
    by_name: dict[str, list[Path]] = defaultdict(list)
    for page in sorted(TLDR.glob("*/*.md")):
        by_name[page.name].append(page)
    near = [(paths[0], paths[1]) for paths in by_name.values() if len(paths) > 1][:limit]
    families: dict[tuple[str, str], list[Path]] = defaultdict(list)
    for page in sorted((TLDR / "common").glob("*-*.md")):
        families[("common", page.stem.split("-", 1)[0])].append(page)
    related = [(ps[0], ps[1]) for ps in families.values() if len(ps) > 1][:limit]
    return near, related


def document(title: str, summary: str) -> str:
    quoted = summary.replace('"', "'")
    return (
        f'---\ntitle: "{title}"\nsummary: "{quoted}"\ntype: reference\nstatus: stable\n'
        f"tags: [tldr]\nsources: [tldr]\nupdated: 2026-11-30\n---\n\n# {title}\n"
    )


def build(root: Path, sides: Sequence[Path]) -> None:
    (root.parent / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    for page in sides:
        target = root / page.parent.name / page.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(document(*describe(page)), encoding="utf-8")


def overlaps(writer: Writer, searcher: Searcher, page: Path) -> float:
    """The highest overlap the search finds for ``page`` offered as a new document."""
    title, summary = describe(page)
    request = WriteRequest(title=title, summary=summary, theme=f"offered-{page.parent.name}")
    found = writer.candidates(request, searcher)
    return max((c[2] for c in found), default=0.0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pairs", type=int, default=150, help="pairs of each kind (default 150)")
    args = parser.parse_args(argv)
    if not TLDR.is_dir():
        print(f"the tldr corpus is not here ({TLDR}); nothing to measure")
        return 0
    near, related = pairs(args.pairs)
    with tempfile.TemporaryDirectory(prefix="mdbrain-duplicates-") as temp:
        root = Path(temp) / "kb"
        root.mkdir()
        build(root, [a for a, _ in near] + [a for a, _ in related])
        brain = Brain.open(root, clock=lambda: dt.date(2026, 11, 30))
        brain.index()
        writer = Writer(Indexer(brain.location, "2026-11-30"), dt.date(2026, 11, 30))
        searcher = Searcher(brain.root, brain.config)
        dup = [overlaps(writer, searcher, b) for _, b in near]
        rel = [overlaps(writer, searcher, b) for _, b in related]
    print(
        f"{len(near)} near-duplicate pairs (same command, two platforms), "
        f"{len(related)} distinct-but-related pairs (one command family)"
    )
    print("threshold  refused dup  refused related  precision  recall")
    for threshold in THRESHOLDS:
        caught = sum(o >= threshold for o in dup)
        wrong = sum(o >= threshold for o in rel)
        precision = caught / (caught + wrong) if caught + wrong else 1.0
        mark = "  <- the rule" if threshold == DUPLICATE_OVERLAP else ""
        recall = caught / len(dup)
        print(f"{threshold:9.1f}  {caught:11d}  {wrong:15d}  {precision:9.2f}  {recall:6.2f}{mark}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
