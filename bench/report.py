"""Results of the mdbrain benchmark: rows, the DESIGN §5 targets, the table and the JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Target:
    """A target ``seconds <= factor * basis + offset``, the basis being another row."""

    basis: str
    factor: float
    offset: float = 0.0

    def limit(self, basis_seconds: float) -> float:
        return self.factor * basis_seconds + self.offset

    def describe(self) -> str:
        extra = f" + {self.offset * 1000:.0f} ms" if self.offset else ""
        return f"<= {self.factor:g}x {self.basis}{extra}"


TARGETS: Mapping[str, Target] = {
    "index-cold": Target("floor", 8.0),
    "index-unchanged": Target("floor", 1.5),
    "index-one-edit": Target("index-unchanged", 2.0),
    "check": Target("index-cold", 1.2),
    "mdbrain --version": Target("python -c pass", 2.0, 0.060),
}


@dataclass
class Row:
    """One measurement: best seconds, all timed runs, and how it compares to its target."""

    name: str
    seconds: float | None
    runs: list[float]
    floor_ratio: float | None = None
    target: str = ""
    basis_ratio: float | None = None
    limit_seconds: float | None = None
    verdict: str = ""  # ok, OVER, n/a, skipped, FAILED
    note: str = ""


@dataclass
class CorpusResult:
    name: str
    docs: int | None = None
    bytes: int | None = None
    rows: list[Row] = field(default_factory=list)


def judge(rows: Sequence[Row], floor: str) -> None:
    """Fill ratios, limits and verdicts from ``TARGETS``, in place."""
    seconds = {row.name: row.seconds for row in rows}
    floor_seconds = seconds.get(floor)
    for row in rows:
        if row.seconds is not None and floor_seconds:
            row.floor_ratio = row.seconds / floor_seconds
        target = TARGETS.get(row.name)
        if target is None:
            continue
        row.target = target.describe()
        basis = seconds.get(target.basis)
        if row.seconds is None or not basis:
            row.verdict = row.verdict or "n/a"
            continue
        row.basis_ratio = row.seconds / basis
        row.limit_seconds = target.limit(basis)
        row.verdict = "ok" if row.seconds <= row.limit_seconds else "OVER"


def _fmt(value: float | None, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


def _cells(result: CorpusResult, row: Row) -> tuple[str, ...]:
    return (
        result.name,
        "" if result.docs is None else str(result.docs),
        row.name,
        _fmt(row.seconds, "{:.3f}"),
        _fmt(row.floor_ratio, "{:.2f}"),
        row.target,
        _fmt(row.limit_seconds, "{:.3f}") if row.target else "",
        f"{_fmt(row.basis_ratio, '{:.2f}x')} {row.verdict}" if row.verdict else "",
    )


def render_table(results: Sequence[CorpusResult]) -> str:
    """A plain-text table; ``x floor`` is against python -c pass for the cli rows."""
    header = ("corpus", "docs", "measurement", "seconds", "x floor", "target", "limit s", "actual")
    lines = [header, *(_cells(result, row) for result in results for row in result.rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    rendered = ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    rendered.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(text.rstrip() for text in rendered)


def failures(results: Sequence[CorpusResult]) -> list[str]:
    return [
        f"{result.name} {row.name}: {row.note}"
        for result in results
        for row in result.rows
        if row.verdict == "FAILED"
    ]


def write_json(path: Path, results: Sequence[CorpusResult], meta: Mapping[str, object]) -> None:
    payload = {
        "meta": dict(meta),
        "targets": {name: target.describe() for name, target in TARGETS.items()},
        "corpora": [asdict(result) for result in results],
        "failures": failures(results),
    }
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
