"""How well the write guard tells secrets from documentation, and how fast it stays.

Three tables:

1. **Catch rate**: the fake secrets of ``guard_samples/shapes.py`` (every shape the
   guard must catch, the bypass forms included), each in a document body and, when it
   fits on one line, alone as a short field value (a title, a tag, an author, a
   reason); plus the documentation stand-ins that must pass.
2. **False positives**: the share of real documentation pages the full write guard
   (``secret_scan.inspect``: mdbrain's rules, detect-secrets, personal data off then on)
   would refuse, per corpus of ``../shared/corpora``: every page of ``fr-docs`` and of
   ``adr-gsp``, and a seeded sample of ``cpp-docs`` and ``tldr`` pages. The kinds of
   hits are counted; flagged pages are listed by path and rule, never by value.
3. **Time** on hostile input (each should take well under a second), and the mean cost
   per page of mdbrain's rules and of detect-secrets on the corpora.

Run from the repository root: ``.venv/bin/python bench/guard.py [--pages 1000] [--seed 0]``.
A corpus that is absent is skipped with a message.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from guard_samples.shapes import secret_shapes, stand_ins
from mdbrain.core import guard
from mdbrain.store import secret_scan

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"


def corpus_pages(pages: int, seed: int) -> Iterator[tuple[str, list[Path]]]:
    sets = {
        "fr-docs": (CORPORA / "fr-docs" / "files", "*.md", None),
        "adr-gsp": (CORPORA / "adr-gsp" / "docs" / "architecture" / "adr", "*", None),
        "cpp-docs": (CORPORA / "cpp-docs" / "files", "*.md", pages),
        "tldr": (CORPORA / "tldr" / "files" / "pages", "*.md", pages),
    }
    for name, (folder, pattern, sample) in sets.items():
        if not folder.is_dir():
            print(f"{name}: skipped, {folder} is absent", file=sys.stderr)
            continue
        found = sorted(p for p in folder.rglob(pattern) if p.is_file())
        if sample is not None and sample < len(found):
            found = random.Random(seed).sample(found, sample)  # noqa: S311 - a fixed sample
        yield name, found


@dataclass
class Catch:
    bodies: tuple[int, int]
    fields: tuple[int, int]
    stand_ins: tuple[int, int]
    missed: list[str]
    refused: list[str]


@dataclass
class CorpusRow:
    corpus: str
    pages: int
    flagged_off: int = 0  # pages refused with personal data off
    flagged_on: int = 0  # pages refused with personal data on
    kinds: dict[str, int] = field(default_factory=dict)  # rule: hits
    flagged: list[str] = field(default_factory=list)  # "path:line rules", never a value
    ms_rules: float = 0.0  # per page: mdbrain's rules and personal data
    ms_guard: float = 0.0  # per page: the whole write guard, detect-secrets included


@dataclass
class TimeRow:
    input: str
    megabytes: float
    seconds: dict[str, float] = field(default_factory=dict)


def catch_rate(write_guard: Callable[[str], list[guard.Hit]]) -> Catch:
    shapes = secret_shapes()
    body_missed = [s.name for s in shapes if not write_guard(f"# Notes\n\nProse.\n\n{s.body}\n")]
    fields = [s for s in shapes if s.field is not None]
    field_missed = [s.name for s in fields if not write_guard(s.field or "")]
    refused = [text[:40] for text in stand_ins() if write_guard(f"# Notes\n\n{text}\n")]
    return Catch(
        bodies=(len(shapes) - len(body_missed), len(shapes)),
        fields=(len(fields) - len(field_missed), len(fields)),
        stand_ins=(len(stand_ins()) - len(refused), len(stand_ins())),
        missed=body_missed + [f"{name} (field)" for name in field_missed],
        refused=refused,
    )


def false_positives(pages: int, seed: int, second: bool) -> list[CorpusRow]:
    rows = []
    for name, paths in corpus_pages(pages, seed):
        row = CorpusRow(name, len(paths))
        mine = whole = 0.0
        for path in paths:
            text = path.read_text(encoding="utf-8", errors="replace")
            started = time.perf_counter()
            hits = guard.inspect(text, personal_data=True)
            mine += time.perf_counter() - started
            if second:
                started = time.perf_counter()
                hits = secret_scan.inspect(text, personal_data=True)
                whole += time.perf_counter() - started
            row.flagged_off += any(hit.family == guard.SECRET for hit in hits)
            row.flagged_on += bool(hits)
            for hit in hits:
                row.kinds[hit.rule] = row.kinds.get(hit.rule, 0) + 1
            if hits:
                rules = ", ".join(sorted({hit.rule for hit in hits}))
                row.flagged.append(f"{path.relative_to(CORPORA)}:{hits[0].line} {rules}")
        row.ms_rules = 1000 * mine / max(len(paths), 1)
        row.ms_guard = 1000 * (whole or mine) / max(len(paths), 1)
        rows.append(row)
    return rows


def hostile_inputs() -> Iterator[tuple[str, str]]:
    rng = random.Random(9)  # noqa: S311 - filler
    yield '2 MB of password = " (one line)', 'password = "' * 170_000
    yield '2 MB of password = " (lines)', 'password = "\n' * 160_000
    yield "80,000-letter word", "a" * 80_000
    yield "80,000-letter word with @", "a" * 40_000 + "@" + "a" * 40_000
    yield "1 MB of base64 (one line)", base64.b64encode(rng.randbytes(750_000)).decode()
    wrapped = base64.b64encode(rng.randbytes(750_000)).decode()
    yield (
        "1 MB of base64 (76 columns)",
        "\n".join(wrapped[i : i + 76] for i in range(0, len(wrapped), 76)),
    )
    yield "100,000 sk- prefixes", "sk-" * 100_000
    yield "300,000 joined strings", '"a" + ' * 300_000
    yield "1 MB of digits", "1" * 1_000_000


def timings(second: bool) -> list[TimeRow]:
    rows = []
    for name, text in hostile_inputs():
        row = TimeRow(name, len(text) / 1e6)
        steps: list[tuple[str, Callable[[str], object]]] = [
            ("mdbrain rules", lambda t: list(guard.scan(t))),
            ("personal data", lambda t: list(guard.personal(t))),
        ]
        if second:
            steps.append(
                ("whole write guard", lambda t: secret_scan.inspect(t, personal_data=True))
            )
        for label, call in steps:
            started = time.perf_counter()
            call(text)
            row.seconds[label] = time.perf_counter() - started
        rows.append(row)
    return rows


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / max(whole, 1):.1%})"


def render(catch: Catch, fps: list[CorpusRow], times: list[TimeRow]) -> str:
    out = ["## Catch rate", "", "| set | caught or passed |", "|---|---|"]
    out.append(f"| secrets in document bodies | {_share(*catch.bodies)} |")
    out.append(f"| secrets as short field values | {_share(*catch.fields)} |")
    out.append(f"| documentation stand-ins that pass | {_share(*catch.stand_ins)} |")
    if catch.missed:
        out.append(f"\nmissed: {', '.join(catch.missed)}")
    if catch.refused:
        out.append(f"\nstand-ins refused: {', '.join(catch.refused)}")
    out += ["", "## Pages the whole write guard would refuse", ""]
    out.append("| corpus | personal data off | personal data on | ms/page rules | ms/page guard |")
    out.append("|---|---|---|---|---|")
    for row in fps:
        out.append(
            f"| {row.corpus} | {_share(row.flagged_off, row.pages)} "
            f"| {_share(row.flagged_on, row.pages)} | {row.ms_rules:.2f} | {row.ms_guard:.1f} |"
        )
    for row in fps:
        if row.kinds:
            kinds = sorted(row.kinds.items(), key=lambda item: -item[1])
            out.append(f"\n{row.corpus}: {', '.join(f'{k} {n}' for k, n in kinds)}")
            out += [f"  - {page}" for page in row.flagged]
    labels = list(times[0].seconds) if times else []
    out += ["", "## Time on hostile input (seconds)", ""]
    out += ["| input | MB | " + " | ".join(labels) + " |", "|---|---|" + "---|" * len(labels)]
    for trow in times:
        cells = " | ".join(f"{trow.seconds[label]:.2f}" for label in labels)
        out.append(f"| {trow.input} | {trow.megabytes:.2f} | {cells} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000, help="sample size of cpp-docs and tldr")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-detect-secrets", action="store_true", help="mdbrain's rules only")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    opts = parser.parse_args(argv)
    second = secret_scan.available() and not opts.no_detect_secrets
    if not second:
        print("detect-secrets is not used: mdbrain's rules only", file=sys.stderr)

    def write_guard(text: str) -> list[guard.Hit]:
        if second:
            return secret_scan.inspect(text)
        return guard.inspect(text)

    catch = catch_rate(write_guard)
    fps = false_positives(opts.pages, opts.seed, second)
    times = timings(second)
    print(render(catch, fps, times))
    if opts.json:
        figures = {"catch": asdict(catch), "corpora": [asdict(r) for r in fps]}
        figures["time"] = [asdict(r) for r in times]
        opts.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
