"""How well the contradiction detector tells a clash from a hard non-clash, on real pages.

The labelled pairs live in ``bench/contradiction_pairs/``: ``tuning.yaml`` (used to
tune the detector) and ``frozen.yaml`` (a test set written at the same time, never
used to tune). Each pair sets a new document, written for the set, against an old
one built from a real page of ``../shared/corpora`` (a few quoted sentences; the
page is named in the pair). A pair counts as "clash found" when
:func:`mdbrain.core.contradiction.possible` reports at least one finding against
the old document.

The run prints precision, recall and F1 of "clash" on each set, every error with the
finding (or its absence) that caused it, and, as a second view, the false alarms of
each new document against the old documents of the *other* pairs of its set (pairs
from another page), as the search's top five would offer them.

Run from the repository root: ``.venv/bin/python bench/contradictions.py [--set frozen]``
(``--show`` prints every finding, right or wrong).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from mdbrain.core.contradiction import Claim, Clash, possible

PAIRS = Path(__file__).resolve().parent / "contradiction_pairs"
SETS = ("tuning", "frozen")


@dataclass(frozen=True)
class Pair:
    id: str
    lang: str
    label: str
    kind: str
    reason: str
    source: str
    old: Claim
    new: Claim


def claim(pair_id: str, side: str, data: dict[str, Any]) -> Claim:
    return Claim(
        id=f"{pair_id}/{side}",
        title=str(data["title"]),
        summary=str(data.get("summary") or ""),
        tags=tuple(str(t) for t in data.get("tags") or ()),
        body=str(data.get("body") or ""),
    )


def load(name: str, folder: Path = PAIRS) -> list[Pair]:
    """The pairs of one set; FileNotFoundError when the file is missing."""
    data = yaml.safe_load((folder / f"{name}.yaml").read_text(encoding="utf-8"))
    pairs = []
    for raw in data["pairs"]:
        label = str(raw["label"])
        if label not in ("clash", "none"):
            raise ValueError(f"{raw['id']}: label must be clash or none, not {label!r}")
        pairs.append(
            Pair(
                id=str(raw["id"]),
                lang=str(raw["lang"]),
                label=label,
                kind=str(raw["kind"]),
                reason=str(raw["reason"]),
                source=str(raw["source"]),
                old=claim(str(raw["id"]), "old", raw["old"]),
                new=claim(str(raw["id"]), "new", raw["new"]),
            )
        )
    return pairs


@dataclass(frozen=True)
class Score:
    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def judge(pairs: list[Pair]) -> tuple[Score, list[tuple[Pair, list[Clash]]]]:
    """Score of the detector on ``pairs`` and, for each pair, what it found."""
    tp = fp = fn = tn = 0
    found: list[tuple[Pair, list[Clash]]] = []
    for pair in pairs:
        clashes = possible(pair.new, [pair.old], lang=pair.lang)
        found.append((pair, clashes))
        said = bool(clashes)
        if pair.label == "clash":
            tp, fn = (tp + 1, fn) if said else (tp, fn + 1)
        else:
            fp, tn = (fp + 1, tn) if said else (fp, tn + 1)
    return Score(tp, fp, fn, tn), found


def cross_alarms(pairs: list[Pair]) -> list[tuple[Pair, Pair, Clash]]:
    """Findings of each new document against the old documents of pairs from other pages."""
    alarms = []
    for pair in pairs:
        others = [p for p in pairs if p.source != pair.source]
        for clash in possible(pair.new, [p.old for p in others], lang=pair.lang):
            other = next(p for p in others if p.old.id == clash.other)
            alarms.append((pair, other, clash))
    return alarms


def show(clash: Clash) -> str:
    return (
        f"      {clash.kind}: {clash.differs}  (score {clash.score:.2f}, subject "
        f"{clash.subject:.2f}, alignment {clash.alignment:.2f})\n"
        f"        new: {clash.new_sentence}\n"
        f"        old: {clash.old_sentence}"
    )


def report(name: str, pairs: list[Pair], everything: bool) -> Score:
    started = time.perf_counter()
    score, found = judge(pairs)
    elapsed = time.perf_counter() - started
    clash = sum(p.label == "clash" for p in pairs)
    print(
        f"\n== {name}: {len(pairs)} pairs ({clash} clash, {len(pairs) - clash} none), "
        f"{elapsed * 1000 / max(1, len(pairs)):.1f} ms a pair"
    )
    print(
        f"   precision {score.precision:.3f}  recall {score.recall:.3f}  F1 {score.f1:.3f}"
        f"   (tp {score.tp}, fp {score.fp}, fn {score.fn}, tn {score.tn})"
    )
    errors = [
        (pair, clashes)
        for pair, clashes in found
        if bool(clashes) != (pair.label == "clash") or everything
    ]
    if errors:
        print("   errors:" if not everything else "   findings:")
    for pair, clashes in errors:
        right = bool(clashes) == (pair.label == "clash")
        tag = "ok" if right else ("missed clash" if pair.label == "clash" else "false alarm")
        print(f"   - [{tag}] {pair.id} ({pair.lang}, {pair.kind}): {pair.reason}")
        for c in clashes[:3]:
            print(show(c))
    alarms = cross_alarms(pairs)
    print(
        f"   cross-pair false alarms (new document against other pages' documents): {len(alarms)}"
    )
    for pair, other, c in alarms:
        print(f"   - {pair.id} against {other.id}")
        print(show(c))
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=(*SETS, "both"), default="both")
    parser.add_argument("--show", action="store_true", help="print every finding")
    args = parser.parse_args(argv)
    names = SETS if args.set == "both" else (args.set,)
    for name in names:
        try:
            pairs = load(name)
        except FileNotFoundError:
            print(f"{name}: no pair file in {PAIRS}", file=sys.stderr)
            return 2
        report(name, pairs, args.show)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
