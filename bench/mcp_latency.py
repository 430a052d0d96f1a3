"""Warm MCP tool calls: ``query`` over stdio on a generated base, p50 and p95.

It generates the synthetic corpus of ``corpus.py`` (10,000 documents by default, into
``--workdir`` and reused, or a temporary folder), indexes it once, starts ``mdbrain mcp``
as a subprocess and connects to it with the MCP SDK's own stdio client. After one call
that warms the server up, ``--calls`` query calls are timed from the client (the whole
round trip: JSON-RPC over the pipe, the service call, the answer). Questions are the
titles of documents, in turn. The target (DESIGN.md §5) is p50 ≤ 20 ms. It also prints
the characters an agent receives at connection: tool definitions plus instructions
(target ≤ 12,000).

Run from the repository root: ``.venv/bin/python bench/mcp_latency.py [--docs 10000]
[--calls 200] [--workdir DIR]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mcp import Client, StdioServerParameters

from run import prepare_generated, scratch

TARGET_MS = 20.0
BUDGET_CHARS = 12_000
_TITLE = re.compile(r'^title: "?([^"\n]+)"?$', re.MULTILINE)


def questions(root: Path, count: int) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.md"))[: count * 3]:
        match = _TITLE.search(path.read_text(encoding="utf-8", errors="replace")[:2000])
        if match:
            found.append(match.group(1))
    return (found * (count // max(len(found), 1) + 1))[:count]


async def measure(project: Path, asked: list[str]) -> tuple[list[float], int]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "mdbrain", "mcp", "--root", str(project)]
    )
    async with Client(params) as client:
        tools = (await client.list_tools()).tools
        listed = json.dumps(
            [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools],
            separators=(",", ":"),
        )
        size = len(listed) + len(client.instructions or "")
        await client.call_tool("query", {"question": asked[0]})  # warm-up
        times = []
        for question in asked:
            started = time.perf_counter()
            result = await client.call_tool("query", {"question": question})
            times.append((time.perf_counter() - started) * 1000)
            if result.is_error:
                raise SystemExit(f"query failed: {result.content}")
    return times, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--workdir", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with scratch(args.workdir) as base:
        project = prepare_generated(base, args.docs, args.seed)
        subprocess.run(
            [sys.executable, "-m", "mdbrain", "-C", str(project), "index"],
            check=True,
            capture_output=True,
        )
        root = next(p.parent for p in project.rglob("INDEX.md"))
        asked = questions(root, args.calls)
        times, size = asyncio.run(measure(project, asked))
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"warm MCP query over stdio, {args.docs} documents, {len(times)} calls")
    print(f"p50 {p50:.1f} ms ({p50 / TARGET_MS:.2f}x the {TARGET_MS:.0f} ms target)")
    print(f"p95 {p95:.1f} ms; min {times[0]:.1f} ms; max {times[-1]:.1f} ms")
    print(f"definitions + instructions: {size} characters ({size / BUDGET_CHARS:.2f}x the budget)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
